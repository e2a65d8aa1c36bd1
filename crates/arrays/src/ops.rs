//! Operators: Python arithmetic on numbers and tuples, and NumPy's elementwise arithmetic and
//! comparisons on arrays, with broadcasting, NEP 50 promotion and NumPy's output layout.
//!
//! This module holds the entry points ([`operand`], [`unary`], [`absolute`], [`binary`],
//! [`compare`]); the concepts behind them are its submodules: `promotion` (NumPy's and PyTorch's
//! result dtype), `kernels` (one element of an operator in a dtype), `elementwise` (the loop over
//! broadcast operands and the output's allocation, whose layout rule is
//! `stride_core::elementwise::output_layout`), `python` (Python's own operators on Python values)
//! and `strings` (NumPy's refusals of string operands).

mod elementwise;
mod kernels;
pub mod math;
mod promotion;
mod python;
pub mod select;
mod strings;

use std::rc::Rc;

use stride_core::{Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::operator::{BinOp, CmpOp, UnOp};
use crate::value::Value;

use elementwise::elementwise;
use kernels::{arith, negate};
use promotion::{promote, torch_ints, torch_promote};
use python::{cmp_ord, identical, python_arith, python_compare};
use strings::{compare_with_string, string_operand};

/// An operand of an elementwise operation: an array, or a scalar seen as a 0-d array.
pub struct Operand {
    /// Its layout (0-d for scalars).
    pub layout: Layout,
    /// Its dtype (for a Python value, the dtype NumPy would give it alone).
    pub dtype: DType,
    array: Option<Rc<Array>>,
    scalar: Num,
    /// The kind of a Python scalar (weak in promotion), or `None` for arrays and NumPy scalars.
    pub weak: Option<Kind>,
    /// The value of a Python int, for NumPy's out-of-bounds check.
    pub python_int: Option<i128>,
    /// Whether it is a Python float.
    pub python_float: bool,
    /// Whether it is a PyTorch tensor.
    pub torch: bool,
}

impl Operand {
    /// Reads the element at byte address `p` of its layout.
    pub fn read(&self, p: i128) -> Option<Num> {
        match &self.array {
            Some(a) => a.read_at(p),
            None => Some(self.scalar),
        }
    }
}

fn scalar_layout() -> Layout {
    Layout::zero_d(8)
}

/// The operand view of a value, or a TypeError for values that are not numbers.
pub fn operand(v: &Value) -> Result<Operand, EvalError> {
    let scalar =
        |dtype: DType, n: Num, weak: Option<Kind>, python_int: Option<i128>, python_float: bool| {
            Operand {
                layout: scalar_layout(),
                dtype,
                array: None,
                scalar: n,
                weak,
                python_int,
                python_float,
                torch: false,
            }
        };
    match v {
        Value::Array(a) => Ok(Operand {
            layout: a.layout,
            dtype: a.dtype,
            array: Some(Rc::clone(a)),
            scalar: Num::Int(0),
            weak: None,
            python_int: None,
            python_float: false,
            torch: a.torch,
        }),
        Value::Scalar(d, n) => Ok(scalar(*d, *n, None, None, false)),
        Value::Bool(b) => Ok(scalar(
            DType::Bool,
            Num::Bool(*b),
            Some(Kind::Bool),
            None,
            false,
        )),
        Value::Int(i) => {
            // An int beyond 64 bits can still meet a float loop, which converts it to a double;
            // an integer loop refuses it (`check_python_int`).
            let n = if i128::from(i64::MIN) <= *i && *i <= i128::from(u64::MAX) {
                Num::Int(*i)
            } else {
                Num::Float(*i as f64)
            };
            Ok(scalar(DType::Int64, n, Some(Kind::Int), Some(*i), false))
        }
        Value::Float(f) => Ok(scalar(
            DType::Float64,
            Num::Float(*f),
            Some(Kind::Float),
            None,
            true,
        )),
        Value::List(_) | Value::Tuple(_) => {
            let (shape, flat) = crate::numpy::nested(v)?;
            let (dtype, nums) = crate::numpy::infer_values(&flat)?;
            // A nested list becomes a temporary array, as NumPy converts it.
            let layout = Layout::contiguous(&shape, dtype.itemsize(), Order::C)?;
            let bytes = layout.nbytes().max(0) as usize;
            let buffer = Rc::new(crate::array::Buffer::new(u32::MAX, dtype, vec![0u8; bytes]));
            for (p, n) in stride_core::footprint::Positions::new(&layout).zip(nums) {
                buffer.write(dtype, p, n);
            }
            let array = Rc::new(Array {
                buffer,
                layout,
                dtype,
                writeable: true,
                owndata: true,
                base: crate::array::Base::None,
                torch: false,
                origin: Origin {
                    op: Op::Create("array"),
                    parent: None,
                    span: Span::default(),
                },
            });
            Ok(Operand {
                layout,
                dtype,
                array: Some(array),
                scalar: Num::Int(0),
                weak: None,
                python_int: None,
                python_float: false,
                torch: false,
            })
        }
        other => Err(EvalError::type_error(format!(
            "unsupported operand type '{}'",
            other.type_name()
        ))),
    }
}

fn is_python_number(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Float(_) | Value::Bool(_))
}

