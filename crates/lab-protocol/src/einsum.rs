//! The einsum panel's questions: every contraction order of a subscripts string for operands of
//! the shapes the learner typed, with their costs and NumPy's report (seed 003).

use arrays::numpy::einsum::orders::{Orders, Saving, ShapesError};
use serde::{Deserialize, Serialize};

/// Something the einsum panel asks the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The contraction orders of a subscripts string for operands of these shapes.
    Orders {
        /// `"ij,jk->ik"`, as typed.
        subscripts: String,
        /// The operands' shapes as typed: `1000×10, 10×1000` or `(1000, 10), (10, 1000)`.
        shapes: String,
    },
}

/// The engine's answer to an einsum panel request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The orders, or why there are none.
    Orders(Result<Listed, Problem>),
}

/// What the panel draws: every order with its steps and costs, NumPy's picks and report, and the
/// saving of the cheapest order over the order as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listed {
    /// The orders.
    pub orders: Orders,
    /// The cheapest order against the order as written, when it does less work.
    pub saving: Option<Saving>,
}

/// Why the panel's inputs give no table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Problem {
    /// The shapes cannot be read.
    Shapes(ShapesError),
    /// More operands than the panel takes.
    TooManyOperands,
    /// The counts do not fit 128 bits.
    TooLarge,
    /// What `np.einsum_path` raises, as its headline (`ValueError: …`).
    Numpy(String),
}
