//! A reshape (or PyTorch view) to sizes that do not multiply to the array's size: the error is
//! NumPy's or PyTorch's, word for word, and its why carries the numbers the lab explains it with
//! (12 numbers, and 5 × 3 = 15 places). Messages checked against NumPy 2.4.6 and PyTorch 2.15.0.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use arrays::Explained;
use arrays::explain::ErrorWhy;

fn failure(program: &str) -> (String, Option<ErrorWhy>) {
    let e = arrays::run(program).err().expect("the program fails");
    (
        format!("{}: {}", e.class_name(), e.message()),
        e.why().map(|w| (**w).clone()),
    )
}

fn size_why(size: i64, shape: &[i64], places: i64, unknown: bool) -> Option<ErrorWhy> {
    Some(ErrorWhy::ReshapeSize {
        size,
        shape: shape.to_vec(),
        places,
        unknown,
    })
}

const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";
const T: &str = "t = torch.arange(12.0)\n";

#[test]
fn numpy_reshape_to_the_wrong_size_says_how_many_places() {
    let cases: [(&str, &str, Option<ErrorWhy>); 4] = [
        (
            "x.reshape(5, 3)",
            "ValueError: cannot reshape array of size 12 into shape (5,3)",
            size_why(12, &[5, 3], 15, false),
        ),
        (
            "x.reshape(2, 5)",
            "ValueError: cannot reshape array of size 12 into shape (2,5)",
            size_why(12, &[2, 5], 10, false),
        ),
        (
            "x.reshape(5, -1)",
            "ValueError: cannot reshape array of size 12 into shape (5,newaxis)",
            size_why(12, &[5, -1], 5, true),
        ),
        (
            "x.reshape(0, -1)",
            "ValueError: cannot reshape array of size 12 into shape (0,newaxis)",
            size_why(12, &[0, -1], 0, true),
        ),
    ];
    for (expr, message, why) in cases {
        assert_eq!(
            failure(&format!("{X}{expr}")),
            (message.to_string(), why),
            "{expr}"
        );
    }
}

#[test]
fn torch_view_to_the_wrong_size_says_how_many_places() {
    assert_eq!(
        failure(&format!("{T}t.view(5, 3)")),
        (
            "RuntimeError: shape '[5, 3]' is invalid for input of size 12".to_string(),
            size_why(12, &[5, 3], 15, false)
        )
    );
    assert_eq!(
        failure(&format!("{T}t.reshape(5, -1)")),
        (
            "RuntimeError: shape '[5, -1]' is invalid for input of size 12".to_string(),
            size_why(12, &[5, -1], 5, true)
        )
    );
}

#[test]
fn other_errors_keep_no_size_why() {
    let (_, why) = failure(&format!(
        "{X}x.reshape(3, 4, copy=False).T.reshape(12, copy=False)"
    ));
    assert!(
        !matches!(why, Some(ErrorWhy::ReshapeSize { .. })),
        "{why:?}"
    );
    let (_, why) = failure(&format!("{X}x[5]"));
    assert_eq!(why, None);
}
