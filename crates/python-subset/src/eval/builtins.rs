//! The built-in functions and types of the subset, and name look-up among them.
//!
//! A name that CPython's `builtins` module has and this subset leaves out (`map`, `dict`,
//! `open`, ...) is reported as unsupported, never as a `NameError`.
//!
//! [`call`] is here with the argument checks; the names and [`lookup`] are in `names`, and
//! `min_max`, `isinstance` and `convert` (`int()` and `float()` of text and floats) hold the
//! longer built-ins.

use super::iter::{iter_value, iterate, reversed};
use super::methods::sort_values;
use super::{Args, Interp, Source, ops};
use crate::ast::BinOp;
use crate::construct::Construct;
use crate::error::{Error, ExcClass, Result, Span};
use crate::limits::Limit;
use crate::value::{List, Value, range_len, repr, to_str};
use std::rc::Rc;

mod convert;
mod isinstance;
mod min_max;
mod names;

use convert::{float_to_int, parse_float, parse_int};
use isinstance::isinstance;
use min_max::min_max;
pub use names::{Builtin, lookup};

fn type_error(message: String) -> Error {
    Error::type_error(message, Span::default())
}

fn too_large() -> Error {
    Error::limit(Limit::IntTooLarge, Span::default())
}

/// Refuses keyword arguments, except those named in `allowed`, and generator expressions
/// unless `gen_ok`.
fn check_args(b: Builtin, args: &Args<'_>, allowed: &[&str], gen_ok: bool) -> Result<()> {
    if args.gen_exp.is_some() && !gen_ok {
        return Err(Error::unsupported(
            Construct::GeneratorPassedTo(b.name().to_string()),
            Span::default(),
        ));
    }
    // Other keywords are checked with CPython's messages (eval/arity.rs).
    for (k, _) in &args.kw {
        let known_here = b == Builtin::Print && &**k == "file" || matches!(&**k, "strict" | "base");
        if !allowed.contains(&&**k) && known_here {
            return Err(Error::unsupported(
                Construct::BuiltinKeyword {
                    function: b.name(),
                    keyword: k.to_string(),
                },
                Span::default(),
            ));
        }
    }
    Ok(())
}

