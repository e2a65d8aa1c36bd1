//! [`Value`]: the objects a program computes with, and what every object can do whatever its
//! type: its type name, truth, `repr` and `str`, `==` and `<`.
//!
//! Lists are shared and mutable (`Rc<List>` with a `RefCell` inside), as in Python, so that
//! `b = a; b.append(1)` changes `a`. Borrows never outlive one method of this crate, so they
//! cannot clash; they are taken with `try_borrow` all the same. Containers are dropped without
//! recursion, so a list nested a million deep cannot overflow the native stack.

use crate::ast::Function;
use crate::error::{ExcClass, Result};
use crate::eval::builtins::Builtin;
use crate::eval::iter::IterState;
use crate::limits::Budget;
use core::cell::RefCell;
use core::fmt::Write as _;
use std::rc::Rc;

mod cycles;
mod dict;
mod module;
pub use cycles::{lists_mark, register_closure, release_lists};
pub use dict::{Dict, Entry, ViewKind, hash_key, unhashable};
pub use float_text::repr as float_repr;
pub use module::Module;

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

/// `repr(s)` of a string: quotes chosen and characters escaped as CPython does.
pub fn str_repr(s: &str, out: &mut String) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            // What Python does not print (python-ident has CPython's table) is escaped.
            c if !python_ident::class(c).is_printable() => {
                let code = u32::from(c);
                let _ = if code < 0x100 {
                    write!(out, "\\x{code:02x}")
                } else if code < 0x10000 {
                    write!(out, "\\u{code:04x}")
                } else {
                    write!(out, "\\U{code:08x}")
                };
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

/// Builds `repr` and `str` texts within the string limit and the nesting guard.
pub struct Printer<'b> {
    /// The text so far.
    pub out: String,
    budget: &'b mut Budget,
    /// Lists and dicts being printed, to print one inside itself as `[...]` or `{...}`.
    open: Vec<*const ()>,
}

impl<'b> Printer<'b> {
    /// A printer charging `budget`.
    pub fn new(budget: &'b mut Budget) -> Printer<'b> {
        Printer {
            out: String::new(),
            budget,
            open: Vec::new(),
        }
    }

    fn check(&mut self) -> Result<()> {
        if self.out.len() > self.budget.limits.max_str_len {
            return Err(crate::error::Error::limit(
                crate::limits::Limit::StrLen,
                Default::default(),
            ));
        }
        self.budget.step()
    }

    /// Appends `str(v)`.
    pub fn str(&mut self, v: &Value) -> Result<()> {
        match v {
            Value::Str(s) => {
                self.out.push_str(s);
                self.check()
            }
            Value::Host(h) => {
                let text = h.str()?;
                self.out.push_str(&text);
                self.check()
            }
            Value::Exc(e) => match e.args.as_slice() {
                [] => Ok(()),
                [Value::Str(s)] if e.class != ExcClass::KeyError => {
                    self.out.push_str(s);
                    self.check()
                }
                [one] => self.repr(one),
                _ => self.seq("(", &e.args, ")"),
            },
            _ => self.repr(v),
        }
    }

    /// Appends `repr(v)`.
    pub fn repr(&mut self, v: &Value) -> Result<()> {
        self.check()?;
        match v {
            Value::None => self.out.push_str("None"),
            Value::Bool(b) => self.out.push_str(if *b { "True" } else { "False" }),
            Value::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            Value::Float(f) => self.out.push_str(&float_repr(*f)),
            Value::Str(s) => str_repr(s, &mut self.out),
            Value::List(l) => {
                let ptr = Rc::as_ptr(l).cast::<()>();
                if self.open.contains(&ptr) {
                    self.out.push_str("[...]");
                } else {
                    self.open.push(ptr);
                    let items = l.items()?;
                    self.seq("[", &items, "]")?;
                    self.open.pop();
                }
            }
            Value::Tuple(t) if t.0.len() == 1 => self.seq("(", &t.0, ",)")?,
            Value::Tuple(t) => self.seq("(", &t.0, ")")?,
            Value::Range(r) => {
                let [start, stop, step] = **r;
                let _ = write!(self.out, "range({start}, {stop}");
                if step != 1 {
                    let _ = write!(self.out, ", {step}");
                }
                self.out.push(')');
            }
            Value::Builtin(b) if b.is_type() => {
                let _ = write!(self.out, "<class '{}'>", b.name());
            }
            Value::Builtin(b) => {
                let _ = write!(self.out, "<built-in function {}>", b.name());
            }
            Value::Class(c) => {
                let _ = write!(self.out, "<class '{}'>", c.name());
            }
            Value::Exc(e) => {
                self.out.push_str(e.class.name());
                self.seq("(", &e.args, ")")?;
            }
            Value::Ellipsis => self.out.push_str("Ellipsis"),
            Value::Slice(parts) => {
                self.out.push_str("slice");
                self.seq("(", &parts[..], ")")?;
            }
            Value::Host(h) => {
                let text = h.repr()?;
                self.out.push_str(&text);
            }
            Value::Dict(d) => {
                let ptr = Rc::as_ptr(d).cast::<()>();
                if self.open.contains(&ptr) {
                    self.out.push_str("{...}");
                } else {
                    self.open.push(ptr);
                    self.dict(d)?;
                    self.open.pop();
                }
            }
            Value::DictView(d, kind) => {
                self.out.push_str(kind.type_name());
                let items = d.items(*kind)?;
                self.seq("([", &items, "])")?;
            }
            Value::Module(m) => {
                self.out.push_str("<module ");
                str_repr(&m.name, &mut self.out);
                self.out.push('>');
            }
            Value::Iter(_) | Value::Func(_) => {
                return Err(crate::error::Error::unsupported(
                    format!(
                        "printing a {} object (CPython shows its address)",
                        v.type_name()
                    ),
                    Default::default(),
                ));
            }
        }
        self.check()
    }

    fn dict(&mut self, d: &Dict) -> Result<()> {
        self.budget.enter()?;
        self.out.push('{');
        for (i, e) in d.entries()?.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.repr(&e.key)?;
            self.out.push_str(": ");
            self.repr(&e.value)?;
        }
        self.out.push('}');
        self.budget.leave();
        Ok(())
    }

