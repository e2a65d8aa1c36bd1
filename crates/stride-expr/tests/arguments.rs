//! Issue 13, section 2 ("Answers NumPy and PyTorch would not give"): arguments were bound each
//! its own way, and some were silently dropped. Each row is a program with what NumPy 2.4.6 or
//! PyTorch 2.15.0 gave (recorded with `tests/corpus/record.py`); every row failed before the
//! signatures of `stride_expr::signature` and the tables of `numpy::table` / `torch::table`.
//! Arguments the lab does not implement are refused as "not supported here": see the last test.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// Reductions took none of their arguments: `x.sum(axis=0)`, `keepdims`, `dtype`, a bad axis and an unknown keyword all gave the total (or were accepted). Axis checks, result dtypes and layouts (C, F, empty, reversed) as NumPy gives them.
const SUMS: &[(&str, &str)] = &[
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=0)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [3.0, 5.0, 7.0], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(1, keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 1], "strides": [8, 8], "values": [3.0, 12.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0).reshape(2, 3); x.sum(keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 1], "strides": [8, 8], "values": [15.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((1, 2, 3, 4)); x.sum(axis=-5)",
        r#"{"error": "AxisError", "message": "axis -5 is out of bounds for array of dimension 4"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(foo=3)",
        r#"{"error": "TypeError", "message": "_sum() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X / X.sum(axis=1, keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [0.0, 0.3333333333333333, 0.6666666666666666, 0.25, 0.3333333333333333, 0.4166666666666667], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X / X.sum(axis=1)",
        r#"{"error": "ValueError", "message": "operands could not be broadcast together with shapes (2,3) (2,) "}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=(0, 0))",
        r#"{"error": "ValueError", "message": "duplicate value in 'axis'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=(0, -2))",
        r#"{"error": "ValueError", "message": "duplicate value in 'axis'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(0, axis=1)",
        r#"{"error": "TypeError", "message": "_sum() got multiple values for argument 'axis'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(0, None, None, False, 0, True, 9)",
        r#"{"error": "TypeError", "message": "_sum() takes from 1 to 7 positional arguments but 8 were given"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=1.0)",
        r#"{"error": "TypeError", "message": "'float' object cannot be interpreted as an integer"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=[0])",
        r#"{"error": "TypeError", "message": "'list' object cannot be interpreted as an integer"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(dtype=3)",
        r#"{"error": "TypeError", "message": "Cannot interpret '3' as a data type"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(out=None)",
        r#"{"dtype": "float64", "scalar": true, "values": [15.0]}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(keepdims=None)",
        r#"{"error": "TypeError", "message": "'NoneType' object cannot be interpreted as an integer"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(keepdims=2)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 1], "strides": [8, 8], "values": [15.0], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(1, dtype=np.int8)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2], "strides": [1], "values": [3, 12], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.sum(axis=())",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.sum(X, foo=3)",
        r#"{"error": "TypeError", "message": "sum() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.sum(X, 0, None, None, False, 0, True, 1)",
        r#"{"error": "TypeError", "message": "sum() takes from 1 to 7 positional arguments but 8 were given"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.sum(X, 0, axis=1)",
        r#"{"error": "TypeError", "message": "sum() got multiple values for argument 'axis'"}"#,
    ),
    (
        "np.sum()",
        r#"{"error": "TypeError", "message": "sum() missing 1 required positional argument: 'a'"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.sum(a=X)",
        r#"{"dtype": "float64", "scalar": true, "values": [15.0]}"#,
    ),
    (
        "np.sum([[1, 2], [3, 4]], axis=0)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [4, 6], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.zeros(()); x.sum()",
        r#"{"dtype": "float64", "scalar": true, "values": [0.0]}"#,
    ),
    (
        "x = np.zeros(()); x.sum(axis=0)",
        r#"{"dtype": "float64", "scalar": true, "values": [0.0]}"#,
    ),
    (
        "x = np.zeros((3, 0), order='F'); x.sum(axis=0, keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 0], "strides": [0, 0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 0, 3), order='F'); x.sum(axis=0)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0, 3], "strides": [0, 0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3, 4), order='F'); x.sum(axis=1)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4], "strides": [8, 16], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4)[::-1]; x.sum(axis=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [38.0, 22.0, 6.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array([-0.0]); x.sum()",
        r#"{"dtype": "float64", "scalar": true, "values": [0.0]}"#,
    ),
    (
        "x = np.arange(4, dtype=np.int8); x.sum()",
        r#"{"dtype": "int64", "scalar": true, "values": [6]}"#,
    ),
    (
        "x = np.arange(4, dtype=np.int32).sum(); x.dtype",
        r#"{"type": "str", "value": "int64"}"#,
    ),
    (
        "x = np.array([True, True, False]); x.sum()",
        r#"{"dtype": "int64", "scalar": true, "values": [2]}"#,
    ),
    (
        "x = np.full(3, 100, dtype=np.int8); x.sum(dtype=np.int8)",
        r#"{"dtype": "int8", "scalar": true, "values": [44]}"#,
    ),
    (
        "x = np.arange(4, dtype=np.float16); x.sum()",
        r#"{"dtype": "float16", "scalar": true, "values": [6.0]}"#,
    ),
    (
        "x = np.arange(6.0); x.sum(axis=0, where=True)",
        r#"{"dtype": "float64", "scalar": true, "values": [15.0]}"#,
    ),
];

