//! PyTorch's overloads: the first overload the arguments bind to (by count, and by type where a
//! parameter takes only a dtype) wins; otherwise PyTorch reports the one overload whose count of
//! arguments fits, or "received an invalid combination of arguments" with every overload listed.
//!
//! PyTorch lists why each overload failed ("didn't match because some of the keywords were
//! incorrect: foo") only in some cases; the lab adds that line when the call has keywords, no
//! overload has keyword-only parameters and the overload has as many parameters as the call has
//! arguments (or none, for a call of one argument: `narrow(foo=1)` lists its overloads bare),
//! which is what PyTorch 2.15 does for every overloaded function and method the lab has (`view`,
//! `squeeze`, `torch.squeeze`, `arange`), as the sweep checks.

use super::bind::bind_one;
use super::{Bound, Param, Style, parse_params};
use crate::context::Args;
use crate::error::EvalError;
use crate::value::Value;

/// PyTorch's type names in "got (int, foo=int)".
fn torch_type(v: &Value) -> String {
    match v {
        Value::Array(a) if a.torch => "Tensor".into(),
        Value::DType(_, crate::value::Lib::Torch) => "torch.dtype".into(),
        other => other.type_name().into(),
    }
}

pub(super) fn bind_overloads(
    name: &'static str,
    overloads: &[(&'static str, &'static str)],
    args: Args,
) -> Result<Bound, EvalError> {
    let nargs = args.positional.len() + args.keyword.len();
    let parsed: Vec<Vec<Param>> = overloads
        .iter()
        .map(|(_, spec)| parse_params(spec))
        .collect();
    for ((shown, _), params) in overloads.iter().zip(&parsed) {
        if let Ok(bound) = bind_one(name, params, Style::Torch, args.clone()) {
            // PyTorch picks an overload by type too: a `torch.dtype` parameter takes only that,
            // a `Tensor` one only a tensor (`t.max(0)` is a dim, `t.max(u)` elementwise).
            let types_fit = params.iter().all(|p| {
                !p.dtype_only
                    || bound
                        .given(p.name)
                        .is_none_or(|v| matches!(v, Value::DType(..)))
            }) && printed_items(shown).iter().all(|item| {
                item_type(item) != "Tensor"
                    || item
                        .split(" = ")
                        .next()
                        .and_then(|h| h.rsplit(' ').next())
                        .and_then(|n| bound.given(n))
                        .is_none_or(|v| matches!(v, Value::Array(a) if a.torch))
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
    if let [(shown, _)] = overloads {
        return Err(EvalError::type_error(format!(
            "{name}() received an invalid combination of arguments - got {got}, but expected {shown}"
        )));
    }
    let mut message = format!(
        "{name}() received an invalid combination of arguments - got {got}, but expected one of:\n"
    );
    for ((shown, _), params) in overloads.iter().zip(&parsed) {
        message.push_str(&format!(" * {shown}\n"));
        // PyTorch says why an overload did not match only when it has as many parameters as
        // the call has arguments, counting the `*` it prints (so `(Tensor input, int dim)`
        // explains `torch.squeeze(t, foo=1)`, `(Number end, *, …)` never explains one
        // argument), and `()` for a call of one argument.
        let items = printed_items(shown);
        let fits = items.len() == nargs || (items.is_empty() && nargs == 1);
        if !fits {
            continue;
        }
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
        } else if args.keyword.is_empty() {
            let marked: Vec<String> = args
                .positional
                .iter()
                .enumerate()
                .map(|(k, (v, _))| {
                    let t = torch_type(v);
                    let expected = items.get(k).map_or("", |item| item_type(item));
                    if type_matches(expected, v) {
                        t
                    } else {
                        format!("!{t}!")
                    }
                })
                .collect();
            message.push_str(&format!(
                "      didn't match because some of the arguments have invalid types: ({})\n",
                marked.join(", ")
            ));
        }
    }
    Err(EvalError::type_error(message))
}

/// The parameters of a printed signature, `*` included: `(int n, *, Tensor out = None)` is
/// `["int n", "*", "Tensor out = None"]`.
fn printed_items(shown: &str) -> Vec<&str> {
    let inner = shown
        .trim()
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or("");
    inner
        .split(", ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// The type of a printed parameter (`tuple of ints dim = None` is `tuple of ints`).
fn item_type(item: &str) -> &str {
    let head = item.split(" = ").next().unwrap_or(item);
    head.rsplit_once(' ').map_or("", |(t, _)| t)
}

/// Whether PyTorch's invalid-arguments report takes `v` for a parameter of type `expected`: by
/// type name (`Number` is a name of its own there, matching nothing the lab passes).
fn type_matches(expected: &str, v: &Value) -> bool {
    match expected {
        "Tensor" => matches!(v, Value::Array(a) if a.torch),
        "int" => matches!(v, Value::Int(_)),
        "float" => matches!(v, Value::Float(_)),
        "bool" => matches!(v, Value::Bool(_)),
        "torch.dtype" => matches!(v, Value::DType(..)),
        "tuple of ints" => matches!(v, Value::Tuple(_) | Value::List(_) | Value::Int(_)),
        _ => false,
    }
}
