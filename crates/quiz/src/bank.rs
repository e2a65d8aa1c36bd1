//! The question bank: every question of the lesson (seed 000, ids `u1-…`, in the lesson's order),
//! then questions drawn from the Spanish chapter (`s1-…`), the visual walkthrough (`s2-…`), the
//! book chapter (`s3-…`) and the lab's own views (`s0-…`). No key is typed here: each question
//! carries a program and a [`Recipe`], and [`crate::key`] computes the key.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::question::{Choice, Claim, Kind, Question, Recipe, Unit};
use crate::text::Text;

mod seeds;

pub(crate) use seeds::{CostWords, cost_words, wrong_note};

/// The bank, built once.
pub fn bank() -> &'static [Question] {
    static BANK: OnceLock<Vec<Question>> = OnceLock::new();
    BANK.get_or_init(|| {
        let mut all = lesson();
        all.extend(seeds::questions());
        all
    })
}

/// A question with the defaults: no unit, nothing before a swap, no options, no note. The bank
/// passes its ids and programs as `&'static str`, generated practice as `String`.
pub(crate) fn base(
    id: impl Into<Cow<'static, str>>,
    kind: Kind,
    prompt: Text,
    program: impl Into<Cow<'static, str>>,
    recipe: Recipe,
    hint: Text,
) -> Question {
    Question {
        id: id.into(),
        kind,
        prompt,
        program: program.into(),
        recipe,
        unit: Unit::None,
        before: None,
        choices: Cow::Borrowed(&[]),
        many: false,
        hint,
        note: None,
    }
}

/// An option of a choice question.
pub(crate) fn option(
    label: Text,
    code: &'static str,
    claim: Claim,
    if_picked: &'static str,
    if_missed: &'static str,
) -> Choice {
    Choice {
        label,
        code: Cow::Borrowed(code),
        claim,
        if_picked,
        if_missed,
    }
}

