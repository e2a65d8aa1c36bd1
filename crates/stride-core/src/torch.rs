//! PyTorch's rules where they differ from NumPy's. PyTorch counts strides and the storage offset in
//! elements and has no negative strides; the layouts here are still in bytes, like every layout of
//! the core, and the caller divides by the item size to show them.
//!
//! - `view` (`computeStride` in `aten/src/ATen/TensorUtils.cpp`, release 2.x): old axes are cut into
//!   chunks that are contiguous with each other; new axes must split into chunks of the same sizes.
//! - `expand` (`inferExpandGeometry`, in `torch/expand.rs`): only axes that grow from 1 get
//!   stride 0.
//! - [`memory_format`]: the channels-last order a 4-d or 5-d tensor's strides suggest, which
//!   `torch.cat` and `torch.stack` give their result.
//! - `unsqueeze`, `squeeze(dim)`, `transpose`, `permute`, `mT`, and slicing with positive steps.

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::index::{Slice, SliceRange};
use crate::layout::{Layout, Order};

mod expand;
pub mod memory_format;
pub use expand::expand;

/// Wraps a PyTorch dim into `0..rank` (`maybe_wrap_dim`; a 0-d tensor accepts -1 and 0).
pub fn wrap_dim(dim: i64, rank: usize) -> Result<usize, Error> {
    let r = rank.max(1) as i64;
    if dim < -r || dim >= r {
        return Err(Error::TorchDimOutOfRange { dim, rank });
    }
    Ok(if dim < 0 {
        (dim + r) as usize
    } else {
        dim as usize
    })
}

/// `infer_size`: resolves one -1 against `numel`, with PyTorch's messages.
pub fn infer_size(numel: i64, shape: &[i64]) -> Result<Dims, Error> {
    let mut dims = Dims::from_slice(shape)?;
    let mut unknown = None;
    let mut known: i64 = 1;
    for (k, &d) in shape.iter().enumerate() {
        if d == -1 {
            if unknown.is_some() {
                return Err(Error::TorchMultipleUnknown);
            }
            unknown = Some(k);
        } else if d >= 0 {
            known = known.saturating_mul(d);
        } else {
            return Err(Error::TorchInvalidShape {
                size: d,
                dim: k,
                shape: dims,
            });
        }
    }
    let mismatch = Error::TorchShapeSize { numel, shape: dims };
    if unknown.is_some() && numel == 0 && known == 0 {
        return Err(Error::TorchAmbiguousUnknown { shape: dims });
    }
    match unknown {
        Some(k) if known != 0 && numel % known == 0 => {
            if let Some(slot) = dims.get_mut(k) {
                *slot = numel / known;
            }
            Ok(dims)
        }
        None if known == numel => Ok(dims),
        _ => Err(mismatch),
    }
}

