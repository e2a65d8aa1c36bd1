//! Casts: a value converted to a dtype as NumPy's C casts convert it (truncation toward zero,
//! wraparound, nearest-even rounding), and the integer dtypes' ranges.

use super::{DType, Num, bf16_to_f64, f16_to_f64, f64_to_bf16, f64_to_f16};

impl DType {
    /// Casts `value` to this dtype as NumPy's `astype` does (C casts: truncation toward zero,
    /// wraparound for integers, nearest-even rounding for floats).
    pub fn cast(self, value: Num) -> Num {
        match self {
            DType::Bool => Num::Bool(value.truthy()),
            DType::Float64 => Num::Float(value.as_f64()),
            // An integer rounds to float32 once, as C's cast does (not through float64 first).
            DType::Float32 => Num::Float(f64::from(match value {
                Num::Int(i) => i as f32,
                v => v.as_f64() as f32,
            })),
            DType::Float16 => Num::Float(f16_to_f64(f64_to_f16(value.as_f64()))),
            DType::BFloat16 => Num::Float(bf16_to_f64(f64_to_bf16(match value {
                Num::Int(i) => f64::from(i as f32),
                v => v.as_f64(),
            }))),
            _ => {
                let wide = match value {
                    Num::Bool(b) => i128::from(b),
                    Num::Int(i) => i,
                    Num::Float(f) => self.float_to_int(f),
                };
                Num::Int(self.wrap(wide))
            }
        }
    }

    /// A float converted to an integer dtype as NumPy's compiled C casts do on x86-64, before the
    /// wrap to the dtype's width: truncation toward zero. Out of range (and NaN), C leaves the
    /// result undefined; this gives what NumPy's scalar loop gives there (its SIMD loop for long
    /// uint32 arrays can differ): uint16 and narrower signed types go through `int32` (`cvttsd2si`,
    /// out of range is `i32::MIN`), int64 and uint32 through `int64` (`i64::MIN`), and uint64
    /// through the unsigned sequence (below 2⁶³ as int64, from 2⁶³ on as int64 of `x − 2⁶³`, plus 2⁶³).
    fn float_to_int(self, f: f64) -> i128 {
        fn to_i64(f: f64) -> i64 {
            if (I64_LOW..I64_HIGH).contains(&f) {
                f as i64
            } else {
                i64::MIN
            }
        }
        match self {
            DType::UInt16 => {
                if (f64::from(i32::MIN)..-f64::from(i32::MIN)).contains(&f) {
                    i128::from(f as i32)
                } else {
                    i128::from(i32::MIN)
                }
            }
            DType::UInt64 if f >= I64_HIGH => {
                i128::from((to_i64(f - I64_HIGH) as u64) ^ (1u64 << 63))
            }
            DType::UInt64 => i128::from(to_i64(f) as u64),
            // The types the lab had first keep the conversion through int64 they always had.
            _ => i128::from(to_i64(f)),
        }
    }

    /// Wraps an integer to this integer dtype's width (two's complement).
    pub fn wrap(self, v: i128) -> i128 {
        match self {
            DType::Int8 => i128::from(v as i8),
            DType::Int16 => i128::from(v as i16),
            DType::Int32 => i128::from(v as i32),
            DType::Int64 => i128::from(v as i64),
            DType::UInt8 => i128::from(v as u8),
            DType::UInt16 => i128::from(v as u16),
            DType::UInt32 => i128::from(v as u32),
            DType::UInt64 => i128::from(v as u64),
            DType::Bool => i128::from(v != 0),
            _ => v,
        }
    }

    /// The range of an integer dtype.
    pub fn int_range(self) -> Option<(i128, i128)> {
        let (low, high): (i128, i128) = match self {
            DType::Int8 => (i8::MIN.into(), i8::MAX.into()),
            DType::Int16 => (i16::MIN.into(), i16::MAX.into()),
            DType::Int32 => (i32::MIN.into(), i32::MAX.into()),
            DType::Int64 => (i64::MIN.into(), i64::MAX.into()),
            DType::UInt8 => (0, u8::MAX.into()),
            DType::UInt16 => (0, u16::MAX.into()),
            DType::UInt32 => (0, u32::MAX.into()),
            DType::UInt64 => (0, u64::MAX.into()),
            _ => return None,
        };
        Some((low, high))
    }

    /// Whether it is an unsigned integer type.
    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64
        )
    }
}

/// `i64::MIN` and `-i64::MIN` as floats: the range a float converts to `i64` in.
const I64_LOW: f64 = i64::MIN as f64;
const I64_HIGH: f64 = -(i64::MIN as f64);
