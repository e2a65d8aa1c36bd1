//! NumPy's functions (`np.arange`, `np.reshape`, `as_strided`, …) and array methods
//! (`x.reshape`, `x.copy`, `x.astype`, …), each a thin layer over stride-core that keeps values.

use std::rc::Rc;

use stride_core::copy::AsContiguous;
use stride_core::reshape::{CopyMode, MemOrder, Reshaped};
use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Base, Op, Origin, view_of};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::{Args, Context};
use crate::value::{Lib, Value};

type Bound = Vec<Option<(Value, Span)>>;

fn arg(bound: &Bound, k: usize) -> Option<&Value> {
    bound.get(k).and_then(|a| a.as_ref()).map(|(v, _)| v)
}

fn required<'a>(
    bound: &'a Bound,
    k: usize,
    function: &str,
    name: &str,
) -> Result<&'a Value, EvalError> {
    arg(bound, k).ok_or_else(|| {
        EvalError::type_error(format!(
            "{function}() missing required argument '{name}' (pos {})",
            k + 1
        ))
    })
}

/// The array in a value, converting lists and scalars as `np.asarray` would.
pub fn as_array(ctx: &mut Context, v: &Value, span: Span) -> Result<Rc<Array>, EvalError> {
    match v {
        Value::Array(a) => Ok(Rc::clone(a)),
        Value::Int(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::Scalar(..)
        | Value::List(_)
        | Value::Tuple(_) => array_from(ctx, v, None, false, Order::C, span),
        other => Err(EvalError::type_error(format!(
            "expected an array, got '{}'",
            other.type_name()
        ))),
    }
}

/// A shape argument: an int or a sequence of ints.
pub fn shape_arg(v: &Value) -> Result<Dims, EvalError> {
    match v {
        Value::Tuple(items) | Value::List(items) => {
            too_many_dims(items.len())?;
            let mut d = Dims::new();
            for item in items.iter() {
                d.push(item.as_index()?)?;
            }
            Ok(d)
        }
        Value::Float(f) => Err(EvalError::type_error(format!(
            "expected a sequence of integers or a single integer, got '{}'",
            crate::display::float_repr(*f)
        ))),
        other => Ok(Dims::from_slice(&[other.as_index()?])?),
    }
}

/// The shape of a new array (`np.zeros`, `np.full`): `None` gets NumPy's own hint.
fn creation_shape(v: &Value) -> Result<Dims, EvalError> {
    if matches!(v, Value::None) {
        return Err(EvalError::type_error("Use () not None as shape arguments"));
    }
    shape_arg(v)
}

/// NumPy 2's refusal of `np.array(obj, copy=False)` when it must copy.
const NO_COPY: &str = "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword.";

/// NumPy counts a shape's items before it reads them: `reshape([1] * 1000)` says "found 1000".
fn too_many_dims(n: usize) -> Result<(), EvalError> {
    if n > stride_core::MAX_NDIM {
        return Err(stride_core::Error::TooManyDims { ndim: n }.into());
    }
    Ok(())
}

/// Shape given as several ints or as one sequence: `reshape(3, 4)` or `reshape((3, 4))`.
fn shape_from_positionals(values: &[(Value, Span)]) -> Result<Dims, EvalError> {
    match values {
        [(v, _)] => shape_arg(v),
        many => {
            too_many_dims(many.len())?;
            let mut d = Dims::new();
            for (v, _) in many {
                d.push(v.as_index()?)?;
            }
            Ok(d)
        }
    }
}

/// A dtype argument: `np.float32`, `'int8'`, `float`, `None` (the default).
pub fn dtype_arg(v: Option<&Value>) -> Result<Option<DType>, EvalError> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::DType(d, _)) => Ok(Some(*d)),
        Some(Value::Str(s)) => DType::parse(s)
            .map(Some)
            .ok_or_else(|| EvalError::type_error(format!("data type '{s}' not understood"))),
        Some(Value::Builtin(name)) => match *name {
            "int" => Ok(Some(DType::Int64)),
            "float" => Ok(Some(DType::Float64)),
            "bool" => Ok(Some(DType::Bool)),
            other => Err(EvalError::type_error(format!(
                "data type '{other}' not understood"
            ))),
        },
        Some(other) => Err(EvalError::type_error(format!(
            "Cannot interpret '{}' as a data type",
            crate::display::repr(other)
        ))),
    }
}

/// An `order` argument.
pub fn order_arg(
    v: Option<&Value>,
    default: MemOrder,
    allow_k: bool,
) -> Result<MemOrder, EvalError> {
    let text = match v {
        None | Some(Value::None) => return Ok(default),
        Some(Value::Str(s)) => s.to_string(),
        Some(other) => {
            return Err(EvalError::type_error(format!(
                "order must be str, not {}",
                other.type_name()
            )));
        }
    };
    match text.to_ascii_uppercase().as_str() {
        "C" => Ok(MemOrder::C),
        "F" => Ok(MemOrder::F),
        "A" => Ok(MemOrder::A),
        "K" if allow_k => Ok(MemOrder::K),
        "K" => Err(EvalError::value_error(
            "order 'K' is not permitted for reshaping",
        )),
        _ => Err(EvalError::value_error(format!(
            "order must be one of 'C', 'F', 'A', or 'K' (got '{text}')"
        ))),
    }
}

