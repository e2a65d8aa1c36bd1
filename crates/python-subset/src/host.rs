//! Host objects: values an embedder adds to the language without the interpreter knowing what
//! they are (the lab's NumPy arrays, dtypes and modules). A host type implements [`Object`];
//! its values are [`Value::Host`]. Every method has a default that gives CPython's `TypeError`
//! (or `AttributeError`) for an object that lacks the feature, so a type implements only what
//! it has. Operators return `Ok(None)` for "not implemented", and the interpreter then tries
//! the other operand's reflected form, then raises CPython's `TypeError`, as CPython does.
//!
//! The host's own state (what the embedder counts across a run) lives in the interpreter:
//! [`Interp::host`] holds it, and [`Interp::host_state`] hands it back typed.

use crate::ast::{BinOp, CmpOp, UnaryOp};
use crate::error::{Error, ExcClass, Result, Span};
use crate::eval::Interp;
use crate::value::Value;
use core::any::Any;
use std::rc::Rc;

/// A call's arguments as a host receives them: every value with the span of its argument, so
/// that an error can mark the faulty one.
#[derive(Clone, Default)]
pub struct HostArgs {
    /// Positional arguments.
    pub pos: Vec<(Value, Span)>,
    /// Keyword arguments: name, value, span.
    pub kw: Vec<(Rc<str>, Value, Span)>,
    /// The span of the whole call.
    pub span: Span,
}

/// The parts of a subscript, evaluated: `x[1, ::2, None, ...]` gives an int, a
/// [`Value::Slice`], `None` and [`Value::Ellipsis`], each with the span of its part. A lone
/// subscript (`x[t]`) is one part, whatever its value.
pub type HostIndex = [(Value, Span)];

/// What a host object can do. Implementors give at least [`Object::type_name`],
/// [`Object::as_any`] and [`Object::repr`].
// `len` is Python's `len()`, which has no `is_empty` beside it (truth is [`Object::truth`]).
#[allow(clippy::len_without_is_empty)]
pub trait Object {
    /// The type's name as CPython's messages give it: `numpy.ndarray`, `Tensor`, `module`.
    fn type_name(&self) -> &'static str;

    /// The object itself, to downcast to the host's type.
    fn as_any(&self) -> &dyn Any;

    /// `repr(self)`.
    fn repr(&self) -> Result<String>;

    /// `str(self)`; `repr` by default.
    fn str(&self) -> Result<String> {
        self.repr()
    }

    /// `self.name`; `span` is the name's.
    fn attr(&self, interp: &mut Interp, name: &str, span: Span) -> Result<Value> {
        let _ = interp;
        Err(Error::exception(
            ExcClass::AttributeError,
            format!("'{}' object has no attribute '{name}'", self.type_name()),
            span,
        ))
    }

    /// `self(*args)`.
    fn call(&self, interp: &mut Interp, args: HostArgs) -> Result<Value> {
        let _ = interp;
        Err(Error::type_error(
            format!("'{}' object is not callable", self.type_name()),
            args.span,
        ))
    }

    /// `self[index]`; `span` is the whole subscript expression's.
    fn get_item(&self, interp: &mut Interp, index: &HostIndex, span: Span) -> Result<Value> {
        let _ = (interp, index);
        Err(Error::type_error(
            format!("'{}' object is not subscriptable", self.type_name()),
            span,
        ))
    }

    /// `self[index] = value`: writes through to whatever memory `self` shows.
    fn set_item(
        &self,
        interp: &mut Interp,
        index: &HostIndex,
        value: Value,
        span: Span,
    ) -> Result<()> {
        let _ = (interp, index, value);
        Err(Error::type_error(
            format!(
                "'{}' object does not support item assignment",
                self.type_name()
            ),
            span,
        ))
    }

    /// `self op other` (or `other op self` when `reflected`); `Ok(None)` is "not implemented".
    fn binary(
        &self,
        interp: &mut Interp,
        op: BinOp,
        other: &Value,
        reflected: bool,
        span: Span,
    ) -> Result<Option<Value>> {
        let _ = (interp, op, other, reflected, span);
        Ok(None)
    }

