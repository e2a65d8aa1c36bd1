//! The numbers the lab's panels print, against NumPy 2.4.6 itself: the broadcasting visualizer's
//! result shape, error, stride-0 views and per-axis verdicts for a few hundred drawn shape pairs;
//! `nbytes`; and the explanation's products (each slice's new stride, the start an index moves).
//! NumPy is the one `cargo xtask test` installs and names in `STRIDES_PYTHON`; without it the
//! test fails saying how to run it, never skipped.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::process::{Command, Stdio};
use std::rc::Rc;

use array_picture::Units;
use arrays::broadcast_view::{AxisStatus, view};
use arrays::explain::{Pick, Why, explain};
use arrays::facts::{index_shift, nbytes, slice_stride};
use arrays::value::Value;

const DRIVER: &str = r#"
import sys, json
import numpy as np
assert np.__version__ == "2.4.6", np.__version__

def run(src):
    env = {"np": np}
    lines = src.split("\n")
    exec("\n".join(lines[:-1]), env)
    return eval(lines[-1], env)

def status(x, y):
    try:
        np.broadcast_shapes((x,), (y,))
    except ValueError:
        return "incompatible"
    return "equal" if x == y else "stretched"

for line in sys.stdin:
    case = json.loads(line)
    if case[0] == "broadcast":
        a, b = case[1], case[2]
        n = max(len(a), len(b))
        pa, pb = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
        out = {"statuses": [status(x, y) for x, y in zip(pa, pb)]}
        try:
            np.empty(a, np.int8) + np.empty(b, np.int8)
            r = list(np.broadcast_shapes(tuple(a), tuple(b)))
            out["result"] = r
            out["strides"] = [list(np.broadcast_to(np.empty(s, np.int8), r).strides) for s in (a, b)]
        except ValueError as e:
            out["error"] = str(e)
        if len(a) == 1 and b == [a[0], 1] or len(b) == 1 and a == [b[0], 1]:
            n = a[0] if len(a) == 1 else b[0]
            out["table"] = (np.arange(n)[None, :] - np.arange(n)[:, None]).tolist()
    elif case[0] == "nbytes":
        out = int(run(case[1]).nbytes)
    else:
        env = {"np": np}
        lines = case[1].split("\n")
        exec("\n".join(lines[:-1]), env)
        v, base = eval(lines[-1], env), env["x"]
        shift = v.__array_interface__["data"][0] - base.__array_interface__["data"][0]
        out = {"strides": list(v.strides), "shift": shift}
    print(json.dumps(out), flush=True)
"#;

