//! Random numbers as the libraries make them: `np.random`'s legacy stream (the global functions
//! and `RandomState`), `np.random.default_rng` (a `Generator` over PCG64) and PyTorch's CPU
//! generator. The streams themselves are the `random-streams` crate's; this module binds them:
//! the generators of a run ([`State`]), `np.random`'s names, the generator objects' methods, and
//! the arrays their draws fill ([`draw`]).
//!
//! - [`legacy`]: `np.random.seed`, `rand`, `randn`, `random`/`random_sample`, `normal`,
//!   `uniform`, `randint`, `choice`, `permutation`, `shuffle` (and `RandomState`'s methods).
//! - [`generator`]: `default_rng` and `Generator`'s `random`, `standard_normal`, `normal`,
//!   `uniform`, `integers`, `choice`, `permutation`, `shuffle`.
//! - [`torch_random`]: `torch.manual_seed`, `rand`, `randn`, `randint`, `randperm`, `normal`,
//!   `rand_like`, `randn_like`.
//!
//! Values are NumPy's and PyTorch's bit for bit, except two that are marked as the lab's own
//! (`values_exact: false` in `strides eval`'s JSON): `Generator`'s float64 normals, whose
//! ziggurat tables NumPy computed once with arithmetic the lab cannot repeat (the lab computes
//! them from the same construction; values agree to about 1e-14, the stream stays in step), and
//! PyTorch's float32 `randn` of 16 elements or more, whose vectorised logarithm and sine the lab
//! does not repeat (values agree to a few ulps).
//!
//! A run's generators start afresh: NumPy's global stream and PyTorch's from fresh entropy
//! (unseeded calls draw fresh values), until the program seeds them.

pub mod draw;
pub mod generator;
pub mod legacy;
pub mod state;
pub mod torch_args;
pub mod torch_random;

use std::rc::Rc;

pub use state::{State, set_entropy};

use crate::context::{Args, Context};
use crate::error::{EvalError, Hint, Span, UNSUPPORTED};
use crate::value::{Lib, Rng, RngKind, Value};

/// What `np.random` has that the lab does not run (its `dir()` in NumPy 2.4.6, public names).
const NUMPY_RANDOM_OTHERS: &str = "BitGenerator Generator MT19937 PCG64 PCG64DXSM Philox SFC64 SeedSequence beta binomial bit_generator bytes chisquare dirichlet exponential f gamma geometric get_bit_generator get_state gumbel hypergeometric laplace logistic lognormal logseries mtrand multinomial multivariate_normal negative_binomial noncentral_chisquare noncentral_f pareto poisson power random_integers ranf rayleigh sample set_bit_generator set_state standard_cauchy standard_exponential standard_gamma standard_t test triangular vonmises wald weibull zipf";

/// What a `Generator` has that the lab does not run.
const GENERATOR_OTHERS: &str = "beta binomial bit_generator bytes chisquare dirichlet exponential f gamma geometric gumbel hypergeometric laplace logistic lognormal logseries multinomial multivariate_hypergeometric multivariate_normal negative_binomial noncentral_chisquare noncentral_f pareto permuted poisson power rayleigh spawn standard_cauchy standard_exponential standard_gamma standard_t triangular vonmises wald weibull zipf";

/// What a `RandomState` has that the lab does not run.
const RANDOM_STATE_OTHERS: &str = "beta binomial bytes chisquare dirichlet exponential f gamma geometric get_state gumbel hypergeometric laplace logistic lognormal logseries multinomial multivariate_normal negative_binomial noncentral_chisquare noncentral_f pareto poisson power random_integers rayleigh set_state standard_cauchy standard_exponential standard_gamma standard_t tomaxint triangular vonmises wald weibull zipf";

fn not_yet(qualified: String, span: Span) -> EvalError {
    let mut e = EvalError::new(
        UNSUPPORTED,
        format!("{qualified} is part of NumPy, but this lab does not run it yet"),
    );
    e.hint = Some(Rc::new(Hint::NotYet {
        name: qualified,
        library: "NumPy",
    }));
    e.at(span)
}

/// `np.random.<name>`.
pub fn module_get(name: &str, span: Span) -> Result<Value, EvalError> {
    if legacy::find(legacy::FUNCTIONS, name).is_some() {
        return Ok(Value::Function(
            Lib::Numpy,
            Rc::from(format!("random.{name}")),
        ));
    }
    if NUMPY_RANDOM_OTHERS.split(' ').any(|n| n == name) {
        return Err(not_yet(format!("np.random.{name}"), span));
    }
    Err(EvalError::new(
        "AttributeError",
        format!("module 'numpy.random' has no attribute '{name}'"),
    )
    .at(span))
}

/// `rng.<name>` of a generator object.
pub fn attr(r: Rng, name: &str, span: Span) -> Result<Value, EvalError> {
    let (has, others, class) = match r.kind {
        RngKind::Generator => (
            legacy::find(generator::METHODS, name).is_some(),
            GENERATOR_OTHERS,
            "Generator",
        ),
        RngKind::RandomState => (
            legacy::find(legacy::FUNCTIONS, name).is_some_and(|_| legacy::is_method(name)),
            RANDOM_STATE_OTHERS,
            "RandomState",
        ),
    };
    if has {
        return Ok(Value::RngMethod(r, Rc::from(name)));
    }
    if others.split(' ').any(|n| n == name) {
        return Err(not_yet(format!("{class}.{name}"), span));
    }
    Err(EvalError::new(
        "AttributeError",
        format!(
            "'{}' object has no attribute '{name}'",
            Value::Rng(r).qualified_name()
        ),
    )
    .at(span))
}

/// Calls `np.random.<name>` (the numpy table sends `random.<name>` here).
pub fn call_numpy(
    ctx: &mut Context,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    legacy::call(ctx, None, name, args, span)
}

/// Calls a generator object's method.
pub fn call_method(
    ctx: &mut Context,
    r: Rng,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    match r.kind {
        RngKind::Generator => generator::call(ctx, r.id, name, args, span),
        RngKind::RandomState => legacy::call(ctx, Some(r.id), name, args, span),
    }
}

/// NumPy's `repr` of a generator object (without the address NumPy adds).
pub fn repr(r: Rng) -> String {
    match r.kind {
        RngKind::Generator => "Generator(PCG64)".to_string(),
        RngKind::RandomState => "RandomState(MT19937)".to_string(),
    }
}
