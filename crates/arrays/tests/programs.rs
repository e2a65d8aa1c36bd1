//! Multi-line programs in the one Python (def, loops, comprehensions, print) over NumPy and
//! PyTorch, against the libraries themselves: each row's result was recorded by
//! `tests/corpus/record.py` and its printed output by running the same program with
//! `/work/venv/bin/python` (NumPy 2.4.6, PyTorch 2.15.0, with `np`, `torch`, `as_strided` and
//! `sliding_window_view` imported as the lab predefines them). Also CPython's answers where the
//! lab's two old dialects disagreed (`python3`, CPython 3.11).

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

mod support;

use serde_json::Value as Json;

/// (program, recorded result, recorded stdout).
const PROGRAMS: &[(&str, &str, &str)] = &[
    (
        "x = np.arange(6).reshape(2, 3)\n[a.strides for a in (x, x.T)]",
        r#"{"type": "list", "value": [[24, 8], [8, 24]]}"#,
        "",
    ),
    (
        "def heads(X, h):\n    n, d = X.shape\n    return X.reshape(n, h, d // h).transpose(1, 0, 2)\nx = np.arange(24.0).reshape(4, 6)\ny = heads(x, 2)\ny",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 4, 3], "strides": [24, 48, 8], "values": [0.0, 1.0, 2.0, 6.0, 7.0, 8.0, 12.0, 13.0, 14.0, 18.0, 19.0, 20.0, 3.0, 4.0, 5.0, 9.0, 10.0, 11.0, 15.0, 16.0, 17.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "x = np.arange(12).reshape(3, 4)\nv = x[:, 1]\nfor i in range(3):\n    v[i] += 10 * i\nx",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 4], "strides": [32, 8], "values": [0, 1, 2, 3, 4, 15, 6, 7, 8, 29, 10, 11], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "x = np.arange(6.0)\nrows = [x[i:i + 3].sum() for i in range(4)]\nprint(rows)\nnp.array(rows)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [3.0, 6.0, 9.0, 12.0], "view": false, "writeable": true}"#,
        "[np.float64(3.0), np.float64(6.0), np.float64(9.0), np.float64(12.0)]\n",
    ),
    (
        "x = np.arange(10)\ntotal = 0\nfor row in x.reshape(5, 2):\n    if row[0] % 4 == 0:\n        total += row.sum()\n    else:\n        continue\ntotal",
        r#"{"dtype": "int64", "scalar": true, "values": [27]}"#,
        "",
    ),
    (
        "def f(a, scale=2):\n    return a * scale\nt = torch.arange(6).reshape(2, 3)\n[f(r, scale=3).tolist() for r in t]",
        r#"{"type": "list", "value": [[0, 3, 6], [9, 12, 15]]}"#,
        "",
    ),
    (
        "x = np.arange(12.0).reshape(3, 4)\nprint(x.shape, x.strides, x.T.flags['C_CONTIGUOUS'])\nprint(x[1].shape, x.dtype, type(x[0, 0]))\nx[1:, ::2]",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 32, "owndata": false, "shape": [2, 2], "strides": [32, 16], "values": [4.0, 6.0, 8.0, 10.0], "view": true, "writeable": true}"#,
        "(3, 4) (32, 8) False\n(4,) float64 <class 'numpy.float64'>\n",
    ),
    (
        "x = np.zeros((2, 3))\nn = 0\nwhile n < 3:\n    x[:, n] = n + 1\n    n += 1\nx.T",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [8, 24], "values": [1.0, 1.0, 2.0, 2.0, 3.0, 3.0], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "def windows(a, w):\n    return as_strided(a, (a.size - w + 1, w), (a.strides[0], a.strides[0]))\nx = np.arange(6)\nwindows(x, 3)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [4, 3], "strides": [8, 8], "values": [0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "x = np.arange(4.0)\nx[np.array([1, 3])] += 5\nx",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [0.0, 6.0, 2.0, 8.0], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "t = torch.arange(12).reshape(3, 4)\nprint(t.stride(), tuple(t.shape))\n[c.is_contiguous() for c in (t, t.t(), t[:, 1:])]",
        r#"{"type": "list", "value": [true, false, false]}"#,
        "(4, 1) (3, 4)\n",
    ),
    (
        "x = np.arange(6.0)\ny = x[1:]\ndef scale(a, k=2):\n    a *= k\n    return a\nz = scale(y[::2])\nx",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [0.0, 2.0, 2.0, 6.0, 4.0, 10.0], "view": true, "writeable": true}"#,
        "",
    ),
    (
        "x = np.arange(8).reshape(2, 4)\nfor i, row in enumerate(x):\n    print(i, row.strides, row.base is x)\n[r.shape for r in x]",
        r#"{"type": "list", "value": [[4], [4]]}"#,
        "0 (8,) False\n1 (8,) False\n",
    ),
    (
        "def pairwise(X):\n    d = X[:, None, :] - X[None, :, :]\n    return (d * d).sum(axis=-1)\npairwise(np.arange(6.0).reshape(3, 2))",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [24, 8], "values": [0.0, 8.0, 32.0, 8.0, 0.0, 8.0, 32.0, 8.0, 0.0], "view": false, "writeable": true}"#,
        "",
    ),
    (
        "x = np.arange(24).reshape(2, 3, 4)\nshapes = []\nfor axis in range(x.ndim):\n    shapes.append(x.sum(axis=axis).shape)\nprint(shapes)\nx.transpose(2, 0, 1).strides",
        r#"{"type": "tuple", "value": [8, 96, 32]}"#,
        "[(3, 4), (2, 4), (2, 3)]\n",
    ),
];

