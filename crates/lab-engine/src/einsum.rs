//! The einsum panel's queries.

use lab_protocol::einsum::{Reply, Request};

/// Answers an einsum panel request.
pub fn handle(request: Request) -> Reply {
    match request {
        Request::Orders { .. } => Reply::Orders(Vec::new()),
    }
}
