//! NumPy arrays with string operands: the string dtype has no arithmetic loops and no
//! orderings, so NumPy refuses them with its ufunc errors; `==` and `!=` answer for every element.

use std::rc::Rc;

use crate::array::{Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::operator::{BinOp, CmpOp};
use crate::value::Value;

/// The dtype of a NumPy operand of an arithmetic operator with a string: the string's is `<U{n}`.
pub(super) fn string_operand_dtype(v: &Value) -> Option<(String, Option<DType>)> {
    match v {
        Value::Str(s) => Some((format!("dtype('<U{}')", s.chars().count()), None)),
        Value::Array(x) if !x.torch => {
            Some((format!("dtype('{}')", x.dtype.name()), Some(x.dtype)))
        }
        _ => None,
    }
}

/// NumPy's refusal of an array with a string operand: the string dtype has no arithmetic loops
/// (and its multiply by integers needs `out=`), so the ufunc fails to resolve.
pub(super) fn string_operand(op: BinOp, a: &Value, b: &Value) -> Option<EvalError> {
    if !matches!(a, Value::Str(_)) && !matches!(b, Value::Str(_)) {
        return None;
    }
    let ((left, ld), (right, rd)) = (string_operand_dtype(a)?, string_operand_dtype(b)?);
    let ufunc = match op {
        BinOp::Add => "add",
        BinOp::Sub => "subtract",
        BinOp::Mul => "multiply",
        BinOp::Div => "divide",
        BinOp::FloorDiv => "floor_divide",
        BinOp::Mod => "remainder",
        BinOp::Pow => "power",
        BinOp::MatMul => "matmul",
        BinOp::And => "bitwise_and",
        BinOp::Or => "bitwise_or",
        BinOp::Xor => "bitwise_xor",
    };
    let integer = ld.or(rd).is_some_and(|d| d.int_range().is_some());
    Some(match op {
        BinOp::Mul if integer => EvalError::type_error(
            "The 'out' kwarg is necessary when using the string multiply ufunc directly. Use numpy.strings.multiply to multiply strings without specifying 'out'.",
        ),
        BinOp::Add | BinOp::Sub | BinOp::Mul => EvalError::new(
            "UFuncTypeError",
            format!(
                "ufunc '{ufunc}' did not contain a loop with signature matching types ({left}, {right}) -> None"
            ),
        ),
        _ => EvalError::type_error(format!(
            "ufunc '{ufunc}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
        )),
    })
}

/// A NumPy array compared with a string: `==` and `!=` answer for every element (never equal),
/// the orderings find no loop. `None` when neither side is a string and a NumPy array.
pub(super) fn compare_with_string(
    ctx: &mut Context,
    op: CmpOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let (array, reflected) = match (a, b) {
        (Value::Array(x), Value::Str(_)) if !x.torch => (x, false),
        (Value::Str(_), Value::Array(x)) if !x.torch => (x, true),
        _ => return None,
    };
    let ufunc = match (op, reflected) {
        (CmpOp::Eq | CmpOp::Ne, _) => {
            let size = array.layout.size();
            return Some(
                ctx.charge(u64::try_from(size).unwrap_or(u64::MAX), span)
                    .and_then(|()| {
                        let answer =
                            vec![Num::Bool(op == CmpOp::Ne); usize::try_from(size).unwrap_or(0)];
                        let origin = Origin {
                            op: Op::Compute("compare"),
                            parent: Some(Rc::clone(array)),
                            span,
                        };
                        ctx.new_c_array(array.layout.shape(), DType::Bool, &answer, false, origin)
                    })
                    .map(Value::Array),
            );
        }
        (CmpOp::Lt, false) | (CmpOp::Gt, true) => "less",
        (CmpOp::Le, false) | (CmpOp::Ge, true) => "less_equal",
        (CmpOp::Gt, false) | (CmpOp::Lt, true) => "greater",
        (CmpOp::Ge, false) | (CmpOp::Le, true) => "greater_equal",
        _ => return None,
    };
    Some(Err(EvalError::new(
        "UFuncTypeError",
        format!(
            "ufunc '{ufunc}' did not contain a loop with signature matching types (<class 'numpy.dtypes.{}'>, <class 'numpy.dtypes.StrDType'>) -> None",
            array.dtype.numpy_class()
        ),
    )))
}
