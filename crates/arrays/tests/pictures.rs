//! The lab's pictures of the arrays programs make (`arrays::picture` building `array_picture`'s
//! [`Picture`]): the address rule, read counts, jumps, readers, windows and walks of the
//! lesson's arrays, whose layouts are NumPy's and PyTorch's (the tests of `tests/kinds.rs` and
//! the corpora check those against the libraries). These tests moved here with the picture model
//! out of `arrays`: they need a program run.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use array_picture::{Jump, Picture, Units, WALK_SHOWN, Window};
use arrays::picture::{of_array, of_memory};
use arrays::value::Value;

fn picture(program: &str) -> Picture {
    picture_in(program, Units::Elements)
}

fn picture_in(program: &str, units: Units) -> Picture {
    let outcome = arrays::run(program).unwrap();
    let Value::Array(a) = outcome.value else {
        panic!("not an array")
    };
    of_array(a, outcome.first.as_ref(), units)
}

const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";

#[test]
fn the_address_rule_of_the_lesson() {
    let p = picture(&format!("{X}x"));
    // x[1, 2] lives at 0 + 1·4 + 2·1 = 6.
    assert_eq!(p.address_rule(6), "start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6");
    assert_eq!(p.position(6), Some(6));
    assert_eq!(p.index_label(6), "1,2");
    assert!(!p.is_copy());
    // x views arange's memory (OWNDATA False), though it is the program's first array.
    assert!(!p.is_new());
}

#[test]
fn a_first_array_that_owns_its_memory_is_new_not_a_view() {
    let p = picture("x = np.arange(6, dtype=np.float32) * 400000.0\nx");
    assert!(p.is_new() && !p.is_copy());
    let v = picture("x = np.arange(6) * 2\ny = x[::2]\ny");
    assert!(!v.is_new() && !v.is_copy());
}

#[test]
fn views_read_the_first_arrays_memory() {
    let t = picture(&format!("{X}x.T"));
    assert_eq!(t.strides(), vec![Some(1), Some(4)]);
    assert_eq!(t.value(1), "4.0");
    assert_eq!(t.readers(4), vec![1]);
    let s = picture(&format!("{X}x[1:, 1:]"));
    assert_eq!(s.start(), Some(5));
    assert_eq!(
        (0..5).map(|p| s.reads(p)).collect::<Vec<_>>(),
        vec![0, 0, 0, 0, 0]
    );
    let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
    assert_eq!(b.reads(2), 3);
    assert_eq!(b.readers(2), vec![2, 6, 10]);
}

#[test]
fn a_copy_has_its_own_memory_in_the_new_order() {
    let c = picture(&format!("{X}x.T.reshape(2, 6)"));
    assert!(c.is_copy());
    let memory: Vec<String> = (0..c.memory_len()).map(|p| c.memory_value(p)).collect();
    assert_eq!(
        memory,
        [
            "0.0", "4.0", "8.0", "1.0", "5.0", "9.0", "2.0", "6.0", "10.0", "3.0", "7.0", "11.0"
        ]
    );
    assert!(c.copy_reason().is_some());
}

#[test]
fn large_arrays_are_summarized_as_numpy_prints_them() {
    let p = picture("x = np.arange(1000000.0).reshape(1000, 1000)\nx");
    assert!(p.summarized());
    assert_eq!(
        p.shown(0),
        vec![
            Some(0),
            Some(1),
            Some(2),
            None,
            Some(997),
            Some(998),
            Some(999)
        ]
    );
    let memory = p.memory_shown(&[500_000]);
    assert_eq!(memory.len(), 48 + 1 + 5 + 1 + 16);
    assert!(memory.contains(&Some(500_000)));
    assert_eq!(p.flat(&[2, 999]), 2999);
    let small = picture(&format!("{X}x"));
    assert_eq!(small.shown(1), vec![Some(0), Some(1), Some(2), Some(3)]);
}

