//! CPython's `math` module on Python numbers (`import math`, `from math import sqrt, pi`): the
//! functions of one and two floats, `log` with its base, the rounding functions that return
//! ints, and the constants. Arguments are bound as CPython's C functions bind them (`METH_O`:
//! "math.sqrt() takes exactly one argument (2 given)"; two floats: "atan2 expected 2 arguments,
//! got 1"), and converted as `float()` converts them, with NumPy's and PyTorch's refusals of
//! arrays of more than one element.
//!
//! Values: `sqrt`, `fabs`, `copysign`, `floor`, `ceil`, `trunc`, `hypot` and the constants are
//! correctly rounded in CPython and here; the others (`exp`, `log`, `sin`, `tanh`, `pow`, …) are
//! the C library's, whose last bit may differ between machines: the lab computes them with
//! Rust's `f64` methods.

use crate::context::{Args, Context};
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::value::{Lib, Module, Value};
use std::rc::Rc;

/// The functions of one float, as `math.<name>`.
const ONE: &[&str] = &[
    "sqrt", "exp", "expm1", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "degrees", "radians", "floor",
    "ceil", "trunc", "isnan", "isinf", "isfinite",
];

/// The functions of two floats.
const TWO: &[&str] = &["atan2", "pow", "copysign", "fmod", "hypot"];

/// Every function of the lab's `math`.
pub const NAMES: [&str; 33] = [
    "sqrt", "exp", "expm1", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "degrees", "radians", "floor",
    "ceil", "trunc", "isnan", "isinf", "isfinite", "atan2", "pow", "copysign", "fmod", "hypot",
    "log",
];

/// The names `from math import *` binds in CPython 3.11 (the module has no `__all__`: every
/// name without a leading `_`).
const CPYTHON_NAMES: [&str; 60] = [
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "comb",
    "copysign",
    "cos",
    "cosh",
    "degrees",
    "dist",
    "e",
    "erf",
    "erfc",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "factorial",
    "floor",
    "fmod",
    "frexp",
    "fsum",
    "gamma",
    "gcd",
    "hypot",
    "inf",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "isqrt",
    "lcm",
    "ldexp",
    "lgamma",
    "log",
    "log10",
    "log1p",
    "log2",
    "modf",
    "nan",
    "nextafter",
    "perm",
    "pi",
    "pow",
    "prod",
    "radians",
    "remainder",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tau",
    "trunc",
    "ulp",
];

/// What `from math import *` binds: every public name of CPython's `math`, the lab's value
/// where it has one, else the function, which says when called that the lab does not run it
/// (never a `NameError` CPython would not raise, nor a builtin such as `pow` left unshadowed).
pub fn star_names() -> Vec<(&'static str, Value)> {
    CPYTHON_NAMES
        .iter()
        .map(|&n| {
            (
                n,
                attr(n).unwrap_or(Value::Function(Lib::Math, Rc::from(n))),
            )
        })
        .collect()
}

/// `math.<name>`: a function or a constant.
pub fn attr(name: &str) -> Option<Value> {
    Some(match name {
        "pi" => Value::Float(core::f64::consts::PI),
        "e" => Value::Float(core::f64::consts::E),
        "tau" => Value::Float(core::f64::consts::TAU),
        "inf" => Value::Float(f64::INFINITY),
        "nan" => Value::Float(f64::NAN),
        _ if ONE.contains(&name) || TWO.contains(&name) || name == "log" => {
            Value::Function(Lib::Math, Rc::from(name))
        }
        _ => return None,
    })
}

/// A name the lab's `math`, `torch.nn`, `torch.nn.functional` or `torch.linalg` lacks: their
/// names are not recorded, so the lab says only that it does not run it (never a made-up
/// `AttributeError`).
pub fn missing(m: Module, name: &str, span: Span) -> EvalError {
    let module = match m {
        Module::Math => "math",
        Module::TorchNn => "torch.nn",
        Module::Functional => "torch.nn.functional",
        Module::TorchLinalg => "torch.linalg",
        _ => "this module",
    };
    EvalError::unsupported(
        crate::construct::LibConstruct::ModulePart {
            module,
            name: name.to_string(),
        },
        span,
    )
}

