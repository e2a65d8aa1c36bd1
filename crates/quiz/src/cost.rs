//! What a correct code answer cost (issue 16, "Cost, the seeds' point"): on the exercise's largest
//! case (the one whose arguments hold the most bytes), the largest array the answer's own call
//! created, apart from what the case built for it (python-subset's `measure`, with a mark in the
//! lab's `Context` just before the call), and whether its result is a view of an input. The
//! reference answer is measured the same way on the same case, never described by hand, and the
//! two are said side by side in plain words, sizes in NumPy's units (`context::human_bytes`).
//! An answer whose call neither takes nor returns an array has no cost to tell.

use std::rc::Rc;

use arrays::adapter::Lib;
use arrays::array::Array;
use arrays::context::{Context, human_bytes};
use arrays::value::Value as ArrayValue;
use python_subset::eval::Interp;
use python_subset::value::Value;
use python_subset::{Exercise, Limits};
use serde::{Deserialize, Serialize};
use stride_core::Layout;

use crate::bank::{CostWords, cost_words};
use crate::text::Text;

/// What a correct answer cost on the exercise's largest case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    /// The `nbytes` of the largest array the answer's call created (0 when it created none).
    pub peak_bytes: u64,
    /// Whether the result shares the memory of one of the call's arguments.
    pub result_is_view: bool,
    /// The cost in words, compared with the reference's on the same case.
    pub said: Text,
}

/// One side measured: the answer's or the reference's call on the case.
struct Side {
    /// The largest array its call created.
    largest: Option<Layout>,
    /// The array it returned.
    result: Rc<Array>,
    /// The parameter whose argument's memory the result reads, if it is a view of one.
    view_of: Option<String>,
    /// The call's arguments with their parameters' names.
    args: Vec<(String, Value)>,
}

impl Side {
    fn peak(&self) -> u64 {
        self.largest.map_or(0, |l| l.nbytes().unsigned_abs())
    }
}

/// The cost of `answer` (correct: every case matched the reference) to `exercise`, or `None`
/// when its calls involve no array or a case cannot be measured.
pub(crate) fn cost(exercise: &Exercise, answer: &str) -> Option<Cost> {
    let params = parameters(exercise.template, exercise.function);
    let (case, reference) = exercise
        .cases
        .iter()
        .filter_map(|case| Some((*case, side(exercise, exercise.reference, case, &params)?)))
        .fold(None, |best: Option<(&str, Side, u64)>, (case, s)| {
            let bytes = input_bytes(&s.args);
            match best {
                Some(b) if b.2 >= bytes => Some(b),
                _ => Some((case, s, bytes)),
            }
        })
        .map(|(case, s, _)| (case, s))?;
    let answer = side(exercise, answer, case, &params)?;
    let words = cost_words(exercise.id);
    let said = say(&answer, &reference, &words);
    Some(Cost {
        peak_bytes: answer.peak(),
        result_is_view: answer.view_of.is_some(),
        said,
    })
}

