//! What memory a result reads (the facts panel's kind, the command line's `view`) and the walk a
//! copy's why prints, against NumPy 2.4.6 and PyTorch 2.15.0: the rows were recorded by
//! `tests/corpus/record.py`, the property fixture `tests/corpus/chains.jsonl` by
//! `tests/corpus/chains.py` (see there).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::rc::Rc;

use array_picture::Units;
use arrays::array::Array;
use arrays::explain::{ReadOrder, WalkCause, Why, explain};
use arrays::kind::{Kind, Maker};
use arrays::value::Value;
use serde_json::Value as Json;

/// The result of `program`, its kind and its why (in elements).
fn run(program: &str) -> (Rc<Array>, Kind, Why) {
    let outcome = arrays::run(program).unwrap_or_else(|e| panic!("{program}: {e:?}"));
    let Value::Array(a) = &outcome.value else {
        panic!("{program}: not an array")
    };
    let picture = arrays::picture::of_array(Rc::clone(a), outcome.first.as_ref(), Units::Elements);
    (
        Rc::clone(a),
        picture.kind().clone(),
        explain(a, Units::Elements),
    )
}

/// One-line chains whose result reshape, copy or indexing copied: NumPy's harness says they do
/// not read the first array's memory (`np.arange` inside the chain), and neither may the lab.
const CHAINS: &[(&str, &str)] = &[
    (
        "np.arange(12.0).reshape(3, 4).T.reshape(12)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [12], "strides": [8], "values": [0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(24.0).reshape(2, 3, 4).transpose(1, 0, 2).reshape(3, 8)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [3, 8], "strides": [64, 8], "values": [0.0, 1.0, 2.0, 3.0, 12.0, 13.0, 14.0, 15.0, 4.0, 5.0, 6.0, 7.0, 16.0, 17.0, 18.0, 19.0, 8.0, 9.0, 10.0, 11.0, 20.0, 21.0, 22.0, 23.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.broadcast_to(np.arange(3), (2, 3)).reshape(6)",
        r#"{"c_contiguous": true, "dtype": "int64", "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": false, "shape": [6], "strides": [8], "values": [0, 1, 2, 0, 1, 2], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(12.0).reshape(3, 4).T.copy()",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4, 3], "strides": [24, 8], "values": [0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0], "view": false, "writeable": true}"#,
    ),
    (
        "np.arange(12.0).reshape(3, 4)[[0, 2]]",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4], "strides": [32, 8], "values": [0.0, 1.0, 2.0, 3.0, 8.0, 9.0, 10.0, 11.0], "view": false, "writeable": true}"#,
    ),
];

#[test]
fn a_one_line_chain_that_copies_is_a_copy_not_a_view() {
    support::check_table(CHAINS);
    let made_by = ["reshape", "reshape", "reshape", "copy"];
    for ((program, _), by) in CHAINS.iter().zip(made_by) {
        let (_, kind, _) = run(program);
        assert_eq!(
            kind,
            Kind::Own {
                by: Maker::Function(by.into()),
                copy: true
            },
            "{program}"
        );
    }
    let (_, kind, why) = run(CHAINS[4].0);
    assert_eq!(
        kind,
        Kind::Own {
            by: Maker::AdvancedIndexing,
            copy: true
        }
    );
    assert_eq!(why, Why::Gathered);
    // The why of the first says reshape copied; it agrees now.
    assert!(matches!(run(CHAINS[0].0).2, Why::ReshapeCopied { .. }));
    // With the first array on a line of its own, the same answer.
    let (_, kind, _) = run("x = np.arange(12.0).reshape(3, 4)\nx.T.reshape(12)");
    assert!(!kind.is_view());
}

#[test]
fn a_view_in_a_chain_names_what_it_shares_memory_with() {
    // NumPy: np.shares_memory(np.arange(12.0).reshape(3, 4).T, <the arange>) is True.
    let (_, kind, _) = run("np.arange(12.0).reshape(3, 4).T");
    assert_eq!(
        kind,
        Kind::View {
            of: "np.arange(12.0)".into()
        }
    );
    let (_, kind, _) = run("x = np.arange(12.0).reshape(3, 4)\nx.T");
    assert_eq!(kind, Kind::View { of: "x".into() });
    // x itself reads the memory arange allocated (OWNDATA False).
    let (_, kind, _) = run("x = np.arange(12.0).reshape(3, 4)\nx");
    assert_eq!(
        kind,
        Kind::View {
            of: "np.arange(12.0)".into()
        }
    );
    let (_, kind, _) = run("x = np.arange(6) * 2\nx");
    assert_eq!(kind, Kind::First);
}

