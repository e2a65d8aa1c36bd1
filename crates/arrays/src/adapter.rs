//! The array library as host objects of the one Python interpreter (`python_subset`): values
//! cross here in both directions, and so do errors.
//!
//! A Python value becomes a library [`Value`] where the library takes arguments (numbers,
//! strings, tuples and lists of them, slices, `...`); a library value becomes a Python one
//! where Python has it (numbers, strings, tuples, lists), and otherwise a [`Lib`] host object:
//! arrays and tensors, NumPy scalars, dtypes, `flags`, modules, and bound functions and methods.
//! The library's state, its [`Context`], lives in the interpreter's host slot; `adapter/object.rs`
//! answers what the interpreter asks of a library value.

use std::rc::Rc;

use python_subset::ast::{BinOp as PyBin, CmpOp as PyCmp};
use python_subset::error::{Error as PyError, ErrorKind, ExcClass};
use python_subset::eval::Interp;
use python_subset::host::{HostArgs, HostIndex};
use python_subset::value::{List, Value as Py};

mod object;
mod size;

pub use size::Size;

use crate::context::{Args, Context};
use crate::error::{EvalError, Span, UNSUPPORTED};
use crate::operator::{BinOp, CmpOp};
use crate::value::Value;

/// A library value that Python holds as a host object.
pub struct Lib(pub Value);

/// The interpreter's error for a library error, carrying the library's whole error (its reason
/// and hint) as the detail.
pub fn to_py_error(e: EvalError) -> PyError {
    let at = e.span.unwrap_or_default();
    let kind = match e.class {
        _ if let Some(crate::error::Hint::Limit(limit)) = e.hint.as_deref() => {
            ErrorKind::Limit(*limit)
        }
        "SyntaxError" => PyError::syntax(e.message.clone(), at).kind,
        UNSUPPORTED if let Some(what) = e.construct() => ErrorKind::Unsupported(what.into()),
        class => ErrorKind::Exception(
            ExcClass::from_name(class).unwrap_or(ExcClass::RuntimeError),
            e.message.clone(),
        ),
    };
    PyError {
        kind,
        span: at,
        detail: None,
    }
    .with_detail(e)
}

/// The library's context in the interpreter.
pub fn context(interp: &mut Interp) -> Result<&mut Context, PyError> {
    interp.host_state::<Context>().ok_or_else(|| {
        PyError::exception(
            ExcClass::RuntimeError,
            "the array library is not set up in this interpreter",
            Span::default(),
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
                return Err(to_py_error(EvalError::limit(
                    crate::error::Limit::Sequence {
                        asked: u64::try_from(n).unwrap_or(u64::MAX),
                        most: crate::context::Limits::default().max_sequence,
                    },
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
            None => match h.as_any().downcast_ref::<Size>() {
                Some(size) => Value::ints(&size.0),
                None => return Err(not_for_library(v)),
            },
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
        crate::construct::LibConstruct::ArgumentOfType(v.type_name()).into(),
        Span::default(),
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

pub(crate) fn lib_result(r: Result<Value, EvalError>) -> Result<Py, PyError> {
    r.map_err(to_py_error).and_then(to_py)
}

pub(crate) fn bin_op(op: PyBin) -> Option<BinOp> {
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

pub(crate) fn cmp_op(op: PyCmp) -> CmpOp {
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

pub(crate) fn lib_args(args: &HostArgs) -> Result<Args, PyError> {
    let mut out = Args::default();
    for (v, s) in &args.pos {
        out.positional.push((to_lib(v).map_err(|e| at(e, *s))?, *s));
    }
    for (k, v, s) in &args.kw {
        out.keyword
            .push((k.to_string(), to_lib(v).map_err(|e| at(e, *s))?, *s));
    }
    Ok(out)
}

pub(crate) fn at(e: PyError, s: Span) -> PyError {
    e.at(s)
}

pub(crate) fn lib_index(
    index: &HostIndex,
    scalar: bool,
) -> Result<crate::indexing::Index, PyError> {
    let parts = index
        .iter()
        .map(|(v, s)| Ok((to_lib(v).map_err(|e| at(e, *s))?, *s)))
        .collect::<Result<Vec<_>, PyError>>()?;
    crate::indexing::index_of(&parts, scalar).map_err(to_py_error)
}
