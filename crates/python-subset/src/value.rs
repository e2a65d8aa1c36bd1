//! [`Value`]: the objects a program computes with, and what every object can do whatever its
//! type: its type name, truth, `repr` and `str`, `==` and `<`.
//!
//! Lists are shared and mutable (`Rc<List>` with a `RefCell` inside), as in Python, so that
//! `b = a; b.append(1)` changes `a`. Borrows never outlive one method of this crate, so they
//! cannot clash; they are taken with `try_borrow` all the same. Containers are dropped without
//! recursion, so a list nested a million deep cannot overflow the native stack.
//!
//! `repr` and `str` are printed in `printer`, `==` and `<` compared in `compare`; dicts, modules
//! and the release of list cycles have their own modules.

use crate::ast::Function;
use crate::error::{ExcClass, Result};
use crate::eval::builtins::Builtin;
use crate::eval::iter::IterState;
use core::cell::RefCell;
use std::rc::Rc;

mod compare;
mod cycles;
mod dict;
mod module;
mod printer;
pub use compare::{TWO_127, cmp_numbers, eq, less};
pub use cycles::{lists_mark, register_closure, release_lists};
pub use dict::{Dict, Entry, ViewKind, hash_key, unhashable};
pub use float_text::repr as float_repr;
pub use module::Module;
pub use printer::{Printer, repr, str_repr, to_str};

/// A Python object.
#[derive(Clone)]
pub enum Value {
    /// `None`.
    None,
    /// `True`, `False`.
    Bool(bool),
    /// An `int` that fits 128 bits (a result outside is [`Limit::IntTooLarge`]).
    ///
    /// [`Limit::IntTooLarge`]: crate::limits::Limit::IntTooLarge
    Int(i128),
    /// A `float`.
    Float(f64),
    /// A `str`.
    Str(Rc<str>),
    /// A `list`.
    List(Rc<List>),
    /// A `tuple`.
    Tuple(Rc<Tuple>),
    /// A `range`: start, stop, step (step is never 0).
    Range(Rc<[i128; 3]>),
    /// An iterator object: what `zip`, `enumerate` and `reversed` return.
    Iter(Rc<IterObj>),
    /// A function defined with `def`.
    Func(Rc<FuncObj>),
    /// A built-in function or type.
    Builtin(Builtin),
    /// An exception class.
    Class(ExcClass),
    /// An exception instance.
    Exc(Rc<ExcObj>),
    /// `...`.
    Ellipsis,
    /// A slice object, `slice(start, stop, step)`: what `x[a:b:c]` hands a host object.
    Slice(Rc<[Value; 3]>),
    /// An object of the embedder's (see [`crate::host`]).
    Host(Rc<dyn crate::host::Object>),
    /// A module, from [`Interp::modules`](crate::eval::Interp::modules).
    Module(Rc<Module>),
    /// A `dict`.
    Dict(Rc<Dict>),
    /// A view of a dict: `keys()`, `values()` or `items()`.
    DictView(Rc<Dict>, ViewKind),
}

/// A list's items.
#[derive(Default)]
pub struct List(pub RefCell<Vec<Value>>);

/// A tuple's items.
pub struct Tuple(pub Vec<Value>);

