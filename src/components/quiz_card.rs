//! One question: its prompt, an answer box (a text field, choices, or a code blank), the check with
//! its feedback, a hint, the worked answer, and a way to open its array in the lab. The check, the
//! worked answer and the program the lab opens are the engine's replies ([`crate::engine::ask`]);
//! the card says "Checking…" while a check waits.

use lab_protocol::Request;
use lab_protocol::quiz::Request as QuizRequest;
use std::cell::Cell;
use std::rc::Rc;

use quiz::Kind;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use yew::prelude::*;

use super::{use_lang, use_unique_id};
use crate::i18n::fill;
use crate::quiz_state::Asked;
use crate::quiz_state::card::{CardAction, CardState, Unanswered, ticket};

/// How long a check waits before the card says "Checking…" (a quicker verdict replaces the last
/// one directly, without a flash of the waiting text).
const SLOW_MS: i32 = 300;

/// Props of [`QuizCard`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The question, or the variant of a file's question, that is asked.
    pub asked: Asked,
    /// The seed that chose the variant (shown with it).
    #[prop_or_default]
    pub seed: u64,
    /// Called with the answer, whether it was right and its diagnosis after each check.
    pub on_checked: Callback<(String, bool, &'static str)>,
    /// Called with a program to open in the lab (`None` when no lab shows).
    pub on_open: Option<Callback<String>>,
    /// The last answer given, if any (from stored progress).
    #[prop_or_default]
    pub last: Option<AttrValue>,
}