/// `-v`, `+v`, `~v`.
pub fn unary(ctx: &mut Context, op: UnOp, v: &Value, span: Span) -> Result<Value, EvalError> {
    match (op, v) {
        (UnOp::Neg, Value::Int(i)) => Ok(Value::Int(
            i.checked_neg()
                .ok_or_else(|| crate::context::too_large(span))?,
        )),
        (UnOp::Neg, Value::Float(f)) => Ok(Value::Float(-f)),
        (UnOp::Neg, Value::Bool(b)) => Ok(Value::Int(-i128::from(*b))),
        (UnOp::Pos, Value::Int(_) | Value::Float(_)) => Ok(v.clone()),
        (UnOp::Pos, Value::Bool(b)) => Ok(Value::Int(i128::from(*b))),
        (UnOp::Invert, Value::Int(i)) => Ok(Value::Int(!i)),
        (UnOp::Invert, Value::Bool(b)) => Ok(Value::Int(!i128::from(*b))),
        (_, Value::Array(_) | Value::Scalar(..)) => {
            let a = operand(v)?;
            if a.dtype == DType::Bool && op == UnOp::Pos {
                return Err(if a.torch {
                    EvalError::new(
                        "NotImplementedError",
                        "The `+` operator, on a bool tensor is not supported.",
                    )
                } else {
                    EvalError::new(
                        "UFuncTypeError",
                        "ufunc 'positive' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None",
                    )
                });
            }
            if a.dtype == DType::Bool && op == UnOp::Neg && a.torch {
                return Err(EvalError::new(
                    "NotImplementedError",
                    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.",
                ));
            }
            if a.dtype == DType::Bool && op == UnOp::Neg {
                return Err(EvalError::type_error(
                    "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.",
                ));
            }
            if a.dtype.is_float() && op == UnOp::Invert {
                return Err(EvalError::type_error(
                    "ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
                ));
            }
            let dtype = a.dtype;
            elementwise(
                ctx,
                &[a],
                dtype,
                dtype,
                span,
                "negative",
                move |x, _| match (op, x) {
                    (UnOp::Neg, n) => negate(dtype, n),
                    (UnOp::Pos, n) => n,
                    (_, Num::Bool(b)) => Num::Bool(!b),
                    (_, Num::Int(i)) => Num::Int(dtype.wrap(!i)),
                    (_, n) => n,
                },
            )
        }
        _ => Err(EvalError::type_error(format!(
            "bad operand type for unary {}: '{}'",
            match op {
                UnOp::Neg => "-",
                UnOp::Pos => "+",
                UnOp::Invert => "~",
                UnOp::Not => "not",
            },
            v.type_name()
        ))),
    }
}

/// `abs(v)` of an array or a NumPy scalar: NumPy's `absolute`, elementwise in the same dtype (a
/// bool stays a bool; the most negative integer stays itself, as C's `abs` wraps). PyTorch has no
/// `abs` for bool tensors.
pub fn absolute(ctx: &mut Context, v: &Value, span: Span) -> Result<Value, EvalError> {
    let a = operand(v)?;
    if a.torch && a.dtype == DType::Bool {
        return Err(EvalError::new(
            "NotImplementedError",
            "\"abs_cpu\" not implemented for 'Bool'",
        ));
    }
    let dtype = a.dtype;
    elementwise(
        ctx,
        &[a],
        dtype,
        dtype,
        span,
        "absolute",
        move |x, _| match x {
            Num::Int(i) => Num::Int(dtype.wrap(i.wrapping_abs())),
            Num::Float(f) => Num::Float(f.abs()),
            b => b,
        },
    )
}

