//! PyTorch's matrix products: `torch.matmul` (and `@`), `torch.mm`, `torch.bmm` and their
//! methods. `matmul` dispatches as PyTorch 2.15's `at::matmul` does — `dot` for two vectors, `mv`
//! for matrix·vector, `mm` for two matrices (a vector on the left as a 1×k matrix), a batch of
//! matrices on the left folded into one tall matrix, and otherwise a broadcast `bmm` — so each
//! case fails with the message of the kernel it reaches. Operands must share a dtype (PyTorch
//! does not promote here) and bool has no product kernel on CPU. Results are new C-contiguous
//! tensors; the sums are `numpy::exact`'s (floats only where no order can round). A product of
//! more multiply-adds than `numpy::matmul::lazy::LAZY_FROM` is made at once, each element computed
//! when read (`lazy`), by NumPy's lazy product rule.

mod lazy;

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::numpy::exact::{back, charge_work, contract, count, dim, head, read_as};
use crate::numpy::matmul::{new_result, promoted};
use crate::signature::Bound;
use crate::value::Value;

/// PyTorch's `ScalarType` name: `Float`, `Long`, `Bool`.
pub(crate) fn scalar_type(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::Int8 => "Char",
        DType::UInt8 => "Byte",
        DType::Int16 => "Short",
        DType::Int32 => "Int",
        DType::Int64 => "Long",
        DType::Float16 => "Half",
        DType::Float32 => "Float",
        DType::Float64 => "Double",
        DType::UInt16 => "UInt16",
        DType::UInt32 => "UInt32",
        DType::UInt64 => "UInt64",
        DType::BFloat16 => "BFloat16",
    }
}

/// The C++ type name PyTorch's `mm` prints: `float`, `long int`, `c10::Half`.
fn cpp_type(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        DType::Int8 => "signed char",
        DType::UInt8 => "unsigned char",
        DType::Int16 => "short int",
        DType::Int32 => "int",
        DType::Int64 => "long int",
        DType::Float16 => "c10::Half",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::UInt16 => "unsigned short",
        DType::UInt32 => "unsigned int",
        DType::UInt64 => "unsigned long",
        DType::BFloat16 => "c10::BFloat16",
    }
}

fn runtime(message: String) -> EvalError {
    EvalError::new("RuntimeError", message)
}

fn no_bool(kernel: &str, d: DType) -> Result<(), EvalError> {
    if d == DType::Bool {
        return Err(EvalError::new(
            "NotImplementedError",
            format!("\"{kernel}\" not implemented for 'Bool'"),
        ));
    }
    Ok(())
}

/// The tensor argument `param` of `name`, as PyTorch's parser checks it.
fn tensor_arg(
    b: &Bound,
    name: &str,
    param: &'static str,
    position: usize,
) -> Result<Rc<Array>, EvalError> {
    match b.required(param)? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "{name}(): argument '{param}' (position {position}) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

/// `torch.matmul(input, other, *, out=None)`.
pub fn torch_matmul(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = tensor_arg(b, "matmul", "input", 1)?;
    let y = tensor_arg(b, "matmul", "other", 2)?;
    matmul_tensors(ctx, &x, &y, span)
}

/// `t.matmul(other)`.
pub fn tensor_matmul(
    ctx: &mut Context,
    x: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor_arg(b, "matmul", "other", 1)?;
    matmul_tensors(ctx, x, &y, span)
}

/// `torch.mm(input, mat2, *, out=None)`.
pub fn torch_mm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    if b.given("out_dtype").is_some() {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::OutDtype("torch.mm"),
            span,
        ));
    }
    let x = tensor_arg(b, "mm", "input", 1)?;
    let y = tensor_arg(b, "mm", "mat2", 2)?;
    mm(ctx, &x, &y, span)
}

/// `t.mm(mat2)`.
pub fn tensor_mm(
    ctx: &mut Context,
    x: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor_arg(b, "mm", "mat2", 1)?;
    mm(ctx, x, &y, span)
}

/// `torch.bmm(input, mat2, *, out=None)`.
pub fn torch_bmm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    if b.given("out_dtype").is_some() {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::OutDtype("torch.bmm"),
            span,
        ));
    }
    let x = tensor_arg(b, "bmm", "input", 1)?;
    let y = tensor_arg(b, "bmm", "mat2", 2)?;
    bmm_checked(ctx, &x, &y, span)
}

