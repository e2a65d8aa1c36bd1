//! What a correct answer to seed 003's exercises cost (issue 16), measured by the lab and by
//! CPython with NumPy 2.4.6 (`STRIDES_PYTHON`) on the same largest case, with nothing written by
//! hand: CPython rewrites the body so that every call, operator, subscript and attribute of it
//! hands its value to a probe, which notes the `nbytes` of every array whose memory is not an
//! input's (the array at the root of its `.base` chain); the largest of those is the peak, and
//! `np.shares_memory(result, input)` says whether the result is a view. The largest case is the
//! one whose array arguments hold the most bytes (the first of equals), in both.
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

/// `(exercise id, a correct body)`: the broadcast ways, the matmul ways, views and copies, loops.
const BODIES: &[(&str, &str)] = &[
    (
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)",
    ),
    (
        "s3-code-pairwise-sq-dists",
        "diff = A[:, None, :] - B[None, :, :]\nreturn (diff * diff).sum(axis=2)",
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - 2 * np.matmul(A, B.T)",
    ),
    (
        "s3-code-pairwise-sq-dists",
        "return np.einsum('id,id->i', A, A)[:, None] + np.einsum('jd,jd->j', B, B) - 2 * np.einsum('id,jd->ij', A, B)",
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).swapaxes(1, 2)",
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3).copy()",
    ),
    (
        "s3-code-split-heads",
        "B, T, d = X.shape\nreturn np.ascontiguousarray(X).reshape(B, T, h, d // h).transpose(0, 2, 1, 3)",
    ),
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn Y.swapaxes(1, 2).reshape(B, T, -1)",
    ),
    (
        "s3-code-merge-heads",
        "B, h, T, d_h = Y.shape\nreturn np.concatenate([Y[:, i] for i in range(h)], axis=-1)",
    ),
    (
        "s3-code-sliding-windows",
        "return sliding_window_view(x, k)[::step]",
    ),
    (
        "s3-code-sliding-windows",
        "return sliding_window_view(x, k)[::step].copy()",
    ),
    (
        "s3-code-sliding-windows",
        "n = (len(x) - k) // step + 1\nreturn np.array([x[i * step:i * step + k] for i in range(n)])",
    ),
    ("s3-code-batched-matmul", "return np.matmul(A, B)"),
    (
        "s3-code-batched-matmul",
        "return np.einsum('bnk,bkm->bnm', A, B)",
    ),
    (
        "s3-code-batched-matmul",
        "return (A[:, :, :, None] * B[:, None, :, :]).sum(axis=2, dtype=A.dtype)",
    ),
    (
        "s3-code-batched-matmul",
        "return np.stack([A[i] @ B[i] for i in range(A.shape[0])])",
    ),
    (
        "s3-code-attention-scores",
        "return np.einsum('bhqd,bhkd->bhqk', Q, K)",
    ),
    (
        "s3-code-attention-scores",
        "return Q @ np.swapaxes(K, 2, 3).copy()",
    ),
    (
        "s3-code-attention-scores",
        "return (Q[:, :, :, None, :] * K[:, :, None, :, :]).sum(axis=-1, dtype=Q.dtype)",
    ),
];

const HARNESS: &str = r#"
import ast
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view

def root(a):
    while getattr(a, "base", None) is not None:
        a = a.base
    return a

class Probe(ast.NodeTransformer):
    """Hands the value of every call, operator, subscript and attribute to __probe."""
    def visit(self, node):
        node = self.generic_visit(node)
        load = not isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del))
        if load and isinstance(node, (ast.Call, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Attribute)):
            return ast.copy_location(
                ast.Call(func=ast.Name("__probe", ast.Load()), args=[node], keywords=[]), node)
        return node

def call_of(expr, function):
    e = expr
    while True:
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == function:
            return e
        if isinstance(e, ast.Call):
            e = e.func
        elif isinstance(e, (ast.Attribute, ast.Subscript)):
            e = e.value
        else:
            raise ValueError("no call")

def inputs(case, function):
    call = call_of(ast.parse(case, mode="eval").body, function)
    g = {"np": np}
    return [eval(compile(ast.Expression(a), "<case>", "eval"), g) for a in call.args]

def largest_case(cases, function):
    best, best_bytes = None, -1
    for c in cases:
        size = sum(a.nbytes for a in inputs(c, function) if isinstance(a, np.ndarray))
        if size > best_bytes:
            best, best_bytes = c, size
    return best

def cost(src, case, function):
    args = inputs(case, function)
    roots = [root(a) for a in args if isinstance(a, np.ndarray)]
    seen = [0]
    def probe(v):
        if isinstance(v, np.ndarray):
            r = root(v)
            if not any(r is x for x in roots):
                seen[0] = max(seen[0], r.nbytes)
        return v
    tree = ast.fix_missing_locations(Probe().visit(ast.parse(src)))
    g = {"np": np, "__probe": probe, "__name__": "__measured__"}
    exec(compile(tree, "<answer>", "exec"), g)
    result = g[function](*args)
    view = any(np.shares_memory(result, a) for a in args if isinstance(a, np.ndarray))
    return seen[0], view

for src, cases, function in JOBS:
    peak, view = cost(src, largest_case(cases, function), function)
    print(peak, "view" if view else "new")
"#;

/// NumPy's `(peak bytes, result is a view)` for every `(id, body)`.
fn numpy_costs(all: &[(&str, &str)]) -> Vec<(u64, bool)> {
    let jobs: Vec<String> = all
        .iter()
        .map(|(id, body)| {
            let ex = exercise(id);
            let cases: Vec<String> = ex.cases.iter().map(|c| lit(c)).collect();
            format!(
                "({}, [{}], {})",
                lit(&fill(ex.template, body)),
                cases.join(", "),
                lit(ex.function)
            )
        })
        .collect();
    let script = format!("JOBS = [\n{}\n]\n{HARNESS}", jobs.join(",\n"));
    support::run_numpy(&["-"], &script)
        .lines()
        .map(|l| {
            let (peak, view) = l.split_once(' ').unwrap();
            (peak.parse().unwrap(), view == "view")
        })
        .collect()
}

#[test]
fn the_lab_measures_what_a_correct_answer_cost_as_numpy_does() {
    let mut all: Vec<(&str, &str)> = ARRAY_EXERCISES
        .iter()
        .map(|e| (e.id, e.reference))
        .collect();
    all.extend_from_slice(BODIES);
    let theirs = numpy_costs(&all);
    assert_eq!(theirs.len(), all.len());
    let mut failures = Vec::new();
    for ((id, body), (peak, view)) in all.iter().zip(&theirs) {
        let q = quiz::question(id).unwrap();
        let v = quiz::check(&q, body);
        let ours = v.cost.as_ref().map(|c| (c.peak_bytes, c.result_is_view));
        if !v.correct || ours != Some((*peak, *view)) {
            failures.push(format!(
                "{id}: {body:?}\n  ours: {ours:?} [{}] {}\n  NumPy: ({peak}, {view})",
                v.diagnosis, v.feedback.en
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
