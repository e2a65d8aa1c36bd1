//! The einsum panel's questions.

use serde::{Deserialize, Serialize};

/// Something the einsum panel asks the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The contraction orders of a subscripts string for operands of these shapes.
    Orders {
        /// `"ij,jk->ik"`.
        subscripts: String,
        /// The operands' shapes.
        shapes: Vec<Vec<i64>>,
    },
}

/// The engine's answer to an einsum panel request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The orders, as the panel lists them (the einsum helper gives this its real shape).
    Orders(Vec<String>),
}
