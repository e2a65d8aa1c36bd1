//! Question files (`strides-lab/questions@1`) in the browser: the built-in bank is fetched when
//! a quiz first shows (from `questions/builtin/` beside the build, see [`set_base`]), the browser
//! parses the JSON, and `serde-wasm-bindgen` reads each question from the parsed objects, one at a
//! time, so that an unusable question is reported (file, id, field) and the others are asked.
//! The questions read are then compiled by the engine ([`compile`]: one request, each key
//! computed there), which sends back each one's variants or why it is unusable. No question text
//! is compiled into the wasm. An author's file comes the same way: fetched from its URL
//! ([`author`]) or given already parsed by the page ([`given`]).

mod compile;

pub use compile::{Given, Read, compile, loaded};

use std::cell::RefCell;
use std::rc::Rc;

use quiz::Text;
use quiz::authored::{self, Authored, Node, Unusable};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::quiz_state::Loaded;
use compile::Pending;

/// The built-in files, in the bank's order.
pub const BUILTIN: [&str; 5] = [
    "u1-lesson",
    "s0-lab",
    "s1-chapter",
    "s2-walkthrough",
    "s3-book",
];

/// Reads one parsed file (`JSON.parse`'s value) named `file`, for the engine to compile. Each
/// question's fields are checked first ([`authored::check_fields`]: an unknown field, or one of
/// the wrong kind, is named with its path, in both languages), then read by serde.
pub fn read_file(file: &str, value: &JsValue) -> Read {
    let file_es = if file == GIVEN { GIVEN_ES } else { file };
    let mut read = Read::new(file, file_es);
    let get = |key: &str| js_sys::Reflect::get(value, &JsValue::from_str(key)).ok();
    if !value.is_object() || js_sys::Array::is_array(value) {
        read.problem(Text::new(
            "not a question file (a JSON object)",
            "no es un archivo de preguntas (un objeto JSON)",
        ));
        return read;
    }
    if let Some(key) = keys(value)
        .into_iter()
        .find(|k| !matches!(k.as_str(), "format" | "questions"))
    {
        let said = Unusable::both(
            "",
            &key,
            "unknown field: a file has format and questions".into(),
            "campo desconocido: un archivo tiene format y questions".into(),
        );
        read.problem(said.text());
        return read;
    }
    let format = get("format")
        .and_then(|f| f.as_string())
        .unwrap_or_default();
    if let Err(e) = authored::check_format(&format) {
        read.problem(e.text());
        return read;
    }
    let Some(list) = get("questions").filter(js_sys::Array::is_array) else {
        read.problem(Text::new(
            "questions: needs a list of questions",
            "questions: necesita una lista de preguntas",
        ));
        return read;
    };
    let mut seen: Vec<String> = Vec::new();
    for (k, q) in js_sys::Array::from(&list).iter().enumerate() {
        let id = js_sys::Reflect::get(&q, &JsValue::from_str("id"))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| format!("#{k}"));
        let authored = if seen.contains(&id) {
            Err(authored::repeated(&id))
        } else {
            authored::check_fields(&id, &node(&q, 0)).and_then(|()| {
                serde_wasm_bindgen::from_value::<Authored>(q)
                    // The checks above leave serde little to find; what it finds is said as is.
                    .map_err(|e| Unusable::new(&id, "", e.to_string()))
            })
        };
        seen.push(id);
        match authored {
            Ok(a) => read.question(a),
            Err(e) => read.problem(e.text()),
        }
    }
    read
}

/// The own keys of a parsed object, in order.
fn keys(value: &JsValue) -> Vec<String> {
    value
        .dyn_ref::<js_sys::Object>()
        .map(|o| {
            js_sys::Object::keys(o)
                .iter()
                .filter_map(|k| k.as_string())
                .collect()
        })
        .unwrap_or_default()
}

/// What `JSON.parse` gave, reduced to what the field checks look at.
fn node(value: &JsValue, depth: usize) -> Node {
    if depth > authored::fields::DEPTH || value.is_null() || value.is_undefined() {
        return Node::Null;
    }
    if let Some(x) = value.as_f64() {
        return Node::Number(x.fract() == 0.0);
    }
    if value.as_bool().is_some() {
        return Node::Bool;
    }
    if value.is_string() {
        return Node::Text;
    }
    if js_sys::Array::is_array(value) {
        let list = js_sys::Array::from(value);
        return Node::List(list.iter().map(|v| node(&v, depth + 1)).collect());
    }
    let entries = keys(value).into_iter().map(|k| {
        let v = js_sys::Reflect::get(value, &JsValue::from_str(&k)).unwrap_or(JsValue::NULL);
        let n = node(&v, depth + 1);
        (k, n)
    });
    Node::Object(entries.collect())
}

