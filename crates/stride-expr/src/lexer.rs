//! The lexer: source text to tokens, each with its byte span.
//!
//! It knows the little of Python the lab needs: names, numbers, strings, operators, brackets,
//! `...`, and line ends. Inside brackets a line end is not a token, as in Python.

use crate::error::{EvalError, Span};

/// A token's kind, with its value for literals and names.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A name or keyword.
    Name(String),
    /// An integer literal; `None` when it does not fit in an `i128`.
    Int(Option<i128>),
    /// A float literal.
    Float(f64),
    /// A string literal, unquoted.
    Str(String),
    /// An operator or punctuation, as written (`**`, `//`, `(`, `...`).
    Op(&'static str),
    /// The end of a statement: a line end or `;`.
    End,
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
    /// Its bytes in the source.
    pub span: Span,
}

const OPS: [&str; 35] = [
    "...", "**=", "//=", "**", "//", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "->",
    "(", ")", "[", "]", "{", "}", ",", ":", ".", "=", "+", "-", "*", "/", "%", "<", ">", "~", "&",
    "|",
];

const MORE_OPS: [&str; 2] = ["^", "@"];

/// Splits `source` into tokens. Fails on characters Python would not accept here.
pub fn tokenize(source: &str) -> Result<Vec<Token>, EvalError> {
    match tokenize_deferring(source)? {
        (_, Some(unsupported)) => Err(unsupported),
        (tokens, None) => Ok(tokens),
    }
}

/// [`tokenize`], with the first name that NFKC normalization could change (not supported here)
/// handed back beside the tokens instead of stopping: a syntax error further on is what CPython
/// would report, so the parser reports this one only if it finds none.
pub fn tokenize_deferring(source: &str) -> Result<(Vec<Token>, Option<EvalError>), EvalError> {
    let mut deferred = None;
    let mut tokens = Vec::new();
    let bytes = source.as_bytes();
    let mut depth: usize = 0;
    let mut i = 0usize;
    while let Some(&c) = bytes.get(i) {
        let start = i;
        match c {
            b' ' | b'\t' | b'\r' | b'\x0c' => i += 1,
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'#' => {
                while bytes.get(i).is_some_and(|&b| b != b'\n') {
                    i += 1;
                }
            }
            b'\n' | b';' => {
                i += 1;
                if depth == 0 || c == b';' {
                    tokens.push(Token {
                        tok: Tok::End,
                        span: Span::new(start, i),
                    });
                }
            }
            b'0'..=b'9' => i = number(source, i, &mut tokens)?,
            b'.' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = number(source, i, &mut tokens)?
            }
            b'\'' | b'"' => i = string(source, i, &mut tokens)?,
            // A name, as CPython's tokenizer reads one: ASCII letters, digits and `_` and every
            // non-ASCII character, then checked by Unicode's rule (XID_Start, XID_Continue).
            _ if python_ident::is_name_byte(c) => {
                while bytes.get(i).is_some_and(|&b| python_ident::is_name_byte(b)) {
                    i += 1;
                }
                let word = source.get(start..i).unwrap_or_default();
                if let Err(refused) = python_ident::check(word) {
                    let at = start + refused.at;
                    let span = Span::new(at, at + refused.ch.len_utf8());
                    match refused.reason {
                        python_ident::Reason::Invalid => {
                            return Err(EvalError::syntax(refused.to_string(), span));
                        }
                        // CPython would read the name as another spelling (NFKC).
                        python_ident::Reason::Normalizes => {
                            deferred
                                .get_or_insert(EvalError::unsupported(&refused.to_string(), span));
                        }
                    }
                }
                // String prefixes: r'..', b'..' are not part of the subset.
                if matches!(bytes.get(i), Some(b'\'' | b'"'))
                    && matches!(word, "f" | "r" | "b" | "rb" | "br" | "u")
                {
                    return Err(EvalError::unsupported(
                        "prefixed strings (f'…', r'…')",
                        Span::new(start, i + 1),
                    ));
                }
                tokens.push(Token {
                    tok: Tok::Name(word.to_string()),
                    span: Span::new(start, i),
                });
            }
            _ => {
                let rest = source.get(i..).unwrap_or_default();
                let Some(op) = OPS
                    .iter()
                    .chain(MORE_OPS.iter())
                    .find(|op| op.as_bytes().first() == Some(&c) && rest.starts_with(**op))
                else {
                    let ch = rest.chars().next().unwrap_or('?');
                    let end = i + ch.len_utf8();
                    return Err(EvalError::syntax(
                        invalid_character(ch),
                        Span::new(start, end),
                    ));
                };
                i += op.len();
                match *op {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.saturating_sub(1),
                    _ => {}
                }
                tokens.push(Token {
                    tok: Tok::Op(op),
                    span: Span::new(start, i),
                });
            }
        }
    }
    tokens.push(Token {
        tok: Tok::End,
        span: Span::new(source.len(), source.len()),
    });
    Ok((tokens, deferred))
}

fn invalid_character(ch: char) -> String {
    if ch.is_control() {
        format!("invalid non-printable character U+{:04X}", ch as u32)
    } else {
        format!("invalid character '{ch}' (U+{:04X})", ch as u32)
    }
}

