//! Reading what a person types: `(12, 4, 1)`, `12,4,1`, `[12, 4, 1]`, `12 4 1`, `(5,)`, `16 bytes`,
//! `2 elementos`, `3.0`, `b)`, `(b)`, `B.`, full-width digits, the minus sign `−`. What cannot be
//! read becomes [`Parsed::Unreadable`] with a message, never a verdict.

use crate::question::{Kind, Question, Unit};
use crate::text::{self, Text};

/// An answer, read.
#[derive(Clone, PartialEq)]
pub enum Answer {
    /// One number.
    Number(f64),
    /// A tuple of integers.
    Tuple(Vec<i64>),
    /// "It raises an error."
    Error,
    /// Option indices (0 is A), increasing, without repeats.
    Letters(Vec<usize>),
    /// Code, as typed (trimmed).
    Code(String),
}

/// The result of reading an answer.
#[derive(Clone, PartialEq)]
pub enum Parsed {
    /// Read: the answer, and the unit word the learner wrote, if any.
    Answer {
        /// The answer.
        answer: Answer,
        /// The unit named after it (`16 bytes`), if one was.
        unit: Option<Unit>,
    },
    /// Not an answer to this kind of question; the message says what would be.
    Unreadable {
        /// What to type instead.
        message: Text,
    },
}

/// The longest answer read; longer input is unreadable (nobody types a shape that long).
pub const MAX_ANSWER_LEN: usize = 2_000;

const BYTE_WORDS: &[&str] = &["bytes", "byte", "b", "octetos", "octeto"];
const ELEMENT_WORDS: &[&str] = &[
    "elements",
    "element",
    "elems",
    "elem",
    "elementos",
    "elemento",
    "items",
    "item",
    "positions",
    "position",
    "posiciones",
    "posición",
    "posicion",
    "places",
    "lugares",
];
const ERROR_WORDS: &[&str] = &[
    "error",
    "valueerror",
    "an error",
    "un error",
    "raises",
    "raises an error",
    "raises valueerror",
    "it raises an error",
    "lanza error",
    "lanza un error",
    "lanza valueerror",
    "da error",
    "da un error",
    "fails",
    "falla",
    "incompatible",
    "incompatibles",
];
const FILLER_WORDS: &[&str] = &[
    "option",
    "options",
    "opción",
    "opcion",
    "opciones",
    "answer",
    "respuesta",
    "and",
    "y",
];

/// Lowercase for matching answer words: ASCII and the capitals Spanish writes (Á É Í Ó Ú Ü Ñ).
/// Every word an answer is matched against is in those letters; Unicode's full case tables
/// would cost the bundle about 15 KB for nothing.
fn lower(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'Á' => 'á',
            'É' => 'é',
            'Í' => 'í',
            'Ó' => 'ó',
            'Ú' => 'ú',
            'Ü' => 'ü',
            'Ñ' => 'ñ',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Reads `input` as an answer to `question`.
pub fn parse(question: &Question, input: &str) -> Parsed {
    if input.len() > MAX_ANSWER_LEN {
        return unreadable(Text::new(
            "That answer is far too long to be one. Type a short answer.",
            "Esa respuesta es demasiado larga. Escribe una respuesta corta.",
        ));
    }
    let clean = normalize(input);
    let clean = clean.trim();
    if clean.is_empty() {
        return unreadable(Text::new(
            "Type an answer first.",
            "Escribe primero una respuesta.",
        ));
    }
    match question.kind {
        Kind::Number => parse_number_answer(clean),
        Kind::Tuple => parse_tuple_answer(clean),
        Kind::Choice => parse_choice(clean, question.choices.len(), question.many),
        Kind::Code => Parsed::Answer {
            answer: Answer::Code(clean.to_string()),
            unit: None,
        },
    }
}

fn unreadable(message: Text) -> Parsed {
    Parsed::Unreadable { message }
}

/// Full-width forms to ASCII, every dash that means minus to `-`, odd spaces to spaces.
fn normalize(input: &str) -> String {
    input
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            '\u{2212}' | '\u{2012}' | '\u{2013}' | '\u{2010}' | '\u{2011}' | '\u{FE63}' => '-',
            '\u{3000}' | '\u{00A0}' | '\u{2009}' | '\u{202F}' | '\u{2007}' | '\t' | '\n' | '\r' => {
                ' '
            }
            '\u{3001}' | '\u{FF64}' => ',',
            _ => c,
        })
        .collect()
}

