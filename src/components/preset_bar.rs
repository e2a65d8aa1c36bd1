//! The examples one click away: the lesson's seven arrays in a row, then one group per theme of
//! the other seeds. Each button's text is its array's expression.
//!
//! They are one ARIA toolbar: a single Tab stop (the example last focused, else the one shown),
//! and the arrow keys, Home and End move among the buttons and the "More examples" summary,
//! taking in the other groups while they are open. So the array is a few Tabs from the top.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::use_lang;
use crate::presets::{LESSON, MORE};

/// Props of [`PresetBar`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The example shown, if any (a position in `presets::all`).
    pub current: Option<usize>,
    /// Called with the example's position when its button is pressed.
    pub on_choose: Callback<usize>,
}

/// The item of the toolbar that is its Tab stop: an example, or the summary of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Example(usize),
    More,
}

impl Stop {
    fn attribute(self) -> String {
        match self {
            Stop::Example(k) => k.to_string(),
            Stop::More => "more".into(),
        }
    }

    fn parse(text: &str) -> Option<Stop> {
        match text {
            "more" => Some(Stop::More),
            k => k.parse().ok().map(Stop::Example),
        }
    }
}

/// The toolbar's items in order: the lesson's examples, the summary, and the other groups' when
/// they are open.
fn items(open: bool) -> Vec<Stop> {
    let lesson = (0..LESSON.len()).map(Stop::Example);
    let others = LESSON.len()..crate::presets::all().count();
    let mut items: Vec<Stop> = lesson.chain([Stop::More]).collect();
    if open {
        items.extend(others.map(Stop::Example));
    }
    items
}

/// The item an event happened on.
fn stop_of(e: &Event) -> Option<Stop> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    Stop::parse(
        &el.closest("[data-stop]")
            .ok()??
            .get_attribute("data-stop")?,
    )
}

/// The examples as buttons.
#[function_component(PresetBar)]
pub fn preset_bar(props: &Props) -> Html {
    crate::renders::count("PresetBar");
    let Props { current, on_choose } = props;
    let lang = use_lang();
    let t = lang.t();
    let toolbar = use_node_ref();
    let more_shown = |c: &Option<usize>| c.is_some_and(|k| k >= LESSON.len());
    let open = use_state(|| more_shown(current));
    let chosen = use_state(|| None::<Stop>);
    // An example of the other groups, shown from outside (a link, a typed program), opens them.
    {
        let open = open.clone();
        use_effect_with(*current, move |current| {
            if more_shown(current) {
                open.set(true);
            }
        });
    }
    // The Tab stop: the item last focused, while it can take the focus; else the example shown.
    let stop = match *chosen {
        Some(Stop::Example(k)) if k >= LESSON.len() && !*open => Stop::More,
        Some(s) => s,
        None => match *current {
            Some(k) if k < LESSON.len() || *open => Stop::Example(k),
            Some(_) => Stop::More,
            None => Stop::Example(0),
        },
    };
    let tabindex = |s: Stop| if s == stop { "0" } else { "-1" };
    let on_focusin = {
        let chosen = chosen.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(stop) = stop_of(&e) {
                chosen.set(Some(stop));
            }
        })
    };
    let on_keydown = {
        let toolbar = toolbar.clone();
        let open = *open;
        Callback::from(move |e: KeyboardEvent| {
            let items = items(open);
            let Some(last) = items.len().checked_sub(1) else {
                return;
            };
            let Some(here) = stop_of(&e).and_then(|s| items.iter().position(|i| *i == s)) else {
                return;
            };
            let next = match e.key().as_str() {
                "ArrowRight" | "ArrowDown" => {
                    if here == last {
                        0
                    } else {
                        here + 1
                    }
                }
                "ArrowLeft" | "ArrowUp" => here.checked_sub(1).unwrap_or(last),
                "Home" => 0,
                "End" => last,
                _ => return,
            };
            e.prevent_default();
            let target = items.get(next).and_then(|s| {
                let root = toolbar.cast::<web_sys::Element>()?;
                let selector = format!("[data-stop=\"{}\"]", s.attribute());
                root.query_selector(&selector)
                    .ok()??
                    .dyn_into::<web_sys::HtmlElement>()
                    .ok()
            });
            if let Some(el) = target {
                let _ = el.focus();
            }
        })
    };
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(d) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                open.set(d.has_attribute("open"));
            }
        })
    };
    let button = |k: usize, label: &'static str| {
        let on_click = {
            let on_choose = on_choose.clone();
            Callback::from(move |_| on_choose.emit(k))
        };
        let s = Stop::Example(k);
        html! {
            <button type="button" class="preset" aria-pressed={if *current == Some(k) { "true" } else { "false" }}
                data-stop={s.attribute()} tabindex={tabindex(s)} onclick={on_click}>
                <code>{ label }</code>
            </button>
        }
    };
    let mut k = LESSON.len();
    let groups = MORE.iter().enumerate().map(|(n, g)| {
        let first = k;
        k += g.examples.len();
        let title = t.more_groups.get(n).copied().unwrap_or_default();
        html! {
            <div class="preset-group" role="group" aria-label={title}>
                <span class="group-title">{ title }</span>
                { for g.examples.iter().enumerate().map(|(j, e)| button(first + j, e.label)) }
            </div>
        }
    });
    html! {
        <nav class="examples" aria-label={t.lesson_arrays}>
            <div ref={toolbar} class="examples-toolbar" role="toolbar" aria-label={t.lesson_arrays}
                onfocusin={on_focusin} onkeydown={on_keydown}>
                <div class="presets">
                    { for LESSON.iter().enumerate().map(|(k, e)| button(k, e.label)) }
                </div>
                <details class="more" open={*open} ontoggle={on_toggle}>
                    <summary data-stop={Stop::More.attribute()} tabindex={tabindex(Stop::More)}>{ t.more_examples }</summary>
                    { for groups }
                </details>
            </div>
        </nav>
    }
}