/// Checks the number of positional arguments (a generator expression counts as one).
fn arity(b: Builtin, args: &Args<'_>, min: usize, max: usize) -> Result<()> {
    let n = args.pos.len() + usize::from(args.gen_exp.is_some());
    if n < min {
        return Err(type_error(format!(
            "{} expected at least {min} argument{}, got {n}",
            b.name(),
            if min == 1 { "" } else { "s" }
        )));
    }
    if n > max {
        return Err(type_error(format!(
            "{} expected at most {max} argument{}, got {n}",
            b.name(),
            if max == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

fn kw<'a>(args: &'a Args<'_>, name: &str) -> Option<&'a Value> {
    args.kw.iter().find(|(k, _)| &**k == name).map(|(_, v)| v)
}

/// The first argument as something to walk.
fn source<'e>(args: &mut Args<'e>) -> Source<'e> {
    match args.gen_exp {
        Some(comp) => Source::Gen(comp),
        None if args.pos.is_empty() => Source::Value(Value::tuple(Vec::new())),
        None => Source::Value(args.pos.remove(0)),
    }
}

/// `print`'s `sep` or `end`.
fn text_kw(args: &Args<'_>, name: &str, default: &str) -> Result<String> {
    match kw(args, name) {
        None | Some(Value::None) => Ok(default.to_string()),
        Some(Value::Str(s)) => Ok(s.to_string()),
        Some(v) => Err(type_error(format!(
            "{name} must be None or a string, not {}",
            v.type_name()
        ))),
    }
}

fn as_index(v: &Value) -> Result<i128> {
    v.as_int().ok_or_else(|| {
        type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })
}

/// Calls built-in `b`.
pub fn call(interp: &mut Interp, b: Builtin, mut args: Args<'_>) -> Result<Value> {
    use Builtin as B;
    if b == B::Dict {
        return super::dict::dict_call(interp, args);
    }
    let gen_ok = matches!(
        b,
        B::Sum | B::Any | B::All | B::Min | B::Max | B::List | B::Tuple | B::Sorted
    );
    let allowed: &[&str] = match b {
        B::Print => &["sep", "end", "flush"],
        B::Min | B::Max => &["key", "default"],
        B::Sum => &["start"],
        B::Sorted => &["key", "reverse"],
        B::Enumerate => &["start"],
        _ => &[],
    };
    check_args(b, &args, allowed, gen_ok)?;
    super::arity::check(b, &args, allowed)?;
    let (min, max) = match b {
        B::Print | B::Zip => (0, usize::MAX),
        B::Min | B::Max => (1, usize::MAX),
        B::Range => (1, 3),
        B::Isinstance | B::Divmod => (2, 2),
        B::Pow => (2, 3),
        B::Sum | B::Enumerate | B::Round => (1, 2),
        B::Int | B::Float | B::Str | B::Bool | B::List | B::Tuple => (0, 1),
        _ => (1, 1),
    };
    arity(b, &args, min, max)?;
    let none = Value::None;
    let first = args.pos.first().unwrap_or(&none);
    let second = args.pos.get(1).unwrap_or(&none);
    Ok(match b {
        B::Print => {
            let sep = text_kw(&args, "sep", " ")?;
            let end = text_kw(&args, "end", "\n")?;
            let mut line = String::new();
            for (i, v) in args.pos.iter().enumerate() {
                if i > 0 {
                    line.push_str(&sep);
                }
                line.push_str(&to_str(v, &mut interp.budget)?);
            }
            line.push_str(&end);
            interp.budget.alloc(line.len())?;
            if interp.output.len() + line.len() > interp.budget.limits.max_str_len {
                return Err(Error::limit(Limit::StrLen, Span::default()));
            }
            interp.output.push_str(&line);
            Value::None
        }
        B::Len => {
            let n = match first {
                Value::Host(h) => h.len()?,
                Value::Str(s) => s.chars().count(),
                Value::List(l) => l.len(),
                Value::Tuple(t) => t.0.len(),
                Value::Dict(d) | Value::DictView(d, _) => d.len(),
                Value::Range(r) => {
                    let n = range_len(r);
                    if i64::try_from(n).is_err() {
                        return Err(Error::exception(
                            ExcClass::OverflowError,
                            "Python int too large to convert to C ssize_t",
                            Span::default(),
                        ));
                    }
                    usize::try_from(n).map_err(|_| too_large())?
                }
                v => {
                    return Err(type_error(format!(
                        "object of type '{}' has no len()",
                        v.type_name()
                    )));
                }
            };
            Value::Int(i128::try_from(n).map_err(|_| too_large())?)
        }
        B::Range => {
            let ints = args.pos.iter().map(as_index).collect::<Result<Vec<_>>>()?;
            let r = match ints.as_slice() {
                [stop] => [0, *stop, 1],
                [start, stop] => [*start, *stop, 1],
                [start, stop, step] => [*start, *stop, *step],
                _ => [0, 0, 1],
            };
            if r[2] == 0 {
                return Err(Error::value_error(
                    "range() arg 3 must not be zero",
                    Span::default(),
                ));
            }
            Value::Range(Rc::new(r))
        }
        B::Reversed => {
            let name = match first {
                Value::List(_) => "list_reverseiterator",
                Value::Range(_) => "range_iterator",
                Value::Str(_) => "reversed",
                _ => "reversed",
            };
            iter_value(reversed(first)?, name)
        }
        B::Zip => {
            let inners = args.pos.iter().map(iterate).collect::<Result<Vec<_>>>()?;
            iter_value(super::iter::IterState::Zip(inners), "zip")
        }
        B::Enumerate => {
            let start = match (args.pos.get(1), kw(&args, "start")) {
                (Some(v), None) | (None, Some(v)) => as_index(v)?,
                (None, None) => 0,
                (Some(_), Some(_)) => {
                    return Err(type_error(
                        "argument for enumerate() given by name ('start') and position (2)".into(),
                    ));
                }
            };
            iter_value(
                super::iter::IterState::Enumerate(Box::new(iterate(first)?), Some(start)),
                "enumerate",
            )
        }
        B::Min | B::Max => return min_max(interp, b, args),
        B::Sum => {
            let mut total = match (args.pos.get(1), kw(&args, "start")) {
                (Some(v), _) | (None, Some(v)) => v.clone(),
                (None, None) => Value::Int(0),
            };
            if matches!(total, Value::Str(_)) {
                return Err(type_error(
                    "sum() can't sum strings [use ''.join(seq) instead]".into(),
                ));
            }
            let src = source(&mut args);
            interp.each(src, &mut |interp, v| {
                total = interp.binary(BinOp::Add, &total, &v, Span::default())?;
                Ok(true)
            })?;
            total
        }
        B::Abs => match first {
            Value::Float(f) => Value::Float(f.abs()),
            Value::Host(h) => match h.clone().abs(interp, Span::default())? {
                Some(v) => v,
                None => {
                    return Err(type_error(format!(
                        "bad operand type for abs(): '{}'",
                        first.type_name()
                    )));
                }
            },
            v => match v.as_int() {
                Some(i) => Value::Int(i.checked_abs().ok_or_else(too_large)?),
                None => {
                    return Err(type_error(format!(
                        "bad operand type for abs(): '{}'",
                        v.type_name()
                    )));
                }
            },
        },
        B::Any | B::All => {
            let want = b == B::Any;
            let mut found = !want;
            let src = source(&mut args);
            interp.each(src, &mut |interp, v| {
                if interp.truth(&v)? == want {
                    found = want;
                    return Ok(false);
                }
                Ok(true)
            })?;
            Value::Bool(found)
        }
        B::Sorted => {
            let src = source(&mut args);
            let items = interp.collect(src)?;
            let key = kw(&args, "key").cloned();
            let reverse = kw(&args, "reverse").map_or(Ok(0), as_index)? != 0;
            List::new_value(sort_values(interp, items, key, reverse)?)
        }
        B::Repr => Value::str(&repr(first, &mut interp.budget)?),
        B::Isinstance => Value::Bool(isinstance(first, second)?),
        B::Divmod => {
            if !first.is_number() || !second.is_number() {
                return Err(type_error(format!(
                    "unsupported operand type(s) for divmod(): '{}' and '{}'",
                    first.type_name(),
                    second.type_name()
                )));
            }
            let float = matches!(first, Value::Float(_)) || matches!(second, Value::Float(_));
            if float && !second.truthy() {
                return Err(Error::exception(
                    ExcClass::ZeroDivisionError,
                    "float divmod()",
                    Span::default(),
                ));
            }
            let q = ops::binary(BinOp::FloorDiv, first, second, &mut interp.budget)?;
            let r = ops::binary(BinOp::Mod, first, second, &mut interp.budget)?;
            Value::tuple(vec![q, r])
        }
        B::Pow => match args.pos.get(2) {
            None | Some(Value::None) => ops::binary(BinOp::Pow, first, second, &mut interp.budget)?,
            Some(m) => match (first.as_int(), second.as_int(), m.as_int()) {
                (Some(b), Some(e), Some(m)) => Value::Int(super::int::pow_mod(b, e, m)?),
                // float's `**` refuses a modulus before the modulus's type is looked at.
                _ if first.is_number()
                    && second.is_number()
                    && [first, second, m]
                        .iter()
                        .any(|v| matches!(v, Value::Float(_))) =>
                {
                    return Err(type_error(
                        "pow() 3rd argument not allowed unless all arguments are integers".into(),
                    ));
                }
                _ => {
                    return Err(type_error(format!(
                        "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
                        first.type_name(),
                        second.type_name(),
                        m.type_name()
                    )));
                }
            },
        },
        B::Round => {
            if !first.is_number() {
                return Err(type_error(format!(
                    "type {} doesn't define __round__ method",
                    first.type_name()
                )));
            }
            let ndigits = match args.pos.get(1) {
                None | Some(Value::None) => None,
                Some(v) => Some(as_index(v)?),
            };
            match (first, ndigits) {
                (Value::Float(_), Some(_)) => {
                    return Err(Error::unsupported(Construct::RoundDigits, Span::default()));
                }
                (Value::Float(f), None) => float_to_int(f.round_ties_even())?,
                (v, n) => Value::Int(super::int::round_int(
                    v.as_int().unwrap_or(0),
                    n.unwrap_or(0),
                )?),
            }
        }
        B::Type => match first {
            Value::Int(_) => Value::Builtin(B::Int),
            Value::Bool(_) => Value::Builtin(B::Bool),
            Value::Float(_) => Value::Builtin(B::Float),
            Value::Str(_) => Value::Builtin(B::Str),
            Value::List(_) => Value::Builtin(B::List),
            Value::Tuple(_) => Value::Builtin(B::Tuple),
            Value::Range(_) => Value::Builtin(B::Range),
            Value::Dict(_) => Value::Builtin(B::Dict),
            Value::Exc(e) => Value::Class(e.class),
            Value::Host(h) if h.class().is_some() => h.class().unwrap_or(Value::None),
            v => {
                return Err(Error::unsupported(
                    Construct::TypeOf(v.type_name()),
                    Span::default(),
                ));
            }
        },
        B::Int => match args.pos.first() {
            None => Value::Int(0),
            Some(Value::Float(f)) => float_to_int(f.trunc())?,
            Some(Value::Str(s)) => parse_int(s)?,
            Some(Value::Host(h)) if h.to_int().is_some() => {
                h.to_int().unwrap_or(Ok(Value::Int(0)))?
            }
            Some(v) => match v.as_int() {
                Some(i) => Value::Int(i),
                None => {
                    let message = format!(
                        "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                        v.type_name()
                    );
                    return Err(type_error(message));
                }
            },
        },
        B::Float => match args.pos.first() {
            None => Value::Float(0.0),
            Some(Value::Float(f)) => Value::Float(*f),
            Some(Value::Str(s)) => Value::Float(parse_float(s)?),
            Some(Value::Host(h)) if h.to_float().is_some() => {
                Value::Float(h.to_float().unwrap_or(Ok(0.0))?)
            }
            Some(v) => match v.as_int() {
                Some(i) => Value::Float(i as f64),
                None => {
                    let message = format!(
                        "float() argument must be a string or a real number, not '{}'",
                        v.type_name()
                    );
                    return Err(type_error(message));
                }
            },
        },
        B::Str => match args.pos.first() {
            None => Value::str(""),
            Some(v) => Value::str(&to_str(v, &mut interp.budget)?),
        },
        B::Bool => match args.pos.first() {
            Some(v) => Value::Bool(interp.truth(v)?),
            None => Value::Bool(false),
        },
        B::List => {
            let src = source(&mut args);
            List::new_value(interp.collect(src)?)
        }
        B::Tuple => {
            let src = source(&mut args);
            Value::tuple(interp.collect(src)?)
        }
        B::Dict => super::dict::dict_call(interp, args)?,
    })
}
