//! What the program printed, under the program box: a `<pre data-role="stdout">` labelled
//! "Output", inside a polite live region, absent when nothing was printed, scrolling when long.
//! A program that fails still shows what it printed before the error.

use yew::prelude::*;

use super::{use_lang, use_unique_id};

/// Props of [`StdoutView`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// What `print` wrote (Python's stdout).
    pub text: AttrValue,
}

/// The program's printed output.
#[function_component(StdoutView)]
pub fn stdout_view(props: &Props) -> Html {
    crate::renders::count("StdoutView");
    let t = use_lang().t();
    let id = use_unique_id("stdout");
    // The region is always there, so that a screen reader announces new output in it.
    html! {
        <div class="stdout" aria-live="polite">
            if !props.text.is_empty() {
                <h2 class="stdout-label" id={id.clone()}>{ t.output }</h2>
                <pre data-role="stdout" tabindex="0" aria-labelledby={id}>{ props.text.trim_end_matches('\n').to_string() }</pre>
            }
        </div>
    }
}
