//! NumPy's functions and methods that change how an array is read: `reshape`, `transpose`,
//! `swapaxes`, `moveaxis`, `squeeze`, `expand_dims`, `ravel`/`flatten`, `copy`, `broadcast_to`,
//! `matrix_transpose`, `as_strided`, `sliding_window_view`, and the memory questions
//! `shares_memory`/`may_share_memory`, `broadcast_shapes`.
//!
//! They are grouped by concept in submodules, re-exported here: `reshape` (reshaping and
//! copies), `axes` (views that permute, add or drop axes) and `strided` (views made by strides,
//! and the memory questions).

use std::rc::Rc;

use super::as_array;
use crate::array::Array;
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::signature::Bound;

mod axes;
mod reshape;
mod strided;

pub use axes::{
    expand_dims, matrix_transpose, moveaxis, squeeze_function, squeeze_method, swapaxes_function,
    swapaxes_method, transpose_function, transpose_method,
};
pub use reshape::{
    copy_function, copy_method, flatten_method, ravel_function, ravel_method, reshape,
    reshape_function, reshape_method,
};
pub use strided::{
    as_strided, broadcast_shapes, broadcast_to, may_share_memory, shares_memory,
    sliding_window_view,
};

fn first(ctx: &mut Context, b: &Bound, name: &str, span: Span) -> Result<Rc<Array>, EvalError> {
    as_array(ctx, b.required(name)?, span)
}