    /// `self op= other`; falls back to [`Object::binary`] when `Ok(None)`, as CPython does.
    /// A mutable object writes into itself and returns itself.
    fn inplace(
        &self,
        interp: &mut Interp,
        op: BinOp,
        other: &Value,
        span: Span,
    ) -> Result<Option<Value>> {
        let _ = (interp, op, other, span);
        Ok(None)
    }

    /// `self op other` for a comparison (`other op self` when `reflected`, with `op` already
    /// mirrored: `a < b` asks `b > a`); `Ok(None)` is "not implemented". `in` is asked of the
    /// container as `CmpOp::In` with the item as `other`.
    fn compare(
        &self,
        interp: &mut Interp,
        op: CmpOp,
        other: &Value,
        reflected: bool,
        span: Span,
    ) -> Result<Option<Value>> {
        let _ = (interp, op, other, reflected, span);
        Ok(None)
    }

    /// `-self`, `+self`, `~self`; `Ok(None)` is CPython's "bad operand type".
    fn unary(&self, interp: &mut Interp, op: UnaryOp, span: Span) -> Result<Option<Value>> {
        let _ = (interp, op, span);
        Ok(None)
    }

    /// Whether `self is other`, for two host values that are not the same Rc (an embedder may
    /// wrap one object of its own anew each time it hands it out).
    fn same(&self, other: &dyn Object) -> bool {
        let _ = other;
        false
    }

    /// The items `iter(self)` walks.
    fn iter(&self) -> Result<Vec<Value>> {
        Err(Error::type_error(
            format!("'{}' object is not iterable", self.type_name()),
            Span::default(),
        ))
    }

    /// `len(self)`.
    fn len(&self) -> Result<usize> {
        Err(Error::type_error(
            format!("object of type '{}' has no len()", self.type_name()),
            Span::default(),
        ))
    }

    /// `bool(self)`.
    fn truth(&self) -> Result<bool> {
        Ok(true)
    }

    /// `operator.index(self)`: `None` when the type has no `__index__`.
    fn index(&self) -> Option<Result<i64>> {
        None
    }

    /// `int(self)`: `None` when the type has no `__int__`.
    fn to_int(&self) -> Option<Result<Value>> {
        None
    }

    /// `float(self)`: `None` when the type has no `__float__`.
    fn to_float(&self) -> Option<Result<f64>> {
        None
    }

    /// `type(self)`, when the host can name it as a value.
    fn class(&self) -> Option<Value> {
        None
    }

    /// The names and values `from module import *` binds, for a module: its `__all__`, or its
    /// names that do not start with `_`. `None` (the default) where the host does not list
    /// them: the import is then outside the subset.
    fn star_names(&self) -> Option<Vec<(Rc<str>, Value)>> {
        None
    }

    /// `abs(self)`; `Ok(None)` is CPython's "bad operand type for abs()".
    fn abs(&self, interp: &mut Interp, span: Span) -> Result<Option<Value>> {
        let _ = (interp, span);
        Ok(None)
    }
}

impl Value {
    /// A host value.
    pub fn host(object: impl Object + 'static) -> Value {
        Value::Host(Rc::new(object))
    }

    /// The host object, if this is one of type `T`.
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        match self {
            Value::Host(h) => h.as_any().downcast_ref::<T>(),
            _ => None,
        }
    }
}

/// The span of the name in `obj.name`: the attribute expression ends with the name.
pub fn name_span(expr: Span, name: &str) -> Span {
    Span::new(
        expr.end.saturating_sub(name.len()).max(expr.start),
        expr.end,
    )
}

