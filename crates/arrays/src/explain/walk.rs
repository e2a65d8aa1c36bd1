//! The walk of a copy: the positions its input is read at, in the order the copy asked for, cut
//! to what a sentence can show.

use stride_core::Layout;
use stride_core::footprint::Positions;
use stride_core::reshape::{CopyReason, MemOrder};

use super::{ReadOrder, WalkCause, Why};
use crate::array::Array;

/// How many positions of a walk to show.
const WALK: usize = 8;

/// `layout` with its axes in the order `order` reads them (C, F or K, as NumPy's copies read):
/// row order over the result visits the positions in that order.
pub fn read_layout(layout: &Layout, order: MemOrder) -> Layout {
    let perm: Vec<i64> = match order {
        MemOrder::F => (0..layout.ndim() as i64).rev().collect(),
        MemOrder::K => stride_core::copy::iteration_order(layout).to_vec(),
        MemOrder::C | MemOrder::A => (0..layout.ndim() as i64).collect(),
    };
    stride_core::axes::transpose(layout, &perm).unwrap_or(*layout)
}

/// The positions `layout` visits read in `order` (C, F or K, as NumPy's copies read), in bytes.
pub fn read_positions(layout: &Layout, order: MemOrder) -> impl Iterator<Item = i128> {
    Positions::new(&read_layout(layout, order))
}

/// The why of a copy that read `input` in `order`: the walk, cut to what a sentence can show but
/// always showing the first change of step when there is one.
pub(super) fn walked(
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
        function: std::borrow::Cow::Borrowed(function),
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
