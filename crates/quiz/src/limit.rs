//! The lab's limits in words, in English and Spanish, from their numbers: the one wording the
//! quiz's feedback and the page's error view both show. A limit is the lab's own, never an
//! exception NumPy or PyTorch raises, so it is said as the lab's ("The lab's limit: …"), with its
//! numbers grouped as each language groups them.

use python_subset::limits::Limit;

use crate::text::Text;

/// `n` grouped by threes: `16,000,000` in English, `16.000.000` in Spanish (which, as the
/// browser's `Intl` does, leaves four digits ungrouped: `4096`).
pub fn grouped(n: u64, es: bool) -> String {
    let digits = n.to_string();
    if es && digits.len() <= 4 {
        return digits;
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(if es { '.' } else { ',' });
        }
        out.push(c);
    }
    out
}

/// The limit `limit` in words, after "The lab's limit: " ("Límite del laboratorio: ").
pub fn words(limit: Limit) -> Text {
    let said = said(limit);
    if !limit.is_the_labs() {
        return said;
    }
    Text::owned(
        format!("The lab's limit: {}", said.en),
        format!("Límite del laboratorio: {}", said.es),
    )
}

/// The limit `limit` in words, without naming it a limit (for a page that labels it so itself);
/// a limit CPython has too is its exception, as CPython prints it.
pub fn said(limit: Limit) -> Text {
    let en = |n: u64| grouped(n, false);
    let es = |n: u64| grouped(n, true);
    let (e, s) = match limit {
        Limit::Work { asked, most } => (
            format!(
                "this needs {} elements read or computed, and the lab does at most {} per program, to stay quick (shape, strides and single elements cost nothing).",
                en(asked),
                en(most)
            ),
            format!(
                "esto necesita leer o calcular {} elementos, y el laboratorio hace como mucho {} por programa, para ir rápido (la shape, los strides y los elementos sueltos no cuestan nada).",
                es(asked),
                es(most)
            ),
        ),
        Limit::WorkTotal { most } => (
            format!(
                "the program has read or computed more than {} elements in all; the lab stops there, to stay quick.",
                en(most)
            ),
            format!(
                "el programa ya ha leído o calculado más de {} elementos en total; el laboratorio se detiene ahí, para ir rápido.",
                es(most)
            ),
        ),
        Limit::ArrayBytes { asked, most } => (
            format!(
                "a new array of {} bytes; the lab keeps at most {} bytes of arrays per program.",
                en(asked),
                en(most)
            ),
            format!(
                "un array nuevo de {} bytes; el laboratorio guarda como mucho {} bytes de arrays por programa.",
                es(asked),
                es(most)
            ),
        ),
        Limit::Sequence { asked, most } => (
            format!(
                "a Python sequence of {} items; the lab makes them up to {} items.",
                en(asked),
                en(most)
            ),
            format!(
                "una secuencia de Python de {} elementos; el laboratorio las hace de hasta {} elementos.",
                es(asked),
                es(most)
            ),
        ),
        Limit::Listed { asked, most } => (
            format!(
                "the result has {} elements; the lab lists at most {} (ask for its .shape or .strides instead).",
                en(asked),
                en(most)
            ),
            format!(
                "el resultado tiene {} elementos; el laboratorio lista como mucho {} (pregunta mejor por su .shape o sus .strides).",
                es(asked),
                es(most)
            ),
        ),
        Limit::Steps => (
            "the program took more steps than the lab runs: is there a loop that never ends?".into(),
            "el programa dio más pasos de los que ejecuta el laboratorio: ¿hay un bucle que nunca termina?".into(),
        ),
        Limit::Memory => (
            "the program's Python lists and strings take more memory than the lab allows.".into(),
            "las listas y cadenas de Python del programa ocupan más memoria de la que permite el laboratorio.".into(),
        ),
        Limit::CollectionLen => (
            "a list or tuple longer than the lab allows.".into(),
            "una lista o tupla más larga de lo que permite el laboratorio.".into(),
        ),
        Limit::StrLen => (
            "a string longer than the lab allows.".into(),
            "una cadena más larga de lo que permite el laboratorio.".into(),
        ),
        Limit::SourceLen => (
            "the program is longer than the lab takes.".into(),
            "el programa es más largo de lo que admite el laboratorio.".into(),
        ),
        Limit::IntTooLarge => (
            "an integer too large for the lab (it keeps Python ints within 128 bits).".into(),
            "un entero demasiado grande para el laboratorio (guarda los int de Python en 128 bits).".into(),
        ),
        // Limits CPython has too: its exception, as it prints it.
        Limit::Recursion | Limit::Nesting => {
            let text = format!("{}: {}", class(limit), python(limit));
            return Text::owned(text.clone(), text);
        }
    };
    Text::owned(e, s)
}

fn class(limit: Limit) -> &'static str {
    if limit == Limit::Recursion {
        "RecursionError"
    } else {
        "SyntaxError"
    }
}

fn python(limit: Limit) -> &'static str {
    if limit == Limit::Recursion {
        "maximum recursion depth exceeded"
    } else {
        "too many nested parentheses"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_as_each_language_groups_them() {
        // As the browser's Intl.NumberFormat("en") and ("es") write them.
        assert_eq!(grouped(100_663_296, false), "100,663,296");
        assert_eq!(grouped(100_663_296, true), "100.663.296");
        assert_eq!(grouped(4096, true), "4096");
        assert_eq!(grouped(4096, false), "4,096");
        assert_eq!(grouped(12_345, true), "12.345");
        assert_eq!(grouped(7, false), "7");
    }

    #[test]
    fn a_limit_is_the_labs_own_in_both_languages() {
        let w = words(Limit::Work {
            asked: 100_663_296,
            most: 16_000_000,
        });
        assert!(w.en.starts_with("The lab's limit: "), "{}", w.en);
        assert!(w.en.contains("100,663,296") && w.en.contains("16,000,000"));
        assert!(w.es.starts_with("Límite del laboratorio: "), "{}", w.es);
        assert!(w.es.contains("100.663.296") && w.es.contains("16.000.000"));
        for limit in [
            Limit::Steps,
            Limit::Memory,
            Limit::WorkTotal { most: 1 },
            Limit::ArrayBytes { asked: 1, most: 1 },
            Limit::Sequence { asked: 1, most: 1 },
            Limit::Listed { asked: 1, most: 1 },
            Limit::IntTooLarge,
        ] {
            let w = words(limit);
            for text in [&w.en, &w.es] {
                assert!(!text.contains("Error"), "{text}");
            }
        }
    }
}
