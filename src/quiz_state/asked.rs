//! What a card asks and what the host page hears: [`Asked`] is a question as the card shows it
//! and sends it to the engine to be checked (a generated practice question, or one variant of a
//! question file's question, checked by the file's judge: an exception class, `view`/`copy`, an
//! author's function); [`Answered`] is
//! one checked answer, the `detail` of the `strides-lab:answered` event; [`Snapshot`] is what
//! `getState()` gives a host and `setState()` takes back.

use std::collections::BTreeMap;
use std::rc::Rc;

use quiz::authored::Variant;
use quiz::{Progress, Question, Text};

/// A question as a card asks it.
#[derive(Clone)]
pub enum Asked {
    /// A question the engine checks by `quiz::check` (generated practice).
    Question(Rc<Question>),
    /// Variant `number` of a file's question (its `count` variants), which the engine checks by
    /// `quiz::authored::check`.
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

    /// What the card asks, as the engine takes it (see [`lab_protocol::quiz::Asked`]).
    pub fn wire(&self) -> lab_protocol::quiz::Asked {
        match self {
            Asked::Question(q) => lab_protocol::quiz::Asked::Question(Box::new((**q).clone())),
            Asked::Variant(v) => lab_protocol::quiz::Asked::Variant(Box::new((**v).clone())),
        }
    }

    /// Which variant this is and how many the question has (`None` for practice).
    pub fn variant(&self) -> Option<(usize, usize)> {
        match self {
            Asked::Question(_) => None,
            Asked::Variant(v) => Some((v.number, v.count)),
        }
    }

    /// The hint (empty when the file gives none: the card then offers no hint): the question's
    /// own words, nothing computed.
    pub fn hint(&self) -> Text {
        self.question().hint.clone()
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
    use crate::quiz_state::engine_now::{check, file};
    use crate::quiz_state::{Loaded, QuizAction, QuizState};

    /// The example course file, read as the page reads it and compiled by the engine (each
    /// usable question's variants).
    fn course() -> Rc<Loaded> {
        let loaded = file(
            "course.json",
            include_str!("../../questions/examples/course.json"),
        );
        assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
        loaded
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
            assert!(check(&asked, key).correct);
        }
    }

    #[test]
    fn an_error_question_asks_for_a_word() {
        // NumPy 2.4.6: zeros((3, 4)) + zeros(4) runs; zeros((3, 5)) + zeros(4) raises ValueError.
        let runs = at("c1-error", 0).asked().unwrap();
        let raises = at("c1-error", 1).asked().unwrap();
        assert!(runs.wants_word() && raises.wants_word());
        assert!(check(&runs, "none").correct && !check(&runs, "ValueError").correct);
        assert!(check(&raises, "ValueError").correct);
    }

    #[test]
    fn each_answer_is_recorded_for_the_host_with_its_attempt() {
        let s = at("c1-strides-transpose", 1);
        let answer = |s: QuizState, answer: &str| {
            let v = check(&s.asked().unwrap(), answer);
            s.next(QuizAction::Checked {
                answer: answer.into(),
                correct: v.correct,
                diagnosis: v.diagnosis,
            })
        };
        let s = answer(s, "(5, 1, 20)");
        let first = s.answered.clone().unwrap();
        assert_eq!(
            first,
            Answered {
                question_id: "c1-strides-transpose".into(),
                variant: Some(1),
                response: "(5, 1, 20)".into(),
                correct: false,
                diagnosis: check(&s.asked().unwrap(), "(5, 1, 20)").diagnosis,
                attempt: 1,
            }
        );
        let s = answer(s, "(1, 20, 5)");
        let second = s.answered.clone().unwrap();
        assert_eq!((second.correct, second.attempt), (true, 2));
        // Practice has no variant.
        let s = s.next(QuizAction::Generate);
        let s = answer(s, "0");
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
