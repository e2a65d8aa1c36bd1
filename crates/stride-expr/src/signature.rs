//! Signatures as data: a function's or method's real parameter list, written as Python prints it
//! (`"a, /, axis=None, dtype=None, out=None!, keepdims=False, initial=!, where=True!"`), and one
//! binder ([`Signature::bind`]) that matches a call's arguments against it the way the real
//! library's argument parser does, with that parser's messages.
//!
//! ## The spec
//!
//! Parameters are separated by commas. `name` is required, `name=default` optional; `/` ends the
//! positional-only parameters and `*` starts the keyword-only ones; `*name` collects the remaining
//! positionals. A `!` after the default marks a parameter the lab does not implement: passing it
//! is "not supported here" (naming it), unless the value passed is the default written before the
//! `!` (`out=None!` accepts `out=None`, which changes nothing); `initial=!` has no such value,
//! and `device=None|'cpu'!` names two (a `!` after a name alone, `dtype!`, is a required
//! parameter the lab does not implement).
//! `name:dtype` says a PyTorch overload takes only a dtype there (PyTorch picks overloads by type).
//!
//! ## The parsers
//!
//! Each library parses arguments in more than one way, and each way words its errors
//! differently; [`Style`] names them. Messages were checked against NumPy 2.4.6, PyTorch 2.15.0
//! and CPython 3.11 (the fixture `tests/corpus/signatures.json` records every function's answer to
//! an unknown keyword).

use crate::error::{EvalError, Span};
use crate::eval::Args;
use crate::value::Value;

/// How a parameter may be passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Only by position (before `/`).
    Positional,
    /// By position or by name.
    Either,
    /// Only by name (after `*`).
    Keyword,
}

/// One parameter of a [`Signature`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: &'static str,
    /// How it may be passed.
    pub pass: Pass,
    /// Whether the call must give it.
    pub required: bool,
    /// Its default as written in the spec (`None`, `'K'`, `True`), when it has one.
    pub default: Option<&'static str>,
    /// Whether the lab implements it.
    pub implemented: bool,
    /// `*name`: takes every remaining positional.
    pub varargs: bool,
    /// Takes only a dtype (`name:dtype`, for PyTorch's overloads).
    pub dtype_only: bool,
}

/// Which argument parser the real library uses, which decides the wording of its errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A function written in Python (CPython's own binding).
    Python,
    /// NumPy's `npy_parse_arguments` (most of its C functions and methods).
    Numpy,
    /// `PyArg_ParseTuple` or `METH_NOARGS`: no keywords at all; `qualname` names it in the
    /// keyword error (`ndarray.transpose`), `counted` in the count error (`None`: "function").
    NoKeywords {
        /// The qualified name.
        qualname: &'static str,
        /// The name in "takes exactly N arguments", if the parser knows it.
        counted: Option<&'static str>,
    },
    /// `PyArg_ParseTupleAndKeywords`; `named` when its format names the function (`dtype()`
    /// rather than "this function").
    ArgParse {
        /// Whether messages name the function.
        named: bool,
    },
    /// PyTorch's `PythonArgParser` with one signature.
    Torch,
    /// A PyTorch `METH_NOARGS` method (`Tensor.dim`).
    TorchNoArgs,
    /// PyTorch's `PythonArgParser` with several overloads: each is (as PyTorch prints it, spec).
    TorchOverloads(&'static [(&'static str, &'static str)]),
}

/// A function's or method's name (as its errors name it), parameters and parser.
#[derive(Clone, Copy, Debug)]
pub struct Signature {
    /// The name in messages: `sum`, `_sum` (what `x.sum` really calls), `reshape`.
    pub name: &'static str,
    /// The parameters, in the spec syntax of the module docs.
    pub params: &'static str,
    /// The parser.
    pub style: Style,
}

/// Arguments bound to a signature's parameters.
#[derive(Debug, Default)]
pub struct Bound {
    slots: Vec<(&'static str, Option<(Value, Span)>)>,
    rest: Vec<(Value, Span)>,
}

impl Bound {
    /// The argument given for `name`, if any (`None` passed explicitly is `Some(Value::None)`).
    pub fn given(&self, name: &str) -> Option<&Value> {
        self.slot(name).map(|(v, _)| v)
    }

    /// The argument for `name` unless it was omitted or `None`.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.given(name).filter(|v| !matches!(v, Value::None))
    }

