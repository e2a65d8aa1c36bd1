//! # strides-lab
//!
//! The front end of Strides Lab: a Yew app that draws an array as a grid of its values and its
//! memory as one row of cells, and shows, for the cell pointed at, the address rule with the
//! numbers filled in. It computes no layout itself: every shape, stride, start, position and read
//! count comes from `array-picture` (the picture of an array: its cells, memory cells, read
//! counts, jumps, readers, walks and windows) and `arrays` (which builds pictures, and its
//! `explain`, `facts` and `broadcast_view` modules), built on `stride-core`; the front end only
//! formats and draws.
//!
//! - [`state`]: the lab's state, actions and the pure reducer (tested natively); a program's run
//!   is kept whole, so changing the units draws it again without running it;
//! - [`quiz_state`]: the quiz panel's and each card's state and pure reducers (tested natively);
//! - [`options`], [`url`], [`lang`]: how a lab starts — URL, attributes, JS options, language;
//! - [`presets`]: the examples of the four seeds; [`i18n`]: every interface string, in English
//!   and Spanish, looked up one way;
//! - [`components`]: one component per file; [`cells`]: their drawn cells by number, indexed
//!   once per drawing for the highlight and the jumps; [`storage`]: quiz progress;
//! - [`question_files`]: the built-in question files, fetched when a quiz first shows, and an
//!   author's (`questions=`), fetched or given already parsed;
//! - [`host`]: what the host page hears and keeps: the `strides-lab:answered` event, and the
//!   quiz's state for the handle's `getState()`/`setState()`;
//! - [`engine`]: the page's side of the one boundary with the engine (a Web Worker in the bundle,
//!   linked in for the tests), and the build's replies to the first screen;
//! - [`panic`]: if a bug ever panics, every lab on the page shows a message and a reload button;
//! - [`renders`]: renders counted by component in debug builds, for the tests of what a pointer
//!   move draws again.
//!
//! In the browser, [`mount`] starts a lab in an element with options (the JS API and the
//! `<strides-lab>` element of `web/strides-lab.js` call it); [`mount_page`] starts `index.html`'s.

pub mod cells;
pub mod components;
pub mod engine;
pub mod host;
pub mod i18n;
pub mod intl;
pub mod lang;
pub mod options;
pub mod panic;
pub mod presets;
pub mod question_files;
pub mod quiz_state;
pub mod renders;
pub mod state;
pub mod storage;
pub mod url;

use wasm_bindgen::prelude::*;

use components::app::{App, Props};
use options::{Options, Problem};

/// A running lab, returned by [`mount`]: `update(options)` changes it, `destroy()` removes it,
/// `getState()`/`setState(state)` save and restore its quiz.
#[wasm_bindgen]
pub struct LabHandle {
    handle: Option<yew::AppHandle<App>>,
    element: web_sys::Element,
    /// The options as given so far: [`mount`]'s, with every `update` merged in.
    given: js_sys::Object,
    bridge: host::Bridge,
}

#[wasm_bindgen]
impl LabHandle {
    /// Changes the options `options` names and keeps the others as they are (`{units: "bytes"}`
    /// after `mount(el, {expr, panels, lang})` keeps the program, the panels and the language);
    /// an option set to `null` or `undefined` goes back to its default.
    pub fn update(&mut self, options: JsValue) {
        let mut problem = None;
        if options.is_object() {
            merge(&self.given, &options);
        } else if !options.is_undefined() && !options.is_null() {
            problem = Some(Problem::NotAnObject);
        }
        let mut options = read_options(&self.given, &self.element);
        options.problems.extend(problem);
        let props = Props {
            options,
            sync_url: false,
            persist: true,
            bridge: Some(self.bridge.clone()),
        };
        if let Some(h) = self.handle.as_mut() {
            h.update(props);
        }
    }

    /// The quiz's state, for the host to save: `{format: "strides-lab/state@1", seed, variants,
    /// answers}` (see [`host`]).
    #[wasm_bindgen(js_name = getState)]
    pub fn get_state(&self) -> JsValue {
        host::to_js(&self.bridge.latest())
    }

    /// Restores a state `getState()` gave: the answers, the variant seed and the variants.
    /// What cannot be read is left out, with a notice in the quiz.
    #[wasm_bindgen(js_name = setState)]
    pub fn set_state(&self, state: JsValue) {
        self.bridge.restore(host::from_js(&state));
    }

