//! Number questions on where an element lives: its memory position in a slice or a contiguous
//! array, and its byte offset.

use std::borrow::Cow;

use super::{ADDRESS_HINT, DTYPES, SplitMix64, index_in, shape, strides_of};
use crate::bank::base;
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::{Text, tuple};

pub(super) fn position_in_slice(rng: &mut SplitMix64, id: String) -> Question {
    let (rows, cols) = (rng.range(3, 6), rng.range(3, 6));
    let (r0, c0) = (rng.range(1, rows - 1), rng.range(0, cols - 1));
    let step = rng.pick(&[1, 1, 2], 1);
    let sliced_rows = rows - r0;
    let sliced_cols = (cols - c0 + step - 1) / step;
    let (i, j) = (rng.range(0, sliced_rows - 1), rng.range(0, sliced_cols - 1));
    let slice = if step == 1 {
        format!("{r0}:, {c0}:")
    } else {
        format!("{r0}:, {c0}::{step}")
    };
    let idx = format!("[{i}, {j}]");
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "x = np.zeros(({rows}, {cols})) is contiguous, with strides ({cols}, 1) in elements, and v = x[{slice}]. At which memory position (in elements, from the start of x's memory) is v{idx}?"
                ),
                format!(
                    "x = np.zeros(({rows}, {cols})) es contiguo, con strides ({cols}, 1) en elementos, y v = x[{slice}]. ¿En qué posición de memoria (en elementos, desde el principio de la memoria de x) está v{idx}?"
                ),
            ),
            format!("x = np.zeros(({rows}, {cols}))\nx[{slice}]"),
            Recipe::ElementPosition(Cow::Owned(vec![i, j])),
            Text::new(
                "First find where v starts: the position of x[r, c] for the first row and column it keeps. Then add i·s₀ + j·s₁ with v's strides.",
                "Busca primero dónde empieza v: la posición de x[r, c] para la primera fila y columna que conserva. Luego suma i·s₀ + j·s₁ con los strides de v.",
            ),
        )
    }
}

pub(super) fn position_contiguous(rng: &mut SplitMix64, id: String) -> Question {
    let shape = shape(rng, 2, 3);
    let index = index_in(rng, &shape);
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, 8, true));
    let idx = stride_core::dims::list(&index);
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "An array of shape {s} is contiguous: strides {strides} in elements, start 0. At which memory position is element [{idx}]?"
                ),
                format!(
                    "Un array de shape {s} es contiguo: strides {strides} en elementos, inicio 0. ¿En qué posición de memoria está el elemento [{idx}]?"
                ),
            ),
            format!("x = np.zeros({s})\nx"),
            Recipe::ElementPosition(Cow::Owned(index)),
            ADDRESS_HINT,
        )
    }
}

pub(super) fn byte_offset(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 2, 3);
    let transpose = rng.coin();
    let s = tuple(&shape);
    let setup = format!("x = np.zeros({s}, dtype=np.{dtype})");
    let (expr, result_shape): (&str, Vec<i64>) = if transpose {
        ("x.T", shape.iter().rev().copied().collect())
    } else {
        ("x", shape.clone())
    };
    let index = index_in(rng, &result_shape);
    let idx = stride_core::dims::list(&index);
    let strides = tuple(&strides_of(&shape, itemsize, false));
    Question {
        unit: Unit::Bytes,
        before: transpose.then(|| Cow::Owned(format!("{setup}\nx"))),
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) has strides {strides} in bytes ({itemsize} bytes per number). At which byte offset is {expr}[{idx}]?"
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) tiene strides {strides} en bytes ({itemsize} bytes por número). ¿En qué offset en bytes está {expr}[{idx}]?"
                ),
            ),
            format!("{setup}\n{expr}"),
            Recipe::ByteOffset(Cow::Owned(index)),
            ADDRESS_HINT,
        )
    }
}