/// `t.bmm(mat2)`.
pub fn tensor_bmm(
    ctx: &mut Context,
    x: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = tensor_arg(b, "bmm", "mat2", 1)?;
    bmm_checked(ctx, x, &y, span)
}

fn bmm_checked(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    span: Span,
) -> Result<Value, EvalError> {
    for (a, which) in [(x, "batch1"), (y, "batch2")] {
        if a.layout.ndim() != 3 {
            return Err(runtime(format!("{which} must be a 3D tensor")));
        }
    }
    let (xs, ys) = (x.layout.shape().to_vec(), y.layout.shape().to_vec());
    bmm(ctx, x, y, (&xs, &ys), xs.get(..1).unwrap_or(&[]), span)
}

/// A product of `x` viewed as `(batch…, n, k)` and `y` as `(batch…, k, m)` (both broadcast to
/// `batch`), with `bmm`'s checks, into a C-contiguous result of `out` shape.
fn bmm(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    (xs, ys): (&[i64], &[i64]),
    batch: &[i64],
    span: Span,
) -> Result<Value, EvalError> {
    let b: i64 = count(batch);
    let (n, k) = (back(xs, 2), back(xs, 1));
    let (k2, m) = (back(ys, 2), back(ys, 1));
    if k != k2 || ys.len() == 3 && xs.len() == 3 && dim(ys, 0) != dim(xs, 0) {
        let yb = if ys.len() == 3 { dim(ys, 0) } else { b };
        return Err(runtime(format!(
            "Expected size for first two dimensions of batch2 tensor to be: [{b}, {k}] but got: [{yb}, {k2}]."
        )));
    }
    if x.dtype != y.dtype {
        return Err(runtime(format!(
            "expected scalar type {} but found {}",
            scalar_type(x.dtype),
            scalar_type(y.dtype)
        )));
    }
    no_bool("bmm", x.dtype)?;
    let mut out = batch.to_vec();
    out.extend([n, m]);
    product(ctx, x, y, (xs, ys), (batch, n, k, m), &out, span)
}

/// Reads both operands and contracts them: `x` read as `xs` (its own shape, a 1 added by
/// [`promoted`], or, for a batch of rows folded into one matrix, its own shape whose C order is
/// the folded one), broadcast to `batch`.
fn product(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    (xs, ys): (&[i64], &[i64]),
    (batch, n, k, m): (&[i64], i64, i64, i64),
    out: &[i64],
    span: Span,
) -> Result<Value, EvalError> {
    let dtype = x.dtype;
    let sizes = (batch, n, k, m);
    if let Some(v) = lazy::lazy_product(ctx, x, y, (xs, ys), sizes, out, dtype, span)? {
        return Ok(v);
    }
    charge_work(
        ctx,
        count(batch).saturating_mul(n.saturating_mul(m)),
        k,
        span,
    )?;
    let read = |ctx: &mut Context, a: &Rc<Array>, shape: &[i64], left: bool| {
        let own = a.layout.shape().as_slice();
        if count(own) == count(shape) && batch.is_empty() {
            // Same elements in the same C order: the folded or promoted matrix.
            return read_as(ctx, a, own, dtype, span);
        }
        let l = promoted(&a.layout, left)?;
        let view = crate::array::view_of(a, l, crate::array::Op::Axes("reshape"), span);
        let mut full = batch.to_vec();
        full.extend(if left { [n, k] } else { [k, m] });
        read_as(ctx, &view, &full, dtype, span)
    };
    let av = read(ctx, x, xs, true)?;
    let bv = read(ctx, y, ys, false)?;
    let nb = usize::try_from(count(batch)).unwrap_or(0);
    let (nu, ku, mu) = (n as usize, k as usize, m as usize);
    let values = contract(ctx, (&av, &bv), (nb * nu * mu, ku), dtype, span, |o, p| {
        let (bi, rest) = (o / (nu * mu).max(1), o % (nu * mu).max(1));
        let (i, j) = (rest / mu.max(1), rest % mu.max(1));
        ((bi * nu + i) * ku + p, (bi * ku + p) * mu + j)
    })?;
    new_result(ctx, out, dtype, values, x, "matmul", span)
}

