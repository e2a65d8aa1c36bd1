//! What the lab runs: a program with the lab's dtype choice, and everything it printed, also
//! when it fails (what `print` wrote before the error is shown under the program).

use crate::context::Limits;
use crate::dtype::DType;
use crate::error::Error;
use crate::run::Outcome;

/// A program run: its outcome or error, and what it printed.
pub struct Ran {
    /// The outcome, or the error that stopped it.
    pub result: Result<Outcome, Error>,
    /// What `print` wrote, as Python writes it to stdout (each call ends with a newline); empty
    /// when nothing was printed.
    pub stdout: String,
}

impl core::fmt::Debug for Ran {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ran")
            .field("ok", &self.result.is_ok())
            .field("error", &self.result.as_ref().err())
            .field("stdout", &self.stdout)
            .finish()
    }
}

/// Runs `source` as [`crate::run_options`] does, keeping what it printed before any error.
pub fn run(source: &str, limits: Limits, dtype: Option<DType>) -> Ran {
    let (result, stdout) = crate::run::run_keeping_stdout(source, limits, dtype);
    Ran { result, stdout }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn ran(source: &str) -> Ran {
        run(source, Limits::default(), None)
    }

    #[test]
    fn keeps_what_was_printed() {
        // CPython 3.11: `print(1, 2); print("a", sep="-")` writes "1 2\na\n".
        let r = ran("print(1, 2)\nprint('a', 'b', sep='-')\nx = np.arange(3)\nx");
        assert!(r.result.is_ok());
        assert_eq!(r.stdout, "1 2\na-b\n");
    }

    #[test]
    fn keeps_what_was_printed_before_an_error() {
        let r = ran("x = np.arange(6)\nprint(x.shape)\nx.reshape(4)\nprint('never')");
        let error = r.result.as_ref().err().map(|e| e.class_name());
        assert_eq!(error, Some("ValueError"));
        assert_eq!(r.stdout, "(6,)\n");
    }

    #[test]
    fn prints_nothing_without_print() {
        assert_eq!(ran("np.arange(3)").stdout, "");
        assert_eq!(ran("x = (").stdout, "");
    }
}
