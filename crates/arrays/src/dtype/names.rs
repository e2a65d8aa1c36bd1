//! Dtype names: NumPy's and PyTorch's, the classes `numpy.dtypes` and `torch` print, and the
//! names and type codes a program may spell a dtype with.

use super::DType;

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
}