/// `mm`'s checks and product.
fn mm(ctx: &mut Context, x: &Rc<Array>, y: &Rc<Array>, span: Span) -> Result<Value, EvalError> {
    for (a, which) in [(x, "self"), (y, "mat2")] {
        if a.layout.ndim() != 2 {
            return Err(runtime(format!(
                "mm: {which} must be a matrix, got {}-D tensor",
                a.layout.ndim()
            )));
        }
    }
    let (xs, ys) = (x.layout.shape().to_vec(), y.layout.shape().to_vec());
    mm_shapes(ctx, x, y, (&xs, &ys), span)
}

fn mm_shapes(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    (xs, ys): (&[i64], &[i64]),
    span: Span,
) -> Result<Value, EvalError> {
    let (n, k, k2, m) = (dim(xs, 0), dim(xs, 1), dim(ys, 0), dim(ys, 1));
    if k != k2 {
        return Err(runtime(format!(
            "mm: mat1 and mat2 shapes cannot be multiplied ({n}x{k} and {k2}x{m})"
        )));
    }
    if x.dtype != y.dtype {
        return Err(runtime(format!(
            "expected m1 and m2 to have the same dtype, but got: {} != {}",
            cpp_type(x.dtype),
            cpp_type(y.dtype)
        )));
    }
    no_bool("addmm_impl_cpu_", x.dtype)?;
    product(ctx, x, y, (xs, ys), (&[], n, k, m), &[n, m], span)
}

/// `mv`'s checks: a `(rows, k)` matrix of `mat` dtype times a vector of `k2` items.
fn mv_checks((rows, k): (i64, i64), k2: i64, mat: DType, vec: DType) -> Result<(), EvalError> {
    if k != k2 {
        return Err(runtime(format!(
            "size mismatch, got input ({rows}), mat ({rows}x{k}), vec ({k2})"
        )));
    }
    if mat != vec {
        return Err(runtime(format!(
            "addmv input tensors must have the same dtype, but got {}, {}, and {}",
            scalar_type(vec),
            scalar_type(mat),
            scalar_type(vec)
        )));
    }
    no_bool("addmv_impl_cpu", mat)
}

/// `at::matmul`'s `should_fold`: a batch of matrices (the larger operand, `other.mT` when it is
/// the larger) is folded into one matrix for `mm`/`mv` when its batch axes and rows can be viewed
/// as one axis without a copy.
fn should_fold(x: &Rc<Array>, y: &Rc<Array>) -> bool {
    let (d1, d2) = (x.layout.ndim(), y.layout.ndim());
    let (shape, strides, dim_t2) = if d1 >= d2 {
        (x.layout.shape().to_vec(), x.layout.strides().to_vec(), d2)
    } else {
        let mut sh = y.layout.shape().to_vec();
        let mut st = y.layout.strides().to_vec();
        sh.swap(d2 - 1, d2 - 2);
        st.swap(d2 - 1, d2 - 2);
        (sh, st, d1)
    };
    let dim_t1 = shape.len();
    if !(dim_t1 >= 3 && dim_t2 <= 2) || d1 == 2 {
        return false;
    }
    if count(&shape) == 0 {
        return true;
    }
    // Whether `t1.view(-1, t1.size(-1))` keeps the memory (size-1 axes do not count).
    let Ok(l) = stride_core::Layout::new(&shape, &strides, 0, x.layout.itemsize()) else {
        return false;
    };
    let rows: i64 = count(head(&shape, 1));
    stride_core::reshape::attempt_nocopy(&l, &[rows, back(&shape, 1)], stride_core::Order::C)
        .is_ok()
}

