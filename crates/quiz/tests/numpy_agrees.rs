//! Every computed key (the bank's and a batch of generated questions') against NumPy itself: one
//! python3 process runs the same programs and reads the same quantity with NumPy's own attributes
//! and data pointers. NumPy is the one `cargo xtask test` installs into its own virtual
//! environment and names in `STRIDES_PYTHON`; without it the test fails saying how to run it:
//! never skipped.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::collections::BTreeMap;

use quiz::json::string as lit;
use quiz::{Claim, Question, Recipe};

const DRIVER: &str = r#"
import sys
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view
assert np.__version__ == "2.4.6", "the keys are checked against NumPy 2.4.6, not " + np.__version__

def run(src):
    env = {"np": np, "numpy": np, "as_strided": as_strided, "sliding_window_view": sliding_window_view}
    lines = src.split("\n")
    exec("\n".join(lines[:-1]), env)
    return eval(lines[-1], env)

def num(x):
    x = float(x)
    return str(int(x)) if x == int(x) and abs(x) < 1e15 else repr(x)

def tup(t):
    t = tuple(int(v) for v in t)
    return "(" + ", ".join(map(str, t)) + ("," if len(t) == 1 else "") + ")"

def addr(a):
    return a.__array_interface__["data"][0]

def owner(v):
    while isinstance(v.base, np.ndarray):
        v = v.base
    return v

def byte_offset(v, idx):
    # The element's own address (a one-element slice), minus the start of the owner's buffer.
    return addr(v[tuple(slice(i, i + 1) for i in idx)]) - addr(owner(v))

def stored(v):
    seen = {sum(i * s for i, s in zip(ix, v.strides)) for ix in np.ndindex(*v.shape)}
    return len(seen) * v.itemsize

def holds(claim, src):
    try:
        got = run(src)
    except Exception:
        return claim[0] == "raises"
    if claim[0] == "true":
        return bool(got is True or got is np.True_)
    if claim[0] == "false":
        return bool(got is False or got is np.False_)
    if claim[0] == "eq":
        return float(got) == claim[1]
    return False

def answer(case):
    recipe, arg, program, choices = case
    if recipe == "choices":
        picks = [chr(65 + i) for i, (code, claim) in enumerate(choices) if holds(claim, program + "\n" + code)]
        return ", ".join(picks)
    try:
        v = run(program)
    except ValueError:
        if recipe == "value":
            return "error"
        raise
    if recipe == "value":
        return tup(v) if isinstance(v, (tuple, list)) else num(v)
    if recipe == "shape":
        return tup(v.shape)
    if recipe == "strides":
        return tup(v.strides)
    if recipe == "strides_el":
        assert all(s % v.itemsize == 0 for s in v.strides)
        return tup(s // v.itemsize for s in v.strides)
    if recipe == "position":
        b = byte_offset(v, arg)
        assert b % v.itemsize == 0
        return num(b // v.itemsize)
    if recipe == "byte_offset":
        return num(byte_offset(v, arg))
    if recipe == "stored":
        return num(stored(v))
    raise AssertionError(recipe)

assert np.__version__.split(".")[0] >= "2", np.__version__
for qid, case in CASES:
    try:
        print(qid + "\t" + answer(case))
    except Exception as e:
        print(qid + "\tPYTHON-ERROR " + type(e).__name__ + ": " + str(e).replace("\n", " "))
"#;

fn ints(v: &[i64]) -> String {
    format!(
        "[{}]",
        v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
    )
}

/// The question as a Python tuple `(recipe, arg, program, choices)`, or None for code questions.
fn case(q: &Question) -> Option<String> {
    let (recipe, arg) = match &q.recipe {
        Recipe::Value => ("value", "None".to_string()),
        Recipe::Shape => ("shape", "None".to_string()),
        Recipe::Strides => ("strides", "None".to_string()),
        Recipe::StridesInElements => ("strides_el", "None".to_string()),
        Recipe::ElementPosition(i) => ("position", ints(i)),
        Recipe::ByteOffset(i) => ("byte_offset", ints(i)),
        Recipe::StoredBytes => ("stored", "None".to_string()),
        Recipe::ChoiceWhere => ("choices", "None".to_string()),
        Recipe::Code { .. } => return None,
    };
    let choices: Vec<String> = q
        .choices
        .iter()
        .map(|c| {
            let claim = match c.claim {
                Claim::True => "(\"true\",)".to_string(),
                Claim::False => "(\"false\",)".to_string(),
                Claim::Equals(x) => format!("(\"eq\", {x:?})"),
                Claim::Raises => "(\"raises\",)".to_string(),
            };
            format!("({}, {claim})", lit(&c.code))
        })
        .collect();
    Some(format!(
        "({}, ({}, {arg}, {}, [{}]))",
        lit(&q.id),
        lit(recipe),
        lit(&q.program),
        choices.join(", ")
    ))
}

fn numpy_answers(questions: &[Question]) -> BTreeMap<String, String> {
    let cases: Vec<String> = questions.iter().filter_map(case).collect();
    let script = format!("CASES = [\n{}\n]\n{DRIVER}", cases.join(",\n"));
    support::run_numpy(&["-"], &script)
        .lines()
        .map(|l| {
            let (id, answer) = l.split_once('\t').unwrap();
            (id.to_string(), answer.to_string())
        })
        .collect()
}

#[test]
fn bank_and_generated_keys_agree_with_numpy() {
    let mut questions: Vec<Question> = quiz::bank().to_vec();
    for seed in [0, 1, 42, 2024, u64::MAX] {
        questions.extend(quiz::generate(seed, 60));
    }
    let numpy = numpy_answers(&questions);
    let mut checked = 0;
    let mut failures = Vec::new();
    for q in &questions {
        if q.template().is_some() {
            continue;
        }
        let ours = quiz::key(q).unwrap().to_string();
        match numpy.get(q.id.as_ref()) {
            Some(theirs) if *theirs == ours => checked += 1,
            Some(theirs) => failures.push(format!(
                "{}: we say {ours}, NumPy says {theirs}\n{}",
                q.id, q.program
            )),
            None => failures.push(format!("{}: NumPy gave no answer", q.id)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked >= 330, "only {checked} keys compared");
    println!("{checked} keys agree with NumPy");
}
