//! Every PyTorch function and tensor method the lab has: name → (real signature, body), bound by
//! [`Signature::bind`] with PyTorch's argument parser's messages (one signature, or several
//! overloads, or none at all for `METH_NOARGS` methods such as `Tensor.dim`). The signatures are
//! PyTorch 2.15's, as its errors print them.

use std::rc::Rc;

use super::{
    aliases, cdist, convert, creation, extremes, functional, functions, join, linalg, masked,
    median, methods, power, products, reduce, scatter, stats, views,
};
use crate::array::Array;
use crate::context::{Args, Context};
use crate::error::{EvalError, Span};
use crate::numpy::table::{Entry, FunctionBody, MethodBody, entry, find};
use crate::numpy::{cumulative, eye, linspace, sort, triangle};
use crate::random::torch_random;
use crate::signature::Style;
use crate::value::Value;

const TORCH: Style = Style::Torch;
const NO_ARGS: Style = Style::TorchNoArgs;

/// What every factory function takes after its own parameters.
macro_rules! factory {
    ($own:literal) => {
        concat!(
            $own,
            "*, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False!"
        )
    };
}

mod overloads;
use overloads::{
    ARGSORT_FUNCTION, EYE, LINSPACE, LOGSPACE, MASKED_FILL, MASKED_FILL_FUNCTION, MEAN,
    MEAN_FUNCTION, SORT, SORT_FUNCTION, STD, STD_FUNCTION, SUM_FUNCTION, TO, TYPE,
};
use overloads::{FILL, INDEX_FILL, INDEX_FILL_FUNCTION, SCATTER, SCATTER_FUNCTION};

const ARANGE: &[(&str, &str)] = &[
    (
        "(Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("end, "),
    ),
    (
        "(Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        "start, end, *, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False!",
    ),
    (
        "(Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("start, end, step=1, "),
    ),
];

/// `torch.mm` and `torch.bmm`: with an `out_dtype` overload the lab does not run.
const PRODUCT: &[(&str, &str)] = &[
    (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "input, mat2, *, out=None!",
    ),
    (
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
        "input, mat2, out_dtype:dtype, *, out=None!",
    ),
];

/// `torch.rand`/`randn`: `requires_grad=` is taken (the layout is the same), `generator=` not.
const RANDOM_FACTORY: &str = "*size, generator=None!, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";
const RANDINT: &str = "*args, size=None, generator=None!, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";
const RANDPERM: &str = "n, *, generator=None!, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";
const NORMAL: &str = "mean, std, size, *, generator=None!, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";
const RANDOM_LIKE: &str = "input, *, memory_format=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";

/// `torch.empty`: `requires_grad=` is taken (the layout is the same), `memory_format=` not.
const EMPTY: &str = "*size, out=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False, memory_format=None!";
const EMPTY_LIKE: &str = "input, *, memory_format=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False";

const LIKE: &str = "input, *, memory_format=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False!";

