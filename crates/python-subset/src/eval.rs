//! The evaluator: walks the syntax tree, statement by statement, as CPython runs it. This file
//! holds statements, expressions, scopes, assignment, subscripts and calls of `def` functions;
//! [`builtins`] the built-in functions and methods, [`ops`] the operators and [`iter`] iteration;
//! `comprehension` runs comprehensions and walks a source of items.
//!
//! Scopes follow CPython's: a function's locals are the names it assigns anywhere (known from
//! the parser), so reading one before it is set is an `UnboundLocalError`; a comprehension has
//! its own scope for the names its `for` clauses bind; a nested `def` or `lambda` reads the
//! variables of the functions and comprehensions around it (shared cells, so late-bound as
//! in CPython); other names are globals, then built-ins.
//! Every statement and expression takes a step and a level of the nesting guard.

mod arity;
mod attr;
pub mod builtins;
mod comprehension;
mod dict;
mod expr;
mod hosted;
mod import;
mod index;
mod int;
pub mod iter;
pub mod methods;
pub mod ops;
mod strings;

pub use index::{Index, normalize};

use crate::ast::{BinOp, Comp, Expr, Function, Stmt, StmtKind, Target};
use crate::error::{Error, ExcClass, Result, Span};
use crate::limits::{Budget, Limits};
use crate::value::{Cell, FuncObj, Value, register_closure, to_str};
use iter::iterate;
use std::rc::Rc;

/// How a block ended.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

/// A scope: a function's locals (none at module level), the comprehension scopes open in it,
/// and the variables of the enclosing scopes the function closes over (innermost last).
/// Variables are shared cells, so that a closure reads what its scope holds when it runs.
struct Frame {
    locals: Option<Vec<(Rc<str>, Cell)>>,
    comp: Vec<(Rc<str>, Cell)>,
    env: Vec<(Rc<str>, Cell)>,
}

/// A new unbound variable.
fn unbound_cell() -> Cell {
    Rc::new(core::cell::RefCell::new(None))
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
    /// The modules `import` finds, by dotted name (`numpy`, `numpy.lib.stride_tricks`): empty
    /// unless the embedder registers some. `import a.b` needs `a` and `a.b` both.
    pub modules: Vec<(Rc<str>, Value)>,
    /// Where this run's lists begin in the register of lists (see `value::release_lists`).
    lists_mark: usize,
    /// The embedder's state for its host objects (see [`crate::host`]), if it keeps any.
    pub host: Option<Box<dyn core::any::Any>>,
    /// Names every program starts with, looked up after the globals and before the built-ins
    /// (the lab's `np` and `torch`); a program may shadow them.
    pub predefined: Vec<(Rc<str>, Value)>,
}

impl Drop for Interp {
    fn drop(&mut self) {
        // Values first, so that lists only a cycle keeps alive are all that remain.
        self.globals.clear();
        self.modules.clear();
        self.frames.clear();
        self.module.locals = None;
        self.module.comp.clear();
        self.predefined.clear();
        self.host = None;
        crate::value::release_lists(self.lists_mark);
    }
}