/// The walk of a copy that reads in column order, from NumPy: `x.ravel(order='F')` of
/// `x = np.arange(12.0).reshape(3, 4)` holds x's positions in the order it read them, since each
/// value of x is its own position.
const F_ORDER: &str = r#"[0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0]"#;

#[test]
fn a_copy_in_column_order_walks_in_column_order() {
    let numpy: Vec<i64> = serde_json::from_str::<Vec<f64>>(F_ORDER)
        .unwrap()
        .into_iter()
        .map(|v| v as i64)
        .collect();
    let x = "x = np.arange(12.0).reshape(3, 4)\n";
    assert_eq!(
        support::actual(&format!("{x}x.ravel(order='F')"))["values"],
        serde_json::from_str::<Json>(F_ORDER).unwrap()
    );
    for op in [
        "x.ravel(order='F')",
        "x.reshape(4, 3, order='F')",
        "x.flatten(order='F')",
    ] {
        let Why::ReshapeCopied {
            order,
            walk,
            steps,
            cause,
            ..
        } = run(&format!("{x}{op}")).2
        else {
            panic!("{op}: not a copy's walk")
        };
        assert_eq!(order, ReadOrder::Column, "{op}");
        let shown: Vec<i64> = walk.iter().map_while(|p| *p).collect();
        assert_eq!(shown[..], numpy[..shown.len()], "{op}");
        assert_eq!(cause, WalkCause::Uneven, "{op}");
        assert_eq!(steps[..3], [Some(4), Some(4), Some(-7)], "{op}");
    }
}

#[test]
fn a_walk_with_one_stride_is_never_called_strideless() {
    // flatten copies a contiguous x: the walk 0, 1, 2, … has the one stride 1.
    let Why::ReshapeCopied { cause, steps, .. } =
        run("x = np.arange(12.0).reshape(3, 4)\nx.flatten()").2
    else {
        panic!()
    };
    assert_eq!(cause, WalkCause::Always);
    assert!(steps.iter().all(|s| *s == Some(1)));
    // ravel copies x[::2] (NumPy: owndata True, strides (8,)) though one stride, 2, walks it.
    let Why::ReshapeCopied { cause, .. } = run("x = np.arange(12.0)\nx[::2].ravel()").2 else {
        panic!()
    };
    assert_eq!(
        cause,
        WalkCause::Spaced {
            stride: 2,
            needed: 1
        }
    );
    // Rows of 10 hide the first change of step past the eight positions shown: it is shown anyway.
    let Why::ReshapeCopied {
        walk, steps, cause, ..
    } = run("x = np.arange(60.0).reshape(6, 10)\nx[:, ::-1].reshape(60)").2
    else {
        panic!()
    };
    assert_eq!(cause, WalkCause::Uneven);
    assert_eq!(
        walk,
        [
            Some(9),
            Some(8),
            Some(7),
            Some(6),
            None,
            Some(0),
            Some(19),
            None
        ]
    );
    assert_eq!(steps, [Some(-1), Some(-1), Some(-1), None, Some(19)]);
}

/// NumPy: `reshape(..., copy=True)` of a contiguous x copies (view false, OWNDATA False: a view of
/// its copy, as any copying reshape).
const FORCED_COPY: (&str, &str) = (
    "x = np.arange(12.0).reshape(3, 4); x.reshape(2, 6, copy=True)",
    r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": false, "shape": [2, 6], "strides": [48, 8], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], "view": false, "writeable": true}"#,
);

#[test]
fn a_reshape_told_to_copy_is_explained_as_a_copy() {
    support::check_table(&[FORCED_COPY]);
    let (_, kind, why) = run(FORCED_COPY.0);
    assert_eq!(
        kind,
        Kind::Own {
            by: Maker::Function("reshape".into()),
            copy: true
        }
    );
    // It once read "reshape keeps the memory … It is a view", from the view of its own copy.
    let Why::ReshapeCopied { cause, .. } = why else {
        panic!("{why:?}")
    };
    assert_eq!(cause, WalkCause::Always);
}

/// NumPy's recorded kinds: `astype` and `contiguous` made new memory, which the result views.
const VIEWS_OF_COPIES: &[(&str, &str)] = &[
    (
        "x = np.arange(12.0).reshape(3, 4); x.astype(np.float32)[:, ::2]",
        r#"{"c_contiguous": false, "dtype": "float32", "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [3, 2], "strides": [16, 8], "values": [0.0, 2.0, 4.0, 6.0, 8.0, 10.0], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.T.contiguous().view(12)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [12], "storage_offset": 0, "strides": [4], "values": [0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0], "view": false, "writeable": true}"#,
    ),
];

