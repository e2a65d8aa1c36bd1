//! Advanced indexing (integer lists and arrays, boolean masks): a copy gathered element by
//! element. Its plan (which axes the index arrays take, where their broadcast block goes, the
//! result's shape and layout, the view part of a mixed index) is stride-core's; this module
//! reads the index values, checks their bounds and computes the addresses they select.

use std::rc::Rc;

use stride_core::index::IndexItem;
use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::eval::Context;

use super::{Index, Part, VALID_INDICES};

/// The addresses an index selects, in the row order of NumPy's allocation (the broadcast index
/// shape, then the remaining axes), that allocation's layout, and the permutation that puts the
/// axes where they belong.
pub(super) struct Selection {
    pub(super) addresses: Vec<i128>,
    pub(super) alloc_shape: Dims,
    pub(super) alloc: Layout,
    /// Axis `k` of the result is axis `perm[k]` of the allocation.
    pub(super) perm: Option<Dims>,
}

/// Resolves an advanced index into the addresses it reads.
pub(super) fn select(
    ctx: &mut Context,
    a: &Array,
    index: &Index,
    span: Span,
) -> Result<Selection, EvalError> {
    let layout = &a.layout;
    // Spread `...` and masks; count the axes each part consumes.
    let consumed: usize = index
        .parts
        .iter()
        .map(|(p, _)| match p {
            Part::Basic(IndexItem::Int(_) | IndexItem::Slice(_)) | Part::Ints(..) => 1,
            Part::Mask(shape, _) => shape.len(),
            Part::Basic(_) | Part::Key(_) => 0,
        })
        .sum();
    if index
        .parts
        .iter()
        .filter(|(p, _)| matches!(p, Part::Basic(IndexItem::Ellipsis)))
        .count()
        > 1
    {
        return Err(stride_core::Error::MultipleEllipsis.into());
    }
    if consumed > layout.ndim() {
        return Err(stride_core::Error::TooManyIndices {
            ndim: layout.ndim(),
            given: consumed,
        }
        .into());
    }
    // Each entry: a basic axis (slice or new axis) or an advanced index on axis `axis`.
    enum Slot {
        Range {
            axis: usize,
            start: i64,
            step: i64,
            len: i64,
        },
        New,
        /// `axis` is `None` for a 0-d mask, which indexes no axis.
        Adv {
            axis: Option<usize>,
            shape: Vec<i64>,
            values: Vec<i64>,
        },
    }
    let mut slots: Vec<Slot> = Vec::new();
    let mut axis = 0usize;
    let has_ellipsis = index
        .parts
        .iter()
        .any(|(p, _)| matches!(p, Part::Basic(IndexItem::Ellipsis)));
    let full = |slots: &mut Vec<Slot>, axis: &mut usize| {
        let size = layout.shape().get(*axis).copied().unwrap_or(0);
        slots.push(Slot::Range {
            axis: *axis,
            start: 0,
            step: 1,
            len: size,
        });
        *axis += 1;
    };
    for (part, _) in &index.parts {
        match part {
            Part::Key(_) => return Err(EvalError::new("IndexError", VALID_INDICES)),
            Part::Basic(IndexItem::Int(i)) => {
                slots.push(Slot::Adv {
                    axis: Some(axis),
                    shape: Vec::new(),
                    values: vec![*i],
                });
                axis += 1;
            }
            Part::Basic(IndexItem::Slice(s)) => {
                let size = layout.shape().get(axis).copied().unwrap_or(0);
                let mut r = s.resolve(size)?;
                if r.len <= 0 {
                    r = stride_core::index::SliceRange {
                        start: 0,
                        step: 1,
                        len: 0,
                    };
                }
                slots.push(Slot::Range {
                    axis,
                    start: r.start,
                    step: r.step,
                    len: r.len,
                });
                axis += 1;
            }
            Part::Basic(IndexItem::NewAxis) => slots.push(Slot::New),
            Part::Basic(IndexItem::Ellipsis) => {
                for _ in 0..layout.ndim() - consumed {
                    full(&mut slots, &mut axis);
                }
            }
            Part::Ints(shape, values) => {
                slots.push(Slot::Adv {
                    axis: Some(axis),
                    shape: shape.to_vec(),
                    values: values.clone(),
                });
                axis += 1;
            }
            Part::Mask(shape, values) if shape.is_empty() => {
                // A 0-d mask adds an axis of length 1 (True) or 0 (False) and indexes nothing.
                let count = i64::from(values.first().copied().unwrap_or(false));
                slots.push(Slot::Adv {
                    axis: None,
                    shape: vec![count],
                    values: vec![0; count as usize],
                });
            }
            Part::Mask(shape, values) => {
                // A mask over k axes is k index arrays: the coordinates of its True entries.
                for (k, &d) in shape.iter().enumerate() {
                    let size = layout.shape().get(axis + k).copied().unwrap_or(0);
                    // NumPy lets a boolean axis of size 0 stand against any size.
                    if d != size && d != 0 {
                        return Err(EvalError::new(
                            "IndexError",
                            format!(
                                "boolean index did not match indexed array along axis {}; size of axis is {size} but size of corresponding boolean axis is {d}",
                                axis + k
                            ),
                        ));
                    }
                }
                let mut coords: Vec<Vec<i64>> = vec![Vec::new(); shape.len()];
                // The mask's multi-index, counted up in row order beside the flat position.
                let mut idx = vec![0i64; shape.len()];
                for &b in values.iter() {
                    if b {
                        for (c, v) in coords.iter_mut().zip(&idx) {
                            c.push(*v);
                        }
                    }
                    stride_core::footprint::step(&mut idx, shape);
                }
                let count = coords.first().map_or(0, Vec::len);
                for c in coords {
                    let mut s = Dims::new();
                    s.push(count as i64)?;
                    slots.push(Slot::Adv {
                        axis: Some(axis),
                        shape: s.to_vec(),
                        values: c,
                    });
                    axis += 1;
                }
            }
        }
    }
    if !has_ellipsis {
        while axis < layout.ndim() {
            full(&mut slots, &mut axis);
        }
    }
    // Broadcast the advanced shapes together.
    let adv_shapes: Vec<&[i64]> = slots
        .iter()
        .filter_map(|s| match s {
            Slot::Adv { shape, .. } => Some(shape.as_slice()),
            _ => None,
        })
        .collect();
    let b = stride_core::broadcast::broadcast_shapes(&adv_shapes).map_err(|_| {
        // NumPy's message leaves out the 0-d indices (integers), which broadcast with anything.
        let shapes: Vec<String> = adv_shapes
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| c_shape(s))
            .collect();
        EvalError::new(
            "IndexError",
            format!(
                "shape mismatch: indexing arrays could not be broadcast together with shapes {} ",
                shapes.join(" ")
            ),
        )
    })?;
    // Bounds of the index values.
    for s in &slots {
        if let Slot::Adv {
            axis: Some(axis),
            values,
            ..
        } = s
        {
            let size = layout.shape().get(*axis).copied().unwrap_or(0);
            if let Some(&bad) = values.iter().find(|&&v| v < -size || v >= size) {
                return Err(stride_core::Error::IndexOutOfBounds {
                    index: bad,
                    axis: *axis,
                    size,
                }
                .into());
            }
        }
    }
    let adv_positions: Vec<usize> = slots
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, Slot::Adv { .. }))
        .map(|(k, _)| k)
        .collect();
    let adjacent = adv_positions
        .windows(2)
        .all(|w| matches!(w, [x, y] if y == &(x + 1)));
    let first_adv = adv_positions.first().copied().unwrap_or(0);
    // Allocation order: B, then the basic axes in order.
    let basic: Vec<&Slot> = slots
        .iter()
        .filter(|s| !matches!(s, Slot::Adv { .. }))
        .collect();
    let mut alloc_shape = b;
    for s in &basic {
        alloc_shape.push(match s {
            Slot::Range { len, .. } => *len,
            _ => 1,
        })?;
    }
    let total = alloc_shape
        .checked_product()
        .ok_or(stride_core::Error::TooBig)?;
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    // Broadcast each index array to B once.
    let mut adv_values: Vec<(usize, Vec<i64>)> = Vec::new();
    for s in &slots {
        if let Slot::Adv {
            axis: Some(axis),
            shape,
            values,
        } = s
        {
            let src = Layout::contiguous(shape, 8, Order::C)?;
            let stretched = stride_core::broadcast::broadcast_to(&src, &b)?;
            let size = layout.shape().get(*axis).copied().unwrap_or(0);
            let vals = stride_core::footprint::Positions::new(&stretched)
                .map(|p| {
                    let v = usize::try_from(p / 8)
                        .ok()
                        .and_then(|k| values.get(k))
                        .copied()
                        .unwrap_or(0);
                    if v < 0 { v + size } else { v }
                })
                .collect();
            adv_values.push((*axis, vals));
        }
    }
    let b_size = b.checked_product().unwrap_or(0).max(0) as usize;
    let mut addresses = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    let strides = layout.strides();
    // B's axes lead the allocation order, so B's flat position is the flat position divided by
    // the size of the basic axes after it; the multi-index is counted up in row order.
    let inner = alloc_shape
        .get(b.len()..)
        .unwrap_or(&[])
        .iter()
        .product::<i64>()
        .max(1);
    let mut idx = vec![0i64; alloc_shape.len()];
    for flat in 0..total {
        let b_flat = if b.is_empty() {
            0
        } else {
            usize::try_from(flat / inner).unwrap_or(0)
        };
        let mut address = i128::from(layout.offset());
        for (axis, vals) in &adv_values {
            let v = vals
                .get(b_flat.min(b_size.saturating_sub(1)))
                .copied()
                .unwrap_or(0);
            address += i128::from(v) * i128::from(strides.get(*axis).copied().unwrap_or(0));
        }
        for (k, s) in basic.iter().enumerate() {
            if let Slot::Range {
                axis, start, step, ..
            } = s
            {
                let i = idx.get(b.len() + k).copied().unwrap_or(0);
                address += i128::from(start + i * step)
                    * i128::from(strides.get(*axis).copied().unwrap_or(0));
            }
        }
        addresses.push(address);
        stride_core::footprint::step(&mut idx, &alloc_shape);
    }
    // Where B ends up: at the first advanced index if they are adjacent, else in front.
    let perm = if adjacent && first_adv > 0 && !b.is_empty() {
        let nb = b.len();
        let n = alloc_shape.len();
        let mut perm = Dims::new();
        for k in 0..first_adv.min(n - nb) {
            perm.push((nb + k) as i64)?;
        }
        for k in 0..nb {
            perm.push(k as i64)?;
        }
        for k in (nb + first_adv.min(n - nb))..n {
            perm.push(k as i64)?;
        }
        Some(perm)
    } else {
        None
    };
    // The remaining axes keep their memory order (NumPy allocates them like `copy(order='K')`),
    // the broadcast index axes go outside them in row order.
    let mut sub_shape = Dims::new();
    let mut sub_strides = Dims::new();
    for s in &basic {
        let (len, stride) = match s {
            Slot::Range {
                axis, step, len, ..
            } => (
                *len,
                strides
                    .get(*axis)
                    .copied()
                    .unwrap_or(0)
                    .saturating_mul(*step),
            ),
            _ => (1, 0),
        };
        sub_shape.push(len)?;
        sub_strides.push(stride)?;
    }
    let sub = Layout::new(&sub_shape, &sub_strides, 0, a.dtype.itemsize())?;
    // Dense in decreasing |stride| order, ties in axis order (no C or F shortcut here).
    let mut sub_dense = Dims::filled(sub_shape.len(), 0)?;
    let mut step = a.dtype.itemsize();
    for &k in stride_core::copy::memory_order(&sub).iter().rev() {
        let k = k as usize;
        if let Some(slot) = sub_dense.get_mut(k) {
            *slot = step;
        }
        step = step.saturating_mul(sub_shape.get(k).copied().unwrap_or(1));
    }
    let mut alloc_strides = Dims::new();
    let mut outer = Dims::filled(b.len(), 0)?;
    for (slot, &d) in outer.iter_mut().zip(b.iter()).rev() {
        *slot = step;
        step = step.saturating_mul(d.max(1));
    }
    for &st in outer.iter().chain(sub_dense.iter()) {
        alloc_strides.push(st)?;
    }
    let alloc = Layout::new(&alloc_shape, &alloc_strides, 0, a.dtype.itemsize())?;
    let alloc = if alloc.size() == 0 {
        Layout::allocated(&alloc_shape, a.dtype.itemsize(), Order::C)?
    } else {
        alloc
    };
    Ok(Selection {
        addresses,
        alloc_shape,
        alloc,
        perm,
    })
}

