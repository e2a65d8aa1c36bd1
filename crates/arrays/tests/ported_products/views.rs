//! PyTorch's `test/test_view_ops.py` cases for `narrow`, `select`, `unfold` and the function
//! spellings, recorded from PyTorch 2.15.0 (a write through a view shows in the base).

/// `(program, expected JSON)`.
pub const VIEW_OPS: &[(&str, &str)] = &[
    // test/test_view_ops.py: TestOldViewOps::test_narrow, test_narrow_tensor; TestViewOps::test_narrow_view, test_select_view, test_unfold_view, test_squeeze_view, test_unsqueeze_view, test_transpose_view, test_diagonal_view (the writes through the view land in the base)
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, 0, 1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 3], "storage_offset": 0, "strides": [24, 8], "values": [0, 1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, 0, 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "storage_offset": 0, "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, 1, 1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 24, "owndata": false, "shape": [1, 3], "storage_offset": 3, "strides": [24, 8], "values": [3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, -1, 1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 48, "owndata": false, "shape": [1, 3], "storage_offset": 6, "strides": [24, 8], "values": [6, 7, 8], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, -2, 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 8, "offset": 24, "owndata": false, "shape": [2, 3], "storage_offset": 3, "strides": [24, 8], "values": [3, 4, 5, 6, 7, 8], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, -3, 3)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "storage_offset": 0, "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5, 6, 7, 8], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(-1, -1, 1)",
        r#"{"c_contiguous": false, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 8, "offset": 16, "owndata": false, "shape": [3, 1], "storage_offset": 2, "strides": [24, 8], "values": [2, 5, 8], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(-2, -1, 1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 48, "owndata": false, "shape": [1, 3], "storage_offset": 6, "strides": [24, 8], "values": [6, 7, 8], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]]); x.narrow(0, torch.tensor(0), 1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [3, 1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 3], "storage_offset": 0, "strides": [24, 8], "values": [0, 1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); v = torch.narrow(t, 1, 2, 2); v[0, 0] = 0; t",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [5, 5], "storage_offset": 0, "strides": [20, 4], "values": [1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); v = t.select(0, 2); v[0] = 0; t",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [5, 5], "storage_offset": 0, "strides": [20, 4], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); v = torch.select(t, 1, 3); v[4] = 0; t",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [5, 5], "storage_offset": 0, "strides": [20, 4], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(10); v = t.unfold(0, 3, 2); v[1, 0] = 0; t",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [10], "storage_offset": 0, "strides": [4], "values": [1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(10); t.unfold(0, 3, 2)",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [2, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [4, 3], "storage_offset": 0, "strides": [8, 4], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 1, 5); torch.squeeze(t)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [5, 5], "storage_offset": 0, "strides": [20, 4], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); torch.unsqueeze(t, 1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [5, 1, 5], "storage_offset": 0, "strides": [20, 20, 4], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); torch.transpose(t, 0, 1)",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 5], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [5, 5], "storage_offset": 0, "strides": [4, 20], "values": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.ones(5, 5); v = torch.diagonal(t); v[0] = 0; t",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [5, 5], "storage_offset": 0, "strides": [20, 4], "values": [0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
];
