//! NumPy's and PyTorch's error paths, and the Python-level mistakes a learner makes, each with
//! the exception the library raised (recorded by `tests/corpus/record.py`, NumPy 2.4.6, PyTorch
//! 2.15.0): every error variant of stride-core that NumPy or PyTorch can reach, wrong types and
//! names, assignments of the wrong shape, limits of 64 dimensions. A few answers are successes:
//! the table also pins where NumPy is more lenient than one would guess (`x.reshape(None)`).

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
        "np.zeros((1,) * 65)",
        r#"{"error": "ValueError", "message": "maximum supported dimension for an ndarray is currently 64, found 65"}"#,
    ),
    (
        "np.zeros((-1, 2))",
        r#"{"error": "ValueError", "message": "negative dimensions are not allowed"}"#,
    ),
    (
        "np.zeros((2**62, 2))",
        r#"{"error": "ValueError", "message": "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); as_strided(x, (2, 2), (8,))",
        r#"{"error": "ValueError", "message": "mismatch in length of strides and shape"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.expand_dims(x, 5)",
        r#"{"error": "AxisError", "message": "axis 5 is out of bounds for array of dimension 3"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.swapaxes(x, 0, 5)",
        r#"{"error": "AxisError", "message": "axis2: axis 5 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.moveaxis(x, 7, 0)",
        r#"{"error": "AxisError", "message": "source: axis 7 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.moveaxis(x, 0, -3)",
        r#"{"error": "AxisError", "message": "destination: axis -3 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[5]",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for axis 0 with size 3"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[0, -5]",
        r#"{"error": "IndexError", "message": "index -5 is out of bounds for axis 1 with size 4"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[0, 0, 0]",
        r#"{"error": "IndexError", "message": "too many indices for array: array is 2-dimensional, but 3 were indexed"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[..., ...]",
        r#"{"error": "IndexError", "message": "an index can only have a single ellipsis ('...')"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x[::0]",
        r#"{"error": "ValueError", "message": "slice step cannot be zero"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.transpose(0)",
        r#"{"error": "ValueError", "message": "axes don't match array"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.transpose(0, 0)",
        r#"{"error": "ValueError", "message": "repeated axis in transpose"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.transpose(0, 2)",
        r#"{"error": "AxisError", "message": "axis 2 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.expand_dims(x, (0, 0))",
        r#"{"error": "ValueError", "message": "repeated axis"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.moveaxis(x, [0, 1], [0])",
        r#"{"error": "ValueError", "message": "`source` and `destination` arguments must have the same number of elements"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.moveaxis(x, [0, 0], [0, 1])",
        r#"{"error": "ValueError", "message": "repeated axis in `source` argument"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.squeeze(0)",
        r#"{"error": "ValueError", "message": "cannot select an axis to squeeze out which has size not equal to one"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(1, 12); x.squeeze((0, 0))",
        r#"{"error": "ValueError", "message": "duplicate value in 'axis'"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(-1, -1)",
        r#"{"error": "ValueError", "message": "can only specify one unknown dimension"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(5)",
        r#"{"error": "ValueError", "message": "cannot reshape array of size 12 into shape (5,)"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(-1, 5)",
        r#"{"error": "ValueError", "message": "cannot reshape array of size 12 into shape (5)"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(5, -1)",
        r#"{"error": "ValueError", "message": "cannot reshape array of size 12 into shape (5,newaxis)"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.T.reshape(12, copy=False)",
        r#"{"error": "ValueError", "message": "Unable to avoid creating a copy while reshaping."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(12, order='K')",
        r#"{"error": "ValueError", "message": "order 'K' is not permitted for reshaping"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x.reshape(12, order='X')",
        r#"{"error": "ValueError", "message": "order must be one of 'C', 'F', 'A', or 'K' (got 'X')"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_shapes((2,), (3,))",
        r#"{"error": "ValueError", "message": "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with shape (3,)."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_shapes((2, 1), (1, 3), (4, 1))",
        r#"{"error": "ValueError", "message": "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2, 1) and arg 2 with shape (4, 1)."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); x + np.arange(3.0)",
        r#"{"error": "ValueError", "message": "operands could not be broadcast together with shapes (3,4) (3,) "}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_to(x, (4, 4))",
        r#"{"error": "ValueError", "message": "operands could not be broadcast together with remapped shapes [original->remapped]: (3,4)  and requested shape (4,4)"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_to(x, (4,))",
        r#"{"error": "ValueError", "message": "input operand has more dimensions than allowed by the axis remapping"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_to(x, (-1, 4))",
        r#"{"error": "ValueError", "message": "all elements of broadcast shape must be non-negative"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_to(x, ())",
        r#"{"error": "ValueError", "message": "cannot broadcast a non-scalar to a scalar array"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_shapes((2**40, 1), (1, 2**40))",
        r#"{"error": "ValueError", "message": "broadcast dimensions too large."}"#,
    ),
    (
        "x = np.arange(12.0); sliding_window_view(x, 13)",
        r#"{"error": "ValueError", "message": "window shape cannot be larger than input array shape"}"#,
    ),
    (
        "x = np.arange(12.0); sliding_window_view(x, -1)",
        r#"{"error": "ValueError", "message": "`window_shape` cannot contain negative values"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); sliding_window_view(x, 2)",
        r#"{"error": "ValueError", "message": "Since axis is `None`, must provide window_shape for all dimensions of `x`; got 1 window_shape elements and `x.ndim` is 2."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); sliding_window_view(x, (2, 2), axis=0)",
        r#"{"error": "ValueError", "message": "Must provide matching length window_shape and axis; got 2 window_shape elements and 1 axes elements."}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); sliding_window_view(x, 2, axis=2)",
        r#"{"error": "AxisError", "message": "axis 2 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(12.0); x[(0,) * 129]",
        r#"{"error": "IndexError", "message": "too many indices for array"}"#,
    ),
    (
        "x = np.arange(12.0); x[(None,) * 70]",
        r#"{"error": "IndexError", "message": "number of dimensions must be within [0, 64], indexing result would have 71"}"#,
    ),
    (
        "x = np.arange(3.0); x.mT",
        r#"{"error": "ValueError", "message": "matrix transpose with ndim < 2 is undefined"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); np.broadcast_to(x, (3, 4))[0, 0] = 1",
        r#"{"error": "ValueError", "message": "assignment destination is read-only"}"#,
    ),
    (
        "x = np.arange(12.0).reshape(3, 4); sliding_window_view(x, 2, axis=0)[0] = 1",
        r#"{"error": "ValueError", "message": "assignment destination is read-only"}"#,
    ),
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
    (
        "t = torch.arange(12.0).reshape(3, 4); t.T.view(12)",
        r#"{"error": "RuntimeError", "message": "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[::-1]",
        r#"{"error": "ValueError", "message": "step must be greater than zero"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[::0]",
        r#"{"error": "ValueError", "message": "slice step cannot be zero"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(4, 4)",
        r#"{"error": "RuntimeError", "message": "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [4, 4].  Tensor sizes: [3, 4]"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(4)",
        r#"{"error": "RuntimeError", "message": "expand(torch.FloatTensor{[3, 4]}, size=[4]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[5]",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for dimension 0 with size 3"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[0, 0, 0]",
        r#"{"error": "IndexError", "message": "too many indices for tensor of dimension 2"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(-1, 3, 4)",
        r#"{"error": "RuntimeError", "message": "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.transpose(0, 2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.permute(0)",
        r#"{"error": "RuntimeError", "message": "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.permute(0, 0)",
        r#"{"error": "RuntimeError", "message": "permute(): duplicate dims are not allowed."}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(-2, 6)",
        r#"{"error": "RuntimeError", "message": "invalid shape dimension -2 at index 0 of shape [-2, 6]"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(-1, -1)",
        r#"{"error": "RuntimeError", "message": "only one dimension can be inferred"}"#,
    ),
    (
        "t = torch.zeros(0, 3); t.view(-1, 0)",
        r#"{"error": "RuntimeError", "message": "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(5)",
        r#"{"error": "RuntimeError", "message": "shape '[5]' is invalid for input of size 12"}"#,
    ),
    (
        "t = torch.arange(3.0); t.mT",
        r#"{"error": "RuntimeError", "message": "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."}"#,
    ),
    (
        "t = torch.arange(3.0); t[1].expand(-1)",
        r#"{"error": "RuntimeError", "message": "numel: integer multiplication overflow"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.unsqueeze(3)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.squeeze(2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.flatten(2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.flatten(1, 0)",
        r#"{"error": "RuntimeError", "message": "flatten() has invalid args: start_dim cannot come after end_dim"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(3, 4)[0, 0].item()",
        r#"{"type": "float", "value": 0.0}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(2, 3, 4)[0] = 1",
        r#"{"type": "NoneType", "value": null}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.reshape(5)",
        r#"{"error": "RuntimeError", "message": "shape '[5]' is invalid for input of size 12"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.contiguous().view(2, -1, 4).stride()",
        r#"{"error": "RuntimeError", "message": "shape '[2, -1, 4]' is invalid for input of size 12"}"#,
    ),
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
        "t = torch.arange(24.0).reshape(2, 3, 4); t.transpose(0, 2).flatten(1).stride()",
        r#"{"type": "tuple", "value": [6, 1]}"#,
    ),
    (
        "t = torch.arange(24.0).reshape(2, 3, 4); t.flatten(start_dim=1, end_dim=2).stride()",
        r#"{"type": "tuple", "value": [12, 1]}"#,
    ),
    (
        "t = torch.zeros(0, 1, 3, 0); t.flatten(1, 2).shape",
        r#"{"type": "tuple", "value": [0, 3, 0]}"#,
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

#[test]
fn every_error_path_says_what_the_library_says() {
    support::check_table(ROWS);
}
