//! A small unsigned big integer: just the operations the two algorithms need.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// An unsigned integer in little-endian 32-bit limbs, with no high zero limbs (zero has none).
#[derive(Clone)]
pub(crate) struct Big(Vec<u32>);

impl Big {
    pub(crate) fn from_u64(v: u64) -> Big {
        let mut b = Big(alloc::vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    /// The number the decimal digits (each 0–9) spell.
    pub(crate) fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let mut scale = 1u32;
            let mut value = 0u32;
            for &d in chunk {
                scale *= 10;
                value = value * 10 + u32::from(d);
            }
            b.mul_small(scale);
            b.add_small(value);
        }
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// The number of bits up to the highest one (0 for zero).
    pub(crate) fn bit_len(&self) -> u32 {
        match self.0.last() {
            Some(top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    pub(crate) fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let t = u64::from(*limb) * u64::from(m) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn add_small(&mut self, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            if carry == 0 {
                return;
            }
            let t = u64::from(*limb) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    pub(crate) fn mul_pow2(&mut self, k: u32) {
        if self.0.is_empty() {
            return;
        }
        let words = (k / 32) as usize;
        self.0.splice(0..0, core::iter::repeat_n(0, words));
        self.mul_small(1 << (k % 32));
    }

    pub(crate) fn mul_pow10(&mut self, k: u32) {
        for _ in 0..k / 9 {
            self.mul_small(1_000_000_000);
        }
        self.mul_small(10u32.pow(k % 9));
    }

    pub(crate) fn add(&self, other: &Big) -> Big {
        let n = self.0.len().max(other.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let a = u64::from(self.0.get(i).copied().unwrap_or(0));
            let b = u64::from(other.0.get(i).copied().unwrap_or(0));
            let t = a + b + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        Big(out)
    }

    /// `self -= other`, for `self >= other`.
    pub(crate) fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let t = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(t < 0);
            *limb = (t + (borrow << 32)) as u32;
        }
        self.trim();
    }

    pub(crate) fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(b: &Big) -> u128 {
        b.0.iter()
            .rev()
            .fold(0u128, |n, &limb| (n << 32) | u128::from(limb))
    }

    #[test]
    fn arithmetic_agrees_with_u128() {
        let mut b = Big::from_digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3]);
        assert_eq!(value(&b), 1_234_567_890_123);
        assert_eq!(b.bit_len(), 128 - 1_234_567_890_123u128.leading_zeros());
        b.mul_pow2(37);
        assert_eq!(value(&b), 1_234_567_890_123 << 37);
        b.mul_pow10(3);
        assert_eq!(value(&b), (1_234_567_890_123 << 37) * 1000);
        let mut c = b.add(&Big::from_u64(u64::MAX));
        assert_eq!(
            value(&c),
            (1_234_567_890_123 << 37) * 1000 + u128::from(u64::MAX)
        );
        c.sub(&b);
        assert_eq!(value(&c), u128::from(u64::MAX));
        assert_eq!(c.cmp(&b), Ordering::Less);
        assert_eq!(Big::from_digits(&[0, 0]).bit_len(), 0);
    }
}
