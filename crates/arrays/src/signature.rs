//! Signatures as data: a function's or method's real parameter list, written as Python prints it
//! (`"a, /, axis=None, dtype=None, out=None!, keepdims=False, initial=!, where=True!"`), and one
//! binder ([`Signature::bind`]) that matches a call's arguments against it the way the real
//! library's argument parser does, with that parser's messages.
//!
//! ## The spec
//!
//! Parameters are separated by commas. `name` is required, `name=default` optional; `/` ends the
//! positional-only parameters and `*` starts the keyword-only ones; `*name` collects the remaining
//! positionals (`*name=` when none is required). A `!` after the default marks a parameter the lab does not implement: passing it
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
//! and CPython 3.11 (the fixture `tests/corpus/signatures.jsonl` records every function's answer to
//! an unknown keyword and to surplus positionals; `tests/signatures.rs` replays it).
//!
//! ## Differs from the libraries
//!
//! - Type errors of individual arguments stay with the bodies (`'float' object cannot be
//!   interpreted as an integer`), so when a call has both a bad type and a bad keyword the order
//!   of the two checks can differ from the real parser's converters.
//! - PyTorch's "didn't match because …" lines under an invalid combination of overloads are
//!   written for the cases the lab's overloaded methods reach (see `overloads`).

use crate::context::Args;
use crate::error::{EvalError, Span};
use crate::value::Value;

mod bind;
mod overloads;

use bind::bind_one;
use overloads::bind_overloads;

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
            crate::construct::LibConstruct::Argument {
                name: name.to_string(),
                function: public_name(sig.name).to_string(),
            },
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

#[cfg(test)]
mod tests {
    use super::bind::python_names;
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
