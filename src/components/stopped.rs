//! A run that did not finish: the learner pressed Stop, or it ran past the page's time limit.
//! The lab says so in the learner's words and stays usable: the program box is there to change
//! the program and run it again.

use lab_protocol::Stopped;
use yew::prelude::*;

use super::use_lang;

/// Props of [`StoppedView`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// Why it stopped.
    pub why: Stopped,
}

/// What the lab says of a run that did not finish.
#[function_component(StoppedView)]
pub fn stopped_view(props: &Props) -> Html {
    let t = use_lang().t();
    let text = match props.why {
        Stopped::ByLearner => t.stopped_by_learner.to_string(),
        Stopped::TimeLimit(ms) => crate::i18n::fill(
            t.stopped_time_limit,
            &[("seconds", &(ms.div_ceil(1000)).to_string())],
        ),
    };
    html! {
        <section class="error-view stopped" data-role="stopped" role="status">
            <p>{ text }</p>
        </section>
    }
}