    /// The argument and its span.
    pub fn slot(&self, name: &str) -> Option<&(Value, Span)> {
        self.slots
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, s)| s.as_ref())
    }

    /// A required argument (the binder has checked it is there).
    pub fn required(&self, name: &str) -> Result<&Value, EvalError> {
        self.given(name)
            .ok_or_else(|| EvalError::type_error(format!("missing required argument '{name}'")))
    }

    /// The positionals a `*name` parameter collected.
    pub fn rest(&self) -> &[(Value, Span)] {
        &self.rest
    }

    /// Whether the argument `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.slot(name).is_some()
    }
}

/// Parses a spec; an invalid spec is a bug of the table, caught by the tests.
pub fn parse_params(spec: &'static str) -> Vec<Param> {
    let mut out = Vec::new();
    let mut keyword = false;
    for raw in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if raw == "/" {
            for p in out.iter_mut() {
                let p: &mut Param = p;
                p.pass = Pass::Positional;
            }
            continue;
        }
        if raw == "*" {
            keyword = true;
            continue;
        }
        let (varargs, body) = match raw.strip_prefix('*') {
            Some(b) => (true, b),
            None => (false, raw),
        };
        let (head, default) = match body.split_once('=') {
            Some((h, d)) => (h, Some(d)),
            None => (body, None),
        };
        let (head, required_unimplemented) = match head.strip_suffix('!') {
            Some(h) => (h, true),
            None => (head, false),
        };
        let (name, dtype_only) = match head.split_once(':') {
            Some((n, t)) => (n, t == "dtype"),
            None => (head, false),
        };
        let (default, implemented) = match default {
            Some(d) => match d.strip_suffix('!') {
                Some(d) => (Some(d), false),
                None => (Some(d), true),
            },
            None => (None, !required_unimplemented),
        };
        out.push(Param {
            name,
            pass: if keyword { Pass::Keyword } else { Pass::Either },
            required: default.is_none(),
            default: default.filter(|d| !d.is_empty()),
            implemented,
            varargs,
            dtype_only,
        });
        if varargs {
            keyword = true;
        }
    }
    out
}

impl Signature {
    /// The parameters.
    pub fn parameters(&self) -> Vec<Param> {
        parse_params(self.params)
    }

    /// Binds `args` as the real parser would, with its errors; then refuses any argument the lab
    /// does not implement.
    pub fn bind(&self, args: Args, span: Span) -> Result<Bound, EvalError> {
        let bound = match self.style {
            Style::TorchOverloads(overloads) => bind_overloads(self.name, overloads, args),
            style => bind_one(self.name, &self.parameters(), style, args),
        }
        .map_err(|e| e.at(span))?;
        refuse_unimplemented(self, &bound, span)?;
        Ok(bound)
    }
}

fn refuse_unimplemented(sig: &Signature, bound: &Bound, span: Span) -> Result<(), EvalError> {
    let params: Vec<Param> = match sig.style {
        Style::TorchOverloads(overloads) => overloads
            .iter()
            .flat_map(|(_, spec)| parse_params(spec))
            .collect(),
        _ => sig.parameters(),
    };
    for (name, slot) in &bound.slots {
        let Some((value, at)) = slot else { continue };
        let Some(p) = params.iter().find(|p| p.name == *name && !p.implemented) else {
            continue;
        };
        if p.default
            .is_some_and(|d| d.split('|').any(|d| is_literal(value, d)))
        {
            continue;
        }
        return Err(EvalError::unsupported(
            &format!("the argument '{name}' of {}()", public_name(sig.name)),
            *at,
        )
        .at(span));
    }
    Ok(())
}

/// The name a learner wrote (`x.sum` binds as NumPy's internal `_sum`).
fn public_name(name: &str) -> &str {
    name.trim_start_matches('_')
}

