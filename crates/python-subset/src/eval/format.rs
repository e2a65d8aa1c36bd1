//! f-string fields: `{x}`, `{x!r}` and a subset of the format mini-language,
//! `[[fill]align][sign][0][width][,|_][.precision][type]` with the types `d s f F e E % x X o b`.
//! Anything else (`g`, `#`, `n`, `c`, nested specs) is reported as unsupported.

use crate::error::{Error, Result};
use crate::limits::{Budget, Limit};
use crate::value::{Value, float_repr, repr, to_str};

struct Spec {
    fill: char,
    align: Option<char>,
    sign: char,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    kind: Option<char>,
}

fn invalid(message: &str) -> Error {
    Error::value_error(message, Default::default())
}

fn unsupported(spec: &str) -> Error {
    Error::unsupported(format!("the format spec '{spec}'"), Default::default())
}

fn parse(spec: &str, max: usize) -> Result<Spec> {
    let chars: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied();
    let is_align = |c: Option<char>| matches!(c, Some('<' | '>' | '=' | '^'));
    let mut s = Spec {
        fill: ' ',
        align: None,
        sign: '-',
        width: 0,
        grouping: None,
        precision: None,
        kind: None,
    };
    if is_align(at(1)) {
        s.fill = at(0).unwrap_or(' ');
        s.align = at(1);
        i = 2;
    } else if is_align(at(0)) {
        s.align = at(0);
        i = 1;
    }
    if let Some(c @ ('+' | '-' | ' ')) = at(i) {
        s.sign = c;
        i += 1;
    }
    if matches!(at(i), Some('z' | '#')) {
        return Err(unsupported(spec));
    }
    if at(i) == Some('0') {
        if s.align.is_none() {
            s.fill = '0';
            s.align = Some('=');
        }
        i += 1;
    }
    let number = |i: &mut usize| -> Result<Option<usize>> {
        let start = *i;
        let mut n: usize = 0;
        while let Some(d) = at(*i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as usize);
            *i += 1;
        }
        if n > max {
            return Err(Error::limit(Limit::StrLen, Default::default()));
        }
        Ok((*i > start).then_some(n))
    };
    s.width = number(&mut i)?.unwrap_or(0);
    if let Some(c @ (',' | '_')) = at(i) {
        s.grouping = Some(c);
        i += 1;
    }
    if at(i) == Some('.') {
        i += 1;
        s.precision =
            Some(number(&mut i)?.ok_or_else(|| invalid("Format specifier missing precision"))?);
    }
    s.kind = at(i);
    if s.kind.is_some() {
        i += 1;
    }
    if i < chars.len() {
        return Err(invalid("Invalid format specifier"));
    }
    Ok(s)
}

/// The text of an f-string field: `v` (its `repr` if `repr_flag`) formatted by `spec`.
pub fn format(v: &Value, repr_flag: bool, spec: &str, budget: &mut Budget) -> Result<String> {
    let v = if repr_flag {
        Value::str(&repr(v, budget)?)
    } else {
        v.clone()
    };
    if spec.is_empty() {
        return to_str(&v, budget);
    }
    let s = parse(spec, budget.limits.max_str_len)?;
    let unknown = |kind: char| {
        invalid(&format!(
            "Unknown format code '{kind}' for object of type '{}'",
            v.type_name()
        ))
    };
    let (sign, body) = match &v {
        Value::Str(text) => {
            if let Some(k) = s.kind.filter(|&k| k != 's') {
                return Err(unknown(k));
            }
            if s.sign != '-' || s.grouping.is_some() {
                return Err(invalid("Sign not allowed in string format specifier"));
            }
            if s.align == Some('=') {
                return Err(invalid(
                    "'=' alignment not allowed in string format specifier",
                ));
            }
            let body: String = match s.precision {
                Some(p) => text.chars().take(p).collect(),
                None => text.to_string(),
            };
            return Ok(pad(&s, "", &body, '<'));
        }
        Value::Int(_) | Value::Bool(_) => {
            let i = v.as_int().unwrap_or(0);
            match s.kind {
                None | Some('d' | 'x' | 'X' | 'o' | 'b') => {
                    if s.precision.is_some() {
                        return Err(invalid("Precision not allowed in integer format specifier"));
                    }
                    let n = i.unsigned_abs();
                    let digits = match s.kind {
                        Some('x') => format!("{n:x}"),
                        Some('X') => format!("{n:X}"),
                        Some('o') => format!("{n:o}"),
                        Some('b') => format!("{n:b}"),
                        _ => n.to_string(),
                    };
                    (i < 0, group(&digits, s.grouping))
                }
                Some('f' | 'F' | 'e' | 'E' | '%') => float_body(i as f64, &s)?,
                Some('g' | 'G' | 'n' | 'c') => return Err(unsupported(spec)),
                Some(k) => return Err(unknown(k)),
            }
        }
        Value::Float(f) => match s.kind {
            Some('f' | 'F' | 'e' | 'E' | '%') => float_body(*f, &s)?,
            None if s.precision.is_none() => {
                let text = float_repr(f.abs());
                (
                    f.is_sign_negative() && !f.is_nan(),
                    group_float(&text, s.grouping),
                )
            }
            None | Some('g' | 'G' | 'n') => return Err(unsupported(spec)),
            Some(k) => return Err(unknown(k)),
        },
        _ => {
            let message = format!(
                "unsupported format string passed to {}.__format__",
                v.type_name()
            );
            return Err(Error::type_error(message, Default::default()));
        }
    };
    let sign = match (sign, s.sign) {
        (true, _) => "-",
        (false, '+') => "+",
        (false, ' ') => " ",
        _ => "",
    };
    budget.alloc_str(sign.len() + body.len() + s.width)?;
    Ok(pad(&s, sign, &body, '>'))
}