/// Splits a trailing unit word off: `16 bytes` → (`16`, Bytes).
fn split_unit(s: &str) -> (&str, Option<Unit>) {
    let s = s.trim_end_matches('.').trim_end();
    let start = s
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphabetic())
        .last()
        .map(|(i, _)| i);
    let Some(start) = start else {
        return (s, None);
    };
    let (head, word) = s.split_at(start);
    // "16B" and "16 B" name bytes; a lone letter is not a unit.
    if head.trim().is_empty() {
        return (s, None);
    }
    let lower = lower(word);
    let unit = if BYTE_WORDS.contains(&lower.as_str()) {
        Unit::Bytes
    } else if ELEMENT_WORDS.contains(&lower.as_str()) {
        Unit::Elements
    } else {
        return (s, None);
    };
    (head.trim_end(), Some(unit))
}

fn parse_number_answer(s: &str) -> Parsed {
    let (body, unit) = split_unit(s);
    match read_number(body) {
        Some(x) => Parsed::Answer {
            answer: Answer::Number(x),
            unit,
        },
        None if is_error_word(s) => Parsed::Answer {
            answer: Answer::Error,
            unit: None,
        },
        None => unreadable(Text::new(
            "Type one number, such as 13 or 3.0 (a unit word like \"bytes\" may follow).",
            "Escribe un solo número, como 13 o 3.0 (puede ir seguido de una unidad, como \"bytes\").",
        )),
    }
}

/// One number: `13`, `-2`, `3.0`, `3,0` (decimal comma), `9,900` or `9 900` or `9_900`
/// (thousands), `np.float64(3.0)` as NumPy prints it.
pub(crate) fn read_number(s: &str) -> Option<f64> {
    let mut s = s.trim();
    if let Some(inner) = s
        .strip_prefix("np.")
        .or_else(|| s.strip_prefix("numpy."))
        .and_then(|rest| rest.split_once('('))
        .and_then(|(_, inner)| inner.strip_suffix(')'))
    {
        s = inner.trim();
    }
    let s = s.strip_prefix('+').unwrap_or(s);
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, s),
    };
    let text: String = if is_grouped(digits) {
        digits.chars().filter(char::is_ascii_digit).collect()
    } else if let Some((whole, frac)) = digits.split_once(',') {
        // A decimal comma: "3,0", "2,5" (a group of three digits was read as thousands above).
        format!("{whole}.{frac}")
    } else {
        digits.replace('_', "")
    };
    if !text
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || c == '-')
        || !text.starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        return None;
    }
    let x = float_text::parse(&text)?;
    x.is_finite().then_some(if negative { -x } else { x })
}

/// `9,900`, `10 000`, `1_000_000`: digit groups of three after the first.
fn is_grouped(s: &str) -> bool {
    let groups: Vec<&str> = s.split([',', ' ', '_']).collect();
    let Some((first, rest)) = groups.split_first() else {
        return false;
    };
    !rest.is_empty()
        && (1..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_digit())
        && rest
            .iter()
            .all(|g| g.len() == 3 && g.chars().all(|c| c.is_ascii_digit()))
}

