//! Item sizes in the feedback: the item sizes a learner may assume (every one NumPy and PyTorch
//! have among the lab's dtypes), what a number of that size usually is, and the feedback of the
//! three unit mistakes (`bytes-instead-of-elements`, `elements-instead-of-bytes`,
//! `wrong-itemsize`) with the item size the answer assumed and the one the question has.
//!
//! A learner who answers an element question with `(2560, 64, 640, 4)` for the float64 key
//! `(320, 8, 80, 1)` counted bytes as if each number took 4 (float32, PyTorch's default): the
//! feedback says so, and says what the numbers here take. Complex dtypes (16 bytes) are left out:
//! the lab has none, and no lesson names them.

use arrays::dtype::DType;

use crate::question::Question;
use crate::text::Text;

/// The item sizes of NumPy's and PyTorch's real and integer dtypes, smallest first. A mistake
/// that assumed one of them is looked for with each, the question's own first.
pub(crate) const ITEMSIZES: [i64; 4] = [1, 2, 4, 8];

/// What a number of `itemsize` bytes usually is, for a learner: the dtype they most likely had
/// in mind.
fn typical(itemsize: i64) -> Text {
    match itemsize {
        1 => Text::new("int8 or bool", "int8 o bool"),
        2 => Text::new("float16", "float16"),
        4 => Text::new(
            "float32, PyTorch's default",
            "float32, el de PyTorch por defecto",
        ),
        8 => Text::new(
            "float64, NumPy's default",
            "float64, el de NumPy por defecto",
        ),
        _ => Text::new("", ""),
    }
}

/// The question's own dtype, named: NumPy's name when the array's dtype is known, else what a
/// number of its item size usually is.
fn own(itemsize: i64, dtype: Option<DType>) -> Text {
    match dtype {
        Some(d) => Text::new(d.name(), d.name()),
        None => typical(itemsize),
    }
}

/// Whether the learner can know the dtype of `question`'s array: its prompt names the dtype, or
/// shows the NumPy or PyTorch code that makes the array (whose dtype then follows from it). Only
/// then does the feedback say what the numbers here take; otherwise it speaks of what the
/// answer assumed (issue 24 §11: "Each number here takes 8 bytes (float64)" for a question about
/// positions that names no dtype).
pub(crate) fn named(question: &Question, dtype: Option<DType>) -> bool {
    let prompt = &question.prompt.en;
    dtype.is_some_and(|d| prompt.contains(d.name()))
        || prompt.contains("np.")
        || prompt.contains("torch.")
}

/// The feedback of a unit mistake `code` whose answer assumed `assumed` bytes per number, on an
/// array whose numbers take `actual` bytes (of `dtype`); `named` when the question lets the
/// learner know the dtype (see [`named`]). `None` for any other code.
pub(crate) fn feedback(
    code: &str,
    assumed: i64,
    actual: i64,
    dtype: Option<DType>,
    named: bool,
) -> Option<Text> {
    let (a, d) = (typical(assumed), own(actual, dtype));
    let (a_en, a_es, d_en, d_es) = (&a.en, &a.es, &d.en, &d.es);
    Some(match code {
        "bytes-instead-of-elements" if !named => Text::owned(
            format!(
                "Those are bytes, counted as if each number took {assumed} bytes ({a_en}), and the question counts elements: divide by the {assumed} you assumed."
            ),
            format!(
                "Eso son bytes, contados como si cada número ocupara {assumed} bytes ({a_es}), y la pregunta cuenta elementos: divide por ese {assumed}."
            ),
        ),
        "elements-instead-of-bytes" if !named => Text::owned(
            "Those are elements, and the question counts bytes, as NumPy does: multiply by the bytes of one number.".to_string(),
            "Eso son elementos, y la pregunta cuenta bytes, como NumPy: multiplica por los bytes de un número.".to_string(),
        ),
        "bytes-instead-of-elements" if assumed == actual => Text::owned(
            format!(
                "Those are bytes, and the question counts elements. Each number here takes {actual} bytes ({d_en}): divide by {actual}."
            ),
            format!(
                "Eso son bytes, y la pregunta cuenta elementos. Aquí cada número ocupa {actual} bytes ({d_es}): divide por {actual}."
            ),
        ),
        "bytes-instead-of-elements" => Text::owned(
            format!(
                "Those are bytes, counted as if each number took {assumed} bytes ({a_en}), and the question counts elements. Divide by the {assumed} you assumed; and mind the dtype: the numbers here are {d_en}, {actual} bytes each."
            ),
            format!(
                "Eso son bytes, contados como si cada número ocupara {assumed} bytes ({a_es}), y la pregunta cuenta elementos. Divide por ese {assumed}; y ojo con el dtype: aquí los números son {d_es}, de {actual} bytes cada uno."
            ),
        ),
        "elements-instead-of-bytes" => Text::owned(
            format!(
                "Those are elements, and the question counts bytes, as NumPy does. Each number here takes {actual} bytes ({d_en}): multiply by {actual}."
            ),
            format!(
                "Eso son elementos, y la pregunta cuenta bytes, como NumPy. Aquí cada número ocupa {actual} bytes ({d_es}): multiplica por {actual}."
            ),
        ),
        "wrong-itemsize" => Text::owned(
            format!(
                "Those are bytes as if each number took {assumed} bytes ({a_en}). Check the dtype: the numbers here are {d_en}, {actual} bytes each."
            ),
            format!(
                "Eso son bytes como si cada número ocupara {assumed} bytes ({a_es}). Revisa el dtype: aquí los números son {d_es}, de {actual} bytes cada uno."
            ),
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_itemsize_has_a_name_and_only_unit_mistakes_get_one() {
        for k in ITEMSIZES {
            assert!(
                !typical(k).en.is_empty() && !typical(k).es.is_empty(),
                "{k}"
            );
        }
        assert!(feedback("reversed-order", 4, 8, None, true).is_none());
        let t = feedback(
            "bytes-instead-of-elements",
            4,
            8,
            Some(DType::Float64),
            true,
        );
        let t = t.map(|t| t.en.into_owned()).unwrap_or_default();
        assert!(
            t.contains("4 bytes (float32") && t.contains("float64, 8 bytes"),
            "{t}"
        );
    }
}