#[test]
fn programs_with_functions_loops_and_comprehensions_answer_as_numpy_does() {
    let rows: Vec<(&str, &str)> = PROGRAMS.iter().map(|(p, e, _)| (*p, *e)).collect();
    support::check_table(&rows);
}

#[test]
fn print_writes_what_python_prints() {
    let mut failures = Vec::new();
    for (program, _, stdout) in PROGRAMS {
        let got = support::printed(program);
        let printed = got.get("stdout").and_then(Json::as_str).unwrap_or("");
        if printed != *stdout {
            failures.push(format!(
                "--- {program}\n  expected {stdout:?}\n  got      {printed:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// CPython 3.11's answers (recorded with `python3`) where the old expression language gave
/// another: `0 ** -1` was `inf`, `range` was eager, `type(x)` a string, and strings were
/// always quoted with `'`.
#[test]
fn where_the_old_dialects_disagreed_cpython_wins() {
    support::check_table(&[
        (
            "0 ** -1",
            r#"{"error": "ZeroDivisionError", "message": "0.0 cannot be raised to a negative power"}"#,
        ),
        ("range(3)", r#"{"type": "range", "value": "range(0, 3)"}"#),
        ("type(1)", r#"{"type": "type", "value": "<class 'int'>"}"#),
        ("repr(\"it's\")", r#"{"type": "str", "value": "\"it's\""}"#),
        (
            "x = [1, 2]\ny = x\ny.append(3)\nx",
            r#"{"type": "list", "value": [1, 2, 3]}"#,
        ),
    ]);
}

/// A function's result that is a view of the program's first array is named as one: the first
/// array is found through the call.
#[test]
fn a_view_made_inside_a_function_is_a_view_of_the_first_array() {
    let program = "def heads(X, h):\n    n, d = X.shape\n    return X.reshape(n, h, d // h).transpose(1, 0, 2)\nx = np.arange(24.0).reshape(4, 6)\nheads(x, 2)";
    let outcome = arrays::run(program).expect("runs");
    let arrays::value::Value::Array(a) = &outcome.value else {
        panic!("not an array")
    };
    let first = outcome.first.as_ref().expect("a first array");
    assert_eq!(first.label, "x");
    let kind = arrays::kind::kind(a, Some(first));
    assert!(kind.is_view(), "{kind:?}");
}

/// A program that never ends stops at once with the step limit, in the box as in code answers.
#[test]
fn an_endless_loop_stops_with_the_step_limit() {
    let start = std::time::Instant::now();
    let e = arrays::run("x = np.arange(3)\nn = 0\nwhile True:\n    n += 1")
        .err()
        .expect("stopped");
    assert_eq!(e.class_name(), "LabLimit");
    assert!(e.message().contains("step limit"), "{}", e.message());
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}
