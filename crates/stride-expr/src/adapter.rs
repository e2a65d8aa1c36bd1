//! The array library as host objects of the one Python interpreter (`python_subset`): values
//! cross here in both directions, and so do errors.
//!
//! A Python value becomes a library [`Value`] where the library takes arguments (numbers,
//! strings, tuples and lists of them, slices, `...`); a library value becomes a Python one
//! where Python has it (numbers, strings, tuples, lists), and otherwise a [`Lib`] host object:
//! arrays and tensors, NumPy scalars, dtypes, `flags`, modules, and bound functions and methods.
//! The library's state, its [`Context`], lives in the interpreter's host slot.

use std::rc::Rc;

use python_subset::ast::{BinOp as PyBin, CmpOp as PyCmp, UnaryOp as PyUn};
use python_subset::error::{Error as PyError, ErrorKind, ExcClass, Span as PySpan};
use python_subset::eval::Interp;
use python_subset::host::{HostArgs, HostIndex, Object};
use python_subset::limits::Limit;
use python_subset::value::{List, Value as Py};

use crate::context::{Args, Context};
use crate::error::{EvalError, Span, UNSUPPORTED};
use crate::operator::{BinOp, CmpOp, UnOp};
use crate::value::Value;

/// A library value that Python holds as a host object.
pub struct Lib(pub Value);

/// The span of the library from the interpreter's.
pub fn span(s: PySpan) -> Span {
    Span::new(s.start, s.end)
}

fn py_span(s: Span) -> PySpan {
    PySpan::new(s.start, s.end)
}

/// The interpreter's error for a library error, carrying the library's whole error (its reason
/// and hint) as the detail.
pub fn to_py_error(e: EvalError) -> PyError {
    let at = e.span.map(py_span).unwrap_or_default();
    let kind = match e.class {
        "SyntaxError" => PyError::syntax(e.message.clone(), at).kind,
        UNSUPPORTED => ErrorKind::Unsupported(
            e.message
                .strip_prefix("valid Python, but this lab does not run it: ")
                .unwrap_or(&e.message)
                .to_string(),
        ),
        class => ErrorKind::Exception(
            ExcClass::from_name(class).unwrap_or(ExcClass::RuntimeError),
            e.message.clone(),
        ),
    };
    PyError {
        kind,
        span: at,
        detail: Some(Rc::new(e)),
    }
}

/// The library's error for an interpreter error: the library's own when it carried one.
pub fn from_py_error(e: &PyError) -> EvalError {
    let at = (e.span != PySpan::default()).then(|| span(e.span));
    if let Some(lib) = e
        .detail
        .as_ref()
        .and_then(|d| d.downcast_ref::<EvalError>())
    {
        let mut out = lib.clone();
        if out.span.is_none() {
            out.span = at;
        }
        return out;
    }
    let mut out = match &e.kind {
        ErrorKind::Syntax(class, message) => EvalError::new(class.name(), message.clone()),
        ErrorKind::Unsupported(what) => EvalError::new(
            UNSUPPORTED,
            format!("valid Python, but this lab does not run it: {what}"),
        ),
        ErrorKind::Limit(Limit::Recursion) => {
            EvalError::new("RecursionError", "maximum recursion depth exceeded")
        }
        ErrorKind::Limit(Limit::Nesting) => {
            EvalError::new("SyntaxError", "too many nested parentheses")
        }
        ErrorKind::Limit(Limit::IntTooLarge) => EvalError::new(
            "OverflowError",
            "integer too large for the lab (it keeps Python ints within 128 bits)",
        ),
        // CPython's exception for "ran out of time"; the message is the interpreter's.
        ErrorKind::Limit(Limit::Steps) => EvalError::new("TimeoutError", Limit::Steps.to_string()),
        ErrorKind::Limit(limit) => EvalError::new("MemoryError", limit.to_string()),
        ErrorKind::Exception(class, message) => EvalError::new(class.name(), message.clone()),
    };
    out.span = at;
    out
}

