//! Expressions and calls of `def` functions (comprehensions are in `eval/comprehension.rs`).
//! Like the statements, the expression dispatch keeps its arms that need locals out of line: its
//! frame is paid for at every nesting level of an expression.

use super::{Args, Flow, Frame, Index, Interp, at, ops, plural};
use crate::ast::{Arg, CmpOp, Comp, Expr, ExprKind, FPart};
use crate::construct::Construct;
use crate::error::{Error, Result, Span};
use crate::limits::Limit;
use crate::value::{ExcObj, FuncObj, List, Value, eq, less, repr as repr_of, to_str};
use std::rc::Rc;

impl Interp {
    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expr) -> Result<Value> {
        self.budget.step().map_err(|err| at(err, e.span))?;
        self.budget.enter().map_err(|err| at(err, e.span))?;
        let v = self.eval_inner(e);
        self.budget.leave();
        v.map_err(|err| at(err, e.span))
    }

    /// Dispatches an expression; see the module's note on frames.
    fn eval_inner(&mut self, e: &Expr) -> Result<Value> {
        Ok(match &e.kind {
            ExprKind::None => Value::None,
            ExprKind::Bool(b) => Value::Bool(*b),
            ExprKind::Int(i) => Value::Int(*i),
            ExprKind::Float(f) => Value::Float(*f),
            ExprKind::Str(s) => Value::Str(s.clone()),
            ExprKind::FStr(parts) => self.eval_fstring(parts)?,
            ExprKind::Name(n) => self.load(n)?,
            ExprKind::List(items) => self.eval_items(items, true)?,
            ExprKind::Tuple(items) => self.eval_items(items, false)?,
            ExprKind::Ellipsis => Value::Ellipsis,
            ExprKind::Unary(op, operand) => {
                let v = self.eval(operand)?;
                self.unary(*op, &v, e.span)?
            }
            ExprKind::Binary(op, a, b) => self.eval_binary(*op, a, b)?,
            ExprKind::Logic(is_and, a, b) => {
                let x = self.eval(a)?;
                if self.truth(&x).map_err(|err| at(err, a.span))? == *is_and {
                    self.eval(b)?
                } else {
                    x
                }
            }
            ExprKind::Compare(first, chain) => self.eval_compare(first, chain)?,
            ExprKind::IfElse(parts) => {
                let [then, cond, other] = &**parts;
                let c = self.eval(cond)?;
                if self.truth(&c).map_err(|err| at(err, cond.span))? {
                    self.eval(then)?
                } else {
                    self.eval(other)?
                }
            }
            ExprKind::Call(func, args) => self.eval_call(func, args, e.span)?,
            ExprKind::Attr(obj, name) => {
                let v = self.eval(obj)?;
                if let Value::Host(h) = &v {
                    return h.attr(self, name, crate::host::name_span(e.span, name));
                }
                self.get_attr(&v, name)?
            }
            ExprKind::Index(obj, index) => self.eval_subscript(obj, index)?,
            ExprKind::Slice(_) => {
                return Err(Error::unsupported(Construct::SliceOutsideBrackets, e.span));
            }
            ExprKind::ListComp(comp) => self.eval_list_comp(comp)?,
            ExprKind::Dict(items) => self.eval_dict(items)?,
            ExprKind::DictComp(comp) => self.eval_dict_comp(comp)?,
            ExprKind::Lambda(def) => self.make_function(def)?,
            ExprKind::GenExp(_) => {
                return Err(Error::unsupported(Construct::GeneratorExpressions, e.span));
            }
        })
    }

    #[inline(never)]
    fn eval_fstring(&mut self, parts: &[FPart]) -> Result<Value> {
        let mut out = String::new();
        for part in parts {
            match part {
                FPart::Lit(s) => out.push_str(s),
                FPart::Value { expr, repr, spec } => {
                    if !spec.is_empty() {
                        let what = Construct::FormatSpecs;
                        return Err(Error::unsupported(what, expr.span));
                    }
                    let v = self.eval(expr)?;
                    let text = if *repr {
                        repr_of(&v, &mut self.budget)?
                    } else {
                        to_str(&v, &mut self.budget)?
                    };
                    out.push_str(&text);
                }
            }
            self.budget.alloc_str(out.len())?;
        }
        Ok(Value::str(&out))
    }

    #[inline(never)]
    fn eval_items(&mut self, items: &[Expr], list: bool) -> Result<Value> {
        self.budget.alloc_items(items.len())?;
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.eval(item)?);
        }
        Ok(if list {
            List::new_value(values)
        } else {
            Value::tuple(values)
        })
    }

    #[inline(never)]
    fn eval_binary(&mut self, op: crate::ast::BinOp, a: &Expr, b: &Expr) -> Result<Value> {
        let x = self.eval(a)?;
        let y = self.eval(b)?;
        self.binary(op, &x, &y, a.span.to(b.span))
    }

    #[inline(never)]
    fn eval_compare(&mut self, first: &Expr, chain: &[(CmpOp, Expr)]) -> Result<Value> {
        let mut left = self.eval(first)?;
        let mut result = Value::Bool(true);
        for (op, right) in chain {
            let right_value = self.eval(right)?;
            let span = first.span.to(right.span);
            result = self
                .compare_value(*op, &left, &right_value, span)
                .map_err(|err| at(err, span))?;
            if chain.len() > 1 && !self.truth(&result).map_err(|err| at(err, span))? {
                return Ok(result);
            }
            left = right_value;
        }
        Ok(result)
    }

    #[inline(never)]
    fn eval_call(&mut self, func: &Expr, args: &[Arg], call: Span) -> Result<Value> {
        if let ExprKind::Attr(obj, name) = &func.kind {
            let recv = self.eval(obj)?;
            if let Value::Host(h) = &recv {
                let method = h
                    .attr(self, name, crate::host::name_span(func.span, name))
                    .map_err(|e| at(e, func.span))?;
                return self.call_host_value(&method, args, call);
            }
            if let Value::Dict(d) = &recv {
                if !super::dict::DICT_METHODS.contains(&&**name) {
                    return Err(at(super::dict::attribute_error(name), func.span));
                }
                let args = self.eval_args(args)?;
                return super::dict::dict_method(self, d, name, args);
            }
            if matches!(recv, Value::List(_) | Value::Tuple(_) | Value::Str(_)) {
                super::methods::lookup_method(&recv, name).map_err(|e| at(e, func.span))?;
                let args = self.eval_args(args)?;
                return super::methods::call_method(self, &recv, name, args);
            }
            let f = self.get_attr(&recv, name).map_err(|e| at(e, func.span))?;
            if let Value::Host(_) = &f {
                return self.call_host_value(&f, args, call);
            }
            let args = self.eval_args(args)?;
            return self.call(&f, args);
        }
        let f = self.eval(func)?;
        if let Value::Host(_) = &f {
            return self.call_host_value(&f, args, call);
        }
        let args = self.eval_args(args)?;
        self.call(&f, args)
    }

    /// Calls a host object with its arguments' spans.
    fn call_host_value(&mut self, f: &Value, args: &[Arg], callee: Span) -> Result<Value> {
        let Value::Host(h) = f else {
            let args = self.eval_args(args)?;
            return self.call(f, args);
        };
        let mut host = crate::host::HostArgs {
            span: callee,
            ..Default::default()
        };
        for arg in args {
            if let ExprKind::GenExp(_) = &arg.value.kind {
                return Err(Error::unsupported(
                    Construct::GeneratorToLibrary,
                    arg.value.span,
                ));
            }
            let v = self.eval(&arg.value)?;
            match &arg.name {
                Some(name) => host.kw.push((name.clone(), v, arg.value.span)),
                None => host.pos.push((v, arg.value.span)),
            }
        }
        let h = h.clone();
        h.call(self, host)
    }

    #[inline(never)]
    fn eval_subscript(&mut self, obj: &Expr, index: &Expr) -> Result<Value> {
        let span = obj.span.to(index.span);
        let obj = self.eval(obj)?;
        if let Value::Host(h) = &obj {
            let parts = self.host_index(index)?;
            return h.get_item(self, &parts, span);
        }
        let index = self.eval_index(index)?;
        self.get_item(&obj, &index)
    }

    #[inline(never)]
    fn eval_list_comp(&mut self, comp: &Comp) -> Result<Value> {
        let mut items = Vec::new();
        self.comprehension(comp, &mut |interp, v| {
            interp.budget.push(items.len() + 1)?;
            items.push(v);
            Ok(true)
        })?;
        Ok(List::new_value(items))
    }

    pub(super) fn eval_args<'e>(&mut self, args: &'e [Arg]) -> Result<Args<'e>> {
        let mut out = Args {
            pos: Vec::with_capacity(args.len()),
            kw: Vec::new(),
            gen_exp: None,
        };
        for arg in args {
            if let ExprKind::GenExp(comp) = &arg.value.kind {
                out.gen_exp = Some(comp);
                continue;
            }
            let v = self.eval(&arg.value)?;
            match &arg.name {
                Some(name) => out.kw.push((name.clone(), v)),
                None => out.pos.push(v),
            }
        }
        Ok(out)
    }

    /// Evaluates what is inside `[ ]` for a host object: each part of a tuple subscript (a
    /// slice as [`Value::Slice`]) with its span, or the one value of any other subscript.
    pub(super) fn host_index(&mut self, index: &Expr) -> Result<Vec<(Value, Span)>> {
        let parts: &[Expr] = match &index.kind {
            ExprKind::Tuple(items) => items,
            _ => core::slice::from_ref(index),
        };
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            let v = match &part.kind {
                ExprKind::Slice(bounds) => {
                    let mut values = [Value::None, Value::None, Value::None];
                    for (slot, bound) in values.iter_mut().zip(bounds.iter()) {
                        if let Some(e) = bound {
                            *slot = self.eval(e)?;
                        }
                    }
                    Value::Slice(Rc::new(values))
                }
                _ => self.eval(part)?,
            };
            out.push((v, part.span));
        }
        Ok(out)
    }

    /// Evaluates what is inside `[ ]`: a value, or the bounds of a slice.
    pub(super) fn eval_index(&mut self, index: &Expr) -> Result<Index> {
        let ExprKind::Slice(parts) = &index.kind else {
            return Ok(Index::Item(self.eval(index)?));
        };
        let mut bounds = [None, None, None];
        for (bound, part) in bounds.iter_mut().zip(parts.iter()) {
            let Some(e) = part else { continue };
            match self.eval(e)? {
                Value::None => {}
                v => match v.as_int() {
                    Some(i) => *bound = Some(i),
                    None => {
                        return Err(Error::type_error(
                            "slice indices must be integers or None or have an __index__ method",
                            e.span,
                        ));
                    }
                },
            }
        }
        Ok(Index::Slice(bounds))
    }

    pub(super) fn compare(&mut self, op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
        let order = |interp: &mut Interp,
                     x: &Value,
                     y: &Value,
                     or_equal: bool,
                     text: &str|
         -> Result<bool> {
            less(x, y, or_equal, &mut interp.budget)?.ok_or_else(|| {
                Error::type_error(
                    format!(
                        "'{text}' not supported between instances of '{}' and '{}'",
                        a.type_name(),
                        b.type_name()
                    ),
                    Span::default(),
                )
            })
        };
        match op {
            CmpOp::Eq => eq(a, b, &mut self.budget),
            CmpOp::Ne => Ok(!eq(a, b, &mut self.budget)?),
            CmpOp::Lt => order(self, a, b, false, "<"),
            CmpOp::Le => order(self, a, b, true, "<="),
            CmpOp::Gt => order(self, b, a, false, ">"),
            CmpOp::Ge => order(self, b, a, true, ">="),
            CmpOp::In => ops::contains(b, a, &mut self.budget),
            CmpOp::NotIn => Ok(!ops::contains(b, a, &mut self.budget)?),
            CmpOp::Is | CmpOp::IsNot => {
                let same = match (a, b) {
                    (Value::None, _) | (_, Value::None) => {
                        matches!((a, b), (Value::None, Value::None))
                    }
                    (Value::Bool(x), Value::Bool(y)) => x == y,
                    (Value::Bool(_), _) | (_, Value::Bool(_)) => false,
                    (Value::List(_), Value::List(_)) | (Value::Func(_), Value::Func(_)) => {
                        eq(a, b, &mut self.budget)?
                    }
                    (Value::Iter(_), Value::Iter(_)) | (Value::Exc(_), Value::Exc(_)) => {
                        eq(a, b, &mut self.budget)?
                    }
                    (Value::Builtin(_) | Value::Class(_), Value::Builtin(_) | Value::Class(_)) => {
                        eq(a, b, &mut self.budget)?
                    }
                    (Value::List(_), _) | (_, Value::List(_)) => false,
                    _ => {
                        return Err(Error::unsupported(
                            Construct::IsBetweenValues,
                            Span::default(),
                        ));
                    }
                };
                Ok(same == (op == CmpOp::Is))
            }
        }
    }

    /// Calls a value.
    pub fn call(&mut self, f: &Value, args: Args<'_>) -> Result<Value> {
        match f {
            Value::Host(h) => {
                if args.gen_exp.is_some() {
                    return Err(Error::unsupported(
                        Construct::GeneratorToLibrary,
                        Span::default(),
                    ));
                }
                let host = crate::host::HostArgs {
                    pos: args.pos.into_iter().map(|v| (v, Span::default())).collect(),
                    kw: args
                        .kw
                        .into_iter()
                        .map(|(k, v)| (k, v, Span::default()))
                        .collect(),
                    span: Span::default(),
                };
                h.call(self, host)
            }
            Value::Func(func) => self.call_function(func, args),
            Value::Builtin(b) => super::builtins::call(self, *b, args),
            Value::Class(class) => {
                if !args.kw.is_empty() || args.gen_exp.is_some() {
                    let message = format!("{}() takes no keyword arguments", class.name());
                    return Err(Error::type_error(message, Span::default()));
                }
                self.budget.alloc_items(args.pos.len())?;
                Ok(Value::Exc(Rc::new(ExcObj {
                    class: *class,
                    args: args.pos,
                })))
            }
            _ => Err(Error::type_error(
                format!("'{}' object is not callable", f.type_name()),
                Span::default(),
            )),
        }
    }

    fn call_function(&mut self, func: &Rc<FuncObj>, args: Args<'_>) -> Result<Value> {
        let def = func.def.clone();
        let name = &def.name;
        if args.gen_exp.is_some() {
            return Err(Error::unsupported(
                Construct::GeneratorToDef,
                Span::default(),
            ));
        }
        let n = def.params.len();
        let mut slots: Vec<Option<Value>> = vec![None; n];
        if args.pos.len() > n {
            let required = func.defaults.iter().filter(|d| d.is_none()).count();
            let takes = if required == n {
                plural(n, "positional argument")
            } else {
                format!("from {required} to {n} positional arguments")
            };
            let given = args.pos.len();
            let was = if given == 1 { "was" } else { "were" };
            return Err(Error::type_error(
                format!("{name}() takes {takes} but {given} {was} given"),
                Span::default(),
            ));
        }
        for (slot, v) in slots.iter_mut().zip(args.pos) {
            *slot = Some(v);
        }
        for (k, v) in args.kw {
            let Some(i) = def.params.iter().position(|p| p.name == k) else {
                let message = format!("{name}() got an unexpected keyword argument '{k}'");
                return Err(Error::type_error(message, Span::default()));
            };
            match slots.get_mut(i) {
                Some(slot @ None) => *slot = Some(v),
                _ => {
                    let message = format!("{name}() got multiple values for argument '{k}'");
                    return Err(Error::type_error(message, Span::default()));
                }
            }
        }
        let mut missing = Vec::new();
        for ((slot, default), param) in slots.iter_mut().zip(&func.defaults).zip(&def.params) {
            if slot.is_none() {
                match default {
                    Some(d) => *slot = Some(d.clone()),
                    None => missing.push(format!("'{}'", param.name)),
                }
            }
        }
        if !missing.is_empty() {
            let count = missing.len();
            let list = match missing.as_slice() {
                [one] => one.clone(),
                [a, b] => format!("{a} and {b}"),
                [init @ .., last] => format!("{}, and {last}", init.join(", ")),
                [] => String::new(),
            };
            let message = format!(
                "{name}() missing {} {list}",
                plural(count, "required positional argument")
            );
            return Err(Error::type_error(message, Span::default()));
        }
        if self.frames.len() >= self.budget.limits.max_call_depth {
            return Err(Error::limit(Limit::Recursion, Span::default()));
        }
        let locals: Vec<(Rc<str>, super::Cell)> = def
            .locals
            .iter()
            .map(|n| {
                let v = def
                    .params
                    .iter()
                    .position(|p| p.name == *n)
                    .and_then(|i| slots.get_mut(i))
                    .and_then(Option::take);
                (n.clone(), Rc::new(core::cell::RefCell::new(v)))
            })
            .collect();
        let env = func.env.try_borrow().map(|e| e.clone()).unwrap_or_default();
        self.frames.push(Frame {
            locals: Some(locals),
            comp: Vec::new(),
            env,
        });
        let flow = self.exec_block(&def.body);
        self.frames.pop();
        Ok(match flow? {
            Flow::Return(v) => v,
            _ => Value::None,
        })
    }
}
