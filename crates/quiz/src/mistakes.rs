//! The usual mistakes, computed: from the layout that gave a question's key, what each usual
//! mistake would have answered (the strides in bytes for any item size, reversed, the shape, the
//! strides before the swap, the position without the start, the shapes lined up from the left…),
//! in the order [`crate::diagnose`] looks for the learner's answer among them.

use stride_core::Layout;

use crate::itemsize::ITEMSIZES;
use crate::key::{Evaluated, Key};
use crate::question::{Question, Recipe};

/// One usual mistake: its code, the answer it gives, and for a unit mistake the item size it
/// assumed (bytes per number).
pub(crate) struct Mistake {
    /// Its code in [`crate::DIAGNOSES`].
    pub code: &'static str,
    /// What someone making it answers.
    pub answer: Key,
    /// The bytes per number it assumed, for the unit mistakes.
    pub itemsize: Option<i64>,
}

impl Mistake {
    fn plain(code: &'static str, answer: Key) -> Self {
        Mistake {
            code,
            answer,
            itemsize: None,
        }
    }

    fn unit(code: &'static str, answer: Key, itemsize: i64) -> Self {
        Mistake {
            code,
            answer,
            itemsize: Some(itemsize),
        }
    }
}

/// What each usual mistake would have answered, in the order they are looked for (the first
/// match names the mistake: `forgot-swap` comes before `reversed-order`, because for a 2-D
/// transpose the strides before the swap are the reversed ones). A unit mistake is looked for
/// with the question's own item size first, and with each other one of [`ITEMSIZES`] after the
/// other mistakes.
pub(crate) fn mistakes(q: &Question, e: &Evaluated) -> Vec<Mistake> {
    let mut out: Vec<Mistake> = Vec::new();
    if let Some(before) = &e.before_key {
        // A value question is about numbers, not strides: its own words for the same slip.
        let code = if q.recipe == Recipe::Value {
            "read-before-transpose"
        } else {
            "forgot-swap"
        };
        out.push(Mistake::plain(code, before.clone()));
    }
    let tuple = |v: Vec<i64>| Key::Tuple(v);
    let num = |x: i128| Key::Number(x as f64);
    let plain = Mistake::plain;
    let unit = Mistake::unit;
    match (&q.recipe, e.layout, &e.key) {
        (Recipe::StridesInElements, Some(l), Key::Tuple(k)) => {
            let isz = l.itemsize().max(1);
            if isz != 1 {
                out.push(unit(
                    "bytes-instead-of-elements",
                    tuple(l.strides().to_vec()),
                    isz,
                ));
            }
            out.push(plain("shape-not-strides", tuple(l.shape().to_vec())));
            out.push(plain("as-if-contiguous", tuple(contiguous(l.shape(), 1))));
            out.push(plain(
                "reversed-order",
                tuple(k.iter().rev().copied().collect()),
            ));
            for m in other_itemsizes(isz) {
                if let Some(bytes) = scaled(k, m) {
                    out.push(unit("bytes-instead-of-elements", tuple(bytes), m));
                }
            }
        }
        (Recipe::Strides, Some(l), Key::Tuple(k)) => {
            let isz = l.itemsize().max(1);
            if k.iter().all(|s| s % isz == 0) {
                let elements: Vec<i64> = k.iter().map(|s| s / isz).collect();
                let other: Vec<Mistake> = other_itemsizes(isz)
                    .filter_map(|m| Some(unit("wrong-itemsize", tuple(scaled(&elements, m)?), m)))
                    .collect();
                out.push(unit("elements-instead-of-bytes", tuple(elements), isz));
                out.extend(other);
            }
            out.push(plain("shape-not-strides", tuple(l.shape().to_vec())));
            out.push(plain("as-if-contiguous", tuple(contiguous(l.shape(), isz))));
            out.push(plain(
                "reversed-order",
                tuple(k.iter().rev().copied().collect()),
            ));
        }
        (Recipe::ElementPosition(index), Some(l), Key::Number(p)) => {
            let isz = l.itemsize().max(1);
            let wide = i128::from(isz);
            out.push(plain(
                "row-col-swapped",
                num(swapped_address(&l, index) / wide),
            ));
            if l.offset() != 0 {
                let no_start = l.address(index) - i128::from(l.offset());
                out.push(plain("forgot-start-offset", num(no_start / wide)));
            }
            out.push(unit(
                "bytes-instead-of-elements",
                Key::Number(p * isz as f64),
                isz,
            ));
            for m in other_itemsizes(isz) {
                out.push(unit(
                    "bytes-instead-of-elements",
                    Key::Number(p * m as f64),
                    m,
                ));
            }
        }
        (Recipe::ByteOffset(index), Some(l), Key::Number(b)) => {
            let isz = l.itemsize().max(1);
            out.push(plain("row-col-swapped", num(swapped_address(&l, index))));
            if l.offset() != 0 {
                out.push(plain(
                    "forgot-start-offset",
                    num(l.address(index) - i128::from(l.offset())),
                ));
            }
            out.push(unit(
                "elements-instead-of-bytes",
                Key::Number(b / isz as f64),
                isz,
            ));
            out.push(plain("off-by-one", Key::Number(b + isz as f64)));
            out.push(plain("off-by-one", Key::Number(b - isz as f64)));
            out.extend(other_itemsize_bytes(*b, isz));
        }
        (Recipe::StoredBytes, Some(l), Key::Number(b)) => {
            let isz = l.itemsize().max(1);
            out.push(plain(
                "stored-the-broadcast",
                Key::Number((l.size() * l.itemsize()) as f64),
            ));
            out.push(unit(
                "elements-instead-of-bytes",
                Key::Number(b / isz as f64),
                isz,
            ));
            out.extend(other_itemsize_bytes(*b, isz));
        }
        (Recipe::Shape, Some(l), _) => {
            out.push(plain(
                "reversed-order",
                tuple(l.shape().iter().rev().copied().collect()),
            ));
        }
        (Recipe::Value, _, _) if e.operands.len() == 2 => {
            if let [a, b] = e.operands.as_slice() {
                out.push(plain("aligned-left", left_aligned_broadcast(a, b)));
                out.push(plain("missed-broadcast", tuple(a.clone())));
                out.push(plain("missed-broadcast", tuple(b.clone())));
            }
            if let Key::Tuple(k) = &e.key {
                out.push(plain(
                    "reversed-order",
                    tuple(k.iter().rev().copied().collect()),
                ));
            }
        }
        _ => {}
    }
    out
}

