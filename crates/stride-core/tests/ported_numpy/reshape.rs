//! `test_regression.py`, `test_numeric.py`, `test_multiarray.py`: reshape and ravel.

use super::{ALL, arange_values, c, s, view};
use stride_core::axes::{reversed, transpose};
use stride_core::copy::iteration_order;
use stride_core::index::{IndexItem, index};
use stride_core::reshape::{CopyMode, MemOrder, ravel, reshape};
use stride_core::windows::as_strided;
use stride_core::{Error, Layout, Order};

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
