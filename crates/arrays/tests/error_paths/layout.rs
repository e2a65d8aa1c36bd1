//! The layout errors of stride-core that NumPy reaches: shapes, axes, indexes, reshape,
//! broadcasting, sliding windows, too many dimensions, writes to read-only views.

/// `(program, expected JSON)`.
pub const ROWS: &[(&str, &str)] = &[
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
];
