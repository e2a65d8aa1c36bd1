//! The one binder: a call's arguments against one parameter list, in the order and with the
//! words of the parser the [`Style`] names (CPython, NumPy's `npy_parse_arguments`,
//! `PyArg_ParseTuple(AndKeywords)`, PyTorch's `PythonArgParser`).

use super::{Bound, Param, Pass, Style};
use crate::context::Args;
use crate::error::{EvalError, Span};
use crate::value::Value;

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn was(n: usize) -> &'static str {
    if n == 1 { "was" } else { "were" }
}

/// CPython's list of names: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`.
pub(super) fn python_names(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

pub(super) fn bind_one(
    name: &'static str,
    params: &[Param],
    style: Style,
    args: Args,
) -> Result<Bound, EvalError> {
    let fixed: Vec<&Param> = params
        .iter()
        .filter(|p| p.pass != Pass::Keyword && !p.varargs)
        .collect();
    let varargs = params.iter().find(|p| p.varargs);
    let n_required = fixed.iter().filter(|p| p.required).count();
    let given = args.positional.len();
    let type_error = EvalError::type_error;

    // Parsers that take no keywords at all check them first.
    match style {
        Style::NoKeywords { qualname, .. } if !args.keyword.is_empty() => {
            return Err(type_error(format!(
                "{qualname}() takes no keyword arguments"
            )));
        }
        Style::TorchNoArgs if !args.keyword.is_empty() => {
            return Err(type_error(format!(
                "TensorBase.{name}() takes no keyword arguments"
            )));
        }
        Style::TorchNoArgs if given > 0 => {
            return Err(type_error(format!(
                "TensorBase.{name}() takes no arguments ({given} given)"
            )));
        }
        // CPython's `PyArg_ParseTupleAndKeywords` counts keywords too, before it reads any.
        Style::ArgParse { named } if varargs.is_none() => {
            let max = params.len();
            let total = given + args.keyword.len();
            if total > max {
                let who = if named {
                    format!("{name}()")
                } else {
                    "function".to_string()
                };
                return Err(type_error(format!(
                    "{who} takes at most {max} argument{} ({total} given)",
                    plural(max)
                )));
            }
        }
        _ => {}
    }

    // Too many positionals.
    if varargs.is_none() && given > fixed.len() {
        let max = fixed.len();
        let takes = if n_required == max {
            format!("{max} positional argument{}", plural(max))
        } else {
            format!("from {n_required} to {max} positional arguments")
        };
        let message = match style {
            Style::Python => {
                let kwonly = args
                    .keyword
                    .iter()
                    .filter(|(k, _, _)| {
                        params
                            .iter()
                            .any(|p| p.name == k && p.pass == Pass::Keyword)
                    })
                    .count();
                if kwonly > 0 {
                    format!(
                        "{name}() takes {takes} but {given} positional argument{} (and {kwonly} keyword-only argument{}) were given",
                        plural(given),
                        plural(kwonly)
                    )
                } else {
                    format!("{name}() takes {takes} but {given} {} given", was(given))
                }
            }
            Style::Numpy | Style::Torch => {
                let takes = if n_required == max {
                    format!("{max} positional arguments")
                } else {
                    takes
                };
                let takes = if style == Style::Torch && max == 1 && n_required == 1 {
                    "1 positional argument".to_string()
                } else {
                    takes
                };
                format!("{name}() takes {takes} but {given} {} given", was(given))
            }
            Style::NoKeywords { counted, .. } => {
                let who = counted.map_or("function".to_string(), |c| format!("{c}()"));
                format!("{who} {}", count_phrase(n_required, max, given))
            }
            Style::ArgParse { named } => {
                let who = if named {
                    format!("{name}()")
                } else {
                    "function".to_string()
                };
                format!(
                    "{who} takes at most {max} argument{} ({} given)",
                    plural(max),
                    given + args.keyword.len()
                )
            }
            Style::TorchNoArgs | Style::TorchOverloads(_) => {
                format!("{name}() takes no arguments ({given} given)")
            }
        };
        return Err(type_error(message));
    }

    let mut slots: Vec<(&'static str, Option<(Value, Span)>)> =
        params.iter().map(|p| (p.name, None)).collect();
    let mut rest = Vec::new();
    let mut positional = args.positional.into_iter();
    for (slot, p) in slots.iter_mut().zip(params) {
        if p.pass == Pass::Keyword || p.varargs {
            continue;
        }
        match positional.next() {
            Some(v) => slot.1 = Some(v),
            None => break,
        }
    }
    rest.extend(positional);

    // Keywords, in the order given. PyTorch names a keyword it does not know only once every
    // required argument is there; PyTorch also takes a list of ints (`*size`) by name.
    let mut misplaced: Vec<&str> = Vec::new();
    let mut unknown: Option<EvalError> = None;
    for (key, value, at) in args.keyword {
        let found = params
            .iter()
            .position(|p| p.name == key && (p.pass != Pass::Positional));
        let Some(k) =
            found.filter(|&k| !params.get(k).is_some_and(|p| p.varargs) || style == Style::Torch)
        else {
            if style == Style::Python && params.iter().any(|p| p.name == key) {
                misplaced.push(params.iter().find(|p| p.name == key).map_or("", |p| p.name));
                continue;
            }
            let e = unknown_keyword(name, style, &key).at(at);
            // (`x.reshape`'s own parser reads its keywords first.)
            if style == Style::Torch
                || (matches!(style, Style::ArgParse { .. }) && varargs.is_none())
            {
                unknown = unknown.or(Some(e));
                continue;
            }
            return Err(e);
        };
        let filled = slots.get(k).is_some_and(|(_, s)| s.is_some());
        let varargs_filled = params.get(k).is_some_and(|p| p.varargs) && !rest.is_empty();
        if filled || varargs_filled {
            let message = match style {
                Style::Numpy => format!(
                    "argument for {name}() given by name ('{key}') and position (position {k})"
                ),
                Style::ArgParse { named } => format!(
                    "argument for {} given by name ('{key}') and position ({})",
                    if named {
                        format!("{name}()")
                    } else {
                        "function".to_string()
                    },
                    k + 1
                ),
                _ => format!("{name}() got multiple values for argument '{key}'"),
            };
            let e = type_error(message).at(at);
            if style == Style::Torch {
                unknown = unknown.or(Some(e));
                continue;
            }
            return Err(e);
        }
        if let Some(slot) = slots.get_mut(k) {
            slot.1 = Some((value, at));
        }
    }
    if !misplaced.is_empty() {
        return Err(type_error(format!(
            "{name}() got some positional-only arguments passed as keyword arguments: '{}'",
            misplaced.join(", ")
        )));
    }

    // Missing required arguments.
    let missing: Vec<(usize, &Param)> = params
        .iter()
        .enumerate()
        .filter(|(k, p)| {
            p.required
                && if p.varargs {
                    rest.is_empty() && slots.get(*k).is_none_or(|(_, s)| s.is_none())
                } else {
                    slots.get(*k).is_none_or(|(_, s)| s.is_none())
                }
        })
        .collect();
    if let Some(&(k, first)) = missing.first() {
        let message = match style {
            Style::Python => {
                let positional: Vec<&str> = missing
                    .iter()
                    .filter(|(_, p)| p.pass != Pass::Keyword)
                    .map(|(_, p)| p.name)
                    .collect();
                let keyword: Vec<&str> = missing
                    .iter()
                    .filter(|(_, p)| p.pass == Pass::Keyword)
                    .map(|(_, p)| p.name)
                    .collect();
                if positional.is_empty() {
                    format!(
                        "{name}() missing {} required keyword-only argument{}: {}",
                        keyword.len(),
                        plural(keyword.len()),
                        python_names(&keyword)
                    )
                } else {
                    format!(
                        "{name}() missing {} required positional argument{}: {}",
                        positional.len(),
                        plural(positional.len()),
                        python_names(&positional)
                    )
                }
            }
            Style::Numpy if first.pass == Pass::Positional => {
                format!("{name}() missing required positional argument {k}")
            }
            Style::Numpy => format!(
                "{name}() missing required argument '{}' (pos {k})",
                first.name
            ),
            Style::ArgParse { named } if first.pass == Pass::Positional => {
                let who = if named {
                    format!("{name}()")
                } else {
                    "function".to_string()
                };
                let n = params
                    .iter()
                    .filter(|p| p.pass == Pass::Positional && p.required)
                    .count();
                format!(
                    "{who} takes at least {n} positional argument{} ({given} given)",
                    plural(n)
                )
            }
            Style::ArgParse { .. } if first.varargs => {
                format!("{name}() takes exactly 1 argument (0 given)")
            }
            Style::ArgParse { named } => format!(
                "{} missing required argument '{}' (pos {})",
                if named {
                    format!("{name}()")
                } else {
                    "function".to_string()
                },
                first.name,
                k + 1
            ),
            Style::NoKeywords { counted, .. } => {
                let who = counted.map_or("function".to_string(), |c| format!("{c}()"));
                format!("{who} {}", count_phrase(n_required, fixed.len(), given))
            }
            Style::Torch | Style::TorchNoArgs | Style::TorchOverloads(_) => {
                // PyTorch's plural is the other way round (`missing 1 required positional
                // arguments`), and it quotes with double quotes.
                let names: Vec<String> = missing
                    .iter()
                    .map(|(_, p)| format!("\"{}\"", p.name))
                    .collect();
                format!(
                    "{name}() missing {} required positional argument{}: {}",
                    names.len(),
                    if names.len() == 1 { "s" } else { "" },
                    names.join(", ")
                )
            }
        };
        return Err(type_error(message));
    }
    if let Some(e) = unknown {
        return Err(e);
    }
    Ok(Bound { slots, rest })
}

/// `PyArg_ParseTuple`'s count error: "takes exactly 2 arguments (1 given)".
fn count_phrase(min: usize, max: usize, given: usize) -> String {
    let (how, n) = if min == max {
        ("exactly", max)
    } else if given > max {
        ("at most", max)
    } else {
        ("at least", min)
    };
    format!("takes {how} {n} argument{} ({given} given)", plural(n))
}

fn unknown_keyword(name: &str, style: Style, key: &str) -> EvalError {
    EvalError::type_error(match style {
        Style::ArgParse { named: true } => {
            format!("'{key}' is an invalid keyword argument for {name}()")
        }
        Style::ArgParse { named: false } => {
            format!("'{key}' is an invalid keyword argument for this function")
        }
        _ => format!("{name}() got an unexpected keyword argument '{key}'"),
    })
}
