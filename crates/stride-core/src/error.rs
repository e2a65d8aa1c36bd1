//! [`Error`]: every way a layout operation can fail, with NumPy's (or PyTorch's) exception class
//! and message.
//!
//! The message is the `Display` text, written to match NumPy 2.x word for word where NumPy raises,
//! so that a learner sees what Python would print. [`Error::exception`] names the class.

use core::fmt;

use crate::dims::{Dims, MAX_NDIM, tuple};

/// A failed layout operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// More than [`crate::MAX_NDIM`] dimensions.
    TooManyDims {
        /// How many were asked for.
        ndim: usize,
    },
    /// A shape holds a negative size.
    NegativeDimension,
    /// `size * itemsize` does not fit in a signed 64-bit integer.
    TooBig,
    /// Layout arithmetic overflowed 64 bits (a shape times strides near 2⁶³).
    Overflow,
    /// An item size that is not positive.
    BadItemsize,
    /// `as_strided` with strides and shape of different lengths.
    StridesShapeLength,
    /// An axis outside `-ndim..ndim`. `argument` is the name NumPy puts in front (`axis2`).
    AxisOutOfBounds {
        /// The axis as given.
        axis: i64,
        /// The number of dimensions it was checked against.
        ndim: usize,
    },
    /// [`Error::AxisOutOfBounds`] for a named argument, as `swapaxes` and `moveaxis` report it.
    NamedAxisOutOfBounds {
        /// NumPy's argument name: `axis1`, `axis2`, `source`, `destination`.
        argument: &'static str,
        /// The axis as given.
        axis: i64,
        /// The number of dimensions it was checked against.
        ndim: usize,
    },
    /// An integer index outside `-size..size`.
    IndexOutOfBounds {
        /// The index as given.
        index: i64,
        /// The axis it indexes.
        axis: usize,
        /// The size of that axis.
        size: i64,
    },
    /// More integer and slice indices than dimensions.
    TooManyIndices {
        /// Dimensions of the array.
        ndim: usize,
        /// Indices given.
        given: usize,
    },
    /// More than one `...` in an index.
    MultipleEllipsis,
    /// A slice with step 0.
    SliceStepZero,
    /// `transpose(axes)` with the wrong number of axes.
    AxesDontMatch,
    /// `transpose(axes)` naming an axis twice.
    RepeatedAxisInTranspose,
    /// An axis named twice; `argument` is NumPy's argument name, if it gives one.
    RepeatedAxis {
        /// `source` or `destination` for `moveaxis`, empty otherwise.
        argument: &'static str,
    },
    /// `moveaxis` with source and destination of different lengths.
    MoveaxisLengths,
    /// `squeeze(axis)` on an axis whose size is not 1.
    SqueezeNotOne,
    /// `squeeze` with a tuple naming one axis twice (`PyArray_ConvertMultiAxis`'s message, not
    /// `normalize_axis_tuple`'s "repeated axis").
    DuplicateAxisValue,
    /// `reshape` with more than one `-1`.
    MultipleUnknown,
    /// `reshape` to a shape whose size differs. `shape` is as given, `-1` included.
    ReshapeSize {
        /// The array's size.
        size: i64,
        /// The requested shape, unknown dimensions kept negative.
        shape: Dims,
    },
    /// `reshape(..., copy=False)` when no strides can keep the memory.
    ReshapeNeedsCopy,
    /// `reshape(..., order='K')`.
    ReshapeOrderK,
    /// `broadcast_shapes` with incompatible shapes: NumPy names the two arguments.
    BroadcastShapes {
        /// Position of the first argument.
        first: usize,
        /// Its shape.
        first_shape: Dims,
        /// Position of the second argument.
        second: usize,
        /// Its shape.
        second_shape: Dims,
    },
    /// An arithmetic operator between arrays whose shapes do not broadcast.
    BroadcastOperands {
        /// Left operand's shape.
        left: Dims,
        /// Right operand's shape.
        right: Dims,
    },
    /// `broadcast_to` a shape the array cannot stretch to.
    BroadcastTo {
        /// The array's shape.
        from: Dims,
        /// The requested shape.
        to: Dims,
    },
    /// `broadcast_to` a shape with fewer dimensions than the array.
    BroadcastToFewerDims,
    /// `broadcast_to` a shape with a negative size.
    BroadcastToNegative,
    /// `broadcast_to(non_scalar, ())`.
    BroadcastToScalar,
    /// Broadcast dimensions whose product overflows.
    BroadcastTooLarge,
    /// `sliding_window_view` with a window larger than its axis.
    WindowTooLarge,
    /// `sliding_window_view` with a negative window size.
    WindowNegative,
    /// `sliding_window_view` with as many windows as axes, or not.
    WindowAxesMismatch {
        /// Number of window sizes.
        windows: usize,
        /// Number of dimensions (or axes given).
        ndim: usize,
        /// Whether axes were given (NumPy's message differs).
        with_axis: bool,
    },
    /// PyTorch `view` when no strides fit.
    TorchViewIncompatible,
    /// PyTorch slicing with a step that is not positive.
    TorchStepNotPositive,
    /// PyTorch `expand` to a size that does not match a non-1 size.
    TorchExpand {
        /// The size the tensor has.
        size: i64,
        /// The size asked for.
        target: i64,
        /// The dimension (counted in the new shape).
        dim: usize,
        /// All the sizes asked for.
        target_sizes: Dims,
        /// The tensor's sizes.
        tensor_sizes: Dims,
    },
    /// PyTorch `expand` with fewer sizes than the tensor has dimensions.
    TorchExpandFewerSizes {
        /// The sizes given.
        sizes: Dims,
        /// The tensor's sizes.
        tensor_sizes: Dims,
        /// PyTorch's name for the tensor type, as `torch.FloatTensor`; set by the caller.
        type_name: &'static str,
    },
    /// PyTorch integer index out of range.
    TorchIndexOutOfBounds {
        /// The index as given.
        index: i64,
        /// The dimension.
        dim: usize,
        /// Its size.
        size: i64,
    },
    /// More PyTorch indices than dimensions.
    TorchTooManyIndices {
        /// Dimensions of the tensor.
        ndim: usize,
    },
    /// An index of more than `2 * MAX_NDIM` items, which NumPy refuses before looking at them.
    IndexTooLong,
    /// An index part that is no index at all (a string): NumPy's list of what is valid.
    InvalidIndex,
    /// A boolean mask whose size on an axis differs from the array's (and is not 0).
    BooleanIndexMismatch {
        /// The array's axis.
        axis: usize,
        /// The array's size on it.
        size: i64,
        /// The mask's size on it.
        mask: i64,
    },
    /// Index arrays whose shapes do not broadcast together. NumPy's message names the shapes
    /// of the index arrays that are not 0-d, which the caller holds and adds.
    IndexArraysMismatch,
    /// Basic indexing whose result would have more than [`crate::MAX_NDIM`] dimensions.
    IndexResultTooManyDims {
        /// Dimensions the result would have.
        ndim: usize,
    },
    /// PyTorch `expand` with -1 for a new leading dimension.
    TorchExpandNewMinusOne {
        /// The leading dimension.
        dim: usize,
    },
    /// PyTorch `dim` out of range: `Dimension out of range (expected to be in range of [-2, 1], but got 2)`.
    TorchDimOutOfRange {
        /// The dimension as given.
        dim: i64,
        /// The range is `[-rank, rank - 1]`.
        rank: usize,
    },
    /// PyTorch `permute` with the wrong number of dims.
    TorchPermuteLength {
        /// Dims given.
        given: usize,
        /// Dimensions of the tensor.
        ndim: usize,
    },
    /// PyTorch `permute` naming a dim twice.
    TorchPermuteRepeated,
    /// PyTorch shape with a negative size other than a single -1.
    TorchInvalidShape {
        /// The offending size.
        size: i64,
        /// Its position.
        dim: usize,
        /// The whole shape.
        shape: Dims,
    },
    /// PyTorch `view`/`reshape` with more than one -1.
    TorchMultipleUnknown,
    /// PyTorch `view`/`reshape` of an empty tensor with a -1 that could be anything.
    TorchAmbiguousUnknown {
        /// The requested shape, -1 kept.
        shape: Dims,
    },
    /// PyTorch `view`/`reshape` to a shape whose size differs.
    TorchShapeSize {
        /// The tensor's number of elements.
        numel: i64,
        /// The requested shape, -1 kept.
        shape: Dims,
    },
    /// PyTorch `.mT` on fewer than 2 dims.
    TorchMatrixTransposeDims {
        /// Dimensions of the tensor.
        ndim: usize,
    },
    /// NumPy `.mT` on fewer than 2 dims.
    MatrixTransposeDims,
    /// PyTorch sizes whose product, taken as unsigned 64-bit numbers, overflows or passes 2⁶³ − 1
    /// (a negative size that reaches `numel` unchecked, as in `expand` of a 0-d tensor).
    TorchNumelOverflow,
    /// PyTorch would build a tensor with a negative size here (its product is 0, so PyTorch does
    /// not notice); a layout cannot hold one, so the lab declines. The class is `Unsupported`.
    TorchNegativeSize {
        /// The sizes PyTorch would use.
        shape: Dims,
    },
}

