//! The honesty check: every exercise's reference and a list of right, wrong and hostile answers
//! go through this crate's `check` and through real CPython (`python3`) with the same harness
//! (fill the blank, run every case in fresh globals, compare `repr`, output and exception
//! class with the reference). Wherever CPython finishes, the verdicts must agree on correct or
//! not; a syntax error must be one for both. An answer the checker calls unsupported is never
//! called correct. Then batches of random expressions are compared with CPython's values.
//!
//! `python3` must be installed: without it these tests fail, they do not skip.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use python_subset::{EXERCISES, Exercise, Limits, check, fill};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

/// A Python string literal for `s`.
fn py_str(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => write!(out, "\\U{:08x}", c as u32).unwrap(),
        }
    }
    out.push('\'');
    out
}

/// Runs `script` with python3 under a wall-clock timeout; `None` if it did not finish.
fn python(script: &str, seconds: u32) -> Option<String> {
    let mut child = Command::new("timeout")
        .args([&seconds.to_string(), "python3", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run `timeout python3`: {e}. The honesty check needs CPython 3 (python3) and coreutils' timeout on PATH; it does not skip."));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    if out.status.code() == Some(127) {
        panic!(
            "python3 is not installed: the honesty check needs CPython 3 on PATH; it does not skip."
        );
    }
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

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
    for case in CASES:
        want = run(REF, case)
        got = run(SRC, case)
        if want[0] == "timeout":
            return "broken"
        if got[0] == "timeout":
            return "timeout"
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
    let ex = EXERCISES.iter().find(|e| e.id == id).unwrap();
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
            (
                "strides.insert(0, step); step *= size; print(step)",
                "wrong-output",
            ),
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
                "unsupported",
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
            ("[0] * 10**9", "limit"),
            ("{i: j}", "unsupported"),
            ("(lambda: buf[0])()", "unsupported"),
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

/// A tiny deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

fn arithmetic(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(10) {
            0 => rng
                .pick(&["0.5", "1.5", "-2.25", "3.0", "0.1", "1e16", "2.5e-5", "0.0"])
                .to_string(),
            1 => rng.pick(&["True", "False"]).to_string(),
            _ => (rng.below(15) as i64 - 5).to_string(),
        };
    }
    let a = arithmetic(rng, depth - 1);
    let b = arithmetic(rng, depth - 1);
    match rng.below(12) {
        0 => format!("(-{a})"),
        1 => format!("(not {a})"),
        2 => format!("({a} if {b} else {})", arithmetic(rng, depth - 1)),
        3 => format!("({a} ** {})", rng.below(6) as i64 - 2),
        4 => format!("({a} << {})", rng.below(5)),
        5 => format!("({a} < {b} <= {})", arithmetic(rng, depth - 1)),
        _ => {
            let op = rng.pick(&[
                "+", "-", "*", "/", "//", "%", "+", "-", "*", "//", "%", "==", "!=", "and", "or",
                ">=", "&", "|", "^", ">>",
            ]);
            format!("({a} {op} {b})")
        }
    }
}

fn slicing(rng: &mut Rng) -> String {
    let bound = |rng: &mut Rng| match rng.below(4) {
        0 => String::new(),
        _ => (rng.below(17) as i64 - 8).to_string(),
    };
    let seq = rng.pick(&[
        "[0, 1, 2, 3, 4, 5]",
        "(9, 8, 7)",
        "'abcdefg'",
        "[]",
        "range(2, 20, 3)",
    ]);
    let (a, b) = (bound(rng), bound(rng));
    match rng.below(4) {
        0 => format!("{seq}[{}]", rng.below(15) as i64 - 7),
        1 => format!("{seq}[{a}:{b}]"),
        _ => {
            let step = rng.pick(&["1", "2", "-1", "-2", "3", "0", ""]);
            format!("list({seq})[{a}:{b}:{step}]")
        }
    }
}

fn floats(rng: &mut Rng) -> String {
    let x = rng.below(2_000_000) as i64 - 1_000_000;
    let y = rng.below(999) as i64 + 1;
    let scale = rng.pick(&["1", "1e-7", "1e-3", "1e9", "1e15", "1e17", "3.0", "0.1"]);
    format!("{x} / {y} * {scale}")
}

/// Evaluates every expression with this crate and with CPython (one process) and compares.
fn compare_with_cpython(exprs: &[String], min_percent_compared: usize) {
    let limits = Limits::default();
    let mut script = String::from("exprs = [\n");
    for e in exprs {
        writeln!(script, "    {},", py_str(e)).unwrap();
    }
    script.push_str("]\nfor e in exprs:\n    try:\n        print(repr(eval(e)))\n    except Exception as ex:\n        print('!' + type(ex).__name__)\n");
    let out = python(&script, 120).expect("python3 did not finish the batch");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), exprs.len());
    let mut compared = 0;
    let mut failures = Vec::new();
    for (e, want) in exprs.iter().zip(theirs) {
        let ours = match python_subset::evaluate(e, &limits) {
            Ok(v) => v,
            Err(err) => match err.class() {
                Some(class) => format!("!{}", class.name()),
                // Integers beyond 64 bits and complex results are outside the subset.
                None => continue,
            },
        };
        compared += 1;
        if ours != want {
            failures.push(format!("{e}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        compared,
        failures.join("\n")
    );
    assert!(
        compared * 100 >= exprs.len() * min_percent_compared,
        "too few compared: {compared} of {}",
        exprs.len()
    );
}

#[test]
fn random_arithmetic_matches_cpython() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let exprs: Vec<String> = (0..3000).map(|_| arithmetic(&mut rng, 4)).collect();
    compare_with_cpython(&exprs, 90);
}

#[test]
fn random_indexing_and_slicing_match_cpython() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let exprs: Vec<String> = (0..2000).map(|_| slicing(&mut rng)).collect();
    compare_with_cpython(&exprs, 90);
}

