//! [`run`]: the lab's one entry point. It parses a program with the one Python interpreter
//! (`python_subset`), sets the interpreter up with NumPy and PyTorch ([`prepare`]), runs it
//! statement by statement and hands back an [`Outcome`]: the last expression's value, the names
//! the program assigned, its first array and what it printed.

use std::rc::Rc;

use python_subset::ast::{StmtKind, Target};
use python_subset::eval::Interp;
use python_subset::value::Value as Py;

use crate::adapter::{Lib, to_lib};
use crate::array::Array;
use crate::context::{Context, Limits};
use crate::dtype::DType;
use crate::error::{Error, Span};
use crate::kind::First;
use crate::value::{Lib as Library, Module, Value};

/// An evaluated program: the last statement's value and the names it left.
pub struct Outcome {
    /// The value of the last statement when it is an expression (else `None`).
    pub value: Value,
    /// The span of the last statement.
    pub span: Span,
    /// The names the program assigned at module level, in order of first assignment, with
    /// their final values (names whose values the library has no form for are left out).
    pub names: Vec<(String, Value)>,
    /// The program's first array (see [`crate::kind`]): what "view" and "offset" are measured
    /// against.
    pub first: Option<First>,
    /// What `print` wrote.
    pub stdout: String,
    /// Whether the value and what was printed are the library's to the bit: false when some of
    /// them was computed where the library's own last bits depend on the CPU or the BLAS (see
    /// [`crate::exactness`]); the page marks such values and says what may differ.
    pub values_exact: bool,
    /// The array the last top-level assignment of an array named (`y` of `y = x.T`), with that
    /// name: what the lab draws when the last line gives no array (`print(y.strides)`).
    pub last_named: Option<(String, Rc<Array>)>,
}

/// Sets `interp` up for the lab: the library's [`Context`] in its host slot, the modules a
/// program may import (`numpy`, `numpy.lib`, `numpy.lib.stride_tricks`, `numpy.linalg`,
/// `torch`, `torch.nn`, `torch.nn.functional`, `torch.linalg`, `math`), and the names every program starts with (`np`, `numpy`, `torch`, `as_strided`,
/// `sliding_window_view`).
pub fn prepare(interp: &mut Interp, limits: Limits, dtype: Option<DType>, source: &str) {
    let mut ctx = Context::new(limits);
    ctx.dtype_override = dtype;
    ctx.source = source.to_string();
    interp.host = Some(Box::new(ctx));
    let host = |v: Value| Py::host(Lib(v));
    let numpy = host(Value::Module(Module::Numpy));
    let as_strided = host(Value::Function(Library::Numpy, Rc::from("as_strided")));
    let windows = host(Value::Function(
        Library::Numpy,
        Rc::from("sliding_window_view"),
    ));
    interp.modules = vec![
        (Rc::from("numpy"), numpy.clone()),
        (Rc::from("numpy.lib"), host(Value::Module(Module::NumpyLib))),
        (
            Rc::from("numpy.lib.stride_tricks"),
            host(Value::Module(Module::StrideTricks)),
        ),
        (
            Rc::from("numpy.linalg"),
            host(Value::Module(Module::Linalg)),
        ),
        (Rc::from("torch"), host(Value::Module(Module::Torch))),
        (
            Rc::from("numpy.random"),
            host(Value::Module(Module::NumpyRandom)),
        ),
        (Rc::from("torch.nn"), host(Value::Module(Module::TorchNn))),
        (
            Rc::from("torch.nn.functional"),
            host(Value::Module(Module::Functional)),
        ),
        (
            Rc::from("torch.linalg"),
            host(Value::Module(Module::TorchLinalg)),
        ),
        (Rc::from("math"), host(Value::Module(Module::Math))),
    ];
    interp.predefined = vec![
        (Rc::from("np"), numpy.clone()),
        (Rc::from("numpy"), numpy),
        (Rc::from("torch"), host(Value::Module(Module::Torch))),
        (Rc::from("as_strided"), as_strided),
        (Rc::from("sliding_window_view"), windows),
    ];
}

