//! The `bmm` step of `torch.einsum` on huge operands, made at once: when both factors are views
//! of the operands themselves (no step copied or summed them) and the product has more than
//! `LAZY_FROM` multiply-adds, the contiguous `(batch, n, m)` result is a lazy array
//! (`array::compute::ProductRule`, the rule of `np.matmul` and `torch.matmul` of any size): its
//! layout now, each element's sum computed when it is read, paid from the run's work meter; a
//! float result is marked approximate (PyTorch's summation order is its own).

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::step::{Mem, Step};
use crate::array::{Op, Origin};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::exact::count;
use crate::numpy::matmul::lazy::{Factor, LAZY_FROM, product};

/// The lazy `bmm(x, y)` of the 3-D steps `x` (`b×n×k`) and `y` (`b×k×m`), or `None` when it is
/// small enough to compute now or a factor is not an operand's own memory.
pub(super) fn lazy_bmm(
    ctx: &mut Context,
    x: &Step,
    y: &Step,
    (b, n, k, m): (i64, i64, i64, i64),
    span: Span,
) -> Result<Option<Step>, EvalError> {
    let (Mem::Operand(xa), Mem::Operand(ya)) = (&x.mem, &y.mem) else {
        return Ok(None);
    };
    if count(&[b, n, k, m]) <= LAZY_FROM {
        return Ok(None);
    }
    let dtype = y.dtype;
    let layout = Layout::contiguous(&[b, n, m], dtype.itemsize(), Order::C)?;
    let factors = (
        Factor {
            array: xa,
            layout: x.layout,
            full: vec![b, n, k],
        },
        Factor {
            array: ya,
            layout: y.layout,
            full: vec![b, k, m],
        },
    );
    let origin = Origin {
        op: Op::Compute("einsum"),
        parent: Some(Rc::clone(xa)),
        span,
    };
    let made = product(ctx, factors, &[b], (n, k, m), dtype, layout, origin, span)?;
    Ok(made.map(|a| Step {
        mem: Mem::Lazy(a),
        layout,
        dtype,
        fresh: true,
    }))
}
