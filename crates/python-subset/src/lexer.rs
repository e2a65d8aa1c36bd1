//! The lexer: source text to [`Token`]s with byte spans, as CPython's tokenizer cuts it.
//!
//! It follows CPython's rules where they decide what is a syntax error: indentation compared
//! both with tabs to multiples of 8 and with tabs as one column (a disagreement is a `TabError`),
//! newlines ignored inside brackets, `\` joining lines, blank and comment lines skipped, number
//! and string literal forms (numbers and strings in `lexer/literal.rs`, escapes in
//! `lexer/escape.rs`). Strings are decoded here; an f-string keeps the span of its text,
//! which the parser splits into pieces.

use crate::construct::Construct;
use crate::error::{Error, Result, Span, SyntaxClass};
use crate::limits::{Limit, Limits};
use std::rc::Rc;

mod escape;
mod literal;
pub use escape::decode;

/// What a token is.
#[derive(Clone, PartialEq)]
pub enum Tok {
    /// A name (soft keywords such as `match` included).
    Name(Rc<str>),
    /// An integer literal that fits 128 bits.
    Int(i128),
    /// An integer literal that does not.
    BigInt,
    /// A float literal.
    Float(f64),
    /// A string literal, decoded.
    Str(Rc<str>),
    /// An f-string: the span of its text between the quotes, and whether it is raw.
    FStr(Span, bool),
    /// A keyword.
    Kw(&'static str),
    /// An operator or delimiter.
    Op(&'static str),
    /// The end of a logical line.
    Newline,
    /// One more indentation level.
    Indent,
    /// One less indentation level.
    Dedent,
    /// The end of the text.
    Eof,
}

/// A token and its span.
#[derive(Clone)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
    /// Where it is.
    pub span: Span,
}

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Operators, longest first so that the first match is the longest.
const OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "+", "-", "*", "/", "%", "@", "&", "|",
    "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
];

/// CPython's tab size for indentation.
const TAB_SIZE: usize = 8;

/// Cuts `src` into tokens, ending with `Newline`, `Dedent`s and `Eof`.
pub fn tokenize(src: &str, limits: &Limits) -> Result<Vec<Token>> {
    match tokenize_deferring(src, limits)? {
        (_, Some(unsupported)) => Err(unsupported),
        (tokens, None) => Ok(tokens),
    }
}

/// [`tokenize`], with the first name that NFKC normalization could change (unsupported here)
/// handed back beside the tokens instead of stopping: the program may hold a syntax error
/// further on, which CPython would report first, so the parser reports this one only if it
/// finds none.
pub fn tokenize_deferring(src: &str, limits: &Limits) -> Result<(Vec<Token>, Option<Error>)> {
    let mut lexer = Lexer {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        tokens: Vec::new(),
        indents: vec![(0, 0)],
        brackets: Vec::new(),
        names: Vec::new(),
        max_nesting: limits.max_nesting,
        deferred: None,
    };
    lexer.run()?;
    Ok((lexer.tokens, lexer.deferred))
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    /// Indentation levels: columns with tabs to 8, and with tabs as 1.
    indents: Vec<(usize, usize)>,
    /// Open brackets and where.
    brackets: Vec<(u8, usize)>,
    names: Vec<Rc<str>>,
    max_nesting: usize,
    /// The first name NFKC normalization could change: unsupported, reported after parsing.
    deferred: Option<Error>,
}

