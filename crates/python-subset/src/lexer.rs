//! The lexer: source text to [`Token`]s with byte spans, as CPython's tokenizer cuts it.
//!
//! It follows CPython's rules where they decide what is a syntax error: indentation compared
//! both with tabs to multiples of 8 and with tabs as one column (a disagreement is a `TabError`),
//! newlines ignored inside brackets, `\` joining lines, blank and comment lines skipped, number
//! and string literal forms. Strings are decoded here; an f-string keeps the span of its text,
//! which the parser splits into pieces.

use crate::error::{Error, Result, Span, SyntaxClass};
use crate::limits::{Limit, Limits};
use std::rc::Rc;

mod escape;
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
                    let unsupported = Error::unsupported(refused.to_string(), span);
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

    fn digits(&mut self, ok: fn(u8) -> bool) -> Result<()> {
        // Digits with single underscores between them.
        loop {
            while self.peek().is_some_and(ok) {
                self.pos += 1;
            }
            if self.peek() == Some(b'_') {
                self.pos += 1;
                if !self.peek().is_some_and(ok) {
                    return Err(self.err("invalid decimal literal", self.pos - 1, self.pos));
                }
            } else {
                return Ok(());
            }
        }
    }

    fn number(&mut self) -> Result<()> {
        let start = self.pos;
        let radix = match (
            self.peek(),
            self.peek_at(self.pos + 1).map(|b| b.to_ascii_lowercase()),
        ) {
            (Some(b'0'), Some(b'x')) => 16,
            (Some(b'0'), Some(b'o')) => 8,
            (Some(b'0'), Some(b'b')) => 2,
            _ => 10,
        };
        let mut is_float = false;
        if radix != 10 {
            self.pos += 2;
            if self.peek() == Some(b'_') {
                self.pos += 1;
            }
            let ok: fn(u8) -> bool = match radix {
                16 => |b: u8| b.is_ascii_hexdigit(),
                8 => |b: u8| (b'0'..=b'7').contains(&b),
                _ => |b: u8| b == b'0' || b == b'1',
            };
            let digits_start = self.pos;
            self.digits(ok)?;
            if self.pos == digits_start || self.peek().is_some_and(|b| b.is_ascii_digit()) {
                let kind = match radix {
                    16 => "hexadecimal",
                    8 => "octal",
                    _ => "binary",
                };
                return Err(self.err(format!("invalid {kind} literal"), start, self.pos + 1));
            }
        } else {
            self.digits(|b| b.is_ascii_digit())?;
            if self.peek() == Some(b'.') {
                is_float = true;
                self.pos += 1;
                if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.digits(|b| b.is_ascii_digit())?;
                }
            }
            if matches!(self.peek(), Some(b'e' | b'E')) {
                let save = self.pos;
                self.pos += 1;
                if matches!(self.peek(), Some(b'+' | b'-')) {
                    self.pos += 1;
                }
                if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    is_float = true;
                    self.digits(|b| b.is_ascii_digit())?;
                } else {
                    self.pos = save;
                    return Err(self.err("invalid decimal literal", start, save + 1));
                }
            }
        }
        if matches!(self.peek(), Some(b'j' | b'J')) {
            return Err(Error::unsupported(
                "complex numbers",
                Span::new(start, self.pos + 1),
            ));
        }
        // A non-ASCII character after a number starts a name, as in CPython (`1×2` is an
        // invalid character, `1é` invalid syntax), not an invalid literal.
        if self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            let rest = self.src.get(self.pos..).unwrap_or("");
            let keyword_next = ["and", "else", "for", "if", "in", "is", "not", "or"]
                .iter()
                .any(|k| rest.starts_with(k));
            if keyword_next {
                return Err(Error::unsupported(
                    "a number directly followed by a keyword",
                    Span::new(start, self.pos),
                ));
            }
            return Err(self.err("invalid decimal literal", start, self.pos + 1));
        }
        let text: String = self
            .src
            .get(start..self.pos)
            .unwrap_or("")
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let span = Span::new(start, self.pos);
        if is_float {
            let Some(value) = float_text::parse_decimal(&text) else {
                return Err(self.err("invalid decimal literal", start, self.pos));
            };
            self.push(Tok::Float(value), start);
            return Ok(());
        }
        let digits = if radix == 10 {
            text.as_str()
        } else {
            text.get(2..).unwrap_or("")
        };
        if radix == 10
            && digits.len() > 1
            && digits.starts_with('0')
            && digits.bytes().any(|b| b != b'0')
        {
            return Err(Error::syntax(
                "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                span,
            ));
        }
        let tok = match i128::from_str_radix(digits, radix) {
            Ok(v) => Tok::Int(v),
            Err(_) => Tok::BigInt,
        };
        self.push(tok, start);
        Ok(())
    }

    /// A string literal whose prefix (lowercased) was read from `start`; `self.pos` is at the
    /// opening quote.
    fn string(&mut self, start: usize, prefix: &str) -> Result<()> {
        let quote = self.peek().unwrap_or(b'"');
        let triple =
            self.peek_at(self.pos + 1) == Some(quote) && self.peek_at(self.pos + 2) == Some(quote);
        self.pos += if triple { 3 } else { 1 };
        let body_start = self.pos;
        let body_end;
        loop {
            match self.peek() {
                None => {
                    let (line, _) = crate::error::line_col(self.src, self.pos);
                    let what = if triple {
                        "unterminated triple-quoted string literal"
                    } else {
                        "unterminated string literal"
                    };
                    return Err(self.err(
                        format!("{what} (detected at line {line})"),
                        start,
                        self.pos,
                    ));
                }
                Some(b'\\') => self.pos += 2,
                Some(b'\n' | b'\r') if !triple => {
                    let (line, _) = crate::error::line_col(self.src, start);
                    return Err(self.err(
                        format!("unterminated string literal (detected at line {line})"),
                        start,
                        self.pos,
                    ));
                }
                Some(b) if b == quote => {
                    if !triple {
                        body_end = self.pos;
                        self.pos += 1;
                        break;
                    }
                    if self.peek_at(self.pos + 1) == Some(quote)
                        && self.peek_at(self.pos + 2) == Some(quote)
                    {
                        body_end = self.pos;
                        self.pos += 3;
                        break;
                    }
                    self.pos += 1;
                }
                Some(_) => self.pos += 1,
            }
        }
        let raw = prefix.contains('r');
        if prefix.contains('b') {
            return Err(Error::unsupported(
                "bytes literals",
                Span::new(start, self.pos),
            ));
        }
        if prefix.contains('f') {
            self.push(Tok::FStr(Span::new(body_start, body_end), raw), start);
            return Ok(());
        }
        let body = self.src.get(body_start..body_end).unwrap_or("");
        let value = decode(body, raw, body_start)?;
        self.push(Tok::Str(Rc::from(value.as_str())), start);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<String> {
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

    fn error(src: &str) -> String {
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
    fn numbers() {
        assert_eq!(
            kinds("1_000 0x1f 0o17 0b101 1.5 .5 5. 1e3 1E-2 99999999999999999999 340282366920938463463374607431768211456").join(" "),
            "1000 31 15 5 1.5f 0.5f 5f 1000f 0.01f 99999999999999999999 BIG NL EOF"
        );
        assert_eq!(
            error("012"),
            "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
        );
        assert_eq!(kinds("00").join(" "), "0 NL EOF");
        assert_eq!(error("1__0"), "SyntaxError: invalid decimal literal");
        assert_eq!(error("1abc"), "SyntaxError: invalid decimal literal");
        assert_eq!(
            error("1j"),
            "valid Python, but this lab does not run it: complex numbers"
        );
        assert_eq!(error("0x"), "SyntaxError: invalid hexadecimal literal");
    }

    #[test]
    fn strings() {
        assert_eq!(
            kinds(r#"'a\tb' "c\"" r'\n' '\x41\101\u00e9' "\d" 'a' 'b'"#).join(" "),
            "'a\tb' 'c\"' '\\n' 'AAé' '\\d' 'a' 'b' NL EOF"
        );
        assert_eq!(kinds("'''x\ny'''").join(" "), "'x\ny' NL EOF");
        assert_eq!(
            error("'abc"),
            "SyntaxError: unterminated string literal (detected at line 1)"
        );
        assert_eq!(
            error("'''abc"),
            "SyntaxError: unterminated triple-quoted string literal (detected at line 1)"
        );
        assert!(error(r"'\x4'").starts_with("SyntaxError: (unicode error)"));
        assert_eq!(
            error("b'x'"),
            "valid Python, but this lab does not run it: bytes literals"
        );
        assert_eq!(kinds("f'{x}'").join(" "), "F NL EOF");
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
