//! The quiz's state, the actions that change it, and pure reducers (tested natively), as
//! [`crate::state`] has for the lab: the panel's ([`QuizState`]: the questions, which one shows,
//! progress, practice sets) here, one card's ([`card::CardState`]: the answer typed, the verdict,
//! what is unfolded) in [`card`]. Effects (reading and writing localStorage) stay in the
//! components. What a card asks, what a host page hears of each answer and what it saves are in
//! [`asked`].

pub mod asked;
pub mod card;

use std::collections::BTreeMap;
use std::rc::Rc;

use quiz::authored::Variant;
use quiz::{Progress, Question};
use yew::Reducible;

pub use asked::{Answered, Asked, Snapshot};

/// How many questions a practice set has.
pub const PRACTICE: usize = 5;

/// Questions read from question files, and what could not be asked (file, id, field).
#[derive(Default)]
pub struct Loaded {
    /// Each usable question (its first variant's).
    pub questions: Vec<Rc<Question>>,
    /// Each usable question's variants, by id (one for a question without `params`).
    pub variants: BTreeMap<String, Vec<Rc<Variant>>>,
    /// What went wrong, in words naming the file, the question and the field.
    pub problems: Vec<quiz::Text>,
    /// Each question's section and title, as its file gives them (by id).
    pub about: Vec<About>,
}

impl Loaded {
    /// Adds a question of a file, given as its variants (none adds nothing).
    pub fn add(&mut self, variants: Vec<Variant>) {
        let Some(v) = variants.first() else {
            return;
        };
        self.about.push(About {
            id: v.id.clone(),
            section: v.section.clone(),
            title: v.title.clone(),
        });
        self.questions.push(Rc::new(v.question.clone()));
        self.variants
            .insert(v.id.clone(), variants.into_iter().map(Rc::new).collect());
    }
}

/// Where the quiz panel lists a question: its section and its title.
#[derive(Clone, PartialEq)]
pub struct About {
    /// The question's id.
    pub id: String,
    /// The section it is listed under.
    pub section: Option<quiz::Text>,
    /// Its title (else the panel numbers it).
    pub title: Option<quiz::Text>,
}

/// The quiz panel's state.
#[derive(Clone)]
pub struct QuizState {
    /// The bank's questions (once its files are read), then any practice set and any question
    /// the page asked for.
    pub questions: Vec<Rc<Question>>,
    /// Whether the question files are still being read.
    pub loading: bool,
    /// A question asked for before the files were read, opened once they are.
    pub pending: Option<String>,
    /// What in the question files could not be asked.
    pub problems: Vec<quiz::Text>,
    /// The files' sections and titles of their questions.
    pub about: Rc<Vec<About>>,
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
    /// Each file question's variants, by id.
    pub variants: Rc<BTreeMap<String, Vec<Rc<Variant>>>>,
    /// The seed that picks each question's variant (`seed mod count`), shown on the card; `None`
    /// until the panel has read or drawn it.
    pub variant_seed: Option<u64>,
    /// Variants a host restored (by id), which the seed does not override.
    pub chosen: BTreeMap<String, usize>,
    /// The last answer recorded, for the host page to hear.
    pub answered: Option<Answered>,
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
        /// Its diagnosis code.
        diagnosis: &'static str,
    },
    /// Progress read from storage (with a notice if some was set aside).
    Loaded(quiz::Loaded),
    /// Progress as saved (merged with what another tab wrote).
    Saved(Progress),
    /// The practice seed typed.
    Seed(u64),
    /// A new practice set from the seed, replacing the last one, starting at its first question.
    Generate,
    /// The question files were read: their questions replace those of any file read before,
    /// ahead of practice.
    Files(Rc<Loaded>),
    /// The seed that picks the variants.
    VariantSeed(u64),
    /// A host's saved state (`setState`; `None` when it could not be read at all), with a notice
    /// if some of it could not be read.
    Restore(Option<Snapshot>, Option<quiz::Text>),
}

impl QuizState {
    /// The quiz before its question files are read, to start at question `start` when one is
    /// given (see [`QuizAction::Files`]).
    pub fn new(start: Option<&str>) -> Self {
        let state = QuizState {
            questions: Vec::new(),
            loading: true,
            pending: None,
            problems: Vec::new(),
            about: Rc::new(Vec::new()),
            current: 0,
            progress: Progress::new(),
            recorded: 0,
            notice: None,
            seed: 1,
            variants: Rc::new(BTreeMap::new()),
            variant_seed: None,
            chosen: BTreeMap::new(),
            answered: None,
        };
        match start {
            Some(id) => state.open(id),
            None => state,
        }
    }

