//! Authors' questions against NumPy itself: generated question files (seeded) of every ask whose
//! key the authored engine decides itself (`start`, `position` and `value` at an `index`,
//! `nbytes`, `view-or-copy`, `which-copy`, `error`) over many setups, dtypes and operations; one
//! python process computes each key with NumPy's own attributes, data pointers and
//! `np.shares_memory`. A question whose `of` NumPy refuses must be unusable, naming `of`. NumPy is
//! `STRIDES_PYTHON`'s (see numpy_agrees.rs); without it the test fails saying how to run it.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::collections::BTreeMap;

use quiz::authored::{self, Authored};
use serde_json::json;

const DRIVER: &str = r#"
import json, sys
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view
assert np.__version__ == "2.4.6", np.__version__

def addr(a):
    return a.__array_interface__["data"][0]

def owner(v):
    while isinstance(v.base, np.ndarray):
        v = v.base
    return v

def num(x):
    x = float(x)
    return str(int(x)) if x == int(x) and abs(x) < 1e15 else repr(x)

def key(case):
    env = {"np": np, "as_strided": as_strided, "sliding_window_view": sliding_window_view}
    exec(case["setup"], env)
    first = env["x"]
    ask = case["ask"]
    if ask == "which-copy":
        try:
            picks = [chr(65 + k) for k, o in enumerate(case["options"])
                     if not np.shares_memory(first, eval(o, env))]
        except Exception as e:
            return "RAISES " + type(e).__name__
        return ", ".join(picks)
    try:
        r = eval(case["of"], env)
    except Exception as e:
        return type(e).__name__ if ask == "error" else "RAISES " + type(e).__name__
    if ask == "error":
        return "none"
    if ask == "view-or-copy":
        return "A" if np.shares_memory(first, r) else "B"
    if ask == "nbytes":
        return num(r.nbytes)
    if ask == "start":
        b = addr(r) - addr(owner(r))
        return num(b if case["units"] == "bytes" else b // r.itemsize)
    idx = tuple(case["index"])
    if ask == "value":
        return num(r[idx])
    if ask == "position":
        b = addr(r[tuple(slice(i, (i + 1) or None) for i in idx)]) - addr(owner(r))
        return num(b if case["units"] == "bytes" else b // r.itemsize)
    raise AssertionError(ask)

for line in sys.stdin:
    case = json.loads(line)
    try:
        print(case["id"] + "\t" + key(case))
    except Exception as e:
        print(case["id"] + "\tPYTHON-ERROR " + type(e).__name__ + ": " + str(e))
"#;

/// Operations on `x` (a 2-d array): views, copies, and some that raise.
const OPS: &[(&str, usize)] = &[
    ("x", 2),
    ("x.T", 2),
    ("x[::2]", 2),
    ("x[1:, ::-1]", 2),
    ("x.reshape(-1)", 1),
    ("x.T.reshape(-1)", 1),
    ("x.ravel()", 1),
    ("x.T.ravel()", 1),
    ("x.flatten()", 1),
    ("x[[0, 1]]", 2),
    ("x[x > 3]", 1),
    ("x.copy()", 2),
    ("x + 1", 2),
    ("x.astype(np.float32)", 2),
    ("np.swapaxes(x, 0, 1)", 2),
    ("x[:, 1:3]", 2),
    ("x.reshape(2, -1)", 2),
    ("x.T.copy()", 2),
    ("np.ascontiguousarray(x.T)", 2),
    ("x[::-1, ::2].T", 2),
    ("x[..., None]", 3),
    ("x.transpose()", 2),
    ("np.moveaxis(x, 0, -1)", 2),
    ("x[1]", 1),
    ("x[None]", 3),
    ("x[1:][::2]", 2),
    ("x.T[::-1]", 2),
    ("np.broadcast_to(x[0], (3,) + x[0].shape)", 2),
    ("x[-1:, ::-2]", 2),
    // Options above this line run on every setup; these raise.
    ("x.reshape(5, -1)", 2),
    ("x[7]", 1),
    ("x + np.ones(7)", 2),
    ("x.transpose(0, 0)", 2),
    ("x[:, 9]", 1),
];

/// How many of [`OPS`] never raise (the which-copy options are drawn from them).
const RUNNING: usize = 29;

const SHAPES: &[(i64, i64)] = &[(3, 4), (4, 6), (6, 2), (2, 6), (5, 3)];
const DTYPES: &[&str] = &["int16", "int32", "int64", "float32", "float64", "uint8"];

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// Seeded question files: each question as JSON, for us and for the driver.
fn questions(seed: u64, count: usize) -> Vec<serde_json::Value> {
    let mut rng = SplitMix(seed);
    let asks = [
        "start",
        "position",
        "value",
        "nbytes",
        "view-or-copy",
        "which-copy",
        "error",
    ];
    (0..count)
        .map(|n| {
            let (r, c) = *rng.pick(SHAPES);
            let dt = rng.pick(DTYPES);
            let setup = format!("x = np.arange({}, dtype=np.{dt}).reshape({r}, {c})", r * c);
            let (of, ndim) = *rng.pick(OPS);
            let ask = *rng.pick(&asks);
            let mut q = json!({
                "id": format!("g{seed}-{n}"), "ask": ask, "setup": setup, "of": of,
                "prompt": {"en": "?", "es": "¿?"},
            });
            match ask {
                "start" | "position" => {
                    q["units"] = json!(if rng.next() % 2 == 0 {
                        "bytes"
                    } else {
                        "elements"
                    })
                }
                "which-copy" => {
                    let options: Vec<&str> = (0..4).map(|_| rng.pick(&OPS[..RUNNING]).0).collect();
                    q["options"] = json!(options);
                }
                _ => {}
            }
            if matches!(ask, "position" | "value") {
                // The last element: [-1, -1] where the result has two axes (negative indices
                // count from the end, as in NumPy).
                let index: Vec<i64> = vec![-1; ndim];
                q["index"] = json!(index);
            }
            q
        })
        .collect()
}

fn numpy_keys(cases: &[serde_json::Value]) -> BTreeMap<String, String> {
    let input: String = cases.iter().map(|c| format!("{c}\n")).collect();
    support::run_numpy(&["-c", DRIVER], &input)
        .lines()
        .map(|l| {
            let (id, key) = l.split_once('\t').unwrap();
            (id.to_string(), key.to_string())
        })
        .collect()
}

#[test]
fn authored_keys_agree_with_numpy() {
    let mut cases = Vec::new();
    for seed in [7, 17_000, 20_261_201] {
        cases.extend(questions(seed, 150));
    }
    let numpy = numpy_keys(&cases);
    let (mut agreed, mut refused) = (0, 0);
    let mut failures = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap();
        let theirs = &numpy[id];
        let q: Authored = serde_json::from_value(case.clone()).unwrap();
        match (authored::compile(&q), theirs.strip_prefix("RAISES ")) {
            (Ok(v), None) if v[0].key == *theirs => agreed += 1,
            (Err(e), Some(_)) if e.field == "of" || e.field.starts_with("options[") => refused += 1,
            (ours, _) => failures.push(format!(
                "{id} {} of {}: we say {}, NumPy says {theirs}",
                case["ask"],
                case["of"],
                match ours {
                    Ok(v) => v[0].key.clone(),
                    Err(e) => e.to_string(),
                }
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(agreed >= 300, "only {agreed} keys compared");
    println!(
        "{agreed} authored keys agree with NumPy; {refused} questions NumPy refuses are unusable"
    );
}
