//! Names beyond ASCII against CPython's compile: random names from every kind of character
//! (letters of many scripts, digits, combining marks, compatibility characters, spaces and
//! symbols, any code point). For each program `NAME = 1`: where CPython raises SyntaxError,
//! this checker must raise the same message at the same column; where NFKC normalization
//! changes the name, call it unsupported; where CPython compiles it as it is, run it, or call it
//! unsupported only for the few characters that normalization may change next to others
//! (combining marks, Hangul jamo), which python-ident refuses without looking at the neighbour.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "../../python-ident/tests/support/random_names.rs"]
mod random_names;
#[path = "support/python.rs"]
mod support;

use python_subset::{ErrorKind, Limits, run};
use std::fmt::Write as _;
use support::{py_str, python};

#[test]
fn random_names_as_cpython_compiles_them() {
    let names = random_names::random_names(0x5EED_0013, 3000);
    let out = random_names::cpython_verdicts(&names);
    let limits = Limits::default();
    let (mut failures, mut kinds, mut cautious) = (Vec::new(), [0usize; 3], 0);
    for (name, theirs) in names.iter().zip(out.iter().map(String::as_str)) {
        let program = format!("{name} = 1");
        let ours = run(&program, &limits).result;
        let agrees = match (theirs, &ours) {
            ("ok", Ok(_)) => {
                kinds[0] += 1;
                true
            }
            ("normalizes", Err(e)) if matches!(e.kind, ErrorKind::Unsupported(_)) => {
                kinds[1] += 1;
                true
            }
            ("ok", Err(e)) if matches!(e.kind, ErrorKind::Unsupported(_)) => {
                cautious += 1;
                name.chars().any(|c| {
                    let class = python_ident::class(c);
                    class.is_mark() || (0x1100..=0x11FF).contains(&u32::from(c))
                })
            }
            (t, Err(e)) if matches!(e.kind, ErrorKind::Syntax(..)) => {
                kinds[2] += 1;
                let column = program[..e.span.start].chars().count() + 1;
                t == format!("{e}\t{column}")
            }
            _ => false,
        };
        if !agrees {
            failures.push(format!(
                "{name:?}: ours {:?}, CPython {theirs}",
                ours.map_err(|e| e.to_string())
            ));
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 100),
        "too few of each kind (valid, normalizing, invalid): {kinds:?}"
    );
    assert!(
        cautious * 10 < kinds[0],
        "{cautious} valid names refused, against {} run",
        kinds[0]
    );
    println!("valid, normalizing, invalid: {kinds:?}; valid but refused: {cautious}");
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        names.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

#[test]
fn a_syntax_error_after_a_normalizing_name_is_reported_as_cpython_does() {
    // The name is valid Python (CPython reads ﬁ as fi): the syntax error further on wins.
    let programs = [
        "ﬁ = 1\nx = (",
        "ﬁ = 1\nx = 2 × 3",
        "9ｘ = 1",
        "ﬁ = 1\nbreak",
        "x = [ﬁ for ﬁ in y]]",
    ];
    let mut script = String::from("for p in [\n");
    for p in programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]:\n    try:\n        compile(p, '<a>', 'exec')\n        print('ok')\n    except SyntaxError as e:\n        print('%s: %s\\t%d:%d' % (type(e).__name__, e.msg, e.lineno, e.offset))\n",
    );
    let out = python(&script, 60).expect("python3 ran");
    for (program, theirs) in programs.iter().zip(out.lines()) {
        let e = run(program, &Limits::default()).result.expect_err(program);
        assert!(matches!(e.kind, ErrorKind::Syntax(..)), "{program:?}: {e}");
        let before = &program[..e.span.start];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
        assert_eq!(format!("{e}\t{line}:{column}"), theirs, "{program:?}");
    }
}
