//! Cases ported from NumPy's and PyTorch's test suites, run as programs of the lab's language:
//! the operations whose rules live in the expression crate (torch's flatten, unsqueeze, t, mT;
//! NumPy's squeeze, moveaxis, expand_dims as functions). Each group names its upstream test
//! (NumPy 2.4.6's installed tests; PyTorch's test/test_view_ops.py); the expected JSON was
//! recorded by running the same program in NumPy 2.4.6 / PyTorch 2.15.0 with
//! `tests/corpus/record.py`.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`.
const ROWS: &[(&str, &str)] = &[
    // test_view_ops.py::TestOldViewOps::test_flatten (a 0-d tensor flattens to [1]; start and end dims; errors)
    (
        "t = torch.tensor(123); t.flatten()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1], "storage_offset": 0, "strides": [8], "values": [123], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(0, -1).shape",
        r#"{"type": "tuple", "value": [625]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(0, 2).shape",
        r#"{"type": "tuple", "value": [125, 5]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(0, 1).shape",
        r#"{"type": "tuple", "value": [25, 5, 5]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(1, 2).shape",
        r#"{"type": "tuple", "value": [5, 25, 5]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(2, 3).shape",
        r#"{"type": "tuple", "value": [5, 5, 25]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(-2, -1).shape",
        r#"{"type": "tuple", "value": [5, 5, 25]}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(2, 2) is t",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(5, 10)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-4, 3], but got 5)"}"#,
    ),
    (
        "t = torch.zeros(5, 5, 5, 5); t.flatten(2, 0)",
        r#"{"error": "RuntimeError", "message": "flatten() has invalid args: start_dim cannot come after end_dim"}"#,
    ),
    // test_view_ops.py::TestOldViewOps::test_unsqueeze (also of the non-contiguous x[:, 1])
    (
        "x = torch.arange(24.0).reshape(2, 3, 4); x.unsqueeze(1).stride()",
        r#"{"type": "tuple", "value": [12, 12, 4, 1]}"#,
    ),
    (
        "x = torch.arange(24.0).reshape(2, 3, 4); x.unsqueeze(1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 1, 3, 4], "storage_offset": 0, "strides": [48, 48, 16, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.arange(24.0).reshape(2, 3, 4); x[:, 1].is_contiguous()",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = torch.arange(24.0).reshape(2, 3, 4); x[:, 1].unsqueeze(1)",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 16, "owndata": false, "shape": [2, 1, 4], "storage_offset": 4, "strides": [48, 16, 4], "values": [4.0, 5.0, 6.0, 7.0, 16.0, 17.0, 18.0, 19.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.arange(24.0).reshape(2, 3, 4); x[:, 1].contiguous().view(2, 1, 4)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [4, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 1, 4], "storage_offset": 0, "strides": [16, 16, 4], "values": [4.0, 5.0, 6.0, 7.0, 16.0, 17.0, 18.0, 19.0], "view": false, "writeable": true}"#,
    ),
    // test_view_ops.py::TestOldViewOps::test_T and test_transposes (mT of 2-D and 3-D, and its error)
    (
        "a = torch.arange(24.0).reshape(2, 3, 4); a.permute(2, 1, 0)",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 4, 12], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [4, 3, 2], "storage_offset": 0, "strides": [4, 16, 48], "values": [0.0, 12.0, 4.0, 16.0, 8.0, 20.0, 1.0, 13.0, 5.0, 17.0, 9.0, 21.0, 2.0, 14.0, 6.0, 18.0, 10.0, 22.0, 3.0, 15.0, 7.0, 19.0, 11.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "a = torch.arange(6.0).reshape(2, 3); a.T",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [0.0, 3.0, 1.0, 4.0, 2.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "a = torch.arange(6.0).reshape(2, 3); a.mT",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [0.0, 3.0, 1.0, 4.0, 2.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "a = torch.arange(24.0).reshape(2, 3, 4); a.mT",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [12, 1, 4], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 4, 3], "storage_offset": 0, "strides": [48, 4, 16], "values": [0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0, 12.0, 16.0, 20.0, 13.0, 17.0, 21.0, 14.0, 18.0, 22.0, 15.0, 19.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "a = torch.arange(24.0).reshape(2, 3, 4); a.transpose(-2, -1)",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [12, 1, 4], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 4, 3], "storage_offset": 0, "strides": [48, 4, 16], "values": [0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0, 12.0, 16.0, 20.0, 13.0, 17.0, 21.0, 14.0, 18.0, 22.0, 15.0, 19.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "a = torch.arange(2.0); a.mT",
        r#"{"error": "RuntimeError", "message": "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."}"#,
    ),
    (
        "b = torch.arange(10.0); b.T",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [10], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], "view": true, "writeable": true}"#,
    ),
    // test_view_ops.py::TestOldViewOps::test_t and test_transpose_invalid
    (
        "x = torch.arange(4); x.t()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [4], "storage_offset": 0, "strides": [8], "values": [0, 1, 2, 3], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.arange(6.0).reshape(2, 3); x.t()",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [0.0, 3.0, 1.0, 4.0, 2.0, 5.0], "view": true, "writeable": true}"#,
    ),
    (
        "x = torch.zeros(2, 2, 2); x.t()",
        r#"{"error": "RuntimeError", "message": "t() expects a tensor with <= 2 dimensions, but self is 3D"}"#,
    ),
    (
        "x = torch.zeros(5, 6, 7, 8); x.transpose(5, 0)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-4, 3], but got 5)"}"#,
    ),
    (
        "x = torch.zeros(5, 6, 7, 8); x.transpose(0, 5)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-4, 3], but got 5)"}"#,
    ),
    // test_view_ops.py::TestOldViewOps::test_view and test_reshape
    (
        "t = torch.arange(15.0); t.view(3, 5)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [5, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 5], "storage_offset": 0, "strides": [20, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.zeros(3, 3); t.view(9).stride()",
        r#"{"type": "tuple", "value": [1]}"#,
    ),
    (
        "x = torch.zeros(4, 4, 4)[:, 0, :]; x.reshape(2, 2, 4).stride()",
        r#"{"type": "tuple", "value": [32, 16, 1]}"#,
    ),
    (
        "x = torch.zeros(4, 4, 4)[:, 0, :]; x.reshape(-1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [16], "storage_offset": 0, "strides": [4], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    // numpy/_core/tests/test_numeric.py::TestNonarrayArgs::test_squeeze
    (
        "A = np.array([[[1, 1, 1], [2, 2, 2], [3, 3, 3]]]); np.squeeze(A).shape",
        r#"{"type": "tuple", "value": [3, 3]}"#,
    ),
    (
        "x = np.zeros((1, 3, 1)); np.squeeze(x).shape",
        r#"{"type": "tuple", "value": [3]}"#,
    ),
    (
        "x = np.zeros((1, 3, 1)); np.squeeze(x, axis=0).shape",
        r#"{"type": "tuple", "value": [3, 1]}"#,
    ),
    (
        "x = np.zeros((1, 3, 1)); np.squeeze(x, axis=-1).shape",
        r#"{"type": "tuple", "value": [1, 3]}"#,
    ),
    (
        "x = np.zeros((1, 3, 1)); np.squeeze(x, axis=2).shape",
        r#"{"type": "tuple", "value": [1, 3]}"#,
    ),
    // test_numeric.py::TestNonarrayArgs::test_swapaxes
    (
        "a = np.array([[[0, 1], [2, 3]], [[4, 5], [6, 7]]]); np.swapaxes(a, 0, 2)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 2, 2], "strides": [8, 16, 32], "values": [0, 4, 2, 6, 1, 5, 3, 7], "view": true, "writeable": true}"#,
    ),
    // test_numeric.py::TestNonarrayArgs::test_transpose
    (
        "arr = np.array([[1, 2], [3, 4], [5, 6]]); np.transpose(arr, (1, 0))",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [8, 16], "values": [1, 3, 5, 2, 4, 6], "view": true, "writeable": true}"#,
    ),
    (
        "arr = np.array([[1, 2], [3, 4], [5, 6]]); np.transpose(arr, (-1, -2))",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [8, 16], "values": [1, 3, 5, 2, 4, 6], "view": true, "writeable": true}"#,
    ),
    (
        "arr = np.array([[1, 2], [3, 4], [5, 6]]); np.matrix_transpose(arr)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [8, 16], "values": [1, 3, 5, 2, 4, 6], "view": true, "writeable": true}"#,
    ),
    // test_multiarray.py::TestMethods::test_transpose
    (
        "a = np.array([[1, 2], [3, 4]]); a.transpose(0)",
        r#"{"error": "ValueError", "message": "axes don't match array"}"#,
    ),
    (
        "a = np.array([[1, 2], [3, 4]]); a.transpose(0, 0)",
        r#"{"error": "ValueError", "message": "repeated axis in transpose"}"#,
    ),
    (
        "a = np.array([[1, 2], [3, 4]]); a.transpose(0, 1, 2)",
        r#"{"error": "ValueError", "message": "axes don't match array"}"#,
    ),
    // test_multiarray.py::TestMethods::test_squeeze
    (
        "a = np.array([[[1], [2], [3]]]); a.squeeze(axis=(1,))",
        r#"{"error": "ValueError", "message": "cannot select an axis to squeeze out which has size not equal to one"}"#,
    ),
    (
        "a = np.array([[[1], [2], [3]]]); a.squeeze(axis=(2,))",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 3], "strides": [24, 8], "values": [1, 2, 3], "view": true, "writeable": true}"#,
    ),
    // test_numeric.py::TestMoveaxis (test_move_to_end, test_move_multiples, test_errors)
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, 0, -1).shape",
        r#"{"type": "tuple", "value": [3, 4, 2]}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, -1, 0).strides",
        r#"{"type": "tuple", "value": [8, 96, 32]}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, [0, 1], [-1, -2]).shape",
        r#"{"type": "tuple", "value": [4, 3, 2]}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, [0, 1, 2], [2, 1, 0]).strides",
        r#"{"type": "tuple", "value": [8, 32, 96]}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, [0, 1], [0, 0])",
        r#"{"error": "ValueError", "message": "repeated axis in `destination` argument"}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, 0, 3)",
        r#"{"error": "AxisError", "message": "destination: axis 3 is out of bounds for array of dimension 3"}"#,
    ),
    (
        "a = np.arange(24).reshape(2, 3, 4); np.moveaxis(a, [0, 1], [0])",
        r#"{"error": "ValueError", "message": "`source` and `destination` arguments must have the same number of elements"}"#,
    ),
    // numpy/lib/tests/test_shape_base.py::TestExpandDims (test_functionality, test_axis_tuple, test_axis_out_of_range, test_repeated_axis)
    (
        "x = np.arange(4); np.expand_dims(x, 0).strides",
        r#"{"type": "tuple", "value": [32, 8]}"#,
    ),
    (
        "x = np.arange(4); np.expand_dims(x, (0, 2)).shape",
        r#"{"type": "tuple", "value": [1, 4, 1]}"#,
    ),
    (
        "x = np.arange(4); np.expand_dims(x, (0, -1)).strides",
        r#"{"type": "tuple", "value": [32, 8, 8]}"#,
    ),
    (
        "x = np.arange(4); np.expand_dims(x, 3)",
        r#"{"error": "AxisError", "message": "axis 3 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "x = np.arange(4); np.expand_dims(x, (1, 1))",
        r#"{"error": "ValueError", "message": "repeated axis"}"#,
    ),
    // test_regression.py::test_squeeze_contiguous and test_array_scalar_contiguous
    (
        "x = np.zeros((1, 2)); x.squeeze().flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.zeros((2, 2, 2), order='F')[:, :, ::2]; x.squeeze().flags.f_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.array(1.0); x.flags.c_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.array(1.0); x.flags.f_contiguous",
        r#"{"type": "bool", "value": true}"#,
    ),
    // test_regression.py::test_repeat_discont (the strided column it repeats)
    (
        "a = np.arange(12).reshape(4, 3)[:, 2]; a.strides",
        r#"{"type": "tuple", "value": [24]}"#,
    ),
    // test_multiarray.py::TestMethods::test_ravel
    (
        "x = np.arange(10); x[::2].ravel('K').flags.owndata",
        r#"{"type": "bool", "value": true}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]]); x.ravel().flags.owndata",
        r#"{"type": "bool", "value": false}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]], order='F'); x.ravel()",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [0, 1, 2, 3], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array([[0, 1], [2, 3]])[::-1, :]; x.ravel('K')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [2, 3, 0, 1], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.arange(4)[::-1].reshape(2, 2); x.ravel('K')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [3, 2, 1, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x = np.array(0); x.ravel('K').shape",
        r#"{"type": "tuple", "value": [1]}"#,
    ),
    // numpy/lib/tests/test_shape_base.py::TestExpandDims::test_axis_tuple (shapes as upstream asserts)
    (
        "a = np.zeros((3, 3, 3)); np.expand_dims(a, axis=(0, 1, 2)).shape",
        r#"{"type": "tuple", "value": [1, 1, 1, 3, 3, 3]}"#,
    ),
    (
        "a = np.zeros((3, 3, 3)); np.expand_dims(a, axis=(0, -1, -2)).shape",
        r#"{"type": "tuple", "value": [1, 3, 3, 3, 1, 1]}"#,
    ),
    (
        "a = np.zeros((3, 3, 3)); np.expand_dims(a, axis=(0, 3, 5)).shape",
        r#"{"type": "tuple", "value": [1, 3, 3, 1, 3, 1]}"#,
    ),
    (
        "a = np.zeros((3, 3, 3)); np.expand_dims(a, axis=(0, -3, -5)).shape",
        r#"{"type": "tuple", "value": [1, 1, 3, 1, 3, 3]}"#,
    ),
    // test_numeric.py::TestMoveaxis::test_move_to_end (x = np.random.randn(5, 6, 7) there; smaller here)
    (
        "x = np.zeros((1, 2, 3)); np.moveaxis(x, 0, -1).shape",
        r#"{"type": "tuple", "value": [2, 3, 1]}"#,
    ),
    (
        "x = np.zeros((1, 2, 3)); np.moveaxis(x, 1, -1).shape",
        r#"{"type": "tuple", "value": [1, 3, 2]}"#,
    ),
    (
        "x = np.zeros((1, 2, 3)); np.moveaxis(x, -3, -1).shape",
        r#"{"type": "tuple", "value": [2, 3, 1]}"#,
    ),
];

#[test]
fn ported_cases_agree_with_the_libraries() {
    support::check_table(ROWS);
}
