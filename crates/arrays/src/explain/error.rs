//! Why an operation failed, in the layout's terms: plain data the lab turns into sentences and
//! pictures.

use stride_core::Layout;
use stride_core::footprint::Positions;
use stride_core::reshape::{CopyReason, MemOrder};

use super::{ReadOrder, scaled, scaled_reason};
use crate::array::Array;
use crate::dtype::DType;
use array_picture::{Units, WALK_SHOWN};

/// Why an operation failed, in the layout's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ErrorWhy {
    /// `view` (or `reshape(copy=False)`) needs axes `outer` and `inner` to form one run, which
    /// would need `outer` to step `needed`; it steps `stride`.
    NeedsCopy {
        /// The input's strides.
        strides: Vec<i64>,
        /// The two axes and the strides, as the core found them.
        #[cfg_attr(feature = "serde", serde(with = "array_picture::wire::reason"))]
        reason: CopyReason,
        /// The item size the byte numbers divide by to count elements.
        itemsize: i64,
        /// The memory the view would have read, and the order it reads it in: the walk that
        /// shows why no strides fit.
        memory: Box<ReadMemory>,
        /// Whether it was PyTorch's `view` (else NumPy's `reshape(copy=False)`): the remedies
        /// differ.
        torch: bool,
    },
    /// `reshape` or `view` to a shape whose sizes do not multiply to the array's size (see
    /// [`reshape_size`]).
    ReshapeSize {
        /// How many numbers the array holds.
        size: i64,
        /// The shape asked for, `-1` kept.
        shape: Vec<i64>,
        /// The product of the sizes given (all but the `-1`).
        places: i64,
        /// Whether the shape had a `-1` (no size for it makes the product `size`).
        unknown: bool,
    },
}

/// The memory a failed view would have read, kept as plain data so that the lab can draw the
/// walk over it after the program has stopped: the input's layout with its axes in the order the
/// view reads them (row order over `layout` is the walk), and the bytes that walk reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReadMemory {
    /// The input's layout (in bytes), axes in reading order.
    #[cfg_attr(feature = "serde", serde(with = "array_picture::wire::layout"))]
    pub layout: Layout,
    /// The order that is: row order, or column order for `order="F"`.
    pub order: ReadOrder,
    /// The dtype the input reads its memory as.
    pub dtype: DType,
    /// The dtype its buffer was made with (memory cells are counted in its items).
    pub buffer_dtype: DType,
    /// The buffer's bytes, up to the last one the first [`WALK_SHOWN`] steps read.
    pub bytes: Vec<u8>,
    /// The buffer's length in bytes (more than `bytes` holds when the walk reaches less).
    pub len: usize,
}

impl ReadMemory {
    /// The memory `input` is read from in `order` (row order, or column order for `order="F"`).
    pub fn of(input: &Array, order: MemOrder) -> ReadMemory {
        let layout = super::walk::read_layout(&input.layout, order);
        let width = i128::from(input.dtype.itemsize());
        let reach = Positions::new(&layout)
            .take(WALK_SHOWN + 1)
            .map(|a| a + width)
            .max()
            .unwrap_or(0);
        let bytes = input.buffer.bytes_upto(usize::try_from(reach).unwrap_or(0));
        let len = usize::try_from(input.buffer.len()).unwrap_or(usize::MAX);
        ReadMemory {
            layout,
            order: match order {
                MemOrder::F => ReadOrder::Column,
                MemOrder::K => ReadOrder::Memory,
                MemOrder::C | MemOrder::A => ReadOrder::Row,
            },
            dtype: input.dtype,
            buffer_dtype: input.buffer.dtype,
            bytes,
            len,
        }
    }
}

/// Why `view` (or `reshape(copy=False)`) of `input`, read in `order`, cannot keep the memory: the
/// two axes the core found, and the memory the walk goes over.
pub fn needs_copy(input: &Array, reason: CopyReason, order: MemOrder) -> ErrorWhy {
    ErrorWhy::NeedsCopy {
        strides: input.layout.strides().to_vec(),
        reason,
        itemsize: input.layout.itemsize(),
        memory: Box::new(ReadMemory::of(input, order)),
        torch: input.torch,
    }
}

/// Why `reshape(shape)` of `size` numbers failed: the sizes multiply to `places`, not `size`
/// (or, with a `-1`, `size` is no multiple of `places`). `None` if the product overflows.
pub fn reshape_size(size: i64, shape: &[i64]) -> Option<ErrorWhy> {
    let places = shape
        .iter()
        .filter(|&&d| d >= 0)
        .try_fold(1i64, |p, &d| p.checked_mul(d))?;
    Some(ErrorWhy::ReshapeSize {
        size,
        shape: shape.to_vec(),
        places,
        unknown: shape.iter().any(|&d| d < 0),
    })
}

/// The why of a core error, when the lab can say more than its message.
pub fn core_error_why(e: &stride_core::Error) -> Option<ErrorWhy> {
    match e {
        stride_core::Error::ReshapeSize { size, shape } => reshape_size(*size, shape),
        stride_core::Error::TorchShapeSize { numel, shape } => reshape_size(*numel, shape),
        _ => None,
    }
}

impl ErrorWhy {
    /// The same reason with its numbers in `units` (it is recorded in bytes).
    pub fn in_units(&self, units: Units) -> ErrorWhy {
        match self {
            ErrorWhy::NeedsCopy {
                strides,
                reason,
                itemsize,
                memory,
                torch,
            } => {
                let unit = if units == Units::Elements {
                    *itemsize
                } else {
                    1
                };
                ErrorWhy::NeedsCopy {
                    strides: scaled(strides, unit),
                    reason: scaled_reason(*reason, unit),
                    itemsize: *itemsize,
                    memory: memory.clone(),
                    torch: *torch,
                }
            }
            // Counts of numbers, the same in either unit.
            ErrorWhy::ReshapeSize { .. } => self.clone(),
        }
    }
}
