//! Escape sequences in string literals, decoded as CPython does: `\\n`, `\\x41`, octal,
//! `\\u` and `\\U`, line continuations, and unknown escapes kept as they are.

use crate::construct::Construct;
use crate::error::{Error, Result, Span};

/// Decodes the text of a string literal that starts at byte `offset` of the source.
pub fn decode(body: &str, raw: bool, offset: usize) -> Result<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\r' {
            // Universal newlines: "\r\n" and "\r" are "\n" in the source.
            if chars.peek().map(|&(_, c)| c) == Some('\n') {
                chars.next();
            }
            out.push('\n');
            continue;
        }
        if c != '\\' || raw {
            out.push(c);
            if c == '\\' {
                // In a raw string a backslash still keeps the next character from ending it.
                if let Some((_, next)) = chars.next() {
                    out.push(next);
                }
            }
            continue;
        }
        let Some((_, e)) = chars.next() else {
            out.push('\\');
            break;
        };
        let span = Span::new(offset + i, offset + i + 2);
        let escaped = match e {
            '\n' => continue,
            '\r' => {
                if chars.peek().map(|&(_, c)| c) == Some('\n') {
                    chars.next();
                }
                continue;
            }
            '\\' | '\'' | '"' => e,
            'a' => '\x07',
            'b' => '\x08',
            'f' => '\x0c',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0b',
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|&(_, c)| c.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                char::from_u32(value).unwrap_or('\0')
            }
            'x' | 'u' | 'U' => {
                let count = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut value = 0u32;
                for _ in 0..count {
                    let digit = chars.peek().and_then(|&(_, c)| c.to_digit(16));
                    let Some(d) = digit else {
                        let message = format!(
                            "(unicode error) 'unicodeescape' codec can't decode bytes in position {i}-{}: truncated \\{e}{} escape",
                            i + 1,
                            "X".repeat(count)
                        );
                        return Err(Error::syntax(message, span));
                    };
                    value = value.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                }
                match char::from_u32(value) {
                    Some(c) => c,
                    None if (0xd800..0xe000).contains(&value) => {
                        return Err(Error::unsupported(Construct::LoneSurrogates, span));
                    }
                    None => {
                        let message = format!(
                            "(unicode error) 'unicodeescape' codec can't decode bytes in position {i}-{}: illegal Unicode character",
                            i + 1 + count
                        );
                        return Err(Error::syntax(message, span));
                    }
                }
            }
            'N' => return Err(Error::unsupported(Construct::NamedEscapes, span)),
            other => {
                out.push('\\');
                other
            }
        };
        out.push(escaped);
    }
    Ok(out)
}