impl Lexer<'_> {
    fn peek_at(&self, i: usize) -> Option<u8> {
        self.bytes.get(i).copied()
    }

    fn peek(&self) -> Option<u8> {
        self.peek_at(self.pos)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.tokens.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    fn err(&self, message: impl Into<String>, start: usize, end: usize) -> Error {
        Error::syntax(message, Span::new(start, end))
    }

    fn run(&mut self) -> Result<()> {
        let mut at_line_start = true;
        loop {
            if at_line_start && self.brackets.is_empty() {
                at_line_start = self.indentation()?;
                if at_line_start {
                    continue;
                }
            }
            let start = self.pos;
            let Some(b) = self.peek() else { break };
            match b {
                b' ' | b'\t' | b'\x0c' => self.pos += 1,
                b'#' => {
                    while self.peek().is_some_and(|b| b != b'\n' && b != b'\r') {
                        self.pos += 1;
                    }
                }
                b'\r' | b'\n' => {
                    self.pos += if b == b'\r' && self.peek_at(self.pos + 1) == Some(b'\n') {
                        2
                    } else {
                        1
                    };
                    if self.brackets.is_empty() {
                        self.tokens.push(Token {
                            tok: Tok::Newline,
                            span: Span::new(start, start + 1),
                        });
                        at_line_start = true;
                    }
                }
                b'\\' => self.continuation()?,
                b'0'..=b'9' => self.number()?,
                b'.' if self
                    .peek_at(self.pos + 1)
                    .is_some_and(|b| b.is_ascii_digit()) =>
                {
                    self.number()?
                }
                b'"' | b'\'' => self.string(start, "")?,
                _ if python_ident::is_name_byte(b) => self.name()?,
                _ => self.operator()?,
            }
        }
        if let Some(&(open, at)) = self.brackets.last() {
            let message = format!("'{}' was never closed", char::from(open));
            return Err(self.err(message, at, at + 1));
        }
        let end = self.pos;
        if self.tokens.last().is_some_and(|t| t.tok != Tok::Newline) {
            self.tokens.push(Token {
                tok: Tok::Newline,
                span: Span::new(end, end),
            });
        }
        for _ in 1..self.indents.len() {
            self.tokens.push(Token {
                tok: Tok::Dedent,
                span: Span::new(end, end),
            });
        }
        self.tokens.push(Token {
            tok: Tok::Eof,
            span: Span::new(end, end),
        });
        Ok(())
    }

    /// Measures the indentation of a line and emits `Indent`/`Dedent`s; true for a blank line
    /// (only spaces or a comment), which was consumed whole.
    fn indentation(&mut self) -> Result<bool> {
        let (mut col, mut alt) = (0, 0);
        // As CPython: the column of the first `\` before the text (if not 0) is the line's
        // indentation; the whitespace after the joined line counts on otherwise.
        let mut continued_at = 0;
        loop {
            match self.peek() {
                Some(b' ') => (col, alt) = (col + 1, alt + 1),
                Some(b'\t') => (col, alt) = ((col / TAB_SIZE + 1) * TAB_SIZE, alt + 1),
                Some(b'\x0c') => (col, alt) = (0, 0),
                Some(b'\\') => {
                    if continued_at == 0 {
                        continued_at = col;
                    }
                    self.continuation()?;
                    continue;
                }
                _ => break,
            }
            self.pos += 1;
        }
        match self.peek() {
            None => return Ok(false),
            Some(b'#' | b'\n' | b'\r') => {
                while self.peek().is_some_and(|b| b != b'\n' && b != b'\r') {
                    self.pos += 1;
                }
                if self.peek() == Some(b'\r') {
                    self.pos += 1;
                }
                if self.peek() == Some(b'\n') {
                    self.pos += 1;
                }
                return Ok(true);
            }
            Some(_) => {}
        }
        if continued_at != 0 {
            (col, alt) = (continued_at, continued_at);
        }
        // Indentation tokens and errors point at the line's first character, as CPython's do.
        let span = Span::new(self.pos, self.pos);
        let tab_error = || Error {
            kind: crate::error::ErrorKind::Syntax(
                SyntaxClass::Tab,
                "inconsistent use of tabs and spaces in indentation".into(),
            ),
            span,
            detail: None,
        };
        let &(top, top_alt) = self.indents.last().unwrap_or(&(0, 0));
        if col == top {
            if alt != top_alt {
                return Err(tab_error());
            }
        } else if col > top {
            if alt <= top_alt {
                return Err(tab_error());
            }
            if self.indents.len() > self.max_nesting {
                return Err(Error::limit(Limit::Nesting, span));
            }
            self.indents.push((col, alt));
            self.tokens.push(Token {
                tok: Tok::Indent,
                span,
            });
        } else {
            while self.indents.last().is_some_and(|&(c, _)| col < c) {
                self.indents.pop();
                self.tokens.push(Token {
                    tok: Tok::Dedent,
                    span,
                });
            }
            let &(top, top_alt) = self.indents.last().unwrap_or(&(0, 0));
            if col != top {
                return Err(Error {
                    kind: crate::error::ErrorKind::Syntax(
                        SyntaxClass::Indentation,
                        "unindent does not match any outer indentation level".into(),
                    ),
                    span,
                    detail: None,
                });
            }
            if alt != top_alt {
                return Err(tab_error());
            }
        }
        Ok(false)
    }

    /// A `\` joining two lines: it must end its line, and text must follow.
    fn continuation(&mut self) -> Result<()> {
        let start = self.pos;
        self.pos += 1;
        match self.peek() {
            Some(b'\n') => self.pos += 1,
            Some(b'\r') => {
                self.pos += if self.peek_at(self.pos + 1) == Some(b'\n') {
                    2
                } else {
                    1
                }
            }
            None => return Err(self.err("unexpected EOF while parsing", start, self.pos)),
            Some(_) => {
                let message = "unexpected character after line continuation character";
                return Err(self.err(message, start, self.pos));
            }
        }
        if self.peek().is_none() {
            return Err(self.err("unexpected EOF while parsing", start, self.pos));
        }
        Ok(())
    }

    /// A name, as CPython's tokenizer reads one: every ASCII letter, digit and `_` and every
    /// non-ASCII character, then checked by Unicode's rule (XID_Start, then XID_Continue). A
    /// name that NFKC normalization could change (`ﬁ`, `ℌ`, an accent typed apart) is not
    /// supported: CPython would read it as another spelling.
    fn name(&mut self) -> Result<()> {
        let start = self.pos;
        while self.peek().is_some_and(python_ident::is_name_byte) {
            self.pos += 1;
        }
        let text = self.src.get(start..self.pos).unwrap_or("");
        if let Err(refused) = python_ident::check(text) {
            let at = start + refused.at;
            let span = Span::new(at, at + refused.ch.len_utf8());
            match refused.reason {
                python_ident::Reason::Invalid => {
                    return Err(Error::syntax(refused.to_string(), span));
                }
                python_ident::Reason::Normalizes => {
                    let what = Construct::NormalizingName {
                        ch: refused.ch,
                        mark: python_ident::class(refused.ch).is_mark(),
                    };
                    let unsupported = Error::unsupported(what, span);
                    self.deferred.get_or_insert(unsupported);
                }
            }
        }
        if matches!(self.peek(), Some(b'"' | b'\'')) {
            let lower = text.to_ascii_lowercase();
            if matches!(
                lower.as_str(),
                "r" | "u" | "f" | "b" | "br" | "rb" | "fr" | "rf"
            ) {
                return self.string(start, &lower);
            }
        }
        if let Some(kw) = KEYWORDS.iter().find(|k| **k == text) {
            self.push(Tok::Kw(kw), start);
            return Ok(());
        }
        let name = match self.names.iter().find(|n| &***n == text) {
            Some(n) => n.clone(),
            None => {
                let n: Rc<str> = Rc::from(text);
                self.names.push(n.clone());
                n
            }
        };
        self.push(Tok::Name(name), start);
        Ok(())
    }

    fn operator(&mut self) -> Result<()> {
        let start = self.pos;
        let rest = self.bytes.get(start..).unwrap_or(&[]);
        let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(op.as_bytes())) else {
            let c = self
                .src
                .get(start..)
                .and_then(|s| s.chars().next())
                .unwrap_or('?');
            let end = start + c.len_utf8();
            // CPython's words for a control character outside a string.
            if c == '\0' {
                let message = "source code string cannot contain null bytes";
                return Err(self.err(message, start, end));
            }
            if c.is_ascii_control() {
                let message = format!("invalid non-printable character U+{:04X}", u32::from(c));
                return Err(self.err(message, start, end));
            }
            return Err(self.err("invalid syntax", start, end));
        };
        self.pos += op.len();
        let first = op.as_bytes().first().copied().unwrap_or(b' ');
        match first {
            b'(' | b'[' | b'{' if op.len() == 1 => {
                if self.brackets.len() >= self.max_nesting {
                    return Err(Error::limit(Limit::Nesting, Span::new(start, self.pos)));
                }
                self.brackets.push((first, start));
            }
            b')' | b']' | b'}' => {
                let want = match first {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                match self.brackets.pop() {
                    None => return Err(self.err(format!("unmatched '{op}'"), start, self.pos)),
                    Some((open, _)) if open != want => {
                        let message = format!(
                            "closing parenthesis '{op}' does not match opening parenthesis '{}'",
                            char::from(open)
                        );
                        return Err(self.err(message, start, self.pos));
                    }
                    Some(_) => {}
                }
            }
            _ => {}
        }
        self.push(Tok::Op(op), start);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn kinds(src: &str) -> Vec<String> {
        tokenize(src, &Limits::default())
            .unwrap()
            .into_iter()
            .map(|t| match t.tok {
                Tok::Name(n) => n.to_string(),
                Tok::Int(v) => v.to_string(),
                Tok::BigInt => "BIG".into(),
                Tok::Float(v) => format!("{v}f"),
                Tok::Str(s) => format!("'{s}'"),
                Tok::FStr(..) => "F".into(),
                Tok::Kw(k) | Tok::Op(k) => k.into(),
                Tok::Newline => "NL".into(),
                Tok::Indent => "IN".into(),
                Tok::Dedent => "DE".into(),
                Tok::Eof => "EOF".into(),
            })
            .collect()
    }

    pub(super) fn error(src: &str) -> String {
        match tokenize(src, &Limits::default()) {
            Ok(_) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn blocks_lines_and_brackets() {
        let src = "if x:\n    y = (1,\n  2)\n\n    # c\n    z\nw\n";
        let got = kinds(src).join(" ");
        assert_eq!(got, "if x : NL IN y = ( 1 , 2 ) NL z NL DE w NL EOF");
        assert_eq!(kinds("a \\\n  + b").join(" "), "a + b NL EOF");
    }

    #[test]
    fn indentation_errors() {
        assert_eq!(
            error("if x:\n    a\n  b\n"),
            "IndentationError: unindent does not match any outer indentation level"
        );
        assert_eq!(
            error("if x:\n        a\n\tb\n"),
            "TabError: inconsistent use of tabs and spaces in indentation"
        );
        assert_eq!(error("if x:\n\ta\n\tb\n"), "ok");
        // A `\\` at the start of a line: CPython takes the indentation after it (or its own
        // column, when not 0).
        assert_eq!(
            kinds("if x:\n    a\n\\\n    b\n").join(" "),
            "if x : NL IN a NL b NL DE EOF"
        );
        assert_eq!(
            error("if x:\n    a\n  \\\n    b\n"),
            "IndentationError: unindent does not match any outer indentation level"
        );
        assert_eq!(
            error("x = 1\\\n"),
            "SyntaxError: unexpected EOF while parsing"
        );
        assert_eq!(error("\\\n"), "SyntaxError: unexpected EOF while parsing");
    }

    #[test]
    fn brackets_and_characters() {
        assert_eq!(error("(1, 2"), "SyntaxError: '(' was never closed");
        assert_eq!(
            error("(1, 2]"),
            "SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"
        );
        assert_eq!(error("1)"), "SyntaxError: unmatched ')'");
        assert_eq!(
            error("a × b"),
            "SyntaxError: invalid character '×' (U+00D7)"
        );
        assert_eq!(error("a $ b"), "SyntaxError: invalid syntax");
        assert_eq!(error("données = 1; π·r = 2; 名前 = données"), "ok");
        assert_eq!(error("x²"), "SyntaxError: invalid character '²' (U+00B2)");
        assert_eq!(
            error("a\u{a0}b"),
            "SyntaxError: invalid non-printable character U+00A0"
        );
        assert!(
            error("ﬁ = 1")
                .starts_with("valid Python, but this lab does not run it: names with 'ﬁ' (U+FB01)"),
            "{}",
            error("ﬁ = 1")
        );
        let deep = "(".repeat(1000);
        assert_eq!(error(&deep), "too deeply nested for this checker");
    }
}