/// Reads a number starting at `i`: decimal, hex, octal or binary integers, floats with a dot or an
/// exponent, `_` separators. Returns the index after it.
fn number(source: &str, start: usize, tokens: &mut Vec<Token>) -> Result<usize, EvalError> {
    let bytes = source.as_bytes();
    let mut i = start;
    let radix = match (bytes.get(i), bytes.get(i + 1).map(u8::to_ascii_lowercase)) {
        (Some(b'0'), Some(b'x')) => 16,
        (Some(b'0'), Some(b'o')) => 8,
        (Some(b'0'), Some(b'b')) => 2,
        _ => 10,
    };
    if radix != 10 {
        i += 2;
        let digits_start = i;
        while bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_hexdigit() || *b == b'_')
        {
            i += 1;
        }
        let digits: String = source
            .get(digits_start..i)
            .unwrap_or_default()
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let value = i128::from_str_radix(&digits, radix);
        let tok = match value {
            Ok(v) => Tok::Int(Some(v)),
            Err(_) if !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)) => {
                Tok::Int(None)
            }
            Err(_) => {
                return Err(EvalError::syntax(
                    "invalid number literal".into(),
                    Span::new(start, i),
                ));
            }
        };
        tokens.push(Token {
            tok,
            span: Span::new(start, i),
        });
        return Ok(i);
    }
    let mut is_float = false;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'0'..=b'9' | b'_' => i += 1,
            b'.' if !is_float && bytes.get(i + 1) != Some(&b'.') => {
                is_float = true;
                i += 1;
            }
            b'e' | b'E' => {
                let sign = matches!(bytes.get(i + 1), Some(b'+' | b'-'));
                let digit_at = if sign { i + 2 } else { i + 1 };
                if !bytes.get(digit_at).is_some_and(u8::is_ascii_digit) {
                    break;
                }
                is_float = true;
                i = digit_at;
                while bytes
                    .get(i)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'_')
                {
                    i += 1;
                }
                break;
            }
            _ => break,
        }
    }
    if bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
    {
        let mut end = i;
        while bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            end += 1;
        }
        return Err(EvalError::syntax(
            "invalid decimal literal".into(),
            Span::new(start, end),
        ));
    }
    let text: String = source
        .get(start..i)
        .unwrap_or_default()
        .chars()
        .filter(|&c| c != '_')
        .collect();
    let tok = if is_float {
        Tok::Float(float_text::parse_decimal(&text).ok_or_else(|| {
            EvalError::syntax("invalid number literal".into(), Span::new(start, i))
        })?)
    } else if text.len() > 1 && text.starts_with('0') && text.chars().any(|c| c != '0') {
        return Err(EvalError::syntax(
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers".into(),
            Span::new(start, i),
        ));
    } else {
        Tok::Int(text.parse::<i128>().ok())
    };
    tokens.push(Token {
        tok,
        span: Span::new(start, i),
    });
    Ok(i)
}

/// Reads a quoted string with Python's common escapes. Returns the index after it.
fn string(source: &str, start: usize, tokens: &mut Vec<Token>) -> Result<usize, EvalError> {
    let bytes = source.as_bytes();
    let quote = bytes.get(start).copied().unwrap_or(b'\'');
    let mut out = String::new();
    let mut chars = source.get(start + 1..).unwrap_or_default().char_indices();
    while let Some((k, ch)) = chars.next() {
        let at = start + 1 + k;
        match ch {
            '\n' => break,
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, '\\')) => out.push('\\'),
                Some((_, '\'')) => out.push('\''),
                Some((_, '"')) => out.push('"'),
                Some((_, other)) => {
                    out.push('\\');
                    out.push(other);
                }
                None => break,
            },
            c if c as u32 == u32::from(quote) => {
                tokens.push(Token {
                    tok: Tok::Str(out),
                    span: Span::new(start, at + 1),
                });
                return Ok(at + 1);
            }
            c => out.push(c),
        }
    }
    let end = source
        .get(start..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |n| start + n);
    Err(EvalError::syntax(
        "unterminated string literal".into(),
        Span::new(start, end),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        tokenize(src).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_names_and_ops() {
        assert_eq!(
            kinds("x = np.arange(12.0)[::-1]"),
            vec![
                Tok::Name("x".into()),
                Tok::Op("="),
                Tok::Name("np".into()),
                Tok::Op("."),
                Tok::Name("arange".into()),
                Tok::Op("("),
                Tok::Float(12.0),
                Tok::Op(")"),
                Tok::Op("["),
                Tok::Op(":"),
                Tok::Op(":"),
                Tok::Op("-"),
                Tok::Int(Some(1)),
                Tok::Op("]"),
                Tok::End,
            ]
        );
        assert_eq!(
            kinds("1e3 0x1F 1_000 .5 10**100")[..5],
            [
                Tok::Float(1000.0),
                Tok::Int(Some(31)),
                Tok::Int(Some(1000)),
                Tok::Float(0.5),
                Tok::Int(Some(10))
            ]
        );
        assert_eq!(
            kinds("99999999999999999999999999999999999999999")[0],
            Tok::Int(None)
        );
    }

    #[test]
    fn line_ends_inside_brackets_are_ignored() {
        let toks = kinds("a = (1,\n 2)\nb = 3; c");
        let ends = toks.iter().filter(|t| **t == Tok::End).count();
        assert_eq!(ends, 3);
    }

    #[test]
    fn bad_input_is_an_error_with_a_span() {
        let e = tokenize("x = 3 $ 4").unwrap_err();
        assert_eq!(e.class, "SyntaxError");
        assert_eq!(e.span, Some(Span::new(6, 7)));
        assert!(tokenize("x = 'abc").is_err());
        assert!(tokenize("x = 😀").is_err());
        assert!(
            tokenize("x = 1\u{7}")
                .unwrap_err()
                .message
                .contains("non-printable")
        );
        assert_eq!(kinds("'a\\'b'")[0], Tok::Str("a'b".into()));
    }
}
