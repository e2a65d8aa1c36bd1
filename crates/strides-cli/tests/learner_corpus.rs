//! Learners' own programs (issue 26): the committed corpus of learner-style programs
//! (`tests/corpus/learner.jsonl`, NumPy and PyTorch) and every code snippet of the four seeds made
//! runnable (`seed-snippets.jsonl`), recorded from NumPy 2.4.6 and PyTorch 2.15, checked through
//! this command line by the corpus checker (`tests/corpus/check.py --tolerance`: layout exact,
//! float values within the values policy's tolerance where the lab or the record says they are
//! not exact). The checker needs only Python's standard library: `STRIDES_PYTHON` when set, else
//! `python3`.

#![allow(clippy::panic, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::Command;

/// One corpus's summary line: programs, agree, disagree, refused.
struct Summary {
    programs: u32,
    agree: u32,
    disagree: u32,
    refused: u32,
}

/// Runs the checker on `file` (under `tests/corpus/`) and reads its summary.
fn check(file: &str) -> (Summary, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var("STRIDES_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = Command::new(&python)
        .arg(root.join("tests/corpus/check.py"))
        .args(["--tolerance", "--show", "20", "--strides"])
        .arg(env!("CARGO_BIN_EXE_strides"))
        .arg(root.join("tests/corpus").join(file))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {python}: {e}"));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.contains(file) && l.contains(" programs: "))
        .unwrap_or_else(|| panic!("no summary for {file}:\n{text}"));
    // "…/learner.jsonl: 300 programs: 291 agree (97.0%), 0 disagree, 8 refused (Unsupported), …"
    let number_before = |word: &str| -> u32 {
        let at = line
            .find(word)
            .unwrap_or_else(|| panic!("{word} in {line}"));
        line[..at]
            .trim_end()
            .rsplit([' ', ':', ','])
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("the count before {word} in {line}"))
    };
    let summary = Summary {
        programs: number_before(" programs:"),
        agree: number_before(" agree ("),
        disagree: number_before(" disagree"),
        refused: number_before(" refused"),
    };
    (summary, text)
}

#[test]
fn every_seed_snippet_runs_as_written_and_agrees() {
    let (s, text) = check("seed-snippets.jsonl");
    assert!(s.programs >= 150, "{text}");
    assert_eq!(s.agree, s.programs, "{text}");
}

#[test]
fn learner_programs_agree_and_no_answer_is_one_the_libraries_would_not_give() {
    let (s, text) = check("learner.jsonl");
    assert_eq!(s.programs, 300, "{text}");
    assert_eq!(s.disagree, 0, "{text}");
    // Issue 26: at least 97% agree; the rest are honest refusals ("not supported here").
    assert!(
        u64::from(s.agree) * 100 >= 97 * u64::from(s.programs),
        "{text}"
    );
    assert!(s.refused <= s.programs - s.agree, "{text}");
}
