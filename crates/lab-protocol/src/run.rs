//! A program with the lab's options in; what the lab shows of it out, in both units (elements
//! and bytes), so that switching units never asks the engine again.

pub mod failure;

use std::rc::Rc;

use array_picture::{Drawn, Units};
use arrays::dtype::DType;
use arrays::explain::Why;
use arrays::facts::Sharing;
use serde::{Deserialize, Serialize};

pub use failure::{Failure, Hint, Kind, Words};

/// Run a program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The program, as typed.
    pub program: String,
    /// The dtype menu's choice, when the learner picked one.
    pub dtype: Option<DType>,
    /// Fresh bits for unseeded random draws (the engine has no clock of its own), below 2⁵³ so
    /// that they cross to a worker as a JavaScript number.
    pub entropy: u64,
    /// Whether the page can stop the run (the engine is in a Web Worker): the engine then gives
    /// it the larger limits a learner's loops need, since Stop and the page's time limit end a
    /// runaway program; linked into the page, the run keeps the short limits.
    pub off_thread: bool,
}

/// A program's run, as the lab shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// What it gave: an array, another value, or an error.
    pub outcome: Outcome,
    /// Whether the values shown are the library's to the bit (false when some were computed
    /// where its last bits depend on the machine: the page marks them).
    pub values_exact: bool,
    /// Whether what is not exact is the order of equal keys' indices: the array drawn holds the
    /// indices of a sort the library does not do stably (`argsort`, `sort`'s indices, `topk`, a
    /// median's index) and some keys tie, so the library may give the tied indices in another
    /// order. The page words its note for that instead of for rounding.
    pub values_ties: bool,
    /// What the program printed, as Python's stdout holds it (also before an error).
    pub stdout: String,
    /// The last `np.einsum` or `np.einsum_path` the program called (also when it then failed),
    /// for the link that opens the einsum panel on it.
    pub einsum: Option<EinsumCall>,
}

/// What a program gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// An array or tensor: drawn as a grid and a memory row, with its facts and its why.
    Array(Box<Array>),
    /// Another value (a scalar, a tuple, a bool), as Python prints it.
    Other(String),
    /// An error in the program.
    Error(Box<Failure>),
    /// An error that only the dtype menu's choice causes: the program as written runs (the
    /// engine ran it again without the dtype to know). The page shows it as the menu's doing,
    /// with a way back, never as a fault in a line of the program.
    DTypeFault {
        /// What the program raised with the chosen dtype.
        error: Box<Failure>,
        /// The menu's choice.
        dtype: DType,
    },
}

/// An array as the lab shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Array {
    /// What to draw, with the values its view can ask for in either units
    /// ([`Drawn::sampled`]); the page builds its [`array_picture::Picture`] in the units shown.
    pub drawn: Rc<Drawn>,
    /// How it got its layout, numbers in elements and in bytes.
    pub why: InUnits<Why>,
    /// Whether it shares memory with each other array the program named, in naming order.
    pub sharing: Vec<(String, Sharing)>,
    /// The name of the array drawn when it is not the last line's value: a program whose last
    /// line gives `None` (`print(y.strides)`) is drawn as the last array it named.
    pub named: Option<String>,
}

/// The same thing with its numbers in elements and in bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InUnits<T> {
    /// Counted in elements.
    pub elements: T,
    /// Counted in bytes.
    pub bytes: T,
}

impl<T> InUnits<T> {
    /// The one counted in `units`.
    pub fn get(&self, units: Units) -> &T {
        match units {
            Units::Elements => &self.elements,
            Units::Bytes => &self.bytes,
        }
    }
}

/// An `np.einsum` call, as the einsum panel's boxes take it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EinsumCall {
    /// The subscripts as written: `ij,jk->ik`.
    pub subscripts: String,
    /// The operands' shapes: `(1000, 10), (10, 1000)`.
    pub shapes: String,
}
