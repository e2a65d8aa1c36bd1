//! The quiz beside the lab: every question of the lessons, one card at a time, with a navigator
//! that shows what is answered; generated practice from a seed that is shown; progress kept in
//! the browser. The questions are the built-in bank's, or those of an author's file; each answer
//! is announced to the host page (`strides-lab:answered`), which can save and restore the state.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::quiz_card::QuizCard;
use super::{use_lang, use_unique_id};
use crate::host::Bridge;
use crate::options::QuestionSource;
use crate::quiz_state::{QuizAction, QuizState};

/// Props of [`QuizPanel`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// Called with a question's program to open it in the lab.
    pub on_open: Callback<String>,
    /// The question to start on (an id of the bank or of practice).
    #[prop_or_default]
    pub start: Option<AttrValue>,
    /// Whether to read and write progress in localStorage.
    #[prop_or(true)]
    pub persist: bool,
    /// Whether the lab shows beside the quiz (else there is nothing to open a question in).
    #[prop_or(true)]
    pub lab: bool,
    /// An author's file, asked instead of the built-in bank.
    #[prop_or_default]
    pub questions: Option<QuestionSource>,
    /// Where the host's `getState()`/`setState()` meet the panel.
    #[prop_or_default]
    pub bridge: Option<Bridge>,
}

