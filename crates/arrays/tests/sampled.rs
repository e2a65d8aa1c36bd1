//! The sampled values a worker would send with a picture (`array_picture::Sampled`, issue 25):
//! for many programs, the picture over the sample answers every question the view asks exactly
//! as the picture over the live buffers, in elements and in bytes: each grid cell's value and
//! unwritten mark, each memory cell the memory row can show with no focus, with a shown cell
//! focused or with one of those memory cells focused (value, unwritten mark, read count, its
//! element's value in bytes mode), the readers, the walk and the cells under it, the windows,
//! and the same of a copy's source. The questions are enumerated here from the view's own
//! components, apart from the sampler, so a sampler that forgets something fails.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

use array_picture::{Drawn, MEMORY_SHOWN, Picture, Sampled, Units};
use arrays::picture::{of_array, of_memory};
use arrays::value::Value;

/// The live picture of what `program` gives, if an array.
fn live(program: &str, units: Units) -> Option<Picture> {
    let outcome = arrays::run(program).ok()?;
    let Value::Array(a) = outcome.value else {
        return None;
    };
    Some(of_array(a, outcome.first.as_ref(), units))
}

/// The grid's cells, as `array_grid` draws them: every index shown along its axis.
fn grid(p: &Picture) -> Vec<usize> {
    if p.size() == 0 {
        return Vec::new();
    }
    let mut indices: Vec<Vec<i64>> = vec![Vec::new()];
    for axis in 0..p.shape().len() {
        let shown: Vec<i64> = p.shown(axis).into_iter().flatten().collect();
        indices = indices
            .iter()
            .flat_map(|i| {
                shown.iter().map(move |&k| {
                    let mut n = i.clone();
                    n.push(k);
                    n
                })
            })
            .collect();
    }
    indices.iter().map(|i| p.flat(i)).collect()
}

/// The memory cells the row shows with no focus or with a shown array cell focused: those that
/// can be focused.
fn focusable(p: &Picture) -> BTreeSet<usize> {
    let mut memory: BTreeSet<usize> = p.memory_shown(&[]).into_iter().flatten().collect();
    if p.memory_len() > MEMORY_SHOWN {
        for &flat in &grid(p) {
            let keep: Vec<usize> = p.positions(flat).collect();
            memory.extend(p.memory_shown(&keep).into_iter().flatten());
        }
    }
    memory
}

/// The first difference between what `live` and `sampled` answer to the view's questions;
/// `other` is the live picture in the other units (a focused memory cell stays focused, by its
/// number, when the units change).
fn differs(live: &Picture, sampled: &Picture, other: &Picture) -> Option<String> {
    let cells = grid(live);
    if cells != sampled.shown_cells() {
        return Some("the grid's cells".into());
    }
    for &flat in &cells {
        let (a, b) = (live.value(flat), sampled.value(flat));
        if a != b || live.is_unwritten(flat) != sampled.is_unwritten(flat) {
            return Some(format!("cell {flat}: {a} vs {b}"));
        }
    }
    // The memory row: everything when short; else its ends, and what each focus adds.
    let n = live.memory_len();
    let mut memory = focusable(live);
    if n > MEMORY_SHOWN {
        let foci: BTreeSet<usize> = memory.union(&focusable(other)).copied().collect();
        for p in foci.into_iter().filter(|&p| p < n) {
            memory.extend(live.memory_shown(&[p]).into_iter().flatten());
        }
    }
    // The walk's cells (its own; an error's walk is the picture's own too).
    let walk = live.walk();
    if walk != sampled.walk() {
        return Some("the walk".into());
    }
    memory.extend(walk.cells_shown(n).into_iter().flatten());
    for &p in &memory {
        let (a, b) = (live.memory_value(p), sampled.memory_value(p));
        if a != b
            || live.memory_unwritten(p) != sampled.memory_unwritten(p)
            || live.reads(p) != sampled.reads(p)
        {
            return Some(format!("memory cell {p}: {a} vs {b}"));
        }
        let k = live.element_of(p);
        if live.element_value(k) != sampled.element_value(k) {
            return Some(format!("element {k} of memory cell {p}"));
        }
    }
    // Readers are found from the layout: a few, to see the sample kept it.
    for &p in memory.iter().take(16) {
        if live.reverse(p) != sampled.reverse(p) {
            return Some(format!("the readers of memory cell {p}"));
        }
    }
    if live.windows() != sampled.windows()
        || live.outside_positions() != sampled.outside_positions()
    {
        return Some("the windows".into());
    }
    match (live.source(), sampled.source(), other.source()) {
        (None, None, None) => None,
        (Some(a), Some(b), Some(c)) if live.source_order() == sampled.source_order() => {
            differs(&a, &b, &c).map(|d| format!("the source: {d}"))
        }
        _ => Some("the source".into()),
    }
}

