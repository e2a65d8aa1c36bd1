//! The lab: the lesson's arrays as buttons, the chosen array as a grid, its memory as a row, and
//! the facts of its layout.

use std::rc::Rc;

use yew::prelude::*;

use super::Shared;
use super::array_grid::ArrayGrid;
use super::facts::Facts;
use super::memory_row::MemoryRow;
use super::preset_bar::PresetBar;
use crate::presets::LESSON;
use crate::state::{Action, Evaluated, Focus, LabState};

/// The whole lab.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(LabState::initial);
    let on_choose = {
        let dispatcher = state.dispatcher();
        Callback::from(move |k: usize| dispatcher.dispatch(Action::Preset(k)))
    };
    let on_focus = {
        let dispatcher = state.dispatcher();
        Callback::from(move |f: Focus| dispatcher.dispatch(Action::Focus(f)))
    };
    let label: AttrValue = state.preset.and_then(|k| LESSON.get(k)).map_or_else(
        || AttrValue::from(state.program.to_string()),
        |p| AttrValue::from(p.label),
    );
    let selection = Shared(Rc::new(state.selection()));
    let active = match state.focus {
        Some(Focus::Cell(flat)) => flat,
        _ => 0,
    };
    let body = match state.result.as_ref() {
        Evaluated::Array(picture) => {
            let picture = Shared(Rc::clone(picture));
            html! {
                <>
                    <section class="array-view" aria-label="The array">
                        <h2><code>{ label.clone() }</code></h2>
                        <ArrayGrid picture={picture.clone()} selection={selection.clone()} active={active}
                            label={label.clone()} on_focus={on_focus.clone()} />
                    </section>
                    <section class="memory-view" aria-label="Its memory">
                        <h2>{ if picture.is_copy() { "Its own memory" } else { "Memory" } }</h2>
                        <MemoryRow picture={picture.clone()} selection={selection.clone()} on_focus={on_focus} />
                    </section>
                    <Facts picture={picture} label={label} rule={selection.rule.clone().map(AttrValue::from)} />
                </>
            }
        }
        Evaluated::Other(text) => {
            html! { <p class="other" data-role="value"><code>{ text }</code></p> }
        }
        Evaluated::Error(e) => {
            html! { <p class="error" data-role="error" role="alert">{ e.headline() }</p> }
        }
    };
    html! {
        <div class="strides-lab">
            <PresetBar current={state.preset} on_choose={on_choose} />
            { body }
        </div>
    }
}
