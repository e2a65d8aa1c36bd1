//! `strides quiz list|check|lint|scorm`: the lab's questions, its verdict on an answer as the
//! page gives it, an author's question file checked (`quiz/authored.rs`), and packaged for an LMS
//! (`quiz/scorm.rs`). Every line is JSON written with `serde_json`.

mod authored;
mod builtin;
mod scorm;

use std::ffi::OsString;

use quiz::Lang;
use serde_json::{Value as Json, json};

use crate::Printed;
use crate::usage::Usage;

/// `strides quiz --help`.
const HELP: &str = "\
Usage: strides quiz list [--questions FILE]
       strides quiz check [--lang en|es] [--questions FILE [--variant K]] ID ANSWER
       strides quiz lint FILE
       strides quiz scorm --questions FILE -o OUT.zip [--version 1.2|2004] …

list   prints every question as one JSON line: the bank's
       [{\"id\": …, \"kind\": \"number|tuple|choice|code\", \"prompt\": {\"en\": …, \"es\": …}}, …],
       or FILE's (with \"ask\", \"section\", \"title\" and \"variants\", or the \"error\" that
       makes a question unusable).
check  prints the verdict on ANSWER to question ID as one JSON line:
       {\"correct\": …, \"diagnosis\": …, \"feedback\": …}, the feedback in English unless
       --lang es; an unknown ID prints {\"error\": …}. A correct answer to a code question on
       arrays adds \"cost\": {\"peak_bytes\": N, \"result_is_view\": …}: the largest array its
       function created on the largest case, and whether it returned a view of an input. A code question's ANSWER is the code
       for its blank, run by the lab's Python interpreter as the page runs it. With
       --questions, ID is a question of FILE and K its variant (0 unless given).
lint   checks an author's question file (strides-lab/questions@1): one JSON line per
       question and variant, {\"id\": …, \"variant\": K, \"key\": …}, or {\"id\": …, \"field\": …,
       \"error\": …} for a question the lab cannot ask; exit status 1 if any is unusable.
scorm  writes a SCORM package of FILE for an LMS (strides quiz scorm --help says more).

For example:
  strides quiz check u1-strides-xT '(1, 4)'
  strides quiz check u1-code-contiguous-strides 'strides.insert(0, step); step *= size'
  strides quiz lint course/questions.json
  strides quiz check --questions course/questions.json --variant 1 c1-strides-transpose '(1, 20, 5)'";

/// Runs the subcommand with the arguments after `quiz`.
pub fn run(args: &[OsString]) -> Result<Printed, Usage> {
    let args: Vec<&str> = args
        .iter()
        .map(|a| {
            a.to_str()
                .ok_or_else(|| Usage::new("quiz arguments must be UTF-8"))
        })
        .collect::<Result<_, _>>()?;
    match args.as_slice() {
        ["list"] => Ok(Printed::ok(list().to_string())),
        ["list", "--questions", file] => authored::list(file),
        ["check", rest @ ..] => check(rest),
        ["lint", file] => authored::lint(file),
        ["lint", ..] => Err(Usage::new("quiz lint takes one FILE")),
        ["scorm", rest @ ..] => scorm::run(rest),
        ["-h" | "--help"] | [] => Ok(Printed::ok(HELP.to_string())),
        [other, ..] => Err(Usage::new(format!(
            "unknown quiz command '{other}': list, check, lint or scorm"
        ))),
    }
}

/// The built-in questions: `[{"id", "kind", "prompt": {"en", "es"}}, …]`.
fn list() -> Json {
    builtin::questions()
        .iter()
        .map(|v| {
            let q = &v.question;
            json!({
                "id": q.id,
                "kind": q.kind.name(),
                "prompt": {"en": q.prompt.en, "es": q.prompt.es},
            })
        })
        .collect()
}

/// The options of `quiz check`, in any order before ID and ANSWER.
struct CheckArgs<'a> {
    lang: Lang,
    questions: Option<&'a str>,
    variant: Option<usize>,
    id: &'a str,
    answer: &'a str,
}

fn check(args: &[&str]) -> Result<Printed, Usage> {
    let c = check_args(args)?;
    match c.questions {
        Some(file) => authored::check(file, c.variant.unwrap_or(0), c.id, c.answer, c.lang),
        None if c.variant.is_some() => Err(Usage::new("--variant needs --questions FILE")),
        None => Ok(Printed::ok(bank_check(c.id, c.answer, c.lang).to_string())),
    }
}

fn check_args<'a>(mut args: &[&'a str]) -> Result<CheckArgs<'a>, Usage> {
    let mut lang = Lang::En;
    let mut questions = None;
    let mut variant = None;
    loop {
        match args {
            ["--lang", value, rest @ ..] => {
                lang = parse_lang(value)?;
                args = rest;
            }
            ["--questions", file, rest @ ..] => {
                questions = Some(*file);
                args = rest;
            }
            ["--variant", k, rest @ ..] => {
                variant =
                    Some(k.parse::<usize>().map_err(|_| {
                        Usage::new(format!("--variant is a number from 0, not '{k}'"))
                    })?);
                args = rest;
            }
            [id, answer] => {
                return Ok(CheckArgs {
                    lang,
                    questions,
                    variant,
                    id,
                    answer,
                });
            }
            _ => {
                return Err(Usage::new(
                    "quiz check takes a question ID and an ANSWER (quote the answer)",
                ));
            }
        }
    }
}

/// The verdict on `answer` to the built-in question `id`, or to generated practice (`gen-…`).
fn bank_check(id: &str, answer: &str, lang: Lang) -> Json {
    if let Some(v) = builtin::question(id) {
        return verdict_json(&quiz::authored::check(&v, answer), lang);
    }
    match quiz::generate::parse_id(id) {
        Some((seed, n)) => verdict_json(
            &quiz::check(&quiz::generate::generated(seed, n), answer),
            lang,
        ),
        None => json!({"error": format!("unknown question id {id}")}),
    }
}

/// `{"correct", "diagnosis", "feedback"}`, with `"printed"` when a code answer printed
/// something that was not judged, and `"cost": {"peak_bytes", "result_is_view"}` when a
/// correct code answer's function takes or returns arrays.
pub(crate) fn verdict_json(v: &quiz::Verdict, lang: Lang) -> Json {
    let mut out = json!({
        "correct": v.correct,
        "diagnosis": v.diagnosis,
        "feedback": v.feedback.get(lang),
    });
    if let Some(map) = out.as_object_mut() {
        if let Some(p) = &v.printed {
            map.insert("printed".into(), Json::from(p.output.as_str()));
        }
        if let Some(c) = &v.cost {
            map.insert(
                "cost".into(),
                json!({"peak_bytes": c.peak_bytes, "result_is_view": c.result_is_view}),
            );
        }
    }
    out
}

fn parse_lang(lang: &str) -> Result<Lang, Usage> {
    match lang {
        "en" => Ok(Lang::En),
        "es" => Ok(Lang::Es),
        other => Err(Usage::new(format!("--lang is en or es, not '{other}'"))),
    }
}
