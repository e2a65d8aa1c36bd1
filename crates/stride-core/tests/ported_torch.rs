//! Cases ported from PyTorch's `test/test_view_ops.py` (the copy stored at pytorch/pytorch
//! commit 9c491bc3; every expected stride below was checked by running PyTorch 2.15.0, CPU),
//! rewritten as tables over stride-core's PyTorch rules. Layouts are in bytes with float32's item
//! size 4; [`elements`] turns strides back into PyTorch's element counts. Each block names the
//! upstream test it comes from.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use stride_core::footprint::{Positions, unravel};
use stride_core::index::{IndexItem, Slice, index};
use stride_core::torch::{expand, is_contiguous, reshape, transpose, unsqueeze, view};
use stride_core::{Error, Layout, Order};

const ITEM: i64 = 4;

fn tensor(shape: &[i64]) -> Layout {
    Layout::contiguous(shape, ITEM, Order::C).unwrap()
}

fn elements(l: &Layout) -> Vec<i64> {
    l.strides().iter().map(|s| s / ITEM).collect()
}

/// The element each position of `l` reads, counted in items from the storage's start.
fn reads(l: &Layout) -> Vec<i64> {
    Positions::new(l)
        .map(|a| i64::try_from(a).unwrap() / ITEM)
        .collect()
}

/// `torch.rand(4, 2, 5, 1, 6, 2, 9, 3).transpose(-1, 2).transpose(-2, 3)`.
fn not_contiguous_in_every_dim() -> Layout {
    let t = tensor(&[4, 2, 5, 1, 6, 2, 9, 3]);
    transpose(&transpose(&t, -1, 2).unwrap(), -2, 3).unwrap()
}

// test_view_ops.py::TestOldViewOps::test_view, first part
#[test]
fn view_sizes_and_inference() {
    let t = tensor(&[15]);
    for shape in [&[3, 5][..], &[-1, 5], &[3, -1]] {
        assert_eq!(*view(&t, shape).unwrap().shape(), [3, 5], "{shape:?}");
    }
    assert_eq!(*view(&t, &[5, 3]).unwrap().shape(), [5, 3]);
    let empty = tensor(&[0]);
    assert_eq!(*view(&empty, &[0]).unwrap().shape(), [0]);
    let v = view(&empty, &[0, 3, 0, 1]).unwrap();
    assert_eq!(
        (v.shape().to_vec(), elements(&v)),
        (vec![0, 3, 0, 1], vec![3, 1, 1, 1])
    );
    // "test size inference with empty tensors"
    assert_eq!(*view(&empty, &[-1]).unwrap().shape(), [0]);
    let v = view(&empty, &[10, 3, -1]).unwrap();
    assert_eq!(
        (v.shape().to_vec(), elements(&v)),
        (vec![10, 3, 0], vec![3, 1, 1])
    );
    // "because the unspecified dimension size -1 can be any value"
    for shape in [&[-1, 0][..], &[3, 0, -1, 0]] {
        assert!(matches!(
            view(&empty, shape),
            Err(Error::TorchAmbiguousUnknown { .. })
        ));
    }
    assert!(matches!(
        view(&t, &[15, 0]),
        Err(Error::TorchShapeSize { .. })
    ));
    assert!(matches!(
        view(&t, &[7, -1]),
        Err(Error::TorchShapeSize { .. })
    ));
    assert_eq!(
        view(&t, &[15, -1, -1]).unwrap_err(),
        Error::TorchMultipleUnknown
    );
}

