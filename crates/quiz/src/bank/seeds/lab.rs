//! The lab's own views (`s0-`): its questions, in the bank's order.

use crate::bank::{at, base};
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::Text;

pub(super) fn questions() -> Vec<Question> {
    vec![
        Question {
            unit: Unit::Elements,
            ..base(
                "s0-strides-step-slice",
                Kind::Tuple,
                Text::new(
                    "x = np.arange(12.0).reshape(3, 4) has strides (4, 1) in elements. What are the strides of x[:, ::2], in elements?",
                    "x = np.arange(12.0).reshape(3, 4) tiene strides (4, 1) en elementos. ¿Cuáles son los strides de x[:, ::2], en elementos?",
                ),
                "x = np.arange(12.0).reshape(3, 4)\nx[:, ::2]",
                Recipe::StridesInElements,
                Text::new(
                    "Taking every second column makes one step along a row two steps in memory; moving down a row still jumps a whole row of x.",
                    "Tomar una columna de cada dos hace que un paso a lo largo de la fila sean dos pasos en memoria; bajar una fila sigue saltando una fila entera de x.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            ..base(
                "s0-position-slice-start",
                Kind::Number,
                Text::new(
                    "v = x[1:, 1:] for x = np.arange(12.0).reshape(3, 4): strides (4, 1), and it starts at memory position 5. At which memory position is v[1, 2]?",
                    "v = x[1:, 1:] con x = np.arange(12.0).reshape(3, 4): strides (4, 1), y empieza en la posición de memoria 5. ¿En qué posición de memoria está v[1, 2]?",
                ),
                "x = np.arange(12.0).reshape(3, 4)\nx[1:, 1:]",
                Recipe::ElementPosition(at(&[1, 2])),
                Text::new(
                    "The address rule starts from the view's start, not from 0: start + i·s₀ + j·s₁.",
                    "La regla de direcciones parte del inicio de la vista, no de 0: inicio + i·s₀ + j·s₁.",
                ),
            )
        },
    ]
}
