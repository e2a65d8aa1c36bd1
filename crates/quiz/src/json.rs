//! The JSON the command line prints, written by hand (no serde in the wasm bundle).

use crate::bank::bank;
use crate::diagnose::check;
use crate::question::Question;
use crate::text::Lang;

/// Appends `s` to `out` as a JSON string, quotes included: `"`, `\` and control characters are
/// escaped; everything else (accents, `·`, `−`) is written as UTF-8.
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `s` as a JSON string.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

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
/// `{"correct": bool, "diagnosis": "…", "feedback": "…"}` (feedback in `lang`), or
/// `{"error": "unknown question id …"}`.
pub fn check_json(id: &str, answer: &str, lang: Lang) -> String {
    let Some(q) = crate::question(id) else {
        return format!(
            "{{\"error\": {}}}",
            string(&format!("unknown question id {id}"))
        );
    };
    let v = check(&q, answer);
    format!(
        "{{\"correct\": {}, \"diagnosis\": {}, \"feedback\": {}}}",
        v.correct,
        string(v.diagnosis),
        string(v.feedback.get(lang))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(string("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
        assert_eq!(string("\u{1}x"), "\"\\u0001x\"");
        assert_eq!(string("−·ñ"), "\"−·ñ\"");
    }
}
