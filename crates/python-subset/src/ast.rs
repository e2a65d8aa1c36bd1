//! The syntax tree: what the parser builds and the evaluator walks, node for node.
//!
//! Every node carries the [`Span`] of its source text. Chains that Python writes flat stay flat
//! here (`elif` branches, comparison chains, statement lists), so the depth of a tree is bounded
//! by the parser's nesting limit.

use crate::error::Span;
use core::fmt;
use std::rc::Rc;

/// An expression and its span.
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// The expressions of the subset.
pub enum ExprKind {
    /// `None`.
    None,
    /// `True` or `False`.
    Bool(bool),
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
    /// A string literal (adjacent literals already joined).
    Str(Rc<str>),
    /// An f-string, as literal text and `{expressions}`.
    FStr(Vec<FPart>),
    /// A name.
    Name(Rc<str>),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `(a, b)` or `a, b`.
    Tuple(Vec<Expr>),
    /// `-x`, `+x`, `~x`, `not x`.
    Unary(UnaryOp, Box<Expr>),
    /// `a + b` and the other arithmetic and bitwise operators.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a and b` (true) or `a or b` (false), short-circuiting.
    Logic(bool, Box<Expr>, Box<Expr>),
    /// `a < b <= c`: the first operand and the chain.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `then if cond else other`.
    IfElse(Box<[Expr; 3]>),
    /// `f(a, b=1)`.
    Call(Box<Expr>, Vec<Arg>),
    /// `x.name`.
    Attr(Box<Expr>, Rc<str>),
    /// `x[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `start:stop:step`, only inside `[]`.
    Slice(Box<[Option<Expr>; 3]>),
    /// `[elt for ... in ... if ...]`.
    ListComp(Box<Comp>),
    /// `...`.
    Ellipsis,
    /// `(elt for ... in ...)`, only as the argument of a built-in that consumes it.
    GenExp(Box<Comp>),
    /// `{k: v, ...}`.
    Dict(Vec<(Expr, Expr)>),
    /// `{k: v for ...}`: the comprehension's element is the tuple `(k, v)`.
    DictComp(Box<Comp>),
    /// `lambda x: body`: a function whose body returns `body`.
    Lambda(Rc<Function>),
}

/// A piece of an f-string.
pub enum FPart {
    /// Literal text.
    Lit(Rc<str>),
    /// `{expr}`, `{expr!r}`, `{expr:spec}`.
    Value {
        /// The expression.
        expr: Expr,
        /// `!r`: use `repr` instead of `str`.
        repr: bool,
        /// The format spec after `:`, possibly empty.
        spec: Rc<str>,
    },
}

/// An argument of a call: positional, or `name=value`.
pub struct Arg {
    /// The keyword, if any.
    pub name: Option<Rc<str>>,
    /// The value.
    pub value: Expr,
}

/// A comprehension: the element and its `for` and `if` clauses, in order.
pub struct Comp {
    /// The element expression.
    pub elt: Expr,
    /// The clauses; the first is a `for`.
    pub clauses: Vec<Clause>,
    /// The names the `for` clauses bind: the comprehension's own scope.
    pub names: Vec<Rc<str>>,
}

/// One clause of a comprehension.
pub enum Clause {
    /// `for target in iterable`.
    For(Target, Expr),
    /// `if condition`.
    If(Expr),
}

/// Something that can be assigned to.
pub enum Target {
    /// A name.
    Name(Rc<str>, Span),
    /// `x[i]` (or `x[a:b]`).
    Index(Box<Expr>, Box<Expr>, Span),
    /// `a, b` or `[a, b]`: unpacking.
    Tuple(Vec<Target>, Span),
}

impl Target {
    /// Where the target is.
    pub fn span(&self) -> Span {
        match self {
            Target::Name(_, s) | Target::Index(_, _, s) | Target::Tuple(_, s) => *s,
        }
    }

    /// Adds the names this target binds to `out`, once each.
    pub fn names(&self, out: &mut Vec<Rc<str>>) {
        match self {
            Target::Name(n, _) => add_name(out, n),
            Target::Index(..) => {}
            Target::Tuple(items, _) => items.iter().for_each(|t| t.names(out)),
        }
    }
}

/// Adds `name` to `out` unless it is there.
pub fn add_name(out: &mut Vec<Rc<str>>, name: &Rc<str>) {
    if !out.iter().any(|n| n == name) {
        out.push(name.clone());
    }
}

/// A statement and its span.
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
}

/// The statements of the subset.
pub enum StmtKind {
    /// An expression whose value is dropped.
    Expr(Expr),
    /// `a = b = value`.
    Assign(Vec<Target>, Expr),
    /// `a += value`.
    AugAssign(Target, BinOp, Expr),
    /// `if`/`elif` branches and the `else` block.
    If(Vec<(Expr, Vec<Stmt>)>, Vec<Stmt>),
    /// `while cond:` body, `else:` block.
    While(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `for target in iterable:` body, `else:` block.
    For(Target, Expr, Vec<Stmt>, Vec<Stmt>),
    /// `def`.
    Def(Rc<Function>),
    /// `return` and its value.
    Return(Option<Expr>),
    /// `pass`.
    Pass,
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `raise` and the exception.
    Raise(Option<Expr>),
    /// `assert cond, message`.
    Assert(Expr, Option<Expr>),
    /// `del a, b[i]`.
    Del(Vec<Target>),
    /// `import a.b as c, d`.
    Import(Vec<ImportName>),
    /// `from a.b import x as y, z`: the module's dotted name and the names taken from it.
    FromImport(Rc<str>, Vec<ImportName>),
    /// `from a.b import *` (module level only): binds the public names the module lists.
    FromImportStar(Rc<str>),
}

/// One name of an `import` or `from ... import` statement.
pub struct ImportName {
    /// The dotted module name (`import`) or the attribute taken (`from`).
    pub name: Rc<str>,
    /// The name after `as`, if any.
    pub alias: Option<Rc<str>>,
    /// Where it is.
    pub span: Span,
}

/// A function definition.
pub struct Function {
    /// Its name.
    pub name: Rc<str>,
    /// Its parameters, in order.
    pub params: Vec<Param>,
    /// Its body.
    pub body: Vec<Stmt>,
    /// The names local to it: parameters and every name its body assigns.
    pub locals: Vec<Rc<str>>,
}

/// A parameter and its default value.
pub struct Param {
    /// The name.
    pub name: Rc<str>,
    /// The default, evaluated when the `def` runs.
    pub default: Option<Expr>,
}

macro_rules! ops {
    ($(#[$doc:meta])* $ty:ident { $($name:ident = $text:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum $ty { $($name),* }

        impl $ty {
            /// The operator as Python writes it.
            pub fn text(self) -> &'static str {
                match self { $($ty::$name => $text),* }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.text())
            }
        }
    };
}

ops!(
    /// Binary arithmetic and bitwise operators.
    BinOp {
        Add = "+", Sub = "-", Mul = "*", Div = "/", FloorDiv = "//", Mod = "%", Pow = "**",
        BitAnd = "&", BitOr = "|", BitXor = "^", Shl = "<<", Shr = ">>", MatMul = "@",
    }
);

ops!(
    /// Unary operators.
    UnaryOp { Neg = "-", Pos = "+", Invert = "~", Not = "not" }
);

ops!(
    /// Comparison operators.
    CmpOp {
        Lt = "<", Le = "<=", Gt = ">", Ge = ">=", Eq = "==", Ne = "!=",
        In = "in", NotIn = "not in", Is = "is", IsNot = "is not",
    }
);
