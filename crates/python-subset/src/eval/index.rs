//! Subscripts: `x[i]`, `x[a:b:c]` and assignment to them, with CPython's rules for negative
//! indices and for clamping slice bounds (`PySlice_AdjustIndices`).

use super::{Interp, Source};
use crate::error::{Error, ExcClass, Result, Span};
use crate::value::{List, Value, range_len};

impl Interp {
    /// `obj[index]`.
    pub fn get_item(&mut self, obj: &Value, index: &Index) -> Result<Value> {
        if let Value::Dict(d) = obj {
            let Index::Item(key) = index else {
                return Err(Error::type_error(
                    "unhashable type: 'slice'",
                    Span::default(),
                ));
            };
            return match d.get(key, &mut self.budget)? {
                Some(v) => Ok(v),
                None => Err(super::dict::key_error(self, key)),
            };
        }
        let (len, what) = match obj {
            Value::List(l) => (l.len(), "list"),
            Value::Tuple(t) => (t.0.len(), "tuple"),
            Value::Str(s) => (s.chars().count(), "string"),
            Value::Range(_) => {
                if let Index::Slice(_) = index {
                    return Err(Error::unsupported(
                        crate::construct::Construct::SlicingRange,
                        Span::default(),
                    ));
                }
                (0, "range object")
            }
            _ => {
                return Err(Error::type_error(
                    format!("'{}' object is not subscriptable", obj.type_name()),
                    Span::default(),
                ));
            }
        };
        let i = match index {
            Index::Slice(bounds) => return self.slice(obj, len, bounds),
            Index::Item(v) => match v.as_int() {
                Some(i) => i,
                None => {
                    let message = match obj {
                        Value::Str(_) => {
                            format!("string indices must be integers, not '{}'", v.type_name())
                        }
                        _ => format!(
                            "{} indices must be integers or slices, not {}",
                            obj.type_name(),
                            v.type_name()
                        ),
                    };
                    return Err(Error::type_error(message, Span::default()));
                }
            },
        };
        let out_of_range = || {
            Error::exception(
                ExcClass::IndexError,
                format!("{what} index out of range"),
                Span::default(),
            )
        };
        if let Value::Range(r) = obj {
            return range_item(r, i).ok_or_else(out_of_range);
        }
        let i = normalize(index_sized(i)?, len).ok_or_else(out_of_range)?;
        match obj {
            Value::List(l) => l.get(i).ok_or_else(out_of_range),
            Value::Tuple(t) => t.0.get(i).cloned().ok_or_else(out_of_range),
            Value::Str(s) => {
                let c = s.chars().nth(i).ok_or_else(out_of_range)?;
                let mut buf = [0u8; 4];
                Ok(Value::str(c.encode_utf8(&mut buf)))
            }
            _ => Err(out_of_range()),
        }
    }

