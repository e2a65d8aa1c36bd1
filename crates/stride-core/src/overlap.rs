//! Do two views of one buffer share memory? `may_share_memory` compares byte bounds only;
//! `shares_memory` answers exactly, as NumPy's `solve_may_share_memory` does
//! (`numpy/_core/src/common/mem_overlap.c`).
//!
//! The exact question is a bounded Diophantine equation `Σ aᵢ·xᵢ = b, 0 ≤ xᵢ ≤ uᵢ`, one term per
//! axis of size > 1 and non-zero stride of either array, plus one per item size. It is simplified
//! (sorted, equal coefficients merged, bounds clamped) and searched depth first with extended
//! Euclid pruning, counting candidates against a work limit. The intermediate products are done in
//! `i128`, as NumPy does them in its 128-bit helpers.

use crate::dims::MAX_NDIM;
use crate::layout::Layout;

/// The answer to "do these share memory?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// No byte is used by both.
    No,
    /// At least one byte is used by both.
    Yes,
    /// The search passed its work limit: NumPy's `TooHardError`.
    TooHard,
    /// An intermediate value overflowed 64 bits: NumPy's `OverflowError`.
    Overflow,
}

/// No limit on the work: NumPy's `max_work=None` for `shares_memory` (`MAY_SHARE_EXACT`).
pub const EXACT: i64 = -1;

/// `np.may_share_memory(a, b)`: whether the byte ranges `[low, high)` of the two layouts intersect.
pub fn may_share_memory(a: &Layout, b: &Layout) -> bool {
    match (a.byte_bounds(), b.byte_bounds()) {
        (Some((a0, a1)), Some((b0, b1))) => a0 < b1 && b0 < a1,
        _ => false,
    }
}

#[derive(Clone, Copy, Default)]
struct Term {
    a: i64,
    ub: i64,
}

const MAX_TERMS: usize = 2 * MAX_NDIM + 2;

/// `np.shares_memory(a, b, max_work)` for two layouts of the same buffer. `max_work` is
/// [`EXACT`] for no limit, 0 for the bounds check only, or the number of candidates to try.
pub fn shares_memory(a: &Layout, b: &Layout, max_work: i64) -> Overlap {
    let (Some((start1, end1)), Some((start2, end2))) = (a.byte_bounds(), b.byte_bounds()) else {
        return Overlap::No;
    };
    if !(start1 < end2 && start2 < end1) {
        return Overlap::No;
    }
    if max_work == 0 {
        return Overlap::TooHard;
    }
    let rhs = (end2 - 1 - start1).min(end1 - 1 - start2);
    let Ok(rhs) = i64::try_from(rhs) else {
        return Overlap::Overflow;
    };
    let mut terms = [Term::default(); MAX_TERMS];
    let mut n = 0usize;
    for layout in [a, b] {
        for (&d, &s) in layout.shape().iter().zip(layout.strides().iter()) {
            if d <= 1 || s == 0 {
                continue;
            }
            let Some(a) = s.checked_abs() else {
                return Overlap::Overflow;
            };
            if let Some(t) = terms.get_mut(n) {
                *t = Term { a, ub: d - 1 };
                n += 1;
            }
        }
    }
    for layout in [a, b] {
        if layout.itemsize() > 1 {
            if let Some(t) = terms.get_mut(n) {
                *t = Term {
                    a: 1,
                    ub: layout.itemsize() - 1,
                };
                n += 1;
            }
        }
    }
    let terms = terms.get_mut(..n).unwrap_or(&mut []);
    let Some(n) = simplify(terms, rhs) else {
        return Overlap::Overflow;
    };
    solve(terms.get(..n).unwrap_or(&[]), rhs, max_work)
}

