//! Programs that once disagreed with NumPy or PyTorch, with what the library gave (recorded by
//! `tests/corpus/record.py` with NumPy 2.4.6 and PyTorch 2.15.0) and a note on the bug each one
//! exposed. Most come from checking fresh corpus seeds (`tests/corpus/check.py`); add a row for
//! every disagreement fixed.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`.
const ROWS: &[(&str, &str)] = &[
    // Fresh seed 2. A single boolean index of exactly the array's shape takes NumPy's own path
    // (`array_assign_boolean_subscript`): a 1-d value needs one item per True, with its own message.
    (
        "a = np.arange(3, dtype='float32'); y = a.ravel('A'); a[..., 0:3:3] = y[0]; y[y < 1.0] = a",
        r#"{"error": "ValueError", "message": "NumPy boolean array indexing assignment cannot assign 3 input values to the 1 output values where the mask is true"}"#,
    ),
    (
        "x = np.zeros(3); x[[True, False, True]] = [1, 2, 3]",
        r#"{"error": "ValueError", "message": "NumPy boolean array indexing assignment cannot assign 3 input values to the 2 output values where the mask is true"}"#,
    ),
    // A 2-d value is refused on that path...
    (
        "x = np.zeros((3, 4)); x[x == 0] = np.ones((1, 12))",
        r#"{"error": "TypeError", "message": "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has 2 dimensions"}"#,
    ),
    // ...but a mask of fewer dims is the general advanced-index path, where a 2-d value broadcasts.
    (
        "x = np.zeros((3, 4)); x[np.array([True, False, True])] = np.ones((2, 4)); x",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 4], "strides": [32, 8], "values": [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    // Fresh seed 2. `broadcast_to` returns a view whose `.base` is collapsed as for any view (the lab
    // gave it an opaque base).
    (
        "x = np.zeros((2, 0, 1), dtype='int8', order='F'); np.broadcast_to(x, (2, 0, 1)).base is x",
        r#"{"type": "bool", "value": true}"#,
    ),
    // Fresh seed 2. PyTorch's messages name a bool tensor `CPUBoolType`, not `torch.BoolTensor`.
    (
        "t = torch.ones((2, 3, 3, 4), dtype=torch.bool); y = t[None, -1, None, 3:8]; y.expand((-1, 0, 3, 4))",
        r#"{"error": "RuntimeError", "message": "expand(CPUBoolType{[1, 1, 0, 3, 4]}, size=[-1, 0, 3, 4]): the number of sizes provided (4) must be greater or equal to the number of dimensions in the tensor (5)"}"#,
    ),
    // Fresh seed 3. NEP 50: a Python int must fit the loop's inputs, and `/` of integers runs a float
    // loop, so `int16 / 70000` and `uint8 / -1` are fine; `//` keeps the integer loop and refuses.
    (
        "a = np.arange(6, dtype='int16').reshape((2, 3), order='F'); np.shares_memory(a[2:], (a / 70000).reshape((2, 3)))",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.arange(3, dtype=np.uint8); x / -1",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [-0.0, -1.0, -2.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(1, dtype=np.uint8).reshape(1, 1); x[...] / -200",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 1], "strides": [8, 8], "values": [-0.0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3, dtype=np.int16); x // 70000",
        r#"{"error": "OverflowError", "message": "Python integer 70000 out of bounds for int16"}"#,
    ),
    // Fresh seeds 3, 4, 5, 6. `ascontiguousarray` / `asfortranarray` of a 0-d array is `np.array(a,
    // ndmin=1)`: a view with a leading axis whose stride is the item size, never a copy.
    (
        "x = np.array([[-1, 13, 11, 9], [60, 48, 47, 31], [54, 36, 23, 32]], dtype=np.int32); y = x[-2][3, ...]; np.ascontiguousarray(y)",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 28, "owndata": false, "shape": [1], "strides": [4], "values": [31], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(3.0); np.asfortranarray(a[..., -1])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 16, "owndata": false, "shape": [1], "strides": [8], "values": [2.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(1.0); y = x[0, ...]; z = sliding_window_view(np.asfortranarray(y), (1,)); y[...] = 1.5; z",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 1], "strides": [8, 8], "values": [1.5], "view": true, "writeable": false}"#,
    ),
    // Fresh seeds 3, 8. `flatten('K')` and a copying `ravel('K')` read in the iterator's order, where a
    // stride-0 axis has no say and stays outermost (not innermost, as sorting by |stride| puts it).
    (
        "x = np.arange(4.0).reshape(2, 2, order='F'); y = np.broadcast_to(x, (4, 2, 2)); np.moveaxis(np.transpose(y, (0, 1, 2)), [1], [2]).flatten('K')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [16], "strides": [8], "values": [0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.arange(6, dtype='uint8').reshape((3, 1, 2), order='F'); y = np.broadcast_to(a, (3, 2, 3, 1, 2)); np.ravel(y, order='K')",
        r#"{"c_contiguous": true, "dtype": "uint8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [36], "strides": [1], "values": [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5], "view": false, "writeable": true}"#,
    ),
    // Fresh seeds 4, 6, 7. Arithmetic on a 0-d array gives a NumPy scalar, which has `astype`, `item`.
    (
        "a = np.arange(1, dtype='int32'); y = np.squeeze(a, axis=-1); (y * 37).astype(np.int16)",
        r#"{"dtype": "int16", "scalar": true, "values": [0]}"#,
    ),
    (
        "x = np.arange(120, dtype=np.int16).reshape(3, 5, 4, 2, order='F'); (x[-1, -3, 1, -2, ...] * 100).astype(np.uint8)",
        r#"{"dtype": "uint8", "scalar": true, "values": [252]}"#,
    ),
    (
        "x = np.arange(3.5, 6); x[2].item()",
        r#"{"type": "float", "value": 5.5}"#,
    ),
    // Fresh seeds 3, 6, 7, 8. PyTorch's index error names the position in the subscript
    // (`real_dim`), counting `None`, not the axis indexed.
    (
        "out = torch.arange(12, dtype=torch.float64).reshape(1, 2, 6); out[None, 0, -3]",
        r#"{"error": "IndexError", "message": "index -3 is out of bounds for dimension 2 with size 2"}"#,
    ),
    (
        "x = torch.ones((6, 2, 3, 1), dtype=torch.float32); x[3, 0:2:2, 2, None, -2, None]",
        r#"{"error": "IndexError", "message": "index -2 is out of bounds for dimension 4 with size 1"}"#,
    ),
    (
        "t = torch.arange(8.0).reshape(2, 2, 2); t[1, None, 5]",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for dimension 2 with size 2"}"#,
    ),
    // Fresh seeds 4, 5. `clone()` of a tensor that is not dense keeps its stride order
    // (`infer_dense_strides`), ignoring stride-0 axes; it is not simply C order.
    (
        "a = torch.arange(8).reshape(2, 4); y = a.contiguous().mT.expand(2, 4, 2); y.clone()",
        r#"{"c_contiguous": false, "dtype": "int64", "element_strides": [8, 1, 4], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4, 2], "storage_offset": 0, "strides": [64, 8, 32], "values": [0, 4, 1, 5, 2, 6, 3, 7, 0, 4, 1, 5, 2, 6, 3, 7], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(40, dtype=torch.float64).reshape(4, 2, 5); y = t.transpose(-3, -1); y[-5].clone().squeeze(-2).stride()",
        r#"{"type": "tuple", "value": [1, 2]}"#,
    ),
    // Fresh seed 6. `expand` of a 0-d tensor takes the sizes unchecked, so a -1 fails only in `numel`.
    (
        "t = torch.arange(3); t[1].expand(-1)",
        r#"{"error": "RuntimeError", "message": "numel: integer multiplication overflow"}"#,
    ),
    (
        "t = torch.arange(3); t[1].expand(2, -1)",
        r#"{"error": "RuntimeError", "message": "numel: integer multiplication overflow"}"#,
    ),
    (
        "t = torch.arange(3); t[1].expand(2, 3).stride()",
        r#"{"type": "tuple", "value": [0, 0]}"#,
    ),
    // Found by probing around seed 3's failure. NumPy 2 compares integers with any Python int
    // exactly, out of range or beyond 64 bits; a bool array's loop is int64, which must hold it.
    (
        "x = np.arange(3, dtype=np.uint8); x > -1",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "strides": [1], "values": [true, true, true], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3, dtype=np.int8); x >= 2**70",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "strides": [1], "values": [false, false, false], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3, dtype=np.int64); x < 2**64",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "strides": [1], "values": [true, true, true], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array([True, False]); x < 2**70",
        r#"{"error": "OverflowError", "message": "Python int too large to convert to C long"}"#,
    ),
    // Ints beyond 64 bits are refused by integer loops but meet float loops as doubles.
    (
        "x = np.arange(3, dtype=np.int8); x + 2**70",
        r#"{"error": "OverflowError", "message": "Python int too large to convert to C long"}"#,
    ),
    (
        "x = np.arange(3.0); x + 2**70",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1.1805916207174113e+21, 1.1805916207174113e+21, 1.1805916207174113e+21], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(3, dtype=np.float32); x[x > 0] = 2**70; x",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "strides": [4], "values": [0.0, 1.1805916207174113e+21, 1.1805916207174113e+21], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(3, dtype=np.uint8); x / 2**70",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [0.0, 8.470329472543003e-22, 1.6940658945086007e-21], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.float32(2**70); x",
        r#"{"dtype": "float32", "scalar": true, "values": [1.1805916207174113e+21]}"#,
    ),
    // `np.arange` of bools stops at 2 elements; PyTorch has no bool arange at all.
    (
        "x = np.arange(3, dtype=np.bool_); x",
        r#"{"error": "TypeError", "message": "arange() is only supported for booleans when the result has at most length 2."}"#,
    ),
    (
        "x = np.arange(2, dtype=np.bool_); x",
        r#"{"c_contiguous": true, "dtype": "bool", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2], "strides": [1], "values": [false, true], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(2, dtype=torch.bool); t",
        r#"{"error": "NotImplementedError", "message": "\"arange_cpu\" not implemented for 'Bool'"}"#,
    ),
    // Fresh seeds 14, 27. An integer `axis` of `squeeze` lets a 0-d array take 0 or -1
    // (`PyArray_ConvertMultiAxis`); a tuple does not, and a list is no integer.
    (
        "x = np.ones(1, dtype=np.float32); y = np.reshape(x, (), order='A'); y.squeeze(-1)[()]",
        r#"{"dtype": "float32", "scalar": true, "values": [1.0]}"#,
    ),
    (
        "a = np.zeros((2,), dtype=np.float64); y = a[-1, ...]; z = y[...]; z.squeeze(axis=0)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 8, "owndata": false, "shape": [], "strides": [], "values": [0.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.zeros(()); x.squeeze((0,))",
        r#"{"error": "AxisError", "message": "axis 0 is out of bounds for array of dimension 0"}"#,
    ),
    (
        "x = np.zeros((1, 3)); x.squeeze([0])",
        r#"{"error": "TypeError", "message": "'list' object cannot be interpreted as an integer"}"#,
    ),
    // Fresh seed 29. A repeated axis in `squeeze`'s tuple is "duplicate value in 'axis'".
    (
        "x = np.arange(1, dtype=np.int8); y = np.reshape(x, (1,), order='A'); y.squeeze((-1, 0))",
        r#"{"error": "ValueError", "message": "duplicate value in 'axis'"}"#,
    ),
    // Fresh seeds 15, 21, 22, 28. The shape-mismatch message leaves out integer (0-d) indices.
    (
        "x = np.arange(6, dtype=np.uint8).reshape(2, 3, 1); y = x[::-1]; y[[0, -1], [-1, -1, -2], -1]",
        r#"{"error": "IndexError", "message": "shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,) "}"#,
    ),
    (
        "x = np.zeros((2, 3, 4)); x[[0, 1], True, [0, 1, 2]]",
        r#"{"error": "IndexError", "message": "shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (1,) (3,) "}"#,
    ),
    // Fresh seed 17. A boolean axis of size 0 stands against any size.
    (
        "a = np.arange(0, dtype='int32'); y = np.lib.stride_tricks.as_strided(a, shape=(4, 0), strides=(4, 8)); z = y[:-1:2]; z[a > 0].shape",
        r#"{"type": "tuple", "value": [0, 0]}"#,
    ),
    (
        "x = np.zeros((2, 3)); x[np.zeros((2, 0), dtype=bool)]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0], "strides": [0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.zeros((2, 3)); x[np.zeros((0, 2), dtype=bool)]",
        r#"{"error": "IndexError", "message": "boolean index did not match indexed array along axis 1; size of axis is 3 but size of corresponding boolean axis is 2"}"#,
    ),
    // Fresh seeds 15, 28. A single index of a 0-d tensor takes PyTorch's fast paths, each with
    // its own message; only tuples get "too many indices".
    (
        "t = torch.ones((1,), dtype=torch.int16); t.squeeze(0)[-2::3]",
        r#"{"error": "IndexError", "message": "slice() cannot be applied to a 0-dim tensor."}"#,
    ),
    (
        "t = torch.arange(3, dtype=torch.float64); y = t[0]; y.reshape((1, 1, 1, 1)).reshape(())[1]",
        r#"{"error": "IndexError", "message": "index 1 is out of bounds for dimension 0 with size 0"}"#,
    ),
    (
        "t = torch.tensor(3.0); t[0]",
        r#"{"error": "IndexError", "message": "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"}"#,
    ),
    (
        "t = torch.tensor(3.0); t[None, 0]",
        r#"{"error": "IndexError", "message": "too many indices for tensor of dimension 0"}"#,
    ),
    (
        "t = torch.tensor(3.0); t[None][0:1]",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [1], "storage_offset": 0, "strides": [4], "values": [3.0], "view": true, "writeable": true}"#,
    ),
    // Found porting test_multiarray.py::test_ravel: np.array and np.asarray honour `order`
    // (a list becomes F-ordered memory; an array is copied when its layout does not fit) and
    // `copy=False` refuses a needed copy with NumPy 2's message.
    (
        "x = np.array([[0, 1], [2, 3]], order='F'); x",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [8, 16], "values": [0, 1, 2, 3], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]], order='X')",
        r#"{"error": "ValueError", "message": "order must be one of 'C', 'F', 'A', or 'K' (got 'X')"}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]], order='K'); x.strides",
        r#"{"type": "tuple", "value": [16, 8]}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]], order='A'); x.strides",
        r#"{"type": "tuple", "value": [16, 8]}"#,
    ),
    (
        "x = np.asarray([[0, 1], [2, 3]], order='F'); x.strides",
        r#"{"type": "tuple", "value": [8, 16]}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, order='F')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [8, 16], "values": [0, 1, 2, 3], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.asarray(x, order='F')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [8, 16], "values": [0, 1, 2, 3], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.asarray(x, order='C') is x",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.asarray(x.T, order='A')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 2], "strides": [8, 16], "values": [0, 2, 1, 3], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, copy=False, order='F')",
        r#"{"error": "ValueError", "message": "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword."}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, copy=False) is x",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, copy=False, dtype=np.int8)",
        r#"{"error": "ValueError", "message": "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword."}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, copy=None, dtype=np.int8)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": false, "itemsize": 1, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [2, 1], "values": [0, 1, 2, 3], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x.T)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [8, 16], "values": [0, 2, 1, 3], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(4).reshape(2,2); np.array(x, ndmin=2) is x",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "np.array([1, 2], copy=False)",
        r#"{"error": "ValueError", "message": "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword."}"#,
    ),
    (
        "np.array([1, 2], ndmin=1)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [1, 2], "view": true, "writeable": true}"#,
    ),
    // Found probing PyTorch's side of the NEP 50 fixes: a Python value written into a tensor
    // meets `c10::checked_convert` (RuntimeError "value cannot be converted to type int8_t
    // without overflow", unsigned types taking negatives), lists are refused; a Python int beside
    // a tensor is a 64-bit Scalar ("int too big to convert", unsigned 2^63..2^64 wrapping).
    (
        "t = torch.zeros(3, dtype=torch.int8); t[0] = 300",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type int8_t without overflow"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.uint8); t[0] = -1; t",
        r#"{"c_contiguous": true, "dtype": "uint8", "element_strides": [1], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [1], "values": [255, 0, 0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.uint8); t[0] = -256",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type uint8_t without overflow"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.int8); t[0] = 127.9; t",
        r#"{"c_contiguous": true, "dtype": "int8", "element_strides": [1], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [1], "values": [127, 0, 0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.int8); t[0] = -128.9",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type int8_t without overflow"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.int32); t[0] = float('nan')",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type int without overflow"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.float32); t[0] = 1e300",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type float without overflow"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.float16); t[0] = 70000; t",
        r#"{"c_contiguous": true, "dtype": "float16", "element_strides": [1], "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [2], "values": ["inf", 0.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.int64); t[0] = 2**63",
        r#"{"error": "ValueError", "message": "Overflow when unpacking long long"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.bool); t[0] = 2**40; t",
        r#"{"c_contiguous": true, "dtype": "bool", "element_strides": [1], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [1], "values": [true, false, false], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(3); t[:] = [1, 2, 3]",
        r#"{"error": "TypeError", "message": "can't assign a list to a torch.FloatTensor"}"#,
    ),
    (
        "t = torch.zeros(3, dtype=torch.int8); t[...] = 300",
        r#"{"error": "RuntimeError", "message": "value cannot be converted to type int8_t without overflow"}"#,
    ),
    (
        "t = torch.ones(3); t + 2**70",
        r#"{"error": "OverflowError", "message": "int too big to convert"}"#,
    ),
    (
        "t = torch.ones(3, dtype=torch.int64); t < 2**63",
        r#"{"c_contiguous": true, "dtype": "bool", "element_strides": [1], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [1], "values": [false, false, false], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.ones(3, dtype=torch.int64); t > -2**63 - 1",
        r#"{"error": "OverflowError", "message": "can't convert negative int to unsigned"}"#,
    ),
    (
        "t = torch.ones(3, dtype=torch.bool); t + 2**63",
        r#"{"error": "RuntimeError", "message": "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote Bool and UInt64"}"#,
    ),
    // Fresh seed 65. A single-mask assignment reads its value element by element while writing,
    // with no copy of a value that overlaps the destination (other assignments do copy it).
    (
        "x = np.arange(4).reshape(2, 2); x[x >= 0] = x.ravel()[::-1]; x",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 2], "strides": [16, 8], "values": [3, 2, 2, 3], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(4, dtype='int32').reshape(2, 2); y = np.ascontiguousarray(np.reshape(x, (2, 2, 1))); x[[-1, 1]] = x[:, 0]; x[x > 0] = x[0]; y",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 2, 1], "strides": [8, 4, 4], "values": [0, 0, 0, 0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(6.0); x[x >= 0] = x[::-1]; x",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [5.0, 4.0, 3.0, 3.0, 4.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = np.arange(6); x[[1, 0, 3, 2, 5, 4]] = x[::-1]; x",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [4, 5, 2, 3, 0, 1], "view": true, "writeable": true}"#,
    ),
    // Fresh seed 65. `mT` of a 0-d tensor is the tensor itself (deprecated, still the identity).
    (
        "a = torch.arange(6); y = a[-3]; z = y.mT; z[()].view((1, 1, 1, 1))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1, 1, 1, 1], "f_contiguous": true, "itemsize": 8, "offset": 24, "owndata": false, "shape": [1, 1, 1, 1], "storage_offset": 3, "strides": [8, 8, 8, 8], "values": [3], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.tensor(3.0); t.mT",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [3.0], "view": true, "writeable": true}"#,
    ),
    // Fresh products seed 201. c_einsum's broadcast message shows an operand with its repeated letters
    // already combined: `ii` of a (3, 3) is "(3,)".
    (
        "x = np.arange(9, dtype='int8').reshape(3, 3); y = np.arange(9, dtype='int8').reshape(3, 3); z = np.arange(8, dtype='int8').reshape((2, 4), order='F'); np.einsum('ii,ij,jk->k', x, y, z)",
        r#"{"error": "ValueError", "message": "operands could not be broadcast together with remapped shapes [original->remapped]: (3,)->(3,newaxis) (3,3)->(3,3) (2,4)->(4,newaxis,2) "}"#,
    ),
    // Fresh torch einsum seed 101. The axes under `...` must broadcast across operands, with
    // PyTorch's message (and its missing space before "has").
    (
        "x = torch.arange(72.).reshape(3, 4, 3, 2); y = torch.arange(6.).reshape(1, 2, 3).expand(0, 2, 3); torch.einsum('...ij,...jk->...ik', x, y)",
        r#"{"error": "RuntimeError", "message": "einsum(): dimension 0 covered by ellipsis in operand 1has size 0 which does not broadcast with previously seen ellipsis with size 4 for the respective dimension"}"#,
    ),
    // torch.einsum of several operands was refused; PyTorch's bmm result, viewed and permuted back,
    // is not contiguous when the output's order is not the product's.
    (
        "q = torch.arange(120.).reshape(2, 3, 4, 5); k = torch.arange(180.).reshape(2, 3, 6, 5); torch.einsum('bhqd,bhkd->bqhk', q, k).stride()",
        r#"{"type": "tuple", "value": [72, 6, 24, 1]}"#,
    ),
    // bmm's kernel is chosen by the left operand's dtype before the dtypes are compared.
    (
        "a = torch.zeros(1, 2, 2, dtype=torch.bool); b = torch.arange(6).reshape(2, 3); torch.einsum('bij,jk->bik', a, b)",
        r#"{"error": "NotImplementedError", "message": "\"bmm\" not implemented for 'Bool'"}"#,
    ),
    // np.einsum with optimize= of two operands was refused; einsum_path takes them last first
    // ('jk,ij->ki'), so NumPy 2.4's bmm_einsum needs no transpose after its matmul...
    (
        "x = np.arange(6.).reshape(2, 3); y = np.arange(12.).reshape(3, 4); np.einsum('ij,jk->ki', x, y, optimize=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4, 2], "strides": [16, 8], "values": [20.0, 56.0, 23.0, 68.0, 26.0, 80.0, 29.0, 92.0], "view": false, "writeable": true}"#,
    ),
    // ...and a full contraction is a 0-d array (a reshape of the 1x1 matmul), not a scalar.
    (
        "x = np.arange(3.); np.einsum('i,i', x, x, optimize=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [], "strides": [], "values": [5.0], "view": false, "writeable": true}"#,
    ),
    // np.concatenate's dtype= and casting= were refused; every input must meet the rule, mixed
    // dtypes failing 'no' even without dtype=...
    (
        "a = np.arange(3); np.concatenate([a, a.astype(np.int32)], casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('int32') to dtype('int64') according to the rule 'no'"}"#,
    ),
    // ...and a 0-d input, flattened by axis=None, is "scalar" in the message.
    (
        "np.concatenate([np.zeros((), dtype=np.int64)], axis=None, dtype=float, casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast scalar from dtype('int64') to dtype('float64') according to the rule 'no'"}"#,
    ),
    // t.view(dtype) of a larger element size checks the last size before the last stride.
    (
        "t = torch.arange(12, dtype=torch.int32).reshape(3, 4); t.T.view(torch.int64)",
        r#"{"error": "RuntimeError", "message": "self.size(-1) must be divisible by 2 to view Int as Long (different element sizes), but got 3"}"#,
    ),
    // torch.cat gives its result the memory format every input suggests: channels-last for 4-d
    // (and 5-d) inputs whose strides are like it, else contiguous; torch.stack concatenates along
    // `dim` and splits the new axis off by a view (no base kept), or, at the end, concatenates
    // the unsqueezed inputs (fresh generate.py torch seeds 88201 and 88303); legacy empty inputs
    // take any `dim` (seed 88302).
    (
        "t = torch.arange(24, dtype=torch.float64).reshape(4, 6, 1); torch.stack([t.mT, t.mT], -1)",
        r#"{"c_contiguous": true, "dtype": "float64", "element_strides": [12, 1, 2, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4, 1, 6, 2], "storage_offset": 0, "strides": [96, 8, 16, 8], "values": [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0, 12.0, 12.0, 13.0, 13.0, 14.0, 14.0, 15.0, 15.0, 16.0, 16.0, 17.0, 17.0, 18.0, 18.0, 19.0, 19.0, 20.0, 20.0, 21.0, 21.0, 22.0, 22.0, 23.0, 23.0], "view": false, "writeable": true}"#,
    ),
    (
        "w = torch.arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.cat([w, w], 2).stride()",
        r#"{"type": "tuple", "value": [120, 1, 20, 5]}"#,
    ),
    (
        "w = torch.arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.cat([w, w.contiguous()], 0).stride()",
        r#"{"type": "tuple", "value": [60, 12, 4, 1]}"#,
    ),
    (
        "w = torch.arange(120.).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.cat([w, torch.zeros(0)], 1).stride()",
        r#"{"type": "tuple", "value": [60, 12, 4, 1]}"#,
    ),
    (
        "v = torch.arange(720).reshape(2, 3, 4, 5, 6).permute(0, 4, 1, 2, 3); torch.cat((v, v), dim=1).stride()",
        r#"{"type": "tuple", "value": [720, 1, 240, 60, 12]}"#,
    ),
    (
        "x = torch.arange(6.).reshape(2, 3); torch.stack([x, x], 1).stride()",
        r#"{"type": "tuple", "value": [6, 3, 1]}"#,
    ),
    (
        "t = torch.arange(36, dtype=torch.int64).reshape(3, 1, 2, 6); y = t.unfold(-4, 1, 3); v = y[None, None, 0, -1].view((1, 12, 1)); torch.stack([v, v], 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [24, 2, 1, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 12, 2, 1], "storage_offset": 0, "strides": [192, 16, 8, 8], "values": [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11], "view": false, "writeable": true}"#,
    ),
    (
        "w = torch.arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.stack([w, w], 1).stride()",
        r#"{"type": "tuple", "value": [120, 5, 1, 40, 10]}"#,
    ),
    (
        "w = torch.arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.stack([w, w], 0).stride()",
        r#"{"type": "tuple", "value": [120, 60, 1, 20, 5]}"#,
    ),
    (
        "w = torch.arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2); torch.stack([w, w], 4).stride()",
        r#"{"type": "tuple", "value": [120, 24, 8, 2, 1]}"#,
    ),
    (
        "x = torch.arange(6.).reshape(2, 3); s = torch.stack([x, x.T.contiguous().T], 1); s",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [6, 3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 2, 3], "storage_offset": 0, "strides": [24, 12, 4], "values": [0.0, 1.0, 2.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 3.0, 4.0, 5.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = torch.arange(2, dtype=torch.float64).reshape(2); y = torch.cat([a.narrow(0, 2, 0), a.narrow(0, 2, 0)], -2); y",
        r#"{"c_contiguous": true, "dtype": "float64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0], "storage_offset": 0, "strides": [8], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "a = torch.arange(2.); torch.cat([a.narrow(0, 2, 0), a], 5)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-1, 0], but got 5)"}"#,
    ),
    (
        "a = torch.zeros(0); torch.stack([a, a], 1).stride()",
        r#"{"type": "tuple", "value": [2, 1]}"#,
    ),
    // PyTorch's C++ type name of a bfloat16 tensor has no legacy rewrite (fresh generate.py
    // torch seed 88301).
    (
        "t = torch.arange(20, dtype=torch.float32).reshape(4, 5); y = t.view(torch.bfloat16); y.expand(10)",
        r#"{"error": "RuntimeError", "message": "expand(CPUBFloat16Type{[4, 10]}, size=[10]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"}"#,
    ),
    // ...then the storage offset before the last stride (fresh generate.py torch seed 88124).
    (
        "t = torch.zeros((2, 4), dtype=torch.int8); y = torch.diagonal(t, -1, -1, -2); y.view(torch.int16)",
        r#"{"error": "RuntimeError", "message": "self.storage_offset() must be divisible by 2 to view Char as Short (different element sizes), but got 1"}"#,
    ),
    (
        "u = torch.zeros(10, dtype=torch.int8); u[1:5:2].view(torch.int16)",
        r#"{"error": "RuntimeError", "message": "self.storage_offset() must be divisible by 2 to view Char as Short (different element sizes), but got 1"}"#,
    ),
    (
        "v = torch.zeros(3, 4, dtype=torch.int8); v[1:, ::2].view(torch.int16)",
        r#"{"error": "RuntimeError", "message": "self.stride(-1) must be 1 to view Char as Short (different element sizes), but got 2"}"#,
    ),
    // A smaller element size scales the last dim; the other byte strides and the start stay.
    (
        "t = torch.arange(24, dtype=torch.int32).reshape(2, 3, 4); t[:, :, 1:2].transpose(0, 1).view(torch.int16)",
        r#"{"c_contiguous": false, "dtype": "int16", "element_strides": [8, 24, 1], "f_contiguous": false, "itemsize": 2, "offset": 4, "owndata": false, "shape": [3, 2, 2], "storage_offset": 2, "strides": [16, 48, 2], "values": [1, 0, 13, 0, 5, 0, 17, 0, 9, 0, 21, 0], "view": true, "writeable": true}"#,
    ),
    // Fresh generate.py seed 1 with issue 15's operations. np.tile's `np.array(A, ndmin=)` puts new
    // axes in front with `_prepend_ones`' stride: the first axis's extent (0 when empty)...
    (
        "x = np.arange(0).reshape((0, 1)); np.tile(x, (1, 1, 1)).strides",
        r#"{"type": "tuple", "value": [0, 0, 0]}"#,
    ),
    // ...or one item for an F- and not C-contiguous array (the K-order copy of a transpose)...
    (
        "x = np.arange(6).reshape(2, 3).T; np.tile(x, (1, 1, 1))",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 3, 2], "strides": [8, 8, 24], "values": [0, 3, 1, 4, 2, 5], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array(5); np.tile(x, (1, 1))",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 1], "strides": [8, 8], "values": [5], "view": false, "writeable": true}"#,
    ),
    // ...and a 0-d array; the all-ones copy is a view of the copy (owndata false).
    (
        "x = np.arange(6).reshape(2, 3)[:, :0]; np.tile(x, (1, 2, 1, 1))",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 2, 2, 0], "strides": [32, 16, 8, 8], "values": [], "view": true, "writeable": true}"#,
    ),
    // A float tensor's sum is exact when each output's terms are (here at most 699 in float16):
    // the lab once bounded the whole tensor's magnitudes (7140) and refused it.
    (
        "x = torch.arange(120, dtype=torch.float16).reshape(5, 4, 6); x.sum(-1)[4].tolist()",
        r#"{"type": "list", "value": [591.0, 627.0, 663.0, 699.0]}"#,
    ),
    // PyTorch's bounds check of arange, which NumPy does not make (it gives an empty array).
    (
        "torch.arange(-5)",
        r#"{"error": "RuntimeError", "message": "upper bound and lower bound inconsistent with step sign"}"#,
    ),
];

#[test]
fn fixed_disagreements_stay_fixed() {
    support::check_table(ROWS);
}
