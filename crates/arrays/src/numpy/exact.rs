//! Sums of products as NumPy and PyTorch compute them for `matmul`, `dot`, `einsum`: exactly for
//! bools and integers (wrapping in the result's dtype), and for floats exactly when the answer
//! does not depend on the order of the additions; otherwise to the dtype's precision, marked as
//! approximate (see [`crate::exactness`]).
//!
//! ## Why float sums that round are approximate
//!
//! NumPy hands float32/float64 products to OpenBLAS, whose kernels are chosen for the CPU at run
//! time (Haswell, SkylakeX, …): they block the sum in their own order and fuse multiply-adds, so
//! the last bit of a rounded result differs between machines and between sizes. Against NumPy
//! 2.4.6 on this machine, a plain left-to-right sum matched 43 of 300 random float64 3-D
//! products and a fused one 258 of 300 (NumPy's own non-BLAS loop for strided operands matched the
//! plain sum 67 of 200 times). No order the lab could pick is NumPy's answer. When every product
//! and every partial sum is exactly representable, every order, fused or not, gives the same bits
//! (integers, halves, quarters of moderate size: what lessons use), and the lab's value is
//! NumPy's; otherwise the lab shows a compensated float64 sum rounded once to the dtype (within
//! a few units in the last place of any order) and marks it as approximate.

use std::rc::Rc;

use crate::array::{Array, check_read};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};

/// The values of `a` broadcast to `shape` and cast to `dtype`, in row (C) order.
pub fn read_as(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &[i64],
    dtype: DType,
    span: Span,
) -> Result<Vec<Num>, EvalError> {
    let view = stride_core::broadcast::broadcast_to(&a.layout, shape)?;
    check_read(view.size(), span)?;
    let cost = a.buffer.snapshot_cost();
    ctx.charge(
        u64::try_from(view.size())
            .unwrap_or(u64::MAX)
            .saturating_mul(cost),
        span,
    )?;
    stride_core::footprint::Positions::new(&view)
        .map(|p| {
            a.read_at(p).map(|v| dtype.cast(v)).ok_or_else(|| {
                EvalError::value_error("an operand reads outside its buffer").at(span)
            })
        })
        .collect()
}

/// `s[i]`, or 1 when there is no such axis (shapes and strides of the products' operands).
pub fn dim(s: &[i64], i: usize) -> i64 {
    s.get(i).copied().unwrap_or(1)
}

/// The `i`-th item from the end (1 is the last), or 1.
pub fn back(s: &[i64], i: usize) -> i64 {
    s.len()
        .checked_sub(i)
        .and_then(|k| s.get(k))
        .copied()
        .unwrap_or(1)
}

/// The product of `s`, saturating (a broadcast batch can be far larger than any memory).
pub fn count(s: &[i64]) -> i64 {
    s.iter().fold(1i64, |p, &d| p.saturating_mul(d))
}

/// `s` without its last `drop` items.
pub fn head(s: &[i64], drop: usize) -> &[i64] {
    s.get(..s.len().saturating_sub(drop)).unwrap_or(&[])
}

/// The precision (bits of significand), smallest exponent of a subnormal's last bit, and the
/// exponent bound of a float dtype.
fn format(dtype: DType) -> (u32, i32, i32) {
    match dtype {
        DType::Float16 => (11, -24, 16),
        DType::Float32 => (24, -149, 128),
        _ => (53, -1074, 1024),
    }
}

/// `f` as `m · 2^e` with `m` odd (or `(0, 0)` for zero); `None` for infinities and NaN.
pub(crate) fn decompose(f: f64) -> Option<(i128, i32)> {
    if !f.is_finite() {
        return None;
    }
    if f == 0.0 {
        return Some((0, 0));
    }
    let bits = f.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1u64 << 52) - 1)) as i128;
    let (mut m, mut e) = if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1i128 << 52), exp_bits - 1075)
    };
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    Some((if f < 0.0 { -m } else { m }, e))
}

/// The value of the lowest set bit of `f`'s significand: every multiple of it up to the
/// dtype's precision is exact (0 for 0, infinities and NaN).
pub fn unit_in_last_place(f: f64) -> f64 {
    match decompose(f) {
        // 2^e built from its bits: `powi` would underflow on the way to a subnormal.
        Some((m, e)) if m != 0 && e >= -1022 => f64::from_bits(((e + 1023) as u64) << 52),
        Some((m, e)) if m != 0 => f64::from_bits(1u64 << (e + 1074).clamp(0, 51)),
        _ => 0.0,
    }
}

fn bits(m: u128) -> u32 {
    128 - m.leading_zeros()
}

/// `m · 2^e` as an `f64` (exact: the callers checked that it is representable).
fn compose(m: i128, e: i32) -> f64 {
    let mut v = m as f64;
    let mut e = e;
    while e > 0 {
        let step = e.min(500);
        v *= 2f64.powi(step);
        e -= step;
    }
    while e < 0 {
        let step = e.max(-500);
        v *= 2f64.powi(step);
        e -= step;
    }
    v
}

