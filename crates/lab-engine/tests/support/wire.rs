//! The helpers every wire test shares: a request crosses to the engine and its reply back as
//! JSON text, as they cross the page's boundary (the worker's messages are plain data too).

use lab_protocol::{Reply, Request};

/// `request` to JSON and back, answered, and the reply to JSON and back.
pub fn ask(request: Request) -> Reply {
    let sent = serde_json::to_string(&request).unwrap();
    let request: Request = serde_json::from_str(&sent).unwrap();
    let reply = lab_engine::handle(request);
    let said = serde_json::to_string(&reply).unwrap();
    serde_json::from_str(&said).unwrap()
}