/// The functions, as `torch.<name>`.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry(
        "arange",
        "",
        Style::TorchOverloads(ARANGE),
        creation::arange,
    ),
    entry("zeros", factory!("*size, "), TORCH, creation::zeros),
    entry("ones", factory!("*size, "), TORCH, creation::ones),
    entry("empty", EMPTY, TORCH, creation::empty),
    entry(
        "full",
        factory!("size, fill_value, "),
        TORCH,
        creation::full,
    ),
    entry("zeros_like", LIKE, TORCH, creation::zeros_like),
    entry(
        "manual_seed",
        "seed",
        Style::Python,
        torch_random::manual_seed,
    ),
    entry("rand", RANDOM_FACTORY, TORCH, torch_random::rand),
    entry("randn", RANDOM_FACTORY, TORCH, torch_random::randn),
    entry("randint", RANDINT, TORCH, torch_random::randint),
    entry("randperm", RANDPERM, TORCH, torch_random::randperm),
    entry("normal", NORMAL, TORCH, torch_random::normal),
    entry("rand_like", RANDOM_LIKE, TORCH, torch_random::rand_like),
    entry("randn_like", RANDOM_LIKE, TORCH, torch_random::randn_like),
    entry("ones_like", LIKE, TORCH, creation::ones_like),
    entry("empty_like", EMPTY_LIKE, TORCH, creation::empty_like),
    entry(
        "tensor",
        "data, *, dtype=None, device=None|'cpu'!, requires_grad=False, pin_memory=False!",
        TORCH,
        creation::tensor,
    ),
    entry(
        "as_strided",
        "input, size, stride, storage_offset=None",
        TORCH,
        creation::as_strided,
    ),
    entry(
        "matmul",
        "input, other, *, out=None!",
        TORCH,
        products::torch_matmul,
    ),
    entry("mm", "", Style::TorchOverloads(PRODUCT), products::torch_mm),
    entry(
        "bmm",
        "",
        Style::TorchOverloads(PRODUCT),
        products::torch_bmm,
    ),
    entry(
        "einsum",
        "*args=",
        Style::Python,
        super::einsum::torch_einsum,
    ),
    entry("cat", "tensors, dim=0, *, out=None!", TORCH, join::cat),
    entry("stack", "tensors, dim=0, *, out=None!", TORCH, join::stack),
    entry(
        "narrow",
        "",
        Style::TorchOverloads(NARROW_FUNCTION),
        views::narrow_function,
    ),
    entry("flip", "input, dims", TORCH, join::flip_function),
    entry("select", "input, dim, index", TORCH, functions::select),
    entry(
        "diagonal",
        "input, offset=0, dim1=0, dim2=1",
        TORCH,
        functions::diagonal,
    ),
    entry(
        "transpose",
        "input, dim0, dim1",
        TORCH,
        functions::transpose,
    ),
    entry("permute", "input, dims", TORCH, functions::permute),
    entry(
        "flatten",
        "input, start_dim=0, end_dim=-1",
        TORCH,
        functions::flatten,
    ),
    entry("unsqueeze", "input, dim", TORCH, functions::unsqueeze),
    entry(
        "squeeze",
        "",
        Style::TorchOverloads(SQUEEZE_FUNCTION),
        functions::squeeze,
    ),
    entry(
        "clone",
        "input, *, memory_format=None!",
        TORCH,
        functions::clone,
    ),
    entry("reshape", "input, shape", TORCH, functions::reshape),
    entry(
        "sum",
        "",
        Style::TorchOverloads(SUM_FUNCTION),
        stats::sum_function,
    ),
    entry(
        "mean",
        "",
        Style::TorchOverloads(MEAN_FUNCTION),
        stats::mean_function,
    ),
    entry(
        "std",
        "",
        Style::TorchOverloads(STD_FUNCTION),
        stats::std_function,
    ),
    entry(
        "var",
        "",
        Style::TorchOverloads(STD_FUNCTION),
        stats::var_function,
    ),
    entry(
        "softmax",
        "input, dim, dtype=None, *, out=None!",
        TORCH,
        functional::torch_softmax,
    ),
    entry(
        "log_softmax",
        "input, dim, dtype=None, *, out=None!",
        TORCH,
        functional::torch_log_softmax,
    ),
    entry("relu", "input", TORCH, functional::torch_relu),
    entry(
        "logsumexp",
        "input, dim, keepdim=False, *, out=None!",
        TORCH,
        stats::logsumexp_function,
    ),
    entry(
        "from_numpy",
        "*ndarray=",
        Style::NoKeywords {
            qualname: "torch._VariableFunctionsClass.from_numpy",
            counted: None,
        },
        convert::from_numpy,
    ),
    entry(
        "full_like",
        "input, fill_value, *, memory_format=None!, dtype=None, layout=None!, device=None|'cpu'!, pin_memory=False!, requires_grad=False!",
        TORCH,
        creation::full_like,
    ),
    entry(
        "tril",
        "input, diagonal=0, *, out=None!",
        TORCH,
        triangle::torch_tril,
    ),
    entry(
        "triu",
        "input, diagonal=0, *, out=None!",
        TORCH,
        triangle::torch_triu,
    ),
    entry(
        "linspace",
        "",
        Style::TorchOverloads(LINSPACE),
        linspace::torch_linspace,
    ),
    entry(
        "logspace",
        "",
        Style::TorchOverloads(LOGSPACE),
        linspace::torch_logspace,
    ),
    entry("eye", "", Style::TorchOverloads(EYE), eye::torch_eye),
    entry(
        "cumsum",
        "input, dim, *, dtype=None, out=None!",
        TORCH,
        cumulative::torch_cumsum_function,
    ),
    entry(
        "cumprod",
        "input, dim, *, dtype=None, out=None!",
        TORCH,
        cumulative::torch_cumprod_function,
    ),
    entry(
        "sort",
        "",
        Style::TorchOverloads(SORT_FUNCTION),
        sort::torch_sort_function,
    ),
    entry(
        "argsort",
        "",
        Style::TorchOverloads(ARGSORT_FUNCTION),
        sort::torch_argsort_function,
    ),
    entry(
        "topk",
        "input, k, dim=-1, largest=True, sorted=True, *, out=None!",
        TORCH,
        sort::torch_topk_function,
    ),
    entry(
        "median",
        "",
        Style::TorchOverloads(median::MEDIAN_FUNCTION),
        median::median_function,
    ),
    entry(
        "nanmedian",
        "",
        Style::TorchOverloads(median::MEDIAN_FUNCTION),
        median::nanmedian_function,
    ),
    entry(
        "quantile",
        "",
        Style::TorchOverloads(median::QUANTILE_FUNCTION),
        median::quantile_function,
    ),
    entry(
        "nanquantile",
        "",
        Style::TorchOverloads(median::QUANTILE_FUNCTION),
        median::nanquantile_function,
    ),
    entry(
        "masked_fill",
        "",
        Style::TorchOverloads(MASKED_FILL_FUNCTION),
        masked::masked_fill_function,
    ),
    entry(
        "pow",
        "",
        Style::TorchOverloads(power::POW_FUNCTION),
        power::pow_function,
    ),
    entry("equal", "input, other", TORCH, power::equal_function),
    entry(
        "scatter",
        "",
        Style::TorchOverloads(SCATTER_FUNCTION),
        scatter::scatter_function,
    ),
    entry(
        "gather",
        "input, dim, index, *, sparse_grad=False!, out=None!",
        TORCH,
        scatter::gather_function,
    ),
    entry(
        "index_fill",
        "",
        Style::TorchOverloads(INDEX_FILL_FUNCTION),
        scatter::index_fill_function,
    ),
    entry(
        "norm",
        "input, p='fro', dim=None, keepdim=False, out=None!, dtype=None!",
        Style::Python,
        linalg::norm_function,
    ),
    entry(
        "cdist",
        "x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'",
        Style::Python,
        cdist::cdist,
    ),
    entry(
        "max",
        "",
        Style::TorchOverloads(extremes::FUNCTION),
        extremes::max_function,
    ),
    entry(
        "min",
        "",
        Style::TorchOverloads(extremes::FUNCTION),
        extremes::min_function,
    ),
    entry(
        "swapaxes",
        "input, axis0, axis1",
        TORCH,
        aliases::swapaxes_function,
    ),
    entry(
        "swapdims",
        "input, dim0, dim1",
        TORCH,
        aliases::swapdims_function,
    ),
];

