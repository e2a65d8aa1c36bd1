//! Operators: Python arithmetic on numbers and tuples, and NumPy's elementwise arithmetic and
//! comparisons on arrays, with broadcasting, NEP 50 promotion and NumPy's output layout.
//!
//! The output layout follows NumPy's ufunc machinery: when every array operand has the output's
//! shape and all are C-contiguous (or all F-contiguous), the output takes that order; otherwise the
//! iterator sorts the axes by the operands' strides (size-1 and broadcast axes have stride 0 and do
//! not vote; on a conflict C order wins) and allocates densely in that order.

use std::rc::Rc;

use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::operator::{BinOp, CmpOp, UnOp};
use crate::value::Value;

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
                .ok_or_else(|| crate::eval::too_large(span))?,
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
            elementwise(ctx, &[a], dtype, dtype, span, "negative", |x, _| {
                match (op, x) {
                    (UnOp::Neg, n) => negate(dtype, n),
                    (UnOp::Pos, n) => n,
                    (_, Num::Bool(b)) => Num::Bool(!b),
                    (_, Num::Int(i)) => Num::Int(dtype.wrap(!i)),
                    (_, n) => n,
                }
            })
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
    elementwise(ctx, &[a], dtype, dtype, span, "absolute", |x, _| match x {
        Num::Int(i) => Num::Int(dtype.wrap(i.wrapping_abs())),
        Num::Float(f) => Num::Float(f.abs()),
        b => b,
    })
}

fn negate(dtype: DType, n: Num) -> Num {
    match n {
        Num::Int(i) => Num::Int(dtype.wrap(i.wrapping_neg())),
        Num::Float(f) => Num::Float(-f),
        Num::Bool(b) => Num::Bool(b),
    }
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
        return Err(EvalError::unsupported("matrix multiplication (@)", span));
    }
    let (x, y) = torch_ints(operand(a)?, operand(b)?)?;
    let torch = x.torch || y.torch;
    let mut dtype = if torch {
        torch_promote(&x, &y)
    } else {
        promote(&x, &y)
    };
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
            return Err(EvalError::value_error(
                "Integers to negative integer powers are not allowed.",
            ));
        }
    }
    elementwise(ctx, &[x, y], dtype, loop_inputs, span, name, |p, q| {
        arith(op, dtype, p, q)
    })
}

/// The dtype of a NumPy operand of an arithmetic operator with a string: the string's is `<U{n}`.
fn string_operand_dtype(v: &Value) -> Option<(String, Option<DType>)> {
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
fn string_operand(op: BinOp, a: &Value, b: &Value) -> Option<EvalError> {
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

/// PyTorch reads a Python int beside a tensor as a 64-bit `Scalar`: past `u64` it is "int too
/// big to convert", below `i64` "can't convert negative int to unsigned", and in between (2⁶³ to
/// 2⁶⁴) an unsigned value that integer arithmetic wraps to `i64` and float arithmetic keeps.
fn torch_ints(x: Operand, y: Operand) -> Result<(Operand, Operand), EvalError> {
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
fn promote(x: &Operand, y: &Operand) -> DType {
    match (x.weak, y.weak) {
        (Some(_), Some(_)) => x.dtype.promote(y.dtype),
        (Some(k), None) => y.dtype.promote_weak(k),
        (None, Some(k)) => x.dtype.promote_weak(k),
        (None, None) => x.dtype.promote(y.dtype),
    }
}

/// PyTorch's promotion: the higher kind wins, a Python float makes integer tensors float32.
fn torch_promote(x: &Operand, y: &Operand) -> DType {
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

fn weak_torch(d: DType, k: Kind) -> DType {
    match (d.kind(), k) {
        (Kind::Bool | Kind::Int, Kind::Float) => DType::Float32,
        (Kind::Bool, Kind::Int) => DType::Int64,
        _ => d,
    }
}

/// One element of `a op b` in `dtype`: float16 computed in float32 then rounded, float32 in float32,
/// integers wrapping.
fn arith(op: BinOp, dtype: DType, a: Num, b: Num) -> Num {
    let a = dtype.cast(a);
    let b = dtype.cast(b);
    match dtype {
        DType::Float64 => Num::Float(float_op(op, a.as_f64(), b.as_f64())),
        DType::Float32 | DType::Float16 => {
            let r = f64::from(f32_op(op, a.as_f64() as f32, b.as_f64() as f32));
            dtype.cast(Num::Float(r))
        }
        DType::Bool => {
            let (x, y) = (a.truthy(), b.truthy());
            Num::Bool(match op {
                BinOp::Add | BinOp::Or => x || y,
                BinOp::Mul | BinOp::And => x && y,
                BinOp::Xor => x != y,
                BinOp::Pow => x || !y,
                _ => false,
            })
        }
        _ => {
            // Every int64 and uint64 value fits an i128; wrapping there and then to the dtype's
            // width gives C's wraparound (both are modulo a power of two).
            let (x, y) = (as_i128(a), as_i128(b));
            let r = match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::FloorDiv if y == 0 => 0,
                BinOp::FloorDiv => {
                    x.wrapping_div(y) - i128::from((x % y != 0) && ((x < 0) != (y < 0)))
                }
                BinOp::Mod if y == 0 => 0,
                BinOp::Mod => {
                    let m = x.wrapping_rem(y);
                    if m != 0 && ((m < 0) != (y < 0)) {
                        m + y
                    } else {
                        m
                    }
                }
                BinOp::Pow => int_pow(x, y),
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
                BinOp::Div | BinOp::MatMul => 0,
            };
            Num::Int(dtype.wrap(r))
        }
    }
}

fn as_i128(n: Num) -> i128 {
    match n {
        Num::Int(i) => i,
        Num::Bool(b) => i128::from(b),
        Num::Float(f) => f as i128,
    }
}

fn int_pow(mut base: i128, mut exp: i128) -> i128 {
    let mut result: i128 = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    result
}

fn float_op(op: BinOp, a: f64, b: f64) -> f64 {
    match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        BinOp::FloorDiv => py_floordiv(a, b),
        BinOp::Mod => py_mod(a, b),
        BinOp::Pow => a.powf(b),
        _ => f64::NAN,
    }
}

fn f32_op(op: BinOp, a: f32, b: f32) -> f32 {
    match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        BinOp::FloorDiv => py_floordiv(f64::from(a), f64::from(b)) as f32,
        BinOp::Mod => py_mod(f64::from(a), f64::from(b)) as f32,
        BinOp::Pow => a.powf(b),
        _ => f32::NAN,
    }
}

/// Python's float `//`: `floor(a / b)` computed as `divmod` does.
fn py_floordiv(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        return a / b;
    }
    let m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 && ((b < 0.0) != (m < 0.0)) {
        div -= 1.0;
    }
    if div == 0.0 {
        return 0.0f64.copysign(a / b);
    }
    let floor = div.floor();
    if div - floor > 0.5 {
        floor + 1.0
    } else {
        floor
    }
}