#[test]
fn a_view_of_a_copy_says_which_operation_made_the_copy() {
    support::check_table(VIEWS_OF_COPIES);
    for ((program, _), by) in VIEWS_OF_COPIES.iter().zip(["astype", "contiguous"]) {
        let (_, kind, why) = run(program);
        assert_eq!(
            kind,
            Kind::ViewOfNew {
                by: Maker::Function(by.into()),
                copy: true
            },
            "{program}"
        );
        // The why describes the last step, a view, and now the facts agree that it is one.
        assert!(
            matches!(why, Why::Indexed { .. } | Why::Regrouped { .. }),
            "{program}"
        );
    }
}

/// The segments of a printed walk (split at `…`) are runs of the walk NumPy reads, the first one
/// from its start, each later one further on.
fn walk_matches(printed: &[Option<i64>], numpy: &[i64]) -> bool {
    let mut from = 0usize;
    for (k, segment) in printed.split(Option::is_none).enumerate() {
        if segment.is_empty() {
            continue;
        }
        let segment: Vec<i64> = segment.iter().flatten().copied().collect();
        let found = (from..=numpy.len().saturating_sub(segment.len()))
            .find(|&i| numpy.get(i..i + segment.len()) == Some(&segment[..]));
        match found {
            Some(i) if k > 0 || i == 0 => from = i + segment.len(),
            _ => return false,
        }
    }
    true
}

/// The printed steps, part by part (split at `…`), begin the steps between neighbours of the
/// printed walk's parts.
fn steps_match(walk: &[Option<i64>], steps: &[Option<i64>]) -> bool {
    let walk_parts: Vec<Vec<i64>> = walk
        .split(Option::is_none)
        .filter(|p| p.len() > 1)
        .map(|p| {
            p.windows(2)
                .map(|w| w[1].unwrap() - w[0].unwrap())
                .collect()
        })
        .collect();
    let step_parts: Vec<Vec<i64>> = steps
        .split(Option::is_none)
        .filter(|p| !p.is_empty())
        .map(|p| p.iter().flatten().copied().collect())
        .collect();
    step_parts.len() == walk_parts.len()
        && step_parts
            .iter()
            .zip(&walk_parts)
            .all(|(s, w)| w.starts_with(s))
}

#[test]
fn random_programs_kind_view_and_numpy_agree_and_walks_are_true() {
    let text = include_str!("../../../tests/corpus/chains.jsonl");
    let mut failures = Vec::new();
    let mut walks = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: Json = serde_json::from_str(line).unwrap();
        let program = row["program"].as_str().unwrap();
        let shares = row["shares"].as_bool().unwrap();
        let (_, kind, why) = run(program);
        let cli = support::actual(program)["view"].as_bool();
        if kind.is_view() != shares || cli != Some(shares) {
            failures.push(format!(
                "{program:?}: NumPy shares {shares}, kind {kind:?}, CLI view {cli:?}"
            ));
        }
        let numpy_walk: Option<Vec<i64>> = row.get("walk").map(|w| {
            w.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        });
        match (&why, &numpy_walk) {
            (
                Why::ReshapeCopied {
                    walk, steps, cause, ..
                },
                Some(numpy),
            ) => {
                walks += 1;
                if !walk_matches(walk, numpy) {
                    failures.push(format!("{program:?}: walk {walk:?}, NumPy reads {numpy:?}"));
                }
                if !steps_match(walk, steps) {
                    failures.push(format!("{program:?}: steps {steps:?} of walk {walk:?}"));
                }
                let numpy_steps: Vec<i64> = numpy.windows(2).map(|w| w[1] - w[0]).collect();
                // "No single stride" exactly when NumPy's walk has two different steps, and then
                // the steps printed show two different ones.
                let two_steps = numpy_steps.windows(2).any(|w| w[0] != w[1]);
                let shown: Vec<i64> = steps.iter().flatten().copied().collect();
                let shown_two = shown.windows(2).any(|w| w[0] != w[1]);
                if (*cause == WalkCause::Uneven) != two_steps
                    || (*cause == WalkCause::Uneven && !shown_two)
                {
                    failures.push(format!(
                        "{program:?}: cause {cause:?}, steps {steps:?}, NumPy steps {numpy_steps:?}"
                    ));
                }
            }
            // (`t.reshape(48).contiguous()` returns the reshape's copy itself, with its why.)
            (Why::ReshapeCopied { .. }, None) if row.get("reshape").is_some() => {
                failures.push(format!(
                    "{program:?}: a copy's walk where NumPy copied nothing"
                ));
            }
            _ => {}
        }
    }
    assert!(walks > 30, "only {walks} walks checked");
    assert!(
        failures.is_empty(),
        "{} disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
