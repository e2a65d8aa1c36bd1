//! Cases ported from NumPy's own test suite (NumPy 2.4.6, as installed with the package:
//! `numpy/lib/tests/test_stride_tricks.py`, `numpy/_core/tests/test_mem_overlap.py`,
//! `test_regression.py`, `test_numeric.py`, `test_multiarray.py`, `test_api.py`), rewritten as
//! tables over stride-core's API. Each block names the upstream test it comes from. Expected
//! shapes, values and errors are the upstream tests' own; where upstream checks only values, the
//! strides written here were recorded by running that NumPy.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use std::collections::HashSet;

use stride_core::axes::{reversed, swapaxes, transpose};
use stride_core::broadcast::{broadcast_shapes, broadcast_to};
use stride_core::copy::iteration_order;
use stride_core::footprint::Positions;
use stride_core::index::{IndexItem, Slice, index};
use stride_core::overlap::{EXACT, Overlap, may_share_memory, shares_memory};
use stride_core::reshape::{CopyMode, MemOrder, Reshaped, ravel, reshape};
use stride_core::windows::{as_strided, sliding_window_view};
use stride_core::{Error, Layout, Order};

fn c(shape: &[i64], itemsize: i64) -> Layout {
    Layout::contiguous(shape, itemsize, Order::C).unwrap()
}

