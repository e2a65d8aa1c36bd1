//! The syntax tree of a program. Every expression keeps its span, so an error can point at it.

use crate::error::Span;

/// An expression and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Its bytes in the program.
    pub span: Span,
    /// The height of the tree it roots (1 for a leaf): how deep evaluating it recurses, which
    /// the parser bounds so that no input can overflow the stack.
    pub depth: u32,
}

impl Expr {
    /// An expression node, its depth computed from its children's.
    pub fn new(kind: ExprKind, span: Span) -> Self {
        let below = kind.children_depth();
        Expr {
            kind,
            span,
            depth: below.saturating_add(1),
        }
    }
}

impl ExprKind {
    /// The greatest depth among the expressions directly inside (0 for a leaf).
    fn children_depth(&self) -> u32 {
        let of = |e: &Expr| e.depth;
        let subscripts = |items: &[Subscript]| {
            items
                .iter()
                .map(|s| match s {
                    Subscript::Expr(e) => e.depth,
                    Subscript::Slice {
                        start, stop, step, ..
                    } => [start, stop, step]
                        .iter()
                        .filter_map(|p| p.as_deref().map(of))
                        .max()
                        .unwrap_or(0),
                })
                .max()
                .unwrap_or(0)
        };
        match self {
            ExprKind::Name(_)
            | ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Str(_)
            | ExprKind::Bool(_)
            | ExprKind::NoneLit
            | ExprKind::Ellipsis => 0,
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                items.iter().map(of).max().unwrap_or(0)
            }
            ExprKind::Unary(_, e) | ExprKind::Attr(e, _, _) => e.depth,
            ExprKind::Binary(_, a, b) | ExprKind::Logic(_, a, b) => a.depth.max(b.depth),
            ExprKind::Compare(first, rest) => rest
                .iter()
                .map(|(_, e)| e.depth)
                .fold(first.depth, u32::max),
            ExprKind::IfElse(a, b, c) => a.depth.max(b.depth).max(c.depth),
            ExprKind::Call(f, args) => args.iter().map(|a| a.value.depth).fold(f.depth, u32::max),
            ExprKind::Index(obj, items) => obj.depth.max(subscripts(items)),
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-a`
    Neg,
    /// `+a`
    Pos,
    /// `~a`
    Invert,
    /// `not a`
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `**`
    Pow,
    /// `@`
    MatMul,
    /// `&`
    And,
    /// `|`
    Or,
    /// `^`
    Xor,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::MatMul => "@",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `is`
    Is,
    /// `is not`
    IsNot,
    /// `in`
    In,
    /// `not in`
    NotIn,
}

/// One item between the brackets of an index.
#[derive(Clone, Debug, PartialEq)]
pub enum Subscript {
    /// Any expression: an integer, `None`, `...`, a list, an array.
    Expr(Expr),
    /// `start:stop:step`, each part optional.
    Slice {
        /// Start.
        start: Option<Box<Expr>>,
        /// Stop.
        stop: Option<Box<Expr>>,
        /// Step.
        step: Option<Box<Expr>>,
        /// Where the slice is.
        span: Span,
    },
}

/// An argument of a call.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The keyword, for `name=value`.
    pub name: Option<String>,
    /// The value.
    pub value: Expr,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A name: `x`, `np`.
    Name(String),
    /// An integer literal (`None` when beyond 128 bits).
    Int(Option<i128>),
    /// A float literal.
    Float(f64),
    /// A string literal.
    Str(String),
    /// `True` or `False`.
    Bool(bool),
    /// `None`.
    NoneLit,
    /// `...`.
    Ellipsis,
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `-a`, `not a`.
    Unary(UnOp, Box<Expr>),
    /// `a + b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a < b <= c`.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `a and b` (true) or `a or b` (false).
    Logic(bool, Box<Expr>, Box<Expr>),
    /// `a if cond else b`.
    IfElse(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a.name`; the span is the name's.
    Attr(Box<Expr>, String, Span),
    /// `f(args)`.
    Call(Box<Expr>, Vec<Arg>),
    /// `a[items]`.
    Index(Box<Expr>, Vec<Subscript>),
}

/// What an assignment writes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A name.
    Name(String, Span),
    /// `a[items] = …`: a write into an array.
    Index(Expr, Vec<Subscript>, Span),
    /// `a, b = …`.
    Unpack(Vec<Target>, Span),
}

impl Target {
    /// Where the target is.
    pub fn span(&self) -> Span {
        match self {
            Target::Name(_, s) | Target::Index(_, _, s) | Target::Unpack(_, s) => *s,
        }
    }
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// An expression; the last one's value is the program's result.
    Expr(Expr),
    /// `a = b = value`.
    Assign(Vec<Target>, Expr),
    /// `a += value`.
    AugAssign(Target, BinOp, Expr),
    /// `import numpy as np` and the like: names the lab provides anyway.
    Import(Span),
}

/// A parsed program: its statements in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    /// The statements.
    pub statements: Vec<Stmt>,
}
