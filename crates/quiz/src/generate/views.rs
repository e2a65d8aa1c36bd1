//! Choice questions on views and copies: which expression is a view, which ones copy.

use std::borrow::Cow;

use super::SplitMix64;
use crate::bank::base;
use crate::question::{Choice, Claim, Kind, Question, Recipe};
use crate::text::Text;

const VIEWS: [&str; 6] = [
    "x.T",
    "x[1:]",
    "x[:, ::2]",
    "x.reshape(-1)",
    "x.ravel()",
    "np.swapaxes(x, 0, 1)",
];
const COPIES: [&str; 6] = [
    "x.T.reshape(-1)",
    "x.flatten()",
    "x[[0, 1]]",
    "x.T.copy()",
    "x[x > 2]",
    "x.T.ravel()",
];

fn setup_x(rng: &mut SplitMix64) -> String {
    let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
    format!("x = np.arange({}).reshape({rows}, {cols})", rows * cols)
}

pub(super) fn view_or_copy(rng: &mut SplitMix64, id: String) -> Question {
    let setup = setup_x(rng);
    let expr = if rng.coin() {
        rng.pick(&VIEWS, "x.T")
    } else {
        rng.pick(&COPIES, "x.flatten()")
    };
    let code = format!("np.shares_memory(x, {expr})");
    let choices = vec![
        Choice {
            label: Text::new(
                "a view: it reads x's memory",
                "una vista: lee la memoria de x",
            ),
            code: Cow::Owned(code.clone()),
            claim: Claim::True,
            if_picked: "copy-taken-for-view",
            if_missed: "view-taken-for-copy",
        },
        Choice {
            label: Text::new(
                "a copy: it has memory of its own",
                "una copia: tiene memoria propia",
            ),
            code: Cow::Owned(code),
            claim: Claim::False,
            if_picked: "view-taken-for-copy",
            if_missed: "copy-taken-for-view",
        },
    ];
    Question {
        choices: Cow::Owned(choices),
        ..base(
            id,
            Kind::Choice,
            Text::owned(
                format!("{setup}. Is y = {expr} a view of x or a copy?"),
                format!("{setup}. ¿Es y = {expr} una vista de x o una copia?"),
            ),
            setup,
            Recipe::ChoiceWhere,
            Text::new(
                "A view needs one fixed stride per axis over x's memory. Read the result in row order: does it walk memory with fixed steps?",
                "Una vista necesita un stride fijo por eje sobre la memoria de x. Lee el resultado en orden de filas: ¿recorre la memoria con pasos fijos?",
            ),
        )
    }
}

pub(super) fn which_copies(rng: &mut SplitMix64, id: String) -> Question {
    let setup = setup_x(rng);
    let copy_at = rng.range(0, 2) as usize;
    let mut used: Vec<&str> = Vec::new();
    let mut choices = Vec::new();
    for slot in 0..3 {
        let pool: &[&str] = if slot == copy_at { &COPIES } else { &VIEWS };
        let mut expr = rng.pick(pool, "x.T");
        while used.contains(&expr) {
            expr = rng.pick(pool, "x.T");
        }
        used.push(expr);
        choices.push(Choice {
            label: Text::owned(expr.to_string(), expr.to_string()),
            code: Cow::Owned(format!("np.shares_memory(x, {expr})")),
            claim: Claim::False,
            if_picked: "view-taken-for-copy",
            if_missed: "copy-taken-for-view",
        });
    }
    Question {
        choices: Cow::Owned(choices),
        ..base(
            id,
            Kind::Choice,
            Text::owned(
                format!("{setup}. Which of these must be a copy, with its own memory?"),
                format!("{setup}. ¿Cuál de estas tiene que ser una copia, con memoria propia?"),
            ),
            setup,
            Recipe::ChoiceWhere,
            Text::new(
                "Slicing, transposing and reshaping a contiguous array only write new strides. Which one cannot be described by strides over x's memory?",
                "Hacer slicing, transponer y cambiar la shape de un array contiguo solo escribe strides nuevos. ¿Cuál no se puede describir con strides sobre la memoria de x?",
            ),
        )
    }
}
