//! The why of basic indexing: each input axis's pick, and how the start moved.

use stride_core::index::IndexItem;

use super::{Pick, Why};
use crate::array::Array;

/// Re-resolves a basic index against the parent's layout, axis by axis, as stride-core applied it.
pub(super) fn indexed(parent: &Array, items: &[IndexItem], unit: i64) -> Why {
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
