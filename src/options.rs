//! The options a lab starts from, however they come: the page's URL (`?expr=x.T&units=bytes`), a
//! custom element's attributes, or the JS API's object. Every source is read as name/value pairs
//! and checked the same way: an unknown option or a bad value is reported in the widget, and the
//! default is used instead.

use std::fmt;
use std::rc::Rc;

use array_picture::Units;
use arrays::dtype::DType;

use crate::i18n::{Lang, fill};
use crate::presets;

/// Which parts of the lab show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panels {
    /// The array, its memory and its facts.
    pub lab: bool,
    /// The quiz.
    pub quiz: bool,
    /// The broadcasting visualizer.
    pub broadcast: bool,
    /// The einsum cost panel: off unless asked for (the lab's button and the program box's link
    /// to an einsum open it).
    pub einsum: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            lab: true,
            quiz: true,
            broadcast: true,
            einsum: false,
        }
    }
}

/// How a lab starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The program to show (else the lesson's `x`).
    pub program: Option<String>,
    /// Elements or bytes.
    pub units: Option<Units>,
    /// The dtype arrays get when the program names none.
    pub dtype: Option<DType>,
    /// The language; `None` lets the page decide (nearest `lang`, then the browser).
    pub lang: Option<Lang>,
    /// Which parts show.
    pub panels: Panels,
    /// The quiz question to open first.
    pub question: Option<String>,
    /// An author's question file, asked instead of the built-in bank.
    pub questions: Option<QuestionSource>,
    /// What was wrong with the options, for the widget to report.
    pub problems: Vec<Problem>,
}

/// Where an author's questions come from.
#[derive(Clone)]
pub enum QuestionSource {
    /// A question file's URL (relative to the page), which the quiz fetches.
    Url(String),
    /// A file the page gave already parsed (`mount(el, {questions: {format, questions}})`), read
    /// (the engine compiles its questions when a quiz first asks for them).
    Given(Rc<crate::question_files::Given>),
}

impl PartialEq for QuestionSource {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (QuestionSource::Url(a), QuestionSource::Url(b)) => a == b,
            (QuestionSource::Given(a), QuestionSource::Given(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for QuestionSource {}

impl fmt::Debug for QuestionSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuestionSource::Url(url) => write!(f, "Url({url:?})"),
            QuestionSource::Given(l) => write!(f, "Given({} questions)", l.questions()),
        }
    }
}

/// Something wrong with the options, said in the lab's language by [`Problem::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// An option the lab does not know (ignored).
    Unknown(String),
    /// A known option with a value it does not take: its name, the value (cut to 60
    /// characters), and what it takes.
    Bad {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// What the option takes.
        wants: Wants,
    },
    /// A value of the JS API that is no text, number or list.
    Unreadable(String),
    /// The JS API's options were not an object.
    NotAnObject,
}

/// What an option takes, said by [`crate::i18n::Texts::wants`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wants {
    /// `expr`: a program.
    Program,
    /// `preset`: one of the lesson's buttons.
    Preset,
    /// `lang`.
    Lang,
    /// `units`.
    Units,
    /// `dtype`.
    DType,
    /// `panels`.
    Panels,
    /// `question`.
    Question,
    /// `questions`.
    Questions,
}

impl Wants {
    /// What it takes, in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        let wants = &lang.t().wants;
        let k = self as usize;
        wants.get(k).copied().unwrap_or_default()
    }
}

impl Problem {
    /// The sentence the lab shows.
    pub fn text(&self, lang: Lang) -> String {
        let t = lang.t();
        match self {
            Problem::Unknown(name) => fill(t.problem_unknown, &[("name", name)]),
            Problem::Bad { name, value, wants } => fill(
                t.problem_bad,
                &[
                    ("name", name),
                    ("value", value),
                    ("wants", wants.text(lang)),
                ],
            ),
            Problem::Unreadable(name) => fill(t.problem_unreadable, &[("name", name)]),
            Problem::NotAnObject => t.problem_not_object.to_string(),
        }
    }
}

/// The names the lab understands, with what each takes.
pub const KNOWN: [(&str, &str); 9] = [
    ("expr", "a program, e.g. x.T"),
    ("program", "a program (same as expr)"),
    (
        "preset",
        "the text of one of the lesson's buttons, e.g. x.T",
    ),
    ("lang", "en or es"),
    ("units", "elements or bytes"),
    (
        "dtype",
        "bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32 or float64",
    ),
    ("panels", "a list of lab, quiz, broadcast, einsum"),
    ("question", "a quiz question id, e.g. u1-strides-xT"),
    (
        "questions",
        "a question file's URL (strides-lab/questions@1), asked instead of the built-in bank",
    ),
];

