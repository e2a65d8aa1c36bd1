//! What the lab says of an einsum's result (issue 24, items 2 and 3): the why names what einsum
//! did (a permutation view, a diagonal view, a new array of sums of products, or a view of the new
//! array its contractions made) and the memory fact agrees with NumPy's OWNDATA and PyTorch's
//! `_base`, recorded with `tests/corpus/record.py` (NumPy 2.4.6, PyTorch 2.15).
//!
//! `torch.einsum` said "einsum adds or removes axes of size 1" (`squeeze`'s sentence) of every
//! view it returned, and `np.einsum(..., optimize=True)` called its result "its own: a new array
//! made by matmul" with OWNDATA False, explained as a free transpose.

#![allow(clippy::panic, clippy::indexing_slicing)]

mod support;

use array_picture::Units;
use arrays::explain::{Why, explain};
use arrays::kind::{Kind, Maker, kind};
use arrays::value::Value;

/// Which why a result gets.
#[derive(Debug)]
enum Expect {
    /// A permutation view with this permutation.
    Permuted(&'static [i64]),
    /// A view whose strides einsum computes (a diagonal).
    Restrided,
    /// New memory of einsum's own, returned as it is.
    Computed,
    /// A view of the new memory einsum's contractions made.
    Contracted,
}

/// Program, what real NumPy / PyTorch gave (recorded), the why.
const ROWS: [(&str, &str, Expect); 8] = [
    (
        "x = np.arange(6).reshape(2, 3); np.einsum('ij->ji', x)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [8, 24], "values": [0, 3, 1, 4, 2, 5], "view": true, "writeable": true}"#,
        Expect::Permuted(&[1, 0]),
    ),
    (
        "x = torch.arange(6).reshape(2, 3); torch.einsum('ij->ji', x)",
        r#"{"c_contiguous": false, "dtype": "int64", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 2], "storage_offset": 0, "strides": [8, 24], "values": [0, 3, 1, 4, 2, 5], "view": true, "writeable": true}"#,
        Expect::Permuted(&[1, 0]),
    ),
    (
        "x = np.arange(9).reshape(3, 3); np.einsum('ii->i', x)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3], "strides": [32], "values": [0, 4, 8], "view": true, "writeable": true}"#,
        Expect::Restrided,
    ),
    (
        "x = torch.arange(9).reshape(3, 3); torch.einsum('ii->i', x)",
        r#"{"c_contiguous": false, "dtype": "int64", "element_strides": [4], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3], "storage_offset": 0, "strides": [32], "values": [0, 4, 8], "view": true, "writeable": true}"#,
        Expect::Restrided,
    ),
    (
        "x = torch.arange(6).reshape(2, 3); y = torch.arange(12).reshape(3, 4); torch.einsum('ij,jk->ik', x, y)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 4], "storage_offset": 0, "strides": [32, 8], "values": [20, 23, 26, 29, 56, 68, 80, 92], "view": false, "writeable": true}"#,
        Expect::Contracted,
    ),
    (
        "q = torch.arange(24).reshape(1, 2, 3, 4); k = torch.arange(16).reshape(1, 2, 2, 4); torch.einsum('bhqd,bhkd->bhqk', q, k)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [12, 6, 2, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [1, 2, 3, 2], "storage_offset": 0, "strides": [96, 48, 16, 8], "values": [14, 38, 38, 126, 62, 214, 518, 734, 670, 950, 822, 1166], "view": false, "writeable": true}"#,
        Expect::Contracted,
    ),
    (
        "A = np.arange(6).reshape(2, 3); B = np.arange(12).reshape(3, 4); C = np.arange(8).reshape(4, 2); np.einsum('ij,jk,kl->il', A, B, C, optimize=True)",
        r#"{"c_contiguous": false, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 2], "strides": [8, 16], "values": [324, 422, 1008, 1304], "view": false, "writeable": true}"#,
        Expect::Contracted,
    ),
    (
        "A = np.arange(6).reshape(2, 3); B = np.arange(12).reshape(3, 4); np.einsum('ij,jk->ik', A, B)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4], "strides": [32, 8], "values": [20, 23, 26, 29, 56, 68, 80, 92], "view": false, "writeable": true}"#,
        Expect::Computed,
    ),
];

#[test]
fn einsum_results_are_what_the_libraries_return() {
    let rows: Vec<(&str, &str)> = ROWS.iter().map(|(p, e, _)| (*p, *e)).collect();
    support::check_table(&rows);
}

#[test]
fn einsum_whys_say_what_einsum_did() {
    let mut failures = Vec::new();
    for (program, recorded, expect) in &ROWS {
        let outcome = arrays::run(program).unwrap_or_else(|e| panic!("{program}: {e}"));
        let Value::Array(a) = &outcome.value else {
            panic!("{program} is no array");
        };
        let why = explain(a, Units::Elements);
        let ok = match expect {
            Expect::Permuted(p) => matches!(&why, Why::Permuted { perm, .. } if perm == p),
            Expect::Restrided => {
                why == Why::Restrided {
                    function: "einsum".into(),
                }
            }
            Expect::Computed => {
                why == Why::Computed {
                    operation: "einsum".into(),
                }
            }
            Expect::Contracted => {
                matches!(why, Why::Contracted { ref function, ref strides } if function == "einsum" && *strides == a.layout.strides().iter().map(|s| s / 8).collect::<Vec<_>>())
            }
        };
        if !ok {
            failures.push(format!("{program}: expected {expect:?}, got {why:?}"));
        }
        // The memory fact: a view of an operand, or new memory made by einsum (not matmul), a
        // view of it exactly when the library says the result does not own its memory.
        let recorded: serde_json::Value = serde_json::from_str(recorded).unwrap_or_default();
        let owns = recorded["owndata"] == serde_json::Value::Bool(true);
        let shares = recorded["view"] == serde_json::Value::Bool(true);
        let by = Maker::Function("einsum".into());
        let expected_kind = match (shares, owns) {
            (true, _) => None,
            (false, true) => Some(Kind::Own { by, copy: false }),
            (false, false) => Some(Kind::ViewOfNew { by, copy: false }),
        };
        let got = kind(a, outcome.first.as_ref());
        let kind_ok = match &expected_kind {
            None => matches!(got, Kind::View { .. }),
            Some(k) => got == *k,
        };
        if !kind_ok {
            failures.push(format!(
                "{program}: memory {got:?}, but the library's owndata is {owns}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
