//! `isinstance()`: built-in types, tuples of them, and the exception classes' hierarchy.

use super::{Builtin, type_error};
use crate::error::{ExcClass, Result};
use crate::value::Value;

fn is_subclass(c: ExcClass, of: ExcClass) -> bool {
    use ExcClass as E;
    let parent = |c: ExcClass| match c {
        E::Exception => None,
        E::IndexError | E::KeyError => Some(E::LookupError),
        E::ZeroDivisionError | E::OverflowError => Some(E::ArithmeticError),
        E::UnboundLocalError => Some(E::NameError),
        E::ModuleNotFoundError => Some(E::ImportError),
        E::NotImplementedError => Some(E::RuntimeError),
        _ => Some(E::Exception),
    };
    let mut cur = Some(c);
    while let Some(x) = cur {
        if x == of {
            return true;
        }
        cur = parent(x);
    }
    false
}

pub(super) fn isinstance(v: &Value, class: &Value) -> Result<bool> {
    Ok(match class {
        Value::Tuple(t) => {
            for c in &t.0 {
                if isinstance(v, c)? {
                    return Ok(true);
                }
            }
            false
        }
        Value::Builtin(b) if b.is_type() => match b {
            Builtin::Int => matches!(v, Value::Int(_) | Value::Bool(_)),
            Builtin::Bool => matches!(v, Value::Bool(_)),
            Builtin::Float => matches!(v, Value::Float(_)),
            Builtin::Str => matches!(v, Value::Str(_)),
            Builtin::List => matches!(v, Value::List(_)),
            Builtin::Tuple => matches!(v, Value::Tuple(_)),
            Builtin::Range => matches!(v, Value::Range(_)),
            Builtin::Dict => matches!(v, Value::Dict(_)),
            _ => matches!(v, Value::Iter(it) if it.1 == b.name()),
        },
        Value::Class(c) => matches!(v, Value::Exc(e) if is_subclass(e.class, *c)),
        _ => {
            return Err(type_error(
                "isinstance() arg 2 must be a type, a tuple of types, or a union".into(),
            ));
        }
    })
}