/// CPython's operator reflected for the other operand: `a < b` is `b > a`.
pub fn mirrored(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    /// A toy host type: a number that knows `+` with ints (both orders), indexing that reports
    /// its parts, one attribute, and no `len`.
    struct Num(i128);

    impl Object for Num {
        fn type_name(&self) -> &'static str {
            "toy.Num"
        }
        fn as_any(&self) -> &dyn Any {
            self
        }
        fn repr(&self) -> Result<String> {
            Ok(format!("Num({})", self.0))
        }
        fn attr(&self, _: &mut Interp, name: &str, span: Span) -> Result<Value> {
            match name {
                "value" => Ok(Value::Int(self.0)),
                _ => Err(Error::exception(
                    ExcClass::AttributeError,
                    format!("no {name} at {}..{}", span.start, span.end),
                    span,
                )),
            }
        }
        fn get_item(&self, _: &mut Interp, index: &HostIndex, _: Span) -> Result<Value> {
            let mut parts = Vec::new();
            for (v, s) in index {
                let mut b = crate::limits::Budget::new(&Limits::default());
                parts.push(format!("{}@{}", crate::value::repr(v, &mut b)?, s.start));
            }
            Ok(Value::str(&parts.join(" ")))
        }
        fn binary(
            &self,
            _: &mut Interp,
            op: BinOp,
            other: &Value,
            reflected: bool,
            _: Span,
        ) -> Result<Option<Value>> {
            match (op, other) {
                (BinOp::Add, Value::Int(i)) => Ok(Some(Value::host(Num(self.0 + i)))),
                (BinOp::Sub, Value::Int(i)) if reflected => Ok(Some(Value::host(Num(i - self.0)))),
                _ => Ok(None),
            }
        }
    }

    /// The repr of the program's last expression, or `!` and the error.
    fn run(source: &str) -> String {
        run_inner(source).unwrap_or_else(|e| format!("!{e}"))
    }

    fn run_inner(source: &str) -> core::result::Result<String, String> {
        let limits = Limits::default();
        let body = crate::parser::parse_module(source, &limits).map_err(|e| e.to_string())?;
        let (init, last) = body.split_at(body.len() - 1);
        let mut interp = Interp::new(&limits);
        interp.predefined = vec![(Rc::from("n"), Value::host(Num(5)))];
        interp.run(init).map_err(|e| e.to_string())?;
        let crate::ast::StmtKind::Expr(e) = &last[0].kind else {
            panic!("ends with an expression")
        };
        let v = interp
            .eval(e)
            .map_err(|e| format!("{e} at {}", e.span.start))?;
        crate::value::repr(&v, &mut interp.budget).map_err(|e| e.to_string())
    }

    #[test]
    fn operators_try_the_host_in_both_orders_then_raise_cpythons_type_error() {
        assert_eq!(run("n + 1"), ("Num(6)"));
        assert_eq!(run("1 + n"), ("Num(6)"));
        assert_eq!(
            run("'a' + n"),
            ("!TypeError: unsupported operand type(s) for +: 'str' and 'toy.Num' at 0")
        );
        assert_eq!(run("10 - n"), ("Num(5)"));
        assert_eq!(
            run("n - 1"),
            ("!TypeError: unsupported operand type(s) for -: 'toy.Num' and 'int' at 0")
        );
        assert_eq!(run("x = n\nx += 2\nx"), ("Num(7)"));
        assert_eq!(
            run("-n"),
            ("!TypeError: bad operand type for unary -: 'toy.Num' at 0")
        );
    }

    #[test]
    fn defaults_give_cpythons_messages() {
        assert_eq!(
            run("n()"),
            ("!TypeError: 'toy.Num' object is not callable at 0")
        );
        assert_eq!(
            run("len(n)"),
            ("!TypeError: object of type 'toy.Num' has no len() at 0")
        );
        assert_eq!(
            run("n[0] = 1\n0"),
            ("!TypeError: 'toy.Num' object does not support item assignment")
        );
        assert_eq!(
            run("[x for x in n]"),
            ("!TypeError: 'toy.Num' object is not iterable at 12")
        );
        assert_eq!(run("n == n, n is n, n != 1"), ("(True, True, True)"));
    }

    #[test]
    fn attributes_and_subscripts_carry_their_spans() {
        assert_eq!(run("n.value"), ("5"));
        // The name's span, not the whole expression's.
        assert_eq!(run("(n).nope"), ("!AttributeError: no nope at 4..8 at 4"));
        assert_eq!(
            run("n[1, ::2, None, ...]"),
            ("'1@2 slice(None, None, 2)@5 None@10 Ellipsis@16'")
        );
        assert_eq!(run("n[(1, 2)]"), ("'1@3 2@6'"));
    }

    #[test]
    fn the_ellipsis_literal_is_cpythons() {
        assert_eq!(run("x = ...\nx, x == ..."), ("(Ellipsis, True)"));
        assert_eq!(
            run("... = 1\n0"),
            // CPython goes on " here. Maybe you meant '==' instead of '='?", which the parser
            // leaves out for every target it refuses.
            ("!SyntaxError: cannot assign to ellipsis")
        );
    }
}
