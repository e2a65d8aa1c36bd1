//! The expression box: the learner types a program (statements on lines or separated by `;`);
//! Enter runs it, Shift+Enter adds a line. What the learner types is theirs until they run it or
//! choose another program: the box is not a controlled field, so no re-render (a pointer crossing
//! the grid, a change of units) ever puts the shown program back over a draft.
//!
//! When the box is first focused, `web/strides-lab.js` loads the code editor (`web/editor/`,
//! CodeMirror 6 with Python), which sits over this textarea: it writes each edit into the textarea,
//! shows what this component writes into it, and runs the program by pressing Ctrl+Enter on it
//! (Enter there runs only a finished program). The textarea stays the component's field.

use yew::prelude::*;

use super::{Shared, use_lang, use_unique_id};

/// Props of [`ExpressionBox`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The program shown, compared by identity: each program chosen or run is a new one (the same
    /// example chosen again replaces a draft), while re-renders keep the same one.
    pub program: Shared<str>,
    /// Called with the text to run.
    pub on_run: Callback<String>,
    /// Whether the engine is running the program (its reply is pending).
    #[prop_or_default]
    pub running: bool,
}

/// How long a run may take before the box says it is running: quick runs never flicker.
const RUNNING_AFTER_MS: i32 = 150;

/// A textarea and a Run button.
#[function_component(ExpressionBox)]
pub fn expression_box(props: &Props) -> Html {
    crate::renders::count("ExpressionBox");
    let Props {
        program,
        on_run,
        running,
    } = props;
    let t = use_lang().t();
    // Said only once a run has taken a while (a timer the next render's cleanup cancels).
    let slow = use_state_eq(|| false);
    {
        let slow = slow.clone();
        use_effect_with(*running, move |&running| {
            slow.set(false);
            let timer = running.then(|| after(RUNNING_AFTER_MS, move || slow.set(true)));
            move || drop(timer)
        });
    }
    let on_stop = Callback::from(|_: MouseEvent| crate::engine::stop());
    let area = use_node_ref();
    // Show a new program when the parent gives one (an example was chosen, a program was run).
    {
        let area = area.clone();
        use_effect_with(program.clone(), move |program| {
            if let Some(el) = area.cast::<web_sys::HtmlTextAreaElement>() {
                if el.value() != **program {
                    el.set_value(program);
                }
            }
        });
    }
    let run = {
        let area = area.clone();
        let on_run = on_run.clone();
        move || {
            if let Some(el) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_run.emit(el.value());
            }
        }
    };
    let on_keydown = {
        let run = run.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !e.shift_key() {
                e.prevent_default();
                run();
            }
        })
    };
    let on_click = Callback::from(move |_: MouseEvent| run());
    // A row per line (the stylesheet grows the box with wrapped lines too).
    let rows = program.lines().count().max(2).to_string();
    let id = use_unique_id("program");
    let help = format!("{id}-help");
    html! {
        <div class="expression">
            <label for={id.clone()} class="label">{ t.program }</label>
            <textarea ref={area} id={id} data-role="expression" spellcheck="false" autocapitalize="off"
                autocomplete="off" rows={rows} aria-describedby={help.clone()} defaultvalue={program.to_string()}
                onkeydown={on_keydown} />
            <div class="expression-actions">
                <button type="button" class="run" onclick={on_click}>{ t.run }</button>
                if *running && *slow {
                    <span class="running" data-role="running" role="status">
                        { if crate::engine::started() { t.running } else { t.engine_starting } }
                    </span>
                    <button type="button" class="stop" data-role="stop" onclick={on_stop}>{ t.stop }</button>
                }
                <span id={help} class="help">{ t.program_help }</span>
            </div>
        </div>
    }
}

/// A timer that calls `then` after `ms` milliseconds unless it is dropped first.
struct Timer {
    id: Option<i32>,
    _then: wasm_bindgen::closure::Closure<dyn FnMut()>,
}

/// Calls `then` after `ms` milliseconds, until the returned timer is dropped.
fn after(ms: i32, then: impl FnMut() + 'static) -> Timer {
    let then = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(then);
    let id = web_sys::window().and_then(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(
            wasm_bindgen::JsCast::unchecked_ref(then.as_ref()),
            ms,
        )
        .ok()
    });
    Timer { id, _then: then }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let (Some(id), Some(w)) = (self.id, web_sys::window()) {
            w.clear_timeout_with_handle(id);
        }
    }
}
