//! NumPy's elementwise math as the lab runs it: the unary ufuncs (`np.exp`, `np.sqrt`, …),
//! `np.maximum`/`np.minimum`, `np.clip`, `np.where`, `np.nonzero`, `np.round`/`np.around`,
//! `np.isclose`/`np.allclose`/`np.array_equal`, and the methods `x.clip`, `x.round`,
//! `x.nonzero`. Ufunc keywords the lab does not implement (`out=`, `where=`, `casting=`, …) are
//! bound and refused ("not supported here"), never dropped. The kernels and result dtypes are
//! [`crate::ops::math`] and [`crate::ops::select`].

use std::rc::Rc;

use super::table::{Entry, FunctionBody, MethodBody, entry, find};
use crate::array::Array;
use crate::context::{Args, Context};
use crate::error::{EvalError, Span};
use crate::ops::math::{Func, round as round_values, unary_math};
use crate::ops::select;
use crate::signature::{Bound, Style};
use crate::value::Value;

const PY: Style = Style::Python;
const NP: Style = Style::Numpy;

/// A unary ufunc's parameters (NumPy 2.4.6).
const UNARY: &str = "x, /, out=None!, *, where=True!, casting='same_kind'!, order='K'!, dtype=None!, subok=True!, signature=None!";
/// A binary ufunc's parameters.
const BINARY: &str = "x1, x2, /, out=None!, *, where=True!, casting='same_kind'!, order='K'!, dtype=None!, subok=True!, signature=None!";
const CLOSE: &str = "a, b, rtol=1e-05, atol=1e-08, equal_nan=False";

macro_rules! unary {
    ($($fn_name:ident => $func:expr),* $(,)?) => {
        $(
            fn $fn_name(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
                unary_math(ctx, $func, b.required("x")?, span)
            }
        )*
    };
}

unary! {
    exp => Func::Exp,
    expm1 => Func::Expm1,
    log => Func::Log,
    log1p => Func::Log1p,
    log2 => Func::Log2,
    log10 => Func::Log10,
    sqrt => Func::Sqrt,
    square => Func::Square,
    sin => Func::Sin,
    cos => Func::Cos,
    tan => Func::Tan,
    tanh => Func::Tanh,
    arctan => Func::Arctan,
    absolute => Func::Abs,
    sign => Func::Sign,
    floor => Func::Floor,
    ceil => Func::Ceil,
    rint => Func::Rint,
    isnan => Func::IsNan,
    isfinite => Func::IsFinite,
    isinf => Func::IsInf,
}

/// The functions of this module, as `np.<name>`.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry("exp", UNARY, NP, exp),
    entry("expm1", UNARY, NP, expm1),
    entry("log", UNARY, NP, log),
    entry("log1p", UNARY, NP, log1p),
    entry("log2", UNARY, NP, log2),
    entry("log10", UNARY, NP, log10),
    entry("sqrt", UNARY, NP, sqrt),
    entry("square", UNARY, NP, square),
    entry("sin", UNARY, NP, sin),
    entry("cos", UNARY, NP, cos),
    entry("tan", UNARY, NP, tan),
    entry("tanh", UNARY, NP, tanh),
    entry("arctan", UNARY, NP, arctan),
    entry("abs", UNARY, NP, absolute),
    entry("absolute", UNARY, NP, absolute),
    entry("sign", UNARY, NP, sign),
    entry("floor", UNARY, NP, floor),
    entry("ceil", UNARY, NP, ceil),
    entry("rint", UNARY, NP, rint),
    entry("isnan", UNARY, NP, isnan),
    entry("isfinite", UNARY, NP, isfinite),
    entry("isinf", UNARY, NP, isinf),
    entry("maximum", BINARY, NP, maximum),
    entry("minimum", BINARY, NP, minimum),
    entry(
        "clip",
        "a, a_min=None, a_max=None, out=None!, *, min=None, max=None, casting='same_kind'!, where=True!, order='K'!, dtype=None!, subok=True!, signature=None!",
        PY,
        clip,
    ),
    entry("where", "condition, x=None, y=None, /", NP, where_),
    entry("nonzero", "a", PY, nonzero),
    entry("round", "a, decimals=0, out=None!", PY, round),
    entry("around", "a, decimals=0, out=None!", PY, round),
    entry("isclose", CLOSE, PY, isclose),
    entry("allclose", CLOSE, PY, allclose),
    entry("array_equal", "a1, a2, equal_nan=False", PY, array_equal),
];

/// The methods of this module, as `x.<name>`.
pub const METHODS: &[Entry<MethodBody>] = &[
    entry("clip", "min=None, max=None, out=None!", NP, clip_method),
    entry("round", "decimals=0, out=None!", NP, round_method),
    entry("nonzero", "", NP, nonzero_method),
];

