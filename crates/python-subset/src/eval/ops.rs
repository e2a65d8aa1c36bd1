//! Operators: arithmetic with Python's semantics (floor division and modulo round toward
//! negative infinity, `/` always gives a float, `**` with a negative exponent gives a float),
//! checked so that an `int` leaving 128 bits is [`Limit::IntTooLarge`], never a wrap; sequence
//! `+` and `*`, charged to the memory budget before allocating; unary operators and `in`.

use crate::ast::{BinOp, UnaryOp};
use crate::error::{Error, ExcClass, Result};
use crate::eval::iter::iterate;
use crate::limits::{Budget, Limit};
use crate::value::{List, Value, eq};

fn too_large() -> Error {
    Error::limit(Limit::IntTooLarge, Default::default())
}

fn zero_division(message: &str) -> Error {
    Error::exception(ExcClass::ZeroDivisionError, message, Default::default())
}

fn unsupported_operands(op: BinOp, a: &Value, b: &Value) -> Error {
    Error::type_error(
        format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            if op == BinOp::Pow {
                "** or pow()"
            } else {
                op.text()
            },
            a.type_name(),
            b.type_name()
        ),
        Default::default(),
    )
}

/// `a op b`.
pub fn binary(op: BinOp, a: &Value, b: &Value, budget: &mut Budget) -> Result<Value> {
    // No built-in type has `@` (host objects, the arrays, do).
    if op == BinOp::MatMul {
        return Err(unsupported_operands(op, a, b));
    }
    if let (Value::Bool(x), Value::Bool(y)) = (a, b) {
        match op {
            BinOp::BitAnd => return Ok(Value::Bool(x & y)),
            BinOp::BitOr => return Ok(Value::Bool(x | y)),
            BinOp::BitXor => return Ok(Value::Bool(x ^ y)),
            _ => {}
        }
    }
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return int_op(op, x, y);
    }
    if a.is_number() && b.is_number() {
        let x = to_float(a);
        let y = to_float(b);
        return float_op(op, x, y).ok_or_else(|| unsupported_operands(op, a, b))?;
    }
    match (op, a, b) {
        (BinOp::Add, Value::Str(x), Value::Str(y)) => {
            budget.alloc_str(x.len() + y.len())?;
            let mut s = String::with_capacity(x.len() + y.len());
            s.push_str(x);
            s.push_str(y);
            Ok(Value::str(&s))
        }
        (BinOp::Add, Value::List(x), Value::List(y)) => {
            let mut items = x.items()?;
            let other = y.items()?;
            budget.alloc_items(items.len() + other.len())?;
            items.extend(other);
            Ok(List::new_value(items))
        }
        (BinOp::Add, Value::Tuple(x), Value::Tuple(y)) => {
            budget.alloc_items(x.0.len() + y.0.len())?;
            Ok(Value::tuple(x.0.iter().chain(&y.0).cloned().collect()))
        }
        (BinOp::Add, Value::Str(_) | Value::List(_) | Value::Tuple(_), _) => {
            Err(Error::type_error(
                format!(
                    "can only concatenate {} (not \"{}\") to {}",
                    a.type_name(),
                    b.type_name(),
                    a.type_name()
                ),
                Default::default(),
            ))
        }
        (BinOp::Mul, Value::Str(_) | Value::List(_) | Value::Tuple(_), _) => repeat(a, b, budget),
        (BinOp::Mul, _, Value::Str(_) | Value::List(_) | Value::Tuple(_)) => repeat(b, a, budget),
        (BinOp::Mod, Value::Str(_), _) => Err(Error::unsupported(
            crate::construct::Construct::PercentFormatting,
            Default::default(),
        )),
        _ => Err(unsupported_operands(op, a, b)),
    }
}

/// `a op= b`: lists change in place for `+=` and `*=`; everything else as `a op b`.
pub fn inplace(op: BinOp, a: &Value, b: &Value, budget: &mut Budget) -> Result<Value> {
    let Value::List(list) = a else {
        return binary(op, a, b, budget);
    };
    match op {
        BinOp::Add => {
            let mut it = iterate(b)?;
            let mut extra = Vec::new();
            while let Some(v) = it.next(budget)? {
                budget.push(extra.len() + 1)?;
                extra.push(v);
            }
            budget.alloc_items(list.len() + extra.len())?;
            list.with_mut(|items| items.extend(extra))?;
            Ok(a.clone())
        }
        BinOp::Mul => {
            let Value::List(repeated) = repeat(a, b, budget)? else {
                return Ok(a.clone());
            };
            let items = repeated.items()?;
            list.with_mut(|v| *v = items)?;
            Ok(a.clone())
        }
        _ => binary(op, a, b, budget),
    }
}

