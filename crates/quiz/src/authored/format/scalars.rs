//! The hand-written `Deserialize` of the format's "one of several types" values ([`Param`],
//! [`Slot`], [`ClaimSpec`]): a visitor per type rather than `#[serde(untagged)]`, whose buffering
//! of every value would weigh on the wasm. Their `Serialize` writes what the `Deserialize` reads
//! back (an author's question crosses from the page to the engine, `lab-protocol`).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use super::{ClaimSpec, Param, Slot};

/// An integer that fits an `i64`, from any of serde's integer and float forms (a browser's
/// numbers are floats).
fn whole(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() < 9.007_199_254_740_992e15).then_some(x as i64)
}

struct ParamVisitor;

impl Visitor<'_> for ParamVisitor {
    type Value = Param;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number, a string or a bool")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Param, E> {
        Ok(Param::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Param, E> {
        Ok(Param::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Param, E> {
        i64::try_from(v)
            .map(Param::Int)
            .map_err(|_| E::custom("a parameter's integer is too large"))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Param, E> {
        Ok(whole(v).map_or(Param::Float(v), Param::Int))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Param, E> {
        Ok(Param::Text(v.to_string()))
    }
}

impl<'de> Deserialize<'de> for Param {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Param, D::Error> {
        d.deserialize_any(ParamVisitor)
    }
}

struct SlotVisitor;

impl Visitor<'_> for SlotVisitor {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer or a string with placeholders")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Slot, E> {
        Ok(Slot::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Slot, E> {
        i64::try_from(v)
            .map(Slot::Int)
            .map_err(|_| E::custom("an index is too large"))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Slot, E> {
        whole(v)
            .map(Slot::Int)
            .ok_or_else(|| E::custom(format!("an index is an integer, not {v}")))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Slot, E> {
        Ok(Slot::Text(v.to_string()))
    }
}

impl<'de> Deserialize<'de> for Slot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Slot, D::Error> {
        d.deserialize_any(SlotVisitor)
    }
}

struct ClaimVisitor;

impl<'de> Visitor<'de> for ClaimVisitor {
    type Value = ClaimSpec;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"true\", \"false\", \"raises\" or {\"equals\": number}")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<ClaimSpec, E> {
        Ok(ClaimSpec::Word(v.to_string()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ClaimSpec, A::Error> {
        let mut equals = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "equals" && equals.is_none() {
                equals = Some(map.next_value::<f64>()?);
            } else {
                return Err(de::Error::custom(format!(
                    "unknown field `{key}`, expected `equals`"
                )));
            }
        }
        equals
            .map(|equals| ClaimSpec::Equals { equals })
            .ok_or_else(|| de::Error::custom("missing field `equals`"))
    }
}

impl<'de> Deserialize<'de> for ClaimSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ClaimSpec, D::Error> {
        d.deserialize_any(ClaimVisitor)
    }
}

impl Serialize for Param {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Param::Int(i) => s.serialize_i64(*i),
            Param::Float(x) => s.serialize_f64(*x),
            Param::Bool(b) => s.serialize_bool(*b),
            Param::Text(t) => s.serialize_str(t),
        }
    }
}

impl Serialize for Slot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Slot::Int(i) => s.serialize_i64(*i),
            Slot::Text(t) => s.serialize_str(t),
        }
    }
}

impl Serialize for ClaimSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ClaimSpec::Word(w) => s.serialize_str(w),
            ClaimSpec::Equals { equals } => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("equals", equals)?;
                map.end()
            }
        }
    }
}
