//! The fields of a question as the author wrote them, checked before serde reads them: every
//! field known (an unknown one is named with the closest known one, so that `"unit": "bytes"` is
//! not silently ignored while the key stays in elements) and of the kind the format wants, said
//! in an author's words and in both languages of the lab, with the field's path (`hint`,
//! `choices[1].label`, `prompt.fr`). The page and `strides quiz lint` both call
//! [`check_fields`]: the page on what the browser's `JSON.parse` gave, the command line on
//! serde_json's value, each turned into a [`Node`].

use super::Unusable;

/// Most levels of nesting looked at (a question file is four deep at most).
pub const DEPTH: usize = 8;

/// A JSON value, reduced to what the checks look at.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number; whether it is whole.
    Number(bool),
    /// A string.
    Text,
    /// A list.
    List(Vec<Node>),
    /// An object, its keys in the file's order.
    Object(Vec<(String, Node)>),
}

impl Node {
    /// A JSON value read by serde_json (the command line's; feature `json`).
    #[cfg(any(feature = "json", test))]
    pub fn from_json(value: &serde_json::Value) -> Node {
        Node::from_json_at(value, 0)
    }

    #[cfg(any(feature = "json", test))]
    fn from_json_at(value: &serde_json::Value, depth: usize) -> Node {
        use serde_json::Value;
        if depth > DEPTH {
            return Node::Null;
        }
        match value {
            Value::Null => Node::Null,
            Value::Bool(_) => Node::Bool,
            Value::Number(n) => Node::Number(n.as_f64().is_some_and(|x| x.fract() == 0.0)),
            Value::String(_) => Node::Text,
            Value::Array(items) => Node::List(
                items
                    .iter()
                    .map(|v| Node::from_json_at(v, depth + 1))
                    .collect(),
            ),
            Value::Object(map) => Node::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), Node::from_json_at(v, depth + 1)))
                    .collect(),
            ),
        }
    }

    /// What it is, in an author's words: English, Spanish.
    fn kind(&self) -> (&'static str, &'static str) {
        match self {
            Node::Null => ("null", "null"),
            Node::Bool => ("true or false", "true o false"),
            Node::Number(_) => ("a number", "un número"),
            Node::Text => ("a text", "un texto"),
            Node::List(_) => ("a list [...]", "una lista [...]"),
            Node::Object(_) => ("an object {...}", "un objeto {...}"),
        }
    }
}

/// The fields of a question.
pub const QUESTION_FIELDS: [&str; 20] = [
    "id",
    "section",
    "title",
    "ask",
    "units",
    "setup",
    "of",
    "index",
    "options",
    "params",
    "prompt",
    "hint",
    "note",
    "choices",
    "many",
    "before",
    "exercise",
    "signature",
    "reference",
    "cases",
];

/// The fields of an option of `choices`.
const CHOICE_FIELDS: [&str; 5] = ["label", "code", "claim", "if_picked", "if_missed"];

/// The fields of a text in both languages.
const LANG_FIELDS: [&str; 2] = ["en", "es"];

/// The texts in both languages of a question.
const LANGS: [&str; 5] = ["section", "title", "prompt", "hint", "note"];

/// The fields that are one text.
const TEXTS: [&str; 9] = [
    "id",
    "ask",
    "units",
    "setup",
    "of",
    "before",
    "exercise",
    "signature",
    "reference",
];

/// What is wrong with one field: its path, and the message in English and Spanish.
type Fault = (String, String, String);

/// Checks every field of question `id` (the object `question`): known, and of the right kind.
pub fn check_fields(id: &str, question: &Node) -> Result<(), Unusable> {
    fields(question).map_err(|(field, en, es)| Unusable::both(id, &field, en, es))
}