/// Parses and runs `source` with the default limits.
pub fn run(source: &str) -> Result<Outcome, Error> {
    run_with(source, Limits::default())
}

/// Parses and runs `source`.
pub fn run_with(source: &str, limits: Limits) -> Result<Outcome, Error> {
    run_options(source, limits, None)
}

/// Parses and runs `source`; arrays created without a dtype get `dtype` when it is given.
pub fn run_options(source: &str, limits: Limits, dtype: Option<DType>) -> Result<Outcome, Error> {
    run_keeping_stdout(source, limits, dtype).0
}

/// Runs `source` as [`run_options`] does, and hands back what it printed also when it fails
/// (the page shows what `print` wrote before the error).
pub fn run_keeping_stdout(
    source: &str,
    limits: Limits,
    dtype: Option<DType>,
) -> (Result<Outcome, Error>, String) {
    let (result, stdout, _) = run_for_lab(source, limits, dtype);
    (result, stdout)
}

/// Runs `source` as [`run_keeping_stdout`] does, and hands back also the last `np.einsum` or
/// `np.einsum_path` it called (when it fails too), for the lab's link to the einsum panel.
pub(crate) fn run_for_lab(
    source: &str,
    limits: Limits,
    dtype: Option<DType>,
) -> (
    Result<Outcome, Error>,
    String,
    Option<crate::numpy::einsum::orders::Call>,
) {
    let mut interp = Interp::new(&limits);
    let result = execute(&mut interp, source, limits, dtype);
    let stdout = core::mem::take(&mut interp.output);
    let einsum = crate::adapter::context(&mut interp)
        .ok()
        .and_then(|c| c.einsum.take());
    match result {
        Ok(mut outcome) => {
            outcome.stdout.clone_from(&stdout);
            (Ok(outcome), stdout, einsum)
        }
        Err(e) => (Err(e), stdout, einsum),
    }
}

fn execute(
    interp: &mut Interp,
    source: &str,
    limits: Limits,
    dtype: Option<DType>,
) -> Result<Outcome, Error> {
    if source.len() > limits.max_source_len {
        return Err(Error::limit(
            python_subset::limits::Limit::SourceLen,
            Span::default(),
        ));
    }
    let body = python_subset::parser::parse_module(source, &limits)?;
    prepare(interp, limits, dtype, source);
    let mut value = Value::None;
    let mut last_span = Span::default();
    let mut first: Option<(Rc<Array>, Option<String>)> = None;
    let mut last_named: Option<(String, Rc<Array>)> = None;
    let count = body.len();
    for (k, stmt) in body.iter().enumerate() {
        value = Value::None;
        let mut named: Option<String> = None;
        match &stmt.kind {
            StmtKind::Expr(e) if k + 1 == count => {
                last_span = e.span;
                let v = interp.eval(e)?;
                // A range stays a range (the library would take it as a list), and a type
                // is shown as Python shows it.
                let lib = match &v {
                    Py::Range(_) | Py::Builtin(_) | Py::Class(_) => None,
                    _ => last_value(&v),
                };
                value = match lib {
                    Some(lib) => lib,
                    None => {
                        let text = python_subset::value::repr(&v, &mut interp.budget)?;
                        Value::Python(v.type_name(), Rc::from(text.as_str()))
                    }
                };
            }
            kind => {
                last_span = match kind {
                    StmtKind::Expr(e) | StmtKind::Assign(_, e) => e.span,
                    _ => stmt.span,
                };
                if let StmtKind::Assign(targets, _) = kind {
                    if let [Target::Name(n, _)] = targets.as_slice() {
                        named = Some(n.to_string());
                    }
                }
                interp.run(core::slice::from_ref(stmt))?;
            }
        }
        if let Some(n) = &named {
            if let Some(a) = global_array(interp, n) {
                last_named = Some((n.clone(), a));
            }
        }
        if first.is_none() {
            first = first_array(interp, named);
        }
    }
    let ctx = ctx_of(interp)?;
    if let Value::Array(a) = &value {
        let n = u64::try_from(a.layout.size()).unwrap_or(u64::MAX);
        if n > ctx.limits.max_shown {
            return Err(Error::limit(
                python_subset::limits::Limit::Listed {
                    asked: n,
                    most: ctx.limits.max_shown,
                },
                last_span,
            ));
        }
    }
    let names: Vec<(String, Value)> = interp
        .globals()
        .iter()
        .filter_map(|(n, v)| Some((n.to_string(), to_lib(v).ok()?)))
        .collect();
    let printed = !interp.output.is_empty();
    let values_exact = ctx_of(interp)?.value_exact(&value, printed);
    let first = first.map(|(array, name)| label_first(interp, source, array, name));
    Ok(Outcome {
        value,
        span: last_span,
        names,
        first,
        stdout: String::new(),
        values_exact,
        last_named,
    })
}

