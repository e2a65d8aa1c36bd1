//! `np.random`'s legacy functions and `RandomState`'s methods: one table, whose bodies draw
//! from the global stream or from a `RandomState` object.

use std::rc::Rc;

use random_streams::legacy::RandomState;
use random_streams::pcg64::SeedSequence;
use stride_core::Dims;

use super::draw::{self, float_arg, int_arg};
use crate::array::Array;
use crate::context::{Args, Context};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::table::{Entry, entry};
use crate::signature::{Bound, Style};
use crate::value::{Rng, RngKind, Value};

/// Where a legacy body draws: the global stream (`None`) or a `RandomState` object.
pub type Target = Option<usize>;
/// A legacy body.
pub type Body = fn(&mut Context, Target, &Bound, Span) -> Result<Value, EvalError>;

const PY: Style = Style::Python;

/// `np.random.<name>` (all but `default_rng` and `RandomState` are `RandomState` methods too).
pub const FUNCTIONS: &[Entry<Body>] = &[
    entry("seed", "seed=None", PY, seed),
    entry("rand", "*args=", PY, rand),
    entry("randn", "*args=", PY, randn),
    entry("random", "size=None", PY, random),
    entry("random_sample", "size=None", PY, random),
    entry("standard_normal", "size=None", PY, standard_normal),
    entry("normal", "loc=0.0, scale=1.0, size=None", PY, normal),
    entry("uniform", "low=0.0, high=1.0, size=None", PY, uniform),
    entry(
        "randint",
        "low, high=None, size=None, dtype=int",
        PY,
        randint,
    ),
    entry(
        "choice",
        "a, size=None, replace=True, p=None",
        PY,
        super::generator::legacy_choice,
    ),
    entry("permutation", "x", PY, permutation),
    entry("shuffle", "x", PY, shuffle),
    entry(
        "default_rng",
        "seed=None",
        PY,
        super::generator::default_rng,
    ),
    entry("RandomState", "seed=None", PY, random_state),
];

/// Whether `name` is a `RandomState` method.
pub fn is_method(name: &str) -> bool {
    !matches!(name, "default_rng" | "RandomState")
}

/// The row named `name`.
pub fn find<'a, F>(table: &'a [Entry<F>], name: &str) -> Option<&'a Entry<F>> {
    table.iter().find(|e| e.name == name)
}

/// Calls `name` on the global stream or a `RandomState`.
pub fn call(
    ctx: &mut Context,
    target: Target,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(FUNCTIONS, name) else {
        return Err(EvalError::new(
            "AttributeError",
            format!("module 'numpy.random' has no attribute '{name}'"),
        ));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, target, &bound, span)
}

/// The stream a body draws from.
pub fn stream(ctx: &mut Context, target: Target) -> &mut RandomState {
    ctx.random.legacy(target)
}

/// The state `seed` (an int in `[0, 2³²)`, a list of them, or `None` for fresh entropy) gives.
fn seeded(v: Option<&Value>) -> Result<RandomState, EvalError> {
    let out_of_range = || EvalError::value_error("Seed must be between 0 and 2**32 - 1");
    match v {
        None | Some(Value::None) => {
            let s = super::state::fresh_seed();
            Ok(RandomState::from_array(&[s as u32, (s >> 32) as u32]))
        }
        Some(Value::List(items) | Value::Tuple(items)) => {
            if items.is_empty() {
                return Err(EvalError::value_error("Seed must be non-empty"));
            }
            let mut key = Vec::with_capacity(items.len());
            for item in items.iter() {
                let k = int_arg(item, false)?;
                key.push(u32::try_from(k).map_err(|_| out_of_range())?);
            }
            Ok(RandomState::from_array(&key))
        }
        Some(
            Value::Float(_) | Value::Scalar(DType::Float16 | DType::Float32 | DType::Float64, _),
        ) => Err(EvalError::type_error(
            "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'",
        )),
        Some(v) => {
            let k = int_arg(v, false)?;
            Ok(RandomState::new(
                u32::try_from(k).map_err(|_| out_of_range())?,
            ))
        }
    }
}

fn seed(ctx: &mut Context, target: Target, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let state = seeded(b.given("seed"))?;
    match target {
        None => ctx.random.seed_global(state),
        Some(_) => *stream(ctx, target) = state,
    }
    Ok(Value::None)
}

fn random_state(ctx: &mut Context, _: Target, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let state = seeded(b.given("seed"))?;
    ctx.random.states.push(state);
    Ok(Value::Rng(Rng {
        kind: RngKind::RandomState,
        id: ctx.random.states.len() - 1,
    }))
}