    fn seq(&mut self, open: &str, items: &[Value], close: &str) -> Result<()> {
        self.budget.enter()?;
        self.out.push_str(open);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.repr(item)?;
        }
        self.out.push_str(close);
        self.budget.leave();
        Ok(())
    }
}

/// `repr(v)`.
pub fn repr(v: &Value, budget: &mut Budget) -> Result<String> {
    let mut p = Printer::new(budget);
    p.repr(v)?;
    Ok(p.out)
}

/// `str(v)`.
pub fn to_str(v: &Value, budget: &mut Budget) -> Result<String> {
    let mut p = Printer::new(budget);
    p.str(v)?;
    Ok(p.out)
}

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
                "comparing dict views (they compare as sets)",
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
    fn floats_print_as_cpython_does() {
        for (x, s) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e20, "1e+20"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789.125, "123456789.125"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (-2.5, "-2.5"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "inf"),
            (f64::NAN, "nan"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (5e-324, "5e-324"),
        ] {
            assert_eq!(float_repr(x), s);
        }
    }

    #[test]
    fn reprs() {
        let mut b = Budget::new(&Limits::default());
        let list = List::new_value(vec![
            Value::Int(1),
            Value::str("it's"),
            Value::tuple(vec![Value::None]),
        ]);
        assert_eq!(repr(&list, &mut b).unwrap(), "[1, \"it's\", (None,)]");
        let Value::List(l) = &list else {
            unreachable!()
        };
        l.with_mut(|v| v.push(list.clone())).unwrap();
        assert_eq!(
            repr(&list, &mut b).unwrap(),
            "[1, \"it's\", (None,), [...]]"
        );
        l.with_mut(Vec::clear).unwrap();
        assert_eq!(
            repr(&Value::str("a\nb'\"\\"), &mut b).unwrap(),
            "'a\\nb\\'\"\\\\'"
        );
        assert_eq!(
            repr(&Value::Range(Rc::new([0, 5, 2])), &mut b).unwrap(),
            "range(0, 5, 2)"
        );
    }

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
