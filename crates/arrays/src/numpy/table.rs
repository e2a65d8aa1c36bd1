//! Every NumPy function and method the lab has: name → (real signature, body). A call binds its
//! arguments against the signature ([`Signature::bind`]) before the body sees them, so unknown
//! keywords, surplus positionals, missing and repeated arguments get NumPy's own errors, and a
//! parameter the lab does not implement is "not supported here".
//!
//! The signatures are NumPy 2.4.6's (`inspect.signature` where it works, the C parser's messages
//! where it does not); [`Style`] says which of NumPy's parsers each one uses.

use std::rc::Rc;

use super::{
    as_array, creation, cumulative, dot, einsum, eye, join, linspace, matmul, methods, outer,
    quantile, reduce, repeat, scalar_shape, shape, sort, triangle, views,
};
use crate::array::Array;
use crate::context::{Args, Context};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::{Bound, Signature, Style};
use crate::value::Value;
use reduce::{arg, spread};

/// The body of a function: bound arguments in, a value out.
pub type FunctionBody = fn(&mut Context, &Bound, Span) -> Result<Value, EvalError>;
/// The body of an array method.
pub type MethodBody = fn(&mut Context, &Rc<Array>, &Bound, Span) -> Result<Value, EvalError>;
/// The body of a NumPy scalar's method.
pub type ScalarBody = fn(&mut Context, DType, Num, &Bound, Span) -> Result<Value, EvalError>;

/// One entry of a table: the name a program writes, the signature and the body.
pub struct Entry<F> {
    /// The attribute name (`np.<name>`, `x.<name>`).
    pub name: &'static str,
    /// The real signature.
    pub signature: Signature,
    /// The body.
    pub body: F,
}

/// A table row: `name`, its parameter list as Python prints it, the parser that binds it, and the
/// body (NumPy's and PyTorch's tables both are made of these).
pub(crate) const fn entry<F>(
    name: &'static str,
    params: &'static str,
    style: Style,
    body: F,
) -> Entry<F> {
    Entry {
        name,
        signature: Signature {
            name,
            params,
            style,
        },
        body,
    }
}

const PY: Style = Style::Python;
const NP: Style = Style::Numpy;