/// Brings the array the button opens into view (on a phone the lab is above the quiz, out of
/// sight), once the lab has drawn it: the array itself, not the top of the lab's controls.
fn show_the_lab(e: &MouseEvent) {
    let root = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|button| button.closest(".strides-lab").ok().flatten());
    let Some(root) = root else { return };
    let show = wasm_bindgen::closure::Closure::once_into_js(move || {
        let target = [".array-view", ".other-view", ".error-view", ".lab-column"]
            .iter()
            .find_map(|s| root.query_selector(s).ok().flatten());
        if let Some(target) = target {
            target.scroll_into_view();
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(show.unchecked_ref(), 0);
    }
}

/// A question card.
#[function_component(QuizCard)]
pub fn quiz_card(props: &Props) -> Html {
    crate::renders::count("QuizCard");
    let Props {
        asked,
        seed,
        on_checked,
        on_open,
        last,
    } = props;
    let question = asked.question();
    let lang = use_lang();
    let t = lang.t();
    let ql = lang.quiz();
    let card = use_reducer(|| CardState::new(last.as_ref().map(|l| l.to_string())));
    let input_id = use_unique_id("answer");
    // Asks the engine for the worked answer and the program the lab opens.
    let explain = {
        let (d, asked) = (card.dispatcher(), asked.clone());
        move |reset: Option<Option<AttrValue>>| {
            let t = ticket();
            match reset {
                Some(last) => d.dispatch(CardAction::Reset {
                    last: last.map(|l| l.to_string()),
                    explain: t,
                }),
                None => d.dispatch(CardAction::Explain(t)),
            }
            let d = d.clone();
            let request = Request::Quiz(QuizRequest::Explain {
                asked: asked.wire(),
            });
            crate::engine::ask(request, move |reply| {
                d.dispatch(CardAction::Explained { ticket: t, reply });
            });
        }
    };
    // A new question (or another variant of it) starts clean.
    {
        let (explain, last) = (explain.clone(), last.clone());
        use_effect_with(asked.key(), move |_| explain(Some(last)));
    }
    // Each check that counts as a try is reported once.
    {
        let (on_checked, counted) = (on_checked.clone(), card.counted());
        use_effect_with(card.checks, move |checks| {
            if *checks > 0 {
                if let Some(c) = counted {
                    on_checked.emit(c);
                }
            }
        });
    }
    let submit = {
        // The handle reads the card's state as it is now (an edit the code editor made just
        // before its Ctrl+Enter included), not as it was at the last render.
        let (d, asked, card) = (card.dispatcher(), asked.clone(), card.clone());
        move || {
            let answer = card.answer.clone();
            let t = ticket();
            d.dispatch(CardAction::Sent {
                ticket: t,
                answer: answer.clone(),
            });
            let d = d.clone();
            let request = Request::Quiz(QuizRequest::Check {
                asked: asked.wire(),
                answer,
            });
            let answered = Rc::new(Cell::new(false));
            let now = Rc::clone(&answered);
            let dd = d.clone();
            crate::engine::ask(request, move |reply| {
                now.set(true);
                dd.dispatch(CardAction::Checked { ticket: t, reply });
            });
            // Not answered at once: "Checking…" after a moment, unless the verdict came first.
            if !answered.get() {
                let slow = Closure::once_into_js(move || d.dispatch(CardAction::Slow(t)));
                if let Some(w) = web_sys::window() {
                    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                        slow.unchecked_ref(),
                        SLOW_MS,
                    );
                }
            }
        }
    };
    let on_submit = {
        let submit = submit.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            submit();
        })
    };
    let on_text = {
        let d = card.dispatcher();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                d.dispatch(CardAction::Type(v.value()));
            }
        })
    };
    let on_code = {
        let d = card.dispatcher();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                d.dispatch(CardAction::Type(v.value()));
            }
        })
    };
    // The code editors' convention: Tab indents, but Escape then Tab (or Shift+Tab) moves the
    // focus on; Ctrl+Enter or Cmd+Enter checks. Once the box is focused the code editor
    // (`web/editor/`) sits over the textarea with the same keys: it writes each edit into the
    // textarea (an input event) and checks by pressing Ctrl+Enter on it.
    let escaped = use_mut_ref(|| false);
    let on_code_blur = {
        let escaped = escaped.clone();
        Callback::from(move |_: FocusEvent| *escaped.borrow_mut() = false)
    };
    let on_code_key = {
        let d = card.dispatcher();
        let submit = submit.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let after_escape = std::mem::replace(&mut *escaped.borrow_mut(), key == "Escape");
            if key == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                submit();
                return;
            }
            if key != "Tab" || e.shift_key() || after_escape {
                return;
            }
            let Some(area) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            else {
                return;
            };
            e.prevent_default();
            let (Ok(Some(start)), Ok(Some(end))) = (area.selection_start(), area.selection_end())
            else {
                return;
            };
            let _ = area.set_range_text_with_start_and_end_and_mode("    ", start, end, "end");
            d.dispatch(CardAction::Type(area.value()));
        })
    };

    let body = match question.kind {
        Kind::Choice => {
            let many = question.many;
            let options = question.choices.len();
            let picked = card.picked();
            html! {
                <fieldset class="choices">
                    <legend>{ if many { t.choose_all } else { t.choose_one } }</legend>
                    { for question.choices.iter().enumerate().map(|(k, choice)| {
                        let letter = quiz::text::letter(k);
                        let checked = picked.contains(&letter);
                        let on_change = {
                            let d = card.dispatcher();
                            Callback::from(move |_: Event| d.dispatch(CardAction::Choose { k, options, many }))
                        };
                        html! {
                            <label class="choice">
                                <input type={if many { "checkbox" } else { "radio" }} name={format!("{}-choice", question.id)}
                                    value={letter.to_string()} checked={checked} onchange={on_change} />
                                <strong>{ format!("{letter}. ") }</strong>{ choice.label.get(ql).to_string() }
                            </label>
                        }
                    }) }
                </fieldset>
            }
        }
        Kind::Code => html! {
            <div class="code-answer">
                <pre class="template"><code>{ question.template().unwrap_or_default() }</code></pre>
                <label for={input_id.clone()}>{ t.your_answer }</label>
                <textarea id={input_id.clone()} class="code" data-role="code-answer" spellcheck="false" rows="4"
                    value={card.answer.clone()} oninput={on_code} onkeydown={on_code_key} onblur={on_code_blur} />
                <p class="help">{ t.code_help }{ " " }{ t.code_keys }</p>
            </div>
        },
        Kind::Number | Kind::Tuple => html! {
            <div class="text-answer">
                <label for={input_id.clone()}>{ t.your_answer }</label>
                <input id={input_id.clone()} type="text" data-role="answer" autocomplete="off" spellcheck="false"
                    inputmode="text" value={card.answer.clone()} oninput={on_text} />
                if question.kind == Kind::Tuple { <p class="help">{ t.tuple_help }</p> }
                if asked.wants_word() { <p class="help">{ t.word_help }</p> }
            </div>
        },
    };

    let waiting = match (card.waiting, card.unanswered) {
        // Until the moment passes, the last verdict stays.
        (Some(_), _) if !card.slow => None,
        (Some(_), _) => Some(html! {
            <p class="feedback checking" data-role="checking">{ t.checking }</p>
        }),
        (None, Some(why)) => Some(html! {
            <p class="feedback wrong" data-role="check-stopped">{
                if why == Unanswered::Stopped { t.check_stopped } else { t.check_failed }
            }</p>
        }),
        (None, None) => None,
    };
    let feedback = card.verdict.as_ref().filter(|_| waiting.is_none()).map(|v| {
        // A syntax error's feedback ends with the learner's line and a caret under it: those
        // lines keep their spaces.
        let text = v.feedback.get(ql);
        let (words, lines) = text.split_once('\n').unwrap_or((text, ""));
        html! {
            <>
            <p class={classes!("feedback", if v.correct { "right" } else { "wrong" })} data-role="feedback"
                data-diagnosis={v.diagnosis} data-correct={v.correct.to_string()}>
                // A right answer's feedback is the word itself ("Correct."): said once; a code
                // answer's cost follows it, in plain words, with its numbers as attributes.
                if let Some((head, cost)) = v.cost.as_ref().filter(|_| v.correct).and_then(|c| {
                    let said = c.said.get(ql);
                    Some((words.strip_suffix(said)?.trim_end(), (c, said)))
                }) {
                    <strong>{ format!("✓ {head}") }</strong>{ " " }
                    <span data-role="cost" data-peak-bytes={cost.0.peak_bytes.to_string()}
                        data-result-is-view={cost.0.result_is_view.to_string()}>{ cost.1.to_string() }</span>
                } else if v.correct {
                    <strong>{ format!("✓ {}", words) }</strong>
                } else {
                    <strong>{ if v.diagnosis == "unreadable" { "?".to_string() } else { format!("✗ {}", t.not_yet) } }</strong>
                    { " " }{ words.to_string() }
                }
            </p>
            if !lines.is_empty() { <pre class="feedback-lines" data-role="caret">{ lines.to_string() }</pre> }
            if let Some(p) = &v.printed {
                <p class="printed">{ p.label.get(ql).to_string() }</p>
                <pre data-role="printed">{ p.output.clone() }</pre>
            }
            </>
        }
    });
    let toggle = |action: CardAction| {
        let d = card.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
    };
    // The lab draws what the question asks (the strides, the value): it opens after a first try
    // (in this visit or an earlier one), with the array the question is about.
    let tried = last.is_some()
        || card
            .verdict
            .as_ref()
            .is_some_and(|v| v.diagnosis != "unreadable");
    let lab_program = card.explained.as_ref().and_then(|e| e.lab_program.clone());
    let open = on_open.clone().filter(|_| tried).and_then(|on_open| {
        let program = lab_program?;
        Some(Callback::from(move |e: MouseEvent| {
            on_open.emit(program.clone());
            show_the_lab(&e);
        }))
    });
    // Unfolding the worked answer asks for it again if its request was stopped.
    let on_worked = {
        let (d, unexplained) = (card.dispatcher(), card.unexplained());
        Callback::from(move |_: MouseEvent| {
            if unexplained {
                explain(None);
            }
            d.dispatch(CardAction::ToggleWorked);
        })
    };
    let hint = asked.hint();
    html! {
        <article class="quiz-card" data-question={question.id.to_string()} data-kind={question.kind.name()}
            data-variant={asked.variant().map(|(n, _)| n.to_string())}>
            <p class="prompt">{ question.prompt.get(ql).to_string() }</p>
            if let Some((n, count)) = asked.variant().filter(|(_, count)| *count > 1) {
                <p class="help variant" data-role="variant">{ fill(t.variant_of, &[
                    ("n", &crate::intl::number(n as i64 + 1, lang)),
                    ("count", &crate::intl::number(count as i64, lang)),
                    ("seed", &seed.to_string()),
                ]) }</p>
            }
            <form onsubmit={on_submit}>
                { body }
                <div class="quiz-actions">
                    <button type="submit" class="run" data-role="check">{ t.check }</button>
                    if !hint.get(ql).is_empty() {
                        <button type="button" data-role="hint" aria-expanded={card.hint.to_string()} onclick={toggle(CardAction::ToggleHint)}>{ t.hint }</button>
                    }
                    <button type="button" data-role="worked" aria-expanded={card.worked.to_string()} onclick={on_worked}>{ t.worked }</button>
                    if let Some(open) = open {
                        <button type="button" data-role="open" onclick={open}>{ t.open_in_lab }</button>
                    }
                </div>
            </form>
            <div aria-live="polite">{ waiting.unwrap_or_default() }{ feedback.unwrap_or_default() }</div>
            if card.hint && !hint.get(ql).is_empty() { <p class="hint" data-role="hint-text">{ hint.get(ql).to_string() }</p> }
            if card.worked {
                <p class="worked" data-role="worked-text">{
                    card.explained.as_ref().map_or(t.working_out, |e| e.worked.get(ql)).to_string()
                }</p>
            }
        </article>
    }
}
