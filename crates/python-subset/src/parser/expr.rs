//! Expressions: one precedence table ([`infix`]) climbed by [`Parser::binary`], unary
//! operators, `**` and atoms. The postfix forms (calls, subscripts, attributes) are in
//! `parser/postfix.rs`, displays and comprehensions in `parser/display.rs`, f-strings in
//! `parser/fstring.rs`.

use super::{Parser, to_target, unsupported_op};
use crate::ast::{BinOp, CmpOp, Expr, ExprKind, Target, UnaryOp};
use crate::construct::Construct;
use crate::error::{Error, Result, Span};
use crate::lexer::Tok;
use crate::limits::Limit;

/// What an infix token does.
#[derive(Clone, Copy)]
enum Infix {
    Or,
    And,
    Cmp(CmpOp),
    Bin(BinOp),
}

// Binding powers, lowest first, as in the Python reference's precedence table.
pub(super) const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const CMP: u8 = 4;
const BIT_OR: u8 = 5;
const UNARY: u8 = 11;

/// The precedence table: the binding power of each infix operator.
fn infix(tok: &Tok, next: &Tok) -> Option<(u8, Infix)> {
    Some(match tok {
        Tok::Kw("or") => (OR, Infix::Or),
        Tok::Kw("and") => (AND, Infix::And),
        Tok::Kw("in") => (CMP, Infix::Cmp(CmpOp::In)),
        Tok::Kw("not") if *next == Tok::Kw("in") => (CMP, Infix::Cmp(CmpOp::NotIn)),
        Tok::Kw("is") if *next == Tok::Kw("not") => (CMP, Infix::Cmp(CmpOp::IsNot)),
        Tok::Kw("is") => (CMP, Infix::Cmp(CmpOp::Is)),
        Tok::Op(op) => match *op {
            "<" => (CMP, Infix::Cmp(CmpOp::Lt)),
            "<=" => (CMP, Infix::Cmp(CmpOp::Le)),
            ">" => (CMP, Infix::Cmp(CmpOp::Gt)),
            ">=" => (CMP, Infix::Cmp(CmpOp::Ge)),
            "==" => (CMP, Infix::Cmp(CmpOp::Eq)),
            "!=" => (CMP, Infix::Cmp(CmpOp::Ne)),
            "|" => (BIT_OR, Infix::Bin(BinOp::BitOr)),
            "^" => (6, Infix::Bin(BinOp::BitXor)),
            "&" => (7, Infix::Bin(BinOp::BitAnd)),
            "<<" => (8, Infix::Bin(BinOp::Shl)),
            ">>" => (8, Infix::Bin(BinOp::Shr)),
            "+" => (9, Infix::Bin(BinOp::Add)),
            "-" => (9, Infix::Bin(BinOp::Sub)),
            "*" => (10, Infix::Bin(BinOp::Mul)),
            "/" => (10, Infix::Bin(BinOp::Div)),
            "//" => (10, Infix::Bin(BinOp::FloorDiv)),
            "%" => (10, Infix::Bin(BinOp::Mod)),
            "@" => (10, Infix::Bin(BinOp::MatMul)),
            _ => return None,
        },
        _ => return None,
    })
}

/// Whether a token can start an expression (to tell a missing comma from other errors).
pub(super) fn starts_expression(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::Name(_)
            | Tok::Int(_)
            | Tok::BigInt
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::FStr(..)
            | Tok::Kw("None" | "True" | "False" | "not" | "lambda")
            | Tok::Op("(" | "[" | "{" | "-" | "+" | "~")
    )
}