/// The array functions, as `np.<name>` (and `as_strided`, `sliding_window_view` from
/// `np.lib.stride_tricks`).
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry(
        "arange",
        "start=None, stop=None, step=None, dtype=None, *, device=None|'cpu'!, like=None",
        NP,
        creation::np_arange,
    ),
    entry(
        "zeros",
        "shape, dtype=None, order='C', *, device=None|'cpu'!, like=None",
        NP,
        creation::zeros,
    ),
    entry(
        "ones",
        "shape, dtype=None, order='C', *, device=None|'cpu'!, like=None",
        PY,
        creation::ones,
    ),
    entry(
        "empty",
        "shape, dtype=None, order='C', *, device=None|'cpu'!, like=None",
        NP,
        creation::empty,
    ),
    entry(
        "full",
        "shape, fill_value, dtype=None, order='C', *, device=None|'cpu'!, like=None",
        PY,
        creation::full,
    ),
    entry(
        "zeros_like",
        "a, dtype=None, order='K', subok=True, shape=None!, *, device=None|'cpu'!",
        PY,
        creation::zeros_like,
    ),
    entry(
        "ones_like",
        "a, dtype=None, order='K', subok=True, shape=None!, *, device=None|'cpu'!",
        PY,
        creation::ones_like,
    ),
    entry(
        "empty_like",
        "prototype, dtype=None, order='K', subok=True, shape=None!, *, device=None|'cpu'!",
        NP,
        creation::empty_like,
    ),
    entry(
        "array",
        "object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, ndmax=0!, like=None",
        NP,
        creation::array,
    ),
    entry(
        "asarray",
        "a, dtype=None, order=None, *, device=None|'cpu'!, copy=None, like=None",
        NP,
        creation::asarray,
    ),
    entry(
        "ascontiguousarray",
        "a, dtype=None, *, like=None",
        NP,
        creation::ascontiguousarray,
    ),
    entry(
        "asfortranarray",
        "a, dtype=None, *, like=None",
        NP,
        creation::asfortranarray,
    ),
    entry(
        "dtype",
        "dtype, align=False!, copy=False!, metadata=None!",
        Style::ArgParse { named: true },
        creation::dtype,
    ),
    entry(
        "reshape",
        "a, /, shape, order='C', *, copy=None",
        PY,
        shape::reshape_function,
    ),
    entry("transpose", "a, axes=None", PY, shape::transpose_function),
    entry("swapaxes", "a, axis1, axis2", PY, shape::swapaxes_function),
    entry("moveaxis", "a, source, destination", PY, shape::moveaxis),
    entry("squeeze", "a, axis=None", PY, shape::squeeze_function),
    entry("expand_dims", "a, axis", PY, shape::expand_dims),
    entry("ravel", "a, order='C'", PY, shape::ravel_function),
    entry(
        "copy",
        "a, order='K', subok=False",
        PY,
        shape::copy_function,
    ),
    entry("matrix_transpose", "x, /", PY, shape::matrix_transpose),
    entry(
        "broadcast_to",
        "array, shape, subok=False",
        PY,
        shape::broadcast_to,
    ),
    entry("broadcast_shapes", "*args=", PY, shape::broadcast_shapes),
    entry(
        "shares_memory",
        "a, b, /, max_work=-1",
        PY,
        shape::shares_memory,
    ),
    entry(
        "may_share_memory",
        "a, b, /, max_work=0",
        PY,
        shape::may_share_memory,
    ),
    entry(
        "sum",
        "a, axis=None, dtype=None, out=None!, keepdims=False, initial=!, where=True!",
        PY,
        sum_function,
    ),
    entry("prod", PROD_PARAMS, PY, prod_function),
    entry("max", MAX_PARAMS, PY, max_function),
    entry("min", MAX_PARAMS, PY, min_function),
    entry("mean", MEAN_PARAMS, PY, mean_function),
    entry("matmul", MATMUL_PARAMS, NP, matmul::np_matmul),
    entry("dot", "a, b, out=None!", NP, dot::np_dot),
    entry("vdot", "a, b, /", NP, dot::np_vdot),
    entry("inner", "a, b, /", NP, dot::np_inner),
    entry("einsum", EINSUM_PARAMS, PY, einsum::np_einsum),
    entry(
        "einsum_path",
        "*operands, optimize='greedy', einsum_call=False!",
        PY,
        einsum::path::np_einsum_path,
    ),
    entry(
        "concatenate",
        "arrays, /, axis=0, out=None!, *, dtype=None, casting='same_kind'",
        PY,
        join::concatenate,
    ),
    entry(
        "stack",
        "arrays, axis=0, out=None!, *, dtype=None, casting='same_kind'",
        PY,
        join::stack,
    ),
    entry(
        "hstack",
        "tup, *, dtype=None, casting='same_kind'",
        PY,
        join::hstack,
    ),
    entry(
        "vstack",
        "tup, *, dtype=None, casting='same_kind'",
        PY,
        join::vstack,
    ),
    entry("tile", "A, reps", PY, repeat::tile),
    entry(
        "repeat",
        "a, repeats, axis=None",
        PY,
        repeat::repeat_function,
    ),
    entry(
        "split",
        "ary, indices_or_sections, axis=0",
        PY,
        views::split,
    ),
    entry(
        "array_split",
        "ary, indices_or_sections, axis=0",
        PY,
        views::array_split,
    ),
    entry("flip", "m, axis=None", PY, views::flip),
    entry("fliplr", "m", PY, views::fliplr),
    entry("flipud", "m", PY, views::flipud),
    entry(
        "diagonal",
        "a, offset=0, axis1=0, axis2=1",
        PY,
        views::diagonal_function,
    ),
    entry("argmax", ARGMAX_PARAMS, PY, arg::argmax_function),
    entry("argmin", ARGMAX_PARAMS, PY, arg::argmin_function),
    entry("any", ANY_PARAMS, PY, arg::any_function),
    entry("all", ANY_PARAMS, PY, arg::all_function),
    entry("std", STD_PARAMS, PY, spread::std_function),
    entry("var", STD_PARAMS, PY, spread::var_function),
    entry(
        "as_strided",
        "x, shape=None, strides=None, subok=False, writeable=True",
        PY,
        shape::as_strided,
    ),
    entry(
        "sliding_window_view",
        "x, window_shape, axis=None, *, subok=False, writeable=False",
        PY,
        shape::sliding_window_view,
    ),
    entry(
        "cumsum",
        "a, axis=None, dtype=None, out=None!",
        PY,
        cumulative::np_cumsum,
    ),
    entry(
        "cumprod",
        "a, axis=None, dtype=None, out=None!",
        PY,
        cumulative::np_cumprod,
    ),
    entry("sort", SORT_PARAMS, PY, sort::np_sort),
    entry("argsort", SORT_PARAMS, PY, sort::np_argsort),
    entry(
        "median",
        "a, axis=None, out=None!, overwrite_input=False, keepdims=False",
        PY,
        quantile::np_median,
    ),
    entry("percentile", QUANTILE_PARAMS, PY, quantile::np_percentile),
    entry("quantile", QUANTILE_PARAMS, PY, quantile::np_quantile),
    entry("outer", "a, b, out=None!", PY, outer::np_outer),
    entry(
        "linspace",
        "start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None|'cpu'!",
        PY,
        linspace::np_linspace,
    ),
    entry(
        "logspace",
        "start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0",
        PY,
        linspace::np_logspace,
    ),
    entry(
        "eye",
        "N, M=None, k=0, dtype=float, order='C', *, device=None|'cpu'!, like=None",
        PY,
        eye::np_eye,
    ),
    entry(
        "identity",
        "n, dtype=None, *, like=None",
        PY,
        eye::np_identity,
    ),
    entry("tril", "m, k=0", PY, triangle::np_tril),
    entry("triu", "m, k=0", PY, triangle::np_triu),
    entry(
        "full_like",
        "a, fill_value, dtype=None, order='K', subok=True, shape=None!, *, device=None|'cpu'!",
        PY,
        creation::full_like,
    ),
];

