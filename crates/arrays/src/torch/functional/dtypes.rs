//! PyTorch's dtype checks of `F.linear` and `F.layer_norm` when their tensors do not share one
//! float dtype (float32 beside float64, say): each raises the RuntimeError of the kernel it
//! reaches, recorded with PyTorch 2.15 on the CPU. The lab must not compute a value there.

use crate::dtype::DType;
use crate::error::EvalError;

use super::torch_dtype_name as name;

fn runtime(message: String) -> EvalError {
    EvalError::new("RuntimeError", message)
}

/// The word of `expected m1 and m2 to have the same dtype` (the C type's name).
fn c_word(d: DType) -> &'static str {
    match d {
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Float16 => "c10::Half",
        DType::BFloat16 => "c10::BFloat16",
        DType::Int64 => "long int",
        DType::Int32 => "int",
        DType::Int16 => "short int",
        DType::Int8 => "signed char",
        DType::UInt8 => "unsigned char",
        _ => "bool",
    }
}

/// `F.linear(x, w, bias)`: which product PyTorch reaches decides the message. A 2-d weight goes
/// to `addmm` with a bias (which checks the bias, `self`, against the weight first) and to `mm`
/// without; a 1-d weight goes to `dot` for a 1-d input, else to `addmv` (its operands named
/// weight, input, weight) unless `addmm` of a 2-d input with a bias comes first.
pub fn linear(
    x: DType,
    w: DType,
    bias: Option<DType>,
    x_ndim: usize,
    w_ndim: usize,
) -> Result<(), EvalError> {
    if w_ndim == 1 && x_ndim == 1 {
        if x != w {
            return Err(runtime(format!(
                "dot : expected both vectors to have same dtype, but found {} and {}",
                name(x),
                name(w)
            )));
        }
        return Ok(());
    }
    let addmm = bias.is_some() && (w_ndim == 2 || x_ndim == 2);
    if let (true, Some(b)) = (addmm, bias) {
        if b != w {
            return Err(runtime(format!(
                "self and mat2 must have the same dtype, but got {} and {}",
                name(b),
                name(w)
            )));
        }
        if x != w {
            return Err(runtime(format!(
                "mat1 and mat2 must have the same dtype, but got {} and {}",
                name(x),
                name(w)
            )));
        }
        return Ok(());
    }
    if x == w {
        return Ok(());
    }
    if w_ndim == 1 {
        return Err(runtime(format!(
            "addmv input tensors must have the same dtype, but got {}, {}, and {}",
            name(w),
            name(x),
            name(w)
        )));
    }
    Err(runtime(format!(
        "expected m1 and m2 to have the same dtype, but got: {} != {}",
        c_word(x),
        c_word(w)
    )))
}

/// `F.layer_norm(x, shape, weight, bias)` on the CPU: the parameters are "mixed" when the first
/// one given differs from the input's dtype; then every parameter must be float32 and the input
/// float16 or bfloat16. Otherwise a parameter of another dtype than the input's is the kernel's
/// `expected scalar type`.
pub fn layer_norm(x: DType, weight: Option<DType>, bias: Option<DType>) -> Result<(), EvalError> {
    let Some(first) = weight.or(bias) else {
        return Ok(());
    };
    if first != x {
        if [weight, bias]
            .into_iter()
            .flatten()
            .any(|p| p != DType::Float32)
        {
            return Err(runtime(
                "mixed dtype (CPU): expect parameter to have scalar type of Float".to_string(),
            ));
        }
        if !matches!(x, DType::Float16 | DType::BFloat16) {
            return Err(runtime(
                "mixed dtype (CPU): all inputs must share same datatype.".to_string(),
            ));
        }
        return Ok(());
    }
    match [weight, bias].into_iter().flatten().find(|&p| p != x) {
        Some(p) => Err(runtime(format!(
            "expected scalar type {} but found {}",
            name(x),
            name(p)
        ))),
        None => Ok(()),
    }
}