// test_view_ops.py::TestOldViewOps::test_view, "test view when tensor is not contiguous in every
// dimension, but only contiguous dimensions are touched"
#[test]
fn view_of_a_tensor_contiguous_in_chunks() {
    let t = not_contiguous_in_every_dim();
    assert_eq!(*t.shape(), [4, 2, 3, 9, 6, 2, 1, 5]);
    // Upstream's comment says [3840, 1620, …]; PyTorch gives 3240 (= 1620 · 2), as here.
    assert_eq!(elements(&t), [3240, 1620, 1, 3, 54, 27, 324, 324]);
    let rows: &[(&[i64], &[i64])] = &[
        // [4, 2] => [8, 1]; [3] => [3]; [9] => [3, 3]; [6, 2] => [4, 1, 3]; [1, 5] => [5]
        (
            &[8, 1, 3, 3, 3, 4, 1, 3, 5],
            &[1620, 3, 1, 9, 3, 81, 81, 27, 324],
        ),
        // [4, 2] => [2, 4]; [3] => [3]; [9] => [1, 9]; [6, 2] => [2, 2, 3]; [1, 5] => [5, 1]
        (
            &[2, 4, 3, 1, 9, 2, 2, 3, 5, 1],
            &[6480, 1620, 1, 27, 3, 162, 81, 27, 324, 324],
        ),
        // "adding size 1 dims"
        (
            &[1, 1, 2, 1, 4, 3, 1, 1, 9, 1, 2, 1, 2, 3, 1, 5, 1, 1],
            &[
                12960, 12960, 6480, 6480, 1620, 1, 27, 27, 3, 324, 162, 162, 81, 27, 1620, 324,
                324, 324,
            ],
        ),
    ];
    for &(shape, strides) in rows {
        let v = view(&t, shape).unwrap();
        assert_eq!(elements(&v), strides, "{shape:?}");
        // "self.assertEqual(tensor.view(*view_size), contig_tensor.view(*view_size))": the view
        // reads, in row order, what the tensor reads in row order.
        assert_eq!(reads(&v), reads(&t), "{shape:?}");
    }
    // "invalid views": all, crossing [4, 2] [3], crossing [6, 2] [1, 5], crossing [9] [6, 2]
    for shape in [
        &[-1][..],
        &[24, 9, 6, 2, 1, 5],
        &[8, 3, 9, 6, 10],
        &[8, 3, 54, 2, 1, 5],
    ] {
        assert_eq!(
            view(&t, shape).unwrap_err(),
            Error::TorchViewIncompatible,
            "{shape:?}"
        );
    }
}

// test_view_ops.py::TestOldViewOps::test_view, "view with stride 0 dims"
#[test]
fn view_of_an_expanded_tensor() {
    let t = expand(&tensor(&[1, 1]), &[3, 4]).unwrap();
    assert_eq!(elements(&t), [0, 0]);
    for shape in [&[-1][..], &[1, -1, 1], &[-1, 1], &[6, 2, 1], &[1, 6, 2, 1]] {
        let v = view(&t, shape).unwrap();
        assert!(elements(&v).iter().all(|&s| s == 0), "{shape:?}");
        assert_eq!(v.size(), 12);
    }
}

// test_view_ops.py::TestOldViewOps::test_expand
#[test]
fn expand_cases() {
    let t = tensor(&[1, 8, 1]);
    let t2 = tensor(&[5]);
    for (source, strides) in [(&t, [0, 1, 0]), (&t2, [0, 0, 1])] {
        let e = expand(source, &[4, 8, 5]).unwrap();
        assert_eq!(
            (e.shape().to_vec(), elements(&e)),
            (vec![4, 8, 5], strides.to_vec())
        );
    }
    // "test double expand": tensor2.expand(1, 5).expand(2, 2, 5) == tensor2.repeat(2, 2, 1)
    let twice = expand(&expand(&t2, &[1, 5]).unwrap(), &[2, 2, 5]).unwrap();
    assert_eq!(elements(&twice), [0, 0, 1]);
    assert_eq!(reads(&twice), [0, 1, 2, 3, 4].repeat(4));
    // "test non-contiguous": torch.randn(5, 2, 1, 3)[:, 0], expanded to (2, 5, 4, 3), equals
    // noncontig.contiguous().repeat(2, 1, 4, 1)
    let whole = tensor(&[5, 2, 1, 3]);
    let noncontig = index(&whole, &[IndexItem::Slice(Slice::FULL), IndexItem::Int(0)])
        .unwrap()
        .layout;
    assert!(!is_contiguous(&noncontig));
    let e = expand(&noncontig, &[2, 5, 4, 3]).unwrap();
    assert_eq!(elements(&e), [0, 6, 0, 1]);
    for (flat, &got) in reads(&e).iter().enumerate() {
        let idx = unravel(e.shape(), flat as i64);
        // repeat(2, 1, 4, 1) of the contiguous (5, 1, 3): element [i, 0, k] for index [_, i, _, k]
        assert_eq!(got, idx[1] * 6 + idx[3], "{idx:?}");
    }
    // "make sure it's compatible with unsqueeze"
    let expanded = expand(&t2, &[1, 1, 5]).unwrap();
    let unsqueezed = unsqueeze(&unsqueeze(&t2, 0).unwrap(), 1).unwrap();
    assert_eq!(expanded.strides(), unsqueezed.strides());
    assert_eq!(elements(&expanded), [5, 5, 1]);
    // "test -1 as target size"
    assert_eq!(
        expand(&t, &[4, -1, 5]).unwrap(),
        expand(&t, &[4, 8, 5]).unwrap()
    );
    assert_eq!(
        expand(&t2, &[-1, -1]).unwrap_err(),
        Error::TorchExpandNewMinusOne { dim: 0 }
    );
    // "test expanding empty to empty"
    assert_eq!(*expand(&tensor(&[0]), &[0]).unwrap().shape(), [0]);
}

