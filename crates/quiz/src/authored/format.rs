//! The file format `strides-lab/questions@1`, as serde types: what an author writes, before any
//! check. Every field keeps the author's spelling (`ask` and `units` are strings here) so that the
//! checks in [`super::compile`] can name the field at fault in words an author understands.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod scalars;

/// The value of `format` this version reads.
pub const FORMAT: &str = "strides-lab/questions@1";

/// A whole question file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// Must be [`FORMAT`].
    pub format: String,
    /// The questions, in the order the quiz lists them.
    pub questions: Vec<Authored>,
}

/// A text in the lab's two languages. Both are required where a text is given; a missing one is
/// reported by the checks rather than by the parser, with the field's name.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Langs {
    /// English.
    #[serde(default)]
    pub en: Option<String>,
    /// Spanish.
    #[serde(default)]
    pub es: Option<String>,
}

/// A value of a parameter: a number, a string (such as a dtype name) or a bool, written into the
/// placeholders as Python would write it.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// An integer: `3`.
    Int(i64),
    /// A float that is not whole: `2.5` (a whole one such as `2.0` is read as the integer 2, as a
    /// browser's `JSON.parse` reads it, so that the page and the CLI agree).
    Float(f64),
    /// A bool: `True`, `False`.
    Bool(bool),
    /// A string, written as it is (`int16` in `np.{dt}`).
    Text(String),
}

/// One entry of an `index`: a number, or a string with placeholders (`"{i}"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A number.
    Int(i64),
    /// A string that is a number once its placeholders are filled.
    Text(String),
}

/// One question as an author writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Authored {
    /// A stable id, unique in the file: letters, digits, `-`, `_`, `.`.
    pub id: String,
    /// The group it is listed under.
    #[serde(default)]
    pub section: Option<Langs>,
    /// Its name in the list.
    #[serde(default)]
    pub title: Option<Langs>,
    /// What is asked: `shape`, `strides`, `start`, `position`, `value`, `nbytes`,
    /// `view-or-copy`, `which-copy`, `error` or `code`.
    pub ask: String,
    /// `elements` (the default) or `bytes`, for `strides`, `start` and `position`.
    #[serde(default)]
    pub units: Option<String>,
    /// The program that makes the arrays (NumPy or PyTorch).
    #[serde(default)]
    pub setup: String,
    /// The expression the question is about.
    #[serde(default)]
    pub of: Option<String>,
    /// The element of `of` that `position` and `value` ask about.
    #[serde(default)]
    pub index: Option<Vec<Slot>>,
    /// The expressions `which-copy` offers, lettered A, B, …
    #[serde(default)]
    pub options: Option<Vec<String>>,
    /// The values of each `{name}` placeholder; each combination is a variant.
    #[serde(default)]
    pub params: BTreeMap<String, Vec<Param>>,
    /// The question.
    #[serde(default)]
    pub prompt: Option<Langs>,
    /// A nudge that does not give the answer away.
    #[serde(default)]
    pub hint: Option<Langs>,
    /// What the worked answer adds, in words.
    #[serde(default)]
    pub note: Option<Langs>,
    /// `choice`: the options, lettered A, B, …, each with the claim that makes it right.
    #[serde(default)]
    pub choices: Option<Vec<ChoiceSpec>>,
    /// `choice`: whether every option that applies is wanted (otherwise exactly one).
    #[serde(default)]
    pub many: Option<bool>,
    /// The expression whose answer is the `forgot-swap` (or `read-before-transpose`) mistake:
    /// `of` without its swap. Derived from `of` when absent; `""` for none.
    #[serde(default)]
    pub before: Option<String>,
    /// `code`: a built-in exercise of the lab's checker, by id, instead of `signature`,
    /// `reference` and `cases`.
    #[serde(default)]
    pub exercise: Option<String>,
    /// `code`: the function's first line, such as `def nbytes(shape, itemsize):`.
    #[serde(default)]
    pub signature: Option<String>,
    /// `code`: the reference body (the key).
    #[serde(default)]
    pub reference: Option<String>,
    /// `code`: the calls both bodies run, such as `nbytes((3, 4), 8)`.
    #[serde(default)]
    pub cases: Option<Vec<String>>,
}

/// One option of a `choice` question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceSpec {
    /// What the learner reads after the letter.
    pub label: Langs,
    /// The Python line run after `setup` to test the claim.
    pub code: String,
    /// What the option asserts about that line: `"true"`, `"false"`, `"raises"` or
    /// `{"equals": number}`.
    pub claim: ClaimSpec,
    /// The diagnosis when the option is picked and its claim is false (default `wrong`).
    #[serde(default)]
    pub if_picked: Option<String>,
    /// The diagnosis when its claim is true and it is left out (default `wrong`).
    #[serde(default)]
    pub if_missed: Option<String>,
}

/// What an option of a `choice` question asserts.
#[derive(Clone, Debug, PartialEq)]
pub enum ClaimSpec {
    /// `"true"`, `"false"` or `"raises"`.
    Word(String),
    /// The line evaluates to this number.
    Equals {
        /// The number.
        equals: f64,
    },
}
