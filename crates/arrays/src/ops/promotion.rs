//! Promotion between two operands: NumPy's NEP 50 rules and PyTorch's, and how PyTorch reads a
//! Python int beside a tensor.

use crate::dtype::{DType, Kind, Num};
use crate::error::EvalError;

use super::Operand;

/// PyTorch reads a Python int beside a tensor as a 64-bit `Scalar`: past `u64` it is "int too
/// big to convert", below `i64` "can't convert negative int to unsigned", and in between (2⁶³ to
/// 2⁶⁴) an unsigned value that integer arithmetic wraps to `i64` and float arithmetic keeps.
pub(super) fn torch_ints(x: Operand, y: Operand) -> Result<(Operand, Operand), EvalError> {
    if !x.torch && !y.torch {
        return Ok((x, y));
    }
    let bool_tensor = [&x, &y]
        .iter()
        .any(|o| o.weak.is_none() && o.dtype == DType::Bool);
    let integer_loop = [&x, &y]
        .iter()
        .any(|o| o.weak.is_none() && !o.dtype.is_float())
        && ![&x, &y].iter().any(|o| o.dtype.is_float());
    let convert = |mut o: Operand| -> Result<Operand, EvalError> {
        let Some(i) = o.python_int else { return Ok(o) };
        if i > i128::from(u64::MAX) {
            return Err(EvalError::new("OverflowError", "int too big to convert"));
        }
        if i < i128::from(i64::MIN) {
            return Err(EvalError::new(
                "OverflowError",
                "can't convert negative int to unsigned",
            ));
        }
        if i > i128::from(i64::MAX) && bool_tensor {
            return Err(EvalError::new(
                "RuntimeError",
                "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote Bool and UInt64",
            ));
        }
        if i > i128::from(i64::MAX) && integer_loop {
            o.scalar = Num::Int(i128::from(i as u64 as i64));
        }
        Ok(o)
    };
    Ok((convert(x)?, convert(y)?))
}

/// NEP 50 promotion between two operands.
pub(super) fn promote(x: &Operand, y: &Operand) -> DType {
    match (x.weak, y.weak) {
        (Some(_), Some(_)) => x.dtype.promote(y.dtype),
        (Some(k), None) => y.dtype.promote_weak(k),
        (None, Some(k)) => x.dtype.promote_weak(k),
        (None, None) => x.dtype.promote(y.dtype),
    }
}

/// PyTorch's promotion: the higher kind wins, a Python float makes integer tensors float32.
pub(super) fn torch_promote(x: &Operand, y: &Operand) -> DType {
    match (x.weak, y.weak) {
        (Some(k), None) => weak_torch(y.dtype, k),
        (None, Some(k)) => weak_torch(x.dtype, k),
        _ => {
            if x.dtype.kind() != y.dtype.kind() {
                if x.dtype.kind() > y.dtype.kind() {
                    x.dtype
                } else {
                    y.dtype
                }
            } else {
                x.dtype.promote(y.dtype)
            }
        }
    }
}

pub(super) fn weak_torch(d: DType, k: Kind) -> DType {
    match (d.kind(), k) {
        (Kind::Bool | Kind::Int, Kind::Float) => DType::Float32,
        (Kind::Bool, Kind::Int) => DType::Int64,
        _ => d,
    }
}