/// Flattens nested lists and tuples into (shape, items), as `np.array` reads them.
pub fn nested(v: &Value) -> Result<(Dims, Vec<Value>), EvalError> {
    match v {
        Value::List(items) | Value::Tuple(items) => {
            let mut flat = Vec::new();
            let mut inner_shape: Option<Dims> = None;
            for item in items.iter() {
                let (shape, values) = nested(item)?;
                match &inner_shape {
                    None => inner_shape = Some(shape),
                    Some(s) if *s == shape => {}
                    Some(_) => {
                        return Err(EvalError::value_error(format!(
                            "setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was ({},) + inhomogeneous part.",
                            items.len()
                        )));
                    }
                }
                flat.extend(values);
            }
            let mut shape = Dims::new();
            shape.push(items.len() as i64)?;
            for d in inner_shape.unwrap_or_default().iter() {
                shape.push(*d)?;
            }
            Ok((shape, flat))
        }
        Value::Array(a) => {
            let values = a.checked_values(Span::default())?;
            Ok((
                *a.layout.shape(),
                values
                    .into_iter()
                    .map(|n| Value::Scalar(a.dtype, n))
                    .collect(),
            ))
        }
        other => Ok((Dims::new(), vec![other.clone()])),
    }
}

/// The dtype NumPy infers for Python values, and the values as numbers.
pub fn infer_values(flat: &[Value]) -> Result<(DType, Vec<Num>), EvalError> {
    let mut dtype: Option<DType> = None;
    let mut nums = Vec::with_capacity(flat.len());
    for v in flat {
        let (d, n) = match v {
            Value::Bool(b) => (DType::Bool, Num::Bool(*b)),
            Value::Int(i) => {
                let i = i64::try_from(*i).map_err(|_| {
                    EvalError::new("OverflowError", "Python int too large to convert to C long")
                })?;
                (DType::Int64, Num::Int(i))
            }
            Value::Float(f) => (DType::Float64, Num::Float(*f)),
            Value::Scalar(d, n) => (*d, *n),
            other => {
                return Err(EvalError::unsupported(
                    &format!("arrays of {}", other.type_name()),
                    Span::default(),
                ));
            }
        };
        dtype = Some(match dtype {
            None => d,
            Some(prev) => prev.promote(d),
        });
        nums.push(n);
    }
    Ok((dtype.unwrap_or(DType::Float64), nums))
}

/// `np.array(obj, dtype)`: a new array from Python values (or a copy of an array).
fn array_from(
    ctx: &mut Context,
    v: &Value,
    dtype: Option<DType>,
    torch: bool,
    order: Order,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let (shape, flat) = nested(v)?;
    let (inferred, nums) = infer_values(&flat)?;
    let inferred = if torch && inferred == DType::Float64 && !matches!(v, Value::Array(_)) {
        DType::Float32
    } else {
        inferred
    };
    let dtype = dtype.or(ctx.dtype_override).unwrap_or(inferred);
    let name = if torch { "tensor" } else { "array" };
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    if order == Order::F {
        let layout = Layout::allocated(&shape, dtype.itemsize(), Order::F)
            .map_err(|e| EvalError::from(e).at(span))?;
        return ctx.new_array(layout, dtype, &nums, torch, origin);
    }
    ctx.new_c_array(&shape, dtype, &nums, torch, origin)
}

/// `np.arange` and `torch.arange`: the length, the values and the dtype.
pub fn arange(
    ctx: &mut Context,
    values: &[Value],
    dtype: Option<DType>,
    torch: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let is_float = values.iter().any(|v| {
        matches!(
            v,
            Value::Float(_) | Value::Scalar(DType::Float16 | DType::Float32 | DType::Float64, _)
        )
    });
    let num = |v: &Value| crate::builtins::as_float(v);
    let (start, stop, step) = match values {
        [stop] => (0.0, num(stop)?, 1.0),
        [start, stop] => (num(start)?, num(stop)?, 1.0),
        [start, stop, step] => (num(start)?, num(stop)?, num(step)?),
        _ => {
            return Err(EvalError::type_error(
                "arange() requires stop to be specified.",
            ));
        }
    };
    if step == 0.0 {
        return Err(if torch {
            EvalError::new("RuntimeError", "step must be nonzero")
        } else {
            EvalError::new("ZeroDivisionError", "division by zero")
        });
    }
    let length = ((stop - start) / step).ceil();
    if !length.is_finite() {
        return Err(EvalError::value_error("arange: cannot compute length"));
    }
    if length > 1e15 {
        return Err(EvalError::value_error("Maximum allowed size exceeded"));
    }
    let n = length.max(0.0) as i64;
    let default = if is_float {
        if torch {
            DType::Float32
        } else {
            DType::Float64
        }
    } else {
        DType::Int64
    };
    let dtype = dtype.or(ctx.dtype_override).unwrap_or(default);
    if dtype == DType::Bool {
        if torch {
            return Err(EvalError::new(
                "NotImplementedError",
                "\"arange_cpu\" not implemented for 'Bool'",
            ));
        }
        if n > 2 {
            return Err(EvalError::type_error(
                "arange() is only supported for booleans when the result has at most length 2.",
            ));
        }
    }
    let bytes = n.saturating_mul(dtype.itemsize());
    if u64::try_from(bytes).unwrap_or(u64::MAX) > ctx.limits.max_bytes {
        ctx.allocate(dtype, bytes, span)?;
    }
    // NumPy fills with start + i·delta, where delta is (start + step) − start in the dtype.
    let nums: Vec<Num> = if is_float || dtype.is_float() {
        let first = dtype.cast(Num::Float(start)).as_f64();
        let second = dtype.cast(Num::Float(start + step)).as_f64();
        let delta = second - first;
        (0..n)
            .map(|i| match i {
                0 => Num::Float(first),
                1 => Num::Float(second),
                _ if dtype == DType::Float32 => {
                    Num::Float(f64::from(first as f32 + i as f32 * delta as f32))
                }
                _ => Num::Float(first + i as f64 * delta),
            })
            .collect()
    } else {
        let (s, d) = (start as i64, step as i64);
        (0..n)
            .map(|i| Num::Int(s.wrapping_add(i.wrapping_mul(d))))
            .collect()
    };
    let name = if torch { "torch.arange" } else { "np.arange" };
    ctx.new_c_array(
        &[n],
        dtype,
        &nums,
        torch,
        Origin {
            op: Op::Create(name),
            parent: None,
            span,
        },
    )
}

