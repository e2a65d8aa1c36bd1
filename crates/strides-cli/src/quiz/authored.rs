//! `quiz lint FILE`, `quiz list --questions FILE` and `quiz check --questions FILE`: an author's
//! question file, read with `serde_json` one question at a time, so that one unusable question
//! is reported with its id and field while the others are still checked.

use quiz::Lang;
use quiz::authored::{self, Authored, Unusable, Variant};
use serde_json::{Value as Json, json};

use crate::Printed;
use crate::usage::Usage;

/// The most bytes of a question file read.
const MAX_FILE: u64 = 8 * 1024 * 1024;

/// A question of the file: its id, and its variants or why it is unusable.
pub(crate) type Loaded = (String, Result<Vec<Variant>, Unusable>);

/// Each question of the file: its id and its variants, or why it is unusable. A file that cannot
/// be read or parsed is one [`Unusable`] with an empty id.
pub(crate) fn load(path: &str) -> Result<Vec<Loaded>, Unusable> {
    let whole = |field: &str, message: String| Unusable::new("", field, message);
    let size = std::fs::metadata(path)
        .map_err(|e| whole("file", format!("cannot read {path}: {e}")))?
        .len();
    if size > MAX_FILE {
        return Err(whole(
            "file",
            format!("{path} holds more than {MAX_FILE} bytes"),
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| whole("file", format!("cannot read {path}: {e}")))?;
    let json: Json = serde_json::from_str(&text)
        .map_err(|e| whole("file", format!("{path} is not JSON: {e}")))?;
    let Json::Object(top) = json else {
        return Err(whole("file", "a question file is a JSON object".into()));
    };
    if let Some(key) = top
        .keys()
        .find(|k| !matches!(k.as_str(), "format" | "questions"))
    {
        return Err(whole(
            key,
            "unknown field: a file has format and questions".into(),
        ));
    }
    let format = top.get("format").and_then(Json::as_str).unwrap_or("");
    authored::check_format(format)?;
    let Some(Json::Array(questions)) = top.get("questions") else {
        return Err(whole("questions", "needs a list of questions".into()));
    };
    let mut out: Vec<Loaded> = Vec::new();
    for (k, q) in questions.iter().enumerate() {
        let id = q
            .get("id")
            .and_then(Json::as_str)
            .map_or_else(|| format!("#{k}"), str::to_string);
        let compiled = if out.iter().any(|(seen, _)| *seen == id) {
            Err(authored::repeated(&id))
        } else {
            authored::check_fields(&id, &authored::Node::from_json(q)).and_then(|()| {
                match serde_json::from_value::<Authored>(q.clone()) {
                    Ok(a) => authored::compile(&a),
                    Err(e) => Err(parse_error(&id, &e.to_string())),
                }
            })
        };
        out.push((id, compiled));
    }
    Ok(out)
}

/// serde's message, with the field it names (`missing field `prompt``, `unknown field `x``).
fn parse_error(id: &str, message: &str) -> Unusable {
    let field = message
        .split('`')
        .nth(1)
        .filter(|_| message.contains("field"))
        .unwrap_or("")
        .to_string();
    Unusable::new(id, &field, message.into())
}

pub(crate) fn unusable_json(e: &Unusable) -> Json {
    json!({"id": e.id, "field": e.field, "error": e.to_string()})
}

/// `quiz lint FILE`.
pub fn lint(path: &str) -> Result<Printed, Usage> {
    let loaded = match load(path) {
        Ok(l) => l,
        Err(e) => return Ok(Printed::failed(unusable_json(&e).to_string())),
    };
    let mut lines = Vec::new();
    let mut failed = false;
    for (_, compiled) in &loaded {
        match compiled {
            Ok(variants) => {
                for v in variants {
                    lines.push(
                        json!({"id": v.id, "variant": v.number, "key": v.key, "params": v.params})
                            .to_string(),
                    );
                }
            }
            Err(e) => {
                failed = true;
                lines.push(unusable_json(e).to_string());
            }
        }
    }
    if lines.is_empty() {
        failed = true;
        lines.push(
            json!({"id": "", "field": "questions", "error": "the file has no question"})
                .to_string(),
        );
    }
    let text = lines.join("\n");
    Ok(if failed {
        Printed::failed(text)
    } else {
        Printed::ok(text)
    })
}

/// `quiz list --questions FILE`.
pub fn list(path: &str) -> Result<Printed, Usage> {
    let loaded = match load(path) {
        Ok(l) => l,
        Err(e) => return Ok(Printed::failed(unusable_json(&e).to_string())),
    };
    let text = |t: &Option<quiz::Text>| t.as_ref().map(|t| json!({"en": t.en, "es": t.es}));
    let items: Vec<Json> = loaded
        .iter()
        .map(|(id, compiled)| match compiled {
            Ok(variants) => match variants.first() {
                Some(v) => json!({
                    "id": id,
                    "ask": v.ask.name(),
                    "kind": v.question.kind.name(),
                    "section": text(&v.section),
                    "title": text(&v.title),
                    "variants": v.count,
                    "prompt": {"en": v.question.prompt.en, "es": v.question.prompt.es},
                }),
                None => json!({"id": id, "error": "no variant"}),
            },
            Err(e) => unusable_json(e),
        })
        .collect();
    Ok(Printed::ok(Json::from(items).to_string()))
}

/// `quiz check --questions FILE [--variant K] ID ANSWER`.
pub fn check(
    path: &str,
    variant: usize,
    id: &str,
    answer: &str,
    lang: Lang,
) -> Result<Printed, Usage> {
    let loaded = match load(path) {
        Ok(l) => l,
        Err(e) => return Ok(Printed::ok(unusable_json(&e).to_string())),
    };
    let Some((_, compiled)) = loaded.iter().find(|(q, _)| q == id) else {
        return Ok(Printed::ok(
            json!({"error": format!("unknown question id {id} in {path}")}).to_string(),
        ));
    };
    let variants = match compiled {
        Ok(v) => v,
        Err(e) => return Ok(Printed::ok(unusable_json(e).to_string())),
    };
    let Some(v) = variants.get(variant) else {
        return Ok(Printed::ok(
            json!({"error": format!(
                "question {id} has {} variant(s), numbered from 0; there is no variant {variant}",
                variants.len()
            )})
            .to_string(),
        ));
    };
    let mut out = super::verdict_json(&authored::check(v, answer), lang);
    if let Some(map) = out.as_object_mut() {
        map.insert("variant".into(), Json::from(v.number));
    }
    Ok(Printed::ok(out.to_string()))
}