/// Whether `np.<name>` is one of this module's.
pub fn has_function(name: &str) -> bool {
    find(FUNCTIONS, name).is_some()
}

/// Whether `x.<name>` is one of this module's.
pub fn has_method(name: &str) -> bool {
    find(METHODS, name).is_some()
}

/// NumPy's count check of a ufunc's positionals, made before its keywords are read.
pub fn check_ufunc_positionals(name: &str, args: &Args) -> Result<(), EvalError> {
    let nin = match find(FUNCTIONS, name).map(|e| e.signature.params) {
        Some(UNARY) => 1,
        Some(BINARY) => 2,
        _ => return Ok(()),
    };
    let given = args.positional.len();
    if given < nin || given > nin + 1 {
        let shown = if name == "abs" { "absolute" } else { name };
        return Err(EvalError::type_error(format!(
            "{shown}() takes from {nin} to {} positional arguments but {given} {} given",
            nin + 1,
            if given == 1 { "was" } else { "were" }
        )));
    }
    Ok(())
}

fn maximum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    select::extremum(ctx, b.required("x1")?, b.required("x2")?, true, span)
}

fn minimum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    select::extremum(ctx, b.required("x1")?, b.required("x2")?, false, span)
}

fn clip(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let (a_min, a_max) = (b.value("a_min"), b.value("a_max"));
    let (min, max) = (b.value("min"), b.value("max"));
    if (a_min.is_some() || a_max.is_some()) && (min.is_some() || max.is_some()) {
        return Err(EvalError::value_error(
            "Passing `min` or `max` keyword argument when `a_min` and `a_max` are provided is forbidden.",
        )
        .at(span));
    }
    let a = b.required("a")?;
    select::clip(ctx, a, a_min.or(min), a_max.or(max), span)
}

fn clip_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let v = Value::Array(Rc::clone(a));
    select::clip(ctx, &v, b.value("min"), b.value("max"), span)
}

fn where_(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let condition = b.required("condition")?;
    match (b.given("x"), b.given("y")) {
        (Some(x), Some(y)) => select::choose(ctx, condition, x, y, span),
        (None, None) => {
            let a = ctx.internal(|ctx| super::as_array(ctx, condition, span))?;
            select::nonzero(ctx, &a, span)
        }
        _ => Err(
            EvalError::value_error("either both or neither of x and y should be given").at(span),
        ),
    }
}

fn nonzero(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = ctx.internal(|ctx| super::as_array(ctx, b.required("a")?, span))?;
    select::nonzero(ctx, &a, span)
}

fn nonzero_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    _: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    select::nonzero(ctx, a, span)
}

/// An integer argument (`decimals`).
pub(crate) fn int_arg(v: Option<&Value>, default: i64) -> Result<i64, EvalError> {
    match v {
        None => Ok(default),
        Some(Value::Int(i)) => i64::try_from(*i).map_err(|_| {
            EvalError::new("OverflowError", "Python int too large to convert to C long")
        }),
        Some(Value::Bool(b)) => Ok(i64::from(*b)),
        Some(Value::Scalar(_, crate::dtype::Num::Int(i))) => i64::try_from(*i).map_err(|_| {
            EvalError::new("OverflowError", "Python int too large to convert to C long")
        }),
        Some(other) => Err(EvalError::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            other.type_name()
        ))),
    }
}

/// A float argument (`rtol`, `atol`).
pub(crate) fn float_arg(v: Option<&Value>, default: f64) -> Result<f64, EvalError> {
    match v {
        None => Ok(default),
        Some(Value::Float(f)) => Ok(*f),
        Some(Value::Int(i)) => Ok(*i as f64),
        Some(Value::Bool(b)) => Ok(f64::from(u8::from(*b))),
        Some(Value::Scalar(_, n)) => Ok(n.as_f64()),
        Some(other) => Err(EvalError::type_error(format!(
            "must be real number, not {}",
            other.type_name()
        ))),
    }
}

fn round(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let decimals = int_arg(b.given("decimals"), 0)?;
    round_values(ctx, b.required("a")?, decimals, span)
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
    let t = tolerances(b)?;
    select::isclose(ctx, b.required("a")?, b.required("b")?, t, span)
}

fn allclose(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let t = tolerances(b)?;
    let (x, y) = (b.required("a")?, b.required("b")?);
    let close = ctx.internal(|ctx| select::isclose(ctx, x, y, t, span))?;
    Ok(Value::Bool(select::all_true(ctx, &close, span)?))
}

fn array_equal(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let equal_nan = match b.given("equal_nan") {
        None => false,
        Some(v) => v.truthy()?,
    };
    let (x, y) = (b.required("a1")?, b.required("a2")?);
    let same = ctx.internal(|ctx| select::array_equal(ctx, x, y, equal_nan, span))?;
    Ok(Value::Bool(same))
}
