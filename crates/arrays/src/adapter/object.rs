//! [`Lib`] as a host object: what the interpreter asks of a library value (attributes, calls,
//! subscripts, operators, iteration, conversions), answered by the library's modules.

use std::rc::Rc;

use python_subset::ast::{BinOp as PyBin, CmpOp as PyCmp, UnaryOp as PyUn};
use python_subset::error::Error as PyError;
use python_subset::eval::Interp;
use python_subset::host::{HostArgs, HostIndex, Object};
use python_subset::value::Value as Py;

use super::{
    Lib, bin_op, cmp_op, context, lib_args, lib_index, lib_result, to_lib, to_py, to_py_error,
};
use crate::context::Context;
use crate::error::Span;
use crate::operator::{CmpOp, UnOp};
use crate::value::Value;

/// The lab's error when `v` is an array some of whose elements were never written
/// ([`crate::written`]).
fn written(v: &Value, at: Span) -> Result<(), PyError> {
    crate::written::check(v, at).map_err(to_py_error)
}

/// A tensor's shape (`.shape`, `.size()`) as the `torch.Size` PyTorch gives; `.size(k)` stays
/// an int.
fn torch_size(r: Result<Value, crate::error::EvalError>) -> Result<Py, PyError> {
    match r.map_err(to_py_error)? {
        Value::Tuple(items) => {
            let dims: Option<Vec<i64>> = items
                .iter()
                .map(|d| match d {
                    Value::Int(i) => i64::try_from(*i).ok(),
                    _ => None,
                })
                .collect();
            match dims {
                Some(d) => Ok(super::Size::value(&d)),
                None => to_py(Value::Tuple(items)),
            }
        }
        other => to_py(other),
    }
}

