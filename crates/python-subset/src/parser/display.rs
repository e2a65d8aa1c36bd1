//! Displays: parenthesized expressions and tuples, lists, dicts, and comprehensions.

use super::Parser;
use super::expr::{OR, node};
use crate::ast::{Clause, Comp, Expr, ExprKind};
use crate::construct::Construct;
use crate::error::{Error, Result};
use crate::lexer::Tok;

impl Parser<'_> {
    pub(super) fn parenthesized(&mut self) -> Result<Expr> {
        let start = self.advance();
        if self.eat_op(")") {
            return Ok(node(
                ExprKind::Tuple(Vec::new()),
                start.to(self.prev_span()),
            ));
        }
        let first = self.expr()?;
        if self.is_kw("for") {
            let comp = self.comprehension(first)?;
            self.expect_op(")")?;
            return Ok(node(
                ExprKind::GenExp(Box::new(comp)),
                start.to(self.prev_span()),
            ));
        }
        if self.eat_op(")") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.is_op(")") {
                break;
            }
            items.push(self.expr()?);
        }
        if !self.eat_op(")") {
            let last = items.last().map_or(start, |e| e.span);
            return Err(self.missing_comma(last));
        }
        Ok(node(ExprKind::Tuple(items), start.to(self.prev_span())))
    }

    pub(super) fn list(&mut self) -> Result<Expr> {
        let start = self.advance();
        let mut items = Vec::new();
        if self.eat_op("]") {
            return Ok(node(ExprKind::List(items), start.to(self.prev_span())));
        }
        let first = self.expr()?;
        if self.is_kw("for") {
            let comp = self.comprehension(first)?;
            self.expect_op("]")?;
            return Ok(node(
                ExprKind::ListComp(Box::new(comp)),
                start.to(self.prev_span()),
            ));
        }
        items.push(first);
        while self.eat_op(",") {
            if self.is_op("]") {
                break;
            }
            items.push(self.expr()?);
        }
        if !self.eat_op("]") {
            let last = items.last().map_or(start, |e| e.span);
            return Err(self.missing_comma(last));
        }
        Ok(node(ExprKind::List(items), start.to(self.prev_span())))
    }

    /// `{k: v, ...}` or `{k: v for ...}` (`{` is next); sets and `**` unpacking are outside
    /// the subset. A comprehension's element is the pair `(k, v)`, key first as CPython
    /// evaluates it.
    pub(super) fn brace(&mut self) -> Result<Expr> {
        let start = self.advance();
        let mut items = Vec::new();
        if self.eat_op("}") {
            return Ok(node(ExprKind::Dict(items), start.to(self.prev_span())));
        }
        loop {
            if self.is_op("**") || self.is_op("*") {
                return Err(Error::unsupported(
                    Construct::UnpackingInDisplays,
                    self.span(),
                ));
            }
            let key = self.expr()?;
            if !self.eat_op(":") {
                if matches!(self.peek(), Tok::Op("," | "}")) || self.is_kw("for") {
                    return Err(Error::unsupported(Construct::Sets, start));
                }
                return Err(self.unexpected_or("':' expected after dictionary key"));
            }
            let value = self.expr()?;
            if items.is_empty() && self.is_kw("for") {
                let span = key.span.to(value.span);
                let pair = node(ExprKind::Tuple(vec![key, value]), span);
                let comp = self.comprehension(pair)?;
                self.expect_op("}")?;
                return Ok(node(
                    ExprKind::DictComp(Box::new(comp)),
                    start.to(self.prev_span()),
                ));
            }
            items.push((key, value));
            if !self.eat_op(",") || self.is_op("}") {
                break;
            }
        }
        if !self.eat_op("}") {
            let last = items.last().map_or(start, |(_, v)| v.span);
            return Err(self.missing_comma(last));
        }
        Ok(node(ExprKind::Dict(items), start.to(self.prev_span())))
    }

    /// The `for ... in ... if ...` clauses after `elt`.
    pub(super) fn comprehension(&mut self, elt: Expr) -> Result<Comp> {
        let mut clauses = Vec::new();
        let mut names = Vec::new();
        while self.eat_kw("for") {
            let target = self.target_list()?;
            if !self.eat_kw("in") {
                return Err(self.unexpected_or("expected 'in'"));
            }
            let iter = self.binary(OR)?;
            target.names(&mut names);
            clauses.push(Clause::For(target, iter));
            while self.eat_kw("if") {
                clauses.push(Clause::If(self.binary(OR)?));
            }
            if self.is_kw("async") {
                return Err(Error::unsupported(Construct::AsyncCode, self.span()));
            }
        }
        Ok(Comp {
            elt,
            clauses,
            names,
        })
    }
}
