//! PyTorch's elementwise math as the lab runs it: `torch.exp`, `torch.sigmoid`, `torch.clamp`
//! (`clip`), `torch.where`, `torch.maximum`, `torch.round(decimals=)`, `torch.isclose`,
//! `torch.allclose`, … and the tensor methods of the same names (`x.exp()`,
//! `x.clamp(min=0)`). Integer and bool tensors become PyTorch's default float (float32) for the
//! float functions. The kernels are [`crate::ops::math`] and [`crate::ops::select`].

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::table::{Entry, FunctionBody, MethodBody, entry, find};
use crate::numpy::ufuncs::{float_arg, int_arg};
use crate::ops::math::{Func, round as round_values, unary_math};
use crate::ops::select;
use crate::signature::{Bound, Style};
use crate::value::Value;

const TORCH: Style = Style::Torch;
const UNARY: &str = "input, *, out=None!";
const CLOSE: &str = "input, other, rtol=1e-05, atol=1e-08, equal_nan=False";

/// The tensor argument `name` (position `at`) of `function`, or PyTorch's TypeError.
fn tensor<'a>(b: &'a Bound, function: &str, name: &str, at: usize) -> Result<&'a Value, EvalError> {
    let v = b.required(name)?;
    match v {
        Value::Array(a) if a.torch => Ok(v),
        other => Err(EvalError::type_error(format!(
            "{function}(): argument '{name}' (position {at}) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

macro_rules! unary {
    ($($fn_name:ident, $method:ident => $func:expr),* $(,)?) => {
        $(
            fn $fn_name(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
                let name = stringify!($fn_name);
                let x = tensor(b, name, "input", 1)?;
                unary_math(ctx, $func, x, span)
            }
            fn $method(
                ctx: &mut Context,
                a: &Rc<Array>,
                _: &Bound,
                span: Span,
            ) -> Result<Value, EvalError> {
                unary_math(ctx, $func, &Value::Array(Rc::clone(a)), span)
            }
        )*
    };
}

unary! {
    exp, exp_m => Func::Exp,
    expm1, expm1_m => Func::Expm1,
    log, log_m => Func::Log,
    log1p, log1p_m => Func::Log1p,
    log2, log2_m => Func::Log2,
    log10, log10_m => Func::Log10,
    sqrt, sqrt_m => Func::Sqrt,
    square, square_m => Func::Square,
    sin, sin_m => Func::Sin,
    cos, cos_m => Func::Cos,
    tan, tan_m => Func::Tan,
    tanh, tanh_m => Func::Tanh,
    atan, atan_m => Func::Arctan,
    sigmoid, sigmoid_m => Func::Sigmoid,
    abs, abs_m => Func::Abs,
    sign, sign_m => Func::Sign,
    floor, floor_m => Func::Floor,
    ceil, ceil_m => Func::Ceil,
    isnan, isnan_m => Func::IsNan,
    isfinite, isfinite_m => Func::IsFinite,
    isinf, isinf_m => Func::IsInf,
}

/// The functions of this module, as `torch.<name>`.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry("exp", UNARY, TORCH, exp),
    entry("expm1", UNARY, TORCH, expm1),
    entry("log", UNARY, TORCH, log),
    entry("log1p", UNARY, TORCH, log1p),
    entry("log2", UNARY, TORCH, log2),
    entry("log10", UNARY, TORCH, log10),
    entry("sqrt", UNARY, TORCH, sqrt),
    entry("square", UNARY, TORCH, square),
    entry("sin", UNARY, TORCH, sin),
    entry("cos", UNARY, TORCH, cos),
    entry("tan", UNARY, TORCH, tan),
    entry("tanh", UNARY, TORCH, tanh),
    entry("atan", UNARY, TORCH, atan),
    entry("arctan", UNARY, TORCH, atan),
    entry("sigmoid", UNARY, TORCH, sigmoid),
    entry("abs", UNARY, TORCH, abs),
    entry("absolute", UNARY, TORCH, abs),
    entry("sign", UNARY, TORCH, sign),
    entry("floor", UNARY, TORCH, floor),
    entry("ceil", UNARY, TORCH, ceil),
    entry("isnan", "input", TORCH, isnan),
    entry("isfinite", "input", TORCH, isfinite),
    entry("isinf", "input", TORCH, isinf),
    entry("round", "input, *, decimals=0, out=None!", TORCH, round),
    entry("maximum", "input, other, *, out=None!", TORCH, maximum),
    entry("minimum", "input, other, *, out=None!", TORCH, minimum),
    entry(
        "clamp",
        "input, min=None, max=None, *, out=None!",
        TORCH,
        clamp,
    ),
    entry(
        "clip",
        "input, min=None, max=None, *, out=None!",
        TORCH,
        clamp,
    ),
    entry(
        "where",
        "condition, input=None, other=None, *, out=None!",
        TORCH,
        where_,
    ),
    entry("isclose", CLOSE, TORCH, isclose),
    entry("allclose", CLOSE, TORCH, allclose),
];

/// The tensor methods of this module, as `t.<name>(…)`.
pub const METHODS: &[Entry<MethodBody>] = &[
    entry("exp", "", TORCH, exp_m),
    entry("expm1", "", TORCH, expm1_m),
    entry("log", "", TORCH, log_m),
    entry("log1p", "", TORCH, log1p_m),
    entry("log2", "", TORCH, log2_m),
    entry("log10", "", TORCH, log10_m),
    entry("sqrt", "", TORCH, sqrt_m),
    entry("square", "", TORCH, square_m),
    entry("sin", "", TORCH, sin_m),
    entry("cos", "", TORCH, cos_m),
    entry("tan", "", TORCH, tan_m),
    entry("tanh", "", TORCH, tanh_m),
    entry("atan", "", TORCH, atan_m),
    entry("arctan", "", TORCH, atan_m),
    entry("sigmoid", "", TORCH, sigmoid_m),
    entry("abs", "", TORCH, abs_m),
    entry("absolute", "", TORCH, abs_m),
    entry("sign", "", TORCH, sign_m),
    entry("floor", "", TORCH, floor_m),
    entry("ceil", "", TORCH, ceil_m),
    entry("isnan", "", TORCH, isnan_m),
    entry("isfinite", "", TORCH, isfinite_m),
    entry("isinf", "", TORCH, isinf_m),
    entry("round", "*, decimals=0", TORCH, round_method),
    entry("maximum", "other", TORCH, maximum_method),
    entry("minimum", "other", TORCH, minimum_method),
    entry("clamp", "min=None, max=None", TORCH, clamp_method),
    entry("clip", "min=None, max=None", TORCH, clamp_method),
    entry(
        "isclose",
        "other, rtol=1e-05, atol=1e-08, equal_nan=False",
        TORCH,
        isclose_method,
    ),
    entry(
        "allclose",
        "other, rtol=1e-05, atol=1e-08, equal_nan=False",
        TORCH,
        allclose_method,
    ),
];

/// The row of `torch.<name>` in this module.
pub fn function(name: &str) -> Option<&'static Entry<FunctionBody>> {
    find(FUNCTIONS, name)
}

/// The row of `t.<name>` in this module.
pub fn method(name: &str) -> Option<&'static Entry<MethodBody>> {
    find(METHODS, name)
}

fn round(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "round", "input", 1)?;
    round_values(ctx, x, int_arg(b.given("decimals"), 0)?, span)
}

