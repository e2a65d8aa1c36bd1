//! Checking an answer: read it ([`crate::answer`]), compare it with the computed key, and when it
//! is wrong, name the mistake. The mistakes are computed too: from the same layout that gave the
//! key, `mistakes.rs` derives what each usual mistake would have answered (the strides in bytes,
//! reversed, the shape, the strides before the swap, the position without the start…) and this
//! module looks for the learner's answer among them.

use serde::{Deserialize, Serialize};

use crate::answer::{self, Answer, Parsed};
use crate::cost::Cost;
use crate::itemsize;
use crate::key::{self, Evaluated, Key};
use crate::mistakes::mistakes;
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::Text;
use crate::wire::Static;

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// Whether the answer is right.
    pub correct: bool,
    /// A stable code naming the mistake (one of [`DIAGNOSES`]), `correct` when right.
    #[serde(with = "crate::wire::diagnosis")]
    pub diagnosis: Static,
    /// What to tell the learner.
    pub feedback: Text,
    /// What a code answer printed, to show beside the verdict: it was not judged (the
    /// exercise's reference prints nothing).
    pub printed: Option<Printed>,
    /// What a correct code answer cost (its largest array, whether its result is a view),
    /// when its function takes or returns arrays; its words end the feedback.
    pub cost: Option<Cost>,
}

/// What a code answer printed in one case, shown to the learner and not judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Printed {
    /// Says which case printed it, and that it was not checked.
    pub label: Text,
    /// What it printed.
    pub output: String,
}