/// An iterator's state and the name of its type.
pub struct IterObj(pub RefCell<IterState>, pub &'static str);

/// A variable a closure shares with the scope that defined it: `None` while unbound.
pub type Cell = Rc<RefCell<Option<Value>>>;

/// A function, the default values of its parameters, and the variables of the enclosing
/// functions and comprehensions it can read (a closure; empty at module level).
pub struct FuncObj {
    /// The definition.
    pub def: Rc<Function>,
    /// One entry per parameter, `None` when it has no default.
    pub defaults: Vec<Option<Value>>,
    /// The enclosing scopes' variables, innermost last. Emptied when the run ends (see
    /// `cycles.rs`), since a function can sit in a variable it closes over.
    pub env: RefCell<Vec<(Rc<str>, Cell)>>,
}

/// An exception instance: its class and arguments.
pub struct ExcObj {
    /// The class.
    pub class: ExcClass,
    /// The arguments it was made with.
    pub args: Vec<Value>,
}

/// Drops values without recursing into nested containers held only here.
fn drop_values(mut stack: Vec<Value>) {
    while let Some(v) = stack.pop() {
        match v {
            Value::List(rc) => {
                if let Ok(mut list) = Rc::try_unwrap(rc) {
                    stack.append(list.0.get_mut());
                }
            }
            Value::Tuple(rc) => {
                if let Ok(mut t) = Rc::try_unwrap(rc) {
                    stack.append(&mut t.0);
                }
            }
            Value::Iter(rc) => {
                if let Ok(mut it) = Rc::try_unwrap(rc) {
                    it.0.get_mut().take_values(&mut stack);
                }
            }
            Value::Func(rc) => {
                if let Ok(mut f) = Rc::try_unwrap(rc) {
                    stack.extend(f.defaults.drain(..).flatten());
                }
            }
            Value::Exc(rc) => {
                if let Ok(mut e) = Rc::try_unwrap(rc) {
                    stack.append(&mut e.args);
                }
            }
            Value::Module(rc) => {
                if let Ok(mut m) = Rc::try_unwrap(rc) {
                    stack.extend(m.attrs.drain(..).map(|(_, v)| v));
                }
            }
            Value::Dict(rc) | Value::DictView(rc, _) => {
                if let Ok(mut d) = Rc::try_unwrap(rc) {
                    for e in core::mem::take(d.0.get_mut()) {
                        stack.push(e.key);
                        stack.push(e.value);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Drop for List {
    fn drop(&mut self) {
        drop_values(core::mem::take(self.0.get_mut()));
    }
}

impl Drop for Tuple {
    fn drop(&mut self) {
        drop_values(core::mem::take(&mut self.0));
    }
}

impl Drop for IterObj {
    fn drop(&mut self) {
        let mut stack = Vec::new();
        self.0.get_mut().take_values(&mut stack);
        drop_values(stack);
    }
}

impl Drop for FuncObj {
    fn drop(&mut self) {
        drop_values(self.defaults.drain(..).flatten().collect());
    }
}

impl Drop for ExcObj {
    fn drop(&mut self) {
        drop_values(core::mem::take(&mut self.args));
    }
}

/// An internal error: a list borrowed while it changes (never expected).
fn busy() -> crate::error::Error {
    crate::error::Error::exception(
        ExcClass::RuntimeError,
        "list changed while in use",
        Default::default(),
    )
}

impl List {
    /// A new list value.
    pub fn new_value(items: Vec<Value>) -> Value {
        let list = Rc::new(List(RefCell::new(items)));
        cycles::register(&list);
        Value::List(list)
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.0.try_borrow().map_or(0, |v| v.len())
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Item `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<Value> {
        self.0.try_borrow().ok()?.get(i).cloned()
    }

    /// A copy of the items.
    pub fn items(&self) -> Result<Vec<Value>> {
        Ok(self.0.try_borrow().map_err(|_| busy())?.clone())
    }

    /// Changes the items with `f`.
    pub fn with_mut<T>(&self, f: impl FnOnce(&mut Vec<Value>) -> T) -> Result<T> {
        Ok(f(&mut *self.0.try_borrow_mut().map_err(|_| busy())?))
    }
}

impl Value {
    /// A new tuple value.
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Rc::new(Tuple(items)))
    }

    /// A new string value.
    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }

    /// The name of the value's type, as CPython's messages give it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::List(_) => "list",
            Value::Tuple(_) => "tuple",
            Value::Range(_) => "range",
            Value::Iter(it) => it.1,
            Value::Func(_) => "function",
            Value::Builtin(b) if b.is_type() => "type",
            Value::Builtin(_) => "builtin_function_or_method",
            Value::Class(_) => "type",
            Value::Exc(e) => e.class.name(),
            Value::Ellipsis => "ellipsis",
            Value::Slice(_) => "slice",
            Value::Host(h) => h.type_name(),
            Value::Module(_) => "module",
            Value::Dict(_) => "dict",
            Value::DictView(_, kind) => kind.type_name(),
        }
    }

    /// Python's truth value.
    pub fn truthy(&self) -> bool {
        match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l) => !l.is_empty(),
            Value::Tuple(t) => !t.0.is_empty(),
            Value::Range(r) => range_len(r) > 0,
            Value::Host(h) => h.truth().unwrap_or(true),
            Value::Dict(d) | Value::DictView(d, _) => !d.is_empty(),
            _ => true,
        }
    }

    /// The value as an `int`, for an `int` or `bool`.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(i128::from(*b)),
            Value::Host(h) => h.index().and_then(|r| r.ok()).map(i128::from),
            _ => None,
        }
    }

    /// Whether the value is an `int`, `bool` or `float`.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Bool(_) | Value::Float(_))
    }
}

/// The number of items of `range(start, stop, step)` (it can pass `i128::MAX`).
pub fn range_len(r: &[i128; 3]) -> u128 {
    let [start, stop, step] = *r;
    // The distance between two i128 is below 2^128, so it is exact as a u128.
    if step > 0 && start < stop {
        (stop.abs_diff(start) - 1) / step.unsigned_abs() + 1
    } else if step < 0 && start > stop {
        (start.abs_diff(stop) - 1) / step.unsigned_abs() + 1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_drops_without_recursion() {
        let mut v = Value::None;
        for _ in 0..1_000_000 {
            v = List::new_value(vec![v]);
        }
        drop(v);
        let mut t = Value::None;
        for _ in 0..1_000_000 {
            t = Value::tuple(vec![t]);
        }
        drop(t);
    }
}
