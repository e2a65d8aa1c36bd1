//! The Python-subset interpreter: any text as a program, and as an answer to every exercise.
//! Nothing may panic or hang; limits end every run.
#![no_main]

use libfuzzer_sys::fuzz_target;
use python_subset::{EXERCISES, Limits, check, run};

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let limits = Limits { max_steps: 20_000, ..Limits::default() };
    let _ = run(source, &limits);
    let which = data.first().copied().unwrap_or(0) as usize % EXERCISES.len();
    if let Some(exercise) = EXERCISES.get(which) {
        let verdict = check(exercise, source, &limits);
        let _ = verdict.to_string();
    }
});
