//! Tuple questions on strides: of a contiguous array, after `swapaxes`, and after a slice.

use std::borrow::Cow;

use super::{DTYPES, STRIDE_HINT, SplitMix64, shape, strides_of, unit_words};
use crate::bank::base;
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::{Text, tuple};

pub(super) fn contiguous_strides(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 1, 4);
    let elements = rng.coin();
    let (en, es, unit) = unit_words(elements);
    let s = tuple(&shape);
    Question {
        unit,
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) is contiguous, {itemsize} bytes per number. What are its strides, in {en}? Type them like a shape."
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) es contiguo, {itemsize} bytes por número. ¿Cuáles son sus strides, en {es}? Escríbelos como una shape."
                ),
            ),
            format!("x = np.zeros({s}, dtype=np.{dtype})\nx"),
            if elements {
                Recipe::StridesInElements
            } else {
                Recipe::Strides
            },
            STRIDE_HINT,
        )
    }
}

pub(super) fn swapped_strides(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 2, 4);
    let elements = rng.coin();
    let (en, es, unit) = unit_words(elements);
    let ndim = shape.len() as i64;
    let expr = if ndim == 2 || rng.coin() {
        "x.T".to_string()
    } else {
        let a = rng.range(0, ndim - 2);
        let b = rng.range(a + 1, ndim - 1);
        format!("np.swapaxes(x, {a}, {b})")
    };
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, itemsize, elements));
    let setup = format!("x = np.zeros({s}, dtype=np.{dtype})");
    Question {
        unit,
        before: Some(Cow::Owned(format!("{setup}\nx"))),
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) has strides {strides} in {en}. What are the strides of {expr}, in {en}?"
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) tiene strides {strides} en {es}. ¿Cuáles son los strides de {expr}, en {es}?"
                ),
            ),
            format!("{setup}\n{expr}"),
            if elements {
                Recipe::StridesInElements
            } else {
                Recipe::Strides
            },
            Text::new(
                "A transpose or swapaxes moves no number: it exchanges the sizes and the strides of the axes it swaps.",
                "Una transpuesta o swapaxes no mueve ningún número: intercambia los tamaños y los strides de los ejes que cambia.",
            ),
        )
    }
}

pub(super) fn sliced_strides(rng: &mut SplitMix64, id: String) -> Question {
    let shape: Vec<i64> = shape(rng, 2, 3).iter().map(|d| d + 2).collect();
    let parts: Vec<String> = shape
        .iter()
        .map(|&d| {
            let step = rng.pick(&[1, 2, 3, -1], 1);
            let start = rng.range(0, d / 2);
            match (start, step) {
                (_, -1) => "::-1".to_string(),
                (0, 1) => ":".to_string(),
                (s, 1) => format!("{s}:"),
                (0, k) => format!("::{k}"),
                (s, k) => format!("{s}::{k}"),
            }
        })
        .collect();
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, 8, true));
    let expr = format!("x[{}]", parts.join(", "));
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}) has strides {strides} in elements. What are the strides of {expr}, in elements?"
                ),
                format!(
                    "x = np.zeros({s}) tiene strides {strides} en elementos. ¿Cuáles son los strides de {expr}, en elementos?"
                ),
            ),
            format!("x = np.zeros({s})\n{expr}"),
            Recipe::StridesInElements,
            Text::new(
                "A slice keeps each axis's stride and multiplies it by the step (a negative step walks backwards); the start only moves where the view begins.",
                "Un slice conserva el stride de cada eje y lo multiplica por el paso (un paso negativo recorre hacia atrás); el inicio solo cambia dónde empieza la vista.",
            ),
        )
    }
}