/// Every diagnosis code, with its feedback. The codes are stable: the front end and the progress
/// store may key on them.
pub const DIAGNOSES: &[(&str, Text)] = &[
    ("correct", Text::new("Correct.", "¡Correcto!")),
    (
        "unreadable",
        Text::new(
            "That answer could not be read.",
            "No se ha podido leer esa respuesta.",
        ),
    ),
    ("wrong", Text::new("Not quite.", "Todavía no.")),
    (
        "bytes-instead-of-elements",
        Text::new(
            "Those are bytes, and the question counts elements. Divide by the itemsize (the bytes of one number).",
            "Eso son bytes, y la pregunta cuenta elementos. Divide por el itemsize (los bytes de un número).",
        ),
    ),
    (
        "elements-instead-of-bytes",
        Text::new(
            "Those are elements, and the question counts bytes, as NumPy does. Multiply by the itemsize (the bytes of one number).",
            "Eso son elementos, y la pregunta cuenta bytes, como NumPy. Multiplica por el itemsize (los bytes de un número).",
        ),
    ),
    (
        "reversed-order",
        Text::new(
            "The right numbers in the reverse order. Strides are listed axis by axis from the left, like the shape: the first one belongs to axis 0.",
            "Los números son los buenos, pero al revés. Los strides van eje por eje desde la izquierda, como la shape: el primero es el del eje 0.",
        ),
    ),
    (
        "shape-not-strides",
        Text::new(
            "That is the shape: how many elements each axis has. The strides are how far memory steps when an index grows by 1.",
            "Esa es la shape: cuántos elementos tiene cada eje. Los strides son cuánto avanza la memoria cuando un índice crece en 1.",
        ),
    ),
    (
        "forgot-swap",
        Text::new(
            "That is the answer for the array before the swap. A transpose or swapaxes exchanges the strides together with the sizes.",
            "Esa es la respuesta para el array antes del intercambio. Una transpuesta o swapaxes intercambia los strides junto con los tamaños.",
        ),
    ),
    (
        "read-before-transpose",
        Text::new(
            "That is the value read from the array before the transpose. Write the transposed array out first: its rows are the old columns. Then read it in row order.",
            "Ese es el valor leído en el array antes de la transpuesta. Escribe primero el array transpuesto: sus filas son las columnas de antes. Luego léelo en orden de filas.",
        ),
    ),
    (
        "forgot-start-offset",
        Text::new(
            "You left out the start. A slice such as x[1:, 1:] begins further into memory, and the address rule adds that start first.",
            "Te has dejado el inicio. Un slice como x[1:, 1:] empieza más adelante en la memoria, y la regla de direcciones suma primero ese inicio.",
        ),
    ),
    (
        "view-taken-for-copy",
        Text::new(
            "That one is a view: new shape and strides over the same memory, so nothing is copied and a write shows through.",
            "Esa es una vista: nueva shape y nuevos strides sobre la misma memoria, así que no se copia nada y una escritura se ve en ambos.",
        ),
    ),
    (
        "copy-taken-for-view",
        Text::new(
            "That one is a copy: no shape and strides over the old memory can describe it, so NumPy writes the numbers into new memory.",
            "Esa es una copia: ninguna shape ni strides sobre la memoria vieja pueden describirla, así que NumPy escribe los números en memoria nueva.",
        ),
    ),
    (
        "wrong-count",
        Text::new(
            "Count the entries: there is one per axis of the array.",
            "Cuenta los números: hay uno por cada eje del array.",
        ),
    ),
    (
        "off-by-one",
        Text::new(
            "Off by one. Indices and positions both start at 0: recount the steps, and check where the last one lands.",
            "Un error por uno. Los índices y las posiciones empiezan en 0: vuelve a contar los pasos y mira dónde cae el último.",
        ),
    ),
    (
        "row-col-swapped",
        Text::new(
            "You paired each index with the other axis's stride. The row index i goes with the row stride s₀, and j with s₁: start + i·s₀ + j·s₁.",
            "Has emparejado cada índice con el stride del otro eje. El índice de fila i va con el stride de fila s₀, y j con s₁: inicio + i·s₀ + j·s₁.",
        ),
    ),
    (
        "as-if-contiguous",
        Text::new(
            "Those are the strides of a fresh contiguous array of that shape. This one is a view of the old memory and keeps its steps.",
            "Esos son los strides de un array contiguo nuevo con esa shape. Este es una vista de la memoria antigua y conserva sus pasos.",
        ),
    ),
    (
        "wrong-itemsize",
        Text::new(
            "Check the dtype: the itemsize is 8 bytes for float64 and int64, 4 for float32 and int32.",
            "Revisa el dtype: el itemsize es 8 bytes para float64 e int64, y 4 para float32 e int32.",
        ),
    ),
    (
        "stored-the-broadcast",
        Text::new(
            "That is the size of the array it pretends to be. The stretched axis has stride 0, so the same few numbers are read again and again and never stored twice.",
            "Ese es el tamaño del array que aparenta ser. El eje estirado tiene stride 0, así que los mismos pocos números se leen una y otra vez y nunca se guardan dos veces.",
        ),
    ),
    (
        "aligned-left",
        Text::new(
            "Broadcasting lines the shapes up from the right, not from the left: pad the shorter shape with 1s on the left.",
            "El broadcasting alinea las shapes por la derecha, no por la izquierda: rellena la shape más corta con 1s por la izquierda.",
        ),
    ),
    (
        "missed-broadcast",
        Text::new(
            "That is the shape of one operand. Broadcasting stretches every size-1 axis of each, so the result takes the larger size on every axis.",
            "Esa es la shape de un operando. El broadcasting estira cada eje de tamaño 1 de ambos, así que el resultado toma el tamaño mayor en cada eje.",
        ),
    ),
    (
        "missed-error",
        Text::new(
            "These shapes do not broadcast: after lining them up from the right, some axis has two different sizes and neither is 1, so NumPy raises ValueError.",
            "Estas shapes no hacen broadcasting: alineadas por la derecha, algún eje tiene dos tamaños distintos y ninguno es 1, así que NumPy lanza ValueError.",
        ),
    ),
    (
        "false-error",
        Text::new(
            "These shapes do broadcast: on every axis, lined up from the right, the sizes are equal or one of them is 1.",
            "Estas shapes sí hacen broadcasting: en cada eje, alineadas por la derecha, los tamaños son iguales o uno de ellos es 1.",
        ),
    ),
    (
        "reshape-not-transpose",
        Text::new(
            "Reshape only regroups numbers in row order: it gives head 0 all of token 0. Splitting d and then moving the head axis in front of the tokens needs a transpose.",
            "Reshape solo reagrupa los números en orden de filas: le da a la cabeza 0 todo el token 0. Partir d y luego poner el eje de cabezas delante de los tokens necesita una transpuesta.",
        ),
    ),
    (
        "wrong-result",
        Text::new(
            "Your code runs, but a case returns something else than the reference.",
            "Tu código funciona, pero un caso devuelve algo distinto de la referencia.",
        ),
    ),
    (
        "wrong-output",
        Text::new(
            "Your code prints something else than the reference.",
            "Tu código imprime algo distinto de la referencia.",
        ),
    ),
    (
        "empty-answer",
        Text::new(
            "Your answer is empty: write the code that goes in the blank.",
            "Tu respuesta está vacía: escribe el código que va en el hueco.",
        ),
    ),
    (
        "syntax-error",
        Text::new(
            "This is not valid Python yet.",
            "Esto todavía no es Python válido.",
        ),
    ),
    (
        "name-error",
        Text::new(
            "Your code uses a name that is not defined.",
            "Tu código usa un nombre que no está definido.",
        ),
    ),
    (
        "unsupported",
        Text::new(
            "Valid Python, but this lab does not run it.",
            "Python válido, pero este laboratorio no lo ejecuta.",
        ),
    ),
    (
        "limit",
        Text::new(
            "Your code did not finish within the checker's limits.",
            "Tu código no terminó dentro de los límites del corrector.",
        ),
    ),
    (
        "runtime-error",
        Text::new(
            "Your code raises an error that the reference does not.",
            "Tu código lanza un error que la referencia no lanza.",
        ),
    ),
    (
        "wrong-unit",
        Text::new(
            "That unit does not fit this question.",
            "Esa unidad no encaja con esta pregunta.",
        ),
    ),
    (
        "no-key",
        Text::new(
            "This question cannot be checked right now: its answer could not be computed.",
            "Ahora mismo no se puede comprobar esta pregunta: no se ha podido calcular su respuesta.",
        ),
    ),
];