/// The parameter names of `function` in `template`'s `def` line (defaults dropped).
fn parameters(template: &str, function: &str) -> Vec<String> {
    let head = format!("def {function}(");
    template
        .split_once(head.as_str())
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(params, _)| {
            params
                .split(',')
                .map(|p| p.split('=').next().unwrap_or("").trim().to_string())
                .filter(|p| !p.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

fn array_of(v: &Value) -> Option<Rc<Array>> {
    match v.downcast::<Lib>() {
        Some(Lib(ArrayValue::Array(a))) => Some(Rc::clone(a)),
        _ => None,
    }
}

/// The bytes of the arrays among `args`: how large a case is.
fn input_bytes(args: &[(String, Value)]) -> u64 {
    args.iter()
        .filter_map(|(_, v)| array_of(v))
        .map(|a| a.layout.nbytes().unsigned_abs())
        .sum()
}

/// `body`'s call on `case`, measured; `None` unless it runs and returns an array.
fn side(exercise: &Exercise, body: &str, case: &str, params: &[String]) -> Option<Side> {
    let limits = Limits::default();
    let prepare = |interp: &mut Interp| arrays::prepare(interp, limits, None, body);
    // Forget what the case built for the call: only the call's own arrays count.
    let start = |interp: &mut Interp| {
        if let Some(ctx) = interp.host_state::<Context>() {
            ctx.take_largest();
        }
    };
    let mut m = python_subset::measure(exercise, body, case, &limits, &prepare, &start).ok()?;
    let largest = m.interp.host_state::<Context>()?.take_largest();
    let result = array_of(&m.result)?;
    let args: Vec<(String, Value)> = m
        .args
        .iter()
        .enumerate()
        .map(|(k, v)| (params.get(k).cloned().unwrap_or_default(), v.clone()))
        .collect();
    let view_of = args.iter().find_map(|(name, v)| {
        let a = array_of(v)?;
        Rc::ptr_eq(&a.buffer, &result.buffer).then(|| name.clone())
    });
    Some(Side {
        largest,
        result,
        view_of,
        args,
    })
}

/// `shape` as `n×m×d = 20×10×6` when every axis is the size of exactly one letter the
/// exercise names (an axis of an argument, or an int argument), else `20×10×6`.
fn dims(shape: &[i64], side: &Side, words: &CostWords) -> String {
    let numbers: Vec<String> = shape.iter().map(i64::to_string).collect();
    let numbers = numbers.join("×");
    let mut known: Vec<(i64, &str)> = Vec::new();
    for (name, value) in &side.args {
        let Some((_, letters)) = words.axes.iter().find(|(p, _)| *p == name) else {
            continue;
        };
        match (array_of(value), value) {
            (Some(a), _) if a.layout.shape().len() == letters.len() => {
                known.extend(
                    a.layout
                        .shape()
                        .iter()
                        .copied()
                        .zip(letters.iter().copied()),
                );
            }
            (None, Value::Int(n)) if letters.is_empty() => {
                if let Ok(n) = i64::try_from(*n) {
                    known.push((n, name.as_str()));
                }
            }
            _ => {}
        }
    }
    let letter = |size: i64| {
        let mut names = known.iter().filter(|(s, _)| *s == size).map(|(_, l)| *l);
        let first = names.next()?;
        names.all(|l| l == first).then_some(first)
    };
    let letters: Option<Vec<&str>> = shape.iter().map(|&s| letter(s)).collect();
    match letters {
        Some(l) if !l.is_empty() => format!("{} = {numbers}", l.join("×")),
        _ => numbers,
    }
}

/// `dims (9.38 KiB)` in English and Spanish (a decimal comma).
fn sized(layout: &Layout, side: &Side, words: &CostWords) -> Text {
    let bytes = human_bytes(layout.nbytes().unsigned_abs());
    let d = dims(layout.shape(), side, words);
    Text::owned(
        format!("{d} ({bytes})"),
        format!("{d} ({})", bytes.replace('.', ",")),
    )
}

/// The answer's cost beside the reference's, in words.
fn say(answer: &Side, reference: &Side, w: &CostWords) -> Text {
    let r = &w.reference;
    let result_bytes = answer.result.layout.nbytes().unsigned_abs();
    let ref_size = reference.largest.map(|l| sized(&l, reference, w));
    match (&answer.view_of, answer.largest) {
        (Some(x), None) => Text::owned(
            format!("No number was copied: {} a view of {x}.", w.result.en),
            format!(
                "No se copió ningún número: {} una vista de {x}.",
                w.result.es
            ),
        ),
        (Some(x), Some(l)) => {
            let a = sized(&l, answer, w);
            Text::owned(
                format!(
                    "Its result is a view of {x}, but on the way it builds an array of {}{}.",
                    a.en,
                    if ref_size.is_none() {
                        format!("; {} builds none", r.en)
                    } else {
                        String::new()
                    }
                ),
                format!(
                    "Su resultado es una vista de {x}, pero por el camino construye un array de {}{}.",
                    a.es,
                    if ref_size.is_none() {
                        format!("; {} no construye ninguno", r.es)
                    } else {
                        String::new()
                    }
                ),
            )
        }
        (None, l) => {
            // A largest array no bigger than the result is said as the result (a reshape that
            // copies makes its copy in the old shape, then views it in the new one).
            let result = answer.result.layout;
            let l = l.filter(|l| l.nbytes() > result.nbytes()).unwrap_or(result);
            let a = sized(&l, answer, w);
            let peak = answer.peak();
            let ref_peak = reference.peak();
            let beside_ref = |en: &str, es: &str| match (&ref_size, &reference.view_of) {
                (None, Some(x)) => Text::owned(
                    format!(
                        "{en}, where with {} the result is a view of {x} and no number is copied.",
                        r.en
                    ),
                    format!(
                        "{es}, donde con {} el resultado es una vista de {x} y no se copia ningún número.",
                        r.es
                    ),
                ),
                (Some(s), _) => Text::owned(
                    format!("{en}, where {} needs only {}.", r.en, s.en),
                    format!("{es}, donde {} solo necesita {}.", r.es, s.es),
                ),
                (None, None) => Text::owned(format!("{en}."), format!("{es}.")),
            };
            if peak > ref_peak && peak > result_bytes {
                beside_ref(
                    &format!("It builds an intermediate {}, bigger than its result", a.en),
                    &format!("Construye un intermedio {}, mayor que su resultado", a.es),
                )
            } else if peak > ref_peak {
                beside_ref(
                    &format!("It copies: its result is new memory, {}", a.en),
                    &format!("Copia: su resultado es memoria nueva, {}", a.es),
                )
            } else if peak == ref_peak {
                Text::owned(
                    format!("Its largest array is {}, as with {}.", a.en, r.en),
                    format!("Su mayor array es {}, como con {}.", a.es, r.es),
                )
            } else {
                let s = ref_size.unwrap_or_else(|| Text::new("", ""));
                Text::owned(
                    format!(
                        "Its largest array is {}, smaller than the {} that {} builds.",
                        a.en, s.en, r.en
                    ),
                    format!(
                        "Su mayor array es {}, menor que el {} que construye {}.",
                        a.es, s.es, r.es
                    ),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Lang, question};

    fn check(id: &str, body: &str) -> crate::Verdict {
        let v = crate::check(&question(id).expect("the bank has it"), body);
        assert!(v.correct, "{}", v.feedback.get(Lang::En));
        v
    }

    #[test]
    fn the_direct_pairwise_distance_names_its_intermediate_beside_the_expanded_square() {
        let v = check(
            "s3-code-pairwise-sq-dists",
            "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)",
        );
        let cost = v.cost.expect("measured");
        // The largest case: A (20, 6), B (10, 6) of int64 (cost_numpy.rs checks with NumPy).
        assert_eq!(
            (cost.peak_bytes, cost.result_is_view),
            (20 * 10 * 6 * 8, false)
        );
        assert_eq!(
            v.feedback.en,
            "Correct. It builds an intermediate n×m×d = 20×10×6 (9.38 KiB), bigger than its \
             result, where the expanded square needs only n×m = 20×10 (1.56 KiB)."
        );
        assert_eq!(
            v.feedback.es,
            "¡Correcto! Construye un intermedio n×m×d = 20×10×6 (9,38 KiB), mayor que su \
             resultado, donde el cuadrado desarrollado solo necesita n×m = 20×10 (1,56 KiB)."
        );
    }

    #[test]
    fn windows_by_as_strided_copy_no_number_and_a_copy_says_so() {
        let id = "s3-code-sliding-windows";
        let v = check(id, "return sliding_window_view(x, k)[::step]");
        let cost = v.cost.expect("measured");
        assert_eq!((cost.peak_bytes, cost.result_is_view), (0, true));
        assert_eq!(
            v.feedback.en,
            "Correct. No number was copied: every window is a view of x."
        );
        assert_eq!(
            v.feedback.es,
            "¡Correcto! No se copió ningún número: cada ventana es una vista de x."
        );
        let copy = check(id, "return sliding_window_view(x, k)[::step].copy()");
        let cost = copy.cost.expect("measured");
        assert_eq!((cost.peak_bytes, cost.result_is_view), (24 * 8 * 8, false));
        assert!(
            copy.feedback.en.starts_with(
                "Correct. It copies: its result is new memory, 24×8 (1.50 KiB), where with \
                 as_strided the result is a view of x"
            ),
            "{}",
            copy.feedback.en
        );
    }

    #[test]
    fn an_answer_as_lean_as_the_reference_says_its_largest_array() {
        let v = check(
            "s3-code-batched-matmul",
            "return np.einsum('bnk,bkm->bnm', A, B)",
        );
        assert_eq!(
            v.feedback.en,
            "Correct. Its largest array is b×n×m = 4×6×7 (1.31 KiB), as with A @ B."
        );
        // An axis no letter names (d / h = 3) leaves the shape in numbers only.
        let v = check(
            "s3-code-split-heads",
            "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3).copy()",
        );
        assert!(
            v.feedback.en.contains(" 2×4×5×3 (960 bytes)"),
            "{}",
            v.feedback.en
        );
    }

    #[test]
    fn a_question_without_arrays_has_no_cost() {
        let v = check(
            "u1-code-contiguous-strides",
            "strides.insert(0, step); step *= size",
        );
        assert!(v.cost.is_none());
        assert_eq!(v.feedback.en, "Correct.");
        let wrong = crate::check(
            &question("s3-code-pairwise-sq-dists").expect("bank"),
            "return A",
        );
        assert!(!wrong.correct && wrong.cost.is_none());
    }
}