/// An exact sum of exact products in a float dtype, failing as soon as some order of the
/// additions could round.
pub struct ExactSum {
    precision: u32,
    min_exp: i32,
    max_exp: i32,
    total: i128,
    magnitude: u128,
    exp: i32,
    failed: bool,
}

impl ExactSum {
    /// An empty sum in `dtype`.
    pub fn new(dtype: DType) -> Self {
        let (precision, min_exp, max_exp) = format(dtype);
        ExactSum {
            precision,
            min_exp,
            max_exp,
            total: 0,
            magnitude: 0,
            exp: i32::MAX,
            failed: false,
        }
    }

    /// Adds the product of `factors`.
    pub fn add_product(&mut self, factors: &[f64]) {
        if self.failed {
            return;
        }
        let mut m: i128 = 1;
        let mut e: i32 = 0;
        for &f in factors {
            let Some((fm, fe)) = decompose(f) else {
                self.failed = true;
                return;
            };
            if fm == 0 {
                // A zero product adds nothing; the sum of an exact zero total is +0 in any order.
                if factors.iter().any(|x| !x.is_finite()) {
                    self.failed = true;
                }
                return;
            }
            match m.checked_mul(fm) {
                Some(p) if bits(p.unsigned_abs()) <= self.precision => m = p,
                _ => {
                    self.failed = true;
                    return;
                }
            }
            e = e.saturating_add(fe);
        }
        if e < self.min_exp || e.saturating_add(bits(m.unsigned_abs()) as i32) > self.max_exp {
            self.failed = true;
            return;
        }
        self.add_term(m, e);
    }

    fn add_term(&mut self, m: i128, e: i32) {
        let limit = 1u128 << self.precision;
        if self.exp == i32::MAX {
            self.exp = e;
        }
        let mut m = m;
        if e < self.exp {
            let shift = (self.exp - e) as u32;
            if shift >= 64 || (self.magnitude << shift) >= limit {
                self.failed = true;
                return;
            }
            self.total <<= shift;
            self.magnitude <<= shift;
            self.exp = e;
        } else if e > self.exp {
            let shift = (e - self.exp) as u32;
            if shift >= 64 || (m.unsigned_abs() << shift) >= limit {
                self.failed = true;
                return;
            }
            m <<= shift;
        }
        self.total += m;
        self.magnitude += m.unsigned_abs();
        if self.magnitude >= limit
            || self.exp.saturating_add(bits(self.magnitude) as i32) > self.max_exp
        {
            self.failed = true;
        }
    }

    /// The sum, or `None` when some order of the additions could have rounded.
    pub fn finish(&self) -> Option<f64> {
        if self.failed {
            return None;
        }
        if self.total == 0 {
            return Some(0.0);
        }
        Some(compose(self.total, self.exp))
    }
}

/// One sum of products: the running value for a dtype.
pub enum Acc {
    /// `any(a and b)`.
    Bool(bool),
    /// Wrapping integer arithmetic.
    Int(i128),
    /// A float sum: exact while no order of the additions can round, and a compensated sum in
    /// float64 for when one can.
    Float(ExactSum, Compensated),
}

/// Neumaier's compensated sum in float64: the value the lab shows when a float sum rounds, within
/// a few units in the last place of the dtype of any order the libraries pick.
#[derive(Clone, Copy, Debug, Default)]
pub struct Compensated {
    sum: f64,
    carry: f64,
}

impl Compensated {
    /// Adds `x`.
    pub fn add(&mut self, x: f64) {
        let t = self.sum + x;
        if self.sum.abs() >= x.abs() {
            self.carry += (self.sum - t) + x;
        } else {
            self.carry += (x - t) + self.sum;
        }
        self.sum = t;
    }

    /// The sum (infinities and NaN as a plain sum gives them).
    pub fn value(&self) -> f64 {
        let v = self.sum + self.carry;
        if v.is_finite() { v } else { self.sum }
    }
}

impl Acc {
    /// An empty sum in `dtype`.
    pub fn new(dtype: DType) -> Self {
        match dtype {
            DType::Bool => Acc::Bool(false),
            d if d.is_float() => Acc::Float(ExactSum::new(d), Compensated::default()),
            _ => Acc::Int(0),
        }
    }

    /// Adds the product of `factors` (already in the sum's dtype).
    pub fn add(&mut self, factors: &[Num]) {
        match self {
            Acc::Bool(b) => *b = *b || factors.iter().all(|f| f.truthy()),
            Acc::Int(s) => {
                let p = factors.iter().fold(1i128, |p, f| {
                    p.wrapping_mul(match *f {
                        Num::Int(i) => i,
                        Num::Bool(b) => i128::from(b),
                        Num::Float(x) => x as i128,
                    })
                });
                *s = s.wrapping_add(p);
            }
            Acc::Float(e, c) => {
                let mut fs = [0.0f64; 8];
                let n = factors.len().min(fs.len());
                for (slot, f) in fs.iter_mut().zip(factors) {
                    *slot = f.as_f64();
                }
                let fs = fs.get(..n).unwrap_or(&[]);
                e.add_product(fs);
                c.add(fs.iter().product());
            }
        }
    }

