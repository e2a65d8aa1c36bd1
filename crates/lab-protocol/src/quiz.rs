//! The quiz's requests: checks, hints and worked answers, authors' question files.

use serde::{Deserialize, Serialize};

/// Something the quiz asks the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Check an answer to a question of the bank or a generated one, by id.
    Check {
        /// The question's id.
        id: String,
        /// What the learner typed.
        answer: String,
    },
}

/// The engine's answer to a quiz request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Whether the answer is right (the verdict's data is the quiz helper's to fill in).
    Checked {
        /// Whether it is correct.
        correct: bool,
    },
}