/// `np.zeros`, `np.ones`, `np.full` and their `torch` twins.
/// What `np.zeros`, `np.ones`, `np.full` and their PyTorch twins make.
pub struct Fill<'a> {
    /// The shape.
    pub shape: &'a [i64],
    /// The dtype.
    pub dtype: DType,
    /// The value of every element.
    pub value: Num,
    /// The memory order.
    pub order: Order,
    /// Whether it is a tensor.
    pub torch: bool,
    /// The function's name, for the explanation.
    pub name: &'static str,
}

/// A new array of one repeated value.
pub fn filled(ctx: &mut Context, fill: Fill<'_>, span: Span) -> Result<Rc<Array>, EvalError> {
    let Fill {
        shape,
        dtype,
        value,
        order,
        torch,
        name,
    } = fill;
    // PyTorch keeps C strides for empty tensors; NumPy zeroes them.
    let layout = if torch {
        Layout::contiguous(shape, dtype.itemsize(), order)?
    } else {
        Layout::allocated(shape, dtype.itemsize(), order)?
    };
    let array = ctx.new_array(
        layout,
        dtype,
        &[],
        torch,
        Origin {
            op: Op::Create(name),
            parent: None,
            span,
        },
    )?;
    ctx.charge(u64::try_from(array.layout.size()).unwrap_or(u64::MAX), span)?;
    array.buffer.fill(dtype, dtype.cast(value));
    Ok(array)
}

/// A copy of `a` laid out as `layout` (already in `dtype`'s item size) in new memory, with the
/// values cast to `dtype`.
pub fn copy_into(
    ctx: &mut Context,
    a: &Rc<Array>,
    layout: Layout,
    dtype: DType,
    op: Op,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    ctx.room(layout.nbytes(), span)?;
    let values = ctx.read_values(a, span)?;
    let values: Vec<Num> = values.into_iter().map(|v| dtype.cast(v)).collect();
    ctx.new_array(
        layout,
        dtype,
        &values,
        a.torch,
        Origin {
            op,
            parent: Some(Rc::clone(a)),
            span,
        },
    )
}

/// The same axis order with another item size.
fn rescale(l: &Layout, dtype: DType) -> Result<Layout, EvalError> {
    let old = l.itemsize();
    let strides: Vec<i64> = l
        .strides()
        .iter()
        .map(|s| s / old * dtype.itemsize())
        .collect();
    let fresh = Layout::new(l.shape(), &strides, 0, dtype.itemsize())?;
    if fresh.size() == 0 {
        return Ok(Layout::allocated(l.shape(), dtype.itemsize(), Order::C)?);
    }
    Ok(fresh)
}

/// `reshape` with NumPy's view-or-copy rule: a copy is made in the requested order, and the
/// result is a view of that copy (so its `.base` is the copy, as in NumPy).
pub fn reshape(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &Dims,
    order: MemOrder,
    copy: CopyMode,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let result = stride_core::reshape::reshape(&a.layout, shape, order, copy).map_err(|e| {
        let err = EvalError::from(e);
        if e != stride_core::Error::ReshapeNeedsCopy {
            return err;
        }
        let c_order = if order.resolve_any(&a.layout) == MemOrder::F {
            Order::F
        } else {
            Order::C
        };
        match stride_core::reshape::resolve_shape(a.layout.size(), shape)
            .map(|s| stride_core::reshape::attempt_nocopy(&a.layout, &s, c_order))
        {
            Ok(Err(reason)) => err.because(crate::explain::ErrorWhy::NeedsCopy {
                strides: a.layout.strides().to_vec(),
                reason,
                itemsize: a.layout.itemsize(),
            }),
            _ => err,
        }
    })?;
    match result {
        Reshaped::View(layout) => Ok(view_of(a, layout, Op::Reshape("reshape", None), span)),
        Reshaped::Copy { layout, reason } => {
            let resolved = order.resolve_any(&a.layout);
            let copy_order = if resolved == MemOrder::F {
                Order::F
            } else {
                Order::C
            };
            let copied_layout =
                Layout::contiguous(a.layout.shape(), a.dtype.itemsize(), copy_order)?;
            let copy = copy_into(
                ctx,
                a,
                copied_layout,
                a.dtype,
                Op::Reshape("reshape", reason),
                span,
            )?;
            Ok(view_of(&copy, layout, Op::Reshape("reshape", reason), span))
        }
    }
}

/// `ravel`, `flatten`: a 1-D view or a new 1-D array.
fn ravel(
    ctx: &mut Context,
    a: &Rc<Array>,
    order: MemOrder,
    always_copy: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let name = if always_copy { "flatten" } else { "ravel" };
    let result = if always_copy {
        stride_core::reshape::flatten(&a.layout)?
    } else {
        stride_core::reshape::ravel(&a.layout, order)?
    };
    match result {
        Reshaped::View(layout) => Ok(view_of(a, layout, Op::Reshape(name, None), span)),
        Reshaped::Copy { layout, .. } => {
            ctx.charge(u64::try_from(a.layout.size()).unwrap_or(u64::MAX), span)?;
            let values = ordered_values(a, order.resolve_any(&a.layout), span)?;
            ctx.new_array(
                layout,
                a.dtype,
                &values,
                a.torch,
                Origin {
                    op: Op::Ravel(name, order.resolve_any(&a.layout)),
                    parent: Some(Rc::clone(a)),
                    span,
                },
            )
        }
    }
}

/// The values of `a` read in `order`: C (row), F (column) or K (the iterator's memory order).
fn ordered_values(a: &Array, order: MemOrder, span: Span) -> Result<Vec<Num>, EvalError> {
    let perm: Vec<i64> = match order {
        MemOrder::F => (0..a.layout.ndim() as i64).rev().collect(),
        MemOrder::K => stride_core::copy::iteration_order(&a.layout).to_vec(),
        _ => (0..a.layout.ndim() as i64).collect(),
    };
    let walked = stride_core::axes::transpose(&a.layout, &perm)?;
    stride_core::footprint::Positions::new(&walked)
        .map(|p| {
            a.read_at(p).ok_or_else(|| {
                EvalError::value_error("the array reads outside its buffer").at(span)
            })
        })
        .collect()
}