/// `np.sort` and `np.argsort` (the lab sorts stably, so every `kind` and `stable` agree).
const SORT_PARAMS: &str = "a, axis=-1, kind=None, order=None!, *, stable=None";

/// `np.percentile` and `np.quantile` (`weights` goes with methods the lab does not run).
const QUANTILE_PARAMS: &str = "a, q, axis=None, out=None!, overwrite_input=False, method='linear', keepdims=False, *, weights=None!";

/// `np.matmul`, a ufunc: its keyword arguments are the ufunc machinery's.
const MATMUL_PARAMS: &str = "x1, x2, /, out=None!, *, casting='same_kind'!, order='K'!, dtype=None, subok=True!, signature=None!, axes=None!, axis=None!";
/// `np.einsum(*operands, out=None, optimize=False, **kwargs)`: `dtype`, `order`, `casting` are
/// the C function's keywords.
const EINSUM_PARAMS: &str =
    "*operands, out=None!, optimize=False, dtype=None!, order='K'!, casting='safe'!";

const PROD_PARAMS: &str =
    "a, axis=None, dtype=None, out=None!, keepdims=False, initial=!, where=True!";
const MAX_PARAMS: &str = "a, axis=None, out=None!, keepdims=False, initial=!, where=True!";
const ARGMAX_PARAMS: &str = "a, axis=None, out=None!, *, keepdims=False";
const ANY_PARAMS: &str = "a, axis=None, out=None!, keepdims=False, *, where=True!";
const STD_PARAMS: &str = "a, axis=None, dtype=None, out=None!, ddof=0, keepdims=False, *, where=True!, mean=!, correction=!";
/// `x.any` and `x.all` call NumPy's Python `_any(a, …)` and `_all(a, …)`.
const ANY_METHOD_PARAMS: &str =
    "a, axis=None, dtype=None!, out=None!, keepdims=False, *, where=True!";
/// `x.std` and `x.var` call `_std(a, …)` and `_var(a, …)`.
const STD_METHOD_PARAMS: &str =
    "a, axis=None, dtype=None, out=None!, ddof=0, keepdims=False, *, where=True!, mean=None!";
const MEAN_PARAMS: &str = "a, axis=None, dtype=None, out=None!, keepdims=False, *, where=True!";

/// A method that is NumPy's Python `_name(a, …)` (its messages count the array).
const fn python_method(
    name: &'static str,
    private: &'static str,
    params: &'static str,
    body: MethodBody,
) -> Entry<MethodBody> {
    Entry {
        name,
        signature: Signature {
            name: private,
            params,
            style: PY,
        },
        body,
    }
}

