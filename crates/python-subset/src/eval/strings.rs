//! The string methods learners use beside `join` (which is in `methods.rs`): `split`, `strip`,
//! `lstrip`, `rstrip`, `replace`, `upper`, `lower`, `startswith`, `endswith`, as CPython's.

use super::methods::arity;
use super::{Args, Interp};
use crate::error::{Error, Result, Span};
use crate::value::{List, Value};

/// The methods this file has.
pub const STR_METHODS: &[&str] = &[
    "split",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "upper",
    "lower",
    "startswith",
    "endswith",
];

/// CPython's `str.isspace` for one character: Unicode's White_Space plus the four
/// information separators (U+001C to U+001F), which CPython counts and Rust does not.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

fn type_error(message: String) -> Error {
    Error::type_error(message, Span::default())
}

/// An optional `str` argument (`None` when absent or `None`).
fn opt_str<'a>(v: Option<&'a Value>, what: &str) -> Result<Option<&'a str>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s)),
        Some(_) => Err(type_error(format!("{what} arg must be None or str"))),
    }
}

fn int_arg(v: Option<&Value>, default: i128) -> Result<i128> {
    match v {
        None => Ok(default),
        Some(v) => v.as_int().ok_or_else(|| {
            type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            ))
        }),
    }
}

/// `s.split(sep=None, maxsplit=-1)`.
fn split(s: &str, sep: Option<&str>, maxsplit: i128) -> Result<Vec<String>> {
    let mut left = if maxsplit < 0 {
        usize::MAX
    } else {
        usize::try_from(maxsplit).unwrap_or(usize::MAX)
    };
    let mut out = Vec::new();
    match sep {
        Some("") => {
            return Err(Error::value_error("empty separator", Span::default()));
        }
        Some(sep) => {
            let mut rest = s;
            while left > 0 {
                let Some(i) = rest.find(sep) else { break };
                out.push(rest.get(..i).unwrap_or("").to_string());
                rest = rest.get(i + sep.len()..).unwrap_or("");
                left -= 1;
            }
            out.push(rest.to_string());
        }
        None => {
            let mut rest = s.trim_start_matches(is_space);
            while !rest.is_empty() {
                if left == 0 {
                    // What is left, trailing whitespace and all, as CPython keeps it.
                    out.push(rest.to_string());
                    break;
                }
                let end = rest.find(is_space).unwrap_or(rest.len());
                out.push(rest.get(..end).unwrap_or("").to_string());
                rest = rest.get(end..).unwrap_or("").trim_start_matches(is_space);
                left -= 1;
            }
        }
    }
    Ok(out)
}

/// Calls `s.name(*args)` for a method of [`STR_METHODS`].
pub fn str_method(interp: &mut Interp, s: &str, name: &str, args: Args<'_>) -> Result<Value> {
    let what = format!("str.{name}");
    let text = |interp: &mut Interp, t: String| -> Result<Value> {
        interp.budget.alloc_str(t.len())?;
        Ok(Value::str(&t))
    };
    match name {
        "split" => {
            arity(&what, &args, 0, 2, &["sep", "maxsplit"])?;
            let kw = |k: &str| args.kw.iter().find(|(n, _)| &**n == k).map(|(_, v)| v);
            let sep = match args.pos.first().or(kw("sep")) {
                None | Some(Value::None) => None,
                Some(Value::Str(sep)) => Some(&**sep),
                Some(v) => {
                    return Err(type_error(format!(
                        "must be str or None, not {}",
                        v.type_name()
                    )));
                }
            };
            let maxsplit = int_arg(args.pos.get(1).or(kw("maxsplit")), -1)?;
            let parts = split(s, sep, maxsplit)?;
            interp.budget.alloc_items(parts.len())?;
            interp.budget.alloc_str(s.len())?;
            Ok(List::new_value(
                parts.iter().map(|p| Value::str(p)).collect(),
            ))
        }
        "strip" | "lstrip" | "rstrip" => {
            arity(&what, &args, 0, 1, &[])?;
            let chars = opt_str(args.pos.first(), name)?;
            let keep = |c: char| match chars {
                None => is_space(c),
                Some(set) => set.contains(c),
            };
            let t = match name {
                "strip" => s.trim_matches(keep),
                "lstrip" => s.trim_start_matches(keep),
                _ => s.trim_end_matches(keep),
            };
            text(interp, t.to_string())
        }
        "replace" => {
            arity(&what, &args, 2, 3, &[])?;
            let (Some(Value::Str(old)), Some(Value::Str(new))) =
                (args.pos.first(), args.pos.get(1))
            else {
                let bad = match args.pos.first() {
                    Some(Value::Str(_)) => args.pos.get(1),
                    other => other,
                };
                let n = if matches!(args.pos.first(), Some(Value::Str(_))) {
                    2
                } else {
                    1
                };
                return Err(type_error(format!(
                    "replace() argument {n} must be str, not {}",
                    bad.map_or("NoneType", Value::type_name)
                )));
            };
            let count = int_arg(args.pos.get(2), -1)?;
            // The result's size is known before it is built: charge it first.
            let hits = if old.is_empty() {
                s.chars().count() + 1
            } else {
                s.matches(&**old).count()
            };
            let hits = match usize::try_from(count) {
                Ok(c) if count >= 0 => hits.min(c),
                _ => hits,
            };
            let grown = s.len().saturating_add(hits.saturating_mul(new.len()));
            interp.budget.alloc_str(grown)?;
            let t = s.replacen(&**old, new, hits);
            Ok(Value::str(&t))
        }
        "upper" | "lower" => {
            arity(&what, &args, 0, 0, &[])?;
            let t = if name == "upper" {
                s.to_uppercase()
            } else {
                s.to_lowercase()
            };
            text(interp, t)
        }
        _ => {
            // startswith / endswith.
            arity(&what, &args, 1, 1, &[])?;
            let arg = args.pos.first().cloned().unwrap_or(Value::None);
            let test = |p: &str| {
                if name == "startswith" {
                    s.starts_with(p)
                } else {
                    s.ends_with(p)
                }
            };
            let found = match &arg {
                Value::Str(p) => test(p),
                Value::Tuple(t) => {
                    let mut any = false;
                    for item in &t.0 {
                        let Value::Str(p) = item else {
                            return Err(type_error(format!(
                                "tuple for {name} must only contain str, not {}",
                                item.type_name()
                            )));
                        };
                        any |= test(p);
                    }
                    any
                }
                v => {
                    return Err(type_error(format!(
                        "{name} first arg must be str or a tuple of str, not {}",
                        v.type_name()
                    )));
                }
            };
            Ok(Value::Bool(found))
        }
    }
}
