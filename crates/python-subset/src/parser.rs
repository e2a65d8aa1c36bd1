//! The parser: tokens to a syntax tree, by recursive descent. This file holds the simple
//! statements and assignment targets; compound statements are in `parser/compound.rs`, imports
//! in `parser/import.rs`; `parser/expr.rs` holds the expressions and their precedence table,
//! with `parser/postfix.rs` (calls, subscripts), `parser/display.rs` (tuples, lists,
//! comprehensions) and `parser/fstring.rs`.
//!
//! It reports a `SyntaxError` only where CPython would refuse the text too. Where Python allows
//! something the subset leaves out (a `class`, a `lambda`, a `{dict}`), it reports
//! [`ErrorKind::Unsupported`] instead, so that an answer
//! is never called wrong for being Python this checker cannot run. It also makes CPython's
//! compile-time checks (`break` outside a loop, a repeated keyword argument, ...).

mod compound;
mod display;
mod expr;
mod fstring;
mod import;
mod postfix;

use crate::ast::{BinOp, Expr, ExprKind, Stmt, StmtKind, Target};
use crate::construct::Construct;
use crate::error::{Error, ErrorKind, Result, Span, SyntaxClass};
use crate::lexer::{Tok, Token, tokenize_deferring};
use crate::limits::{Limit, Limits};
use std::rc::Rc;

/// Parses a whole program.
pub fn parse_module(src: &str, limits: &Limits) -> Result<Vec<Stmt>> {
    if src.len() > limits.max_source_len {
        return Err(Error::limit(Limit::SourceLen, Span::new(0, 0)));
    }
    let (tokens, deferred) = tokenize_deferring(src, limits)?;
    let mut p = Parser::new(src, tokens, limits);
    let mut body = Vec::new();
    while *p.peek() != Tok::Eof {
        p.statement(&mut body)?;
    }
    match deferred {
        Some(unsupported) => Err(unsupported),
        None => Ok(body),
    }
}

/// Parses one expression, such as a checker case `f((3, 4))`.
pub fn parse_expression(src: &str, limits: &Limits) -> Result<Expr> {
    if src.len() > limits.max_source_len {
        return Err(Error::limit(Limit::SourceLen, Span::new(0, 0)));
    }
    let (tokens, deferred) = tokenize_deferring(src, limits)?;
    let mut p = Parser::new(src, tokens, limits);
    let e = p.exprlist()?;
    p.eat(&Tok::Newline);
    if *p.peek() != Tok::Eof {
        return Err(p.unexpected());
    }
    match deferred {
        Some(unsupported) => Err(unsupported),
        None => Ok(e),
    }
}

/// Keywords that start statements the subset leaves out.
const UNSUPPORTED_STATEMENTS: &[(&str, Construct)] = &[
    ("class", Construct::Classes),
    ("try", Construct::TryExcept),
    ("with", Construct::WithStatements),
    ("async", Construct::AsyncCode),
    ("global", Construct::GlobalDeclarations),
    ("nonlocal", Construct::NonlocalDeclarations),
    ("yield", Construct::GeneratorsYield),
    ("await", Construct::AsyncCode),
];

