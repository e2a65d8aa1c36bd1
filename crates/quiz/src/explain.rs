//! Hints and worked answers. The worked answer is built from the numbers stride-core computed for
//! the question (the strides axis by axis, the address rule with the numbers filled in, the shapes
//! lined up from the right), in both languages, and ends with the key.

use arrays::display::repr;
use stride_core::Layout;

use crate::key::{self, Evaluated, Key};
use crate::mistakes::contiguous;
use crate::question::{Question, Recipe};
use crate::text::{Text, tuple};

/// A nudge for `question` that does not give the answer away.
pub fn hint(question: &Question) -> Text {
    question.hint.clone()
}

/// The answer to `question`, worked out step by step from the computed numbers.
pub fn worked_answer(question: &Question) -> Text {
    let e = match key::evaluate(question) {
        Ok(e) => e,
        Err(err) => {
            return Text::owned(
                format!("The answer could not be computed: {}.", err.message),
                format!("No se ha podido calcular la respuesta: {}.", err.message),
            );
        }
    };
    let body = match (&question.recipe, e.layout) {
        (Recipe::StridesInElements | Recipe::Strides, Some(l)) => strides(question, &e, &l),
        (Recipe::ElementPosition(index), Some(l)) => address(&e, &l, index, false),
        (Recipe::ByteOffset(index), Some(l)) => address(&e, &l, index, true),
        (Recipe::StoredBytes, Some(l)) => stored(&l, &e.key),
        (Recipe::ChoiceWhere, _) => choices(question),
        (Recipe::Code { reference, .. }, _) => Text::owned(
            format!("One answer:\n{reference}"),
            format!("Una respuesta:\n{reference}"),
        ),
        (Recipe::Value, _) if e.operands.len() == 2 => broadcast(&e),
        _ => Text::owned(
            format!("NumPy computes {}.", e.key),
            format!("NumPy calcula {}.", e.key),
        ),
    };
    let body = match &question.note {
        Some(note) => body.then(note),
        None => body,
    };
    if matches!(e.key, Key::Code(_)) {
        return body;
    }
    body.then(&Text::owned(
        format!("So the answer is {}.", e.key),
        format!("Así que la respuesta es {}.", e.key),
    ))
}

fn strides(q: &Question, e: &Evaluated, l: &Layout) -> Text {
    let isz = l.itemsize();
    let in_elements = q.recipe == Recipe::StridesInElements;
    let (unit_en, unit_es) = if in_elements {
        ("elements", "elementos")
    } else {
        ("bytes", "bytes")
    };
    let scale = if in_elements { isz.max(1) } else { 1 };
    let shown = |s: &[i64]| -> Vec<i64> { s.iter().map(|v| v / scale).collect() };
    let shape = l.shape().as_slice();
    let strides = shown(l.strides());
    if let Some(before) = e.before {
        let (bs, bt) = (before.shape().as_slice(), shown(before.strides()));
        return Text::owned(
            format!(
                "Before the swap: shape {}, strides {} in {unit_en}. The swap exchanges sizes and strides together and moves no number: shape {}, strides {}.",
                tuple(bs),
                tuple(&bt),
                tuple(shape),
                tuple(&strides)
            ),
            format!(
                "Antes del intercambio: shape {}, strides {} en {unit_es}. El intercambio cambia de sitio los tamaños y los strides a la vez y no mueve ningún número: shape {}, strides {}.",
                tuple(bs),
                tuple(&bt),
                tuple(shape),
                tuple(&strides)
            ),
        );
    }
    if l.strides().as_slice() == contiguous(shape, isz).as_slice() {
        let last = if in_elements { 1 } else { isz };
        let mut en = vec![format!("the last axis steps {last}")];
        let mut es = vec![format!("el último eje avanza {last}")];
        let n = strides.len();
        for k in (0..n.saturating_sub(1)).rev() {
            let (Some(s), Some(size), Some(right)) =
                (strides.get(k), shape.get(k + 1), strides.get(k + 1))
            else {
                continue;
            };
            en.push(format!("axis {k} steps {s} = {size}·{right}"));
            es.push(format!("el eje {k} avanza {s} = {size}·{right}"));
        }
        return Text::owned(
            format!(
                "Strides of a contiguous {}, in {unit_en}: {}.",
                tuple(shape),
                en.join(", ")
            ),
            format!(
                "Strides de un array contiguo {}, en {unit_es}: {}.",
                tuple(shape),
                es.join(", ")
            ),
        );
    }
    let bytes = l.strides().as_slice();
    if in_elements {
        Text::owned(
            format!(
                "NumPy stores the strides {} in bytes; divided by the itemsize {isz}: {} in elements.",
                tuple(bytes),
                tuple(&strides)
            ),
            format!(
                "NumPy guarda los strides {} en bytes; divididos por el itemsize {isz}: {} en elementos.",
                tuple(bytes),
                tuple(&strides)
            ),
        )
    } else {
        Text::owned(
            format!(
                "The result has shape {} and NumPy's strides are {} bytes (itemsize {isz}).",
                tuple(shape),
                tuple(bytes)
            ),
            format!(
                "El resultado tiene shape {} y sus strides en NumPy son {} bytes (itemsize {isz}).",
                tuple(shape),
                tuple(bytes)
            ),
        )
    }
}

