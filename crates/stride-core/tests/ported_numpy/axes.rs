//! `test_multiarray.py` and `test_api.py`: swapaxes, squeeze, transpose, newaxis, contiguity flags.

use super::{ALL, arange_values, c, s};
use stride_core::axes::{reversed, swapaxes, transpose};
use stride_core::index::{IndexItem, index};
use stride_core::reshape::{MemOrder, ravel};
use stride_core::{Error, Layout, Order};

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
