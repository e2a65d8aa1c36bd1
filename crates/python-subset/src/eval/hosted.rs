//! Operators as CPython dispatches them when a host object (see [`crate::host`]) takes part:
//! the left operand first, then the right one's reflected form, then CPython's `TypeError`.
//! Between the interpreter's own values these are [`super::ops`]'s.

use super::{Interp, ops};
use crate::ast::{BinOp, CmpOp, UnaryOp};
use crate::error::{Error, Result, Span};
use crate::host::mirrored;
use crate::value::Value;
use std::rc::Rc;

fn unsupported_operands(op: BinOp, a: &Value, b: &Value, span: Span) -> Error {
    let text = match op {
        BinOp::Pow => "** or pow()".to_string(),
        op => op.text().to_string(),
    };
    Error::type_error(
        format!(
            "unsupported operand type(s) for {text}: '{}' and '{}'",
            a.type_name(),
            b.type_name()
        ),
        span,
    )
}

fn same_host(a: &Value, b: &Value) -> bool {
    matches!((a, b), (Value::Host(x), Value::Host(y)) if Rc::ptr_eq(x, y) || x.same(&**y))
}

impl Interp {
    /// `a op b`.
    pub fn binary(&mut self, op: BinOp, a: &Value, b: &Value, span: Span) -> Result<Value> {
        if let Value::Host(h) = a {
            if let Some(v) = h.clone().binary(self, op, b, false, span)? {
                return Ok(v);
            }
        }
        if let Value::Host(h) = b {
            if let Some(v) = h.clone().binary(self, op, a, true, span)? {
                return Ok(v);
            }
        }
        if matches!(a, Value::Host(_)) || matches!(b, Value::Host(_)) {
            return Err(unsupported_operands(op, a, b, span));
        }
        ops::binary(op, a, b, &mut self.budget)
    }

    /// `a op= b`: a host object on the left may change itself.
    pub fn inplace(&mut self, op: BinOp, a: &Value, b: &Value, span: Span) -> Result<Value> {
        if let Value::Host(h) = a {
            if let Some(v) = h.clone().inplace(self, op, b, span)? {
                return Ok(v);
            }
        }
        if matches!(a, Value::Host(_)) || matches!(b, Value::Host(_)) {
            return self.binary(op, a, b, span);
        }
        ops::inplace(op, a, b, &mut self.budget)
    }

    /// `op v`.
    pub fn unary(&mut self, op: UnaryOp, v: &Value, span: Span) -> Result<Value> {
        match (op, v) {
            (UnaryOp::Not, _) => Ok(Value::Bool(!self.truth(v)?)),
            (_, Value::Host(h)) => match h.clone().unary(self, op, span)? {
                Some(v) => Ok(v),
                None => Err(Error::type_error(
                    format!(
                        "bad operand type for unary {}: '{}'",
                        op.text(),
                        v.type_name()
                    ),
                    span,
                )),
            },
            _ => ops::unary(op, v),
        }
    }

    /// `a op b` for a comparison, as a value: a host object may answer with one of its own
    /// (an array of booleans).
    pub fn compare_value(&mut self, op: CmpOp, a: &Value, b: &Value, span: Span) -> Result<Value> {
        let hosted = matches!(a, Value::Host(_)) || matches!(b, Value::Host(_));
        if !hosted {
            return self.compare(op, a, b).map(Value::Bool);
        }
        match op {
            CmpOp::Is | CmpOp::IsNot => {
                return Ok(Value::Bool(same_host(a, b) == (op == CmpOp::Is)));
            }
            CmpOp::In | CmpOp::NotIn => {
                let Value::Host(h) = b else {
                    return self.compare(op, a, b).map(Value::Bool);
                };
                let found = match h.clone().compare(self, CmpOp::In, a, false, span)? {
                    Some(v) => self.truth(&v)?,
                    None => {
                        return Err(Error::type_error(
                            format!("argument of type '{}' is not iterable", b.type_name()),
                            span,
                        ));
                    }
                };
                return Ok(Value::Bool(found == (op == CmpOp::In)));
            }
            _ => {}
        }
        if let Value::Host(h) = a {
            if let Some(v) = h.clone().compare(self, op, b, false, span)? {
                return Ok(v);
            }
        }
        if let Value::Host(h) = b {
            if let Some(v) = h.clone().compare(self, mirrored(op), a, true, span)? {
                return Ok(v);
            }
        }
        match op {
            CmpOp::Eq => Ok(Value::Bool(same_host(a, b))),
            CmpOp::Ne => Ok(Value::Bool(!same_host(a, b))),
            _ => Err(Error::type_error(
                format!(
                    "'{}' not supported between instances of '{}' and '{}'",
                    op.text(),
                    a.type_name(),
                    b.type_name()
                ),
                span,
            )),
        }
    }
}