/// `computeStride` (release 2.x), `None` when no strides fit. `unit` is the stride of one element
/// in the strides' unit: the item size for byte strides, 1 for element strides.
pub fn compute_stride(
    old_shape: &[i64],
    old_strides: &[i64],
    new_shape: &[i64],
    unit: i64,
) -> Option<Dims> {
    let mut strides = Dims::filled(new_shape.len(), 0).ok()?;
    if old_shape.is_empty() {
        strides.iter_mut().for_each(|s| *s = unit);
        return Some(strides);
    }
    let numel = old_shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d))?;
    if numel == 0 {
        if old_shape == new_shape {
            return Dims::from_slice(old_strides).ok();
        }
        let mut s = unit;
        for (slot, &d) in strides.iter_mut().zip(new_shape).rev() {
            *slot = s;
            s = s.checked_mul(d.max(1))?;
        }
        return Some(strides);
    }
    let mut view_d = new_shape.len() as i64 - 1;
    let mut chunk_base_stride = *old_strides.last()?;
    let mut tensor_numel: i64 = 1;
    let mut view_numel: i64 = 1;
    for tensor_d in (0..old_shape.len()).rev() {
        tensor_numel = tensor_numel.checked_mul(*old_shape.get(tensor_d)?)?;
        let chunk_ends = tensor_d == 0 || {
            let prev_size = *old_shape.get(tensor_d - 1)?;
            let prev_stride = *old_strides.get(tensor_d - 1)?;
            prev_size != 1 && Some(prev_stride) != tensor_numel.checked_mul(chunk_base_stride)
        };
        if chunk_ends {
            while view_d >= 0 {
                let size = *new_shape.get(view_d as usize)?;
                if !(view_numel < tensor_numel || size == 1) {
                    break;
                }
                *strides.get_mut(view_d as usize)? = view_numel.checked_mul(chunk_base_stride)?;
                view_numel = view_numel.checked_mul(size)?;
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base_stride = *old_strides.get(tensor_d - 1)?;
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if view_d != -1 {
        return None;
    }
    Some(strides)
}

/// `tensor.view(shape)`: new element strides on the same storage, or PyTorch's error.
pub fn view(layout: &Layout, shape: &[i64]) -> Result<Layout, Error> {
    let shape = infer_size(layout.size(), shape)?;
    let strides = compute_stride(layout.shape(), layout.strides(), &shape, layout.itemsize())
        .ok_or(Error::TorchViewIncompatible)?;
    Layout::from_parts(shape, strides, layout.offset(), layout.itemsize())
}

/// `tensor.reshape(shape)`: the view when one exists, else a contiguous copy (`None` layout
/// returned as the copy's layout, start 0, with `false`).
pub fn reshape(layout: &Layout, shape: &[i64]) -> Result<(Layout, bool), Error> {
    let inferred = infer_size(layout.size(), shape)?;
    match view(layout, &inferred) {
        Ok(v) => Ok((v, true)),
        Err(Error::TorchViewIncompatible) => Ok((
            Layout::contiguous(&inferred, layout.itemsize(), Order::C)?,
            false,
        )),
        Err(e) => Err(e),
    }
}

/// PyTorch's `is_contiguous()`: empty tensors are; else C order in elements, size-1 dims skipped.
pub fn is_contiguous(layout: &Layout) -> bool {
    layout.size() == 0 || layout.is_c_contiguous()
}

/// `tensor.contiguous()`: `None` when the tensor is contiguous already (PyTorch returns it as is),
/// else the layout of a row-major copy.
pub fn contiguous(layout: &Layout) -> Result<Option<Layout>, Error> {
    if is_contiguous(layout) {
        return Ok(None);
    }
    Layout::contiguous(layout.shape(), layout.itemsize(), Order::C).map(Some)
}

/// PyTorch's `is_non_overlapping_and_dense` flag: a contiguous tensor (any empty one included) is;
/// otherwise `compute_non_overlapping_and_dense` in c10 sorts the axes by stride, sizes 0 and 1
/// last, and requires the strides of a dense block, stopping at the first axis of size below 2.
pub fn is_non_overlapping_and_dense(layout: &Layout) -> bool {
    if is_contiguous(layout) {
        return true;
    }
    let (shape, strides) = (layout.shape(), layout.strides());
    let mut perm = [0usize; MAX_NDIM];
    let perm = perm.get_mut(..layout.ndim()).unwrap_or(&mut []);
    for (k, slot) in perm.iter_mut().enumerate() {
        *slot = k;
    }
    let key = |k: usize| {
        let size = shape.get(k).copied().unwrap_or(0);
        (size < 2, strides.get(k).copied().unwrap_or(0))
    };
    // An insertion sort: at most 64 axes, and no general sort's code in the bundle.
    for i in 1..perm.len() {
        let mut j = i;
        while j > 0 {
            let (Some(&a), Some(&b)) = (perm.get(j - 1), perm.get(j)) else {
                break;
            };
            if key(a) <= key(b) {
                break;
            }
            perm.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut required = layout.itemsize();
    for &k in perm.iter() {
        let (Some(&size), Some(&stride)) = (shape.get(k), strides.get(k)) else {
            return false;
        };
        if size < 2 {
            return true;
        }
        if stride != required {
            return false;
        }
        let Some(next) = required.checked_mul(size) else {
            return false;
        };
        required = next;
    }
    true
}

/// PyTorch's `infer_dense_strides`: dense strides that keep the order of the input's strides.
/// From the fastest axis (the last) the axes are insertion-sorted by increasing stride, a larger
/// size first among equal strides; a comparison with a stride of 0 is a tie that neither stops nor
/// swaps, and a swap exchanges the two axes compared, even across such ties. Sizes 0 and 1 do not
/// grow the stride.
pub fn infer_dense_strides(layout: &Layout) -> Result<Dims, Error> {
    let (shape, strides) = (layout.shape(), layout.strides());
    let n = layout.ndim();
    let mut perm = [0usize; MAX_NDIM];
    let perm = perm.get_mut(..n).unwrap_or(&mut []);
    for (k, slot) in perm.iter_mut().enumerate() {
        *slot = n - 1 - k;
    }
    let size = |k: usize| shape.get(k).copied().unwrap_or(1);
    let stride = |k: usize| strides.get(k).copied().unwrap_or(0);
    // 1 when axis `a` (now nearer the fast end) should go after axis `b`, -1 when it stays.
    let should_swap = |a: usize, b: usize| -> i8 {
        let (sa, sb) = (stride(a), stride(b));
        if sa == 0 || sb == 0 {
            0
        } else if sa < sb {
            -1
        } else if sa > sb || size(a) > size(b) {
            1
        } else {
            0
        }
    };
    for i in 1..n {
        let mut moving = i;
        for dim0 in (0..i).rev() {
            let (Some(&a), Some(&b)) = (perm.get(dim0), perm.get(moving)) else {
                break;
            };
            match should_swap(a, b) {
                1 => {
                    perm.swap(dim0, moving);
                    moving = dim0;
                }
                -1 => break,
                _ => {}
            }
        }
    }
    let mut out = Dims::filled(n, 0)?;
    let mut step = layout.itemsize();
    for &k in perm.iter() {
        if let Some(slot) = out.get_mut(k) {
            *slot = step;
        }
        if size(k) > 1 {
            step = step.checked_mul(size(k)).ok_or(Error::Overflow)?;
        }
    }
    Ok(out)
}

/// The layout of `tensor.clone()` (`empty_like` with `preserve_format`): the same strides when
/// the tensor is non-overlapping and dense, else [`infer_dense_strides`]; start 0.
pub fn clone_layout(layout: &Layout) -> Result<Layout, Error> {
    let strides = if is_non_overlapping_and_dense(layout) {
        *layout.strides()
    } else {
        infer_dense_strides(layout)?
    };
    Layout::from_parts(*layout.shape(), strides, 0, layout.itemsize())
}

/// `tensor.unsqueeze(dim)`: a new axis of size 1 whose stride is `size·stride` of the axis it goes
/// before (the itemsize at the end).
pub fn unsqueeze(layout: &Layout, dim: i64) -> Result<Layout, Error> {
    let d = wrap_dim(dim, layout.ndim() + 1)?;
    let stride = match (layout.shape().get(d), layout.strides().get(d)) {
        (Some(&size), Some(&s)) => size.checked_mul(s).ok_or(Error::Overflow)?,
        _ => layout.itemsize(),
    };
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    shape.insert(d, 1)?;
    strides.insert(d, stride)?;
    Ok(layout.with_axes(shape, strides))
}

/// `tensor.squeeze(dim)`: removes the axis if its size is 1, else changes nothing.
pub fn squeeze(layout: &Layout, dim: i64) -> Result<Layout, Error> {
    let d = wrap_dim(dim, layout.ndim())?;
    if layout.shape().get(d) != Some(&1) {
        return Ok(*layout);
    }
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    shape.remove(d);
    strides.remove(d);
    Ok(layout.with_axes(shape, strides))
}

/// `tensor.transpose(d0, d1)`.
pub fn transpose(layout: &Layout, d0: i64, d1: i64) -> Result<Layout, Error> {
    let a = wrap_dim(d0, layout.ndim())?;
    let b = wrap_dim(d1, layout.ndim())?;
    if layout.ndim() == 0 {
        return Ok(*layout);
    }
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    shape.swap(a, b);
    strides.swap(a, b);
    Ok(layout.with_axes(shape, strides))
}

/// `tensor.permute(dims)`.
pub fn permute(layout: &Layout, dims: &[i64]) -> Result<Layout, Error> {
    if dims.len() != layout.ndim() {
        return Err(Error::TorchPermuteLength {
            given: dims.len(),
            ndim: layout.ndim(),
        });
    }
    let mut seen = [false; MAX_NDIM];
    let mut shape = Dims::new();
    let mut strides = Dims::new();
    for &d in dims {
        let a = wrap_dim(d, layout.ndim())?;
        let mark = seen.get_mut(a).ok_or(Error::TorchPermuteRepeated)?;
        if *mark {
            return Err(Error::TorchPermuteRepeated);
        }
        *mark = true;
        shape.push(layout.shape().get(a).copied().unwrap_or(1))?;
        strides.push(layout.strides().get(a).copied().unwrap_or(0))?;
    }
    Ok(layout.with_axes(shape, strides))
}

/// `tensor.mT`: the last two dims swapped. A 0-d tensor is returned as it is (deprecated in
/// PyTorch 2.x, with a warning, but still the identity); 1-d is an error.
pub fn matrix_transpose(layout: &Layout) -> Result<Layout, Error> {
    let n = layout.ndim();
    if n == 0 {
        return Ok(*layout);
    }
    if n < 2 {
        return Err(Error::TorchMatrixTransposeDims { ndim: n });
    }
    transpose(layout, n as i64 - 2, n as i64 - 1)
}

/// Resolves a slice of a tensor axis: Python's clamping, but the step must be positive.
pub fn resolve_slice(slice: &Slice, len: i64) -> Result<SliceRange, Error> {
    if slice.step.is_some_and(|s| s <= 0) {
        return Err(Error::TorchStepNotPositive);
    }
    let mut range = slice.resolve(len)?;
    if range.len == 0 {
        range.step = slice.step.unwrap_or(1);
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heads() -> Layout {
        // Seed 000 §3: out of shape (2, 4, 10, 16), strides (640, 160, 16, 1) in elements.
        Layout::contiguous(&[2, 4, 10, 16], 4, Order::C).unwrap()
    }

    fn elements(l: &Layout) -> [i64; 4] {
        let mut out = [0; 4];
        for (o, s) in out.iter_mut().zip(l.strides().iter()) {
            *o = s / l.itemsize();
        }
        out
    }

    #[test]
    fn attention_heads_of_seed_000() {
        let t = transpose(&heads(), 1, 2).unwrap();
        assert_eq!(*t.shape(), [2, 10, 4, 16]);
        assert_eq!(elements(&t), [640, 16, 160, 1]);
        assert!(!is_contiguous(&t));
        assert_eq!(
            view(&t, &[2, 10, 64]).err(),
            Some(Error::TorchViewIncompatible)
        );
        let c = contiguous(&t).unwrap().unwrap();
        assert_eq!(elements(&c), [640, 64, 16, 1]);
        let v = view(&c, &[2, 10, 64]).unwrap();
        assert_eq!(*v.shape(), [2, 10, 64]);
        let (r, is_view) = reshape(&t, &[2, 10, 64]).unwrap();
        assert!(!is_view);
        assert_eq!(*r.strides(), [2560, 256, 4]);
    }

    #[test]
    fn test_view_ops_anchor() {
        // torch.rand(4,2,5,1,6,2,9,3).transpose(-1,2).transpose(-2,3) (test/test_view_ops.py, test_view):
        // sizes [4,2,3,9,6,2,1,5], strides [3240,1620,1,3,54,27,324,324]; views as torch 2.15 answers.
        let shape = [4, 2, 3, 9, 6, 2, 1, 5];
        let strides = [3240, 1620, 1, 3, 54, 27, 324, 324];
        let fits: [(&[i64], Option<&[i64]>); 5] = [
            (&[8, 3, 9, 6, 2, 5], Some(&[1620, 1, 3, 54, 27, 324])),
            (
                &[4, 2, 3, 9, 6, 2, 5],
                Some(&[3240, 1620, 1, 3, 54, 27, 324]),
            ),
            (&[8, 3, 9, 6, 10], None),
            (&[4, 6, 9, 6, 10], None),
            (&[4, 2, 3, 54, 10], None),
        ];
        for (new, expected) in fits {
            let got = compute_stride(&shape, &strides, new, 1);
            assert_eq!(got.as_ref().map(|d| d.as_slice()), expected, "{new:?}");
        }
    }

    #[test]
    fn clone_keeps_dense_layouts_and_orders_the_rest() {
        let l = |shape: &[i64], strides: &[i64]| Layout::new(shape, strides, 0, 8).unwrap();
        // Dense in any order: strides kept (a transpose stays transposed).
        assert_eq!(
            *clone_layout(&l(&[4, 3], &[8, 32])).unwrap().strides(),
            [8, 32]
        );
        // torch.arange(8).reshape(2, 4).mT.expand(2, 4, 2).clone().stride() == (8, 1, 4).
        assert_eq!(
            *clone_layout(&l(&[2, 4, 2], &[0, 8, 32])).unwrap().strides(),
            [64, 8, 32]
        );
        // t.transpose(-3, -1)[-5] of a (4, 2, 5) tensor: sizes (2, 4), strides (5, 10) → (1, 2).
        assert_eq!(
            *clone_layout(&l(&[2, 4], &[40, 80])).unwrap().strides(),
            [8, 16]
        );
        // The example of `infer_dense_strides`' comment: (6, 5, 4, 3, 2) / (6, 0, 120, 0, 1).
        assert_eq!(
            *infer_dense_strides(&Layout::new(&[6, 5, 4, 3, 2], &[6, 0, 120, 0, 1], 0, 1).unwrap())
                .unwrap(),
            [6, 36, 180, 2, 1]
        );
        assert!(is_non_overlapping_and_dense(&l(&[3, 0], &[8, 8])));
        // torch.arange(12).reshape(3, 4)[:, 0:0].clone().stride() == (4, 1): empty is contiguous.
        assert_eq!(
            *clone_layout(&l(&[3, 0], &[32, 8])).unwrap().strides(),
            [32, 8]
        );
        assert!(!is_non_overlapping_and_dense(&l(&[3, 2], &[0, 8])));
    }

    #[test]
    fn unsqueeze_and_squeeze() {
        let a = Layout::contiguous(&[3, 4], 4, Order::C).unwrap();
        assert_eq!(*unsqueeze(&a, 0).unwrap().strides(), [48, 16, 4]);
        assert_eq!(*unsqueeze(&a, -1).unwrap().strides(), [16, 4, 4]);
        assert_eq!(squeeze(&a, 0).unwrap(), a);
        assert_eq!(
            transpose(&a, 0, 2).err(),
            Some(Error::TorchDimOutOfRange { dim: 2, rank: 2 })
        );
    }
}