/// `a op b`.
pub fn binary(
    ctx: &mut Context,
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    if is_python_number(a) && is_python_number(b) {
        return python_arith(op, a, b);
    }
    match (a, b, op) {
        (Value::Tuple(x), Value::Tuple(y), BinOp::Add) => {
            return Ok(Value::Tuple(
                x.iter().chain(y.iter()).cloned().collect::<Vec<_>>().into(),
            ));
        }
        (Value::List(x), Value::List(y), BinOp::Add) => {
            return Ok(Value::List(
                x.iter().chain(y.iter()).cloned().collect::<Vec<_>>().into(),
            ));
        }
        (Value::Tuple(x) | Value::List(x), Value::Int(n), BinOp::Mul)
        | (Value::Int(n), Value::Tuple(x) | Value::List(x), BinOp::Mul) => {
            let times = usize::try_from((*n).max(0)).unwrap_or(usize::MAX);
            let total = x.len().saturating_mul(times);
            ctx.check_sequence(total as u64, span)?;
            ctx.charge(total as u64, span)?;
            let items: Vec<Value> = x.iter().cloned().cycle().take(total).collect();
            let list = matches!(a, Value::List(_)) || matches!(b, Value::List(_));
            return Ok(if list {
                Value::List(items.into())
            } else {
                Value::Tuple(items.into())
            });
        }
        (Value::Str(x), Value::Str(y), BinOp::Add) => {
            return Ok(Value::Str(Rc::from(format!("{x}{y}").as_str())));
        }
        _ => {}
    }
    let numeric =
        |v: &Value| matches!(v, Value::Array(_) | Value::Scalar(..)) || is_python_number(v);
    let lists_with_array = matches!(a, Value::Array(_)) || matches!(b, Value::Array(_));
    if (!numeric(a) || !numeric(b)) && !lists_with_array {
        return Err(EvalError::type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            a.type_name(),
            b.type_name()
        )));
    }
    if let Some(e) = string_operand(op, a, b) {
        return Err(e.at(span));
    }
    if op == BinOp::MatMul {
        return crate::numpy::matmul::operator(ctx, a, b, span);
    }
    let (x, y) = torch_ints(operand(a)?, operand(b)?)?;
    let torch = x.torch || y.torch;
    let mut dtype = if torch {
        torch_promote(&x, &y)
    } else {
        promote(&x, &y)
    };
    // NumPy's `power` has no bool loop: two bools take the first loop they cast to, int8; and
    // `b ** 2` with a Python int 2 is `np.square(b)`, whose bool loop is int8 too (NumPy 2.4.6:
    // `(x == 0) ** 2` is int8, `np.power(x == 0, 2)` and `(x == 0) ** 3` int64).
    let square_of_bools = x.dtype == DType::Bool && x.weak.is_none() && y.python_int == Some(2);
    if op == BinOp::Pow
        && !torch
        && (square_of_bools || (x.dtype == DType::Bool && y.dtype == DType::Bool))
    {
        dtype = DType::Int8;
    }
    if op == BinOp::Pow && dtype.is_float() && !exact_power(&x, &y) {
        ctx.approximate();
    }
    let name = op.symbol();
    let loop_inputs = match op {
        BinOp::Div if !dtype.is_float() => {
            if torch {
                DType::Float32
            } else {
                DType::Float64
            }
        }
        _ => dtype,
    };
    // NEP 50: a Python int must fit the inputs of the loop that runs, which for `/` of integers
    // is a float loop (`np.int16(1) / 70000` is fine).
    for o in [&x, &y] {
        if let Some(i) = o.python_int {
            if !torch && !loop_inputs.is_float() && loop_inputs != DType::Bool {
                crate::indexing::check_python_int(i, loop_inputs)?;
            }
        }
    }
    match op {
        BinOp::Div if !dtype.is_float() => {
            dtype = if torch {
                DType::Float32
            } else {
                DType::Float64
            }
        }
        BinOp::FloorDiv | BinOp::Mod if dtype == DType::Bool => dtype = DType::Int8,
        BinOp::Sub if dtype == DType::Bool && torch => {
            return Err(EvalError::new(
                "NotImplementedError",
                "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.",
            ));
        }
        BinOp::Sub if dtype == DType::Bool => {
            return Err(EvalError::type_error(
                "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.",
            ));
        }
        BinOp::And | BinOp::Or | BinOp::Xor if dtype.is_float() => {
            return Err(EvalError::type_error(format!(
                "ufunc 'bitwise_{}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
                match op {
                    BinOp::And => "and",
                    BinOp::Or => "or",
                    _ => "xor",
                }
            )));
        }
        _ => {}
    }
    if op == BinOp::Pow && !dtype.is_float() {
        let negative_exponent = match &y.array {
            Some(arr) => ctx
                .read_values(arr, span)?
                .iter()
                .any(|n| matches!(n, Num::Int(i) if *i < 0)),
            None => matches!(y.scalar, Num::Int(i) if i < 0),
        };
        if negative_exponent {
            // NumPy's ValueError, PyTorch's RuntimeError.
            return Err(EvalError::new(
                if torch { "RuntimeError" } else { "ValueError" },
                "Integers to negative integer powers are not allowed.",
            ));
        }
    }
    elementwise(ctx, &[x, y], dtype, loop_inputs, span, name, move |p, q| {
        arith(op, dtype, p, q)
    })
}

