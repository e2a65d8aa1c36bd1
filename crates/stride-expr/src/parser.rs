//! The parser: tokens to a [`Program`], by recursive descent with Python's precedence.
//!
//! Nesting is limited ([`Limits::max_nesting`]), so a thousand brackets give a `SyntaxError`, not a
//! stack overflow. Statements Python has but the lab does not evaluate (`def`, `for`, `lambda`, …)
//! are reported as such, never as wrong syntax.

use crate::ast::{Arg, BinOp, CmpOp, Expr, ExprKind, Program, Stmt, Subscript, Target, UnOp};
use crate::error::{EvalError, Span};
use crate::lexer::{Tok, Token, tokenize_deferring};
use crate::limits::Limits;

/// Python keywords that start statements the lab does not evaluate, with what to call them.
const UNSUPPORTED_STATEMENTS: [(&str, &str); 14] = [
    ("def", "function definitions"),
    ("class", "classes"),
    ("for", "loops"),
    ("while", "loops"),
    ("if", "if statements (use `a if cond else b`)"),
    ("with", "with statements"),
    ("try", "try statements"),
    ("return", "return outside a function"),
    ("del", "del statements"),
    ("global", "global statements"),
    ("nonlocal", "nonlocal statements"),
    ("assert", "assert statements"),
    ("raise", "raise statements"),
    ("async", "async code"),
];

/// Parses a whole program.
pub fn parse(source: &str, limits: &Limits) -> Result<Program, EvalError> {
    if source.len() > limits.max_source {
        return Err(EvalError::new(
            "ValueError",
            format!(
                "the program is too long ({} bytes); the lab takes programs up to {} bytes",
                source.len(),
                limits.max_source
            ),
        ));
    }
    let (tokens, deferred) = tokenize_deferring(source)?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        depth: 0,
        max_depth: limits.max_nesting,
    };
    let mut statements = Vec::new();
    loop {
        while parser.eat_end() {}
        if parser.at_eof() {
            break;
        }
        if statements.len() >= limits.max_statements {
            return Err(EvalError::new(
                "ValueError",
                format!(
                    "the program has more than {} statements",
                    limits.max_statements
                ),
            ));
        }
        statements.push(parser.statement()?);
        if !parser.at_eof() && !parser.eat_end() {
            return Err(parser.error_here("invalid syntax"));
        }
    }
    // A name NFKC would change is valid Python: reported only if nothing above is wrong.
    match deferred {
        Some(unsupported) => Err(unsupported),
        None => Ok(Program { statements }),
    }
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    depth: usize,
    max_depth: usize,
}

