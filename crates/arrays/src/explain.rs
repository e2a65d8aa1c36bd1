//! The why: what the last operation did to the layout, as data the lab turns into sentences.
//!
//! Every explanation comes from the operation's own record ([`crate::array::Origin`]) and the
//! core's reasoning: a slice's resolved start and step, the permutation of a transpose, the
//! [`CopyReason`] of a reshape that had to copy, the axes a broadcast gave stride 0. Numbers are in
//! the units the lab shows (elements or bytes).

use std::borrow::Cow;
use std::rc::Rc;

use stride_core::reshape::{CopyReason, MemOrder};

use crate::array::{Array, Op};
use crate::dtype::DType;
use array_picture::Units;

mod error;
mod indexed;
mod walk;

pub use array_picture::ReadOrder;
pub use error::{ErrorWhy, ReadMemory, core_error_why, needs_copy, reshape_size};
pub use walk::{read_layout, read_positions};

use indexed::indexed;
use walk::walked;

/// A function's or an operator's name in a [`Why`]: the engine's own, or one read from a message.
pub type Name = Cow<'static, str>;

/// What happened to one input axis in basic indexing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Pick {
    /// An integer picked position `index` of input axis `axis`, whose stride is `stride`: the start
    /// moved by `index · stride` and the axis is gone.
    Int {
        /// Input axis.
        axis: usize,
        /// The position, wrapped if negative.
        index: i64,
        /// The axis's stride.
        stride: i64,
    },
    /// A slice kept input axis `axis`: it starts at `start`, steps `step`, has `len` items; the new
    /// stride is `stride · step`.
    Slice {
        /// Input axis.
        axis: usize,
        /// First position.
        start: i64,
        /// Step.
        step: i64,
        /// Items kept.
        len: i64,
        /// The axis's stride before.
        stride: i64,
    },
    /// `None` added an axis of size 1 and stride 0.
    NewAxis,
}

/// Why an array has the layout it has.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Why {
    /// A new array with memory of its own, made by `function`.
    Created {
        /// `np.arange`, `np.zeros`, …
        function: Name,
    },
    /// Basic indexing: the picks and how the start moved.
    Indexed {
        /// What happened per input axis.
        picks: Vec<Pick>,
        /// The start before.
        start_before: i64,
        /// The start after.
        start_after: i64,
    },
    /// A transpose: axis `k` of the result is axis `perm[k]` of the input; no number moved.
    Permuted {
        /// The permutation.
        perm: Vec<i64>,
        /// Strides before.
        strides_before: Vec<i64>,
        /// Strides after.
        strides_after: Vec<i64>,
    },
    /// A reshape (or view, ravel) that kept the memory: new strides for the same numbers.
    Regrouped {
        /// The function.
        function: Name,
        /// Shape before.
        shape_before: Vec<i64>,
        /// Strides before.
        strides_before: Vec<i64>,
        /// Strides after.
        strides_after: Vec<i64>,
    },
    /// A reshape, ravel or flatten that copied: the input, read in the order the operation asked
    /// for, walks memory like this; `cause` says why that walk needs new memory.
    ReshapeCopied {
        /// The function.
        function: Name,
        /// The order the input is read in.
        order: ReadOrder,
        /// Positions the walk visits, in that order; `None` where some are left out (`…`).
        walk: Vec<Option<i64>>,
        /// The steps between neighbours of `walk`; `None` where some are left out.
        steps: Vec<Option<i64>>,
        /// Why the walk needs new memory.
        cause: WalkCause,
        /// The two axes that could not merge, when NumPy's rule names them.
        #[cfg_attr(feature = "serde", serde(with = "array_picture::wire::copy_reason"))]
        reason: Option<CopyReason>,
    },
    /// A broadcast: these result axes have stride 0, so they read the same memory again.
    Broadcast {
        /// The function (`broadcast_to`, `expand`).
        function: Name,
        /// Result axes with stride 0.
        stretched: Vec<usize>,
        /// How many times each memory cell is read, at most.
        reads: i64,
    },
    /// `squeeze`, `expand_dims`, `unsqueeze`: axes of size 1 added or removed.
    Axes {
        /// The function.
        function: Name,
    },
    /// `diagonal`, `unfold`, `view(dtype)`: a view with strides computed from the old ones.
    Restrided {
        /// The function.
        function: Name,
    },
    /// `as_strided` or `sliding_window_view`: strides given by hand; windows overlap.
    Strided {
        /// Whether it came from `sliding_window_view`.
        windows: bool,
        /// Reads that fall outside the buffer.
        outside: u64,
    },
    /// A copy made on purpose (`copy`, `ascontiguousarray`, `contiguous`, `clone`).
    Copied {
        /// The function.
        function: Name,
    },
    /// `astype`: new memory, values cast.
    Cast {
        /// The old dtype.
        from: DType,
        /// The new dtype.
        to: DType,
    },
    /// Advanced indexing: the elements gathered into new memory.
    Gathered,
    /// Arithmetic: a new array computed from its operands.
    Computed {
        /// The operator or function.
        operation: Name,
    },
    /// A contraction done in steps: the sums of products written to new memory, and the result
    /// a view of it in the output's order.
    Contracted {
        /// The function (`einsum`).
        function: Name,
        /// The result's strides.
        strides: Vec<i64>,
    },
    /// A NumPy scalar indexed with `None` or `...`: its value first put in new memory.
    FromScalar,
}

