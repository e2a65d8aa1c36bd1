//! Elementwise math, NumPy's and PyTorch's: the unary functions (`exp`, `sqrt`, `floor`, …),
//! their result dtypes, and which of them are exact under the values policy
//! ([`crate::exactness`]).
//!
//! Result dtypes: NumPy picks the first loop an input casts to safely, so a float function of
//! bool, int8 and uint8 is float16, of int16 and uint16 float32, of wider integers float64 (a
//! Python int is int64, a Python float float64); float16 and float32 stay. PyTorch makes integer
//! and bool tensors its default float, float32. `square`, `abs`, `sign`, `floor`, `ceil` keep
//! integers in both.
//!
//! Exactness: `sqrt`, `square`, `abs`, `sign`, `floor`, `ceil` and rounding are correctly
//! rounded (or exact) in both libraries on every machine, and so are the lab's. The
//! transcendental functions are computed in float64 and rounded once to the dtype — within an
//! ulp or two of the libraries' SIMD or libm results, which differ between CPUs — and marked.

use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::operator::BinOp;
use crate::value::Value;

use super::elementwise::elementwise;
use super::kernels::arith;
use super::operand;

/// A unary elementwise function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    /// `exp`.
    Exp,
    /// `expm1`.
    Expm1,
    /// `log`.
    Log,
    /// `log1p`.
    Log1p,
    /// `log2`.
    Log2,
    /// `log10`.
    Log10,
    /// `sqrt`.
    Sqrt,
    /// `square`.
    Square,
    /// `sin`.
    Sin,
    /// `cos`.
    Cos,
    /// `tan`.
    Tan,
    /// `tanh`.
    Tanh,
    /// `arctan` (`atan`).
    Arctan,
    /// PyTorch's `sigmoid`: `1 / (1 + exp(-x))`.
    Sigmoid,
    /// `abs`, `absolute`.
    Abs,
    /// `sign`.
    Sign,
    /// `floor`.
    Floor,
    /// `ceil`.
    Ceil,
    /// `rint` (round half to even).
    Rint,
    /// `isnan`.
    IsNan,
    /// `isfinite`.
    IsFinite,
    /// `isinf`.
    IsInf,
}

impl Func {
    /// The function's name, as NumPy's errors name it.
    pub fn name(self) -> &'static str {
        match self {
            Func::Exp => "exp",
            Func::Expm1 => "expm1",
            Func::Log => "log",
            Func::Log1p => "log1p",
            Func::Log2 => "log2",
            Func::Log10 => "log10",
            Func::Sqrt => "sqrt",
            Func::Square => "square",
            Func::Sin => "sin",
            Func::Cos => "cos",
            Func::Tan => "tan",
            Func::Tanh => "tanh",
            Func::Arctan => "arctan",
            Func::Sigmoid => "sigmoid",
            Func::Abs => "absolute",
            Func::Sign => "sign",
            Func::Floor => "floor",
            Func::Ceil => "ceil",
            Func::Rint => "rint",
            Func::IsNan => "isnan",
            Func::IsFinite => "isfinite",
            Func::IsInf => "isinf",
        }
    }

    /// Whether both libraries' values are the same on every machine (correctly rounded).
    pub fn exact(self) -> bool {
        matches!(
            self,
            Func::Sqrt
                | Func::Square
                | Func::Abs
                | Func::Sign
                | Func::Floor
                | Func::Ceil
                | Func::Rint
                | Func::IsNan
                | Func::IsFinite
                | Func::IsInf
        )
    }

    fn keeps_integers(self) -> bool {
        matches!(
            self,
            Func::Square | Func::Abs | Func::Sign | Func::Floor | Func::Ceil
        )
    }

    fn predicate(self) -> bool {
        matches!(self, Func::IsNan | Func::IsFinite | Func::IsInf)
    }

    /// The function on a float, in float64.
    fn float(self, x: f64) -> f64 {
        match self {
            Func::Exp => x.exp(),
            Func::Expm1 => x.exp_m1(),
            Func::Log => x.ln(),
            Func::Log1p => x.ln_1p(),
            Func::Log2 => x.log2(),
            Func::Log10 => x.log10(),
            Func::Sqrt => x.sqrt(),
            Func::Square => x * x,
            Func::Sin => x.sin(),
            Func::Cos => x.cos(),
            Func::Tan => x.tan(),
            Func::Tanh => x.tanh(),
            Func::Arctan => x.atan(),
            Func::Sigmoid => 1.0 / (1.0 + (-x).exp()),
            Func::Abs => x.abs(),
            Func::Sign if x.is_nan() => f64::NAN,
            Func::Sign if x == 0.0 => 0.0,
            Func::Sign => x.signum(),
            Func::Floor => x.floor(),
            Func::Ceil => x.ceil(),
            Func::Rint => x.round_ties_even(),
            Func::IsNan => f64::from(u8::from(x.is_nan())),
            Func::IsFinite => f64::from(u8::from(x.is_finite())),
            Func::IsInf => f64::from(u8::from(x.is_infinite())),
        }
    }

    /// The result dtype for an input of `input`, NumPy's or PyTorch's; an error where the
    /// library has no loop.
    fn result(self, input: DType, torch: bool) -> Result<DType, EvalError> {
        if self.predicate() {
            return Ok(DType::Bool);
        }
        if input.is_float() {
            return Ok(input);
        }
        if torch {
            return Ok(match (self, input) {
                (Func::Abs, DType::Bool) => {
                    return Err(EvalError::new(
                        "NotImplementedError",
                        "\"abs_cpu\" not implemented for 'Bool'",
                    ));
                }
                (Func::Floor | Func::Ceil, DType::Bool) => {
                    return Err(EvalError::new(
                        "NotImplementedError",
                        format!("\"{}_vml_cpu\" not implemented for 'Bool'", self.name()),
                    ));
                }
                (Func::Square, DType::Bool) => DType::Int64,
                (f, d) if f.keeps_integers() => d,
                _ => DType::Float32,
            });
        }
        Ok(match (self, input) {
            (Func::Sign, DType::Bool) => {
                return Err(EvalError::new(
                    "UFuncTypeError",
                    "ufunc 'sign' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None",
                ));
            }
            (Func::Square, DType::Bool) => DType::Int8,
            (f, d) if f.keeps_integers() => d,
            (_, DType::Bool | DType::Int8 | DType::UInt8) => DType::Float16,
            (_, DType::Int16 | DType::UInt16) => DType::Float32,
            _ => DType::Float64,
        })
    }

    /// One element: `x` (of the input's dtype) to the result's `dtype`.
    fn apply(self, dtype: DType, x: Num) -> Num {
        if self.predicate() {
            return Num::Bool(match x {
                Num::Float(f) => self.float(f) != 0.0,
                _ => self == Func::IsFinite,
            });
        }
        match (self, dtype) {
            (Func::Square, _) => arith(BinOp::Mul, dtype, x, x),
            (_, d) if !d.is_float() => match x {
                Num::Int(i) => Num::Int(dtype.wrap(match self {
                    Func::Abs => i.wrapping_abs(),
                    Func::Sign => i.signum(),
                    _ => i,
                })),
                Num::Bool(b) => Num::Bool(b),
                Num::Float(f) => dtype.cast(Num::Float(self.float(f))),
            },
            _ => dtype.cast(Num::Float(self.float(dtype.cast(x).as_f64()))),
        }
    }
}

