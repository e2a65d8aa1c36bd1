//! Seed 003's NumPy exercises (issue 16), honestly judged: each reference and a list of right,
//! wrong and hostile bodies go through the quiz (the lab's interpreter with its NumPy) and through
//! CPython with NumPy 2.4.6 (`STRIDES_PYTHON`, as in `numpy_agrees.rs`) with the same harness:
//! fill the blank, run every case in fresh globals holding `np`, compare `repr` (values, shape
//! and dtype) and exception class with the reference. Wherever CPython finishes, the verdicts
//! agree; a body the lab does not run is never called correct. Never skipped.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use python_subset::{ARRAY_EXERCISES, fill};
use quiz::json::string as lit;
use support::exercise;

/// `(exercise id, body, correct?)`.
const ANSWERS: &[(&str, &str, bool)] = &[
    // pairwise_sq_dists
    (
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)",
        true,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - 2 * np.matmul(A, B.T)",
        true,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return np.einsum('id,id->i', A, A)[:, None] + np.einsum('jd,jd->j', B, B) - 2 * np.einsum('id,jd->ij', A, B)",
        true,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=1)",
        false,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - A @ B.T",
        false,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1).T",
        false,
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1).astype(np.float64)",
        false,
    ),
    ("s3-code-pairwise-sq-dists", "while True: pass", false),
    // split_heads
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).swapaxes(1, 2)",
        true,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn np.transpose(X.reshape(B, T, h, -1), (0, 2, 1, 3))",
        true,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3).copy()",
        true,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, h, T, d // h)",
        false,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h)",
        false,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, d // h, h).transpose(0, 3, 1, 2)",
        false,
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3).astype(np.int64)",
        false,
    ),
    // merge_heads
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn Y.swapaxes(1, 2).reshape(B, T, -1)",
        true,
    ),
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn np.ascontiguousarray(Y.transpose(0, 2, 1, 3)).reshape(B, T, h * d_h)",
        true,
    ),
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn Y.reshape(B, T, h * d_h)",
        false,
    ),
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn Y.transpose(0, 2, 3, 1).reshape(B, T, h * d_h)",
        false,
    ),
    ("s3-code-merge-heads", "return Y", false),
    // sliding_windows
    (
        "s3-code-sliding-windows",
        "return sliding_window_view(x, k)[::step]",
        true,
    ),
    (
        "s3-code-sliding-windows",
        "return np.array([x[i:i + k] for i in range(0, len(x) - k + 1, step)])",
        true,
    ),
    (
        "s3-code-sliding-windows",
        "n = (len(x) - k) // step + 1\nreturn as_strided(x, shape=(n, k), strides=(step * x.itemsize * (x.strides[0] // x.itemsize), x.strides[0]))",
        true,
    ),
    (
        "s3-code-sliding-windows",
        "n = (len(x) - k) // step + 1\nreturn as_strided(x, shape=(n, k), strides=(step * x.itemsize, x.itemsize))",
        false,
    ),
    (
        "s3-code-sliding-windows",
        "n = len(x) - k + 1\nreturn as_strided(x, shape=(n, k), strides=(step * x.strides[0], x.strides[0]))",
        false,
    ),
    (
        "s3-code-sliding-windows",
        "return sliding_window_view(x, k)",
        false,
    ),
    (
        "s3-code-sliding-windows",
        "n = (len(x) - k) // step\nreturn as_strided(x, shape=(n, k), strides=(step * x.strides[0], x.strides[0]))",
        false,
    ),
    // batched_matmul
    ("s3-code-batched-matmul", "return np.matmul(A, B)", true),
    (
        "s3-code-batched-matmul",
        "return np.einsum('bnk,bkm->bnm', A, B)",
        true,
    ),
    (
        "s3-code-batched-matmul",
        "return np.stack([A[i] @ B[i] for i in range(A.shape[0])])",
        true,
    ),
    ("s3-code-batched-matmul", "return A @ B[0]", false),
    (
        "s3-code-batched-matmul",
        "return (A[:, :, :, None] * B[:, None, :, :]).sum(axis=2).T",
        false,
    ),
    (
        "s3-code-batched-matmul",
        "return np.zeros((10 ** 6, 10 ** 6))",
        false,
    ),
    // attention_scores
    (
        "s3-code-attention-scores",
        "return np.einsum('bhqd,bhkd->bhqk', Q, K)",
        true,
    ),
    (
        "s3-code-attention-scores",
        "return np.matmul(Q, K.transpose(0, 1, 3, 2))",
        true,
    ),
    (
        "s3-code-attention-scores",
        "return Q @ np.swapaxes(K, 2, 3)",
        true,
    ),
    (
        "s3-code-attention-scores",
        "return K @ Q.swapaxes(-1, -2)",
        false,
    ),
    (
        "s3-code-attention-scores",
        "return Q @ K.swapaxes(-1, -2) / Q.shape[-1] ** 0.5",
        false,
    ),
    (
        "s3-code-attention-scores",
        "return np.einsum('bhqd,bhkd->bhkq', Q, K)",
        false,
    ),
];