#[test]
fn sums_answer_as_the_library_does() {
    support::check_table(SUMS);
}

/// `np.ascontiguousarray(x, dtype=...)` ignored `dtype` (a float32 view instead of an int32 copy); `np.asfortranarray` too.
const CONTIGUOUS_DTYPE: &[(&str, &str)] = &[
    (
        "x = np.zeros(3, np.float32); np.ascontiguousarray(x, dtype=np.int32)",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "strides": [4], "values": [0, 0, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((3, 2), np.float32).T; np.ascontiguousarray(x, dtype=np.float64)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((3, 2), np.float32); np.asfortranarray(x, dtype=np.int8)",
        r#"{"c_contiguous": false, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3, 2], "strides": [1, 3], "values": [0, 0, 0, 0, 0, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros(3, np.float32); np.ascontiguousarray(x, dtype=np.float32) is x",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32); np.asarray(x, dtype=np.int32)",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [12, 4], "values": [0, 0, 0, 0, 0, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32).T; np.asarray(x, dtype=np.int32)",
        r#"{"c_contiguous": false, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3, 2], "strides": [4, 12], "values": [0, 0, 0, 0, 0, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32).T; np.array(x, dtype=np.float64)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 2], "strides": [8, 24], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32).T; np.asarray(x, dtype=np.float32) is x",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32)[:, ::2]; np.asfortranarray(x, dtype=np.float64)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [8, 16], "values": [0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3), np.float32)[:, ::2]; np.ascontiguousarray(x, dtype=np.float16)",
        r#"{"c_contiguous": true, "dtype": "float16", "f_contiguous": false, "itemsize": 2, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [4, 2], "values": [0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros(()); np.ascontiguousarray(x, dtype=np.int8)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": false, "shape": [1], "strides": [1], "values": [0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3)); np.asarray(x, order='F', dtype=np.int8)",
        r#"{"c_contiguous": false, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [1, 2], "values": [0, 0, 0, 0, 0, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0).reshape(2, 3); np.sum(x, axis=1, dtype=np.int8, keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2, 1], "strides": [1, 1], "values": [3, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(6, dtype=np.uint8); x.sum(dtype=np.int64)",
        r#"{"dtype": "int64", "scalar": true, "values": [15]}"#,
    ),
    (
        "x = np.arange(6, dtype=np.uint8); x.mean()",
        r#"{"dtype": "float64", "scalar": true, "values": [2.5]}"#,
    ),
    (
        "x = np.arange(6, dtype=np.uint8); x.max()",
        r#"{"dtype": "uint8", "scalar": true, "values": [5]}"#,
    ),
];

#[test]
fn contiguous_dtype_answer_as_the_library_does() {
    support::check_table(CONTIGUOUS_DTYPE);
}

/// Every other NumPy function and method binds against its real signature: CPython's, NumPy's C parser's and `PyArg_ParseTupleAndKeywords`'s own wording for unknown keywords, surplus positionals, missing and repeated arguments.
const NUMPY_BINDING: &[(&str, &str)] = &[
    (
        "np.arange(start=1, stop=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "np.arange(stop=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [0, 1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "np.arange(3, 4, 1, 2, 5)",
        r#"{"error": "TypeError", "message": "arange() takes from 0 to 4 positional arguments but 5 were given"}"#,
    ),
    (
        "np.arange(start_or_stop=3)",
        r#"{"error": "TypeError", "message": "arange() got an unexpected keyword argument 'start_or_stop'"}"#,
    ),
    (
        "np.zeros(3, float, dtype=float)",
        r#"{"error": "TypeError", "message": "argument for zeros() given by name ('dtype') and position (position 1)"}"#,
    ),
    (
        "np.zeros(3, order='C', shape=3)",
        r#"{"error": "TypeError", "message": "argument for zeros() given by name ('shape') and position (position 0)"}"#,
    ),
    (
        "np.zeros()",
        r#"{"error": "TypeError", "message": "zeros() missing required argument 'shape' (pos 0)"}"#,
    ),
    (
        "np.ones()",
        r#"{"error": "TypeError", "message": "ones() missing 1 required positional argument: 'shape'"}"#,
    ),
    (
        "np.full()",
        r#"{"error": "TypeError", "message": "full() missing 2 required positional arguments: 'shape' and 'fill_value'"}"#,
    ),
    (
        "np.full(3)",
        r#"{"error": "TypeError", "message": "full() missing 1 required positional argument: 'fill_value'"}"#,
    ),
    (
        "np.ones(3, 'f', 'C', 5)",
        r#"{"error": "TypeError", "message": "ones() takes from 1 to 3 positional arguments but 4 were given"}"#,
    ),
    (
        "np.ones(3, device='cpu')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "np.ones(3, like=None)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "np.zeros(3, like=np.zeros(2))",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.shares_memory(a=X, b=X)",
        r#"{"error": "TypeError", "message": "shares_memory() got some positional-only arguments passed as keyword arguments: 'a, b'"}"#,
    ),
    (
        "X = np.arange(6.0); np.reshape(a=X, shape=6)",
        r#"{"error": "TypeError", "message": "reshape() got some positional-only arguments passed as keyword arguments: 'a'"}"#,
    ),
    (
        "X = np.arange(6.0); np.reshape(X, newshape=6)",
        r#"{"error": "TypeError", "message": "reshape() got an unexpected keyword argument 'newshape'"}"#,
    ),
    (
        "X = np.arange(6.0); np.reshape(X, 6, 'C', None)",
        r#"{"error": "TypeError", "message": "reshape() takes from 2 to 3 positional arguments but 4 were given"}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); np.matrix_transpose(x=X)",
        r#"{"error": "TypeError", "message": "matrix_transpose() got some positional-only arguments passed as keyword arguments: 'x'"}"#,
    ),
    (
        "X = np.arange(6.0); X.astype(float, 'K', 'unsafe', True, True, 3)",
        r#"{"error": "TypeError", "message": "astype() takes from 1 to 5 positional arguments but 6 were given"}"#,
    ),
    (
        "X = np.arange(6.0); X.astype(float, dtype=float)",
        r#"{"error": "TypeError", "message": "argument for astype() given by name ('dtype') and position (position 0)"}"#,
    ),
    (
        "X = np.arange(6.0); X.astype()",
        r#"{"error": "TypeError", "message": "astype() missing required argument 'dtype' (pos 0)"}"#,
    ),
    (
        "X = np.arange(6.0); X.astype(int, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [0, 1, 2, 3, 4, 5], "view": false, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0); X.view(1, 2, 3)",
        r#"{"error": "TypeError", "message": "view() takes from 0 to 2 positional arguments but 3 were given"}"#,
    ),
    (
        "X = np.arange(6.0); X.view(np.float64)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [6], "strides": [8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0).reshape(2, 3); X.squeeze(0, axis=0)",
        r#"{"error": "TypeError", "message": "argument for squeeze() given by name ('axis') and position (position 0)"}"#,
    ),
    (
        "X = np.arange(6.0); np.zeros_like(X, dtype=float, foo=1)",
        r#"{"error": "TypeError", "message": "zeros_like() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "np.dtype('f', foo=1)",
        r#"{"error": "TypeError", "message": "'foo' is an invalid keyword argument for dtype()"}"#,
    ),
    (
        "np.dtype('f', 1, 2, 3, 4)",
        r#"{"error": "TypeError", "message": "dtype() takes at most 4 arguments (5 given)"}"#,
    ),
    (
        "np.dtype()",
        r#"{"error": "TypeError", "message": "dtype() missing required argument 'dtype' (pos 1)"}"#,
    ),
    (
        "X = np.arange(6.0); X.transpose(axes=1)",
        r#"{"error": "TypeError", "message": "ndarray.transpose() takes no keyword arguments"}"#,
    ),
    (
        "X = np.arange(6.0); X.swapaxes(0)",
        r#"{"error": "TypeError", "message": "swapaxes() takes exactly 2 arguments (1 given)"}"#,
    ),
    (
        "X = np.arange(6.0); X.fill()",
        r#"{"error": "TypeError", "message": "fill() takes exactly 1 argument (0 given)"}"#,
    ),
    (
        "X = np.arange(6.0); X.item(a=1)",
        r#"{"error": "TypeError", "message": "ndarray.item() takes no keyword arguments"}"#,
    ),
    (
        "X = np.arange(6.0); X.reshape(6, foo=1)",
        r#"{"error": "TypeError", "message": "'foo' is an invalid keyword argument for this function"}"#,
    ),
    (
        "X = np.arange(6.0); X.reshape()",
        r#"{"error": "TypeError", "message": "reshape() takes exactly 1 argument (0 given)"}"#,
    ),
    (
        "X = np.arange(6.0); X.reshape(6, shape=6)",
        r#"{"error": "TypeError", "message": "'shape' is an invalid keyword argument for this function"}"#,
    ),
    (
        "X = np.arange(6.0); X.reshape(shape=6)",
        r#"{"error": "TypeError", "message": "'shape' is an invalid keyword argument for this function"}"#,
    ),
    (
        "X = np.arange(6.0); X.reshape(6, order='C', copy=None)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [6], "strides": [8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "X = np.arange(6.0); X.tolist(1)",
        r#"{"error": "TypeError", "message": "function takes exactly 0 arguments (1 given)"}"#,
    ),
    (
        "X = np.arange(6.0); X.copy('C', 'D')",
        r#"{"error": "TypeError", "message": "copy() takes from 0 to 1 positional arguments but 2 were given"}"#,
    ),
    (
        "X = np.arange(6.0); X.copy('C', order='C')",
        r#"{"error": "TypeError", "message": "argument for copy() given by name ('order') and position (position 0)"}"#,
    ),
    (
        "np.broadcast_shapes((2, 3), foo=1)",
        r#"{"error": "TypeError", "message": "broadcast_shapes() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "np.float32(1, 2)",
        r#"{"error": "TypeError", "message": "function takes at most 1 argument (2 given)"}"#,
    ),
    (
        "np.float32(x=1)",
        r#"{"error": "TypeError", "message": "'x' is an invalid keyword argument for this function"}"#,
    ),
    (
        "np.float32()",
        r#"{"dtype": "float32", "scalar": true, "values": [0.0]}"#,
    ),
    (
        "X = np.arange(6.0); np.array(X, float, True)",
        r#"{"error": "TypeError", "message": "array() takes from 1 to 2 positional arguments but 3 were given"}"#,
    ),
    (
        "X = np.arange(6.0); np.array(X, copy=True, order='K', subok=False, ndmin=0, ndmax=0, like=None)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.float32(3).astype(foo=1)",
        r#"{"error": "TypeError", "message": "astype() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "np.float32(3).item(foo=1)",
        r#"{"error": "TypeError", "message": "generic.item() takes no keyword arguments"}"#,
    ),
    (
        "np.float32(3).tolist(1)",
        r#"{"error": "TypeError", "message": "function takes exactly 0 arguments (1 given)"}"#,
    ),
];

#[test]
fn numpy_binding_answer_as_the_library_does() {
    support::check_table(NUMPY_BINDING);
}

/// `+x` on a bool array returned the array (NumPy raises `UFuncTypeError`), `abs(x)` of an array was refused (NumPy returns `np.absolute(x)`, bool for bool); PyTorch's own messages for bool tensors.
const UNARY_BOOL: &[(&str, &str)] = &[
    (
        "+np.array([True])",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'positive' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None"}"#,
    ),
    (
        "x = np.array([True, False]); +x",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'positive' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None"}"#,
    ),
    (
        "x = np.array([True, False]); abs(x)",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2], "strides": [1], "values": [true, false], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array([[True], [False]]); y = abs(x.T); y",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [1, 2], "strides": [2, 1], "values": [true, false], "view": false, "writeable": true}"#,
    ),
    (
        "abs(np.array([True, False]))",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2], "strides": [1], "values": [true, false], "view": false, "writeable": true}"#,
    ),
    (
        "abs(np.array([-128, 5, -3], dtype=np.int8))",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "strides": [1], "values": [-128, 5, 3], "view": false, "writeable": true}"#,
    ),
    (
        "abs(np.float32(-2))",
        r#"{"dtype": "float32", "scalar": true, "values": [2.0]}"#,
    ),
    (
        "abs(np.array(-3.0))",
        r#"{"dtype": "float64", "scalar": true, "values": [3.0]}"#,
    ),
    (
        "x = np.arange(6.).reshape(2,3) - 2.5; abs(x.T)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 2], "strides": [8, 24], "values": [2.5, 0.5, 1.5, 1.5, 0.5, 2.5], "view": false, "writeable": true}"#,
    ),
    ("abs(True)", r#"{"type": "int", "value": 1}"#),
    ("abs(-2.5)", r#"{"type": "float", "value": 2.5}"#),
    (
        "abs('a')",
        r#"{"error": "TypeError", "message": "bad operand type for abs(): 'str'"}"#,
    ),
    (
        "abs(None)",
        r#"{"error": "TypeError", "message": "bad operand type for abs(): 'NoneType'"}"#,
    ),
    (
        "t = torch.tensor([True]); +t",
        r#"{"error": "NotImplementedError", "message": "The `+` operator, on a bool tensor is not supported."}"#,
    ),
    (
        "t = torch.tensor([True, False]); abs(t)",
        r#"{"error": "NotImplementedError", "message": "\"abs_cpu\" not implemented for 'Bool'"}"#,
    ),
    (
        "t = torch.tensor([-1, 2]); abs(t)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 2], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor([True]); -t",
        r#"{"error": "NotImplementedError", "message": "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."}"#,
    ),
];

#[test]
fn unary_bool_answer_as_the_library_does() {
    support::check_table(UNARY_BOOL);
}

/// PyTorch: `t.squeeze((0, 3))` (a tuple of dims, PyTorch >= 2.0) raised TypeError; every function and method binds as PyTorch's argument parser does (missing arguments named first, overloads, `TensorBase.x()` for methods without arguments).
const TORCH_BINDING: &[(&str, &str)] = &[
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze(1, foo=2)",
        r#"{"error": "TypeError", "message": "squeeze() received an invalid combination of arguments - got (int, foo=int), but expected one of:\n * ()\n * (int dim)\n * (tuple of ints dim)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view((2,12), foo=[1,2])",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (tuple, foo=list), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(foo=3)",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (torch.dtype dtype)\n      didn't match because some of the keywords were incorrect: foo\n * (tuple of ints size)\n      didn't match because some of the keywords were incorrect: foo\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze(foo=3)",
        r#"{"error": "TypeError", "message": "squeeze() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * ()\n      didn't match because some of the keywords were incorrect: foo\n * (int dim)\n      didn't match because some of the keywords were incorrect: foo\n * (tuple of ints dim)\n      didn't match because some of the keywords were incorrect: foo\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze((0, 3))",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, 2))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, -1)).shape",
        r#"{"type": "tuple", "value": [24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, 0))",
        r#"{"error": "RuntimeError", "message": "dim 0 appears multiple times in the list of dims"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(0, 2)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(dim=(0, 2)).shape",
        r#"{"type": "tuple", "value": [24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(dim=2).shape",
        r#"{"type": "tuple", "value": [1, 24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.unsqueeze((0,1))",
        r#"{"error": "TypeError", "message": "unsqueeze(): argument 'dim' (position 1) must be int, not tuple"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0, 1, foo=2)",
        r#"{"error": "TypeError", "message": "transpose() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0, dim0=1)",
        r#"{"error": "TypeError", "message": "transpose() missing 1 required positional arguments: \"dim1\""}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0)",
        r#"{"error": "TypeError", "message": "transpose() missing 1 required positional arguments: \"dim1\""}"#,
    ),
    (
        "torch.zeros(2, size=3)",
        r#"{"error": "TypeError", "message": "zeros() got multiple values for argument 'size'"}"#,
    ),
    (
        "torch.zeros(size=(2,3))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.zeros(foo=3)",
        r#"{"error": "TypeError", "message": "zeros() missing 1 required positional arguments: \"size\""}"#,
    ),
    (
        "torch.zeros(2, 3, foo=3)",
        r#"{"error": "TypeError", "message": "zeros() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.full((2,), 3, foo=1)",
        r#"{"error": "TypeError", "message": "full() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.full((2,), 3, 4)",
        r#"{"error": "TypeError", "message": "full() takes 2 positional arguments but 3 were given"}"#,
    ),
    (
        "torch.ones((2,), dtype=torch.float32, foo=1)",
        r#"{"error": "TypeError", "message": "ones() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.ones(2, requires_grad=False)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.ones(2, device='cpu')",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.stride(0, dim=0)",
        r#"{"error": "TypeError", "message": "stride() got multiple values for argument 'dim'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.stride(dim=1)",
        r#"{"type": "int", "value": 4}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.size(dim=1)",
        r#"{"type": "int", "value": 3}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.flatten(0, 1, foo=1)",
        r#"{"error": "TypeError", "message": "flatten() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.flatten(start_dim=1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 12], "storage_offset": 0, "strides": [48, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.permute(0, 1, 2, foo=1)",
        r#"{"error": "TypeError", "message": "permute() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.permute(dims=(2,1,0))",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 4, 12], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [4, 3, 2], "storage_offset": 0, "strides": [4, 16, 48], "values": [0.0, 12.0, 4.0, 16.0, 8.0, 20.0, 1.0, 13.0, 5.0, 17.0, 9.0, 21.0, 2.0, 14.0, 6.0, 18.0, 10.0, 22.0, 3.0, 15.0, 7.0, 19.0, 11.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.expand(2,3,4, foo=1)",
        r#"{"error": "TypeError", "message": "expand() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.expand(size=(2,3,4))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 3, 4], "storage_offset": 0, "strides": [48, 16, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(2, 12, dtype=torch.float32)",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (int, int, dtype=torch.dtype), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(torch.float32)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3, 4], "storage_offset": 0, "strides": [48, 16, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(size=(24,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.reshape(shape=(24,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.tensor([1], foo=1)",
        r#"{"error": "TypeError", "message": "tensor() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.tensor([1], dtype=None, device=None, requires_grad=False, pin_memory=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "storage_offset": 0, "strides": [8], "values": [1], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(3, foo=1)",
        r#"{"error": "TypeError", "message": "arange() received an invalid combination of arguments - got (int, foo=int), but expected one of:\n * (Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"}"#,
    ),
    (
        "torch.arange(foo=1)",
        r#"{"error": "TypeError", "message": "arange() missing 1 required positional arguments: \"end\""}"#,
    ),
    (
        "torch.arange(3, end=4)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "storage_offset": 0, "strides": [8], "values": [3], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(1, 4, 1, 1)",
        r#"{"error": "TypeError", "message": "arange() received an invalid combination of arguments - got (int, int, int, int), but expected one of:\n * (Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"}"#,
    ),
    (
        "torch.arange(1, 4, 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 3], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(end=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [0, 1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(start=1, end=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.contiguous(1)",
        r#"{"error": "TypeError", "message": "contiguous() takes 0 positional arguments but 1 was given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.is_contiguous(foo=1)",
        r#"{"error": "TypeError", "message": "is_contiguous() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.is_contiguous(2)",
        r#"{"error": "TypeError", "message": "is_contiguous() takes 0 positional arguments but 1 was given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.zeros_like(t, foo=1)",
        r#"{"error": "TypeError", "message": "zeros_like() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.zeros_like(input=t).shape",
        r#"{"type": "tuple", "value": [2, 3, 4]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, (2,), (1,), 0, foo=1)",
        r#"{"error": "TypeError", "message": "as_strided() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, (2,), (1,), 0, 5)",
        r#"{"error": "TypeError", "message": "as_strided() takes from 3 to 4 positional arguments but 5 were given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, size=(2,), stride=(1,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.dim(1)",
        r#"{"error": "TypeError", "message": "TensorBase.dim() takes no arguments (1 given)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.dim(x=1)",
        r#"{"error": "TypeError", "message": "TensorBase.dim() takes no keyword arguments"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.item(1)",
        r#"{"error": "TypeError", "message": "TensorBase.item() takes no arguments (1 given)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.t(x=1)",
        r#"{"error": "TypeError", "message": "TensorBase.t() takes no keyword arguments"}"#,
    ),
];

