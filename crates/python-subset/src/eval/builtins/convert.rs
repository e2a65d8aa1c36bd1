//! Conversions of `int()` and `float()`: a float to an int, and the text of a number.

use super::too_large;
use crate::error::{Error, ExcClass, Result, Span};
use crate::value::{TWO_127, Value};

pub(super) fn float_to_int(f: f64) -> Result<Value> {
    if f.is_nan() {
        return Err(Error::value_error(
            "cannot convert float NaN to integer",
            Span::default(),
        ));
    }
    if f.is_infinite() {
        return Err(Error::exception(
            ExcClass::OverflowError,
            "cannot convert float infinity to integer",
            Span::default(),
        ));
    }
    // Within ±2^127 the cast is exact (f is integral here).
    if (-TWO_127..TWO_127).contains(&f) {
        Ok(Value::Int(f as i128))
    } else {
        Err(too_large())
    }
}

/// Digits with single underscores between them.
fn digits_ok(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('_')
        && !s.ends_with('_')
        && !s.contains("__")
        && s.bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

pub(super) fn parse_int(s: &str) -> Result<Value> {
    let t = s.trim();
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    if !digits_ok(body) {
        let mut quoted = String::new();
        crate::value::str_repr(s, &mut quoted);
        return Err(Error::value_error(
            format!("invalid literal for int() with base 10: {quoted}"),
            Span::default(),
        ));
    }
    let mut n: i128 = 0;
    for d in body.bytes().filter(u8::is_ascii_digit) {
        let d = i128::from(d - b'0');
        n = n
            .checked_mul(10)
            .and_then(|n| {
                if negative {
                    n.checked_sub(d)
                } else {
                    n.checked_add(d)
                }
            })
            .ok_or_else(too_large)?;
    }
    Ok(Value::Int(n))
}

pub(super) fn parse_float(s: &str) -> Result<f64> {
    let t = s.trim();
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let underscores_ok = body
        .split(|c: char| !c.is_ascii_digit() && c != '_')
        .all(|p| !p.contains('_') || digits_ok(p));
    let plain: String = t.chars().filter(|&c| c != '_').collect();
    // A sign, then a decimal or `inf`, `infinity`, `nan` in any case: Python's rules and Rust's.
    match float_text::parse(&plain).filter(|_| underscores_ok) {
        Some(v) => Ok(v),
        None => {
            let mut quoted = String::new();
            crate::value::str_repr(s, &mut quoted);
            Err(Error::value_error(
                format!("could not convert string to float: {quoted}"),
                Span::default(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert!(matches!(parse_int(" -1_000 "), Ok(Value::Int(-1000))));
        assert!(parse_int("1__0").is_err());
        assert_eq!(parse_float("-1_0.5").ok(), Some(-10.5));
        assert_eq!(parse_float(" inf ").ok(), Some(f64::INFINITY));
        assert!(parse_float("1e").is_err());
        assert!(matches!(float_to_int(-2.0), Ok(Value::Int(-2))));
        assert!(matches!(
            float_to_int(1e19),
            Ok(Value::Int(10_000_000_000_000_000_000))
        ));
        assert!(matches!(float_to_int(-TWO_127), Ok(Value::Int(i128::MIN))));
        assert!(float_to_int(TWO_127).is_err());
    }
}