fn round_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let decimals = int_arg(b.given("decimals"), 0)?;
    round_values(ctx, &Value::Array(Rc::clone(a)), decimals, span)
}

fn maximum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "maximum", "input", 1)?;
    let y = tensor(b, "maximum", "other", 2)?;
    select::extremum(ctx, x, y, true, span)
}

fn minimum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "minimum", "input", 1)?;
    let y = tensor(b, "minimum", "other", 2)?;
    select::extremum(ctx, x, y, false, span)
}

fn maximum_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor(b, "maximum", "other", 1)?;
    select::extremum(ctx, &Value::Array(Rc::clone(a)), y, true, span)
}

fn minimum_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor(b, "minimum", "other", 1)?;
    select::extremum(ctx, &Value::Array(Rc::clone(a)), y, false, span)
}

fn clamp_values(ctx: &mut Context, x: &Value, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let (lo, hi) = (b.value("min"), b.value("max"));
    if lo.is_none() && hi.is_none() {
        return Err(EvalError::new(
            "RuntimeError",
            "torch.clamp: At least one of 'min' or 'max' must not be None",
        )
        .at(span));
    }
    select::clip(ctx, x, lo, hi, span)
}

fn clamp(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "clamp", "input", 1)?.clone();
    clamp_values(ctx, &x, b, span)
}

fn clamp_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    clamp_values(ctx, &Value::Array(Rc::clone(a)), b, span)
}

fn where_(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let condition = tensor(b, "where", "condition", 1)?;
    match (b.value("input"), b.value("other")) {
        (Some(x), Some(y)) => select::choose(ctx, condition, x, y, span),
        (None, None) => match condition {
            Value::Array(a) => select::nonzero(ctx, a, span),
            _ => Err(EvalError::type_error(
                "where(): argument 'condition' must be Tensor",
            )),
        },
        _ => Err(EvalError::type_error(
            "where() missing 1 required positional arguments: \"other\"",
        )
        .at(span)),
    }
}

fn tolerances(b: &Bound) -> Result<(f64, f64, bool), EvalError> {
    let equal_nan = match b.given("equal_nan") {
        None => false,
        Some(v) => v.truthy()?,
    };
    Ok((
        float_arg(b.given("rtol"), 1e-05)?,
        float_arg(b.given("atol"), 1e-08)?,
        equal_nan,
    ))
}

fn isclose(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "isclose", "input", 1)?;
    let y = tensor(b, "isclose", "other", 2)?;
    select::isclose(ctx, x, y, tolerances(b)?, span)
}

fn allclose(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor(b, "allclose", "input", 1)?;
    let y = tensor(b, "allclose", "other", 2)?;
    let t = tolerances(b)?;
    let close = ctx.internal(|ctx| select::isclose(ctx, x, y, t, span))?;
    Ok(Value::Bool(select::all_true(ctx, &close, span)?))
}

fn isclose_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor(b, "isclose", "other", 1)?;
    select::isclose(ctx, &Value::Array(Rc::clone(a)), y, tolerances(b)?, span)
}

fn allclose_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor(b, "allclose", "other", 1)?;
    let t = tolerances(b)?;
    let x = Value::Array(Rc::clone(a));
    let close = ctx.internal(|ctx| select::isclose(ctx, &x, y, t, span))?;
    Ok(Value::Bool(select::all_true(ctx, &close, span)?))
}
