//! The quiz's requests: checks, worked answers and "Open in the lab" programs, authors' question
//! files. Everything of the quiz that runs the interpreter or computes a key is asked here
//! (`quiz::check`, `quiz::worked_answer`, `quiz::lab_program`, `quiz::authored::{check, compile}`,
//! code answers and their costs). The page keeps only the quiz's data and wording, none of which
//! reaches `arrays` or `python-subset`: the [`Question`]s and [`Variant`]s as they show (a
//! question's hint is its own words), a practice set drawn from its seed (`quiz::generate`,
//! `quiz::generate::parse_id`), progress (`quiz::Progress`), the letters of choices
//! (`quiz::text::letter`), and the reading of an author's file up to serde (`authored::
//! check_format`, `check_fields`, `repeated`), whose questions it then sends to be compiled.

use quiz::authored::{Authored, Unusable, Variant};
use quiz::{Question, Text, Verdict};
use serde::{Deserialize, Serialize};

/// What a quiz card asks: a question the page has whole (generated practice, drawn page-side
/// from its seed), or one variant of a question file's question, as the engine compiled it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Asked {
    /// A question, checked by `quiz::check`.
    Question(Box<Question>),
    /// A compiled variant, checked by its file's judge (`quiz::authored::check`).
    Variant(Box<Variant>),
}

/// Something the quiz asks the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Check an answer.
    Check {
        /// What the card asks.
        asked: Asked,
        /// What the learner typed (choices as their letters, `A, C`).
        answer: String,
    },
    /// What a card needs the engine for besides checks: the worked answer and the program
    /// "Open in the lab" opens.
    Explain {
        /// What the card asks.
        asked: Asked,
    },
    /// Compile an author's questions (read page-side from a parsed file, each one's fields
    /// checked): each into its variants with their keys computed, or why it is unusable.
    Compile {
        /// The file's questions that could be read, in the file's order.
        questions: Vec<Authored>,
    },
}

/// The engine's answer to a quiz request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The verdict on a [`Request::Check`]: whether it is right, the diagnosis, the feedback,
    /// what a code answer printed and cost.
    Checked(Verdict),
    /// The answer to a [`Request::Explain`].
    Explained(Explained),
    /// The answer to a [`Request::Compile`]: one entry per question, in order.
    Compiled(Vec<Result<Vec<Variant>, Unusable>>),
}

/// What a card shows that the engine computes besides the verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Explained {
    /// The answer, worked out step by step from the computed numbers, in both languages.
    pub worked: Text,
    /// What "Open in the lab" opens (ending with the array the question is about), if anything.
    pub lab_program: Option<String>,
}
