//! NumPy's `test_shape_base.py` joins (dtype=, casting=, axes, errors) and the reductions of
//! `test_multiarray.py` (result dtypes, keepdims, empty axes), recorded from NumPy 2.4.6.

/// `(program, expected JSON)`.
pub const SHAPE_BASE: &[(&str, &str)] = &[
    // numpy/_core/tests/test_shape_base.py: TestHstack/TestVstack::test_casting_and_dtype(_type_error), test_stack, TestConcatenate::test_concatenate, test_concatenate_same_value, test_out_and_dtype (its dtype= half)
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.hstack((a, b), casting='unsafe', dtype=np.int64)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [6], "strides": [8], "values": [1, 2, 3, 2, 3, 4], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.hstack((a, b), casting='safe', dtype=np.int64)",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"}"#,
    ),
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.vstack((a, b), casting='unsafe', dtype=np.int64)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [1, 2, 3, 2, 3, 4], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.vstack((a, b), casting='safe', dtype=np.int64)",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"}"#,
    ),
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.stack((a, b), axis=1, casting='unsafe', dtype=np.int64)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 2], "strides": [16, 8], "values": [1, 2, 2, 3, 3, 4], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.array([1, 2, 3]); b = np.array([2.5, 3.5, 4.5]); np.stack((a, b), dtype=np.int64, axis=1, casting='safe')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"}"#,
    ),
    (
        "np.concatenate([list(range(4)), list(range(4))], casting='same_value')",
        r#"{"error": "ValueError", "message": "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got 'same_value')"}"#,
    ),
    (
        "a23 = np.array([[10, 11, 12], [13, 14, 15]]); a13 = np.array([[0, 1, 2]]); np.concatenate((a23, a13))",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [24, 8], "values": [10, 11, 12, 13, 14, 15, 0, 1, 2], "view": false, "writeable": true}"#,
    ),
    (
        "a23 = np.array([[10, 11, 12], [13, 14, 15]]); a13 = np.array([[0, 1, 2]]); np.concatenate((a23.T, a13.T), 1)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [8, 24], "values": [10, 13, 0, 11, 14, 1, 12, 15, 2], "view": false, "writeable": true}"#,
    ),
    (
        "a23 = np.array([[10, 11, 12], [13, 14, 15]]); a13 = np.array([[0, 1, 2]]); np.concatenate((a23.T, a13.T), -1)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 3], "strides": [8, 24], "values": [10, 13, 0, 11, 14, 1, 12, 15, 2], "view": false, "writeable": true}"#,
    ),
    (
        "a23 = np.array([[10, 11, 12], [13, 14, 15]]); a13 = np.array([[0, 1, 2]]); np.concatenate((a23.T, a13.T), 0)",
        r#"{"error": "ValueError", "message": "all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 2 and the array at index 1 has size 1"}"#,
    ),
    (
        "res = np.arange(2 * 3 * 7).reshape((2, 3, 7)); np.concatenate((res[..., :4], res[..., 4:6], res[..., 6:]), 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 7], "strides": [168, 56, 8], "values": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41], "view": false, "writeable": true}"#,
    ),
    (
        "res = np.arange(2 * 3 * 7).reshape((2, 3, 7)); np.concatenate((res[..., :4].T, res[..., 4:6].T, res[..., 6:].T), 0)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7, 3, 2], "strides": [8, 56, 168], "values": [0, 21, 7, 28, 14, 35, 1, 22, 8, 29, 15, 36, 2, 23, 9, 30, 16, 37, 3, 24, 10, 31, 17, 38, 4, 25, 11, 32, 18, 39, 5, 26, 12, 33, 19, 40, 6, 27, 13, 34, 20, 41], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=None, casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'no'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=None, casting='equiv')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'equiv'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=None, casting='safe')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'safe'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=None, casting='same_kind')",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [4], "strides": [4], "values": [1.100000023841858, 2.200000047683716, 3.299999952316284, 4.400000095367432], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=None, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [4], "strides": [4], "values": [1.100000023841858, 2.200000047683716, 3.299999952316284, 4.400000095367432], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=None, casting='no')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=None, casting='equiv')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=None, casting='safe')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=None, casting='same_kind')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=None, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=None, casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'no'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=None, casting='equiv')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'equiv'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=None, casting='safe')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=None, casting='same_kind')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=None, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1, 2, 3, 4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=0, casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'no'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=0, casting='equiv')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'equiv'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=0, casting='safe')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'safe'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=0, casting='same_kind')",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [4], "strides": [4], "values": [1.100000023841858, 2.200000047683716, 3.299999952316284, 4.400000095367432], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f4', axis=0, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [4], "strides": [4], "values": [1.100000023841858, 2.200000047683716, 3.299999952316284, 4.400000095367432], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=0, casting='no')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=0, casting='equiv')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=0, casting='safe')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=0, casting='same_kind')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='f8', axis=0, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1.1, 2.2, 3.3, 4.4], "view": false, "writeable": true}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=0, casting='no')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'no'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=0, casting='equiv')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'equiv'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=0, casting='safe')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=0, casting='same_kind')",
        r#"{"error": "TypeError", "message": "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'"}"#,
    ),
    (
        "np.concatenate((np.array([1.1, 2.2]), np.array([3.3, 4.4])), dtype='i8', axis=0, casting='unsafe')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [1, 2, 3, 4], "view": false, "writeable": true}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, 0).shape",
        r#"{"type": "tuple", "value": [10, 3]}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, 1).shape",
        r#"{"type": "tuple", "value": [3, 10]}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, -1).shape",
        r#"{"type": "tuple", "value": [3, 10]}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, -2).shape",
        r#"{"type": "tuple", "value": [10, 3]}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, 2).shape",
        r#"{"error": "AxisError", "message": "axis 2 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "arrays = [np.arange(3.0) + k for k in range(10)]; np.stack(arrays, -3).shape",
        r#"{"error": "AxisError", "message": "axis -3 is out of bounds for array of dimension 2"}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, 0).strides",
        r#"{"type": "tuple", "value": [96, 32, 8]}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, 1).strides",
        r#"{"type": "tuple", "value": [320, 32, 8]}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, 2).strides",
        r#"{"type": "tuple", "value": [320, 80, 8]}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, -1).strides",
        r#"{"type": "tuple", "value": [320, 80, 8]}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, -2).strides",
        r#"{"type": "tuple", "value": [320, 32, 8]}"#,
    ),
    (
        "arrays = [np.arange(12.0).reshape(3, 4) + k for k in range(10)]; np.stack(arrays, -3).strides",
        r#"{"type": "tuple", "value": [96, 32, 8]}"#,
    ),
    (
        "np.stack([[], [], []])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 0], "strides": [0, 0], "values": [], "view": true, "writeable": true}"#,
    ),
    (
        "np.stack([[], [], []], axis=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0, 3], "strides": [0, 0], "values": [], "view": true, "writeable": true}"#,
    ),
    (
        "np.stack([])",
        r#"{"error": "ValueError", "message": "need at least one array to stack"}"#,
    ),
    (
        "np.stack([1, np.arange(3)])",
        r#"{"error": "ValueError", "message": "all input arrays must have the same shape"}"#,
    ),
    (
        "np.stack([np.zeros((3, 3)), np.zeros(3)], axis=1)",
        r#"{"error": "ValueError", "message": "all input arrays must have the same shape"}"#,
    ),
    (
        "np.stack([np.int32(1), np.int32(2), np.int32(3)])",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "strides": [4], "values": [1, 2, 3], "view": true, "writeable": true}"#,
    ),
    (
        "np.stack([np.array(1), np.array(2), np.array(3)])",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [1, 2, 3], "view": false, "writeable": true}"#,
    ),
    // numpy/_core/tests/test_multiarray.py reductions (TestMethods, TestArgmax/TestArgmin, TestStdVar): result dtypes, keepdims shapes, empty axes
    (
        "np.arange(10, dtype=np.int8).sum()",
        r#"{"dtype": "int64", "scalar": true, "values": [45]}"#,
    ),
    (
        "np.ones(10, dtype=np.bool).sum()",
        r#"{"dtype": "int64", "scalar": true, "values": [10]}"#,
    ),
    (
        "np.arange(10, dtype=np.uint8).sum(keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "uint64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "strides": [8], "values": [45], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(12).reshape(3, 4).mean(axis=0)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "strides": [8], "values": [4.0, 5.0, 6.0, 7.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(12, dtype=np.int16).reshape(3, 4).mean(axis=1, keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 1], "strides": [8, 8], "values": [1.5, 5.5, 9.5], "view": false, "writeable": true}"#,
    ),
    (
        "np.zeros((3, 0)).sum(axis=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [0.0, 0.0, 0.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.zeros((3, 0)).max(axis=0)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [0], "strides": [0], "values": [], "view": false, "writeable": true}"#,
    ),
    (
        "np.zeros((3, 0)).argmax(axis=1)",
        r#"{"error": "ValueError", "message": "attempt to get argmax of an empty sequence"}"#,
    ),
    (
        "np.array([1, 1, 1]).argmax()",
        r#"{"dtype": "int64", "scalar": true, "values": [0]}"#,
    ),
    (
        "np.array([[0, 5], [5, 0]]).argmin(axis=0)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [0, 1], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(24).reshape(2, 3, 4).T.sum(axis=(0, 2))",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "strides": [8], "values": [60, 92, 124], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(6.0).reshape(2, 3).std(axis=1, ddof=1)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "strides": [8], "values": [1.0, 1.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(6).reshape(2, 3).var(keepdims=True)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 1], "strides": [8, 8], "values": [2.9166666666666665], "view": false, "writeable": true}"#,
    ),
];
