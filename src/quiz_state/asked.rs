//! What a card asks and what the host page hears: [`Asked`] is a question as the card shows and
//! checks it (a generated practice question, or one variant of a question file's question, checked
//! by the file's judge: an exception class, `view`/`copy`, an author's function); [`Answered`] is
//! one checked answer, the `detail` of the `strides-lab:answered` event; [`Snapshot`] is what
//! `getState()` gives a host and `setState()` takes back.

use std::collections::BTreeMap;
use std::rc::Rc;

use quiz::authored::{self, Variant};
use quiz::{Progress, Question, Verdict};

/// A question as a card asks it.
#[derive(Clone)]
pub enum Asked {
    /// A question checked by [`quiz::check`] (generated practice).
    Question(Rc<Question>),
    /// Variant `number` of a file's question (its `count` variants), checked by
    /// [`authored::check`].
    Variant(Rc<Variant>),
}

impl PartialEq for Asked {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Asked::Question(a), Asked::Question(b)) => Rc::ptr_eq(a, b),
            (Asked::Variant(a), Asked::Variant(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Asked {
    /// The question the card shows (its prompt, kind, hint and worked answer).
    pub fn question(&self) -> &Question {
        match self {
            Asked::Question(q) => q,
            Asked::Variant(v) => &v.question,
        }
    }

    /// The verdict on `answer`.
    pub fn check(&self, answer: &str) -> Verdict {
        match self {
            Asked::Question(q) => quiz::check(q, answer),
            Asked::Variant(v) => authored::check(v, answer),
        }
    }

    /// What "Open in the lab" opens.
    pub fn lab_program(&self) -> Option<String> {
        match self {
            Asked::Question(q) => quiz::lab_program(q),
            Asked::Variant(v) => v.lab_program(),
        }
    }

    /// Which variant this is and how many the question has (`None` for practice).
    pub fn variant(&self) -> Option<(usize, usize)> {
        match self {
            Asked::Question(_) => None,
            Asked::Variant(v) => Some((v.number, v.count)),
        }
    }

    /// The answer is a word typed in a text box (an exception class): no tuple help.
    pub fn wants_word(&self) -> bool {
        matches!(self, Asked::Variant(v) if v.wants_word())
    }

    /// A key that changes when another question or another variant shows.
    pub fn key(&self) -> (String, Option<usize>) {
        (
            self.question().id.to_string(),
            self.variant().map(|(n, _)| n),
        )
    }
}

/// One checked answer, as the host page hears it (`strides-lab:answered`'s `detail`): shaped so
/// that an LMS bridge can make an xAPI "answered" statement of it (`questionId` the activity,
/// `response`, `correct` the result's success, `attempt` its attempt number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The question's id.
    pub question_id: String,
    /// The variant asked (from 0, as `strides quiz check --variant` counts), or `None` for a
    /// generated practice question.
    pub variant: Option<usize>,
    /// The answer as typed (choices as their letters, `A, C`).
    pub response: String,
    /// Whether it was right.
    pub correct: bool,
    /// The diagnosis code (`correct`, `bytes-instead-of-elements`, …; see [`quiz::DIAGNOSES`]).
    pub diagnosis: &'static str,
    /// How many answers this question has had, this one included.
    pub attempt: u32,
}

/// What a host saves and restores: the answers, the seed that picks each question's variant, and
/// the variants chosen.
#[derive(Clone, Default, PartialEq)]
pub struct Snapshot {
    /// Every question answered.
    pub progress: Progress,
    /// The variant seed.
    pub seed: Option<u64>,
    /// The variant of each question that has several (by id).
    pub variants: BTreeMap<String, usize>,
}