/// A shape as NumPy's C code prints it: `(2,3)`, `(5,)`.
pub fn c_shape(shape: &[i64]) -> String {
    let inner: Vec<String> = shape.iter().map(i64::to_string).collect();
    if shape.len() == 1 {
        format!("({},)", inner.join(","))
    } else {
        format!("({})", inner.join(","))
    }
}

/// Advanced indexing: a new array of the selected elements.
pub(super) fn gather(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let sel = select(ctx, a, index, span)?;
    ctx.room(sel.alloc.nbytes(), span)?;
    let values: Vec<Num> = sel
        .addresses
        .iter()
        .map(|&addr| {
            a.read_at(addr)
                .ok_or_else(|| EvalError::value_error("index reads outside the buffer").at(span))
        })
        .collect::<Result<_, _>>()?;
    let origin = Origin {
        op: Op::Gather,
        parent: Some(Rc::clone(a)),
        span,
    };
    let fresh = ctx.new_array(sel.alloc, a.dtype, &values, a.torch, origin)?;
    let Some(perm) = sel.perm else {
        return Ok(fresh);
    };
    let layout = stride_core::axes::transpose(&fresh.layout, &perm)?;
    // The result owns its memory even though NumPy transposed its axes after allocating.
    Ok(Rc::new(Array {
        buffer: Rc::clone(&fresh.buffer),
        layout,
        dtype: fresh.dtype,
        writeable: true,
        owndata: false,
        base: crate::array::Base::Array(Rc::clone(&fresh)),
        torch: fresh.torch,
        origin: fresh.origin.clone(),
    }))
}
