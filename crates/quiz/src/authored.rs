//! Authors' questions: the file format `strides-lab/questions@1` ([`format`]), its parameters and
//! placeholders ([`params`]), and the engine that turns each question into the variants the quiz
//! asks, with keys computed by the lab's interpreter (the author never writes one) and every
//! diagnosis of the built-in questions.
//!
//! - [`compile`] / [`compile_file`]: an author's question (or file) into [`Variant`]s, or an
//!   [`Unusable`] naming the field at fault.
//! - [`check`]: the [`Verdict`] on an answer to a variant, as [`crate::check`] gives it.
//! - [`choose`]: the variant a seed picks.

pub mod fields;
pub mod format;
pub mod params;

mod code;
mod compile;
mod run;

use std::fmt;

use python_subset::Exercise;
use serde::{Deserialize, Serialize};

use crate::diagnose::{Verdict, feedback};
use crate::question::Question;
use crate::text::Text;

pub use compile::compile;
pub use fields::{Node, check_fields};
pub use format::{Authored, ChoiceSpec, ClaimSpec, FORMAT, File, Langs, Param, Slot};
pub use params::Binding;

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// The shape of `of`.
    Shape,
    /// Its strides, in `units`.
    Strides,
    /// Where it starts in memory, in `units`.
    Start,
    /// The memory position of the element at `index`, in `units`.
    Position,
    /// The value of the element at `index`.
    Value,
    /// `of.nbytes`, as NumPy and PyTorch give it.
    Nbytes,
    /// Whether `of` reads the memory of the program's first array: `view` or `copy`.
    ViewOrCopy,
    /// The letters of the `options` that copy.
    WhichCopy,
    /// The exception class `of` raises, or `none`.
    Error,
    /// A function body, checked on `cases` against `reference`.
    Code,
    /// The bytes of memory `of` stores: its distinct positions times the itemsize (a broadcast
    /// stores its numbers once).
    StoredBytes,
    /// The tuple `of` evaluates to (a broadcast shape), or `error` when it raises `ValueError`.
    Broadcast,
    /// Options with claims about what their code evaluates to.
    Choice,
}

impl Ask {
    /// Every ask, in the order the format lists them.
    pub const ALL: [Ask; 13] = [
        Ask::Shape,
        Ask::Strides,
        Ask::Start,
        Ask::Position,
        Ask::Value,
        Ask::Nbytes,
        Ask::ViewOrCopy,
        Ask::WhichCopy,
        Ask::Error,
        Ask::Code,
        Ask::StoredBytes,
        Ask::Broadcast,
        Ask::Choice,
    ];

    /// Its name in the format.
    pub fn name(self) -> &'static str {
        match self {
            Ask::Shape => "shape",
            Ask::Strides => "strides",
            Ask::Start => "start",
            Ask::Position => "position",
            Ask::Value => "value",
            Ask::Nbytes => "nbytes",
            Ask::ViewOrCopy => "view-or-copy",
            Ask::WhichCopy => "which-copy",
            Ask::Error => "error",
            Ask::Code => "code",
            Ask::StoredBytes => "stored-bytes",
            Ask::Broadcast => "broadcast",
            Ask::Choice => "choice",
        }
    }

    /// The ask named `name`.
    pub fn from_name(name: &str) -> Option<Ask> {
        Ask::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// How a variant's answers are judged.
#[derive(Clone, Serialize, Deserialize)]
pub(crate) enum Judge {
    /// By [`crate::check`] on the variant's question.
    Engine,
    /// Likewise; the lab opens this program (a choice question's program is only its setup).
    Lab(String),
    /// The exception class (or `none`) is the key.
    Error(String),
    /// By python-subset's checker, on the author's exercise.
    Code(#[serde(with = "crate::wire::exercise")] &'static Exercise),
}

impl fmt::Debug for Judge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judge::Engine => f.write_str("Engine"),
            Judge::Lab(program) => f.debug_tuple("Lab").field(program).finish(),
            Judge::Error(class) => f.debug_tuple("Error").field(class).finish(),
            Judge::Code(e) => f.debug_tuple("Code").field(&e.id).finish(),
        }
    }
}

impl PartialEq for Judge {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Judge::Engine, Judge::Engine) => true,
            (Judge::Lab(a), Judge::Lab(b)) | (Judge::Error(a), Judge::Error(b)) => a == b,
            (Judge::Code(a), Judge::Code(b)) => {
                a.id == b.id
                    && a.template == b.template
                    && a.reference == b.reference
                    && a.cases == b.cases
                    && a.function == b.function
            }
            _ => false,
        }
    }
}

/// One variant of an author's question, ready to ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The question's id.
    pub id: String,
    /// Which variant this is, from 0, among those whose keys differ.
    pub number: usize,
    /// How many distinct variants the question has.
    pub count: usize,
    /// What it asks.
    pub ask: Ask,
    /// The section it is listed under.
    pub section: Option<Text>,
    /// Its title.
    pub title: Option<Text>,
    /// The question the engine checks (its prompt, hint and kind are the page's too).
    pub question: Question,
    /// The key, computed, as `quiz check` prints it.
    pub key: String,
    /// The parameters' values of this variant.
    pub params: Binding,
    pub(crate) judge: Judge,
}

impl Variant {
    /// What "Open in the lab" opens for this variant.
    pub fn lab_program(&self) -> Option<String> {
        match &self.judge {
            Judge::Engine => crate::lab::lab_program(&self.question),
            Judge::Lab(program) => Some(program.clone()),
            Judge::Error(_) => Some(self.question.program.to_string()),
            Judge::Code(_) => None,
        }
    }

