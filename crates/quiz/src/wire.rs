//! The serde forms of the quiz's `&'static` fields, for the types that cross Strides Lab's
//! boundary between page and engine (`lab-protocol`): a diagnosis code is written as its name
//! and read back as the same entry of [`DIAGNOSES`](crate::DIAGNOSES) (an unknown one is an
//! error, never a new code); a code question's template and reference, and an author's exercise,
//! are read back into texts kept for the life of the program, once per distinct text
//! ([`kept`]), since python-subset's checker takes `&'static` exercises.

use std::collections::BTreeSet;
use std::sync::Mutex;

use python_subset::Exercise;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `&'static str`, named so that serde's derive does not take a field of this type for one it
/// borrows from the input (it would then read only from `'static` input): the fields that use it
/// say how they are read (`#[serde(with = …)]`).
pub type Static = &'static str;

/// A diagnosis code (`correct`, `forgot-swap`, …), by name.
pub mod diagnosis {
    use super::*;

    /// Writes the code.
    pub fn serialize<S: Serializer>(code: &&'static str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code)
    }

    /// Reads the code back as the same entry of [`DIAGNOSES`](crate::DIAGNOSES).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
        let name = String::deserialize(d)?;
        crate::DIAGNOSES
            .iter()
            .map(|(c, _)| *c)
            .find(|c| *c == name)
            .ok_or_else(|| D::Error::custom(format!("'{name}' is none of the quiz's diagnoses")))
    }
}

/// A text kept for the life of the program (see [`kept`]).
pub mod kept_str {
    use super::*;

    /// Writes the text.
    pub fn serialize<S: Serializer>(text: &&'static str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(text)
    }

    /// Reads the text and keeps it.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
        Ok(super::kept(String::deserialize(d)?))
    }
}

/// An author's exercise, as its fields.
pub mod exercise {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Fields {
        id: String,
        template: String,
        reference: String,
        cases: Vec<String>,
        function: String,
    }

    /// Writes the exercise's fields.
    pub fn serialize<S: Serializer>(e: &&'static Exercise, s: S) -> Result<S::Ok, S::Error> {
        Fields {
            id: e.id.into(),
            template: e.template.into(),
            reference: e.reference.into(),
            cases: e.cases.iter().map(|c| c.to_string()).collect(),
            function: e.function.into(),
        }
        .serialize(s)
    }

    /// Reads the exercise back, kept.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<&'static Exercise, D::Error> {
        let f = Fields::deserialize(d)?;
        Ok(super::kept_exercise(Exercise {
            id: kept(f.id),
            template: kept(f.template),
            reference: kept(f.reference),
            cases: kept_list(f.cases.into_iter().map(kept).collect()),
            function: kept(f.function),
        }))
    }
}

static TEXTS: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
static LISTS: Mutex<Vec<&'static [&'static str]>> = Mutex::new(Vec::new());
static EXERCISES: Mutex<Vec<&'static Exercise>> = Mutex::new(Vec::new());

/// `text`, kept for the life of the program: the same text twice is kept once.
pub(crate) fn kept(text: String) -> &'static str {
    let Ok(mut kept) = TEXTS.lock() else {
        return Box::leak(text.into_boxed_str());
    };
    if let Some(&t) = kept.get(text.as_str()) {
        return t;
    }
    let t: &'static str = Box::leak(text.into_boxed_str());
    kept.insert(t);
    t
}

/// A list of kept texts, kept once.
pub(crate) fn kept_list(list: Vec<&'static str>) -> &'static [&'static str] {
    let Ok(mut kept) = LISTS.lock() else {
        return Box::leak(list.into_boxed_slice());
    };
    if let Some(&l) = kept.iter().find(|l| **l == list.as_slice()) {
        return l;
    }
    let l: &'static [&'static str] = Box::leak(list.into_boxed_slice());
    kept.push(l);
    l
}

/// An exercise, kept once.
pub(crate) fn kept_exercise(e: Exercise) -> &'static Exercise {
    let same = |k: &&&Exercise| {
        k.id == e.id
            && k.template == e.template
            && k.reference == e.reference
            && k.cases == e.cases
            && k.function == e.function
    };
    let Ok(mut kept) = EXERCISES.lock() else {
        return Box::leak(Box::new(e));
    };
    if let Some(&k) = kept.iter().find(same) {
        return k;
    }
    let k: &'static Exercise = Box::leak(Box::new(e));
    kept.push(k);
    k
}