const INDEX_NAMES: [&str; 6] = ["i", "j", "k", "l", "m", "n"];
const SUBSCRIPTS: [&str; 6] = ["₀", "₁", "₂", "₃", "₄", "₅"];

fn address(e: &Evaluated, l: &Layout, index: &[i64], bytes: bool) -> Text {
    let scale = if bytes { 1 } else { l.itemsize().max(1) };
    let start = l.offset() / scale;
    let mut symbols = Vec::new();
    let mut terms = Vec::new();
    for (axis, (i, s)) in index.iter().zip(l.strides().iter()).enumerate() {
        let name = INDEX_NAMES.get(axis).copied().unwrap_or("i");
        let sub = SUBSCRIPTS.get(axis).copied().unwrap_or("");
        symbols.push(format!("{name}·s{sub}"));
        terms.push(format!("{i}·{}", s / scale));
    }
    let rule = format!(
        "{} = {start} + {} = {}",
        symbols.join(" + "),
        terms.join(" + "),
        e.key
    );
    let strides: Vec<i64> = l.strides().iter().map(|s| s / scale).collect();
    let (unit_en, unit_es) = if bytes {
        ("bytes", "bytes")
    } else {
        ("elements", "elementos")
    };
    Text::owned(
        format!(
            "With strides {} and start {start}, in {unit_en}: start + {rule} {unit_en}.",
            tuple(&strides)
        ),
        format!(
            "Con strides {} e inicio {start}, en {unit_es}: inicio + {rule} {unit_es}.",
            tuple(&strides)
        ),
    )
}

fn stored(l: &Layout, key: &Key) -> Text {
    let isz = l.itemsize();
    let full = l.size().saturating_mul(isz);
    let distinct = match key {
        Key::Number(b) => (*b as i64) / isz.max(1),
        _ => 0,
    };
    let shape = tuple(l.shape());
    let strides = tuple(l.strides());
    Text::owned(
        format!(
            "The result has shape {shape} and strides {strides} in bytes: stride 0 on every stretched axis. It reads {distinct} distinct numbers of {isz} bytes, {distinct}·{isz} = {key} bytes; written out in full it would take {full} bytes."
        ),
        format!(
            "El resultado tiene shape {shape} y strides {strides} en bytes: stride 0 en cada eje estirado. Lee {distinct} números distintos de {isz} bytes, {distinct}·{isz} = {key} bytes; escrito entero ocuparía {full} bytes."
        ),
    )
}

fn broadcast(e: &Evaluated) -> Text {
    let [a, b] = e.operands.as_slice() else {
        return Text::new("", "");
    };
    let n = a.len().max(b.len());
    let pad = |s: &[i64]| -> Vec<i64> {
        let mut v = vec![1; n - s.len()];
        v.extend_from_slice(s);
        v
    };
    let (pa, pb) = (pad(a), pad(b));
    let mut en = Vec::new();
    let mut es = Vec::new();
    for (&x, &y) in pa.iter().zip(&pb) {
        if x == y || x == 1 || y == 1 {
            let r = if x == 1 { y } else { x };
            en.push(format!("{x} and {y} → {r}"));
            es.push(format!("{x} y {y} → {r}"));
        } else {
            en.push(format!(
                "{x} and {y} differ and neither is 1, so NumPy raises ValueError"
            ));
            es.push(format!(
                "{x} y {y} son distintos y ninguno es 1, así que NumPy lanza ValueError"
            ));
            break;
        }
    }
    Text::owned(
        format!(
            "Line the shapes up from the right: {} and {}. Axis by axis: {}.",
            tuple(&pa),
            tuple(&pb),
            en.join("; ")
        ),
        format!(
            "Alinea las shapes por la derecha: {} y {}. Eje por eje: {}.",
            tuple(&pa),
            tuple(&pb),
            es.join("; ")
        ),
    )
}

fn choices(q: &Question) -> Text {
    let mut en = Vec::new();
    let mut es = Vec::new();
    for (i, choice) in q.choices.iter().enumerate() {
        let letter = crate::text::letter(i);
        let source = format!("{}\n{}", q.program, choice.code);
        let (got_en, got_es) = match arrays::run(&source) {
            Ok(outcome) => (repr(&outcome.value), repr(&outcome.value)),
            Err(e) => (
                format!("raises {}", e.class_name()),
                format!("lanza {}", e.class_name()),
            ),
        };
        let holds = key::claim_holds(choice.claim, &source).unwrap_or(false);
        let (yes_en, yes_es) = if holds {
            ("true", "verdadera")
        } else {
            ("false", "falsa")
        };
        en.push(format!(
            "{letter}. {}: {} gives {got_en}, so this option is {yes_en}",
            choice.label.en, choice.code
        ));
        es.push(format!(
            "{letter}. {}: {} da {got_es}, así que esta opción es {yes_es}",
            choice.label.es, choice.code
        ));
    }
    Text::owned(en.join(". ") + ".", es.join(". ") + ".")
}
