//! `a[index]` and `a[index] = value`: basic indexing as a view (through stride-core), advanced
//! indexing (integer lists and arrays, boolean masks) as a copy gathered element by element, and
//! indexing of Python tuples, lists and flags.
//!
//! Advanced indexing follows NumPy's rules: the index arrays broadcast together to a shape `B`;
//! integers count as 0-d index arrays once any array is present; the result is allocated in the
//! order (`B`, remaining axes) and, when the advanced indices are adjacent but not first, `B` is
//! moved to where they stood, so the result is a transposed view of its own new memory.

use std::rc::Rc;

use stride_core::index::{IndexItem, Indexed, Slice, index as basic_index};
use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin, view_of};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::value::Value;

/// One evaluated part of an index.
#[derive(Clone, Debug)]
pub enum Part {
    /// An integer, slice, `None` or `...`.
    Basic(IndexItem),
    /// An integer index array (from a list or an array), with its shape and values in row order.
    Ints(Dims, Vec<i64>),
    /// A boolean mask, with its shape and values.
    Mask(Dims, Vec<bool>),
    /// A string key (`flags['C_CONTIGUOUS']`).
    Key(Rc<str>),
}

/// An evaluated index: its parts, each with its span.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// The parts in order.
    pub parts: Vec<(Part, Span)>,
}

impl Index {
    fn is_advanced(&self) -> bool {
        self.parts
            .iter()
            .any(|(p, _)| matches!(p, Part::Ints(..) | Part::Mask(..)))
    }

    fn basic_items(&self) -> Option<Vec<IndexItem>> {
        self.parts
            .iter()
            .map(|(p, _)| match p {
                Part::Basic(b) => Some(*b),
                _ => None,
            })
            .collect()
    }
}

