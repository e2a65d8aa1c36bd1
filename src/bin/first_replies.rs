//! `first-replies OUT.json`: the engine's replies to the lesson's first screen, written as the
//! JSON table `[[request, reply], …]` that the page's build includes (`src/engine/first.rs`).
//! `cargo xtask dist` runs it (natively, the engine linked in) and builds the page with
//! `STRIDES_FIRST_REPLIES=OUT.json`. A reply that depends on the run's entropy, or that would not
//! read back the same from JSON, is left out (said on stderr): the page then asks the engine.

use std::process::ExitCode;

use lab_protocol::{Reply, Request};
use strides_lab::engine::first;

fn main() -> ExitCode {
    let Some(out) = std::env::args().nth(1) else {
        eprintln!("usage: first-replies OUT.json");
        return ExitCode::FAILURE;
    };
    let (computed, skipped) = first::compute();
    for why in skipped {
        eprintln!("first-replies: left out {why}");
    }
    let mut kept = Vec::new();
    for (request, reply) in computed {
        let back = serde_json::to_string(&(&request, &reply))
            .ok()
            .and_then(|text| serde_json::from_str::<(Request, Reply)>(&text).ok());
        if back.as_ref() == Some(&(request.clone(), reply.clone())) {
            kept.push((request, reply));
        } else {
            eprintln!("first-replies: left out {request:?}: its reply does not survive JSON");
        }
    }
    let text = match serde_json::to_string(&kept) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("first-replies: cannot write the table: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(error) = std::fs::write(&out, &text) {
        eprintln!("first-replies: cannot write {out}: {error}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "first-replies: {} replies, {} bytes of JSON, in {out}",
        kept.len(),
        text.len()
    );
    ExitCode::SUCCESS
}