    /// The section and title of question `id`, when a file gave them.
    pub fn about(&self, id: &str) -> Option<&About> {
        self.about.iter().find(|a| a.id == id)
    }

    /// The question that shows.
    pub fn question(&self) -> Option<&Rc<Question>> {
        self.questions.get(self.current)
    }

    /// The variant of question `id` that is asked: the one a host restored, else the seed's.
    pub fn variant_number(&self, id: &str) -> Option<usize> {
        let count = self.variants.get(id)?.len();
        if count == 0 {
            return None;
        }
        match self.chosen.get(id) {
            Some(&n) if n < count => Some(n),
            _ => {
                let n = self.variant_seed.unwrap_or(0) % u64::try_from(count).ok()?;
                usize::try_from(n).ok()
            }
        }
    }

    /// What the card shows: the current question, or the variant of it that is asked.
    pub fn asked(&self) -> Option<Asked> {
        let q = self.question()?;
        let variant = self
            .variant_number(&q.id)
            .and_then(|n| self.variants.get(q.id.as_ref())?.get(n));
        Some(match variant {
            Some(v) => Asked::Variant(Rc::clone(v)),
            None => Asked::Question(Rc::clone(q)),
        })
    }

    /// What a host saves: the answers, the seed, and each question's variant where it has several.
    pub fn snapshot(&self) -> Snapshot {
        let mut variants = self.chosen.clone();
        for (id, all) in self.variants.iter() {
            if all.len() > 1
                && let Some(n) = self.variant_number(id)
            {
                variants.insert(id.clone(), n);
            }
        }
        Snapshot {
            progress: self.progress.clone(),
            seed: self.variant_seed,
            variants,
        }
    }

    fn open(mut self, id: &str) -> Self {
        if let Some(k) = self.questions.iter().position(|q| q.id == id) {
            self.current = k;
        } else if let Some((seed, n)) = quiz::generate::parse_id(id) {
            self.questions
                .push(Rc::new(quiz::generate::generated(seed, n)));
            self.current = self.questions.len() - 1;
        } else if self.loading {
            self.pending = Some(id.to_string());
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
            QuizAction::Checked {
                answer,
                correct,
                diagnosis,
            } => {
                if let Some(q) = self.question().cloned() {
                    self.progress.record(&q.id, &answer, correct);
                    self.recorded = self.recorded.wrapping_add(1);
                    self.answered = Some(Answered {
                        question_id: q.id.to_string(),
                        variant: self.variant_number(&q.id),
                        attempt: self.progress.get(&q.id).map_or(1, |e| e.answered),
                        response: answer,
                        correct,
                        diagnosis,
                    });
                }
            }
            QuizAction::VariantSeed(seed) => self.variant_seed = Some(seed),
            QuizAction::Restore(snapshot, notice) => {
                if let Some(snapshot) = snapshot {
                    self.progress = snapshot.progress;
                    if snapshot.seed.is_some() {
                        self.variant_seed = snapshot.seed;
                    }
                    self.chosen = snapshot.variants;
                }
                self.notice = notice;
            }
            QuizAction::Loaded(loaded) => {
                self.progress = loaded.progress;
                self.notice = loaded.notice;
            }
            QuizAction::Saved(progress) => self.progress = progress,
            QuizAction::Seed(seed) => self.seed = seed,
            QuizAction::Files(loaded) => {
                let shown = self.question().map(|q| q.id.to_string());
                let mut questions = by_section(&loaded);
                // Practice stays; the questions of a file read before go.
                questions.extend(
                    self.questions
                        .drain(..)
                        .filter(|q| quiz::generate::parse_id(&q.id).is_some()),
                );
                self.questions = questions;
                self.variants = Rc::new(loaded.variants.clone());
                self.problems = loaded.problems.clone();
                self.about = Rc::new(loaded.about.clone());
                self.loading = false;
                self.current = shown
                    .and_then(|id| self.questions.iter().position(|q| q.id == id))
                    .unwrap_or(0);
                if let Some(id) = self.pending.take() {
                    let known = self.questions.iter().any(|q| q.id == id)
                        || quiz::generate::parse_id(&id).is_some();
                    if !known {
                        self.problems.push(quiz::Text::owned(
                            format!("question {id}: no question file read has this id"),
                            format!(
                                "pregunta {id}: ningún archivo de preguntas leído tiene este id"
                            ),
                        ));
                    }
                    return self.open(&id);
                }
            }
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

/// The file's questions with each section's together, the sections in the order they first
/// appear (the panel lists them so, and Previous and Next follow the list).
fn by_section(loaded: &Loaded) -> Vec<Rc<Question>> {
    let section = |q: &Question| {
        loaded
            .about
            .iter()
            .find(|a| a.id == q.id)
            .and_then(|a| a.section.as_ref())
            .map(|t| t.get(quiz::Lang::En).to_string())
    };
    let mut order: Vec<Option<String>> = Vec::new();
    for q in &loaded.questions {
        let s = section(q);
        if !order.contains(&s) {
            order.push(s);
        }
    }
    let mut questions = loaded.questions.clone();
    // Stable: within a section, the file's order.
    questions.sort_by_key(|q| {
        let s = section(q);
        order.iter().position(|o| *o == s).unwrap_or(0)
    });
    questions
}

impl Reducible for QuizState {
    type Action = QuizAction;

    fn reduce(self: Rc<Self>, action: QuizAction) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).next(action))
    }
}