/// The feedback of a diagnosis code (that of `wrong` for an unknown code).
pub fn feedback(code: &str) -> Text {
    DIAGNOSES
        .iter()
        .find(|(c, _)| *c == code)
        .or_else(|| DIAGNOSES.iter().find(|(c, _)| *c == "wrong"))
        .map_or_else(|| Text::new("", ""), |(_, t)| t.clone())
}

/// The stable `&'static str` of a code from [`DIAGNOSES`].
fn code(name: &str) -> &'static str {
    DIAGNOSES
        .iter()
        .find(|(c, _)| *c == name)
        .map_or("wrong", |(c, _)| c)
}

fn verdict(diagnosis: &'static str) -> Verdict {
    Verdict {
        correct: diagnosis == "correct",
        diagnosis,
        feedback: feedback(diagnosis),
        printed: None,
        cost: None,
    }
}

/// Checks `input` as an answer to `question`.
pub fn check(question: &Question, input: &str) -> Verdict {
    if question.kind == Kind::Code {
        if let Some(verdict) = crate::code::check(question, input) {
            return verdict;
        }
    }
    let (answer, unit) = match answer::parse(question, input) {
        Parsed::Answer { answer, unit } => (answer, unit),
        Parsed::Unreadable { message } => {
            return Verdict {
                correct: false,
                diagnosis: "unreadable",
                feedback: message,
                printed: None,
                cost: None,
            };
        }
    };
    let Ok(evaluated) = key::evaluate(question) else {
        return verdict("no-key");
    };
    let (diagnosis, assumed) = diagnose(question, &evaluated, &answer, unit);
    let actual = evaluated.layout.map(|l| l.itemsize());
    if diagnosis == "correct" {
        return verdict(diagnosis);
    }
    let named = itemsize::named(question, evaluated.dtype);
    let named = assumed
        .zip(actual)
        .and_then(|(k, own)| itemsize::feedback(diagnosis, k, own, evaluated.dtype, named))
        .or_else(|| {
            let right = matches(&answer, &evaluated.key);
            unit.and_then(|u| unit_feedback(question, diagnosis, u, right))
        })
        .or_else(|| match (&answer, &evaluated.key) {
            (Answer::Letters(picks), Key::Choices(right)) if question.many => {
                choices_feedback(question, picks, right)
            }
            _ => None,
        });
    match (diagnosis, named) {
        ("wrong", None) => Verdict {
            correct: false,
            diagnosis,
            feedback: feedback("wrong").then(&question.hint),
            printed: None,
            cost: None,
        },
        (_, Some(feedback)) => Verdict {
            correct: false,
            diagnosis,
            feedback,
            printed: None,
            cost: None,
        },
        _ => verdict(diagnosis),
    }
}