/// `at::matmul`'s dispatch.
pub fn matmul_tensors(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    span: Span,
) -> Result<Value, EvalError> {
    let (xs, ys) = (x.layout.shape().to_vec(), y.layout.shape().to_vec());
    let (d1, d2) = (xs.len(), ys.len());
    if d1 == 0 || d2 == 0 {
        return Err(runtime(format!(
            "both arguments to matmul need to be at least 1D, but they are {d1}D and {d2}D"
        )));
    }
    if d1 == 1 && d2 == 1 {
        if x.dtype != y.dtype {
            return Err(runtime(format!(
                "dot : expected both vectors to have same dtype, but found {} and {}",
                scalar_type(x.dtype),
                scalar_type(y.dtype)
            )));
        }
        if dim(&xs, 0) != dim(&ys, 0) {
            return Err(runtime(format!(
                "inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
                dim(&xs, 0),
                dim(&ys, 0),
                dim(&xs, 0),
                dim(&ys, 0)
            )));
        }
        no_bool("dot", x.dtype)?;
        return product(
            ctx,
            x,
            y,
            (&[1, dim(&xs, 0)], &[dim(&ys, 0), 1]),
            (&[], 1, dim(&xs, 0), 1),
            &[],
            span,
        );
    }
    let fold = should_fold(x, y);
    if d2 == 1 && (d1 == 2 || fold && d1 >= 3) {
        // mv, with a batch of matrices folded into rows.
        let k = back(&xs, 1);
        let rows: i64 = count(head(&xs, 1));
        mv_checks((rows, k), dim(&ys, 0), x.dtype, y.dtype)?;
        let out = head(&xs, 1);
        return product(
            ctx,
            x,
            y,
            (&[rows, k], &[k, 1]),
            (&[], rows, k, 1),
            out,
            span,
        );
    }
    if d2 == 2 && (d1 <= 2 || fold) {
        let k = back(&xs, 1);
        let rows: i64 = count(head(&xs, 1));
        let mut out: Vec<i64> = if d1 == 1 {
            Vec::new()
        } else {
            head(&xs, 1).to_vec()
        };
        out.push(dim(&ys, 1));
        let folded = [rows, k];
        let (n, k2, m) = (rows, dim(&ys, 0), dim(&ys, 1));
        if k != k2 {
            return Err(runtime(format!(
                "mm: mat1 and mat2 shapes cannot be multiplied ({n}x{k} and {k2}x{m})"
            )));
        }
        if x.dtype != y.dtype {
            return Err(runtime(format!(
                "expected m1 and m2 to have the same dtype, but got: {} != {}",
                cpp_type(x.dtype),
                cpp_type(y.dtype)
            )));
        }
        no_bool("addmm_impl_cpu_", x.dtype)?;
        return product(ctx, x, y, (&folded, &ys), (&[], n, k, m), &out, span);
    }
    if fold && d1 == 1 {
        // PyTorch folds the other side: `other.mT` as one tall matrix times the vector.
        let k = back(&ys, 2);
        let rows: i64 = count(head(&ys, 2)).saturating_mul(back(&ys, 1));
        mv_checks((rows, k), dim(&xs, 0), y.dtype, x.dtype)?;
    }
    // A broadcast batch of matrices through bmm.
    let xc: Vec<i64> = if d1 == 1 {
        vec![1, dim(&xs, 0)]
    } else {
        xs.clone()
    };
    let yc: Vec<i64> = if d2 == 1 {
        vec![dim(&ys, 0), 1]
    } else {
        ys.clone()
    };
    let (xb, yb) = (head(&xc, 2), head(&yc, 2));
    let nd = xb.len().max(yb.len());
    let mut batch = vec![1i64; nd];
    for (i, slot) in batch.iter_mut().enumerate() {
        let a = (i + xb.len())
            .checked_sub(nd)
            .and_then(|j| xb.get(j))
            .copied()
            .unwrap_or(1);
        let b = (i + yb.len())
            .checked_sub(nd)
            .and_then(|j| yb.get(j))
            .copied()
            .unwrap_or(1);
        if a != b && a != 1 && b != 1 {
            return Err(runtime(format!(
                "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton dimension {i}"
            )));
        }
        *slot = if a == 1 { b } else { a };
    }
    let (n, m) = (back(&xc, 2), back(&yc, 1));
    let mut out = batch.clone();
    if d1 > 1 {
        out.push(n);
    }
    if d2 > 1 {
        out.push(m);
    }
    let b: i64 = count(&batch);
    let (k, k2) = (back(&xc, 1), back(&yc, 2));
    if k != k2 {
        return Err(runtime(format!(
            "Expected size for first two dimensions of batch2 tensor to be: [{b}, {k}] but got: [{b}, {k2}]."
        )));
    }
    if x.dtype != y.dtype {
        return Err(runtime(format!(
            "expected scalar type {} but found {}",
            scalar_type(x.dtype),
            scalar_type(y.dtype)
        )));
    }
    no_bool("bmm", x.dtype)?;
    product(ctx, x, y, (&xc, &yc), (&batch, n, k, m), &out, span)
}
