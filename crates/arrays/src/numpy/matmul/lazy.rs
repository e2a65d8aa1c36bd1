//! A matrix product of any size made at once: its layout now, each element `Σ_p a·b` when it is
//! read (`array::compute::ProductRule`, over snapshots of the operands), paid from the run's work
//! meter. Seed 001's `np.matmul(a.T, b)` of two 1024×1024 float32 arrays shows its corners
//! after 36 sums of 1024 products, not 10⁹. A float result is marked approximate (its sums may
//! round, and then NumPy's BLAS order is the CPU's).

use std::rc::Rc;

use stride_core::Layout;

use crate::array::compute::{MAX_COST, ProductRule, RowOrder, Source};
use crate::array::{Array, MAX_DEPTH, Origin, Rule};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};

/// Products of more multiply-adds than this are computed when read.
pub const LAZY_FROM: i64 = 1 << 20;

/// One operand: the array, its layout with core axes (`promoted`), and its full broadcast shape.
pub struct Factor<'a> {
    /// The array.
    pub array: &'a Rc<Array>,
    /// Its layout as a matrix (a vector given its missing axis).
    pub layout: Layout,
    /// The batch shape plus its two core axes.
    pub full: Vec<i64>,
}

/// The lazy product of `a` and `b` laid out as `layout`, or `None` when it must be computed at
/// once (an operand reading outside its buffer, nesting or cost past the bounds).
#[allow(clippy::too_many_arguments)]
pub fn product(
    ctx: &mut Context,
    (a, b): (Factor<'_>, Factor<'_>),
    batch: &[i64],
    nkm: (i64, i64, i64),
    dtype: DType,
    layout: Layout,
    origin: Origin,
    span: Span,
) -> Result<Option<Rc<Array>>, EvalError> {
    let mut stored = 0u64;
    let mut source = |f: &Factor<'_>| -> Result<Option<Source>, EvalError> {
        let inside = f
            .array
            .layout
            .byte_bounds()
            .is_none_or(|(low, high)| low >= 0 && high <= i128::from(f.array.buffer.len()));
        if !inside {
            return Ok(None);
        }
        let view = stride_core::broadcast::broadcast_to(&f.layout, &f.full)?;
        let content = f.array.buffer.snapshot();
        stored = stored.saturating_add(content.stored());
        Ok(Some(Source {
            content,
            layout: view,
            dtype: f.array.dtype,
        }))
    };
    let (Some(sa), Some(sb)) = (source(&a)?, source(&b)?) else {
        return Ok(None);
    };
    let rule = ProductRule {
        a: sa,
        b: sb,
        batch: batch.to_vec(),
        nkm,
        dtype,
        order: RowOrder::new(layout),
        meter: ctx.meter.clone(),
    };
    if rule.depth() > MAX_DEPTH || rule.cost() > MAX_COST {
        return Ok(None);
    }
    ctx.room_to_keep(stored, span)?;
    if dtype.is_float() {
        ctx.approximate();
    }
    let torch = a.array.torch || b.array.torch;
    ctx.new_lazy(layout, dtype, Rule::Product(Box::new(rule)), torch, origin)
        .map(Some)
}