fn py_mod(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        return f64::NAN;
    }
    let m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) { m + b } else { m }
    } else {
        0.0f64.copysign(b)
    }
}

/// Python arithmetic on ints, floats and bools.
fn python_arith(op: BinOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    let int = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(i128::from(*b)),
        _ => None,
    };
    let overflow = || {
        EvalError::new(
            "OverflowError",
            "integer too large for the lab (it keeps Python ints within 128 bits)",
        )
    };
    if let (Some(x), Some(y)) = (int(a), int(b)) {
        let zero = || EvalError::new("ZeroDivisionError", "integer division or modulo by zero");
        return Ok(match op {
            BinOp::Add => Value::Int(x.checked_add(y).ok_or_else(overflow)?),
            BinOp::Sub => Value::Int(x.checked_sub(y).ok_or_else(overflow)?),
            BinOp::Mul => Value::Int(x.checked_mul(y).ok_or_else(overflow)?),
            BinOp::Div if y == 0 => {
                return Err(EvalError::new("ZeroDivisionError", "division by zero"));
            }
            BinOp::Div => Value::Float(x as f64 / y as f64),
            BinOp::FloorDiv if y == 0 => return Err(zero()),
            BinOp::FloorDiv => {
                Value::Int(x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0))
            }
            BinOp::Mod if y == 0 => return Err(zero()),
            BinOp::Mod => {
                let m = x % y;
                Value::Int(if m != 0 && ((m < 0) != (y < 0)) {
                    m + y
                } else {
                    m
                })
            }
            BinOp::Pow if y < 0 => Value::Float((x as f64).powf(y as f64)),
            BinOp::Pow => {
                let e = u32::try_from(y).map_err(|_| overflow())?;
                Value::Int(x.checked_pow(e).ok_or_else(overflow)?)
            }
            BinOp::And => Value::Int(x & y),
            BinOp::Or => Value::Int(x | y),
            BinOp::Xor => Value::Int(x ^ y),
            BinOp::MatMul => {
                return Err(EvalError::type_error(
                    "unsupported operand type(s) for @: 'int' and 'int'",
                ));
            }
        });
    }
    let x = crate::builtins::as_float(a)?;
    let y = crate::builtins::as_float(b)?;
    if matches!(op, BinOp::Div | BinOp::FloorDiv | BinOp::Mod) && y == 0.0 {
        return Err(EvalError::new(
            "ZeroDivisionError",
            match op {
                BinOp::Div => "float division by zero",
                BinOp::FloorDiv => "float floor division by zero",
                _ => "float modulo by zero",
            },
        ));
    }
    if matches!(op, BinOp::And | BinOp::Or | BinOp::Xor | BinOp::MatMul) {
        return Err(EvalError::type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            a.type_name(),
            b.type_name()
        )));
    }
    Ok(Value::Float(float_op(op, x, y)))
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
    let as_int = |n: Num| match common.cast(n) {
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
        |p, q| {
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

/// A NumPy array compared with a string: `==` and `!=` answer for every element (never equal),
/// the orderings find no loop. `None` when neither side is a string and a NumPy array.
fn compare_with_string(
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

fn cmp_ord(op: CmpOp, o: core::cmp::Ordering) -> bool {
    use core::cmp::Ordering::*;
    match op {
        CmpOp::Eq => o == Equal,
        CmpOp::Ne => o != Equal,
        CmpOp::Lt => o == Less,
        CmpOp::Le => o != Greater,
        CmpOp::Gt => o == Greater,
        _ => o != Less,
    }
}

fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Array(x), Value::Array(y)) => Rc::ptr_eq(x, y),
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Module(x), Value::Module(y)) => x == y,
        (Value::DType(x, _), Value::DType(y, _)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y && (-5..=256).contains(x),
        _ => false,
    }
}