// test_view_ops.py::TestOldViewOps::test_contiguous: "change the stride in dimension 0. the tensor
// is still contiguous because size[0] is 1"
#[test]
fn a_size_one_dimension_keeps_contiguity() {
    let x = tensor(&[1, 16, 5, 5]);
    assert!(is_contiguous(&x));
    assert_eq!(elements(&x), [400, 25, 5, 1]);
    let changed = Layout::new(&[1, 16, 5, 5], &[20 * ITEM, 100, 20, 4], 0, ITEM).unwrap();
    assert!(is_contiguous(&changed));
}

// test_view_ops.py::TestOldViewOps::test_reshape (views are the same data_ptr)
#[test]
fn reshape_views_and_copies() {
    let x = tensor(&[3, 3]);
    assert!(reshape(&x, &[-1]).unwrap().1);
    assert!(reshape(&x, &[1, 9, 1]).unwrap().1);
    assert_eq!(
        reshape(&x, &[-1, -1]).unwrap_err(),
        Error::TorchMultipleUnknown
    );
    // y = torch.randn(4, 4, 4)[:, 0, :]: reshape(-1) copies, reshape(2, 2, 4) does not
    let y = index(
        &tensor(&[4, 4, 4]),
        &[IndexItem::Slice(Slice::FULL), IndexItem::Int(0)],
    )
    .unwrap()
    .layout;
    assert!(!reshape(&y, &[-1]).unwrap().1);
    let (v, kept) = reshape(&y, &[2, 2, 4]).unwrap();
    assert!(kept);
    assert_eq!(elements(&v), [32, 16, 1]);
    // s = torch.randn(()): reshape(()) keeps it, reshape(-1) is (1,), reshape(2) fails
    let s = Layout::zero_d(ITEM);
    assert!(reshape(&s, &[]).unwrap().1);
    assert_eq!(*reshape(&s, &[-1]).unwrap().0.shape(), [1]);
    assert!(matches!(
        reshape(&s, &[2]),
        Err(Error::TorchShapeSize { .. })
    ));
    // empty = torch.tensor([]): [0, 1] and [1, -1] -> (1, 0); reshape(1) fails
    let empty = tensor(&[0]);
    assert_eq!(*reshape(&empty, &[0, 1]).unwrap().0.shape(), [0, 1]);
    assert_eq!(*reshape(&empty, &[1, -1]).unwrap().0.shape(), [1, 0]);
    assert!(matches!(
        reshape(&empty, &[1]),
        Err(Error::TorchShapeSize { .. })
    ));
    // test_empty_reshape: torch.randn(0, 6).reshape(1, 0, 6, 1, 1) is a view; reshape(0, -1)
    // fails ("match NumPy semantics -- don't infer the size of dimension with a degree of
    // freedom")
    let e = tensor(&[0, 6]);
    let (v, kept) = reshape(&e, &[1, 0, 6, 1, 1]).unwrap();
    assert!(kept);
    assert_eq!(*v.shape(), [1, 0, 6, 1, 1]);
    assert!(reshape(&e, &[0, -1]).is_err());
}

// test_view_ops.py::TestOldViewOps::test_reshape_view_semantics: (15, 4) to (20, 3) is a view;
// after a transpose it must copy.
#[test]
fn reshape_view_semantics() {
    let t = tensor(&[15, 4]);
    assert!(reshape(&t, &[20, 3]).unwrap().1);
    let tt = transpose(&t, 0, 1).unwrap();
    let (copy, kept) = reshape(&tt, &[20, 3]).unwrap();
    assert!(!kept);
    assert_eq!(*copy.shape(), [20, 3]);
}
