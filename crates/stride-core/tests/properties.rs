//! Properties of the layout arithmetic, checked on thousands of random small layouts against
//! brute force: a view reads only its buffer, `shares_memory` is set intersection, transposing
//! back is the identity, `reshape` keeps the memory exactly when some strides can, and the row
//! walk of [`Positions`] is the address rule. The generator is a fixed xorshift, so every run
//! checks the same cases and a failure names its case number.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use std::collections::BTreeSet;

use stride_core::axes::{reversed, swapaxes, transpose};
use stride_core::footprint::{Positions, unravel};
use stride_core::index::{IndexItem, Slice, index};
use stride_core::overlap::{EXACT, Overlap, may_share_memory, shares_memory};
use stride_core::reshape::{CopyMode, MemOrder, Reshaped, expand_dims, reshape};
use stride_core::windows::sliding_window_view;
use stride_core::{Layout, Order};

/// A tiny deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `low..=high`.
    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.next() as usize % items.len()]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const ITEMSIZES: [i64; 4] = [1, 2, 4, 8];

/// A fresh contiguous array of up to 4 dims and 60 elements (sizes 0 and 1 included).
fn fresh(rng: &mut Rng) -> Layout {
    loop {
        let ndim = rng.range(0, 4) as usize;
        let shape: Vec<i64> = (0..ndim)
            .map(|_| rng.pick(&[0, 1, 1, 2, 2, 3, 4, 5]))
            .collect();
        if shape.iter().product::<i64>() > 60 {
            continue;
        }
        let order = if rng.chance(30) { Order::F } else { Order::C };
        return Layout::contiguous(&shape, rng.pick(&ITEMSIZES), order).unwrap();
    }
}

/// A random slice of an axis of `len` items, negative steps and out-of-range bounds included.
fn slice(rng: &mut Rng, len: i64) -> Slice {
    let bound = |rng: &mut Rng| rng.chance(70).then(|| rng.range(-len - 2, len + 2));
    let start = bound(rng);
    let stop = bound(rng);
    let step = rng.chance(60).then(|| rng.pick(&[1, 2, 3, -1, -2, -3]));
    Slice { start, stop, step }
}

/// One random view-making operation on `l`, or `None` when it does not apply.
fn step(rng: &mut Rng, l: &Layout) -> Option<Layout> {
    let ndim = l.ndim() as i64;
    match rng.range(0, 8) {
        0 => {
            let items: Vec<IndexItem> = l
                .shape()
                .iter()
                .map(|&len| match rng.range(0, 3) {
                    0 if len > 0 => IndexItem::Int(rng.range(-len, len - 1)),
                    1 => IndexItem::NewAxis,
                    _ => IndexItem::Slice(slice(rng, len)),
                })
                .collect();
            index(l, &items).ok().map(|i| i.layout)
        }
        1 => Some(reversed(l)),
        2 if ndim >= 2 => swapaxes(l, rng.range(0, ndim - 1), rng.range(-ndim, -1)).ok(),
        3 => {
            let mut perm: Vec<i64> = (0..ndim).collect();
            for k in (1..perm.len()).rev() {
                perm.swap(k, rng.range(0, k as i64) as usize);
            }
            transpose(l, &perm).ok()
        }
        4 => {
            let shape = random_shape_of_size(rng, l.size());
            match reshape(l, &shape, MemOrder::C, CopyMode::IfNeeded).ok()? {
                Reshaped::View(v) => Some(v),
                Reshaped::Copy { .. } => None,
            }
        }
        5 => expand_dims(l, &[rng.range(-ndim - 1, ndim)]).ok(),
        6 if ndim >= 1 => {
            let axis = rng.range(0, ndim - 1);
            let w = rng.range(0, 3);
            sliding_window_view(l, &[w], Some(&[axis])).ok()
        }
        7 => {
            // broadcast: prepend an axis and stretch the size-1 ones
            let mut shape: Vec<i64> = vec![rng.range(0, 3)];
            shape.extend(
                l.shape()
                    .iter()
                    .map(|&d| if d == 1 { rng.range(0, 3) } else { d }),
            );
            stride_core::broadcast::broadcast_to(l, &shape).ok()
        }
        _ => None,
    }
}

/// A view of a fresh buffer after a few random operations, with the buffer's size in bytes.
fn view(rng: &mut Rng) -> (Layout, i64) {
    let base = fresh(rng);
    let buffer = base.nbytes();
    let mut l = base;
    for _ in 0..rng.range(0, 4) {
        if let Some(next) = step(rng, &l) {
            if next.size() <= 200 {
                l = next;
            }
        }
    }
    (l, buffer)
}

