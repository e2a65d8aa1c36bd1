//! The why: what the last operation did to the layout, as data the lab turns into sentences.
//!
//! Every explanation comes from the operation's own record ([`crate::array::Origin`]) and the
//! core's reasoning: a slice's resolved start and step, the permutation of a transpose, the
//! [`CopyReason`] of a reshape that had to copy, the axes a broadcast gave stride 0. Numbers are in
//! the units the lab shows (elements or bytes).

use std::rc::Rc;

use stride_core::Layout;
use stride_core::footprint::Positions;
use stride_core::index::IndexItem;
use stride_core::reshape::{CopyReason, MemOrder};

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
    /// A reshape, ravel or flatten that copied: the input, read in the order the operation asked
    /// for, walks memory like this; `cause` says why that walk needs new memory.
    ReshapeCopied {
        /// The function.
        function: &'static str,
        /// The order the input is read in.
        order: ReadOrder,
        /// Positions the walk visits, in that order; `None` where some are left out (`…`).
        walk: Vec<Option<i64>>,
        /// The steps between neighbours of `walk`; `None` where some are left out.
        steps: Vec<Option<i64>>,
        /// Why the walk needs new memory.
        cause: WalkCause,
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
    /// `diagonal`, `unfold`, `view(dtype)`: a view with strides computed from the old ones.
    Restrided {
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

/// The order a copy reads its input in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOrder {
    /// Row order (C): the last index fastest.
    Row,
    /// Column order (F): the first index fastest.
    Column,
    /// Memory order (K): the axes from the largest stride to the smallest.
    Memory,
}

/// Why the walk of a [`Why::ReshapeCopied`] needs new memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
                    function: f,
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
                function: f,
                stretched,
                reads,
            }
        }
        (Op::Axes(f), _) => Why::Axes { function: f },
        (Op::Strides(f), _) => Why::Restrided { function: f },
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
        (Op::Index(_) | Op::Permute(_) | Op::Reshape(..) | Op::Ravel(..), None) => {
            Why::Created { function: "array" }
        }
    }
}

/// The positions `layout` visits read in `order` (C, F or K, as NumPy's copies read), in bytes.
pub fn read_positions(layout: &Layout, order: MemOrder) -> impl Iterator<Item = i128> {
    let perm: Vec<i64> = match order {
        MemOrder::F => (0..layout.ndim() as i64).rev().collect(),
        MemOrder::K => stride_core::copy::iteration_order(layout).to_vec(),
        MemOrder::C | MemOrder::A => (0..layout.ndim() as i64).collect(),
    };
    let walked = stride_core::axes::transpose(layout, &perm).unwrap_or(*layout);
    Positions::new(&walked)
}

/// The why of a copy that read `input` in `order`: the walk, cut to what a sentence can show but
/// always showing the first change of step when there is one.
fn walked(
    function: &'static str,
    input: &Array,
    order: MemOrder,
    unit: i64,
    reason: Option<CopyReason>,
) -> Why {
    let u = i128::from(unit.max(1));
    let mut positions = read_positions(&input.layout, order).map(|a| (a / u) as i64);
    let mut head: Vec<i64> = Vec::new();
    // The first step, and the first step unlike it: (its index, from, to).
    let mut first_step: Option<i64> = None;
    let mut change: Option<(usize, i64, i64)> = None;
    let mut count = 0usize;
    let mut previous: Option<i64> = None;
    for p in positions.by_ref() {
        if head.len() < WALK {
            head.push(p);
        }
        if let Some(q) = previous {
            let step = p - q;
            match first_step {
                None => first_step = Some(step),
                Some(s) if s != step && change.is_none() => change = Some((count - 1, q, p)),
                Some(_) => {}
            }
        }
        previous = Some(p);
        count += 1;
        if change.is_some() && count > WALK {
            break;
        }
    }
    // Positions past the last one read above, and past the head.
    let rest = positions.next().is_some();
    let more = rest || count > head.len();
    let head_steps: Vec<i64> = head
        .windows(2)
        .filter_map(|w| w.get(1).zip(w.first()).map(|(b, a)| b - a))
        .collect();
    let (walk, steps): (Vec<Option<i64>>, Vec<Option<i64>>) = match change {
        Some((k, from, to)) if k + 1 >= WALK => {
            // The change lies past the head: show the start, then the two positions around it.
            let start = head.iter().take(4).map(|&p| Some(p));
            let mut walk: Vec<Option<i64>> = start.collect();
            walk.extend([None, Some(from), Some(to)]);
            if rest || k + 2 < count {
                walk.push(None);
            }
            let s = first_step.unwrap_or(0);
            (walk, vec![Some(s), Some(s), Some(s), None, Some(to - from)])
        }
        _ => {
            let mut walk: Vec<Option<i64>> = head.iter().map(|&p| Some(p)).collect();
            if more {
                walk.push(None);
            }
            let shown = match change {
                Some((k, _, _)) => (k + 2).max(4),
                None => 4,
            };
            let steps = head_steps.iter().take(shown).map(|&s| Some(s)).collect();
            (walk, steps)
        }
    };
    let needed = (input.dtype.itemsize() / unit.max(1)).max(1);
    let cause = match (change, first_step) {
        (Some(_), _) => WalkCause::Uneven,
        (None, Some(stride)) if function == "ravel" && stride != needed => {
            WalkCause::Spaced { stride, needed }
        }
        _ => WalkCause::Always,
    };
    Why::ReshapeCopied {
        function,
        order: match order {
            MemOrder::F => ReadOrder::Column,
            MemOrder::K => ReadOrder::Memory,
            MemOrder::C | MemOrder::A => ReadOrder::Row,
        },
        walk,
        steps,
        cause,
        reason,
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