fn axes_list(v: &Value) -> Result<Vec<i64>, EvalError> {
    match v {
        Value::Tuple(items) | Value::List(items) => items.iter().map(Value::as_index).collect(),
        other => Ok(vec![other.as_index()?]),
    }
}

/// The value and the label of `ones` (or else `zeros`), NumPy's or PyTorch's.
pub(crate) fn ones_or_zeros(name: &str, torch: bool) -> (Num, &'static str) {
    match (name == "ones", torch) {
        (true, false) => (Num::Int(1), "np.ones"),
        (false, false) => (Num::Int(0), "np.zeros"),
        (true, true) => (Num::Int(1), "torch.ones"),
        (false, true) => (Num::Int(0), "torch.zeros"),
    }
}

/// `np.<name>(…)`.
pub fn call_function(
    ctx: &mut Context,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let f = name;
    match name {
        "arange" => {
            let dtype_kw = args.keyword_value("dtype");
            let bound = args.bind(f, &["start", "stop", "step", "dtype", "like"])?;
            let dtype = dtype_arg(arg(&bound, 3).or(dtype_kw.as_ref()))?;
            let values: Vec<Value> = (0..3)
                .filter_map(|k| arg(&bound, k).cloned())
                .filter(|v| !matches!(v, Value::None))
                .collect();
            Ok(Value::Array(arange(ctx, &values, dtype, false, span)?))
        }
        "zeros" | "ones" | "empty" => {
            if name == "empty" {
                return Err(EvalError::unsupported(
                    "np.empty: its values are whatever was in memory before (use np.zeros to see the layout)",
                    span,
                ));
            }
            let bound = args.bind(f, &["shape", "dtype", "order"])?;
            let shape = creation_shape(required(&bound, 0, f, "shape")?)?;
            let dtype = dtype_arg(arg(&bound, 1))?
                .or(ctx.dtype_override)
                .unwrap_or(DType::Float64);
            let order = if order_arg(arg(&bound, 2), MemOrder::C, false)? == MemOrder::F {
                Order::F
            } else {
                Order::C
            };
            let (value, label) = ones_or_zeros(name, false);
            Ok(Value::Array(filled(
                ctx,
                Fill {
                    shape: &shape,
                    dtype,
                    value,
                    order,
                    torch: false,
                    name: label,
                },
                span,
            )?))
        }
        "full" => {
            let bound = args.bind(f, &["shape", "fill_value", "dtype", "order"])?;
            let shape = creation_shape(required(&bound, 0, f, "shape")?)?;
            let fill = required(&bound, 1, f, "fill_value")?;
            let (inferred, nums) = infer_values(std::slice::from_ref(fill))?;
            let dtype = dtype_arg(arg(&bound, 2))?
                .or(ctx.dtype_override)
                .unwrap_or(inferred);
            let order = if order_arg(arg(&bound, 3), MemOrder::C, false)? == MemOrder::F {
                Order::F
            } else {
                Order::C
            };
            let value = nums.first().copied().unwrap_or(Num::Int(0));
            Ok(Value::Array(filled(
                ctx,
                Fill {
                    shape: &shape,
                    dtype,
                    value,
                    order,
                    torch: false,
                    name: "np.full",
                },
                span,
            )?))
        }
        "zeros_like" | "ones_like" => {
            let bound = args.bind(f, &["a", "dtype", "order"])?;
            let a = as_array(ctx, required(&bound, 0, f, "a")?, span)?;
            let dtype = dtype_arg(arg(&bound, 1))?.unwrap_or(a.dtype);
            let order = order_arg(arg(&bound, 2), MemOrder::K, true)?;
            let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, dtype)?;
            let n = usize::try_from(layout.size()).unwrap_or(0);
            let v = if name == "ones_like" {
                Num::Int(1)
            } else {
                Num::Int(0)
            };
            let values = vec![dtype.cast(v); n];
            let label = if name == "ones_like" {
                "np.ones_like"
            } else {
                "np.zeros_like"
            };
            Ok(Value::Array(ctx.new_array(
                layout,
                dtype,
                &values,
                false,
                Origin {
                    op: Op::Create(label),
                    parent: None,
                    span,
                },
            )?))
        }
        "array" | "asarray" => {
            let bound = args.bind(f, &["object", "dtype", "copy", "order", "ndmin"])?;
            let object = required(&bound, 0, f, "object")?;
            let dtype = dtype_arg(arg(&bound, 1))?;
            // `np.array` copies unless told otherwise; `np.asarray` copies only when it must.
            let copy = match arg(&bound, 2) {
                None if name == "array" => CopyMode::Always,
                other => copy_mode(other)?,
            };
            let order = order_arg(arg(&bound, 3), MemOrder::K, true)?;
            if let Some(v) = arg(&bound, 4) {
                let ndim = match object {
                    Value::Array(a) => a.layout.ndim(),
                    other => nested(other)?.0.len(),
                };
                if usize::try_from(v.as_index()?).unwrap_or(usize::MAX) > ndim {
                    return Err(EvalError::unsupported("np.array(..., ndmin=n)", span));
                }
            }
            if let Value::Array(a) = object {
                let target = dtype.unwrap_or(a.dtype);
                let l = &a.layout;
                let laid_out = match order {
                    MemOrder::C => l.is_c_contiguous(),
                    MemOrder::F => l.is_f_contiguous(),
                    MemOrder::A => l.is_c_contiguous() || l.is_f_contiguous(),
                    MemOrder::K => true,
                };
                match copy {
                    CopyMode::Always => {}
                    _ if target == a.dtype && laid_out => return Ok(Value::Array(Rc::clone(a))),
                    CopyMode::Never => return Err(EvalError::value_error(NO_COPY)),
                    CopyMode::IfNeeded => {}
                }
                let layout = rescale(&stride_core::copy::copy_layout(l, order)?, target)?;
                return Ok(Value::Array(copy_into(
                    ctx,
                    a,
                    layout,
                    target,
                    Op::Copy("np.array"),
                    span,
                )?));
            }
            if copy == CopyMode::Never {
                return Err(EvalError::value_error(NO_COPY));
            }
            let layout_order = if order == MemOrder::F {
                Order::F
            } else {
                Order::C
            };
            Ok(Value::Array(array_from(
                ctx,
                object,
                dtype,
                false,
                layout_order,
                span,
            )?))
        }
        "dtype" => {
            let bound = args.bind(f, &["dtype"])?;
            let d = dtype_arg(Some(required(&bound, 0, f, "dtype")?))?.unwrap_or(DType::Float64);
            Ok(Value::DType(d, Lib::Numpy))
        }
        "broadcast_shapes" => {
            if !args.keyword.is_empty() {
                return Err(EvalError::type_error(
                    "broadcast_shapes() takes no keyword arguments",
                ));
            }
            let shapes: Vec<Dims> = args
                .positional
                .iter()
                .map(|(v, _)| shape_arg(v))
                .collect::<Result<_, _>>()?;
            let refs: Vec<&[i64]> = shapes.iter().map(|d| d.as_slice()).collect();
            let out = stride_core::broadcast::broadcast_shapes(&refs)?;
            Ok(Value::Tuple(
                out.iter()
                    .map(|&d| Value::Int(i128::from(d)))
                    .collect::<Vec<_>>()
                    .into(),
            ))
        }
        "shares_memory" | "may_share_memory" => {
            let bound = args.bind(f, &["a", "b", "max_work"])?;
            let a = as_array(ctx, required(&bound, 0, f, "a")?, span)?;
            let b = as_array(ctx, required(&bound, 1, f, "b")?, span)?;
            if !a.shares_buffer(&b) {
                return Ok(Value::Bool(false));
            }
            if name == "may_share_memory" {
                return Ok(Value::Bool(stride_core::overlap::may_share_memory(
                    &a.layout, &b.layout,
                )));
            }
            let max_work = match arg(&bound, 2) {
                None | Some(Value::None) => stride_core::overlap::EXACT,
                Some(v) => v.as_index()?,
            };
            let limit = if max_work < 0 {
                ctx.limits.overlap_work
            } else {
                max_work
            };
            match stride_core::overlap::shares_memory(&a.layout, &b.layout, limit) {
                stride_core::overlap::Overlap::Yes => Ok(Value::Bool(true)),
                stride_core::overlap::Overlap::No => Ok(Value::Bool(false)),
                stride_core::overlap::Overlap::TooHard => {
                    Err(EvalError::new("TooHardError", "Exceeded max_work"))
                }
                stride_core::overlap::Overlap::Overflow => Err(EvalError::new(
                    "OverflowError",
                    "Integer overflow in computing overlap",
                )),
            }
        }
        _ => {
            // The rest take an array first and mirror a method.
            let mut args = args;
            if args.positional.is_empty() {
                let key = match name {
                    "broadcast_to" => "array",
                    "as_strided" | "sliding_window_view" => "x",
                    _ => "a",
                };
                if let Some(k) = args.keyword.iter().position(|(n, _, _)| n == key) {
                    let (_, v, s) = args.keyword.remove(k);
                    args.positional.push((v, s));
                }
            }
            let Some((first, first_span)) = args.positional.first().cloned() else {
                return Err(EvalError::type_error(format!(
                    "{name}() missing required argument"
                )));
            };
            args.positional.remove(0);
            let a = as_array(ctx, &first, first_span)?;
            function_on_array(ctx, name, &a, args, span)
        }
    }
}

