//! PyTorch's `torch.return_types` named tuples (`torch.sort(x)`, `x.topk(k)`): a tuple of
//! `(values, indices)` that also answers `.values` and `.indices`, unpacks, indexes and prints
//! as PyTorch prints it.

use python_subset::host::HostIndex;
use python_subset::value::Value as Py;

use crate::error::{EvalError, Span};
use crate::value::Value;

/// The qualified type name in messages (every kind the lab makes is printed through `repr`).
pub const QUALIFIED: &str = "torch.return_types";

const FIELDS: [&str; 2] = ["values", "indices"];

/// `r.values`, `r.indices`.
pub fn attr(kind: &str, items: &[Value], name: &str, span: Span) -> Result<Value, EvalError> {
    FIELDS
        .iter()
        .position(|f| *f == name)
        .and_then(|k| items.get(k))
        .cloned()
        .ok_or_else(|| {
            EvalError::new(
                "AttributeError",
                format!("'torch.return_types.{kind}' object has no attribute '{name}'"),
            )
            .at(span)
        })
}

/// `r[0]`, `r[-1]`.
pub fn item(
    items: &[Value],
    index: &HostIndex,
    at: Span,
) -> Result<Value, python_subset::error::Error> {
    let out_of_range = || {
        crate::adapter::to_py_error(EvalError::new("IndexError", "tuple index out of range").at(at))
    };
    let [(Py::Int(i), _)] = index else {
        return Err(crate::adapter::to_py_error(
            EvalError::type_error("tuple indices must be integers or slices, not tuple").at(at),
        ));
    };
    let n = i128::try_from(items.len()).unwrap_or(0);
    let k = if *i < 0 { i + n } else { *i };
    usize::try_from(k)
        .ok()
        .and_then(|k| items.get(k))
        .cloned()
        .ok_or_else(out_of_range)
}

/// `torch.return_types.sort(\nvalues=…,\nindices=…)`.
pub fn repr(kind: &str, items: &[Value]) -> String {
    let parts: Vec<String> = FIELDS
        .iter()
        .zip(items)
        .map(|(f, v)| format!("{f}={}", crate::display::repr(v)))
        .collect();
    format!("torch.return_types.{kind}(\n{})", parts.join(",\n"))
}
