//! Pictures built from plain layouts, with no engine: what the view can answer by itself. The
//! layouts are NumPy's (their strides written beside them); the values are a fixture's (`v6` is
//! item 6 of the memory), since printing values is the engine's. `arrays/tests/pictures.rs`
//! draws the same arrays from programs run.

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::{Jump, Picture, ReadOrder, Units};
use crate::drawn::{Drawn, ItemType, Source, Values, WindowAxes};
use crate::kind::{Kind, Maker};

/// A memory of `len` bytes holding items of `itemsize` bytes: item `k` reads `vk`; bytes from
/// `unwritten_from` on were never written.
struct Memory {
    itemsize: i64,
    len: u64,
    unwritten_from: Option<i128>,
}

impl Memory {
    fn item(&self, address: i128) -> Option<String> {
        let size = i128::from(self.itemsize);
        let inside = address >= 0 && address + size <= i128::from(self.len);
        (inside && address % size == 0).then(|| format!("v{}", address / size))
    }
}

impl Values for Memory {
    fn value_at(&self, address: i128) -> Option<String> {
        self.item(address)
    }

    fn memory_value_at(&self, address: i128) -> Option<String> {
        self.item(address)
    }

    fn byte(&self, p: usize) -> Option<u8> {
        (p < self.len as usize).then_some(p as u8)
    }

    fn unwritten(&self, address: i128, width: u64) -> bool {
        self.unwritten_from
            .is_some_and(|from| address + i128::from(width) > from)
    }
}

/// `layout` over `items` float64 items, a view of the first array `x`.
fn drawn(layout: Layout, items: u64) -> Drawn {
    Drawn {
        layout,
        dtype: ItemType {
            name: "float64".into(),
            itemsize: 8,
        },
        memory_itemsize: 8,
        memory_len: items * 8,
        owndata: false,
        writeable: true,
        kind: Kind::View { of: "x".into() },
        copy_reason: None,
        windows: None,
        source: None,
        values: Rc::new(Memory {
            itemsize: 8,
            len: items * 8,
            unwritten_from: None,
        }),
    }
}

fn picture(drawn: Drawn, units: Units) -> Picture {
    Picture::new(Rc::new(drawn), units)
}

/// `np.arange(12.0).reshape(3, 4)`: strides (32, 8).
fn x() -> Layout {
    Layout::contiguous(&[3, 4], 8, Order::C).unwrap()
}

/// `x.T`: strides (8, 32).
fn x_t() -> Layout {
    Layout::new(&[4, 3], &[8, 32], 0, 8).unwrap()
}

#[test]
fn the_address_rule_of_the_lesson_in_elements_and_in_bytes() {
    let p = picture(drawn(x(), 12), Units::Elements);
    assert_eq!(p.address_rule(6), "start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6");
    assert_eq!(p.general_rule(), "start + i·s₀ + j·s₁");
    assert_eq!((p.strides(), p.start()), (vec![Some(4), Some(1)], Some(0)));
    assert_eq!((p.value(6), p.memory_value(6)), ("v6".into(), "v6".into()));
    assert!(!p.is_copy() && !p.is_new());
    let b = picture(drawn(x(), 12), Units::Bytes);
    assert_eq!(
        b.address_rule(6),
        "start + i·s₀ + j·s₁ = 0 + 1·32 + 2·8 = 48"
    );
    assert_eq!((b.positions(6), b.memory_len()), (48..56, 96));
    assert_eq!((b.memory_value(49), b.element_of(49)), ("31".into(), 6));
}

#[test]
fn a_transpose_jumps_reads_backwards_and_walks_in_a_broken_pattern() {
    let t = picture(drawn(x_t(), 12), Units::Elements);
    let jump = |axis, count, stride, from, to| Jump {
        axis,
        count,
        stride,
        from,
        to,
    };
    assert_eq!(
        t.jumps(t.flat(&[1, 2])),
        Some(vec![jump(0, 1, 1, 0, 1), jump(1, 2, 4, 1, 9)])
    );
    // Memory cell 4 is x[1, 0], which x.T reads at [0, 1].
    let r = t.reverse(4);
    assert_eq!((r.len(), r[0].index.as_str()), (1, "0, 1"));
    assert_eq!(r[0].terms, " + 0·1 + 1·4");
    let steps: Vec<(i64, i64)> = t.walk().steps().take(4).collect();
    assert_eq!(steps, [(0, 4), (4, 8), (8, 1), (1, 5)]);
    assert!(t.walk().breaks(2) && !t.walk().breaks(1));
}

#[test]
fn a_broadcast_reads_a_cell_three_times() {
    // np.broadcast_to(x[0], (3, 4)): strides (0, 8).
    let b = picture(
        drawn(Layout::new(&[3, 4], &[0, 8], 0, 8).unwrap(), 12),
        Units::Elements,
    );
    assert_eq!((b.reads(2), b.readers(2)), (3, vec![2, 6, 10]));
    assert_eq!(b.reads(4), 0);
    assert_eq!(b.window_axes(), None);
}