fn function_on_array(
    ctx: &mut Context,
    name: &str,
    a: &Rc<Array>,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let f = name;
    match name {
        "reshape" => {
            // `a.reshape(None)` is `a.view()` (`array_reshape` in methods.c).
            if let ([(Value::None, _)], true) =
                (args.positional.as_slice(), args.keyword.is_empty())
            {
                return Ok(Value::Array(view_of(
                    a,
                    a.layout,
                    Op::Reshape("reshape", None),
                    span,
                )));
            }
            let bound = args.bind(f, &["shape", "order", "copy", "newshape"])?;
            let shape = shape_arg(arg(&bound, 0).or(arg(&bound, 3)).ok_or_else(|| {
                EvalError::type_error("reshape() missing required argument 'shape' (pos 2)")
            })?)?;
            let order = order_arg(arg(&bound, 1), MemOrder::C, false)?;
            let copy = copy_mode(arg(&bound, 2))?;
            Ok(Value::Array(reshape(ctx, a, &shape, order, copy, span)?))
        }
        "transpose" => {
            let bound = args.bind(f, &["axes"])?;
            match arg(&bound, 0) {
                None | Some(Value::None) => method(ctx, a, "transpose", Args::default(), span),
                Some(v) => method(
                    ctx,
                    a,
                    "transpose",
                    Args {
                        positional: vec![(v.clone(), span)],
                        keyword: vec![],
                    },
                    span,
                ),
            }
        }
        "matrix_transpose" => {
            let l = stride_core::axes::matrix_transpose(&a.layout)?;
            let n = a.layout.ndim();
            let mut perm = crate::attrs::identity_perm(n);
            perm.swap(n - 2, n - 1);
            Ok(Value::Array(view_of(a, l, Op::permute(&perm), span)))
        }
        "swapaxes" | "squeeze" | "ravel" | "copy" => {
            let mut args = args;
            if name == "copy"
                && args.positional.is_empty()
                && !args.keyword.iter().any(|(k, _, _)| k == "order")
            {
                args.keyword
                    .push(("order".into(), Value::Str(Rc::from("K")), span));
            }
            method(ctx, a, name, args, span)
        }
        "moveaxis" => {
            let bound = args.bind(f, &["source", "destination"])?;
            let source = axes_list(required(&bound, 0, f, "source")?)?;
            let destination = axes_list(required(&bound, 1, f, "destination")?)?;
            let perm = stride_core::axes::moveaxis_perm(a.layout.ndim(), &source, &destination)?;
            let l = stride_core::axes::transpose(&a.layout, &perm)?;
            Ok(Value::Array(view_of(a, l, Op::permute(&perm), span)))
        }
        "expand_dims" => {
            let bound = args.bind(f, &["axis"])?;
            let axes = axes_list(required(&bound, 0, f, "axis")?)?;
            let l = stride_core::reshape::expand_dims(&a.layout, &axes)?;
            Ok(Value::Array(view_of(a, l, Op::Axes("expand_dims"), span)))
        }
        "ascontiguousarray" | "asfortranarray" => {
            let bound = args.bind(f, &["a", "dtype"])?;
            let _ = bound;
            let (label, fresh) = if name == "ascontiguousarray" {
                (
                    "ascontiguousarray",
                    stride_core::copy::ascontiguous(&a.layout)?,
                )
            } else {
                ("asfortranarray", stride_core::copy::asfortran(&a.layout)?)
            };
            match fresh {
                AsContiguous::Same => Ok(Value::Array(Rc::clone(a))),
                AsContiguous::View(layout) => {
                    Ok(Value::Array(view_of(a, layout, Op::Axes(label), span)))
                }
                AsContiguous::Copy(layout) => Ok(Value::Array(copy_into(
                    ctx,
                    a,
                    layout,
                    a.dtype,
                    Op::Copy(label),
                    span,
                )?)),
            }
        }
        "broadcast_to" => {
            let bound = args.bind(f, &["shape", "subok"])?;
            let shape = shape_arg(required(&bound, 0, f, "shape")?)?;
            let l = stride_core::broadcast::broadcast_to(&a.layout, &shape)?;
            let v = view_of(a, l, Op::Broadcast("broadcast_to"), span);
            // The nditer view NumPy returns has the usual collapsed `.base` of a view.
            let base = v.base.clone();
            Ok(Value::Array(readonly(v, base)))
        }
        "as_strided" => {
            let bound = args.bind(f, &["shape", "strides", "subok", "writeable"])?;
            let shape = match arg(&bound, 0) {
                None | Some(Value::None) => None,
                // The shape reaches NumPy through `__array_interface__`, which words the limit so.
                Some(Value::Tuple(items) | Value::List(items))
                    if items.len() > stride_core::MAX_NDIM =>
                {
                    return Err(EvalError::value_error(format!(
                        "number of dimensions must be within [0, {}], got {}",
                        stride_core::MAX_NDIM,
                        items.len()
                    )));
                }
                Some(v) => Some(shape_arg(v)?),
            };
            let strides = match arg(&bound, 1) {
                None | Some(Value::None) => None,
                Some(v) => Some(shape_arg(v)?),
            };
            let writeable = match arg(&bound, 3) {
                Some(v) => v.truthy()?,
                None => true,
            };
            let l =
                stride_core::windows::as_strided(&a.layout, shape.as_deref(), strides.as_deref())?;
            let v = view_of(a, l, Op::AsStrided, span);
            let keep = writeable && a.writeable;
            Ok(Value::Array(with_flags(v, keep, Base::Other("DummyArray"))))
        }
        "sliding_window_view" => {
            let bound = args.bind(f, &["window_shape", "axis", "subok", "writeable"])?;
            let window = axes_list(required(&bound, 0, f, "window_shape")?)?;
            let axis = match arg(&bound, 1) {
                None | Some(Value::None) => None,
                Some(v) => Some(axes_list(v)?),
            };
            let writeable = match arg(&bound, 3) {
                Some(v) => v.truthy()?,
                None => false,
            };
            let l = stride_core::windows::sliding_window_view(&a.layout, &window, axis.as_deref())?;
            let v = view_of(a, l, Op::Windows, span);
            Ok(Value::Array(with_flags(
                v,
                writeable && a.writeable,
                Base::Other("DummyArray"),
            )))
        }
        _ => Err(crate::names::not_yet(crate::names::Owner::Numpy, name)),
    }
}

