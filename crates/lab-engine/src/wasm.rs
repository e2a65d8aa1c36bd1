//! The engine as its own wasm module, which the page runs in a dedicated Web Worker
//! (`web/engine-worker.js` loads it and hands it each message): [`answer`] takes a request's
//! [`Envelope`] as the structured clone the page posted and returns the reply's, in the same form.
//! No JSON crosses: serde-wasm-bindgen reads and writes the JS values themselves.
//!
//! [`time_evaluation`] is here too, for `cargo xtask bench` (`tests/pages/bench.mjs` imports this
//! module directly): the page's own module never links the interpreter.

use lab_protocol::{Envelope, Reply, Request};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// How values cross the boundary, the same on both sides (the page's `src/engine.rs` has its
/// twin): 64-bit integers as `BigInt`, so that a request's fresh entropy or a large count arrives
/// whole instead of failing as a number past 2⁵³.
const SERIALIZER: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);

/// Answers one request: `{id, body}` in (a [`Request`]), `{id, body}` out (its [`Reply`]). A
/// request that cannot be read (a page and an engine of different builds) is answered with
/// [`Reply::Unreadable`] under the same id, when the id can be read.
#[wasm_bindgen]
pub fn answer(envelope: JsValue) -> JsValue {
    let reply = match serde_wasm_bindgen::from_value::<Envelope<Request>>(envelope.clone()) {
        Ok(Envelope { id, body }) => Envelope {
            id,
            body: crate::handle(body),
        },
        Err(error) => Envelope {
            id: id_of(&envelope),
            body: Reply::Unreadable(format!("the engine could not read a request: {error}")),
        },
    };
    let id = reply.id;
    reply.serialize(&SERIALIZER).unwrap_or_else(|error| {
        let unreadable = Envelope {
            id,
            body: Reply::Unreadable(format!("the engine could not write its reply: {error}")),
        };
        unreadable.serialize(&SERIALIZER).unwrap_or(JsValue::NULL)
    })
}

/// The id of an envelope whose body could not be read (0 when it has none).
fn id_of(envelope: &JsValue) -> u32 {
    js_sys::Reflect::get(envelope, &JsValue::from_str("id"))
        .ok()
        .and_then(|id| id.as_f64())
        .filter(|id| id.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(id))
        .map_or(0, |id| id as u32)
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, in a window or a worker alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Milliseconds per evaluation of `program`, averaged over `runs` (for `cargo xtask bench`).
#[wasm_bindgen(js_name = timeEvaluation)]
pub fn time_evaluation(program: &str, runs: u32) -> f64 {
    let runs = runs.max(1);
    let start = performance_now();
    for _ in 0..runs {
        let _ = arrays::run(program);
    }
    (performance_now() - start) / f64::from(runs)
}
