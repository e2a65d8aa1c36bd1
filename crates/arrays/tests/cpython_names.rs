//! Names beyond ASCII in the program box, against CPython's compile: random names from every
//! kind of character, each as `NAME = 1` (the same draw as python-subset's
//! tests/cpython_names.rs, another seed). A SyntaxError must be CPython's message at CPython's
//! column; a name NFKC normalization changes is "not supported here"; a valid name runs, or is
//! refused only for a combining mark or Hangul jamo python-ident refuses without looking at the
//! character before it.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

#[path = "../../python-ident/tests/support/random_names.rs"]
mod random_names;

#[test]
fn random_names_as_cpython_compiles_them() {
    let names = random_names::random_names(0x5EED_0713, 3000);
    let out = random_names::cpython_verdicts(&names);
    let (mut failures, mut kinds, mut cautious) = (Vec::new(), [0usize; 3], 0);
    for (name, theirs) in names.iter().zip(out.iter().map(String::as_str)) {
        let program = format!("{name} = 1");
        let ours = arrays::run(&program);
        let agrees = match (theirs, &ours) {
            ("ok", Ok(_)) => {
                kinds[0] += 1;
                true
            }
            ("normalizes", Err(e)) if e.class_name() == "Unsupported" => {
                kinds[1] += 1;
                true
            }
            ("ok", Err(e)) if e.class_name() == "Unsupported" => {
                cautious += 1;
                name.chars().any(|c| {
                    python_ident::class(c).is_mark() || (0x1100..=0x11FF).contains(&u32::from(c))
                })
            }
            (t, Err(e)) if e.class_name() == "SyntaxError" => {
                kinds[2] += 1;
                let start = e.placed().map_or(0, |s| s.start);
                let column = program[..start].chars().count() + 1;
                t == format!("SyntaxError: {}\t{column}", e.message())
            }
            _ => false,
        };
        if !agrees {
            failures.push(format!(
                "{name:?}: ours {:?}, CPython {theirs}",
                ours.err()
                    .map(|e| format!("{}: {}", e.class_name(), e.message()))
            ));
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 100),
        "too few of each kind: {kinds:?}"
    );
    assert!(cautious * 10 < kinds[0], "{cautious} valid names refused");
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        names.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