    /// Whether the answer is typed as a word (an exception class, or `view`/`copy`).
    pub fn wants_word(&self) -> bool {
        matches!(self.ask, Ask::Error | Ask::ViewOrCopy)
    }
}

/// A question (or file) the quiz cannot ask, and why, naming the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unusable {
    /// The question's id (empty for the file as a whole).
    pub id: String,
    /// The field at fault: `ask`, `setup`, `prompt.es`, `index[1]`, `params.m`, …
    pub field: String,
    /// What is wrong, in words.
    pub message: String,
    /// The same in Spanish, where the check says it in Spanish (else the page shows `message`).
    pub es: Option<String>,
}

impl Unusable {
    /// A problem with the field `field` of question `id` (empty for the file), in English only.
    pub fn new(id: &str, field: &str, message: String) -> Self {
        Unusable {
            id: id.to_string(),
            field: field.to_string(),
            message,
            es: None,
        }
    }

    /// A problem said in both languages.
    pub fn both(id: &str, field: &str, en: String, es: String) -> Self {
        Unusable {
            es: Some(es),
            ..Unusable::new(id, field, en)
        }
    }

    /// What the page lists: the question, the field and the message, in both languages.
    pub fn text(&self) -> Text {
        let es = self.es.as_deref().unwrap_or(&self.message);
        if self.id.is_empty() {
            Text::owned(self.to_string(), format!("{}: {es}", self.field))
        } else {
            Text::owned(
                self.to_string(),
                format!("pregunta {}, {}: {es}", self.id, self.field),
            )
        }
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.id.is_empty() {
            write!(f, "{}: {}", self.field, self.message)
        } else {
            write!(f, "question {}, {}: {}", self.id, self.field, self.message)
        }
    }
}

/// Each question of a parsed file, compiled, in order; a wrong `format` or a repeated id is an
/// [`Unusable`] too.
pub fn compile_file(file: &File) -> Result<Vec<Result<Vec<Variant>, Unusable>>, Unusable> {
    check_format(&file.format)?;
    let mut out = Vec::with_capacity(file.questions.len());
    for (k, q) in file.questions.iter().enumerate() {
        if file.questions.iter().take(k).any(|p| p.id == q.id) {
            out.push(Err(repeated(&q.id)));
        } else {
            out.push(compile(q));
        }
    }
    Ok(out)
}

/// A question whose id an earlier question of the file has.
pub fn repeated(id: &str) -> Unusable {
    Unusable::both(
        id,
        "id",
        "another question of the file has this id".into(),
        "otra pregunta del archivo tiene este id".into(),
    )
}

/// The file's `format` is the one this version reads.
pub fn check_format(format: &str) -> Result<(), Unusable> {
    if format == FORMAT {
        Ok(())
    } else {
        Err(Unusable::both(
            "",
            "format",
            format!("'{format}': this lab reads {FORMAT}"),
            format!("'{format}': este laboratorio lee {FORMAT}"),
        ))
    }
}

/// The variant `seed` picks (the page shows the seed, as practice sets do).
pub fn choose(variants: &[Variant], seed: u64) -> Option<&Variant> {
    let n = u64::try_from(variants.len()).ok().filter(|&n| n > 0)?;
    variants.get(usize::try_from(seed % n).ok()?)
}

/// The verdict on `answer` to `variant`.
pub fn check(variant: &Variant, answer: &str) -> Verdict {
    match &variant.judge {
        Judge::Code(exercise) => crate::code::check_exercise(exercise, answer),
        Judge::Error(class) => check_error(class, answer),
        Judge::Engine | Judge::Lab(_) => {
            let answer = if variant.ask == Ask::ViewOrCopy {
                view_or_copy_letter(answer)
            } else {
                answer.to_string()
            };
            crate::check(&variant.question, &answer)
        }
    }
}

/// `view` / `vista` → `A`, `copy` / `copia` → `B`; a letter stays.
fn view_or_copy_letter(answer: &str) -> String {
    match answer.trim().to_lowercase().as_str() {
        "view" | "vista" | "a view" | "una vista" => "A".into(),
        "copy" | "copia" | "a copy" | "una copia" => "B".into(),
        other => other.to_uppercase(),
    }
}

fn check_error(class: &str, answer: &str) -> Verdict {
    let typed = answer
        .trim()
        .trim_end_matches("()")
        .trim_start_matches("np.")
        .trim_start_matches("numpy.")
        .trim_start_matches("exceptions.");
    let verdict = |correct: bool, diagnosis: &'static str, text: Text| Verdict {
        correct,
        diagnosis,
        feedback: text,
        printed: None,
        cost: None,
    };
    let none = |t: &str| matches!(t.to_lowercase().as_str(), "none" | "ninguna" | "ninguno");
    if typed.is_empty() || !typed.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return verdict(
            false,
            "unreadable",
            feedback("unreadable").then(&Text::new(
                "Type an exception class, such as ValueError, or none.",
                "Escribe una clase de excepción, como ValueError, o none.",
            )),
        );
    }
    if typed.eq_ignore_ascii_case(class) || (class == "none" && none(typed)) {
        return verdict(true, "correct", feedback("correct"));
    }
    let more = if class == "none" {
        Text::new(
            "This runs without an error.",
            "Esto se ejecuta sin ningún error.",
        )
    } else if none(typed) {
        Text::new(
            "This raises an error: run it in the lab to read NumPy's message.",
            "Esto lanza un error: ejecútalo en el laboratorio para leer el mensaje de NumPy.",
        )
    } else {
        Text::new(
            "It raises an error of another class.",
            "Lanza un error de otra clase.",
        )
    };
    verdict(false, "wrong", feedback("wrong").then(&more))
}