/// Whether a float `x ** y` is the same on every machine: a scalar exponent NumPy and PyTorch
/// turn into a correctly rounded operation (`x ** 2` is `x * x`, `x ** 0.5` of floats is
/// `sqrt`, `x ** -1` of floats is `1 / x`, `x ** 1` and `x ** 0`); any other exponent is `pow`,
/// whose last bit depends on the C library.
fn exact_power(x: &Operand, y: &Operand) -> bool {
    if y.array.as_ref().is_some_and(|a| a.layout.ndim() > 0) {
        return false;
    }
    let e = match &y.array {
        Some(a) => a
            .read_at(i128::from(a.layout.offset()))
            .map_or(f64::NAN, Num::as_f64),
        None => y.scalar.as_f64(),
    };
    e == 0.0 || e == 1.0 || e == 2.0 || (x.dtype.is_float() && (e == 0.5 || e == -1.0))
}

/// Comparisons: Python's on Python values, elementwise on arrays.
pub fn compare(
    ctx: &mut Context,
    op: CmpOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    match op {
        CmpOp::Is | CmpOp::IsNot => {
            let same = identical(a, b);
            return Ok(Value::Bool(if op == CmpOp::Is { same } else { !same }));
        }
        CmpOp::In | CmpOp::NotIn => {
            let items = crate::builtins::iterate(ctx, b)?;
            let mut found = false;
            for item in &items {
                if compare(ctx, CmpOp::Eq, a, item, span)?.truthy()? {
                    found = true;
                    break;
                }
            }
            return Ok(Value::Bool(if op == CmpOp::In { found } else { !found }));
        }
        _ => {}
    }
    let arrays = matches!(a, Value::Array(_) | Value::Scalar(..))
        || matches!(b, Value::Array(_) | Value::Scalar(..));
    if !arrays {
        return python_compare(op, a, b);
    }
    if let Some(result) = compare_with_string(ctx, op, a, b, span) {
        return result;
    }
    let (x, y) = torch_ints(operand(a)?, operand(b)?)?;
    let common = promote(&x, &y);
    // NumPy 2 compares an integer array with a Python int exactly, even one out of the dtype's
    // range (`uint8 > -1` is all True); otherwise an integer loop must hold the int, and a float
    // loop converts it to a double. PyTorch converts the int first (`torch_ints`).
    let integer = |o: &Operand| o.weak.is_none() && !o.torch && o.dtype.int_range().is_some();
    let (exact_x, exact_y) = (
        x.python_int.filter(|_| integer(&y)),
        y.python_int.filter(|_| integer(&x)),
    );
    if !x.torch && !y.torch && exact_x.is_none() && exact_y.is_none() {
        for i in [x.python_int, y.python_int].into_iter().flatten() {
            if common.int_range().is_some() {
                crate::indexing::check_python_int(i, common)?;
            }
        }
    }
    let as_int = move |n: Num| match common.cast(n) {
        Num::Int(i) => i,
        other => other.as_f64() as i128,
    };
    elementwise(
        ctx,
        &[x, y],
        DType::Bool,
        common,
        span,
        "compare",
        move |p, q| {
            let ordering = match (exact_x, exact_y) {
                (Some(i), _) => Some(i.cmp(&as_int(q))),
                (_, Some(j)) => Some(as_int(p).cmp(&j)),
                _ => None,
            };
            if let Some(o) = ordering {
                return Num::Bool(cmp_ord(op, o));
            }
            // Two integers compare exactly, as NumPy's comparison loops for int64 with uint64 do
            // (their common dtype is float64, which would merge 2**63 - 1 and 2**63 + 1).
            if let (Num::Int(i), Num::Int(j)) = (p, q) {
                return Num::Bool(cmp_ord(op, i.cmp(&j)));
            }
            let (p, q) = (common.cast(p), common.cast(q));
            let r = match (p, q) {
                (Num::Int(i), Num::Int(j)) => cmp_ord(op, i.cmp(&j)),
                (Num::Bool(i), Num::Bool(j)) => cmp_ord(op, i.cmp(&j)),
                _ => {
                    let (f, g) = (p.as_f64(), q.as_f64());
                    match op {
                        CmpOp::Eq => f == g,
                        CmpOp::Ne => f != g,
                        CmpOp::Lt => f < g,
                        CmpOp::Le => f <= g,
                        CmpOp::Gt => f > g,
                        _ => f >= g,
                    }
                }
            };
            Num::Bool(r)
        },
    )
}

/// One element of `a op b` in `dtype` (the kernels of the operators): for the reductions of
/// PyTorch's `scatter_(..., reduce=)`.
pub(crate) fn arith_num(op: BinOp, dtype: DType, a: Num, b: Num) -> Num {
    arith(op, dtype, a, b)
}
