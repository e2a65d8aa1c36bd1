//! `np.empty`, `torch.empty`, `np.empty_like`, `torch.empty_like` (issue 26): the layout of any
//! size exactly as NumPy 2.4.6 and PyTorch 2.15.0 give it (rows recorded with
//! `tests/corpus/record.py`: layout questions only, since the libraries' values are garbage,
//! and writes, which make values real), and the lab's own verdict for reading values never
//! written (see `arrays::written`): an error of the lab's, where the libraries raise nothing.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`, recorded from the real libraries.
const RECORDED: &[(&str, &str)] = &[
    (
        "np.empty((8, 12, 1024, 1024), dtype=np.float32).transpose(0, 2, 1, 3).strides",
        r#"{"type": "tuple", "value": [50331648, 4096, 4194304, 4]}"#,
    ),
    (
        "np.empty((8, 12, 1024, 1024), dtype=np.float32).nbytes",
        r#"{"type": "int", "value": 402653184}"#,
    ),
    (
        "np.empty((2, 3), order='F').strides",
        r#"{"type": "tuple", "value": [8, 16]}"#,
    ),
    (
        "np.empty((2, 0, 3)).strides",
        r#"{"type": "tuple", "value": [0, 0, 0]}"#,
    ),
    (
        "np.empty(5, dtype=np.int8).flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.empty((3, 4)); y = x.T; (y.flags.owndata, y.base is x, np.shares_memory(x, y))",
        r#"{"type": "tuple", "value": [false, true, true]}"#,
    ),
    (
        "x = np.empty((3, 4)); (x.copy().flags.owndata, np.shares_memory(x, x.copy()))",
        r#"{"type": "tuple", "value": [true, false]}"#,
    ),
    (
        "np.empty_like(np.arange(6).reshape(2, 3).T).strides",
        r#"{"type": "tuple", "value": [8, 24]}"#,
    ),
    (
        "np.empty_like(np.arange(6).reshape(2, 3).T, order='C').strides",
        r#"{"type": "tuple", "value": [16, 8]}"#,
    ),
    (
        "np.empty_like(np.arange(24).reshape(2, 3, 4)[:, ::2, ::-1]).strides",
        r#"{"type": "tuple", "value": [64, 32, 8]}"#,
    ),
    (
        "np.empty_like(np.zeros((2, 3)), dtype=np.int16).strides",
        r#"{"type": "tuple", "value": [6, 2]}"#,
    ),
    (
        "np.empty_like([[1, 2], [3, 4]]).dtype.name",
        r#"{"type": "str", "value": "int64"}"#,
    ),
    (
        "np.empty_like(prototype=np.zeros(3)).shape",
        r#"{"type": "tuple", "value": [3]}"#,
    ),
    (
        "torch.empty(2, 3).stride()",
        r#"{"type": "tuple", "value": [3, 1]}"#,
    ),
    (
        "torch.empty((8, 12, 1024, 1024)).transpose(1, 2).stride()",
        r#"{"type": "tuple", "value": [12582912, 1024, 1048576, 1]}"#,
    ),
    (
        "torch.empty(2, 3, requires_grad=True).shape",
        r#"{"type": "tuple", "value": [2, 3]}"#,
    ),
    (
        "torch.empty(0, 3).stride()",
        r#"{"type": "tuple", "value": [3, 1]}"#,
    ),
    (
        "torch.empty_like(torch.arange(6).reshape(2, 3).T).stride()",
        r#"{"type": "tuple", "value": [1, 3]}"#,
    ),
    (
        "torch.empty_like(torch.arange(24).reshape(2, 3, 4)[:, ::2]).stride()",
        r#"{"type": "tuple", "value": [8, 4, 1]}"#,
    ),
    (
        "torch.empty_like(torch.zeros(2, 3), dtype=torch.float64).stride()",
        r#"{"type": "tuple", "value": [3, 1]}"#,
    ),
    (
        "x = np.empty(3); x[:] = 1; x",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.empty((2, 2), dtype=np.int32); x.fill(7); x.tolist()",
        r#"{"type": "list", "value": [[7, 7], [7, 7]]}"#,
    ),
    (
        "x = np.empty(4); x[:2] = 1; x[:2].sum()",
        r#"{"dtype": "float64", "scalar": true, "values": [2.0]}"#,
    ),
    (
        "x = torch.empty(3); x[...] = 2; x.tolist()",
        r#"{"type": "list", "value": [2.0, 2.0, 2.0]}"#,
    ),
    (
        "torch.empty(2, 3, dtype=torch.int64, requires_grad=True)",
        r#"{"error": "RuntimeError", "message": "Only Tensors of floating point and complex dtype can require gradients"}"#,
    ),
];

