//! NumPy functions and methods bound against their real signatures, and unary operators on bool arrays.

use crate::support;

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
