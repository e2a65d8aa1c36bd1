//! Where NumPy is more lenient (or stricter) than one would guess: `None` shapes, string
//! operands, assignments and calls of what is not callable, `item`, huge indexes and empty
//! fancy assignments, limits of 64 dimensions.

/// `(program, expected JSON)`.
pub const ROWS: &[(&str, &str)] = &[
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(None) is x",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.reshape(x, None)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 4], "strides": [32, 8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(None, None)",
        r#"{"error": "TypeError", "message": "'NoneType' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape((None,))",
        r#"{"error": "TypeError", "message": "'NoneType' object cannot be interpreted as an integer"}"#,
    ),
    (
        "np.ones(None)",
        r#"{"error": "TypeError", "message": "Use () not None as shape arguments"}"#,
    ),
    (
        "np.full(None, 1)",
        r#"{"error": "TypeError", "message": "Use () not None as shape arguments"}"#,
    ),
    (
        "np.zeros((None,))",
        r#"{"error": "TypeError", "message": "'NoneType' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(3.0); x.reshape(3, None)",
        r#"{"error": "TypeError", "message": "'NoneType' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(3.0); 'a' + x",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'add' did not contain a loop with signature matching types (dtype('<U1'), dtype('float64')) -> None"}"#,
    ),
    (
        "x = np.arange(3.0); x * 'ab'",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'multiply' did not contain a loop with signature matching types (dtype('float64'), dtype('<U2')) -> None"}"#,
    ),
    (
        "x = np.arange(3); x - 'a'",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'subtract' did not contain a loop with signature matching types (dtype('int64'), dtype('<U1')) -> None"}"#,
    ),
    (
        "x = np.arange(3); x / 'a'",
        r#"{"error": "TypeError", "message": "ufunc 'divide' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(3); x // 'a'",
        r#"{"error": "TypeError", "message": "ufunc 'floor_divide' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(3); x ** 'a'",
        r#"{"error": "TypeError", "message": "ufunc 'power' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(3); x % 'a'",
        r#"{"error": "TypeError", "message": "ufunc 'remainder' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(3); x & 'a'",
        r#"{"error": "TypeError", "message": "ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(3) > 1; x + 'a'",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'add' did not contain a loop with signature matching types (dtype('bool'), dtype('<U1')) -> None"}"#,
    ),
    (
        "x = np.arange(3); x == 'a'",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "strides": [1], "values": [false, false, false], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3); x < 'a'",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'less' did not contain a loop with signature matching types (<class 'numpy.dtypes.Int64DType'>, <class 'numpy.dtypes.StrDType'>) -> None"}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = [5]; x",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = np.array([1, 2])",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = np.array([5])",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x.fill([5])",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x.fill(np.array([1, 2]))",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(6.0).reshape(2, 3); x[0, 1] = [1, 2]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(6.0).reshape(2, 3); x[0, 1, ...] = [1, 2]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 0."}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = ()",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = [[5]]; x",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x.T()",
        r#"{"error": "TypeError", "message": "'numpy.ndarray' object is not callable"}"#,
    ),
    (
        "x = np.arange(3.0); x.shape()",
        r#"{"error": "TypeError", "message": "'tuple' object is not callable"}"#,
    ),
    (
        "x = np.arange(3.0); x[0]()",
        r#"{"error": "TypeError", "message": "'numpy.float64' object is not callable"}"#,
    ),
    (
        "x = np.arange(3.0); np()",
        r#"{"error": "TypeError", "message": "'module' object is not callable"}"#,
    ),
    (
        "x = np.arange(3.0); x.flags()",
        r#"{"error": "TypeError", "message": "'numpy._core.multiarray.flagsobj' object is not callable"}"#,
    ),
    (
        "t = torch.arange(3.0); t()",
        r#"{"error": "TypeError", "message": "'Tensor' object is not callable"}"#,
    ),
    (
        "x = np.arange(3.0); x[0][0]",
        r#"{"error": "IndexError", "message": "invalid index to scalar variable."}"#,
    ),
    (
        "x = np.arange(3.0); x.shape['a']",
        r#"{"error": "TypeError", "message": "tuple indices must be integers or slices, not str"}"#,
    ),
    (
        "x = np.arange(3.0); x[0].foo",
        r#"{"error": "AttributeError", "message": "'numpy.float64' object has no attribute 'foo'"}"#,
    ),
    (
        "t = torch.arange(3.0); t.foo",
        r#"{"error": "AttributeError", "message": "'Tensor' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(3.0); (1, 2).foo",
        r#"{"error": "AttributeError", "message": "'tuple' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3); x.item(5, 0)",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for axis 0 with size 2"}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3); x.item(100)",
        r#"{"error": "IndexError", "message": "index 100 is out of bounds for size 6"}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3); x.item(1, 2, 3)",
        r#"{"error": "ValueError", "message": "incorrect number of indices for array"}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3); x.item((1, 2))",
        r#"{"type": "int", "value": 5}"#,
    ),
    (
        "x = np.arange(6).reshape(2, 3); x.item()",
        r#"{"error": "ValueError", "message": "can only convert an array of size 1 to a Python scalar"}"#,
    ),
    (
        "x = np.arange(3); x[2].item(1)",
        r#"{"error": "IndexError", "message": "index 1 is out of bounds for size 1"}"#,
    ),
    (
        "x = np.arange(3.0); x[0] = [5]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(3.0); x[:] = [[1, 2, 3]]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 1."}"#,
    ),
    (
        "x = np.arange(6.0).reshape(2, 3); x[:] = [[[1, 2, 3]]]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 2."}"#,
    ),
    (
        "x = np.arange(3.0); x[[0, 1]] = [[1, 2]]; x",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1.0, 2.0, 2.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(3); x * 'ab'",
        r#"{"error": "TypeError", "message": "The 'out' kwarg is necessary when using the string multiply ufunc directly. Use numpy.strings.multiply to multiply strings without specifying 'out'."}"#,
    ),
    (
        "x = np.arange(3.0); 'a' < x",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'greater' did not contain a loop with signature matching types (<class 'numpy.dtypes.Float64DType'>, <class 'numpy.dtypes.StrDType'>) -> None"}"#,
    ),
    (
        "x = np.arange(3.0).reshape(3, 1); x == 'a'",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3, 1], "strides": [1, 1], "values": [false, false, false], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3.0); x[0][()]",
        r#"{"dtype": "float64", "scalar": true, "values": [0.0]}"#,
    ),
    (
        "x = np.arange(12.0); x[2**63]",
        r#"{"error": "OverflowError", "message": "Python int too large to convert to C long"}"#,
    ),
    (
        "x = np.arange(12.0); x[2**100]",
        r#"{"error": "IndexError", "message": "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"}"#,
    ),
    (
        "x = np.arange(12.0); x[::2**62]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "strides": [0], "values": [0.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(12.0); x[::-2**63]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 88, "owndata": false, "shape": [1], "strides": [8], "values": [11.0], "view": true, "writeable": true}"#,
    ),
    (
        "y = np.zeros((3, 3, 5, 0)); y[[0, 1]] = np.zeros((3, 1, 3, 5, 0))",
        r#"{"type": "NoneType", "value": null}"#,
    ),
    (
        "y = np.zeros((3, 0)); y[[0, 1]] = np.zeros((1, 5, 0))",
        r#"{"error": "ValueError", "message": "shape mismatch: value array of shape (1,5,0) could not be broadcast to indexing result of shape (2,0)"}"#,
    ),
    (
        "x = np.arange(0, dtype=np.float32).reshape(0, 5, 3, 3, order='F'); y = x.T; x[:] = 3; y[[-2, -1]] = y[:, None]; y",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 3, 5, 0], "strides": [60, 20, 4, 4], "values": [], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(6); x.reshape([1] * 1000)",
        r#"{"error": "ValueError", "message": "maximum supported dimension for an ndarray is currently 64, found 1000"}"#,
    ),
    (
        "x = np.arange(6); x[(None,) * 128]",
        r#"{"error": "IndexError", "message": "number of dimensions must be within [0, 64], indexing result would have 129"}"#,
    ),
    (
        "x = np.arange(6); x[(0,) * 129]",
        r#"{"error": "IndexError", "message": "too many indices for array"}"#,
    ),
    (
        "x = np.arange(6); as_strided(x, (1,) * 100, (8,) * 100)",
        r#"{"error": "ValueError", "message": "number of dimensions must be within [0, 64], got 100"}"#,
    ),
    (
        "x = np.arange(6); x.transpose(list(range(65)))",
        r#"{"error": "ValueError", "message": "maximum supported dimension for an ndarray is currently 64, found 65"}"#,
    ),
];
