//! The page's side of the one boundary ([`lab_protocol`]): [`ask`] sends a [`Request`] to the
//! engine and calls back with its [`Reply`]. The page never calls the engine's crates itself.
//!
//! With the `inline-engine` feature (the default: native tests and `wasm-pack test`), the engine
//! is linked in and answers at once, through the same messages (in the browser, through the same
//! structured-clone form a Web Worker's messages take). Without it (the bundle), the engine is a
//! second wasm module in a Web Worker shared by every lab on the page.

use lab_protocol::{Reply, Request};

/// Sends `request` to the engine; `reply` is called with its answer.
pub fn ask(request: Request, reply: impl FnOnce(Reply) + 'static) {
    reply(answer_now(request));
}

/// Ends every request not yet answered: each is called back with [`Reply::Stopped`]. The linked-in
/// engine has nothing to end (it answers before the page can press anything).
pub fn stop() {}

/// Whether the engine has started (its module is loaded and it answers): until then a request
/// waits, and the page says the engine is starting. The linked-in engine always has.
pub fn started() -> bool {
    true
}

/// The linked-in engine's answer, through the wire form in the browser.
#[cfg(feature = "inline-engine")]
fn answer_now(request: Request) -> Reply {
    #[cfg(target_arch = "wasm32")]
    {
        let crossed = serde_wasm_bindgen::to_value(&request)
            .ok()
            .and_then(|v| serde_wasm_bindgen::from_value::<Request>(v).ok());
        let Some(request) = crossed else {
            return Reply::Unreadable("the request did not cross the boundary".into());
        };
        let reply = lab_engine::handle(request);
        serde_wasm_bindgen::to_value(&reply)
            .ok()
            .and_then(|v| serde_wasm_bindgen::from_value::<Reply>(v).ok())
            .unwrap_or_else(|| Reply::Unreadable("the reply did not cross the boundary".into()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    lab_engine::handle(request)
}