/// `x.sum` calls NumPy's Python `_sum(a, …)`, whose messages count the array.
const SUM_PARAMS: &str =
    "a, axis=None, dtype=None, out=None!, keepdims=False, initial=!, where=True!";

const fn no_keywords(qualname: &'static str, counted: Option<&'static str>) -> Style {
    Style::NoKeywords { qualname, counted }
}

/// The methods of an array, as `x.<name>`.
pub const METHODS: &[Entry<MethodBody>] = &[
    entry(
        "reshape",
        "*shape, order='C', copy=None",
        Style::ArgParse { named: false },
        shape::reshape_method,
    ),
    entry(
        "transpose",
        "*axes=",
        no_keywords("ndarray.transpose", None),
        shape::transpose_method,
    ),
    entry(
        "swapaxes",
        "axis1, axis2, /",
        no_keywords("ndarray.swapaxes", Some("swapaxes")),
        shape::swapaxes_method,
    ),
    entry("squeeze", "axis=None", NP, shape::squeeze_method),
    entry("ravel", "order='C'", NP, shape::ravel_method),
    entry("flatten", "order='C'", NP, shape::flatten_method),
    entry("copy", "order='C'", NP, shape::copy_method),
    entry(
        "astype",
        "dtype, order='K', casting='unsafe'!, subok=True, copy=True",
        NP,
        methods::astype,
    ),
    entry(
        "tolist",
        "",
        no_keywords("ndarray.tolist", None),
        methods::tolist,
    ),
    entry(
        "item",
        "*args=",
        no_keywords("ndarray.item", None),
        methods::item,
    ),
    entry("view", "dtype=None, type=None!", NP, views::view),
    entry(
        "fill",
        "value, /",
        no_keywords("ndarray.fill", Some("fill")),
        methods::fill,
    ),
    entry("dot", "b, out=None!", NP, dot::dot_method),
    python_method("sum", "_sum", SUM_PARAMS, reduce::sum),
    python_method("prod", "_prod", PROD_PARAMS, reduce::prod),
    python_method("max", "_amax", MAX_PARAMS, reduce::max),
    python_method("min", "_amin", MAX_PARAMS, reduce::min),
    python_method("mean", "_mean", MEAN_PARAMS, reduce::mean),
    entry(
        "repeat",
        "repeats, axis=None",
        Style::ArgParse { named: true },
        repeat::repeat_method,
    ),
    entry(
        "diagonal",
        "offset=0, axis1=0, axis2=1",
        Style::ArgParse { named: true },
        views::diagonal_method,
    ),
    entry(
        "argmax",
        "axis=None, out=None!, *, keepdims=False",
        NP,
        arg::argmax,
    ),
    entry(
        "argmin",
        "axis=None, out=None!, *, keepdims=False",
        NP,
        arg::argmin,
    ),
    python_method("any", "_any", ANY_METHOD_PARAMS, arg::any),
    python_method("all", "_all", ANY_METHOD_PARAMS, arg::all),
    python_method("std", "_std", STD_METHOD_PARAMS, spread::std),
    python_method("var", "_var", STD_METHOD_PARAMS, spread::var),
    entry(
        "cumsum",
        "axis=None, dtype=None, out=None!",
        Style::ArgParse { named: true },
        cumulative::cumsum_method,
    ),
    entry(
        "cumprod",
        "axis=None, dtype=None, out=None!",
        Style::ArgParse { named: true },
        cumulative::cumprod_method,
    ),
    entry(
        "sort",
        "axis=-1, kind=None, order=None!",
        NP,
        sort::sort_method,
    ),
    entry(
        "argsort",
        "axis=-1, kind=None, order=None!, *, stable=None",
        NP,
        sort::argsort_method,
    ),
];