#[test]
fn bytes_mode_counts_bytes() {
    let p = picture_in(
        "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
        Units::Bytes,
    );
    // Seed 001: a[2, 1] at byte 36.
    assert_eq!(
        p.address_rule(9),
        "start + i·s₀ + j·s₁ = 0 + 2·16 + 1·4 = 36"
    );
    assert_eq!(p.positions(9), 36..40);
    assert_eq!(p.memory_len(), 48);
}

// The address rule as jumps, and backwards as readers.

fn jump(axis: usize, count: i64, stride: i64, from: i64, to: i64) -> Jump {
    Jump {
        axis,
        count,
        stride,
        from,
        to,
    }
}

#[test]
fn the_transpose_jumps_once_along_axis_0_and_twice_along_axis_1() {
    let t = picture(&format!("{X}x.T"));
    let flat = t.flat(&[1, 2]);
    assert_eq!(
        t.jumps(flat),
        Some(vec![jump(0, 1, 1, 0, 1), jump(1, 2, 4, 1, 9)])
    );
    // It ends where the cell reads: x.T[1, 2] is x[2, 1], position 9.
    assert_eq!(t.position(flat), Some(9));
    // The first cell needs no jump.
    assert_eq!(t.jumps(0), Some(vec![]));
}

#[test]
fn on_the_byte_shelf_jumps_count_bytes() {
    let a = picture_in(
        "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
        Units::Bytes,
    );
    assert_eq!(
        a.jumps(a.flat(&[2, 1])),
        Some(vec![jump(0, 2, 16, 0, 32), jump(1, 1, 4, 32, 36)])
    );
}

#[test]
fn negative_strides_hop_backwards_and_a_broadcast_axis_stays() {
    let r = picture(&format!("{X}x[::-1, ::-2]"));
    // Starts at 11 (x[2, 3]); strides (-4, -2).
    assert_eq!(
        r.jumps(r.flat(&[1, 1])),
        Some(vec![jump(0, 1, -4, 11, 7), jump(1, 1, -2, 7, 5)])
    );
    let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
    assert_eq!(
        b.jumps(b.flat(&[2, 3])),
        Some(vec![jump(0, 2, 0, 0, 0), jump(1, 3, 1, 0, 3)])
    );
}

#[test]
fn reads_outside_the_buffer_are_listed_and_jumps_reach_them() {
    let v = picture("a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (4, 3), (16, 8))");
    assert_eq!(v.outside_positions(), [6, 7, 8]);
    assert_eq!(
        v.jumps(v.flat(&[3, 2])),
        Some(vec![jump(0, 3, 2, 0, 6), jump(1, 2, 1, 6, 8)])
    );
    assert!(picture(&format!("{X}x.T")).outside_positions().is_empty());
}

#[test]
fn the_rule_in_reverse_names_every_reader() {
    let x = picture(&format!("{X}x"));
    let r = x.reverse(7);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0].index.as_str(), r[0].terms.as_str()),
        ("1, 3", " + 1·4 + 3·1")
    );
    let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
    let readers: Vec<String> = b.reverse(2).into_iter().map(|r| r.index).collect();
    assert_eq!(readers, ["0, 2", "1, 2", "2, 2"]);
    let s = picture(&format!("{X}x[1:, 1:]"));
    assert!(s.reverse(0).is_empty());
    // On the byte shelf, byte 38 is inside a[2, 1], which starts at byte 36.
    let a = picture_in(
        "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
        Units::Bytes,
    );
    let r = a.reverse(38);
    assert_eq!((r[0].index.as_str(), r[0].at), ("2, 1", 36));
}

// Windows.

fn spans(p: &Picture) -> Vec<(String, i64, i64)> {
    p.windows()
        .unwrap()
        .shown
        .into_iter()
        .map(|w| (w.index, w.from, w.to))
        .collect()
}

fn span(index: &str, from: i64, to: i64) -> (String, i64, i64) {
    (index.to_string(), from, to)
}

