//! [`Dict`]: a `dict`, its entries in insertion order, and its views (`keys()`, `values()`,
//! `items()`). Keys hash as CPython's do where it matters here: values that are equal hash
//! equal (`1`, `1.0` and `True` are one key), and only what CPython can hash by value is a
//! key (`None`, `bool`, `int`, `float`, `str`, and tuples of them). Look-up compares hashes
//! first, then keys with `==`, along the entries: dicts here are learners' dicts, small.

use super::{Value, eq};
use crate::construct::Construct;
use crate::error::{Error, Result, Span};
use crate::limits::Budget;
use core::cell::RefCell;
use std::rc::Rc;

/// One entry: the key's hash, the key, the value.
pub struct Entry {
    /// The key's hash.
    pub hash: u64,
    /// The key, as first inserted.
    pub key: Value,
    /// The value.
    pub value: Value,
}

/// A `dict`'s entries, in insertion order.
#[derive(Default)]
pub struct Dict(pub RefCell<Vec<Entry>>);

/// Which view of a dict.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ViewKind {
    /// `keys()`.
    Keys,
    /// `values()`.
    Values,
    /// `items()`.
    Items,
}

impl ViewKind {
    /// The view's type name.
    pub fn type_name(self) -> &'static str {
        match self {
            ViewKind::Keys => "dict_keys",
            ViewKind::Values => "dict_values",
            ViewKind::Items => "dict_items",
        }
    }
}

fn busy() -> Error {
    Error::exception(
        crate::error::ExcClass::RuntimeError,
        "dict changed while in use",
        Span::default(),
    )
}

/// CPython's `TypeError` for a key it cannot hash.
pub fn unhashable(v: &Value) -> Error {
    Error::type_error(
        format!("unhashable type: '{}'", v.type_name()),
        Span::default(),
    )
}

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

fn hash_int(i: i128) -> u64 {
    let u = i as u128;
    ((u as u64) ^ ((u >> 64) as u64).wrapping_mul(MIX)).wrapping_mul(MIX)
}

/// The hash of `v` as a key: equal keys hash equal.
pub fn hash_key(v: &Value, budget: &mut Budget) -> Result<u64> {
    budget.step()?;
    Ok(match v {
        Value::None => 0x5bd1_e995,
        Value::Bool(_) | Value::Int(_) => hash_int(v.as_int().unwrap_or(0)),
        Value::Float(f) => {
            if f.is_nan() {
                return Err(Error::unsupported(Construct::NanDictKey, Span::default()));
            }
            if f.trunc() == *f && f.abs() < super::TWO_127 {
                // Integral: the hash of the equal int (-0.0 is 0).
                hash_int(*f as i128)
            } else {
                f.to_bits().wrapping_mul(MIX)
            }
        }
        Value::Str(s) => s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        }),
        Value::Tuple(t) => {
            budget.enter()?;
            let mut h: u64 = 0x345678;
            for item in &t.0 {
                h = (h ^ hash_key(item, budget)?)
                    .wrapping_mul(MIX)
                    .rotate_left(31);
            }
            budget.leave();
            h ^ t.0.len() as u64
        }
        Value::List(_) | Value::Dict(_) | Value::DictView(..) => return Err(unhashable(v)),
        _ => {
            return Err(Error::unsupported(
                Construct::DictKeyOfType(v.type_name()),
                Span::default(),
            ));
        }
    })
}

impl Dict {
    /// A new dict value (registered for the cycle breaker).
    pub fn new_value(entries: Vec<Entry>) -> Value {
        let d = Rc::new(Dict(RefCell::new(entries)));
        super::cycles::register_dict(&d);
        Value::Dict(d)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.0.try_borrow().map_or(0, |e| e.len())
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where `key` (with `hash`) is.
    fn find(&self, key: &Value, hash: u64, budget: &mut Budget) -> Result<Option<usize>> {
        // Keys are compared outside the borrow: `==` on tuples takes steps, never the dict.
        let candidates: Vec<(usize, Value)> = self
            .0
            .try_borrow()
            .map_err(|_| busy())?
            .iter()
            .enumerate()
            .filter(|(_, e)| e.hash == hash)
            .map(|(i, e)| (i, e.key.clone()))
            .collect();
        for (i, k) in candidates {
            if eq(&k, key, budget)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// `self[key]`, if there.
    pub fn get(&self, key: &Value, budget: &mut Budget) -> Result<Option<Value>> {
        let hash = hash_key(key, budget)?;
        let Some(i) = self.find(key, hash, budget)? else {
            return Ok(None);
        };
        Ok(self
            .0
            .try_borrow()
            .map_err(|_| busy())?
            .get(i)
            .map(|e| e.value.clone()))
    }

    /// `self[key] = value` (an equal key already there stays, with the new value).
    pub fn set(&self, key: Value, value: Value, budget: &mut Budget) -> Result<()> {
        let hash = hash_key(&key, budget)?;
        let found = self.find(&key, hash, budget)?;
        let mut entries = self.0.try_borrow_mut().map_err(|_| busy())?;
        match found.and_then(|i| entries.get_mut(i)) {
            Some(e) => e.value = value,
            None => {
                budget.push(entries.len() + 1)?;
                budget.alloc(1)?;
                entries.push(Entry { hash, key, value });
            }
        }
        Ok(())
    }

    /// Removes `key`, giving its value, if there.
    pub fn remove(&self, key: &Value, budget: &mut Budget) -> Result<Option<Value>> {
        let hash = hash_key(key, budget)?;
        let Some(i) = self.find(key, hash, budget)? else {
            return Ok(None);
        };
        let mut entries = self.0.try_borrow_mut().map_err(|_| busy())?;
        Ok((i < entries.len()).then(|| entries.remove(i).value))
    }

    /// Entry `i`'s item of the view `kind`.
    pub fn item(&self, i: usize, kind: ViewKind) -> Option<Value> {
        let entries = self.0.try_borrow().ok()?;
        let e = entries.get(i)?;
        Some(match kind {
            ViewKind::Keys => e.key.clone(),
            ViewKind::Values => e.value.clone(),
            ViewKind::Items => Value::tuple(vec![e.key.clone(), e.value.clone()]),
        })
    }

    /// Every item of the view `kind`, in order.
    pub fn items(&self, kind: ViewKind) -> Result<Vec<Value>> {
        let n = self.0.try_borrow().map_err(|_| busy())?.len();
        Ok((0..n).filter_map(|i| self.item(i, kind)).collect())
    }

    /// A copy of the entries.
    pub fn entries(&self) -> Result<Vec<Entry>> {
        Ok(self
            .0
            .try_borrow()
            .map_err(|_| busy())?
            .iter()
            .map(|e| Entry {
                hash: e.hash,
                key: e.key.clone(),
                value: e.value.clone(),
            })
            .collect())
    }
}

impl Drop for Dict {
    fn drop(&mut self) {
        let entries = core::mem::take(self.0.get_mut());
        super::drop_values(entries.into_iter().flat_map(|e| [e.key, e.value]).collect());
    }
}

/// `a == b` for dicts: the same keys with equal values, in any order.
pub fn dict_eq(a: &Dict, b: &Dict, budget: &mut Budget) -> Result<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    budget.enter()?;
    for e in a.entries()? {
        let same = match b.get(&e.key, budget)? {
            Some(v) => eq(&e.value, &v, budget)?,
            None => false,
        };
        if !same {
            budget.leave();
            return Ok(false);
        }
    }
    budget.leave();
    Ok(true)
}
