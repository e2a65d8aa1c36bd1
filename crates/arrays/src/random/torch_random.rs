//! PyTorch's random functions over its CPU generator: `torch.manual_seed`, `rand`, `randn`,
//! `randint`, `randperm`, `normal`, `rand_like`, `randn_like`. Values fill the tensor in memory
//! order, as PyTorch's serial kernels do.

use stride_core::reshape::MemOrder;
use stride_core::{Layout, Order};

use crate::array::{Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::dtype_arg;
use crate::signature::Bound;
use crate::value::Value;

fn runtime(message: String) -> EvalError {
    EvalError::new("RuntimeError", message)
}

/// `torch.manual_seed(seed)`.
pub fn manual_seed(ctx: &mut Context, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let seed = super::draw::int_arg(b.required("seed")?, false)?;
    if !(-(1i128 << 63)..(1i128 << 64)).contains(&seed) {
        return Err(runtime(format!(
            "Overflow when unpacking long long; seed {seed} out of range"
        )));
    }
    ctx.random.seed_torch(seed as u64);
    Ok(Value::Opaque("torch._C.Generator"))
}

/// How a fill draws its values.
#[derive(Clone, Copy)]
enum Fill {
    Uniform,
    Normal { mean: f64, std: f64 },
}

/// The values of a float tensor of `n` elements (in memory order) as PyTorch draws them.
fn draws(ctx: &mut Context, dtype: DType, n: usize, fill: Fill, contiguous: bool) -> Vec<f64> {
    // float16 and bfloat16 take float32's 24 bits, rounded to the dtype when stored.
    let digits = 24;
    let double = dtype == DType::Float64;
    match fill {
        Fill::Uniform => {
            let g = ctx.random.torch();
            (0..n)
                .map(|_| {
                    if double {
                        g.uniform_f64()
                    } else {
                        g.uniform_f32(digits)
                    }
                })
                .collect()
        }
        Fill::Normal { mean, std } if n >= 16 && contiguous => {
            if double {
                return ctx.random.torch().normal_fill_f64(n, mean, std);
            }
            ctx.approximate();
            let g = ctx.random.torch();
            g.normal_fill_f32(n, mean as f32, std as f32)
                .into_iter()
                .map(f64::from)
                .collect()
        }
        Fill::Normal { mean, std } => {
            let g = ctx.random.torch();
            (0..n).map(|_| g.normal_scalar(mean, std)).collect()
        }
    }
}

/// A new tensor of `layout` whose values, read in memory order, are `draws` in turn.
fn tensor_in_memory_order(
    ctx: &mut Context,
    layout: Layout,
    dtype: DType,
    fill: Fill,
    label: &'static str,
    span: Span,
) -> Result<Value, EvalError> {
    let n = super::draw::count(ctx, layout.shape(), dtype, span)?;
    let contiguous = layout.is_c_contiguous();
    let values = draws(ctx, dtype, n, fill, contiguous);
    let item = i128::from(dtype.itemsize());
    let base = i128::from(layout.offset());
    let logical: Vec<Num> = stride_core::footprint::Positions::new(&layout)
        .map(|addr| {
            let k = usize::try_from((addr - base) / item.max(1)).unwrap_or(0);
            Num::Float(values.get(k).copied().unwrap_or(0.0))
        })
        .collect();
    let origin = Origin {
        op: Op::Create(label),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &logical, true, origin)?,
    ))
}

fn float_dtype(ctx: &Context, b: &Bound, kernel: &str) -> Result<DType, EvalError> {
    let d = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float32);
    if !d.is_float() {
        return Err(EvalError::new(
            "NotImplementedError",
            format!("\"{kernel}\" not implemented for '{}'", torch_name(d)),
        ));
    }
    Ok(d)
}

fn torch_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::Int8 => "Char",
        DType::UInt8 => "Byte",
        DType::Int16 => "Short",
        DType::Int32 => "Int",
        DType::Int64 => "Long",
        DType::Float16 => "Half",
        DType::BFloat16 => "BFloat16",
        DType::Float32 => "Float",
        DType::Float64 => "Double",
        _ => "unsigned",
    }
}

fn new_layout(shape: &[i64], dtype: DType) -> Result<Layout, EvalError> {
    if let Some(&bad) = shape.iter().find(|&&n| n < 0) {
        let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
        return Err(runtime(format!(
            "Trying to create tensor with negative dimension {bad}: [{}]",
            sizes.join(", ")
        )));
    }
    Ok(Layout::contiguous(shape, dtype.itemsize(), Order::C)?)
}

/// `torch.rand(*size, dtype=…)`.
pub fn rand(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = crate::torch::size_arg(b, "size")?;
    let dtype = float_dtype(ctx, b, "check_uniform_bounds")?;
    let layout = new_layout(&shape, dtype)?;
    tensor_in_memory_order(ctx, layout, dtype, Fill::Uniform, "torch.rand", span)
}

/// `torch.randn(*size, dtype=…)`.
pub fn randn(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = crate::torch::size_arg(b, "size")?;
    let dtype = float_dtype(ctx, b, "normal_kernel_cpu")?;
    let layout = new_layout(&shape, dtype)?;
    let fill = Fill::Normal {
        mean: 0.0,
        std: 1.0,
    };
    tensor_in_memory_order(ctx, layout, dtype, fill, "torch.randn", span)
}