/// Why the walk of a [`Why::ReshapeCopied`] needs new memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WalkCause {
    /// The walk takes two different steps (both shown): no single stride describes it.
    Uneven,
    /// The walk has one stride, `stride`, but the result must hold neighbours `needed` apart
    /// (`ravel` returns contiguous memory).
    Spaced {
        /// The walk's stride.
        stride: i64,
        /// One element, in the units shown.
        needed: i64,
    },
    /// The function copies whatever the walk (`flatten`; `reshape(..., copy=True)`).
    Always,
}

fn scaled(values: &[i64], unit: i64) -> Vec<i64> {
    values.iter().map(|v| v / unit.max(1)).collect()
}

fn unit_of(array: &Array, units: Units) -> i64 {
    match units {
        Units::Elements => array.dtype.itemsize(),
        Units::Bytes => 1,
    }
}

/// A copy reason in the given units.
pub fn scaled_reason(r: CopyReason, unit: i64) -> CopyReason {
    let u = unit.max(1);
    CopyReason {
        outer: r.outer,
        inner: r.inner,
        stride: r.stride / u,
        needed: r.needed / u,
    }
}

/// Explains how `array` got its layout.
pub fn explain(array: &Rc<Array>, units: Units) -> Why {
    let unit = unit_of(array, units);
    let origin = &array.origin;
    let parent = origin.parent.as_ref();
    match (&origin.op, parent) {
        (Op::Create(f), _) => Why::Created {
            function: Cow::Borrowed(f),
        },
        (Op::Index(_), Some(p)) if matches!(p.origin.op, Op::FromScalar) => Why::FromScalar,
        (Op::FromScalar, _) => Why::FromScalar,
        (Op::Index(items), Some(p)) => indexed(p, items, unit),
        (Op::Permute(perm), Some(p)) => Why::Permuted {
            perm: perm.to_vec(),
            strides_before: scaled(p.layout.strides(), unit),
            strides_after: scaled(array.layout.strides(), unit),
        },
        (Op::Reshape(f, reason), Some(p)) => {
            // NumPy's reshape copies into an array of the input's shape, in the order asked, and
            // returns a view of that copy (made in the same operation); PyTorch's returns the copy.
            let copied = if !p.shares_buffer(array) {
                Some((p, array))
            } else {
                p.origin
                    .parent
                    .as_ref()
                    .filter(|g| !g.shares_buffer(p) && p.origin.span == origin.span)
                    .map(|g| (g, p))
            };
            let Some((input, copy)) = copied else {
                return Why::Regrouped {
                    function: Cow::Borrowed(f),
                    shape_before: p.layout.shape().to_vec(),
                    strides_before: scaled(p.layout.strides(), unit),
                    strides_after: scaled(array.layout.strides(), unit),
                };
            };
            // The copy lies in the order its numbers were read: column order when it is
            // F-contiguous only (when it is both, the two orders visit the same positions).
            let order = if copy.layout.is_f_contiguous() && !copy.layout.is_c_contiguous() {
                MemOrder::F
            } else {
                MemOrder::C
            };
            walked(
                f,
                input,
                order,
                unit,
                reason.map(|r| scaled_reason(r, unit)),
            )
        }
        (Op::Ravel(f, order), Some(p)) => walked(f, p, *order, unit, None),
        (Op::Broadcast(f), _) => {
            let stretched: Vec<usize> = array
                .layout
                .shape()
                .iter()
                .zip(array.layout.strides().iter())
                .enumerate()
                .filter(|(_, (d, s))| **s == 0 && **d > 1)
                .map(|(k, _)| k)
                .collect();
            let reads = stretched
                .iter()
                .filter_map(|&k| array.layout.shape().get(k))
                .product::<i64>();
            Why::Broadcast {
                function: Cow::Borrowed(f),
                stretched,
                reads,
            }
        }
        (Op::Axes(f), _) => Why::Axes {
            function: Cow::Borrowed(f),
        },
        (Op::Strides(f), _) => Why::Restrided {
            function: Cow::Borrowed(f),
        },
        (Op::AsStrided, _) | (Op::Windows, _) => Why::Strided {
            windows: matches!(origin.op, Op::Windows),
            outside: { array_picture::outside_count(&array.layout, array.buffer.len()) },
        },
        (Op::Copy(f), _) => Why::Copied {
            function: Cow::Borrowed(f),
        },
        (Op::Cast(to), Some(p)) => Why::Cast {
            from: p.dtype,
            to: *to,
        },
        (Op::Cast(to), None) => Why::Cast { from: *to, to: *to },
        (Op::Gather, _) => Why::Gathered,
        (Op::Compute(op), _) => Why::Computed {
            operation: Cow::Borrowed(op),
        },
        (Op::Contracted(f), _) => Why::Contracted {
            function: Cow::Borrowed(f),
            strides: scaled(array.layout.strides(), unit),
        },
        (Op::Index(_) | Op::Permute(_) | Op::Reshape(..) | Op::Ravel(..), None) => Why::Created {
            function: Cow::Borrowed("array"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Value;

    fn why(program: &str) -> Why {
        let outcome = crate::run(program).unwrap();
        let Value::Array(a) = outcome.value else {
            panic!("not an array")
        };
        explain(&a, Units::Elements)
    }

    const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";

    #[test]
    fn the_walk_of_x_t_reshape_is_the_lessons() {
        // Seed 000 §3: 0, 4, 8, 1, 5, 9 … forward 4, forward 4, back 7.
        let Why::ReshapeCopied {
            walk,
            steps,
            cause,
            order,
            reason,
            ..
        } = why(&format!("{X}x.T.reshape(12)"))
        else {
            panic!()
        };
        let shown: Vec<Option<i64>> = [0, 4, 8, 1, 5, 9, 2, 6].into_iter().map(Some).collect();
        assert_eq!(walk[..8], shown[..]);
        assert_eq!(walk[8..], [None]);
        assert_eq!(steps, [Some(4), Some(4), Some(-7), Some(4)]);
        assert_eq!((cause, order), (WalkCause::Uneven, ReadOrder::Row));
        assert_eq!(
            reason,
            Some(CopyReason {
                outer: 0,
                inner: 1,
                stride: 1,
                needed: 12
            })
        );
    }

    #[test]
    fn a_slice_explains_its_start_and_step() {
        let Why::Indexed {
            picks,
            start_before,
            start_after,
        } = why(&format!("{X}x[1:, ::2]"))
        else {
            panic!()
        };
        assert_eq!((start_before, start_after), (0, 4));
        assert_eq!(
            picks,
            [
                Pick::Slice {
                    axis: 0,
                    start: 1,
                    step: 1,
                    len: 2,
                    stride: 4
                },
                Pick::Slice {
                    axis: 1,
                    start: 0,
                    step: 2,
                    len: 2,
                    stride: 1
                }
            ]
        );
    }

    #[test]
    fn broadcast_names_its_stride_zero_axes() {
        assert_eq!(
            why(&format!("{X}np.broadcast_to(x[0], (3, 4))")),
            Why::Broadcast {
                function: "broadcast_to".into(),
                stretched: vec![0],
                reads: 3
            }
        );
        assert!(matches!(why(&format!("{X}x.T")), Why::Permuted { .. }));
        assert!(matches!(
            why(&format!("{X}x.reshape(2, 6)")),
            Why::Regrouped { .. }
        ));
    }
}