/// Checks `program`'s picture in both units; `false` if it gives no array.
fn check(program: &str) -> bool {
    let Some(p) = live(program, Units::Elements) else {
        return false;
    };
    let sampled = Rc::new(p.drawn().sampled());
    let live = [Units::Elements, Units::Bytes].map(|u| Picture::new(Rc::new(p.drawn().clone()), u));
    for (k, live_in) in live.iter().enumerate() {
        let picture = Picture::new(Rc::clone(&sampled), live_in.units());
        let units = live_in.units();
        if let Some(d) = differs(live_in, &picture, &live[1 - k]) {
            panic!("{program} ({units:?}): {d}");
        }
    }
    true
}

/// The programs of a corpus, the first `count` that give an array.
fn corpus(name: &str, count: usize) -> usize {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("a corpus");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let program = record["program"].as_str().expect("a program");
        if check(program) {
            checked += 1;
        }
        if checked == count {
            break;
        }
    }
    checked
}

#[test]
fn the_numpy_corpus_draws_the_same_from_its_sample() {
    assert_eq!(corpus("numpy.jsonl", 300), 300);
}

#[test]
fn the_torch_corpus_draws_the_same_from_its_sample() {
    assert_eq!(corpus("torch.jsonl", 300), 300);
}

#[test]
fn the_lazy_and_learner_corpora_draw_the_same_from_their_samples() {
    let lazy = corpus("lazy.jsonl", 300);
    println!("lazy.jsonl: {lazy} programs give an array");
    assert!(lazy >= 5, "{lazy}");
    assert_eq!(corpus("learner.jsonl", 200), 200);
}

/// Huge arrays, unwritten memory, windows, copies: the cases a sample could get wrong.
const HARD: [&str; 14] = [
    "np.arange(10**7).reshape(1000, 10**4)[::3, ::7]",
    "np.arange(10**6.0).reshape(1000, 1000)",
    "np.arange(10**6.0).reshape(1000, 1000).T",
    "np.arange(10**6).reshape(100, 100, 100)[::-1, 5, ::2]",
    "np.empty((3, 4))",
    "np.empty(10**6)[::1000]",
    "x = np.empty(10)\nx[::3] = 1\nx",
    "np.lib.stride_tricks.sliding_window_view(np.arange(10.0), 4)",
    "np.lib.stride_tricks.sliding_window_view(np.arange(10**5.0), 5)",
    "np.lib.stride_tricks.sliding_window_view(np.arange(36.0).reshape(6, 6), (2, 3))",
    "np.lib.stride_tricks.as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))",
    "x = np.arange(12.0).reshape(3, 4)\nx.T.reshape(2, 6)",
    "x = np.arange(10**6.0).reshape(1000, 1000)\nx.T.reshape(10**6)",
    "torch.arange(1280.0).reshape(2, 4, 10, 16).transpose(1, 2)",
];

#[test]
fn huge_unwritten_windowed_and_copied_arrays_draw_the_same_from_their_samples() {
    for program in HARD {
        assert!(check(program), "{program} gives no array");
    }
    // A copy keeps the array it copied, with its own sample.
    let copy = live(HARD[11], Units::Elements).unwrap();
    assert!(copy.sampled().source().is_some());
}