/// Puts an error that has no place yet at `span`.
fn at(mut e: Error, span: Span) -> Error {
    if e.span == Span::default() {
        e.span = span;
    }
    e
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl Interp {
    /// A fresh interpreter with empty globals.
    pub fn new(limits: &Limits) -> Interp {
        Interp {
            budget: Budget::new(limits),
            globals: Vec::new(),
            module: Frame {
                locals: None,
                comp: Vec::new(),
                env: Vec::new(),
            },
            frames: Vec::new(),
            output: String::new(),
            modules: Vec::new(),
            lists_mark: crate::value::lists_mark(),
            host: None,
            predefined: Vec::new(),
        }
    }

    /// The embedder's state, if it is a `T`.
    pub fn host_state<T: 'static>(&mut self) -> Option<&mut T> {
        self.host.as_mut()?.downcast_mut::<T>()
    }

    /// The names assigned at module level, in the order first assigned, with their values.
    pub fn globals(&self) -> &[(Rc<str>, Value)] {
        &self.globals
    }

    /// Python's truth of `v`: a host object may refuse (NumPy's "truth value of an array with
    /// more than one element is ambiguous").
    pub fn truth(&mut self, v: &Value) -> Result<bool> {
        match v {
            Value::Host(h) => h.truth(),
            _ => Ok(v.truthy()),
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

    /// Dispatches a statement. The arms that need locals are functions of their own, kept
    /// out of line, so that this frame, which every nesting level pays for, stays small.
    fn exec_inner(&mut self, stmt: &Stmt) -> Result<Flow> {
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.eval(e)?;
            }
            StmtKind::Assign(targets, value) => self.exec_assign(targets, value)?,
            StmtKind::AugAssign(target, op, value) => self.exec_aug_assign(target, *op, value)?,
            StmtKind::If(branches, orelse) => return self.exec_if(branches, orelse),
            StmtKind::While(cond, body, orelse) => return self.exec_while(cond, body, orelse),
            StmtKind::For(target, iterable, body, orelse) => {
                return self.exec_for(target, iterable, body, orelse);
            }
            StmtKind::Def(def) => self.exec_def(def)?,
            StmtKind::Return(None) => return Ok(Flow::Return(Value::None)),
            StmtKind::Return(Some(e)) => return Ok(Flow::Return(self.eval(e)?)),
            StmtKind::Pass => {}
            StmtKind::Break => return Ok(Flow::Break),
            StmtKind::Continue => return Ok(Flow::Continue),
            StmtKind::Raise(value) => return Err(self.exec_raise(value.as_ref(), stmt.span)),
            StmtKind::Assert(cond, message) => {
                self.exec_assert(cond, message.as_ref(), stmt.span)?
            }
            StmtKind::Del(targets) => {
                for t in targets {
                    self.delete(t)?;
                }
            }
            StmtKind::Import(names) => self.exec_import(names)?,
            StmtKind::FromImport(module, names) => self.exec_from_import(module, names)?,
            StmtKind::FromImportStar(module) => self.exec_from_import_star(module, stmt.span)?,
        }
        Ok(Flow::Normal)
    }

    #[inline(never)]
    fn exec_assign(&mut self, targets: &[Target], value: &Expr) -> Result<()> {
        let v = self.eval(value)?;
        for t in targets {
            self.assign(t, v.clone())?;
        }
        Ok(())
    }

    #[inline(never)]
    fn exec_aug_assign(&mut self, target: &Target, op: BinOp, value: &Expr) -> Result<()> {
        let span = target.span().to(value.span);
        match target {
            Target::Index(obj, index, tspan) => {
                let obj = self.eval(obj)?;
                if let Value::Host(h) = &obj {
                    let parts = self.host_index(index)?;
                    let current = h.get_item(self, &parts, *tspan)?;
                    let rhs = self.eval(value)?;
                    let new = self.inplace(op, &current, &rhs, span)?;
                    return h.set_item(self, &parts, new, *tspan);
                }
                let index = self.eval_index(index)?;
                let current = self.get_item(&obj, &index)?;
                let rhs = self.eval(value)?;
                let new = self.inplace(op, &current, &rhs, span)?;
                self.set_item(&obj, &index, new)
            }
            _ => {
                let current = match target {
                    Target::Name(n, span) => self.load(n).map_err(|e| at(e, *span))?,
                    _ => Value::None,
                };
                let rhs = self.eval(value)?;
                let new = self.inplace(op, &current, &rhs, span)?;
                self.assign(target, new)
            }
        }
    }

    #[inline(never)]
    fn exec_if(&mut self, branches: &[(Expr, Vec<Stmt>)], orelse: &[Stmt]) -> Result<Flow> {
        for (cond, body) in branches {
            let c = self.eval(cond)?;
            if self.truth(&c).map_err(|e| at(e, cond.span))? {
                return self.exec_block(body);
            }
        }
        self.exec_block(orelse)
    }

    /// One pass of a loop's body: `Some(flow)` ends the loop with that flow (`break` ends it
    /// normally, `return` passes through), `None` goes on to the next pass.
    fn loop_pass(&mut self, body: &[Stmt]) -> Result<Option<Flow>> {
        Ok(match self.exec_block(body)? {
            Flow::Break => Some(Flow::Normal),
            Flow::Return(v) => Some(Flow::Return(v)),
            Flow::Normal | Flow::Continue => None,
        })
    }

    #[inline(never)]
    fn exec_while(&mut self, cond: &Expr, body: &[Stmt], orelse: &[Stmt]) -> Result<Flow> {
        while {
            let c = self.eval(cond)?;
            self.truth(&c).map_err(|e| at(e, cond.span))?
        } {
            if let Some(end) = self.loop_pass(body)? {
                return Ok(end);
            }
        }
        self.exec_block(orelse)
    }

    #[inline(never)]
    fn exec_for(
        &mut self,
        target: &Target,
        iterable: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
    ) -> Result<Flow> {
        let seq = self.eval(iterable)?;
        let mut it = iterate(&seq).map_err(|e| at(e, iterable.span))?;
        while let Some(v) = it.next(&mut self.budget)? {
            self.assign(target, v)?;
            if let Some(end) = self.loop_pass(body)? {
                return Ok(end);
            }
        }
        self.exec_block(orelse)
    }

    #[inline(never)]
    fn exec_def(&mut self, def: &Rc<Function>) -> Result<()> {
        let f = self.make_function(def)?;
        self.store(&def.name, f);
        Ok(())
    }

    /// A function value for `def` (or a lambda): its defaults evaluated now, and, inside a
    /// function or comprehension, the variables it can see there.
    fn make_function(&mut self, def: &Rc<Function>) -> Result<Value> {
        let mut defaults = Vec::with_capacity(def.params.len());
        for p in &def.params {
            defaults.push(match &p.default {
                Some(e) => Some(self.eval(e)?),
                None => None,
            });
        }
        let frame = self.frame();
        let mut env = frame.env.clone();
        env.extend(frame.locals.iter().flatten().cloned());
        env.extend(frame.comp.iter().cloned());
        let closes = !env.is_empty();
        let f = Rc::new(FuncObj {
            def: def.clone(),
            defaults,
            env: core::cell::RefCell::new(env),
        });
        if closes {
            register_closure(&f);
        }
        Ok(Value::Func(f))
    }

    #[inline(never)]
    fn exec_raise(&mut self, value: Option<&Expr>, span: Span) -> Error {
        let Some(e) = value else {
            return Error::exception(
                ExcClass::RuntimeError,
                "No active exception to reraise",
                span,
            );
        };
        match self.eval(e) {
            Ok(v) => self.raise(&v).unwrap_or_else(|err| err),
            Err(err) => err,
        }
    }

    #[inline(never)]
    fn exec_assert(&mut self, cond: &Expr, message: Option<&Expr>, span: Span) -> Result<()> {
        let c = self.eval(cond)?;
        if self.truth(&c).map_err(|e| at(e, cond.span))? {
            return Ok(());
        }
        let text = match message {
            Some(m) => {
                let v = self.eval(m)?;
                to_str(&v, &mut self.budget)?
            }
            None => String::new(),
        };
        Err(Error::exception(ExcClass::AssertionError, text, span))
    }

    /// The error that `raise v` raises (or the `TypeError` for raising something else).
    fn raise(&mut self, v: &Value) -> Result<Error> {
        match v {
            Value::Class(c) => Ok(Error::exception(*c, "", Span::default())),
            Value::Exc(e) => {
                let message = to_str(v, &mut self.budget)?;
                Ok(Error::exception(e.class, message, Span::default()))
            }
            _ => Err(Error::type_error(
                "exceptions must derive from BaseException",
                Span::default(),
            )),
        }
    }

    /// Reads a name: comprehension scopes, then locals, then globals, then built-ins.
    fn load(&mut self, name: &Rc<str>) -> Result<Value> {
        let unbound = || {
            Error::exception(
                ExcClass::UnboundLocalError,
                format!(
                    "cannot access local variable '{name}' where it is not associated with a value"
                ),
                Span::default(),
            )
        };
        let read = |cell: &Cell| cell.try_borrow().ok().and_then(|v| v.clone());
        let frame = self.frame();
        if let Some((_, v)) = frame.comp.iter().rev().find(|(n, _)| n == name) {
            return read(v).ok_or_else(unbound);
        }
        if let Some(locals) = &frame.locals {
            if let Some((_, v)) = locals.iter().find(|(n, _)| n == name) {
                return read(v).ok_or_else(unbound);
            }
        }
        if let Some((_, v)) = frame.env.iter().rev().find(|(n, _)| n == name) {
            return read(v).ok_or_else(|| {
                Error::exception(
                    ExcClass::NameError,
                    format!(
                        "cannot access free variable '{name}' where it is not associated with a value in enclosing scope"
                    ),
                    Span::default(),
                )
            });
        }
        if let Some((_, v)) = self.globals.iter().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if let Some((_, v)) = self.predefined.iter().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        builtins::lookup(name)
    }

    fn store(&mut self, name: &Rc<str>, v: Value) {
        let set = |cell: &Cell, v: Value| {
            if let Ok(mut slot) = cell.try_borrow_mut() {
                *slot = Some(v);
            }
        };
        let frame = self.frame();
        if let Some((_, cell)) = frame.comp.iter().rev().find(|(n, _)| n == name) {
            set(cell, v);
            return;
        }
        if let Some(locals) = &mut frame.locals {
            match locals.iter().find(|(n, _)| n == name) {
                Some((_, cell)) => set(cell, v),
                None => locals.push((name.clone(), Rc::new(core::cell::RefCell::new(Some(v))))),
            }
            return;
        }
        match self.globals.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.globals.push((name.clone(), v)),
        }
    }

    /// `del target`: unbinds a name, removes an item or a slice.
    fn delete(&mut self, target: &Target) -> Result<()> {
        match target {
            Target::Name(name, span) => {
                let frame = self.frame();
                let cell = frame
                    .comp
                    .iter()
                    .rev()
                    .chain(frame.locals.iter().flatten())
                    .find(|(n, _)| n == name)
                    .map(|(_, c)| c.clone());
                let found = match cell {
                    Some(cell) => cell
                        .try_borrow_mut()
                        .ok()
                        .and_then(|mut v| v.take())
                        .is_some(),
                    None => match self.globals.iter().position(|(n, _)| n == name) {
                        Some(i) => {
                            self.globals.remove(i);
                            true
                        }
                        None => false,
                    },
                };
                if found {
                    return Ok(());
                }
                // Reading it says what is wrong, as CPython's `del` does; a built-in is not
                // the program's to delete.
                let undefined = Error::exception(
                    ExcClass::NameError,
                    format!("name '{name}' is not defined"),
                    *span,
                );
                Err(self.load(name).map_or_else(|e| at(e, *span), |_| undefined))
            }
            Target::Index(obj, index, span) => {
                let obj = self.eval(obj)?;
                let index = self.eval_index(index)?;
                self.del_item(&obj, &index).map_err(|e| at(e, *span))
            }
            Target::Tuple(targets, _) => {
                for t in targets {
                    self.delete(t)?;
                }
                Ok(())
            }
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
                if let Value::Host(h) = &obj {
                    let parts = self.host_index(index)?;
                    return h.set_item(self, &parts, v, *span);
                }
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
                    let message = format!(
                        "not enough values to unpack (expected {n}, got {})",
                        items.len()
                    );
                    return Err(Error::value_error(message, *span));
                }
                for (t, item) in targets.iter().zip(items) {
                    self.assign(t, item)?;
                }
                Ok(())
            }
        }
    }
}
