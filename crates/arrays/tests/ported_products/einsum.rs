//! NumPy's `test_einsum.py` cases that pin down layouts and dtypes: einsum's views, its
//! specialized paths over every dtype, the output order, and the contraction paths of
//! `optimize=` (the expected JSON recorded from NumPy 2.4.6 by running each program).

/// `(program, expected JSON)`.
pub const EINSUM: &[(&str, &str)] = &[
    // numpy/_core/tests/test_einsum.py::TestEinsum::test_einsum_views (the string forms, without and with optimize)
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('...', a)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('ij', a)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('ji', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [8, 24], "values": [0, 3, 1, 4, 2, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(9).reshape((3, 3)); np.einsum('ii->i', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3], "strides": [32], "values": [0, 4, 8], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('...ii->...i', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [72, 32], "values": [0, 4, 8, 9, 13, 17, 18, 22, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('ii...->...i', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [8, 96], "values": [0, 12, 24, 1, 13, 25, 2, 14, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('...ii->i...', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [32, 72], "values": [0, 9, 18, 4, 13, 22, 8, 17, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('jii->ij', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [32, 72], "values": [0, 9, 18, 4, 13, 22, 8, 17, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('ii...->i...', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [96, 8], "values": [0, 1, 2, 12, 13, 14, 24, 25, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('i...i->i...', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [80, 24], "values": [0, 3, 6, 10, 13, 16, 20, 23, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('i...i->...i', a)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [24, 80], "values": [0, 10, 20, 3, 13, 23, 6, 16, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('...', a, optimize=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('ij', a, optimize=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3], "strides": [24, 8], "values": [0, 1, 2, 3, 4, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(6).reshape((2, 3)); np.einsum('ji', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [8, 24], "values": [0, 3, 1, 4, 2, 5], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(9).reshape((3, 3)); np.einsum('ii->i', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3], "strides": [32], "values": [0, 4, 8], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('...ii->...i', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [72, 32], "values": [0, 4, 8, 9, 13, 17, 18, 22, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('ii...->...i', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [8, 96], "values": [0, 12, 24, 1, 13, 25, 2, 14, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('...ii->i...', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [32, 72], "values": [0, 9, 18, 4, 13, 22, 8, 17, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('jii->ij', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [32, 72], "values": [0, 9, 18, 4, 13, 22, 8, 17, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('ii...->i...', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [96, 8], "values": [0, 1, 2, 12, 13, 14, 24, 25, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('i...i->i...', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [80, 24], "values": [0, 3, 6, 10, 13, 16, 20, 23, 26], "view": true, "writeable": true}"#,
    ),
    (
        "a = np.arange(27).reshape((3, 3, 3)); np.einsum('i...i->...i', a, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 3], "strides": [24, 80], "values": [0, 10, 20, 3, 13, 23, 6, 16, 26], "view": true, "writeable": true}"#,
    ),
    // test_einsum.py::TestEinsum::test_different_paths (every integer and float dtype; the +0.5 keeps float sums exact).
    // Left out: float16's three- and four-factor sums of [0.5, 0.5, 0.25, 4.5, 3.], which round
    // (118.390625 needs 13 bits): the lab refuses a float sum that rounds.
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); np.einsum('i->', arr)",
        r#"{"dtype": "int8", "scalar": true, "values": [21]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "int8", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); scalar = np.array(2, dtype=np.int8); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 2, 4, 6, 8, 10, 12], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); scalar = np.array(2, dtype=np.int8); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "int8", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int8); scalar = np.array(2, dtype=np.int8); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "int8", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int8); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "int8", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int8); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "int8", "scalar": true, "values": [81]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); np.einsum('i->', arr)",
        r#"{"dtype": "uint8", "scalar": true, "values": [21]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "uint8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "uint8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "uint8", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); scalar = np.array(2, dtype=np.uint8); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "uint8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [7], "strides": [1], "values": [0, 2, 4, 6, 8, 10, 12], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); scalar = np.array(2, dtype=np.uint8); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "uint8", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.uint8); scalar = np.array(2, dtype=np.uint8); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "uint8", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.uint8); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "uint8", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.uint8); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "uint8", "scalar": true, "values": [81]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); np.einsum('i->', arr)",
        r#"{"dtype": "int16", "scalar": true, "values": [21]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "int16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "int16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "int16", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); scalar = np.array(2, dtype=np.int16); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "int16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [0, 2, 4, 6, 8, 10, 12], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); scalar = np.array(2, dtype=np.int16); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "int16", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int16); scalar = np.array(2, dtype=np.int16); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "int16", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int16); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "int16", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int16); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "int16", "scalar": true, "values": [337]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); np.einsum('i->', arr)",
        r#"{"dtype": "int32", "scalar": true, "values": [21]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "int32", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); scalar = np.array(2, dtype=np.int32); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "int32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [0, 2, 4, 6, 8, 10, 12], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); scalar = np.array(2, dtype=np.int32); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "int32", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int32); scalar = np.array(2, dtype=np.int32); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "int32", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int32); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "int32", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int32); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "int32", "scalar": true, "values": [337]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); np.einsum('i->', arr)",
        r#"{"dtype": "int64", "scalar": true, "values": [21]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [0, 1, 4, 9, 16, 25, 36], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "int64", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); scalar = np.array(2, dtype=np.int64); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [0, 2, 4, 6, 8, 10, 12], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); scalar = np.array(2, dtype=np.int64); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "int64", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.int64); scalar = np.array(2, dtype=np.int64); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "int64", "scalar": true, "values": [42]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int64); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "int64", "scalar": true, "values": [91]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.int64); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "int64", "scalar": true, "values": [337]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); np.einsum('i->', arr)",
        r#"{"dtype": "float16", "scalar": true, "values": [24.5]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "float16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "float16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "float16", "scalar": true, "values": [113.75]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); scalar = np.array(2, dtype=np.float16); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "float16", "f_contiguous": true, "itemsize": 2, "offset": 0, "owndata": true, "shape": [7], "strides": [2], "values": [1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); scalar = np.array(2, dtype=np.float16); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "float16", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float16); scalar = np.array(2, dtype=np.float16); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "float16", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); np.einsum('i->', arr)",
        r#"{"dtype": "float32", "scalar": true, "values": [24.5]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "float32", "scalar": true, "values": [113.75]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); scalar = np.array(2, dtype=np.float32); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "float32", "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [7], "strides": [4], "values": [1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); scalar = np.array(2, dtype=np.float32); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "float32", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float32); scalar = np.array(2, dtype=np.float32); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "float32", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.float32); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "float32", "scalar": true, "values": [118.390625]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.float32); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "float32", "scalar": true, "values": [491.19140625]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); np.einsum('i->', arr)",
        r#"{"dtype": "float64", "scalar": true, "values": [24.5]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); np.einsum('i,i->i', arr, arr)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); np.einsum('i,i->i', arr.repeat(2)[::2], arr.repeat(2)[::2])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [0.25, 2.25, 6.25, 12.25, 20.25, 30.25, 42.25], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); np.einsum('i,i->', arr, arr)",
        r#"{"dtype": "float64", "scalar": true, "values": [113.75]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); scalar = np.array(2, dtype=np.float64); np.einsum(',i->i', scalar, arr)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [7], "strides": [8], "values": [1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0], "view": false, "writeable": true}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); scalar = np.array(2, dtype=np.float64); np.einsum(',i->', scalar, arr)",
        r#"{"dtype": "float64", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = (np.arange(7) + 0.5).astype(np.float64); scalar = np.array(2, dtype=np.float64); np.einsum('i,->', arr, scalar)",
        r#"{"dtype": "float64", "scalar": true, "values": [49.0]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.float64); np.einsum('i,i,i->', arr, arr, arr)",
        r#"{"dtype": "float64", "scalar": true, "values": [118.390625]}"#,
    ),
    (
        "arr = np.array([0.5, 0.5, 0.25, 4.5, 3.], dtype=np.float64); np.einsum('i,i,i,i->', arr, arr, arr, arr)",
        r#"{"dtype": "float64", "scalar": true, "values": [491.19140625]}"#,
    ),
    // test_einsum.py::TestEinsumPath::test_output_order (order='K', the default: neither C nor F; small integer values for exact sums)
    (
        "a = np.ones((2, 3, 5), order='F'); b = np.ones((4, 3), order='F'); np.einsum('...ft,mf->...mt', a, b, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 4, 5], "strides": [40, 80, 8], "values": [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.ones((2, 3, 5), order='F'); c = np.ones((4, 3)); np.einsum('...ft,mf->...mt', a, c, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 4, 5], "strides": [40, 80, 8], "values": [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.ones((2, 3, 5), order='F'); b = np.ones((4, 3), order='F'); np.einsum('...ft,mf->...mt', a, b, optimize=False)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4, 5], "strides": [32, 8, 64], "values": [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], "view": false, "writeable": true}"#,
    ),
    (
        "a = np.ones((2, 3, 5), order='F'); c = np.ones((4, 3)); np.einsum('...ft,mf->...mt', a, c, optimize=False)",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4, 5], "strides": [8, 80, 16], "values": [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0], "view": false, "writeable": true}"#,
    ),
    // test_einsum.py::TestEinsumPath::test_hadamard_like_products and test_index_transformations (optimize_compare: every path; integer operands here)
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(6) % 5 - 2).reshape((2, 3)); x2 = (np.arange(12) % 5 - 2).reshape((2, 3, 2)); np.einsum('a,ab,abc->abc', x0, x1, x2, optimize=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2], "strides": [48, 16, 8], "values": [-8, -4, 0, 2, 0, 0, 1, 0, -2, -4, -4, -2], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(6) % 5 - 2).reshape((2, 3)); x2 = (np.arange(12) % 5 - 2).reshape((2, 3, 2)); np.einsum('a,ab,abc->abc', x0, x1, x2, optimize='greedy')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2], "strides": [48, 16, 8], "values": [-8, -4, 0, 2, 0, 0, 1, 0, -2, -4, -4, -2], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(6) % 5 - 2).reshape((2, 3)); x2 = (np.arange(12) % 5 - 2).reshape((2, 3, 2)); np.einsum('a,ab,abc->abc', x0, x1, x2, optimize='optimal')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2], "strides": [48, 16, 8], "values": [-8, -4, 0, 2, 0, 0, 1, 0, -2, -4, -4, -2], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(3) % 5 - 2).reshape((3,)); x2 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('a,b,ab->ab', x0, x1, x2, optimize=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [-8, -2, 0, 2, 2, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(3) % 5 - 2).reshape((3,)); x2 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('a,b,ab->ab', x0, x1, x2, optimize='greedy')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [-8, -2, 0, 2, 2, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(2) % 5 - 2).reshape((2,)); x1 = (np.arange(3) % 5 - 2).reshape((3,)); x2 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('a,b,ab->ab', x0, x1, x2, optimize='optimal')",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3], "strides": [24, 8], "values": [-8, -2, 0, 2, 2, 0], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(4) % 5 - 2).reshape((2, 2)); x3 = (np.arange(6) % 5 - 2).reshape((2, 3)); x4 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); np.einsum('ea,fb,gc,hd,abcd->efgh', x0, x1, x2, x3, x4, optimize=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2, 2], "strides": [96, 32, 16, 8], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(4) % 5 - 2).reshape((2, 2)); x3 = (np.arange(6) % 5 - 2).reshape((2, 3)); x4 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); np.einsum('ea,fb,gc,hd,abcd->efgh', x0, x1, x2, x3, x4, optimize='greedy')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(4) % 5 - 2).reshape((2, 2)); x3 = (np.arange(6) % 5 - 2).reshape((2, 3)); x4 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); np.einsum('ea,fb,gc,hd,abcd->efgh', x0, x1, x2, x3, x4, optimize='optimal')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('ea,fb,abcd,gc,hd->efgh', x0, x1, x2, x3, x4, optimize=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2, 2], "strides": [96, 32, 16, 8], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('ea,fb,abcd,gc,hd->efgh', x0, x1, x2, x3, x4, optimize='greedy')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(4) % 5 - 2).reshape((2, 2)); x1 = (np.arange(9) % 5 - 2).reshape((3, 3)); x2 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('ea,fb,abcd,gc,hd->efgh', x0, x1, x2, x3, x4, optimize='optimal')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x1 = (np.arange(4) % 5 - 2).reshape((2, 2)); x2 = (np.arange(9) % 5 - 2).reshape((3, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('abcd,ea,fb,gc,hd->efgh', x0, x1, x2, x3, x4, optimize=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 3, 2, 2], "strides": [96, 32, 16, 8], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x1 = (np.arange(4) % 5 - 2).reshape((2, 2)); x2 = (np.arange(9) % 5 - 2).reshape((3, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('abcd,ea,fb,gc,hd->efgh', x0, x1, x2, x3, x4, optimize='greedy')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
    (
        "x0 = (np.arange(36) % 5 - 2).reshape((2, 3, 2, 3)); x1 = (np.arange(4) % 5 - 2).reshape((2, 2)); x2 = (np.arange(9) % 5 - 2).reshape((3, 3)); x3 = (np.arange(4) % 5 - 2).reshape((2, 2)); x4 = (np.arange(6) % 5 - 2).reshape((2, 3)); np.einsum('abcd,ea,fb,gc,hd->efgh', x0, x1, x2, x3, x4, optimize='optimal')",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 3, 2, 2], "strides": [96, 16, 8, 48], "values": [-11, -20, -17, 28, -20, 19, 28, -9, 6, -32, -12, 14, -17, 28, -3, 8, 28, -9, 8, -25, -12, 14, -6, 12], "view": false, "writeable": true}"#,
    ),
];