fn fields(question: &Node) -> Result<(), Fault> {
    let Node::Object(entries) = question else {
        let (en, es) = question.kind();
        return Err((
            String::new(),
            format!("a question is an object {{\"id\": ..., \"ask\": ...}}, not {en}"),
            format!("una pregunta es un objeto {{\"id\": ..., \"ask\": ...}}, no {es}"),
        ));
    };
    known(entries, &QUESTION_FIELDS, "")?;
    for required in ["id", "ask"] {
        if !entries.iter().any(|(k, _)| k == required) {
            return Err(missing(required));
        }
    }
    for (key, value) in entries {
        let k = key.as_str();
        if TEXTS.contains(&k) {
            text(key, value)?;
        } else if LANGS.contains(&k) {
            langs(key, value)?;
        } else if k == "many" && *value != Node::Bool {
            return Err(wrong(key, value, ("true or false", "true o false")));
        } else if k == "options" || k == "cases" {
            for (n, item) in list(key, value)?.iter().enumerate() {
                text(&format!("{key}[{n}]"), item)?;
            }
        } else if k == "index" {
            for (n, item) in list(key, value)?.iter().enumerate() {
                if !matches!(item, Node::Number(true) | Node::Text) {
                    let want = (
                        "a whole number or a text such as \"{i}\"",
                        "un número entero o un texto como \"{i}\"",
                    );
                    return Err(wrong(&format!("index[{n}]"), item, want));
                }
            }
        } else if k == "params" {
            params(value)?;
        } else if k == "choices" {
            for (n, item) in list(key, value)?.iter().enumerate() {
                choice(&format!("choices[{n}]"), item)?;
            }
        }
    }
    Ok(())
}

fn choice(at: &str, value: &Node) -> Result<(), Fault> {
    let Node::Object(entries) = value else {
        let want = (
            "an object {\"label\": ..., \"code\": ..., \"claim\": ...}",
            "un objeto {\"label\": ..., \"code\": ..., \"claim\": ...}",
        );
        return Err(wrong(at, value, want));
    };
    known(entries, &CHOICE_FIELDS, &format!("{at}."))?;
    for required in ["label", "code", "claim"] {
        if !entries.iter().any(|(k, _)| k == required) {
            return Err(missing(&format!("{at}.{required}")));
        }
    }
    for (key, value) in entries {
        let path = format!("{at}.{key}");
        match key.as_str() {
            "label" => langs(&path, value)?,
            "claim" => claim(&path, value)?,
            _ => text(&path, value)?,
        }
    }
    Ok(())
}

fn claim(at: &str, value: &Node) -> Result<(), Fault> {
    let want = (
        "\"true\", \"false\", \"raises\" or {\"equals\": a number}",
        "\"true\", \"false\", \"raises\" o {\"equals\": un número}",
    );
    match value {
        Node::Text => Ok(()),
        Node::Object(entries) => {
            known(entries, &["equals"], &format!("{at}."))?;
            match entries.first() {
                Some((_, Node::Number(_))) => Ok(()),
                Some((_, other)) => Err(wrong(
                    &format!("{at}.equals"),
                    other,
                    ("a number", "un número"),
                )),
                None => Err(wrong(at, value, want)),
            }
        }
        other => Err(wrong(at, other, want)),
    }
}

fn params(value: &Node) -> Result<(), Fault> {
    let Node::Object(entries) = value else {
        let want = (
            "an object {\"name\": [values, ...]}",
            "un objeto {\"nombre\": [valores, ...]}",
        );
        return Err(wrong("params", value, want));
    };
    for (name, values) in entries {
        let at = format!("params.{name}");
        for (n, v) in list(&at, values)?.iter().enumerate() {
            if !matches!(v, Node::Number(_) | Node::Text | Node::Bool) {
                let want = (
                    "a number, a text or true/false",
                    "un número, un texto o true/false",
                );
                return Err(wrong(&format!("{at}[{n}]"), v, want));
            }
        }
    }
    Ok(())
}

fn list<'a>(at: &str, value: &'a Node) -> Result<&'a [Node], Fault> {
    match value {
        Node::List(items) => Ok(items),
        other => Err(wrong(at, other, ("a list [...]", "una lista [...]"))),
    }
}

fn text(at: &str, value: &Node) -> Result<(), Fault> {
    match value {
        Node::Text => Ok(()),
        other => Err(wrong(
            at,
            other,
            ("a text (in quotes)", "un texto (entre comillas)"),
        )),
    }
}