fn s(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> IndexItem {
    IndexItem::Slice(Slice { start, stop, step })
}

const ALL: IndexItem = IndexItem::Slice(Slice::FULL);

fn view(r: Reshaped) -> Layout {
    match r {
        Reshaped::View(l) => l,
        Reshaped::Copy { .. } => panic!("expected a view"),
    }
}

/// The values a layout reads from a buffer holding `0, 1, 2, …` (one number per item).
fn arange_values(l: &Layout) -> Vec<i64> {
    Positions::new(l)
        .map(|a| i64::try_from(a).unwrap() / l.itemsize())
        .collect()
}

// test_stride_tricks.py::test_broadcast_shapes_succeeds
#[test]
fn broadcast_shapes_succeeds() {
    let rows: &[(&[&[i64]], &[i64])] = &[
        (&[], &[]),
        (&[&[]], &[]),
        (&[&[7]], &[7]),
        (&[&[1, 2], &[2]], &[1, 2]),
        (&[&[1, 1]], &[1, 1]),
        (&[&[1, 1], &[3, 4]], &[3, 4]),
        (&[&[6, 7], &[5, 6, 1], &[7], &[5, 1, 7]], &[5, 6, 7]),
        (&[&[5, 6, 1]], &[5, 6, 1]),
        (&[&[1, 3], &[3, 1]], &[3, 3]),
        (&[&[1, 0], &[0, 0]], &[0, 0]),
        (&[&[0, 1], &[0, 0]], &[0, 0]),
        (&[&[1, 0], &[0, 1]], &[0, 0]),
        (&[&[1, 1], &[0, 0]], &[0, 0]),
        (&[&[1, 1], &[1, 0]], &[1, 0]),
        (&[&[1, 1], &[0, 1]], &[0, 1]),
        (&[&[], &[0]], &[0]),
        (&[&[0], &[0, 0]], &[0, 0]),
        (&[&[0], &[0, 1]], &[0, 0]),
        (&[&[1], &[0, 0]], &[0, 0]),
        (&[&[], &[0, 0]], &[0, 0]),
        (&[&[1, 1], &[0]], &[1, 0]),
        (&[&[1], &[0, 1]], &[0, 1]),
        (&[&[1], &[1, 0]], &[1, 0]),
        (&[&[], &[1, 0]], &[1, 0]),
        (&[&[], &[0, 1]], &[0, 1]),
        (&[&[1], &[3]], &[3]),
    ];
    for &(shapes, expected) in rows {
        assert_eq!(*broadcast_shapes(shapes).unwrap(), *expected, "{shapes:?}");
    }
    // "broadcast_shapes(*([(1, 2)] * 32))" and "* 100", and gh-5862 "[(2,)] * 32".
    assert_eq!(*broadcast_shapes(&[&[1, 2][..]; 32]).unwrap(), [1, 2]);
    assert_eq!(*broadcast_shapes(&[&[1, 2][..]; 100]).unwrap(), [1, 2]);
    assert_eq!(*broadcast_shapes(&[&[2][..]; 32]).unwrap(), [2]);
}

// test_stride_tricks.py::test_broadcast_shapes_raises (and test_incompatible_shapes_raise_valueerror)
#[test]
fn broadcast_shapes_raises() {
    let rows: &[&[&[i64]]] = &[
        &[&[3], &[4]],
        &[&[2, 3], &[2]],
        &[&[3], &[3], &[4]],
        &[&[1, 3, 4], &[2, 3, 3]],
        &[&[1, 2], &[3, 1], &[3, 2], &[10, 5]],
    ];
    for &shapes in rows {
        let e = broadcast_shapes(shapes).unwrap_err();
        assert_eq!(e.exception(), "ValueError", "{shapes:?}");
        let mut reversed: Vec<&[i64]> = shapes.to_vec();
        reversed.reverse();
        assert!(broadcast_shapes(&reversed).is_err(), "{shapes:?} reversed");
    }
    let mut bad: Vec<&[i64]> = vec![&[2]; 32];
    bad.extend(std::iter::repeat_n(&[3][..], 32));
    assert!(broadcast_shapes(&bad).is_err());
}

// test_stride_tricks.py::test_broadcast_to_succeeds (strides recorded with NumPy 2.4.6)
#[test]
fn broadcast_to_succeeds() {
    // (input shape, target shape, expected strides), float64 inputs.
    let rows: &[(&[i64], &[i64], &[i64])] = &[
        (&[], &[0], &[0]),
        (&[], &[1], &[0]),
        (&[], &[3], &[0]),
        (&[1], &[1], &[0]),
        (&[1], &[2], &[0]),
        (&[1], &[1, 2, 3], &[0, 0, 0]),
        (&[3], &[3], &[8]),
        (&[3], &[1, 3], &[0, 8]),
        (&[3], &[2, 3], &[0, 8]),
        (&[0], &[0], &[8]),
        (&[1], &[0], &[0]),
        (&[1, 2], &[0, 2], &[0, 8]),
        (&[2, 1], &[2, 0], &[8, 0]),
    ];
    for &(from, to, strides) in rows {
        // np.ones / np.arange give contiguous strides; np.ones(0) gets the zero strides of an empty
        // allocation, which a size-0 axis of the result keeps.
        let input = if from == [0] {
            Layout::allocated(from, 8, Order::C).unwrap()
        } else {
            c(from, 8)
        };
        let b = broadcast_to(&input, to).unwrap();
        assert_eq!(*b.shape(), *to, "{from:?} -> {to:?}");
        let expected: Vec<i64> = if from == [0] {
            vec![0]
        } else {
            strides.to_vec()
        };
        assert_eq!(*b.strides(), expected[..], "{from:?} -> {to:?}");
    }
    // The values: np.arange(3) to (2, 3) is [[0, 1, 2], [0, 1, 2]].
    assert_eq!(
        arange_values(&broadcast_to(&c(&[3], 8), &[2, 3]).unwrap()),
        [0, 1, 2, 0, 1, 2]
    );
}

// test_stride_tricks.py::test_broadcast_to_raises
#[test]
fn broadcast_to_raises() {
    let rows: &[(&[i64], &[i64])] = &[
        (&[0], &[]),
        (&[1], &[]),
        (&[3], &[]),
        (&[3], &[1]),
        (&[3], &[2]),
        (&[3], &[4]),
        (&[1, 2], &[2, 1]),
        (&[1, 1], &[1]),
        (&[1], &[-1]),
        (&[1, 2], &[-1, 2]),
    ];
    for &(from, to) in rows {
        let e = broadcast_to(&c(from, 8), to).unwrap_err();
        assert_eq!(e.exception(), "ValueError", "{from:?} -> {to:?}");
    }
}

// test_stride_tricks.py::test_as_strided
#[test]
fn as_strided_views() {
    let a = c(&[4], 8); // np.array([1, 2, 3, 4])
    let v = as_strided(&a, Some(&[2]), Some(&[16])).unwrap();
    // "expected = np.array([1, 3])": elements 0 and 2.
    assert_eq!(arange_values(&v), [0, 2]);
    let v = as_strided(&a, Some(&[3, 4]), Some(&[0, 8])).unwrap();
    // "[[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]"
    assert_eq!(arange_values(&v), [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(as_strided(&a, None, None).unwrap(), a);
}

/// `10 * i + j` at each element of the (rows, 4) int64 array the window tests build.
fn ogrid_values(l: &Layout) -> Vec<i64> {
    Positions::new(l)
        .map(|a| {
            let k = i64::try_from(a).unwrap() / 8;
            10 * (k / 4) + k % 4
        })
        .collect()
}

// test_stride_tricks.py::TestSlidingWindowView
#[test]
fn sliding_window_view_cases() {
    // test_1d: np.arange(5), window 2 -> [[0, 1], [1, 2], [2, 3], [3, 4]]
    let v = sliding_window_view(&c(&[5], 8), &[2], None).unwrap();
    assert_eq!(
        (*v.shape(), *v.strides()),
        ([4, 2].into_dims(), [8, 8].into_dims())
    );
    assert_eq!(arange_values(&v), [0, 1, 1, 2, 2, 3, 3, 4]);
    let arr = c(&[3, 4], 8);
    // test_2d: window (2, 2)
    let v = sliding_window_view(&arr, &[2, 2], None).unwrap();
    assert_eq!(*v.shape(), [2, 3, 2, 2]);
    assert_eq!(*v.strides(), [32, 8, 32, 8]);
    assert_eq!(
        ogrid_values(&v),
        [
            0, 1, 10, 11, 1, 2, 11, 12, 2, 3, 12, 13, 10, 11, 20, 21, 11, 12, 21, 22, 12, 13, 22,
            23
        ]
    );
    // test_2d_with_axis: window 3 on axis 0
    let v = sliding_window_view(&arr, &[3], Some(&[0])).unwrap();
    assert_eq!(*v.shape(), [1, 4, 3]);
    assert_eq!(
        ogrid_values(&v),
        [0, 10, 20, 1, 11, 21, 2, 12, 22, 3, 13, 23]
    );
    // test_2d_repeated_axis: windows (2, 3) both on axis 1
    let v = sliding_window_view(&arr, &[2, 3], Some(&[1, 1])).unwrap();
    assert_eq!(*v.shape(), [3, 1, 2, 3]);
    assert_eq!(*v.strides(), [32, 8, 8, 8]);
    assert_eq!(
        ogrid_values(&v),
        [
            0, 1, 2, 1, 2, 3, 10, 11, 12, 11, 12, 13, 20, 21, 22, 21, 22, 23
        ]
    );
    // test_2d_without_axis: a (4, 4) array, window (2, 3)
    let v = sliding_window_view(&c(&[4, 4], 8), &[2, 3], None).unwrap();
    assert_eq!(*v.shape(), [3, 2, 2, 3]);
    assert_eq!(
        ogrid_values(&v)[..12],
        [0, 1, 2, 10, 11, 12, 1, 2, 3, 11, 12, 13]
    );
    // test_errors
    let arr = c(&[4, 4], 8);
    assert_eq!(
        sliding_window_view(&arr, &[-1, 3], None).unwrap_err(),
        Error::WindowNegative
    );
    assert!(matches!(
        sliding_window_view(&arr, &[1], None),
        Err(Error::WindowAxesMismatch {
            with_axis: false,
            ..
        })
    ));
    assert!(matches!(
        sliding_window_view(&arr, &[1, 3, 4], Some(&[0, 1])),
        Err(Error::WindowAxesMismatch {
            with_axis: true,
            ..
        })
    ));
    assert_eq!(
        sliding_window_view(&arr, &[5, 5], None).unwrap_err(),
        Error::WindowTooLarge
    );
}

trait IntoDims {
    fn into_dims(self) -> stride_core::Dims;
}

impl<const N: usize> IntoDims for [i64; N] {
    fn into_dims(self) -> stride_core::Dims {
        stride_core::Dims::from_slice(&self).unwrap()
    }
}

/// Every byte the elements of `l` cover.
fn bytes(l: &Layout) -> HashSet<i128> {
    Positions::new(l)
        .flat_map(|a| (0..i128::from(l.itemsize())).map(move |b| a + b))
        .collect()
}

/// `check_may_share_memory_exact`, with the set of touched bytes standing in for NumPy's
/// fill-and-look oracle.
fn check_exact(a: &Layout, b: &Layout, what: &str) {
    let truth = !bytes(a).is_disjoint(&bytes(b));
    assert_eq!(
        shares_memory(a, b, EXACT),
        if truth { Overlap::Yes } else { Overlap::No },
        "{what}: {a:?} / {b:?}"
    );
}

// test_mem_overlap.py::test_may_share_memory_manual
#[test]
fn may_share_memory_manual() {
    let plain = c(&[13, 21, 23, 22], 1);
    let spaced = index(
        &c(&[13, 21, 46, 22], 1),
        &[ALL, ALL, s(None, None, Some(2)), ALL],
    )
    .unwrap()
    .layout;
    for base in [plain, spaced] {
        // "Generate all negative stride combinations"
        for flips in 0..16u32 {
            let items: Vec<IndexItem> = (0..4)
                .map(|k| {
                    if flips & (1 << k) != 0 {
                        s(None, None, Some(-1))
                    } else {
                        ALL
                    }
                })
                .collect();
            let x = index(&base, &items).unwrap().layout;
            let row = |i: i64| index(&x, &[ALL, IndexItem::Int(i), ALL]).unwrap().layout;
            // "The default is a simple extent check"
            assert!(may_share_memory(&row(0), &row(1)));
            check_exact(&row(0), &row(1), "x[:, 0, :] / x[:, 1, :]");
            let a = index(&x, &[ALL, s(None, None, Some(7))]).unwrap().layout;
            let b = index(&x, &[ALL, s(Some(3), None, Some(3))]).unwrap().layout;
            check_exact(&a, &b, "x[:, ::7] / x[:, 3::3]");
        }
    }
    // "Test itemsize is dealt with": the plain base read as int16 (x.ravel().view(np.int16)
    // .reshape(13, 21, 23, 11)), where ravel is a view.
    let xp = c(&[13, 21, 23, 11], 2);
    let flat = view(ravel(&plain, MemOrder::C).unwrap());
    let every7 = index(&plain, &[ALL, s(None, None, Some(7))])
        .unwrap()
        .layout;
    let xp7 = index(&xp, &[ALL, s(None, None, Some(7))]).unwrap().layout;
    let xp33 = index(&xp, &[ALL, s(Some(3), None, Some(3))])
        .unwrap()
        .layout;
    // "0-size arrays cannot overlap"
    let empty = index(&flat, &[s(Some(6), Some(6), None)]).unwrap().layout;
    assert_eq!(shares_memory(&empty, &xp7, EXACT), Overlap::No);
    check_exact(&every7, &xp, "x[:, ::7] / xp");
    check_exact(&every7, &xp33, "x[:, ::7] / xp[:, 3::3]");
    let one = index(&flat, &[s(Some(6), Some(7), None)]).unwrap().layout;
    check_exact(&one, &xp7, "x.ravel()[6:7] / xp[:, ::7]");
    // "Check unit size"
    let unit = c(&[1], 1);
    assert_eq!(shares_memory(&unit, &unit, EXACT), Overlap::Yes);
}

// test_mem_overlap.py::test_shares_memory_api
#[test]
fn shares_memory_api() {
    let x = c(&[4, 5, 6], 1);
    assert_eq!(shares_memory(&x, &x, EXACT), Overlap::Yes);
    let a = index(&x, &[ALL, s(None, None, Some(2)), s(None, None, Some(3))])
        .unwrap()
        .layout;
    let b = index(&x, &[ALL, s(None, None, Some(3)), s(None, None, Some(2))])
        .unwrap()
        .layout;
    assert_eq!(shares_memory(&a, &b, EXACT), Overlap::Yes);
    // "assert_raises(np.exceptions.TooHardError, np.shares_memory, a, b, max_work=1)"
    assert_eq!(shares_memory(&a, &b, 1), Overlap::TooHard);
}

/// The views `iter_random_view_pairs` makes of one array: random slices (negative steps
/// included) with common steps, then random transposes; a small generator of our own.
struct Pairs(u64);

impl Pairs {
    fn next(&mut self, bound: i64) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as i64
    }

    fn slice(&mut self, n: i64, step: i64) -> IndexItem {
        let start = self.next(n + 1);
        let stop = start + self.next(n + 1 - start);
        if self.next(2) == 0 {
            s(Some(stop), Some(start), Some(-step))
        } else {
            s(Some(start), Some(stop), Some(step))
        }
    }

    fn view(&mut self, x: &Layout, steps: &[i64]) -> Layout {
        let items: Vec<IndexItem> = x
            .shape()
            .iter()
            .zip(steps)
            .map(|(&n, &st)| self.slice(n, st))
            .collect();
        let v = index(x, &items).unwrap().layout;
        let mut perm: Vec<i64> = (0..x.ndim() as i64).collect();
        for k in (1..perm.len()).rev() {
            perm.swap(k, self.next(k as i64 + 1) as usize);
        }
        transpose(&v, &perm).unwrap()
    }
}

// test_mem_overlap.py::test_may_share_memory_easy_fuzz: with common strides, a work bound of 1
// is enough for the exact answer.
#[test]
fn may_share_memory_easy_fuzz() {
    let x = c(&[7, 9, 11, 5], 2);
    let mut rng = Pairs(1234);
    let (mut feasible, mut infeasible) = (0, 0);
    while feasible.min(infeasible) < 300 {
        let steps: Vec<i64> = (0..4)
            .map(|_| {
                if rng.next(5) == 0 {
                    1 + rng.next(10)
                } else {
                    1
                }
            })
            .collect();
        let a = rng.view(&x, &steps);
        let b = rng.view(&x, &steps);
        let exact = shares_memory(&a, &b, EXACT);
        assert_eq!(shares_memory(&a, &b, 1), exact, "{a:?} / {b:?}");
        check_exact(&a, &b, "easy fuzz");
        if may_share_memory(&a, &b) {
            if exact == Overlap::Yes {
                feasible += 1;
            } else {
                infeasible += 1;
            }
        }
    }
}

// test_regression.py::test_reshape_trailing_ones_strides (gh-2949)
#[test]
fn reshape_trailing_ones_strides() {
    let a = index(&c(&[12], 4), &[s(None, None, Some(2))])
        .unwrap()
        .layout;
    let r = |order| *view(reshape(&a, &[3, 2, 1, 1], order, CopyMode::IfNeeded).unwrap()).strides();
    assert_eq!(r(MemOrder::C), [16, 8, 8, 8]);
    assert_eq!(r(MemOrder::F), [8, 24, 48, 48]);
    let scalar = Layout::zero_d(4);
    assert_eq!(
        *view(reshape(&scalar, &[1, 1], MemOrder::C, CopyMode::IfNeeded).unwrap()).strides(),
        [4, 4]
    );
}

// test_regression.py::test_reshape_zero_strides (issue #380)
#[test]
fn reshape_zero_strides() {
    let a = as_strided(&c(&[1], 8), Some(&[5]), Some(&[0])).unwrap();
    let r = view(reshape(&a, &[5, 1], MemOrder::C, CopyMode::IfNeeded).unwrap());
    assert_eq!(r.strides()[0], 0);
}

// test_regression.py::test_reshape_order
#[test]
fn reshape_order() {
    // np.arange(6).reshape(2, 3, order='F') == [[0, 2, 4], [1, 3, 5]]
    let a = view(reshape(&c(&[6], 8), &[2, 3], MemOrder::F, CopyMode::IfNeeded).unwrap());
    assert_eq!(arange_values(&a), [0, 2, 4, 1, 3, 5]);
    // a[:, 1].reshape(2, 2, order='F') == [[2, 6], [4, 8]] for a = [[1, 2], [3, 4], [5, 6],
    // [7, 8]]: elements 1, 5, 3, 7 of the buffer.
    let col = index(&c(&[4, 2], 8), &[ALL, IndexItem::Int(1)])
        .unwrap()
        .layout;
    let r = view(reshape(&col, &[2, 2], MemOrder::F, CopyMode::IfNeeded).unwrap());
    assert_eq!(arange_values(&r), [1, 5, 3, 7]);
}

// test_regression.py::test_reshape_size_overflow (gh-7455): a shape whose product wraps to 10
#[test]
fn reshape_size_overflow() {
    let a = index(&c(&[20], 8), &[s(None, None, Some(2))])
        .unwrap()
        .layout;
    let shape = [2, 13, 419, 691, 823, 2_977_518_503];
    assert_eq!(
        reshape(&a, &shape, MemOrder::C, CopyMode::IfNeeded)
            .unwrap_err()
            .exception(),
        "ValueError"
    );
}

// test_numeric.py::test_reshape_copy_arg
#[test]
fn reshape_copy_arg() {
    let arr = c(&[2, 3, 4], 8);
    let arr_f = Layout::contiguous(&[2, 3, 4], 8, Order::F).unwrap();
    let r = |l: &Layout, order, copy| reshape(l, &[12, 2], order, copy).unwrap().is_view();
    assert!(r(&arr, MemOrder::C, CopyMode::IfNeeded));
    assert!(r(&arr_f, MemOrder::F, CopyMode::IfNeeded));
    assert!(r(&arr, MemOrder::C, CopyMode::Never));
    assert!(!r(&arr, MemOrder::C, CopyMode::Always));
    assert!(!r(&arr, MemOrder::F, CopyMode::Always));
    assert!(!r(&arr, MemOrder::F, CopyMode::IfNeeded));
    // "Unable to avoid creating a copy while reshaping."
    for (l, order) in [(&arr, MemOrder::F), (&arr_f, MemOrder::C)] {
        let e = reshape(l, &[12, 2], order, CopyMode::Never).unwrap_err();
        assert_eq!(e, Error::ReshapeNeedsCopy);
        assert_eq!(
            std::format!("{e}"),
            "Unable to avoid creating a copy while reshaping."
        );
    }
}

// test_multiarray.py::TestMethods::test_reshape
#[test]
fn reshape_method() {
    // arr = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]: element k holds k + 1.
    let arr = c(&[4, 3], 8);
    let plus1 = |l: &Layout| arange_values(l).iter().map(|v| v + 1).collect::<Vec<_>>();
    let counting: Vec<i64> = (1..=12).collect();
    // arr.reshape(2, 6) and arr.reshape(3, 4) are views reading 1..12 in row order.
    for shape in [[2, 6], [3, 4]] {
        let v = view(reshape(&arr, &shape, MemOrder::C, CopyMode::IfNeeded).unwrap());
        assert_eq!(plus1(&v), counting);
    }
    // arr.reshape((3, 4), order='F') == [[1, 10, 8, 6], [4, 2, 11, 9], [7, 5, 3, 12]]: a copy
    // of arr read in F order (arr.T in C order) and written in F order.
    let r = reshape(&arr, &[3, 4], MemOrder::F, CopyMode::IfNeeded).unwrap();
    assert!(!r.is_view());
    assert!(r.layout().is_f_contiguous());
    let read = plus1(&reversed(&arr));
    let placed: Vec<i64> = (0..3)
        .flat_map(|i| (0..4).map(move |j| (i, j)))
        .map(|(i, j)| read[i + 3 * j])
        .collect();
    assert_eq!(placed, [1, 10, 8, 6, 4, 2, 11, 9, 7, 5, 3, 12]);
    // arr.T.reshape((3, 4), order='C') == [[1, 4, 7, 10], [2, 5, 8, 11], [3, 6, 9, 12]]: the
    // same shape, so arr.T itself.
    let t = view(reshape(&reversed(&arr), &[3, 4], MemOrder::C, CopyMode::IfNeeded).unwrap());
    assert_eq!(t, reversed(&arr));
    assert_eq!(plus1(&t), [1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12]);
}

// test_multiarray.py::TestMethods::test_ravel
#[test]
fn ravel_views_and_copies() {
    let a = c(&[2, 2], 8);
    for order in [MemOrder::C, MemOrder::A, MemOrder::K] {
        assert!(ravel(&a, order).unwrap().is_view(), "{order:?}");
    }
    assert!(!ravel(&a, MemOrder::F).unwrap().is_view());
    let f = Layout::contiguous(&[2, 2], 8, Order::F).unwrap();
    for order in [MemOrder::A, MemOrder::K, MemOrder::F] {
        let v = view(ravel(&f, order).unwrap());
        assert_eq!(arange_values(&v), [0, 1, 2, 3], "{order:?}"); // memory order: [0, 2, 1, 3]
    }
    // a = np.array([[0, 1], [2, 3]])[::-1, :]: "'K' doesn't reverse the axes of negative strides"
    let flipped = index(&a, &[s(None, None, Some(-1))]).unwrap().layout;
    assert!(!ravel(&flipped, MemOrder::K).unwrap().is_view());
    let order = iteration_order(&flipped);
    assert_eq!(
        arange_values(&transpose(&flipped, &order).unwrap()),
        [2, 3, 0, 1]
    );
    // "Test simple 1-d copy behaviour": np.arange(10)[::2] copies in every order.
    let every2 = index(&c(&[10], 8), &[s(None, None, Some(2))])
        .unwrap()
        .layout;
    for order in [MemOrder::K, MemOrder::C, MemOrder::F] {
        assert!(!ravel(&every2, order).unwrap().is_view(), "{order:?}");
    }
    // "Not contiguous and 1-sized axis with non matching stride": strides (64, 123, 16, 32),
    // ravel('K') copies and reads [0, 2, 4, ..., 14].
    let odd = Layout::new(&[2, 1, 2, 2], &[64, 123, 16, 32], 0, 8).unwrap();
    assert!(!ravel(&odd, MemOrder::K).unwrap().is_view());
    let walk = transpose(&odd, &iteration_order(&odd)).unwrap();
    assert_eq!(arange_values(&walk), [0, 2, 4, 6, 8, 10, 12, 14]);
    // "contiguous and 1-sized axis with non matching stride works": (32, 123, 8, 16)
    let dense = Layout::new(&[2, 1, 2, 2], &[32, 123, 8, 16], 0, 8).unwrap();
    let v = view(ravel(&dense, MemOrder::K).unwrap());
    assert_eq!(arange_values(&v), [0, 1, 2, 3, 4, 5, 6, 7]);
    // "1-element tidy strides test": ravel('K').strides == (itemsize,)
    let tidy = Layout::new(&[1, 1], &[123, 432], 0, 8).unwrap();
    assert_eq!(*view(ravel(&tidy, MemOrder::K).unwrap()).strides(), [8]);
    // "0-d corner case": a view in every order
    for order in [MemOrder::C, MemOrder::F, MemOrder::A, MemOrder::K] {
        assert!(
            ravel(&Layout::zero_d(8), order).unwrap().is_view(),
            "{order:?}"
        );
    }
    // "Test that certain non-inplace ravels work right (mostly) for 'K'"
    let b = index(&c(&[32], 8), &[s(None, None, Some(2))])
        .unwrap()
        .layout;
    let b = view(reshape(&b, &[2, 2, 2, 2], MemOrder::C, CopyMode::IfNeeded).unwrap());
    let a = index(&b, &[IndexItem::Ellipsis, s(None, None, Some(2))])
        .unwrap()
        .layout;
    let k = transpose(&a, &iteration_order(&a)).unwrap();
    assert_eq!(arange_values(&k), [0, 4, 8, 12, 16, 20, 24, 28]);
    assert_eq!(arange_values(&reversed(&a)), [0, 16, 8, 24, 4, 20, 12, 28]);
    let a = index(&b, &[s(None, None, Some(2)), IndexItem::Ellipsis])
        .unwrap()
        .layout;
    let k = transpose(&a, &iteration_order(&a)).unwrap();
    assert_eq!(arange_values(&k), [0, 2, 4, 6, 8, 10, 12, 14]);
    assert_eq!(arange_values(&reversed(&a)), [0, 8, 4, 12, 2, 10, 6, 14]);
}

// test_multiarray.py::TestMethods::test_swapaxes: every pair of axes of a (1, 2, 3, 4) array, on
// a contiguous input and on the result of the previous swap.
#[test]
fn swapaxes_every_pair() {
    let a = c(&[1, 2, 3, 4], 8);
    let mut b = a;
    for bad in [(-5, 0), (4, 0), (0, -5), (0, 4)] {
        assert_eq!(
            swapaxes(&a, bad.0, bad.1).unwrap_err().exception(),
            "AxisError"
        );
    }
    for i in -4i64..4 {
        for j in -4i64..4 {
            for src in [a, b] {
                let out = swapaxes(&src, i, j).unwrap();
                let (ui, uj) = (i.rem_euclid(4) as usize, j.rem_euclid(4) as usize);
                let mut shape = src.shape().to_vec();
                shape.swap(ui, uj);
                assert_eq!(*out.shape(), shape[..], "({i}, {j})");
                // the same element at the swapped index
                for flat in 0..out.size() {
                    let mut idx = stride_core::footprint::unravel(out.shape(), flat).to_vec();
                    let at = out.address(&idx);
                    idx.swap(ui, uj);
                    assert_eq!(src.address(&idx), at, "({i}, {j})");
                }
                if src == b {
                    b = out;
                }
            }
        }
    }
}

// test_multiarray.py::TestMethods::test_squeeze and test_transpose
#[test]
fn squeeze_and_transpose() {
    let a = c(&[1, 3, 1], 8);
    assert_eq!(*stride_core::axes::squeeze_all(&a).shape(), [3]);
    assert_eq!(
        *stride_core::axes::squeeze(&a, &[0]).unwrap().shape(),
        [3, 1]
    );
    assert_eq!(
        stride_core::axes::squeeze(&a, &[1]).unwrap_err(),
        Error::SqueezeNotOne
    );
    assert_eq!(
        *stride_core::axes::squeeze(&a, &[2]).unwrap().shape(),
        [1, 3]
    );
    let m = c(&[2, 2], 8);
    assert_eq!(arange_values(&reversed(&m)), [0, 2, 1, 3]);
    assert_eq!(transpose(&m, &[0]).unwrap_err(), Error::AxesDontMatch);
    assert_eq!(
        transpose(&m, &[0, 0]).unwrap_err(),
        Error::RepeatedAxisInTranspose
    );
    assert_eq!(transpose(&m, &[0, 1, 2]).unwrap_err(), Error::AxesDontMatch);
}

// test_multiarray.py::TestNewaxis::test_newaxis (shapes of a 0-d array indexed with None)
#[test]
fn newaxis_on_a_scalar() {
    let a = Layout::zero_d(8);
    let n = IndexItem::NewAxis;
    let e = IndexItem::Ellipsis;
    let rows: &[(&[IndexItem], &[i64])] = &[
        (&[n], &[1]),
        (&[e, n], &[1]),
        (&[n, e], &[1]),
        (&[n, e, n], &[1, 1]),
        (&[e, n, n], &[1, 1]),
        (&[n, n, e], &[1, 1]),
        (&[n; 10], &[1; 10]),
    ];
    for &(items, shape) in rows {
        assert_eq!(
            *index(&a, items).unwrap().layout.shape(),
            *shape,
            "{items:?}"
        );
    }
}

// test_api.py::test_contiguous_flags and test_regression.py::test_squeeze_contiguous
#[test]
fn contiguous_flags() {
    // a = as_strided(np.ones((4, 4, 1))[::2, :, :], strides=a.strides[:2] + (-123,))
    let a = Layout::new(&[2, 4, 1], &[64, 8, -123], 0, 8).unwrap();
    // b = np.ones((2, 2, 1, 2, 2)).swapaxes(3, 4)
    let b = swapaxes(&c(&[2, 2, 1, 2, 2], 8), 3, 4).unwrap();
    let flags = |l: &Layout| (l.is_c_contiguous(), l.is_f_contiguous());
    assert_eq!(flags(&a), (false, false));
    assert_eq!(flags(&b), (false, false));
    assert_eq!(
        flags(&Layout::allocated(&[2, 2, 0, 2, 2], 8, Order::C).unwrap()),
        (true, true)
    );
    // np.array([[[1], [2]]], order='F')
    assert_eq!(
        flags(&Layout::contiguous(&[1, 2, 1], 8, Order::F).unwrap()),
        (true, true)
    );
    assert_eq!(flags(&c(&[2, 2], 8)), (true, false));
    assert_eq!(
        flags(&Layout::contiguous(&[2, 2], 8, Order::F).unwrap()),
        (false, true)
    );
    // "Check slicing update of flags"
    assert_eq!(
        flags(&index(&a, &[IndexItem::Int(0)]).unwrap().layout),
        (true, true)
    );
    let items = [
        IndexItem::NewAxis,
        s(None, None, Some(4)),
        IndexItem::Ellipsis,
        IndexItem::NewAxis,
    ];
    assert_eq!(flags(&index(&a, &items).unwrap().layout), (true, true));
    let b00 = index(
        &b,
        &[IndexItem::Int(0), IndexItem::Int(0), IndexItem::Ellipsis],
    )
    .unwrap()
    .layout;
    assert_eq!(flags(&b00), (false, true));
    let empty = index(&b, &[ALL, ALL, s(Some(0), Some(0), None)])
        .unwrap()
        .layout;
    assert_eq!(flags(&empty), (true, true));
    // "Test ravel and squeeze."
    let r = ravel(&a, MemOrder::C).unwrap();
    assert_eq!(flags(r.layout()), (true, true));
    assert_eq!(
        flags(&stride_core::axes::squeeze_all(&c(&[1, 3, 1], 8))),
        (true, true)
    );
    // test_squeeze_contiguous: np.zeros((1, 2)).squeeze() is both; np.zeros((2, 2, 2),
    // order='F')[:, :, ::2].squeeze() is F-contiguous.
    assert_eq!(
        flags(&stride_core::axes::squeeze_all(&c(&[1, 2], 8))),
        (true, true)
    );
    let f = Layout::contiguous(&[2, 2, 2], 8, Order::F).unwrap();
    let f = index(&f, &[ALL, ALL, s(None, None, Some(2))])
        .unwrap()
        .layout;
    assert!(stride_core::axes::squeeze_all(&f).is_f_contiguous());
}