/// The methods of a NumPy scalar (`np.int32(3).astype`).
pub const SCALAR_METHODS: &[Entry<ScalarBody>] = &[
    entry(
        "astype",
        "dtype, order='K', casting='unsafe'!, subok=True, copy=True",
        NP,
        methods::scalar_astype,
    ),
    entry(
        "item",
        "*args=",
        no_keywords("generic.item", None),
        methods::scalar_item,
    ),
    entry(
        "tolist",
        "",
        no_keywords("generic.tolist", None),
        methods::scalar_tolist,
    ),
    entry(
        "reshape",
        "*shape, order='C', copy=None",
        Style::ArgParse { named: false },
        scalar_shape::reshape,
    ),
    entry("copy", "order='C'", NP, scalar_shape::copy),
    entry("flatten", "order='C'", NP, scalar_shape::flatten),
    entry("ravel", "order='C'", NP, scalar_shape::ravel),
];

/// Calling a scalar type, `np.float32(3)`: CPython's parser, with one positional-only value.
pub const SCALAR_TYPE: Signature = Signature {
    name: "float64",
    params: "value=0, /",
    style: Style::ArgParse { named: false },
};

/// The row of `table` named `name`.
pub(crate) fn find<'a, F>(table: &'a [Entry<F>], name: &str) -> Option<&'a Entry<F>> {
    table.iter().find(|e| e.name == name)
}

fn sum_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    reduce::sum(ctx, &a, b, span)
}

fn prod_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    reduce::prod(ctx, &a, b, span)
}

fn max_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    reduce::max(ctx, &a, b, span)
}

fn min_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    reduce::min(ctx, &a, b, span)
}

fn mean_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    reduce::mean(ctx, &a, b, span)
}

/// `np.<name>(…)`.
pub fn call_function(
    ctx: &mut Context,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    if let Some(rest) = name.strip_prefix("random.") {
        return crate::random::call_numpy(ctx, rest, args, span);
    }
    let Some(e) = find(FUNCTIONS, name).or_else(|| find(super::ufuncs::FUNCTIONS, name)) else {
        return Err(crate::names::not_yet(crate::names::Owner::Numpy, name));
    };
    ufunc_and_einsum_first_checks(name, &args)?;
    super::ufuncs::check_ufunc_positionals(name, &args)?;
    let bound = e.signature.bind(args, span)?;
    // `like=` an ndarray (NumPy's `__array_function__` protocol) changes nothing for ndarrays.
    match bound.given("like") {
        None | Some(Value::None) => {}
        Some(Value::Array(a)) if !a.torch => {}
        Some(_) => {
            return Err(EvalError::type_error(
                "The `like` argument must be an array-like that implements the `__array_function__` protocol.",
            ));
        }
    }
    (e.body)(ctx, &bound, span)
}

/// What two functions check before their keywords: the ufunc `matmul` counts its positionals
/// first, and `einsum` (which passes every keyword on to its C function) its operands.
fn ufunc_and_einsum_first_checks(name: &str, args: &Args) -> Result<(), EvalError> {
    let given = args.positional.len();
    match name {
        "matmul" if given < 2 => Err(EvalError::type_error(format!(
            "matmul() takes from 2 to 3 positional arguments but {given} {} given",
            if given == 1 { "was" } else { "were" }
        ))),
        "einsum" if given == 0 => Err(EvalError::value_error(
            "must specify the einstein sum subscripts string and at least one operand, or at least one operand and its corresponding subscripts list",
        )),
        _ => Ok(()),
    }
}

/// `x.<name>(…)` for a NumPy array.
pub fn call_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(METHODS, name).or_else(|| find(super::ufuncs::METHODS, name)) else {
        return Err(crate::names::not_yet(crate::names::Owner::Ndarray, name));
    };
    let mut args = args;
    if e.signature.style == Style::Python {
        // A Python method counts its array among the arguments.
        args.positional
            .insert(0, (Value::Array(Rc::clone(a)), span));
    }
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, a, &bound, span)
}

/// `s.<name>(…)` for a NumPy scalar.
pub fn call_scalar_method(
    ctx: &mut Context,
    d: DType,
    n: Num,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(SCALAR_METHODS, name) else {
        return Err(crate::names::not_yet(crate::names::Owner::Scalar(d), name));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, d, n, &bound, span)
}

/// `np.float32(3)`: calling a dtype makes a NumPy scalar.
pub fn call_dtype(ctx: &mut Context, d: DType, args: Args, span: Span) -> Result<Value, EvalError> {
    let _ = ctx;
    let bound = SCALAR_TYPE.bind(args, span)?;
    methods::call_dtype(d, &bound, span)
}