impl Options {
    /// Options from name/value pairs, checked.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, String)>) -> Options {
        let mut o = Options::default();
        for (name, value) in pairs {
            let value = value.trim().to_string();
            let mut bad = |what: Wants| o_problem(&mut o.problems, name, &value, what);
            match name {
                "expr" | "program" => {
                    if value.is_empty() {
                        bad(Wants::Program);
                    } else {
                        o.program = Some(value);
                    }
                }
                "preset" => match presets::all().find(|e| e.label == value) {
                    Some(e) => o.program = Some(e.program.to_string()),
                    None => bad(Wants::Preset),
                },
                "lang" => match Lang::from_tag(&value) {
                    Some(l) => o.lang = Some(l),
                    None => bad(Wants::Lang),
                },
                "units" => match value.as_str() {
                    "bytes" => o.units = Some(Units::Bytes),
                    "elements" => o.units = Some(Units::Elements),
                    _ => bad(Wants::Units),
                },
                "dtype" => match DType::parse(&value) {
                    Some(d) => o.dtype = Some(d),
                    None => bad(Wants::DType),
                },
                "panels" => {
                    let mut panels = Panels {
                        lab: false,
                        quiz: false,
                        broadcast: false,
                        einsum: false,
                    };
                    let mut ok = true;
                    for part in value.split([',', ' ']).filter(|p| !p.is_empty()) {
                        match part {
                            "lab" => panels.lab = true,
                            "quiz" => panels.quiz = true,
                            "broadcast" | "broadcasting" => panels.broadcast = true,
                            "einsum" => panels.einsum = true,
                            _ => ok = false,
                        }
                    }
                    if ok && (panels.lab || panels.quiz || panels.broadcast || panels.einsum) {
                        o.panels = panels;
                    } else {
                        bad(Wants::Panels);
                    }
                }
                // The bank is read later (its files are fetched): an id is checked for its form
                // here, and opened once the quiz has read its questions.
                "question" => {
                    let id_like = !value.is_empty()
                        && value
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
                    if id_like {
                        o.question = Some(value);
                    } else {
                        bad(Wants::Question);
                    }
                }
                // Fetched by the quiz, relative to the page; what it holds is checked then.
                "questions" => {
                    if value.is_empty() {
                        bad(Wants::Questions);
                    } else {
                        o.questions = Some(QuestionSource::Url(value));
                    }
                }
                other => o.problems.push(Problem::Unknown(other.to_string())),
            }
        }
        o
    }
}

fn o_problem(problems: &mut Vec<Problem>, name: &str, value: &str, what: Wants) {
    problems.push(Problem::Bad {
        name: name.to_string(),
        value: value.chars().take(60).collect(),
        wants: what,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(items: &[(&'static str, &str)]) -> Options {
        Options::from_pairs(items.iter().map(|(k, v)| (*k, v.to_string())))
    }

    #[test]
    fn good_options_are_read() {
        let o = pairs(&[
            ("expr", "x.T"),
            ("units", "bytes"),
            ("dtype", "int32"),
            ("lang", "es"),
            ("panels", "lab,quiz"),
        ]);
        assert_eq!(o.program.as_deref(), Some("x.T"));
        assert_eq!(o.units, Some(Units::Bytes));
        assert_eq!(o.dtype, Some(DType::Int32));
        assert_eq!(o.lang, Some(Lang::Es));
        assert_eq!(
            o.panels,
            Panels {
                lab: true,
                quiz: true,
                broadcast: false,
                einsum: false,
            }
        );
        assert!(o.problems.is_empty());
        // An author's file is fetched by the quiz, relative to the page.
        let q = pairs(&[("questions", " course/questions.json ")]);
        assert_eq!(
            q.questions,
            Some(QuestionSource::Url("course/questions.json".into()))
        );
        let e = pairs(&[("panels", "einsum")]);
        assert_eq!(
            e.panels,
            Panels {
                lab: false,
                quiz: false,
                broadcast: false,
                einsum: true,
            }
        );
        assert!(!Panels::default().einsum);
        let p = pairs(&[("preset", "x.T")]);
        assert_eq!(
            p.program.as_deref(),
            Some("x = np.arange(12.0).reshape(3, 4)\nx.T")
        );
    }

    #[test]
    fn bad_options_are_reported_and_defaults_used() {
        let o = pairs(&[
            ("units", "furlongs"),
            ("dtype", "int9"),
            ("colour", "red"),
            ("panels", "nothing"),
            // An id's form is checked here; whether the bank has it, once its files are read.
            ("question", "no such id"),
        ]);
        assert_eq!(o.units, None);
        assert_eq!(o.dtype, None);
        assert_eq!(o.panels, Panels::default());
        assert_eq!(o.problems.len(), 5);
        assert!(
            o.problems
                .iter()
                .any(|p| p.text(Lang::En) == "unknown option 'colour' (ignored)")
        );
    }

    #[test]
    fn problems_are_said_in_both_languages() {
        let o = pairs(&[("units", "furlongs"), ("colour", "red")]);
        let said = |lang| o.problems.iter().map(|p| p.text(lang)).collect::<Vec<_>>();
        assert_eq!(
            said(Lang::En),
            [
                "option 'units' = 'furlongs' is not elements or bytes: the default is used",
                "unknown option 'colour' (ignored)"
            ]
        );
        assert_eq!(
            said(Lang::Es),
            [
                "la opción 'units' = 'furlongs' no es elements ni bytes: se usa el valor por defecto",
                "opción desconocida 'colour' (se ignora)"
            ]
        );
        // Every value's wants has its Spanish.
        for (name, value) in [
            ("expr", ""),
            ("preset", "nope"),
            ("lang", "fr"),
            ("units", "bits"),
            ("dtype", "int9"),
            ("panels", "none"),
            ("question", "nope"),
            ("questions", ""),
        ] {
            for p in pairs(&[(name, value)]).problems {
                let Problem::Bad { wants, .. } = p else {
                    panic!("{name}: {p:?}")
                };
                assert_ne!(wants.text(Lang::Es), wants.text(Lang::En), "{wants:?}");
            }
        }
    }
}
