//! The postfix forms after an atom: calls and their arguments, subscripts and slices,
//! attributes.

use super::Parser;
use super::expr::{node, starts_expression};
use crate::ast::{Arg, Expr, ExprKind};
use crate::construct::Construct;
use crate::error::{Error, ErrorKind, Result, Span};
use crate::lexer::Tok;

impl Parser<'_> {
    /// An atom followed by calls, subscripts and attributes.
    pub(super) fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.atom()?;
        let mut levels = 0;
        loop {
            let kind = if self.eat_op("(") {
                ExprKind::Call(Box::new(e), self.call_args()?)
            } else if self.eat_op("[") {
                let index = self.subscript()?;
                if !self.is_op("]") && starts_expression(self.peek()) {
                    self.leave(levels);
                    return Err(self.missing_comma(index.span));
                }
                self.expect_op("]")?;
                ExprKind::Index(Box::new(e), Box::new(index))
            } else if self.eat_op(".") {
                let Tok::Name(name) = self.peek().clone() else {
                    self.leave(levels);
                    return Err(self.unexpected());
                };
                self.advance();
                ExprKind::Attr(Box::new(e), name)
            } else {
                break;
            };
            levels += 1;
            self.enter()?;
            let span = match &kind {
                ExprKind::Call(f, _) | ExprKind::Index(f, _) | ExprKind::Attr(f, _) => {
                    f.span.to(self.prev_span())
                }
                _ => self.prev_span(),
            };
            e = node(kind, span);
        }
        self.leave(levels);
        Ok(e)
    }

    fn call_args(&mut self) -> Result<Vec<Arg>> {
        let mut args: Vec<Arg> = Vec::new();
        while !self.eat_op(")") {
            let at = self.span();
            if matches!(self.peek(), Tok::Op("*" | "**")) {
                return Err(Error::unsupported(Construct::StarArguments, at));
            }
            let keyword = match (self.peek().clone(), self.peek2()) {
                (Tok::Name(n), Tok::Op("=")) => Some(n),
                _ => None,
            };
            let arg = if let Some(name) = keyword {
                self.advance();
                self.advance();
                if args.iter().any(|a| a.name.as_ref() == Some(&name)) {
                    return Err(Error::syntax(
                        format!("keyword argument repeated: {name}"),
                        at,
                    ));
                }
                Arg {
                    name: Some(name),
                    value: self.expr()?,
                }
            } else {
                if args.iter().any(|a| a.name.is_some()) {
                    return Err(Error::syntax(
                        "positional argument follows keyword argument",
                        at,
                    ));
                }
                let value = self.expr()?;
                if self.is_kw("for") {
                    let comp = self.comprehension(value)?;
                    let span = at.to(self.prev_span());
                    let sole = args.is_empty() && self.is_op(")");
                    if !sole {
                        return Err(Error::syntax(
                            "Generator expression must be parenthesized",
                            span,
                        ));
                    }
                    Arg {
                        name: None,
                        value: node(ExprKind::GenExp(Box::new(comp)), span),
                    }
                } else {
                    Arg { name: None, value }
                }
            };
            let last = arg.value.span;
            args.push(arg);
            if !self.eat_op(",") && !self.is_op(")") {
                return Err(self.missing_comma(last));
            }
        }
        Ok(args)
    }

    /// The error after `last`, an item inside brackets, where a `,` or the closing bracket
    /// should follow. Another expression there is CPython's "Perhaps you forgot a comma?",
    /// pointed at `last`, the first of the two.
    pub(super) fn missing_comma(&self, last: Span) -> Error {
        if starts_expression(self.peek()) {
            match self.unexpected_or("invalid syntax. Perhaps you forgot a comma?") {
                e if matches!(e.kind, ErrorKind::Syntax(..)) => Error::syntax(
                    "invalid syntax. Perhaps you forgot a comma?",
                    last.to(e.span),
                ),
                e => e,
            }
        } else {
            self.unexpected()
        }
    }

    /// What stands between `[` and `]` after an expression: an index, a slice, or a tuple of them.
    fn subscript(&mut self) -> Result<Expr> {
        let first = self.slice_item()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut span = first.span;
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.is_op("]") {
                break;
            }
            let item = self.slice_item()?;
            span = span.to(item.span);
            items.push(item);
        }
        Ok(node(ExprKind::Tuple(items), span))
    }

    fn slice_item(&mut self) -> Result<Expr> {
        let start = self.span();
        if matches!(self.peek(), Tok::Op("*")) {
            return Err(Error::unsupported(Construct::StarUnpacking, start));
        }
        let lower = if self.is_op(":") {
            None
        } else {
            Some(self.expr()?)
        };
        if !self.is_op(":") {
            return lower.ok_or_else(|| self.unexpected());
        }
        let mut parts = [lower, None, None];
        for part in parts.iter_mut().skip(1) {
            if !self.eat_op(":") {
                break;
            }
            if !matches!(self.peek(), Tok::Op(":" | "]" | ",")) {
                *part = Some(self.expr()?);
            }
        }
        Ok(node(
            ExprKind::Slice(Box::new(parts)),
            start.to(self.prev_span()),
        ))
    }
}
