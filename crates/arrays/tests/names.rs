//! Names the lab lacks, against NumPy, PyTorch and CPython 3.11 (issue 13, section 3):
//!
//! - a name the library has but the lab does not run is the lab's own error (`Unsupported`,
//!   "np.polyfit is part of NumPy, but this lab does not run it yet"), never an `AttributeError`;
//! - a name neither library has is the library's `AttributeError`, with the name CPython's
//!   traceback suggests ("Did you mean"), checked on generated misspellings recorded from the
//!   real libraries (`names/misspellings.py` into `tests/names/misspellings.jsonl`);
//! - the recorded name lists are what `names/record.py` writes;
//! - NumPy scalars, which have `.T`, `.shape`, … and take `None` and `...` as NumPy's do, are
//!   in `scalars.rs`.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use arrays::Explained;
use arrays::names::{self, OWNERS, Owner};
use serde_json::Value as Json;

#[test]
fn misspellings_are_the_library_s_attribute_errors_with_cpython_s_suggestion() {
    let text = include_str!("names/misspellings.jsonl");
    let mut failures = Vec::new();
    let mut suggested = 0;
    let mut count = 0;
    for line in text.lines() {
        let record: Json = serde_json::from_str(line).unwrap();
        let program = record["program"].as_str().unwrap();
        let expected = &record["expected"];
        suggested += usize::from(expected.get("suggestion").is_some());
        count += 1;
        let got = support::actual(program);
        if &got != expected {
            failures.push(format!(
                "--- {program}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    assert!(
        count > 1000 && suggested > 500,
        "{count} programs, {suggested} with a suggestion"
    );
    assert!(
        failures.is_empty(),
        "{} of {count} disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The error of a program that must fail.
fn error(program: &str) -> arrays::Error {
    match arrays::run(program) {
        Ok(_) => panic!("{program} ran"),
        Err(e) => e,
    }
}

/// How a program reaches an owner's attribute `{}`.
fn program(owner: Owner) -> &'static str {
    match owner {
        Owner::Numpy => "np.{}",
        Owner::NumpyLib => "np.lib.{}",
        Owner::StrideTricks => "np.lib.stride_tricks.{}",
        Owner::Linalg => "np.linalg.{}",
        Owner::Ndarray => "x = np.arange(3.0); x.{}",
        Owner::Flags => "x = np.arange(3.0); x.flags.{}",
        Owner::Scalar(arrays::dtype::DType::Bool) => "np.bool(True).{}",
        Owner::Scalar(arrays::dtype::DType::Int64) => "np.int64(1).{}",
        Owner::Scalar(arrays::dtype::DType::Float32) => "np.float32(1.0).{}",
        Owner::Scalar(_) => "x = np.arange(3.0); x[1].{}",
        Owner::Torch => "torch.{}",
        Owner::Tensor => "t = torch.arange(3.0); t.{}",
    }
}

/// Every public name of every owner: the lab either has it (a value, or an error that is not
/// about the name) or says it is part of the library, never that it does not exist.
#[test]
fn every_public_name_is_known_or_said_to_be_part_of_the_library() {
    let mut failures = Vec::new();
    for owner in OWNERS {
        let mut all = Vec::new();
        names::each_name(owner, &mut |n| all.push(n.to_string()));
        for name in &all {
            if name.starts_with('_') {
                continue;
            }
            let src = program(owner).replace("{}", name);
            let Err(e) = arrays::run(&src) else {
                continue;
            };
            let not_yet = e.class_name() == arrays::error::UNSUPPORTED
                && e.message().ends_with("but this lab does not run it yet")
                && e.message().contains(&format!(".{name} is part of "));
            if e.class_name() == "AttributeError" || (e.class_name() == "Unsupported" && !not_yet) {
                failures.push(format!("{src}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every attribute the lab gives is one the library has (no invented names).
#[test]
fn the_lab_s_names_are_the_library_s() {
    use arrays::attrs::{
        NUMPY_FUNCTIONS, NUMPY_METHODS, SCALAR_METHODS, TORCH_FUNCTIONS, TORCH_METHODS,
    };
    let cases: [(Owner, &[&str]); 5] = [
        (Owner::Numpy, &NUMPY_FUNCTIONS),
        (Owner::Ndarray, &NUMPY_METHODS),
        (
            Owner::Scalar(arrays::dtype::DType::Float64),
            &SCALAR_METHODS,
        ),
        (Owner::Torch, &TORCH_FUNCTIONS),
        (Owner::Tensor, &TORCH_METHODS),
    ];
    for (owner, names) in cases {
        for name in names {
            assert!(names::has(owner, name), "{owner:?} has no {name}");
        }
    }
}

#[test]
fn the_name_lists_are_those_record_py_writes() {
    // Rerun with the real libraries when they are here: `names/record.py --check`.
    let python = std::path::Path::new("/work/venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/names/record.py");
    let Ok(out) = std::process::Command::new(python)
        .args([script, "--check"])
        .output()
    else {
        eprintln!("no Python here: the lists are checked by the unit tests only");
        return;
    };
    if String::from_utf8_lossy(&out.stderr).contains("ModuleNotFoundError") {
        eprintln!("no NumPy or PyTorch here: the lists are checked by the unit tests only");
        return;
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// CPython's suggestion rule itself, on made-up candidate lists (long names, case flips, the
/// 750-name cut-off) recorded from CPython 3.11 by `names/suggestions.py`.
#[test]
fn the_suggestion_rule_is_cpython_s() {
    let text = include_str!("names/suggestions.tsv");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let mut fields = line.split('\t');
        let (name, candidates, expected) = (
            fields.next().unwrap(),
            fields.next().unwrap(),
            fields.next().unwrap(),
        );
        let mut dir: Vec<&str> = candidates.split(' ').collect();
        dir.sort_unstable();
        let got = arrays::suggest::suggestion(name, dir.iter().copied());
        count += 1;
        if got.as_deref().unwrap_or("") != expected {
            failures.push(format!("{name}: CPython {expected:?}, the lab {got:?}"));
        }
    }
    assert!(count > 400, "{count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `(program, the lab's message, the part of the program it marks)`: names the libraries have
/// and the lab does not run.
const NOT_YET: &[(&str, &str, &str)] = &[
    (
        "x = np.arange(6.0); np.polyfit(x, x, 1)",
        "np.polyfit is part of NumPy, but this lab does not run it yet",
        "polyfit",
    ),
    (
        "t = torch.arange(6.0); t.cummax(0)",
        "Tensor.cummax is part of PyTorch, but this lab does not run it yet",
        "cummax",
    ),
    (
        "x = np.arange(6.0); x.searchsorted(2.0)",
        "ndarray.searchsorted is part of NumPy, but this lab does not run it yet",
        "searchsorted",
    ),
    (
        "x = np.arange(6.0); x[1].round()",
        "float64.round is part of NumPy, but this lab does not run it yet",
        "round",
    ),
    (
        "x = np.arange(6.0); np.linalg.inv(x)",
        "np.linalg.inv is part of NumPy, but this lab does not run it yet",
        "inv",
    ),
    (
        "np.random.poisson(3)",
        "np.random.poisson is part of NumPy, but this lab does not run it yet",
        "poisson",
    ),
    (
        "rng = np.random.default_rng(0); rng.gamma(2.0)",
        "Generator.gamma is part of NumPy, but this lab does not run it yet",
        "gamma",
    ),
    (
        "torch.cummax",
        "torch.cummax is part of PyTorch, but this lab does not run it yet",
        "cummax",
    ),
    (
        "np.matlib",
        "np.matlib is part of NumPy, but this lab does not run it yet",
        "matlib",
    ),
    (
        "x = np.arange(6.0); x.flags.behaved",
        "ndarray.flags.behaved is part of NumPy, but this lab does not run it yet",
        "behaved",
    ),
];

#[test]
fn names_the_lab_does_not_run_are_its_own_error_at_the_name() {
    for (program, message, marked) in NOT_YET {
        let e = error(program);
        assert_eq!(e.class_name(), arrays::error::UNSUPPORTED, "{program}");
        assert_eq!(e.message(), *message, "{program}");
        let span = e.placed().expect("a span");
        assert_eq!(&program[span.start..span.end], *marked, "{program}");
        assert_eq!(
            e.hint(),
            Some(&arrays::error::Hint::NotYet {
                name: message.split(' ').next().unwrap().to_string(),
                library: if message.contains("PyTorch") {
                    "PyTorch"
                } else {
                    "NumPy"
                },
            })
        );
    }
}

#[test]
fn a_suggestion_is_printed_as_cpython_prints_it() {
    let e = error("np.aranje(3)");
    assert_eq!(
        e.headline(),
        "AttributeError: module 'numpy' has no attribute 'aranje'. Did you mean: 'arange'?"
    );
    let src = "x = np.arange(3.0)\nx.reshap(3)";
    assert_eq!(
        error(src).render(src),
        "AttributeError: 'numpy.ndarray' object has no attribute 'reshap'. Did you mean: 'reshape'?\n  line 2, column 3\n    x.reshap(3)\n      ^^^^^^"
    );
}

/// PyTorch's private names are not recorded (they are not needed for suggestions, which CPython
/// never makes for `torch` or a `Tensor`): the lab says it does not know them.
#[test]
fn pytorch_s_private_names_are_not_guessed() {
    for program in ["torch._C", "t = torch.arange(3.0); t._version"] {
        let e = error(program);
        assert_eq!(e.class_name(), arrays::error::UNSUPPORTED, "{program}");
        assert!(
            e.message().contains("PyTorch's private names"),
            "{program}: {e}"
        );
    }
}
