//! The evaluator: walks the syntax tree, statement by statement, as CPython runs it. This file
//! holds statements, expressions, scopes, assignment, subscripts and calls of `def` functions;
//! [`builtins`] the built-in functions and methods, [`ops`] the operators, [`iter`] iteration and
//! [`format`] f-string formatting.
//!
//! Scopes follow CPython's: a function's locals are the names it assigns anywhere (known from
//! the parser), so reading one before it is set is an `UnboundLocalError`; a comprehension has
//! its own scope for the names its `for` clauses bind; other names are globals, then built-ins.
//! Every statement and expression takes a step and a level of the nesting guard.

pub mod builtins;
pub mod format;
pub mod iter;
pub mod methods;
pub mod ops;

use crate::ast::{Arg, Clause, CmpOp, Comp, Expr, ExprKind, FPart, Stmt, StmtKind, Target};
use crate::error::{Error, ExcClass, Result, Span};
use crate::limits::{Budget, Limit, Limits};
use crate::value::{ExcObj, FuncObj, List, Value, eq, less, range_len, to_str};
use iter::{IterState, iterate};
use std::rc::Rc;

/// How a block ended.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

/// A scope: a function's locals (none at module level) and the comprehension scopes open in it.
struct Frame {
    locals: Option<Vec<(Rc<str>, Option<Value>)>>,
    comp: Vec<(Rc<str>, Option<Value>)>,
}

/// The arguments of a call, evaluated; a generator expression stays unevaluated.
pub struct Args<'e> {
    /// Positional arguments.
    pub pos: Vec<Value>,
    /// Keyword arguments.
    pub kw: Vec<(Rc<str>, Value)>,
    /// A generator expression passed as the only argument.
    pub gen_exp: Option<&'e Comp>,
}

/// What a built-in walks: a value, or a generator expression run lazily.
pub enum Source<'e> {
    /// An iterable value.
    Value(Value),
    /// A generator expression.
    Gen(&'e Comp),
}

/// A running program: its globals, call stack, printed output and budget.
pub struct Interp {
    /// The budget this run counts against.
    pub budget: Budget,
    globals: Vec<(Rc<str>, Value)>,
    /// The module's scope, under the calls in progress.
    module: Frame,
    frames: Vec<Frame>,
    /// What `print` wrote.
    pub output: String,
}

/// Puts an error that has no place yet at `span`.
fn at(mut e: Error, span: Span) -> Error {
    if e.span == Span::default() {
        e.span = span;
    }
    e
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("{n} {word}") } else { format!("{n} {word}s") }
}

impl Interp {
    /// A fresh interpreter with empty globals.
    pub fn new(limits: &Limits) -> Interp {
        Interp {
            budget: Budget::new(limits),
            globals: Vec::new(),
            module: Frame { locals: None, comp: Vec::new() },
            frames: Vec::new(),
            output: String::new(),
        }
    }

    /// Runs a module's statements.
    pub fn run(&mut self, body: &[Stmt]) -> Result<()> {
        self.exec_block(body).map(|_| ())
    }

    fn frame(&mut self) -> &mut Frame {
        match self.frames.last_mut() {
            Some(f) => f,
            None => &mut self.module,
        }
    }

    fn exec_block(&mut self, body: &[Stmt]) -> Result<Flow> {
        for stmt in body {
            let flow = self.exec(stmt).map_err(|e| at(e, stmt.span))?;
            if !matches!(flow, Flow::Normal) {
                return Ok(flow);
            }
        }
        Ok(Flow::Normal)
    }

    fn exec(&mut self, stmt: &Stmt) -> Result<Flow> {
        self.budget.step()?;
        self.budget.enter()?;
        let flow = self.exec_inner(stmt);
        self.budget.leave();
        flow
    }

