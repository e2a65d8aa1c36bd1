//! Displays: parenthesized expressions and tuples, lists, and comprehensions.

use super::Parser;
use super::expr::{OR, node};
use crate::ast::{Clause, Comp, Expr, ExprKind};
use crate::error::{Error, Result};

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
                return Err(Error::unsupported("async code", self.span()));
            }
        }
        Ok(Comp {
            elt,
            clauses,
            names,
        })
    }
}
