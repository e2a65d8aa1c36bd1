//! The argument checks of the built-ins, with CPython's messages in CPython's order. CPython
//! checks its built-ins in four styles, and each style words a wrong call its own way:
//! one-argument functions (`len() takes exactly one argument (2 given)`), functions that unpack
//! a tuple (`range expected at most 3 arguments, got 4`), functions parsed with keywords
//! (`int() takes at most 2 arguments (3 given)`, `'foo' is an invalid keyword argument for
//! int()`), and a few of their own (`type() takes 1 or 3 arguments`).

use super::Args;
use super::builtins::Builtin;
use crate::error::{Error, Result, Span};

fn type_error(message: String) -> Result<()> {
    Err(Error::type_error(message, Span::default()))
}

fn s(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Checks the number of arguments and the keywords of a call of `b`; `allowed` are the
/// keywords `b` takes.
pub fn check(b: Builtin, args: &Args<'_>, allowed: &[&str]) -> Result<()> {
    use Builtin as B;
    let name = b.name();
    let n = args.pos.len() + usize::from(args.gen_exp.is_some());
    let invalid = args
        .kw
        .iter()
        .find(|(k, _)| !allowed.contains(&&**k))
        .map(|(k, _)| k.clone());
    let no_keywords = || type_error(format!("{name}() takes no keyword arguments"));
    let invalid_keyword =
        |k: &str| type_error(format!("'{k}' is an invalid keyword argument for {name}()"));
    // The range of positional arguments, per style.
    match b {
        B::Len | B::Abs | B::Any | B::All | B::Repr => {
            if !args.kw.is_empty() {
                return no_keywords();
            }
            if n != 1 {
                return type_error(format!("{name}() takes exactly one argument ({n} given)"));
            }
        }
        B::Range
        | B::Reversed
        | B::Isinstance
        | B::Divmod
        | B::Float
        | B::Bool
        | B::List
        | B::Tuple => {
            if !args.kw.is_empty() {
                return no_keywords();
            }
            let (min, max) = match b {
                B::Range => (1, 3),
                B::Reversed => (1, 1),
                B::Isinstance | B::Divmod => (2, 2),
                _ => (0, 1),
            };
            if min == max && n != min {
                return type_error(format!("{name} expected {min} argument{}, got {n}", s(min)));
            }
            if n < min {
                return type_error(format!(
                    "{name} expected at least {min} argument{}, got {n}",
                    s(min)
                ));
            }
            if n > max {
                return type_error(format!(
                    "{name} expected at most {max} argument{}, got {n}",
                    s(max)
                ));
            }
        }
        B::Type => {
            if n != 1 && n != 3 {
                return type_error("type() takes 1 or 3 arguments".into());
            }
            if !args.kw.is_empty() {
                return no_keywords();
            }
        }
        B::Min | B::Max => {
            if n == 0 {
                return type_error(format!("{name} expected at least 1 argument, got 0"));
            }
            if let Some(k) = invalid {
                return invalid_keyword(&k);
            }
        }
        B::Sorted => {
            if n != 1 {
                return type_error(format!("sorted expected 1 argument, got {n}"));
            }
            if let Some(k) = invalid {
                return invalid_keyword(&k);
            }
        }
        // `dict(...)` takes keywords as items and checks its own arguments (eval/dict.rs).
        B::Dict => {}
        B::Print | B::Zip => {
            if let Some(k) = invalid {
                return invalid_keyword(&k);
            }
        }
        B::Enumerate => {
            if n > 2 {
                return type_error(format!("enumerate() takes at most 2 arguments ({n} given)"));
            }
            if let Some(k) = invalid {
                return invalid_keyword(&k);
            }
            if n == 0 {
                return type_error("enumerate() missing required argument 'iterable'".into());
            }
        }
        B::Sum | B::Int | B::Str | B::Round | B::Pow => {
            let (max, required): (usize, &[&str]) = match b {
                B::Sum => (2, &[]),
                B::Int => (2, &[]),
                B::Str => (3, &[]),
                B::Round => (2, &["number"]),
                _ => (3, &["base", "exp"]),
            };
            let total = n + args.kw.len();
            if total > max {
                return type_error(format!(
                    "{name}() takes at most {max} arguments ({total} given)"
                ));
            }
            if b == B::Sum && n == 0 {
                return type_error(format!(
                    "sum() takes at least 1 positional argument ({n} given)"
                ));
            }
            if let Some(missing) = required.get(n) {
                let named = args.kw.iter().any(|(k, _)| &**k == *missing);
                if !named {
                    return type_error(format!(
                        "{name}() missing required argument '{missing}' (pos {})",
                        n + 1
                    ));
                }
            }
            if let Some(k) = invalid {
                return invalid_keyword(&k);
            }
        }
    }
    Ok(())
}