#[test]
fn random_float_reprs_match_cpython() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let exprs: Vec<String> = (0..2000).map(|_| floats(&mut rng)).collect();
    compare_with_cpython(&exprs, 90);
}

/// Small programs over the whole subset: what they print and the class of what they raise
/// must be CPython's.
const PROGRAMS: &[&str] = &[
    "a = [1, 2]\nb = a\nb.append(3)\nprint(a, b is a, a == [1, 2, 3])",
    "a = [1]\na += (2, 3)\na *= 2\nprint(a)",
    "x = 5\ndef f():\n    print(x)\n    x = 1\nf()",
    "x = 5\ndef f():\n    return x * 2\nprint(f())",
    "def f(a, b=2, c=3):\n    return a + b * c\nprint(f(1), f(1, 3), f(1, c=0), f(c=1, a=2))",
    "def f(a):\n    pass\nf(1, 2)",
    "def f(a):\n    pass\nf(b=1)",
    "def f(a, b):\n    pass\nf()",
    "def f(x=[]):\n    x.append(1)\n    return x\nf()\nprint(f())",
    "print([x * y for x in range(3) for y in range(x) if y % 2 == 0])",
    "x = 10\nys = [x for x in range(3)]\nprint(x, ys)",
    "print([y for x in [1] if y for y in [2]])",
    "print(sum(x * x for x in range(10)), any(x > 8 for x in range(10)), all(x < 3 for x in []))",
    "print(any(1 / x for x in [1, 0]))",
    "print(all(10 // x for x in [0, 1]))",
    "a, (b, c) = 1, [2, 3]\nprint(a, b, c)",
    "a, b = [1, 2, 3]",
    "a, b = 1",
    "for i, (x, y) in enumerate(zip('ab', [3, 4]), start=1):\n    print(i, x, y)",
    "z = zip([1, 2], [3, 4])\nprint(list(z), list(z))",
    "r = reversed([1, 2, 3])\nprint(list(r), list(r), list(reversed('abc')), list(reversed(range(1, 10, 3))))",
    "print(list(range(10, 0, -3)), range(5)[-1], len(range(0, 10, 3)), 9 in range(0, 10, 3), range(3) == range(0, 3, 1))",
    "s = 'hello'\nprint(s[1:4], s[::-1], s[-1], len(s), 'ell' in s, s * 2, s + '!')",
    "t = (1, 2, 3)\nprint(t[1:], t[::2], t.index(2), t.count(5), t + (4,), t * 2, (1,) < (1, 2), tuple([1]))",
    "x = [3, 1, 2]\nx.sort()\nprint(x, sorted([3, 1, 2], reverse=True), sorted(['b', 'a']), sorted([(2, 'a'), (1, 'b')]))",
    "print(sorted([3, -1, 2], key=abs), min([4, 2, 8]), max(3, 9, 1), min([], default=0), max([1, -5], key=abs))",
    "print(sorted([1, 'a']))",
    "print(max([]))",
    "x = [1, 2, 3, 4]\nx.insert(-1, 9)\nx.insert(100, 7)\nprint(x, x.pop(), x.pop(0), x, x.index(9))\nx.remove(9)\nx.reverse()\nprint(x)",
    "x = []\nx.pop()",
    "x = [1]\nprint(x[1])",
    "x = [1, 2, 3]\nx[1] = 9\nx[-1] += 1\nx[0:1] = [7, 8]\nprint(x)\nx[::2] = [0, 0]\nprint(x)",
    "x = [1, 2, 3]\nx[::2] = [1]",
    "t = (1, 2)\nt[0] = 5",
    "print(7 // 2, -7 // 2, 7 % -3, -7 % 3, 2 ** 10, 2 ** -2, 7 / 2, 10.0 ** 300 * 10.0 ** 10, -0.0, 0.1 + 0.2)",
    "print(1 / 0)",
    "print(1 // 0)",
    "print(1 % 0)",
    "print(5.0 // 0)",
    "print(int('42'), int(' -7 '), int(3.9), int(-3.9), float('1.5'), float(2), str(1.0), bool([]), abs(-3), abs(-2.5))",
    "print(int('x'))",
    "print(float('abc'))",
    "print(divmod(7, -2), pow(2, 5), round(2.5), round(3.5), round(-0.5))",
    "print(isinstance(1, int), isinstance(True, int), isinstance(1.0, (int, float)), isinstance([], tuple))",
    "print(type(1) == int, type('a') is str, type([]))",
    "print(f'{3}-{\"x\"!r}-{2.5}-{[1, \"a\"]!r}-{(1,)}', f'{1 + 1}' f'{None}')",
    "x = 3\nprint(f'x={x} {x * 2} {[x]} {(x, x)}', f'{{braces}}')",
    "print('a', 'b', sep='-', end='!\\n')\nprint()\nprint(None, True, 1.5e-7, 1e16, [1.0, 'q'], (1,), ())",
    "print(', '.join(str(x) for x in range(3)))",
    "raise ValueError('bad shape')",
    "raise IndexError",
    "assert 1 == 2, 'nope'",
    "assert True\nprint('fine')",
    "print(undefined_name)",
    "x = None\nprint(x.shape)",
    "x = (1, 2)\nx.append(3)",
    "print(len(5))",
    "print([1] + (2,))",
    "print('a' + 1)",
    "print(-'a')",
    "print(1 < 'a')",
    "for x in 5:\n    pass",
    "print(None())",
    "i = 0\nwhile i < 10:\n    i += 1\n    if i == 3:\n        continue\n    if i == 6:\n        break\n    print(i, end=' ')\nelse:\n    print('no break')\nprint()",
    "for i in range(3):\n    pass\nelse:\n    print('done', i)",
    "x = 1 if [] else 2 if 0 else 3\nprint(x, 1 < 2 < 3, 1 < 3 < 2, 0 or 'a', 1 and 0, not 0, None is None, 1 is not None)",
    "a = []\na.append(a)\nprint(a, a == a)",
    "print([[0] * 2] * 2, [0] * -1, 'ab' * 0)",
    "def g(n):\n    if n == 0:\n        raise RuntimeError('bottom')\n    return g(n - 1)\ng(5)",
    "print(3 & 5, 3 | 5, 3 ^ 5, ~5, 1 << 10, -16 >> 2, True + True, True & False)",
    "print(ValueError('x'), repr(ValueError('x', 1)), str(KeyError('k')), repr(KeyError()))",
    "e = ValueError('boom')\nraise e",
    "raise 5",
    "print(0.1 * 3, 1 / 3, 2 / 3 * 3, 1e-5, float(123456789012345678), 1e22, float('inf'), -float('inf'))",
    "print(list(enumerate('ab')), list(zip()), list(zip([1], [])), max('abc'), min((3, 1), (2, 5)))",
    "x = [5, 3]\nfor v in x:\n    if v == 5:\n        x.append(1)\nprint(x)",
    "print(sum([0.1] * 10), sum([[1], [2]], []), sum(range(5), 10))",
    "print(sum(['a', 'b'], ''))",
    "print([1, 2, 3][5:1:-1], [1, 2, 3][-100:100], 'abc'[10:], [][::-1])",
    "def f():\n    return\nprint(f())",
    "def k(v):\n    print('k', v)\n    return -v\nprint(max((print('g', x) or x for x in range(3)), key=k))\nprint(sorted((print('g', x) or x for x in [2, 1]), key=k))",
    "print(max([1, 2], [1, 3]), min('b', 'a'), max([], default=None))",
    "print(repr('it\\'s'), repr(\"say \\\"hi\\\"\"), repr('tab\\there\\n'), repr('\\x00\\x7f'))",
];

