//! Compound statements: `if`/`elif`/`else`, `while` and `for` (with `else`), `def` (nested
//! too), and the indented blocks they hold; `lambda`, which shares `def`'s parameters.

use super::Parser;
use crate::ast::{Expr, ExprKind, Function, Param, Stmt, StmtKind};
use crate::construct::Construct;
use crate::error::{Error, ErrorKind, Result, Span, SyntaxClass};
use crate::lexer::Tok;
use std::rc::Rc;

impl Parser<'_> {
    /// `:` and a block, for the statement named `what` that started at `start`.
    fn block(&mut self, what: &str, start: Span) -> Result<Vec<Stmt>> {
        if !self.eat_op(":") {
            return Err(self.unexpected_or("expected ':'"));
        }
        let mut body = Vec::new();
        if !self.eat(&Tok::Newline) {
            self.simple_statements(&mut body)?;
            return Ok(body);
        }
        if !self.eat(&Tok::Indent) {
            let (line, _) = crate::error::line_col(self.src, start.start);
            let message = format!("expected an indented block after {what} on line {line}");
            return Err(Error {
                kind: ErrorKind::Syntax(SyntaxClass::Indentation, message),
                span: self.span(),
                detail: None,
            });
        }
        self.enter()?;
        while !self.eat(&Tok::Dedent) {
            if *self.peek() == Tok::Eof {
                break;
            }
            self.statement(&mut body)?;
        }
        self.leave(1);
        Ok(body)
    }

    pub(super) fn if_stmt(&mut self) -> Result<Stmt> {
        let start = self.advance();
        let mut branches = Vec::new();
        let cond = self.expr()?;
        branches.push((cond, self.block("'if' statement", start)?));
        let mut orelse = Vec::new();
        loop {
            let at = self.span();
            if self.eat_kw("elif") {
                let cond = self.expr()?;
                branches.push((cond, self.block("'elif' statement", at)?));
            } else {
                if self.eat_kw("else") {
                    orelse = self.block("'else' statement", at)?;
                }
                break;
            }
        }
        Ok(Stmt {
            kind: StmtKind::If(branches, orelse),
            span: start.to(self.prev_span()),
        })
    }

    fn loop_body(&mut self, what: &str, start: Span) -> Result<(Vec<Stmt>, Vec<Stmt>)> {
        self.loop_depth += 1;
        let body = self.block(what, start);
        self.loop_depth -= 1;
        let body = body?;
        let at = self.span();
        let orelse = if self.eat_kw("else") {
            self.block("'else' statement", at)?
        } else {
            Vec::new()
        };
        Ok((body, orelse))
    }

    pub(super) fn while_stmt(&mut self) -> Result<Stmt> {
        let start = self.advance();
        let cond = self.expr()?;
        let (body, orelse) = self.loop_body("'while' statement", start)?;
        Ok(Stmt {
            kind: StmtKind::While(cond, body, orelse),
            span: start.to(self.prev_span()),
        })
    }

    pub(super) fn for_stmt(&mut self) -> Result<Stmt> {
        let start = self.advance();
        let target = self.target_list()?;
        if !self.eat_kw("in") {
            return Err(self.unexpected_or("expected 'in'"));
        }
        let iter = self.exprlist()?;
        self.bind(&target);
        let (body, orelse) = self.loop_body("'for' statement", start)?;
        Ok(Stmt {
            kind: StmtKind::For(target, iter, body, orelse),
            span: start.to(self.prev_span()),
        })
    }

    /// Parameters up to `close` (`)` for `def`, `:` for `lambda`): names, defaults, and the
    /// names local to the function so far.
    fn parameters(&mut self, close: &str) -> Result<(Vec<Param>, Vec<Rc<str>>)> {
        let mut params: Vec<Param> = Vec::new();
        let mut locals = Vec::new();
        while !self.eat_op(close) {
            let at = self.span();
            let pname = match self.peek().clone() {
                Tok::Name(n) => n,
                Tok::Op("*" | "**" | "/") => {
                    return Err(Error::unsupported(Construct::StarParameters, at));
                }
                _ => return Err(self.unexpected()),
            };
            self.advance();
            if close == ")" && self.is_op(":") {
                return Err(Error::unsupported(Construct::Annotations, self.span()));
            }
            if params.iter().any(|p| p.name == pname) {
                return Err(Error::syntax(
                    format!("duplicate argument '{pname}' in function definition"),
                    at,
                ));
            }
            let default = if self.eat_op("=") {
                Some(self.expr()?)
            } else {
                None
            };
            if default.is_none() && params.last().is_some_and(|p| p.default.is_some()) {
                return Err(Error::syntax(
                    "non-default argument follows default argument",
                    at,
                ));
            }
            crate::ast::add_name(&mut locals, &pname);
            params.push(Param {
                name: pname,
                default,
            });
            if !self.eat_op(",") && !self.is_op(close) {
                return Err(self.unexpected());
            }
        }
        Ok((params, locals))
    }

    pub(super) fn def_stmt(&mut self) -> Result<Stmt> {
        let start = self.advance();
        let name = match self.peek().clone() {
            Tok::Name(n) => n,
            _ => return Err(self.unexpected()),
        };
        self.advance();
        self.expect_op("(")?;
        let (params, locals) = self.parameters(")")?;
        if self.is_op("->") {
            return Err(Error::unsupported(Construct::Annotations, self.span()));
        }
        // The name is a local of the enclosing function, if any.
        if let Some(outer) = &mut self.locals {
            crate::ast::add_name(outer, &name);
        }
        let outer_loops = core::mem::replace(&mut self.loop_depth, 0);
        let outer_locals = self.locals.replace(locals);
        let body = self.block("function definition", start);
        self.loop_depth = outer_loops;
        let locals = core::mem::replace(&mut self.locals, outer_locals).unwrap_or_default();
        let body = body?;
        let span = start.to(self.prev_span());
        let function = Function {
            name: name.clone(),
            params,
            body,
            locals,
        };
        Ok(Stmt {
            kind: StmtKind::Def(Rc::new(function)),
            span,
        })
    }

    /// `lambda x, y=2: body` (`lambda` is next): a function named `<lambda>` that returns
    /// its body.
    pub(super) fn lambda(&mut self) -> Result<Expr> {
        let start = self.advance();
        let (params, locals) = self.parameters(":")?;
        let outer_locals = self.locals.replace(locals);
        let body = self.expr();
        let locals = core::mem::replace(&mut self.locals, outer_locals).unwrap_or_default();
        let body = body?;
        let span = start.to(body.span);
        let function = Function {
            name: Rc::from("<lambda>"),
            params,
            body: vec![Stmt {
                span: body.span,
                kind: StmtKind::Return(Some(body)),
            }],
            locals,
        };
        Ok(Expr {
            kind: ExprKind::Lambda(Rc::new(function)),
            span,
        })
    }
}