/// What the tests of the quiz's state ask the engine (linked in: it answers at once).
#[cfg(test)]
pub(crate) mod engine_now {
    use std::cell::RefCell;
    use std::rc::Rc;

    use lab_protocol::quiz::{Reply as QuizReply, Request as QuizRequest};
    use lab_protocol::{Reply, Request};
    use quiz::Verdict;

    use super::{Asked, Loaded};
    use crate::question_files::{Read, compile};

    /// The engine's reply to `request`.
    pub fn reply(request: QuizRequest) -> Reply {
        crate::engine::answered(Request::Quiz(request))
    }

    /// The engine's verdict on `answer` to `asked`.
    pub fn check(asked: &Asked, answer: &str) -> Verdict {
        let request = QuizRequest::Check {
            asked: asked.wire(),
            answer: answer.into(),
        };
        match reply(request) {
            Reply::Quiz(QuizReply::Checked(v)) => v,
            other => panic!("no verdict: {other:?}"),
        }
    }

    /// A question file's text, read as the page reads one and compiled by the engine.
    pub fn file(name: &str, text: &str) -> Rc<Loaded> {
        let file: quiz::authored::File = serde_json::from_str(text).unwrap();
        let mut read = Read::new(name, name);
        for q in file.questions {
            read.question(q);
        }
        let got = Rc::new(RefCell::new(None));
        let put = Rc::clone(&got);
        compile(vec![read], move |l| *put.borrow_mut() = Some(l));
        got.take().unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bank, as its files give it (tests/builtin_files.rs in quiz checks they are the same).
    fn bank() -> Rc<Loaded> {
        Rc::new(Loaded {
            questions: quiz::bank().iter().cloned().map(Rc::new).collect(),
            ..Loaded::default()
        })
    }

    impl QuizState {
        fn read(start: Option<&str>) -> Self {
            QuizState::new(start).next(QuizAction::Files(bank()))
        }
    }

    #[test]
    fn a_question_asked_for_before_the_files_opens_once_they_are_read() {
        let second = quiz::bank()[1].id.to_string();
        let s = QuizState::new(Some(&second));
        assert!(s.loading && s.questions.is_empty());
        assert_eq!(s.pending.as_deref(), Some(second.as_str()));
        let s = s.next(QuizAction::Files(bank()));
        assert_eq!((s.loading, s.current), (false, 1));
        assert!(s.problems.is_empty());
        // An id no file has is reported, and the first question shows.
        let s = QuizState::new(Some("c9-nope")).next(QuizAction::Files(bank()));
        assert_eq!(s.current, 0);
        let said: Vec<&str> = s.problems.iter().map(|p| p.en.as_ref()).collect();
        assert_eq!(
            said,
            ["question c9-nope: no question file read has this id"]
        );
        // A practice set made while loading stays after the bank, and stays shown.
        let s = QuizState::new(None)
            .next(QuizAction::Generate)
            .next(QuizAction::Files(bank()));
        assert_eq!(s.current, quiz::bank().len());
        assert!(s.question().unwrap().id.starts_with("gen-"));
    }

    #[test]
    fn opens_the_bank_at_a_question() {
        let s = QuizState::read(None);
        assert_eq!(s.current, 0);
        let second = quiz::bank()[1].id.to_string();
        let s = QuizState::read(Some(&second));
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
        let s = QuizState::read(None).next(QuizAction::Step(-1));
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
        let s = QuizState::read(None).next(QuizAction::Show(1));
        let id = s.questions[1].id.to_string();
        let s = s.next(QuizAction::Checked {
            answer: "(1, 4)".into(),
            correct: false,
            diagnosis: "wrong",
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
        let s = QuizState::read(None)
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