#[test]
fn sliding_windows_of_three_overlap_by_two() {
    // np.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3): 4 windows, strides (8, 8).
    let p = picture("a = np.arange(6.0)\nnp.lib.stride_tricks.sliding_window_view(a, 3)");
    assert_eq!(p.window_axes(), Some(1));
    assert_eq!(
        spans(&p),
        [
            span("0", 0, 2),
            span("1", 1, 3),
            span("2", 2, 4),
            span("3", 3, 5)
        ]
    );
    // Cell 2 is read by three windows, once each.
    let windows: Vec<Option<usize>> = p.readers(2).iter().map(|&f| p.window_of(f)).collect();
    assert_eq!(windows, [Some(0), Some(1), Some(2)]);
    // In bytes, a window of three float64 spans 24 bytes.
    let b = picture_in(
        "a = np.arange(6.0)\nnp.lib.stride_tricks.sliding_window_view(a, 3)",
        Units::Bytes,
    );
    assert_eq!(spans(&b)[1], span("1", 8, 31));
    assert_eq!(b.windows().unwrap().shown[1].runs, [(8, 31)]);
}

#[test]
fn two_dimensional_windows_are_indexed_by_their_leading_axes() {
    // sliding_window_view(x, (2, 2)) of the 3×4 x: shape (2, 3, 2, 2), 6 windows of 4 cells.
    let p = picture(&format!(
        "{X}np.lib.stride_tricks.sliding_window_view(x, (2, 2))"
    ));
    let w = p.windows().unwrap();
    assert_eq!((w.count, w.cells), (6, 4));
    // Window [1, 1] reads x[1:3, 1:3]: cells 5, 6 and 9, 10, two runs.
    assert_eq!(
        w.shown[4],
        Window {
            number: 4,
            index: "1, 1".into(),
            from: 5,
            to: 10,
            runs: vec![(5, 6), (9, 10)]
        }
    );
    // Windows along one axis only: axis=0 adds one window axis.
    let a = picture(&format!(
        "{X}np.lib.stride_tricks.sliding_window_view(x, 2, axis=0)"
    ));
    assert_eq!(a.window_axes(), Some(1));
    assert_eq!(a.windows().unwrap().count, 8);
}

#[test]
fn as_strided_rows_that_share_memory_are_windows_and_other_arrays_are_not() {
    let p = picture("a = np.arange(7.0)\nnp.lib.stride_tricks.as_strided(a, (3, 3), (16, 8))");
    assert_eq!(
        spans(&p),
        [span("0", 0, 2), span("1", 2, 4), span("2", 4, 6)]
    );
    let apart = picture("a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (2, 3), (24, 8))");
    assert_eq!(apart.window_axes(), None);
    assert_eq!(picture(&format!("{X}x.T")).window_axes(), None);
    assert_eq!(
        picture(&format!("{X}np.broadcast_to(x[0], (3, 4))")).window_axes(),
        None
    );
}

// Walks.