    fn exec_inner(&mut self, stmt: &Stmt) -> Result<Flow> {
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.eval(e)?;
            }
            StmtKind::Assign(targets, value) => {
                let v = self.eval(value)?;
                for t in targets {
                    self.assign(t, v.clone())?;
                }
            }
            StmtKind::AugAssign(target, op, value) => match target {
                Target::Index(obj, index, _) => {
                    let obj = self.eval(obj)?;
                    let index = self.eval_index(index)?;
                    let current = self.get_item(&obj, &index)?;
                    let rhs = self.eval(value)?;
                    let new = ops::inplace(*op, &current, &rhs, &mut self.budget)?;
                    self.set_item(&obj, &index, new)?;
                }
                _ => {
                    let current = match target {
                        Target::Name(n, span) => self.load(n).map_err(|e| at(e, *span))?,
                        _ => Value::None,
                    };
                    let rhs = self.eval(value)?;
                    let new = ops::inplace(*op, &current, &rhs, &mut self.budget)?;
                    self.assign(target, new)?;
                }
            },
            StmtKind::If(branches, orelse) => {
                for (cond, body) in branches {
                    if self.eval(cond)?.truthy() {
                        return self.exec_block(body);
                    }
                }
                return self.exec_block(orelse);
            }
            StmtKind::While(cond, body, orelse) => {
                while self.eval(cond)?.truthy() {
                    match self.exec_block(body)? {
                        Flow::Break => return Ok(Flow::Normal),
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Normal | Flow::Continue => {}
                    }
                }
                return self.exec_block(orelse);
            }
            StmtKind::For(target, iterable, body, orelse) => {
                let seq = self.eval(iterable)?;
                let mut it = iterate(&seq).map_err(|e| at(e, iterable.span))?;
                while let Some(v) = it.next(&mut self.budget)? {
                    self.assign(target, v)?;
                    match self.exec_block(body)? {
                        Flow::Break => return Ok(Flow::Normal),
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Normal | Flow::Continue => {}
                    }
                }
                return self.exec_block(orelse);
            }
            StmtKind::Def(def) => {
                let mut defaults = Vec::with_capacity(def.params.len());
                for p in &def.params {
                    defaults.push(match &p.default {
                        Some(e) => Some(self.eval(e)?),
                        None => None,
                    });
                }
                let f = Value::Func(Rc::new(FuncObj { def: def.clone(), defaults }));
                self.store(&def.name, f);
            }
            StmtKind::Return(value) => {
                let v = match value {
                    Some(e) => self.eval(e)?,
                    None => Value::None,
                };
                return Ok(Flow::Return(v));
            }
            StmtKind::Pass => {}
            StmtKind::Break => return Ok(Flow::Break),
            StmtKind::Continue => return Ok(Flow::Continue),
            StmtKind::Raise(value) => {
                let Some(e) = value else {
                    return Err(Error::exception(ExcClass::RuntimeError, "No active exception to reraise", stmt.span));
                };
                let v = self.eval(e)?;
                return Err(self.raise(&v).map_err(|err| at(err, e.span))?);
            }
            StmtKind::Assert(cond, message) => {
                if !self.eval(cond)?.truthy() {
                    let text = match message {
                        Some(m) => {
                            let v = self.eval(m)?;
                            to_str(&v, &mut self.budget)?
                        }
                        None => String::new(),
                    };
                    return Err(Error::exception(ExcClass::AssertionError, text, stmt.span));
                }
            }
        }
        Ok(Flow::Normal)
    }

    /// The error that `raise v` raises.
    fn raise(&mut self, v: &Value) -> Result<Error> {
        match v {
            Value::Class(c) => Ok(Error::exception(*c, "", Span::default())),
            Value::Exc(e) => {
                let message = to_str(v, &mut self.budget)?;
                Ok(Error::exception(e.class, message, Span::default()))
            }
            _ => Err(Error::type_error("exceptions must derive from BaseException", Span::default())),
        }
    }

    /// Reads a name: comprehension scopes, then locals, then globals, then built-ins.
    fn load(&mut self, name: &Rc<str>) -> Result<Value> {
        let unbound = || {
            Error::exception(
                ExcClass::UnboundLocalError,
                format!("cannot access local variable '{name}' where it is not associated with a value"),
                Span::default(),
            )
        };
        let frame = self.frame();
        if let Some((_, v)) = frame.comp.iter().rev().find(|(n, _)| n == name) {
            return v.clone().ok_or_else(unbound);
        }
        if let Some(locals) = &frame.locals {
            if let Some((_, v)) = locals.iter().find(|(n, _)| n == name) {
                return v.clone().ok_or_else(unbound);
            }
        }
        if let Some((_, v)) = self.globals.iter().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        builtins::lookup(name)
    }

    fn store(&mut self, name: &Rc<str>, v: Value) {
        let frame = self.frame();
        if let Some(slot) = frame.comp.iter_mut().rev().find(|(n, _)| n == name) {
            slot.1 = Some(v);
            return;
        }
        if let Some(locals) = &mut frame.locals {
            match locals.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = Some(v),
                None => locals.push((name.clone(), Some(v))),
            }
            return;
        }
        match self.globals.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.globals.push((name.clone(), v)),
        }
    }

    fn assign(&mut self, target: &Target, v: Value) -> Result<()> {
        match target {
            Target::Name(n, _) => {
                self.store(n, v);
                Ok(())
            }
            Target::Index(obj, index, span) => {
                let obj = self.eval(obj)?;
                let index = self.eval_index(index)?;
                self.set_item(&obj, &index, v).map_err(|e| at(e, *span))
            }
            Target::Tuple(targets, span) => {
                let n = targets.len();
                let mut items = Vec::with_capacity(n);
                let mut it = iterate(&v).map_err(|e| at(e, *span))?;
                while let Some(item) = it.next(&mut self.budget)? {
                    if items.len() == n {
                        let message = format!("too many values to unpack (expected {n})");
                        return Err(Error::value_error(message, *span));
                    }
                    items.push(item);
                }
                if items.len() < n {
                    let message = format!("not enough values to unpack (expected {n}, got {})", items.len());
                    return Err(Error::value_error(message, *span));
                }
                for (t, item) in targets.iter().zip(items) {
                    self.assign(t, item)?;
                }
                Ok(())
            }
        }
    }

    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expr) -> Result<Value> {
        self.budget.step().map_err(|err| at(err, e.span))?;
        self.budget.enter().map_err(|err| at(err, e.span))?;
        let v = self.eval_inner(e);
        self.budget.leave();
        v.map_err(|err| at(err, e.span))
    }

    fn eval_inner(&mut self, e: &Expr) -> Result<Value> {
        Ok(match &e.kind {
            ExprKind::None => Value::None,
            ExprKind::Bool(b) => Value::Bool(*b),
            ExprKind::Int(i) => Value::Int(*i),
            ExprKind::Float(f) => Value::Float(*f),
            ExprKind::Str(s) => Value::Str(s.clone()),
            ExprKind::FStr(parts) => {
                let mut out = String::new();
                for part in parts {
                    match part {
                        FPart::Lit(s) => out.push_str(s),
                        FPart::Value { expr, repr, spec } => {
                            let v = self.eval(expr)?;
                            let text = format::format(&v, *repr, spec, &mut self.budget).map_err(|err| at(err, expr.span))?;
                            out.push_str(&text);
                        }
                    }
                    self.budget.alloc_str(out.len())?;
                }
                Value::str(&out)
            }
            ExprKind::Name(n) => self.load(n)?,
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                self.budget.alloc_items(items.len())?;
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(item)?);
                }
                if matches!(e.kind, ExprKind::List(_)) { List::new_value(values) } else { Value::tuple(values) }
            }
            ExprKind::Unary(op, operand) => {
                let v = self.eval(operand)?;
                ops::unary(*op, &v)?
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                ops::binary(*op, &x, &y, &mut self.budget)?
            }
            ExprKind::Logic(is_and, a, b) => {
                let x = self.eval(a)?;
                if x.truthy() == *is_and { self.eval(b)? } else { x }
            }
            ExprKind::Compare(first, chain) => {
                let mut left = self.eval(first)?;
                for (op, right) in chain {
                    let right = self.eval(right)?;
                    if !self.compare(*op, &left, &right).map_err(|err| at(err, e.span))? {
                        return Ok(Value::Bool(false));
                    }
                    left = right;
                }
                Value::Bool(true)
            }
            ExprKind::IfElse(parts) => {
                let [then, cond, other] = &**parts;
                if self.eval(cond)?.truthy() { self.eval(then)? } else { self.eval(other)? }
            }
            ExprKind::Call(func, args) => {
                if let ExprKind::Attr(obj, name) = &func.kind {
                    let recv = self.eval(obj)?;
                    let args = self.eval_args(args)?;
                    return methods::call_method(self, &recv, name, args);
                }
                let f = self.eval(func)?;
                let args = self.eval_args(args)?;
                self.call(&f, args)?
            }
            ExprKind::Attr(obj, name) => {
                let v = self.eval(obj)?;
                return Err(methods::attribute_error(&v, name));
            }
            ExprKind::Index(obj, index) => {
                let obj = self.eval(obj)?;
                let index = self.eval_index(index)?;
                self.get_item(&obj, &index)?
            }
            ExprKind::Slice(_) => return Err(Error::unsupported("slice objects outside of [ ]", e.span)),
            ExprKind::ListComp(comp) => {
                let mut items = Vec::new();
                self.comprehension(comp, &mut |interp, v| {
                    interp.budget.push(items.len() + 1)?;
                    items.push(v);
                    Ok(true)
                })?;
                List::new_value(items)
            }
            ExprKind::GenExp(_) => {
                return Err(Error::unsupported(
                    "generator expressions, except as the argument of sum, any, all, min, max, list, tuple, sorted or str.join",
                    e.span,
                ));
            }
        })
    }

    fn eval_args<'e>(&mut self, args: &'e [Arg]) -> Result<Args<'e>> {
        let mut out = Args { pos: Vec::with_capacity(args.len()), kw: Vec::new(), gen_exp: None };
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

    /// Evaluates what is inside `[ ]`: a value, or the bounds of a slice.
    fn eval_index(&mut self, index: &Expr) -> Result<Index> {
        let ExprKind::Slice(parts) = &index.kind else { return Ok(Index::Item(self.eval(index)?)) };
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

    fn compare(&mut self, op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
        let order = |interp: &mut Interp, x: &Value, y: &Value, or_equal: bool, text: &str| -> Result<bool> {
            less(x, y, or_equal, &mut interp.budget)?.ok_or_else(|| {
                Error::type_error(
                    format!("'{text}' not supported between instances of '{}' and '{}'", a.type_name(), b.type_name()),
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
                    (Value::None, _) | (_, Value::None) => matches!((a, b), (Value::None, Value::None)),
                    (Value::Bool(x), Value::Bool(y)) => x == y,
                    (Value::Bool(_), _) | (_, Value::Bool(_)) => false,
                    (Value::List(_), Value::List(_)) | (Value::Func(_), Value::Func(_)) => eq(a, b, &mut self.budget)?,
                    (Value::Iter(_), Value::Iter(_)) | (Value::Exc(_), Value::Exc(_)) => eq(a, b, &mut self.budget)?,
                    (Value::List(_), _) | (_, Value::List(_)) => false,
                    _ => {
                        return Err(Error::unsupported(
                            "'is' between numbers, strings or tuples (CPython's answer depends on caching; use ==)",
                            Span::default(),
                        ));
                    }
                };
                Ok(same == (op == CmpOp::Is))
            }
        }
    }

    /// Runs a comprehension, handing each element to `sink` until it returns false.
    pub fn comprehension(&mut self, comp: &Comp, sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>) -> Result<()> {
        let Some(Clause::For(_, first)) = comp.clauses.first() else { return Ok(()) };
        let seq = self.eval(first)?;
        let it = iterate(&seq).map_err(|e| at(e, first.span))?;
        let base = self.frame().comp.len();
        let names = comp.names.iter().map(|n| (n.clone(), None));
        self.frame().comp.extend(names);
        let result = self.clauses(comp, 0, Some(it), sink);
        self.frame().comp.truncate(base);
        result.map(|_| ())
    }

    fn clauses(
        &mut self,
        comp: &Comp,
        i: usize,
        first: Option<IterState>,
        sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<bool> {
        self.budget.enter()?;
        let result = match comp.clauses.get(i) {
            None => self.eval(&comp.elt).and_then(|v| sink(self, v)),
            Some(Clause::If(cond)) => match self.eval(cond) {
                Ok(v) if v.truthy() => self.clauses(comp, i + 1, None, sink),
                Ok(_) => Ok(true),
                Err(e) => Err(e),
            },
            Some(Clause::For(target, seq)) => self.comp_for(comp, i, target, seq, first, sink),
        };
        self.budget.leave();
        result
    }

    fn comp_for(
        &mut self,
        comp: &Comp,
        i: usize,
        target: &Target,
        seq: &Expr,
        first: Option<IterState>,
        sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<bool> {
        let mut it = match first {
            Some(it) => it,
            None => {
                let v = self.eval(seq)?;
                iterate(&v).map_err(|e| at(e, seq.span))?
            }
        };
        while let Some(v) = it.next(&mut self.budget)? {
            self.assign(target, v)?;
            if !self.clauses(comp, i + 1, None, sink)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Hands each item of `source` to `f` until it returns false.
    pub fn each(&mut self, source: Source<'_>, f: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>) -> Result<()> {
        match source {
            Source::Gen(comp) => self.comprehension(comp, f),
            Source::Value(v) => {
                let mut it = iterate(&v)?;
                while let Some(item) = it.next(&mut self.budget)? {
                    if !f(self, item)? {
                        break;
                    }
                }
                Ok(())
            }
        }
    }

    /// Every item of `source`, in a vector (charged to the memory budget).
    pub fn collect(&mut self, source: Source<'_>) -> Result<Vec<Value>> {
        let mut items = Vec::new();
        self.each(source, &mut |interp, v| {
            interp.budget.push(items.len() + 1)?;
            items.push(v);
            Ok(true)
        })?;
        Ok(items)
    }

    /// Calls a value.
    pub fn call(&mut self, f: &Value, args: Args<'_>) -> Result<Value> {
        match f {
            Value::Func(func) => self.call_function(func, args),
            Value::Builtin(b) => builtins::call(self, *b, args),
            Value::Class(class) => {
                if !args.kw.is_empty() || args.gen_exp.is_some() {
                    let message = format!("{}() takes no keyword arguments", class.name());
                    return Err(Error::type_error(message, Span::default()));
                }
                self.budget.alloc_items(args.pos.len())?;
                Ok(Value::Exc(Rc::new(ExcObj { class: *class, args: args.pos })))
            }
            _ => Err(Error::type_error(format!("'{}' object is not callable", f.type_name()), Span::default())),
        }
    }

    fn call_function(&mut self, func: &Rc<FuncObj>, args: Args<'_>) -> Result<Value> {
        let def = func.def.clone();
        let name = &def.name;
        if args.gen_exp.is_some() {
            return Err(Error::unsupported("generator expressions passed to a def function", Span::default()));
        }
        let n = def.params.len();
        let mut slots: Vec<Option<Value>> = vec![None; n];
        if args.pos.len() > n {
            let required = func.defaults.iter().filter(|d| d.is_none()).count();
            let takes = if required == n { plural(n, "positional argument") } else { format!("from {required} to {n} positional arguments") };
            let given = args.pos.len();
            let was = if given == 1 { "was" } else { "were" };
            return Err(Error::type_error(format!("{name}() takes {takes} but {given} {was} given"), Span::default()));
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
            let message = format!("{name}() missing {} {list}", plural(count, "required positional argument"));
            return Err(Error::type_error(message, Span::default()));
        }
        if self.frames.len() >= self.budget.limits.max_call_depth {
            return Err(Error::limit(Limit::Recursion, Span::default()));
        }
        let mut locals: Vec<(Rc<str>, Option<Value>)> = def.locals.iter().map(|n| (n.clone(), None)).collect();
        for (param, v) in def.params.iter().zip(slots) {
            if let Some(slot) = locals.iter_mut().find(|(n, _)| *n == param.name) {
                slot.1 = v;
            }
        }
        self.frames.push(Frame { locals: Some(locals), comp: Vec::new() });
        let flow = self.exec_block(&def.body);
        self.frames.pop();
        Ok(match flow? {
            Flow::Return(v) => v,
            _ => Value::None,
        })
    }

    /// `obj[index]`.
    pub fn get_item(&mut self, obj: &Value, index: &Index) -> Result<Value> {
        let (len, what) = match obj {
            Value::List(l) => (l.len(), "list"),
            Value::Tuple(t) => (t.0.len(), "tuple"),
            Value::Str(s) => (s.chars().count(), "string"),
            Value::Range(r) => (usize::try_from(range_len(r)).unwrap_or(usize::MAX), "range object"),
            _ => return Err(Error::type_error(format!("'{}' object is not subscriptable", obj.type_name()), Span::default())),
        };
        let i = match index {
            Index::Slice(bounds) => return self.slice(obj, len, bounds),
            Index::Item(v) => match v.as_int() {
                Some(i) => i,
                None => {
                    let message = match obj {
                        Value::Str(_) => format!("string indices must be integers, not '{}'", v.type_name()),
                        _ => format!("{} indices must be integers or slices, not {}", obj.type_name(), v.type_name()),
                    };
                    return Err(Error::type_error(message, Span::default()));
                }
            },
        };
        let out_of_range = || Error::exception(ExcClass::IndexError, format!("{what} index out of range"), Span::default());
        let i = normalize(i, len).ok_or_else(out_of_range)?;
        match obj {
            Value::List(l) => l.get(i).ok_or_else(out_of_range),
            Value::Tuple(t) => t.0.get(i).cloned().ok_or_else(out_of_range),
            Value::Str(s) => {
                let c = s.chars().nth(i).ok_or_else(out_of_range)?;
                let mut buf = [0u8; 4];
                Ok(Value::str(c.encode_utf8(&mut buf)))
            }
            Value::Range(r) => {
                let [start, _, step] = **r;
                let v = i128::from(start) + i128::from(step) * i128::try_from(i).unwrap_or(0);
                i64::try_from(v).map(Value::Int).map_err(|_| out_of_range())
            }
            _ => Err(out_of_range()),
        }
    }

    fn slice(&mut self, obj: &Value, len: usize, bounds: &[Option<i64>; 3]) -> Result<Value> {
        let picks = slice_indices(len, bounds)?;
        self.budget.alloc_items(picks.len())?;
        Ok(match obj {
            Value::List(l) => {
                let items = l.items()?;
                List::new_value(picks.iter().filter_map(|&i| items.get(i).cloned()).collect())
            }
            Value::Tuple(t) => Value::tuple(picks.iter().filter_map(|&i| t.0.get(i).cloned()).collect()),
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                let out: String = picks.iter().filter_map(|&i| chars.get(i)).collect();
                Value::str(&out)
            }
            _ => return Err(Error::unsupported("slicing a range", Span::default())),
        })
    }

    /// `obj[index] = v`.
    pub fn set_item(&mut self, obj: &Value, index: &Index, v: Value) -> Result<()> {
        let Value::List(list) = obj else {
            let message = format!("'{}' object does not support item assignment", obj.type_name());
            return Err(Error::type_error(message, Span::default()));
        };
        match index {
            Index::Item(i) => {
                let Some(i) = i.as_int() else {
                    let message = format!("list indices must be integers or slices, not {}", i.type_name());
                    return Err(Error::type_error(message, Span::default()));
                };
                let i = normalize(i, list.len()).ok_or_else(|| {
                    Error::exception(ExcClass::IndexError, "list assignment index out of range", Span::default())
                })?;
                list.with_mut(|items| {
                    if let Some(slot) = items.get_mut(i) {
                        *slot = v;
                    }
                })
            }
            Index::Slice(bounds) => {
                let new = self.collect(Source::Value(v))?;
                let len = list.len();
                let step = bounds[2].unwrap_or(1);
                if step == 1 {
                    let (start, stop, _) = adjust(len, bounds)?;
                    let lo = usize::try_from(start).unwrap_or(0).min(len);
                    let hi = usize::try_from(stop).unwrap_or(0).clamp(lo, len);
                    self.budget.alloc_items(len - (hi - lo) + new.len())?;
                    return list.with_mut(|items| {
                        items.splice(lo..hi, new);
                    });
                }
                let picks = slice_indices(len, bounds)?;
                if picks.len() != new.len() {
                    let message = format!(
                        "attempt to assign sequence of size {} to extended slice of size {}",
                        new.len(),
                        picks.len()
                    );
                    return Err(Error::value_error(message, Span::default()));
                }
                list.with_mut(|items| {
                    for (i, v) in picks.into_iter().zip(new) {
                        if let Some(slot) = items.get_mut(i) {
                            *slot = v;
                        }
                    }
                })
            }
        }
    }
}

/// What is inside `[ ]`, evaluated.
pub enum Index {
    /// A single value.
    Item(Value),
    /// `start:stop:step`, each possibly left out.
    Slice([Option<i64>; 3]),
}

/// An index counted from the end when negative, if it is within `len`.
pub fn normalize(i: i64, len: usize) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    let i = if i < 0 { i.checked_add(len)? } else { i };
    if (0..len).contains(&i) { usize::try_from(i).ok() } else { None }
}

/// CPython's `PySlice_AdjustIndices`: start, stop and step clamped to a sequence of `len`.
fn adjust(len: usize, bounds: &[Option<i64>; 3]) -> Result<(i128, i128, i128)> {
    let step = i128::from(bounds[2].unwrap_or(1));
    if step == 0 {
        return Err(Error::value_error("slice step cannot be zero", Span::default()));
    }
    let len = i128::try_from(len).unwrap_or(0);
    let clamp = |b: Option<i64>, default: i128| -> i128 {
        let Some(b) = b else { return default };
        let mut b = i128::from(b);
        if b < 0 {
            b += len;
            if b < 0 {
                b = if step < 0 { -1 } else { 0 };
            }
        } else if b >= len {
            b = if step < 0 { len - 1 } else { len };
        }
        b
    };
    let (start, stop) = if step > 0 {
        (clamp(bounds[0], 0), clamp(bounds[1], len))
    } else {
        (clamp(bounds[0], len - 1), clamp(bounds[1], -1))
    };
    Ok((start, stop, step))
}

/// The positions a slice picks from a sequence of `len`, in order.
fn slice_indices(len: usize, bounds: &[Option<i64>; 3]) -> Result<Vec<usize>> {
    let (start, stop, step) = adjust(len, bounds)?;
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        if let Ok(u) = usize::try_from(i) {
            out.push(u);
        }
        i += step;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_follow_cpython() {
        let s = |b: [Option<i64>; 3]| slice_indices(5, &b).unwrap();
        assert_eq!(s([None, None, None]), [0, 1, 2, 3, 4]);
        assert_eq!(s([None, None, Some(-1)]), [4, 3, 2, 1, 0]);
        assert_eq!(s([Some(-2), None, None]), [3, 4]);
        assert_eq!(s([Some(1), Some(100), Some(2)]), [1, 3]);
        assert_eq!(s([Some(3), Some(0), Some(-2)]), [3, 1]);
        assert_eq!(s([Some(-100), Some(-100), Some(-1)]), Vec::<usize>::new());
        assert_eq!(s([Some(i64::MIN), Some(i64::MAX), Some(i64::MAX)]), [0]);
        assert!(slice_indices(5, &[None, None, Some(0)]).is_err());
        assert_eq!(normalize(-1, 3), Some(2));
        assert_eq!(normalize(3, 3), None);
        assert_eq!(normalize(i64::MIN, 3), None);
    }
}
