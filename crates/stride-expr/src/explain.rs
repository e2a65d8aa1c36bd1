//! The why: what the last operation did to the layout, as data the lab turns into sentences.
//!
//! Every explanation comes from the operation's own record ([`crate::array::Origin`]) and the
//! core's reasoning: a slice's resolved start and step, the permutation of a transpose, the
//! [`CopyReason`] of a reshape that had to copy, the axes a broadcast gave stride 0. Numbers are in
//! the units the lab shows (elements or bytes).

use std::rc::Rc;

use stride_core::footprint::Positions;
use stride_core::index::IndexItem;
use stride_core::reshape::CopyReason;

use crate::array::{Array, Op};
use crate::dtype::DType;
use crate::picture::Units;

/// What happened to one input axis in basic indexing.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub enum Why {
    /// A new array with memory of its own, made by `function`.
    Created {
        /// `np.arange`, `np.zeros`, …
        function: &'static str,
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
        function: &'static str,
        /// Shape before.
        shape_before: Vec<i64>,
        /// Strides before.
        strides_before: Vec<i64>,
        /// Strides after.
        strides_after: Vec<i64>,
    },
    /// A reshape that had to copy: the input read in row order walks memory like this, which no
    /// single stride describes.
    ReshapeCopied {
        /// The function.
        function: &'static str,
        /// The first positions the walk visits.
        walk: Vec<i64>,
        /// The steps between them.
        steps: Vec<i64>,
        /// Whether the walk goes on past what is shown.
        more: bool,
        /// The two axes that could not merge, when NumPy's rule names them.
        reason: Option<CopyReason>,
    },
    /// A broadcast: these result axes have stride 0, so they read the same memory again.
    Broadcast {
        /// The function (`broadcast_to`, `expand`).
        function: &'static str,
        /// Result axes with stride 0.
        stretched: Vec<usize>,
        /// How many times each memory cell is read, at most.
        reads: i64,
    },
    /// `squeeze`, `expand_dims`, `unsqueeze`: axes of size 1 added or removed.
    Axes {
        /// The function.
        function: &'static str,
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
        function: &'static str,
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
        operation: &'static str,
    },
    /// A NumPy scalar indexed with `None` or `...`: its value first put in new memory.
    FromScalar,
}

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
        }
    }
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

/// How many positions of a walk to show.
const WALK: usize = 8;

/// Explains how `array` got its layout.
pub fn explain(array: &Rc<Array>, units: Units) -> Why {
    let unit = unit_of(array, units);
    let origin = &array.origin;
    let parent = origin.parent.as_ref();
    match (&origin.op, parent) {
        (Op::Create(f), _) => Why::Created { function: f },
        (Op::Index(_), Some(p)) if matches!(p.origin.op, Op::FromScalar) => Why::FromScalar,
        (Op::FromScalar, _) => Why::FromScalar,
        (Op::Index(items), Some(p)) => indexed(p, items, unit),
        (Op::Permute(perm), Some(p)) => Why::Permuted {
            perm: perm.to_vec(),
            strides_before: scaled(p.layout.strides(), unit),
            strides_after: scaled(array.layout.strides(), unit),
        },
        (Op::Reshape(f, reason), Some(p)) => {
            if p.shares_buffer(array) && reason.is_none() {
                return Why::Regrouped {
                    function: f,
                    shape_before: p.layout.shape().to_vec(),
                    strides_before: scaled(p.layout.strides(), unit),
                    strides_after: scaled(array.layout.strides(), unit),
                };
            }
            // The copy's parent is the input read in row order.
            let input = if p.shares_buffer(array) {
                p.origin.parent.as_ref().unwrap_or(p)
            } else {
                p
            };
            let walk: Vec<i64> = Positions::new(&input.layout)
                .take(WALK + 1)
                .map(|a| (a / i128::from(unit)) as i64)
                .collect();
            let more = input.layout.size() > WALK as i64;
            let shown: Vec<i64> = walk.iter().take(WALK).copied().collect();
            let steps = walk
                .windows(2)
                .filter_map(|w| w.get(1).zip(w.first()).map(|(b, a)| b - a))
                .collect();
            Why::ReshapeCopied {
                function: f,
                walk: shown,
                steps,
                more,
                reason: reason.map(|r| scaled_reason(r, unit)),
            }
        }
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
                function: f,
                stretched,
                reads,
            }
        }
        (Op::Axes(f), _) => Why::Axes { function: f },
        (Op::AsStrided, _) | (Op::Windows, _) => Why::Strided {
            windows: matches!(origin.op, Op::Windows),
            outside: {
                let mut counts = vec![0u32; array.buffer.len()];
                stride_core::footprint::tally(&array.layout, 1, &mut counts).outside
            },
        },
        (Op::Copy(f), _) => Why::Copied { function: f },
        (Op::Cast(to), Some(p)) => Why::Cast {
            from: p.dtype,
            to: *to,
        },
        (Op::Cast(to), None) => Why::Cast { from: *to, to: *to },
        (Op::Gather, _) => Why::Gathered,
        (Op::Compute(op), _) => Why::Computed { operation: op },
        (Op::Index(_) | Op::Permute(_) | Op::Reshape(..), None) => {
            Why::Created { function: "array" }
        }
    }
}