#[test]
fn a_copy_walks_its_source_in_a_broken_pattern_then_its_own_memory_in_order() {
    let c = picture(&format!("{X}x.T.reshape(2, 6)"));
    let source = c.source_walk().unwrap();
    assert_eq!(c.source().unwrap().memory_len(), 12);
    assert_eq!(source.positions, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    let breaks: Vec<usize> = (0..11).filter(|&n| source.breaks(n)).collect();
    assert_eq!(breaks, [2, 5, 8]);
    let own = c.walk();
    assert_eq!(own.positions, (0..12).collect::<Vec<_>>());
    assert!((0..11).all(|n| !own.breaks(n)));
}

#[test]
fn a_copy_in_column_order_walks_its_source_in_column_order() {
    // NumPy: x.reshape(2, 6, order="F") copies x in column order (its base is F-contiguous),
    // reading 0, 4, 8, 1, 5, 9, …: the values of np.reshape(x, -1, order="F").
    let c = picture(&format!("{X}x.reshape(2, 6, order='F')"));
    let source = c.source_walk().unwrap();
    assert_eq!(source.positions, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(c.source().unwrap().memory_value(4), "4.0");
    assert_eq!(c.source_order(), Some(arrays::explain::ReadOrder::Column));
    // In row order the same array's copy reads x as it lies.
    let r = picture(&format!("{X}x.T.reshape(2, 6)"));
    assert_eq!(r.source_walk().unwrap().positions[..3], [0, 4, 8]);
}

#[test]
fn a_view_has_its_own_walk_and_no_source_walk() {
    let t = picture(&format!("{X}x.T"));
    assert!(t.source_walk().is_none());
    let steps: Vec<(i64, i64)> = t.walk().steps().take(4).collect();
    assert_eq!(steps, [(0, 4), (4, 8), (8, 1), (1, 5)]);
    let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
    assert_eq!(b.walk().positions[3..6], [3, 0, 1]);
}

fn failed(program: &str) -> arrays::explain::ErrorWhy {
    let e = arrays::run(program).err().unwrap();
    (**arrays::Explained::why(&e).unwrap()).clone()
}

fn memory_walk(why: &arrays::explain::ErrorWhy, units: Units) -> (Vec<i64>, Vec<usize>) {
    let arrays::explain::ErrorWhy::NeedsCopy { memory, .. } = why else {
        panic!("{why:?}")
    };
    let walk = of_memory(memory, units).walk();
    let breaks = (0..walk.positions.len())
        .filter(|&n| walk.breaks(n))
        .collect();
    (walk.positions, breaks)
}

#[test]
fn a_failing_view_keeps_the_walk_a_copy_would_take() {
    use Units::{Bytes, Elements};
    // torch.arange(12).reshape(3, 4).T.view(12): RuntimeError; the copy .reshape(12) would
    // read 0, 4, 8, 1, … over the old memory, the −7 steps breaking the pattern (the walk of
    // an arange is the copy's values: PyTorch's t.T.reshape(12) and NumPy's
    // np.reshape(x, 12, order="F") are [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]).
    let t = failed("t = torch.arange(12).reshape(3, 4)\nt.T.view(12)");
    let (walk, breaks) = memory_walk(&t, Elements);
    assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(breaks, [2, 5, 8]);
    // int64 in bytes: steps of 32 and −56.
    let (walk, _) = memory_walk(&t, Bytes);
    assert_eq!(walk[..4], [0, 32, 64, 8]);
    // NumPy's reshape(copy=False), read in row order, and in column order for order="F".
    let n = failed(&format!("{X}x.T.reshape(12, copy=False)"));
    assert_eq!(memory_walk(&n, Elements), memory_walk(&t, Elements));
    let f = failed(&format!("{X}x.reshape(12, order='F', copy=False)"));
    let arrays::explain::ErrorWhy::NeedsCopy { memory, .. } = &f else {
        panic!()
    };
    assert_eq!(memory.order, arrays::explain::ReadOrder::Column);
    let (walk, breaks) = memory_walk(&f, Elements);
    assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(breaks, [2, 5, 8]);
    // A slice: its walk starts at its start and skips the cells it leaves out.
    let s = failed(&format!("{X}x[:, 1:3].reshape(6, copy=False)"));
    assert_eq!(
        memory_walk(&s, Elements),
        (vec![1, 2, 5, 6, 9, 10], vec![1, 3])
    );
}

#[test]
fn a_failing_view_of_a_large_array_keeps_only_the_memory_its_walk_reaches() {
    let why = failed("t = torch.arange(1000000).reshape(1000, 1000)\nt.T.view(-1)");
    let arrays::explain::ErrorWhy::NeedsCopy { memory, .. } = &why else {
        panic!()
    };
    assert_eq!(memory.len, 8_000_000);
    // The first 97 positions read reach element 96000.
    assert_eq!(memory.bytes.len(), 96_001 * 8);
}

#[test]
fn a_long_walk_is_cut_short_but_counted() {
    let h = picture("out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)");
    let w = h.walk();
    assert_eq!(w.total, 1280);
    assert_eq!(w.positions.len(), WALK_SHOWN + 1);
}