pub(crate) struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
    limits: &'a Limits,
    /// Loops around the current statement, within the current function.
    loop_depth: usize,
    /// The names assigned in the function being parsed, if any.
    locals: Option<Vec<Rc<str>>>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, tokens: Vec<Token>, limits: &'a Limits) -> Parser<'a> {
        Parser {
            src,
            tokens,
            pos: 0,
            depth: 0,
            limits,
            loop_depth: 0,
            locals: None,
        }
    }

    fn peek(&self) -> &Tok {
        self.tokens.get(self.pos).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn peek2(&self) -> &Tok {
        self.tokens.get(self.pos + 1).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn span(&self) -> Span {
        self.tokens
            .get(self.pos)
            .or(self.tokens.last())
            .map_or(Span::default(), |t| t.span)
    }

    /// The span of the previous token.
    fn prev_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(Span::default(), |t| t.span)
    }

    fn advance(&mut self) -> Span {
        let span = self.span();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        span
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        if self.peek() == tok {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Tok::Op(o) if *o == op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if matches!(self.peek(), Tok::Kw(k) if *k == kw) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Kw(k) if *k == kw)
    }

    fn expect_op(&mut self, op: &str) -> Result<Span> {
        if self.is_op(op) {
            Ok(self.advance())
        } else {
            Err(self.unexpected_or(&format!("expected '{op}'")))
        }
    }

    /// One more nesting level, refused past [`Limits::max_nesting`].
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > self.limits.max_nesting {
            return Err(Error::limit(Limit::Nesting, self.span()));
        }
        Ok(())
    }

    fn leave(&mut self, levels: usize) {
        self.depth = self.depth.saturating_sub(levels);
    }

    /// The error for the current token, which cannot come here.
    fn unexpected(&self) -> Error {
        self.unexpected_or("invalid syntax")
    }

    fn unexpected_or(&self, message: &str) -> Error {
        let span = self.span();
        match self.peek() {
            Tok::Kw(k) => {
                if let Some((_, what)) = UNSUPPORTED_STATEMENTS.iter().find(|(kw, _)| kw == k) {
                    return Error::unsupported(what.clone(), span);
                }
            }
            Tok::Op(op @ (":=" | "{" | "..." | "->")) => {
                return Error::unsupported(unsupported_op(op), span);
            }
            Tok::Indent => {
                return Error {
                    kind: ErrorKind::Syntax(SyntaxClass::Indentation, "unexpected indent".into()),
                    span,
                    detail: None,
                };
            }
            _ => {}
        }
        Error::syntax(message, span)
    }

    /// A line: one compound statement, or simple statements separated by `;`.
    fn statement(&mut self, out: &mut Vec<Stmt>) -> Result<()> {
        let start = self.span();
        let stmt = match self.peek().clone() {
            Tok::Kw("if") => self.if_stmt()?,
            Tok::Kw("while") => self.while_stmt()?,
            Tok::Kw("for") => self.for_stmt()?,
            Tok::Kw("def") => self.def_stmt()?,
            Tok::Op("@") => return Err(Error::unsupported(Construct::Decorators, start)),
            Tok::Name(n) if matches!(&*n, "match" | "case" | "type") => {
                let save = self.pos;
                match self.simple_statements(out) {
                    Ok(()) => return Ok(()),
                    Err(e) if matches!(e.kind, ErrorKind::Syntax(..)) => {
                        self.pos = save;
                        let keyword = match &*n {
                            "match" => "match",
                            "case" => "case",
                            _ => "type",
                        };
                        return Err(Error::unsupported(
                            Construct::KeywordStatements(keyword),
                            start,
                        ));
                    }
                    Err(e) => return Err(e),
                }
            }
            _ => return self.simple_statements(out),
        };
        out.push(stmt);
        Ok(())
    }

    fn simple_statements(&mut self, out: &mut Vec<Stmt>) -> Result<()> {
        loop {
            let stmt = self.simple_statement()?;
            out.push(stmt);
            if self.eat(&Tok::Newline) {
                return Ok(());
            }
            if !self.eat_op(";") {
                return Err(self.unexpected());
            }
            if self.eat(&Tok::Newline) {
                return Ok(());
            }
        }
    }

    fn simple_statement(&mut self) -> Result<Stmt> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Kw("pass") => {
                self.advance();
                StmtKind::Pass
            }
            Tok::Kw(kw @ ("break" | "continue")) => {
                self.advance();
                if self.loop_depth == 0 {
                    let message = if kw == "break" {
                        "'break' outside loop"
                    } else {
                        "'continue' not properly in loop"
                    };
                    return Err(Error::syntax(message, start));
                }
                if kw == "break" {
                    StmtKind::Break
                } else {
                    StmtKind::Continue
                }
            }
            Tok::Kw("return") => {
                self.advance();
                if self.locals.is_none() {
                    return Err(Error::syntax("'return' outside function", start));
                }
                if self.at_statement_end() {
                    StmtKind::Return(None)
                } else {
                    StmtKind::Return(Some(self.exprlist()?))
                }
            }
            Tok::Kw("raise") => {
                self.advance();
                let value = if self.at_statement_end() {
                    None
                } else {
                    Some(self.expr()?)
                };
                if self.is_kw("from") {
                    return Err(Error::unsupported(Construct::RaiseFrom, self.span()));
                }
                StmtKind::Raise(value)
            }
            Tok::Kw("del") => {
                self.advance();
                let targets = match self.target_list()? {
                    Target::Tuple(items, _) => items,
                    one => vec![one],
                };
                targets.iter().for_each(|t| self.bind(t));
                StmtKind::Del(targets)
            }
            Tok::Kw("import") => self.import_stmt()?,
            Tok::Kw("from") => self.import_from_stmt()?,
            Tok::Kw("assert") => {
                self.advance();
                let cond = self.expr()?;
                let message = if self.eat_op(",") {
                    Some(self.expr()?)
                } else {
                    None
                };
                StmtKind::Assert(cond, message)
            }
            _ => self.expression_statement()?,
        };
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    fn at_statement_end(&self) -> bool {
        matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Op(";"))
    }

    fn expression_statement(&mut self) -> Result<StmtKind> {
        if let Tok::Kw(k) = self.peek() {
            if let Some((_, what)) = UNSUPPORTED_STATEMENTS.iter().find(|(kw, _)| kw == k) {
                return Err(Error::unsupported(what.clone(), self.span()));
            }
        }
        let first = self.exprlist()?;
        if let Tok::Op(op) = *self.peek() {
            if let Some(bin) = aug_op(op) {
                self.advance();
                let target = match first.kind {
                    ExprKind::Name(..) | ExprKind::Index(..) => to_target(first)?,
                    ExprKind::Attr(..) => {
                        return Err(Error::unsupported(
                            Construct::AssigningToAttributes,
                            first.span,
                        ));
                    }
                    _ => {
                        let message = format!(
                            "'{}' is an illegal expression for augmented assignment",
                            describe(&first)
                        );
                        return Err(Error::syntax(message, first.span));
                    }
                };
                let value = self.exprlist()?;
                self.bind(&target);
                return Ok(StmtKind::AugAssign(target, bin, value));
            }
            if op == ":" {
                return Err(Error::unsupported(
                    Construct::VariableAnnotations,
                    self.span(),
                ));
            }
        }
        if !self.is_op("=") {
            return Ok(StmtKind::Expr(first));
        }
        let mut targets = vec![first];
        while self.eat_op("=") {
            if self.is_kw("yield") {
                return Err(Error::unsupported(Construct::GeneratorsYield, self.span()));
            }
            targets.push(self.exprlist()?);
        }
        let value = targets.pop().ok_or_else(|| self.unexpected())?;
        let targets = targets
            .into_iter()
            .map(to_target)
            .collect::<Result<Vec<_>>>()?;
        targets.iter().for_each(|t| self.bind(t));
        Ok(StmtKind::Assign(targets, value))
    }

    /// Records the names a target assigns as locals of the function being parsed.
    fn bind(&mut self, target: &Target) {
        if let Some(locals) = &mut self.locals {
            target.names(locals);
        }
    }
}

