//! PyTorch's argument parser's messages for its random functions, checked before the table's
//! binder: these functions have overloads that take a `generator` (required in one, absent in
//! the other), so an unknown keyword or a surplus argument is "an invalid combination of
//! arguments" listing both, with the argument types PyTorch marks as not matching (recorded in
//! `tests/corpus/signatures.jsonl`).

use crate::context::Args;
use crate::error::EvalError;
use crate::value::Value;

const FACTORY: &str = "Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False";
const LIKE: &str = "torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False";

/// One function: its keywords, the most positionals it takes, and its overloads as printed.
struct Shape {
    keys: &'static [&'static str],
    first: Option<&'static str>,
    max: usize,
    overloads: Vec<String>,
    /// Which overload gets the "didn't match" line for surplus arguments.
    mismatch_on: usize,
}

fn shape(name: &str) -> Option<Shape> {
    let two = |head: &str, rest: &str| {
        vec![
            format!("({head}, *, torch.Generator generator, {rest})"),
            format!("({head}, *, {rest})"),
        ]
    };
    Some(match name {
        "rand" | "randn" => Shape {
            keys: &["size", "generator", "out", "dtype", "layout", "device", "pin_memory", "requires_grad"],
            first: Some("size"),
            max: 1,
            overloads: two("tuple of ints size", FACTORY),
            mismatch_on: 0,
        },
        "randperm" => Shape {
            keys: &["n", "generator", "out", "dtype", "layout", "device", "pin_memory", "requires_grad"],
            first: Some("n"),
            max: 1,
            overloads: two("int n", FACTORY),
            mismatch_on: 0,
        },
        "rand_like" | "randn_like" => Shape {
            keys: &["input", "generator", "memory_format", "dtype", "layout", "device", "pin_memory", "requires_grad"],
            first: Some("input"),
            max: 1,
            overloads: two("Tensor input", LIKE),
            mismatch_on: 0,
        },
        "randint" => {
            let mut o = two("int high, tuple of ints size", FACTORY);
            o.extend(two("int low, int high, tuple of ints size", FACTORY));
            Shape {
                keys: &["low", "high", "size", "generator", "out", "dtype", "layout", "device", "pin_memory", "requires_grad"],
                first: None,
                max: 3,
                overloads: o,
                mismatch_on: usize::MAX,
            }
        }
        "normal" => Shape {
            keys: &["mean", "std", "size", "generator", "out", "dtype", "layout", "device", "pin_memory", "requires_grad"],
            first: Some("mean"),
            max: 3,
            overloads: vec![
                "(Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)".into(),
                "(Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)".into(),
                "(float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)".into(),
                format!("(float mean, float std, tuple of ints size, *, torch.Generator generator = None, {FACTORY})"),
            ],
            mismatch_on: 3,
        },
        _ => return None,
    })
}

fn type_name(v: &Value) -> String {
    match v {
        Value::Array(a) if a.torch => "Tensor".into(),
        other => other.type_name().into(),
    }
}

fn tuple_of(v: &Value) -> Option<String> {
    let Value::Tuple(items) = v else { return None };
    let inner: Vec<String> = items.iter().map(type_name).collect();
    Some(if inner.len() == 1 {
        format!("tuple of ({},)", inner.join(", "))
    } else {
        format!("tuple of ({})", inner.join(", "))
    })
}

/// PyTorch's error for `torch.<name>(args)` when its parser refuses them before any overload
/// binds; `None` when the call is for the table's binder.
pub fn refuse(name: &str, args: &Args) -> Option<EvalError> {
    let s = shape(name)?;
    let positional = args.positional.len();
    let unknown = args
        .keyword
        .iter()
        .any(|(k, _, _)| !s.keys.contains(&k.as_str()));
    // `rand(2, 3)` gives its size as separate ints; only a sequence followed by more is surplus.
    let surplus = if matches!(name, "rand" | "randn") {
        positional > 1
            && args
                .positional
                .iter()
                .any(|(v, _)| matches!(v, Value::Tuple(_) | Value::List(_)))
    } else {
        positional > s.max
    };
    if !unknown && !surplus {
        return None;
    }
    if positional == 0 {
        if let Some(first) = s.first {
            if !args.keyword.iter().any(|(k, _, _)| k == first) {
                return Some(EvalError::type_error(format!(
                    "{name}() missing 1 required positional arguments: \"{first}\""
                )));
            }
        }
    }
    if surplus && name == "randint" {
        return Some(EvalError::type_error(format!(
            "randint() takes from 4 to 3 positional arguments but {positional} were given"
        )));
    }
    let mut got: Vec<String> = args.positional.iter().map(|(v, _)| type_name(v)).collect();
    got.extend(
        args.keyword
            .iter()
            .map(|(k, v, _)| format!("{k}={}", type_name(v))),
    );
    let got = if positional == 0 {
        format!("{}, ", got.join(", "))
    } else {
        got.join(", ")
    };
    let mut message = format!(
        "{name}() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    );
    let max = if matches!(name, "rand" | "randn") {
        0
    } else {
        s.max
    };
    let marked: Vec<String> = args
        .positional
        .iter()
        .enumerate()
        .map(|(i, (v, _))| match tuple_of(v) {
            Some(t) => format!("!{t}!"),
            None if i >= max => format!("!{}!", type_name(v)),
            None => type_name(v),
        })
        .collect();
    for (k, o) in s.overloads.iter().enumerate() {
        message.push_str(&format!(" * {o}\n"));
        if surplus && !unknown && k == s.mismatch_on {
            message.push_str(&format!(
                "      didn't match because some of the arguments have invalid types: ({})\n",
                marked.join(", ")
            ));
        }
    }
    Some(EvalError::type_error(message))
}
