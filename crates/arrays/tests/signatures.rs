//! The sweep of issue 13: every function and method the lab has, called with a keyword it does not
//! take (alone, after arguments it accepts) and with one positional too many, must answer as NumPy,
//! PyTorch or CPython answer (`tests/corpus/signatures.jsonl`, recorded by
//! `tests/corpus/signatures.py`). The names come from the lab's own tables, so a function added to
//! a table without a recorded answer fails here until the script is rerun with it.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;

use arrays::{numpy, torch};
use serde_json::Value as Json;

fn fixture() -> Vec<(String, String, String, Json)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/signatures.jsonl");
    let text = std::fs::read_to_string(&path).expect("tests/corpus/signatures.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let r: Json = serde_json::from_str(l).expect("JSON line");
            let s = |k: &str| r[k].as_str().expect(k).to_string();
            (s("kind"), s("name"), s("program"), r["expected"].clone())
        })
        .collect()
}

/// Every (kind, name) the lab has, from its tables.
fn lab_names() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let mut add = |kind: &str, names: Vec<&str>| {
        for n in names {
            out.insert((kind.to_string(), n.to_string()));
        }
    };
    add(
        "numpy-function",
        numpy::table::FUNCTIONS.iter().map(|e| e.name).collect(),
    );
    add(
        "numpy-method",
        numpy::table::METHODS.iter().map(|e| e.name).collect(),
    );
    add(
        "numpy-scalar-method",
        numpy::table::SCALAR_METHODS
            .iter()
            .map(|e| e.name)
            .collect(),
    );
    add(
        "torch-function",
        torch::table::FUNCTIONS.iter().map(|e| e.name).collect(),
    );
    add(
        "torch-method",
        torch::table::METHODS.iter().map(|e| e.name).collect(),
    );
    // Python's built-ins are the interpreter's now; these are the ones the corpus recorded.
    add(
        "builtin",
        vec![
            "len", "tuple", "list", "range", "int", "float", "bool", "abs", "min", "max", "sum",
            "str", "repr", "type", "print",
        ],
    );
    add("numpy-scalar-type", vec!["float32", "int8"]);
    add(
        "functional-function",
        torch::functional::FUNCTIONS
            .iter()
            .map(|e| e.name)
            .collect(),
    );
    add(
        "torch-linalg-function",
        torch::linalg::FUNCTIONS.iter().map(|e| e.name).collect(),
    );
    add(
        "numpy-linalg-function",
        numpy::norm::FUNCTIONS.iter().map(|e| e.name).collect(),
    );
    add("math-function", arrays::math_module::NAMES.to_vec());
    out
}

#[test]
fn every_function_and_method_has_recorded_answers_and_no_more() {
    let recorded: BTreeSet<(String, String)> =
        fixture().into_iter().map(|(k, n, _, _)| (k, n)).collect();
    let lab = lab_names();
    let unrecorded: Vec<_> = lab.difference(&recorded).collect();
    let stale: Vec<_> = recorded.difference(&lab).collect();
    assert!(
        unrecorded.is_empty(),
        "no recorded answers for {unrecorded:?}: add them to tests/corpus/signatures.py and rerun it"
    );
    assert!(
        stale.is_empty(),
        "recorded but not in the lab's tables: {stale:?}"
    );
}

/// An answer NumPy or PyTorch gives that the lab may refuse instead: "not supported here",
/// never another answer.
fn honest_refusal(expected: &Json, got: &Json) -> bool {
    expected.get("error").is_none() && got["error"] == "Unsupported"
}

/// For memory never written (`np.empty`, `torch.empty`, whose recorded values are whatever the
/// memory held): the layout agrees and the lab says the values were never written.
fn unwritten_agrees(expected: &Json, got: &Json) -> bool {
    let layout = |j: &Json| {
        let mut j = j.clone();
        if let Some(o) = j.as_object_mut() {
            o.remove("values");
            o.remove("values_written");
        }
        j
    };
    expected.get("values").is_some()
        && got["values_written"] == Json::Bool(false)
        && support::agrees(&layout(got), &layout(expected))
}

