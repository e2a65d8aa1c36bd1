//! `strides quiz list` and `strides quiz check [--lang en|es] ID ANSWER`: the lab's questions and
//! its verdict on an answer, as the page gives it (`quiz::list_json` / `quiz::check_json`).

use std::ffi::OsString;

use quiz::Lang;

use crate::usage::Usage;

/// `strides quiz --help`.
const HELP: &str = "\
Usage: strides quiz list
       strides quiz check [--lang en|es] ID ANSWER

list   prints every question of the bank as one JSON line:
       [{\"id\": …, \"kind\": \"number|tuple|choice|code\", \"prompt\": {\"en\": …, \"es\": …}}, …]
check  prints the verdict on ANSWER to question ID as one JSON line:
       {\"correct\": …, \"diagnosis\": …, \"feedback\": …}, the feedback in English unless
       --lang es; an unknown ID prints {\"error\": …}. A code question's ANSWER is the code
       for its blank, run by the lab's Python interpreter as the page runs it.

For example:
  strides quiz check u1-strides-xT '(1, 4)'
  strides quiz check u1-code-contiguous-strides 'strides.insert(0, step); step *= size'";

/// Runs the subcommand with the arguments after `quiz`.
pub fn run(args: &[OsString]) -> Result<String, Usage> {
    let args: Vec<&str> = args
        .iter()
        .map(|a| {
            a.to_str()
                .ok_or_else(|| Usage::new("quiz arguments must be UTF-8"))
        })
        .collect::<Result<_, _>>()?;
    match args.as_slice() {
        ["list"] => Ok(quiz::list_json()),
        ["check", rest @ ..] => check(rest),
        ["-h" | "--help"] | [] => Ok(HELP.to_string()),
        [other, ..] => Err(Usage::new(format!(
            "unknown quiz command '{other}': list or check"
        ))),
    }
}

fn check(args: &[&str]) -> Result<String, Usage> {
    let (lang, rest) = match args {
        ["--lang", lang, rest @ ..] => (parse_lang(lang)?, rest),
        rest => (Lang::En, rest),
    };
    match rest {
        [id, answer] => Ok(quiz::check_json(id, answer, lang)),
        _ => Err(Usage::new(
            "quiz check takes a question ID and an ANSWER (quote the answer)",
        )),
    }
}

fn parse_lang(lang: &str) -> Result<Lang, Usage> {
    match lang {
        "en" => Ok(Lang::En),
        "es" => Ok(Lang::Es),
        other => Err(Usage::new(format!("--lang is en or es, not '{other}'"))),
    }
}