/// The library's context in the interpreter.
pub fn context(interp: &mut Interp) -> Result<&mut Context, PyError> {
    interp.host_state::<Context>().ok_or_else(|| {
        PyError::exception(
            ExcClass::RuntimeError,
            "the array library is not set up in this interpreter",
            PySpan::default(),
        )
    })
}

/// A Python value as the library's, where it has one.
pub fn to_lib(v: &Py) -> Result<Value, PyError> {
    Ok(match v {
        Py::None => Value::None,
        Py::Bool(b) => Value::Bool(*b),
        Py::Int(i) => Value::Int(*i),
        Py::Float(f) => Value::Float(*f),
        Py::Str(s) => Value::Str(Rc::clone(s)),
        Py::Tuple(t) => {
            sequence_fits(t.0.len())?;
            Value::Tuple(
                t.0.iter()
                    .map(to_lib)
                    .collect::<Result<Vec<_>, _>>()?
                    .into(),
            )
        }
        Py::List(l) => {
            sequence_fits(l.len())?;
            Value::List(
                l.items()?
                    .iter()
                    .map(to_lib)
                    .collect::<Result<Vec<_>, _>>()?
                    .into(),
            )
        }
        Py::Ellipsis => Value::Ellipsis,
        Py::Slice(parts) => {
            let bound = |v: &Py| -> Result<Option<i128>, PyError> {
                crate::indexing::slice_bound(&to_lib(v)?)
                    .map(|b| b.map(i128::from))
                    .map_err(to_py_error)
            };
            let [a, b, c] = &**parts;
            Value::Slice(bound(a)?, bound(b)?, bound(c)?)
        }
        Py::Range(r) => {
            let [start, stop, step] = **r;
            let n = python_subset::value::range_len(r);
            if n > u128::from(crate::context::Limits::default().max_sequence) {
                return Err(to_py_error(EvalError::new(
                    "MemoryError",
                    format!(
                        "this range has {n} items; the lab converts at most {} to an array",
                        crate::context::Limits::default().max_sequence
                    ),
                )));
            }
            let _ = stop;
            // n is at most the sequence limit here, so neither the count nor the items overflow.
            let n = i128::try_from(n).unwrap_or(0);
            Value::List(
                (0..n)
                    .map(|k| Value::Int(start.saturating_add(step.saturating_mul(k))))
                    .collect::<Vec<_>>()
                    .into(),
            )
        }
        Py::Builtin(b) => Value::Builtin(b.name()),
        Py::Host(h) => match h.as_any().downcast_ref::<Lib>() {
            Some(lib) => lib.0.clone(),
            None => return Err(not_for_library(v)),
        },
        _ => return Err(not_for_library(v)),
    })
}

/// The library's bound on a Python sequence it takes ([`Limits::max_sequence`]).
///
/// [`Limits::max_sequence`]: crate::context::Limits::max_sequence
fn sequence_fits(n: usize) -> Result<(), PyError> {
    let ctx = Context::new(crate::context::Limits::default());
    ctx.check_sequence(u64::try_from(n).unwrap_or(u64::MAX), Span::default())
        .map_err(to_py_error)
}

fn not_for_library(v: &Py) -> PyError {
    PyError::unsupported(
        format!(
            "a {} object as an argument of NumPy or PyTorch",
            v.type_name()
        ),
        PySpan::default(),
    )
}

/// A library value as Python's.
pub fn to_py(v: Value) -> Result<Py, PyError> {
    Ok(match v {
        Value::None => Py::None,
        Value::Bool(b) => Py::Bool(b),
        Value::Int(i) => Py::Int(i),
        Value::Float(f) => Py::Float(f),
        Value::Str(s) => Py::Str(s),
        Value::Tuple(items) => {
            Py::tuple(items.iter().cloned().map(to_py).collect::<Result<_, _>>()?)
        }
        Value::List(items) => {
            List::new_value(items.iter().cloned().map(to_py).collect::<Result<_, _>>()?)
        }
        Value::Ellipsis => Py::Ellipsis,
        Value::Builtin(name) => python_subset::eval::builtins::lookup(name)?,
        other => Py::host(Lib(other)),
    })
}

