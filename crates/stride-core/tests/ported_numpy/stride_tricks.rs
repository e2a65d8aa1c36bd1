//! `test_stride_tricks.py`: broadcast_shapes, broadcast_to, as_strided, sliding_window_view.

use super::{arange_values, c};
use stride_core::broadcast::{broadcast_shapes, broadcast_to};
use stride_core::footprint::Positions;
use stride_core::windows::{as_strided, sliding_window_view};
use stride_core::{Error, Layout, Order};

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
