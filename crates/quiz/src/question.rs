//! What a question is: its [`Kind`], its prompt, the program its key is computed from and the
//! [`Recipe`] that turns the program's value into the key.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::text::Text;
use crate::wire::Static;

/// How a learner answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// One number: a position, a byte count, a value.
    Number,
    /// Several integers, typed like a shape: `(12, 4, 1)`. Broadcast questions also accept `error`.
    Tuple,
    /// One letter (or, where the prompt says "all that apply", several) for options A, B, C, …
    Choice,
    /// Python code filling a blank; another crate runs it. Here: the template and a reference.
    Code,
}

impl Kind {
    /// The name the JSON and the CLI use: `number`, `tuple`, `choice`, `code`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Number => "number",
            Kind::Tuple => "tuple",
            Kind::Choice => "choice",
            Kind::Code => "code",
        }
    }
}

/// The unit a question asks for, when it asks for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unit {
    /// No unit: a value, a count, a shape.
    None,
    /// Bytes (NumPy's `strides`, `nbytes`, byte offsets).
    Bytes,
    /// Elements (this page's and PyTorch's unit).
    Elements,
}

/// How the key is read off the value of a question's program. Every recipe is applied to what
/// [`arrays::run`] computes; nothing is typed by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recipe {
    /// The program's last value: a number, a bool, or a tuple of ints. A `ValueError` (shapes that
    /// do not broadcast) makes the key `error`.
    Value,
    /// The shape of the array the program ends with.
    Shape,
    /// Its strides in bytes, as NumPy's `.strides` gives them.
    Strides,
    /// Its strides divided by the itemsize, as this page and PyTorch count them.
    StridesInElements,
    /// The memory position (in elements, from the start of the buffer) of the element at this index.
    ElementPosition(Cow<'static, [i64]>),
    /// The byte offset (from the start of the buffer) of the element at this index.
    ByteOffset(Cow<'static, [i64]>),
    /// The bytes of memory the array reads: distinct positions times the itemsize.
    StoredBytes,
    /// The options whose [`Claim`] holds (each option's code runs after the program).
    ChoiceWhere,
    /// A code question: no program; the key is the reference answer.
    Code {
        /// The Python template with its blank `____`.
        #[serde(with = "crate::wire::kept_str")]
        template: Static,
        /// What fills the blank in the reference solution.
        #[serde(with = "crate::wire::kept_str")]
        reference: Static,
    },
}

/// What an option of a choice question says about the value of its code.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Claim {
    /// The code evaluates to `True`.
    True,
    /// The code evaluates to `False`.
    False,
    /// The code evaluates to this number.
    Equals(f64),
    /// The program with this option's code raises an error.
    Raises,
}

/// One option of a choice question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// What the learner reads after the letter.
    pub label: Text,
    /// The Python line run after the question's program to test the claim, such as
    /// `np.shares_memory(x, x.T.reshape(12))`.
    pub code: Cow<'static, str>,
    /// What the option asserts about that line's value.
    pub claim: Claim,
    /// The diagnosis when the learner picks this option and the claim is false.
    #[serde(with = "crate::wire::diagnosis")]
    pub if_picked: Static,
    /// The diagnosis when the claim is true and the learner leaves this option out.
    #[serde(with = "crate::wire::diagnosis")]
    pub if_missed: Static,
}

/// A question of the bank or of generated practice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// The stable id: `u1-strides-xT`, `s1-byte-offset-a21`, `gen-42-3`.
    pub id: Cow<'static, str>,
    /// How it is answered.
    pub kind: Kind,
    /// The question itself.
    pub prompt: Text,
    /// The NumPy program whose value the [`Recipe`] reads (for choices: the setup the options'
    /// code runs after). Empty for code questions.
    pub program: Cow<'static, str>,
    /// How the key is read off the program's value.
    pub recipe: Recipe,
    /// The unit asked for, if any.
    pub unit: Unit,
    /// For questions about a transpose or a swap: the same program without it, whose answer is
    /// the `forgot-swap` mistake.
    pub before: Option<Cow<'static, str>>,
    /// The options of a choice question, in letter order.
    pub choices: Cow<'static, [Choice]>,
    /// Whether a choice question wants every option that applies (otherwise exactly one).
    pub many: bool,
    /// A nudge that does not give the answer away.
    pub hint: Text,
    /// What the worked answer adds to the computation it shows (the reasoning in words).
    pub note: Option<Text>,
}

impl Question {
    /// The code template of a code question.
    pub fn template(&self) -> Option<&'static str> {
        match self.recipe {
            Recipe::Code { template, .. } => Some(template),
            _ => None,
        }
    }

    /// The reference answer of a code question.
    pub fn reference(&self) -> Option<&'static str> {
        match self.recipe {
            Recipe::Code { reference, .. } => Some(reference),
            _ => None,
        }
    }

    /// Whether a broadcast question accepts `error` as an answer: its key may be an error.
    pub fn accepts_error(&self) -> bool {
        self.kind == Kind::Tuple && self.recipe == Recipe::Value
    }
}
