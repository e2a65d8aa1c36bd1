//! The honesty check: every exercise's reference and a list of right, wrong and hostile answers
//! go through this crate's `check` and through real CPython (`python3`) with the same harness
//! (fill the blank, run every case in fresh globals, compare `repr` and exception class with the
//! reference, and printed output too when the reference prints). Wherever CPython finishes, the
//! verdicts must agree on correct or not; a syntax error must be one for both, and an empty
//! answer is one for CPython (or at least not correct). An answer the checker calls unsupported
//! is never called correct. The other `cpython_*` tests compare expressions, programs and the
//! parser.
//!
//! `python3` must be installed: without it these tests fail, they do not skip.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::{EXERCISES, Exercise, Limits, check, fill};
use std::fmt::Write as _;
use support::{py_str, python};

#[test]
fn python3_is_there() {
    let v = python("import sys; print(sys.version_info[0])", 20).expect("python3 did not run");
    assert_eq!(v.trim(), "3", "python3 must be CPython 3");
}

/// The harness, in Python: the same comparison as `check`.
const HARNESS: &str = r#"
import sys, io, signal, resource
resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))
class Timeout(BaseException):
    pass
def on_alarm(*_):
    raise Timeout()
signal.signal(signal.SIGALRM, on_alarm)
def run(src, case):
    g = {"__name__": "__checked__"}
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        exec(compile(src, "<answer>", "exec"), g)
        r = eval(case, g)
        return ("ret", repr(r), out.getvalue())
    except Timeout:
        return ("timeout",)
    except BaseException as e:
        return ("raise", type(e).__name__, out.getvalue())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdout = old
def verdict():
    try:
        compile(SRC, "<answer>", "exec")
    except SyntaxError:
        return "syntax-error"
    except ValueError:
        return "syntax-error"
    wants = [run(REF, case) for case in CASES]
    if any(want[0] == "timeout" for want in wants):
        return "broken"
    # Printed output is judged only where the reference prints.
    judge_output = any(want[-1] for want in wants)
    for case, want in zip(CASES, wants):
        got = run(SRC, case)
        if got[0] == "timeout":
            return "timeout"
        if not judge_output:
            got, want = got[:-1], want[:-1]
        if got != want:
            return "incorrect"
    return "correct"
print(verdict())
"#;

fn cpython_verdict(ex: &Exercise, answer: &str) -> String {
    let mut script = String::new();
    writeln!(script, "REF = {}", py_str(&fill(ex.template, ex.reference))).unwrap();
    writeln!(script, "SRC = {}", py_str(&fill(ex.template, answer))).unwrap();
    let cases: Vec<String> = ex.cases.iter().map(|c| py_str(c)).collect();
    writeln!(script, "CASES = [{}]", cases.join(", ")).unwrap();
    script.push_str(HARNESS);
    match python(&script, 60) {
        Some(out) => out.lines().last().unwrap_or("").to_string(),
        None => "unfinished".into(),
    }
}

/// Checks every answer (with the verdict kind this crate must give) against CPython.
fn honesty(id: &str, answers: &[(&str, &str)]) {
    honesty_of(EXERCISES.iter().find(|e| e.id == id).unwrap(), answers);
}

/// [`honesty`] for any exercise.
fn honesty_of(ex: &Exercise, answers: &[(&str, &str)]) {
    let id = ex.id;
    let limits = Limits::default();
    let mut all = vec![(ex.reference, "correct")];
    all.extend_from_slice(answers);
    assert!(
        all.len() >= 11,
        "{id}: at least ten answers besides the reference"
    );
    let mut failures = Vec::new();
    for (answer, want_kind) in all {
        // Debug builds use far more stack per nesting level than the release build the page
        // ships; give the deep-recursion answers room.
        let ours = std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, || check(ex, answer, &limits))
                .unwrap()
                .join()
                .unwrap()
        });
        let theirs = cpython_verdict(ex, answer);
        let agrees = match (ours.kind(), theirs.as_str()) {
            (_, "broken") => false,
            ("unsupported", _) => true,
            ("syntax-error", t) => t == "syntax-error",
            ("empty-answer", t) => t != "correct",
            (_, "syntax-error") => false,
            ("correct", t) => t == "correct",
            (_, "timeout" | "unfinished") => true,
            (_, t) => t == "incorrect",
        };
        if !agrees || ours.kind() != want_kind {
            failures.push(format!(
                "answer {answer:?}\n  ours: {ours:?} (wanted {want_kind})\n  CPython: {theirs}"
            ));
        }
    }
    assert!(failures.is_empty(), "{id}:\n{}", failures.join("\n"));
}