/// The operator of an augmented assignment token.
fn aug_op(op: &str) -> Option<BinOp> {
    Some(match op {
        "+=" => BinOp::Add,
        "-=" => BinOp::Sub,
        "*=" => BinOp::Mul,
        "/=" => BinOp::Div,
        "//=" => BinOp::FloorDiv,
        "%=" => BinOp::Mod,
        "**=" => BinOp::Pow,
        "&=" => BinOp::BitAnd,
        "|=" => BinOp::BitOr,
        "^=" => BinOp::BitXor,
        "<<=" => BinOp::Shl,
        ">>=" => BinOp::Shr,
        "@=" => BinOp::MatMul,
        _ => return None,
    })
}

fn unsupported_op(op: &str) -> Construct {
    match op {
        ":=" => Construct::Walrus,
        "{" => Construct::DictsAndSets,
        "..." => Construct::EllipsisLiteral,
        _ => Construct::Annotations,
    }
}

/// How CPython names an expression in "cannot assign to ..." messages.
fn describe(e: &Expr) -> &'static str {
    match e.kind {
        ExprKind::None | ExprKind::Bool(_) => "literal",
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) => "literal",
        ExprKind::FStr(_) => "f-string expression",
        ExprKind::Ellipsis => "ellipsis",
        ExprKind::Call(..) => "function call",
        ExprKind::Compare(..) => "comparison",
        ExprKind::Logic(..) | ExprKind::Binary(..) | ExprKind::Unary(..) => "expression",
        ExprKind::IfElse(..) => "conditional expression",
        ExprKind::ListComp(..) => "list comprehension",
        ExprKind::GenExp(..) => "generator expression",
        ExprKind::Tuple(..) => "tuple",
        ExprKind::List(..) => "list",
        _ => "expression",
    }
}

