//! Attribute look-up, `obj.name`: the one function every attribute read goes through (an
//! attribute expression, a call of one, `from m import name`).

use super::Interp;
use crate::error::{Error, ExcClass, Result, Span};
use crate::value::Value;

impl Interp {
    /// `obj.name`: a module's attribute (or a submodule registered under `module.name`), or the
    /// `AttributeError` (unsupported where CPython has the attribute and the subset does not).
    /// Method calls on lists, tuples and strings do not come here (see `eval_call`).
    pub fn get_attr(&mut self, obj: &Value, name: &str) -> Result<Value> {
        match obj {
            Value::Module(m) => {
                if let Some(v) = m.get(name) {
                    return Ok(v);
                }
                let dotted = format!("{}.{name}", m.name);
                if let Some(v) = self.module(&dotted) {
                    return Ok(v);
                }
                Err(Error::exception(
                    ExcClass::AttributeError,
                    format!("module '{}' has no attribute '{name}'", m.name),
                    Span::default(),
                ))
            }
            Value::Host(h) => h.clone().attr(self, name, Span::default()),
            Value::Dict(_) if super::dict::DICT_METHODS.contains(&name) => Err(Error::unsupported(
                crate::construct::Construct::DictMethodAsValue(name.to_string()),
                Span::default(),
            )),
            Value::Dict(_) => Err(super::dict::attribute_error(name)),
            _ => Err(super::methods::attribute_error(obj, name)),
        }
    }
}