/// The index `[i, j, …]` of a position recipe.
pub(crate) fn at(index: &'static [i64]) -> Cow<'static, [i64]> {
    Cow::Borrowed(index)
}

const X: &str = "x = np.arange(12.0).reshape(3, 4)";

fn lesson() -> Vec<Question> {
    vec![
        Question {
            unit: Unit::Elements,
            note: Some(Text::new(
                "Row 2 starts after two whole rows of 5; then 3 more steps along the row.",
                "La fila 2 empieza después de dos filas enteras de 5; luego 3 pasos más a lo largo de la fila.",
            )),
            ..base(
                "u1-position-3x5",
                Kind::Number,
                Text::new(
                    "An array of shape (3, 5) is contiguous, so its strides are (5, 1) and it starts at memory position 0. At which memory position is element [2, 3]?",
                    "Un array de shape (3, 5) es contiguo, así que sus strides son (5, 1) y empieza en la posición de memoria 0. ¿En qué posición de memoria está el elemento [2, 3]?",
                ),
                "x = np.zeros((3, 5))\nx",
                Recipe::ElementPosition(at(&[2, 3])),
                Text::new(
                    "Use the address rule: start + i·s₀ + j·s₁, with i = 2 and j = 3.",
                    "Usa la regla de direcciones: inicio + i·s₀ + j·s₁, con i = 2 y j = 3.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            ..base(
                "u1-strides-2x3x4",
                Kind::Tuple,
                Text::new(
                    "An array of shape (2, 3, 4) is contiguous. What are its strides, counted in elements? Type them like a shape, for example (1, 2, 3).",
                    "Un array de shape (2, 3, 4) es contiguo. ¿Cuáles son sus strides, contados en elementos? Escríbelos como una shape, por ejemplo (1, 2, 3).",
                ),
                "x = np.zeros((2, 3, 4))\nx",
                Recipe::StridesInElements,
                Text::new(
                    "The last axis has stride 1. Each axis to its left jumps over everything to its right: the product of the sizes to its right.",
                    "El último eje tiene stride 1. Cada eje a su izquierda salta por encima de todo lo que queda a su derecha: el producto de los tamaños a su derecha.",
                ),
            )
        },
        base(
            "u1-code-contiguous-strides",
            Kind::Code,
            Text::new(
                "Write contiguous_strides(shape): the strides of a contiguous array, in elements. Walk the shape from the right.",
                "Escribe contiguous_strides(shape): los strides de un array contiguo, en elementos. Recorre la shape desde la derecha.",
            ),
            "",
            code_recipe("u1-code-contiguous-strides"),
            Text::new(
                "For each axis two things happen: its stride goes to the front of the list, then the step grows by that axis's size.",
                "Para cada eje pasan dos cosas: su stride va al principio de la lista y luego el paso crece según el tamaño de ese eje.",
            ),
        ),
        Question {
            unit: Unit::Elements,
            before: Some(Cow::Borrowed("x = np.arange(12.0).reshape(3, 4)\nx")),
            ..base(
                "u1-strides-xT",
                Kind::Tuple,
                Text::new(
                    "x = np.arange(12.0).reshape(3, 4) has shape (3, 4) and strides (4, 1), in elements. What are the strides of x.T? Type them like a shape.",
                    "x = np.arange(12.0).reshape(3, 4) tiene shape (3, 4) y strides (4, 1), en elementos. ¿Cuáles son los strides de x.T? Escríbelos como una shape.",
                ),
                "x = np.arange(12.0).reshape(3, 4)\nx.T",
                Recipe::StridesInElements,
                Text::new(
                    "A transpose moves no number: it swaps the shape and swaps the strides.",
                    "Una transpuesta no mueve ningún número: intercambia la shape e intercambia los strides.",
                ),
            )
        },
        Question {
            choices: Cow::Owned(vec![
                option(
                    Text::new("4: y is a separate array", "4: y es un array aparte"),
                    "x[1, 0]",
                    Claim::Equals(4.0),
                    "view-taken-for-copy",
                    "wrong",
                ),
                option(
                    Text::new(
                        "100: y and x use the same memory",
                        "100: y y x usan la misma memoria",
                    ),
                    "x[1, 0]",
                    Claim::Equals(100.0),
                    "wrong",
                    "view-taken-for-copy",
                ),
                option(
                    Text::new(
                        "An error: you cannot write into a transpose",
                        "Un error: no se puede escribir en una transpuesta",
                    ),
                    "x[1, 0]",
                    Claim::Raises,
                    "wrong",
                    "wrong",
                ),
            ]),
            note: Some(Text::new(
                "y = x.T is a view: y[0, 1] and x[1, 0] are the same memory cell, so the write shows in x.",
                "y = x.T es una vista: y[0, 1] y x[1, 0] son la misma celda de memoria, así que la escritura se ve en x.",
            )),
            ..base(
                "u1-predict-write-through-T",
                Kind::Choice,
                Text::new(
                    "x = np.arange(12.0).reshape(3, 4), so x[1, 0] is 4. Then y = x.T and y[0, 1] = 100. What is x[1, 0] now?",
                    "x = np.arange(12.0).reshape(3, 4), así que x[1, 0] vale 4. Luego y = x.T e y[0, 1] = 100. ¿Cuánto vale ahora x[1, 0]?",
                ),
                "x = np.arange(12.0).reshape(3, 4)\ny = x.T\ny[0, 1] = 100",
                Recipe::ChoiceWhere,
                Text::new(
                    "Does x.T get memory of its own, or does it read x's memory with swapped strides?",
                    "¿Tiene x.T memoria propia, o lee la memoria de x con los strides intercambiados?",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            before: Some(Cow::Borrowed("t = np.zeros((2, 3, 4))\nt")),
            ..base(
                "u1-strides-swapaxes",
                Kind::Tuple,
                Text::new(
                    "t has shape (2, 3, 4) and strides (12, 4, 1). What are the strides of np.swapaxes(t, 1, 2), which has shape (2, 4, 3)? Type them like a shape.",
                    "t tiene shape (2, 3, 4) y strides (12, 4, 1). ¿Cuáles son los strides de np.swapaxes(t, 1, 2), que tiene shape (2, 4, 3)? Escríbelos como una shape.",
                ),
                "t = np.zeros((2, 3, 4))\nnp.swapaxes(t, 1, 2)",
                Recipe::StridesInElements,
                Text::new(
                    "swapaxes(t, 1, 2) swaps sizes 1 and 2 of the shape, and the same two strides. Axis 0 keeps its stride.",
                    "swapaxes(t, 1, 2) intercambia los tamaños 1 y 2 de la shape, y los mismos dos strides. El eje 0 conserva su stride.",
                ),
            )
        },
        Question {
            before: Some(Cow::Borrowed(
                "small = np.arange(6.0).reshape(2, 3)\nsmall.reshape(6)[1]",
            )),
            note: Some(Text::new(
                "small.T is [[0, 3], [1, 4], [2, 5]]; read in row order it is 0, 3, 1, 4, 2, 5. reshape keeps row order, so element [1] is 3.0 (and NumPy had to copy to get it).",
                "small.T es [[0, 3], [1, 4], [2, 5]]; leído en orden de filas es 0, 3, 1, 4, 2, 5. reshape conserva el orden de filas, así que el elemento [1] es 3.0 (y NumPy tuvo que copiar para obtenerlo).",
            )),
            ..base(
                "u1-small-T-reshape",
                Kind::Number,
                Text::new(
                    "small = np.arange(6.0).reshape(2, 3) is [[0, 1, 2], [3, 4, 5]]. What is small.T.reshape(6)[1]?",
                    "small = np.arange(6.0).reshape(2, 3) es [[0, 1, 2], [3, 4, 5]]. ¿Cuánto vale small.T.reshape(6)[1]?",
                ),
                "small = np.arange(6.0).reshape(2, 3)\nsmall.T.reshape(6)[1]",
                Recipe::Value,
                Text::new(
                    "Write small.T out first, then read it in row order: reshape always keeps row order.",
                    "Escribe primero small.T y luego léelo en orden de filas: reshape siempre conserva el orden de filas.",
                ),
            )
        },
        Question {
            choices: Cow::Owned(vec![
                copy_option("x.reshape(6, 2)", "np.shares_memory(x, x.reshape(6, 2))"),
                copy_option("x.T.reshape(12)", "np.shares_memory(x, x.T.reshape(12))"),
                copy_option("x[::2]", "np.shares_memory(x, x[::2])"),
            ]),
            note: Some(Text::new(
                "x.reshape(6, 2) regroups a contiguous row and x[::2] doubles a stride: both are views. x.T read in row order walks 0, 4, 8, 1, …: forward 4, forward 4, back 7. No single stride does that, so reshape copies.",
                "x.reshape(6, 2) reagrupa una fila contigua y x[::2] duplica un stride: las dos son vistas. x.T leído en orden de filas recorre 0, 4, 8, 1, …: adelante 4, adelante 4, atrás 7. Ningún stride único hace eso, así que reshape copia.",
            )),
            ..base(
                "u1-predict-must-copy",
                Kind::Choice,
                Text::new(
                    "x = np.arange(12.0).reshape(3, 4). Which of these must be a copy, with its own memory?",
                    "x = np.arange(12.0).reshape(3, 4). ¿Cuál de estas tiene que ser una copia, con memoria propia?",
                ),
                X,
                Recipe::ChoiceWhere,
                Text::new(
                    "A view needs one stride per axis. Read each result in row order and see whether it walks memory with fixed steps.",
                    "Una vista necesita un stride por eje. Lee cada resultado en orden de filas y mira si recorre la memoria con pasos fijos.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            before: Some(Cow::Borrowed("out = np.zeros((2, 4, 10, 16))\nout")),
            ..base(
                "u1-strides-heads-transpose",
                Kind::Tuple,
                Text::new(
                    "Attention heads out has shape (2, 4, 10, 16) = (B, h, L, dₖ) and strides (640, 160, 16, 1). What are the strides of out.transpose(1, 2), with shape (2, 10, 4, 16)? Type them like a shape.",
                    "La salida de las cabezas de atención out tiene shape (2, 4, 10, 16) = (B, h, L, dₖ) y strides (640, 160, 16, 1). ¿Cuáles son los strides de out.transpose(1, 2), con shape (2, 10, 4, 16)? Escríbelos como una shape.",
                ),
                "out = np.zeros((2, 4, 10, 16))\nnp.swapaxes(out, 1, 2)",
                Recipe::StridesInElements,
                Text::new(
                    "transpose(1, 2) swaps the strides of axes 1 and 2 and leaves the others alone; it does not make the array contiguous.",
                    "transpose(1, 2) intercambia los strides de los ejes 1 y 2 y deja los demás como están; no vuelve contiguo el array.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "u1-broadcast-bytes",
                Kind::Number,
                Text::new(
                    "v is a float32 vector of shape (4,), and each float32 number takes 4 bytes. How many bytes of memory does np.broadcast_to(v, (1000, 4)) store?",
                    "v es un vector float32 de shape (4,), y cada número float32 ocupa 4 bytes. ¿Cuántos bytes de memoria guarda np.broadcast_to(v, (1000, 4))?",
                ),
                "v = np.zeros(4, dtype=np.float32)\nnp.broadcast_to(v, (1000, 4))",
                Recipe::StoredBytes,
                Text::new(
                    "The stretched axis gets stride 0. How many different memory cells does the result read?",
                    "El eje estirado recibe stride 0. ¿Cuántas celdas de memoria distintas lee el resultado?",
                ),
            )
        },
        base(
            "u1-code-read",
            Kind::Code,
            Text::new(
                "Write the one line that reads element [i, j] from memory buf, given strides and a start offset. The tests use a transpose, a step, a slice and a broadcast.",
                "Escribe la línea que lee el elemento [i, j] de la memoria buf, dados los strides y un inicio (offset). Las pruebas usan una transpuesta, un paso, un slice y un broadcast.",
            ),
            "",
            code_recipe("u1-code-read"),
            Text::new(
                "The address rule: start + i·s₀ + j·s₁, then read buf at that position.",
                "La regla de direcciones: inicio + i·s₀ + j·s₁, y luego lee buf en esa posición.",
            ),
        ),
    ]
}

/// An option "this makes a copy": its code asks NumPy whether the result shares memory.
pub(crate) fn copy_option(label: &'static str, code: &'static str) -> Choice {
    option(
        Text::new(label, label),
        code,
        Claim::False,
        "view-taken-for-copy",
        "copy-taken-for-view",
    )
}

/// A code question's template and reference, from the exercise the interpreter checks, so that
/// what the learner reads is what runs.
pub(crate) fn code_recipe(id: &str) -> Recipe {
    match python_subset::exercises::exercise(id) {
        Some(e) => Recipe::Code {
            template: e.template,
            reference: e.reference,
        },
        None => Recipe::Code {
            template: "",
            reference: "",
        },
    }
}