/// `diophantine_simplify`: sort by decreasing coefficient, merge equal coefficients, clamp each
/// bound to `b / a` and drop variables whose bound is 0. Returns the new count, `None` on overflow.
fn simplify(terms: &mut [Term], b: i64) -> Option<usize> {
    if terms.iter().any(|t| t.ub < 0) || b < 0 {
        return Some(terms.len());
    }
    // Insertion sort by decreasing `a` (the order of equal coefficients does not matter: they merge).
    for i in 1..terms.len() {
        let mut j = i;
        while j > 0 && terms.get(j - 1).map(|t| t.a) < terms.get(j).map(|t| t.a) {
            terms.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut overflow = false;
    let mut n = 0usize;
    for j in 0..terms.len() {
        let Some(&t) = terms.get(j) else { break };
        match n.checked_sub(1).and_then(|last| terms.get_mut(last)) {
            Some(prev) if prev.a == t.a => match prev.ub.checked_add(t.ub) {
                Some(ub) => prev.ub = ub,
                None => overflow = true,
            },
            _ => {
                if let Some(slot) = terms.get_mut(n) {
                    *slot = t;
                }
                n += 1;
            }
        }
    }
    let mut kept = 0usize;
    for j in 0..n {
        let Some(mut t) = terms.get(j).copied() else {
            break;
        };
        t.ub = t.ub.min(b / t.a);
        if t.ub != 0 {
            if let Some(slot) = terms.get_mut(kept) {
                *slot = t;
            }
            kept += 1;
        }
    }
    if overflow { None } else { Some(kept) }
}

/// `solve_diophantine` without the internal-overlap variant.
fn solve(e: &[Term], b: i64, max_work: i64) -> Overlap {
    if e.iter().any(|t| t.a <= 0) {
        return Overlap::Overflow;
    }
    if e.iter().any(|t| t.ub < 0) || b < 0 {
        return Overlap::No;
    }
    match e {
        [] => {
            if b == 0 {
                Overlap::Yes
            } else {
                Overlap::No
            }
        }
        [t] => {
            if b % t.a == 0 && b / t.a <= t.ub {
                Overlap::Yes
            } else {
                Overlap::No
            }
        }
        _ => {
            let mut ep = [Term::default(); MAX_TERMS];
            let mut gamma = [0i64; MAX_TERMS];
            let mut epsilon = [0i64; MAX_TERMS];
            if !precompute(e, &mut ep, &mut gamma, &mut epsilon) {
                return Overlap::Overflow;
            }
            let search = Search {
                e,
                ep: &ep,
                gamma: &gamma,
                epsilon: &epsilon,
                max_work,
            };
            let mut count = 0i64;
            search.dfs(e.len() - 1, b, &mut count)
        }
    }
}

/// Extended Euclid: `(gcd, gamma, epsilon)` with `gamma·a1 + epsilon·a2 == gcd`, for `a1, a2 > 0`.
fn euclid(mut a1: i64, mut a2: i64) -> (i64, i64, i64) {
    let (mut gamma1, mut gamma2, mut epsilon1, mut epsilon2) = (1i64, 0i64, 0i64, 1i64);
    loop {
        if a2 > 0 {
            let r = a1 / a2;
            a1 -= r * a2;
            gamma1 -= r * gamma2;
            epsilon1 -= r * epsilon2;
        } else {
            return (a1, gamma1, epsilon1);
        }
        if a1 > 0 {
            let r = a2 / a1;
            a2 -= r * a1;
            gamma2 -= r * gamma1;
            epsilon2 -= r * epsilon1;
        } else {
            return (a2, gamma2, epsilon2);
        }
    }
}

/// `diophantine_precompute`: the gcd chain and the bounds of the merged variables. False on overflow.
fn precompute(e: &[Term], ep: &mut [Term], gamma: &mut [i64], epsilon: &mut [i64]) -> bool {
    let n = e.len();
    let (Some(e0), Some(e1)) = (e.first(), e.get(1)) else {
        return false;
    };
    let (g, ga, ep0) = euclid(e0.a, e1.a);
    let set = |slice: &mut [i64], k: usize, v: i64| {
        if let Some(s) = slice.get_mut(k) {
            *s = v;
        }
    };
    if let Some(t) = ep.get_mut(0) {
        t.a = g;
    }
    set(gamma, 0, ga);
    set(epsilon, 0, ep0);
    if n > 2 {
        let ub = e0
            .ub
            .checked_mul(e0.a / g)
            .and_then(|x| e1.ub.checked_mul(e1.a / g).and_then(|y| x.checked_add(y)));
        match (ub, ep.get_mut(0)) {
            (Some(ub), Some(t)) => t.ub = ub,
            _ => return false,
        }
    }
    for j in 2..n {
        let (Some(&prev), Some(&ej)) = (ep.get(j - 2), e.get(j)) else {
            return false;
        };
        let (g, ga, eps) = euclid(prev.a, ej.a);
        if let Some(t) = ep.get_mut(j - 1) {
            t.a = g;
        }
        set(gamma, j - 1, ga);
        set(epsilon, j - 1, eps);
        if j < n - 1 {
            let ub = (prev.a / g)
                .checked_mul(prev.ub)
                .and_then(|x| (ej.a / g).checked_mul(ej.ub).and_then(|y| x.checked_add(y)));
            match (ub, ep.get_mut(j - 1)) {
                (Some(ub), Some(t)) => t.ub = ub,
                _ => return false,
            }
        }
    }
    true
}

struct Search<'a> {
    e: &'a [Term],
    ep: &'a [Term],
    gamma: &'a [i64],
    epsilon: &'a [i64],
    max_work: i64,
}

/// Floor and ceiling division of an `i128` by a positive `i64`.
fn floordiv(a: i128, b: i64) -> i128 {
    a.div_euclid(i128::from(b))
}

fn ceildiv(a: i128, b: i64) -> i128 {
    -((-a).div_euclid(i128::from(b)))
}

impl Search<'_> {
    /// `diophantine_dfs`: enumerate the candidates of variable `v` and recurse.
    fn dfs(&self, v: usize, b: i64, count: &mut i64) -> Overlap {
        if self.max_work >= 0 && *count >= self.max_work {
            return Overlap::TooHard;
        }
        let (a1, u1) = if v == 1 {
            self.e.first().map_or((1, 0), |t| (t.a, t.ub))
        } else {
            self.ep.get(v - 2).map_or((1, 0), |t| (t.a, t.ub))
        };
        let (a2, u2) = self.e.get(v).map_or((1, 0), |t| (t.a, t.ub));
        let g = self.ep.get(v - 1).map_or(1, |t| t.a);
        let gamma = self.gamma.get(v - 1).copied().unwrap_or(0);
        let epsilon = self.epsilon.get(v - 1).copied().unwrap_or(0);
        if g <= 0 {
            return Overlap::Overflow;
        }
        let c = b / g;
        if b % g != 0 {
            *count += 1;
            return Overlap::No;
        }
        let c1 = a2 / g;
        let c2 = a1 / g;
        // x1 = gamma·c + c1·t, x2 = epsilon·c − c2·t, with 0 ≤ x1 ≤ u1 and 0 ≤ x2 ≤ u2.
        let x10 = i128::from(gamma) * i128::from(c);
        let x20 = i128::from(epsilon) * i128::from(c);
        let t_l = ceildiv(-x10, c1).max(ceildiv(x20 - i128::from(u2), c2));
        let t_u = floordiv(i128::from(u1) - x10, c1).min(floordiv(x20, c2));
        if t_l > t_u {
            *count += 1;
            return Overlap::No;
        }
        let (Ok(t_l64), Ok(t_u64)) = (i64::try_from(t_l), i64::try_from(t_u)) else {
            return Overlap::Overflow;
        };
        let x2 = x20 - i128::from(c2) * i128::from(t_l64);
        let Ok(x2) = i64::try_from(x2) else {
            return Overlap::Overflow;
        };
        let Some(span) = t_u64.checked_sub(t_l64) else {
            return Overlap::Overflow;
        };
        if v == 1 {
            return Overlap::Yes;
        }
        let mut t = 0i64;
        while t <= span {
            // x[v] = x2 − c2·t, and the rest must make up b − a2·x[v].
            let xv = i128::from(x2) - i128::from(c2) * i128::from(t);
            let Ok(b2) = i64::try_from(i128::from(b) - i128::from(a2) * xv) else {
                return Overlap::Overflow;
            };
            match self.dfs(v - 1, b2, count) {
                Overlap::No => {}
                other => return other,
            }
            t += 1;
        }
        *count += 1;
        Overlap::No
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::axes::reversed;
    use crate::index::{IndexItem, Slice, index};
    use crate::layout::Order;

    fn slice(start: Option<i64>, step: i64) -> IndexItem {
        IndexItem::Slice(Slice {
            start,
            stop: None,
            step: Some(step),
        })
    }

    #[test]
    fn interleaved_columns_may_share_but_do_not() {
        // x[:, ::2] and x[:, 1::2] of a (3, 4) float64.
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        let even = index(&x, &[IndexItem::Slice(Slice::FULL), slice(None, 2)])
            .unwrap()
            .layout;
        let odd = index(&x, &[IndexItem::Slice(Slice::FULL), slice(Some(1), 2)])
            .unwrap()
            .layout;
        assert!(may_share_memory(&even, &odd));
        assert_eq!(shares_memory(&even, &odd, EXACT), Overlap::No);
        assert_eq!(shares_memory(&even, &odd, 0), Overlap::TooHard);
        assert_eq!(shares_memory(&x, &reversed(&x), EXACT), Overlap::Yes);
    }

    #[test]
    fn numpys_hard_example() {
        // From mem_overlap.c: x = arange(80).reshape(4, 20) as int8; a = x[:, ::7]; b = x[:, 3::3].
        let x = Layout::contiguous(&[4, 20], 1, Order::C).unwrap();
        let a = index(&x, &[IndexItem::Slice(Slice::FULL), slice(None, 7)])
            .unwrap()
            .layout;
        let b = index(&x, &[IndexItem::Slice(Slice::FULL), slice(Some(3), 3)])
            .unwrap()
            .layout;
        assert_eq!(shares_memory(&a, &b, EXACT), Overlap::No);
        assert_eq!(shares_memory(&a, &b, 1), Overlap::TooHard);
    }

    #[test]
    fn disjoint_and_empty() {
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        let r0 = index(&x, &[IndexItem::Int(0)]).unwrap().layout;
        let r1 = index(&x, &[IndexItem::Int(1)]).unwrap().layout;
        assert_eq!(shares_memory(&r0, &r1, EXACT), Overlap::No);
        assert!(!may_share_memory(&r0, &r1));
        let empty = Layout::new(&[0], &[8], 0, 8).unwrap();
        assert_eq!(shares_memory(&empty, &x, EXACT), Overlap::No);
    }
}