impl Error {
    /// The Python exception class NumPy (or PyTorch) raises for this error.
    pub fn exception(&self) -> &'static str {
        match self {
            Error::AxisOutOfBounds { .. } | Error::NamedAxisOutOfBounds { .. } => "AxisError",
            Error::IndexOutOfBounds { .. }
            | Error::TooManyIndices { .. }
            | Error::IndexTooLong
            | Error::InvalidIndex
            | Error::BooleanIndexMismatch { .. }
            | Error::IndexArraysMismatch
            | Error::IndexResultTooManyDims { .. }
            | Error::MultipleEllipsis
            | Error::TorchDimOutOfRange { .. }
            | Error::TorchIndexOutOfBounds { .. }
            | Error::TorchTooManyIndices { .. } => "IndexError",
            Error::TorchViewIncompatible
            | Error::TorchExpand { .. }
            | Error::TorchExpandFewerSizes { .. }
            | Error::TorchExpandNewMinusOne { .. }
            | Error::TorchPermuteLength { .. }
            | Error::TorchPermuteRepeated
            | Error::TorchInvalidShape { .. }
            | Error::TorchMultipleUnknown
            | Error::TorchAmbiguousUnknown { .. }
            | Error::TorchShapeSize { .. }
            | Error::TorchMatrixTransposeDims { .. }
            | Error::TorchNumelOverflow => "RuntimeError",
            Error::TorchNegativeSize { .. } => "Unsupported",
            _ => "ValueError",
        }
    }
}

