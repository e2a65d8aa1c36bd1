//! `np.outer(a, b, out=None)`: every product `a[i] * b[j]` of the flattened inputs, as NumPy's
//! `multiply(a.ravel()[:, newaxis], b.ravel()[newaxis, :])`: a new C-contiguous `(a.size,
//! b.size)` array in the promoted dtype, its values those of `*` (exact: one rounding each).

use stride_core::Layout;

use crate::array::{Op, Origin};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::operator::BinOp;
use crate::signature::Bound;
use crate::value::Value;

/// `np.outer(a, b, out=None)`.
pub fn np_outer(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    let y = crate::numpy::as_array(ctx, b.required("b")?, span)?;
    // The column `a.ravel()[:, None]` and the row `b.ravel()[None, :]`, as new arrays.
    let mut flat = |a: &std::rc::Rc<crate::array::Array>, shape: [i64; 2]| {
        let values = ctx.read_values(a, span)?;
        let layout = Layout::contiguous(&shape, a.dtype.itemsize(), stride_core::Order::C)?;
        let origin = Origin {
            op: Op::Copy("ravel"),
            parent: Some(std::rc::Rc::clone(a)),
            span,
        };
        ctx.new_array(layout, a.dtype, &values, false, origin)
    };
    let column = flat(&x, [x.layout.size(), 1])?;
    let row = flat(&y, [1, y.layout.size()])?;
    crate::ops::binary(
        ctx,
        BinOp::Mul,
        &Value::Array(column),
        &Value::Array(row),
        span,
    )
}
