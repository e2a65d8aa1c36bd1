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
use super::{Bound, Param, Pass, Style, parse_params};
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
    let reasons = !args.keyword.is_empty()
        && parsed
            .iter()
            .all(|ps| ps.iter().all(|p| p.pass != Pass::Keyword || p.varargs));
    for ((shown, _), params) in overloads.iter().zip(&parsed) {
        message.push_str(&format!(" * {shown}\n"));
        // Only an overload with as many parameters as the call has arguments says why it did
        // not match, and `()` when the call has one (`any(foo=1)` explains `()` but not
        // `(int dim, bool keepdim = False)`; `torch.squeeze(t, foo=1)` explains
        // `(Tensor input, int dim)` but not `(Tensor input)`).
        let fits = params.len() == nargs || (params.is_empty() && nargs == 1);
        if reasons && fits {
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
