//! [`Text`]: every string a learner reads, in English and Spanish.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// One piece of text in both languages of the lab.
///
/// The bank's texts are `&'static str` (borrowed, built at compile time); generated questions and
/// worked answers own theirs, because their numbers are only known at run time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    /// English.
    pub en: Cow<'static, str>,
    /// Spanish.
    pub es: Cow<'static, str>,
}

/// The two languages of the lab.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Spanish.
    Es,
}

impl Text {
    /// A text known at compile time.
    pub const fn new(en: &'static str, es: &'static str) -> Self {
        Text {
            en: Cow::Borrowed(en),
            es: Cow::Borrowed(es),
        }
    }

    /// A text built at run time.
    pub fn owned(en: String, es: String) -> Self {
        Text {
            en: Cow::Owned(en),
            es: Cow::Owned(es),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Es => &self.es,
        }
    }

    /// This text followed by `other`, separated by a space, in both languages.
    pub fn then(&self, other: &Text) -> Text {
        Text::owned(join(&self.en, &other.en), join(&self.es, &other.es))
    }
}

fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a} {b}"),
    }
}

/// Writes a tuple as Python prints it: `(12, 4, 1)`, `(5,)`, `()`.
pub fn tuple(items: &[i64]) -> String {
    stride_core::dims::tuple(items).to_string()
}

/// Writes a number the way a learner would type it: `13`, `3.0` stays `3`, `2.5`, `0.0001`
/// (the shortest digits, never an exponent).
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        float_text::plain(x)
    }
}

/// A number in Spanish notation: the decimal point becomes a comma (`2,5`).
pub fn number_es(x: f64) -> String {
    number(x).replace('.', ",")
}

/// The choice letter of option `i`: `A`, `B`, …
pub fn letter(i: usize) -> char {
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 26)
        .map_or('?', |i| char::from(b'A' + i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_print_like_python() {
        assert_eq!(tuple(&[12, 4, 1]), "(12, 4, 1)");
        assert_eq!(tuple(&[5]), "(5,)");
        assert_eq!(tuple(&[]), "()");
    }

    #[test]
    fn numbers_print_without_a_needless_point() {
        assert_eq!(number(3.0), "3");
        assert_eq!(number(-7.0), "-7");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number_es(2.5), "2,5");
    }

    #[test]
    fn letters() {
        assert_eq!(letter(0), 'A');
        assert_eq!(letter(2), 'C');
        assert_eq!(letter(40), '?');
    }
}
