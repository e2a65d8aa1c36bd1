//! What was wrong with the options an embedding page gave: listed above the whole lab, across its
//! full width, until the reader dismisses it (new problems show again).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::use_lang;
use crate::options::Problem;

/// Props of [`Problems`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The problems.
    pub problems: Vec<Problem>,
}

/// The list of problems, with a button that hides it.
#[function_component(Problems)]
pub fn problems(props: &Props) -> Html {
    let Props { problems } = props;
    let lang = use_lang();
    let t = lang.t();
    // The problems dismissed: the same list stays hidden, a different one shows.
    let dismissed = use_state(|| None::<Vec<Problem>>);
    if problems.is_empty() || dismissed.as_ref() == Some(problems) {
        return html! {};
    }
    let on_dismiss = {
        let (dismissed, problems) = (dismissed.clone(), problems.clone());
        Callback::from(move |e: MouseEvent| {
            // The button goes away: the focus moves on to the lab's first control, not to the page.
            let next = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|b| b.closest(".strides-lab").ok().flatten())
                .and_then(|lab| {
                    lab.query_selector(".lab-column button, .quiz-column button")
                        .ok()
                        .flatten()
                })
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
            dismissed.set(Some(problems.clone()));
            if let Some(next) = next {
                let _ = next.focus();
            }
        })
    };
    html! {
        <div class="problems" data-role="problems" role="status">
            <ul>
                { for problems.iter().map(|p| html! { <li>{ p.text(lang) }</li> }) }
            </ul>
            <button type="button" data-role="dismiss-problems" onclick={on_dismiss}>{ t.dismiss }</button>
        </div>
    }
}