#[test]
fn torch_binding_answer_as_the_library_does() {
    support::check_table(TORCH_BINDING);
}

/// PyTorch's `t.sum(dim, keepdim, dtype)` of integer and bool tensors (a float tensor's sum is not
/// supported: PyTorch adds floats in an order of its own).
const TORCH_SUMS: &[(&str, &str)] = &[
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, keepdim=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 3, 4], "storage_offset": 0, "strides": [96, 32, 8], "values": [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum((0, 2))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [60, 92, 124], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum((0, 0))",
        r#"{"error": "RuntimeError", "message": "dim 0 appears multiple times in the list of dims"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(3)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(-4)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got -4)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(())",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [276], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(dim=1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4], "storage_offset": 0, "strides": [32, 8], "values": [12, 15, 18, 21, 48, 51, 54, 57], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [276], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 3, 4], "storage_offset": 0, "strides": [96, 32, 8], "values": [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(dtype=torch.int8)",
        r#"{"c_contiguous": true, "dtype": "int8", "element_strides": [], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [20], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum([0, 1])",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "storage_offset": 0, "strides": [8], "values": [60, 66, 72, 78], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.permute(2, 1, 0).sum(0)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [2, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 2], "storage_offset": 0, "strides": [16, 8], "values": [6, 54, 22, 70, 38, 86], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor(5); t.sum(0)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [5], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor(5); t.sum(1)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-1, 0], but got 1)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(foo=3)",
        r#"{"error": "TypeError", "message": "sum() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (*, torch.dtype dtype = None)\n * (tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)\n"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, True, 3)",
        r#"{"error": "TypeError", "message": "sum() takes from 1 to 2 positional arguments but 3 were given"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, foo=3)",
        r#"{"error": "TypeError", "message": "sum() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.tensor([True, False, True]); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [2], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(6, dtype=torch.uint8); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [15], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(6, dtype=torch.int8).reshape(2, 3); t[:, ::2].sum(1, keepdim=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1, 1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 1], "storage_offset": 0, "strides": [8, 8], "values": [2, 8], "view": false, "writeable": true}"#,
    ),
];