#[test]
fn a_failed_views_memory_draws_the_same_from_its_sample() {
    let err = arrays::run("t = torch.arange(12).reshape(3, 4)\nt.T.view(12)");
    let err = err.err().expect("a failed view");
    let why = arrays::Explained::why(&err).expect("why it failed");
    let arrays::explain::ErrorWhy::NeedsCopy { memory, .. } = &**why else {
        panic!("{why:?}")
    };
    let live = [Units::Elements, Units::Bytes].map(|u| of_memory(memory, u));
    for (k, live_in) in live.iter().enumerate() {
        assert_eq!(differs(live_in, &live_in.sampled(), &live[1 - k]), None);
    }
}

/// Takes one answer out of a sample.
type Forget = fn(&mut Sampled);

/// `drawn` with one of its sample's answers forgotten.
fn forgetting(drawn: &Drawn, forget: impl Fn(&mut Sampled)) -> Drawn {
    let mut sample = Sampled::of(drawn);
    forget(&mut sample);
    Drawn {
        values: Rc::new(sample),
        ..drawn.clone()
    }
}

#[test]
fn a_sample_missing_any_answer_is_caught() {
    let p = live(
        "x = np.empty(10**5)\nx[:10**4] = 2.5\nx[::7]",
        Units::Elements,
    )
    .unwrap();
    let drawn = p.drawn();
    let cases: [(&str, Forget); 4] = [
        ("a value", |s| {
            s.values.pop();
        }),
        ("a memory value", |s| {
            s.memory_values.remove(3);
        }),
        ("a byte", |s| {
            s.bytes.remove(9);
        }),
        ("an unwritten mark", |s| {
            s.unwritten.pop();
        }),
    ];
    for (what, forget) in cases {
        let broken = Rc::new(forgetting(drawn, forget));
        let live = [Units::Elements, Units::Bytes].map(|u| Picture::new(Rc::new(drawn.clone()), u));
        let found = live.iter().enumerate().any(|(k, live_in)| {
            let units = live_in.units();
            differs(
                live_in,
                &Picture::new(Rc::clone(&broken), units),
                &live[1 - k],
            )
            .is_some()
        });
        assert!(found, "forgetting {what} went unseen");
    }
}

#[test]
fn questions_outside_the_sample_answer_a_question_mark() {
    let p = live("np.arange(10**6.0).reshape(1000, 1000)", Units::Elements).unwrap();
    let s = p.sampled();
    // Cell [500, 500] is not drawn (the grid shows the corners), nor is memory cell 500,500.
    assert_eq!(p.value(500_500), "500500.0");
    assert_eq!(s.value(500_500), "?");
    assert_eq!(s.memory_value(500_500), "?");
    assert!(!s.is_unwritten(500_500));
    // Outside the memory, both answer `?`.
    assert_eq!(s.memory_value(10_000_000), p.memory_value(10_000_000));
}

/// The sample's entries and text bytes, for `program`.
fn size(program: &str) -> (usize, usize) {
    let p = live(program, Units::Elements).unwrap();
    let s = Sampled::of(p.drawn());
    (s.entries(), s.text_bytes())
}

#[test]
fn a_sample_is_bounded_not_proportional_to_the_array() {
    let million = size("np.arange(10**6.0).reshape(1000, 1000)");
    let heads = size("torch.arange(1280.0).reshape(2, 4, 10, 16).transpose(1, 2)");
    let in_ten_million = size("np.arange(10**7.0).reshape(10**4, 1000)[:1000]");
    let every_tenth = size("np.arange(10**7.0).reshape(1000, 10**4)[:, ::10]");
    println!(
        "1000 × 1000: {million:?}; heads: {heads:?}; 1000 × 1000 of 10⁷: {in_ten_million:?}; \
         every tenth of 10⁷: {every_tenth:?} (entries, bytes of text)"
    );
    // Ten times the memory, about the same sample (a focus kept from bytes into elements reaches
    // farther into a longer memory).
    assert!(
        in_ten_million.0 < million.0 + million.0 / 2,
        "{in_ten_million:?}"
    );
    // Bounded by what is drawn: a 7 × 7 grid, the memory around each cell and the walk.
    for sample in [million, in_ten_million, every_tenth] {
        assert!(sample.0 < 2_500, "{sample:?}");
    }
    // The heads tensor is drawn whole: its 1,280 values, in elements and in bytes.
    assert!(heads.0 >= 1280 && heads.0 < 20_000, "{heads:?}");
}
