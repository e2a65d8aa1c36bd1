//! `F.linear` and `F.layer_norm` with tensors of different float dtypes (float32 beside float64,
//! a half input with float32 parameters): PyTorch raises the RuntimeError of the kernel each
//! reaches (`mm`, `addmm`'s `self`/`mat1` checks, `addmv`, `dot`; layer norm's "mixed dtype"
//! checks), or computes in the input's dtype where it allows the mix. The lab computed a value
//! for most of them (issue 26). Each answer was recorded from PyTorch 2.15.0 with
//! `tests/corpus/generate.py`'s `run_program`.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`.
const ROWS: &[(&str, &str)] = &[
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: float != double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: float != double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: float != double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((3,), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "addmv input tensors must have the same dtype, but got Double, Float, and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((3,), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: double != float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: double != float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "expected m1 and m2 to have the same dtype, but got: double != float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((3,), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "addmv input tensors must have the same dtype, but got Float, Double, and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((3,), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mat1 and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float64))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float32))",
        r#"{"c_contiguous": true, "dtype": "float64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float32), torch.ones((4, 3), dtype=torch.float64), torch.ones(4, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float32), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float32), torch.ones((3,), dtype=torch.float64), torch.ones((), dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Float and Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 2, 3), dtype=torch.float64), torch.ones((4, 3), dtype=torch.float32), torch.ones(4, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((2, 3), dtype=torch.float64), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "self and mat2 must have the same dtype, but got Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.linear(torch.ones((3,), dtype=torch.float64), torch.ones((3,), dtype=torch.float32), torch.ones((), dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "dot : expected both vectors to have same dtype, but found Double and Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float32).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float64), None)",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float64).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), None)",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): all inputs must share same datatype."}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float64).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), torch.ones(3, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): all inputs must share same datatype."}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float64).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), torch.ones(3, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float32).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), torch.ones(3, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "expected scalar type Float but found Double"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float64).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float64), torch.ones(3, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "expected scalar type Double but found Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float32).reshape(2, 3)\nF.layer_norm(x, (3,), None, torch.ones(3, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float64).reshape(2, 3)\nF.layer_norm(x, (3,), None, torch.ones(3, dtype=torch.float32))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): all inputs must share same datatype."}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.half).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), None)",
        r#"{"c_contiguous": true, "dtype": "float16", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 2, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [6, 2], "values": [-1.224609375, 0.0, 1.224609375, -1.224609375, 0.0, 1.224609375], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.half).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), torch.ones(3, dtype=torch.float32))",
        r#"{"c_contiguous": true, "dtype": "float16", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 2, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [6, 2], "values": [-0.2247314453125, 1.0, 2.224609375, -0.2247314453125, 1.0, 2.224609375], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.half).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), torch.ones(3, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.half).reshape(2, 3)\nF.layer_norm(x, (3,), None, torch.ones(3, dtype=torch.float64))",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.bfloat16).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), None)",
        r#"{"c_contiguous": true, "dtype": "bfloat16", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 2, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [6, 2], "values": [-1.2265625, 0.0, 1.2265625, -1.2265625, 0.0, 1.2265625], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float32).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.half), None)",
        r#"{"error": "RuntimeError", "message": "mixed dtype (CPU): expect parameter to have scalar type of Float"}"#,
    ),
    (
        "import torch.nn.functional as F\nx = torch.arange(6, dtype=torch.float32).reshape(2, 3)\nF.layer_norm(x, (3,), torch.ones(3, dtype=torch.float32), None)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [-1.2247356176376343, 0.0, 1.2247356176376343, -1.2247356176376343, 0.0, 1.2247356176376343], "view": false, "writeable": true}"#,
    ),
];

/// Each row's answer is PyTorch's (float values within the values policy's tolerance).
#[test]
fn mixed_dtypes_raise_as_pytorch_does() {
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
