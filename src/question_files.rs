//! Question files (`strides-lab/questions@1`) in the browser: the built-in bank is fetched when
//! a quiz first shows (from `questions/builtin/` beside the build, see [`set_base`]), the browser
//! parses the JSON, and `serde-wasm-bindgen` reads each question from the parsed objects, one at a
//! time, so that an unusable question is reported (file, id, field) and the others are asked.
//! No question text is compiled into the wasm. An author's file comes the same way: fetched from
//! its URL ([`author`]) or given already parsed by the page ([`given`]).

use std::cell::RefCell;
use std::rc::Rc;

use quiz::authored::{self, Authored, Unusable};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::quiz_state::Loaded;

/// The built-in files, in the bank's order.
pub const BUILTIN: [&str; 5] = [
    "u1-lesson",
    "s0-lab",
    "s1-chapter",
    "s2-walkthrough",
    "s3-book",
];

/// Reads one parsed file (`JSON.parse`'s value) named `file` into `into` (each question's first
/// variant).
pub fn read_file(file: &str, value: &JsValue, into: &mut Loaded) {
    let problem = |into: &mut Loaded, e: &Unusable| into.problems.push(format!("{file}: {e}"));
    let get = |key: &str| js_sys::Reflect::get(value, &JsValue::from_str(key)).ok();
    if !value.is_object() {
        into.problems
            .push(format!("{file}: not a question file (a JSON object)"));
        return;
    }
    let format = get("format")
        .and_then(|f| f.as_string())
        .unwrap_or_default();
    if let Err(e) = authored::check_format(&format) {
        problem(into, &e);
        return;
    }
    let Some(list) = get("questions").filter(js_sys::Array::is_array) else {
        into.problems
            .push(format!("{file}: questions: needs a list of questions"));
        return;
    };
    let mut seen: Vec<String> = Vec::new();
    for (k, q) in js_sys::Array::from(&list).iter().enumerate() {
        let id = js_sys::Reflect::get(&q, &JsValue::from_str("id"))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| format!("#{k}"));
        let compiled = if seen.contains(&id) {
            Err(Unusable {
                id: id.clone(),
                field: "id".into(),
                message: "another question of the file has this id".into(),
            })
        } else {
            match serde_wasm_bindgen::from_value::<Authored>(q) {
                Ok(a) => authored::compile(&a),
                Err(e) => Err(Unusable {
                    id: id.clone(),
                    field: e.to_string().split('`').nth(1).unwrap_or("").to_string(),
                    message: e.to_string(),
                }),
            }
        };
        seen.push(id);
        match compiled {
            Ok(variants) => into.add(variants),
            Err(e) => problem(into, &e),
        }
    }
}

enum Bank {
    /// Not asked for yet.
    Idle,
    /// Being fetched: who waits for it.
    Loading(Vec<Box<dyn FnOnce(Rc<Loaded>)>>),
    /// Read.
    Ready(Rc<Loaded>),
}

thread_local! {
    static BASE: RefCell<String> = RefCell::new("questions/builtin/".to_string());
    static BANK: RefCell<Bank> = const { RefCell::new(Bank::Idle) };
}

/// Where the built-in files are (a URL ending in `/`); `web/strides-lab.js` sets it beside the
/// build, so that a course page anywhere finds them.
#[wasm_bindgen(js_name = setQuestionsBase)]
pub fn set_base(url: String) {
    BASE.with(|b| *b.borrow_mut() = url);
}

/// The built-in files, already parsed (`[[name, object], …]`), instead of fetching them: for a
/// host that bundles them, and for tests.
#[wasm_bindgen(js_name = provideBuiltinQuestions)]
pub fn provide(files: JsValue) {
    let mut loaded = Loaded::default();
    for pair in js_sys::Array::from(&files).iter() {
        let pair = js_sys::Array::from(&pair);
        let name = pair.get(0).as_string().unwrap_or_default();
        read_file(&name, &pair.get(1), &mut loaded);
    }
    ready(Rc::new(loaded));
}