/// A random shape with `size` elements (its factors spread over up to 4 axes, 1s sprinkled in).
fn random_shape_of_size(rng: &mut Rng, size: i64) -> Vec<i64> {
    let mut shape = Vec::new();
    let mut rest = size;
    while rest > 1 && shape.len() < 4 {
        let divisors: Vec<i64> = (2..=rest).filter(|d| rest % d == 0).collect();
        let d = rng.pick(&divisors);
        shape.push(d);
        rest /= d;
        if rng.chance(20) {
            shape.push(1);
        }
    }
    if rest != 1 || size == 0 {
        shape.push(rest);
    }
    if size == 0 && rng.chance(50) {
        shape.insert(0, rng.range(1, 3));
    }
    for k in (1..shape.len()).rev() {
        shape.swap(k, rng.range(0, k as i64) as usize);
    }
    shape
}

/// Every byte a layout's elements cover.
fn bytes(l: &Layout) -> BTreeSet<i128> {
    Positions::new(l)
        .flat_map(|a| (0..i128::from(l.itemsize())).map(move |b| a + b))
        .collect()
}

#[test]
fn views_read_only_their_buffer() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..5000 {
        let (l, buffer) = view(&mut rng);
        for a in Positions::new(&l) {
            assert!(
                a >= 0 && a + i128::from(l.itemsize()) <= i128::from(buffer),
                "case {case}: {l:?} reads byte {a} of a buffer of {buffer}"
            );
        }
        if let Some((low, high)) = l.byte_bounds() {
            assert!(low >= 0 && high <= i128::from(buffer), "case {case}: {l:?}");
        }
        let mut counts = vec![0u32; usize::try_from(buffer).unwrap().max(1)];
        assert_eq!(
            stride_core::footprint::tally(&l, 1, &mut counts).outside,
            0,
            "case {case}"
        );
    }
}

#[test]
fn shares_memory_is_set_intersection_for_views_of_one_buffer() {
    let mut rng = Rng(7);
    let mut yes = 0;
    for case in 0..4000 {
        let base = fresh(&mut rng);
        let mut a = base;
        let mut b = base;
        for _ in 0..rng.range(1, 3) {
            if let Some(n) = step(&mut rng, &a) {
                a = n;
            }
            if let Some(n) = step(&mut rng, &b) {
                b = n;
            }
        }
        let truth = !bytes(&a).is_disjoint(&bytes(&b));
        let got = shares_memory(&a, &b, EXACT);
        assert_eq!(
            got,
            if truth { Overlap::Yes } else { Overlap::No },
            "case {case}: {a:?} / {b:?}"
        );
        if truth {
            yes += 1;
            assert!(may_share_memory(&a, &b), "case {case}");
        }
    }
    assert!(yes > 500, "too few overlapping cases ({yes}) to mean much");
}

/// An arbitrary `as_strided` layout: any strides (negative, zero, not multiples of the item size)
/// and any start.
fn strided(rng: &mut Rng) -> Layout {
    let ndim = rng.range(0, 3) as usize;
    let shape: Vec<i64> = (0..ndim).map(|_| rng.range(0, 4)).collect();
    let strides: Vec<i64> = (0..ndim).map(|_| rng.range(-12, 12)).collect();
    Layout::new(&shape, &strides, rng.range(0, 40), rng.pick(&ITEMSIZES)).unwrap()
}

#[test]
fn shares_memory_is_set_intersection_for_any_strides() {
    // The idea of NumPy's test_mem_overlap.py brute-force oracle: small random layouts, exact
    // answer against the set of bytes each one touches.
    let mut rng = Rng(0xdead_beef);
    let (mut yes, mut no) = (0, 0);
    for case in 0..20_000 {
        let a = strided(&mut rng);
        let b = strided(&mut rng);
        let truth = !bytes(&a).is_disjoint(&bytes(&b));
        let got = shares_memory(&a, &b, EXACT);
        assert_eq!(
            got,
            if truth { Overlap::Yes } else { Overlap::No },
            "case {case}: {a:?} / {b:?}"
        );
        if truth {
            yes += 1;
            assert!(may_share_memory(&a, &b), "case {case}");
        } else {
            no += 1;
        }
        // Symmetric.
        assert_eq!(shares_memory(&b, &a, EXACT), got, "case {case}");
    }
    assert!(yes > 2000 && no > 2000, "{yes} overlapping, {no} disjoint");
}

