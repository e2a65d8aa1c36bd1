//! The command line's JSON: one object for the value of a program's last line.
//!
//! - an array: shape, strides and offset in bytes (the offset counted from the start of the first
//!   array's memory, 0 for memory of its own: see [`crate::kind`]), itemsize, dtype, flags, `view` and the values in
//!   row order (`"values": null` and `"values_written": false` when some element was never
//!   written: `np.empty`, see [`crate::written`]); a tensor adds `element_strides` and
//!   `storage_offset`;
//! - a NumPy scalar: `{"scalar": true, "dtype": …, "values": [v]}`;
//! - any other value: `{"value": …, "type": …}`;
//! - an error: `{"error": class, "message": …}`, plus `"suggestion"` where CPython would print
//!   "Did you mean".

use std::rc::Rc;

use crate::array::Array;
use crate::display::float_repr;
use crate::dtype::{DType, Num};
use crate::error::Error;
use crate::kind::First;
use crate::run::Outcome;
use crate::value::Value;

/// Appends `s` to `out` as a JSON string, quotes included: `"`, `\`, control characters and
/// the two line separators JavaScript source rejects are escaped; everything else (accents, `·`,
/// `−`) is written as UTF-8.
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `s` as a JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

fn number(n: Num) -> String {
    match n {
        Num::Bool(b) => b.to_string(),
        Num::Int(i) => i.to_string(),
        Num::Float(f) if f.is_nan() => "\"nan\"".into(),
        Num::Float(f) if f.is_infinite() => if f > 0.0 { "\"inf\"" } else { "\"-inf\"" }.into(),
        Num::Float(f) => float_repr(f),
    }
}

fn list(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

fn ints(items: &[i64]) -> String {
    list(items.iter().map(i64::to_string))
}

/// The JSON of an error: its class and message (Python's `str(e)`), and CPython's suggestion
/// (`"suggestion": "arange"`) where it would print one. A limit of the lab is `"error":
/// "LabLimit"` with its stable `"limit"` kind (`work`, `array-bytes`, `steps`, …) and, where it
/// counts, `"asked"` and `"most"`.
pub fn error(e: &Error) -> String {
    let suggestion = e
        .suggestion()
        .map(|s| format!(", \"suggestion\": {}", string(s)))
        .unwrap_or_default();
    let limit = match &e.kind {
        python_subset::ErrorKind::Limit(l) if l.is_the_labs() => {
            let (asked, most) = l.numbers();
            let mut out = format!(", \"limit\": {}", string(l.kind()));
            for (name, n) in [("asked", asked), ("most", most)] {
                if let Some(n) = n {
                    out.push_str(&format!(", \"{name}\": {n}"));
                }
            }
            out
        }
        _ => String::new(),
    };
    format!(
        "{{\"error\": {}{limit}, \"message\": {}{suggestion}}}",
        string(e.class_name()),
        string(&e.message())
    )
}

/// The JSON of a program's outcome, with `"stdout"` when the program printed and
/// `"values_exact": false` when some value shown may differ from the library's in its last bits
/// (see [`crate::exactness`]).
pub fn outcome(o: &Outcome) -> String {
    let mut out = result(o);
    if !o.stdout.is_empty() && out.ends_with('}') {
        out.pop();
        out.push_str(", \"stdout\": ");
        push_string(&mut out, &o.stdout);
        out.push('}');
    }
    if !o.values_exact && out.ends_with('}') {
        out.pop();
        out.push_str(", \"values_exact\": false}");
    }
    out
}

fn result(o: &Outcome) -> String {
    match &o.value {
        Value::Array(a) => array(a, o.first.as_ref()),
        Value::Scalar(d, n) => format!(
            "{{\"scalar\": true, \"dtype\": {}, \"values\": [{}]}}",
            string(d.name()),
            number(d.cast(*n))
        ),
        other => format!(
            "{{\"value\": {}, \"type\": {}}}",
            value(other),
            string(json_type(other))
        ),
    }
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::DType(..) => "str",
        // The corpus's harness records a torch.Size as the tuple it is.
        Value::Size(_) => "tuple",
        other => other.type_name(),
    }
}

/// A Python value as JSON.
pub fn value(v: &Value) -> String {
    match v {
        Value::None => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => number(Num::Float(*f)),
        Value::Str(s) => string(s),
        Value::Tuple(items) | Value::List(items) => list(items.iter().map(value)),
        Value::Size(dims) => crate::json::ints(dims),
        Value::DType(d, _) => string(d.name()),
        Value::Scalar(d, n) => number(d.cast(*n)),
        other => string(&crate::display::repr(other)),
    }
}

/// An array as JSON, with `view` and `offset` measured against the program's first array (the
/// facts panel's kind: [`crate::kind::kind`]).
pub fn array(a: &Rc<Array>, first: Option<&First>) -> String {
    let l = &a.layout;
    let view = crate::kind::kind(a, first).is_view();
    let offset = if view { l.offset() } else { 0 };
    // Memory never written (`np.empty`) has no values to give: null, and said so.
    let written = !a.unwritten();
    let values = if written {
        list(
            a.values()
                .into_iter()
                .map(|v| v.map_or_else(|| "null".into(), |n| number(a.dtype.cast(n)))),
        )
    } else {
        "null".into()
    };
    let mut unwritten = if written {
        String::new()
    } else {
        ", \"values_written\": false".to_string()
    };
    // The indices of a sort the library does not do stably: which equal keys they belong to.
    if let Some(ties) = a.ties().filter(|t| t.iter().any(|&g| g != 0)) {
        let ties: Vec<i64> = ties.iter().map(|&g| i64::from(g)).collect();
        unwritten.push_str(&format!(", \"values_ties\": {}", ints(&ties)));
    }
    let mut out = format!(
        "{{\"shape\": {}, \"strides\": {}, \"offset\": {offset}, \"itemsize\": {}, \"dtype\": {}, \"c_contiguous\": {}, \"f_contiguous\": {}, \"writeable\": {}, \"owndata\": {}, \"view\": {view}, \"values\": {values}{unwritten}",
        ints(l.shape()),
        ints(l.strides()),
        a.dtype.itemsize(),
        string(dtype_name(a.dtype)),
        if a.torch {
            stride_core::torch::is_contiguous(l)
        } else {
            l.is_c_contiguous()
        },
        l.is_f_contiguous(),
        a.writeable,
        a.owndata,
    );
    if a.torch {
        let item = l.itemsize();
        let elements: Vec<i64> = l.strides().iter().map(|s| s / item).collect();
        out.push_str(&format!(
            ", \"element_strides\": {}, \"storage_offset\": {}",
            ints(&elements),
            l.offset() / item
        ));
    }
    out.push('}');
    out
}

fn dtype_name(d: DType) -> &'static str {
    d.name()
}

#[cfg(test)]
mod tests {
    use super::string;

    #[test]
    fn escapes() {
        assert_eq!(string("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
        assert_eq!(string("\u{1}x"), "\"\\u0001x\"");
        assert_eq!(string("x\u{2028}y"), "\"x\\u2028y\"");
        assert_eq!(string("−·ñ"), "\"−·ñ\"");
    }
}