#[test]
fn torch_sums_answer_as_the_library_does() {
    support::check_table(TORCH_SUMS);
}

/// What the lab does not implement is refused by name, never ignored (NumPy would use them).
#[test]
fn unimplemented_arguments_are_not_supported_here_by_name() {
    for (program, name) in [
        ("x = np.arange(6.0); x.sum(initial=1)", "'initial' of sum()"),
        ("x = np.arange(6.0); x.sum(where=x > 2)", "'where' of sum()"),
        ("x = np.arange(6.0); np.sum(x, out=x)", "'out' of sum()"),
        (
            "x = np.arange(6.0); x.astype(int, casting='safe')",
            "'casting' of astype()",
        ),
        (
            "x = np.arange(6.0); np.zeros_like(x, shape=(2, 3))",
            "'shape' of zeros_like()",
        ),
        ("np.dtype('f', align=True)", "'align' of dtype()"),
        (
            "torch.zeros(3, requires_grad=True)",
            "'requires_grad' of zeros()",
        ),
        (
            "t = torch.zeros(3); t.contiguous(memory_format=1)",
            "'memory_format' of contiguous()",
        ),
    ] {
        let got = support::actual(program);
        assert_eq!(got["error"], "Unsupported", "{program}: {got}");
        let message = got["message"].as_str().unwrap();
        assert!(message.contains(name), "{program}: {message}");
    }
    // The default value changes nothing, so it is accepted: `out=None`, `where=True`, `device='cpu'`.
    for program in [
        "x = np.arange(6.0); x.sum(out=None, where=True)",
        "np.zeros(3, device='cpu', like=None)",
        "torch.zeros(3, device='cpu', requires_grad=False)",
    ] {
        let got = support::actual(program);
        assert!(got.get("error").is_none(), "{program}: {got}");
    }
}