#[test]
fn shares_memory_with_a_work_limit_is_right_or_too_hard() {
    let mut rng = Rng(99);
    for case in 0..5000 {
        let a = strided(&mut rng);
        let b = strided(&mut rng);
        let exact = shares_memory(&a, &b, EXACT);
        let limited = shares_memory(&a, &b, rng.range(0, 3));
        assert!(
            limited == exact || limited == Overlap::TooHard,
            "case {case}: {a:?} / {b:?}"
        );
    }
}

#[test]
fn transposing_back_is_the_identity() {
    let mut rng = Rng(3);
    for case in 0..5000 {
        let (l, _) = view(&mut rng);
        assert_eq!(reversed(&reversed(&l)), l, "case {case}");
        let n = l.ndim();
        let mut perm: Vec<i64> = (0..n as i64).collect();
        for k in (1..n).rev() {
            perm.swap(k, rng.range(0, k as i64) as usize);
        }
        let mut inverse = vec![0i64; n];
        for (k, &p) in perm.iter().enumerate() {
            inverse[p as usize] = k as i64;
        }
        let there = transpose(&l, &perm).unwrap();
        assert_eq!(transpose(&there, &inverse).unwrap(), l, "case {case}");
        if n >= 2 {
            let (i, j) = (rng.range(0, n as i64 - 1), rng.range(0, n as i64 - 1));
            let swapped = swapaxes(&l, i, j).unwrap();
            assert_eq!(swapaxes(&swapped, i, j).unwrap(), l, "case {case}");
        }
    }
}

/// Brute force: can `shape` be read from `l`'s memory in C order? The stride of a new axis of
/// size > 1 is forced (the address of the element one step along it, minus the first one's);
/// then every element must land where the old element of the same row-order position is.
fn reshape_can_keep_memory(l: &Layout, shape: &[i64]) -> bool {
    let size: i64 = shape.iter().product();
    if size == 0 {
        return true;
    }
    let old = |flat: i64| l.address(&unravel(l.shape(), flat));
    let mut strides = vec![0i64; shape.len()];
    let mut step = 1i64;
    for k in (0..shape.len()).rev() {
        if shape[k] > 1 {
            strides[k] = i64::try_from(old(step) - old(0)).unwrap();
        }
        step *= shape[k];
    }
    let candidate = Layout::new(shape, &strides, l.offset(), l.itemsize()).unwrap();
    Positions::new(&candidate)
        .enumerate()
        .all(|(flat, a)| a == old(flat as i64))
}

#[test]
fn reshape_is_a_view_exactly_when_some_strides_keep_the_memory() {
    let mut rng = Rng(0x1234_5678);
    let (mut views, mut copies) = (0, 0);
    for case in 0..20_000 {
        let (l, _) = view(&mut rng);
        let shape = random_shape_of_size(&mut rng, l.size());
        let possible = reshape_can_keep_memory(&l, &shape);
        match reshape(&l, &shape, MemOrder::C, CopyMode::IfNeeded).unwrap() {
            Reshaped::View(v) => {
                views += 1;
                assert!(
                    possible,
                    "case {case}: {l:?} -> {shape:?} is a view, but no strides fit"
                );
                // The strides returned really are such strides.
                assert_eq!(*v.shape(), shape[..], "case {case}");
                let old: Vec<i128> = Positions::new(&l).collect();
                let new: Vec<i128> = Positions::new(&v).collect();
                assert_eq!(old, new, "case {case}: {l:?} -> {v:?}");
            }
            Reshaped::Copy { layout, reason } => {
                copies += 1;
                assert!(
                    !possible,
                    "case {case}: {l:?} -> {shape:?} copies, but a view exists"
                );
                assert!(reason.is_some(), "case {case}: a needed copy says why");
                assert!(layout.is_c_contiguous(), "case {case}");
            }
        }
    }
    assert!(
        views > 3000 && copies > 1000,
        "{views} views, {copies} copies"
    );
}

#[test]
fn the_row_walk_is_the_address_rule() {
    let mut rng = Rng(42);
    for case in 0..5000 {
        let l = if rng.chance(50) {
            strided(&mut rng)
        } else {
            view(&mut rng).0
        };
        let walked: Vec<i128> = Positions::new(&l).collect();
        assert_eq!(walked.len() as i64, l.size(), "case {case}");
        for (flat, a) in walked.iter().enumerate() {
            let idx = unravel(l.shape(), flat as i64);
            assert_eq!(*a, l.address(&idx), "case {case}: {l:?} element {flat}");
            assert_eq!(l.checked_address(&idx), Ok(*a), "case {case}");
        }
    }
}
