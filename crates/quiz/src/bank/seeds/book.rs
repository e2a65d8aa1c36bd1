//! The book chapter on tensors (`s3-`): its questions, in the bank's order.

use std::borrow::Cow;

use super::{BROADCAST_HINT, BYTE_STRIDE_HINT};
use crate::bank::{base, code_recipe, option};
use crate::question::{Claim, Kind, Question, Recipe, Unit};
use crate::text::Text;

pub(super) fn questions() -> Vec<Question> {
    let mut all = vec![
        Question {
            unit: Unit::Bytes,
            ..base(
                "s3-strides-2x3x4-bytes",
                Kind::Tuple,
                Text::new(
                    "A float64 array of shape (2, 3, 4) in the default row-major (C) order. What are its strides, in bytes?",
                    "Un array float64 de shape (2, 3, 4) en el orden por filas (C) por defecto. ¿Cuáles son sus strides, en bytes?",
                ),
                "x = np.zeros((2, 3, 4))\nx",
                Recipe::Strides,
                BYTE_STRIDE_HINT,
            )
        },
        Question {
            note: Some(Text::new(
                "(5, 1) minus (5,) broadcasts to (5, 5): every prediction minus every target, averaged over all the pairs.",
                "(5, 1) menos (5,) hace broadcasting a (5, 5): cada predicción menos cada objetivo, promediado sobre todos los pares.",
            )),
            ..base(
                "s3-loss-pairs",
                Kind::Number,
                Text::new(
                    "The model's output has shape (5, 1) and the targets have shape (5,). Over how many pairs does (pred - target).mean() average?",
                    "La salida del modelo tiene shape (5, 1) y los objetivos tienen shape (5,). ¿Sobre cuántos pares promedia (pred - target).mean()?",
                ),
                "pred = np.zeros((5, 1))\ntarget = np.zeros((5,))\n(pred - target).size",
                Recipe::Value,
                Text::new(
                    "Work out the broadcast shape of pred - target first.",
                    "Calcula primero la shape de broadcasting de pred - target.",
                ),
            )
        },
        Question {
            note: Some(Text::new(
                "n_win = (n − k)//step + 1 = (10 − 3)//2 + 1 = 4: windows start at 0, 2, 4 and 6.",
                "n_win = (n − k)//step + 1 = (10 − 3)//2 + 1 = 4: las ventanas empiezan en 0, 2, 4 y 6.",
            )),
            ..base(
                "s3-window-count",
                Kind::Number,
                Text::new(
                    "A sliding window of width k = 3 moves step = 2 elements at a time over a signal of length n = 10. How many windows are there?",
                    "Una ventana deslizante de ancho k = 3 avanza step = 2 elementos cada vez sobre una señal de longitud n = 10. ¿Cuántas ventanas hay?",
                ),
                "x = np.arange(10)\nsliding_window_view(x, 3)[::2].shape[0]",
                Recipe::Value,
                Text::new(
                    "The last window must end inside the signal: count the starts 0, step, 2·step, … up to n − k.",
                    "La última ventana debe acabar dentro de la señal: cuenta los inicios 0, step, 2·step, … hasta n − k.",
                ),
            )
        },
        Question {
            choices: Cow::Owned(vec![
                option(
                    Text::new("X.reshape(1, 2, 2, 2)", "X.reshape(1, 2, 2, 2)"),
                    "X.reshape(1, 2, 2, 2)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "reshape-not-transpose",
                    "wrong",
                ),
                option(
                    Text::new(
                        "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)",
                        "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)",
                    ),
                    "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "wrong",
                    "reshape-not-transpose",
                ),
                option(
                    Text::new(
                        "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)",
                        "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)",
                    ),
                    "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "wrong",
                    "wrong",
                ),
            ]),
            note: Some(Text::new(
                "Split d into (h, d/h) with a reshape (adjacent axes, in order), then move h in front of T with a transpose.",
                "Parte d en (h, d/h) con un reshape (ejes adyacentes y en orden) y luego pon h delante de T con una transpuesta.",
            )),
            ..base(
                "s3-split-heads",
                Kind::Choice,
                Text::new(
                    "X = np.arange(8).reshape(1, 2, 4) is B = 1 sequence of T = 2 tokens with d = 4 features: [[0, 1, 2, 3], [4, 5, 6, 7]]. Which split into h = 2 heads, shape (1, 2, 2, 2) = (B, h, T, d/h), gives head 0 the first two features of every token, [[0, 1], [4, 5]]?",
                    "X = np.arange(8).reshape(1, 2, 4) es B = 1 secuencia de T = 2 tokens con d = 4 features: [[0, 1, 2, 3], [4, 5, 6, 7]]. ¿Qué división en h = 2 cabezas, de shape (1, 2, 2, 2) = (B, h, T, d/h), le da a la cabeza 0 las dos primeras features de cada token, [[0, 1], [4, 5]]?",
                ),
                "X = np.arange(8).reshape(1, 2, 4)",
                Recipe::ChoiceWhere,
                Text::new(
                    "Reshape may only split or merge adjacent axes in order; moving the head axis in front of the tokens is a reordering.",
                    "Reshape solo puede partir o juntar ejes adyacentes y en orden; poner el eje de cabezas delante de los tokens es una reordenación.",
                ),
            )
        },
        base(
            "s3-code-broadcast-shape",
            Kind::Code,
            Text::new(
                "Write broadcast_shape(s1, s2): the broadcast shape of two shapes, as a tuple, or raise ValueError when they do not broadcast.",
                "Escribe broadcast_shape(s1, s2): la shape de broadcasting de dos shapes, como tupla, o lanza ValueError si no hacen broadcasting.",
            ),
            "",
            code_recipe("s3-code-broadcast-shape"),
            BROADCAST_HINT,
        ),
    ];
    // Seed 003's NumPy exercises (issue 16) follow broadcast_shape.
    all.extend(super::book_code::questions());
    all.extend([
        base(
            "s3-code-sliding-window-count",
            Kind::Code,
            Text::new(
                "Write window_count(n, k, step=1): how many windows of width k, moving step elements at a time, fit in a signal of length n.",
                "Escribe window_count(n, k, step=1): cuántas ventanas de ancho k, avanzando step elementos cada vez, caben en una señal de longitud n.",
            ),
            "",
            code_recipe("s3-code-sliding-window-count"),
            Text::new(
                "The window starts at 0, step, 2·step, … and the last start is at most n − k.",
                "La ventana empieza en 0, step, 2·step, … y el último inicio es como mucho n − k.",
            ),
        ),
    ]);
    all
}