fn lib_result(r: Result<Value, EvalError>) -> Result<Py, PyError> {
    r.map_err(to_py_error).and_then(to_py)
}

fn bin_op(op: PyBin) -> Option<BinOp> {
    Some(match op {
        PyBin::Add => BinOp::Add,
        PyBin::Sub => BinOp::Sub,
        PyBin::Mul => BinOp::Mul,
        PyBin::Div => BinOp::Div,
        PyBin::FloorDiv => BinOp::FloorDiv,
        PyBin::Mod => BinOp::Mod,
        PyBin::Pow => BinOp::Pow,
        PyBin::BitAnd => BinOp::And,
        PyBin::BitOr => BinOp::Or,
        PyBin::BitXor => BinOp::Xor,
        PyBin::MatMul => BinOp::MatMul,
        _ => return None,
    })
}

fn cmp_op(op: PyCmp) -> CmpOp {
    match op {
        PyCmp::Eq => CmpOp::Eq,
        PyCmp::Ne => CmpOp::Ne,
        PyCmp::Lt => CmpOp::Lt,
        PyCmp::Le => CmpOp::Le,
        PyCmp::Gt => CmpOp::Gt,
        PyCmp::Ge => CmpOp::Ge,
        PyCmp::Is => CmpOp::Is,
        PyCmp::IsNot => CmpOp::IsNot,
        PyCmp::In => CmpOp::In,
        PyCmp::NotIn => CmpOp::NotIn,
    }
}

fn lib_args(args: &HostArgs) -> Result<Args, PyError> {
    let mut out = Args::default();
    for (v, s) in &args.pos {
        out.positional
            .push((to_lib(v).map_err(|e| at(e, *s))?, span(*s)));
    }
    for (k, v, s) in &args.kw {
        out.keyword
            .push((k.to_string(), to_lib(v).map_err(|e| at(e, *s))?, span(*s)));
    }
    Ok(out)
}

fn at(mut e: PyError, s: PySpan) -> PyError {
    if e.span == PySpan::default() {
        e.span = s;
    }
    e
}

fn lib_index(index: &HostIndex, scalar: bool) -> Result<crate::indexing::Index, PyError> {
    let parts = index
        .iter()
        .map(|(v, s)| Ok((to_lib(v).map_err(|e| at(e, *s))?, span(*s))))
        .collect::<Result<Vec<_>, PyError>>()?;
    crate::indexing::index_of(&parts, scalar).map_err(to_py_error)
}

