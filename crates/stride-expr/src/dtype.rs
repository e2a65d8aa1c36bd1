//! Data types: their names, sizes, promotion (NumPy 2, NEP 50) and how values are cast and stored.
//!
//! Values are stored as little-endian bytes, as NumPy stores them on the machines learners use, so
//! `as_strided` with a stride that is not a multiple of the item size reads what NumPy reads.

use core::fmt;

mod half;

pub use half::{bf16_to_f64, f16_to_f64, f64_to_bf16, f64_to_f16};

/// The element types the lab knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// NumPy's name: `float64`, `int32`, `bool`.
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float16 => "float16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::BFloat16 => "bfloat16",
        }
    }

    /// The class of this dtype in `numpy.dtypes`, as in `Float64DType`.
    pub fn numpy_class(self) -> &'static str {
        match self {
            DType::Bool => "BoolDType",
            DType::Int8 => "Int8DType",
            DType::Int16 => "Int16DType",
            DType::Int32 => "Int32DType",
            DType::Int64 => "Int64DType",
            DType::UInt8 => "UInt8DType",
            DType::UInt16 => "UInt16DType",
            DType::UInt32 => "UInt32DType",
            DType::UInt64 => "UInt64DType",
            DType::Float16 => "Float16DType",
            DType::Float32 => "Float32DType",
            DType::Float64 => "Float64DType",
            DType::BFloat16 => "BFloat16DType",
        }
    }

    /// PyTorch's tensor type name, as in `torch.FloatTensor`.
    pub fn torch_tensor_type(self) -> &'static str {
        match self {
            DType::Bool => "torch.BoolTensor",
            DType::Int8 => "torch.CharTensor",
            DType::Int16 => "torch.ShortTensor",
            DType::Int32 => "torch.IntTensor",
            DType::Int64 => "torch.LongTensor",
            DType::UInt8 => "torch.ByteTensor",
            // PyTorch has no legacy tensor type for these; torch tensors never hold them here.
            DType::UInt16 => "torch.UInt16Tensor",
            DType::UInt32 => "torch.UInt32Tensor",
            DType::UInt64 => "torch.UInt64Tensor",
            DType::Float16 => "torch.HalfTensor",
            DType::Float32 => "torch.FloatTensor",
            DType::Float64 => "torch.DoubleTensor",
            DType::BFloat16 => "torch.BFloat16Tensor",
        }
    }

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

    /// A dtype from a NumPy or PyTorch name or type code (`float32`, `f4`, `double`, `int`, `?`).
    pub fn parse(name: &str) -> Option<DType> {
        Some(match name {
            "bool" | "bool_" | "?" | "b1" => DType::Bool,
            "int8" | "i1" | "byte" | "b" | "char" => DType::Int8,
            "int16" | "i2" | "short" | "h" => DType::Int16,
            "int32" | "i4" | "intc" | "i" => DType::Int32,
            "int64" | "i8" | "int" | "int_" | "intp" | "long" | "longlong" | "l" | "q" => {
                DType::Int64
            }
            "uint8" | "u1" | "ubyte" | "B" => DType::UInt8,
            "uint16" | "u2" | "ushort" | "H" => DType::UInt16,
            "uint32" | "u4" | "uintc" | "I" => DType::UInt32,
            "uint64" | "u8" | "uint" | "uintp" | "ulong" | "ulonglong" | "L" | "Q" | "P" | "N" => {
                DType::UInt64
            }
            "float16" | "f2" | "half" | "e" => DType::Float16,
            "float32" | "f4" | "single" | "f" => DType::Float32,
            "float64" | "f8" | "double" | "float" | "float_" | "d" => DType::Float64,
            _ => return None,
        })
    }

    /// PyTorch's names: `torch.float` is float32, `torch.int` is int32, `torch.long` is int64.
    pub fn parse_torch(name: &str) -> Option<DType> {
        Some(match name {
            "float" | "float32" => DType::Float32,
            "double" | "float64" => DType::Float64,
            "half" | "float16" => DType::Float16,
            "bfloat16" => DType::BFloat16,
            "int" | "int32" => DType::Int32,
            "long" | "int64" => DType::Int64,
            "short" | "int16" => DType::Int16,
            "int8" => DType::Int8,
            "uint8" => DType::UInt8,
            "bool" => DType::Bool,
            _ => return None,
        })
    }

    /// NumPy's `np.result_type(a, b)` for two array dtypes.
    pub fn promote(self, other: DType) -> DType {
        // PyTorch's bfloat16: with another float the wider of float32 and that float, with an
        // integer or bool itself.
        match (self, other) {
            (DType::BFloat16, DType::BFloat16) => return DType::BFloat16,
            (DType::BFloat16, o) | (o, DType::BFloat16) => {
                return match o {
                    DType::Float64 => DType::Float64,
                    DType::Float16 | DType::Float32 => DType::Float32,
                    _ => DType::BFloat16,
                };
            }
            _ => {}
        }
        PROMOTION
            .get(self.position())
            .and_then(|row| row.get(other.position()))
            .copied()
            .unwrap_or(DType::Float64)
    }

    /// Position in [`ALL`].
    fn position(self) -> usize {
        ALL.iter().position(|&d| d == self).unwrap_or(0)
    }

    /// The dtype of `array ⊕ python_value` under NEP 50, where a Python int or float is "weak":
    /// it takes the array's dtype when the kinds allow.
    pub fn promote_weak(self, python: Kind) -> DType {
        match (self.kind(), python) {
            (Kind::Bool, Kind::Int) => DType::Int64,
            (Kind::Bool | Kind::Int, Kind::Float) => DType::Float64,
            _ => self,
        }
    }

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

    /// Writes `value` (already of this dtype) as little-endian bytes into `out` (itemsize long).
    pub fn store(self, value: Num, out: &mut [u8]) {
        fn put(out: &mut [u8], bytes: &[u8]) {
            if let Some(dst) = out.get_mut(..bytes.len()) {
                dst.copy_from_slice(bytes);
            }
        }
        // After the cast, integer dtypes hold `Int`, bool holds `Bool`, floats hold `Float`.
        match (self, self.cast(value)) {
            (DType::Float64, v) => put(out, &v.as_f64().to_le_bytes()),
            (DType::Float32, v) => put(out, &(v.as_f64() as f32).to_le_bytes()),
            (DType::Float16, v) => put(out, &f64_to_f16(v.as_f64()).to_le_bytes()),
            (DType::BFloat16, v) => put(out, &f64_to_bf16(v.as_f64()).to_le_bytes()),
            (_, Num::Bool(b)) => put(out, &[u8::from(b)]),
            (DType::Int32 | DType::UInt32, Num::Int(i)) => put(out, &(i as u32).to_le_bytes()),
            (DType::Int16 | DType::UInt16, Num::Int(i)) => put(out, &(i as u16).to_le_bytes()),
            (DType::Int8 | DType::UInt8, Num::Int(i)) => put(out, &[i as u8]),
            (_, Num::Int(i)) => put(out, &(i as u64).to_le_bytes()),
            (_, Num::Float(f)) => put(out, &(f as i64).to_le_bytes()),
        }
    }

    /// Reads a value of this dtype from little-endian bytes (missing bytes read as 0).
    pub fn load(self, bytes: &[u8]) -> Num {
        let mut b = [0u8; 8];
        for (o, i) in b.iter_mut().zip(bytes) {
            *o = *i;
        }
        match self {
            DType::Bool => Num::Bool(b[0] != 0),
            DType::Int8 => Num::Int(i128::from(b[0] as i8)),
            DType::UInt8 => Num::Int(i128::from(b[0])),
            DType::Int16 => Num::Int(i128::from(i16::from_le_bytes([b[0], b[1]]))),
            DType::UInt16 => Num::Int(i128::from(u16::from_le_bytes([b[0], b[1]]))),
            DType::Int32 => Num::Int(i128::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
            DType::UInt32 => Num::Int(i128::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
            DType::Int64 => Num::Int(i128::from(i64::from_le_bytes(b))),
            DType::UInt64 => Num::Int(i128::from(u64::from_le_bytes(b))),
            DType::Float16 => Num::Float(f16_to_f64(u16::from_le_bytes([b[0], b[1]]))),
            DType::Float32 => Num::Float(f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
            DType::Float64 => Num::Float(f64::from_le_bytes(b)),
            DType::BFloat16 => Num::Float(bf16_to_f64(u16::from_le_bytes([b[0], b[1]]))),
        }
    }
}

/// `i64::MIN` and `-i64::MIN` as floats: the range a float converts to `i64` in.
const I64_LOW: f64 = i64::MIN as f64;
const I64_HIGH: f64 = -(i64::MIN as f64);

/// `np.result_type` over [`ALL`] × [`ALL`], as NumPy 2.4 answers it (`tests/corpus/promotion.py`).
#[rustfmt::skip]
const PROMOTION: [[DType; 12]; 12] = {
    use DType::*;
    [
        [Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64],
        [Int8, Int8, Int16, Int32, Int64, Int16, Int32, Int64, Float64, Float16, Float32, Float64],
        [Int16, Int16, Int16, Int32, Int64, Int16, Int32, Int64, Float64, Float32, Float32, Float64],
        [Int32, Int32, Int32, Int32, Int64, Int32, Int32, Int64, Float64, Float64, Float64, Float64],
        [Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Float64, Float64, Float64, Float64],
        [UInt8, Int16, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64],
        [UInt16, Int32, Int32, Int32, Int64, UInt16, UInt16, UInt32, UInt64, Float32, Float32, Float64],
        [UInt32, Int64, Int64, Int64, Int64, UInt32, UInt32, UInt32, UInt64, Float64, Float64, Float64],
        [UInt64, Float64, Float64, Float64, Float64, UInt64, UInt64, UInt64, UInt64, Float64, Float64, Float64],
        [Float16, Float16, Float32, Float64, Float64, Float16, Float32, Float64, Float64, Float16, Float32, Float64],
        [Float32, Float32, Float32, Float64, Float64, Float32, Float32, Float64, Float64, Float32, Float32, Float64],
        [Float64, Float64, Float64, Float64, Float64, Float64, Float64, Float64, Float64, Float64, Float64, Float64],
    ]
};
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