fn readonly(v: Rc<Array>, base: Base) -> Rc<Array> {
    with_flags(v, false, base)
}

fn with_flags(v: Rc<Array>, writeable: bool, base: Base) -> Rc<Array> {
    match Rc::try_unwrap(v) {
        Ok(mut array) => {
            array.writeable = writeable;
            array.base = base;
            Rc::new(array)
        }
        Err(shared) => shared,
    }
}

fn copy_mode(v: Option<&Value>) -> Result<CopyMode, EvalError> {
    Ok(match v {
        None | Some(Value::None) => CopyMode::IfNeeded,
        Some(v) if v.truthy()? => CopyMode::Always,
        Some(_) => CopyMode::Never,
    })
}

/// `x.<name>(…)` for a NumPy array.
pub fn call_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    method(ctx, a, name, args, span)
}

fn method(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let f = name;
    match name {
        "reshape" => {
            let order_v = args.keyword_value("order");
            let copy_v = args.keyword_value("copy");
            if let Some((k, _, s)) = args
                .keyword
                .iter()
                .find(|(k, _, _)| k != "order" && k != "copy" && k != "shape")
            {
                return Err(EvalError::type_error(format!(
                    "reshape() got an unexpected keyword argument '{k}'"
                ))
                .at(*s));
            }
            if let [(Value::None, _)] = args.positional.as_slice() {
                // `a.reshape(None)` is `a.view()` (`array_reshape` in methods.c).
                return Ok(Value::Array(view_of(
                    a,
                    a.layout,
                    Op::Reshape("reshape", None),
                    span,
                )));
            }
            let shape = match args.keyword.iter().find(|(k, _, _)| k == "shape") {
                Some((_, v, _)) => shape_arg(v)?,
                None if args.positional.is_empty() => {
                    return Err(EvalError::type_error(
                        "reshape() missing required argument 'shape' (pos 1)",
                    ));
                }
                None => shape_from_positionals(&args.positional)?,
            };
            let order = order_arg(order_v.as_ref(), MemOrder::C, false)?;
            let copy = copy_mode(copy_v.as_ref())?;
            Ok(Value::Array(reshape(ctx, a, &shape, order, copy, span)?))
        }
        "transpose" => {
            let axes: Vec<i64> = match args.positional.as_slice() {
                [] => {
                    let l = stride_core::axes::reversed(&a.layout);
                    let perm: Vec<i64> = (0..a.layout.ndim() as i64).rev().collect();
                    return Ok(Value::Array(view_of(
                        a,
                        l,
                        Op::permute(&Dims::from_slice(&perm)?),
                        span,
                    )));
                }
                [(Value::None, _)] => (0..a.layout.ndim() as i64).rev().collect(),
                [(v, _)] => axes_list(v)?,
                many => many
                    .iter()
                    .map(|(v, _)| v.as_index())
                    .collect::<Result<_, _>>()?,
            };
            let l = stride_core::axes::transpose(&a.layout, &axes)?;
            let normalized: Vec<i64> = axes
                .iter()
                .map(|&x| if x < 0 { x + a.layout.ndim() as i64 } else { x })
                .collect();
            Ok(Value::Array(view_of(
                a,
                l,
                Op::permute(&Dims::from_slice(&normalized)?),
                span,
            )))
        }
        "swapaxes" => {
            let bound = args.bind(f, &["axis1", "axis2"])?;
            let a1 = required(&bound, 0, f, "axis1")?.as_index()?;
            let a2 = required(&bound, 1, f, "axis2")?.as_index()?;
            let l = stride_core::axes::swapaxes(&a.layout, a1, a2)?;
            let n = a.layout.ndim();
            let mut perm = crate::attrs::identity_perm(n);
            let (i, j) = (norm(a1, n), norm(a2, n));
            perm.swap(i, j);
            Ok(Value::Array(view_of(a, l, Op::permute(&perm), span)))
        }
        "squeeze" => {
            let bound = args.bind(f, &["axis"])?;
            // NumPy takes one integer or a tuple here (not a list).
            let l = match arg(&bound, 0) {
                None | Some(Value::None) => stride_core::axes::squeeze_all(&a.layout),
                Some(Value::Tuple(items)) => {
                    let axes = items
                        .iter()
                        .map(Value::as_index)
                        .collect::<Result<Vec<_>, _>>()?;
                    stride_core::axes::squeeze(&a.layout, &axes)?
                }
                Some(v) => stride_core::axes::squeeze_axis(&a.layout, v.as_index()?)?,
            };
            if l.ndim() == a.layout.ndim() {
                // Nothing to squeeze: NumPy returns the array itself.
                return Ok(Value::Array(Rc::clone(a)));
            }
            Ok(Value::Array(view_of(a, l, Op::Axes("squeeze"), span)))
        }
        "ravel" | "flatten" => {
            let bound = args.bind(f, &["order"])?;
            let order = order_arg(arg(&bound, 0), MemOrder::C, true)?;
            Ok(Value::Array(ravel(ctx, a, order, name == "flatten", span)?))
        }
        "copy" => {
            let bound = args.bind(f, &["order"])?;
            let order = order_arg(arg(&bound, 0), MemOrder::C, true)?;
            let layout = stride_core::copy::copy_layout(&a.layout, order)?;
            Ok(Value::Array(copy_into(
                ctx,
                a,
                layout,
                a.dtype,
                Op::Copy("copy"),
                span,
            )?))
        }
        "astype" => {
            let bound = args.bind(f, &["dtype", "order", "casting", "subok", "copy"])?;
            let dtype =
                dtype_arg(Some(required(&bound, 0, f, "dtype")?))?.unwrap_or(DType::Float64);
            let order = order_arg(arg(&bound, 1), MemOrder::K, true)?;
            let copy = match arg(&bound, 4) {
                Some(v) => v.truthy()?,
                None => true,
            };
            let layout_ok = match order {
                MemOrder::C => a.layout.is_c_contiguous(),
                MemOrder::F => a.layout.is_f_contiguous(),
                MemOrder::A => a.layout.is_c_contiguous() || a.layout.is_f_contiguous(),
                MemOrder::K => true,
            };
            if !copy && dtype == a.dtype && layout_ok {
                return Ok(Value::Array(Rc::clone(a)));
            }
            let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, dtype)?;
            Ok(Value::Array(copy_into(
                ctx,
                a,
                layout,
                dtype,
                Op::Cast(dtype),
                span,
            )?))
        }
        "view" => {
            if !args.positional.is_empty() || !args.keyword.is_empty() {
                return Err(EvalError::unsupported(
                    "view(dtype): reading the same bytes as another dtype",
                    span,
                ));
            }
            Ok(Value::Array(view_of(a, a.layout, Op::Axes("view"), span)))
        }
        "fill" => {
            let bound = args.bind(f, &["value"])?;
            let v = required(&bound, 0, f, "value")?.clone();
            if !a.writeable {
                return Err(EvalError::value_error(
                    "assignment destination is read-only",
                ));
            }
            crate::indexing::refuse_sequence(&v)?;
            let addresses = ctx.positions(&a.layout, span)?;
            crate::indexing::write_values(ctx, a, a.layout.shape(), &addresses, &v, span)?;
            Ok(Value::None)
        }
        "tolist" => {
            ctx.check_sequence(list_items(a.layout.shape()).unwrap_or(u64::MAX), span)?;
            let values = ctx.read_values(a, span)?;
            Ok(to_list(a.layout.shape(), &values, a.dtype))
        }
        "item" => {
            let index = item_index(a.layout.shape(), &args.positional)?;
            let n = a.read_at(a.layout.address(&index)).ok_or_else(|| {
                EvalError::value_error("this view reads memory outside its buffer").at(span)
            })?;
            Ok(python_value(n))
        }
        "sum" => {
            let values = ctx.read_values(a, span)?;
            let dtype = if a.dtype == DType::Bool || (a.dtype.kind() == crate::dtype::Kind::Int) {
                DType::Int64
            } else {
                a.dtype
            };
            let mut total = Num::Int(0);
            for v in values {
                total = match (dtype.cast(total), dtype.cast(v)) {
                    (Num::Int(x), Num::Int(y)) => Num::Int(x.wrapping_add(y)),
                    (x, y) => dtype.cast(Num::Float(x.as_f64() + y.as_f64())),
                };
            }
            Ok(Value::Scalar(dtype, total))
        }
        _ => Err(crate::names::not_yet(crate::names::Owner::Ndarray, name)),
    }
}