/// `f(v)` elementwise, NumPy's or PyTorch's (as `v` is a tensor): a NumPy scalar for scalars.
pub fn unary_math(ctx: &mut Context, f: Func, v: &Value, span: Span) -> Result<Value, EvalError> {
    let a = operand(v).map_err(|e| e.at(span))?;
    let dtype = f.result(a.dtype, a.torch).map_err(|e| e.at(span))?;
    if !f.exact() && dtype.is_float() {
        ctx.approximate();
    }
    let inputs = if f.predicate() || f.keeps_integers() {
        a.dtype
    } else {
        dtype
    };
    elementwise(ctx, &[a], dtype, inputs, span, f.name(), move |x, _| {
        f.apply(dtype, x)
    })
}

/// NumPy's `round(a, decimals)` (and PyTorch's): `rint(a · 10^d) / 10^d` in the array's dtype
/// (for `d < 0`, `rint(a / 10^-d) · 10^-d`), every step correctly rounded, so exact; integers
/// stay integers (rounded half to even to tens, hundreds, … for `d < 0`); bools become float16.
pub fn round(ctx: &mut Context, v: &Value, decimals: i64, span: Span) -> Result<Value, EvalError> {
    let a = operand(v).map_err(|e| e.at(span))?;
    if a.torch && !a.dtype.is_float() && (decimals != 0 || a.dtype == DType::Bool) {
        let kernel = if decimals == 0 {
            "round_vml_cpu"
        } else {
            "round_cpu"
        };
        let name = match a.dtype {
            DType::Bool => "Bool",
            DType::Int8 => "Char",
            DType::UInt8 => "Byte",
            DType::Int16 => "Short",
            DType::Int32 => "Int",
            _ => "Long",
        };
        return Err(EvalError::new(
            "NotImplementedError",
            format!("\"{kernel}\" not implemented for '{name}'"),
        )
        .at(span));
    }
    let dtype = match a.dtype {
        DType::Bool => DType::Float16,
        d => d,
    };
    // NumPy rounds integers to `decimals >= 0` by copying them (`PyArray_NewCopy` in K order).
    let copy = !dtype.is_float() && decimals >= 0 && !a.torch;
    let keep = a.layout;
    let inputs = dtype;
    let scale = 10f64.powi(i32::try_from(decimals.unsigned_abs().min(400)).unwrap_or(400));
    let power = 10i128.checked_pow(u32::try_from(decimals.unsigned_abs()).unwrap_or(u32::MAX));
    let rounded = elementwise(ctx, &[a], dtype, inputs, span, "round", move |x, _| {
        if !dtype.is_float() {
            return match (x, power) {
                (Num::Int(i), Some(p)) if decimals < 0 => {
                    let (q, r) = (i.div_euclid(p), i.rem_euclid(p));
                    let up = 2 * r > p || (2 * r == p && q % 2 != 0);
                    Num::Int(dtype.wrap((q + i128::from(up)) * p))
                }
                (Num::Int(_), None) if decimals < 0 => Num::Int(0),
                (x, _) => dtype.cast(x),
            };
        }
        let rint = |n: Num| dtype.cast(Num::Float(dtype.cast(n).as_f64().round_ties_even()));
        match decimals {
            0 => rint(x),
            d if d > 0 => {
                let y = rint(arith(BinOp::Mul, dtype, x, Num::Float(scale)));
                arith(BinOp::Div, dtype, y, Num::Float(scale))
            }
            _ => {
                let y = rint(arith(BinOp::Div, dtype, x, Num::Float(scale)));
                arith(BinOp::Mul, dtype, y, Num::Float(scale))
            }
        }
    })?;
    match rounded {
        Value::Array(r) if copy => {
            let layout = stride_core::copy::copy_layout(&keep, stride_core::reshape::MemOrder::K)?;
            let values = ctx.read_values(&r, span)?;
            let origin = r.origin.clone();
            Ok(Value::Array(
                ctx.new_array(layout, dtype, &values, false, origin)?,
            ))
        }
        other => Ok(other),
    }
}
