//! Data types: their names, sizes, promotion (NumPy 2, NEP 50) and how values are cast and stored.
//!
//! Values are stored as little-endian bytes, as NumPy stores them on the machines learners use, so
//! `as_strided` with a stride that is not a multiple of the item size reads what NumPy reads.
//!
//! This module holds the types ([`DType`], [`Kind`], [`Num`]); `DType`'s methods are grouped by
//! concept in its submodules: `names` (names and parsing), `promotion`, `cast` (conversions and
//! integer ranges), `storage` (bytes) and `half` (float16).

use core::fmt;

mod cast;
mod half;
mod names;
mod promotion;
mod storage;

pub use half::{bf16_to_f64, f16_to_f64, f64_to_bf16, f64_to_f16};

/// The element types the lab knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DType {
    /// `bool`: 1 byte, 0 or 1.
    Bool,
    /// `int8`.
    Int8,
    /// `int16`.
    Int16,
    /// `int32`.
    Int32,
    /// `int64`: NumPy's default integer.
    Int64,
    /// `uint8`.
    UInt8,
    /// `uint16`.
    UInt16,
    /// `uint32`.
    UInt32,
    /// `uint64`: the only dtype whose values pass `i64::MAX`.
    UInt64,
    /// `float16`: IEEE half precision.
    Float16,
    /// `float32`.
    Float32,
    /// `float64`: NumPy's default float.
    Float64,
    /// PyTorch's `bfloat16`: a float32 with its low 16 bits dropped (NumPy has none, so it is not
    /// in [`ALL`]).
    BFloat16,
}

/// Every dtype, in promotion order within each kind.
pub const ALL: [DType; 12] = [
    DType::Bool,
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::UInt16,
    DType::UInt32,
    DType::UInt64,
    DType::Float16,
    DType::Float32,
    DType::Float64,
];

/// The kind of a dtype, for promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `bool`.
    Bool,
    /// Signed or unsigned integers.
    Int,
    /// Floats.
    Float,
}

/// One element's value, wide enough for every dtype.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// A bool.
    Bool(bool),
    /// Any integer dtype's value: every int64 and every uint64 value.
    Int(i128),
    /// Any float dtype's value (a float16 or float32 value held exactly).
    Float(f64),
}

impl Num {
    /// The value as a float.
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Bool(b) => f64::from(u8::from(b)),
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// Python truthiness.
    pub fn truthy(self) -> bool {
        match self {
            Num::Bool(b) => b,
            Num::Int(i) => i != 0,
            Num::Float(f) => f != 0.0,
        }
    }
}

