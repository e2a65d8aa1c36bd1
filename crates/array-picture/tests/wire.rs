//! With the feature `serde` (`cargo test -p array-picture --features serde`): a drawn array with
//! sampled values goes through JSON and draws the same on arrival, its copy's source included;
//! live values refuse to be written.

#![cfg(feature = "serde")]
#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)]

use std::rc::Rc;

use array_picture::{
    Drawn, ItemType, Kind, Maker, Picture, ReadOrder, Source, Units, Values, WindowAxes,
};
use stride_core::reshape::CopyReason;
use stride_core::{Layout, Order};

/// Item `k` reads `vk`; bytes from 40 on were never written.
struct Memory;

impl Values for Memory {
    fn value_at(&self, address: i128) -> Option<String> {
        (0..96)
            .contains(&address)
            .then(|| format!("v{}", address / 8))
    }
    fn memory_value_at(&self, address: i128) -> Option<String> {
        self.value_at(address)
    }
    fn byte(&self, p: usize) -> Option<u8> {
        (p < 96).then_some(p as u8)
    }
    fn unwritten(&self, address: i128, width: u64) -> bool {
        address + i128::from(width) > 40
    }
}

fn drawn(layout: Layout) -> Drawn {
    Drawn {
        layout,
        dtype: ItemType {
            name: "float64".into(),
            itemsize: 8,
        },
        memory_itemsize: 8,
        memory_len: 96,
        owndata: true,
        writeable: true,
        kind: Kind::Own {
            by: Maker::Function("reshape".into()),
            copy: true,
        },
        copy_reason: Some(CopyReason {
            outer: 0,
            inner: 1,
            stride: 8,
            needed: 96,
        }),
        windows: Some(WindowAxes::Trailing(1)),
        source: None,
        values: Rc::new(Memory),
    }
}

#[test]
fn a_sampled_drawing_goes_through_json_and_draws_the_same() {
    let x_t = Layout::new(&[4, 3], &[8, 32], 0, 8).unwrap();
    let mut d = drawn(Layout::contiguous(&[2, 6], 8, Order::C).unwrap());
    d.source = Some(Source {
        drawn: Rc::new(drawn(x_t)),
        order: ReadOrder::Row,
    });
    // Live values are not plain data.
    assert!(serde_json::to_string(&d).is_err());
    let sampled = d.sampled();
    let text = serde_json::to_string(&sampled).unwrap();
    let back: Drawn = serde_json::from_str(&text).unwrap();
    assert_eq!(back.kind, d.kind);
    assert_eq!(back.layout, d.layout);
    assert_eq!(back.copy_reason, d.copy_reason);
    for units in [Units::Elements, Units::Bytes] {
        let live = Picture::new(Rc::new(d.clone()), units);
        let arrived = Picture::new(Rc::new(back.clone()), units);
        for flat in 0..live.size() {
            assert_eq!(arrived.value(flat), live.value(flat));
            assert_eq!(arrived.is_unwritten(flat), live.is_unwritten(flat));
        }
        for p in 0..live.memory_len() {
            assert_eq!(arrived.memory_value(p), live.memory_value(p));
        }
        let (source, live_source) = (arrived.source().unwrap(), live.source().unwrap());
        assert_eq!(source.layout(), &x_t);
        assert_eq!(source.walk(), live_source.walk());
        for p in source
            .walk()
            .cells_shown(source.memory_len())
            .into_iter()
            .flatten()
        {
            assert_eq!(source.memory_value(p), live_source.memory_value(p));
        }
    }
}

#[test]
fn a_layout_that_is_not_one_is_refused_on_arrival() {
    let d = drawn(Layout::contiguous(&[2, 6], 8, Order::C).unwrap()).sampled();
    let text = serde_json::to_string(&d).unwrap();
    let broken = text.replace("[[2,6],[48,8],0,8]", "[[2,6],[48],0,8]");
    assert_ne!(broken, text);
    assert!(serde_json::from_str::<Drawn>(&broken).is_err());
}
