//! Issue 26's wrong answers and refusals of everyday code, each with what NumPy, PyTorch or
//! CPython gave (recorded by `tests/corpus/record.py` with NumPy 2.4.6 and PyTorch 2.15.0): every
//! row failed before issue 26's round (refused, or a wrong answer where a note says so).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`.
const ROWS: &[(&str, &str)] = &[
    // `import torch.nn.functional as F` raised ModuleNotFoundError: No module named 'torch.nn'; 'torch' is not a package.
    (
        "import torch.nn.functional as F\nx = torch.arange(6.).reshape(2, 3)\nF.softmax(x, dim=1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [0.09003057330846786, 0.2447284758090973, 0.6652409434318542, 0.09003057330846786, 0.2447284758090973, 0.6652409434318542], "view": false, "writeable": true}"#,
    ),
    (
        "from torch.nn import functional as F\nF.relu(torch.arange(-2, 2))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "storage_offset": 0, "strides": [8], "values": [0, 0, 0, 1], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn as nn\nnn.functional.one_hot(torch.arange(3))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "storage_offset": 0, "strides": [24, 8], "values": [1, 0, 0, 0, 1, 0, 0, 0, 1], "view": false, "writeable": true}"#,
    ),
    // PyTorch's preserve_format keeps the input's strides: the lab said (2, 1).
    (
        "x = torch.arange(6).reshape(2, 3)\ntorch.ones_like(x.T).stride()",
        r#"{"type": "tuple", "value": [1, 3]}"#,
    ),
    (
        "x = torch.arange(6).reshape(2, 3)\ntorch.zeros_like(x.T[:, ::2]).stride()",
        r#"{"type": "tuple", "value": [1, 6]}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3)\nnp.ones_like(x.T).strides",
        r#"{"type": "tuple", "value": [8, 24]}"#,
    ),
    // `x.float()` of a float32 tensor is the tensor itself.
    (
        "t = torch.arange(6.).reshape(2, 3)\nt.float() is t",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "t = torch.arange(6.).reshape(2, 3)\nt.double().dtype == torch.float64",
        r#"{"type": "bool", "value": true}"#,
    ),
    // `torch.from_numpy` shares memory: a write through the array shows in the tensor.
    (
        "a = np.arange(3.)\nt = torch.from_numpy(a)\na[0] = 5\nt.tolist()",
        r#"{"type": "list", "value": [5.0, 1.0, 2.0]}"#,
    ),
    // …and yet the tensor is no view in PyTorch's sense (`t._base is None`, so the recorder's
    // `owndata`): it owns its storage, which happens to be NumPy's memory (learner seed 7301).
    (
        "a = np.arange(5.0)\nt = torch.from_numpy(a)\na[0] = 100\nt",
        r#"{"c_contiguous": true, "dtype": "float64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [5], "storage_offset": 0, "strides": [8], "values": [100.0, 1.0, 2.0, 3.0, 4.0], "view": true, "writeable": true}"#,
    ),
    // `t.numpy()` shares memory: a write through the array shows in the tensor.
    (
        "t = torch.arange(4.)\nn = t.numpy()\nn[1] = 9\nt.tolist()",
        r#"{"type": "list", "value": [0.0, 9.0, 2.0, 3.0]}"#,
    ),
    (
        "t = torch.arange(6.).reshape(2, 3)\nnp.asarray(t.T).strides",
        r#"{"type": "tuple", "value": [4, 12]}"#,
    ),
    // `import math` was refused.
    (
        "import math\nmath.sqrt(2) * math.pi",
        r#"{"type": "float", "value": 4.442882938158366}"#,
    ),
    (
        "from math import sqrt\nsqrt(16)",
        r#"{"type": "float", "value": 4.0}"#,
    ),
    // `Tensor.mean`, asked for last round and silently skipped.
    (
        "t = torch.arange(6.).reshape(2, 3)\nt.mean(1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.0, 4.0], "view": false, "writeable": true}"#,
    ),
    // `torch.sum`/`torch.mean` function spellings (13% of a fresh torch corpus failed on them).
    (
        "t = torch.arange(6.).reshape(2, 3)\ntorch.sum(t, 0)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [4], "values": [3.0, 5.0, 7.0], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(6.).reshape(2, 3)\ntorch.mean(t)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [2.5], "view": false, "writeable": true}"#,
    ),
    // `Tensor.as_strided`, `expand_as` and `swapaxes`, asked for last round.
    (
        "t = torch.arange(6.).reshape(2, 3)\nt.as_strided((2, 2), (1, 2))",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 2], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 2], "storage_offset": 0, "strides": [4, 8], "values": [0.0, 2.0, 1.0, 3.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(3.)\nt.expand_as(torch.zeros(2, 3)).stride()",
        r#"{"type": "tuple", "value": [0, 1]}"#,
    ),
    (
        "t = torch.arange(6.).reshape(2, 3)\nt.swapaxes(0, 1).stride()",
        r#"{"type": "tuple", "value": [1, 3]}"#,
    ),
    // NumPy scalars' `reshape`/`flatten` were missing.
    (
        "s = np.float64(3)\ns.reshape(1, 1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 1], "strides": [8, 8], "values": [3.0], "view": false, "writeable": true}"#,
    ),
    (
        "s = np.float64(3)\ns.flatten()",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [3.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.linspace(0, 1, 5)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [5], "strides": [8], "values": [0.0, 0.25, 0.5, 0.75, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "np.eye(3, k=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [24, 8], "values": [0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(9).reshape(3, 3)\nnp.tril(x)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [24, 8], "values": [0, 0, 0, 3, 4, 0, 6, 7, 8], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(9.).reshape(3, 3)\nt.masked_fill(torch.triu(torch.ones(3, 3), 1) == 1, float('-inf')).softmax(-1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3, 3], "storage_offset": 0, "strides": [12, 4], "values": [1.0, 0.0, 0.0, 0.2689414322376251, 0.7310585975646973, 0.0, 0.09003057330846786, 0.2447284758090973, 0.6652409434318542], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.).reshape(2, 3)\nnp.cumsum(x, axis=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [0.0, 1.0, 3.0, 3.0, 7.0, 12.0], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor([3., 1., 2.])\ntorch.sort(t).indices",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [1, 2, 0], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor([3., 1., 2.])\nt.topk(2).values",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [3.0, 2.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.).reshape(2, 3)\nnp.linalg.norm(x, axis=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [2.23606797749979, 7.0710678118654755], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor([1., 2.], requires_grad=True)\nt.requires_grad",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "t = torch.tensor([1., 2.])\nt.grad is None",
        r#"{"type": "bool", "value": true}"#,
    ),
];

/// Each row's answer is the library's, its float values exact or marked and within the values
/// policy's tolerance (`support::agrees`).
#[test]
fn issue_26_defects_stay_fixed() {
    let mut failures = Vec::new();
    for (program, expected) in ROWS {
        let expected: serde_json::Value = serde_json::from_str(expected).expect("JSON");
        let got = support::actual(program);
        if !support::agrees(&got, &expected) {
            failures.push(format!(
                "--- {program}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
