//! What a card asks and what the host page hears: [`Asked`] is a question as the card shows and
//! checks it (a generated practice question, or one variant of a question file's question, checked
//! by the file's judge: an exception class, `view`/`copy`, an author's function); [`Answered`] is
//! one checked answer, the `detail` of the `strides-lab:answered` event; [`Snapshot`] is what
//! `getState()` gives a host and `setState()` takes back.

use std::collections::BTreeMap;
use std::rc::Rc;

use quiz::authored::{self, Ask, Variant};
use quiz::{Progress, Question, Text, Verdict};

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

    /// The hint (empty when the file gives none: the card then offers no hint).
    pub fn hint(&self) -> Text {
        quiz::hint(self.question())
    }

    /// The worked answer. The engine's, except where a file's judge is not the engine's: an
    /// exception class, and `view` or `copy` said as words rather than as options' claims.
    pub fn worked_answer(&self) -> Text {
        let Asked::Variant(v) = self else {
            return quiz::worked_answer(self.question());
        };
        let program = v.lab_program().unwrap_or_default();
        let of = program.lines().last().unwrap_or_default().trim();
        match (v.ask, v.key.as_str()) {
            (Ask::Error, "none") => Text::owned(
                format!("{of} runs without an error. So the answer is none."),
                format!("{of} se ejecuta sin ningún error. Así que la respuesta es none."),
            ),
            (Ask::Error, class) => Text::owned(
                format!(
                    "{of} raises {class} (open it in the lab to read NumPy's message). So the answer is {class}."
                ),
                format!(
                    "{of} lanza {class} (ábrelo en el laboratorio para leer el mensaje de NumPy). Así que la respuesta es {class}."
                ),
            ),
            (Ask::ViewOrCopy, "A") => Text::owned(
                format!(
                    "{of} reads the memory of the program's first array, with strides of its own. So the answer is view."
                ),
                format!(
                    "{of} lee la memoria del primer array del programa, con sus propios strides. Así que la respuesta es vista."
                ),
            ),
            (Ask::ViewOrCopy, _) => Text::owned(
                format!(
                    "No strides can read {of}'s numbers from the first array's memory: they are written to new memory. So the answer is copy."
                ),
                format!(
                    "Ningún stride puede leer los números de {of} en la memoria del primer array: se escriben en memoria nueva. Así que la respuesta es copia."
                ),
            ),
            _ => quiz::worked_answer(&v.question),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz_state::{Loaded, QuizAction, QuizState};
    use quiz::authored::{File, compile_file};

    /// The example course file, read as the page reads it (each usable question's variants).
    fn course() -> Rc<Loaded> {
        let text = include_str!("../../questions/examples/course.json");
        let file: File = serde_json::from_str(text).unwrap();
        let mut loaded = Loaded::default();
        for q in compile_file(&file).unwrap() {
            loaded.add(q.unwrap());
        }
        Rc::new(loaded)
    }

    fn at(id: &str, seed: u64) -> QuizState {
        QuizState::new(Some(id))
            .next(QuizAction::VariantSeed(seed))
            .next(QuizAction::Files(course()))
    }

    #[test]
    fn a_file_question_asks_the_variant_its_seed_picks() {
        // t.transpose(2, 0, 1) of a (2, m, 5) array: NumPy 2.4.6 gives strides (1, 15, 5) and
        // (1, 20, 5) elements for m = 3 and 4, whatever the dtype: two variants, not four.
        for (seed, m, key) in [(0, "3", "(1, 15, 5)"), (7, "4", "(1, 20, 5)")] {
            let s = at("c1-strides-transpose", seed);
            let asked = s.asked().unwrap();
            assert_eq!(asked.variant(), Some((usize::from(seed == 7), 2)));
            let Asked::Variant(v) = &asked else {
                panic!("a file's question is asked as a variant")
            };
            assert_eq!((v.params["m"].as_str(), v.key.as_str()), (m, key));
            assert!(
                asked
                    .question()
                    .prompt
                    .get(quiz::Lang::Es)
                    .contains(&format!("(2, {m}, 5)"))
            );
            assert!(asked.check(key).correct);
        }
    }

    #[test]
    fn an_error_question_is_judged_by_the_exception_class() {
        // NumPy 2.4.6: zeros((3, 4)) + zeros(4) runs; zeros((3, 5)) + zeros(4) raises ValueError.
        let runs = at("c1-error", 0).asked().unwrap();
        let raises = at("c1-error", 1).asked().unwrap();
        assert!(runs.wants_word() && raises.wants_word());
        assert!(runs.check("none").correct);
        assert!(!runs.check("ValueError").correct);
        assert!(raises.check("ValueError").correct);
        let wrong = raises.check("none");
        assert_eq!((wrong.correct, wrong.diagnosis), (false, "wrong"));
        // view-or-copy is answered as a word too, or as its letter: x.T.reshape(12) copies.
        let copy = at("c1-view-or-copy", 1).asked().unwrap();
        assert!(copy.check("copy").correct);
        let v = copy.check("view");
        assert_eq!((v.correct, v.diagnosis), (false, "copy-taken-for-view"));
    }

    #[test]
    fn the_worked_answer_of_a_word_question_says_the_word() {
        let en = |id: &str, seed| {
            let asked = at(id, seed).asked().unwrap();
            asked.worked_answer().get(quiz::Lang::En).to_string()
        };
        assert_eq!(
            en("c1-error", 0),
            "a + b runs without an error. So the answer is none."
        );
        assert!(en("c1-error", 1).starts_with("a + b raises ValueError"));
        assert!(en("c1-view-or-copy", 0).ends_with("So the answer is view."));
        assert!(en("c1-view-or-copy", 1).starts_with("No strides can read x.T.reshape(12)'s"));
        // Elsewhere, the engine's.
        assert!(en("c1-strides-bytes", 1).ends_with("So the answer is (4, 48, 16)."));
    }

    #[test]
    fn each_answer_is_recorded_for_the_host_with_its_attempt() {
        let s = at("c1-strides-transpose", 1);
        let check = |s: QuizState, answer: &str| {
            let v = s.asked().unwrap().check(answer);
            s.next(QuizAction::Checked {
                answer: answer.into(),
                correct: v.correct,
                diagnosis: v.diagnosis,
            })
        };
        let s = check(s, "(5, 1, 20)");
        let first = s.answered.clone().unwrap();
        assert_eq!(
            first,
            Answered {
                question_id: "c1-strides-transpose".into(),
                variant: Some(1),
                response: "(5, 1, 20)".into(),
                correct: false,
                diagnosis: s.asked().unwrap().check("(5, 1, 20)").diagnosis,
                attempt: 1,
            }
        );
        let s = check(s, "(1, 20, 5)");
        let second = s.answered.clone().unwrap();
        assert_eq!((second.correct, second.attempt), (true, 2));
        // Practice has no variant.
        let s = s.next(QuizAction::Generate);
        let s = check(s, "0");
        assert_eq!(s.answered.unwrap().variant, None);
    }

    #[test]
    fn a_snapshot_restores_the_answers_the_seed_and_the_variants() {
        let s = at("c1-nbytes", 3).next(QuizAction::Checked {
            answer: "96".into(),
            correct: true,
            diagnosis: "correct",
        });
        let saved = s.snapshot();
        assert_eq!(saved.seed, Some(3));
        let n = s.variant_number("c1-nbytes").unwrap();
        assert_eq!(saved.variants.get("c1-nbytes"), Some(&n));
        // Questions without parameters have one variant: not listed.
        assert!(!saved.variants.contains_key("c1-value-transpose"));
        // Another learner's lab, restored before its files arrive.
        let other = QuizState::new(Some("c1-nbytes"))
            .next(QuizAction::VariantSeed(1))
            .next(QuizAction::Restore(
                Some(Snapshot {
                    seed: Some(8),
                    ..saved.clone()
                }),
                None,
            ))
            .next(QuizAction::Files(course()));
        assert_eq!(other.variant_seed, Some(8));
        assert_eq!(other.variant_number("c1-nbytes"), Some(n));
        assert!(other.progress.get("c1-nbytes").is_some_and(|e| e.correct));
        assert_eq!(other.snapshot().variants, saved.variants);
        // A state that could not be read changes nothing but the notice.
        let notice = quiz::Text::new("unread", "no leído");
        let same = other.clone().next(QuizAction::Restore(None, Some(notice)));
        assert!(same.snapshot() == other.snapshot() && same.notice.is_some());
    }

    #[test]
    fn a_sections_questions_are_listed_together_in_the_files_order() {
        let s = at("c1-nbytes", 0);
        let section = |q: &Rc<Question>| {
            let about = s.about(&q.id).and_then(|a| a.section.as_ref());
            about.map(|t| t.get(quiz::Lang::En).to_string()).unwrap()
        };
        let mut seen: Vec<(String, Vec<String>)> = Vec::new();
        for q in &s.questions {
            match seen.last_mut() {
                Some((h, ids)) if *h == section(q) => ids.push(q.id.to_string()),
                _ => seen.push((section(q), vec![q.id.to_string()])),
            }
        }
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            seen,
            [
                (
                    "Lesson 2: transposes".into(),
                    ids(&[
                        "c1-strides-transpose",
                        "c1-strides-bytes",
                        "c1-value-transpose"
                    ])
                ),
                (
                    "Lesson 3: slices".into(),
                    ids(&["c1-position-slice", "c1-shape-window", "c1-start"])
                ),
                (
                    "Lesson 4: views and copies".into(),
                    ids(&["c1-view-or-copy", "c1-which-copy"])
                ),
                (
                    "Lesson 1: memory".into(),
                    ids(&["c1-nbytes", "c1-code-nbytes"])
                ),
                ("Lesson 5: broadcasting".into(), ids(&["c1-error"])),
            ]
        );
        // The question asked for still shows.
        assert_eq!(s.question().unwrap().id, "c1-nbytes");
    }

    #[test]
    fn another_file_replaces_the_first_and_practice_stays() {
        let s = at("c1-nbytes", 0).next(QuizAction::Generate);
        let practice = s.questions.len() - course().questions.len();
        let one = Loaded {
            questions: course().questions.iter().take(1).cloned().collect(),
            ..Loaded::default()
        };
        let s = s.next(QuizAction::Files(Rc::new(one)));
        assert_eq!(s.questions.len(), 1 + practice);
        assert!(s.variants.is_empty());
    }
}