/// `float(v)` as the math functions convert their arguments.
fn real(v: &Value) -> Result<f64, EvalError> {
    match v {
        Value::Float(_) | Value::Int(_) | Value::Bool(_) | Value::Scalar(..) => {
            if let Value::Int(i) = v
                && (*i as f64).is_infinite()
            {
                return Err(EvalError::new(
                    "OverflowError",
                    "int too large to convert to float",
                ));
            }
            crate::builtins::as_float(v)
        }
        Value::Array(a) if a.torch => {
            if a.layout.size() != 1 {
                return Err(EvalError::value_error(
                    "only one element tensors can be converted to Python scalars",
                ));
            }
            one_value(a)
        }
        Value::Array(a) => {
            if a.layout.ndim() != 0 {
                return Err(EvalError::type_error(
                    "only 0-dimensional arrays can be converted to Python scalars",
                ));
            }
            one_value(a)
        }
        other => Err(EvalError::type_error(format!(
            "must be real number, not {}",
            other.type_name()
        ))),
    }
}

/// Whether `v` is a number `float()` takes (not a string or another object).
fn is_number(v: &Value) -> bool {
    matches!(
        v,
        Value::Float(_) | Value::Int(_) | Value::Bool(_) | Value::Scalar(..) | Value::Array(_)
    )
}

fn one_value(a: &crate::array::Array) -> Result<f64, EvalError> {
    a.values()
        .first()
        .copied()
        .flatten()
        .map(Num::as_f64)
        .ok_or_else(|| EvalError::value_error("this view reads memory outside its buffer"))
}

fn domain() -> EvalError {
    EvalError::value_error("math domain error")
}

/// CPython's check of a libm result: NaN from a number is a domain error, an infinity from a
/// finite number an overflow.
fn checked(x: f64, r: f64, can_overflow: bool) -> Result<Value, EvalError> {
    if r.is_nan() && !x.is_nan() {
        return Err(domain());
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow {
            EvalError::new("OverflowError", "math range error")
        } else {
            domain()
        });
    }
    Ok(Value::Float(r))
}

/// `floor`, `ceil`, `trunc`: a Python int.
fn to_int(x: f64) -> Result<Value, EvalError> {
    if x.is_nan() {
        return Err(EvalError::value_error(
            "cannot convert float NaN to integer",
        ));
    }
    if x.is_infinite() {
        return Err(EvalError::new(
            "OverflowError",
            "cannot convert float infinity to integer",
        ));
    }
    if x.abs() >= 2f64.powi(127) {
        return Err(crate::context::too_large(Span::default()));
    }
    Ok(Value::Int(x as i128))
}

fn one(name: &str, x: f64) -> Result<Value, EvalError> {
    match name {
        "sqrt" if x < 0.0 => Err(domain()),
        "sqrt" => Ok(Value::Float(x.sqrt())),
        "exp" => checked(x, x.exp(), true),
        "expm1" => checked(x, x.exp_m1(), true),
        "log2" | "log10" if x <= 0.0 => Err(domain()),
        "log2" => Ok(Value::Float(x.log2())),
        "log10" => Ok(Value::Float(x.log10())),
        "log1p" if x <= -1.0 => Err(domain()),
        "log1p" => Ok(Value::Float(x.ln_1p())),
        "sin" | "cos" | "tan" if x.is_infinite() => Err(domain()),
        "sin" => Ok(Value::Float(x.sin())),
        "cos" => Ok(Value::Float(x.cos())),
        "tan" => Ok(Value::Float(x.tan())),
        "asin" => checked(x, x.asin(), false),
        "acos" => checked(x, x.acos(), false),
        "atan" => Ok(Value::Float(x.atan())),
        "sinh" => checked(x, x.sinh(), true),
        "cosh" => checked(x, x.cosh(), true),
        "tanh" => Ok(Value::Float(x.tanh())),
        "asinh" => Ok(Value::Float(x.asinh())),
        "acosh" => checked(x, x.acosh(), false),
        "atanh" if x.abs() >= 1.0 => Err(domain()),
        "atanh" => Ok(Value::Float(x.atanh())),
        "fabs" => Ok(Value::Float(x.abs())),
        "degrees" => Ok(Value::Float(x * (180.0 / core::f64::consts::PI))),
        "radians" => Ok(Value::Float(x * (core::f64::consts::PI / 180.0))),
        "floor" => to_int(x.floor()),
        "ceil" => to_int(x.ceil()),
        "trunc" => to_int(x.trunc()),
        "isnan" => Ok(Value::Bool(x.is_nan())),
        "isinf" => Ok(Value::Bool(x.is_infinite())),
        _ => Ok(Value::Bool(x.is_finite())),
    }
}