impl Object for Lib {
    fn type_name(&self) -> &'static str {
        self.0.qualified_name()
    }

    fn as_any(&self) -> &dyn core::any::Any {
        self
    }

    fn repr(&self) -> Result<String, PyError> {
        crate::display::try_repr(&self.0).map_err(to_py_error)
    }

    fn str(&self) -> Result<String, PyError> {
        crate::display::try_str(&self.0).map_err(to_py_error)
    }

    fn star_names(&self) -> Option<Vec<(Rc<str>, Py)>> {
        match &self.0 {
            Value::Module(crate::value::Module::Math) => crate::math_module::star_names()
                .into_iter()
                .map(|(n, v)| Some((Rc::from(n), to_py(v).ok()?)))
                .collect(),
            _ => None,
        }
    }

    fn attr(&self, interp: &mut Interp, name: &str, at: Span) -> Result<Py, PyError> {
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0);
        let r = ctx.tracked(inputs, |ctx| crate::attrs::get(ctx, &self.0, name, at));
        match (&self.0, name) {
            (Value::Array(a), "shape") if a.torch => torch_size(r),
            _ => lib_result(r),
        }
    }

    fn call(&self, interp: &mut Interp, args: HostArgs) -> Result<Py, PyError> {
        let lib = lib_args(&args)?;
        crate::written::check_call(
            &self.0,
            lib.positional
                .iter()
                .map(|(v, _)| v)
                .chain(lib.keyword.iter().map(|(_, v, _)| v)),
            args.span,
        )
        .map_err(to_py_error)?;
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0)
            || lib.positional.iter().any(|(v, _)| ctx.is_approximate(v))
            || lib.keyword.iter().any(|(_, v, _)| ctx.is_approximate(v));
        let r = ctx.tracked(inputs, |ctx| ctx.call(&self.0, lib, args.span));
        match &self.0 {
            Value::Method(a, name) if a.torch && &**name == "size" => torch_size(r),
            _ => lib_result(r),
        }
    }

    fn get_item(&self, interp: &mut Interp, index: &HostIndex, at: Span) -> Result<Py, PyError> {
        if let Value::Returned(_, items) = &self.0 {
            return crate::torch::returned::item(items, index, at).and_then(to_py);
        }
        let index = lib_index(index, matches!(self.0, Value::Scalar(..)))?;
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0);
        lib_result(ctx.tracked(inputs, |ctx| {
            crate::indexing::get_item(ctx, &self.0, &index, at)
        }))
    }

    fn set_item(
        &self,
        interp: &mut Interp,
        index: &HostIndex,
        value: Py,
        at: Span,
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
        written(&value, at)?;
        let ctx = context(interp)?;
        crate::indexing::set_item(ctx, array, &index, &value, at).map_err(to_py_error)?;
        if ctx.is_approximate(&value) {
            array.buffer.mark_approximate();
        }
        Ok(())
    }

    fn binary(
        &self,
        interp: &mut Interp,
        op: PyBin,
        other: &Py,
        reflected: bool,
        at: Span,
    ) -> Result<Option<Py>, PyError> {
        let Some(op) = bin_op(op) else {
            return Ok(None);
        };
        let Ok(other) = to_lib(other) else {
            return Ok(None);
        };
        written(&self.0, at)?;
        written(&other, at)?;
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0) || ctx.is_approximate(&other);
        let r = ctx.tracked(inputs, |ctx| {
            if reflected {
                crate::ops::binary(ctx, op, &other, &self.0, at)
            } else {
                crate::ops::binary(ctx, op, &self.0, &other, at)
            }
        });
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
        at: Span,
    ) -> Result<Option<Py>, PyError> {
        let Value::Array(a) = &self.0 else {
            return Ok(None);
        };
        let (Some(lop), Ok(o)) = (bin_op(op), to_lib(other)) else {
            return Ok(None);
        };
        written(&self.0, at)?;
        written(&o, at)?;
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0) || ctx.is_approximate(&o);
        let result = ctx
            .tracked(inputs, |ctx| crate::ops::binary(ctx, lop, &self.0, &o, at))
            .map_err(to_py_error)?;
        let fits = match &result {
            Value::Array(r) => r.dtype == a.dtype && r.layout.shape() == a.layout.shape(),
            Value::Scalar(d, _) => *d == a.dtype && a.layout.ndim() == 0,
            _ => false,
        };
        if !fits {
            return Err(PyError::unsupported(
                crate::construct::LibConstruct::InPlaceChanges(op.to_string()).into(),
                at,
            ));
        }
        let whole = crate::indexing::Index {
            parts: vec![(
                crate::indexing::Part::Basic(stride_core::index::IndexItem::Ellipsis),
                at,
            )],
            tensor_strides: Vec::new(),
            refused_tensors: Vec::new(),
            int32_tensors: Vec::new(),
        };
        crate::indexing::set_item(ctx, a, &whole, &result, at).map_err(to_py_error)?;
        if ctx.is_approximate(&result) {
            a.buffer.mark_approximate();
        }
        Ok(Some(Py::host(Lib(self.0.clone()))))
    }

    fn compare(
        &self,
        interp: &mut Interp,
        op: PyCmp,
        other: &Py,
        reflected: bool,
        at: Span,
    ) -> Result<Option<Py>, PyError> {
        let Ok(other) = to_lib(other) else {
            return Ok(None);
        };
        if op != PyCmp::Is && op != PyCmp::IsNot {
            written(&self.0, at)?;
            written(&other, at)?;
        }
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0) || ctx.is_approximate(&other);
        let r = ctx.tracked(inputs, |ctx| {
            if op == PyCmp::In {
                crate::ops::compare(ctx, CmpOp::In, &other, &self.0, at)
            } else if reflected {
                let op = python_subset::host::mirrored(op);
                crate::ops::compare(ctx, cmp_op(op), &other, &self.0, at)
            } else {
                crate::ops::compare(ctx, cmp_op(op), &self.0, &other, at)
            }
        });
        lib_result(r).map(Some)
    }

    fn unary(&self, interp: &mut Interp, op: PyUn, at: Span) -> Result<Option<Py>, PyError> {
        let op = match op {
            PyUn::Neg => UnOp::Neg,
            PyUn::Pos => UnOp::Pos,
            PyUn::Invert => UnOp::Invert,
            PyUn::Not => UnOp::Not,
        };
        written(&self.0, at)?;
        let ctx = context(interp)?;
        let inputs = ctx.is_approximate(&self.0);
        lib_result(ctx.tracked(inputs, |ctx| crate::ops::unary(ctx, op, &self.0, at))).map(Some)
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

    fn abs(&self, interp: &mut Interp, at: Span) -> Result<Option<Py>, PyError> {
        match &self.0 {
            Value::Array(_) | Value::Scalar(..) => {
                written(&self.0, at)?;
                let ctx = context(interp)?;
                let inputs = ctx.is_approximate(&self.0);
                lib_result(ctx.tracked(inputs, |ctx| crate::ops::absolute(ctx, &self.0, at)))
                    .map(Some)
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
            Value::Returned(_, items) => Ok(items.len()),
            Value::Array(a) => match a.layout.shape().first() {
                Some(n) => Ok(usize::try_from(*n).unwrap_or(0)),
                None => Err(PyError::type_error(
                    "len() of unsized object",
                    Span::default(),
                )),
            },
            _ => Err(PyError::type_error(
                format!("object of type '{}' has no len()", self.type_name()),
                Span::default(),
            )),
        }
    }

    fn truth(&self) -> Result<bool, PyError> {
        written(&self.0, Span::default())?;
        self.0.truthy().map_err(to_py_error)
    }

    fn index(&self) -> Option<Result<i64, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => Some(
                written(&self.0, Span::default())
                    .and_then(|()| self.0.as_index().map_err(to_py_error)),
            ),
            _ => None,
        }
    }

    fn to_int(&self) -> Option<Result<Py, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => Some(
                written(&self.0, Span::default())
                    .and_then(|()| crate::builtins::as_float(&self.0).map_err(to_py_error))
                    .and_then(|f| match &self.0 {
                        Value::Scalar(_, crate::dtype::Num::Int(i)) => Ok(Py::Int(*i)),
                        Value::Scalar(_, crate::dtype::Num::Bool(b)) => Ok(Py::Int(i128::from(*b))),
                        _ if f.is_finite() => Ok(Py::Int(f.trunc() as i128)),
                        _ => Err(PyError::value_error(
                            "cannot convert float NaN or infinity to integer",
                            Span::default(),
                        )),
                    }),
            ),
            _ => None,
        }
    }

    fn to_float(&self) -> Option<Result<f64, PyError>> {
        match &self.0 {
            Value::Scalar(..) | Value::Array(_) => Some(
                written(&self.0, Span::default())
                    .and_then(|()| crate::builtins::as_float(&self.0).map_err(to_py_error)),
            ),
            _ => None,
        }
    }
}
