//! Dicts in the evaluator: displays and comprehensions, `dict(...)`, and the methods
//! (`keys`, `values`, `items`, `get`, `setdefault`, `pop`, `update`, `copy`, `clear`).

use super::methods::arity;
use super::{Args, Interp, Source};
use crate::ast::{Comp, Expr};
use crate::construct::Construct;
use crate::error::{Error, ExcClass, Result, Span};
use crate::value::{Dict, Value, ViewKind, repr};
use std::rc::Rc;

/// The methods a dict has here.
pub const DICT_METHODS: &[&str] = &[
    "keys",
    "values",
    "items",
    "get",
    "setdefault",
    "pop",
    "update",
    "copy",
    "clear",
];

/// CPython's `KeyError` for `key`: its `repr` is the message.
pub fn key_error(interp: &mut Interp, key: &Value) -> Error {
    match repr(key, &mut interp.budget) {
        Ok(text) => Error::exception(ExcClass::KeyError, text, Span::default()),
        Err(e) => e,
    }
}

impl Interp {
    /// `{k: v, ...}`: keys and values evaluated in order, key first.
    pub(super) fn eval_dict(&mut self, items: &[(Expr, Expr)]) -> Result<Value> {
        let d = Rc::new(Dict::default());
        for (k, v) in items {
            let key = self.eval(k)?;
            let value = self.eval(v)?;
            d.set(key, value, &mut self.budget)
                .map_err(|e| super::at(e, k.span))?;
        }
        Ok(register(d))
    }

    /// `{k: v for ...}`.
    pub(super) fn eval_dict_comp(&mut self, comp: &Comp) -> Result<Value> {
        let d = Rc::new(Dict::default());
        self.comprehension(comp, &mut |interp, pair| {
            if let Value::Tuple(t) = &pair {
                if let [k, v] = t.0.as_slice() {
                    d.set(k.clone(), v.clone(), &mut interp.budget)?;
                }
            }
            Ok(true)
        })?;
        Ok(register(d))
    }

    /// Adds to `d` what `src` holds: a dict's entries, or an iterable of pairs.
    fn update_from(&mut self, d: &Dict, src: Value) -> Result<()> {
        if let Value::Dict(other) = &src {
            for e in other.entries()? {
                d.set(e.key, e.value, &mut self.budget)?;
            }
            return Ok(());
        }
        let mut n = 0usize;
        let mut pairs = Vec::new();
        self.each(Source::Value(src), &mut |interp, item| {
            let pair = interp.collect(Source::Value(item.clone())).map_err(|e| {
                if e.class() == Some(ExcClass::TypeError) {
                    Error::type_error(
                        format!(
                            "cannot convert dictionary update sequence element #{n} to a sequence"
                        ),
                        Span::default(),
                    )
                } else {
                    e
                }
            })?;
            if pair.len() != 2 {
                return Err(Error::value_error(
                    format!(
                        "dictionary update sequence element #{n} has length {}; 2 is required",
                        pair.len()
                    ),
                    Span::default(),
                ));
            }
            pairs.push(pair);
            n += 1;
            Ok(true)
        })?;
        for pair in pairs {
            let mut it = pair.into_iter();
            if let (Some(k), Some(v)) = (it.next(), it.next()) {
                d.set(k, v, &mut self.budget)?;
            }
        }
        Ok(())
    }
}

/// A dict value for `d` (registered for the cycle breaker).
fn register(d: Rc<Dict>) -> Value {
    let entries = Rc::try_unwrap(d)
        .map(|d| core::mem::take(&mut *d.0.borrow_mut()))
        .unwrap_or_default();
    Dict::new_value(entries)
}

/// `dict()`, `dict(mapping or pairs)`, `dict(..., k=v)`.
pub fn dict_call(interp: &mut Interp, args: Args<'_>) -> Result<Value> {
    if args.gen_exp.is_some() {
        return Err(Error::unsupported(
            Construct::GeneratorPassedTo("dict".into()),
            Span::default(),
        ));
    }
    if args.pos.len() > 1 {
        return Err(Error::type_error(
            format!("dict expected at most 1 argument, got {}", args.pos.len()),
            Span::default(),
        ));
    }
    let d = Rc::new(Dict::default());
    if let Some(src) = args.pos.into_iter().next() {
        interp.update_from(&d, src)?;
    }
    for (k, v) in args.kw {
        d.set(Value::Str(k), v, &mut interp.budget)?;
    }
    Ok(register(d))
}

/// Calls `d.name(*args)`.
pub fn dict_method(interp: &mut Interp, d: &Rc<Dict>, name: &str, args: Args<'_>) -> Result<Value> {
    let what = format!("dict.{name}");
    let arg = |i: usize| args.pos.get(i).cloned().unwrap_or(Value::None);
    Ok(match name {
        "keys" | "values" | "items" => {
            arity(&what, &args, 0, 0, &[])?;
            let kind = match name {
                "keys" => ViewKind::Keys,
                "values" => ViewKind::Values,
                _ => ViewKind::Items,
            };
            Value::DictView(d.clone(), kind)
        }
        "get" => {
            arity(&what, &args, 1, 2, &[])?;
            d.get(&arg(0), &mut interp.budget)?.unwrap_or(arg(1))
        }
        "setdefault" => {
            arity(&what, &args, 1, 2, &[])?;
            match d.get(&arg(0), &mut interp.budget)? {
                Some(v) => v,
                None => {
                    d.set(arg(0), arg(1), &mut interp.budget)?;
                    arg(1)
                }
            }
        }
        "pop" => {
            arity(&what, &args, 1, 2, &[])?;
            match d.remove(&arg(0), &mut interp.budget)? {
                Some(v) => v,
                None if args.pos.len() == 2 => arg(1),
                None => return Err(key_error(interp, &arg(0))),
            }
        }
        "update" => {
            if args.pos.len() > 1 {
                return Err(Error::type_error(
                    format!("update expected at most 1 argument, got {}", args.pos.len()),
                    Span::default(),
                ));
            }
            if args.gen_exp.is_some() {
                return Err(Error::unsupported(
                    Construct::GeneratorPassedTo("dict.update".into()),
                    Span::default(),
                ));
            }
            if let Some(src) = args.pos.first() {
                interp.update_from(d, src.clone())?;
            }
            for (k, v) in args.kw {
                d.set(Value::Str(k), v, &mut interp.budget)?;
            }
            Value::None
        }
        "copy" => {
            arity(&what, &args, 0, 0, &[])?;
            interp.budget.alloc_items(d.len())?;
            Dict::new_value(d.entries()?)
        }
        "clear" => {
            arity(&what, &args, 0, 0, &[])?;
            let old =
                d.0.try_borrow_mut()
                    .map(|mut e| core::mem::take(&mut *e))
                    .unwrap_or_default();
            drop(old);
            Value::None
        }
        _ => return Err(attribute_error(name)),
    })
}

/// `d.name` for a method the subset does not have: unsupported where CPython's dict has it.
pub fn attribute_error(name: &str) -> Error {
    if name.starts_with("__") || matches!(name, "popitem" | "fromkeys") {
        return Error::unsupported(
            Construct::Method {
                owner: "dict",
                name: name.to_string(),
            },
            Span::default(),
        );
    }
    Error::exception(
        ExcClass::AttributeError,
        format!("'dict' object has no attribute '{name}'"),
        Span::default(),
    )
}
