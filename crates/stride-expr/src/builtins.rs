//! The few Python builtins a lab program needs: `len`, `tuple`, `list`, `range`, `int`, `float`,
//! `bool`, `abs`, `min`, `max`, `sum`, `str`, `repr`, `type`, `print`.

use std::rc::Rc;

use crate::display::repr;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::eval::{Args, Context};
use crate::signature::{Bound, Signature, Style};
use crate::value::Value;

/// The builtins the lab has.
pub const NAMES: [&str; 15] = [
    "len", "tuple", "list", "range", "int", "float", "bool", "abs", "min", "max", "sum", "str",
    "repr", "type", "print",
];

/// The builtin named `name`, if the lab has it.
pub fn lookup(name: &str) -> Option<Value> {
    NAMES
        .iter()
        .find(|n| **n == name)
        .map(|n| Value::Builtin(n))
}

/// The items of an iterable value, for `tuple(v)`, unpacking and `min`/`max`/`sum`.
pub fn iterate(ctx: &Context, value: &Value) -> Result<Vec<Value>, EvalError> {
    match value {
        Value::Tuple(items) | Value::List(items) => Ok(items.to_vec()),
        Value::Str(s) => Ok(s
            .chars()
            .map(|c| Value::Str(Rc::from(c.to_string().as_str())))
            .collect()),
        Value::Array(a) if a.layout.ndim() == 0 => {
            Err(EvalError::type_error("iteration over a 0-d array"))
        }
        Value::Array(a) => {
            let n = a.layout.shape().first().copied().unwrap_or(0);
            ctx.check_sequence(u64::try_from(n).unwrap_or(u64::MAX), Span::default())?;
            let mut out = Vec::new();
            for i in 0..n {
                let items = [stride_core::index::IndexItem::Int(i)];
                let sub = stride_core::index::index(&a.layout, &items)?;
                out.push(crate::indexing::basic_result(
                    a,
                    &items,
                    sub,
                    Span::default(),
                ));
            }
            Ok(out)
        }
        other => Err(EvalError::type_error(format!(
            "'{}' object is not iterable",
            other.type_name()
        ))),
    }
}

/// The builtins that take keywords, with CPython's signatures (their errors come from CPython's
/// `PyArg_ParseTupleAndKeywords`, which names the function).
const KEYWORDED: [Signature; 4] = [
    Signature {
        name: "int",
        params: "x=0, /, base=10!",
        style: Style::ArgParse { named: true },
    },
    Signature {
        name: "str",
        params: "object='', encoding=!, errors=!",
        style: Style::ArgParse { named: true },
    },
    Signature {
        name: "sum",
        params: "iterable, /, start=0",
        style: Style::ArgParse { named: true },
    },
    Signature {
        name: "print",
        params: "*args=, sep=' ', end='\n'!, file=None!, flush=False!",
        style: Style::ArgParse { named: true },
    },
];

/// The arguments of builtin `name`, checked as CPython checks them: the positional values, and
/// the bound arguments of the builtins that take keywords.
fn arguments(name: &str, args: Args, span: Span) -> Result<(Vec<Value>, Bound), EvalError> {
    if let Some(sig) = KEYWORDED.iter().find(|s| s.name == name) {
        let bound = sig.bind(args, span)?;
        let mut values: Vec<Value> = ["x", "object", "iterable"]
            .iter()
            .filter_map(|k| bound.given(k).cloned())
            .collect();
        values.extend(bound.rest().iter().map(|(v, _)| v.clone()));
        return Ok((values, bound));
    }
    let n = args.positional.len() + args.keyword.len();
    let refuse = |message: String| Err(EvalError::type_error(message).at(span));
    match name {
        "min" | "max" if args.positional.is_empty() => {
            return refuse(format!("{name} expected at least 1 argument, got 0"));
        }
        "min" | "max" => {
            if let Some((k, _, at)) = args.keyword.first() {
                if k == "key" || k == "default" {
                    return Err(EvalError::unsupported(
                        &format!("the argument '{k}' of {name}()"),
                        *at,
                    ));
                }
                return refuse(format!("'{k}' is an invalid keyword argument for {name}()"));
            }
        }
        "type" if args.positional.len() != 1 && args.positional.len() != 3 => {
            return refuse("type() takes 1 or 3 arguments".into());
        }
        "type" if args.positional.len() == 3 => {
            return Err(EvalError::unsupported(
                "type() with three arguments (making a class)",
                span,
            ));
        }
        _ if !args.keyword.is_empty() => {
            return refuse(format!("{name}() takes no keyword arguments"));
        }
        "float" | "bool" if n > 1 => {
            return refuse(format!("{name} expected at most 1 argument, got {n}"));
        }
        _ => {}
    }
    let values = args.positional.into_iter().map(|(v, _)| v).collect();
    Ok((values, Bound::default()))
}

