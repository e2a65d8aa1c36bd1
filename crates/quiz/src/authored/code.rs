//! `ask: code`: an author's function, checked as the built-in code exercises are, by
//! python-subset's checker. The checker takes `&'static` exercises, so an author's is kept for the
//! life of the program, once per distinct text (loading the same file again keeps nothing new;
//! see [`crate::wire`]).

use python_subset::Exercise;

use super::format::Authored;
use crate::text::Text;
use crate::wire::{kept as keep, kept_exercise as keep_exercise, kept_list as keep_list};

type Failure = (String, Text);

/// The exercise of an author's code question, after checking that its reference passes.
pub(super) fn exercise(a: &Authored) -> Result<&'static Exercise, Failure> {
    let fail = |field: &str, en: String, es: String| (field.to_string(), Text::owned(en, es));
    let signature = a.signature.as_deref().unwrap_or("").trim();
    let function = signature
        .strip_prefix("def ")
        .and_then(|rest| rest.split_once('('))
        .map(|(name, _)| name.trim())
        .filter(|name| super::params::is_name(name) && signature.ends_with(':'))
        .ok_or_else(|| {
            fail(
                "signature",
                format!("'{signature}' is not a function's first line, such as 'def f(shape):'"),
                format!(
                    "'{signature}' no es la primera línea de una función, como 'def f(shape):'"
                ),
            )
        })?;
    let reference = a.reference.as_deref().unwrap_or("").trim_end();
    if reference.trim().is_empty() {
        return Err(fail(
            "reference",
            "the reference body is empty".into(),
            "el cuerpo de reference está vacío".into(),
        ));
    }
    let cases: Vec<&str> = a.cases.iter().flatten().map(|c| c.trim()).collect();
    if cases.is_empty() {
        return Err(fail(
            "cases",
            "lists no case".into(),
            "no da ningún caso".into(),
        ));
    }
    if let Some(k) = cases.iter().position(|c| !c.starts_with(function)) {
        return Err(fail(
            &format!("cases[{k}]"),
            format!("a case calls {function}, such as {function}(…)"),
            format!("un caso llama a {function}, como {function}(…)"),
        ));
    }
    let template = format!("{signature}\n    ____\n");
    let exercise = Exercise {
        id: keep(a.id.clone()),
        template: keep(template),
        reference: keep(reference.to_string()),
        cases: keep_list(cases.iter().map(|c| keep(c.to_string())).collect()),
        function: keep(function.to_string()),
    };
    // Checked as a learner's answer is, with NumPy and PyTorch, and said in the same words.
    let checked = crate::code::check_exercise(&exercise, exercise.reference);
    if !checked.correct {
        let said = checked.feedback;
        let broken = (
            said.en.strip_prefix(crate::code::BROKEN_EN),
            said.es.strip_prefix(crate::code::BROKEN_ES),
        );
        return Err(match broken {
            (Some(en), Some(es)) => fail("reference", en.to_string(), es.to_string()),
            _ => fail(
                "reference",
                format!("the reference does not pass its own cases: {}", said.en),
                format!("la referencia no pasa sus propios casos: {}", said.es),
            ),
        });
    }
    Ok(keep_exercise(exercise))
}
