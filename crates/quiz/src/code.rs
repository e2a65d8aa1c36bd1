//! Code questions: the learner's lines go into the blank and run, beside the reference answer, on
//! the exercise's cases, in the Python-subset interpreter (no Python runtime is downloaded). Its
//! verdict becomes the quiz's, with a message in both languages, and what the answer printed
//! (judged only where the reference prints) comes along to be shown.

use python_subset::{Exercise, Limits, Verdict as Run, exercises};

use crate::diagnose::{Printed, Verdict, feedback};
use crate::question::Question;
use crate::text::Text;

/// How a broken exercise's feedback begins.
pub(crate) const BROKEN_EN: &str = "this exercise is broken: ";
/// The same in Spanish.
pub(crate) const BROKEN_ES: &str = "este ejercicio está roto: ";

/// What the checker found broken in an exercise, in both languages: its three sentences are the
/// checker's (`python_subset::checker`); Python's own exception text inside stays as it is.
fn broken(message: &str) -> Text {
    if let Some(e) = message.strip_prefix("the reference does not parse: ") {
        return Text::owned(
            message.to_string(),
            format!("la referencia no es Python válido: {e}"),
        );
    }
    if let Some((case, e)) = message
        .strip_prefix("the reference fails on ")
        .and_then(|rest| rest.split_once(": "))
    {
        return Text::owned(
            message.to_string(),
            format!("la referencia falla en {case}: {e}"),
        );
    }
    if let Some(case) = message
        .strip_prefix("the case ")
        .and_then(|rest| rest.strip_suffix(" does not parse"))
    {
        return Text::owned(
            message.to_string(),
            format!("el caso {case} no es Python válido"),
        );
    }
    Text::owned(message.to_string(), message.to_string())
}

/// Checks a code answer by running it; `None` when the question has no exercise.
pub fn check(question: &Question, answer: &str) -> Option<Verdict> {
    let exercise = exercises::exercise(&question.id)?;
    Some(check_exercise(exercise, answer))
}

/// Checks a code answer against `exercise` (a built-in one or an author's).
pub(crate) fn check_exercise(exercise: &Exercise, answer: &str) -> Verdict {
    // The same interpreter as the program box, with the same NumPy and PyTorch.
    let limits = Limits::default();
    let prepare = |interp: &mut python_subset::eval::Interp| {
        arrays::prepare(interp, limits, None, answer);
    };
    let checked = python_subset::check_with(exercise, answer, &limits, &prepare);
    let run = checked.verdict;
    let diagnosis = run.kind();
    // A correct answer is measured once more, beside the reference, on the largest case.
    let cost = run
        .is_correct()
        .then(|| crate::cost::cost(exercise, answer))
        .flatten();
    let (en, es) = match &run {
        Run::Correct => match &cost {
            Some(c) => (
                format!("Correct. {}", c.said.en),
                format!("¡Correcto! {}", c.said.es),
            ),
            None => ("Correct.".to_string(), "¡Correcto!".to_string()),
        },
        Run::Empty => {
            let text = feedback(diagnosis);
            (text.en.into_owned(), text.es.into_owned())
        }
        Run::Wrong {
            case,
            got,
            expected,
        } => {
            let note = crate::bank::wrong_note(exercise.id);
            let en_note = note
                .as_ref()
                .map(|n| format!(" {}", n.en))
                .unwrap_or_default();
            let es_note = note.map(|n| format!(" {}", n.es)).unwrap_or_default();
            (
                format!("{case} {got}, expected {expected}.{en_note}"),
                format!(
                    "{case} {}, y se esperaba {}.{es_note}",
                    got.replacen("returned", "devolvió", 1),
                    expected_es(expected)
                ),
            )
        }
        Run::WrongOutput {
            case,
            got,
            expected,
        } => (
            format!("{case} printed {got}, expected {expected}."),
            format!("{case} imprimió {got}, y se esperaba {expected}."),
        ),
        Run::SyntaxError {
            message,
            line,
            column,
            caret,
        } => (
            format!("{message} (line {line}, column {column} of your answer)\n{caret}"),
            format!("{message} (línea {line}, columna {column} de tu respuesta)\n{caret}"),
        ),
        Run::NameError { name, .. } => (
            format!("NameError: name '{name}' is not defined."),
            format!("NameError: el nombre '{name}' no está definido."),
        ),
        Run::Unsupported { what } => {
            let words = crate::construct::words(what);
            (
                format!("Valid Python, but this lab does not run it: {}.", words.en),
                format!(
                    "Python válido, pero este laboratorio no lo ejecuta: {}.",
                    words.es
                ),
            )
        }
        Run::Limit { case, limit } => {
            let words = crate::limit::words(*limit);
            let at = |w: &str| {
                if case.is_empty() {
                    w.to_string()
                } else {
                    format!("{case}: {w}")
                }
            };
            (at(&words.en), at(&words.es))
        }
        Run::RuntimeError {
            case,
            error,
            expected,
            line,
        } => {
            // NumPy's (and Python's) own exception stays as the library prints it.
            let (en_line, es_line) = line.map_or((String::new(), String::new()), |l| {
                (
                    format!(" (line {l} of the answer)"),
                    format!(" (línea {l} de la respuesta)"),
                )
            });
            (
                format!("{case} raised {error}{en_line}, expected {expected}."),
                format!(
                    "{case} lanzó {error}{es_line}, y se esperaba {}.",
                    expected_es(expected)
                ),
            )
        }
        Run::BrokenExercise { message } => {
            let said = broken(message);
            (
                format!("{BROKEN_EN}{}", said.en),
                format!("{BROKEN_ES}{}", said.es),
            )
        }
    };
    let printed = checked.printed.map(|p| Printed {
        label: Text::owned(
            format!("{} printed (shown, not checked):", p.case),
            format!("{} imprimió (se muestra, no se corrige):", p.case),
        ),
        output: shown(&p.output),
    });
    Verdict {
        correct: run.is_correct(),
        diagnosis,
        feedback: Text::owned(en, es),
        printed,
        cost,
    }
}

