//! # quiz
//!
//! The quiz engine of Strides Lab: the questions of the lessons in English and Spanish, answer keys
//! computed by running each question's NumPy program through `arrays`, answers read the way
//! people type them, the usual mistakes named with their own feedback, unlimited generated
//! practice from a seed, and a progress store that survives bad data. Pure: no browser, no clock,
//! no randomness but a seeded one.
//!
//! ## The map
//!
//! - [`question`]: what a question is: its [`Kind`], its prompt, the program and the [`Recipe`]
//!   that reads the key off the program's value, and choice options with their [`Claim`]s.
//! - [`bank`]: the fixed questions, with stable ids (`u1-…` from the lesson, in its order, then
//!   `s0-` to `s3-` from the other sources). Start here to list or show questions.
//! - [`key`]: the [`Key`] of a question, computed with `arrays::run` and stride-core; never
//!   typed by hand.
//! - [`answer`]: reading what a learner typed into an [`Answer`], or [`Parsed::Unreadable`] with a
//!   message.
//! - [`diagnose`]: [`check`]: the [`Verdict`], with a stable diagnosis code from [`DIAGNOSES`]
//!   (`bytes-instead-of-elements`, `forgot-swap`, …). This is what a typical caller needs.
//!   The usual mistakes' answers are computed in `mistakes` (private); `itemsize` (private)
//!   writes the feedback of the unit mistakes with the item size they assumed.
//! - [`cost`]: what a correct code answer cost ([`Cost`]): the largest array its call created
//!   on the exercise's largest case and whether its result is a view, beside the reference's.
//! - [`explain`]: [`hint`] and [`worked_answer`], built from the computed numbers.
//! - [`generate`]: [`generate()`]: practice questions `gen-<seed>-<n>` from a seeded SplitMix64.
//! - [`lab`]: [`lab_program`]: what "Open in the lab" opens, ending with the array a question is
//!   about.
//! - [`json`]: [`list_json`] and [`check_json`] for the command line.
//! - [`progress`]: per-question progress, its versioned text form, a forgiving loader and a
//!   lossless [`merge`].
//! - [`authored`]: authors' question files (`strides-lab/questions@1`): parameters, variants,
//!   keys computed by the engine, the field at fault when a question is unusable.
//! - [`text`]: [`Text`], every string in English and Spanish.
//! - [`wire`]: the serde forms of the `&'static` fields of the types that cross the lab's
//!   boundary between page and engine (`lab-protocol`).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod answer;
pub mod authored;
pub mod bank;
pub mod code;
pub mod construct;
pub mod cost;
pub mod diagnose;
pub mod explain;
mod failed;
pub mod generate;
mod itemsize;
pub mod json;
pub mod key;
pub mod lab;
pub mod limit;
mod mistakes;
pub mod progress;
pub mod question;
pub mod text;
pub mod wire;

pub use answer::{Answer, Parsed, parse};
pub use bank::bank;
pub use cost::Cost;
pub use diagnose::{DIAGNOSES, Printed, Verdict, check};
pub use explain::{hint, worked_answer};
pub use generate::generate;
pub use json::{check_json, list_json};
pub use key::{Key, KeyError, key};
pub use lab::lab_program;
pub use progress::{Entry, Loaded, Progress, merge};
pub use question::{Choice, Claim, Kind, Question, Recipe, Unit};
pub use text::{Lang, Text};

/// The question with this id: one of the bank's, or a generated one (`gen-<seed>-<n>`).
pub fn question(id: &str) -> Option<Question> {
    if let Some(q) = bank().iter().find(|q| q.id == id) {
        return Some(q.clone());
    }
    let (seed, n) = generate::parse_id(id)?;
    Some(generate::generated(seed, n))
}