/// The library's form of the value a program ends with, where it has one: a `torch.Size`, also
/// inside tuples and lists, stays one, so that it is shown as PyTorch shows it.
fn last_value(v: &Py) -> Option<Value> {
    let items = |items: &[Py]| items.iter().map(last_value).collect::<Option<Vec<Value>>>();
    match v {
        Py::Host(h) => match h.as_any().downcast_ref::<crate::adapter::Size>() {
            Some(size) => Some(Value::Size(Rc::clone(&size.0))),
            None => to_lib(v).ok(),
        },
        Py::Tuple(t) if holds_size(v) => Some(Value::Tuple(Rc::from(items(&t.0)?))),
        Py::List(l) if holds_size(v) => Some(Value::List(Rc::from(items(&l.0.borrow())?))),
        _ => to_lib(v).ok(),
    }
}

/// Whether `v` is a `torch.Size` or a tuple or list that holds one, at any depth.
fn holds_size(v: &Py) -> bool {
    match v {
        Py::Host(h) => h.as_any().is::<crate::adapter::Size>(),
        Py::Tuple(t) => t.0.iter().any(holds_size),
        Py::List(l) => l.0.borrow().iter().any(holds_size),
        _ => false,
    }
}

/// The array global `name` holds, if it holds one.
fn global_array(interp: &Interp, name: &str) -> Option<Rc<Array>> {
    let (_, v) = interp.globals().iter().find(|(g, _)| **g == *name)?;
    match v.downcast::<Lib>() {
        Some(Lib(Value::Array(a))) => Some(Rc::clone(a)),
        _ => None,
    }
}

fn ctx_of(interp: &mut Interp) -> Result<&mut Context, Error> {
    crate::adapter::context(interp)
}

/// The first array, once the program has made one (see [`crate::kind`]): the array a statement
/// `name = …` assigned, if the statement that made the first array is one, else the first array
/// made.
fn first_array(interp: &mut Interp, named: Option<String>) -> Option<(Rc<Array>, Option<String>)> {
    let assigned = named.and_then(|n| Some((global_array(interp, &n)?, Some(n))));
    let created = crate::adapter::context(interp)
        .ok()?
        .first_created
        .clone()?;
    Some(assigned.unwrap_or((created, None)))
}

/// The first array with the words that name it: its name if it still holds it, else the text
/// that made it.
fn label_first(interp: &Interp, source: &str, array: Rc<Array>, name: Option<String>) -> First {
    let text = |a: &Array| {
        let s = a.origin.span;
        source.get(s.start..s.end).unwrap_or("").trim().to_string()
    };
    let holds = |n: &str| {
        interp.globals().iter().any(|(g, v)| {
            **g == *n && matches!(v.downcast::<Lib>(), Some(Lib(Value::Array(a))) if Rc::ptr_eq(a, &array))
        })
    };
    let label = match name {
        Some(n) if holds(&n) => n,
        _ => text(&array),
    };
    let memory_label = text(crate::kind::allocation(&array));
    First {
        array,
        label,
        memory_label,
    }
}
