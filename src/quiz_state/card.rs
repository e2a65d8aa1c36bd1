//! One quiz card's state: the answer typed (or the choices ticked), the verdict of the last check,
//! and whether the hint and the worked answer are unfolded; with its pure reducer.

use std::rc::Rc;

use quiz::Verdict;
use yew::Reducible;

use super::Asked;

/// A card's state.
#[derive(Clone, Default)]
pub struct CardState {
    /// The answer as typed, or the ticked letters (`A, C`).
    pub answer: String,
    /// The last check's verdict.
    pub verdict: Option<Verdict>,
    /// Whether the hint shows.
    pub hint: bool,
    /// Whether the worked answer shows.
    pub worked: bool,
    /// How many checks this question has had, so that an effect reports each one once.
    pub checks: u32,
}

/// Everything that changes a card.
#[derive(Clone)]
pub enum CardAction {
    /// A new question: start clean, with its last stored answer in the box.
    Reset(Option<String>),
    /// The answer box now holds this.
    Type(String),
    /// Choice `k` of a question with `options` choices was clicked (`many`: tick boxes, else
    /// radio buttons).
    Choose {
        /// Which choice.
        k: usize,
        /// How many choices there are.
        options: usize,
        /// Whether several may be ticked.
        many: bool,
    },
    /// The answer was checked against what the card asks.
    Check(Asked),
    /// Fold or unfold the hint.
    ToggleHint,
    /// Fold or unfold the worked answer.
    ToggleWorked,
}

impl CardState {
    /// A card showing `last` (the stored answer), if any.
    pub fn new(last: Option<String>) -> Self {
        CardState {
            answer: last.unwrap_or_default(),
            ..CardState::default()
        }
    }

    /// The ticked letters, upper case, in the order typed.
    pub fn picked(&self) -> Vec<char> {
        self.answer
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase())
            .collect()
    }

    /// What the last check counts as a try: the answer, whether it was right and its diagnosis
    /// (an empty or unreadable answer is asked again, not counted).
    pub fn counted(&self) -> Option<(String, bool, &'static str)> {
        let v = self.verdict.as_ref()?;
        (v.diagnosis != "unreadable").then(|| (self.answer.clone(), v.correct, v.diagnosis))
    }

    /// The state after `action` (a pure function).
    pub fn next(mut self, action: CardAction) -> Self {
        match action {
            CardAction::Reset(last) => return CardState::new(last),
            CardAction::Type(text) => self.answer = text,
            CardAction::Choose { k, options, many } => {
                let letter = quiz::text::letter(k);
                let mut current = self.picked();
                if many {
                    if let Some(i) = current.iter().position(|&c| c == letter) {
                        current.remove(i);
                    } else {
                        current.push(letter);
                    }
                    // In letter order, each once (no sort's code in the bundle).
                    current = (0..options)
                        .map(quiz::text::letter)
                        .filter(|l| current.contains(l))
                        .collect();
                } else {
                    current = vec![letter];
                }
                self.answer = current
                    .iter()
                    .map(char::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
            }
            CardAction::Check(asked) => {
                self.verdict = Some(asked.check(&self.answer));
                self.checks = self.checks.wrapping_add(1);
            }
            CardAction::ToggleHint => self.hint = !self.hint,
            CardAction::ToggleWorked => self.worked = !self.worked,
        }
        self
    }
}

impl Reducible for CardState {
    type Action = CardAction;

    fn reduce(self: Rc<Self>, action: CardAction) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).next(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quiz::Kind;

    fn first(kind: Kind, many: bool) -> Asked {
        let q = quiz::bank()
            .iter()
            .find(|q| q.kind == kind && q.many == many)
            .unwrap();
        Asked::Question(Rc::new(q.clone()))
    }

    #[test]
    fn choices_tick_in_letter_order_or_pick_one() {
        let many = CardState::new(None)
            .next(CardAction::Choose {
                k: 2,
                options: 4,
                many: true,
            })
            .next(CardAction::Choose {
                k: 0,
                options: 4,
                many: true,
            });
        assert_eq!(many.answer, "A, C");
        let many = many.next(CardAction::Choose {
            k: 2,
            options: 4,
            many: true,
        });
        assert_eq!(many.answer, "A");
        let one = CardState::new(Some("b".into())).next(CardAction::Choose {
            k: 3,
            options: 4,
            many: false,
        });
        assert_eq!(one.answer, "D");
    }

    #[test]
    fn a_check_keeps_the_verdict_and_counts_only_readable_answers() {
        let q = first(Kind::Number, false);
        let empty = CardState::new(None).next(CardAction::Check(q.clone()));
        assert_eq!(
            empty.verdict.as_ref().map(|v| v.diagnosis),
            Some("unreadable")
        );
        assert_eq!(empty.counted(), None);
        assert_eq!(empty.checks, 1);
        let typed = empty
            .next(CardAction::Type("7".into()))
            .next(CardAction::Check(q.clone()));
        let v = typed.verdict.as_ref().unwrap();
        assert_eq!(
            typed.counted(),
            Some(("7".to_string(), v.correct, v.diagnosis))
        );
        assert_eq!(v.correct, quiz::check(q.question(), "7").correct);
    }

    #[test]
    fn a_new_question_starts_clean() {
        let s = CardState::new(Some("(4, 1)".into()))
            .next(CardAction::ToggleHint)
            .next(CardAction::ToggleWorked)
            .next(CardAction::Check(first(Kind::Tuple, false)));
        assert!(s.hint && s.worked && s.verdict.is_some());
        let s = s.next(CardAction::Reset(None));
        assert!(!s.hint && !s.worked && s.verdict.is_none());
        assert_eq!(s.answer, "");
        let s = s.next(CardAction::ToggleHint).next(CardAction::ToggleHint);
        assert!(!s.hint);
    }
}