fn norm(axis: i64, n: usize) -> usize {
    if axis < 0 {
        (axis + n as i64) as usize
    } else {
        axis as usize
    }
}

/// The element `item(*args)` names (`PyArray_MultiIndexGetItem` and friends): no argument for a
/// size-1 array, one flat index (negative counts from the end), or one index per axis, given
/// separately or as one tuple.
fn item_index(shape: &[i64], args: &[(Value, Span)]) -> Result<Dims, EvalError> {
    let values: Vec<Value> = match args {
        [(Value::Tuple(items), _)] => items.to_vec(),
        _ => args.iter().map(|(v, _)| v.clone()).collect(),
    };
    let size = shape.iter().product::<i64>();
    match values.as_slice() {
        [] if size == 1 => Ok(Dims::filled(shape.len(), 0)?),
        [] => Err(EvalError::value_error(
            "can only convert an array of size 1 to a Python scalar",
        )),
        [flat] if shape.len() != 1 => {
            let k = flat.as_index()?;
            let j = if k < 0 { k.saturating_add(size) } else { k };
            if j < 0 || j >= size {
                return Err(EvalError::new(
                    "IndexError",
                    format!("index {k} is out of bounds for size {size}"),
                ));
            }
            Ok(stride_core::footprint::unravel(shape, j))
        }
        many if many.len() == shape.len() => {
            let mut index = Dims::new();
            for (axis, (v, &d)) in many.iter().zip(shape).enumerate() {
                let k = v.as_index()?;
                let j = if k < 0 { k.saturating_add(d) } else { k };
                if j < 0 || j >= d {
                    return Err(stride_core::Error::IndexOutOfBounds {
                        index: k,
                        axis,
                        size: d,
                    }
                    .into());
                }
                index.push(j)?;
            }
            Ok(index)
        }
        _ => Err(EvalError::value_error(
            "incorrect number of indices for array",
        )),
    }
}