#[test]
fn contiguous_strides_agrees_with_cpython() {
    honesty(
        "u1-code-contiguous-strides",
        &[
            ("strides = [step] + strides; step = step * size", "correct"),
            ("strides.insert(0, step)\nstep *= size", "correct"),
            ("    strides[:0] = [step]\n    step *= size\n", "correct"),
            ("strides.insert(0, step); step = size * step", "correct"),
            ("strides.append(step); step *= size", "wrong-result"),
            ("strides.insert(0, step)", "wrong-result"),
            ("step *= size; strides.insert(0, step)", "wrong-result"),
            ("strides.insert(0, size)", "wrong-result"),
            // The reference prints nothing, so prints are not judged.
            (
                "strides.insert(0, step); step *= size; print(step)",
                "correct",
            ),
            (
                "print(size, step); strides.insert(0, step); step *= size",
                "correct",
            ),
            (
                "print(strides); strides.append(step); step *= size",
                "wrong-result",
            ),
            ("", "empty-answer"),
            ("  \n\t\n", "empty-answer"),
            // Names beyond ASCII, as Python reads them.
            (
                "étape = step; strides.insert(0, étape); step = étape * size",
                "correct",
            ),
            (
                "größe = size; strides.insert(0, step); step *= größe",
                "correct",
            ),
            (
                "pas = step; strides.insert(0, pas); step *= taille",
                "name-error",
            ),
            (
                "ﬁ = step; strides.insert(0, fi); step *= size",
                "unsupported",
            ),
            ("x² = step", "syntax-error"),
            ("# insert the stride\n", "empty-answer"),
            ("strides.insert(0 step); step *= size", "syntax-error"),
            ("strides.insert(0, step)\n  step *= size", "syntax-error"),
            ("strides.insert(0, step)\n\tstep *= size", "syntax-error"),
            ("strides.insert(0, stride); step *= size", "name-error"),
            (
                "strides.insert(0, step); step *= size; strides[5]",
                "runtime-error",
            ),
            ("while True: pass", "limit"),
            ("strides.insert(0, [0] * 10**9)", "limit"),
            ("x = 10**100", "limit"),
            (
                "strides.insert(0, step); step *= size; strides.append(strides); strides.pop()\nstrides.extend(strides)",
                "wrong-result",
            ),
            (
                "try:\n    strides.insert(0, step)\nexcept Exception:\n    pass\nstep *= size",
                "unsupported",
            ),
            (
                "import math\nstrides.insert(0, step); step *= size",
                "unsupported",
            ),
            (
                "strides.insert(0, (lambda: step)()); step *= size",
                "correct",
            ),
            ("class A: pass", "unsupported"),
        ],
    );
}

