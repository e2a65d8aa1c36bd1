//! `==` and `<` across types: ints and floats compared exactly, sequences item by item.

use super::{Value, dict, range_len};
use crate::error::Result;
use crate::limits::Budget;
use std::rc::Rc;

/// 2^127 as a float: one past the largest `int` (and minus it is the smallest).
pub const TWO_127: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;

/// Compares an int with a float exactly, as CPython does.
fn cmp_int_float(i: i128, f: f64) -> Option<core::cmp::Ordering> {
    use core::cmp::Ordering;
    if f.is_nan() {
        return None;
    }
    if f >= TWO_127 {
        return Some(Ordering::Less);
    }
    if f < -TWO_127 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    // t is within i128 here, so the cast is exact.
    let ti = t as i128;
    Some(i.cmp(&ti).then_with(|| {
        if f > t {
            Ordering::Less
        } else if f < t {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }))
}

/// Orders two numbers (`int`, `bool`, `float`); `None` if either is not a number or is NaN.
pub fn cmp_numbers(a: &Value, b: &Value) -> Option<core::cmp::Ordering> {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Float(x), other) => {
            cmp_int_float(other.as_int()?, *x).map(core::cmp::Ordering::reverse)
        }
        (other, Value::Float(y)) => cmp_int_float(other.as_int()?, *y),
        _ => Some(a.as_int()?.cmp(&b.as_int()?)),
    }
}

/// `a == b`.
pub fn eq(a: &Value, b: &Value, budget: &mut Budget) -> Result<bool> {
    budget.step()?;
    Ok(match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::List(x), Value::List(y)) => {
            Rc::ptr_eq(x, y) || seq_eq(&x.items()?, &y.items()?, budget)?
        }
        (Value::Tuple(x), Value::Tuple(y)) => Rc::ptr_eq(x, y) || seq_eq(&x.0, &y.0, budget)?,
        (Value::Range(x), Value::Range(y)) => {
            let (n, m) = (range_len(x), range_len(y));
            let ([x0, _, x2], [y0, _, y2]) = (**x, **y);
            n == m && (n == 0 || (x0 == y0 && (n == 1 || x2 == y2)))
        }
        (Value::Iter(x), Value::Iter(y)) => Rc::ptr_eq(x, y),
        (Value::Func(x), Value::Func(y)) => Rc::ptr_eq(x, y),
        (Value::Exc(x), Value::Exc(y)) => Rc::ptr_eq(x, y),
        (Value::Module(x), Value::Module(y)) => Rc::ptr_eq(x, y),
        (Value::Dict(x), Value::Dict(y)) => Rc::ptr_eq(x, y) || dict::dict_eq(x, y, budget)?,
        (Value::DictView(..), Value::DictView(..)) => {
            return Err(crate::error::Error::unsupported(
                crate::construct::Construct::ComparingDictViews,
                Default::default(),
            ));
        }
        (Value::Builtin(x), Value::Builtin(y)) => x == y,
        (Value::Host(x), Value::Host(y)) => Rc::ptr_eq(x, y),
        (Value::Ellipsis, Value::Ellipsis) => true,
        (Value::Slice(x), Value::Slice(y)) => seq_eq(&x[..], &y[..], budget)?,
        (Value::Class(x), Value::Class(y)) => x == y,
        _ if a.is_number() && b.is_number() => {
            cmp_numbers(a, b) == Some(core::cmp::Ordering::Equal)
        }
        _ => false,
    })
}

fn same_object(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
        (Value::Tuple(x), Value::Tuple(y)) => Rc::ptr_eq(x, y),
        _ => false,
    }
}

fn seq_eq(xs: &[Value], ys: &[Value], budget: &mut Budget) -> Result<bool> {
    if xs.len() != ys.len() {
        return Ok(false);
    }
    budget.enter()?;
    for (x, y) in xs.iter().zip(ys) {
        // CPython compares items by identity first.
        if !same_object(x, y) && !eq(x, y, budget)? {
            budget.leave();
            return Ok(false);
        }
    }
    budget.leave();
    Ok(true)
}

/// `a < b` (or `a <= b` when `or_equal`), for the types that order; `None` when they do not.
pub fn less(a: &Value, b: &Value, or_equal: bool, budget: &mut Budget) -> Result<Option<bool>> {
    budget.step()?;
    use core::cmp::Ordering::{Equal, Less};
    let ordering = match (a, b) {
        (Value::Str(x), Value::Str(y)) => Some(x.cmp(y)),
        (Value::List(x), Value::List(y)) => {
            return seq_less(&x.items()?, &y.items()?, or_equal, budget);
        }
        (Value::Tuple(x), Value::Tuple(y)) => return seq_less(&x.0, &y.0, or_equal, budget),
        _ if a.is_number() && b.is_number() => match cmp_numbers(a, b) {
            Some(o) => Some(o),
            None => return Ok(Some(false)),
        },
        _ => return Ok(None),
    };
    Ok(ordering.map(|o| o == Less || (or_equal && o == Equal)))
}

fn seq_less(
    xs: &[Value],
    ys: &[Value],
    or_equal: bool,
    budget: &mut Budget,
) -> Result<Option<bool>> {
    budget.enter()?;
    for (x, y) in xs.iter().zip(ys) {
        if !same_object(x, y) && !eq(x, y, budget)? {
            let result = less(x, y, false, budget);
            budget.leave();
            return result;
        }
    }
    budget.leave();
    Ok(Some(if or_equal {
        xs.len() <= ys.len()
    } else {
        xs.len() < ys.len()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    #[test]
    fn equality_and_order_cross_numbers() {
        let mut b = Budget::new(&Limits::default());
        assert!(eq(&Value::Int(1), &Value::Float(1.0), &mut b).unwrap());
        assert!(eq(&Value::Bool(true), &Value::Int(1), &mut b).unwrap());
        assert!(!eq(&Value::Int(i128::MAX), &Value::Float(TWO_127), &mut b).unwrap());
        assert_eq!(
            less(&Value::Int(1), &Value::Float(1.5), false, &mut b).unwrap(),
            Some(true)
        );
        assert_eq!(
            less(&Value::Int(1), &Value::str("a"), false, &mut b).unwrap(),
            None
        );
        let t = |v: Vec<i128>| Value::tuple(v.into_iter().map(Value::Int).collect());
        assert_eq!(
            less(&t(vec![1, 2]), &t(vec![1, 3]), false, &mut b).unwrap(),
            Some(true)
        );
        assert_eq!(
            less(&t(vec![1, 2]), &t(vec![1, 2]), true, &mut b).unwrap(),
            Some(true)
        );
        assert_eq!(
            less(&t(vec![1, 2]), &t(vec![1]), false, &mut b).unwrap(),
            Some(false)
        );
    }
}