pub(super) fn node(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

impl Parser<'_> {
    /// `expression`: a conditional expression or anything tighter.
    pub(super) fn expr(&mut self) -> Result<Expr> {
        self.enter()?;
        let result = self.conditional();
        self.leave(1);
        result
    }

    fn conditional(&mut self) -> Result<Expr> {
        if self.is_kw("lambda") {
            return self.lambda();
        }
        if let Tok::Kw("yield" | "await") = self.peek() {
            return Err(Error::unsupported(
                Construct::GeneratorsAndAsync,
                self.span(),
            ));
        }
        let then = self.binary(0)?;
        if self.is_op(":=") {
            return Err(Error::unsupported(Construct::Walrus, self.span()));
        }
        if !self.eat_kw("if") {
            return Ok(then);
        }
        let cond = self.binary(OR)?;
        if !self.eat_kw("else") {
            return Err(self.unexpected_or("expected 'else' after 'if' expression"));
        }
        let other = self.expr()?;
        let span = then.span.to(other.span);
        Ok(node(ExprKind::IfElse(Box::new([then, cond, other])), span))
    }

    /// Expressions separated by commas: a tuple if there is a comma.
    pub(super) fn exprlist(&mut self) -> Result<Expr> {
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut span = first.span;
        let mut items = vec![first];
        while self.eat_op(",") {
            if !starts_expression(self.peek()) && !matches!(self.peek(), Tok::Op("*")) {
                break;
            }
            let item = self.expr()?;
            span = span.to(item.span);
            items.push(item);
        }
        Ok(node(ExprKind::Tuple(items), span))
    }

    /// Targets of `for`, up to `in`.
    pub(super) fn target_list(&mut self) -> Result<Target> {
        let first = self.binary(BIT_OR)?;
        if !self.is_op(",") {
            return to_target(first);
        }
        let mut span = first.span;
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.is_kw("in") {
                break;
            }
            let item = self.binary(BIT_OR)?;
            span = span.to(item.span);
            items.push(item);
        }
        to_target(node(ExprKind::Tuple(items), span))
    }

    /// Operators binding at least as tightly as `min`, by precedence climbing. Each prefix
    /// operator and each operator of a chain is a nesting level: the tree gets one deeper.
    pub(super) fn binary(&mut self, min: u8) -> Result<Expr> {
        let mut levels = 0;
        let result = self.binary_inner(min, &mut levels);
        self.leave(levels);
        result
    }

    fn binary_inner(&mut self, min: u8, levels: &mut usize) -> Result<Expr> {
        let start = self.span();
        let mut lhs = match self.peek() {
            Tok::Kw("not") if min <= NOT => {
                self.advance();
                self.enter()?;
                *levels += 1;
                let operand = self.binary(NOT)?;
                let span = start.to(operand.span);
                node(ExprKind::Unary(UnaryOp::Not, Box::new(operand)), span)
            }
            Tok::Op(op @ ("-" | "+" | "~")) if min <= UNARY => {
                let op = match *op {
                    "-" => UnaryOp::Neg,
                    "+" => UnaryOp::Pos,
                    _ => UnaryOp::Invert,
                };
                self.advance();
                self.enter()?;
                *levels += 1;
                let operand = self.binary(UNARY)?;
                let span = start.to(operand.span);
                node(ExprKind::Unary(op, Box::new(operand)), span)
            }
            _ => self.power()?,
        };
        while let Some((prec, op)) = infix(self.peek(), self.peek2()) {
            if prec < min {
                break;
            }
            self.enter()?;
            *levels += 1;
            self.advance();
            lhs = match op {
                Infix::Cmp(first) => {
                    let mut op = first;
                    let mut chain = Vec::new();
                    loop {
                        if matches!(op, CmpOp::NotIn | CmpOp::IsNot) {
                            self.advance();
                        }
                        chain.push((op, self.binary(BIT_OR)?));
                        match infix(self.peek(), self.peek2()) {
                            Some((_, Infix::Cmp(next))) => {
                                op = next;
                                self.advance();
                            }
                            _ => break,
                        }
                    }
                    let span = chain.last().map_or(lhs.span, |(_, e)| lhs.span.to(e.span));
                    node(ExprKind::Compare(Box::new(lhs), chain), span)
                }
                Infix::Or | Infix::And => {
                    let rhs = self.binary(prec + 1)?;
                    let span = lhs.span.to(rhs.span);
                    node(
                        ExprKind::Logic(matches!(op, Infix::And), Box::new(lhs), Box::new(rhs)),
                        span,
                    )
                }
                Infix::Bin(bin) => {
                    let rhs = self.binary(prec + 1)?;
                    let span = lhs.span.to(rhs.span);
                    node(ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)), span)
                }
            };
        }
        Ok(lhs)
    }

    /// `primary ** u_expr`, right-associative, tighter than a unary minus on its left.
    fn power(&mut self) -> Result<Expr> {
        let base = self.postfix()?;
        if !self.eat_op("**") {
            return Ok(base);
        }
        self.enter()?;
        let exponent = self.binary(UNARY);
        self.leave(1);
        let exponent = exponent?;
        let span = base.span.to(exponent.span);
        Ok(node(
            ExprKind::Binary(BinOp::Pow, Box::new(base), Box::new(exponent)),
            span,
        ))
    }

    pub(super) fn atom(&mut self) -> Result<Expr> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Name(n) => ExprKind::Name(n),
            Tok::Int(v) => ExprKind::Int(v),
            Tok::Float(v) => ExprKind::Float(v),
            Tok::BigInt => return Err(Error::limit(Limit::IntTooLarge, start)),
            Tok::Kw("None") => ExprKind::None,
            Tok::Kw("True") => ExprKind::Bool(true),
            Tok::Kw("False") => ExprKind::Bool(false),
            Tok::Op("...") => ExprKind::Ellipsis,
            Tok::Str(_) | Tok::FStr(..) => return self.strings(),
            Tok::Op("(") => return self.parenthesized(),
            Tok::Op("[") => return self.list(),
            Tok::Op(op @ ("*" | "**")) => {
                let what = if op == "*" {
                    Construct::StarUnpacking
                } else {
                    Construct::DoubleStarUnpacking
                };
                return Err(Error::unsupported(what, start));
            }
            Tok::Op("{") => return self.brace(),
            Tok::Op(op @ ":=") => {
                return Err(Error::unsupported(unsupported_op(op), start));
            }
            Tok::Kw("yield" | "await") => {
                return Err(Error::unsupported(Construct::GeneratorsAndAsync, start));
            }
            _ => return Err(self.unexpected()),
        };
        self.advance();
        Ok(node(kind, start))
    }
}