/// Calls builtin `name`.
pub fn call(ctx: &mut Context, name: &str, args: Args, span: Span) -> Result<Value, EvalError> {
    let (values, options) = arguments(name, args, span)?;
    let one = || -> Result<&Value, EvalError> {
        match values.as_slice() {
            [v] => Ok(v),
            _ => Err(EvalError::type_error(format!(
                "{name}() takes exactly one argument ({} given)",
                values.len()
            ))),
        }
    };
    match name {
        "len" => {
            let v = one()?;
            let n = match v {
                Value::Tuple(items) | Value::List(items) => items.len() as i128,
                Value::Str(s) => s.chars().count() as i128,
                Value::Array(a) if a.layout.ndim() > 0 => {
                    i128::from(a.layout.shape().first().copied().unwrap_or(0))
                }
                Value::Array(_) => return Err(EvalError::type_error("len() of unsized object")),
                other => {
                    return Err(EvalError::type_error(format!(
                        "object of type '{}' has no len()",
                        other.type_name()
                    )));
                }
            };
            Ok(Value::Int(n))
        }
        "tuple" | "list" => {
            let items = match values.as_slice() {
                [] => Vec::new(),
                [v] => iterate(ctx, v)?,
                _ => {
                    return Err(EvalError::type_error(format!(
                        "{name} expected at most 1 argument, got {}",
                        values.len()
                    )));
                }
            };
            Ok(if name == "tuple" {
                Value::Tuple(items.into())
            } else {
                Value::List(items.into())
            })
        }
        "range" => {
            let ints: Vec<i128> = values.iter().map(as_int).collect::<Result<_, _>>()?;
            let (start, stop, step) = match ints.as_slice() {
                [stop] => (0, *stop, 1),
                [start, stop] => (*start, *stop, 1),
                [start, stop, step] => (*start, *stop, *step),
                _ => {
                    return Err(EvalError::type_error(format!(
                        "range expected at most 3 arguments, got {}",
                        ints.len()
                    )));
                }
            };
            if step == 0 {
                return Err(EvalError::value_error("range() arg 3 must not be zero"));
            }
            // Python ints are unbounded; the lab's are 128 bits, so this is done checked.
            let count = if step > 0 {
                stop.checked_sub(start)
                    .map(|d| if d > 0 { (d - 1) / step + 1 } else { 0 })
            } else {
                start.checked_sub(stop).map(|d| {
                    if d > 0 {
                        (d - 1) / step.saturating_neg() + 1
                    } else {
                        0
                    }
                })
            }
            .ok_or_else(|| {
                EvalError::new(
                    "OverflowError",
                    "Python int too large to convert to C ssize_t",
                )
            })?;
            ctx.check_sequence(u64::try_from(count).unwrap_or(u64::MAX), span)?;
            ctx.charge(u64::try_from(count).unwrap_or(u64::MAX), span)?;
            Ok(Value::List(
                (0..count)
                    .map(|k| Value::Int(start + k * step))
                    .collect::<Vec<_>>()
                    .into(),
            ))
        }
        "int" => match values.as_slice() {
            [] => Ok(Value::Int(0)),
            [Value::Float(f)] if f.is_finite() => Ok(Value::Int(f.trunc() as i128)),
            [Value::Float(f)] => Err(EvalError::new(
                if f.is_nan() {
                    "ValueError"
                } else {
                    "OverflowError"
                },
                if f.is_nan() {
                    "cannot convert float NaN to integer"
                } else {
                    "cannot convert float infinity to integer"
                },
            )),
            [Value::Scalar(_, Num::Float(f))] => Ok(Value::Int(f.trunc() as i128)),
            // A NumPy integer (a uint64 past int64 too) is its exact value.
            [Value::Scalar(_, Num::Int(i))] => Ok(Value::Int(*i)),
            [v] => Ok(Value::Int(as_int(v)?)),
            _ => Err(EvalError::type_error("int() takes at most 1 argument")),
        },
        "float" => match values.as_slice() {
            [] => Ok(Value::Float(0.0)),
            [v] => Ok(Value::Float(as_float(v)?)),
            _ => Err(EvalError::type_error("float expected at most 1 argument")),
        },
        "bool" => match values.as_slice() {
            [] => Ok(Value::Bool(false)),
            [v] => Ok(Value::Bool(v.truthy()?)),
            _ => Err(EvalError::type_error("bool expected at most 1 argument")),
        },
        "abs" => match one()? {
            v @ (Value::Array(_) | Value::Scalar(..)) => crate::ops::absolute(ctx, v, span),
            v @ (Value::Int(_) | Value::Float(_) | Value::Bool(_)) => {
                crate::ops::unary(ctx, crate::ast::UnOp::Neg, v, span).and_then(|neg| {
                    let negative =
                        crate::ops::compare(ctx, crate::ast::CmpOp::Lt, v, &Value::Int(0), span)?;
                    match negative {
                        Value::Bool(true) => Ok(neg),
                        _ => crate::ops::unary(ctx, crate::ast::UnOp::Pos, v, span),
                    }
                })
            }
            v => Err(EvalError::type_error(format!(
                "bad operand type for abs(): '{}'",
                v.type_name()
            ))),
        },
        "min" | "max" | "sum" => {
            let items = match values.as_slice() {
                [v] => iterate(ctx, v)?,
                _ if name != "sum" && values.len() > 1 => values.clone(),
                _ => {
                    return Err(EvalError::type_error(format!(
                        "{name} expected 1 argument, got {}",
                        values.len()
                    )));
                }
            };
            if name == "sum" {
                let mut total = options.given("start").cloned().unwrap_or(Value::Int(0));
                for item in &items {
                    total = crate::ops::binary(ctx, crate::ast::BinOp::Add, &total, item, span)?;
                }
                return Ok(total);
            }
            let mut best: Option<Value> = None;
            for item in items {
                best = Some(match best {
                    None => item,
                    Some(b) => {
                        let op = if name == "min" {
                            crate::ast::CmpOp::Lt
                        } else {
                            crate::ast::CmpOp::Gt
                        };
                        if crate::ops::compare(ctx, op, &item, &b, span)?.truthy()? {
                            item
                        } else {
                            b
                        }
                    }
                });
            }
            best.ok_or_else(|| {
                EvalError::value_error(format!("{name}() iterable argument is empty"))
            })
        }
        "str" => Ok(Value::Str(Rc::from(
            crate::display::str_of(one()?).as_str(),
        ))),
        "repr" => Ok(Value::Str(Rc::from(repr(one()?).as_str()))),
        "type" => Ok(Value::Str(Rc::from(
            format!("<class '{}'>", one()?.type_name()).as_str(),
        ))),
        "print" => {
            let sep = match options.given("sep") {
                None | Some(Value::None) => " ".to_string(),
                Some(Value::Str(s)) => s.to_string(),
                Some(other) => {
                    return Err(EvalError::type_error(format!(
                        "sep must be None or a string, not {}",
                        other.type_name()
                    )));
                }
            };
            let line: Vec<String> = values.iter().map(crate::display::str_of).collect();
            ctx.printed.push(line.join(&sep));
            Ok(Value::None)
        }
        _ => Err(EvalError::new(
            "NameError",
            format!("name '{name}' is not defined"),
        )),
    }
}

/// A Python int from a value (`operator.index` rules).
pub fn as_int(v: &Value) -> Result<i128, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i128::from(*b)),
        other => other.as_index().map(i128::from),
    }
}

/// A Python float from a value.
pub fn as_float(v: &Value) -> Result<f64, EvalError> {
    match v {
        Value::Float(f) => Ok(*f),
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::Scalar(_, n) => Ok(n.as_f64()),
        Value::Str(s) => float_text::parse(s.trim()).ok_or_else(|| {
            EvalError::value_error(format!("could not convert string to float: {}", repr(v)))
        }),
        other => Err(EvalError::type_error(format!(
            "float() argument must be a string or a real number, not '{}'",
            other.type_name()
        ))),
    }
}
