//! Iteration: [`IterState`], the position of a `for` loop, a comprehension or a built-in in
//! what it walks. Iterating a list reads it live, as CPython's list iterator does, so a loop
//! that appends to the list it walks never ends here either (it reaches the step limit).

use crate::error::{Error, Result};
use crate::limits::{Budget, Limit};
use crate::value::{Dict, IterObj, Value, ViewKind, range_len};
use std::rc::Rc;

/// Where an iteration is.
pub enum IterState {
    /// Forwards through a list, tuple or string (a byte position for a string).
    Seq(Value, usize),
    /// Backwards through a list, tuple or string: the index (or byte end) of the next item,
    /// plus one; 0 when done.
    Rev(Value, usize),
    /// Through a range: the next value, the step, and how many are left.
    Range(i128, i128, u128),
    /// `enumerate`: the inner iteration and the next count (`None` past the largest int).
    Enumerate(Box<IterState>, Option<i128>),
    /// `zip`: the inner iterations.
    Zip(Vec<IterState>),
    /// Through a dict or one of its views: the position, the length it must keep, and what
    /// each item is.
    Dict(Rc<Dict>, usize, usize, ViewKind),
    /// An iterator object, shared with whoever else holds it.
    Shared(Rc<IterObj>),
    /// Finished.
    Done,
}

/// Starts iterating `v`: CPython's `iter(v)`.
pub fn iterate(v: &Value) -> Result<IterState> {
    Ok(match v {
        Value::List(_) | Value::Tuple(_) | Value::Str(_) => IterState::Seq(v.clone(), 0),
        Value::Range(r) => {
            let [start, _, step] = **r;
            IterState::Range(start, step, range_len(r))
        }
        Value::Iter(it) => IterState::Shared(it.clone()),
        Value::Host(h) => IterState::Seq(Value::tuple(h.iter()?), 0),
        Value::Dict(d) => IterState::Dict(d.clone(), 0, d.len(), ViewKind::Keys),
        Value::DictView(d, kind) => IterState::Dict(d.clone(), 0, d.len(), *kind),
        _ => {
            return Err(Error::type_error(
                format!("'{}' object is not iterable", v.type_name()),
                Default::default(),
            ));
        }
    })
}

/// `reversed(v)`.
pub fn reversed(v: &Value) -> Result<IterState> {
    Ok(match v {
        Value::List(l) => IterState::Rev(v.clone(), l.len()),
        Value::Tuple(t) => IterState::Rev(v.clone(), t.0.len()),
        Value::Str(s) => IterState::Rev(v.clone(), s.len()),
        Value::Range(r) => {
            let [start, _, step] = **r;
            let last = match super::index::range_item(r, -1) {
                Some(Value::Int(last)) => last,
                _ => start,
            };
            // Steps wrap: every value reached is an item of the range, so arithmetic modulo
            // 2^128 is exact (and -(-2^127) is needed for two items 2^127 apart).
            IterState::Range(last, step.wrapping_neg(), range_len(r))
        }
        Value::Dict(_) | Value::DictView(..) => {
            return Err(Error::unsupported(
                crate::construct::Construct::ReversedDict,
                Default::default(),
            ));
        }
        _ => {
            let message = format!("'{}' object is not reversible", v.type_name());
            return Err(Error::type_error(message, Default::default()));
        }
    })
}

