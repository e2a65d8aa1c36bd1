//! # lab-engine
//!
//! The engine behind [`lab_protocol`]'s boundary: [`handle`] answers one [`Request`] with one
//! [`Reply`], using `arrays` (the interpreter with NumPy and PyTorch) and `quiz`. The page never
//! calls these crates itself; it sends requests, to this engine in a Web Worker (a second wasm
//! module) or, in the browser tests and native tests, to this crate linked in.
//!
//! ## The map
//!
//! - [`run`]: a program's run, described as the lab shows it.
//! - [`quiz`]: quiz checks, hints, worked answers, authors' files.
//! - [`einsum`]: the einsum panel's queries.
//! - `wasm` (wasm32 only): the engine's own wasm module, which the page runs in a Web Worker:
//!   `answer` reads a request's envelope from a structured clone and writes the reply's.

pub mod einsum;
pub mod quiz;
pub mod run;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

use lab_protocol::{Reply, Request};

/// The engine's reply to `request`.
pub fn handle(request: Request) -> Reply {
    match request {
        Request::Run(request) => Reply::Run(run::handle(request)),
        Request::Quiz(request) => Reply::Quiz(quiz::handle(request)),
        Request::Einsum(request) => Reply::Einsum(einsum::handle(request)),
    }
}