fn python_compare(op: CmpOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    use core::cmp::Ordering;
    let ordering: Option<Ordering> = match (a, b) {
        (Value::Str(x), Value::Str(y)) => Some(x.cmp(y)),
        (Value::Tuple(x), Value::Tuple(y)) | (Value::List(x), Value::List(y)) => {
            let mut result = Some(x.len().cmp(&y.len()));
            for (p, q) in x.iter().zip(y.iter()) {
                let eq = python_compare(CmpOp::Eq, p, q)?.truthy()?;
                if !eq {
                    let lt = python_compare(CmpOp::Lt, p, q)?.truthy()?;
                    result = Some(if lt {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    });
                    break;
                }
            }
            result
        }
        (Value::DType(x, _), Value::DType(y, _)) => Some(if x == y {
            Ordering::Equal
        } else {
            Ordering::Less
        }),
        (Value::DType(x, _), Value::Str(s)) | (Value::Str(s), Value::DType(x, _)) => {
            Some(if DType::parse(s) == Some(*x) {
                Ordering::Equal
            } else {
                Ordering::Less
            })
        }
        (Value::None, Value::None) => Some(Ordering::Equal),
        _ if is_python_number(a) && is_python_number(b) => {
            if let (Value::Int(x), Value::Int(y)) = (a, b) {
                Some(x.cmp(y))
            } else {
                let x = crate::builtins::as_float(a)?;
                let y = crate::builtins::as_float(b)?;
                x.partial_cmp(&y)
            }
        }
        _ => None,
    };
    match (op, ordering) {
        (CmpOp::Eq, o) => Ok(Value::Bool(o == Some(Ordering::Equal))),
        (CmpOp::Ne, o) => Ok(Value::Bool(o != Some(Ordering::Equal))),
        (_, Some(o)) => Ok(Value::Bool(cmp_ord(op, o))),
        (_, None) if is_python_number(a) && is_python_number(b) => Ok(Value::Bool(false)),
        _ => Err(EvalError::type_error(format!(
            "'{}' not supported between instances of '{}' and '{}'",
            match op {
                CmpOp::Lt => "<",
                CmpOp::Le => "<=",
                CmpOp::Gt => ">",
                _ => ">=",
            },
            a.type_name(),
            b.type_name()
        ))),
    }
}