impl IterState {
    /// The next item, or `None` at the end.
    pub fn next(&mut self, budget: &mut Budget) -> Result<Option<Value>> {
        budget.step()?;
        let item = match self {
            IterState::Seq(Value::List(l), i) => l.get(*i),
            IterState::Seq(Value::Tuple(t), i) => t.0.get(*i).cloned(),
            IterState::Seq(Value::Str(s), i) => {
                let c = s.get(*i..).and_then(|rest| rest.chars().next());
                if let Some(c) = c {
                    *i += c.len_utf8();
                    let mut buf = [0u8; 4];
                    return Ok(Some(Value::str(c.encode_utf8(&mut buf))));
                }
                None
            }
            IterState::Rev(seq, i) => {
                let item = match seq {
                    Value::List(l) if *i > 0 && *i <= l.len() => l.get(*i - 1),
                    Value::Tuple(t) => i.checked_sub(1).and_then(|j| t.0.get(j).cloned()),
                    Value::Str(s) => {
                        let c = s.get(..*i).and_then(|head| head.chars().next_back());
                        c.map(|c| {
                            *i = i.saturating_sub(c.len_utf8()) + 1;
                            let mut buf = [0u8; 4];
                            Value::str(c.encode_utf8(&mut buf))
                        })
                    }
                    _ => None,
                };
                if item.is_some() {
                    *i -= 1;
                }
                item
            }
            IterState::Range(next, step, left) => {
                if *left == 0 {
                    return Ok(None);
                }
                let v = *next;
                *left -= 1;
                *next = next.wrapping_add(*step);
                return Ok(Some(Value::Int(v)));
            }
            IterState::Dict(d, pos, len, kind) => {
                if d.len() != *len {
                    *self = IterState::Done;
                    return Err(Error::exception(
                        crate::error::ExcClass::RuntimeError,
                        "dictionary changed size during iteration",
                        Default::default(),
                    ));
                }
                let item = d.item(*pos, *kind);
                *pos += 1;
                if kind == &ViewKind::Items {
                    budget.alloc_items(2)?;
                }
                item
            }
            IterState::Enumerate(inner, count) => {
                let Some(item) = inner.next(budget)? else {
                    return Ok(None);
                };
                let n =
                    count.ok_or_else(|| Error::limit(Limit::IntTooLarge, Default::default()))?;
                *count = n.checked_add(1);
                budget.alloc_items(2)?;
                return Ok(Some(Value::tuple(vec![Value::Int(n), item])));
            }
            IterState::Zip(inners) => {
                if inners.is_empty() {
                    return Ok(None);
                }
                let mut items = Vec::with_capacity(inners.len());
                for inner in inners.iter_mut() {
                    match inner.next(budget)? {
                        Some(item) => items.push(item),
                        None => return Ok(None),
                    }
                }
                budget.alloc_items(items.len())?;
                return Ok(Some(Value::tuple(items)));
            }
            IterState::Shared(obj) => {
                budget.enter()?;
                let mut state = obj.0.try_borrow_mut().map_err(|_| {
                    Error::exception(
                        crate::error::ExcClass::RuntimeError,
                        "iterator already executing",
                        Default::default(),
                    )
                })?;
                let item = state.next(budget);
                budget.leave();
                return item;
            }
            _ => None,
        };
        match item {
            Some(v) => {
                if let IterState::Seq(_, i) = self {
                    *i += 1;
                }
                Ok(Some(v))
            }
            None => {
                *self = IterState::Done;
                Ok(None)
            }
        }
    }

    /// Moves the values this state holds into `out`, for dropping without recursion.
    pub fn take_values(&mut self, out: &mut Vec<Value>) {
        match core::mem::replace(self, IterState::Done) {
            IterState::Seq(v, _) | IterState::Rev(v, _) => out.push(v),
            IterState::Enumerate(mut inner, _) => inner.take_values(out),
            IterState::Zip(mut inners) => inners.iter_mut().for_each(|i| i.take_values(out)),
            IterState::Shared(obj) => out.push(Value::Iter(obj)),
            IterState::Dict(d, ..) => out.push(Value::Dict(d)),
            IterState::Range(..) | IterState::Done => {}
        }
    }
}

/// A new iterator object of type `name`.
pub fn iter_value(state: IterState, name: &'static str) -> Value {
    Value::Iter(Rc::new(IterObj(core::cell::RefCell::new(state), name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::value::List;

    fn all(mut it: IterState) -> Vec<i128> {
        let mut budget = Budget::new(&Limits::default());
        let mut out = Vec::new();
        while let Some(v) = it.next(&mut budget).unwrap() {
            out.push(v.as_int().unwrap());
        }
        out
    }

    #[test]
    fn ranges_forwards_and_backwards() {
        let r = Value::Range(Rc::new([1, 10, 3]));
        assert_eq!(all(iterate(&r).unwrap()), [1, 4, 7]);
        assert_eq!(all(reversed(&r).unwrap()), [7, 4, 1]);
        let empty = Value::Range(Rc::new([5, 0, 1]));
        assert_eq!(all(reversed(&empty).unwrap()), Vec::<i128>::new());
        let extreme = Value::Range(Rc::new([i128::MIN, i128::MAX, i128::MAX]));
        assert_eq!(all(iterate(&extreme).unwrap()).len(), 3);
    }

    #[test]
    fn a_list_is_read_live() {
        let list = List::new_value(vec![Value::Int(1), Value::Int(2)]);
        let mut it = iterate(&list).unwrap();
        let mut budget = Budget::new(&Limits::default());
        assert!(it.next(&mut budget).unwrap().is_some());
        if let Value::List(l) = &list {
            l.with_mut(|v| v.push(Value::Int(3))).unwrap();
        }
        assert_eq!(all(it), [2, 3]);
    }
}
