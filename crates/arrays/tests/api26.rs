//! Issue 26's everyday API against real NumPy 2.4.6, PyTorch 2.15 and CPython: every program of
//! `tests/corpus/api26.jsonl` (`tests/corpus/api26.py --seed 1 --count 1200`: creation,
//! conversions and shared memory, `math`, `torch.nn.functional`, statistics, cumulative sums,
//! sorting, norms, `masked_fill`, views, over random shapes, dtypes and views, with errors) must
//! give NumPy's or PyTorch's JSON: shape, strides, offset, dtype, flags, view or copy and the
//! exception class and message exactly; values exactly (and not marked) where the line is
//! `"exact": true`, and where it is not (transcendental functions, PyTorch's reduction orders:
//! issue 26's values policy) either exactly or marked `"values_exact": false` and within the
//! policy's tolerance (`support::agrees`: 1e-12 for float64, 1e-5 for float32, 1e-2 for the half
//! types, relative to the result's largest magnitude).
//! `API26_CORPUS=path` checks another file (a fresh seed) and prints the agreement.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::Value as Json;

/// Whether the lab refused honestly ("not run here") where the library answered.
fn refused(got: &Json) -> bool {
    got["error"].as_str() == Some(arrays::error::UNSUPPORTED)
}

fn check(path: &std::path::Path) -> (usize, Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut refusals = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("corpus line is JSON");
        let program = record["program"].as_str().expect("program");
        let exact = record["exact"].as_bool().unwrap_or(true);
        let got = support::actual(program);
        count += 1;
        let fine = if exact {
            // An exact line: the library's JSON, values bit for bit and unmarked.
            got == record["expected"]
        } else {
            // The values policy: equal, or marked `"values_exact": false` and within tolerance.
            support::agrees(&got, &record["expected"])
        };
        if refused(&got) && !refused(&record["expected"]) {
            refusals.push(format!("{program}\n  {}", got["message"]));
        } else if !fine {
            failures.push(format!(
                "--- {}\n  expected {}\n  got      {got}",
                program.replace('\n', " ⏎ "),
                record["expected"]
            ));
        }
    }
    (count, failures, refusals)
}

#[test]
fn issue_26_api_agrees_with_numpy_pytorch_and_cpython() {
    let path = match std::env::var("API26_CORPUS") {
        Ok(p) => std::path::PathBuf::from(p),
        Err(_) => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/api26.jsonl"),
    };
    let (count, failures, refusals) = check(&path);
    println!(
        "{}: {} of {count} programs agree, {} refused as not run here, {} disagree",
        path.display(),
        count - failures.len() - refusals.len(),
        refusals.len(),
        failures.len()
    );
    for r in &refusals {
        println!("refused: {r}");
    }
    assert!(count >= 50, "only {count} programs");
    // Honest refusals (matrix norms that need an SVD, …) stay rare.
    assert!(refusals.len() * 50 <= count, "{} refusals", refusals.len());
    assert!(
        failures.is_empty(),
        "{} of {count} programs disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Checks a committed corpus of PyTorch programs (or the file `env` names): every program agrees,
/// none refused.
fn check_all(env: &str, file: &str, at_least: usize) {
    let path = match std::env::var(env) {
        Ok(p) => std::path::PathBuf::from(p),
        Err(_) => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus")
            .join(file),
    };
    let (count, failures, refusals) = check(&path);
    println!(
        "{}: {} of {count} programs agree, {} refused, {} disagree",
        path.display(),
        count - failures.len() - refusals.len(),
        refusals.len(),
        failures.len()
    );
    assert!(count >= at_least, "only {count} programs");
    assert!(refusals.is_empty(), "refused:\n{}", refusals.join("\n"));
    assert!(
        failures.is_empty(),
        "{} of {count} programs disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Advanced indexing of tensors, reads and writes (`tests/corpus/torch_index.py --seed 1 --count
/// 600`): PyTorch's shapes, TensorIterator's strides (not always C order: `t.T[[0, 1]]`,
/// `t[idx.T]`), values and errors, all exact. `TORCH_INDEX_CORPUS=path` checks a fresh seed.
#[test]
fn tensor_advanced_indexing_agrees_with_pytorch() {
    check_all("TORCH_INDEX_CORPUS", "torch-index.jsonl", 500);
}

/// `scatter_`/`scatter`/`gather`/`fill_`/`zero_`/`index_fill_`, `torch.cdist`, `F.nll_loss` and
/// `F.cross_entropy` with class probabilities and label smoothing (`tests/corpus/torch_ops26.py
/// --seed 1 --count 500`): layout and errors exact, losses and distances within the values
/// policy's tolerance. `TORCH_OPS26_CORPUS=path` checks a fresh seed.
#[test]
fn scatter_gather_cdist_and_losses_agree_with_pytorch() {
    check_all("TORCH_OPS26_CORPUS", "torch-ops26.jsonl", 400);
}

/// `torch.median`/`nanmedian` (all elements, or a `dim`: values and indices) and
/// `torch.quantile`/`nanquantile` (a float, 0-d or 1-d `q`, every interpolation), functions and
/// methods (`tests/corpus/torch_order26.py --seed 1 --count 300`): layouts (a 1-d `q`'s axis
/// moved to the front), dtypes and errors exact, `linear`/`midpoint` values within the values
/// policy's tolerance. `TORCH_ORDER26_CORPUS=path` checks a fresh seed.
#[test]
fn medians_and_quantiles_agree_with_pytorch() {
    check_all("TORCH_ORDER26_CORPUS", "torch-order26.jsonl", 300);
}

/// PyTorch's matrix norms of singular values (2, -2, 'nuc') through `torch.linalg.norm`,
/// `torch.linalg.matrix_norm` (every order, `dim`, `keepdim`: a view for the singular-value
/// norms), `t.norm(p='nuc')` and `torch.norm`, with `_LinAlgError` for a matrix holding NaN (a
/// batch's element named) and NaN for infinities (`tests/corpus/torch-norms26.txt`, recorded by
/// `record.py`; values within the values policy's tolerance, marked).
#[test]
fn matrix_norms_agree_with_pytorch() {
    check_all("TORCH_NORMS26_CORPUS", "torch-norms26.jsonl", 34);
}