    fn slice(&mut self, obj: &Value, len: usize, bounds: &[Option<i128>; 3]) -> Result<Value> {
        let picks = slice_indices(len, bounds)?;
        self.budget.alloc_items(picks.len())?;
        Ok(match obj {
            Value::List(l) => {
                let items = l.items()?;
                List::new_value(
                    picks
                        .iter()
                        .filter_map(|&i| items.get(i).cloned())
                        .collect(),
                )
            }
            Value::Tuple(t) => {
                Value::tuple(picks.iter().filter_map(|&i| t.0.get(i).cloned()).collect())
            }
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                let out: String = picks.iter().filter_map(|&i| chars.get(i)).collect();
                Value::str(&out)
            }
            _ => Value::None,
        })
    }

    /// `del obj[index]`.
    pub fn del_item(&mut self, obj: &Value, index: &Index) -> Result<()> {
        if let Value::Dict(d) = obj {
            let Index::Item(key) = index else {
                return Err(Error::type_error(
                    "unhashable type: 'slice'",
                    Span::default(),
                ));
            };
            return match d.remove(key, &mut self.budget)? {
                Some(_) => Ok(()),
                None => Err(super::dict::key_error(self, key)),
            };
        }
        let Value::List(list) = obj else {
            let message = format!("'{}' object doesn't support item deletion", obj.type_name());
            return Err(Error::type_error(message, Span::default()));
        };
        let picks = match index {
            Index::Item(i) => {
                let Some(i) = i.as_int() else {
                    let message = format!(
                        "list indices must be integers or slices, not {}",
                        i.type_name()
                    );
                    return Err(Error::type_error(message, Span::default()));
                };
                let i = normalize(index_sized(i)?, list.len()).ok_or_else(|| {
                    Error::exception(
                        ExcClass::IndexError,
                        "list assignment index out of range",
                        Span::default(),
                    )
                })?;
                vec![i]
            }
            Index::Slice(bounds) => slice_indices(list.len(), bounds)?,
        };
        list.with_mut(|items| {
            let mut keep = vec![true; items.len()];
            for i in picks {
                if let Some(k) = keep.get_mut(i) {
                    *k = false;
                }
            }
            let mut flags = keep.into_iter();
            items.retain(|_| flags.next().unwrap_or(true));
        })
    }

    /// `obj[index] = v`.
    pub fn set_item(&mut self, obj: &Value, index: &Index, v: Value) -> Result<()> {
        if let Value::Dict(d) = obj {
            let Index::Item(key) = index else {
                return Err(Error::type_error(
                    "unhashable type: 'slice'",
                    Span::default(),
                ));
            };
            return d.set(key.clone(), v, &mut self.budget);
        }
        let Value::List(list) = obj else {
            let message = format!(
                "'{}' object does not support item assignment",
                obj.type_name()
            );
            return Err(Error::type_error(message, Span::default()));
        };
        match index {
            Index::Item(i) => {
                let Some(i) = i.as_int() else {
                    let message = format!(
                        "list indices must be integers or slices, not {}",
                        i.type_name()
                    );
                    return Err(Error::type_error(message, Span::default()));
                };
                let i = normalize(index_sized(i)?, list.len()).ok_or_else(|| {
                    Error::exception(
                        ExcClass::IndexError,
                        "list assignment index out of range",
                        Span::default(),
                    )
                })?;
                list.with_mut(|items| {
                    if let Some(slot) = items.get_mut(i) {
                        *slot = v;
                    }
                })
            }
            Index::Slice(bounds) => {
                let new = self.collect(Source::Value(v))?;
                let len = list.len();
                let step = bounds[2].unwrap_or(1);
                if step == 1 {
                    let (start, stop, _) = adjust(len, bounds)?;
                    let lo = usize::try_from(start).unwrap_or(0).min(len);
                    let hi = usize::try_from(stop).unwrap_or(0).clamp(lo, len);
                    self.budget.alloc_items(len - (hi - lo) + new.len())?;
                    return list.with_mut(|items| {
                        items.splice(lo..hi, new);
                    });
                }
                let picks = slice_indices(len, bounds)?;
                if picks.len() != new.len() {
                    let message = format!(
                        "attempt to assign sequence of size {} to extended slice of size {}",
                        new.len(),
                        picks.len()
                    );
                    return Err(Error::value_error(message, Span::default()));
                }
                list.with_mut(|items| {
                    for (i, v) in picks.into_iter().zip(new) {
                        if let Some(slot) = items.get_mut(i) {
                            *slot = v;
                        }
                    }
                })
            }
        }
    }
}

/// What is inside `[ ]`, evaluated.
pub enum Index {
    /// A single value.
    Item(Value),
    /// `start:stop:step`, each possibly left out.
    Slice([Option<i128>; 3]),
}

