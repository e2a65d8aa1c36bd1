//! String literals in expressions: adjacent literals joined, and f-strings split into literal
//! text and `{expression!r:spec}` fields, each expression parsed where it stands in the source
//! so that its errors point at the right byte.

use super::Parser;
use super::expr::node;
use crate::ast::{Expr, ExprKind, FPart};
use crate::construct::Construct;
use crate::error::{Error, Result, Span};
use crate::lexer::{Tok, decode, tokenize};
use std::rc::Rc;

impl Parser<'_> {
    /// Adjacent string literals, joined; an f-string among them makes the whole an f-string.
    pub(super) fn strings(&mut self) -> Result<Expr> {
        let start = self.span();
        let mut parts: Vec<FPart> = Vec::new();
        let mut text = String::new();
        let mut is_f = false;
        loop {
            match self.peek().clone() {
                Tok::Str(s) => text.push_str(&s),
                Tok::FStr(body, raw) => {
                    is_f = true;
                    self.fstring(body, raw, &mut text, &mut parts)?;
                }
                _ => break,
            }
            self.advance();
        }
        let span = start.to(self.prev_span());
        if !is_f {
            return Ok(node(ExprKind::Str(Rc::from(text.as_str())), span));
        }
        if !text.is_empty() {
            parts.push(FPart::Lit(Rc::from(text.as_str())));
        }
        Ok(node(ExprKind::FStr(parts), span))
    }

    /// Splits the f-string text at `body` into literal text (added to `text`) and fields.
    fn fstring(
        &mut self,
        body: Span,
        raw: bool,
        text: &mut String,
        parts: &mut Vec<FPart>,
    ) -> Result<()> {
        let src = self.src;
        let s = src.get(body.start..body.end).unwrap_or("");
        let bytes = s.as_bytes();
        let mut i = 0;
        let mut lit_start = 0;
        let err = |msg: &str, at: usize| {
            Error::syntax(
                format!("f-string: {msg}"),
                Span::new(body.start + at, body.start + at + 1),
            )
        };
        while let Some(&b) = bytes.get(i) {
            match b {
                b'{' | b'}' if bytes.get(i + 1) == Some(&b) => {
                    text.push_str(&decode(
                        s.get(lit_start..i).unwrap_or(""),
                        raw,
                        body.start + lit_start,
                    )?);
                    text.push(char::from(b));
                    i += 2;
                    lit_start = i;
                }
                b'}' => return Err(err("single '}' is not allowed", i)),
                b'{' => {
                    text.push_str(&decode(
                        s.get(lit_start..i).unwrap_or(""),
                        raw,
                        body.start + lit_start,
                    )?);
                    if !text.is_empty() {
                        parts.push(FPart::Lit(Rc::from(text.as_str())));
                        text.clear();
                    }
                    i = self.fstring_field(body.start, s, i + 1, parts)?;
                    lit_start = i;
                }
                b'\\' if !raw => i += 2,
                _ => i += 1,
            }
        }
        text.push_str(&decode(
            s.get(lit_start..).unwrap_or(""),
            raw,
            body.start + lit_start,
        )?);
        Ok(())
    }

    /// Parses the field whose expression starts at `i` of `s` (just after `{`); returns the
    /// position after its `}`.
    fn fstring_field(
        &mut self,
        offset: usize,
        s: &str,
        start: usize,
        parts: &mut Vec<FPart>,
    ) -> Result<usize> {
        let bytes = s.as_bytes();
        let err = |msg: &str, at: usize| {
            Error::syntax(
                format!("f-string: {msg}"),
                Span::new(offset + at, offset + at + 1),
            )
        };
        let unsupported = |what: Construct, at: usize| {
            Error::unsupported(what, Span::new(offset + at, offset + at + 1))
        };
        let mut depth = 0usize;
        let mut quote: Option<u8> = None;
        let mut i = start;
        let end = loop {
            let Some(&b) = bytes.get(i) else {
                return Err(err("expecting '}'", start.saturating_sub(1)));
            };
            if let Some(q) = quote {
                if b == q {
                    quote = None;
                }
                i += 1;
                continue;
            }
            match b {
                b'\\' => return Err(err("expression part cannot include a backslash", i)),
                b'#' => return Err(err("expression part cannot include '#'", i)),
                b'\'' | b'"' => quote = Some(b),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b'}' => break i,
                b'!' if depth == 0 && bytes.get(i + 1) != Some(&b'=') => break i,
                b':' if depth == 0 => break i,
                b'=' if depth == 0
                    && bytes.get(i + 1) != Some(&b'=')
                    && !matches!(
                        bytes.get(i.wrapping_sub(1)),
                        Some(b'=' | b'!' | b'<' | b'>')
                    ) =>
                {
                    return Err(unsupported(Construct::FStringEquals, i));
                }
                _ => {}
            }
            i += 1;
        };
        let expr_text = s.get(start..end).unwrap_or("");
        if expr_text.trim().is_empty() {
            return Err(err("empty expression not allowed", end));
        }
        let expr = self.sub_expression(expr_text, offset + start)?;
        let mut i = end;
        let mut repr = false;
        if bytes.get(i) == Some(&b'!') {
            match bytes.get(i + 1) {
                Some(b'r') => repr = true,
                Some(b's') => {}
                Some(b'a') => return Err(unsupported(Construct::FStringAscii, i)),
                _ => {
                    return Err(err(
                        "invalid conversion character: expected 's', 'r', or 'a'",
                        i,
                    ));
                }
            }
            i += 2;
        }
        let mut spec = "";
        if bytes.get(i) == Some(&b':') {
            let spec_start = i + 1;
            while let Some(&b) = bytes.get(i) {
                if b == b'{' {
                    return Err(unsupported(Construct::NestedFormatSpecs, i));
                }
                if b == b'}' {
                    break;
                }
                i += 1;
            }
            spec = s.get(spec_start..i).unwrap_or("");
        }
        if bytes.get(i) != Some(&b'}') {
            return Err(err("expecting '}'", i));
        }
        parts.push(FPart::Value {
            expr,
            repr,
            spec: Rc::from(spec),
        });
        Ok(i + 1)
    }

    /// Parses `text`, found at byte `offset` of the source, as a parenthesized expression.
    fn sub_expression(&mut self, text: &str, offset: usize) -> Result<Expr> {
        let wrapped = format!("({text})");
        let shift = |mut e: Error| {
            e.span = Span::new(
                (e.span.start + offset).saturating_sub(1),
                (e.span.end + offset).saturating_sub(1),
            );
            e
        };
        let mut tokens = tokenize(&wrapped, self.limits).map_err(shift)?;
        for t in &mut tokens {
            t.span = Span::new(
                (t.span.start + offset).saturating_sub(1),
                (t.span.end + offset).saturating_sub(1),
            );
        }
        let mut inner = Parser::new(self.src, tokens, self.limits);
        inner.depth = self.depth;
        inner.advance();
        let e = inner.exprlist()?;
        if !inner.eat_op(")") {
            return Err(inner.unexpected());
        }
        Ok(e)
    }
}