#[cfg(test)]
mod tests {
    use crate::limits::Limits;
    use crate::parser::parse_expression;

    fn error(src: &str) -> String {
        match parse_expression(src, &Limits::default()) {
            Ok(_) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn expressions_parse() {
        for src in [
            "a if b else c",
            "-2 ** -1",
            "not a == b < c",
            "x not in y and z is not None",
            "f(a, b=1)(c)[1:2, ::3].d",
            "[x * y for x in a if x for y in b]",
            "sum(x for x in a)",
            "f'{x!r:>4} and {y}'",
            "'a' f'{b}' 'c'",
            "(1,)",
            "a[1:]",
        ] {
            assert_eq!(error(src), "ok", "{src}");
        }
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(
            error("f(0 step)"),
            "SyntaxError: invalid syntax. Perhaps you forgot a comma?"
        );
        assert_eq!(
            error("f(a=1, 2)"),
            "SyntaxError: positional argument follows keyword argument"
        );
        assert_eq!(
            error("f(a=1, a=2)"),
            "SyntaxError: keyword argument repeated: a"
        );
        assert_eq!(
            error("f(x for x in y, 1)"),
            "SyntaxError: Generator expression must be parenthesized"
        );
        assert_eq!(error("a ="), "SyntaxError: invalid syntax");
        assert_eq!(error("a == not b"), "SyntaxError: invalid syntax");
        assert_eq!(
            error("f'{}'"),
            "SyntaxError: f-string: empty expression not allowed"
        );
        assert_eq!(error("f'{x'"), "SyntaxError: f-string: expecting '}'");
        assert_eq!(
            error("f'}'"),
            "SyntaxError: f-string: single '}' is not allowed"
        );
    }

    #[test]
    fn unsupported_expressions() {
        for (src, what) in [
            ("{1, 2}", "sets"),
            ("f(*a)", "star arguments (*args, **kwargs)"),
            ("[*a]", "star unpacking (*x)"),
            ("(y := 1)", "the := operator"),
            ("f'{x=}'", "the f-string '=' specifier"),
        ] {
            assert_eq!(
                error(src),
                format!("valid Python, but this lab does not run it: {what}"),
                "{src}"
            );
        }
    }

    #[test]
    fn nesting_is_limited_without_overflowing_the_stack() {
        let limits = Limits {
            max_nesting: 50,
            ..Limits::default()
        };
        for src in [
            format!("{}1{}", "(".repeat(60), ")".repeat(60)),
            format!("{}1", "-".repeat(60)),
            format!("1{}", "+1".repeat(60)),
            format!("a{}", "[0]".repeat(60)),
            format!("2{}", " ** 2".repeat(60)),
            format!("{}1", "not ".repeat(60)),
            format!("0{}", " if 1 else 0".repeat(60)),
        ] {
            let err = parse_expression(&src, &limits).map(|_| ()).unwrap_err();
            assert_eq!(
                err.to_string(),
                "too deeply nested for this checker",
                "{src}"
            );
        }
    }
}