/// The index of `value[…]` from its evaluated parts (each with its span): a slice is a
/// [`Value::Slice`], and a lone tuple spreads into the index (`a[(1, 2)]` is `a[1, 2]`). For a
/// NumPy scalar (`scalar`), an error of a part as an index is NumPy's one IndexError
/// ([`invalid_scalar_index`]), even for what is no index at all (`s[0.5]`).
pub fn index_of(parts: &[(Value, Span)], scalar: bool) -> Result<Index, EvalError> {
    let wrap = |e: EvalError| {
        if scalar {
            EvalError {
                span: e.span,
                ..invalid_scalar_index()
            }
        } else {
            e
        }
    };
    let mut out = Vec::new();
    for (v, span) in parts {
        match v {
            Value::Slice(start, stop, step) => {
                let clamp = |b: &Option<i128>| {
                    b.map(|i| i.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
                };
                let slice = Slice {
                    start: clamp(start),
                    stop: clamp(stop),
                    step: clamp(step),
                };
                out.push((Part::Basic(IndexItem::Slice(slice)), *span));
            }
            Value::Tuple(inner) if parts.len() == 1 => {
                for x in inner.iter() {
                    out.push((part_of(x).map_err(|err| wrap(err.at(*span)))?, *span));
                }
            }
            _ => out.push((part_of(v).map_err(|err| wrap(err.at(*span)))?, *span)),
        }
    }
    Ok(Index { parts: out })
}

/// NumPy's error for any index a scalar cannot take (it indexes a 0-d array of the scalar's
/// value and replaces whatever that raised).
pub fn invalid_scalar_index() -> EvalError {
    EvalError::new("IndexError", "invalid index to scalar variable.")
}

/// A slice bound: an integer (clamped to 64 bits, as CPython clamps) or `None`.
pub fn slice_bound(v: &Value) -> Result<Option<i64>, EvalError> {
    match v {
        Value::None => Ok(None),
        Value::Int(i) => Ok(Some(
            (*i).clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
        )),
        other => other.as_index().map(Some).map_err(|_| {
            EvalError::type_error(
                "slice indices must be integers or None or have an __index__ method",
            )
        }),
    }
}

const VALID_INDICES: &str = "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices";

fn part_of(v: &Value) -> Result<Part, EvalError> {
    match v {
        Value::None => Ok(Part::Basic(IndexItem::NewAxis)),
        Value::Ellipsis => Ok(Part::Basic(IndexItem::Ellipsis)),
        Value::Str(s) => Ok(Part::Key(Rc::clone(s))),
        Value::Bool(b) | Value::Scalar(DType::Bool, Num::Bool(b)) => {
            Ok(Part::Mask(Dims::new(), vec![*b]))
        }
        // NumPy reads an int as a C long, then as an unsigned one: an int in [2⁶³, 2⁶⁴) fails the
        // second conversion with OverflowError, any other out of range is no index at all.
        Value::Int(i) if (1i128 << 63..1i128 << 64).contains(i) => Err(EvalError::new(
            "OverflowError",
            "Python int too large to convert to C long",
        )),
        Value::Int(_) | Value::Scalar(..) => v
            .as_index()
            .map(|i| Part::Basic(IndexItem::Int(i)))
            .map_err(|_| EvalError::new("IndexError", VALID_INDICES)),
        Value::List(_) | Value::Tuple(_) => {
            let (shape, flat) = crate::numpy::nested(v)?;
            if flat.iter().all(|x| matches!(x, Value::Bool(_))) && !flat.is_empty() {
                Ok(Part::Mask(
                    shape,
                    flat.iter()
                        .map(|x| matches!(x, Value::Bool(true)))
                        .collect(),
                ))
            } else {
                let ints = flat
                    .iter()
                    .map(|x| {
                        x.as_index()
                            .map_err(|_| EvalError::new("IndexError", VALID_INDICES))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Part::Ints(shape, ints))
            }
        }
        Value::Array(a) => {
            let values = a.checked_values(Span::default())?;
            if a.dtype == DType::Bool {
                Ok(Part::Mask(
                    *a.layout.shape(),
                    values.iter().map(|n| n.truthy()).collect(),
                ))
            } else if a.dtype.is_float() {
                Err(EvalError::new(
                    "IndexError",
                    "arrays used as indices must be of integer (or boolean) type",
                ))
            } else {
                Ok(Part::Ints(
                    *a.layout.shape(),
                    values
                        .iter()
                        .map(|n| match n {
                            // Past int64 (a uint64 index) it is out of bounds anyway.
                            Num::Int(i) => (*i).clamp(i64::MIN.into(), i64::MAX.into()) as i64,
                            _ => 0,
                        })
                        .collect(),
                ))
            }
        }
        _ => Err(EvalError::new("IndexError", VALID_INDICES)),
    }
}

/// Wraps the result of basic indexing: a NumPy scalar when every axis got an integer, else a view.
pub fn basic_result(a: &Rc<Array>, items: &[IndexItem], indexed: Indexed, span: Span) -> Value {
    if indexed.scalar && !a.torch {
        let value = a
            .read_at(i128::from(indexed.layout.offset()))
            .unwrap_or(Num::Int(0));
        return Value::Scalar(a.dtype, value);
    }
    Value::Array(view_of(a, indexed.layout, Op::Index(Rc::from(items)), span))
}

/// `value[index]`.
pub fn get_item(
    ctx: &mut Context,
    value: &Value,
    index: &Index,
    span: Span,
) -> Result<Value, EvalError> {
    match value {
        Value::Array(a) if a.torch => {
            crate::torch::get_item(ctx, a, index, span).map_err(crate::torch::beyond_numpy_dims)
        }
        Value::Array(a) => {
            if index.parts.len() > 2 * stride_core::MAX_NDIM {
                return Err(stride_core::Error::IndexTooLong.into());
            }
            if index.parts.iter().any(|(p, _)| matches!(p, Part::Key(_))) {
                return Err(EvalError::new("IndexError", VALID_INDICES));
            }
            if index.is_advanced() {
                return gather(ctx, a, index, span).map(Value::Array);
            }
            let items = index.basic_items().unwrap_or_default();
            let indexed = basic_index(&a.layout, &items)?;
            Ok(basic_result(a, &items, indexed, span))
        }
        Value::Tuple(items) | Value::List(items) => sequence_item(value, items, index),
        // NumPy indexes a scalar as a 0-d array of its value in new memory: `s[()]` is the scalar
        // again, `s[...]` a 0-d view of that memory, `s[None]` a 1-element one, `s[True]` a
        // 1-element copy; anything the 0-d array cannot take is one IndexError.
        Value::Scalar(_, _) if index.parts.is_empty() => Ok(value.clone()),
        Value::Scalar(d, n) => {
            let a = scalar_array(ctx, *d, *n, span)?;
            get_item(ctx, &Value::Array(a), index, span).map_err(|_| invalid_scalar_index())
        }
        Value::Flags(a) => match index.parts.as_slice() {
            [(Part::Key(key), _)] => flag_item(a, key),
            _ => Err(EvalError::new("KeyError", "'Unknown flag'")),
        },
        other => Err(EvalError::type_error(format!(
            "'{}' object is not subscriptable",
            other.qualified_name()
        ))),
    }
}

/// The 0-d array NumPy makes of a scalar to index it (`PyArray_FromScalar`): new memory holding
/// its value.
pub fn scalar_array(
    ctx: &mut Context,
    d: DType,
    n: Num,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let origin = Origin {
        op: Op::FromScalar,
        parent: None,
        span,
    };
    ctx.new_c_array(&[], d, &[d.cast(n)], false, origin)
}

/// `flags['C_CONTIGUOUS']`: flags are indexed by strings, which the evaluator passes here.
pub fn flag_item(a: &Array, key: &str) -> Result<Value, EvalError> {
    crate::attrs::flag(a, key)
        .map(Value::Bool)
        .ok_or_else(|| EvalError::new("KeyError", "'Unknown flag'"))
}

fn sequence_item(value: &Value, items: &[Value], index: &Index) -> Result<Value, EvalError> {
    let kind = value.type_name();
    match index.parts.as_slice() {
        [(Part::Basic(IndexItem::Int(i)), _)] => {
            let n = items.len() as i64;
            let k = if *i < 0 { i + n } else { *i };
            usize::try_from(k)
                .ok()
                .and_then(|k| items.get(k))
                .cloned()
                .ok_or_else(|| EvalError::new("IndexError", format!("{kind} index out of range")))
        }
        [(Part::Basic(IndexItem::Slice(s)), _)] => {
            let r = s.resolve(items.len() as i64)?;
            let picked: Vec<Value> = (0..r.len)
                .filter_map(|k| {
                    usize::try_from(r.start + k * r.step)
                        .ok()
                        .and_then(|j| items.get(j))
                        .cloned()
                })
                .collect();
            Ok(if matches!(value, Value::Tuple(_)) {
                Value::Tuple(picked.into())
            } else {
                Value::List(picked.into())
            })
        }
        parts => {
            // Python names the type of the index it was given.
            let given = match parts {
                [(Part::Key(_), _)] => "str",
                [(Part::Basic(IndexItem::NewAxis), _)] => "NoneType",
                [(Part::Basic(IndexItem::Ellipsis), _)] => "ellipsis",
                [(Part::Ints(..) | Part::Mask(..), _)] => "list",
                _ => "tuple",
            };
            Err(EvalError::type_error(format!(
                "{kind} indices must be integers or slices, not {given}"
            )))
        }
    }
}

/// The addresses an index selects, in the row order of NumPy's allocation (the broadcast index
/// shape, then the remaining axes), that allocation's layout, and the permutation that puts the
/// axes where they belong.
struct Selection {
    addresses: Vec<i128>,
    alloc_shape: Dims,
    alloc: Layout,
    /// Axis `k` of the result is axis `perm[k]` of the allocation.
    perm: Option<Dims>,
}

/// Resolves an advanced index into the addresses it reads.
fn select(ctx: &mut Context, a: &Array, index: &Index, span: Span) -> Result<Selection, EvalError> {
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
fn gather(
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

/// `array[index] = value`.
pub fn set_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    if a.torch {
        return crate::torch::set_item(ctx, a, index, value, span);
    }
    if !a.writeable {
        return Err(EvalError::value_error("assignment destination is read-only").at(span));
    }
    let whole_mask = matches!(
        index.parts.as_slice(),
        [(Part::Mask(mask_shape, _), _)] if mask_shape == a.layout.shape()
    );
    if let [(Part::Mask(_, mask), _)] = index.parts.as_slice() {
        if whole_mask {
            check_mask_assignment(mask, value).map_err(|e| e.at(span))?;
        }
    }
    let (shape, addresses): (Dims, Vec<i128>) = if index.is_advanced() {
        let sel = select(ctx, a, index, span)?;
        let shape = match &sel.perm {
            Some(p) => {
                let l = Layout::contiguous(&sel.alloc_shape, 1, Order::C)?;
                *stride_core::axes::transpose(&l, p)?.shape()
            }
            None => sel.alloc_shape,
        };
        (shape, sel.addresses)
    } else {
        let items = index.basic_items().unwrap_or_default();
        let indexed = basic_index(&a.layout, &items)?;
        if indexed.scalar {
            refuse_sequence(value)?;
        }
        let view = indexed.layout;
        // A view takes a Python sequence converted with at most its own number of dimensions.
        if let Value::List(_) | Value::Tuple(_) = value {
            if crate::numpy::nested(value)?.0.len() > view.ndim() {
                return Err(EvalError::value_error(format!(
                    "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of {}.",
                    view.ndim()
                )));
            }
        }
        (*view.shape(), ctx.positions(&view, span)?)
    };
    if index.is_advanced() && empty_value_fits(value, &shape) {
        return Ok(());
    }
    if let (true, Value::Array(v)) = (whole_mask, value) {
        if v.shares_buffer(a) {
            return write_live(ctx, a, &addresses, v, span);
        }
    }
    write_values(ctx, a, &shape, &addresses, value, span).map_err(|e| {
        if index.is_advanced() && e.message.starts_with("could not broadcast input array") {
            let source = crate::ops::operand(value).map(|o| *o.layout.shape()).unwrap_or_default();
            EvalError::value_error(format!(
                "shape mismatch: value array of shape {} could not be broadcast to indexing result of shape {}",
                c_shape(&source),
                c_shape(&shape)
            ))
        } else {
            e
        }
    })
}

/// NumPy's single-mask assignment (`array_assign_boolean_subscript`) reads the value one element
/// at a time as it writes, without copying a value that overlaps the destination: a value that
/// is a view of the same memory sees the writes already made. (Other assignments copy such a
/// value first, as [`write_values`] does by reading it whole.) The value is 0-d or 1-d here; one
/// of length 1 is read at the same place for every element.
fn write_live(
    ctx: &mut Context,
    a: &Array,
    addresses: &[i128],
    v: &Array,
    span: Span,
) -> Result<(), EvalError> {
    ctx.charge(addresses.len() as u64, span)?;
    let sources: Vec<i128> = stride_core::footprint::Positions::new(&v.layout).collect();
    let stepping = sources.len() > 1;
    for (k, &address) in addresses.iter().enumerate() {
        let at = if stepping {
            sources.get(k)
        } else {
            sources.first()
        };
        let n = at
            .and_then(|&p| v.read_at(p))
            .ok_or_else(|| EvalError::value_error("the value reads outside its buffer").at(span))?;
        a.buffer
            .write(a.dtype, address, a.dtype.cast(v.dtype.cast(n)));
    }
    Ok(())
}

/// Advanced assignment reshapes a value with more dimensions than the result to its last ones
/// (`PyArray_MapIterNew`), which a value of size 0 always allows, whatever the dropped sizes:
/// such a value that then broadcasts writes nothing and is no error.
fn empty_value_fits(value: &Value, shape: &[i64]) -> bool {
    let Ok(o) = crate::ops::operand(value) else {
        return false;
    };
    let dims = o.layout.shape();
    let Some(tail) = dims
        .len()
        .checked_sub(shape.len())
        .and_then(|k| dims.get(k..))
    else {
        return false;
    };
    dims.len() > shape.len()
        && o.layout.size() == 0
        && Layout::contiguous(tail, 1, Order::C)
            .and_then(|l| stride_core::broadcast::broadcast_to(&l, shape))
            .is_ok()
}

/// NumPy stores one element (an integer index on every axis, or `fill`) with `PyArray_Pack`,
/// which takes no sequence at all, not even one of length 1.
pub fn refuse_sequence(value: &Value) -> Result<(), EvalError> {
    let sequence = match value {
        Value::List(_) | Value::Tuple(_) => true,
        Value::Array(v) => v.layout.ndim() > 0,
        _ => false,
    };
    if sequence {
        return Err(EvalError::value_error(
            "setting an array element with a sequence.",
        ));
    }
    Ok(())
}

/// NumPy's checks for a single boolean index of exactly the array's shape (`array_assign_boolean_subscript`
/// in `numpy/_core/src/multiarray/mapping.c`), which replace the broadcast of the general path: the
/// value must be 0-d or 1-d, and a 1-d value of length other than 1 must have one item per True.
fn check_mask_assignment(mask: &[bool], value: &Value) -> Result<(), EvalError> {
    let shape = match value {
        Value::Array(v) => *v.layout.shape(),
        Value::List(_) | Value::Tuple(_) => crate::numpy::nested(value)?.0,
        _ => Dims::new(),
    };
    if shape.len() > 1 {
        return Err(EvalError::type_error(format!(
            "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has {} dimensions",
            shape.len()
        )));
    }
    let trues = mask.iter().filter(|&&m| m).count() as i64;
    match shape.first() {
        Some(&n) if n != 1 && n != trues => Err(EvalError::value_error(format!(
            "NumPy boolean array indexing assignment cannot assign {n} input values to the {trues} output values where the mask is true"
        ))),
        _ => Ok(()),
    }
}

/// Writes `value`, broadcast to `shape`, at `addresses` (row order), casting to the array's dtype.
pub fn write_values(
    ctx: &mut Context,
    a: &Array,
    shape: &[i64],
    addresses: &[i128],
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    let source = crate::ops::operand(value)?;
    // NumPy drops leading size-1 axes of the value that the target does not have.
    let mut from = source.layout;
    while from.ndim() > shape.len() && from.shape().first() == Some(&1) {
        from = stride_core::index::index(&from, &[IndexItem::Int(0)])?.layout;
    }
    let stretched = stride_core::broadcast::broadcast_to(&from, shape).map_err(|_| {
        EvalError::value_error(format!(
            "could not broadcast input array from shape {} into shape {}",
            c_shape(from.shape()),
            c_shape(shape)
        ))
    })?;
    let values: Vec<Num> = stride_core::footprint::Positions::new(&stretched)
        .map(|p| {
            source
                .read(p)
                .ok_or_else(|| EvalError::value_error("value reads outside its buffer"))
        })
        .collect::<Result<_, _>>()?;
    if let Some(python) = source.python_int.filter(|_| !a.torch) {
        check_python_int(python, a.dtype)?;
    }
    // A uint64 scalar cannot be cast safely to a signed type, so NumPy sets it through a Python int
    // (and its NEP 50 check): `int64_array[0] = np.uint64(2**64 - 1)` is an OverflowError.
    if let Value::Scalar(DType::UInt64, Num::Int(i)) = value {
        if a.dtype.int_range().is_some_and(|(low, _)| low < 0) && !a.torch {
            check_python_int(*i, a.dtype)?;
        }
    }
    if a.dtype != DType::Bool
        && !a.dtype.is_float()
        && source.python_float
        && values
            .iter()
            .any(|v| matches!(v, Num::Float(f) if f.is_nan()))
    {
        return Err(EvalError::value_error(
            "cannot convert float NaN to integer",
        ));
    }
    ctx.charge(addresses.len() as u64, span)?;
    for (&addr, v) in addresses.iter().zip(values) {
        a.buffer.write(a.dtype, addr, a.dtype.cast(v));
    }
    Ok(())
}

/// NumPy 2 refuses a Python int that does not fit the target integer dtype (first, as CPython,
/// one that does not fit a C long; for uint32 and uint64, NumPy 2.4.6 also takes an unsigned long
/// long, so `uint32 + 2**63` is out of bounds for uint32 rather than too large for a C long).
pub fn check_python_int(value: i128, dtype: DType) -> Result<(), EvalError> {
    if let Some((low, high)) = dtype.int_range() {
        let unsigned_long =
            matches!(dtype, DType::UInt32 | DType::UInt64) && u64::try_from(value).is_ok();
        if i64::try_from(value).is_err() && !unsigned_long {
            return Err(EvalError::new(
                "OverflowError",
                "Python int too large to convert to C long",
            ));
        }
        if value < low || value > high {
            return Err(EvalError::new(
                "OverflowError",
                format!("Python integer {value} out of bounds for {}", dtype.name()),
            ));
        }
    }
    Ok(())
}