/// One python3 process answering every case, a JSON line each.
fn numpy(cases: &[String]) -> Vec<serde_json::Value> {
    let python = std::env::var("STRIDES_PYTHON").unwrap_or_else(|_| {
        panic!("set STRIDES_PYTHON to a python with NumPy 2.4.6 (cargo xtask test does; or STRIDES_PYTHON=$PWD/target/tools/numpy/bin/python)")
    });
    let mut child = Command::new(python)
        .args(["-c", DRIVER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python starts");
    {
        let mut stdin = child.stdin.take().unwrap();
        for c in cases {
            writeln!(stdin, "{c}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the NumPy driver failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A small deterministic generator (seeded), so the drawn cases are the same on every run.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn shape(&mut self) -> Vec<i64> {
        let ndim = self.below(4) as usize;
        (0..ndim)
            .map(|_| [1, 1, 2, 3, 4, 5, 0][self.below(7) as usize])
            .collect()
    }
}

#[test]
fn the_broadcasting_visualizer_agrees_with_numpy() {
    let mut draw = Draw(20261201);
    let mut pairs: Vec<(Vec<i64>, Vec<i64>)> =
        (0..400).map(|_| (draw.shape(), draw.shape())).collect();
    // The bug's pairs, both ways round, and the visualizer's examples.
    for n in 1..=4 {
        pairs.push((vec![n], vec![n, 1]));
        pairs.push((vec![n, 1], vec![n]));
    }
    pairs.extend([
        (vec![5, 1], vec![5]),
        (vec![3], vec![2, 4, 3]),
        (vec![3, 4], vec![3]),
        (vec![7, 1, 5], vec![1, 6, 5]),
    ]);
    let cases: Vec<String> = pairs
        .iter()
        .map(|(a, b)| serde_json::json!(["broadcast", a, b]).to_string())
        .collect();
    let expected = numpy(&cases);
    let mut failures = Vec::new();
    for ((a, b), want) in pairs.iter().zip(&expected) {
        let v = view(a, b, 12);
        let statuses: Vec<&str> = v.statuses.iter().map(|s| AxisStatus::key(*s)).collect();
        let mut got = serde_json::json!({ "statuses": statuses });
        match &v.result {
            Ok(r) => {
                got["result"] = serde_json::json!(r);
                let (sa, sb) = v.stretched.clone().unwrap();
                got["strides"] = serde_json::json!([sa, sb]);
            }
            Err(e) => got["error"] = serde_json::json!(e.to_string()),
        }
        if let Some(t) = &v.bug_table {
            got["table"] = serde_json::json!(t);
        }
        if &got != want {
            failures.push(format!("{a:?} {b:?}: NumPy {want}, lab {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        pairs.len(),
        failures.join("\n")
    );
}

const NBYTES: &[&str] = &[
    "np.arange(12.0).reshape(3, 4)",
    "np.arange(12, dtype=np.int32).reshape(3, 4).T",
    "np.arange(24).reshape(2, 3, 4)[:, ::2, 1:]",
    "np.zeros((3, 0))",
    "np.arange(5, dtype=np.uint8)[::-2]",
    "np.broadcast_to(np.arange(3.0), (4, 3))",
    "np.arange(6.0).astype(np.float32)",
    "np.arange(12.0).reshape(3, 4)[[0, 2]]",
];

const INDEXED: &[&str] = &[
    "x = np.arange(24.0).reshape(4, 6)\nx[1:, ::2]",
    "x = np.arange(24.0).reshape(4, 6)\nx[2, 1::3]",
    "x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)\nx[1, ::-1, 3]",
    "x = np.arange(24, dtype=np.int16).reshape(2, 3, 4)\nx[:, 2, ::-2]",
    "x = np.arange(60.0).reshape(3, 4, 5)\nx[-1, 1:3, -2]",
    "x = np.arange(10)\nx[7:2:-2]",
    "x = np.arange(12.0).reshape(3, 4)\nx[::2, 3]",
];

fn result(program: &str) -> Rc<arrays::array::Array> {
    match arrays::run(program).unwrap().value {
        Value::Array(a) => a,
        other => panic!("{program}: {other:?}"),
    }
}

#[test]
fn nbytes_and_the_explanations_products_agree_with_numpy() {
    let mut cases: Vec<String> = NBYTES
        .iter()
        .map(|p| serde_json::json!(["nbytes", p]).to_string())
        .collect();
    cases.extend(
        INDEXED
            .iter()
            .map(|p| serde_json::json!(["indexed", p]).to_string()),
    );
    let expected = numpy(&cases);
    for (program, want) in NBYTES.iter().zip(&expected) {
        assert_eq!(
            serde_json::json!(nbytes(&result(program).layout)),
            *want,
            "{program}"
        );
    }
    for (program, want) in INDEXED.iter().zip(&expected[NBYTES.len()..]) {
        let Why::Indexed { picks, .. } = explain(&result(program), Units::Bytes) else {
            panic!("{program}: not basic indexing")
        };
        let strides: Vec<i64> = picks
            .iter()
            .filter_map(|p| match p {
                Pick::Slice { stride, step, .. } => slice_stride(*stride, *step),
                _ => None,
            })
            .collect();
        let shift: i64 = picks
            .iter()
            .map(|p| match p {
                Pick::Int { index, stride, .. } => index_shift(*index, *stride).unwrap(),
                Pick::Slice {
                    start, stride, len, ..
                } if *len > 0 => index_shift(*start, *stride).unwrap(),
                _ => 0,
            })
            .sum();
        assert_eq!(
            serde_json::json!({"strides": strides, "shift": shift}),
            *want,
            "{program}"
        );
    }
}
