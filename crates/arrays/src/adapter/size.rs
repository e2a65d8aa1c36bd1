//! `torch.Size`, what a tensor's `.shape` and `.size()` are: a tuple of ints that prints as
//! `torch.Size([2, 3])`. It indexes, slices (to a `torch.Size`), unpacks, iterates, compares and
//! concatenates as the tuple it is, and the library takes it wherever it takes a tuple.

use std::rc::Rc;

use python_subset::ast::{BinOp, CmpOp};
use python_subset::error::Error as PyError;
use python_subset::eval::Index;
use python_subset::eval::Interp;
use python_subset::host::{HostIndex, Object};
use python_subset::value::Value as Py;

use crate::error::Span;

/// A `torch.Size`.
pub struct Size(pub Rc<[i64]>);

impl Size {
    /// The size as a Python value.
    pub fn value(dims: &[i64]) -> Py {
        Py::host(Size(Rc::from(dims)))
    }

    fn tuple(&self) -> Py {
        Py::tuple(self.0.iter().map(|d| Py::Int(i128::from(*d))).collect())
    }
}

/// `v` as a tuple when it is one or a `torch.Size`.
fn as_tuple(v: &Py) -> Option<Py> {
    match v {
        Py::Tuple(_) => Some(v.clone()),
        Py::Host(h) => h.as_any().downcast_ref::<Size>().map(Size::tuple),
        _ => None,
    }
}

/// A tuple result of ints as a `torch.Size`; anything else as it is.
fn sized(v: Py) -> Py {
    let Py::Tuple(t) = &v else {
        return v;
    };
    let dims: Option<Vec<i64>> =
        t.0.iter()
            .map(|d| match d {
                Py::Int(i) => i64::try_from(*i).ok(),
                _ => None,
            })
            .collect();
    match dims {
        Some(d) => Size::value(&d),
        None => v,
    }
}

impl Object for Size {
    fn type_name(&self) -> &'static str {
        "torch.Size"
    }

    fn as_any(&self) -> &dyn core::any::Any {
        self
    }

    fn repr(&self) -> Result<String, PyError> {
        Ok(crate::display::torch_size(&self.0))
    }

    fn attr(&self, _interp: &mut Interp, name: &str, at: Span) -> Result<Py, PyError> {
        Err(PyError::unsupported(
            crate::construct::LibConstruct::SizeAttribute(name.to_string()).into(),
            at,
        ))
    }

    fn get_item(&self, interp: &mut Interp, index: &HostIndex, at: Span) -> Result<Py, PyError> {
        let [(part, _)] = index else {
            return Err(PyError::type_error(
                "tuple indices must be integers or slices, not tuple",
                at,
            ));
        };
        let bound = |v: &Py| match v {
            Py::Int(i) => Ok(Some(*i)),
            Py::None => Ok(None),
            _ => Err(PyError::type_error(
                "slice indices must be integers or None or have an __index__ method",
                at,
            )),
        };
        let index = match part {
            Py::Slice(s) => {
                let [a, b, c] = &**s;
                Index::Slice([bound(a)?, bound(b)?, bound(c)?])
            }
            other => Index::Item(other.clone()),
        };
        let slicing = matches!(index, Index::Slice(_));
        let item = interp
            .get_item(&self.tuple(), &index)
            .map_err(|e| e.at(at))?;
        Ok(if slicing { sized(item) } else { item })
    }

    fn binary(
        &self,
        interp: &mut Interp,
        op: BinOp,
        other: &Py,
        reflected: bool,
        _at: Span,
    ) -> Result<Option<Py>, PyError> {
        let other = match op {
            BinOp::Add => match as_tuple(other) {
                Some(t) => t,
                None => return Ok(None),
            },
            BinOp::Mul if matches!(other, Py::Int(_) | Py::Bool(_)) => other.clone(),
            _ => return Ok(None),
        };
        let me = self.tuple();
        let (a, b) = if reflected {
            (&other, &me)
        } else {
            (&me, &other)
        };
        let r = python_subset::eval::ops::binary(op, a, b, &mut interp.budget)?;
        Ok(Some(sized(r)))
    }

    fn compare(
        &self,
        interp: &mut Interp,
        op: CmpOp,
        other: &Py,
        reflected: bool,
        _at: Span,
    ) -> Result<Option<Py>, PyError> {
        let me = self.tuple();
        if op == CmpOp::In {
            let found = python_subset::eval::ops::contains(&me, other, &mut interp.budget)?;
            return Ok(Some(Py::Bool(found)));
        }
        let Some(other) = as_tuple(other) else {
            return Ok(None);
        };
        let (a, b) = if reflected {
            (&other, &me)
        } else {
            (&me, &other)
        };
        let budget = &mut interp.budget;
        let r = match op {
            CmpOp::Eq => python_subset::value::eq(a, b, budget)?,
            CmpOp::Ne => !python_subset::value::eq(a, b, budget)?,
            CmpOp::Lt => python_subset::value::less(a, b, false, budget)?.unwrap_or(false),
            CmpOp::Le => python_subset::value::less(a, b, true, budget)?.unwrap_or(false),
            CmpOp::Gt => python_subset::value::less(b, a, false, budget)?.unwrap_or(false),
            CmpOp::Ge => python_subset::value::less(b, a, true, budget)?.unwrap_or(false),
            _ => return Ok(None),
        };
        Ok(Some(Py::Bool(r)))
    }

    fn same(&self, other: &dyn Object) -> bool {
        other
            .as_any()
            .downcast_ref::<Size>()
            .is_some_and(|o| core::ptr::eq(self, o))
    }

    fn iter(&self) -> Result<Vec<Py>, PyError> {
        Ok(self.0.iter().map(|d| Py::Int(i128::from(*d))).collect())
    }

    fn len(&self) -> Result<usize, PyError> {
        Ok(self.0.len())
    }

    fn truth(&self) -> Result<bool, PyError> {
        Ok(!self.0.is_empty())
    }

    fn class(&self) -> Option<Py> {
        Some(Py::host(super::Lib(crate::value::Value::Python(
            "type",
            Rc::from("<class 'torch.Size'>"),
        ))))
    }
}