/// The digits of a float for the types `f F e E %`, without the sign.
fn float_body(f: f64, s: &Spec) -> Result<(bool, String)> {
    let p = s.precision.unwrap_or(6);
    let negative = f.is_sign_negative() && !f.is_nan();
    let a = f.abs();
    let upper = matches!(s.kind, Some('F' | 'E'));
    let body = if !a.is_finite() {
        let t = if a.is_nan() { "nan" } else { "inf" };
        let t = if upper {
            t.to_uppercase()
        } else {
            t.to_string()
        };
        if s.kind == Some('%') { t + "%" } else { t }
    } else {
        match s.kind {
            Some('e' | 'E') => {
                let text = format!("{a:.p$e}");
                let (m, e) = text.split_once('e').unwrap_or((&text, "0"));
                let e: i32 = e.parse().unwrap_or(0);
                let mark = if upper { 'E' } else { 'e' };
                format!(
                    "{}{mark}{}{:02}",
                    group_float(m, s.grouping),
                    if e < 0 { '-' } else { '+' },
                    e.unsigned_abs()
                )
            }
            Some('%') => group_float(&format!("{:.p$}", a * 100.0), s.grouping) + "%",
            _ => group_float(&format!("{a:.p$}"), s.grouping),
        }
    };
    Ok((negative, body))
}

/// Groups the integer digits of `digits` by three with `sep`.
fn group(digits: &str, sep: Option<char>) -> String {
    let Some(sep) = sep else {
        return digits.to_string();
    };
    let mut out = String::new();
    let n = digits.len();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

fn group_float(text: &str, sep: Option<char>) -> String {
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (int, rest) = text.split_at(split);
    group(int, sep) + rest
}

/// Pads `sign` and `body` to the width, aligned as the spec says (`default` if it does not).
fn pad(s: &Spec, sign: &str, body: &str, default: char) -> String {
    let len = sign.chars().count() + body.chars().count();
    let fill = s.width.saturating_sub(len);
    let fills = |n: usize| -> String { core::iter::repeat_n(s.fill, n).collect() };
    match s.align.unwrap_or(default) {
        '<' => format!("{sign}{body}{}", fills(fill)),
        '^' => format!("{}{sign}{body}{}", fills(fill / 2), fills(fill - fill / 2)),
        '=' => format!("{sign}{}{body}", fills(fill)),
        _ => format!("{}{sign}{body}", fills(fill)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    fn f(v: Value, spec: &str) -> String {
        let mut b = Budget::new(&Limits::default());
        match format(&v, false, spec, &mut b) {
            Ok(s) => s,
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn specs_format_as_cpython() {
        assert_eq!(f(Value::Int(42), ">5"), "   42");
        assert_eq!(f(Value::Int(-42), "05"), "-0042");
        assert_eq!(f(Value::Int(1234567), ","), "1,234,567");
        assert_eq!(f(Value::Int(255), "x"), "ff");
        assert_eq!(f(Value::Float(2.34567), ".2f"), "2.35");
        assert_eq!(f(Value::Float(-0.0), ".1f"), "-0.0");
        assert_eq!(f(Value::Float(1234.5), ",.1f"), "1,234.5");
        assert_eq!(f(Value::Float(0.25), ".1%"), "25.0%");
        assert_eq!(f(Value::Float(12345.678), ".2e"), "1.23e+04");
        assert_eq!(f(Value::Float(2.5), "+"), "+2.5");
        assert_eq!(f(Value::str("ab"), "^6"), "  ab  ");
        assert_eq!(f(Value::str("ab"), "*<4"), "ab**");
        assert_eq!(f(Value::Bool(true), ">5"), "    1");
        assert_eq!(
            f(Value::str("ab"), "d"),
            "ValueError: Unknown format code 'd' for object of type 'str'"
        );
        assert_eq!(
            f(Value::Float(1.0), "g"),
            "valid Python, but this checker does not support it: the format spec 'g'"
        );
        assert_eq!(
            f(Value::Int(1), "999999999"),
            "string too long for this checker"
        );
    }
}