/// `(program, the lab's message)`: reads of memory never written.
const UNWRITTEN: &[(&str, &str)] = &[
    (
        "x = np.empty((2, 3)); print(x)",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "x = np.empty((2, 3)); repr(x)",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty(3).tolist()",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty(3)[0]",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty((2, 2))[0, 1].item()",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty(3) + 1",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty(3).sum()",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "float(np.empty(()))",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "x = np.empty(4); x[:2] = 1; print(x)",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty((2, 3)).T.copy().tolist()",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "np.empty_like(np.arange(3)) * 2",
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros",
    ),
    (
        "torch.empty(2, 3).tolist()",
        "these values were never written: torch.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill_(…)) or use torch.zeros",
    ),
    (
        "torch.empty(2, 3).sum()",
        "these values were never written: torch.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill_(…)) or use torch.zeros",
    ),
    (
        "torch.empty_like(torch.zeros(3)) @ torch.zeros(3)",
        "these values were never written: torch.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill_(…)) or use torch.zeros",
    ),
];

#[test]
fn empty_arrays_have_the_libraries_layout() {
    let mut failures = Vec::new();
    for (program, expected) in RECORDED {
        let expected: serde_json::Value = serde_json::from_str(expected).unwrap();
        let got = support::actual(program);
        if !support::agrees(&got, &expected) {
            failures.push(format!(
                "{program}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn reading_unwritten_values_is_the_labs_error() {
    let mut failures = Vec::new();
    for (program, message) in UNWRITTEN {
        let got = support::actual(program);
        let ok = got["error"] == "Unsupported" && got["message"] == *message;
        if !ok {
            failures.push(format!("{program}\n  got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_json_says_values_were_never_written() {
    let got = support::actual("x = np.empty((2, 3))\nx[0, 0] = 1\nx");
    assert_eq!(got["strides"], serde_json::json!([24, 8]));
    assert_eq!(got["values"], serde_json::Value::Null);
    assert_eq!(got["values_written"], serde_json::json!(false));
    // Once every element is written, the values are real and the mark is gone.
    let got = support::actual("x = np.empty((2, 3))\nx[...] = 1\nx.T.copy()");
    assert_eq!(
        got["values"],
        serde_json::json!([1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    );
    assert!(got.get("values_written").is_none());
}

#[test]
fn copies_of_unwritten_memory_stay_unwritten_and_writes_make_values_real() {
    // A copy (in another order) and a cast read the marks through the layout.
    for program in [
        "x = np.empty((2, 3))\nx.T.copy()",
        "x = np.empty((2, 3))\nx.astype(np.int32)",
        "t = torch.empty(2, 3)\nt.T.contiguous()",
        "x = np.empty((2, 3))\nx[0] = 1\nx.copy()",
    ] {
        let got = support::actual(program);
        assert_eq!(got["values_written"], serde_json::json!(false), "{program}");
        assert_eq!(got["values"], serde_json::Value::Null, "{program}");
    }
    // The written part of a partly written array reads normally, also through a copy.
    let got = support::actual("x = np.empty((2, 3))\nx[0] = 1\nx[0].copy()");
    assert_eq!(got["values"], serde_json::json!([1.0, 1.0, 1.0]));
    // A printout summarized with `...` reads only the elements it shows (as NumPy's does).
    let got = support::actual("x = np.empty(2000)\nx[:3] = 1\nx[-3:] = 2\nstr(x)");
    assert_eq!(got["value"], serde_json::json!("[1. 1. 1. ... 2. 2. 2.]"));
    // Layout questions read no value.
    let got = support::actual("x = np.empty(3)\n(len(x), x is x, np.shares_memory(x, x[1:]))");
    assert_eq!(got["value"], serde_json::json!([3, true, true]));
}
