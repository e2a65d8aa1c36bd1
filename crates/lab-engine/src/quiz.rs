//! The quiz's requests.

use lab_protocol::quiz::{Reply, Request};

/// Answers a quiz request.
pub fn handle(request: Request) -> Reply {
    match request {
        Request::Check { id, answer } => Reply::Checked {
            correct: quiz::question(&id).is_some_and(|q| quiz::check(&q, &answer).correct),
        },
    }
}