/// A list printed as PyTorch prints sizes: `[2, 4]`.
struct List<'a>(&'a [i64]);

impl fmt::Display for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (k, v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

/// A shape printed as NumPy's C code prints it in some messages: `(12,4)`, `(5,)`, with a
/// negative size shown as `newaxis` and leading negative sizes dropped.
struct CShape<'a>(&'a [i64]);

impl fmt::Display for CShape<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.0.iter().position(|&v| v >= 0);
        let Some(first) = first else {
            return f.write_str("()");
        };
        let rest = self.0.get(first..).unwrap_or(&[]);
        f.write_str("(")?;
        for (k, v) in rest.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            if *v < 0 {
                f.write_str("newaxis")?;
            } else {
                write!(f, "{v}")?;
            }
        }
        if self.0.len() == 1 {
            f.write_str(",")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TooManyDims { ndim } => write!(
                f,
                "maximum supported dimension for an ndarray is currently {}, found {ndim}",
                crate::MAX_NDIM
            ),
            Error::NegativeDimension => f.write_str("negative dimensions are not allowed"),
            Error::TooBig => f.write_str(
                "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
            ),
            Error::Overflow => f.write_str("integer overflow in layout arithmetic: the addresses do not fit in 64 bits"),
            Error::BadItemsize => f.write_str("itemsize must be a positive number of bytes"),
            Error::StridesShapeLength => f.write_str("mismatch in length of strides and shape"),
            Error::AxisOutOfBounds { axis, ndim } => {
                write!(f, "axis {axis} is out of bounds for array of dimension {ndim}")
            }
            Error::NamedAxisOutOfBounds { argument, axis, ndim } => {
                write!(f, "{argument}: axis {axis} is out of bounds for array of dimension {ndim}")
            }
            Error::IndexOutOfBounds { index, axis, size } => {
                write!(f, "index {index} is out of bounds for axis {axis} with size {size}")
            }
            Error::IndexTooLong => f.write_str("too many indices for array"),
            Error::InvalidIndex => f.write_str(
                "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices",
            ),
            Error::BooleanIndexMismatch { axis, size, mask } => write!(
                f,
                "boolean index did not match indexed array along axis {axis}; size of axis is {size} but size of corresponding boolean axis is {mask}"
            ),
            Error::IndexArraysMismatch => {
                f.write_str("shape mismatch: indexing arrays could not be broadcast together")
            }
            Error::IndexResultTooManyDims { ndim } => write!(
                f,
                "number of dimensions must be within [0, {MAX_NDIM}], indexing result would have {ndim}"
            ),
            Error::TooManyIndices { ndim, given } => write!(
                f,
                "too many indices for array: array is {ndim}-dimensional, but {given} were indexed"
            ),
            Error::MultipleEllipsis => f.write_str("an index can only have a single ellipsis ('...')"),
            Error::SliceStepZero => f.write_str("slice step cannot be zero"),
            Error::AxesDontMatch => f.write_str("axes don't match array"),
            Error::RepeatedAxisInTranspose => f.write_str("repeated axis in transpose"),
            Error::RepeatedAxis { argument: "" } => f.write_str("repeated axis"),
            Error::RepeatedAxis { argument } => write!(f, "repeated axis in `{argument}` argument"),
            Error::MoveaxisLengths => f.write_str(
                "`source` and `destination` arguments must have the same number of elements",
            ),
            Error::DuplicateAxisValue => f.write_str("duplicate value in 'axis'"),
            Error::SqueezeNotOne => {
                f.write_str("cannot select an axis to squeeze out which has size not equal to one")
            }
            Error::MultipleUnknown => f.write_str("can only specify one unknown dimension"),
            Error::ReshapeSize { size, shape } => {
                write!(f, "cannot reshape array of size {size} into shape {}", CShape(shape))
            }
            Error::ReshapeNeedsCopy => f.write_str("Unable to avoid creating a copy while reshaping."),
            Error::ReshapeOrderK => f.write_str("order 'K' is not permitted for reshaping"),
            Error::BroadcastShapes { first, first_shape, second, second_shape } => write!(
                f,
                "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {first} with shape {} and arg {second} with shape {}.",
                first_shape.tuple(),
                second_shape.tuple()
            ),
            Error::BroadcastOperands { left, right } => write!(
                f,
                "operands could not be broadcast together with shapes {} {} ",
                CShape(left),
                CShape(right)
            ),
            Error::BroadcastTo { from, to } => write!(
                f,
                "operands could not be broadcast together with remapped shapes [original->remapped]: {}  and requested shape {}",
                CShape(from),
                CShape(to)
            ),
            Error::BroadcastToFewerDims => {
                f.write_str("input operand has more dimensions than allowed by the axis remapping")
            }
            Error::BroadcastToNegative => f.write_str("all elements of broadcast shape must be non-negative"),
            Error::BroadcastToScalar => f.write_str("cannot broadcast a non-scalar to a scalar array"),
            Error::BroadcastTooLarge => f.write_str("broadcast dimensions too large."),
            Error::WindowTooLarge => f.write_str("window shape cannot be larger than input array shape"),
            Error::WindowNegative => f.write_str("`window_shape` cannot contain negative values"),
            Error::WindowAxesMismatch { windows, ndim, with_axis: false } => write!(
                f,
                "Since axis is `None`, must provide window_shape for all dimensions of `x`; got {windows} window_shape elements and `x.ndim` is {ndim}."
            ),
            Error::WindowAxesMismatch { windows, ndim, with_axis: true } => write!(
                f,
                "Must provide matching length window_shape and axis; got {windows} window_shape elements and {ndim} axes elements."
            ),
            Error::TorchViewIncompatible => f.write_str(
                "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
            ),
            Error::TorchStepNotPositive => f.write_str("step must be greater than zero"),
            Error::TorchExpand { size, target, dim, target_sizes, tensor_sizes } => write!(
                f,
                "The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {dim}.  Target sizes: {}.  Tensor sizes: {}",
                List(target_sizes),
                List(tensor_sizes)
            ),
            Error::TorchExpandFewerSizes { sizes, tensor_sizes, type_name } => write!(
                f,
                "expand({type_name}{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                List(tensor_sizes),
                List(sizes),
                sizes.len(),
                tensor_sizes.len()
            ),
            Error::TorchIndexOutOfBounds { index, dim, size } => {
                write!(f, "index {index} is out of bounds for dimension {dim} with size {size}")
            }
            Error::TorchTooManyIndices { ndim } => write!(f, "too many indices for tensor of dimension {ndim}"),
            Error::TorchExpandNewMinusOne { dim } => write!(
                f,
                "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {dim}"
            ),
            Error::TorchDimOutOfRange { dim, rank } => {
                let (low, high) = if *rank == 0 { (-1, 0) } else { (-(*rank as i64), *rank as i64 - 1) };
                write!(f, "Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})")
            }
            Error::TorchPermuteLength { given, ndim } => write!(
                f,
                "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {ndim} is not equal to len(dims) = {given}"
            ),
            Error::TorchPermuteRepeated => f.write_str("permute(): duplicate dims are not allowed."),
            Error::TorchInvalidShape { size, dim, shape } => {
                write!(f, "invalid shape dimension {size} at index {dim} of shape {}", List(shape))
            }
            Error::TorchMultipleUnknown => f.write_str("only one dimension can be inferred"),
            Error::TorchAmbiguousUnknown { shape } => write!(
                f,
                "cannot reshape tensor of 0 elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
                List(shape)
            ),
            Error::TorchShapeSize { numel, shape } => {
                write!(f, "shape '{}' is invalid for input of size {numel}", List(shape))
            }
            Error::TorchMatrixTransposeDims { ndim } => write!(
                f,
                "tensor.mT is only supported on matrices or batches of matrices. Got {ndim}-D tensor."
            ),
            Error::MatrixTransposeDims => f.write_str("matrix transpose with ndim < 2 is undefined"),
            Error::TorchNumelOverflow => f.write_str("numel: integer multiplication overflow"),
            Error::TorchNegativeSize { shape } => write!(
                f,
                "valid PyTorch, but it makes a tensor of sizes {} and the lab does not support negative sizes",
                List(shape)
            ),
        }
    }
}

impl core::error::Error for Error {}

/// Formats a shape for messages that show Python's tuple repr.
pub fn shape_repr(shape: &[i64]) -> impl fmt::Display + '_ {
    tuple(shape)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn c_shapes_print_as_numpy_c_code_does() {
        assert_eq!(CShape(&[5]).to_string(), "(5,)");
        assert_eq!(CShape(&[3, 4]).to_string(), "(3,4)");
        assert_eq!(CShape(&[0, -1]).to_string(), "(0,newaxis)");
        assert_eq!(CShape(&[-1, 0]).to_string(), "(0)");
        assert_eq!(CShape(&[-1]).to_string(), "()");
        assert_eq!(CShape(&[]).to_string(), "()");
    }

    #[test]
    fn classes_follow_numpy() {
        assert_eq!(
            Error::AxisOutOfBounds { axis: 2, ndim: 2 }.exception(),
            "AxisError"
        );
        assert_eq!(Error::MultipleEllipsis.exception(), "IndexError");
        assert_eq!(Error::SliceStepZero.exception(), "ValueError");
        assert_eq!(Error::TorchViewIncompatible.exception(), "RuntimeError");
    }
}