/// `torch.normal(mean, std, size)` for numbers `mean` and `std`.
pub fn normal(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let mean = super::draw::float_arg(b.given("mean"), 0.0)?;
    let std = super::draw::float_arg(b.given("std"), 1.0)?;
    if std < 0.0 {
        return Err(runtime(format!(
            "normal expects std >= 0.0, but found std {std}"
        )));
    }
    let shape = crate::numpy::shape_arg(b.required("size")?)?;
    let dtype = float_dtype(ctx, b, "normal_kernel_cpu")?;
    let layout = new_layout(&shape, dtype)?;
    tensor_in_memory_order(
        ctx,
        layout,
        dtype,
        Fill::Normal { mean, std },
        "torch.normal",
        span,
    )
}

fn like(
    ctx: &mut Context,
    b: &Bound,
    span: Span,
    fill: Fill,
    label: &'static str,
) -> Result<Value, EvalError> {
    let Value::Array(a) = b.required("input")? else {
        return Err(EvalError::type_error(format!(
            "{}(): argument 'input' (position 1) must be Tensor",
            label.trim_start_matches("torch.")
        )));
    };
    let kernel = match fill {
        Fill::Uniform => "check_uniform_bounds",
        Fill::Normal { .. } => "normal_kernel_cpu",
    };
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(a.dtype);
    if !dtype.is_float() {
        return Err(EvalError::new(
            "NotImplementedError",
            format!("\"{kernel}\" not implemented for '{}'", torch_name(dtype)),
        ));
    }
    let kept = stride_core::copy::copy_layout(&a.layout, MemOrder::K)?;
    let layout = crate::numpy::rescale(&kept, dtype)?;
    tensor_in_memory_order(ctx, layout, dtype, fill, label, span)
}

/// `torch.rand_like(input, dtype=…)`: the input's strides kept, values in memory order.
pub fn rand_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, Fill::Uniform, "torch.rand_like")
}

/// `torch.randn_like(input, dtype=…)`.
pub fn randn_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(
        ctx,
        b,
        span,
        Fill::Normal {
            mean: 0.0,
            std: 1.0,
        },
        "torch.randn_like",
    )
}

/// `torch.randint(high, size)` / `torch.randint(low, high, size)`.
pub fn randint(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let given: Vec<&Value> = b.rest().iter().map(|(v, _)| v).collect();
    let (low, high, size) = match (given.as_slice(), b.value("size")) {
        ([high, size], None) => (0, super::draw::int_arg(high, false)?, (*size).clone()),
        ([low, high, size], None) => (
            super::draw::int_arg(low, false)?,
            super::draw::int_arg(high, false)?,
            (*size).clone(),
        ),
        ([high], Some(size)) => (0, super::draw::int_arg(high, false)?, size.clone()),
        ([low, high], Some(size)) => (
            super::draw::int_arg(low, false)?,
            super::draw::int_arg(high, false)?,
            size.clone(),
        ),
        _ => {
            return Err(EvalError::type_error(
                "randint() received an invalid combination of arguments - got the wrong number of arguments: expected (int high, tuple of ints size) or (int low, int high, tuple of ints size)",
            ));
        }
    };
    let shape = crate::numpy::shape_arg(&size)?;
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(DType::Int64);
    if low >= high {
        return Err(runtime(format!(
            "random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )));
    }
    if dtype == DType::Bool && (high - 1 > 1 || low < 0) {
        let which = if high - 1 > 1 { "to - 1" } else { "from" };
        return Err(runtime(format!("{which} is out of bounds for bool")));
    }
    let layout = new_layout(&shape, dtype)?;
    let n = super::draw::count(ctx, &shape, dtype, span)?;
    let range = u64::try_from(high - low).unwrap_or(u64::MAX);
    let low64 = i64::try_from(low).unwrap_or(0);
    let g = ctx.random.torch();
    let values: Vec<Num> = (0..n)
        .map(|_| {
            let v = g.random_from_to(low64, range);
            if dtype.is_float() {
                Num::Float(v as f64)
            } else {
                Num::Int(i128::from(v))
            }
        })
        .collect();
    let origin = Origin {
        op: Op::Create("torch.randint"),
        parent: None,
        span,
    };
    let values = if dtype == DType::Bool {
        values.into_iter().map(|n| Num::Bool(n.truthy())).collect()
    } else {
        values
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, true, origin)?,
    ))
}

/// `torch.randperm(n, dtype=torch.int64)`.
pub fn randperm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let n = super::draw::int_arg(b.required("n")?, false)?;
    let n = i64::try_from(n).map_err(|_| runtime("n is too large".to_string()))?;
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(DType::Int64);
    let layout = new_layout(&[n], dtype)?;
    let count = super::draw::count(ctx, &[n], dtype, span)?;
    let perm = ctx.random.torch().randperm(count);
    let values: Vec<Num> = perm
        .into_iter()
        .map(|k| {
            if dtype.is_float() {
                Num::Float(k as f64)
            } else {
                Num::Int(i128::from(k))
            }
        })
        .collect();
    let origin = Origin {
        op: Op::Create("torch.randperm"),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, true, origin)?,
    ))
}
