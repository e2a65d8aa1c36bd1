//! Names beyond ASCII, read as Python reads them (Unicode's XID_Start and XID_Continue, through
//! the python-ident crate). The values were recorded with `tests/corpus/record.py` (NumPy
//! 2.4.6); the errors are CPython 3.11's `compile` messages for the same programs.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

/// `(program, expected JSON)`, recorded from NumPy.
const ROWS: &[(&str, &str)] = &[
    // Issue 13 §7: this was "SyntaxError: invalid character 'é'".
    (
        "données = np.arange(4.0); données[::-1]",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 24, "owndata": false, "shape": [4], "strides": [-8], "values": [3.0, 2.0, 1.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "größe = np.zeros((2, 3)); größe.T",
        r#"{"c_contiguous": false, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [8, 24], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "π = np.arange(6).reshape(2, 3); π[:, ::2]",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 2], "strides": [24, 16], "values": [0, 2, 3, 5], "view": true, "writeable": true}"#,
    ),
];

#[test]
fn unicode_names_work_as_in_numpy() {
    support::check_table(ROWS);
}

#[test]
fn characters_python_refuses_in_a_name_are_its_syntax_errors() {
    // (program, CPython 3.11's message, the column CPython gives, 1-based)
    let cases = [
        (
            "x = np.arange(4.0); x²",
            "invalid character '²' (U+00B2)",
            22,
        ),
        ("x = 1€", "invalid character '€' (U+20AC)", 6),
        ("a\u{a0}= 1", "invalid non-printable character U+00A0", 2),
        ("x = 2 × 3", "invalid character '×' (U+00D7)", 7),
    ];
    for (program, message, column) in cases {
        let e = arrays::run(program).err().expect(program);
        assert_eq!(e.class_name(), "SyntaxError", "{program}");
        assert_eq!(e.message(), message, "{program}");
        let start = e.placed().expect("a span").start;
        let at = program[..start].chars().count() + 1;
        assert_eq!(at, column, "{program}");
    }
}

#[test]
fn names_python_would_normalize_are_not_supported_here() {
    // CPython reads `ﬁ` as `fi` (NFKC): the lab does not carry the normalization tables.
    let e = arrays::run("ﬁ = np.arange(3); fi").err().expect("refused");
    assert!(e.message().contains("does not run it"), "{}", e.message());
    assert!(e.message().contains("'ﬁ' (U+FB01)"), "{}", e.message());
    // A syntax error further on is what CPython reports: the name itself is valid Python.
    let e = arrays::run("ﬁ = np.arange(3); fi[").err().expect("refused");
    assert_eq!(e.class_name(), "SyntaxError", "{}", e.message());
    let e = arrays::run("ﬁ = 1; x = 2 × 3").err().expect("refused");
    assert_eq!(e.message(), "invalid character '×' (U+00D7)");
}
