//! Literals: numbers (with CPython's rules for underscores, leading zeros and radix
//! prefixes) and strings (prefixes, quotes, escapes decoded by `escape.rs`).

use super::{Lexer, Tok, decode};
use crate::construct::Construct;
use crate::error::{Error, Result, Span};
use std::rc::Rc;

impl Lexer<'_> {
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

    pub(super) fn number(&mut self) -> Result<()> {
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
                Construct::ComplexNumbers,
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
                    Construct::NumberThenKeyword,
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
    pub(super) fn string(&mut self, start: usize, prefix: &str) -> Result<()> {
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
                Construct::BytesLiterals,
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
    use super::super::tests::{error, kinds};

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
}