fn two(name: &str, x: f64, y: f64) -> Result<Value, EvalError> {
    match name {
        "atan2" => Ok(Value::Float(x.atan2(y))),
        "copysign" => Ok(Value::Float(x.copysign(y))),
        "hypot" => Ok(Value::Float(x.hypot(y))),
        "fmod" if y == 0.0 || x.is_infinite() => {
            if x.is_nan() || y.is_nan() {
                Ok(Value::Float(f64::NAN))
            } else {
                Err(domain())
            }
        }
        "fmod" => Ok(Value::Float(x % y)),
        _ => {
            // pow: CPython's special cases are C99's, which Rust's powf follows; a negative
            // base to a fractional power and 0 to a negative power are domain errors.
            if x == 0.0 && y < 0.0 && y.is_finite() {
                return Err(domain());
            }
            let r = x.powf(y);
            if r.is_nan() && !x.is_nan() && !y.is_nan() {
                return Err(domain());
            }
            if r.is_infinite() && x.is_finite() && y.is_finite() {
                return Err(EvalError::new("OverflowError", "math range error"));
            }
            Ok(Value::Float(r))
        }
    }
}

/// `math.<name>(…)`.
pub fn call(ctx: &mut Context, name: &str, args: Args, span: Span) -> Result<Value, EvalError> {
    // A function `from math import *` bound that the lab does not run.
    if !(ONE.contains(&name) || TWO.contains(&name) || name == "log") {
        return Err(missing(Module::Math, name, span));
    }
    // The C library's functions may differ in the last bit between machines; the correctly
    // rounded ones do not.
    if !matches!(
        name,
        "sqrt" | "fabs" | "copysign" | "floor" | "ceil" | "trunc" | "isnan" | "isinf" | "isfinite"
    ) {
        ctx.approximate();
    }
    let at = |e: EvalError| e.at(span);
    let given = args.positional.len();
    let values: Vec<&Value> = args.positional.iter().map(|(v, _)| v).collect();
    if ONE.contains(&name) {
        if !args.keyword.is_empty() {
            return Err(at(EvalError::type_error(format!(
                "math.{name}() takes no keyword arguments"
            ))));
        }
        let [x] = values.as_slice() else {
            return Err(at(EvalError::type_error(format!(
                "math.{name}() takes exactly one argument ({given} given)"
            ))));
        };
        if name == "trunc" && !is_number(x) {
            // `math.trunc` calls the type's `__trunc__`.
            return Err(at(EvalError::type_error(format!(
                "type {} doesn't define __trunc__ method",
                x.type_name()
            ))));
        }
        return one(name, real(x).map_err(at)?).map_err(at);
    }
    if TWO.contains(&name) {
        if !args.keyword.is_empty() {
            return Err(at(EvalError::type_error(format!(
                "math.{name}() takes no keyword arguments"
            ))));
        }
        if name == "hypot" {
            return hypot(&values).map_err(at);
        }
        let [x, y] = values.as_slice() else {
            return Err(at(EvalError::type_error(format!(
                "{name} expected 2 arguments, got {given}"
            ))));
        };
        return two(name, real(x).map_err(at)?, real(y).map_err(at)?).map_err(at);
    }
    // `log(x[, base])`.
    if !args.keyword.is_empty() {
        return Err(at(EvalError::type_error(
            "log() takes no keyword arguments",
        )));
    }
    let ln = |v: &Value| -> Result<f64, EvalError> {
        let x = real(v)?;
        if x <= 0.0 {
            return Err(domain());
        }
        Ok(x.ln())
    };
    match values.as_slice() {
        [x] => Ok(Value::Float(ln(x).map_err(at)?)),
        [x, b] => {
            let (num, den) = (ln(x).map_err(at)?, ln(b).map_err(at)?);
            if den == 0.0 {
                return Err(at(EvalError::new(
                    "ZeroDivisionError",
                    "float division by zero",
                )));
            }
            Ok(Value::Float(num / den))
        }
        _ => Err(at(EvalError::type_error(
            "math.log requires 1 to 2 arguments",
        ))),
    }
}

/// `hypot(*coordinates)`: the length of the vector, 0.0 for none.
fn hypot(values: &[&Value]) -> Result<Value, EvalError> {
    let mut r = 0.0f64;
    for v in values {
        r = r.hypot(real(v)?);
    }
    Ok(Value::Float(r))
}
