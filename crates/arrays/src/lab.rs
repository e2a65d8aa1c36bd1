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
    /// The last `np.einsum` or `np.einsum_path` the program called (also when it then failed):
    /// its subscripts and operands' shapes, for the link to the einsum panel.
    pub einsum: Option<crate::numpy::einsum::orders::Call>,
}

impl core::fmt::Debug for Ran {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ran")
            .field("ok", &self.result.is_ok())
            .field("error", &self.result.as_ref().err())
            .field("stdout", &self.stdout)
            .field("einsum", &self.einsum)
            .finish()
    }
}

/// Runs `source` as [`crate::run_options`] does, keeping what it printed before any error.
pub fn run(source: &str, limits: Limits, dtype: Option<DType>) -> Ran {
    let (result, stdout, einsum) = crate::run::run_for_lab(source, limits, dtype);
    Ran {
        result,
        stdout,
        einsum,
    }
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
    fn keeps_the_last_einsum_for_the_panel() {
        // The call fails (k is 1000 in B and 999 in C: NumPy's ValueError), yet the panel can
        // still show what was asked.
        let r = ran(
            "A = np.ones((1000, 10))\nB = np.ones((10, 1000))\nC = np.ones((999, 10))\nnp.einsum('ij,jk,kl->il', A, B, C, optimize=True)",
        );
        assert_eq!(
            r.result.as_ref().err().map(|e| e.class_name()),
            Some("ValueError")
        );
        let call = r.einsum.unwrap();
        assert_eq!(call.subscripts, "ij,jk,kl->il");
        assert_eq!(call.shapes_text(), "(1000, 10), (10, 1000), (999, 10)");
        let r = ran(
            "A = np.ones((1000, 10))\nB = np.ones((10, 1000))\nC = np.ones((1000, 10))\nnp.einsum('ij,jk,kl->il', A, B, C, optimize=True).shape",
        );
        assert!(r.result.is_ok());
        assert_eq!(
            r.einsum.unwrap().shapes_text(),
            "(1000, 10), (10, 1000), (1000, 10)"
        );
        let r = ran("x = np.ones((2, 3))\np, text = np.einsum_path('ij->j', x)\nx");
        assert_eq!(r.einsum.unwrap().shapes, [vec![2, 3]]);
        assert_eq!(ran("np.arange(3)").einsum, None);
    }

    #[test]
    fn prints_nothing_without_print() {
        assert_eq!(ran("np.arange(3)").stdout, "");
        assert_eq!(ran("x = (").stdout, "");
    }
}
