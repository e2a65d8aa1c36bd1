//! IEEE half precision (`float16`) to and from float64, as NumPy converts; and PyTorch's
//! `bfloat16`.

/// IEEE half precision bits to the exact value.
pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let mant = f64::from(h & 0x3ff);
    match exp {
        0 => sign * mant * 2f64.powi(-24),
        31 if mant == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1024.0 + mant) * 2f64.powi(exp - 25),
    }
}

/// The nearest half-precision value (ties to even), as NumPy's `npy_double_to_half`.
pub fn f64_to_f16(x: f64) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return 0x7e00 | sign;
    }
    let a = x.abs();
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-14) {
        // Subnormal: units of 2^-24 (scaling by a power of two is exact).
        let m = (a * 2f64.powi(24)).round_ties_even();
        return sign | m as u16;
    }
    let mut e = a.log2().floor() as i32;
    // log2 can be off by one near powers of two: fix e so that 2^e <= a < 2^(e+1).
    if 2f64.powi(e) > a {
        e -= 1;
    } else if 2f64.powi(e + 1) <= a {
        e += 1;
    }
    let mut m = (a / 2f64.powi(e - 10)).round_ties_even();
    if m >= 2048.0 {
        m = 1024.0;
        e += 1;
    }
    if e > 15 {
        return sign | 0x7c00;
    }
    sign | (((e + 15) as u16) << 10) | ((m as u16) - 1024)
}

/// bfloat16 bits to the exact value (the high half of a float32).
pub fn bf16_to_f64(h: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(h) << 16))
}

/// The nearest bfloat16 (ties to even) of `x` rounded to float32 first, as PyTorch converts a
/// double (`c10::BFloat16(float)`, `round_to_nearest_even`); NaN is 0x7fc0.
pub fn f64_to_bf16(x: f64) -> u16 {
    let f = x as f32;
    if f.is_nan() {
        return 0x7fc0;
    }
    let bits = f.to_bits();
    let bias = 0x7fff + ((bits >> 16) & 1);
    (bits.wrapping_add(bias) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_precision_rounds_to_nearest_even() {
        // np.array([65520.0, 65519.99, 1e-8, 5.96e-8, 2.98e-8]).astype(np.float16)
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f16_to_f64(f64_to_f16(65519.99)), 65504.0);
        assert_eq!(f64_to_f16(1e-8), 0);
        assert_eq!(f64_to_f16(5.96e-8), 1);
        assert_eq!(f64_to_f16(2.98e-8), 0);
        assert_eq!(f16_to_f64(f64_to_f16(0.1)), 0.0999755859375);
        assert_eq!(f64_to_f16(-0.0), 0x8000);
        assert_eq!(f64_to_f16(2049.0), f64_to_f16(2048.0));
        assert_eq!(f16_to_f64(f64_to_f16(2051.0)), 2052.0);
        for bits in 0u16..0x7c00 {
            assert_eq!(f64_to_f16(f16_to_f64(bits)), bits);
        }
    }
}
