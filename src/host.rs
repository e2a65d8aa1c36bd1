//! What the host page hears and keeps: each answer as a `strides-lab:answered` event on the lab's
//! element ([`announce`]), and the quiz's state for `getState()`/`setState()` ([`Bridge`],
//! [`to_js`], [`from_js`]). The quiz panel talks to the handle `mount()` returned through a
//! [`Bridge`]: it publishes its state there after each change, and takes a host's state from it.
//!
//! The state a host saves is a plain object, stable across versions of the lab:
//!
//! ```text
//! {format: "strides-lab/state@1", seed: 4821, variants: {"c1-strides-transpose": 1},
//!  answers: {"c1-strides-transpose": {answered: 2, correct: true, last: "(1, 15, 5)"}}}
//! ```

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use yew::Callback;

use crate::quiz_state::{Answered, Snapshot};

/// The `format` of a saved state.
pub const STATE_FORMAT: &str = "strides-lab/state@1";
/// The event each answer dispatches.
pub const ANSWERED: &str = "strides-lab:answered";

/// A state a host restores (`None`: it could not be read, and nothing changes), with a notice when
/// some or all of it could not be read.
pub type Restored = (Option<Snapshot>, Option<quiz::Text>);

#[derive(Default)]
struct Inner {
    latest: Snapshot,
    restore: Option<Callback<Restored>>,
    pending: Option<Restored>,
}

/// Between a lab's handle and its quiz panel (compared by identity).
#[derive(Clone, Default)]
pub struct Bridge(Rc<RefCell<Inner>>);

impl PartialEq for Bridge {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Bridge {
    /// The quiz's state now (as its panel last published it).
    pub fn latest(&self) -> Snapshot {
        self.0.borrow().latest.clone()
    }

    /// The panel's state after a change.
    pub fn publish(&self, snapshot: Snapshot) {
        self.0.borrow_mut().latest = snapshot;
    }

    /// A host's state: to the panel now, or once it connects.
    pub fn restore(&self, restored: Restored) {
        if let Some(s) = &restored.0 {
            self.0.borrow_mut().latest = s.clone();
        }
        let to = self.0.borrow().restore.clone();
        match to {
            Some(to) => to.emit(restored),
            None => self.0.borrow_mut().pending = Some(restored),
        }
    }

    /// The panel takes the states hosts give from now on (`None`: it is gone); a state given
    /// before it connected comes back, to apply first.
    pub fn connect(&self, to: Option<Callback<Restored>>) -> Option<Restored> {
        let mut inner = self.0.borrow_mut();
        inner.restore = to;
        inner.pending.take()
    }
}

fn set(object: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn number(n: u64) -> JsValue {
    // Seeds and counts are far below 2^53: exact as JS numbers.
    JsValue::from_f64(n as f64)
}

/// `answered` as the event's `detail`: `{questionId, variant, response, correct, diagnosis,
/// attempt}` (`variant` is `null` for a practice question).
pub fn detail(answered: &Answered) -> JsValue {
    let d = Object::new();
    set(&d, "questionId", &JsValue::from_str(&answered.question_id));
    let variant = answered.variant.map_or(JsValue::NULL, |n| number(n as u64));
    set(&d, "variant", &variant);
    set(&d, "response", &JsValue::from_str(&answered.response));
    set(&d, "correct", &JsValue::from_bool(answered.correct));
    set(&d, "diagnosis", &JsValue::from_str(answered.diagnosis));
    set(&d, "attempt", &number(u64::from(answered.attempt)));
    d.into()
}

/// Dispatches `strides-lab:answered` on `element` (the lab's own), bubbling and composed so that
/// a listener on the document, or outside a shadow root, hears it.
pub fn announce(element: &web_sys::Element, answered: &Answered) {
    let init = web_sys::CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(&detail(answered));
    if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(ANSWERED, &init) {
        let _ = element.dispatch_event(&event);
    }
}

/// The state as a host saves it (see the module docs).
pub fn to_js(snapshot: &Snapshot) -> JsValue {
    let state = Object::new();
    set(&state, "format", &JsValue::from_str(STATE_FORMAT));
    set(&state, "seed", &snapshot.seed.map_or(JsValue::NULL, number));
    let variants = Object::new();
    for (id, n) in &snapshot.variants {
        set(&variants, id, &number(*n as u64));
    }
    set(&state, "variants", &variants);
    // The answers as progress stores them, parsed by the browser.
    let answers = js_sys::JSON::parse(&snapshot.progress.to_text())
        .map(|p| get(&p, "questions"))
        .unwrap_or_else(|_| Object::new().into());
    set(&state, "answers", &answers);
    state.into()
}

/// A whole number `0 ≤ n < 2^53` from a JS value.
fn whole(value: &JsValue) -> Option<u64> {
    let x = value.as_f64()?;
    (x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x < 9_007_199_254_740_992.0)
        .then_some(x as u64)
}

/// A state a host saved, read forgivingly: answers that cannot be read are left out with a
/// notice, as stored progress is; a seed or a variant that is no whole number is ignored.
pub fn from_js(value: &JsValue) -> Restored {
    let unreadable = || {
        (
            None,
            Some(quiz::Text::new(
                "The saved state given to the lab could not be read; nothing was changed.",
                "El estado guardado que se dio al laboratorio no se ha podido leer; no se ha cambiado nada.",
            )),
        )
    };
    if !value.is_object() {
        return unreadable();
    }
    let format = get(value, "format");
    if !format.is_undefined() && format.as_string().as_deref() != Some(STATE_FORMAT) {
        return unreadable();
    }
    let mut variants = BTreeMap::new();
    let given = get(value, "variants");
    if given.is_object() {
        for key in Object::keys(given.unchecked_ref::<Object>()).iter() {
            let Some(id) = key.as_string() else {
                continue;
            };
            if let Some(n) = whole(&get(&given, &id)).and_then(|n| usize::try_from(n).ok()) {
                variants.insert(id, n);
            }
        }
    }
    let answers = get(value, "answers");
    let (progress, notice) = if answers.is_undefined() || answers.is_null() {
        (quiz::Progress::new(), None)
    } else {
        let wrapped = Object::new();
        set(
            &wrapped,
            "version",
            &number(u64::from(quiz::progress::VERSION)),
        );
        set(&wrapped, "questions", &answers);
        let text = js_sys::JSON::stringify(&wrapped)
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default();
        let loaded = quiz::Progress::load(&text);
        (loaded.progress, loaded.notice)
    };
    (
        Some(Snapshot {
            progress,
            seed: whole(&get(value, "seed")),
            variants,
        }),
        notice,
    )
}
