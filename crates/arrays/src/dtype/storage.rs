//! Storage: a value as the little-endian bytes NumPy keeps in memory, and back.

use super::{DType, Num, bf16_to_f64, f16_to_f64, f64_to_bf16, f64_to_f16};

impl DType {
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
