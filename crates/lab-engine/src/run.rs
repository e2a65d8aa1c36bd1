//! A program's run, described as the lab shows it.

use lab_protocol::run::{Reply, Request};

/// Runs `request`'s program.
pub fn handle(request: Request) -> Reply {
    arrays::random::set_entropy(request.entropy);
    let dtype = request
        .dtype
        .as_deref()
        .and_then(arrays::dtype::DType::parse);
    let ran = arrays::lab::run(&request.program, arrays::Limits::default(), dtype);
    Reply { stdout: ran.stdout }
}