/// The most of a code answer's printed output the quiz shows.
const SHOWN_LINES: usize = 40;
const SHOWN_CHARS: usize = 2000;

/// `output` cut to [`SHOWN_LINES`] lines and [`SHOWN_CHARS`] characters, with `…` where it was
/// cut: a loop of prints must not flood the card.
fn shown(output: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for (n, line) in output.split_inclusive('\n').enumerate() {
        let room = SHOWN_CHARS.saturating_sub(chars);
        if n == SHOWN_LINES || line.chars().count() > room {
            if n < SHOWN_LINES {
                out.extend(line.chars().take(room));
            }
            out.push('…');
            return out;
        }
        chars += line.chars().count();
        out.push_str(line);
    }
    out
}

/// What the reference did, in Spanish: its value, or `que se lanzara ValueError` for
/// `ValueError to be raised`.
fn expected_es(expected: &str) -> String {
    match expected.strip_suffix(" to be raised") {
        Some(class) => format!("que se lanzara {class}"),
        None => expected.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(id: &str) -> Question {
        crate::question(id).expect("the bank has it")
    }

    fn check(q: &Question, answer: &str) -> Verdict {
        crate::check(q, answer)
    }

    #[test]
    fn every_correct_answer_passes_and_wrong_ones_say_what_they_returned() {
        let q = question("u1-code-contiguous-strides");
        assert!(check(&q, "strides.insert(0, step); step *= size").correct);
        assert!(check(&q, "strides = [step] + strides; step = step * size").correct);
        let wrong = check(&q, "strides.append(step); step *= size");
        assert!(!wrong.correct);
        assert_eq!(wrong.diagnosis, "wrong-result");
        assert!(
            wrong.feedback.get(crate::Lang::En).contains("returned"),
            "{}",
            wrong.feedback.get(crate::Lang::En)
        );
        let empty = check(&q, " \n\t");
        assert_eq!(empty.diagnosis, "empty-answer");
        assert!(empty.feedback.get(crate::Lang::En).contains("empty"));
        assert!(empty.feedback.get(crate::Lang::Es).contains("vacía"));
        let hang = check(&q, "while True: pass");
        assert_eq!(hang.diagnosis, "limit");
        assert!(hang.feedback.get(crate::Lang::Es).contains("bucle"));
    }

    #[test]
    fn debugging_prints_are_shown_and_not_judged() {
        let q = question("u1-code-contiguous-strides");
        let v = check(&q, "print(size); strides.insert(0, step); step *= size");
        assert!(v.correct, "{}", v.feedback.get(crate::Lang::En));
        let printed = v.printed.expect("the prints come along");
        assert_eq!(printed.output, "4\n3\n");
        assert!(
            printed
                .label
                .en
                .starts_with("contiguous_strides((3, 4)) printed")
        );
        assert!(printed.label.es.contains("imprimió"));
        let v = check(&q, "strides.insert(0, step); step *= size");
        assert!(v.correct && v.printed.is_none());
    }

    #[test]
    fn a_flood_of_prints_is_cut() {
        let q = question("u1-code-contiguous-strides");
        let v = check(
            &q,
            "for k in range(1000): print(k)\nstrides.insert(0, step); step *= size",
        );
        let printed = v.printed.expect("printed");
        assert_eq!(printed.output.lines().count(), SHOWN_LINES + 1);
        assert!(printed.output.ends_with("39\n…"), "{}", printed.output);
        assert_eq!(shown("ab\n"), "ab\n");
        let long = shown(&"x".repeat(SHOWN_CHARS + 1));
        assert_eq!(long.chars().count(), SHOWN_CHARS + 1);
        assert!(long.ends_with("x…"));
    }

    #[test]
    fn names_beyond_ascii_are_python_names() {
        let q = question("u1-code-contiguous-strides");
        let v = check(
            &q,
            "étape = step; strides.insert(0, étape); step = étape * size",
        );
        assert!(v.correct, "{}", v.feedback.get(crate::Lang::En));
    }

    #[test]
    fn every_code_question_has_an_exercise() {
        for q in crate::bank().iter().filter(|q| q.kind == crate::Kind::Code) {
            assert!(exercises::exercise(&q.id).is_some(), "{}", q.id);
            assert!(
                check(q, q.reference().unwrap_or_default()).correct,
                "{}",
                q.id
            );
        }
    }
}