/// The diagnosis of an answer, with the item size it assumed when it is a unit mistake found in
/// the numbers (a unit word alone assumes none).
fn diagnose(
    q: &Question,
    e: &Evaluated,
    answer: &Answer,
    unit: Option<Unit>,
) -> (&'static str, Option<i64>) {
    if let Key::Code(reference) = e.key {
        // Code questions run in the interpreter (crate::code); this is reached only without one.
        let code = match answer {
            Answer::Code(text) if same_code(text, reference) => "correct",
            _ => "no-key",
        };
        return (code, None);
    }
    // A unit word that contradicts the question is the mistake, whatever the number; when the
    // number is that mistake's for some item size, the feedback names it.
    // A number that is no such mistake's (the right number with the wrong word, or one no item
    // size explains) gets `wrong-unit`: dividing or multiplying it by an item size cannot help.
    let unit_word = |code: &'static str| {
        mistakes(q, e)
            .into_iter()
            .find(|m| m.code == code && m.answer != e.key && matches(answer, &m.answer))
            .and_then(|m| m.itemsize)
            .map_or(("wrong-unit", None), |k| (code, Some(k)))
    };
    match (q.unit, unit) {
        (Unit::Bytes, Some(Unit::Elements)) => return unit_word("elements-instead-of-bytes"),
        (Unit::Elements, Some(Unit::Bytes)) => return unit_word("bytes-instead-of-elements"),
        (Unit::None, Some(_)) if q.kind == Kind::Tuple && q.recipe == Recipe::Shape => {
            return ("wrong-unit", None);
        }
        _ => {}
    }
    if matches(answer, &e.key) {
        return ("correct", None);
    }
    if let (Answer::Letters(picks), Key::Choices(right)) = (answer, &e.key) {
        return (choice_mistake(q, picks, right), None);
    }
    for m in mistakes(q, e) {
        if m.answer != e.key && matches(answer, &m.answer) {
            return (code(m.code), m.itemsize);
        }
    }
    let code = match (answer, &e.key) {
        (Answer::Tuple(_), Key::Error) => "missed-error",
        (Answer::Error, Key::Tuple(_)) => "false-error",
        (Answer::Tuple(a), Key::Tuple(k)) if a.len() != k.len() => "wrong-count",
        (Answer::Tuple(a), Key::Tuple(k)) if one_entry_off_by_one(a, k) => "off-by-one",
        (Answer::Number(a), Key::Number(k)) if key::same_number((a - k).abs(), 1.0) => "off-by-one",
        _ => "wrong",
    };
    (code, None)
}

fn matches(answer: &Answer, key: &Key) -> bool {
    match (answer, key) {
        (Answer::Number(a), Key::Number(k)) => key::same_number(*a, *k),
        (Answer::Number(a), Key::Tuple(k)) => {
            k.len() == 1 && k.first().map(|&v| v as f64) == Some(*a)
        }
        (Answer::Tuple(a), Key::Tuple(k)) => a == k,
        (Answer::Tuple(a), Key::Number(k)) => {
            a.len() == 1 && a.first().map(|&v| v as f64) == Some(*k)
        }
        (Answer::Error, Key::Error) => true,
        (Answer::Letters(a), Key::Choices(k)) => a == k,
        _ => false,
    }
}

fn one_entry_off_by_one(a: &[i64], k: &[i64]) -> bool {
    let diffs: Vec<i64> = a
        .iter()
        .zip(k)
        .map(|(x, y)| x - y)
        .filter(|d| *d != 0)
        .collect();
    matches!(diffs.as_slice(), [1] | [-1])
}

fn same_code(a: &str, b: &str) -> bool {
    let squeeze = |s: &str| -> String { s.chars().filter(|c| !c.is_whitespace()).collect() };
    squeeze(a).replace('"', "'") == squeeze(b).replace('"', "'")
}

