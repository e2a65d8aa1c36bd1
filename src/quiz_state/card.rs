//! One quiz card's state: the answer typed (or the choices ticked), the check waiting for the
//! engine's reply and the verdict it gave, what the engine worked out for the card (the worked
//! answer, the program "Open in the lab" opens), and whether the hint and the worked answer are
//! unfolded; with its pure reducer. Each request to the engine has a ticket ([`ticket`]): a
//! reply whose ticket is not the one the card waits for (the card moved on, or a later check was
//! sent) is ignored.

use std::cell::Cell;
use std::rc::Rc;

use lab_protocol::Reply;
use lab_protocol::quiz::{Explained, Reply as QuizReply};
use quiz::Verdict;
use yew::Reducible;

/// A card's state.
#[derive(Clone, Default)]
pub struct CardState {
    /// The answer as typed, or the ticked letters (`A, C`).
    pub answer: String,
    /// The last check's verdict.
    pub verdict: Option<Verdict>,
    /// The answer the last verdict judged (the box may have changed since).
    pub judged: String,
    /// The ticket of the check waiting for the engine's reply.
    pub waiting: Option<u32>,
    /// Whether that check has waited long enough to say "Checking…" (a quick reply replaces the
    /// last verdict with the new one, with nothing in between).
    pub slow: bool,
    /// Why the last check got no verdict, when it got none.
    pub unanswered: Option<Unanswered>,
    /// The ticket of the worked answer asked of the engine, while it has not replied.
    pub explaining: Option<u32>,
    /// What the engine worked out for the card, once it replied.
    pub explained: Option<Explained>,
    /// Whether the hint shows.
    pub hint: bool,
    /// Whether the worked answer shows.
    pub worked: bool,
    /// How many checks this question has had, so that an effect reports each one once.
    pub checks: u32,
}

/// Why a check got no verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// The learner pressed Stop on a program (or it ran past the time limit) while the check
    /// waited: the engine was restarted.
    Stopped,
    /// The engine could not read the request, or replied with something else.
    Failed,
}

/// Everything that changes a card.
#[derive(Clone)]
pub enum CardAction {
    /// A new question: start clean, with its last stored answer in the box, and the worked answer
    /// asked of the engine with this ticket.
    Reset {
        /// The stored answer.
        last: Option<String>,
        /// The ticket of the worked answer's request.
        explain: u32,
    },
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
    /// This answer was sent to the engine to be checked, with this ticket.
    Sent {
        /// The request's ticket.
        ticket: u32,
        /// The answer sent.
        answer: String,
    },
    /// The check with this ticket is still waiting after a moment: say so.
    Slow(u32),
    /// The engine's reply to the check with this ticket.
    Checked {
        /// The request's ticket.
        ticket: u32,
        /// The reply.
        reply: Reply,
    },
    /// The worked answer was asked again, with this ticket.
    Explain(u32),
    /// The engine's reply to the worked answer's request with this ticket.
    Explained {
        /// The request's ticket.
        ticket: u32,
        /// The reply.
        reply: Reply,
    },
    /// Fold or unfold the hint.
    ToggleHint,
    /// Fold or unfold the worked answer.
    ToggleWorked,
}

thread_local! {
    static TICKETS: Cell<u32> = const { Cell::new(0) };
}