thread_local! {
    static BASE: RefCell<String> = RefCell::new("questions/builtin/".to_string());
    static BANK: Pending = Pending::default();
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
    let reads = js_sys::Array::from(&files)
        .iter()
        .map(|pair| {
            let pair = js_sys::Array::from(&pair);
            let name = pair.get(0).as_string().unwrap_or_default();
            read_file(&name, &pair.get(1))
        })
        .collect();
    let bank = BANK.with(Pending::clone);
    compile(reads, move |loaded| bank.ready(loaded));
}

/// Calls `then` with the built-in bank: at once when it is read, else once it is fetched and
/// compiled (the first call starts the fetch).
pub fn builtin(then: impl FnOnce(Rc<Loaded>) + 'static) {
    let bank = BANK.with(Pending::clone);
    bank.get(
        |done| {
            wasm_bindgen_futures::spawn_local(async {
                let base = BASE.with(|b| b.borrow().clone());
                let mut reads = Vec::new();
                for name in BUILTIN {
                    let url = format!("{base}{name}.json");
                    reads.push(match fetch_json(&url).await {
                        Ok(value) => read_file(&url, &value),
                        Err(why) => Read::failed(&url, why),
                    });
                }
                compile(reads, done);
            });
        },
        then,
    );
}

/// Calls `then` with an author's file at `url` (relative to the page), fetched, read and
/// compiled; a file that cannot be fetched or parsed comes back as a problem naming it.
pub fn author(url: String, then: impl FnOnce(Rc<Loaded>) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let read = match fetch_json(&url).await {
            Ok(value) => read_file(&url, &value),
            Err(why) => Read::failed(&url, why),
        };
        compile(vec![read], then);
    });
}

/// What a page calls the file it gives `mount()` already parsed.
pub const GIVEN: &str = "the questions given to mount()";
/// The same in Spanish.
const GIVEN_ES: &str = "las preguntas dadas a mount()";

/// How many given files [`given`] remembers.
const REMEMBERED: usize = 8;

thread_local! {
    static GIVEN_FILES: RefCell<Vec<(JsValue, Rc<Given>)>> = const { RefCell::new(Vec::new()) };
}

/// A file the page gave already parsed (`mount(el, {questions: {...}})`), read once (and compiled
/// once, when a quiz first asks for it): the same object given again (each `update()` reads the
/// options again) is not read again.
pub fn given(value: &JsValue) -> Rc<Given> {
    let known = GIVEN_FILES.with(|g| {
        g.borrow()
            .iter()
            .find(|(v, _)| js_sys::Object::is(v, value))
            .map(|(_, l)| Rc::clone(l))
    });
    if let Some(given) = known {
        return given;
    }
    let given = Rc::new(Given::new(read_file(GIVEN, value)));
    GIVEN_FILES.with(|g| {
        let mut g = g.borrow_mut();
        if g.len() >= REMEMBERED {
            g.remove(0);
        }
        g.push((value.clone(), Rc::clone(&given)));
    });
    given
}

/// Fetches `url` and lets the browser parse it as JSON; why not, in both languages.
pub async fn fetch_json(url: &str) -> Result<JsValue, Text> {
    let window = web_sys::window().ok_or(Text::new("no window", "no hay ventana"))?;
    let words = |e: &JsValue| {
        js_sys::Reflect::get(e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_default()
    };
    // A network error, a policy that blocks the address, or another site that does not allow
    // this one to read it (CORS): the browser says only "Failed to fetch", in its own language.
    let unfetched = |e: JsValue| {
        let _ = e;
        Text::new(
            "cannot be fetched. A file on another site is read only if that site sends the header Access-Control-Allow-Origin (see README).",
            "no se ha podido descargar. Un archivo de otro sitio solo se puede leer si ese sitio envía la cabecera Access-Control-Allow-Origin (ver el README).",
        )
    };
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(unfetched)?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| Text::new("no response", "sin respuesta"))?;
    if !response.ok() {
        let status = response.status();
        return Err(Text::owned(
            format!("cannot be read (HTTP {status})"),
            format!("no se ha podido leer (HTTP {status})"),
        ));
    }
    let json = response.json().map_err(unfetched)?;
    wasm_bindgen_futures::JsFuture::from(json)
        .await
        .map_err(|e| {
            let said = words(&e);
            Text::owned(
                format!("is not JSON: {said}"),
                format!("no es JSON: {said}"),
            )
        })
}
