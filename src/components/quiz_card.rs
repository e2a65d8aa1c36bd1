//! One question: its prompt, an answer box (a text field, choices, or a code blank), the check with
//! its feedback, a hint, the worked answer, and a way to open its array in the lab.

use std::rc::Rc;

use quiz::{Kind, Question, Verdict};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{use_lang, use_unique_id};
use crate::i18n::Lang;

/// Props of [`QuizCard`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The question.
    pub question: Rc<Question>,
    /// Called with the answer and its verdict after each check.
    pub on_checked: Callback<(String, bool)>,
    /// Called with a program to open in the lab (`None` when no lab shows).
    pub on_open: Option<Callback<String>>,
    /// The last answer given, if any (from stored progress).
    #[prop_or_default]
    pub last: Option<AttrValue>,
}

fn quiz_lang(lang: Lang) -> quiz::Lang {
    match lang {
        Lang::En => quiz::Lang::En,
        Lang::Es => quiz::Lang::Es,
    }
}

/// Brings the lab the button belongs to into view: on a phone it is above the quiz, out of sight.
fn show_the_lab(e: &MouseEvent) {
    let lab = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|button| button.closest(".strides-lab").ok().flatten())
        .and_then(|root| root.query_selector(".lab-column").ok().flatten());
    if let Some(lab) = lab {
        lab.scroll_into_view();
    }
}

