//! The JSON the command line prints, written by hand (no serde in the wasm bundle).

use crate::bank::bank;
use crate::diagnose::check;
use crate::question::Question;
use crate::text::Lang;

pub use arrays::json::{push_string, string};

/// The bank as `[{"id": …, "kind": "number|tuple|choice|code", "prompt": {"en": …, "es": …}}, …]`.
pub fn list_json() -> String {
    let items: Vec<String> = bank().iter().map(question_json).collect();
    format!("[{}]", items.join(", "))
}

fn question_json(q: &Question) -> String {
    format!(
        "{{\"id\": {}, \"kind\": {}, \"prompt\": {{\"en\": {}, \"es\": {}}}}}",
        string(&q.id),
        string(q.kind.name()),
        string(&q.prompt.en),
        string(&q.prompt.es)
    )
}

/// The verdict on `answer` to question `id` as
/// `{"correct": bool, "diagnosis": "…", "feedback": "…"}` (feedback in `lang`), with
/// `"printed": "…"` after it when a code answer printed something that was not judged, then
/// `"cost": {"peak_bytes": N, "result_is_view": b}` for a correct code answer on arrays, or
/// `{"error": "unknown question id …"}`.
pub fn check_json(id: &str, answer: &str, lang: Lang) -> String {
    let Some(q) = crate::question(id) else {
        return format!(
            "{{\"error\": {}}}",
            string(&format!("unknown question id {id}"))
        );
    };
    let v = check(&q, answer);
    let printed = v
        .printed
        .map(|p| format!(", \"printed\": {}", string(&p.output)))
        .unwrap_or_default();
    let cost = v
        .cost
        .map(|c| {
            format!(
                ", \"cost\": {{\"peak_bytes\": {}, \"result_is_view\": {}}}",
                c.peak_bytes, c.result_is_view
            )
        })
        .unwrap_or_default();
    format!(
        "{{\"correct\": {}, \"diagnosis\": {}, \"feedback\": {}{printed}{cost}}}",
        v.correct,
        string(v.diagnosis),
        string(v.feedback.get(lang))
    )
}