#[test]
fn programs_match_cpython() {
    let limits = Limits::default();
    let mut script = String::from("import io, sys\nprogs = [\n");
    for p in PROGRAMS {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    out = io.StringIO()\n    old = sys.stdout\n    sys.stdout = out\n    try:\n        exec(p, {})\n        err = 'ok'\n    except Exception as e:\n        err = type(e).__name__\n    finally:\n        sys.stdout = old\n    print(repr((out.getvalue(), err)))\n",
    );
    let out = python(&script, 60).expect("python3 did not finish the programs");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), PROGRAMS.len());
    let mut failures = Vec::new();
    let mut unsupported = 0;
    for (p, want) in PROGRAMS.iter().zip(theirs) {
        let run = python_subset::run(p, &limits);
        let err = match &run.result {
            Ok(_) => "ok".to_string(),
            Err(e) => match e.class() {
                Some(c) => c.name().to_string(),
                None => {
                    unsupported += 1;
                    failures.push(format!("{p}\n  ours: {e}"));
                    continue;
                }
            },
        };
        let mut ours = String::from("(");
        let mut quoted = String::new();
        python_subset::value::str_repr(&run.output, &mut quoted);
        write!(ours, "{quoted}, '{err}')").unwrap();
        if ours != want {
            failures.push(format!("{p}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ ({unsupported} unsupported):\n{}",
        failures.len(),
        PROGRAMS.len(),
        failures.join("\n")
    );
}

fn float_literal(rng: &mut Rng) -> String {
    let digits: String = (0..1 + rng.below(17))
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    let point = rng.below(digits.len() as u64 + 1) as usize;
    let (a, b) = digits.split_at(point);
    let exp = match rng.below(3) {
        0 => String::new(),
        _ => format!("e{}", rng.below(61) as i64 - 30),
    };
    format!("{a}.{b}{exp}")
}

#[test]
fn random_float_literals_match_cpython_or_are_unsupported() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let exprs: Vec<String> = (0..3000).map(|_| float_literal(&mut rng)).collect();
    compare_with_cpython(&exprs, 50);
}

const SOUP: &[&str] = &[
    "x",
    "y",
    "f",
    "n",
    "s",
    "0",
    "1",
    "2.5",
    "'a'",
    "f'{x}'",
    "None",
    "True",
    "def",
    "return",
    "if",
    "elif",
    "else",
    "for",
    "in",
    "while",
    "break",
    "continue",
    "pass",
    "raise",
    "assert",
    "and",
    "or",
    "not",
    "is",
    "lambda",
    "class",
    "try",
    "except",
    "import",
    "global",
    "del",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "**",
    "==",
    "<",
    "=",
    "+=",
    ":",
    ",",
    ".",
    ";",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\n",
    "\n    ",
    "\n        ",
    " ",
    " ",
    " ",
    " ",
    "#c\n",
    "@",
    "...",
    ":=",
    "!",
    "yield",
    "async",
    "with",
    "as",
    "from",
    "match",
    "case",
    "_",
    "print",
    "range",
    "\t",
    "\\\n",
    "0x1f",
    "1_0",
    "1e5",
    "00",
    "012",
    "0b2",
    "1__0",
    "1.e3",
    "1j",
    "r'\\d'",
    "b'x'",
    "'''t'''",
    "'\\x4'",
    "'\\n'",
    "\"q",
    "f'{x!r}'",
    "f'{'",
    "f'}'",
    "f'{x=}'",
    "->",
    "**=",
    "//=",
    ">>",
    "<<",
    "&",
    "|",
    "^",
    "~",
    "!=",
    ">=",
    "nonlocal",
    "await",
    "é",
    "\u{a0}",
    "`",
    "$",
    "?",
    "[]",
    "()",
    "x[1:2]",
    "x.y",
    "f(x=1)",
    "f(*x)",
    "f(x for x in y)",
];

fn soup(rng: &mut Rng) -> String {
    let n = 1 + rng.below(14) as usize;
    (0..n).map(|_| rng.pick(SOUP)).collect::<Vec<_>>().join(" ")
}

fn mutated(rng: &mut Rng, seed: &str) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        if rng.below(2) == 0 && at < chars.len() {
            chars.remove(at);
        } else {
            for (k, c) in rng.pick(SOUP).chars().enumerate() {
                chars.insert(at + k, c);
            }
        }
    }
    chars.into_iter().collect()
}