/// Whether `v` is the Python literal `text` (a default in a spec).
fn is_literal(v: &Value, text: &str) -> bool {
    match (v, text) {
        (Value::None, "None") => true,
        (Value::Bool(b), "True") => *b,
        (Value::Bool(b), "False") => !*b,
        (Value::Int(i), t) => t.parse::<i128>().ok() == Some(*i),
        (Value::Str(s), t) => t.len() >= 2 && t.get(1..t.len() - 1) == Some(&**s),
        _ => false,
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn was(n: usize) -> &'static str {
    if n == 1 { "was" } else { "were" }
}

/// CPython's list of names: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`.
fn python_names(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

fn bind_one(
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

/// PyTorch's type names in "got (int, foo=int)".
fn torch_type(v: &Value) -> String {
    match v {
        Value::Array(a) if a.torch => "Tensor".into(),
        Value::DType(_, crate::value::Lib::Torch) => "torch.dtype".into(),
        other => other.type_name().into(),
    }
}

fn bind_overloads(
    name: &'static str,
    overloads: &[(&'static str, &'static str)],
    args: Args,
) -> Result<Bound, EvalError> {
    let nargs = args.positional.len() + args.keyword.len();
    let parsed: Vec<Vec<Param>> = overloads
        .iter()
        .map(|(_, spec)| parse_params(spec))
        .collect();
    for params in &parsed {
        if let Ok(bound) = bind_one(name, params, Style::Torch, args.clone()) {
            // PyTorch picks an overload by type too: a `torch.dtype` parameter takes only that.
            let types_fit = params.iter().all(|p| {
                !p.dtype_only
                    || bound
                        .given(p.name)
                        .is_none_or(|v| matches!(v, Value::DType(..)))
            });
            if types_fit {
                return Ok(bound);
            }
        }
    }
    // PyTorch reports the one overload that the count of arguments fits, if only one does.
    // (PyTorch counts a list of ints as one argument here.)
    let plausible: Vec<&Vec<Param>> = parsed
        .iter()
        .filter(|ps| {
            let min = ps.iter().filter(|p| p.required).count();
            min <= nargs && nargs <= ps.len()
        })
        .collect();
    if let [only] = plausible.as_slice() {
        bind_one(name, only, Style::Torch, args.clone())?;
    }
    let mut got: Vec<String> = args.positional.iter().map(|(v, _)| torch_type(v)).collect();
    let kw: Vec<String> = args
        .keyword
        .iter()
        .map(|(k, v, _)| format!("{k}={}", torch_type(v)))
        .collect();
    let got = if got.is_empty() && !kw.is_empty() {
        format!("({}, )", kw.join(", "))
    } else {
        got.extend(kw);
        format!("({})", got.join(", "))
    };
    let mut message = format!(
        "{name}() received an invalid combination of arguments - got {got}, but expected one of:\n"
    );
    let reasons = args.positional.is_empty()
        && !args.keyword.is_empty()
        && parsed
            .iter()
            .all(|ps| ps.iter().all(|p| p.pass != Pass::Keyword || p.varargs));
    for ((shown, _), params) in overloads.iter().zip(&parsed) {
        message.push_str(&format!(" * {shown}\n"));
        if reasons {
            let wrong: Vec<&str> = args
                .keyword
                .iter()
                .filter(|(k, _, _)| !params.iter().any(|p| p.name == k))
                .map(|(k, _, _)| k.as_str())
                .collect();
            if !wrong.is_empty() {
                message.push_str(&format!(
                    "      didn't match because some of the keywords were incorrect: {}\n",
                    wrong.join(", ")
                ));
            }
        }
    }
    Err(EvalError::type_error(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_into_kinds_defaults_and_support() {
        let ps = parse_params("a, /, axis=None, *, out=None!, initial=!");
        assert_eq!(ps.len(), 4);
        assert_eq!(ps[0].pass, Pass::Positional);
        assert!(ps[0].required);
        assert_eq!(ps[1].pass, Pass::Either);
        assert_eq!(ps[1].default, Some("None"));
        assert_eq!(ps[2].pass, Pass::Keyword);
        assert!(!ps[2].implemented);
        assert_eq!(ps[3].default, None);
        assert!(!ps[3].required);
        let v = parse_params("*shape, order='C'");
        assert!(v[0].varargs && v[0].required);
        assert_eq!(v[1].pass, Pass::Keyword);
    }

    #[test]
    fn literals_match_python_text() {
        assert!(is_literal(&Value::None, "None"));
        assert!(is_literal(&Value::Bool(true), "True"));
        assert!(!is_literal(&Value::Bool(true), "False"));
        assert!(is_literal(&Value::Int(-1), "-1"));
        assert!(is_literal(&Value::Str("K".into()), "'K'"));
        assert!(!is_literal(&Value::Str("C".into()), "'K'"));
    }

    #[test]
    fn python_lists_names_as_cpython() {
        assert_eq!(python_names(&["a"]), "'a'");
        assert_eq!(python_names(&["a", "b"]), "'a' and 'b'");
        assert_eq!(python_names(&["a", "b", "c"]), "'a', 'b', and 'c'");
    }
}
