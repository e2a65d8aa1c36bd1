//! The first replies: the engine's answers to the lesson's first screen (the page's initial
//! program and the seven examples of seed 000), computed at build time by the same engine
//! (`cargo xtask dist` runs the `first-replies` bin, natively, and hands its table to this build
//! through `build.rs`), so that the first screen draws before the engine's module has arrived,
//! from the engine's own output, never from a second copy of the rules.
//!
//! The table is JSON, `[[request, reply], …]`, read by the browser's `JSON.parse` and serde-wasm-
//! bindgen when first asked (no JSON parser in the page's wasm); a reply is read only when its
//! request is asked. A build without a table (`cargo build`, the tests) holds `[]`.

use lab_protocol::{Reply, Request};

use crate::presets;

/// The table this build was given (see the module's documentation).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const TABLE: &str = include_str!(concat!(env!("OUT_DIR"), "/first_replies.json"));

/// A request as the table keys it: a run's fresh entropy left out (the build keeps only replies
/// that do not depend on it, see [`compute`]).
pub fn key(request: &Request) -> Request {
    let mut key = request.clone();
    if let Request::Run(run) = &mut key {
        run.entropy = 0;
    }
    key
}

/// The reply of `entries` whose request is `request`'s [`key`].
pub fn find<R: Clone>(entries: &[(Request, R)], request: &Request) -> Option<R> {
    let key = key(request);
    entries
        .iter()
        .find(|(known, _)| *known == key)
        .map(|(_, reply)| reply.clone())
}

/// The requests the build answers: a run of each of the lesson's seven examples (the first is
/// the page's initial program), as the bundle's page sends it (off the page's thread, no dtype
/// chosen), keyed (entropy 0).
pub fn requests() -> Vec<Request> {
    presets::LESSON
        .iter()
        .map(|example| {
            Request::Run(lab_protocol::run::Request {
                program: example.program.into(),
                dtype: None,
                entropy: 0,
                off_thread: true,
            })
        })
        .collect()
}

/// The engine's replies to [`requests`], each computed twice with different entropy: a request
/// whose two replies differ depends on its random draws and is left out (its name is returned
/// with the reason), since the page would draw other numbers.
#[cfg(feature = "inline-engine")]
pub fn compute() -> (Vec<(Request, Reply)>, Vec<String>) {
    let mut kept = Vec::new();
    let mut skipped = Vec::new();
    for request in requests() {
        let with = |entropy: u64| {
            let mut asked = request.clone();
            if let Request::Run(run) = &mut asked {
                run.entropy = entropy;
            }
            lab_engine::handle(asked)
        };
        let reply = with(0x9e37_79b9_7f4a_7c15);
        if reply == with(0x0123_4567_89ab_cdef) {
            kept.push((request, reply));
        } else {
            skipped.push(format!("{request:?}: its reply depends on the entropy"));
        }
    }
    (kept, skipped)
}

/// The table's reply to `request`, if the build computed it.
#[cfg(target_arch = "wasm32")]
pub fn answer(request: &Request) -> Option<Reply> {
    use wasm_bindgen::JsValue;
    thread_local! {
        static ENTRIES: Vec<(Request, JsValue)> = parse();
    }
    let reply = ENTRIES.with(|entries| find(entries, request))?;
    serde_wasm_bindgen::from_value(reply).ok()
}

/// Natively there is no table (the page's crate has no JSON parser): the native tests read the
/// bin's table with serde_json and [`find`] in it.
#[cfg(not(target_arch = "wasm32"))]
pub fn answer(_request: &Request) -> Option<Reply> {
    None
}

/// The table's entries, each request read and its reply kept as the browser parsed it.
#[cfg(target_arch = "wasm32")]
fn parse() -> Vec<(Request, wasm_bindgen::JsValue)> {
    if TABLE.trim() == "[]" {
        return Vec::new();
    }
    let Ok(table) = js_sys::JSON::parse(TABLE) else {
        return Vec::new();
    };
    js_sys::Array::from(&table)
        .iter()
        .filter_map(|entry| {
            let request = js_sys::Reflect::get_u32(&entry, 0).ok()?;
            let request = serde_wasm_bindgen::from_value::<Request>(request).ok()?;
            Some((request, js_sys::Reflect::get_u32(&entry, 1).ok()?))
        })
        .collect()
}

#[cfg(all(test, feature = "inline-engine"))]
mod tests {
    use super::*;

    #[test]
    fn the_table_answers_the_first_screen_as_the_engine_does_whatever_the_entropy() {
        let (kept, skipped) = compute();
        assert_eq!(kept.len() + skipped.len(), presets::LESSON.len());
        assert!(!kept.is_empty());
        // Through JSON, as the build writes it and the page reads it.
        let text = serde_json::to_string(&kept).unwrap();
        let table: Vec<(Request, Reply)> = serde_json::from_str(&text).unwrap();
        let asked = Request::Run(lab_protocol::run::Request {
            program: presets::LESSON[0].program.into(),
            dtype: None,
            entropy: 77,
            off_thread: true,
        });
        let engine = lab_engine::handle(asked.clone());
        assert_eq!(find(&table, &asked), Some(engine));
    }

    #[test]
    fn a_request_the_build_did_not_ask_is_not_in_the_table() {
        let (kept, _) = compute();
        let other = |program: &str, dtype: Option<&str>, off_thread| {
            Request::Run(lab_protocol::run::Request {
                program: program.into(),
                dtype: dtype.and_then(arrays::dtype::DType::parse),
                entropy: 0,
                off_thread,
            })
        };
        assert_eq!(find(&kept, &other("x = np.arange(5)\nx", None, true)), None);
        let first = presets::LESSON[0].program;
        assert_eq!(find(&kept, &other(first, Some("int32"), true)), None);
        assert_eq!(find(&kept, &other(first, None, false)), None);
        assert!(find(&kept, &other(first, None, true)).is_some());
    }
}
