//! Progress: per question, how many answers, whether the last one was right, and what it was.
//!
//! The stored form is versioned JSON:
//!
//! ```text
//! {"version": 1, "questions": {"u1-strides-xT": {"answered": 2, "correct": true, "last": "(1, 4)"}}}
//! ```
//!
//! [`Progress::load`] never fails and never panics: data that is corrupt, foreign (no version), or
//! from a future version comes back as empty progress with a notice, and the caller keeps the raw
//! text aside instead of overwriting it; entries that are unreadable one by one are dropped with a
//! notice while the rest load. [`merge`] combines two copies (two tabs writing at once) without
//! losing any question.

use std::collections::BTreeMap;

use crate::json::push_string;
use crate::text::Text;

/// The version this code writes and reads.
pub const VERSION: u32 = 1;
/// Longer stored text is set aside unread (a real store is a few kilobytes).
pub const MAX_INPUT: usize = 1 << 20;
/// The deepest nesting the reader follows.
pub const MAX_DEPTH: usize = 16;
/// The most questions kept.
pub const MAX_QUESTIONS: usize = 10_000;
/// The longest id kept.
pub const MAX_ID: usize = 200;
/// The longest last answer kept (longer ones are cut, on a character boundary).
pub const MAX_LAST: usize = 500;

/// One question's progress.
#[derive(Clone, PartialEq, Eq)]
pub struct Entry {
    /// How many answers were checked.
    pub answered: u32,
    /// Whether the last answer was right.
    pub correct: bool,
    /// The last answer, as typed (at most [`MAX_LAST`] characters).
    pub last: String,
}

/// Progress over all questions, by id.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Progress {
    entries: BTreeMap<String, Entry>,
}

/// What [`Progress::load`] gives: the progress, and a notice for the learner when something was
/// set aside.
#[derive(Clone)]
pub struct Loaded {
    /// The progress read (empty when the whole store was set aside).
    pub progress: Progress,
    /// Why some or all of the stored data was set aside, if it was.
    pub notice: Option<Text>,
}

impl Progress {
    /// No progress.
    pub fn new() -> Self {
        Progress::default()
    }

    /// The progress of one question.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.get(id)
    }

    /// Every question with progress, by id.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many questions have progress.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no question has progress.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Records one checked answer. Ids that could not be stored back (too long, empty) are
    /// ignored, as is a new question past [`MAX_QUESTIONS`].
    pub fn record(&mut self, id: &str, answer: &str, correct: bool) {
        if !valid_id(id) || (self.entries.len() >= MAX_QUESTIONS && !self.entries.contains_key(id))
        {
            return;
        }
        let entry = self.entries.entry(id.to_string()).or_insert(Entry {
            answered: 0,
            correct: false,
            last: String::new(),
        });
        entry.answered = entry.answered.saturating_add(1);
        entry.correct = correct;
        entry.last = cut(answer);
    }

    /// The stored form, with questions in id order (so equal progress gives equal text).
    pub fn to_text(&self) -> String {
        let mut out = format!("{{\"version\": {VERSION}, \"questions\": {{");
        for (i, (id, e)) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            push_string(&mut out, id);
            out.push_str(&format!(
                ": {{\"answered\": {}, \"correct\": {}, \"last\": ",
                e.answered, e.correct
            ));
            push_string(&mut out, &e.last);
            out.push('}');
        }
        out.push_str("}}");
        out
    }

    /// Reads the stored form. Never fails: see the module docs.
    pub fn load(text: &str) -> Loaded {
        if text.trim().is_empty() {
            return Loaded {
                progress: Progress::new(),
                notice: None,
            };
        }
        let whole = |en: &'static str, es: &'static str| Loaded {
            progress: Progress::new(),
            notice: Some(Text::new(en, es)),
        };
        if text.len() > MAX_INPUT {
            return whole(
                "The saved progress was too large to be ours; it has been set aside and you start afresh.",
                "El progreso guardado era demasiado grande para ser nuestro; se ha apartado y empiezas de nuevo.",
            );
        }
        let Some(value) = Reader::new(text).document() else {
            return whole(
                "The saved progress was damaged; it has been set aside and you start afresh.",
                "El progreso guardado estaba dañado; se ha apartado y empiezas de nuevo.",
            );
        };
        let version = match value.field("version") {
            Some(Json::Num(v)) if v.fract() == 0.0 && *v >= 1.0 => *v,
            _ => {
                return whole(
                    "The saved progress was not written by this lab; it has been set aside.",
                    "El progreso guardado no lo escribió este laboratorio; se ha apartado.",
                );
            }
        };
        if version > f64::from(VERSION) {
            return whole(
                "The saved progress comes from a newer version of the lab; it has been kept aside, untouched.",
                "El progreso guardado viene de una versión más nueva del laboratorio; se ha apartado sin tocarlo.",
            );
        }
        let Some(Json::Obj(questions)) = value.field("questions") else {
            return whole(
                "The saved progress was damaged; it has been set aside and you start afresh.",
                "El progreso guardado estaba dañado; se ha apartado y empiezas de nuevo.",
            );
        };
        let mut progress = Progress::new();
        let mut dropped = 0usize;
        for (id, entry) in questions {
            match read_entry(id, entry) {
                Some(e)
                    if progress.entries.len() < MAX_QUESTIONS
                        || progress.entries.contains_key(id.as_str()) =>
                {
                    let merged = match progress.entries.get(id.as_str()) {
                        Some(old) => pick(old, &e).clone(),
                        None => e,
                    };
                    progress.entries.insert(id.clone(), merged);
                }
                _ => dropped += 1,
            }
        }
        let notice = (dropped > 0).then(|| {
            if dropped == 1 {
                Text::new(
                    "1 saved answer could not be read and was left out; the rest of your progress is here.",
                    "1 respuesta guardada no se ha podido leer y se ha dejado fuera; el resto de tu progreso está aquí.",
                )
            } else {
                Text::owned(
                    format!("{dropped} saved answers could not be read and were left out; the rest of your progress is here."),
                    format!("{dropped} respuestas guardadas no se han podido leer y se han dejado fuera; el resto de tu progreso está aquí."),
                )
            }
        });
        Loaded { progress, notice }
    }
}

