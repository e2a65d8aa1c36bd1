//! Why an operation failed, in the layout's terms: plain data the lab turns into sentences and
//! pictures.

use stride_core::reshape::CopyReason;

use super::{scaled, scaled_reason};
use crate::picture::Units;

/// Why an operation failed, in the layout's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorWhy {
    /// `view` (or `reshape(copy=False)`) needs axes `outer` and `inner` to form one run, which
    /// would need `outer` to step `needed`; it steps `stride`.
    NeedsCopy {
        /// The input's strides.
        strides: Vec<i64>,
        /// The two axes and the strides, as the core found them.
        reason: CopyReason,
        /// The item size the byte numbers divide by to count elements.
        itemsize: i64,
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
                }
            }
            // Counts of numbers, the same in either unit.
            ErrorWhy::ReshapeSize { .. } => self.clone(),
        }
    }
}
