//! The row of buttons, one per array of the lesson, each labelled with its expression.

use yew::prelude::*;

use crate::presets::LESSON;

/// Props of [`PresetBar`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The preset shown, if any.
    pub current: Option<usize>,
    /// Called with the preset's position when its button is pressed.
    pub on_choose: Callback<usize>,
}

/// The lesson's arrays as buttons.
#[function_component(PresetBar)]
pub fn preset_bar(props: &Props) -> Html {
    let Props { current, on_choose } = props;
    html! {
        <div class="presets" role="toolbar" aria-label="Arrays of the lesson">
            { for LESSON.iter().enumerate().map(|(k, preset)| {
                let on_click = { let on_choose = on_choose.clone(); Callback::from(move |_| on_choose.emit(k)) };
                let pressed = if *current == Some(k) { "true" } else { "false" };
                html! {
                    <button type="button" class="preset" aria-pressed={pressed} onclick={on_click}>
                        <code>{ preset.label }</code>
                    </button>
                }
            }) }
        </div>
    }
}
