//! PyTorch's `expand` (`inferExpandGeometry`): only axes that grow from 1 get stride 0, and a 0-d
//! tensor takes its sizes as they are.

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::Layout;

/// `tensor.expand(*sizes)` (`inferExpandGeometry`).
pub fn expand(layout: &Layout, sizes: &[i64]) -> Result<Layout, Error> {
    let ndim = sizes.len();
    if ndim > MAX_NDIM {
        return Err(Error::TooManyDims { ndim });
    }
    if ndim < layout.ndim() {
        return Err(Error::TorchExpandFewerSizes {
            sizes: Dims::from_slice(sizes)?,
            tensor_sizes: *layout.shape(),
            type_name: "torch.Tensor",
        });
    }
    if layout.ndim() == 0 {
        return expand_zero_d(layout, sizes);
    }
    let mut shape = Dims::filled(ndim, 0)?;
    let mut strides = Dims::filled(ndim, 0)?;
    for i in (0..ndim).rev() {
        let offset = ndim - 1 - i;
        let dim = layout.ndim() as i64 - 1 - offset as i64;
        let (mut size, mut stride) = if dim >= 0 {
            let d = dim as usize;
            (
                layout.shape().get(d).copied().unwrap_or(1),
                layout.strides().get(d).copied().unwrap_or(0),
            )
        } else {
            let next_size = shape.get(i + 1).copied().unwrap_or(1);
            let next_stride = strides.get(i + 1).copied().unwrap_or(layout.itemsize());
            (
                1,
                next_size.checked_mul(next_stride).ok_or(Error::Overflow)?,
            )
        };
        let mut target = sizes.get(i).copied().unwrap_or(1);
        if target == -1 {
            if dim < 0 {
                return Err(Error::TorchExpandNewMinusOne { dim: i });
            }
            target = size;
        }
        if size != target {
            if size != 1 {
                return Err(Error::TorchExpand {
                    size,
                    target,
                    dim: i,
                    target_sizes: Dims::from_slice(sizes)?,
                    tensor_sizes: *layout.shape(),
                });
            }
            size = target;
            stride = 0;
        }
        if let (Some(s), Some(t)) = (shape.get_mut(i), strides.get_mut(i)) {
            *s = size;
            *t = stride;
        }
    }
    if let Some(dim) = shape.iter().position(|&d| d < 0) {
        let size = shape.get(dim).copied().unwrap_or(-1);
        return Err(Error::TorchInvalidShape { size, dim, shape });
    }
    Layout::from_parts(shape, strides, layout.offset(), layout.itemsize())
}

/// `inferExpandGeometry` takes the sizes as they are for a 0-d tensor, all with stride 0; a
/// negative size then meets only `numel`'s check (`safe_compute_numel`: the product of the sizes as
/// unsigned 64-bit numbers must not overflow nor pass `i64::MAX`).
fn expand_zero_d(layout: &Layout, sizes: &[i64]) -> Result<Layout, Error> {
    if sizes.iter().any(|&d| d < 0) {
        let mut numel: u64 = 1;
        let mut overflow = false;
        for &d in sizes {
            let (product, wrapped) = numel.overflowing_mul(d as u64);
            numel = product;
            overflow |= wrapped;
        }
        if overflow || numel > i64::MAX as u64 {
            return Err(Error::TorchNumelOverflow);
        }
        return Err(Error::TorchNegativeSize {
            shape: Dims::from_slice(sizes)?,
        });
    }
    Layout::from_parts(
        Dims::from_slice(sizes)?,
        Dims::filled(sizes.len(), 0)?,
        layout.offset(),
        layout.itemsize(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    #[test]
    fn expand_keeps_existing_strides() {
        let a = Layout::contiguous(&[3, 1], 4, Order::C).unwrap();
        let e = expand(&a, &[2, 3, 4]).unwrap();
        assert_eq!(*e.shape(), [2, 3, 4]);
        assert_eq!(*e.strides(), [0, 4, 0]);
        let k = expand(&a, &[-1, 1]).unwrap();
        assert_eq!(*k.strides(), [4, 4]);
        assert!(matches!(
            expand(&a, &[4, 4]),
            Err(Error::TorchExpand {
                size: 3,
                target: 4,
                dim: 0,
                ..
            })
        ));
        assert_eq!(
            expand(&a, &[-1, 3, 1]).err(),
            Some(Error::TorchExpandNewMinusOne { dim: 0 })
        );
    }

    #[test]
    fn expand_of_a_zero_d_tensor_takes_sizes_unchecked() {
        // torch.tensor(5.0).expand(2, 3): strides (0, 0); expand(-1) and expand(2, -1) fail in
        // numel; expand(0, -1) would make sizes [0, -1] (checked against torch 2.15).
        let t = Layout::zero_d(4);
        let e = expand(&t, &[2, 3]).unwrap();
        assert_eq!(*e.shape(), [2, 3]);
        assert_eq!(*e.strides(), [0, 0]);
        assert_eq!(expand(&t, &[-1]).err(), Some(Error::TorchNumelOverflow));
        assert_eq!(expand(&t, &[2, -1]).err(), Some(Error::TorchNumelOverflow));
        assert_eq!(
            expand(&t, &[0, -1]).map_err(|e| e.exception()),
            Err("Unsupported")
        );
    }
}