    /// The value in `dtype`, and whether it is exact (false for a float sum that rounds in
    /// some order: the value is then the compensated sum, rounded once to `dtype`).
    pub fn finish(&self, dtype: DType) -> (Num, bool) {
        match self {
            Acc::Bool(b) => (Num::Bool(*b), true),
            Acc::Int(s) => (dtype.cast(Num::Int(dtype.wrap(*s))), true),
            Acc::Float(e, c) => match e.finish() {
                Some(f) => (dtype.cast(Num::Float(f)), true),
                None => (dtype.cast(Num::Float(c.value())), false),
            },
        }
    }

    /// The value in `dtype`, marking the operation running as approximate when the sum rounds
    /// (see [`crate::exactness`]).
    pub fn settle(&self, dtype: DType, ctx: &mut Context) -> Num {
        let (v, exact) = self.finish(dtype);
        if !exact {
            ctx.approximate();
        }
        v
    }
}

/// Charges the work of `outputs` sums of `k` products, before any value is read, so that a
/// product past the work limit stops at once.
pub fn charge_work(ctx: &mut Context, outputs: i64, k: i64, span: Span) -> Result<(), EvalError> {
    let work = u64::try_from(outputs.max(0))
        .unwrap_or(u64::MAX)
        .saturating_mul(u64::try_from(k.max(1)).unwrap_or(u64::MAX));
    ctx.charge(work, span)
}

/// `out[o] = Σ_p a[ia] · b[ib]` for `(ia, ib) = index(o, p)`: the two-operand contraction every
/// product here is, over values already read in the result's dtype (the caller charged the
/// work with [`charge_work`]).
pub fn contract(
    ctx: &mut Context,
    (a, b): (&[Num], &[Num]),
    (outputs, k): (usize, usize),
    dtype: DType,
    span: Span,
    index: impl Fn(usize, usize) -> (usize, usize),
) -> Result<Vec<Num>, EvalError> {
    let _ = span;
    let mut out = Vec::with_capacity(outputs);
    for o in 0..outputs {
        let mut acc = Acc::new(dtype);
        for p in 0..k {
            let (ia, ib) = index(o, p);
            let x = a.get(ia).copied().unwrap_or(Num::Int(0));
            let y = b.get(ib).copied().unwrap_or(Num::Int(0));
            acc.add(&[x, y]);
        }
        out.push(acc.settle(dtype, ctx));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_sums_and_refusals() {
        let sum = |d: DType, terms: &[(f64, f64)]| {
            let mut s = ExactSum::new(d);
            for &(a, b) in terms {
                s.add_product(&[a, b]);
            }
            s.finish()
        };
        assert_eq!(sum(DType::Float64, &[(1.0, 2.0), (3.0, 4.0)]), Some(14.0));
        assert_eq!(
            sum(DType::Float64, &[(0.5, 0.25), (-3.0, 0.5)]),
            Some(-1.375)
        );
        assert_eq!(sum(DType::Float64, &[(0.1, 3.0)]), None);
        assert_eq!(sum(DType::Float64, &[(1e300, 1.0), (1.0, 1.0)]), None);
        assert_eq!(sum(DType::Float32, &[(4096.0, 4096.0), (1.0, 1.0)]), None);
        assert_eq!(
            sum(DType::Float32, &[(4096.0, 2048.0), (2.0, 1.0)]),
            Some(8388610.0)
        );
        assert_eq!(sum(DType::Float16, &[(1024.0, 2.0), (1.0, 1.0)]), None);
        assert_eq!(
            sum(DType::Float64, &[(-0.0, 1.0), (2.0, -1.0), (2.0, 1.0)]),
            Some(0.0)
        );
        assert_eq!(sum(DType::Float64, &[(f64::NAN, 1.0)]), None);
        assert_eq!(sum(DType::Float64, &[]), Some(0.0));
    }

    #[test]
    fn the_lowest_set_bit_of_normal_and_subnormal_floats() {
        assert_eq!(unit_in_last_place(12.0), 4.0);
        assert_eq!(unit_in_last_place(-0.375), 0.125);
        assert_eq!(unit_in_last_place(5e-324), 5e-324);
        assert_eq!(unit_in_last_place(3.0 * 5e-324), 5e-324);
        assert_eq!(unit_in_last_place(f64::MIN_POSITIVE), f64::MIN_POSITIVE);
        assert_eq!(unit_in_last_place(0.0), 0.0);
        assert_eq!(unit_in_last_place(f64::INFINITY), 0.0);
    }
}