    /// Unmounts the lab and clears its element.
    pub fn destroy(&mut self) {
        if let Some(h) = self.handle.take() {
            h.destroy();
        }
        self.element.remove_attribute(panic::ROOT).ok();
    }
}

/// Merges `next`'s own keys into `given`: a key set to `null` or `undefined` is removed, any other
/// is set and moved last, so that of two names for the program (`expr`, `preset`) the one given
/// most recently wins.
fn merge(given: &js_sys::Object, next: &JsValue) {
    for key in js_sys::Object::keys(next.unchecked_ref::<js_sys::Object>()).iter() {
        let value = js_sys::Reflect::get(next, &key).unwrap_or(JsValue::UNDEFINED);
        let _ = js_sys::Reflect::delete_property(given, &key);
        if !value.is_undefined() && !value.is_null() {
            let _ = js_sys::Reflect::set(given, &key, &value);
        }
    }
}

/// Options from a JS object: `{expr, preset, lang, units, dtype, panels, question}`. Values may be
/// strings, numbers or arrays (for `panels`); anything else is reported.
fn read_options(value: &JsValue, element: &web_sys::Element) -> Options {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut problems = Vec::new();
    let mut given_questions = None;
    if value.is_object() {
        for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
            let Some(name) = key.as_string() else {
                continue;
            };
            let v = js_sys::Reflect::get(value, &key).unwrap_or(JsValue::UNDEFINED);
            // A question file given already parsed is read here (once per object).
            if name == "questions" && v.is_object() && !js_sys::Array::is_array(&v) {
                given_questions = Some(question_files::given(&v));
                continue;
            }
            let text = if let Some(s) = v.as_string() {
                Some(s)
            } else if v.as_f64().is_some() {
                // JS's own `String(n)` (`2` for 2): no Rust float formatting in the bundle.
                v.unchecked_ref::<js_sys::Number>()
                    .to_string_with_radix(10)
                    .ok()
                    .map(String::from)
            } else if js_sys::Array::is_array(&v) {
                Some(
                    js_sys::Array::from(&v)
                        .iter()
                        .filter_map(|x| x.as_string())
                        .collect::<Vec<_>>()
                        .join(","),
                )
            } else if v.is_undefined() || v.is_null() {
                None
            } else {
                problems.push(Problem::Unreadable(name.clone()));
                None
            };
            if let Some(text) = text {
                pairs.push((name, text));
            }
        }
    } else if !value.is_undefined() && !value.is_null() {
        problems.push(Problem::NotAnObject);
    }
    let mut options = Options::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.clone())));
    options.problems.extend(problems);
    if let Some(loaded) = given_questions {
        options.questions = Some(options::QuestionSource::Given(loaded));
    }
    if options.lang.is_none() {
        options.lang = Some(lang::detect(Some(element)));
    }
    options
}

/// Starts a lab inside `element` with `options` (`{expr: "x.T", lang: "es", units: "bytes",
/// dtype: "int32", panels: ["lab", "quiz"], question: "u1-strides-xT", questions:
/// "course/questions.json"}`, all optional; `questions` may also be the file already parsed).
#[wasm_bindgen]
pub fn mount(element: web_sys::Element, options: JsValue) -> LabHandle {
    let props = Props {
        options: read_options(&options, &element),
        sync_url: false,
        persist: true,
        bridge: Some(host::Bridge::default()),
    };
    // A copy of the options, which `update` merges into (never the caller's own object).
    let given = js_sys::Object::new();
    if options.is_object() {
        merge(&given, &options);
    }
    start(element, props, given)
}

/// Starts the page's lab inside `element`: its view comes from the URL, and the URL follows it.
#[wasm_bindgen(js_name = mountPage)]
pub fn mount_page(element: web_sys::Element) -> LabHandle {
    start(
        element,
        Props {
            options: url::read(),
            sync_url: true,
            persist: true,
            bridge: Some(host::Bridge::default()),
        },
        js_sys::Object::new(),
    )
}

fn start(element: web_sys::Element, props: Props, given: js_sys::Object) -> LabHandle {
    panic::install();
    let _ = element.set_attribute(panic::ROOT, "");
    let bridge = props.bridge.clone().unwrap_or_default();
    let handle = yew::Renderer::<App>::with_root_and_props(element.clone(), props).render();
    // The engine starts loading now, beside the first screen, which draws without it.
    engine::warm();
    LabHandle {
        handle: Some(handle),
        element,
        given,
        bridge,
    }
}