impl Object for Lib {
    fn type_name(&self) -> &'static str {
        self.0.qualified_name()
    }

    fn as_any(&self) -> &dyn core::any::Any {
        self
    }

    fn repr(&self) -> Result<String, PyError> {
        Ok(crate::display::repr(&self.0))
    }

    fn str(&self) -> Result<String, PyError> {
        Ok(crate::display::str_of(&self.0))
    }

    fn attr(&self, interp: &mut Interp, name: &str, at: PySpan) -> Result<Py, PyError> {
        let ctx = context(interp)?;
        lib_result(crate::attrs::get(ctx, &self.0, name, span(at)))
    }

    fn call(&self, interp: &mut Interp, args: HostArgs) -> Result<Py, PyError> {
        let lib = lib_args(&args)?;
        let ctx = context(interp)?;
        lib_result(ctx.call(&self.0, lib, span(args.span)))
    }

    fn get_item(&self, interp: &mut Interp, index: &HostIndex, at: PySpan) -> Result<Py, PyError> {
        let index = lib_index(index, matches!(self.0, Value::Scalar(..)))?;
        let ctx = context(interp)?;
        lib_result(crate::indexing::get_item(ctx, &self.0, &index, span(at)))
    }

    fn set_item(
        &self,
        interp: &mut Interp,
        index: &HostIndex,
        value: Py,
        at: PySpan,
    ) -> Result<(), PyError> {
        let Value::Array(array) = &self.0 else {
            return Err(PyError::type_error(
                format!(
                    "'{}' object does not support item assignment",
                    self.type_name()
                ),
                at,
            ));
        };
        let index = lib_index(index, false)?;
        let value = to_lib(&value)?;
        let ctx = context(interp)?;
        crate::indexing::set_item(ctx, array, &index, &value, span(at)).map_err(to_py_error)
    }

    fn binary(
        &self,
        interp: &mut Interp,
        op: PyBin,
        other: &Py,
        reflected: bool,
        at: PySpan,
    ) -> Result<Option<Py>, PyError> {
        let Some(op) = bin_op(op) else {
            return Ok(None);
        };
        let Ok(other) = to_lib(other) else {
            return Ok(None);
        };
        let ctx = context(interp)?;
        let r = if reflected {
            crate::ops::binary(ctx, op, &other, &self.0, span(at))
        } else {
            crate::ops::binary(ctx, op, &self.0, &other, span(at))
        };
        lib_result(r).map(Some)
    }

    /// `x op= y` on an array writes the result into the array's memory (so every view of it
    /// sees the change), when the result has the array's dtype and shape. NumPy casts other
    /// results back with its `same_kind` rule, or raises; the lab does not decide that yet and
    /// says so.
    fn inplace(
        &self,
        interp: &mut Interp,
        op: PyBin,
        other: &Py,
        at: PySpan,
    ) -> Result<Option<Py>, PyError> {
        let Value::Array(a) = &self.0 else {
            return Ok(None);
        };
        let (Some(lop), Ok(o)) = (bin_op(op), to_lib(other)) else {
            return Ok(None);
        };
        let ctx = context(interp)?;
        let result = crate::ops::binary(ctx, lop, &self.0, &o, span(at)).map_err(to_py_error)?;
        let fits = match &result {
            Value::Array(r) => r.dtype == a.dtype && r.layout.shape() == a.layout.shape(),
            Value::Scalar(d, _) => *d == a.dtype && a.layout.ndim() == 0,
            _ => false,
        };
        if !fits {
            return Err(PyError::unsupported(
                format!(
                    "in-place {op}= whose result has another dtype or shape than the array (write x = x {op} y)"
                ),
                at,
            ));
        }
        let whole = crate::indexing::Index {
            parts: vec![(
                crate::indexing::Part::Basic(stride_core::index::IndexItem::Ellipsis),
                span(at),
            )],
        };
        crate::indexing::set_item(ctx, a, &whole, &result, span(at)).map_err(to_py_error)?;
        Ok(Some(Py::host(Lib(self.0.clone()))))
    }

    fn compare(
        &self,
        interp: &mut Interp,
        op: PyCmp,
        other: &Py,
        reflected: bool,
        at: PySpan,
    ) -> Result<Option<Py>, PyError> {
        let Ok(other) = to_lib(other) else {
            return Ok(None);
        };
        let ctx = context(interp)?;
        let r = if op == PyCmp::In {
            crate::ops::compare(ctx, CmpOp::In, &other, &self.0, span(at))
        } else if reflected {
            let op = python_subset::host::mirrored(op);
            crate::ops::compare(ctx, cmp_op(op), &other, &self.0, span(at))
        } else {
            crate::ops::compare(ctx, cmp_op(op), &self.0, &other, span(at))
        };
        lib_result(r).map(Some)
    }

    fn unary(&self, interp: &mut Interp, op: PyUn, at: PySpan) -> Result<Option<Py>, PyError> {
        let op = match op {
            PyUn::Neg => UnOp::Neg,
            PyUn::Pos => UnOp::Pos,
            PyUn::Invert => UnOp::Invert,
            PyUn::Not => UnOp::Not,
        };
        let ctx = context(interp)?;
        lib_result(crate::ops::unary(ctx, op, &self.0, span(at))).map(Some)
    }

    fn same(&self, other: &dyn Object) -> bool {
        match other.as_any().downcast_ref::<Lib>() {
            Some(o) => {
                let mut ctx = Context::new(crate::context::Limits::default());
                crate::ops::compare(&mut ctx, CmpOp::Is, &self.0, &o.0, Span::default())
                    .is_ok_and(|v| matches!(v, Value::Bool(true)))
            }
            None => false,
        }
    }

    fn abs(&self, interp: &mut Interp, at: PySpan) -> Result<Option<Py>, PyError> {
        match &self.0 {
            Value::Array(_) | Value::Scalar(..) => {
                let ctx = context(interp)?;
                lib_result(crate::ops::absolute(ctx, &self.0, span(at))).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn class(&self) -> Option<Py> {
        let name = match &self.0 {
            Value::Array(a) if a.torch => "torch.Tensor".to_string(),
            Value::DType(_, crate::value::Lib::Torch) => "torch.dtype".to_string(),
            Value::DType(d, _) => {
                let name = d.name();
                let n = match name.strip_prefix("uint") {
                    Some(bits) => format!("UInt{bits}"),
                    None => {
                        let mut n = name.to_string();
                        if let Some(c) = n.get_mut(0..1) {
                            c.make_ascii_uppercase();
                        }
                        n
                    }
                };
                format!("numpy.dtypes.{n}DType")
            }
            Value::Method(..) | Value::ScalarMethod(..) | Value::Function(..) => {
                "builtin_function_or_method".to_string()
            }
            other => other.qualified_name().to_string(),
        };
        let repr = format!("<class '{name}'>");
        Some(Py::host(Lib(Value::Python(
            "type",
            Rc::from(repr.as_str()),
        ))))
    }

    fn iter(&self) -> Result<Vec<Py>, PyError> {
        let ctx = Context::new(crate::context::Limits::default());
        crate::builtins::iterate(&ctx, &self.0)
            .map_err(to_py_error)?
            .into_iter()
            .map(to_py)
            .collect()
    }

    fn len(&self) -> Result<usize, PyError> {
        match &self.0 {
            Value::Array(a) => match a.layout.shape().first() {
                Some(n) => Ok(usize::try_from(*n).unwrap_or(0)),
                None => Err(PyError::type_error(
                    "len() of unsized object",
                    PySpan::default(),
                )),
            },
            _ => Err(PyError::type_error(
                format!("object of type '{}' has no len()", self.type_name()),
                PySpan::default(),
            )),
        }
    }

    fn truth(&self) -> Result<bool, PyError> {
        self.0.truthy().map_err(to_py_error)
    }

    fn index(&self) -> Option<Result<i64, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => Some(self.0.as_index().map_err(to_py_error)),
            _ => None,
        }
    }

    fn to_int(&self) -> Option<Result<Py, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => Some(
                crate::builtins::as_float(&self.0)
                    .map_err(to_py_error)
                    .and_then(|f| match &self.0 {
                        Value::Scalar(_, crate::dtype::Num::Int(i)) => Ok(Py::Int(*i)),
                        Value::Scalar(_, crate::dtype::Num::Bool(b)) => Ok(Py::Int(i128::from(*b))),
                        _ if f.is_finite() => Ok(Py::Int(f.trunc() as i128)),
                        _ => Err(PyError::value_error(
                            "cannot convert float NaN or infinity to integer",
                            PySpan::default(),
                        )),
                    }),
            ),
            _ => None,
        }
    }

    fn to_float(&self) -> Option<Result<f64, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => {
                Some(crate::builtins::as_float(&self.0).map_err(to_py_error))
            }
            _ => None,
        }
    }
}
