//! Wrong types and names, arithmetic errors, Python-level mistakes (unpacking, `len`, `bool`),
//! and assignments of the wrong shape.

/// `(program, expected JSON)`.
pub const ROWS: &[(&str, &str)] = &[
    (
        "x = np.arange(12.0).reshape(3, 4); x[[0, 5]]",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for axis 0 with size 3"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[[0, 1], [0, 1, 2]]",
        r#"{"error": "IndexError", "message": "shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,) "}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[[True, False]]",
        r#"{"error": "IndexError", "message": "boolean index did not match indexed array along axis 0; size of axis is 3 but size of corresponding boolean axis is 2"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[1.5]",
        r#"{"error": "IndexError", "message": "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x['a']",
        r#"{"error": "IndexError", "message": "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[[1.5]]",
        r#"{"error": "IndexError", "message": "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape('a')",
        r#"{"error": "TypeError", "message": "'str' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(None)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 4], "strides": [32, 8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(3.0, 4)",
        r#"{"error": "TypeError", "message": "'float' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.zeros(None)",
        r#"{"error": "TypeError", "message": "Use () not None as shape arguments"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.zeros('a')",
        r#"{"error": "TypeError", "message": "'str' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.zeros((2, 'a'))",
        r#"{"error": "TypeError", "message": "'str' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.zeros(2.5)",
        r#"{"error": "TypeError", "message": "expected a sequence of integers or a single integer, got '2.5'"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.zeros(3, dtype='foo')",
        r#"{"error": "TypeError", "message": "data type 'foo' not understood"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.astype('foo')",
        r#"{"error": "TypeError", "message": "data type 'foo' not understood"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.T()",
        r#"{"error": "TypeError", "message": "'numpy.ndarray' object is not callable"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.foo",
        r#"{"error": "AttributeError", "message": "'numpy.ndarray' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.foo",
        r#"{"error": "AttributeError", "message": "module 'numpy' has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); y",
        r#"{"error": "NameError", "message": "name 'y' is not defined"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x + 'a'",
        r#"{"error": "UFuncTypeError", "message": "ufunc 'add' did not contain a loop with signature matching types (dtype('float64'), dtype('<U1')) -> None"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.transpose('a')",
        r#"{"error": "TypeError", "message": "'str' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.swapaxes(x, 0, 1.0)",
        r#"{"error": "TypeError", "message": "'float' object cannot be interpreted as an integer"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[0:1.5]",
        r#"{"error": "TypeError", "message": "slice indices must be integers or None or have an __index__ method"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); 1 / 0",
        r#"{"error": "ZeroDivisionError", "message": "division by zero"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); 1 // 0",
        r#"{"error": "ZeroDivisionError", "message": "integer division or modulo by zero"}"#,
    ),
    (
        "x = np.arange(12, dtype=np.int8); x + 300",
        r#"{"error": "OverflowError", "message": "Python integer 300 out of bounds for int8"}"#,
    ),
    (
        "x = np.arange(12, dtype=np.int8); x[0] = 300",
        r#"{"error": "OverflowError", "message": "Python integer 300 out of bounds for int8"}"#,
    ),
    (
        "x = np.arange(12, dtype=np.int64); x ** -1",
        r#"{"error": "ValueError", "message": "Integers to negative integer powers are not allowed."}"#,
    ),
    (
        "x = np.arange(12, dtype=np.bool_); x - x",
        r#"{"error": "TypeError", "message": "arange() is only supported for booleans when the result has at most length 2."}"#,
    ),
    (
        "x = np.arange(12.0); x & x",
        r#"{"error": "TypeError", "message": "ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"}"#,
    ),
    (
        "x = np.arange(12.0); len(5)",
        r#"{"error": "TypeError", "message": "object of type 'int' has no len()"}"#,
    ),
    (
        "x = np.arange(12.0); a, b = x",
        r#"{"error": "ValueError", "message": "too many values to unpack (expected 2)"}"#,
    ),
    (
        "x = np.arange(12.0); a, b, c = (1, 2)",
        r#"{"error": "ValueError", "message": "not enough values to unpack (expected 3, got 2)"}"#,
    ),
    (
        "x = np.arange(12.0); bool(x)",
        r#"{"error": "ValueError", "message": "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"}"#,
    ),
    (
        "x = np.arange(12.0); x.item()",
        r#"{"error": "ValueError", "message": "can only convert an array of size 1 to a Python scalar"}"#,
    ),
    (
        "x = np.arange(12.0); np.arange(1, 2, 0)",
        r#"{"error": "ZeroDivisionError", "message": "division by zero"}"#,
    ),
    (
        "x = np.arange(12.0); np.shares_memory(x, x[::2], max_work=0)",
        r#"{"error": "TooHardError", "message": "Exceeded max_work"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.ravel(x, order='X')",
        r#"{"error": "ValueError", "message": "order must be one of 'C', 'F', 'A', or 'K' (got 'X')"}"#,
    ),
    (
        "x = np.arange(12.0); (1, 2)[5]",
        r#"{"error": "IndexError", "message": "tuple index out of range"}"#,
    ),
    (
        "x = np.arange(12.0); [1, 2]['a']",
        r#"{"error": "TypeError", "message": "list indices must be integers or slices, not str"}"#,
    ),
    (
        "x = np.arange(12.0); x.flags['FOO']",
        r#"{"error": "KeyError", "message": "'Unknown flag'"}"#,
    ),
    (
        "x = np.arange(12.0); x.flags.foo",
        r#"{"error": "AttributeError", "message": "'numpy._core.multiarray.flagsobj' object has no attribute 'foo'"}"#,
    ),
    (
        "x = np.arange(12.0); np.array([[1, 2], [3]])",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part."}"#,
    ),
    (
        "x = np.arange(12.0); x[0] = [1, 2]",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
    (
        "x = np.arange(12.0); x[:3] = [1, 2]",
        r#"{"error": "ValueError", "message": "could not broadcast input array from shape (2,) into shape (3,)"}"#,
    ),
    (
        "x = np.arange(12.0); x[[0, 1]] = [1, 2, 3]",
        r#"{"error": "ValueError", "message": "shape mismatch: value array of shape (3,) could not be broadcast to indexing result of shape (2,)"}"#,
    ),
    (
        "x = np.arange(12.0); x.fill([1, 2])",
        r#"{"error": "ValueError", "message": "setting an array element with a sequence."}"#,
    ),
];
