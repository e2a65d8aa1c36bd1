//! Integer functions beyond the operators: three-argument `pow` (with CPython's modular
//! inverse for a negative exponent) and `round(n, ndigits)`, exact over the 128-bit `int`.

use crate::error::{Error, Result, Span};
use crate::limits::Limit;

fn too_large() -> Error {
    Error::limit(Limit::IntTooLarge, Span::default())
}

/// `a * b % m` without overflow (`a`, `b` < `m`): doubling and adding, each step below `2m`.
fn mul_mod(a: u128, mut b: u128, m: u128) -> u128 {
    let add = |x: u128, y: u128| {
        // x, y < m: x + y < 2m, computed without overflow.
        if x >= m - y { x - (m - y) } else { x + y }
    };
    let mut x = a;
    let mut out = 0;
    while b > 0 {
        if b & 1 == 1 {
            out = add(out, x);
        }
        x = add(x, x);
        b >>= 1;
    }
    out
}

/// The inverse of `a` modulo `m` (`a` < `m`), if they are coprime.
fn inverse_mod(a: u128, m: u128) -> Option<u128> {
    // Extended Euclid on (m, a), tracking the coefficients of a modulo m.
    let (mut r0, mut r1) = (m, a);
    let (mut t0, mut t1) = (0u128, 1u128 % m);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        // t0 - q*t1 modulo m.
        let qt = mul_mod(q % m, t1, m);
        (t0, t1) = (t1, if t0 >= qt { t0 - qt } else { m - (qt - t0) });
    }
    (r0 == 1).then_some(t0)
}

/// `pow(base, exp, modulus)` for ints, as CPython: the result has the modulus's sign.
pub fn pow_mod(base: i128, exp: i128, modulus: i128) -> Result<i128> {
    if modulus == 0 {
        return Err(Error::value_error(
            "pow() 3rd argument cannot be 0",
            Span::default(),
        ));
    }
    let m = modulus.unsigned_abs();
    // base modulo |m|, in 0..m.
    let mut b = base.unsigned_abs() % m;
    if base < 0 && b != 0 {
        b = m - b;
    }
    if exp < 0 {
        b = inverse_mod(b, m).ok_or_else(|| {
            Error::value_error(
                "base is not invertible for the given modulus",
                Span::default(),
            )
        })?;
    }
    let mut e = exp.unsigned_abs();
    let mut out = 1 % m;
    while e > 0 {
        if e & 1 == 1 {
            out = mul_mod(out, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    let out = i128::try_from(out).map_err(|_| too_large())?;
    // A negative modulus gives a result in (modulus, 0].
    Ok(if modulus < 0 && out != 0 {
        out + modulus
    } else {
        out
    })
}

/// `round(n, ndigits)` for an int: unchanged for `ndigits >= 0`, else to a multiple of
/// `10**-ndigits`, halves to even.
pub fn round_int(n: i128, ndigits: i128) -> Result<i128> {
    if ndigits >= 0 {
        return Ok(n);
    }
    // 10^39 > 2 * 2^127: every int rounds to 0 at that scale and beyond.
    let Some(p) = u32::try_from(ndigits.unsigned_abs())
        .ok()
        .and_then(|k| 10i128.checked_pow(k))
    else {
        return Ok(0);
    };
    let (q, r) = (n.div_euclid(p), n.rem_euclid(p));
    // 0 <= r < p; compare 2r with p without overflow.
    let up = r > p - r || (r == p - r && q % 2 != 0);
    let q = if up { q + 1 } else { q };
    q.checked_mul(p).ok_or_else(too_large)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modular_powers_and_inverses() {
        assert_eq!(pow_mod(2, 10, -7).unwrap(), -5);
        assert_eq!(pow_mod(-2, 11, 7).unwrap(), 3);
        assert_eq!(pow_mod(3, -1, 7).unwrap(), 5);
        assert_eq!(pow_mod(5, 0, 1).unwrap(), 0);
        assert!(pow_mod(2, -1, 4).is_err());
        assert!(pow_mod(2, 3, 0).is_err());
        let m = i128::MAX;
        assert_eq!(pow_mod(m - 1, 2, m).unwrap(), 1);
    }

    #[test]
    fn rounding_to_tens() {
        assert_eq!(round_int(15, -1).unwrap(), 20);
        assert_eq!(round_int(25, -1).unwrap(), 20);
        assert_eq!(round_int(-25, -1).unwrap(), -20);
        assert_eq!(round_int(5, -50).unwrap(), 0);
        assert!(round_int(i128::MAX, -1).is_err());
    }
}