/// A method that is PyTorch's Python `Tensor.<name>` (its messages count the tensor).
const fn python_method(
    name: &'static str,
    qualified: &'static str,
    params: &'static str,
    body: MethodBody,
) -> Entry<MethodBody> {
    Entry {
        name,
        signature: crate::signature::Signature {
            name: qualified,
            params,
            style: Style::Python,
        },
        body,
    }
}

const SQUEEZE_FUNCTION: &[(&str, &str)] = &[
    ("(Tensor input)", "input"),
    ("(Tensor input, int dim)", "input, dim"),
    ("(Tensor input, tuple of ints dim)", "input, dim"),
];

const VIEW: &[(&str, &str)] = &[
    ("(torch.dtype dtype)", "dtype:dtype"),
    ("(tuple of ints size)", "*size"),
];

const SQUEEZE: &[(&str, &str)] = &[
    ("()", ""),
    ("(int dim)", "dim"),
    ("(tuple of ints dim)", "*dim"),
];

const SUM: &[(&str, &str)] = &[
    ("(*, torch.dtype dtype = None)", "*, dtype=None"),
    (
        "(tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)",
        "dim, keepdim=False, *, dtype=None",
    ),
];

/// `narrow` also takes a 0-d tensor as `start` (listed first in PyTorch's messages; the lab
/// binds both alike and reads `start` as an index).
const NARROW: &[(&str, &str)] = &[
    ("(int dim, Tensor start, int length)", "dim, start, length"),
    ("(int dim, int start, int length)", "dim, start, length"),
];

const NARROW_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, int dim, Tensor start, int length)",
        "input, dim, start, length",
    ),
    (
        "(Tensor input, int dim, int start, int length)",
        "input, dim, start, length",
    ),
];

const ANY: &[(&str, &str)] = &[
    ("()", ""),
    (
        "(tuple of ints dim = None, bool keepdim = False)",
        "dim=None, keepdim=False",
    ),
    ("(int dim, bool keepdim = False)", "dim, keepdim=False"),
];