/// Re-resolves a basic index against the parent's layout, axis by axis, as stride-core applied it.
fn indexed(parent: &Array, items: &[IndexItem], unit: i64) -> Why {
    let layout = &parent.layout;
    let consuming = items
        .iter()
        .filter(|i| matches!(i, IndexItem::Int(_) | IndexItem::Slice(_)))
        .count();
    let mut picks = Vec::new();
    let mut axis = 0usize;
    let mut start = i128::from(layout.offset());
    let size = |a: usize| layout.shape().get(a).copied().unwrap_or(0);
    let stride = |a: usize| layout.strides().get(a).copied().unwrap_or(0);
    let mut expanded: Vec<IndexItem> = Vec::new();
    let mut seen_ellipsis = false;
    for item in items {
        if matches!(item, IndexItem::Ellipsis) {
            seen_ellipsis = true;
            for _ in 0..layout.ndim().saturating_sub(consuming) {
                expanded.push(IndexItem::Slice(stride_core::index::Slice::FULL));
            }
        } else {
            expanded.push(*item);
        }
    }
    if !seen_ellipsis {
        for _ in 0..layout.ndim().saturating_sub(consuming) {
            expanded.push(IndexItem::Slice(stride_core::index::Slice::FULL));
        }
    }
    for item in expanded {
        match item {
            IndexItem::Int(i) => {
                let index = if i < 0 { i + size(axis) } else { i };
                start += i128::from(index) * i128::from(stride(axis));
                picks.push(Pick::Int {
                    axis,
                    index,
                    stride: stride(axis) / unit,
                });
                axis += 1;
            }
            IndexItem::Slice(s) => {
                let (first, step, len) = match s.resolve(size(axis)) {
                    Ok(r) if r.len > 0 => (r.start, r.step, r.len),
                    _ => (0, 1, 0),
                };
                start += i128::from(first) * i128::from(stride(axis));
                picks.push(Pick::Slice {
                    axis,
                    start: first,
                    step,
                    len,
                    stride: stride(axis) / unit,
                });
                axis += 1;
            }
            IndexItem::NewAxis => picks.push(Pick::NewAxis),
            IndexItem::Ellipsis => {}
        }
    }
    Why::Indexed {
        picks,
        start_before: layout.offset() / unit,
        start_after: (start / i128::from(unit)) as i64,
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
            more,
            reason,
            ..
        } = why(&format!("{X}x.T.reshape(12)"))
        else {
            panic!()
        };
        assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6]);
        assert_eq!(steps[..3], [4, 4, -7]);
        assert!(more);
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
                function: "broadcast_to",
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