#[test]
fn read_agrees_with_cpython() {
    honesty(
        "u1-code-read",
        &[
            ("buf[offset + j * strides[1] + i * strides[0]]", "correct"),
            ("buf[i * strides[0] + offset + j * strides[1]]", "correct"),
            (
                "buf[sum([offset, i * strides[0], j * strides[1]])]",
                "correct",
            ),
            (
                "buf[offset + sum(a * b for a, b in zip((i, j), strides))]",
                "correct",
            ),
            ("buf[i * strides[0] + j * strides[1]]", "wrong-result"),
            (
                "buf[offset + j * strides[0] + i * strides[1]]",
                "runtime-error",
            ),
            (
                "buf[offset + i * strides[0] + j * strides[1] - offset]",
                "wrong-result",
            ),
            ("buf[offset + i * cols + j]", "wrong-result"),
            (
                "buf[offset + i * strides[0] + j * strides[1] + 1]",
                "runtime-error",
            ),
            (
                "buf[offset + i * strides[0] + j * strides[1]",
                "syntax-error",
            ),
            (
                "buf[offset + i * strides[0] + j * strides[1]] # the address",
                "syntax-error",
            ),
            ("buf[offst + i * strides[0] + j * strides[1]]", "name-error"),
            ("read(buf, shape, strides, offset)", "limit"),
            ("", "empty-answer"),
            (
                "print(i, j) or buf[offset + i * strides[0] + j * strides[1]]",
                "correct",
            ),
            ("[0] * 10**9", "limit"),
            ("{i: j}", "wrong-result"),
            ("(lambda: buf[0])()", "wrong-result"),
        ],
    );
}

/// An exercise whose reference prints: there, printed output is judged.
const PRINTS: Exercise = Exercise {
    id: "test-prints",
    template: "def show(xs):\n    for x in xs:\n        ____\n",
    reference: "print(x * 2)",
    cases: &["show([1, 2, 3])", "show([])", "show([-1.5])"],
    function: "show",
};

#[test]
fn printing_is_judged_where_the_reference_prints() {
    honesty_of(
        &PRINTS,
        &[
            ("print(2 * x)", "correct"),
            ("print(x + x)", "correct"),
            ("y = x * 2\nprint(y)", "correct"),
            ("print(f'{x * 2}')", "correct"),
            ("print(x * 3)", "wrong-output"),
            ("print(x * 2); print()", "wrong-output"),
            ("print(x, x * 2)", "wrong-output"),
            ("print(int(x * 2))", "wrong-output"),
            ("pass", "wrong-output"),
            ("print(x * 2)\nreturn x", "wrong-result"),
            ("print(x * 2", "syntax-error"),
            ("", "empty-answer"),
            ("print(x * 2 / 0)", "runtime-error"),
        ],
    );
}

#[test]
fn broadcast_shape_agrees_with_cpython() {
    honesty(
        "s3-code-broadcast-shape",
        &[
            (
                "out = []\na, b = list(s1), list(s2)\nwhile a or b:\n    x = a.pop() if a else 1\n    y = b.pop() if b else 1\n    if x != y and x != 1 and y != 1:\n        raise ValueError('mismatch')\n    out.insert(0, y if x == 1 else x)\nreturn tuple(out)",
                "correct",
            ),
            (
                "n = max(len(s1), len(s2))\na = [1] * (n - len(s1)) + list(s1)\nb = [1] * (n - len(s2)) + list(s2)\nres = []\nfor i in range(n):\n    if a[i] != b[i] and 1 not in (a[i], b[i]):\n        raise ValueError(f'cannot broadcast {s1} with {s2}')\n    res.append(b[i] if a[i] == 1 else a[i])\nreturn tuple(res)",
                "correct",
            ),
            (
                "n = max(len(s1), len(s2))\na = (1,) * (n - len(s1)) + s1\nb = (1,) * (n - len(s2)) + s2\nout = []\nfor x, y in zip(a, b):\n    if x != y and x != 1 and y != 1:\n        raise ValueError\n    out.append(x if y == 1 else y)\nreturn out",
                "wrong-result",
            ),
            (
                "n = max(len(s1), len(s2))\na = tuple(s1) + (1,) * (n - len(s1))\nb = tuple(s2) + (1,) * (n - len(s2))\nout = []\nfor x, y in zip(a, b):\n    if x != y and x != 1 and y != 1:\n        raise ValueError\n    out.append(x if y == 1 else y)\nreturn tuple(out)",
                "wrong-result",
            ),
            (
                "n = max(len(s1), len(s2))\na = (1,) * (n - len(s1)) + s1\nb = (1,) * (n - len(s2)) + s2\nreturn tuple(max(x, y) for x, y in zip(a, b))",
                "wrong-result",
            ),
            (
                "n = max(len(s1), len(s2))\na = (1,) * (n - len(s1)) + s1\nb = (1,) * (n - len(s2)) + s2\nout = []\nfor x, y in zip(a, b):\n    if x != y and x != 1 and y != 1:\n        raise TypeError('mismatch')\n    out.append(x if y == 1 else y)\nreturn tuple(out)",
                "runtime-error",
            ),
            ("raise ValueError", "runtime-error"),
            ("pass", "wrong-result"),
            ("while True: pass", "limit"),
            ("return broadcast_shape(s1, s2)", "limit"),
            ("if s1 = s2:\n    return s1", "syntax-error"),
            (
                "import numpy as np\nreturn np.broadcast_shapes(s1, s2)",
                "unsupported",
            ),
            ("return tuple(map(max, s1, s2))", "unsupported"),
            ("return {**s1}", "unsupported"),
        ],
    );
}