/// `rand(d0, d1, …)`'s and `randn`'s dimensions: none for one value.
fn dims(b: &Bound) -> Result<Option<Dims>, EvalError> {
    if b.rest().is_empty() {
        return Ok(None);
    }
    let mut d = Dims::new();
    for (v, _) in b.rest() {
        let n = match v {
            Value::Int(_) | Value::Bool(_) | Value::Scalar(..) => int_arg(v, false)?,
            other => {
                return Err(EvalError::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    other.type_name()
                )));
            }
        };
        d.push(i64::try_from(n).map_err(|_| EvalError::value_error("array is too big"))?)?;
    }
    draw::not_negative(&d)?;
    Ok(Some(d))
}

fn rand(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    draw::floats(ctx, dims(b)?, "np.random.rand", span, |ctx| {
        stream(ctx, t).random()
    })
}

fn randn(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    draw::floats(ctx, dims(b)?, "np.random.randn", span, |ctx| {
        stream(ctx, t).gauss()
    })
}

fn random(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = draw::size(b.given("size"))?;
    draw::floats(ctx, shape, "np.random.random", span, |ctx| {
        stream(ctx, t).random()
    })
}

fn standard_normal(
    ctx: &mut Context,
    t: Target,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let shape = draw::size(b.given("size"))?;
    draw::floats(ctx, shape, "np.random.standard_normal", span, |ctx| {
        stream(ctx, t).gauss()
    })
}

fn normal(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let loc = float_arg(b.given("loc"), 0.0)?;
    let scale = float_arg(b.given("scale"), 1.0)?;
    if scale < 0.0 {
        return Err(EvalError::value_error("scale < 0"));
    }
    let shape = draw::size(b.given("size"))?;
    draw::floats(ctx, shape, "np.random.normal", span, |ctx| {
        stream(ctx, t).normal(loc, scale)
    })
}

fn uniform(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let low = float_arg(b.given("low"), 0.0)?;
    let high = float_arg(b.given("high"), 1.0)?;
    let range = high - low;
    if !range.is_finite() {
        return Err(EvalError::new(
            "OverflowError",
            "Range exceeds valid bounds",
        ));
    }
    let shape = draw::size(b.given("size"))?;
    draw::floats(ctx, shape, "np.random.uniform", span, |ctx| {
        stream(ctx, t).uniform(low, range)
    })
}

/// `randint`'s dtype: the builtin `int` (Python ints for one value) or a NumPy integer dtype.
fn int_dtype(v: Option<&Value>, what: &str) -> Result<(DType, bool), EvalError> {
    match v {
        None | Some(Value::Builtin("int")) => Ok((DType::Int64, true)),
        Some(Value::Builtin("bool")) => Ok((DType::Bool, true)),
        other => {
            let d = crate::numpy::dtype_arg(other)?.unwrap_or(DType::Int64);
            if draw::width(d).is_none() {
                return Err(EvalError::type_error(format!(
                    "Unsupported dtype dtype('{}') for {what}",
                    d.name()
                )));
            }
            Ok((d, false))
        }
    }
}

/// One value or an array of bounded integers as NumPy returns them.
pub fn int_result(
    ctx: &mut Context,
    shape: Option<Dims>,
    dtype: DType,
    python: bool,
    label: &'static str,
    span: Span,
    mut draw_n: impl FnMut(&mut Context, usize) -> Vec<u64>,
) -> Result<Value, EvalError> {
    let Some(shape) = shape else {
        let raw = draw_n(ctx, 1).first().copied().unwrap_or(0);
        let n = draw::int_value(dtype, raw);
        return Ok(match (python, n) {
            (true, Num::Bool(v)) => Value::Bool(v),
            (true, Num::Int(v)) => Value::Int(v),
            (_, n) => Value::Scalar(dtype, n),
        });
    };
    let n = draw::count(ctx, &shape, dtype, span)?;
    let values: Vec<Num> = draw_n(ctx, n)
        .into_iter()
        .map(|raw| draw::int_value(dtype, raw))
        .collect();
    draw::array(ctx, &shape, dtype, &values, false, label, span)
}

fn randint(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let (dtype, python) = int_dtype(b.given("dtype"), "randint")?;
    let first = int_arg(b.required("low")?, true)?;
    let (low, high, given) = match b.value("high") {
        Some(h) => (first, int_arg(h, true)?, true),
        None => (0, first, false),
    };
    let (off, rng) = draw::bounds(dtype, low, high, false, given)?;
    let (width, _, _) = draw::width(dtype).unwrap_or((random_streams::bounded::Width::W64, 0, 0));
    let shape = draw::size(b.given("size"))?;
    int_result(
        ctx,
        shape,
        dtype,
        python,
        "np.random.randint",
        span,
        |ctx, n| stream(ctx, t).integers(off, rng, n, width),
    )
}