/// Random and mutated programs: where this parser says `SyntaxError`, CPython's `compile`
/// must fail too; where CPython's fails, this parser must not accept the program.
#[test]
fn parser_agrees_with_cpython_compile() {
    let limits = Limits::default();
    let mut rng = Rng(0xfeed_beef_1234_5678);
    let seeds: Vec<String> = EXERCISES
        .iter()
        .map(|e| fill(e.template, e.reference))
        .collect();
    let programs: Vec<String> = (0..4000)
        .map(|i| {
            if i % 2 == 0 {
                soup(&mut rng)
            } else {
                let seed = seeds[rng.below(seeds.len() as u64) as usize].clone();
                mutated(&mut rng, &seed)
            }
        })
        .collect();
    let mut script = String::from("progs = [\n");
    for p in &programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    try:\n        compile(p, '<p>', 'exec')\n        print('ok')\n    except SyntaxError as e:\n        print('syntax')\n    except Exception as e:\n        print('other')\n",
    );
    let out = python(&script, 120).expect("python3 did not finish");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), programs.len());
    let mut failures = Vec::new();
    let mut counts = [0usize; 4];
    for (p, want) in programs.iter().zip(theirs) {
        let ours = match python_subset::Program::parse(p, &limits) {
            Ok(_) => "ok",
            Err(e) => match e.kind {
                python_subset::ErrorKind::Syntax(..) => "syntax",
                python_subset::ErrorKind::Unsupported(_) => "unsupported",
                _ => "limit",
            },
        };
        counts[match ours {
            "ok" => 0,
            "syntax" => 1,
            "unsupported" => 2,
            _ => 3,
        }] += 1;
        let agrees = match (ours, want) {
            ("syntax", w) => w != "ok",
            ("ok", w) => w == "ok",
            _ => true,
        };
        if !agrees {
            failures.push(format!("{p:?}\n  ours: {ours}, CPython: {want}"));
        }
    }
    println!(
        "ok {}, syntax {}, unsupported {}, limit {}",
        counts[0], counts[1], counts[2], counts[3]
    );
    assert!(
        failures.is_empty(),
        "{} disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn value_expr(rng: &mut Rng, depth: u32) -> String {
    let var = |rng: &mut Rng| rng.pick(&["a", "b", "c"]).to_string();
    if depth == 0 {
        return match rng.below(8) {
            0 => (rng.below(7) as i64 - 3).to_string(),
            1 => rng.pick(&["'ab'", "''", "'xyz'"]).to_string(),
            2 => rng
                .pick(&["[1, 2, 3]", "[]", "[0, -1]", "[[1], [2]]"])
                .to_string(),
            3 => rng.pick(&["(1, 2)", "()", "(3,)", "('a', 1)"]).to_string(),
            4 => rng
                .pick(&["True", "None", "0.5", "range(4)", "range(5, 0, -2)"])
                .to_string(),
            _ => var(rng),
        };
    }
    let x = value_expr(rng, depth - 1);
    let y = value_expr(rng, depth - 1);
    match rng.below(26) {
        0 => format!("{x}[{}]", rng.below(5) as i64 - 2),
        1 => format!(
            "{x}[{}:{}]",
            rng.below(5) as i64 - 2,
            rng.below(5) as i64 - 1
        ),
        2 => format!("{x}[::{}]", rng.pick(&["1", "-1", "2", "-2"])),
        3 => format!("len({x})"),
        4 => format!("sum({x})"),
        5 => format!("sorted({x})"),
        6 => format!("list(zip({x}, {y}))"),
        7 => format!("list(enumerate({x}))"),
        8 => format!("list(reversed({x}))"),
        9 => format!("min({x})"),
        10 => format!("max({x}, default=7)"),
        11 => format!("({x} + {y})"),
        12 => format!("({x} * {})", rng.below(3)),
        13 => format!("({x} == {y})"),
        14 => format!("({x} < {y})"),
        15 => format!("({x} in {y})"),
        16 => format!("[v * 2 for v in {x} if v]"),
        17 => format!("tuple({x})"),
        18 => format!("list({x})"),
        19 => format!("str({x})"),
        20 => format!("f'<{x}|{y}!r>'").replace("!r>", ">"),
        21 => format!("({x} if {y} else {})", value_expr(rng, depth - 1)),
        22 => format!("any({x})"),
        23 => format!("abs({x})"),
        24 => format!("int({x})"),
        _ => format!("({x} and {y} or {})", value_expr(rng, depth - 1)),
    }
}

