//! Code questions: the learner's lines go into the blank and run, beside the reference answer, in
//! the Python-subset interpreter compiled into the lab.

use quiz::{Question, Verdict};

/// Checks a code answer.
pub fn check(question: &Question, answer: &str) -> Verdict {
    quiz::check(question, answer)
}
