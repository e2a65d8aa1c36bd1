//! The visual walkthrough of the offset formula (`s2-`): its questions, in the bank's order.

use std::borrow::Cow;

use crate::bank::{at, base};
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::Text;

pub(super) fn questions() -> Vec<Question> {
    vec![
        Question {
            unit: Unit::Bytes,
            ..base(
                "s2-byte-offset-72",
                Kind::Number,
                Text::new(
                    "A = np.arange(12).reshape(3, 4) holds int64 numbers of 8 bytes each, strides (32, 8). At which byte is A[2, 1]?",
                    "A = np.arange(12).reshape(3, 4) guarda números int64 de 8 bytes cada uno, strides (32, 8). ¿En qué byte está A[2, 1]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA",
                Recipe::ByteOffset(at(&[2, 1])),
                Text::new(
                    "Take i big jumps of stride₀ bytes, then j small jumps of stride₁ bytes.",
                    "Da i saltos grandes de stride₀ bytes y luego j saltos pequeños de stride₁ bytes.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            ..base(
                "s2-flat-index-9",
                Kind::Number,
                Text::new(
                    "A = np.arange(12).reshape(3, 4), filled row by row. Which element number of the flat line (its flat index) is A[2, 1]?",
                    "A = np.arange(12).reshape(3, 4), rellenado fila a fila. ¿Qué número de elemento de la línea plana (su índice plano) es A[2, 1]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA",
                Recipe::ElementPosition(at(&[2, 1])),
                Text::new(
                    "Skip i whole rows of C elements, then move j elements along the row: i·C + j.",
                    "Sáltate i filas enteras de C elementos y avanza j elementos por la fila: i·C + j.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            before: Some(Cow::Borrowed("A = np.arange(12).reshape(3, 4)\nA")),
            ..base(
                "s2-transpose-offset",
                Kind::Number,
                Text::new(
                    "A.T for A = np.arange(12).reshape(3, 4) (int64) has shape (4, 3) and strides (8, 32). At which byte is A.T[1, 2]?",
                    "A.T con A = np.arange(12).reshape(3, 4) (int64) tiene shape (4, 3) y strides (8, 32). ¿En qué byte está A.T[1, 2]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA.T",
                Recipe::ByteOffset(at(&[1, 2])),
                Text::new(
                    "Same formula, with the transpose's strides: now stepping down is the small jump.",
                    "La misma fórmula, con los strides de la transpuesta: ahora bajar es el salto pequeño.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s2-strides-1d",
                Kind::Tuple,
                Text::new(
                    "A 1-D int64 array of shape (12,), np.arange(12). What is its .strides, in bytes? (One axis: type it like (5,).)",
                    "Un array 1-D int64 de shape (12,), np.arange(12). ¿Cuánto vale su .strides, en bytes? (Un solo eje: escríbelo como (5,).)",
                ),
                "A = np.arange(12)\nA",
                Recipe::Strides,
                Text::new(
                    "One axis, one stride: the bytes of one element.",
                    "Un eje, un stride: los bytes de un elemento.",
                ),
            )
        },
    ]
}