/// Both copies' questions; for a question in both, the copy with more answers (then the one whose
/// last answer was right, then the greater last answer, so the result does not depend on the
/// order of the arguments).
pub fn merge(a: &Progress, b: &Progress) -> Progress {
    let mut out = a.clone();
    for (id, theirs) in &b.entries {
        let chosen = match out.entries.get(id) {
            Some(ours) => pick(ours, theirs).clone(),
            None => theirs.clone(),
        };
        out.entries.insert(id.clone(), chosen);
    }
    out
}

fn pick<'a>(a: &'a Entry, b: &'a Entry) -> &'a Entry {
    let rank = |e: &'a Entry| (e.answered, e.correct, e.last.as_str());
    if rank(b) > rank(a) { b } else { a }
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_ID && !id.chars().any(char::is_control)
}

fn cut(s: &str) -> String {
    s.chars().take(MAX_LAST).collect()
}

fn read_entry(id: &str, entry: &Json) -> Option<Entry> {
    if !valid_id(id) {
        return None;
    }
    let answered = match entry.field("answered")? {
        Json::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) => *n as u32,
        _ => return None,
    };
    let correct = match entry.field("correct")? {
        Json::Bool(b) => *b,
        _ => return None,
    };
    let last = match entry.field("last")? {
        Json::Str(s) => cut(s),
        _ => return None,
    };
    Some(Entry {
        answered,
        correct,
        last,
    })
}

/// A JSON value, as much of JSON as a progress store needs (all of it, within the limits).
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr,
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The last value of `name` in an object (JSON's usual rule for repeated keys).
    fn field(&self, name: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// A recursive-descent reader with a depth limit.
struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            bytes: text.as_bytes(),
            text,
            at: 0,
        }
    }

    fn document(mut self) -> Option<Json> {
        let v = self.value(0)?;
        self.space();
        (self.at == self.bytes.len()).then_some(v)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        let end = self.at + word.len();
        if self.bytes.get(self.at..end) == Some(word.as_bytes()) {
            self.at = end;
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Option<Json> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.space();
        match self.peek()? {
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'"' => self.string().map(Json::Str),
            b't' => self.eat("true").then_some(Json::Bool(true)),
            b'f' => self.eat("false").then_some(Json::Bool(false)),
            b'n' => self.eat("null").then_some(Json::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn object(&mut self, depth: usize) -> Option<Json> {
        self.at += 1;
        let mut fields = Vec::new();
        self.space();
        if self.eat("}") {
            return Some(Json::Obj(fields));
        }
        loop {
            self.space();
            let key = self.string()?;
            self.space();
            if !self.eat(":") {
                return None;
            }
            let value = self.value(depth + 1)?;
            fields.push((key, value));
            self.space();
            if self.eat("}") {
                return Some(Json::Obj(fields));
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn array(&mut self, depth: usize) -> Option<Json> {
        self.at += 1;
        self.space();
        if self.eat("]") {
            return Some(Json::Arr);
        }
        loop {
            // Arrays are read for their validity only: progress never stores one.
            self.value(depth + 1)?;
            self.space();
            if self.eat("]") {
                return Some(Json::Arr);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn number(&mut self) -> Option<Json> {
        let start = self.at;
        while matches!(
            self.peek(),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.at += 1;
        }
        let n = float_text::parse(self.text.get(start..self.at)?)?;
        n.is_finite().then_some(Json::Num(n))
    }

    fn string(&mut self) -> Option<String> {
        if !self.eat("\"") {
            return None;
        }
        let mut out = String::new();
        loop {
            let rest = self.text.get(self.at..)?;
            let c = rest.chars().next()?;
            self.at += c.len_utf8();
            match c {
                '"' => return Some(out),
                '\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return None,
                    }
                }
                c if u32::from(c) < 0x20 => return None,
                c => out.push(c),
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.at..self.at + 4)?;
        let v = u32::from_str_radix(digits, 16).ok()?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.at += 4;
        Some(v)
    }

    fn unicode_escape(&mut self) -> Option<char> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) {
            if !self.eat("\\u") {
                return None;
            }
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return None;
            }
            char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        } else {
            char::from_u32(first)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reader_reads_json() {
        let v =
            Reader::new(r#" {"a": [1, {"b": null}], "c": "x\u00e9\ud83d\ude00", "d": -1.5e2} "#)
                .document()
                .unwrap();
        assert!(matches!(v.field("c"), Some(Json::Str(s)) if s == "xé😀"));
        assert!(matches!(v.field("d"), Some(Json::Num(n)) if *n == -150.0));
        for bad in [
            "{",
            "{\"a\" 1}",
            "[1,]",
            "\"\\ud800\"",
            "01x",
            "{\"a\": tru}",
            "\"\u{1}\"",
        ] {
            assert!(Reader::new(bad).document().is_none(), "{bad}");
        }
    }
}