/// A new ticket for a request to the engine (never the same twice on the page).
pub fn ticket() -> u32 {
    TICKETS.with(|t| {
        let next = t.get().wrapping_add(1);
        t.set(next);
        next
    })
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

    /// What the last check counts as a try: the answer judged, whether it was right and its
    /// diagnosis (an empty or unreadable answer is asked again, not counted).
    pub fn counted(&self) -> Option<(String, bool, &'static str)> {
        let v = self.verdict.as_ref()?;
        (v.diagnosis != "unreadable").then(|| (self.judged.clone(), v.correct, v.diagnosis))
    }

    /// Whether the worked answer should be asked of the engine again: it is not known and no
    /// request for it waits (the last one was stopped).
    pub fn unexplained(&self) -> bool {
        self.explained.is_none() && self.explaining.is_none()
    }

    /// The state after `action` (a pure function).
    pub fn next(mut self, action: CardAction) -> Self {
        match action {
            CardAction::Reset { last, explain } => {
                return CardState {
                    explaining: Some(explain),
                    ..CardState::new(last)
                };
            }
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
            CardAction::Sent { ticket, answer } => {
                self.waiting = Some(ticket);
                self.slow = false;
                self.judged = answer;
                self.unanswered = None;
            }
            CardAction::Slow(ticket) => self.slow |= self.waiting == Some(ticket),
            CardAction::Checked { ticket, reply } if self.waiting == Some(ticket) => {
                self.waiting = None;
                match reply {
                    Reply::Quiz(QuizReply::Checked(verdict)) => {
                        self.verdict = Some(verdict);
                        self.checks = self.checks.wrapping_add(1);
                    }
                    Reply::Stopped(_) => self.unanswered = Some(Unanswered::Stopped),
                    _ => self.unanswered = Some(Unanswered::Failed),
                }
            }
            // A reply to a check the card no longer waits for.
            CardAction::Checked { .. } => {}
            CardAction::Explain(ticket) => self.explaining = Some(ticket),
            CardAction::Explained { ticket, reply } if self.explaining == Some(ticket) => {
                self.explaining = None;
                if let Reply::Quiz(QuizReply::Explained(e)) = reply {
                    self.explained = Some(e);
                }
            }
            CardAction::Explained { .. } => {}
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
    use crate::quiz_state::Asked;
    use crate::quiz_state::engine_now::reply;
    use lab_protocol::Stopped;
    use lab_protocol::quiz::Request as QuizRequest;
    use quiz::Kind;

    fn first(kind: Kind, many: bool) -> Asked {
        let q = quiz::bank()
            .iter()
            .find(|q| q.kind == kind && q.many == many)
            .unwrap();
        Asked::Question(Rc::new(q.clone()))
    }

    /// The card after its answer is sent and the engine's verdict comes back.
    fn check(s: CardState, asked: &Asked) -> CardState {
        let t = ticket();
        let answer = s.answer.clone();
        let request = QuizRequest::Check {
            asked: asked.wire(),
            answer: answer.clone(),
        };
        s.next(CardAction::Sent { ticket: t, answer })
            .next(CardAction::Checked {
                ticket: t,
                reply: reply(request),
            })
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
        let empty = check(CardState::new(None), &q);
        assert_eq!(
            empty.verdict.as_ref().map(|v| v.diagnosis),
            Some("unreadable")
        );
        assert_eq!(empty.counted(), None);
        assert_eq!(empty.checks, 1);
        let typed = check(empty.next(CardAction::Type("7".into())), &q);
        let v = typed.verdict.as_ref().unwrap();
        assert_eq!(
            typed.counted(),
            Some(("7".to_string(), v.correct, v.diagnosis))
        );
        assert_eq!(v, &quiz::check(q.question(), "7"));
    }

    #[test]
    fn a_check_waits_for_its_own_reply() {
        let q = first(Kind::Tuple, false);
        let key = quiz::key(q.question()).unwrap().to_string();
        let s = CardState::new(Some(key.clone()));
        let (old, new) = (ticket(), ticket());
        let request = |answer: &str| QuizRequest::Check {
            asked: q.wire(),
            answer: answer.into(),
        };
        // Sent twice; the first reply arrives after the second request: it is ignored.
        let s = s
            .next(CardAction::Sent {
                ticket: old,
                answer: "(1, 1)".into(),
            })
            .next(CardAction::Sent {
                ticket: new,
                answer: key.clone(),
            });
        assert_eq!(s.waiting, Some(new));
        // A moment later it says so; the first check's moment says nothing.
        let s = s.next(CardAction::Slow(old));
        assert!(!s.slow);
        let s = s.next(CardAction::Slow(new));
        assert!(s.slow);
        let s = s.next(CardAction::Checked {
            ticket: old,
            reply: reply(request("(1, 1)")),
        });
        assert!(s.verdict.is_none() && s.waiting == Some(new) && s.checks == 0);
        let s = s.next(CardAction::Checked {
            ticket: new,
            reply: reply(request(&key)),
        });
        assert!(s.verdict.as_ref().unwrap().correct && s.waiting.is_none());
        assert_eq!(s.counted().map(|c| c.0), Some(key));
        // A reply for the card before it moved on changes nothing.
        let t = ticket();
        let s = s
            .next(CardAction::Sent {
                ticket: t,
                answer: "(1, 1)".into(),
            })
            .next(CardAction::Reset {
                last: None,
                explain: ticket(),
            })
            .next(CardAction::Checked {
                ticket: t,
                reply: reply(request("(1, 1)")),
            });
        assert!(s.verdict.is_none() && s.checks == 0);
    }

    #[test]
    fn a_stopped_check_leaves_the_card_usable() {
        let q = first(Kind::Number, false);
        let t = ticket();
        let s = CardState::new(Some("7".into()))
            .next(CardAction::Sent {
                ticket: t,
                answer: "7".into(),
            })
            .next(CardAction::Checked {
                ticket: t,
                reply: Reply::Stopped(Stopped::ByLearner),
            });
        assert_eq!(s.unanswered, Some(Unanswered::Stopped));
        assert!(s.waiting.is_none() && s.verdict.is_none() && s.checks == 0);
        // Checked again, it gets its verdict.
        let s = check(s, &q);
        assert!(s.unanswered.is_none() && s.verdict.is_some() && s.checks == 1);
        // A reply the card cannot use says so.
        let t = ticket();
        let s = s
            .next(CardAction::Sent {
                ticket: t,
                answer: "7".into(),
            })
            .next(CardAction::Checked {
                ticket: t,
                reply: Reply::Unreadable("another build".into()),
            });
        assert_eq!(s.unanswered, Some(Unanswered::Failed));
    }

    #[test]
    fn the_worked_answer_comes_from_the_engine_for_the_card_that_shows() {
        let q = first(Kind::Tuple, false);
        let t = ticket();
        let s = CardState::new(None).next(CardAction::Reset {
            last: None,
            explain: t,
        });
        assert!(!s.unexplained());
        let explained = reply(QuizRequest::Explain { asked: q.wire() });
        // Stopped: asked again later.
        let stopped = s.clone().next(CardAction::Explained {
            ticket: t,
            reply: Reply::Stopped(Stopped::ByLearner),
        });
        assert!(stopped.unexplained());
        // A reply for another card is ignored.
        let other = s.clone().next(CardAction::Explained {
            ticket: ticket(),
            reply: explained.clone(),
        });
        assert!(other.explained.is_none());
        let s = s.next(CardAction::Explained {
            ticket: t,
            reply: explained,
        });
        let e = s.explained.as_ref().unwrap();
        assert_eq!(e.worked, quiz::worked_answer(q.question()));
        assert_eq!(e.lab_program, quiz::lab_program(q.question()));
    }

    #[test]
    fn a_new_question_starts_clean() {
        let s = check(
            CardState::new(Some("(4, 1)".into()))
                .next(CardAction::ToggleHint)
                .next(CardAction::ToggleWorked),
            &first(Kind::Tuple, false),
        );
        assert!(s.hint && s.worked && s.verdict.is_some());
        let s = s.next(CardAction::Reset {
            last: None,
            explain: ticket(),
        });
        assert!(!s.hint && !s.worked && s.verdict.is_none());
        assert_eq!(s.answer, "");
        let s = s.next(CardAction::ToggleHint).next(CardAction::ToggleHint);
        assert!(!s.hint);
    }
}