/// The item sizes other than the question's `isz` that a learner may assume, with 1 left out
/// (one byte per number makes bytes and elements the same).
fn other_itemsizes(isz: i64) -> impl Iterator<Item = i64> {
    ITEMSIZES.into_iter().filter(move |&m| m != isz && m != 1)
}

/// Every entry of `k` times `m`, or `None` on overflow.
fn scaled(k: &[i64], m: i64) -> Option<Vec<i64>> {
    k.iter().map(|s| s.checked_mul(m)).collect()
}

/// The `wrong-itemsize` answers of a byte count `b` of `isz`-byte numbers: as many numbers, of
/// each other item size.
fn other_itemsize_bytes(b: f64, isz: i64) -> Vec<Mistake> {
    let count = b / isz as f64;
    if count.fract() != 0.0 {
        return Vec::new();
    }
    other_itemsizes(isz)
        .map(|m| Mistake::unit("wrong-itemsize", Key::Number(count * m as f64), m))
        .collect()
}

/// Strides of a contiguous array of `shape` with this itemsize: the last is the itemsize, each
/// one to its left the product of the sizes to its right times it.
pub(crate) fn contiguous(shape: &[i64], itemsize: i64) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut step = itemsize;
    for (s, &size) in strides.iter_mut().zip(shape).rev() {
        *s = step;
        step = step.saturating_mul(size.max(1));
    }
    strides
}

/// The address with the strides paired to the indices in reverse (`i·s₁ + j·s₀`).
fn swapped_address(l: &Layout, index: &[i64]) -> i128 {
    let mut address = i128::from(l.offset());
    for (i, s) in index.iter().zip(l.strides().iter().rev()) {
        address += i128::from(*i) * i128::from(*s);
    }
    address
}

/// What broadcasting would give if shapes were lined up from the left (the shorter one padded
/// with 1s on the right).
fn left_aligned_broadcast(a: &[i64], b: &[i64]) -> Key {
    let n = a.len().max(b.len());
    let pad = |s: &[i64]| -> Vec<i64> {
        let mut v = s.to_vec();
        v.resize(n, 1);
        v
    };
    let (a, b) = (pad(a), pad(b));
    let mut out = Vec::with_capacity(n);
    for (&x, &y) in a.iter().zip(&b) {
        if x == y || y == 1 {
            out.push(x);
        } else if x == 1 {
            out.push(y);
        } else {
            return Key::Error;
        }
    }
    Key::Tuple(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguous_strides() {
        assert_eq!(contiguous(&[2, 3, 4], 1), vec![12, 4, 1]);
        assert_eq!(contiguous(&[3, 4], 4), vec![16, 4]);
        assert_eq!(contiguous(&[], 8), Vec::<i64>::new());
    }

    #[test]
    fn left_alignment() {
        assert!(left_aligned_broadcast(&[3, 4], &[3]) == Key::Tuple(vec![3, 4]));
        assert!(left_aligned_broadcast(&[3], &[2, 4, 3]) == Key::Error);
    }
}