/// Item `i` of a range (counted from the end when negative), if there is one.
pub(crate) fn range_item(r: &[i128; 3], i: i128) -> Option<Value> {
    let [start, _, step] = *r;
    let len = range_len(r);
    let k = if i < 0 {
        len.checked_sub(i.unsigned_abs())?
    } else {
        i.unsigned_abs()
    };
    if k >= len {
        return None;
    }
    // start + k*step lies between start and the last item, so it is an i128; the product
    // alone may not be, so it is taken apart: k*|step| < 2^128 as a u128.
    let offset = k.checked_mul(step.unsigned_abs())?;
    let v = if step > 0 {
        start.checked_add_unsigned(offset)?
    } else {
        start.checked_sub_unsigned(offset)?
    };
    Some(Value::Int(v))
}

/// An index as CPython's index-sized (64-bit) integer: beyond is an `IndexError`.
pub fn index_sized(i: i128) -> Result<i64> {
    i64::try_from(i).map_err(|_| {
        Error::exception(
            ExcClass::IndexError,
            "cannot fit 'int' into an index-sized integer",
            Span::default(),
        )
    })
}

/// An index counted from the end when negative, if it is within `len`.
pub fn normalize(i: i64, len: usize) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    let i = if i < 0 { i.checked_add(len)? } else { i };
    if (0..len).contains(&i) {
        usize::try_from(i).ok()
    } else {
        None
    }
}

/// CPython's `PySlice_AdjustIndices`: start, stop and step clamped to a sequence of `len`.
fn adjust(len: usize, bounds: &[Option<i128>; 3]) -> Result<(i128, i128, i128)> {
    let step = bounds[2].unwrap_or(1);
    if step == 0 {
        return Err(Error::value_error(
            "slice step cannot be zero",
            Span::default(),
        ));
    }
    let len = i128::try_from(len).unwrap_or(0);
    let clamp = |b: Option<i128>, default: i128| -> i128 {
        let Some(mut b) = b else { return default };
        if b < 0 {
            b += len;
            if b < 0 {
                b = if step < 0 { -1 } else { 0 };
            }
        } else if b >= len {
            b = if step < 0 { len - 1 } else { len };
        }
        b
    };
    let (start, stop) = if step > 0 {
        (clamp(bounds[0], 0), clamp(bounds[1], len))
    } else {
        (clamp(bounds[0], len - 1), clamp(bounds[1], -1))
    };
    Ok((start, stop, step))
}

/// The positions a slice picks from a sequence of `len`, in order.
fn slice_indices(len: usize, bounds: &[Option<i128>; 3]) -> Result<Vec<usize>> {
    let (start, stop, step) = adjust(len, bounds)?;
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        if let Ok(u) = usize::try_from(i) {
            out.push(u);
        }
        // A step past the ends of i128 leaves the sequence.
        let Some(next) = i.checked_add(step) else {
            break;
        };
        i = next;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_follow_cpython() {
        let s = |b: [Option<i128>; 3]| slice_indices(5, &b).unwrap();
        assert_eq!(s([None, None, None]), [0, 1, 2, 3, 4]);
        assert_eq!(s([None, None, Some(-1)]), [4, 3, 2, 1, 0]);
        assert_eq!(s([Some(-2), None, None]), [3, 4]);
        assert_eq!(s([Some(1), Some(100), Some(2)]), [1, 3]);
        assert_eq!(s([Some(3), Some(0), Some(-2)]), [3, 1]);
        assert_eq!(s([Some(-100), Some(-100), Some(-1)]), Vec::<usize>::new());
        assert_eq!(s([Some(i128::MIN), Some(i128::MAX), Some(i128::MAX)]), [0]);
        assert_eq!(s([None, None, Some(i128::MIN)]), [4]);
        assert!(slice_indices(5, &[None, None, Some(0)]).is_err());
        assert_eq!(normalize(-1, 3), Some(2));
        assert_eq!(normalize(3, 3), None);
        assert_eq!(normalize(i64::MIN, 3), None);
    }
}
