//! The quiz's answer parser and checker: any text as an answer to a question of the bank, and to
//! a generated one. Nothing may panic; unreadable text is a message, not a verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(answer) = std::str::from_utf8(data) else { return };
    let bank = quiz::bank();
    let k = data.first().copied().unwrap_or(0) as usize;
    if let Some(q) = bank.get(k % bank.len()) {
        if q.kind != quiz::Kind::Code {
            let _ = quiz::parse(q, answer);
            let _ = quiz::check(q, answer);
        }
    }
    let generated = quiz::generate(k as u64, 1);
    if let Some(q) = generated.first() {
        let _ = quiz::check(q, answer);
    }
    let _ = quiz::Progress::load(answer);
});
