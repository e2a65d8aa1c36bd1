//! Python's own operators on Python values: int, float and bool arithmetic (ints checked within
//! 128 bits), identity, and comparisons of numbers, strings, tuples, lists and dtypes.

use std::rc::Rc;

use crate::dtype::DType;
use crate::error::EvalError;
use crate::operator::{BinOp, CmpOp};
use crate::value::Value;

use super::is_python_number;
use super::kernels::float_op;

/// Python arithmetic on ints, floats and bools.
pub(super) fn python_arith(op: BinOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    let int = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(i128::from(*b)),
        _ => None,
    };
    let overflow = || EvalError::limit(crate::error::Limit::IntTooLarge);
    if let (Some(x), Some(y)) = (int(a), int(b)) {
        let zero = || EvalError::new("ZeroDivisionError", "integer division or modulo by zero");
        return Ok(match op {
            BinOp::Add => Value::Int(x.checked_add(y).ok_or_else(overflow)?),
            BinOp::Sub => Value::Int(x.checked_sub(y).ok_or_else(overflow)?),
            BinOp::Mul => Value::Int(x.checked_mul(y).ok_or_else(overflow)?),
            BinOp::Div if y == 0 => {
                return Err(EvalError::new("ZeroDivisionError", "division by zero"));
            }
            BinOp::Div => Value::Float(x as f64 / y as f64),
            BinOp::FloorDiv if y == 0 => return Err(zero()),
            BinOp::FloorDiv => {
                Value::Int(x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0))
            }
            BinOp::Mod if y == 0 => return Err(zero()),
            BinOp::Mod => {
                let m = x % y;
                Value::Int(if m != 0 && ((m < 0) != (y < 0)) {
                    m + y
                } else {
                    m
                })
            }
            BinOp::Pow if y < 0 => Value::Float((x as f64).powf(y as f64)),
            BinOp::Pow => {
                let e = u32::try_from(y).map_err(|_| overflow())?;
                Value::Int(x.checked_pow(e).ok_or_else(overflow)?)
            }
            BinOp::And => Value::Int(x & y),
            BinOp::Or => Value::Int(x | y),
            BinOp::Xor => Value::Int(x ^ y),
            BinOp::MatMul => {
                return Err(EvalError::type_error(
                    "unsupported operand type(s) for @: 'int' and 'int'",
                ));
            }
        });
    }
    let x = crate::builtins::as_float(a)?;
    let y = crate::builtins::as_float(b)?;
    if matches!(op, BinOp::Div | BinOp::FloorDiv | BinOp::Mod) && y == 0.0 {
        return Err(EvalError::new(
            "ZeroDivisionError",
            match op {
                BinOp::Div => "float division by zero",
                BinOp::FloorDiv => "float floor division by zero",
                _ => "float modulo by zero",
            },
        ));
    }
    if matches!(op, BinOp::And | BinOp::Or | BinOp::Xor | BinOp::MatMul) {
        return Err(EvalError::type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            a.type_name(),
            b.type_name()
        )));
    }
    Ok(Value::Float(float_op(op, x, y)))
}

pub(super) fn cmp_ord(op: CmpOp, o: core::cmp::Ordering) -> bool {
    use core::cmp::Ordering::*;
    match op {
        CmpOp::Eq => o == Equal,
        CmpOp::Ne => o != Equal,
        CmpOp::Lt => o == Less,
        CmpOp::Le => o != Greater,
        CmpOp::Gt => o == Greater,
        _ => o != Less,
    }
}

pub(super) fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Array(x), Value::Array(y)) => Rc::ptr_eq(x, y),
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Module(x), Value::Module(y)) => x == y,
        (Value::DType(x, _), Value::DType(y, _)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y && (-5..=256).contains(x),
        _ => false,
    }
}

pub(super) fn python_compare(op: CmpOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    use core::cmp::Ordering;
    let ordering: Option<Ordering> = match (a, b) {
        (Value::Str(x), Value::Str(y)) => Some(x.cmp(y)),
        (Value::Tuple(x), Value::Tuple(y)) | (Value::List(x), Value::List(y)) => {
            let mut result = Some(x.len().cmp(&y.len()));
            for (p, q) in x.iter().zip(y.iter()) {
                let eq = python_compare(CmpOp::Eq, p, q)?.truthy()?;
                if !eq {
                    let lt = python_compare(CmpOp::Lt, p, q)?.truthy()?;
                    result = Some(if lt {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    });
                    break;
                }
            }
            result
        }
        (Value::DType(x, _), Value::DType(y, _)) => Some(if x == y {
            Ordering::Equal
        } else {
            Ordering::Less
        }),
        (Value::DType(x, _), Value::Str(s)) | (Value::Str(s), Value::DType(x, _)) => {
            Some(if DType::parse(s) == Some(*x) {
                Ordering::Equal
            } else {
                Ordering::Less
            })
        }
        (Value::None, Value::None) => Some(Ordering::Equal),
        _ if is_python_number(a) && is_python_number(b) => {
            if let (Value::Int(x), Value::Int(y)) = (a, b) {
                Some(x.cmp(y))
            } else {
                let x = crate::builtins::as_float(a)?;
                let y = crate::builtins::as_float(b)?;
                x.partial_cmp(&y)
            }
        }
        _ => None,
    };
    match (op, ordering) {
        (CmpOp::Eq, o) => Ok(Value::Bool(o == Some(Ordering::Equal))),
        (CmpOp::Ne, o) => Ok(Value::Bool(o != Some(Ordering::Equal))),
        (_, Some(o)) => Ok(Value::Bool(cmp_ord(op, o))),
        (_, None) if is_python_number(a) && is_python_number(b) => Ok(Value::Bool(false)),
        _ => Err(EvalError::type_error(format!(
            "'{}' not supported between instances of '{}' and '{}'",
            match op {
                CmpOp::Lt => "<",
                CmpOp::Le => "<=",
                CmpOp::Gt => ">",
                _ => ">=",
            },
            a.type_name(),
            b.type_name()
        ))),
    }
}
