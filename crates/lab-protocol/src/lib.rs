//! # lab-protocol
//!
//! The one boundary between Strides Lab's page (the view: Yew, the components, the strings,
//! stride-core and the picture model) and its engine (the interpreter, NumPy, PyTorch, the quiz's
//! checker, einsum, authors' files), which runs in a Web Worker as a second wasm module. The page
//! sends a [`Request`] and gets one [`Reply`] back for it; both are plain data (serde), so the
//! engine can be tested without a page, and the page never reaches into the engine's internals.
//!
//! ## The map
//!
//! - [`run`]: a program with the lab's options in; what the lab shows of it out (the picture's
//!   data with the values the view can ask for, the facts, the why, what was printed, or the
//!   error).
//! - [`quiz`]: a quiz check, a hint or a worked answer, an author's question file.
//! - [`einsum`]: the einsum panel's questions.
//!
//! Each request carries the [`Envelope`]'s id, so a page with several labs, sharing one engine,
//! knows which lab a reply is for.

pub mod einsum;
pub mod quiz;
pub mod run;

use serde::{Deserialize, Serialize};

/// What the page asks the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Run a program (see [`run::Request`]).
    Run(run::Request),
    /// Something of the quiz (see [`quiz::Request`]).
    Quiz(quiz::Request),
    /// Something of the einsum panel (see [`einsum::Request`]).
    Einsum(einsum::Request),
}

/// What the engine answers, one reply per request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// A program's run (see [`run::Reply`]).
    Run(run::Reply),
    /// The quiz's answer (see [`quiz::Reply`]).
    Quiz(quiz::Reply),
    /// The einsum panel's answer (see [`einsum::Reply`]).
    Einsum(einsum::Reply),
    /// The request was not answered: the learner pressed Stop, or it ran past the page's time
    /// limit. The page ended the engine (a Web Worker is terminated at once) and starts a new one.
    Stopped(Stopped),
    /// The engine could not read the request (a page and an engine of different builds): never
    /// a learner's mistake. The text is for the console, in English.
    Unreadable(String),
}

/// A request or a reply with the id that pairs them (the page numbers its requests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// The page's number for the request; the reply carries the same.
    pub id: u32,
    /// The request or reply.
    pub body: T,
}

/// Why a request was not answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stopped {
    /// The learner pressed Stop.
    ByLearner,
    /// It ran past the page's time limit (in milliseconds).
    TimeLimit(u32),
}
