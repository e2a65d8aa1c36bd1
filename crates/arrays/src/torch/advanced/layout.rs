//! The layout of an advanced index's result: TensorIterator's allocation. The operands it sees
//! are the view restrided with stride 0 along the broadcast block `B` (`restride_src`) and each
//! index tensor broadcast to `B` and reshaped among the view's axes (`reshape_indexer`, whose
//! strides `computeStride` gives); when all are contiguous and of one shape the result is
//! C-contiguous (its fast path), else its insertion sort orders the axes by the operands'
//! strides and the result is dense in that order.

use stride_core::Layout;

use super::{Axis, Selection, c_strides};
use crate::error::EvalError;

impl Selection {
    /// The operands TensorIterator sees, as strides over the result's axes: the view restrided
    /// (0 along `B`), then each index tensor broadcast to `B` and reshaped (size 1 elsewhere).
    fn operands(&self, view: &Layout) -> Vec<(Vec<i64>, Vec<i64>)> {
        let item = view.itemsize().max(1);
        let src: Vec<i64> = self
            .axes
            .iter()
            .map(|a| match *a {
                Axis::Block(_) => 0,
                Axis::View(d) => view.strides().get(d).copied().unwrap_or(0) / item,
            })
            .collect();
        let mut ops = vec![(self.shape.clone(), src)];
        let nb = self.block.len();
        for t in &self.tensors {
            // expand to B (PyTorch's inferExpandGeometry), right to left.
            let off = nb - t.shape.len();
            let mut st = vec![0i64; nb];
            for k in (0..nb).rev() {
                let target = self.block.get(k).copied().unwrap_or(1);
                let (size, stride) = if k >= off {
                    (
                        t.shape.get(k - off).copied().unwrap_or(1),
                        t.strides.get(k - off).copied().unwrap_or(0),
                    )
                } else {
                    let next = if k + 1 < nb {
                        self.block.get(k + 1).copied().unwrap_or(1)
                            * st.get(k + 1).copied().unwrap_or(0)
                    } else {
                        1
                    };
                    (1, next)
                };
                if let Some(slot) = st.get_mut(k) {
                    *slot = if size == target { stride } else { 0 };
                }
            }
            // The reshape that puts it among the view's axes (`computeStride`): a size-1 axis
            // takes the stride of the axes inside it.
            let shape: Vec<i64> = self
                .axes
                .iter()
                .map(|a| match *a {
                    Axis::Block(k) => self.block.get(k).copied().unwrap_or(1),
                    Axis::View(_) => 1,
                })
                .collect();
            let strides =
                compute_stride(&self.block, &st, &shape).unwrap_or_else(|| c_strides(&shape));
            ops.push((shape, strides));
        }
        ops
    }

    /// The result's layout: TensorIterator's allocation (its fast path for operands that are all
    /// contiguous and of one shape, else its insertion sort of the axes by the operands' strides).
    pub(super) fn layout(&self, view: &Layout) -> Result<Layout, EvalError> {
        let item = view.itemsize();
        let shape = &self.shape;
        let contiguous = || Layout::contiguous(shape, item, stride_core::Order::C);
        let ops = self.operands(view);
        let is_contiguous = |sh: &[i64], st: &[i64]| {
            if sh.iter().product::<i64>() == 0 {
                return true;
            }
            let mut expected = 1;
            for (&d, &s) in sh.iter().zip(st).rev() {
                if d != 1 {
                    if s != expected {
                        return false;
                    }
                    expected *= d;
                }
            }
            true
        };
        let same_shape = ops.iter().all(|(sh, _)| sh == shape);
        if same_shape && ops.iter().all(|(sh, st)| is_contiguous(sh, st)) {
            return Ok(contiguous()?);
        }
        // TensorIterator's broadcast: an operand's size-1 axis against a larger one is stride 0.
        let ops: Vec<Vec<i64>> = ops
            .into_iter()
            .map(|(sh, st)| {
                sh.iter()
                    .zip(&st)
                    .zip(shape)
                    .map(|((&d, &s), &r)| if d == 1 && r != 1 { 0 } else { s })
                    .collect()
            })
            .collect();
        crate::torch::iterator::allocated(shape, &ops, item)
    }
}

/// PyTorch's `computeStride`: the strides of a view of (`old`, `strides`) reshaped to `new`, chunk
/// by chunk of axes that are contiguous with one another (a size-1 axis takes the stride of the
/// axes inside it in its chunk); `None` where no view exists.
fn compute_stride(old: &[i64], strides: &[i64], new: &[i64]) -> Option<Vec<i64>> {
    if old.contains(&0) {
        return None;
    }
    let mut out = vec![0i64; new.len()];
    let mut view_d = new.len() as i64 - 1;
    let mut base = strides.last().copied().unwrap_or(1);
    let (mut tensor_numel, mut view_numel) = (1i64, 1i64);
    for tensor_d in (0..old.len()).rev() {
        tensor_numel = tensor_numel.saturating_mul(old.get(tensor_d).copied().unwrap_or(1));
        let ends = tensor_d == 0
            || (old.get(tensor_d - 1) != Some(&1)
                && strides.get(tensor_d - 1).copied() != Some(tensor_numel.saturating_mul(base)));
        if ends {
            while view_d >= 0 {
                let d = usize::try_from(view_d).ok()?;
                let size = new.get(d).copied().unwrap_or(1);
                if !(view_numel < tensor_numel || size == 1) {
                    break;
                }
                if let Some(slot) = out.get_mut(d) {
                    *slot = view_numel.saturating_mul(base);
                }
                view_numel = view_numel.saturating_mul(size);
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                base = strides.get(tensor_d - 1).copied().unwrap_or(1);
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    (view_d == -1).then_some(out)
}