/// The feedback of `wrong-unit` for an answer with the unit word `typed` on a question counting
/// bytes or elements: the unit it counts, and whether the number itself is right.
fn unit_feedback(q: &Question, diagnosis: &str, typed: Unit, right: bool) -> Option<Text> {
    if diagnosis != "wrong-unit" || typed == q.unit {
        return None;
    }
    let said = match (q.unit, right) {
        (Unit::Elements, true) => Text::new(
            "The number is right, but it counts elements, not bytes: this question counts elements, so leave out the word bytes.",
            "El número es correcto, pero cuenta elementos, no bytes: esta pregunta cuenta elementos, así que quita la palabra bytes.",
        ),
        (Unit::Bytes, true) => Text::new(
            "The number is right, but it counts bytes, not elements: this question counts bytes, so leave out the word elements.",
            "El número es correcto, pero cuenta bytes, no elementos: esta pregunta cuenta bytes, así que quita la palabra elementos.",
        ),
        (Unit::Elements, false) => Text::new(
            "This question counts elements, not bytes.",
            "Esta pregunta cuenta elementos, no bytes.",
        )
        .then(&q.hint),
        (Unit::Bytes, false) => Text::new(
            "This question counts bytes, not elements.",
            "Esta pregunta cuenta bytes, no elementos.",
        )
        .then(&q.hint),
        (Unit::None, _) => return None,
    };
    Some(said)
}

/// The feedback on letters for a question that wants every option that applies: which picks are
/// right, which are wrong and which are missing, each group named by its letters, with the reason
/// of the first wrong and the first missing one (issue 24 §1: "B" alone, "B, C" and "B, C, D"
/// all got the same sentence, naming no letter).
fn choices_feedback(q: &Question, picks: &[usize], right: &[usize]) -> Option<Text> {
    let good: Vec<usize> = picks
        .iter()
        .copied()
        .filter(|i| right.contains(i))
        .collect();
    let wrong: Vec<usize> = picks
        .iter()
        .copied()
        .filter(|i| !right.contains(i))
        .collect();
    let missed: Vec<usize> = right
        .iter()
        .copied()
        .filter(|i| !picks.contains(i))
        .collect();
    let letters = |list: &[usize], and: &str| -> String {
        let names: Vec<String> = list
            .iter()
            .map(|&i| crate::text::letter(i).to_string())
            .collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} {and} {last}", rest.join(", ")),
            None => String::new(),
        }
    };
    let reason = |list: &[usize], pick: fn(&crate::question::Choice) -> &'static str| {
        let first = *list.first()?;
        let code = q.choices.get(first).map(pick)?;
        let why = feedback(code);
        let l = crate::text::letter(first);
        Some(Text::owned(
            format!("{l}: {}", why.en),
            format!("{l}: {}", why.es),
        ))
    };
    let group = |list: &[usize], en: &str, es: &str| {
        Text::owned(
            format!("{en}: {}.", letters(list, "and")),
            format!("{es}: {}.", letters(list, "y")),
        )
    };
    let mut out = Text::new("", "");
    if !good.is_empty() {
        out = out.then(&group(&good, "Right", "Bien"));
    }
    if !wrong.is_empty() {
        out = out.then(&group(&wrong, "Wrong", "Mal"));
        if let Some(r) = reason(&wrong, |c| c.if_picked) {
            out = out.then(&r);
        }
    }
    if !missed.is_empty() {
        let es = if missed.len() == 1 { "Falta" } else { "Faltan" };
        out = out.then(&group(&missed, "Missing", es));
        if let Some(r) = reason(&missed, |c| c.if_missed) {
            out = out.then(&r);
        }
    }
    (!out.en.is_empty()).then_some(out)
}

fn choice_mistake(q: &Question, picks: &[usize], right: &[usize]) -> &'static str {
    let wrong_pick = picks.iter().find(|i| !right.contains(i));
    if let Some(choice) = wrong_pick.and_then(|&i| q.choices.get(i)) {
        return choice.if_picked;
    }
    let missed = right.iter().find(|i| !picks.contains(i));
    if let Some(choice) = missed.and_then(|&i| q.choices.get(i)) {
        return choice.if_missed;
    }
    "wrong"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_and_kebab_case() {
        let mut seen = std::collections::BTreeSet::new();
        for (c, t) in DIAGNOSES {
            assert!(seen.insert(*c), "{c} twice");
            assert!(
                c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                "{c}"
            );
            assert!(!t.en.is_empty() && !t.es.is_empty(), "{c}");
        }
    }
}