#[test]
fn windows_come_from_what_made_the_array() {
    // sliding_window_view(np.arange(6.0), 3): shape (4, 3), strides (8, 8).
    let mut d = drawn(Layout::new(&[4, 3], &[8, 8], 0, 8).unwrap(), 6);
    d.windows = Some(WindowAxes::Trailing(1));
    let w = picture(d, Units::Elements).windows().unwrap();
    let spans: Vec<(i64, i64)> = w.shown.iter().map(|w| (w.from, w.to)).collect();
    assert_eq!((w.count, w.cells), (4, 3));
    assert_eq!(spans, [(0, 2), (1, 3), (2, 4), (3, 5)]);
    // as_strided(np.arange(7.0), (3, 3), (16, 8)): rows overlap, so they are windows; with
    // strides (24, 8) over six items they do not.
    let mut overlap = drawn(Layout::new(&[3, 3], &[16, 8], 0, 8).unwrap(), 7);
    overlap.windows = Some(WindowAxes::LastIfRowsOverlap);
    assert_eq!(picture(overlap, Units::Elements).window_axes(), Some(1));
    let mut apart = drawn(Layout::new(&[2, 3], &[24, 8], 0, 8).unwrap(), 6);
    apart.windows = Some(WindowAxes::LastIfRowsOverlap);
    assert_eq!(picture(apart, Units::Elements).window_axes(), None);
}

#[test]
fn the_kind_the_flags_and_unwritten_memory_are_the_engines_data() {
    let mut own = drawn(x(), 12);
    own.kind = Kind::Own {
        by: Maker::Function("copy".into()),
        copy: true,
    };
    own.owndata = true;
    let p = picture(own, Units::Elements);
    assert!(p.is_copy() && !p.is_new() && p.drawn().owndata);
    let mut first = drawn(x(), 12);
    first.kind = Kind::First;
    assert!(picture(first, Units::Elements).is_new());
    // np.empty: items 6 on were never written.
    let mut empty = drawn(x(), 12);
    empty.values = Rc::new(Memory {
        itemsize: 8,
        len: 96,
        unwritten_from: Some(48),
    });
    let e = picture(empty, Units::Elements);
    assert_eq!(
        (e.value(5), e.value(6), e.is_unwritten(6)),
        ("v5".into(), "?".into(), true)
    );
    assert_eq!(
        (e.memory_value(7), e.memory_unwritten(7)),
        ("?".into(), true)
    );
    assert_eq!(e.element_value(7), "?");
}

#[test]
fn a_copy_draws_the_source_it_read() {
    // x.T.reshape(2, 6): new memory in row order; its source is x.T over x's memory.
    let mut copy = drawn(Layout::contiguous(&[2, 6], 8, Order::C).unwrap(), 12);
    copy.source = Some(Source {
        drawn: Rc::new(drawn(x_t(), 12)),
        order: ReadOrder::Row,
    });
    let c = picture(copy, Units::Elements);
    assert_eq!(c.source_order(), Some(ReadOrder::Row));
    let walk = c.source_walk().unwrap();
    assert_eq!(walk.positions, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(c.walk().positions, (0..12).collect::<Vec<_>>());
    assert!(picture(drawn(x(), 12), Units::Elements).source().is_none());
}

#[test]
fn large_arrays_are_summarized_and_their_memory_shown_around_the_pointer() {
    let p = picture(
        drawn(
            Layout::contiguous(&[1000, 1000], 8, Order::C).unwrap(),
            1_000_000,
        ),
        Units::Elements,
    );
    assert!(p.summarized());
    let shown = [
        Some(0),
        Some(1),
        Some(2),
        None,
        Some(997),
        Some(998),
        Some(999),
    ];
    assert_eq!(p.shown(0), shown);
    let memory = p.memory_shown(&[500_000]);
    assert_eq!(memory.len(), 48 + 1 + 5 + 1 + 16);
    assert!(memory.contains(&Some(500_000)));
    assert_eq!(p.flat(&[2, 999]), 2999);
}

#[test]
fn a_sample_answers_what_the_view_asks_and_a_question_mark_elsewhere() {
    // `np.empty(10**6)` with its first half written, as 1000 × 1000.
    let layout = Layout::contiguous(&[1000, 1000], 8, Order::C).unwrap();
    let mut d = drawn(layout, 1_000_000);
    d.values = Rc::new(Memory {
        itemsize: 8,
        len: 8_000_000,
        unwritten_from: Some(4_000_000),
    });
    let sample = crate::Sampled::of(&d);
    assert!(sample.entries() < 2_500, "{}", sample.entries());
    let d = Rc::new(d);
    for units in [Units::Elements, Units::Bytes] {
        let live = Picture::new(Rc::clone(&d), units);
        let sampled = live.sampled();
        assert_eq!(live.shown_cells().len(), 36); // 6 × 6 corners
        for flat in live.shown_cells() {
            assert_eq!(sampled.value(flat), live.value(flat));
            assert_eq!(sampled.is_unwritten(flat), live.is_unwritten(flat));
        }
        let last = live.size() - 1;
        assert!(live.is_unwritten(last) && sampled.is_unwritten(last));
        for p in live.memory_shown(&[]).into_iter().flatten() {
            assert_eq!(sampled.memory_value(p), live.memory_value(p));
        }
        // Cell [2, 500] is not drawn: out of the sample.
        assert_eq!(live.value(2_500), "v2500");
        assert_eq!(sampled.value(2_500), "?");
    }
}

#[test]
fn the_cells_under_a_walk_are_all_up_to_its_reach_or_those_it_reads() {
    let p = picture(drawn(x_t(), 12), Units::Elements);
    let all: Vec<Option<usize>> = (0..12).map(Some).collect();
    assert_eq!(p.walk().cells_shown(12), all);
    // `x.T` of 1000 × 1000: the first steps reach cell 96,000, drawn with gaps.
    let t = Layout::new(&[1000, 1000], &[8, 8000], 0, 8).unwrap();
    let shown = picture(drawn(t, 1_000_000), Units::Elements)
        .walk()
        .cells_shown(1_000_000);
    assert_eq!(shown.get(..4), Some(&[Some(0), None, Some(1000), None][..]));
    assert_eq!(shown.iter().flatten().count(), 97);
}