const MEMORY_FORMAT: &str = "*, memory_format=None!";

/// The methods of a tensor, as `t.<name>`.
pub const METHODS: &[Entry<MethodBody>] = &[
    entry("stride", "dim=None", TORCH, methods::stride),
    entry("size", "dim=None", TORCH, methods::size),
    entry("storage_offset", "", NO_ARGS, methods::storage_offset),
    entry("dim", "", NO_ARGS, methods::ndim),
    entry("numel", "", NO_ARGS, methods::numel),
    entry("element_size", "", NO_ARGS, methods::element_size),
    entry(
        "is_contiguous",
        MEMORY_FORMAT,
        TORCH,
        methods::is_contiguous,
    ),
    entry("view", "", Style::TorchOverloads(VIEW), methods::view),
    entry("reshape", "*shape", TORCH, methods::reshape),
    entry(
        "flatten",
        "start_dim=0, end_dim=-1",
        TORCH,
        methods::flatten,
    ),
    entry("transpose", "dim0, dim1", TORCH, methods::transpose),
    entry("t", "", NO_ARGS, methods::t),
    entry("permute", "*dims", TORCH, methods::permute),
    entry("expand", "*size, implicit=False!", TORCH, methods::expand),
    entry("unsqueeze", "dim", TORCH, methods::unsqueeze),
    entry(
        "squeeze",
        "",
        Style::TorchOverloads(SQUEEZE),
        methods::squeeze,
    ),
    entry("contiguous", MEMORY_FORMAT, TORCH, methods::contiguous),
    entry("clone", MEMORY_FORMAT, TORCH, methods::clone),
    entry("tolist", "", NO_ARGS, methods::tolist),
    entry("item", "", NO_ARGS, methods::item),
    entry("sum", "", Style::TorchOverloads(SUM), methods::sum),
    entry("matmul", "other", TORCH, products::tensor_matmul),
    entry("mm", "mat2", TORCH, products::tensor_mm),
    entry("bmm", "mat2", TORCH, products::tensor_bmm),
    entry("narrow", "", Style::TorchOverloads(NARROW), views::narrow),
    entry("select", "dim, index", TORCH, views::select),
    entry("unfold", "dimension, size, step", TORCH, views::unfold),
    entry(
        "diagonal",
        "offset=0, dim1=0, dim2=1",
        TORCH,
        views::diagonal,
    ),
    entry("repeat", "*repeats", TORCH, join::repeat),
    entry("flip", "*dims", TORCH, join::flip),
    entry("argmax", "dim=None, keepdim=False", TORCH, reduce::argmax),
    entry(
        "max",
        "",
        Style::TorchOverloads(extremes::METHOD),
        extremes::max,
    ),
    entry(
        "min",
        "",
        Style::TorchOverloads(extremes::METHOD),
        extremes::min,
    ),
    entry("argmin", "dim=None, keepdim=False", TORCH, reduce::argmin),
    entry("pow", "", Style::TorchOverloads(power::POW), power::pow),
    entry("equal", "other", TORCH, power::equal),
    entry("any", "", Style::TorchOverloads(ANY), reduce::any),
    entry("all", "", Style::TorchOverloads(ANY), reduce::all),
    entry("float", MEMORY_FORMAT, TORCH, convert::float),
    entry("double", MEMORY_FORMAT, TORCH, convert::double),
    entry("half", MEMORY_FORMAT, TORCH, convert::half),
    entry("bfloat16", MEMORY_FORMAT, TORCH, convert::bfloat16),
    entry("long", MEMORY_FORMAT, TORCH, convert::long),
    entry("int", MEMORY_FORMAT, TORCH, convert::int),
    entry("short", MEMORY_FORMAT, TORCH, convert::short),
    entry("char", MEMORY_FORMAT, TORCH, convert::char),
    entry("byte", MEMORY_FORMAT, TORCH, convert::byte),
    entry("bool", MEMORY_FORMAT, TORCH, convert::bool),
    entry("to", "", Style::TorchOverloads(TO), convert::to),
    entry("type", "", Style::TorchOverloads(TYPE), convert::type_),
    entry("numpy", "*, force=False", TORCH, convert::numpy),
    entry("mean", "", Style::TorchOverloads(MEAN), stats::mean),
    entry("std", "", Style::TorchOverloads(STD), stats::std),
    entry("var", "", Style::TorchOverloads(STD), stats::var),
    entry(
        "softmax",
        "dim, dtype=None",
        TORCH,
        functional::softmax_method,
    ),
    entry(
        "log_softmax",
        "dim, dtype=None",
        TORCH,
        functional::log_softmax_method,
    ),
    entry("relu", "", NO_ARGS, functional::relu_method),
    entry("logsumexp", "dim, keepdim=False", TORCH, stats::logsumexp),
    python_method(
        "norm",
        "Tensor.norm",
        "self, p='fro', dim=None, keepdim=False, dtype=None!",
        linalg::norm_method,
    ),
    entry(
        "cumsum",
        "dim, *, dtype=None",
        TORCH,
        cumulative::torch_cumsum,
    ),
    entry(
        "cumprod",
        "dim, *, dtype=None",
        TORCH,
        cumulative::torch_cumprod,
    ),
    entry("sort", "", Style::TorchOverloads(SORT), sort::torch_sort),
    entry(
        "argsort",
        "",
        Style::TorchOverloads(SORT),
        sort::torch_argsort,
    ),
    entry(
        "topk",
        "k, dim=-1, largest=True, sorted=True",
        TORCH,
        sort::torch_topk,
    ),
    entry(
        "median",
        "",
        Style::TorchOverloads(median::MEDIAN),
        median::median_method,
    ),
    entry(
        "nanmedian",
        "",
        Style::TorchOverloads(median::MEDIAN),
        median::nanmedian_method,
    ),
    entry(
        "quantile",
        "",
        Style::TorchOverloads(median::QUANTILE),
        median::quantile_method,
    ),
    entry(
        "nanquantile",
        "",
        Style::TorchOverloads(median::QUANTILE),
        median::nanquantile_method,
    ),
    entry(
        "masked_fill",
        "",
        Style::TorchOverloads(MASKED_FILL),
        masked::masked_fill,
    ),
    entry(
        "masked_fill_",
        "",
        Style::TorchOverloads(MASKED_FILL),
        masked::masked_fill_,
    ),
    entry(
        "as_strided",
        "size, stride, storage_offset=None",
        TORCH,
        aliases::as_strided,
    ),
    entry("expand_as", "other", TORCH, aliases::expand_as),
    entry(
        "scatter_",
        "",
        Style::TorchOverloads(SCATTER),
        scatter::scatter_,
    ),
    entry(
        "scatter",
        "",
        Style::TorchOverloads(SCATTER),
        scatter::scatter,
    ),
    entry(
        "gather",
        "dim, index, *, sparse_grad=False!",
        TORCH,
        scatter::gather,
    ),
    entry("fill_", "", Style::TorchOverloads(FILL), scatter::fill_),
    entry("zero_", "", NO_ARGS, scatter::zero_),
    entry(
        "index_fill_",
        "",
        Style::TorchOverloads(INDEX_FILL),
        scatter::index_fill_,
    ),
    entry(
        "index_fill",
        "",
        Style::TorchOverloads(INDEX_FILL),
        scatter::index_fill,
    ),
    entry("swapaxes", "axis0, axis1", TORCH, aliases::swapaxes),
    entry("swapdims", "dim0, dim1", TORCH, aliases::swapdims),
    entry("tril", "diagonal=0", TORCH, triangle::tril_method),
    entry("triu", "diagonal=0", TORCH, triangle::triu_method),
    python_method(
        "backward",
        "Tensor.backward",
        "self, gradient=None, retain_graph=None, create_graph=False, inputs=None",
        convert::backward,
    ),
    entry(
        "requires_grad_",
        "requires_grad=True",
        TORCH,
        convert::requires_grad_,
    ),
];

/// `torch.<name>(…)`.
pub fn call_function(
    ctx: &mut Context,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(FUNCTIONS, name).or_else(|| super::math::function(name)) else {
        return Err(crate::names::not_yet(crate::names::Owner::Torch, name));
    };
    if let Some(refused) = crate::random::torch_args::refuse(name, &args) {
        return Err(refused.at(span));
    }
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, &bound, span)
}

/// `t.<name>(…)` for a tensor.
pub fn call_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(METHODS, name).or_else(|| super::math::method(name)) else {
        return Err(crate::names::not_yet(crate::names::Owner::Tensor, name));
    };
    let mut args = args;
    if e.signature.style == Style::Python {
        // A Python method counts the tensor among its arguments.
        args.positional
            .insert(0, (Value::Array(Rc::clone(a)), span));
    }
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, a, &bound, span)
}