type PResult<T> = Result<T, EvalError>;

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn peek_tok(&self) -> Option<&Tok> {
        self.peek().map(|t| &t.tok)
    }

    fn span_here(&self) -> Span {
        self.peek().map_or_else(Span::default, |t| t.span)
    }

    fn prev_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|p| self.tokens.get(p))
            .map_or_else(Span::default, |t| t.span)
    }

    fn at_eof(&self) -> bool {
        self.pos + 1 >= self.tokens.len()
    }

    fn eat_end(&mut self) -> bool {
        if !self.at_eof() && self.peek_tok() == Some(&Tok::End) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek_tok(), Some(Tok::Op(o)) if *o == op)
    }

    fn is_name(&self, name: &str) -> bool {
        matches!(self.peek_tok(), Some(Tok::Name(n)) if n == name)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_name(&mut self, name: &str) -> bool {
        if self.is_name(name) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_op(&mut self, op: &str) -> PResult<Span> {
        if self.eat_op(op) {
            Ok(self.prev_span())
        } else if matches!(op, ")" | "]") && self.peek_tok() == Some(&Tok::End) {
            Err(self.error_here(&format!(
                "'{}' was never closed",
                if op == ")" { "(" } else { "[" }
            )))
        } else {
            Err(self.error_here("invalid syntax"))
        }
    }

    fn error_here(&self, message: &str) -> EvalError {
        let span = self.span_here();
        let span = if span.start == span.end {
            Span::new(span.start.saturating_sub(1), span.end)
        } else {
            span
        };
        EvalError::syntax(message.to_string(), span)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(EvalError::syntax(
                "too many nested parentheses".into(),
                self.span_here(),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn statement(&mut self) -> PResult<Stmt> {
        let start = self.span_here();
        if self.is_name("import") || self.is_name("from") {
            return self.import();
        }
        if let Some(Tok::Name(word)) = self.peek_tok() {
            if let Some((_, what)) = UNSUPPORTED_STATEMENTS.iter().find(|(k, _)| k == word) {
                return Err(EvalError::unsupported(what, start));
            }
        }
        let first = self.expr_or_tuple()?;
        if self.is_op("=") {
            let mut targets = vec![target(first)?];
            let mut value;
            loop {
                self.pos += 1;
                value = self.expr_or_tuple()?;
                if self.is_op("=") {
                    targets.push(target(value)?);
                } else {
                    break;
                }
            }
            return Ok(Stmt::Assign(targets, value));
        }
        let aug = [
            ("+=", BinOp::Add),
            ("-=", BinOp::Sub),
            ("*=", BinOp::Mul),
            ("/=", BinOp::Div),
            ("//=", BinOp::FloorDiv),
            ("%=", BinOp::Mod),
            ("**=", BinOp::Pow),
        ];
        for (op, bin) in aug {
            if self.eat_op(op) {
                let value = self.expr_or_tuple()?;
                return Ok(Stmt::AugAssign(target(first)?, bin, value));
            }
        }
        Ok(Stmt::Expr(first))
    }

    /// `import a.b as c` or `from a.b import c, d as e`: accepted and skipped.
    fn import(&mut self) -> PResult<Stmt> {
        let start = self.span_here();
        while !self.at_eof() && self.peek_tok() != Some(&Tok::End) {
            match self.peek_tok() {
                Some(Tok::Name(_)) | Some(Tok::Op("." | "," | "*" | "(" | ")")) => self.pos += 1,
                _ => return Err(self.error_here("invalid syntax")),
            }
        }
        Ok(Stmt::Import(start.to(self.prev_span())))
    }

    /// An expression, or several separated by commas (a tuple without brackets).
    fn expr_or_tuple(&mut self) -> PResult<Expr> {
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.at_statement_end() || self.is_op("=") {
                break;
            }
            items.push(self.expr()?);
        }
        let span = items
            .first()
            .map_or_else(Span::default, |e| e.span)
            .to(self.prev_span());
        Ok(Expr::new(ExprKind::Tuple(items), span))
    }

    fn at_statement_end(&self) -> bool {
        matches!(self.peek_tok(), Some(Tok::End) | None)
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let result = self.ternary();
        self.leave();
        self.bounded(result?)
    }

    /// Refuses a tree deeper than the nesting limit: evaluating (and dropping) it recurses that
    /// deep, a few kilobytes of stack a level in a debug build. Left-associative chains
    /// (`a + b + …`, `x.T.T…`) grow the tree without nesting brackets, so they are checked link
    /// by link.
    fn bounded(&self, e: Expr) -> PResult<Expr> {
        if e.depth as usize > self.max_depth {
            return Err(EvalError::syntax(
                "too many chained operations in one expression".into(),
                e.span,
            ));
        }
        Ok(e)
    }

    fn ternary(&mut self) -> PResult<Expr> {
        if self.is_name("lambda") {
            return Err(EvalError::unsupported("lambda", self.span_here()));
        }
        let body = self.or_expr()?;
        if self.eat_name("if") {
            let cond = self.or_expr()?;
            if !self.eat_name("else") {
                return Err(self.error_here("expected 'else' after 'if' expression"));
            }
            let other = self.expr()?;
            let span = body.span.to(other.span);
            return Ok(Expr::new(
                ExprKind::IfElse(Box::new(cond), Box::new(body), Box::new(other)),
                span,
            ));
        }
        Ok(body)
    }

    fn or_expr(&mut self) -> PResult<Expr> {
        let mut left = self.and_expr()?;
        while self.eat_name("or") {
            let right = self.and_expr()?;
            let span = left.span.to(right.span);
            left = self.bounded(Expr::new(
                ExprKind::Logic(false, Box::new(left), Box::new(right)),
                span,
            ))?;
        }
        Ok(left)
    }

    fn and_expr(&mut self) -> PResult<Expr> {
        let mut left = self.not_expr()?;
        while self.eat_name("and") {
            let right = self.not_expr()?;
            let span = left.span.to(right.span);
            left = self.bounded(Expr::new(
                ExprKind::Logic(true, Box::new(left), Box::new(right)),
                span,
            ))?;
        }
        Ok(left)
    }

    fn not_expr(&mut self) -> PResult<Expr> {
        if self.is_name("not") {
            let start = self.span_here();
            self.pos += 1;
            self.enter()?;
            let inner = self.not_expr();
            self.leave();
            let inner = inner?;
            let span = start.to(inner.span);
            return Ok(Expr::new(ExprKind::Unary(UnOp::Not, Box::new(inner)), span));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let left = self.binary(0)?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek_tok() {
                Some(Tok::Op("==")) => CmpOp::Eq,
                Some(Tok::Op("!=")) => CmpOp::Ne,
                Some(Tok::Op("<")) => CmpOp::Lt,
                Some(Tok::Op("<=")) => CmpOp::Le,
                Some(Tok::Op(">")) => CmpOp::Gt,
                Some(Tok::Op(">=")) => CmpOp::Ge,
                Some(Tok::Name(n)) if n == "in" => CmpOp::In,
                Some(Tok::Name(n)) if n == "is" => {
                    if self
                        .tokens
                        .get(self.pos + 1)
                        .is_some_and(|t| t.tok == Tok::Name("not".into()))
                    {
                        self.pos += 1;
                        CmpOp::IsNot
                    } else {
                        CmpOp::Is
                    }
                }
                Some(Tok::Name(n))
                    if n == "not"
                        && self
                            .tokens
                            .get(self.pos + 1)
                            .is_some_and(|t| t.tok == Tok::Name("in".into())) =>
                {
                    self.pos += 1;
                    CmpOp::NotIn
                }
                _ => break,
            };
            self.pos += 1;
            rest.push((op, self.binary(0)?));
        }
        if rest.is_empty() {
            return Ok(left);
        }
        let span = left.span.to(rest.last().map_or(left.span, |(_, e)| e.span));
        Ok(Expr::new(ExprKind::Compare(Box::new(left), rest), span))
    }

    /// Binary operators by precedence climbing (one table, one lookup per token): `|` < `^` <
    /// `&` < `+ -` < `* / // % @`, all left-associative.
    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut left = self.unary()?;
        while let Some((op, precedence)) = self.peek_tok().and_then(binary_op) {
            if precedence < min {
                break;
            }
            self.pos += 1;
            let right = self.binary(precedence + 1)?;
            let span = left.span.to(right.span);
            left = self.bounded(Expr::new(
                ExprKind::Binary(op, Box::new(left), Box::new(right)),
                span,
            ))?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = match self.peek_tok() {
            Some(Tok::Op("-")) => UnOp::Neg,
            Some(Tok::Op("+")) => UnOp::Pos,
            Some(Tok::Op("~")) => UnOp::Invert,
            _ => return self.power(),
        };
        let start = self.span_here();
        self.pos += 1;
        self.enter()?;
        let inner = self.unary();
        self.leave();
        let inner = inner?;
        let span = start.to(inner.span);
        // Fold `-literal` so that `-1` is a literal, as Python's constant folding makes it.
        if op == UnOp::Neg {
            match inner.kind {
                ExprKind::Int(Some(v)) => {
                    return Ok(Expr::new(ExprKind::Int(v.checked_neg()), span));
                }
                ExprKind::Float(v) => {
                    return Ok(Expr::new(ExprKind::Float(-v), span));
                }
                _ => {}
            }
        }
        Ok(Expr::new(ExprKind::Unary(op, Box::new(inner)), span))
    }

    fn power(&mut self) -> PResult<Expr> {
        let base = self.primary()?;
        if self.eat_op("**") {
            self.enter()?;
            let exponent = self.unary();
            self.leave();
            let exponent = exponent?;
            let span = base.span.to(exponent.span);
            return Ok(Expr::new(
                ExprKind::Binary(BinOp::Pow, Box::new(base), Box::new(exponent)),
                span,
            ));
        }
        Ok(base)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let mut expr = self.atom()?;
        loop {
            if self.eat_op(".") {
                let Some(Token {
                    tok: Tok::Name(name),
                    span,
                }) = self.peek().cloned()
                else {
                    return Err(self.error_here("invalid syntax"));
                };
                self.pos += 1;
                let whole = expr.span.to(span);
                expr = Expr::new(ExprKind::Attr(Box::new(expr), name, span), whole);
            } else if self.is_op("(") {
                self.pos += 1;
                self.enter()?;
                let args = self.arguments();
                self.leave();
                let args = args?;
                let close = self.expect_op(")")?;
                let span = expr.span.to(close);
                expr = Expr::new(ExprKind::Call(Box::new(expr), args), span);
            } else if self.is_op("[") {
                self.pos += 1;
                self.enter()?;
                let items = self.subscripts();
                self.leave();
                let items = items?;
                let close = self.expect_op("]")?;
                let span = expr.span.to(close);
                expr = Expr::new(ExprKind::Index(Box::new(expr), items), span);
            } else {
                break;
            }
            expr = self.bounded(expr)?;
        }
        Ok(expr)
    }

    fn arguments(&mut self) -> PResult<Vec<Arg>> {
        let mut args = Vec::new();
        while !self.is_op(")") {
            if self.is_op("*") || self.is_op("**") {
                return Err(EvalError::unsupported(
                    "* and ** in calls",
                    self.span_here(),
                ));
            }
            let keyword = match (
                self.peek_tok(),
                self.tokens.get(self.pos + 1).map(|t| &t.tok),
            ) {
                (Some(Tok::Name(n)), Some(Tok::Op("="))) => Some(n.clone()),
                _ => None,
            };
            if keyword.is_some() {
                self.pos += 2;
            } else if args.iter().any(|a: &Arg| a.name.is_some()) {
                return Err(self.error_here("positional argument follows keyword argument"));
            }
            let value = self.expr()?;
            if self.is_name("for") {
                return Err(EvalError::unsupported(
                    "generator expressions",
                    self.span_here(),
                ));
            }
            args.push(Arg {
                name: keyword,
                value,
            });
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(args)
    }

    fn subscripts(&mut self) -> PResult<Vec<Subscript>> {
        let mut items = Vec::new();
        loop {
            if self.is_op("]") && !items.is_empty() {
                break;
            }
            items.push(self.subscript()?);
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(items)
    }

    fn subscript(&mut self) -> PResult<Subscript> {
        let start_span = self.span_here();
        let start = if self.is_op(":") {
            None
        } else {
            Some(self.expr()?)
        };
        if !self.is_op(":") {
            return match start {
                Some(e) => Ok(Subscript::Expr(e)),
                None => Err(self.error_here("invalid syntax")),
            };
        }
        self.pos += 1;
        let part = |p: &mut Self| -> PResult<Option<Box<Expr>>> {
            if p.is_op(":") || p.is_op(",") || p.is_op("]") {
                Ok(None)
            } else {
                Ok(Some(Box::new(p.expr()?)))
            }
        };
        let stop = part(self)?;
        let step = if self.eat_op(":") { part(self)? } else { None };
        let span = start_span.to(self.prev_span());
        Ok(Subscript::Slice {
            start: start.map(Box::new),
            stop,
            step,
            span,
        })
    }

    fn atom(&mut self) -> PResult<Expr> {
        let Some(token) = self.peek().cloned() else {
            return Err(self.error_here("invalid syntax"));
        };
        let span = token.span;
        let kind = match token.tok {
            Tok::Int(v) => ExprKind::Int(v),
            Tok::Float(v) => ExprKind::Float(v),
            Tok::Str(s) => {
                self.pos += 1;
                let mut s = s;
                let mut end = span;
                // Adjacent string literals join, as in Python.
                while let Some(Token {
                    tok: Tok::Str(more),
                    span: next,
                }) = self.peek().cloned()
                {
                    s.push_str(&more);
                    end = next;
                    self.pos += 1;
                }
                return Ok(Expr::new(ExprKind::Str(s), span.to(end)));
            }
            Tok::Name(ref n) => match n.as_str() {
                "None" => ExprKind::NoneLit,
                "True" => ExprKind::Bool(true),
                "False" => ExprKind::Bool(false),
                "lambda" => return Err(EvalError::unsupported("lambda", span)),
                "yield" | "await" => return Err(EvalError::unsupported(n, span)),
                "def" | "class" | "for" | "while" | "if" | "else" | "elif" | "import" | "from"
                | "return" | "and" | "or" | "not" | "in" | "is" | "pass" | "break" | "continue"
                | "with" | "as" | "try" | "except" | "finally" | "raise" | "del" | "global"
                | "nonlocal" | "assert" => {
                    return Err(EvalError::syntax("invalid syntax".into(), span));
                }
                _ => ExprKind::Name(n.clone()),
            },
            Tok::Op("...") => ExprKind::Ellipsis,
            Tok::Op("(") => {
                self.pos += 1;
                self.enter()?;
                let inner = self.parenthesized(")");
                self.leave();
                let items = inner?;
                let close = self.expect_op(")")?;
                let span = span.to(close);
                return Ok(match items {
                    Bracketed::One(mut e) => {
                        e.span = span;
                        e
                    }
                    Bracketed::Many(items) => Expr::new(ExprKind::Tuple(items), span),
                });
            }
            Tok::Op("[") => {
                self.pos += 1;
                self.enter()?;
                let inner = self.parenthesized("]");
                self.leave();
                let items = match inner? {
                    Bracketed::One(e) => vec![e],
                    Bracketed::Many(items) => items,
                };
                let close = self.expect_op("]")?;
                return Ok(Expr::new(ExprKind::List(items), span.to(close)));
            }
            Tok::Op("{") => return Err(EvalError::unsupported("dicts and sets", span)),
            Tok::End if self.at_eof() => {
                return Err(EvalError::syntax(
                    "unexpected end of the program".into(),
                    span,
                ));
            }
            _ => return Err(self.error_here("invalid syntax")),
        };
        self.pos += 1;
        Ok(Expr::new(kind, span))
    }

    /// The inside of `( … )` or `[ … ]`: one expression, or a comma list (a trailing comma makes a
    /// tuple of one).
    fn parenthesized(&mut self, close: &str) -> PResult<Bracketed> {
        let mut items = Vec::new();
        let mut comma = false;
        while !self.is_op(close) {
            items.push(self.expr()?);
            if self.is_name("for") {
                return Err(EvalError::unsupported("comprehensions", self.span_here()));
            }
            if self.eat_op(",") {
                comma = true;
            } else {
                break;
            }
        }
        if items.len() == 1 && !comma && close == ")" {
            if let Some(e) = items.pop() {
                return Ok(Bracketed::One(e));
            }
        }
        Ok(Bracketed::Many(items))
    }
}

/// The binary operator a token is, with its precedence (higher binds tighter).
fn binary_op(tok: &Tok) -> Option<(BinOp, u8)> {
    let Tok::Op(op) = tok else { return None };
    Some(match *op {
        "|" => (BinOp::Or, 0),
        "^" => (BinOp::Xor, 1),
        "&" => (BinOp::And, 2),
        "+" => (BinOp::Add, 3),
        "-" => (BinOp::Sub, 3),
        "*" => (BinOp::Mul, 4),
        "/" => (BinOp::Div, 4),
        "//" => (BinOp::FloorDiv, 4),
        "%" => (BinOp::Mod, 4),
        "@" => (BinOp::MatMul, 4),
        _ => return None,
    })
}

enum Bracketed {
    One(Expr),
    Many(Vec<Expr>),
}

/// Turns the left side of `=` into a target, or a `SyntaxError` as Python gives.
fn target(expr: Expr) -> PResult<Target> {
    let span = expr.span;
    match expr.kind {
        ExprKind::Name(n) => Ok(Target::Name(n, span)),
        ExprKind::Index(obj, items) => Ok(Target::Index(*obj, items, span)),
        ExprKind::Tuple(items) | ExprKind::List(items) => Ok(Target::Unpack(
            items.into_iter().map(target).collect::<PResult<Vec<_>>>()?,
            span,
        )),
        ExprKind::Attr(_, name, _) => Err(EvalError::unsupported(
            &format!("assigning to the attribute `{name}`"),
            span,
        )),
        ExprKind::Call(..) => Err(EvalError::syntax(
            "cannot assign to function call here. Maybe you meant '==' instead of '='?".into(),
            span,
        )),
        _ => Err(EvalError::syntax(
            "cannot assign to expression here. Maybe you meant '==' instead of '='?".into(),
            span,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(src: &str) -> Program {
        parse(src, &Limits::default()).unwrap()
    }

    #[test]
    fn statements_and_precedence() {
        let p = parse_ok("x = np.arange(12.0).reshape(3, 4); y = x.T\n\ny[0, 1] = 100\nx[1, 0]");
        assert_eq!(p.statements.len(), 4);
        let p = parse_ok("a - b * c ** -2");
        let Stmt::Expr(Expr {
            kind: ExprKind::Binary(BinOp::Sub, _, right),
            ..
        }) = &p.statements[0]
        else {
            panic!("{p:?}")
        };
        assert!(matches!(right.kind, ExprKind::Binary(BinOp::Mul, _, _)));
    }

    #[test]
    fn slices_and_keywords() {
        let p = parse_ok("x[::2, 1:, None, ..., -1]");
        let Stmt::Expr(Expr {
            kind: ExprKind::Index(_, items),
            ..
        }) = &p.statements[0]
        else {
            panic!()
        };
        assert_eq!(items.len(), 5);
        assert!(matches!(
            items[0],
            Subscript::Slice {
                start: None,
                stop: None,
                step: Some(_),
                ..
            }
        ));
        let p = parse_ok("np.arange(12, dtype=np.int32)");
        let Stmt::Expr(Expr {
            kind: ExprKind::Call(_, args),
            ..
        }) = &p.statements[0]
        else {
            panic!()
        };
        assert_eq!(args[1].name.as_deref(), Some("dtype"));
    }

    #[test]
    fn tuples_and_parentheses() {
        assert!(
            matches!(&parse_ok("(3,)").statements[0], Stmt::Expr(Expr { kind: ExprKind::Tuple(v), .. }) if v.len() == 1)
        );
        assert!(matches!(
            &parse_ok("(3)").statements[0],
            Stmt::Expr(Expr {
                kind: ExprKind::Int(Some(3)),
                ..
            })
        ));
        assert!(
            matches!(&parse_ok("()").statements[0], Stmt::Expr(Expr { kind: ExprKind::Tuple(v), .. }) if v.is_empty())
        );
        assert!(
            matches!(&parse_ok("a, b = 1, 2").statements[0], Stmt::Assign(t, _) if matches!(t[0], Target::Unpack(..)))
        );
    }

    #[test]
    fn unsupported_and_wrong_syntax() {
        let limits = Limits::default();
        assert_eq!(
            parse("for i in x: pass", &limits).unwrap_err().class,
            "Unsupported"
        );
        assert_eq!(
            parse("f = lambda: 3", &limits).unwrap_err().class,
            "Unsupported"
        );
        assert_eq!(
            parse("x = (1, 2", &limits).unwrap_err().message,
            "'(' was never closed"
        );
        assert_eq!(parse("x = = 3", &limits).unwrap_err().class, "SyntaxError");
        assert_eq!(parse("f(x) = 3", &limits).unwrap_err().class, "SyntaxError");
    }

    #[test]
    fn nesting_is_limited_without_overflowing_the_stack() {
        let limits = Limits::default();
        let deep = "(".repeat(5000) + &")".repeat(5000);
        assert_eq!(
            parse(&deep, &limits).unwrap_err().message,
            "too many nested parentheses"
        );
        let deep = "-".repeat(5000) + "1";
        assert!(parse(&deep, &limits).is_err());
        let deep = "not ".repeat(5000) + "x";
        assert!(parse(&deep, &limits).is_err());
        let deep = "x".to_string() + &"[0]".repeat(5000);
        assert!(parse(&deep, &limits).is_err());
        let long = "x = 1\n".repeat(20000);
        assert!(parse(&long, &limits).is_err());
    }
}