/// The rows of `a` (its first axis) in `order`, as a new C-ordered array.
pub fn rows_in_order(
    ctx: &mut Context,
    a: &Rc<Array>,
    order: &[usize],
    label: &'static str,
    span: Span,
) -> Result<Value, EvalError> {
    let values = ctx.read_values(a, span)?;
    let rows = order.len().max(1);
    let per = values.len() / rows;
    let mut out = Vec::with_capacity(values.len());
    for &k in order {
        out.extend_from_slice(values.get(k * per..(k + 1) * per).unwrap_or_default());
    }
    let shape: Vec<i64> = a.layout.shape().to_vec();
    draw::array(ctx, &shape, a.dtype, &out, false, label, span)
}

/// `permutation(x)` for any stream: `order(n)` is the shuffle of `n` items.
pub fn permute(
    ctx: &mut Context,
    x: &Value,
    span: Span,
    label: &'static str,
    mut order: impl FnMut(&mut Context, usize) -> Vec<usize>,
) -> Result<Value, EvalError> {
    if let Value::Int(_) | Value::Bool(_) | Value::Scalar(_, Num::Int(_)) = x {
        let n = int_arg(x, false)?.max(0);
        let n = i64::try_from(n).map_err(|_| EvalError::value_error("array is too big"))?;
        let count = draw::count(ctx, &[n], DType::Int64, span)?;
        let o = order(ctx, count);
        let values: Vec<Num> = o.into_iter().map(|k| Num::Int(k as i128)).collect();
        return draw::array(ctx, &[n], DType::Int64, &values, false, label, span);
    }
    let a = draw::elements(ctx, x, span)?;
    if a.layout.ndim() == 0 {
        return Err(EvalError::new(
            "IndexError",
            "x must be an integer or at least 1-dimensional",
        ));
    }
    let n = usize::try_from(a.layout.shape().first().copied().unwrap_or(0)).unwrap_or(0);
    let o = order(ctx, n);
    rows_in_order(ctx, &a, &o, label, span)
}

fn permutation(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    permute(
        ctx,
        b.required("x")?,
        span,
        "np.random.permutation",
        |ctx, n| stream(ctx, t).shuffle_order(n),
    )
}

/// Shuffles `x`'s first axis in place with the rows' `order`.
pub fn shuffle_in_place(
    ctx: &mut Context,
    x: &Value,
    span: Span,
    mut order: impl FnMut(&mut Context, usize) -> Vec<usize>,
) -> Result<Value, EvalError> {
    let a = match x {
        Value::Array(a) if !a.torch => Rc::clone(a),
        Value::List(_) => {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::ShuffleList,
                span,
            ));
        }
        other => {
            return Err(EvalError::type_error(format!(
                "object of type '{}' has no len()",
                other.type_name()
            )));
        }
    };
    if a.layout.ndim() == 0 {
        return Err(EvalError::type_error("len() of unsized object"));
    }
    if !a.writeable {
        return Err(EvalError::value_error(
            "assignment destination is read-only",
        ));
    }
    let n = usize::try_from(a.layout.shape().first().copied().unwrap_or(0)).unwrap_or(0);
    let o = order(ctx, n);
    let values = ctx.read_values(&a, span)?;
    let per = values.len() / n.max(1);
    let mut out = Vec::with_capacity(values.len());
    for &k in &o {
        out.extend_from_slice(values.get(k * per..(k + 1) * per).unwrap_or_default());
    }
    let addresses = ctx.positions(&a.layout, span)?;
    ctx.room_to_write(&a.buffer, &addresses, a.dtype.itemsize(), span)?;
    a.buffer.write_all(a.dtype, addresses.into_iter(), &out);
    Ok(Value::None)
}

fn shuffle(ctx: &mut Context, t: Target, b: &Bound, span: Span) -> Result<Value, EvalError> {
    shuffle_in_place(ctx, b.required("x")?, span, |ctx, n| {
        stream(ctx, t).shuffle_order(n)
    })
}

/// A Python int seed's 32-bit words for `SeedSequence`.
pub fn entropy_words(v: Option<&Value>) -> Result<Vec<u32>, EvalError> {
    match v {
        None | Some(Value::None) => {
            let s = super::state::fresh_seed();
            Ok(SeedSequence::words(u128::from(s)))
        }
        Some(Value::Int(i)) if *i < 0 => {
            Err(EvalError::value_error("expected non-negative integer"))
        }
        Some(v @ (Value::Int(_) | Value::Bool(_) | Value::Scalar(_, Num::Int(_)))) => {
            let k = int_arg(v, false)?;
            if k < 0 {
                return Err(EvalError::value_error("expected non-negative integer"));
            }
            Ok(SeedSequence::words(k as u128))
        }
        Some(Value::Float(f)) => Err(EvalError::type_error(format!(
            "SeedSequence expects int or sequence of ints for entropy not {}",
            crate::display::float_repr(*f)
        ))),
        Some(_) => Err(EvalError::unsupported(
            crate::construct::LibConstruct::DefaultRngSeed,
            Span::default(),
        )),
    }
}