fn ready(loaded: Rc<Loaded>) {
    let waiting = BANK.with(|b| {
        match std::mem::replace(&mut *b.borrow_mut(), Bank::Ready(Rc::clone(&loaded))) {
            Bank::Loading(w) => w,
            _ => Vec::new(),
        }
    });
    for w in waiting {
        w(Rc::clone(&loaded));
    }
}

/// Calls `then` with the built-in bank: at once when it is read, else once it is fetched (the
/// first call starts the fetch).
pub fn builtin(then: impl FnOnce(Rc<Loaded>) + 'static) {
    let now = BANK.with(|b| match &*b.borrow() {
        Bank::Ready(l) => Some(Rc::clone(l)),
        _ => None,
    });
    if let Some(loaded) = now {
        then(loaded);
        return;
    }
    let first = BANK.with(|b| {
        let mut b = b.borrow_mut();
        if let Bank::Loading(w) = &mut *b {
            w.push(Box::new(then));
            false
        } else {
            *b = Bank::Loading(vec![Box::new(then)]);
            true
        }
    });
    if first {
        wasm_bindgen_futures::spawn_local(async {
            let base = BASE.with(|b| b.borrow().clone());
            let mut loaded = Loaded::default();
            for name in BUILTIN {
                let url = format!("{base}{name}.json");
                match fetch_json(&url).await {
                    Ok(value) => read_file(&url, &value, &mut loaded),
                    Err(why) => loaded.problems.push(format!("{url}: {why}")),
                }
            }
            ready(Rc::new(loaded));
        });
    }
}

/// Calls `then` with an author's file at `url` (relative to the page), fetched and read; a file
/// that cannot be fetched or parsed comes back as a problem naming it.
pub fn author(url: String, then: impl FnOnce(Rc<Loaded>) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let mut loaded = Loaded::default();
        match fetch_json(&url).await {
            Ok(value) => read_file(&url, &value, &mut loaded),
            Err(why) => loaded.problems.push(format!("{url}: {why}")),
        }
        then(Rc::new(loaded));
    });
}

/// What a page calls the file it gives `mount()` already parsed.
pub const GIVEN: &str = "the questions given to mount()";

/// How many given files [`given`] remembers.
const REMEMBERED: usize = 8;

thread_local! {
    static GIVEN_FILES: RefCell<Vec<(JsValue, Rc<Loaded>)>> = const { RefCell::new(Vec::new()) };
}

/// A file the page gave already parsed (`mount(el, {questions: {...}})`), read once: the same
/// object given again (each `update()` reads the options again) is not read again.
pub fn given(value: &JsValue) -> Rc<Loaded> {
    let known = GIVEN_FILES.with(|g| {
        g.borrow()
            .iter()
            .find(|(v, _)| js_sys::Object::is(v, value))
            .map(|(_, l)| Rc::clone(l))
    });
    if let Some(loaded) = known {
        return loaded;
    }
    let mut loaded = Loaded::default();
    read_file(GIVEN, value, &mut loaded);
    let loaded = Rc::new(loaded);
    GIVEN_FILES.with(|g| {
        let mut g = g.borrow_mut();
        if g.len() >= REMEMBERED {
            g.remove(0);
        }
        g.push((value.clone(), Rc::clone(&loaded)));
    });
    loaded
}

/// Fetches `url` and lets the browser parse it as JSON.
pub async fn fetch_json(url: &str) -> Result<JsValue, String> {
    let window = web_sys::window().ok_or("no window")?;
    let words = |e: JsValue| {
        js_sys::Reflect::get(&e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| "cannot be read".to_string())
    };
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(words)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "no response".to_string())?;
    if !response.ok() {
        return Err(format!("cannot be read (HTTP {})", response.status()));
    }
    let json = response.json().map_err(words)?;
    wasm_bindgen_futures::JsFuture::from(json)
        .await
        .map_err(|e| format!("is not JSON: {}", words(e)))
}