/// A question card.
#[function_component(QuizCard)]
pub fn quiz_card(props: &Props) -> Html {
    let Props {
        question,
        on_checked,
        on_open,
        last,
    } = props;
    let lang = use_lang();
    let t = lang.t();
    let ql = quiz_lang(lang);
    let answer = use_state(|| last.as_ref().map(|l| l.to_string()).unwrap_or_default());
    let verdict = use_state(|| None::<Verdict>);
    let show_hint = use_state(|| false);
    let show_worked = use_state(|| false);
    let input_id = use_unique_id("answer");
    // A new question starts clean.
    {
        let (answer, verdict, show_hint, show_worked) = (
            answer.clone(),
            verdict.clone(),
            show_hint.clone(),
            show_worked.clone(),
        );
        let last = last.clone();
        use_effect_with(question.id.to_string(), move |_| {
            answer.set(last.map(|l| l.to_string()).unwrap_or_default());
            verdict.set(None);
            show_hint.set(false);
            show_worked.set(false);
        });
    }

    let submit = {
        let (answer, verdict, question, on_checked) = (
            answer.clone(),
            verdict.clone(),
            Rc::clone(question),
            on_checked.clone(),
        );
        move || {
            let v = quiz::check(&question, &answer);
            // An empty or unreadable answer is asked again, not counted as a try.
            if v.diagnosis != "unreadable" {
                on_checked.emit(((*answer).clone(), v.correct));
            }
            verdict.set(Some(v));
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
        let answer = answer.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                answer.set(v.value());
            }
        })
    };
    let on_code = {
        let answer = answer.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                answer.set(v.value());
            }
        })
    };
    // The code editors' convention: Tab indents, but Escape then Tab (or Shift+Tab) moves the
    // focus on; Ctrl+Enter or Cmd+Enter checks.
    let escaped = use_mut_ref(|| false);
    let on_code_blur = {
        let escaped = escaped.clone();
        Callback::from(move |_: FocusEvent| *escaped.borrow_mut() = false)
    };
    let on_code_key = {
        let answer = answer.clone();
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
            answer.set(area.value());
        })
    };

    let body = match question.kind {
        Kind::Choice => {
            let many = question.many;
            let options = question.choices.len();
            let picked: Vec<char> = answer
                .chars()
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase())
                .collect();
            html! {
                <fieldset class="choices">
                    <legend>{ if many { t.choose_all } else { t.choose_one } }</legend>
                    { for question.choices.iter().enumerate().map(|(k, choice)| {
                        let letter = quiz::text::letter(k);
                        let checked = picked.contains(&letter);
                        let on_change = {
                            let answer = answer.clone();
                            Callback::from(move |_: Event| {
                                let mut current: Vec<char> = answer.chars().filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_uppercase()).collect();
                                if many {
                                    if let Some(i) = current.iter().position(|&c| c == letter) { current.remove(i); } else { current.push(letter); }
                                    // In letter order, each once (no sort's code in the bundle).
                                    current = (0..options).map(quiz::text::letter).filter(|l| current.contains(l)).collect();
                                } else {
                                    current = vec![letter];
                                }
                                answer.set(current.iter().map(char::to_string).collect::<Vec<_>>().join(", "));
                            })
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
                    value={(*answer).clone()} oninput={on_code} onkeydown={on_code_key} onblur={on_code_blur} />
                <p class="help">{ t.code_help }{ " " }{ t.code_keys }</p>
            </div>
        },
        Kind::Number | Kind::Tuple => html! {
            <div class="text-answer">
                <label for={input_id.clone()}>{ t.your_answer }</label>
                <input id={input_id.clone()} type="text" data-role="answer" autocomplete="off" spellcheck="false"
                    inputmode="text" value={(*answer).clone()} oninput={on_text} />
                if question.kind == Kind::Tuple { <p class="help">{ t.tuple_help }</p> }
            </div>
        },
    };

    let feedback = verdict.as_ref().map(|v| {
        // A syntax error's feedback ends with the learner's line and a caret under it: those
        // lines keep their spaces.
        let text = v.feedback.get(ql);
        let (words, lines) = text.split_once('\n').unwrap_or((text, ""));
        html! {
            <>
            <p class={classes!("feedback", if v.correct { "right" } else { "wrong" })} data-role="feedback"
                data-diagnosis={v.diagnosis} data-correct={v.correct.to_string()}>
                // A right answer's feedback is the word itself ("Correct."): said once.
                if v.correct {
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
    let toggle = |flag: UseStateHandle<bool>| Callback::from(move |_: MouseEvent| flag.set(!*flag));
    // The lab draws what the question asks (the strides, the value): it opens after a first try
    // (in this visit or an earlier one), with the array the question is about.
    let tried = last.is_some()
        || verdict
            .as_ref()
            .is_some_and(|v| v.diagnosis != "unreadable");
    let lab_program = {
        let q = Rc::clone(question);
        use_memo(question.id.to_string(), move |_| quiz::lab_program(&q))
    };
    let open = on_open.clone().filter(|_| tried).and_then(|on_open| {
        let program = lab_program.as_ref().clone()?;
        Some(Callback::from(move |e: MouseEvent| {
            on_open.emit(program.clone());
            show_the_lab(&e);
        }))
    });
    html! {
        <article class="quiz-card" data-question={question.id.to_string()} data-kind={question.kind.name()}>
            <p class="prompt">{ question.prompt.get(ql).to_string() }</p>
            <form onsubmit={on_submit}>
                { body }
                <div class="quiz-actions">
                    <button type="submit" class="run" data-role="check">{ t.check }</button>
                    <button type="button" data-role="hint" aria-expanded={show_hint.to_string()} onclick={toggle(show_hint.clone())}>{ t.hint }</button>
                    <button type="button" data-role="worked" aria-expanded={show_worked.to_string()} onclick={toggle(show_worked.clone())}>{ t.worked }</button>
                    if let Some(open) = open {
                        <button type="button" data-role="open" onclick={open}>{ t.open_in_lab }</button>
                    }
                </div>
            </form>
            <div aria-live="polite">{ feedback.unwrap_or_default() }</div>
            if *show_hint { <p class="hint" data-role="hint-text">{ quiz::hint(question).get(ql).to_string() }</p> }
            if *show_worked { <p class="worked" data-role="worked-text">{ quiz::worked_answer(question).get(ql).to_string() }</p> }
        </article>
    }
}
