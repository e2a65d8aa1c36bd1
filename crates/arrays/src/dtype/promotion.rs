//! Promotion: NumPy 2's `np.result_type` for two array dtypes (a recorded table) and NEP 50's
//! rule for a weak Python int or float beside an array.

use super::{ALL, DType, Kind};

impl DType {
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
}

/// `np.result_type` over [`ALL`] × [`ALL`], as NumPy 2.4 answers it (`tests/corpus/promotion.py`).
#[rustfmt::skip]
const PROMOTION: [[DType; 12]; 12] = {
    use super::DType::*;
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
