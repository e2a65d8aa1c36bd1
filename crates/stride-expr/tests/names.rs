//! Names the lab lacks, against NumPy, PyTorch and CPython 3.11 (issue 13, section 3):
//!
//! - a name the library has but the lab does not run is the lab's own error (`Unsupported`,
//!   "np.cumsum is part of NumPy, but this lab does not run it yet"), never an `AttributeError`;
//! - a name neither library has is the library's `AttributeError`, with the name CPython's
//!   traceback suggests ("Did you mean"), checked on generated misspellings recorded from the
//!   real libraries (`names/misspellings.py` into `tests/names/misspellings.jsonl`);
//! - the recorded name lists are what `names/record.py` writes;
//! - NumPy scalars have `.T`, `.shape`, … and take `None` and `...` as NumPy's do.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::Value as Json;
use stride_expr::Explained;
use stride_expr::names::{self, OWNERS, Owner};

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
fn error(program: &str) -> stride_expr::Error {
    match stride_expr::run(program) {
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
        Owner::Scalar(stride_expr::dtype::DType::Bool) => "np.bool(True).{}",
        Owner::Scalar(stride_expr::dtype::DType::Int64) => "np.int64(1).{}",
        Owner::Scalar(stride_expr::dtype::DType::Float32) => "np.float32(1.0).{}",
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
            let Err(e) = stride_expr::run(&src) else {
                continue;
            };
            let not_yet = e.class_name() == stride_expr::error::UNSUPPORTED
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
    use stride_expr::attrs::{
        NUMPY_FUNCTIONS, NUMPY_METHODS, SCALAR_METHODS, TORCH_FUNCTIONS, TORCH_METHODS,
    };
    let cases: [(Owner, &[&str]); 5] = [
        (Owner::Numpy, &NUMPY_FUNCTIONS),
        (Owner::Ndarray, &NUMPY_METHODS),
        (
            Owner::Scalar(stride_expr::dtype::DType::Float64),
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
        let got = stride_expr::suggest::suggestion(name, dir.iter().copied());
        count += 1;
        if got.as_deref().unwrap_or("") != expected {
            failures.push(format!("{name}: CPython {expected:?}, the lab {got:?}"));
        }
    }
    assert!(count > 400, "{count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// NumPy scalars (`x[4]` of a 1-d array), their attributes and their indexing, the lab's flags
/// attributes, and attribute errors with CPython's suggestion: each row recorded from NumPy
/// 2.4.6, PyTorch 2.15.0 and CPython 3.11 by `tests/corpus/record.py`.
///
/// A scalar is indexed as NumPy indexes it, as a 0-d array of its value in new memory:
/// `x[4][None]` is a 1-element view of that memory (stride 0, OWNDATA false, not `x`'s memory),
/// `x[4][...]` a 0-d one, `x[4][()]` the scalar, `x[4][True]` a copy; any other index is
/// "invalid index to scalar variable.".
const ROWS: &[(&str, &str)] = &[
    (
        "x = np.arange(6.0); x[4][None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][...]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [], "strides": [], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][()]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][-1]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 1], "strides": [0, 0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][..., None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, ...]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][..., ...]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][:]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][True]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][False]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0], "strides": [0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][[0]]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0.5]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4]['a']",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][2**63]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, 0]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); np.ascontiguousarray(x[4][None])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); np.ascontiguousarray(x[4][...])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [8], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].T",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].T.T",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].shape",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "x = np.arange(6.0); x[4].strides",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "x = np.arange(6.0); x[4].ndim",
        r#"{"type": "int", "value": 0}"#,
    ),
    (
        "x = np.arange(6.0); x[4].itemsize",
        r#"{"type": "int", "value": 8}"#,
    ),
    (
        "x = np.arange(6.0); x[4].nbytes",
        r#"{"type": "int", "value": 8}"#,
    ),
    (
        "x = np.arange(6.0); x[4].dtype",
        r#"{"type": "str", "value": "float64"}"#,
    ),
    (
        "x = np.arange(6.0); x[4].size",
        r#"{"type": "int", "value": 1}"#,
    ),
    (
        "x = np.arange(6.0); x[4].item()",
        r#"{"type": "float", "value": 4.0}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.writeable",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.owndata",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.f_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags['ALIGNED']",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags['W']",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4].base is None",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None].base is None",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None].flags.owndata",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); np.shares_memory(x[4][None], x)",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); y = x[4][None]; y[0] = 7; x[4]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); y = x[4][None]; y[0] = 7; y",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [7.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None][0]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None] + 1",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [5.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][...][()]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].mT",
        r#"{"error": "AttributeError", "message": "'numpy.float64' object has no attribute 'mT'", "suggestion": "T"}"#,
    ),
    (
        "x = np.arange(6.0); x[4].reshap",
        r#"{"error": "AttributeError", "message": "'numpy.float64' object has no attribute 'reshap'", "suggestion": "reshape"}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0] = 1",
        r#"{"error": "TypeError", "message": "'numpy.float64' object does not support item assignment"}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].nbytes",
        r#"{"type": "int", "value": 1}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2][None].strides",
        r#"{"type": "tuple", "value": [0]}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2][None]",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [2], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].T",
        r#"{"dtype": "int8", "scalar": true, "values": [2]}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].dtype",
        r#"{"type": "str", "value": "int8"}"#,
    ),
    (
        "b = np.arange(3) > 0; b[1][None]",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [true], "view": false, "writeable": true}"#,
    ),
    (
        "b = np.arange(3) > 0; b[1].shape",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "np.int32(3)[None]",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [3], "view": true, "writeable": true}"#,
    ),
    (
        "np.float32(2.5)[...]",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [], "strides": [], "values": [2.5], "view": true, "writeable": true}"#,
    ),
    (
        "np.float16(1.5).T",
        r#"{"dtype": "float16", "scalar": true, "values": [1.5]}"#,
    ),
    (
        "np.float64(1.5)[None, None].strides",
        r#"{"type": "tuple", "value": [0, 0]}"#,
    ),
    (
        "np.aranje",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'aranje'", "suggestion": "arange"}"#,
    ),
    (
        "np.Arange",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'Arange'", "suggestion": "arange"}"#,
    ),
    (
        "np.float_",
        r#"{"error": "AttributeError", "message": "`np.float_` was removed in the NumPy 2.0 release. Use `np.float64` instead."}"#,
    ),
    (
        "np.NaN",
        r#"{"error": "AttributeError", "message": "`np.NaN` was removed in the NumPy 2.0 release. Use `np.nan` instead."}"#,
    ),
    (
        "np.int",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'int'.\n`np.int` was a deprecated alias for the builtin `int`. To avoid this error in existing code, use `int` by itself. Doing this will not modify any behavior and is safe. When replacing `np.int`, you may wish to use e.g. `np.int64` or `np.int32` to specify the precision. If you wish to review your current use, check the release note link for additional information.\nThe aliases was originally deprecated in NumPy 1.20; for more details and guidance see the original release note at:\n    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations"}"#,
    ),
    (
        "np.lib.stride_tricks.as_strid",
        r#"{"error": "AttributeError", "message": "module 'numpy.lib.stride_tricks' has no attribute 'as_strid'", "suggestion": "as_strided"}"#,
    ),
    (
        "np.lib.stride_trick",
        r#"{"error": "AttributeError", "message": "module 'numpy.lib' has no attribute 'stride_trick'", "suggestion": "stride_tricks"}"#,
    ),
    (
        "x = np.arange(3.0); x.reshap",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'reshap'", "suggestion": "reshape"}"#,
    ),
    (
        "x = np.arange(3.0); x.Shape",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'Shape'", "suggestion": "shape"}"#,
    ),
    (
        "x = np.arange(3.0); x.foo",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.owndat",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'owndat'", "suggestion": "owndata"}"#,
    ),
    (
        "t = torch.arange(3.0); t.reshap",
        r#"{"error": "AttributeError", "message": "'Tensor' object has no attribute 'reshap'"}"#,
    ),
    (
        "t = torch.arange(3.0); t.foo",
        r#"{"error": "AttributeError", "message": "'Tensor' object has no attribute 'foo'"}"#,
    ),
    (
        "torch.aranje",
        r#"{"error": "AttributeError", "message": "module 'torch' has no attribute 'aranje'"}"#,
    ),
    (
        "np.linalg.nrom",
        r#"{"error": "AttributeError", "message": "module 'numpy.linalg' has no attribute 'nrom'"}"#,
    ),
    (
        "np.linalg.nom",
        r#"{"error": "AttributeError", "message": "module 'numpy.linalg' has no attribute 'nom'", "suggestion": "norm"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.C",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'C'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.C_CONTIGUOUS",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'C_CONTIGUOUS'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.fortran",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.writebackifcopy",
        r#"{"type": "bool", "value": false}"#,
    ),
];

