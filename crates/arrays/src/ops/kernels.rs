//! The kernels: one element of an operator in a dtype (float16 through float32, integers
//! wrapping as C does) and Python's float `//` and `%`.

use crate::dtype::{DType, Num};
use crate::operator::BinOp;

pub(super) fn negate(dtype: DType, n: Num) -> Num {
    match n {
        Num::Int(i) => Num::Int(dtype.wrap(i.wrapping_neg())),
        Num::Float(f) => Num::Float(-f),
        Num::Bool(b) => Num::Bool(b),
    }
}

/// One element of `a op b` in `dtype`: float16 computed in float32 then rounded, float32 in float32,
/// integers wrapping.
pub(super) fn arith(op: BinOp, dtype: DType, a: Num, b: Num) -> Num {
    // Floats already floats: the same operations as below, without the general casts.
    match (dtype, a, b) {
        (DType::Float64, Num::Float(x), Num::Float(y)) if op != BinOp::Pow => {
            return Num::Float(float_op(op, x, y));
        }
        (DType::Float32, Num::Float(x), Num::Float(y)) => {
            return Num::Float(f64::from(f32_op(op, x as f32, y as f32)));
        }
        _ => {}
    }
    let a = dtype.cast(a);
    let b = dtype.cast(b);
    match dtype {
        DType::Float64 if op == BinOp::Pow => Num::Float(power(a.as_f64(), b.as_f64())),
        DType::Float64 => Num::Float(float_op(op, a.as_f64(), b.as_f64())),
        DType::Float32 | DType::Float16 | DType::BFloat16 => {
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

pub(super) fn as_i128(n: Num) -> i128 {
    match n {
        Num::Int(i) => i,
        Num::Bool(b) => i128::from(b),
        Num::Float(f) => f as i128,
    }
}

pub(super) fn int_pow(mut base: i128, mut exp: i128) -> i128 {
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

pub(super) fn float_op(op: BinOp, a: f64, b: f64) -> f64 {
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

pub(super) fn f32_op(op: BinOp, a: f32, b: f32) -> f32 {
    match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        BinOp::FloorDiv => py_floordiv(f64::from(a), f64::from(b)) as f32,
        BinOp::Mod => py_mod(f64::from(a), f64::from(b)) as f32,
        BinOp::Pow => power(f64::from(a), f64::from(b)) as f32,
        _ => f32::NAN,
    }
}

/// `a ** b` as the libraries compute it: the exponents they turn into correctly rounded
/// operations (2: `a * a`, 0.5: `sqrt`, −1: `1 / a`) are those operations; any other is `pow`.
/// (For float32, `a * a` in float64 rounded to float32 is `a * a` in float32: the product is exact.)
fn power(a: f64, b: f64) -> f64 {
    match b {
        2.0 => a * a,
        0.5 if a != f64::NEG_INFINITY => a.sqrt(),
        -1.0 => 1.0 / a,
        1.0 => a,
        _ => a.powf(b),
    }
}

/// Python's float `//`: `floor(a / b)` computed as `divmod` does.
pub(super) fn py_floordiv(a: f64, b: f64) -> f64 {
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

pub(super) fn py_mod(a: f64, b: f64) -> f64 {
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