/// A text in each language: `{"en": "...", "es": "..."}`.
fn langs(at: &str, value: &Node) -> Result<(), Fault> {
    let want = (
        "a text in each language, {\"en\": \"...\", \"es\": \"...\"}",
        "un texto en cada idioma, {\"en\": \"...\", \"es\": \"...\"}",
    );
    let Node::Object(entries) = value else {
        return Err(wrong(at, value, want));
    };
    known(entries, &LANG_FIELDS, &format!("{at}."))?;
    for (key, v) in entries {
        text(&format!("{at}.{key}"), v)?;
    }
    Ok(())
}

/// Every key of `entries` is one of `fields` (the path of each starts with `prefix`).
fn known(entries: &[(String, Node)], fields: &[&str], prefix: &str) -> Result<(), Fault> {
    let Some((key, _)) = entries.iter().find(|(k, _)| !fields.contains(&k.as_str())) else {
        return Ok(());
    };
    let closest = fields
        .iter()
        .min_by_key(|f| distance(&key.to_lowercase(), f))
        .copied()
        .unwrap_or_default();
    Err((
        format!("{prefix}{key}"),
        format!("unknown field \"{key}\": the closest known one is \"{prefix}{closest}\""),
        format!("campo desconocido \"{key}\": el conocido más parecido es \"{prefix}{closest}\""),
    ))
}

fn missing(at: &str) -> Fault {
    (
        at.to_string(),
        "is missing: the format requires it".to_string(),
        "falta: el formato lo exige".to_string(),
    )
}

fn wrong(at: &str, found: &Node, (want_en, want_es): (&str, &str)) -> Fault {
    let (en, es) = found.kind();
    (
        at.to_string(),
        format!("needs {want_en}, not {en}"),
        format!("necesita {want_es}, no {es}"),
    )
}

/// Levenshtein's edit distance between `a` and `b`, counted in chars.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = i;
        let mut next = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = next.last().copied().unwrap_or(usize::MAX);
            let cost = diagonal + usize::from(ca != *cb);
            next.push(
                cost.min(above.saturating_add(1))
                    .min(left.saturating_add(1)),
            );
            diagonal = above;
        }
        row = next;
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(json: &str) -> Result<(), Unusable> {
        let value: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        check_fields("m9", &Node::from_json(&value))
    }

    #[test]
    fn distances() {
        assert_eq!(distance("unit", "units"), 1);
        assert_eq!(distance("lable", "label"), 2);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }

    #[test]
    fn an_unknown_field_names_the_closest_known_one() {
        let e = check(r#"{"id": "m9", "ask": "position", "unit": "bytes"}"#).err();
        let e = e.map(|e| (e.field, e.message, e.es));
        assert_eq!(
            e,
            Some((
                "unit".into(),
                "unknown field \"unit\": the closest known one is \"units\"".into(),
                Some("campo desconocido \"unit\": el conocido más parecido es \"units\"".into())
            ))
        );
        let e = check(
            r#"{"id": "m9", "ask": "choice", "choices": [{"label": {"en": "a", "es": "a"}, "code": "1", "claim": "true"}, {"lable": {}, "code": "1", "claim": "true"}]}"#,
        )
        .err();
        assert_eq!(e.map(|e| e.field), Some("choices[1].lable".into()));
        let e = check(r#"{"id": "m9", "ask": "shape", "prompt": {"en": "a", "fr": "b"}}"#).err();
        assert_eq!(e.map(|e| e.field), Some("prompt.fr".into()));
    }

    #[test]
    fn a_wrong_kind_is_said_in_an_authors_words() {
        let e = check(r#"{"id": "m9", "ask": "shape", "hint": "Count the columns"}"#).err();
        let e = e.map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some(
                "question m9, hint: needs a text in each language, {\"en\": \"...\", \"es\": \"...\"}, not a text"
            )
        );
        let e = check(r#"{"id": "m9", "ask": "position", "index": [1, 2.5]}"#).err();
        assert_eq!(e.map(|e| e.field), Some("index[1]".into()));
        let e = check(r#"{"id": "m9", "ask": "shape", "many": "yes"}"#).err();
        assert_eq!(
            e.map(|e| e.message),
            Some("needs true or false, not a text".into())
        );
        let e = check(r#"{"id": "m9"}"#).err();
        assert_eq!(e.map(|e| e.field), Some("ask".into()));
        assert!(check(r#"{"id": "m9", "ask": "shape", "params": {"n": [1, "a", true]}}"#).is_ok());
    }
}