/// Applies `f` elementwise over the broadcast operands into a new array of `dtype`.
fn elementwise(
    ctx: &mut Context,
    operands: &[Operand],
    dtype: DType,
    inputs: DType,
    span: Span,
    name: &'static str,
    f: impl Fn(Num, Num) -> Num,
) -> Result<Value, EvalError> {
    let shapes: Vec<&[i64]> = operands
        .iter()
        .map(|o| o.layout.shape().as_slice())
        .collect();
    let shape = match shapes.as_slice() {
        [a, b] => stride_core::broadcast::broadcast_operands(a, b)?,
        _ => stride_core::broadcast::broadcast_shapes(&shapes)?,
    };
    let torch = operands.iter().any(|o| o.torch);
    let all_scalars = operands.iter().all(|o| o.array.is_none());
    let mut views = Vec::with_capacity(operands.len());
    for o in operands {
        views.push(stride_core::broadcast::broadcast_to(&o.layout, &shape)?);
    }
    let size = shape.checked_product().unwrap_or(0);
    ctx.charge(
        u64::try_from(size)
            .unwrap_or(u64::MAX)
            .saturating_mul(operands.len() as u64),
        span,
    )?;
    // A ufunc on scalars and 0-d arrays returns a NumPy scalar, not a new array.
    let scalar_result = (all_scalars || shape.is_empty()) && !torch;
    if !scalar_result {
        ctx.room(size.saturating_mul(dtype.itemsize()), span)?;
    }
    let mut iters: Vec<_> = views
        .iter()
        .map(stride_core::footprint::Positions::new)
        .collect();
    let mut values = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let mut args = vec![Num::Int(0); operands.len()];
    for _ in 0..size {
        for ((slot, it), o) in args.iter_mut().zip(iters.iter_mut()).zip(operands) {
            let p = it.next().unwrap_or(0);
            *slot = o.read(p).ok_or_else(|| {
                EvalError::value_error("an operand reads outside its buffer").at(span)
            })?;
        }
        let first = args.first().copied().unwrap_or(Num::Int(0));
        let second = args.get(1).copied().unwrap_or(Num::Int(0));
        values.push(f(first, second));
    }
    if scalar_result {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(dtype, dtype.cast(v)));
    }
    // NumPy's fast path (no iterator) needs every array operand already in the loop's dtype.
    let cast = operands
        .iter()
        .any(|o| o.array.is_some() && o.layout.ndim() > 0 && o.dtype != inputs);
    let layout = output_layout(&shape, operands, dtype.itemsize(), cast)?;
    let parents: Vec<Rc<Array>> = operands.iter().filter_map(|o| o.array.clone()).collect();
    let origin = Origin {
        op: Op::Compute(name),
        parent: parents.first().cloned(),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, torch, origin)?,
    ))
}

/// The layout NumPy allocates for a ufunc's output (see the module docs). `cast` is whether an
/// operand must be cast first, which rules out NumPy's fast path.
fn output_layout(
    shape: &Dims,
    operands: &[Operand],
    itemsize: i64,
    cast: bool,
) -> Result<Layout, EvalError> {
    let arrays: Vec<&Layout> = operands
        .iter()
        .filter(|o| o.array.is_some() && o.layout.ndim() > 0)
        .map(|o| &o.layout)
        .collect();
    if arrays.is_empty() || operands.iter().any(|o| o.torch) {
        return Ok(Layout::allocated(shape, itemsize, Order::C)?);
    }
    if !cast && arrays.iter().all(|l| l.shape() == shape) {
        if arrays.iter().all(|l| l.is_c_contiguous()) {
            return Ok(Layout::allocated(shape, itemsize, Order::C)?);
        }
        if arrays.iter().all(|l| l.is_f_contiguous()) {
            return Ok(Layout::allocated(shape, itemsize, Order::F)?);
        }
    }
    let n = shape.len();
    // Strides as the iterator sees them: 0 on broadcast and size-1 axes.
    let mut strides: Vec<Vec<i64>> = Vec::new();
    for l in &arrays {
        let b = stride_core::broadcast::broadcast_to(l, shape)?;
        strides.push(
            b.shape()
                .iter()
                .zip(b.strides().iter())
                .map(|(&d, &s)| if d == 1 { 0 } else { s })
                .collect(),
        );
    }
    let stride = |op: &Vec<i64>, axis: usize| op.get(axis).copied().unwrap_or(0);
    // Iterator order, fastest first: starts as the axes reversed; insertion sort as NumPy's
    // npyiter_find_best_axis_ordering.
    let mut order: Vec<usize> = (0..n).rev().collect();
    for i0 in 1..n {
        let j0 = order.get(i0).copied().unwrap_or(0);
        let mut ipos = i0;
        for i1 in (0..i0).rev() {
            let j1 = order.get(i1).copied().unwrap_or(0);
            let mut ambiguous = true;
            let mut swap = false;
            for op in &strides {
                let (s0, s1) = (stride(op, j0), stride(op, j1));
                if s0 != 0 && s1 != 0 {
                    if s1.unsigned_abs() <= s0.unsigned_abs() {
                        swap = false;
                    } else if ambiguous {
                        swap = true;
                    }
                    ambiguous = false;
                }
            }
            if !ambiguous {
                if swap {
                    ipos = i1;
                } else {
                    break;
                }
            }
        }
        if ipos != i0 {
            order.remove(i0);
            order.insert(ipos, j0);
        }
    }
    let mut out = Dims::filled(n, 0)?;
    let mut step = itemsize;
    for &axis in &order {
        if let Some(slot) = out.get_mut(axis) {
            *slot = step;
        }
        step = step.saturating_mul(shape.get(axis).copied().unwrap_or(1));
    }
    let layout = Layout::new(shape, &out, 0, itemsize)?;
    if layout.size() == 0 {
        return Ok(Layout::allocated(shape, itemsize, Order::C)?);
    }
    Ok(layout)
}