fn repeat(seq: &Value, times: &Value, budget: &mut Budget) -> Result<Value> {
    let Some(n) = times.as_int() else {
        return Err(Error::type_error(
            format!(
                "can't multiply sequence by non-int of type '{}'",
                times.type_name()
            ),
            Default::default(),
        ));
    };
    // CPython's index-sized integers are 64-bit.
    if i64::try_from(n).is_err() {
        return Err(Error::exception(
            ExcClass::OverflowError,
            "cannot fit 'int' into an index-sized integer",
            Default::default(),
        ));
    }
    let n =
        usize::try_from(n.max(0)).map_err(|_| Error::limit(Limit::Memory, Default::default()))?;
    let len = match seq {
        Value::Str(s) => s.len(),
        Value::List(l) => l.len(),
        Value::Tuple(t) => t.0.len(),
        _ => 0,
    };
    let total = len
        .checked_mul(n)
        .ok_or_else(|| Error::limit(Limit::Memory, Default::default()))?;
    Ok(match seq {
        Value::Str(s) => {
            budget.alloc_str(total)?;
            Value::str(&s.repeat(n))
        }
        Value::List(l) => {
            budget.alloc_items(total)?;
            let items = l.items()?;
            List::new_value(items.iter().cycle().take(total).cloned().collect())
        }
        Value::Tuple(t) => {
            budget.alloc_items(total)?;
            Value::tuple(t.0.iter().cycle().take(total).cloned().collect())
        }
        _ => Value::None,
    })
}

fn to_float(v: &Value) -> f64 {
    match v {
        Value::Float(f) => *f,
        // Exact below 2^53, correctly rounded above, as CPython's int-to-float.
        _ => v.as_int().unwrap_or(0) as f64,
    }
}

fn int_op(op: BinOp, x: i128, y: i128) -> Result<Value> {
    let int = |r: Option<i128>| r.map(Value::Int).ok_or_else(too_large);
    match op {
        BinOp::Add => int(x.checked_add(y)),
        BinOp::Sub => int(x.checked_sub(y)),
        BinOp::Mul => int(x.checked_mul(y)),
        BinOp::Div => {
            if y == 0 {
                return Err(zero_division("division by zero"));
            }
            Ok(Value::Float(int_true_div(x, y)))
        }
        BinOp::FloorDiv | BinOp::Mod => {
            if y == 0 {
                let message = if op == BinOp::Mod {
                    "integer modulo by zero"
                } else {
                    "integer division or modulo by zero"
                };
                return Err(zero_division(message));
            }
            let q = x.checked_div(y).ok_or_else(too_large)?;
            let r = x.checked_rem(y).unwrap_or(0);
            let adjust = r != 0 && ((r < 0) != (y < 0));
            if op == BinOp::FloorDiv {
                int(if adjust { q.checked_sub(1) } else { Some(q) })
            } else {
                int(if adjust { r.checked_add(y) } else { Some(r) })
            }
        }
        BinOp::Pow => {
            if y < 0 {
                if x == 0 {
                    return Err(zero_division("0.0 cannot be raised to a negative power"));
                }
                return float_op(op, x as f64, y as f64).unwrap_or(Err(too_large()));
            }
            match (x, u32::try_from(y)) {
                (0 | 1, _) => Ok(Value::Int(if y == 0 { 1 } else { x })),
                (-1, _) => Ok(Value::Int(if y % 2 == 0 { 1 } else { -1 })),
                (_, Ok(e)) => int(x.checked_pow(e)),
                _ => Err(too_large()),
            }
        }
        BinOp::MatMul => Err(unsupported_operands(op, &Value::Int(x), &Value::Int(y))),
        BinOp::BitAnd => Ok(Value::Int(x & y)),
        BinOp::BitOr => Ok(Value::Int(x | y)),
        BinOp::BitXor => Ok(Value::Int(x ^ y)),
        BinOp::Shl | BinOp::Shr => {
            if y < 0 {
                return Err(Error::value_error(
                    "negative shift count",
                    Default::default(),
                ));
            }
            if op == BinOp::Shr {
                return Ok(Value::Int(if y >= 128 { x >> 127 } else { x >> y }));
            }
            if x == 0 {
                return Ok(Value::Int(0));
            }
            let shift = u32::try_from(y)
                .ok()
                .filter(|&s| s < 128)
                .ok_or_else(too_large)?;
            let r = x.checked_shl(shift).ok_or_else(too_large)?;
            if r >> shift != x {
                return Err(too_large());
            }
            Ok(Value::Int(r))
        }
    }
}