fn program(rng: &mut Rng) -> String {
    let mut out = String::from("a = [3, 1, 2]\nb = 'hey'\nc = (4, 5)\n");
    for _ in 0..1 + rng.below(7) {
        let v = rng.pick(&["a", "b", "c"]);
        let depth = 1 + rng.below(2) as u32;
        let e = value_expr(rng, depth);
        let line = match rng.below(12) {
            0..=2 => format!("{v} = {e}"),
            3 => format!("{v}.append({e})"),
            4 => format!("{v}.insert({}, {e})", rng.below(5) as i64 - 2),
            5 => format!("print({v}.pop())"),
            6 => format!("{v}.extend({e})"),
            7 => format!("{v}[{}] = {e}", rng.below(5) as i64 - 2),
            8 => format!("{v} += {e}"),
            9 => format!("for w in {e}:\n    print(w, end=' ')"),
            10 => format!("if {e}:\n    print({v})\nelse:\n    print(repr({v}))"),
            _ => format!("print({e})"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("print(a, b, c)\n");
    out
}

/// Random small programs over lists, tuples, strings and ranges: output and the class of the
/// first exception must be CPython's.
#[test]
fn random_programs_match_cpython() {
    let limits = Limits::default();
    let mut rng = Rng(0x7777_aaaa_5555_3333);
    let programs: Vec<String> = (0..1500).map(|_| program(&mut rng)).collect();
    let mut script = String::from("import io, sys\nprogs = [\n");
    for p in &programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    out = io.StringIO()\n    old = sys.stdout\n    sys.stdout = out\n    try:\n        exec(p, {})\n        err = 'ok'\n    except Exception as e:\n        err = type(e).__name__\n    finally:\n        sys.stdout = old\n    print(repr((out.getvalue(), err)))\n",
    );
    let out = python(&script, 120).expect("python3 did not finish the programs");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), programs.len());
    let mut failures = Vec::new();
    let mut compared = 0;
    for (p, want) in programs.iter().zip(theirs) {
        let run = python_subset::run(p, &limits);
        let err = match &run.result {
            Ok(_) => "ok".to_string(),
            Err(e) => match e.class() {
                Some(c) => c.name().to_string(),
                None => continue,
            },
        };
        compared += 1;
        let mut quoted = String::new();
        python_subset::value::str_repr(&run.output, &mut quoted);
        let ours = format!("({quoted}, '{err}')");
        if ours != want {
            failures.push(format!("{p}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        compared * 10 >= programs.len() * 9,
        "too few compared: {compared}"
    );
}

fn int_expr(rng: &mut Rng, vars: &[&str], depth: u32) -> String {
    if depth == 0 || rng.below(3) == 0 {
        return match rng.below(3) {
            0 => (rng.below(9) as i64 - 3).to_string(),
            _ => rng.pick(vars).to_string(),
        };
    }
    let (a, b) = (
        int_expr(rng, vars, depth - 1),
        int_expr(rng, vars, depth - 1),
    );
    match rng.below(9) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} // {b})"),
        4 => format!("({a} % {b})"),
        5 => format!("max({a}, {b})"),
        6 => format!("({a} if {b} > 0 else -{a})"),
        7 => format!("len(range({a}, {b}))"),
        _ => format!("abs({a})"),
    }
}

/// A function over ints with locals, defaults, keywords, loops and early returns, and calls.
fn function_program(rng: &mut Rng) -> String {
    let mut out = String::from("g = 5\n");
    let default = rng.below(4) as i64;
    out.push_str(&format!("def f(x, y={default}):\n"));
    let mut body = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let vars = ["x", "y", "g", "z"];
        let e = int_expr(rng, &vars, 2);
        body.push(match rng.below(9) {
            0 | 1 => format!("z = {e}"),
            2 => format!("x += {e}"),
            3 => format!(
                "if {e} > {}:\n        return {}",
                rng.below(5),
                int_expr(rng, &vars, 1)
            ),
            4 => format!("for i in range({}):\n        y = y * 2 + i", rng.below(4)),
            5 => format!(
                "while x > 0 and y < 50:\n        x -= 1\n        y += {}",
                1 + rng.below(3)
            ),
            6 => format!("assert {e} != 99, 'ninety-nine'"),
            7 => format!("if {e} == 0:\n        raise ValueError('zero')"),
            _ => format!("print({e}, end=';')"),
        });
    }
    for line in body {
        out.push_str("    ");
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "    return {}\n",
        int_expr(rng, &["x", "y", "z", "g"], 2)
    ));
    for _ in 0..1 + rng.below(3) {
        let a = rng.below(7) as i64 - 2;
        let call = match rng.below(3) {
            0 => format!("f({a})"),
            1 => format!("f({a}, {})", rng.below(5)),
            _ => format!("f(y={}, x={a})", rng.below(5)),
        };
        out.push_str(&format!("print({call})\n"));
    }
    out
}

