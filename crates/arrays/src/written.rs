//! Memory never written: what the lab answers for each way a program can look at the values of
//! `np.empty`, `torch.empty`, `np.empty_like` and `torch.empty_like`.
//!
//! The libraries hand out memory as the allocator left it: its values are garbage, different
//! on every run, and neither library raises anything when they are read. The lab gives the
//! layout exactly (shape, strides, offset, dtype, flags, `nbytes`, view or copy, at any size:
//! nothing is allocated) and keeps the values as [`crate::array::Rule::Unwritten`]:
//!
//! - **Writes make values real.** A write (`x[...] = 0`, `x[:2] = 1`, `x.fill(7)`, `t.zero_()`)
//!   stores its bytes and marks them written, byte by byte: a partial write leaves the rest
//!   unwritten.
//! - **Copies of unwritten memory stay unwritten** (`x.copy()`, `x.T.copy()`, `astype`,
//!   `.contiguous()`, `*_like`): a copy reads its source through the layout, and so does the
//!   question whether an element was written. Views share the memory, so its marks.
//! - **Layout questions are answered**: attributes, views, copies and the calls of [`LAYOUT`]
//!   read no value.
//! - **Every other read is the lab's own error** ([`crate::error::EvalError::unwritten`], class
//!   "not in this lab", never NumPy's or PyTorch's exception: they raise nothing): `print`,
//!   `repr`, `str`, `tolist()`, `.item()`, `float()`, `x[0, 0]` as a NumPy scalar, arithmetic,
//!   comparisons, reductions, products, any library call not in [`LAYOUT`]. The check is made
//!   on what is read: a written part of an array reads normally (`x[:2]` after `x[:2] = 1`),
//!   and a printout summarized with `...` reads only the elements it shows.
//! - **The page** draws every cell of the array and of its memory, with `?` for an unwritten
//!   value ([`array_picture::Picture::is_unwritten`], through
//!   [`array_picture::Values::unwritten`], which [`crate::picture`] answers: the page labels it "not yet written"),
//!   and shows the result's `repr` as the library's header with no values.
//! - **`strides eval`'s JSON** gives the layout as usual and `"values": null` with
//!   `"values_written": false` when some element was never written (`"values_written": true`
//!   otherwise, so a reader can tell an array of nulls from one never written).

use crate::error::{EvalError, Span};
use crate::value::Value;

/// The library calls that read no value of their array arguments: views, copies (which keep
/// the unwritten marks), casts through a copy, `*_like`, layout queries and writes.
pub const LAYOUT: &[&str] = &[
    // Layout queries.
    "stride",
    "size",
    "dim",
    "ndimension",
    "numel",
    "nelement",
    "is_contiguous",
    "storage_offset",
    "data_ptr",
    "element_size",
    "shape",
    "ndim",
    "shares_memory",
    "may_share_memory",
    "is_floating_point",
    "result_type",
    "broadcast_shapes",
    // Views.
    "reshape",
    "view",
    "view_as",
    "transpose",
    "permute",
    "swapaxes",
    "swapdims",
    "moveaxis",
    "movedim",
    "squeeze",
    "unsqueeze",
    "expand_dims",
    "expand",
    "expand_as",
    "broadcast_to",
    "as_strided",
    "narrow",
    "diagonal",
    "matrix_transpose",
    "t",
    "sliding_window_view",
    "unflatten",
    "numpy",
    "from_numpy",
    "asarray",
    // Copies (lazy: they keep the marks) and casts.
    "ravel",
    "flatten",
    "copy",
    "clone",
    "contiguous",
    "ascontiguousarray",
    "asfortranarray",
    "array",
    "astype",
    "to",
    "float",
    "double",
    "half",
    "long",
    "int",
    "bool",
    // New arrays of the same layout.
    "zeros_like",
    "ones_like",
    "empty_like",
    "full_like",
    "rand_like",
    "randn_like",
    // Writes.
    "fill",
    "fill_",
    "zero_",
];

/// The lab's error when `v` is an array some of whose elements were never written.
pub fn check(v: &Value, span: Span) -> Result<(), EvalError> {
    match v {
        Value::Array(a) => a.check_written(span),
        _ => Ok(()),
    }
}

/// The lab's error when a call of `callee` on `args` would read values never written.
pub fn check_call<'a>(
    callee: &Value,
    mut args: impl Iterator<Item = &'a Value>,
    span: Span,
) -> Result<(), EvalError> {
    let name = match callee {
        Value::Function(_, name) | Value::Method(_, name) => {
            name.rsplit('.').next().unwrap_or_default()
        }
        _ => return Ok(()),
    };
    if LAYOUT.contains(&name) {
        return Ok(());
    }
    if let Value::Method(a, _) = callee {
        a.check_written(span)?;
    }
    args.try_for_each(|v| check(v, span))
}