#[test]
fn window_count_agrees_with_cpython() {
    honesty(
        "s3-code-sliding-window-count",
        &[
            ("return max(0, (n - k) // step + 1)", "correct"),
            ("return len(range(0, n - k + 1, step))", "correct"),
            (
                "if k > n:\n    return 0\nreturn (n - k) // step + 1",
                "correct",
            ),
            (
                "count = 0\ni = 0\nwhile i + k <= n:\n    count += 1\n    i += step\nreturn count",
                "correct",
            ),
            (
                "return sum(1 for _ in range(0, n - k + 1, step))",
                "correct",
            ),
            ("return (n - k) // step + 1", "wrong-result"),
            ("return n - k + 1", "wrong-result"),
            ("return (n - k + 1) // step", "wrong-result"),
            ("return (n - k) / step + 1 if k <= n else 0", "wrong-result"),
            ("return (n - k) // stp + 1", "name-error"),
            (
                "return (n - k) // step + 1 if k <= n else 0 +",
                "syntax-error",
            ),
            ("while True: pass", "limit"),
            ("i = 0\nwhile i < n: i += 0", "limit"),
            ("return window_count(n, k, step)", "limit"),
            ("return 10**100", "limit"),
            ("return len([0] * 10**9)", "limit"),
            ("return len(list(range(10**9)))", "limit"),
            ("for i in range(10**12): pass", "limit"),
        ],
    );
}

#[test]
fn split_heads_shape_agrees_with_cpython() {
    honesty(
        "s3-code-split-heads-shape",
        &[
            (
                "B, T, d = shape\nif d % h:\n    raise ValueError('bad')\nreturn B, h, T, d // h",
                "correct",
            ),
            (
                "if shape[2] % h != 0: raise ValueError\nreturn (shape[0], h, shape[1], shape[2] // h)",
                "correct",
            ),
            ("B, T, d = shape\nreturn (B, h, T, d // h)", "wrong-result"),
            (
                "B, T, d = shape\nif d % h != 0:\n    raise ValueError('x')\nreturn (B, T, h, d // h)",
                "wrong-result",
            ),
            (
                "return [shape[0], h, shape[1], shape[2] // h]",
                "wrong-result",
            ),
            (
                "B, T, d = shape\nassert d % h == 0\nreturn (B, h, T, d // h)",
                "runtime-error",
            ),
            ("B, T = shape\nreturn B", "runtime-error"),
            ("B, T, d = shape\nreturn (B, h, T, d / h)", "wrong-result"),
            ("B, T, d = shape\nreturn (B, h, T, D // h)", "name-error"),
            (
                "B, T, d = shape\n    return (B, h, T, d // h)",
                "syntax-error",
            ),
            ("B, T, d = shape\nreturn (B, h, T, d // h", "syntax-error"),
            ("while True: pass", "limit"),
            ("with open('x') as f: pass", "unsupported"),
        ],
    );
}