/// `x / y` for ints, correctly rounded as CPython's `long_true_divide` (`y` is not 0): the
/// quotient's first 55 or more bits by long division, the rest folded into a sticky bit, then
/// one rounding to 53 bits.
fn int_true_div(x: i128, y: i128) -> f64 {
    const EXACT: u128 = 1 << 53;
    let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
    let negative = (x < 0) != (y < 0);
    let magnitude = if a == 0 {
        0.0
    } else if a <= EXACT && b <= EXACT {
        // Both exact as floats: one rounding already.
        a as f64 / b as f64
    } else {
        let (mut q, mut r) = (a / b, a % b);
        let mut exp: i32 = 0;
        // r < b <= 2^127, so 2r fits; each round adds one bit of the quotient.
        while q < 1 << 55 {
            r <<= 1;
            q <<= 1;
            if r >= b {
                r -= b;
                q |= 1;
            }
            exp -= 1;
        }
        // q has at least 55 bits: an odd low bit for a remainder keeps the rounding exact.
        let scaled = (q | u128::from(r != 0)) as f64;
        // 2^exp with -183 < exp <= 0 is a normal float.
        let power = f64::from_bits(((1023 + exp) as u64) << 52);
        scaled * power
    };
    if negative { -magnitude } else { magnitude }
}

/// Float arithmetic; `None` for the bitwise operators, which floats do not have.
fn float_op(op: BinOp, x: f64, y: f64) -> Option<Result<Value>> {
    let v = |f: f64| Some(Ok(Value::Float(f)));
    match op {
        BinOp::Add => v(x + y),
        BinOp::Sub => v(x - y),
        BinOp::Mul => v(x * y),
        BinOp::Div if y == 0.0 => Some(Err(zero_division("float division by zero"))),
        BinOp::Div => v(x / y),
        BinOp::FloorDiv if y == 0.0 => Some(Err(zero_division("float floor division by zero"))),
        BinOp::Mod if y == 0.0 => Some(Err(zero_division("float modulo"))),
        BinOp::FloorDiv | BinOp::Mod => {
            let (div, rem) = float_divmod(x, y);
            v(if op == BinOp::FloorDiv { div } else { rem })
        }
        BinOp::Pow => Some(float_pow(x, y)),
        _ => None,
    }
}

/// CPython's `_float_div_mod`.
pub fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 { f + 1.0 } else { f }
    } else {
        0.0f64.copysign(vx / wx)
    };
    (floordiv, m)
}

fn float_pow(x: f64, y: f64) -> Result<Value> {
    if y == 0.0 {
        return Ok(Value::Float(1.0));
    }
    if x == 0.0 && y < 0.0 {
        return Err(zero_division("0.0 cannot be raised to a negative power"));
    }
    if x < 0.0 && y.is_finite() && y.fract() != 0.0 {
        return Err(Error::unsupported(
            crate::construct::Construct::ComplexNumbers,
            Default::default(),
        ));
    }
    let r = x.powf(y);
    if r.is_infinite() && x.is_finite() && y.is_finite() {
        return Err(Error::exception(
            ExcClass::OverflowError,
            "(34, 'Numerical result out of range')",
            Default::default(),
        ));
    }
    Ok(Value::Float(r))
}

/// `-x`, `+x`, `~x`, `not x`.
pub fn unary(op: UnaryOp, v: &Value) -> Result<Value> {
    match (op, v) {
        (UnaryOp::Not, _) => Ok(Value::Bool(!v.truthy())),
        (UnaryOp::Neg, Value::Float(f)) => Ok(Value::Float(-f)),
        (UnaryOp::Pos, Value::Float(f)) => Ok(Value::Float(*f)),
        _ => match (op, v.as_int()) {
            (UnaryOp::Neg, Some(i)) => i.checked_neg().map(Value::Int).ok_or_else(too_large),
            (UnaryOp::Pos, Some(i)) => Ok(Value::Int(i)),
            (UnaryOp::Invert, Some(i)) => Ok(Value::Int(!i)),
            _ => Err(Error::type_error(
                format!(
                    "bad operand type for unary {}: '{}'",
                    op.text(),
                    v.type_name()
                ),
                Default::default(),
            )),
        },
    }
}