fn is_error_word(s: &str) -> bool {
    let lower = lower(s)
        .replace(['!', '.', ':', '(', ')'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    ERROR_WORDS.contains(&lower.as_str())
}

fn parse_tuple_answer(s: &str) -> Parsed {
    if is_error_word(s) {
        return Parsed::Answer {
            answer: Answer::Error,
            unit: None,
        };
    }
    let (body, unit) = split_unit(s);
    match read_tuple(body) {
        Some(items) => Parsed::Answer {
            answer: Answer::Tuple(items),
            unit,
        },
        None => unreadable(Text::new(
            "Type whole numbers like a shape, such as (12, 4, 1) or 12, 4, 1; for a single axis, (5,).",
            "Escribe números enteros como una shape, por ejemplo (12, 4, 1) o 12, 4, 1; para un solo eje, (5,).",
        )),
    }
}

/// `(12, 4, 1)`, `12,4,1`, `[12, 4, 1]`, `12 4 1`, `(5,)`, `()`.
pub(crate) fn read_tuple(s: &str) -> Option<Vec<i64>> {
    let s = s.trim();
    let inner = strip_pair(s, '(', ')')
        .or_else(|| strip_pair(s, '[', ']'))
        .unwrap_or(s)
        .trim();
    if inner.contains(['(', ')', '[', ']']) {
        return None;
    }
    let inner = inner.strip_suffix(',').unwrap_or(inner).trim_end();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    let uses_commas = inner.contains(',');
    let items: Vec<&str> = if uses_commas {
        inner.split(',').map(str::trim).collect()
    } else {
        inner.split_whitespace().collect()
    };
    items.iter().map(|item| read_int(item)).collect()
}

fn strip_pair(s: &str, open: char, close: char) -> Option<&str> {
    s.strip_prefix(open)?.strip_suffix(close)
}

/// One integer of a tuple: `-4`, `− 4`, `4.0`.
fn read_int(item: &str) -> Option<i64> {
    let item = item.trim();
    if item.is_empty() || item.contains(' ') && !item.starts_with('-') {
        return None;
    }
    let compact: String = item.chars().filter(|c| !c.is_whitespace()).collect();
    if let Ok(i) = compact.parse::<i64>() {
        return Some(i);
    }
    let x = float_text::parse(&compact)?;
    (x.is_finite() && x.fract() == 0.0 && x.abs() < 1e15).then_some(x as i64)
}

fn parse_choice(s: &str, options: usize, many: bool) -> Parsed {
    let lower = lower(s);
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || ",;:.()[]/&+-".contains(c))
        .filter(|w| !w.is_empty() && !FILLER_WORDS.contains(w))
        .collect();
    let mut picked = [false; 26];
    let mut ok = !words.is_empty();
    for word in &words {
        for c in word.chars() {
            let i = (u32::from(c).wrapping_sub(u32::from('a'))) as usize;
            match picked.get_mut(i) {
                Some(slot) if i < options => *slot = true,
                _ => ok = false,
            }
        }
    }
    // In letter order, each once.
    let picks: Vec<usize> = (0..options)
        .filter(|&i| picked.get(i) == Some(&true))
        .collect();
    let last = text::letter(options.saturating_sub(1));
    if !ok || picks.is_empty() {
        let (en, es) = if many {
            (
                format!(
                    "Answer with the letters of every option that applies, from A to {last}, such as \"B, C\"."
                ),
                format!(
                    "Responde con las letras de todas las opciones correctas, de la A a la {last}, por ejemplo \"B, C\"."
                ),
            )
        } else {
            (
                format!("Answer with one letter, from A to {last}."),
                format!("Responde con una sola letra, de la A a la {last}."),
            )
        };
        return unreadable(Text::owned(en, es));
    }
    Parsed::Answer {
        answer: Answer::Letters(picks),
        unit: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        for (input, want) in [
            ("13", 13.0),
            ("3.0", 3.0),
            ("3,0", 3.0),
            ("2,5", 2.5),
            ("9,900", 9900.0),
            ("9 900", 9900.0),
            ("10_000", 10000.0),
            ("-7", -7.0),
            ("− 7", -7.0),
            ("np.float64(3.0)", 3.0),
            ("+4", 4.0),
        ] {
            let normal = normalize(input);
            assert_eq!(read_number(&normal), Some(want), "{input}");
        }
        for bad in ["", "abc", "1 2", "inf", "nan", "3..0", "1e999"] {
            assert_eq!(read_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn tuples() {
        for (input, want) in [
            ("(12, 4, 1)", vec![12, 4, 1]),
            ("12,4,1", vec![12, 4, 1]),
            ("[12, 4, 1]", vec![12, 4, 1]),
            ("12 4 1", vec![12, 4, 1]),
            ("( 12 ,  4 , 1 , )", vec![12, 4, 1]),
            ("(5,)", vec![5]),
            ("5", vec![5]),
            ("()", vec![]),
            ("(-8, 4)", vec![-8, 4]),
            ("(4.0, 1)", vec![4, 1]),
        ] {
            assert_eq!(read_tuple(input), Some(want), "{input}");
        }
        for bad in ["((1, 2))", "(1,,2)", "(a, b)", "(1, 2.5)", "1 2, 3"] {
            assert_eq!(read_tuple(bad), None, "{bad}");
        }
    }

    #[test]
    fn units() {
        assert!(matches!(split_unit("16 bytes"), ("16", Some(Unit::Bytes))));
        assert!(matches!(split_unit("16B"), ("16", Some(Unit::Bytes))));
        assert!(matches!(
            split_unit("2 elementos."),
            ("2", Some(Unit::Elements))
        ));
        assert!(matches!(split_unit("16"), ("16", None)));
        assert!(matches!(split_unit("B"), ("B", None)));
        assert!(matches!(split_unit("16 apples"), ("16 apples", None)));
        assert!(matches!(split_unit("16 BYTES"), ("16", Some(Unit::Bytes))));
    }

    #[test]
    fn answer_words_match_in_capitals_spanish_ones_too() {
        assert_eq!(lower("OPCIÓN B, Ñ, ÜÉ"), "opción b, ñ, üé");
        assert!(matches!(
            parse_choice("OPCIÓN B", 3, false),
            Parsed::Answer { answer: Answer::Letters(ref picks), .. } if picks == &[1]
        ));
        assert!(matches!(
            parse_choice("Opciones A y C", 3, true),
            Parsed::Answer { answer: Answer::Letters(ref picks), .. } if picks == &[0, 2]
        ));
        assert!(is_error_word("LANZA UN ERROR."));
    }
}
