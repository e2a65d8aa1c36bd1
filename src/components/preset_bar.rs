//! The examples one click away: the lesson's seven arrays in a row, then one group per theme of
//! the other seeds. Each button's text is its array's expression.

use yew::prelude::*;

use super::use_lang;
use crate::i18n::Lang;
use crate::presets::{LESSON, MORE};

/// Props of [`PresetBar`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The example shown, if any (a position in `presets::all`).
    pub current: Option<usize>,
    /// Called with the example's position when its button is pressed.
    pub on_choose: Callback<usize>,
}

/// The examples as buttons.
#[function_component(PresetBar)]
pub fn preset_bar(props: &Props) -> Html {
    let Props { current, on_choose } = props;
    let lang = use_lang();
    let t = lang.t();
    let button = |k: usize, label: &'static str| {
        let on_click = {
            let on_choose = on_choose.clone();
            Callback::from(move |_| on_choose.emit(k))
        };
        html! {
            <button type="button" class="preset" aria-pressed={if *current == Some(k) { "true" } else { "false" }}
                onclick={on_click}>
                <code>{ label }</code>
            </button>
        }
    };
    let mut k = LESSON.len();
    let groups = MORE.iter().map(|g| {
        let first = k;
        k += g.examples.len();
        let title = if lang == Lang::Es { g.es } else { g.en };
        html! {
            <div class="preset-group" role="group" aria-label={title}>
                <span class="group-title">{ title }</span>
                { for g.examples.iter().enumerate().map(|(j, e)| button(first + j, e.label)) }
            </div>
        }
    });
    html! {
        <nav class="examples" aria-label={t.lesson_arrays}>
            <div class="presets" role="toolbar" aria-label={t.lesson_arrays}>
                { for LESSON.iter().enumerate().map(|(k, e)| button(k, e.label)) }
            </div>
            <details class="more" open={current.is_some_and(|k| k >= LESSON.len())}>
                <summary>{ t.more_examples }</summary>
                { for groups }
            </details>
        </nav>
    }
}
