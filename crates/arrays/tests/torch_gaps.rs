//! PyTorch's `max`/`min` (the 0-d extreme, the `torch.return_types.max` named tuple with
//! `keepdim=`, the elementwise overload, their errors), the constants `torch.pi`, `torch.e`,
//! `torch.inf`, `torch.nan`, `F.mse_loss` and `F.l1_loss` with `reduction=`, `pow` and
//! `torch.equal` (with PyTorch's errors for `bool - bool` and an integer to a negative power,
//! which the lab gave as NumPy's): refused by the lab before, the most frequent refusals of fresh
//! learner programs (`learner.py --kind torch --seed 7303`). Each answer was recorded from
//! PyTorch 2.15.0 with `tests/corpus/record.py`.

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
        "a = torch.tensor([[1., 5, 3], [4, 2, float('nan')]])\na.max()",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": ["nan"], "view": false, "writeable": true}"#,
    ),
    (
        "a = torch.tensor([[1., 5, 3], [4, 2, float('nan')]])\nr = a.max(dim=1)\n(r.values.tolist()[0], r.indices.tolist())",
        r#"{"type": "tuple", "value": [5.0, [1, 2]]}"#,
    ),
    (
        "a = torch.tensor([[1., 5, 3], [4, 2, 0]])\na.min(0, keepdim=True).values",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [1, 3], "storage_offset": 0, "strides": [12, 4], "values": [1.0, 2.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = torch.tensor([[1., 5, 3], [4, 2, 0]])\na.min(0, keepdim=True).indices",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 3], "storage_offset": 0, "strides": [24, 8], "values": [0, 1, 1], "view": false, "writeable": true}"#,
    ),
    (
        "b = torch.tensor([[1, 5, 5], [4, 2, 4]])\nb.max(1).indices",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 0], "view": false, "writeable": true}"#,
    ),
    (
        "b = torch.tensor([[1, 5, 5], [4, 2, 4]])\nb.t().max(1)[0]",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [4, 5, 5], "view": false, "writeable": true}"#,
    ),
    (
        "b = torch.tensor([[1, 5, 5], [4, 2, 4]])\nv, i = torch.min(b, dim=0)\ni",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [0, 1, 1], "view": false, "writeable": true}"#,
    ),
    (
        "b = torch.tensor([[1, 5, 5], [4, 2, 4]])\ntorch.max(b)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [5], "view": false, "writeable": true}"#,
    ),
    (
        "torch.max(torch.tensor([1, 2]), torch.tensor([1.5, 0]))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.5, 2.0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.arange(6.).reshape(2, 3).max(torch.tensor([0., 9, 0]))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [0.0, 9.0, 2.0, 3.0, 9.0, 5.0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.zeros(0, 3).max(1).values",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [0], "storage_offset": 0, "strides": [4], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "torch.tensor([True, False]).max()",
        r#"{"c_contiguous": true, "dtype": "bool", "element_strides": [], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [true], "view": false, "writeable": true}"#,
    ),
    (
        "torch.tensor(3.).max(0).indices",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.zeros(2, 3).min(0).values",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [4], "values": [0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.zeros(0).max()",
        r#"{"error": "RuntimeError", "message": "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."}"#,
    ),
    (
        "torch.zeros(0, 3).min(0)",
        r#"{"error": "IndexError", "message": "min(): Expected reduction dim 0 to have non-zero size."}"#,
    ),
    (
        "torch.arange(3.).max(3, 4, 5)",
        r#"{"error": "TypeError", "message": "max() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * ()\n * (Tensor other)\n * (int dim, bool keepdim = False)\n"}"#,
    ),
    (
        "torch.min(torch.ones(2), foo=1)",
        r#"{"error": "TypeError", "message": "min() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:\n * (Tensor input, *, Tensor out = None)\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)\n"}"#,
    ),
    (
        "torch.arange(3.).max(keepdim=True)",
        r#"{"error": "TypeError", "message": "max() received an invalid combination of arguments - got (keepdim=bool, ), but expected one of:\n * ()\n      didn't match because some of the keywords were incorrect: keepdim\n * (Tensor other)\n      didn't match because some of the keywords were incorrect: keepdim\n * (int dim, bool keepdim = False)\n"}"#,
    ),
    (
        "str(torch.tensor([[1, 5], [4, 2]]).max(1))",
        r#"{"type": "str", "value": "torch.return_types.max(\nvalues=tensor([5, 4]),\nindices=tensor([1, 0]))"}"#,
    ),
    (
        "(torch.pi, torch.e, torch.inf, -torch.inf)",
        r#"{"type": "tuple", "value": [3.141592653589793, 2.718281828459045, "inf", "-inf"]}"#,
    ),
    (
        "torch.nan != torch.nan",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "torch.full((2,), -torch.inf)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": ["-inf", "-inf"], "view": true, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nb = torch.tensor([[1.5, 2, 0], [4, 7, 6]])\nF.mse_loss(a, b)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [2.2083332538604736], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nb = torch.tensor([[1.5, 2, 0], [4, 7, 6]])\nF.mse_loss(a, b, reduction='none')",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [0.25, 0.0, 9.0, 0.0, 4.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nb = torch.tensor([[1.5, 2, 0], [4, 7, 6]])\nF.l1_loss(a.t(), b.t(), reduction='none')",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [0.5, 0.0, 0.0, 2.0, 3.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nb = torch.tensor([[1.5, 2, 0], [4, 7, 6]])\nF.l1_loss(a, b, reduction='sum')",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [5.5], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nb = torch.tensor([[1.5, 2, 0], [4, 7, 6]])\nF.mse_loss(a, b.double())",
        r#"{"c_contiguous": true, "dtype": "float64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [2.2083333333333335], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nF.mse_loss(a.long(), a.long())",
        r#"{"error": "NotImplementedError", "message": "\"mse_cpu\" not implemented for 'Long'"}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nF.mse_loss(a, a, reduction='x')",
        r#"{"error": "ValueError", "message": "x is not a valid value for reduction"}"#,
    ),
    (
        "import torch.nn.functional as F\na = torch.tensor([[1., 2, 3], [4, 5, 6]])\nF.mse_loss(a, 1.0)",
        r#"{"error": "AttributeError", "message": "'float' object has no attribute 'size'"}"#,
    ),
    (
        "import torch.nn.functional as F\nF.mse_loss(torch.zeros(0), torch.zeros(0))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": ["nan"], "view": false, "writeable": true}"#,
    ),
    (
        "import torch.nn.functional as F\nF.l1_loss(torch.arange(4.).half(), torch.ones(4).half())",
        r#"{"c_contiguous": true, "dtype": "float16", "element_strides": [], "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [1.0], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(4.)\ntorch.equal(t, t.double())",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "t = torch.arange(4.)\ntorch.equal(t, t[:2])",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "torch.equal(torch.tensor([1, 2]), torch.tensor([1., 2]))",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "torch.equal(torch.tensor([float('nan')]), torch.tensor([float('nan')]))",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "torch.equal(torch.ones(2, 1), torch.ones(2))",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "torch.arange(3.).equal(torch.arange(3.))",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "torch.equal(torch.arange(3), 1)",
        r#"{"error": "TypeError", "message": "equal(): argument 'other' (position 2) must be Tensor, not int"}"#,
    ),
    (
        "torch.pow(2, torch.arange(3))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [1, 2, 4], "view": false, "writeable": true}"#,
    ),
    (
        "torch.arange(3).pow(2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [0, 1, 4], "view": false, "writeable": true}"#,
    ),
    (
        "torch.pow(torch.arange(3), 2.0)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 4.0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.arange(6.).reshape(2, 3).t().pow(torch.tensor([2., 1]))",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [0.0, 3.0, 1.0, 4.0, 4.0, 5.0], "view": false, "writeable": true}"#,
    ),
    (
        "torch.arange(3.).pow(foo=1)",
        r#"{"error": "TypeError", "message": "pow() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (Tensor exponent)\n      didn't match because some of the keywords were incorrect: foo\n * (Number exponent)\n      didn't match because some of the keywords were incorrect: foo\n"}"#,
    ),
    (
        "torch.pow(torch.arange(3.), foo=1)",
        r#"{"error": "TypeError", "message": "pow() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:\n * (Tensor input, Tensor exponent, *, Tensor out = None)\n * (Number self, Tensor exponent, *, Tensor out = None)\n * (Tensor input, Number exponent, *, Tensor out = None)\n"}"#,
    ),
    (
        "torch.arange(3).pow(-1)",
        r#"{"error": "RuntimeError", "message": "Integers to negative integer powers are not allowed."}"#,
    ),
    (
        "x = torch.tensor([True, False])\nx - x",
        r#"{"error": "NotImplementedError", "message": "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."}"#,
    ),
    (
        "x = torch.tensor([True, False])\nx - True",
        r#"{"error": "NotImplementedError", "message": "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."}"#,
    ),
    (
        "torch.arange(3) ** -1",
        r#"{"error": "RuntimeError", "message": "Integers to negative integer powers are not allowed."}"#,
    ),
    (
        "x = torch.tensor([True, False])\nx - x.max()",
        r#"{"error": "NotImplementedError", "message": "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."}"#,
    ),
];

/// Each row's answer is PyTorch's.
#[test]
fn torch_gaps_answer_as_pytorch_does() {
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
