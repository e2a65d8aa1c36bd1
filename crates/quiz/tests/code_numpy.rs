//! A code answer runs in the same interpreter as the program box, with the same NumPy: an
//! exercise over arrays (seed 003's split heads) is checked, a wrong answer is judged wrong, and
//! an answer that breaks NumPy's rules gets NumPy's error. The expected reprs were printed by
//! NumPy 2.4.6 (`/work/venv/bin/python`).

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

use python_subset::{Exercise, Limits, Verdict, check_with};

const HEADS: Exercise = Exercise {
    id: "test-split-heads",
    template: "def heads(X, h):
    n, d = X.shape
    ____
",
    reference: "return X.reshape(n, h, d // h).transpose(1, 0, 2).strides",
    cases: &[
        "heads(np.arange(24.0).reshape(4, 6), 2)",
        "heads(np.arange(12).reshape(2, 6), 3)",
    ],
    function: "heads",
};

fn check(answer: &str) -> Verdict {
    let limits = Limits::default();
    let prepare = |interp: &mut python_subset::eval::Interp| {
        arrays::prepare(interp, limits, None, answer);
    };
    check_with(&HEADS, answer, &limits, &prepare).verdict
}

#[test]
fn a_code_answer_can_use_numpy() {
    let right = check("return X.reshape(n, h, d // h).transpose(1, 0, 2).strides");
    assert!(right.is_correct(), "{right}");
    // The same strides reached another way are as right.
    let also = check("return np.transpose(np.reshape(X, (n, h, d // h)), (1, 0, 2)).strides");
    assert!(also.is_correct(), "{also}");
    // Without the transpose: NumPy gives (48, 24, 8) for the first case, not (24, 48, 8).
    match check("return X.reshape(n, h, d // h).strides") {
        Verdict::Wrong { got, expected, .. } => {
            assert!(got.contains("(48, 24, 8)"), "{got}");
            assert!(expected.contains("(24, 48, 8)"), "{expected}");
        }
        other => panic!("{other}"),
    }
    // NumPy's own error, as NumPy words it.
    let broken = check("return X.reshape(n, h + 1, d // h).strides").to_string();
    assert!(
        broken.contains("cannot reshape array of size 24 into shape (4,3,3)"),
        "{broken}"
    );
}