/// `s.<name>(…)` for a NumPy scalar: `astype` gives a scalar of the new dtype (cast as arrays
/// cast), `item` and `tolist` the Python value.
pub fn call_scalar_method(d: DType, n: Num, name: &str, args: Args) -> Result<Value, EvalError> {
    match name {
        "astype" => {
            let bound = args.bind(name, &["dtype", "order", "casting", "subok", "copy"])?;
            let dtype =
                dtype_arg(Some(required(&bound, 0, name, "dtype")?))?.unwrap_or(DType::Float64);
            Ok(Value::Scalar(dtype, dtype.cast(d.cast(n))))
        }
        "item" => {
            item_index(&[], &args.positional)?;
            Ok(python_value(d.cast(n)))
        }
        _ => {
            args.bind(name, &[])?;
            Ok(python_value(d.cast(n)))
        }
    }
}

/// A NumPy value as the Python value `.item()` and `.tolist()` give.
pub fn python_value(n: Num) -> Value {
    match n {
        Num::Bool(b) => Value::Bool(b),
        Num::Int(i) => Value::Int(i128::from(i)),
        Num::Float(f) => Value::Float(f),
    }
}

/// How many Python objects `tolist()` of `shape` makes (lists at every level, then the items),
/// `None` past `u64`.
pub fn list_items(shape: &[i64]) -> Option<u64> {
    let mut level: u64 = 1;
    let mut total: u64 = 0;
    for &d in shape {
        level = level.checked_mul(u64::try_from(d).ok()?)?;
        total = total.checked_add(level)?;
    }
    Some(total)
}

/// Nested lists of Python values, as `tolist()` gives.
pub fn to_list(shape: &[i64], values: &[Num], dtype: DType) -> Value {
    let _ = dtype;
    match shape.split_first() {
        None => values.first().copied().map_or(Value::None, python_value),
        Some((&n, rest)) => {
            let chunk = rest.iter().product::<i64>().max(0) as usize;
            let items: Vec<Value> = (0..n.max(0) as usize)
                .map(|k| {
                    to_list(
                        rest,
                        values.get(k * chunk..(k + 1) * chunk).unwrap_or(&[]),
                        dtype,
                    )
                })
                .collect();
            Value::List(items.into())
        }
    }
}

/// `np.float32(3)`: calling a dtype makes a NumPy scalar.
pub fn call_dtype(ctx: &mut Context, d: DType, args: Args, span: Span) -> Result<Value, EvalError> {
    let _ = ctx;
    let value = match args.positional.first() {
        None => Num::Int(0),
        Some((Value::Int(i), _)) => {
            if !d.is_float() && d != DType::Bool {
                crate::indexing::check_python_int(*i, d)?;
            }
            // Past 64 bits only a float dtype is left, which takes the int as a double.
            i64::try_from(*i).map_or(Num::Float(*i as f64), Num::Int)
        }
        Some((v, _)) => Num::Float(crate::builtins::as_float(v).map_err(|e| e.at(span))?),
    };
    Ok(Value::Scalar(d, d.cast(value)))
}