#[test]
fn scalars_flags_and_attribute_errors_as_numpy_gives_them() {
    support::check_table(ROWS);
}

/// `(program, the lab's message, the part of the program it marks)`: names the libraries have
/// and the lab does not run.
const NOT_YET: &[(&str, &str, &str)] = &[
    (
        "x = np.arange(6.0); np.cumsum(x)",
        "np.cumsum is part of NumPy, but this lab does not run it yet",
        "cumsum",
    ),
    (
        "t = torch.arange(6.0); t.cumsum(0)",
        "Tensor.cumsum is part of PyTorch, but this lab does not run it yet",
        "cumsum",
    ),
    (
        "x = np.arange(6.0); x.cumsum()",
        "ndarray.cumsum is part of NumPy, but this lab does not run it yet",
        "cumsum",
    ),
    (
        "x = np.arange(6.0); x[1].round()",
        "float64.round is part of NumPy, but this lab does not run it yet",
        "round",
    ),
    (
        "x = np.arange(6.0); np.linalg.norm(x)",
        "np.linalg.norm is part of NumPy, but this lab does not run it yet",
        "norm",
    ),
    (
        "np.random.rand(3)",
        "np.random is part of NumPy, but this lab does not run it yet",
        "random",
    ),
    (
        "torch.cumsum",
        "torch.cumsum is part of PyTorch, but this lab does not run it yet",
        "cumsum",
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
        assert_eq!(e.class_name(), stride_expr::error::UNSUPPORTED, "{program}");
        assert_eq!(e.message(), *message, "{program}");
        let span = e.placed().expect("a span");
        assert_eq!(&program[span.start..span.end], *marked, "{program}");
        assert_eq!(
            e.hint(),
            Some(&stride_expr::error::Hint::NotYet {
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
        assert_eq!(e.class_name(), stride_expr::error::UNSUPPORTED, "{program}");
        assert!(
            e.message().contains("PyTorch's private names"),
            "{program}: {e}"
        );
    }
}

/// The why of a scalar indexed with `None` or `...` says its value went to new memory (it was
/// "None adds an axis … it is a view", beside a panel saying "a copy").
#[test]
fn a_scalar_s_index_is_explained_as_new_memory() {
    use stride_expr::explain::{Why, explain};
    for program in [
        "x = np.arange(6.0); x[4][None]",
        "x = np.arange(6.0); x[4][...]",
    ] {
        let outcome = stride_expr::run(program).unwrap_or_else(|e| panic!("{program}: {e}"));
        let stride_expr::value::Value::Array(a) = &outcome.value else {
            panic!("{program} is no array");
        };
        let why = explain(a, stride_expr::picture::Units::Elements);
        assert_eq!(why, Why::FromScalar, "{program}");
    }
}