#[test]
fn unknown_keywords_and_surplus_arguments_answer_as_the_libraries_do() {
    let mut failures = Vec::new();
    let mut refused = Vec::new();
    let rows = fixture();
    for (_, _, program, expected) in &rows {
        let got = support::actual(program);
        // A call that binds computes as the values policy says (`math.hypot` is marked).
        if support::agrees(&got, expected) || unwritten_agrees(expected, &got) {
            continue;
        }
        if honest_refusal(expected, &got) {
            refused.push(program.clone());
            continue;
        }
        failures.push(format!(
            "--- {program}\n  expected {expected}\n  got      {got}"
        ));
    }
    assert!(
        failures.is_empty(),
        "{} of {} calls disagree:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    // Nothing is refused: the `empty`s run (their layout exact, their values never written).
    assert!(refused.is_empty(), "refused: {refused:?}");
}

/// Attribute lookup (`attrs.rs`) must offer exactly what the tables can call.
#[test]
fn attribute_lists_match_the_tables() {
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    let table = |v: Vec<&str>| v.into_iter().map(String::from).collect::<BTreeSet<_>>();
    let mut numpy_functions = names(&arrays::attrs::NUMPY_FUNCTIONS);
    numpy_functions.insert("as_strided".into());
    numpy_functions.insert("sliding_window_view".into());
    assert_eq!(
        numpy_functions,
        table(numpy::table::FUNCTIONS.iter().map(|e| e.name).collect())
    );
    assert_eq!(
        names(&arrays::attrs::NUMPY_METHODS),
        table(numpy::table::METHODS.iter().map(|e| e.name).collect())
    );
    assert_eq!(
        names(&arrays::attrs::SCALAR_METHODS),
        table(
            numpy::table::SCALAR_METHODS
                .iter()
                .map(|e| e.name)
                .collect()
        )
    );
    assert_eq!(
        names(&arrays::attrs::TORCH_FUNCTIONS),
        table(torch::table::FUNCTIONS.iter().map(|e| e.name).collect())
    );
    assert_eq!(
        names(&arrays::attrs::TORCH_METHODS),
        table(torch::table::METHODS.iter().map(|e| e.name).collect())
    );
}

/// Every signature of every table is well formed: identifiers, no name twice, at most one `*name`.
#[test]
fn every_signature_parses() {
    let mut sigs: Vec<arrays::signature::Signature> = Vec::new();
    sigs.extend(numpy::table::FUNCTIONS.iter().map(|e| e.signature));
    sigs.extend(numpy::table::METHODS.iter().map(|e| e.signature));
    sigs.extend(numpy::table::SCALAR_METHODS.iter().map(|e| e.signature));
    sigs.extend(torch::table::FUNCTIONS.iter().map(|e| e.signature));
    sigs.extend(torch::table::METHODS.iter().map(|e| e.signature));
    sigs.extend(torch::functional::FUNCTIONS.iter().map(|e| e.signature));
    sigs.extend(torch::linalg::FUNCTIONS.iter().map(|e| e.signature));
    sigs.extend(numpy::norm::FUNCTIONS.iter().map(|e| e.signature));
    for sig in sigs {
        let mut specs = vec![sig.params];
        if let arrays::signature::Style::TorchOverloads(o) = sig.style {
            specs.extend(o.iter().map(|(_, spec)| *spec));
        }
        for spec in specs {
            let params = arrays::signature::parse_params(spec);
            let mut seen = BTreeSet::new();
            for p in &params {
                assert!(
                    !p.name.is_empty()
                        && p.name
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{}: bad parameter {:?} in {spec:?}",
                    sig.name,
                    p.name
                );
                assert!(seen.insert(p.name), "{}: {} twice", sig.name, p.name);
            }
            assert!(
                params.iter().filter(|p| p.varargs).count() <= 1,
                "{}",
                sig.name
            );
        }
    }
}
