//! Advanced indexing (integer lists and arrays, boolean masks): a copy gathered element by
//! element. Its plan (which axes the index arrays take, where their broadcast block goes, the
//! result's shape and layout, the view part of a mixed index) is stride-core's; this module
//! reads the index values, checks their bounds and computes the addresses they select.

use std::rc::Rc;

use stride_core::advanced::{Item, Plan, ViewAxis};
use stride_core::index::IndexItem;
use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};

use super::{Index, Part};

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

/// Resolves an advanced index into the addresses it reads: stride-core plans it
/// ([`stride_core::advanced::Plan`]), this reads the index values, checks their bounds and
/// walks the selected elements in the allocation's row order.
pub(super) fn select(
    ctx: &mut Context,
    a: &Array,
    index: &Index,
    span: Span,
) -> Result<Selection, EvalError> {
    let layout = &a.layout;
    let items: Vec<Item> = index
        .parts
        .iter()
        .map(|(p, _)| match p {
            Part::Key(_) => Item::Invalid,
            Part::Basic(IndexItem::Int(_)) => Item::Int,
            Part::Basic(IndexItem::Slice(s)) => Item::Slice(*s),
            Part::Basic(IndexItem::NewAxis) => Item::NewAxis,
            Part::Basic(IndexItem::Ellipsis) => Item::Ellipsis,
            Part::Ints(shape, _) => Item::Array(shape),
            Part::Mask(shape, values) => Item::Mask {
                shape,
                count: values.iter().filter(|&&b| b).count() as i64,
            },
        })
        .collect();
    let plan = Plan::new(layout, &items).map_err(|e| match e {
        stride_core::Error::IndexArraysMismatch => broadcast_mismatch(index),
        e => e.into(),
    })?;
    // Each index array's shape and values: a mask over k axes is k arrays, the coordinates of
    // its True entries; an integer is a 0-d array.
    let mut coords: Vec<Option<Vec<Vec<i64>>>> = index
        .parts
        .iter()
        .map(|(p, _)| match p {
            Part::Mask(shape, values) if !shape.is_empty() => Some(mask_coordinates(shape, values)),
            _ => None,
        })
        .collect();
    let mut arrays: Vec<(usize, Vec<i64>, Vec<i64>)> = Vec::new();
    for arr in plan.index_arrays() {
        let Some(axis) = arr.axis else { continue };
        let (shape, values) = match index.parts.get(arr.item) {
            Some((Part::Basic(IndexItem::Int(i)), _)) => (Vec::new(), vec![*i]),
            Some((Part::Ints(shape, values), _)) => (shape.to_vec(), values.clone()),
            _ => {
                let c = coords
                    .get_mut(arr.item)
                    .and_then(Option::as_mut)
                    .and_then(|c| c.get_mut(arr.component))
                    .map(std::mem::take)
                    .unwrap_or_default();
                (vec![c.len() as i64], c)
            }
        };
        arrays.push((axis, shape, values));
    }
    // Bounds of the index values.
    for (axis, _, values) in &arrays {
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
    let b = *plan.broadcast();
    let alloc_shape = plan.allocation_shape()?;
    let total = alloc_shape
        .checked_product()
        .ok_or(stride_core::Error::TooBig)?;
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    // Broadcast each index array to B once.
    let mut adv_values: Vec<(usize, Vec<i64>)> = Vec::new();
    for (axis, shape, values) in &arrays {
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
    let view: Vec<ViewAxis> = plan.view_axes().collect();
    let b_size = b.checked_product().unwrap_or(0).max(0) as usize;
    let mut addresses = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    let strides = layout.strides();
    // B's axes lead the allocation order, so B's flat position is the flat position divided by
    // the size of the view axes after it; the multi-index is counted up in row order.
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
        for (k, v) in view.iter().enumerate() {
            if let Some(axis) = v.axis {
                let i = idx.get(b.len() + k).copied().unwrap_or(0);
                address += i128::from(v.start + i * v.step)
                    * i128::from(strides.get(axis).copied().unwrap_or(0));
            }
        }
        addresses.push(address);
        stride_core::footprint::step(&mut idx, &alloc_shape);
    }
    let perm = plan.permutation()?;
    let alloc = plan.allocation(a.dtype.itemsize())?;
    Ok(Selection {
        addresses,
        alloc_shape,
        alloc,
        perm,
    })
}

/// NumPy's IndexError for index arrays that do not broadcast together, naming their shapes but
/// leaving out the 0-d ones (integers), which broadcast with anything.
fn broadcast_mismatch(index: &Index) -> EvalError {
    let mut shapes: Vec<String> = Vec::new();
    for (p, _) in &index.parts {
        match p {
            Part::Ints(shape, _) if !shape.is_empty() => shapes.push(c_shape(shape)),
            Part::Mask(shape, values) => {
                let count = values.iter().filter(|&&b| b).count() as i64;
                for _ in 0..shape.len().max(1) {
                    shapes.push(c_shape(&[count]));
                }
            }
            _ => {}
        }
    }
    EvalError::new(
        "IndexError",
        format!(
            "shape mismatch: indexing arrays could not be broadcast together with shapes {} ",
            shapes.join(" ")
        ),
    )
}

/// The coordinates of a mask's True entries, one list per axis of the mask, in row order.
fn mask_coordinates(shape: &[i64], values: &[bool]) -> Vec<Vec<i64>> {
    let mut coords: Vec<Vec<i64>> = vec![Vec::new(); shape.len()];
    // The mask's multi-index, counted up in row order beside the flat position.
    let mut idx = vec![0i64; shape.len()];
    for &b in values {
        if b {
            for (c, v) in coords.iter_mut().zip(&idx) {
                c.push(*v);
            }
        }
        stride_core::footprint::step(&mut idx, shape);
    }
    coords
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
            if a.buffer.unwritten(addr, a.dtype.itemsize().unsigned_abs()) {
                return Err(EvalError::unwritten(a.torch).at(span));
            }
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