/// Random functions: locals, `UnboundLocalError`, defaults, keywords, loops, asserts, raises.
#[test]
fn random_functions_match_cpython() {
    let limits = Limits::default();
    let mut rng = Rng(0x4242_4242_1717_1717);
    let programs: Vec<String> = (0..1500).map(|_| function_program(&mut rng)).collect();
    let mut script = String::from("import io, sys\nprogs = [\n");
    for p in &programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    out = io.StringIO()\n    old = sys.stdout\n    sys.stdout = out\n    try:\n        exec(p, {})\n        err = 'ok'\n    except Exception as e:\n        err = type(e).__name__\n    finally:\n        sys.stdout = old\n    print(repr((out.getvalue(), err)))\n",
    );
    let out = python(&script, 120).expect("python3 did not finish the programs");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), programs.len());
    let mut failures = Vec::new();
    for (p, want) in programs.iter().zip(theirs) {
        let run = python_subset::run(p, &limits);
        let err = match &run.result {
            Ok(_) => "ok".to_string(),
            Err(e) => match e.class() {
                Some(c) => c.name().to_string(),
                None => format!("{e}"),
            },
        };
        let mut quoted = String::new();
        python_subset::value::str_repr(&run.output, &mut quoted);
        let ours = format!("({quoted}, '{err}')");
        if ours != want {
            failures.push(format!("{p}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}
