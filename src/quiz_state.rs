//! The quiz's state, the actions that change it, and pure reducers (tested natively), as
//! [`crate::state`] has for the lab: the panel's ([`QuizState`]: the questions, which one shows,
//! progress, practice sets) here, one card's ([`card::CardState`]: the answer typed, the verdict,
//! what is unfolded) in [`card`]. Effects (reading and writing localStorage) stay in the
//! components.

pub mod card;

use std::rc::Rc;

use quiz::{Loaded, Progress, Question};
use yew::Reducible;

/// How many questions a practice set has.
pub const PRACTICE: usize = 5;

/// The quiz panel's state.
#[derive(Clone)]
pub struct QuizState {
    /// The bank's questions, then any practice set and any question the page asked for.
    pub questions: Vec<Rc<Question>>,
    /// The one that shows (a position in `questions`).
    pub current: usize,
    /// What was answered.
    pub progress: Progress,
    /// Bumped by each answer recorded, so that an effect saves it (and only then).
    pub recorded: u32,
    /// A notice about stored progress that was set aside.
    pub notice: Option<quiz::Text>,
    /// The seed of the next practice set.
    pub seed: u64,
}

/// Everything that changes the quiz panel.
#[derive(Clone)]
pub enum QuizAction {
    /// Open the question with this id (of the bank or of practice), adding it if needed.
    Open(String),
    /// Show question `k`.
    Show(usize),
    /// Move by this many questions, staying within the list.
    Step(isize),
    /// An answer to the current question was checked.
    Checked {
        /// The answer as typed.
        answer: String,
        /// Whether it was right.
        correct: bool,
    },
    /// Progress read from storage (with a notice if some was set aside).
    Loaded(Loaded),
    /// Progress as saved (merged with what another tab wrote).
    Saved(Progress),
    /// The practice seed typed.
    Seed(u64),
    /// A new practice set from the seed, replacing the last one, starting at its first question.
    Generate,
}

impl QuizState {
    /// The bank, starting at question `start` when one is given.
    pub fn new(start: Option<&str>) -> Self {
        let state = QuizState {
            questions: quiz::bank().iter().cloned().map(Rc::new).collect(),
            current: 0,
            progress: Progress::new(),
            recorded: 0,
            notice: None,
            seed: 1,
        };
        match start {
            Some(id) => state.open(id),
            None => state,
        }
    }

    /// The question that shows.
    pub fn question(&self) -> Option<&Rc<Question>> {
        self.questions.get(self.current)
    }

    fn open(mut self, id: &str) -> Self {
        if let Some(k) = self.questions.iter().position(|q| q.id == id) {
            self.current = k;
        } else if let Some(q) = quiz::question(id) {
            self.questions.push(Rc::new(q));
            self.current = self.questions.len() - 1;
        }
        self
    }

    /// The state after `action` (a pure function).
    pub fn next(mut self, action: QuizAction) -> Self {
        match action {
            QuizAction::Open(id) => return self.open(&id),
            QuizAction::Show(k) if k < self.questions.len() => self.current = k,
            QuizAction::Show(_) => {}
            QuizAction::Step(delta) => {
                let last = self.questions.len().saturating_sub(1);
                self.current = self.current.saturating_add_signed(delta).min(last);
            }
            QuizAction::Checked { answer, correct } => {
                if let Some(q) = self.question().cloned() {
                    self.progress.record(&q.id, &answer, correct);
                    self.recorded = self.recorded.wrapping_add(1);
                }
            }
            QuizAction::Loaded(loaded) => {
                self.progress = loaded.progress;
                self.notice = loaded.notice;
            }
            QuizAction::Saved(progress) => self.progress = progress,
            QuizAction::Seed(seed) => self.seed = seed,
            QuizAction::Generate => {
                self.questions.retain(|q| !q.id.starts_with("gen-"));
                self.current = self.questions.len();
                self.questions
                    .extend(quiz::generate(self.seed, PRACTICE).into_iter().map(Rc::new));
            }
        }
        self
    }
}

impl Reducible for QuizState {
    type Action = QuizAction;

    fn reduce(self: Rc<Self>, action: QuizAction) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).next(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_the_bank_at_a_question() {
        let s = QuizState::new(None);
        assert_eq!(s.current, 0);
        let second = quiz::bank()[1].id.to_string();
        let s = QuizState::new(Some(&second));
        assert_eq!(s.current, 1);
        // A practice question not in the bank is added and shown.
        let practice = quiz::generate(7, 1)[0].id.to_string();
        let s = s.next(QuizAction::Open(practice.clone()));
        assert_eq!(s.questions.len(), quiz::bank().len() + 1);
        assert_eq!(s.question().map(|q| q.id.to_string()), Some(practice));
        // An unknown id changes nothing.
        let s = s.next(QuizAction::Open("no-such-question".into()));
        assert_eq!(s.current, quiz::bank().len());
    }

    #[test]
    fn steps_stay_within_the_list() {
        let n = quiz::bank().len();
        let s = QuizState::new(None).next(QuizAction::Step(-1));
        assert_eq!(s.current, 0);
        let s = s.next(QuizAction::Step(3));
        assert_eq!(s.current, 3);
        let s = s.next(QuizAction::Step(1000));
        assert_eq!(s.current, n - 1);
        let s = s.next(QuizAction::Show(n)).next(QuizAction::Show(2));
        assert_eq!(s.current, 2);
    }

    #[test]
    fn a_checked_answer_is_recorded_for_the_current_question() {
        let s = QuizState::new(None).next(QuizAction::Show(1));
        let id = s.questions[1].id.to_string();
        let s = s.next(QuizAction::Checked {
            answer: "(1, 4)".into(),
            correct: false,
        });
        assert_eq!(s.recorded, 1);
        let entry = s.progress.get(&id).unwrap();
        assert_eq!(
            (entry.answered, entry.correct, entry.last.as_str()),
            (1, false, "(1, 4)")
        );
        // What was saved replaces it without asking for another save.
        let s = s.next(QuizAction::Saved(Progress::new()));
        assert_eq!((s.recorded, s.progress.len()), (1, 0));
    }

    #[test]
    fn a_new_practice_set_replaces_the_last() {
        let bank = quiz::bank().len();
        let s = QuizState::new(None)
            .next(QuizAction::Seed(42))
            .next(QuizAction::Generate);
        assert_eq!(s.questions.len(), bank + PRACTICE);
        assert_eq!(s.current, bank);
        let first: Vec<String> = s.questions[bank..]
            .iter()
            .map(|q| q.id.to_string())
            .collect();
        let expected: Vec<String> = quiz::generate(42, PRACTICE)
            .iter()
            .map(|q| q.id.to_string())
            .collect();
        assert_eq!(first, expected);
        let s = s.next(QuizAction::Seed(43)).next(QuizAction::Generate);
        assert_eq!(s.questions.len(), bank + PRACTICE);
        assert!(
            s.questions[bank..]
                .iter()
                .all(|q| !first.contains(&q.id.to_string()))
        );
    }
}
