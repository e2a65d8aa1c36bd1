//! The page's side of the one boundary ([`lab_protocol`]): [`ask`] sends a [`Request`] to the
//! engine and calls back with its [`Reply`]. The page never calls the engine's crates itself.
//!
//! With the `inline-engine` feature (the default: native tests and `wasm-pack test`), the engine
//! is linked in and answers at once, through the same messages (in the browser, through the same
//! structured-clone form a Web Worker's messages take). Without it (the bundle), the engine is a
//! second wasm module in a Web Worker shared by every lab on the page ([`worker`]: ids, the queue
//! while it loads, Stop, the time limit, memory given back).
//!
//! Either way, a request the build already asked (the lesson's first screen: [`first`]) is
//! answered at once from the replies the same engine computed then, so the first screen draws
//! before the engine's module has arrived.

pub mod first;
#[cfg(all(not(feature = "inline-engine"), target_arch = "wasm32"))]
pub mod worker;

use lab_protocol::{Reply, Request};
use wasm_bindgen::prelude::*;

/// What a run request's `off_thread` says in this build: whether the engine runs off the page's
/// thread (in the Web Worker), where Stop and the time limit can end a run, so the engine may give
/// it the larger limits.
pub const OFF_THREAD: bool = !cfg!(feature = "inline-engine");

/// How values cross the boundary, the same on both sides (`lab_engine::wasm` has its twin): 64-bit
/// integers as `BigInt`, so that a request's fresh entropy or a large count arrives whole instead
/// of failing as a number past 2⁵³.
#[cfg(target_arch = "wasm32")]
pub(crate) const SERIALIZER: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);

/// Sends `request` to the engine; `reply` is called with its answer (at once when [`first`] has
/// it or the engine is linked in; later from the worker).
pub fn ask(request: Request, reply: impl FnOnce(Reply) + 'static) {
    if let Some(known) = first::answer(&request) {
        reply(known);
        return;
    }
    backend::ask(request, reply);
}

/// The linked-in engine's reply to `request`, taken at once (the tests' way of asking: the
/// engine linked in answers inside [`ask`]).
#[cfg(all(test, feature = "inline-engine"))]
#[allow(clippy::expect_used)]
pub fn answered(request: Request) -> Reply {
    let got = std::rc::Rc::new(std::cell::RefCell::new(None));
    let put = std::rc::Rc::clone(&got);
    ask(request, move |r| *put.borrow_mut() = Some(r));
    let reply = got.borrow_mut().take();
    reply.expect("the linked-in engine answers at once")
}

/// Ends every request not yet answered: each is called back with
/// [`Reply::Stopped`]`(`[`Stopped::ByLearner`](lab_protocol::Stopped::ByLearner)`)`, and a new
/// engine starts for the next ones. The linked-in engine has nothing to end (it answers before the
/// page can press anything).
pub fn stop() {
    backend::stop();
}

/// Whether the engine has started (its module is loaded and it answers): until then a request
/// waits, and the page says the engine is starting. The linked-in engine always has.
pub fn started() -> bool {
    backend::started()
}

/// Starts the engine if it has not started yet, without waiting for it (a lab mounting calls
/// this: the engine loads while the first screen draws from [`first`]).
pub fn warm() {
    backend::warm();
}

/// Where the engine's files are, as the page's JS resolved them (`web/strides-lab.js` and
/// `web/main.js`, beside their own module; the Python package's widget, `blob:` URLs): the worker
/// script (`web/engine-worker.js`), the engine's wasm-bindgen module (`pkg/lab_engine.js`) and its
/// wasm (`pkg/lab_engine_bg.wasm`). Called before the first lab mounts; a build with the engine
/// linked in ignores it.
#[wasm_bindgen(js_name = setEngine)]
pub fn set_engine(worker: String, glue: String, wasm: String) {
    backend::locate(worker, glue, wasm);
}

#[cfg(all(not(feature = "inline-engine"), target_arch = "wasm32"))]
use worker as backend;

#[cfg(any(feature = "inline-engine", not(target_arch = "wasm32")))]
mod backend {
    //! The engine linked in (or, natively without it, no engine at all: a request is answered
    //! [`Reply::Unreadable`], since only the browser bundle runs without the linked-in engine).
    use super::{Reply, Request};

    pub fn ask(request: Request, reply: impl FnOnce(Reply) + 'static) {
        reply(answer_now(request));
    }

    pub fn stop() {}

    pub fn started() -> bool {
        cfg!(feature = "inline-engine")
    }

    pub fn warm() {}

    pub fn locate(_worker: String, _glue: String, _wasm: String) {}

    pub fn set_time_limit(_ms: u32) {}

    /// The linked-in engine's answer, through the wire form in the browser.
    #[cfg(feature = "inline-engine")]
    fn answer_now(request: Request) -> Reply {
        #[cfg(target_arch = "wasm32")]
        {
            use serde::Serialize;
            let crossed = request
                .serialize(&super::SERIALIZER)
                .ok()
                .and_then(|v| serde_wasm_bindgen::from_value::<Request>(v).ok());
            let Some(request) = crossed else {
                return Reply::Unreadable("the request did not cross the boundary".into());
            };
            let reply = lab_engine::handle(request);
            reply
                .serialize(&super::SERIALIZER)
                .ok()
                .and_then(|v| serde_wasm_bindgen::from_value::<Reply>(v).ok())
                .unwrap_or_else(|| Reply::Unreadable("the reply did not cross the boundary".into()))
        }
        #[cfg(not(target_arch = "wasm32"))]
        lab_engine::handle(request)
    }

    #[cfg(not(feature = "inline-engine"))]
    fn answer_now(_request: Request) -> Reply {
        Reply::Unreadable("this build has no engine linked in".into())
    }
}

/// The engine as JS sees it, for the page tests and `cargo xtask bench`: `askEngine(request)`
/// sends a [`Request`] (in the boundary's structured-clone form, as serde-wasm-bindgen writes it)
/// the same way a lab does, and resolves with its [`Reply`] in the same form.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(js_name = askEngine)]
pub fn ask_engine(request: JsValue) -> js_sys::Promise {
    use serde::Serialize;
    let mut settle = None;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| settle = Some(resolve));
    let answer = move |reply: Reply| {
        let value = reply.serialize(&SERIALIZER).unwrap_or(JsValue::NULL);
        if let Some(resolve) = settle {
            let _ = resolve.call1(&JsValue::UNDEFINED, &value);
        }
    };
    match serde_wasm_bindgen::from_value::<Request>(request) {
        Ok(request) => ask(request, answer),
        Err(error) => answer(Reply::Unreadable(format!("not a request: {error}"))),
    }
    promise
}

/// Sets the engine's time limit to `ms` milliseconds instead of the worker's 20 s
/// (`worker::TIME_LIMIT_MS`), for the page test of the time limit (a run of seconds, not of 20).
/// The linked-in engine has no time limit.
#[wasm_bindgen(js_name = setEngineTimeLimit)]
pub fn set_engine_time_limit(ms: u32) {
    backend::set_time_limit(ms);
}

/// [`stop`], for the page tests and `cargo xtask bench`.
#[wasm_bindgen(js_name = stopEngine)]
pub fn stop_engine() {
    stop();
}

/// [`started`], for the page tests and `cargo xtask bench`.
#[wasm_bindgen(js_name = engineStarted)]
pub fn engine_started() -> bool {
    started()
}