/// The quiz.
#[function_component(QuizPanel)]
pub fn quiz_panel(props: &Props) -> Html {
    crate::renders::count("QuizPanel");
    let Props {
        on_open,
        start,
        persist,
        lab,
        questions: source,
        bridge,
    } = props;
    let root = use_node_ref();
    let lang = use_lang();
    let t = lang.t();
    let seed_id = use_unique_id("seed");
    let nav = use_node_ref();
    let focused = use_state(|| None::<usize>);
    let state = use_reducer(|| QuizState::new(start.as_deref()));
    let send = |make: fn(MouseEvent) -> QuizAction| {
        let d = state.dispatcher();
        Callback::from(move |e: MouseEvent| d.dispatch(make(e)))
    };

    // A new start question (the embedding page changed it) opens that question.
    {
        let d = state.dispatcher();
        use_effect_with(start.clone(), move |start| {
            if let Some(id) = start.as_ref() {
                d.dispatch(QuizAction::Open(id.to_string()));
            }
        });
    }
    // The questions: the built-in bank (fetched the first time a quiz shows), or an author's
    // file (fetched, or given already read). A file that arrives after another was asked for is
    // dropped.
    {
        let d = state.dispatcher();
        use_effect_with(source.clone(), move |source| {
            let current = Rc::new(std::cell::Cell::new(true));
            let still = Rc::clone(&current);
            let then = move |loaded| {
                if still.get() {
                    d.dispatch(QuizAction::Files(loaded));
                }
            };
            match source {
                None => crate::question_files::builtin(then),
                Some(QuestionSource::Url(url)) => crate::question_files::author(url.clone(), then),
                Some(QuestionSource::Given(given)) => given.loaded(then),
            }
            move || current.set(false)
        });
    }
    // Read stored progress and the variant seed once.
    {
        let (d, persist) = (state.dispatcher(), *persist);
        use_effect_with((), move |_| {
            if persist {
                d.dispatch(QuizAction::Loaded(crate::storage::load()));
            }
            d.dispatch(QuizAction::VariantSeed(crate::storage::variant_seed(
                persist,
            )));
        });
    }
    // A host's state, given before the panel showed or later.
    {
        let (d, bridge) = (state.dispatcher(), bridge.clone());
        use_effect_with(bridge, move |bridge| {
            let bridge = bridge.clone();
            if let Some(b) = &bridge {
                let to =
                    Callback::from(move |(s, notice)| d.dispatch(QuizAction::Restore(s, notice)));
                if let Some(pending) = b.connect(Some(to.clone())) {
                    to.emit(pending);
                }
            }
            move || {
                if let Some(b) = bridge {
                    b.connect(None);
                }
            }
        });
    }
    // The state the host's getState() reads, and the seed kept for the next visit.
    {
        let (bridge, persist) = (bridge.clone(), *persist);
        use_effect_with(state.snapshot(), move |snapshot| {
            if let Some(b) = bridge {
                b.publish(snapshot.clone());
            }
            if persist && let Some(seed) = snapshot.seed {
                crate::storage::keep_variant_seed(seed);
            }
        });
    }
    // After each recorded answer: write progress (merged with what another tab wrote), and tell
    // the host page.
    {
        let (d, persist, progress) = (state.dispatcher(), *persist, state.progress.clone());
        let (answered, root) = (state.answered.clone(), root.clone());
        use_effect_with(state.recorded, move |recorded| {
            if *recorded > 0 {
                if persist {
                    d.dispatch(QuizAction::Saved(crate::storage::save(&progress)));
                }
                let lab = root.cast::<web_sys::Element>().and_then(|e| {
                    e.closest(&format!("[{}]", crate::panic::ROOT))
                        .ok()
                        .flatten()
                });
                if let (Some(lab), Some(answered)) = (lab, answered) {
                    crate::host::announce(&lab, &answered);
                }
            }
        });
    }

    let on_checked = {
        let d = state.dispatcher();
        Callback::from(move |(answer, correct, diagnosis)| {
            d.dispatch(QuizAction::Checked {
                answer,
                correct,
                diagnosis,
            })
        })
    };
    let on_seed = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                if let Ok(s) = v.value().trim().parse::<u64>() {
                    d.dispatch(QuizAction::Seed(s));
                }
            }
        })
    };
    let on_generate = send(|_| QuizAction::Generate);
    // The question buttons are one toolbar (as the examples are): one Tab stop (the button last
    // focused, else the question shown), the arrow keys, Home and End move among them.
    let stop = match *focused {
        Some(k) if k < state.questions.len() => k,
        _ => state.current,
    };
    let on_nav_focus = {
        let focused = focused.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(k) = stop_of(&e) {
                focused.set(Some(k));
            }
        })
    };
    let on_nav_key = {
        let (nav, count) = (nav.clone(), state.questions.len());
        Callback::from(move |e: KeyboardEvent| {
            let (Some(here), Some(last)) = (stop_of(&e), count.checked_sub(1)) else {
                return;
            };
            let next = match e.key().as_str() {
                "ArrowRight" | "ArrowDown" if here >= last => 0,
                "ArrowRight" | "ArrowDown" => here + 1,
                "ArrowLeft" | "ArrowUp" => here.checked_sub(1).unwrap_or(last),
                "Home" => 0,
                "End" => last,
                _ => return,
            };
            e.prevent_default();
            let target = nav.cast::<web_sys::Element>().and_then(|root| {
                root.query_selector(&format!("[data-stop=\"{next}\"]"))
                    .ok()??
                    .dyn_into::<web_sys::HtmlElement>()
                    .ok()
            });
            if let Some(el) = target {
                let _ = el.focus();
            }
        })
    };
    let ql = lang.quiz();
    let (questions, current, progress, notice) = (
        &state.questions,
        state.current,
        &state.progress,
        &state.notice,
    );
    let asked = state.asked();
    html! {
        <section class="quiz" data-role="quiz" aria-label={t.quiz} ref={root}>
            <h2>{ t.quiz }</h2>
            if let Some(n) = notice.as_ref() {
                <p class="notice" role="status" data-role="progress-notice">{ n.get(ql).to_string() }</p>
            }
            if state.loading {
                <p class="help" role="status" data-role="questions-loading">{ t.questions_loading }</p>
            }
            if !state.problems.is_empty() {
                <div class="notice" role="status" data-role="question-problems">
                    <p>{ t.questions_unusable }</p>
                    <ul>{ for state.problems.iter().map(|p| html! { <li>{ p.get(ql).to_string() }</li> }) }</ul>
                </div>
            }
            <nav class="quiz-nav" aria-label={t.quiz_questions}>
                <div class="quiz-nav-items" role="toolbar" aria-label={t.quiz_questions} aria-orientation="horizontal"
                    ref={nav.clone()} onfocusin={on_nav_focus} onkeydown={on_nav_key}>
                { for sections(&state, t.practice, ql).into_iter().map(|(heading, members)| html! {
                    <section class="qsection" data-role="quiz-section">
                        if !heading.is_empty() { <h3>{ heading }</h3> }
                        <ol>
                        { for members.into_iter().map(|k| {
                            let Some(q) = questions.get(k) else { return html! {} };
                            let (mark, status, state_class) = match progress.get(&q.id) {
                                Some(e) if e.correct => ("✓", t.answered_right, "right"),
                                Some(_) => ("✗", t.answered_wrong, "wrong"),
                                None => ("", t.unanswered, "unanswered"),
                            };
                            let title = state.about(&q.id).and_then(|a| a.title.as_ref()).map(|t| t.get(ql).to_string());
                            let label = if q.id.starts_with("gen-") { format!("P{}", k + 1) } else { (k + 1).to_string() };
                            let on_click = { let d = state.dispatcher(); Callback::from(move |_: MouseEvent| d.dispatch(QuizAction::Show(k))) };
                            html! {
                                <li>
                                    <button type="button" class={classes!("qnav", state_class, title.is_some().then_some("titled"), (k == current).then_some("current"))}
                                        data-question={q.id.to_string()} data-state={state_class} aria-current={(k == current).then_some("step")}
                                        data-stop={k.to_string()} tabindex={if k == stop { "0" } else { "-1" }}
                                        aria-label={format!("{} {}: {status}", t.question, title.clone().unwrap_or_else(|| label.clone()))} onclick={on_click}>
                                        { title.unwrap_or(label) }<span class="qstate" aria-hidden="true">{ mark }</span>
                                    </button>
                                </li>
                            }
                        }) }
                        </ol>
                    </section>
                }) }
                </div>
            </nav>
            if let Some(asked) = asked {
                <QuizCard last={progress.get(&asked.question().id).map(|e| AttrValue::from(e.last.clone()))}
                    asked={asked} seed={state.variant_seed.unwrap_or(0)} on_checked={on_checked} on_open={lab.then(|| on_open.clone())} />
            }
            // No question to step through (a file that could not be read): no "1 / 0".
            if !questions.is_empty() {
            <div class="quiz-step">
                <button type="button" onclick={send(|_| QuizAction::Step(-1))} disabled={current == 0}>{ t.previous }</button>
                <span>{ format!("{} / {}", crate::intl::number(current as i64 + 1, lang), crate::intl::number(questions.len() as i64, lang)) }</span>
                <button type="button" onclick={send(|_| QuizAction::Step(1))} disabled={current + 1 >= questions.len()}>{ t.next }</button>
            </div>
            }
            <div class="practice">
                <h3>{ t.practice }</h3>
                <label for={seed_id.clone()}>{ t.seed }</label>
                <input id={seed_id} type="number" min="0" data-role="seed" value={state.seed.to_string()} onchange={on_seed} />
                <button type="button" class="run" data-role="generate" onclick={on_generate}>{ t.new_set }</button>
                <p class="help">{ t.practice_help }</p>
            </div>
            <p class="help">{ t.progress_saved }</p>
        </section>
    }
}

/// The position of the question button an event happened on.
fn stop_of(e: &Event) -> Option<usize> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-stop]")
        .ok()??
        .get_attribute("data-stop")?
        .parse()
        .ok()
}

/// The questions grouped by section, in order: each heading (the file's section, or "Practice"
/// for generated questions) with the positions of its questions; consecutive questions of one
/// section form one group.
fn sections(state: &QuizState, practice: &str, ql: quiz::Lang) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for (k, q) in state.questions.iter().enumerate() {
        let heading = match state.about(&q.id).and_then(|a| a.section.as_ref()) {
            Some(s) => s.get(ql).to_string(),
            None if q.id.starts_with("gen-") => practice.to_string(),
            None => String::new(),
        };
        match out.last_mut() {
            Some((h, members)) if *h == heading => members.push(k),
            _ => out.push((heading, vec![k])),
        }
    }
    out
}
