//! Arrays, NumPy scalars, tensors and `torch.Size` print byte for byte as NumPy 2.4.6 and
//! PyTorch 2.15.0 print them: `repr`, `str` and `print` of random arrays of every dtype, shape
//! (0-d, empty, summarized past 1000 elements, rows that wrap), value range (every rule of the
//! float formats) and view (negative steps, transposes), recorded by
//! `tests/corpus/printing.py --seed 1 --count 2500`. `STRIDES_PRINTING=path` checks a freshly
//! generated file instead; `STRIDES_PRINTING_KIND=torch` only one kind.

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

use serde_json::Value as Json;

#[test]
fn arrays_and_tensors_print_as_numpy_and_pytorch_print_them() {
    let text = match std::env::var("STRIDES_PRINTING") {
        Ok(path) => std::fs::read_to_string(path).expect("the file of printed programs"),
        Err(_) => include_str!("../../../tests/corpus/printing.jsonl").to_string(),
    };
    let only = std::env::var("STRIDES_PRINTING_KIND").ok();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: Json = serde_json::from_str(line).unwrap();
        let kind = row["kind"].as_str().unwrap();
        if only.as_deref().is_some_and(|k| k != kind) {
            continue;
        }
        count += 1;
        let program = row["program"].as_str().unwrap();
        let expected = row["stdout"].as_str().unwrap();
        match arrays::run(program) {
            Ok(outcome) if outcome.stdout == expected => {}
            Ok(outcome) => failures.push(format!(
                "{program}\n--- lab\n{}--- real\n{expected}",
                outcome.stdout
            )),
            Err(e) => failures.push(format!(
                "{program}\n  raised {}: {}",
                e.class_name(),
                e.message()
            )),
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} printouts disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

/// A billion elements (a broadcast view, no memory of its own) print summarized at once: only
/// the corners are read. The text is NumPy 2.4.6's and PyTorch 2.15.0's for the same program.
#[test]
fn a_billion_element_view_prints_its_corners_quickly() {
    let program = "x = np.broadcast_to(np.arange(10000.0) / 8, (100000, 10000))\nprint(repr(x))\nt = torch.arange(10000).expand(100000, 10000)\nprint(t)";
    let expected = "array([[0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03],\n       [0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03],\n       [0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03],\n       ...,\n       [0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03],\n       [0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03],\n       [0.000000e+00, 1.250000e-01, 2.500000e-01, ..., 1.249625e+03,\n        1.249750e+03, 1.249875e+03]], shape=(100000, 10000))\ntensor([[   0,    1,    2,  ..., 9997, 9998, 9999],\n        [   0,    1,    2,  ..., 9997, 9998, 9999],\n        [   0,    1,    2,  ..., 9997, 9998, 9999],\n        ...,\n        [   0,    1,    2,  ..., 9997, 9998, 9999],\n        [   0,    1,    2,  ..., 9997, 9998, 9999],\n        [   0,    1,    2,  ..., 9997, 9998, 9999]])\n";
    let started = std::time::Instant::now();
    let outcome = arrays::run(program).unwrap();
    assert_eq!(outcome.stdout, expected);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}