/// The target an expression on the left of `=` (or after `for`) stands for.
fn to_target(e: Expr) -> Result<Target> {
    match e.kind {
        ExprKind::Name(n) => Ok(Target::Name(n, e.span)),
        ExprKind::Index(obj, index) => Ok(Target::Index(obj, index, e.span)),
        ExprKind::Tuple(items) | ExprKind::List(items) => Ok(Target::Tuple(
            items
                .into_iter()
                .map(to_target)
                .collect::<Result<Vec<_>>>()?,
            e.span,
        )),
        ExprKind::Attr(..) => Err(Error::unsupported(Construct::AssigningToAttributes, e.span)),
        _ => Err(Error::syntax(
            format!("cannot assign to {}", describe(&e)),
            e.span,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(src: &str) -> String {
        match parse_module(src, &Limits::default()) {
            Ok(_) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn statements_parse() {
        let src = "def f(a, b=2):\n    x, y = a, b\n    for i in range(3):\n        if i: continue\n        elif x: break\n        else: pass\n    while x: x -= 1\n    return x\nf(1)\n";
        assert_eq!(error(src), "ok");
        let body = parse_module(src, &Limits::default()).unwrap();
        let StmtKind::Def(f) = &body[0].kind else {
            panic!()
        };
        let names: Vec<&str> = f.locals.iter().map(|n| &**n).collect();
        assert_eq!(names, ["a", "b", "x", "y", "i"]);
    }

    #[test]
    fn compile_time_errors() {
        assert_eq!(error("break\n"), "SyntaxError: 'break' outside loop");
        assert_eq!(
            error("return 1\n"),
            "SyntaxError: 'return' outside function"
        );
        assert_eq!(
            error("def f(a, a): pass\n"),
            "SyntaxError: duplicate argument 'a' in function definition"
        );
        assert_eq!(
            error("def f(a=1, b): pass\n"),
            "SyntaxError: non-default argument follows default argument"
        );
        assert_eq!(
            error("f() = 1\n"),
            "SyntaxError: cannot assign to function call"
        );
        assert_eq!(error("1 = x\n"), "SyntaxError: cannot assign to literal");
        assert_eq!(
            error("a, b += 1\n"),
            "SyntaxError: 'tuple' is an illegal expression for augmented assignment"
        );
        assert_eq!(error("if x\n    pass\n"), "SyntaxError: expected ':'");
        assert_eq!(
            error("for x in y:\npass\n"),
            "IndentationError: expected an indented block after 'for' statement on line 1"
        );
        assert_eq!(
            error("x = 1\n    y = 2\n"),
            "IndentationError: unexpected indent"
        );
    }

    #[test]
    fn unsupported_statements() {
        for (src, what) in [
            ("class A: pass\n", "classes"),
            ("try:\n    x\nexcept: pass\n", "try/except"),
            ("from . import x\n", "relative imports"),
            ("with f: pass\n", "with statements"),
            ("del x.y\n", "assigning to attributes"),
            ("@d\ndef f(): pass\n", "decorators"),
            ("x: int = 1\n", "variable annotations"),
            ("def f(x: int): pass\n", "annotations"),
            (
                "def f(*a): pass\n",
                "*args, **kwargs and / or * in parameters",
            ),
            ("match x:\n    case 1: pass\n", "match statements"),
            ("global x\n", "global declarations"),
            ("x.y = 1\n", "assigning to attributes"),
        ] {
            assert_eq!(
                error(src),
                format!("valid Python, but this lab does not run it: {what}"),
                "{src}"
            );
        }
        assert_eq!(error("match = 1\nmatch\n"), "ok");
        // `from m import *` is in the subset at module level; in a function, CPython's error.
        assert_eq!(error("from math import *\n"), "ok");
        assert_eq!(
            error("def f():\n    from math import *\n"),
            "SyntaxError: import * only allowed at module level"
        );
    }
}
