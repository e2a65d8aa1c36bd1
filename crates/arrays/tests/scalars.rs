//! NumPy scalars (`x[4]` of a 1-d array), their attributes and their indexing, the lab's flags
//! attributes, and attribute errors with CPython's suggestion, against NumPy 2.4.6, PyTorch
//! 2.15.0 and CPython 3.11 (issue 13, section 3; the names themselves are in `names.rs`).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// NumPy scalars (`x[4]` of a 1-d array), their attributes and their indexing, the lab's flags
/// attributes, and attribute errors with CPython's suggestion: each row recorded from NumPy
/// 2.4.6, PyTorch 2.15.0 and CPython 3.11 by `tests/corpus/record.py`.
///
/// A scalar is indexed as NumPy indexes it, as a 0-d array of its value in new memory:
/// `x[4][None]` is a 1-element view of that memory (stride 0, OWNDATA false, not `x`'s memory),
/// `x[4][...]` a 0-d one, `x[4][()]` the scalar, `x[4][True]` a copy; any other index is
/// "invalid index to scalar variable.".
const ROWS: &[(&str, &str)] = &[
    (
        "x = np.arange(6.0); x[4][None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][...]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [], "strides": [], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][()]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][-1]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 1], "strides": [0, 0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][..., None]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, ...]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][..., ...]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][:]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][True]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][False]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0], "strides": [0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][[0]]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0.5]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4]['a']",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][2**63]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None, 0]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(6.0); np.ascontiguousarray(x[4][None])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); np.ascontiguousarray(x[4][...])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [8], "values": [4.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].T",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].T.T",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].shape",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "x = np.arange(6.0); x[4].strides",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "x = np.arange(6.0); x[4].ndim",
        r#"{"type": "int", "value": 0}"#,
    ),
    (
        "x = np.arange(6.0); x[4].itemsize",
        r#"{"type": "int", "value": 8}"#,
    ),
    (
        "x = np.arange(6.0); x[4].nbytes",
        r#"{"type": "int", "value": 8}"#,
    ),
    (
        "x = np.arange(6.0); x[4].dtype",
        r#"{"type": "str", "value": "float64"}"#,
    ),
    (
        "x = np.arange(6.0); x[4].size",
        r#"{"type": "int", "value": 1}"#,
    ),
    (
        "x = np.arange(6.0); x[4].item()",
        r#"{"type": "float", "value": 4.0}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.writeable",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.owndata",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags.f_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags['ALIGNED']",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4].flags['W']",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4].base is None",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None].base is None",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None].flags.owndata",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); np.shares_memory(x[4][None], x)",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(6.0); y = x[4][None]; y[0] = 7; x[4]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); y = x[4][None]; y[0] = 7; y",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [7.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None][0]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4][None] + 1",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [5.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[4][...][()]",
        r#"{"dtype": "float64", "scalar": true, "values": [4.0]}"#,
    ),
    (
        "x = np.arange(6.0); x[4].mT",
        r#"{"error": "AttributeError", "message": "'numpy.float64' object has no attribute 'mT'", "suggestion": "T"}"#,
    ),
    (
        "x = np.arange(6.0); x[4].reshap",
        r#"{"error": "AttributeError", "message": "'numpy.float64' object has no attribute 'reshap'", "suggestion": "reshape"}"#,
    ),
    (
        "x = np.arange(6.0); x[4][0] = 1",
        r#"{"error": "TypeError", "message": "'numpy.float64' object does not support item assignment"}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].nbytes",
        r#"{"type": "int", "value": 1}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2][None].strides",
        r#"{"type": "tuple", "value": [0]}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2][None]",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [2], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].T",
        r#"{"dtype": "int8", "scalar": true, "values": [2]}"#,
    ),
    (
        "a = np.arange(6, dtype=np.int8); a[2].dtype",
        r#"{"type": "str", "value": "int8"}"#,
    ),
    (
        "b = np.arange(3) > 0; b[1][None]",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [true], "view": false, "writeable": true}"#,
    ),
    (
        "b = np.arange(3) > 0; b[1].shape",
        r#"{"type": "tuple", "value": []}"#,
    ),
    (
        "np.int32(3)[None]",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [3], "view": true, "writeable": true}"#,
    ),
    (
        "np.float32(2.5)[...]",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [], "strides": [], "values": [2.5], "view": true, "writeable": true}"#,
    ),
    (
        "np.float16(1.5).T",
        r#"{"dtype": "float16", "scalar": true, "values": [1.5]}"#,
    ),
    (
        "np.float64(1.5)[None, None].strides",
        r#"{"type": "tuple", "value": [0, 0]}"#,
    ),
    (
        "np.aranje",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'aranje'", "suggestion": "arange"}"#,
    ),
    (
        "np.Arange",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'Arange'", "suggestion": "arange"}"#,
    ),
    (
        "np.float_",
        r#"{"error": "AttributeError", "message": "`np.float_` was removed in the NumPy 2.0 release. Use `np.float64` instead."}"#,
    ),
    (
        "np.NaN",
        r#"{"error": "AttributeError", "message": "`np.NaN` was removed in the NumPy 2.0 release. Use `np.nan` instead."}"#,
    ),
    (
        "np.int",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'int'.\n`np.int` was a deprecated alias for the builtin `int`. To avoid this error in existing code, use `int` by itself. Doing this will not modify any behavior and is safe. When replacing `np.int`, you may wish to use e.g. `np.int64` or `np.int32` to specify the precision. If you wish to review your current use, check the release note link for additional information.\nThe aliases was originally deprecated in NumPy 1.20; for more details and guidance see the original release note at:\n    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations"}"#,
    ),
    (
        "np.lib.stride_tricks.as_strid",
        r#"{"error": "AttributeError", "message": "module 'numpy.lib.stride_tricks' has no attribute 'as_strid'", "suggestion": "as_strided"}"#,
    ),
    (
        "np.lib.stride_trick",
        r#"{"error": "AttributeError", "message": "module 'numpy.lib' has no attribute 'stride_trick'", "suggestion": "stride_tricks"}"#,
    ),
    (
        "x = np.arange(3.0); x.reshap",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'reshap'", "suggestion": "reshape"}"#,
    ),
    (
        "x = np.arange(3.0); x.Shape",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'Shape'", "suggestion": "shape"}"#,
    ),
    (
        "x = np.arange(3.0); x.foo",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.owndat",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'owndat'", "suggestion": "owndata"}"#,
    ),
    (
        "t = torch.arange(3.0); t.reshap",
        r#"{"error": "AttributeError", "message": "'Tensor' object has no attribute 'reshap'"}"#,
    ),
    (
        "t = torch.arange(3.0); t.foo",
        r#"{"error": "AttributeError", "message": "'Tensor' object has no attribute 'foo'"}"#,
    ),
    (
        "torch.aranje",
        r#"{"error": "AttributeError", "message": "module 'torch' has no attribute 'aranje'"}"#,
    ),
    (
        "np.linalg.nrom",
        r#"{"error": "AttributeError", "message": "module 'numpy.linalg' has no attribute 'nrom'"}"#,
    ),
    (
        "np.linalg.nom",
        r#"{"error": "AttributeError", "message": "module 'numpy.linalg' has no attribute 'nom'", "suggestion": "norm"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.C",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'C'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.C_CONTIGUOUS",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'C_CONTIGUOUS'"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.fortran",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(3.0); x.flags.writebackifcopy",
        r#"{"type": "bool", "value": false}"#,
    ),
];

#[test]
fn scalars_flags_and_attribute_errors_as_numpy_gives_them() {
    support::check_table(ROWS);
}

/// The why of a scalar indexed with `None` or `...` says its value went to new memory (it was
/// "None adds an axis … it is a view", beside a panel saying "a copy").
#[test]
fn a_scalar_s_index_is_explained_as_new_memory() {
    use arrays::explain::{Why, explain};
    for program in [
        "x = np.arange(6.0); x[4][None]",
        "x = np.arange(6.0); x[4][...]",
    ] {
        let outcome = arrays::run(program).unwrap_or_else(|e| panic!("{program}: {e}"));
        let arrays::value::Value::Array(a) = &outcome.value else {
            panic!("{program} is no array");
        };
        let why = explain(a, array_picture::Units::Elements);
        assert_eq!(why, Why::FromScalar, "{program}");
    }
}
