//! A program with the lab's options in; what the lab shows of it out.

use serde::{Deserialize, Serialize};

/// Run a program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The program, as typed.
    pub program: String,
    /// The dtype menu's choice, by NumPy's name (`"float32"`), when the learner picked one.
    pub dtype: Option<String>,
    /// Fresh bits for unseeded random draws (the engine has no clock of its own).
    pub entropy: u64,
    /// Whether the page can stop the run (the engine is in a Web Worker): the engine then gives
    /// it the larger limits a learner's loops need, since Stop and the page's time limit end a
    /// runaway program; linked into the page, the run keeps the short limits.
    pub off_thread: bool,
}

/// A program's run, as the lab shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// What the program printed, as Python's stdout holds it.
    pub stdout: String,
}
