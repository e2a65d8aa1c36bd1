//! NumPy reductions (`sum` and its axis, keepdims, dtype) and the dtype of contiguous copies.

use crate::support;

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