impl DType {
    /// Bytes per element.
    pub fn itemsize(self) -> i64 {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 => 8,
        }
    }

    /// Its kind.
    pub fn kind(self) -> Kind {
        match self {
            DType::Bool => Kind::Bool,
            DType::Float16 | DType::Float32 | DType::Float64 | DType::BFloat16 => Kind::Float,
            _ => Kind::Int,
        }
    }

    /// Whether it is a float type.
    pub fn is_float(self) -> bool {
        self.kind() == Kind::Float
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_of_seed_001() {
        // int32 + int64 -> int64; int32 + float32 -> float64; float32 + float64 -> float64; int8 + bool -> int8.
        assert_eq!(DType::Int32.promote(DType::Int64), DType::Int64);
        assert_eq!(DType::Int32.promote(DType::Float32), DType::Float64);
        assert_eq!(DType::Float32.promote(DType::Float64), DType::Float64);
        assert_eq!(DType::Int8.promote(DType::Bool), DType::Int8);
        for a in ALL {
            assert_eq!(a.promote(a), a);
            for b in ALL {
                assert_eq!(a.promote(b), b.promote(a), "{a} {b}");
            }
        }
        // NEP 50: a Python float with a float32 array stays float32; with an int array it is float64.
        assert_eq!(DType::Float32.promote_weak(Kind::Float), DType::Float32);
        assert_eq!(DType::Int16.promote_weak(Kind::Float), DType::Float64);
        assert_eq!(DType::Bool.promote_weak(Kind::Int), DType::Int64);
    }

    #[test]
    fn casts_as_numpy() {
        // np.array([300.7, -1.5, 1e10]).astype(np.int8) == [44, -1, 0]; .astype(np.uint8)[:2] == [44, 255]
        assert_eq!(DType::Int8.cast(Num::Float(300.7)), Num::Int(44));
        assert_eq!(DType::Int8.cast(Num::Float(-1.5)), Num::Int(-1));
        assert_eq!(DType::Int8.cast(Num::Float(1e10)), Num::Int(0));
        assert_eq!(DType::UInt8.cast(Num::Float(-1.5)), Num::Int(255));
        assert_eq!(DType::Bool.cast(Num::Float(f64::NAN)), Num::Bool(true));
        assert_eq!(
            DType::Float32.cast(Num::Float(0.1)),
            Num::Float(0.10000000149011612)
        );
    }

    #[test]
    fn float_to_unsigned_as_numpys_scalar_casts() {
        // [int(np.float64(x).astype(d)) for x in (1e20, -1e20, nan, inf, 5e9, -3e9, -1.5, 2.0**63)]
        let xs = [
            1e20,
            -1e20,
            f64::NAN,
            f64::INFINITY,
            5e9,
            -3e9,
            -1.5,
            2f64.powi(63),
        ];
        let want: [(DType, [i128; 8]); 3] = [
            (DType::UInt16, [0, 0, 0, 0, 0, 0, 65535, 0]),
            (
                DType::UInt32,
                [0, 0, 0, 0, 705032704, 1294967296, 4294967295, 0],
            ),
            (
                DType::UInt64,
                [
                    0,
                    1 << 63,
                    1 << 63,
                    0,
                    5000000000,
                    18446744070709551616,
                    18446744073709551615,
                    1 << 63,
                ],
            ),
        ];
        for (d, values) in want {
            for (x, v) in xs.iter().zip(values) {
                assert_eq!(d.cast(Num::Float(*x)), Num::Int(v), "{x} as {d}");
            }
        }
    }

    #[test]
    fn bfloat16_rounds_as_pytorch() {
        // torch.tensor([0.1, 1.7, -3.3, 1e10, 257, 259, 261, 1e-40, inf], dtype=torch.bfloat16).tolist()
        let xs = [
            0.1,
            1.7,
            -3.3,
            1e10,
            257.0,
            259.0,
            261.0,
            1e-40,
            f64::INFINITY,
        ];
        let want = [
            0.10009765625,
            1.703125,
            -3.296875,
            9999220736.0,
            256.0,
            260.0,
            260.0,
            9.183549615799121e-41,
            f64::INFINITY,
        ];
        for (x, w) in xs.iter().zip(want) {
            assert_eq!(DType::BFloat16.cast(Num::Float(*x)), Num::Float(w), "{x}");
        }
        // .view(torch.int16): the bits of 0.1 and of NaN.
        assert_eq!(f64_to_bf16(0.1), 15821);
        assert_eq!(f64_to_bf16(f64::NAN), 32704);
        assert_eq!(DType::BFloat16.itemsize(), 2);
        assert_eq!(DType::parse("bfloat16"), None, "NumPy has no bfloat16");
        assert_eq!(DType::parse_torch("bfloat16"), Some(DType::BFloat16));
        assert_eq!(DType::BFloat16.promote(DType::Float16), DType::Float32);
        assert_eq!(DType::Int64.promote(DType::BFloat16), DType::BFloat16);
    }

    #[test]
    fn bytes_round_trip() {
        for d in ALL {
            let mut buf = [0u8; 8];
            d.store(Num::Int(5), &mut buf);
            assert_eq!(
                d.load(&buf).as_f64(),
                if d == DType::Bool { 1.0 } else { 5.0 },
                "{d}"
            );
        }
        let mut buf = [0u8; 4];
        DType::Int32.store(Num::Int(-2), &mut buf);
        assert_eq!(buf, [0xfe, 0xff, 0xff, 0xff]);
    }
}