const HARNESS: &str = r#"
import sys, io, signal, resource
import numpy as np
resource.setrlimit(resource.RLIMIT_AS, (1 << 32, 1 << 32))
class Timeout(BaseException):
    pass
def on_alarm(*_):
    raise Timeout()
signal.signal(signal.SIGALRM, on_alarm)
def run(src, case):
    g = {"__name__": "__checked__", "np": np}
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        exec(compile(src, "<answer>", "exec"), g)
        return ("ret", repr(eval(case, g)))
    except Timeout:
        return ("timeout",)
    except BaseException as e:
        return ("raise", type(e).__name__)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
def verdict(ref, src, cases):
    wants = [run(ref, c) for c in cases]
    if any(w[0] != "ret" for w in wants):
        return "broken"
    for c, w in zip(cases, wants):
        got = run(src, c)
        if got[0] == "timeout":
            return "timeout"
        if got != w:
            return "incorrect"
    return "correct"
for ref, src, cases in JOBS:
    print(verdict(ref, src, cases))
"#;

/// Every answer (the references first) with CPython's verdict.
fn cpython_verdicts(all: &[(&str, &str)]) -> Vec<String> {
    let jobs: Vec<String> = all
        .iter()
        .map(|(id, body)| {
            let ex = exercise(id);
            let cases: Vec<String> = ex.cases.iter().map(|c| lit(c)).collect();
            format!(
                "({}, {}, [{}])",
                lit(&fill(ex.template, ex.reference)),
                lit(&fill(ex.template, body)),
                cases.join(", ")
            )
        })
        .collect();
    let script = format!("JOBS = [\n{}\n]\n{HARNESS}", jobs.join(",\n"));
    support::run_numpy(&["-"], &script)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_lab_judges_seed_three_exercises_as_cpython_with_numpy_does() {
    let mut all: Vec<(&str, &str, bool)> = ARRAY_EXERCISES
        .iter()
        .map(|e| (e.id, e.reference, true))
        .collect();
    all.extend_from_slice(ANSWERS);
    let pairs: Vec<(&str, &str)> = all.iter().map(|(id, body, _)| (*id, *body)).collect();
    let theirs = cpython_verdicts(&pairs);
    assert_eq!(theirs.len(), all.len());
    let mut failures = Vec::new();
    for ((id, body, want), theirs) in all.iter().zip(&theirs) {
        let q = quiz::question(id).unwrap();
        let ours = quiz::check(&q, body);
        let agrees = match theirs.as_str() {
            "timeout" => !ours.correct,
            "correct" => ours.correct,
            "incorrect" => !ours.correct,
            _ => false,
        };
        if !agrees || ours.correct != *want {
            failures.push(format!(
                "{id}: {body:?}\n  ours: [{}] {}\n  CPython: {theirs}",
                ours.diagnosis, ours.feedback.en
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hostile_bodies_end_at_once_with_the_limit() {
    let q = quiz::question("s3-code-batched-matmul").unwrap();
    let hang = quiz::check(&q, "while True: pass");
    assert_eq!(hang.diagnosis, "limit", "{}", hang.feedback.en);
    let huge = quiz::check(&q, "return np.zeros((10 ** 6, 10 ** 6))");
    // The array is lazy (made at once, nothing allocated); listing its 10¹² values to compare
    // them is the lab's own limit (never NumPy's MemoryError), with its numbers grouped, in
    // both languages, before any is computed.
    assert_eq!(huge.diagnosis, "limit", "{}", huge.feedback.en);
    assert!(
        huge.feedback.en.contains("The lab's limit: ")
            && !huge.feedback.en.contains("MemoryError")
            && huge.feedback.en.contains("100,000 items"),
        "{}",
        huge.feedback.en
    );
    assert!(
        huge.feedback.es.contains("Límite del laboratorio: ")
            && huge.feedback.es.contains("100.000 elementos"),
        "{}",
        huge.feedback.es
    );
}

#[test]
fn the_seeds_wrong_split_heads_says_what_it_gave() {
    let q = quiz::question("s3-code-split-heads").unwrap();
    let wrong = quiz::check(&q, "B, T, d = X.shape\nreturn X.reshape(B, h, T, d // h)");
    assert!(!wrong.correct);
    assert_eq!(wrong.diagnosis, "wrong-result");
    let en = &wrong.feedback.en;
    // The seed's own example, first: head 0 got all of token 0 instead of [[0, 1], [4, 5]].
    assert!(
        en.contains("split_heads(np.arange(8).reshape(1, 2, 4), 2)"),
        "{en}"
    );
    assert!(en.contains("[[0, 1],") && en.contains("[4, 5]]"), "{en}");
    assert!(en.contains("head i holds features"), "{en}");
    assert!(
        wrong.feedback.es.contains("cabeza por cabeza"),
        "{}",
        wrong.feedback.es
    );
}
