//! The quiz beside the lab: every question of the lessons, one card at a time, with a navigator
//! that shows what is answered; generated practice from a seed that is shown; progress kept in
//! the browser.

use std::rc::Rc;

use quiz::{Progress, Question};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::quiz_card::QuizCard;
use super::{use_lang, use_unique_id};
use crate::i18n::Lang;

/// How many questions a practice set has.
const PRACTICE: usize = 5;

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
}

/// The quiz.
#[function_component(QuizPanel)]
pub fn quiz_panel(props: &Props) -> Html {
    let Props {
        on_open,
        start,
        persist,
        lab,
    } = props;
    let lang = use_lang();
    let t = lang.t();
    let seed_id = use_unique_id("seed");
    let questions = use_state(|| {
        let mut list: Vec<Rc<Question>> = quiz::bank().iter().cloned().map(Rc::new).collect();
        if let Some(q) = start.as_ref().and_then(|id| quiz::question(id)) {
            if !list.iter().any(|x| x.id == q.id) {
                list.push(Rc::new(q));
            }
        }
        list
    });
    let current = use_state(|| {
        start
            .as_ref()
            .and_then(|id| questions.iter().position(|q| q.id == id.as_str()))
            .unwrap_or(0)
    });
    let progress = use_state(Progress::new);
    let notice = use_state(|| None::<quiz::Text>);
    let seed = use_state(|| 1u64);

    // A new start question (the embedding page changed it) opens that question.
    {
        let (questions, current) = (questions.clone(), current.clone());
        use_effect_with(start.clone(), move |start| {
            let Some(id) = start.as_ref() else { return };
            if let Some(k) = questions.iter().position(|q| q.id == id.as_str()) {
                current.set(k);
            } else if let Some(q) = quiz::question(id) {
                let mut list = (*questions).clone();
                list.push(Rc::new(q));
                current.set(list.len() - 1);
                questions.set(list);
            }
        });
    }
    // Read stored progress once.
    {
        let (progress, notice, persist) = (progress.clone(), notice.clone(), *persist);
        use_effect_with((), move |_| {
            if persist {
                let loaded = crate::storage::load();
                progress.set(loaded.progress);
                notice.set(loaded.notice);
            }
        });
    }

    let on_checked = {
        let (progress, questions, current, persist) = (
            progress.clone(),
            questions.clone(),
            current.clone(),
            *persist,
        );
        Callback::from(move |(answer, correct): (String, bool)| {
            let Some(q) = questions.get(*current) else {
                return;
            };
            let mut next = (*progress).clone();
            next.record(&q.id, &answer, correct);
            let saved = if persist {
                crate::storage::save(&next)
            } else {
                next
            };
            progress.set(saved);
        })
    };
    let go = |delta: isize| {
        let (current, n) = (current.clone(), questions.len());
        Callback::from(move |_: MouseEvent| {
            let k = (*current as isize + delta).clamp(0, n.saturating_sub(1) as isize);
            current.set(k as usize);
        })
    };
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                if let Ok(s) = v.value().trim().parse::<u64>() {
                    seed.set(s);
                }
            }
        })
    };
    let on_generate = {
        let (seed, questions, current) = (seed.clone(), questions.clone(), current.clone());
        Callback::from(move |_: MouseEvent| {
            let mut list: Vec<Rc<Question>> = questions
                .iter()
                .filter(|q| !q.id.starts_with("gen-"))
                .cloned()
                .collect();
            let first = list.len();
            list.extend(quiz::generate(*seed, PRACTICE).into_iter().map(Rc::new));
            questions.set(list);
            current.set(first);
        })
    };

    let ql = if lang == Lang::Es {
        quiz::Lang::Es
    } else {
        quiz::Lang::En
    };
    let question = questions.get(*current).cloned();
    html! {
        <section class="quiz" data-role="quiz" aria-label={t.quiz}>
            <h2>{ t.quiz }</h2>
            if let Some(n) = notice.as_ref() {
                <p class="notice" role="status" data-role="progress-notice">{ n.get(ql).to_string() }</p>
            }
            <nav class="quiz-nav" aria-label={t.quiz_questions}>
                { for questions.iter().enumerate().map(|(k, q)| {
                    let entry = progress.get(&q.id);
                    let (mark, status) = match entry {
                        Some(e) if e.correct => ("✓", t.answered_right),
                        Some(_) => ("✗", t.answered_wrong),
                        None => ("", t.unanswered),
                    };
                    let label = if q.id.starts_with("gen-") { format!("P{}", k + 1) } else { (k + 1).to_string() };
                    let on_click = { let current = current.clone(); Callback::from(move |_: MouseEvent| current.set(k)) };
                    html! {
                        <button type="button" class={classes!("qnav", (k == *current).then_some("current"))}
                            data-question={q.id.to_string()} aria-current={(k == *current).then_some("step")}
                            aria-label={format!("{} {label}: {status}", t.question)} onclick={on_click}>
                            { label }<span aria-hidden="true">{ mark }</span>
                        </button>
                    }
                }) }
            </nav>
            if let Some(q) = question {
                <QuizCard question={Rc::clone(&q)} on_checked={on_checked} on_open={lab.then(|| on_open.clone())}
                    last={progress.get(&q.id).map(|e| AttrValue::from(e.last.clone()))} />
            }
            <div class="quiz-step">
                <button type="button" onclick={go(-1)} disabled={*current == 0}>{ t.previous }</button>
                <span>{ format!("{} / {}", crate::intl::number(*current as i64 + 1, lang), crate::intl::number(questions.len() as i64, lang)) }</span>
                <button type="button" onclick={go(1)} disabled={*current + 1 >= questions.len()}>{ t.next }</button>
            </div>
            <div class="practice">
                <h3>{ t.practice }</h3>
                <label for={seed_id.clone()}>{ t.seed }</label>
                <input id={seed_id} type="number" min="0" data-role="seed" value={seed.to_string()} onchange={on_seed} />
                <button type="button" class="run" data-role="generate" onclick={on_generate}>{ t.new_set }</button>
                <p class="help">{ t.practice_help }</p>
            </div>
            <p class="help">{ t.progress_saved }</p>
        </section>
    }
}