/// `item in container`.
pub fn contains(container: &Value, item: &Value, budget: &mut Budget) -> Result<bool> {
    match container {
        Value::Str(s) => match item {
            Value::Str(sub) => Ok(s.contains(&**sub)),
            _ => Err(Error::type_error(
                format!(
                    "'in <string>' requires string as left operand, not {}",
                    item.type_name()
                ),
                Default::default(),
            )),
        },
        Value::Range(r) if matches!(item, Value::Int(_) | Value::Bool(_)) => {
            let x = item.as_int().unwrap_or(0);
            let [start, stop, step] = **r;
            let inside = if step > 0 {
                start <= x && x < stop
            } else {
                stop < x && x <= start
            };
            Ok(inside && x.abs_diff(start) % step.unsigned_abs() == 0)
        }
        Value::Dict(d) | Value::DictView(d, crate::value::ViewKind::Keys) => {
            Ok(d.get(item, budget)?.is_some())
        }
        Value::DictView(d, crate::value::ViewKind::Items) => {
            let Value::Tuple(t) = item else {
                return Ok(false);
            };
            let [k, v] = t.0.as_slice() else {
                return Ok(false);
            };
            match d.get(k, budget) {
                Ok(Some(found)) => eq(&found, v, budget),
                Ok(None) => Ok(false),
                // An unhashable key is simply not there, as CPython's set-like view answers.
                Err(e) if e.class() == Some(ExcClass::TypeError) => Ok(false),
                Err(e) => Err(e),
            }
        }
        Value::List(_)
        | Value::Tuple(_)
        | Value::Range(_)
        | Value::Iter(_)
        | Value::DictView(_, crate::value::ViewKind::Values) => {
            let mut it = iterate(container)?;
            while let Some(v) = it.next(budget)? {
                if eq(&v, item, budget)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Err(Error::type_error(
            format!(
                "argument of type '{}' is not iterable",
                container.type_name()
            ),
            Default::default(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::value::repr;

    fn run(op: BinOp, a: Value, b: Value) -> String {
        let mut budget = Budget::new(&Limits::default());
        match binary(op, &a, &b, &mut budget) {
            Ok(v) => repr(&v, &mut budget).unwrap(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn python_division_and_modulo() {
        use Value::{Float as F, Int as I};
        assert_eq!(run(BinOp::FloorDiv, I(-7), I(2)), "-4");
        assert_eq!(run(BinOp::Mod, I(-7), I(2)), "1");
        assert_eq!(run(BinOp::Mod, I(7), I(-2)), "-1");
        assert_eq!(run(BinOp::Div, I(7), I(2)), "3.5");
        assert_eq!(run(BinOp::Div, I(4), I(2)), "2.0");
        assert_eq!(run(BinOp::Pow, I(2), I(-1)), "0.5");
        assert_eq!(run(BinOp::Mod, F(-7.5), I(2)), "0.5");
        assert_eq!(run(BinOp::FloorDiv, F(-7.5), I(2)), "-4.0");
        assert_eq!(
            run(BinOp::Div, I(1), I(0)),
            "ZeroDivisionError: division by zero"
        );
        assert_eq!(
            run(BinOp::FloorDiv, I(1), I(0)),
            "ZeroDivisionError: integer division or modulo by zero"
        );
        assert_eq!(
            run(BinOp::Pow, I(0), I(-1)),
            "ZeroDivisionError: 0.0 cannot be raised to a negative power"
        );
    }

    #[test]
    fn overflow_is_an_error_never_a_wrap() {
        use Value::Int as I;
        for (op, a, b) in [
            (BinOp::Pow, 10, 100),
            (BinOp::Pow, 2, 1 << 40),
            (BinOp::Mul, i128::MAX, 2),
            (BinOp::Add, i128::MAX, 1),
            (BinOp::FloorDiv, i128::MIN, -1),
            (BinOp::Shl, 1, 127),
            (BinOp::Shl, 3, 126),
            (BinOp::Pow, 2, 127),
        ] {
            assert_eq!(run(op, I(a), I(b)), "integer too large for this checker");
        }
        assert_eq!(run(BinOp::Pow, I(-1), I(1 << 40)), "1");
        assert_eq!(run(BinOp::Shr, I(-5), I(100)), "-1");
    }

    #[test]
    fn sequences() {
        let mut budget = Budget::new(&Limits::default());
        let list = List::new_value(vec![Value::Int(0)]);
        assert_eq!(run(BinOp::Mul, list.clone(), Value::Int(3)), "[0, 0, 0]");
        assert_eq!(run(BinOp::Mul, Value::Int(2), Value::str("ab")), "'abab'");
        assert_eq!(
            run(BinOp::Add, list.clone(), Value::tuple(vec![])),
            "TypeError: can only concatenate list (not \"tuple\") to list"
        );
        assert_eq!(
            run(BinOp::Sub, list.clone(), Value::Int(1)),
            "TypeError: unsupported operand type(s) for -: 'list' and 'int'"
        );
        let err = binary(BinOp::Mul, &list, &Value::Int(1_000_000_000), &mut budget)
            .map(|_| ())
            .unwrap_err();
        assert_eq!(err.to_string(), "list too long for this checker");
        let t = Value::tuple(vec![Value::Int(1)]);
        inplace(BinOp::Add, &list, &t, &mut budget).unwrap();
        assert_eq!(repr(&list, &mut budget).unwrap(), "[0, 1]");
    }
}
