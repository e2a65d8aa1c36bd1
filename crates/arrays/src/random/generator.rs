//! `np.random.default_rng(seed)` and `Generator`'s methods; and `choice`, which the legacy
//! stream shares.

use random_streams::bounded::Width;
use random_streams::generator::Generator;

use super::draw::{self, float_arg, int_arg};
use super::legacy::{self, Target, entropy_words, find, int_result, permute, shuffle_in_place};
use crate::context::{Args, Context};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::table::{Entry, entry};
use crate::signature::{Bound, Style};
use crate::value::{Rng, RngKind, Value};

/// A `Generator` method's body: the generator's slot, the arguments.
pub type Body = fn(&mut Context, usize, &Bound, Span) -> Result<Value, EvalError>;

const PY: Style = Style::Python;

/// `Generator`'s methods the lab runs.
pub const METHODS: &[Entry<Body>] = &[
    entry(
        "random",
        "size=None, dtype=np.float64, out=None!",
        PY,
        random,
    ),
    entry(
        "standard_normal",
        "size=None, dtype=np.float64, out=None!",
        PY,
        standard_normal,
    ),
    entry("normal", "loc=0.0, scale=1.0, size=None", PY, normal),
    entry("uniform", "low=0.0, high=1.0, size=None", PY, uniform),
    entry(
        "integers",
        "low, high=None, size=None, dtype=np.int64, endpoint=False",
        PY,
        integers,
    ),
    entry(
        "choice",
        "a, size=None, replace=True, p=None, axis=0!, shuffle=True",
        PY,
        choice,
    ),
    entry("permutation", "x, axis=0!", PY, permutation),
    entry("shuffle", "x, axis=0!", PY, shuffle),
];

/// Calls `rng.<name>`.
pub fn call(
    ctx: &mut Context,
    id: usize,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(e) = find(METHODS, name) else {
        return Err(EvalError::new(
            "AttributeError",
            format!("'numpy.random._generator.Generator' object has no attribute '{name}'"),
        ));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, id, &bound, span)
}

fn gen_at(ctx: &mut Context, id: usize) -> Result<&mut Generator, EvalError> {
    ctx.random
        .generators
        .get_mut(id)
        .ok_or_else(|| EvalError::value_error("this generator is gone"))
}

/// `np.random.default_rng(seed)`.
pub fn default_rng(ctx: &mut Context, _: Target, b: &Bound, _: Span) -> Result<Value, EvalError> {
    if let Some(Value::Rng(r)) = b.given("seed") {
        if r.kind == RngKind::Generator {
            return Ok(Value::Rng(*r));
        }
    }
    let words = entropy_words(b.given("seed"))?;
    ctx.random.generators.push(Generator::new(&words));
    Ok(Value::Rng(Rng {
        kind: RngKind::Generator,
        id: ctx.random.generators.len() - 1,
    }))
}

/// `dtype=` of `random`/`standard_normal`: float64 or float32.
fn float_dtype(v: Option<&Value>, what: &str) -> Result<bool, EvalError> {
    match crate::numpy::dtype_arg(v)? {
        None | Some(DType::Float64) => Ok(false),
        Some(DType::Float32) => Ok(true),
        Some(d) => Err(EvalError::type_error(format!(
            "Unsupported dtype dtype('{}') for {what}",
            d.name()
        ))),
    }
}

/// A Generator's float draw in both precisions, and the method's name.
struct FloatDraw {
    label: &'static str,
    what: &'static str,
    double: fn(&mut Generator) -> f64,
    single: fn(&mut Generator) -> f32,
}

const RANDOM: FloatDraw = FloatDraw {
    label: "Generator.random",
    what: "random",
    double: Generator::random,
    single: Generator::random_f32,
};

const STANDARD_NORMAL: FloatDraw = FloatDraw {
    label: "Generator.standard_normal",
    what: "standard_normal",
    double: Generator::standard_normal,
    single: Generator::standard_normal_f32,
};

/// Floats of a Generator: float64 as `draw::floats`; float32 arrays (one value: a Python float).
fn gen_floats(
    ctx: &mut Context,
    id: usize,
    b: &Bound,
    span: Span,
    d: &FloatDraw,
) -> Result<Value, EvalError> {
    let (label, f64_draw, f32_draw) = (d.label, d.double, d.single);
    let single = float_dtype(b.given("dtype"), d.what)?;
    let shape = draw::size(b.given("size"))?;
    gen_at(ctx, id)?;
    if !single {
        return draw::floats(ctx, shape, label, span, |ctx| {
            gen_at(ctx, id).map(f64_draw).unwrap_or(0.0)
        });
    }
    let Some(shape) = shape else {
        return Ok(Value::Float(f64::from(gen_at(ctx, id).map(f32_draw)?)));
    };
    let n = draw::count(ctx, &shape, DType::Float32, span)?;
    let g = gen_at(ctx, id)?;
    let values: Vec<Num> = (0..n).map(|_| Num::Float(f64::from(f32_draw(g)))).collect();
    draw::array(ctx, &shape, DType::Float32, &values, false, label, span)
}

fn random(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    gen_floats(ctx, id, b, span, &RANDOM)
}

fn standard_normal(
    ctx: &mut Context,
    id: usize,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    // The float64 tables are the lab's own computation (see `random`'s module docs).
    if !float_dtype(b.given("dtype"), "standard_normal")? {
        ctx.approximate();
    }
    gen_floats(ctx, id, b, span, &STANDARD_NORMAL)
}

fn normal(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let loc = float_arg(b.given("loc"), 0.0)?;
    let scale = float_arg(b.given("scale"), 1.0)?;
    if scale < 0.0 {
        return Err(EvalError::value_error("scale < 0"));
    }
    let shape = draw::size(b.given("size"))?;
    gen_at(ctx, id)?;
    ctx.approximate();
    draw::floats(ctx, shape, "Generator.normal", span, |ctx| {
        gen_at(ctx, id).map(|g| g.normal(loc, scale)).unwrap_or(0.0)
    })
}

fn uniform(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
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
    gen_at(ctx, id)?;
    draw::floats(ctx, shape, "Generator.uniform", span, |ctx| {
        gen_at(ctx, id)
            .map(|g| g.uniform(low, range))
            .unwrap_or(0.0)
    })
}

fn integers(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let dtype = match b.given("dtype") {
        None => DType::Int64,
        Some(Value::Builtin("int")) => DType::Int64,
        Some(Value::Builtin("bool")) => DType::Bool,
        other => crate::numpy::dtype_arg(other)?.unwrap_or(DType::Int64),
    };
    if draw::width(dtype).is_none() {
        return Err(EvalError::type_error(format!(
            "Unsupported dtype dtype('{}') for integers",
            dtype.name()
        )));
    }
    let endpoint = b
        .given("endpoint")
        .map(Value::truthy)
        .transpose()?
        .unwrap_or(false);
    let first = int_arg(b.required("low")?, true)?;
    let (low, high, given) = match b.value("high") {
        Some(h) => (first, int_arg(h, true)?, true),
        None => (0, first, false),
    };
    let (off, rng) = draw::bounds(dtype, low, high, endpoint, given)?;
    let (width, _, _) = draw::width(dtype).unwrap_or((Width::W64, 0, 0));
    let shape = draw::size(b.given("size"))?;
    gen_at(ctx, id)?;
    int_result(
        ctx,
        shape,
        dtype,
        false,
        "Generator.integers",
        span,
        |ctx, n| {
            gen_at(ctx, id)
                .map(|g| g.integers(off, rng, n, width))
                .unwrap_or_default()
        },
    )
}

fn permutation(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    gen_at(ctx, id)?;
    permute(
        ctx,
        b.required("x")?,
        span,
        "Generator.permutation",
        |ctx, n| {
            gen_at(ctx, id)
                .map(|g| g.shuffle_order(n))
                .unwrap_or_default()
        },
    )
}

fn shuffle(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    gen_at(ctx, id)?;
    shuffle_in_place(ctx, b.required("x")?, span, |ctx, n| {
        gen_at(ctx, id)
            .map(|g| g.shuffle_order(n))
            .unwrap_or_default()
    })
}

fn choice(ctx: &mut Context, id: usize, b: &Bound, span: Span) -> Result<Value, EvalError> {
    gen_at(ctx, id)?;
    choose(ctx, Some(id), None, b, span)
}

/// `np.random.choice` / `RandomState.choice`.
pub fn legacy_choice(
    ctx: &mut Context,
    t: Target,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    choose(ctx, None, Some(t), b, span)
}

/// Kahan's sum of `p` (NumPy's check that probabilities sum to 1).
fn kahan(p: &[f64]) -> f64 {
    let mut sum = p.first().copied().unwrap_or(0.0);
    let mut c = 0.0;
    for &x in p.iter().skip(1) {
        let y = x - c;
        let t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    sum
}

/// `choice` for a Generator (`generator`) or the legacy stream (`legacy`).
fn choose(
    ctx: &mut Context,
    generator: Option<usize>,
    legacy: Option<Target>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let a = b.required("a")?;
    let population = match a {
        Value::Int(_) | Value::Bool(_) | Value::Scalar(_, Num::Int(_)) => None,
        other => {
            let arr = draw::elements(ctx, other, span)?;
            if arr.layout.ndim() != 1 {
                return Err(EvalError::value_error(if arr.layout.ndim() == 0 {
                    "a must be 1-dimensional or an integer"
                } else {
                    "a must be 1-dimensional"
                }));
            }
            Some(arr)
        }
    };
    let pop = match &population {
        None => int_arg(a, false)?,
        Some(arr) => i128::from(arr.layout.shape().first().copied().unwrap_or(0)),
    };
    let shape = draw::size(b.given("size"))?;
    let size: i64 = shape.as_ref().map_or(1, |s| s.iter().product());
    if pop <= 0 && size != 0 {
        return Err(EvalError::value_error(match (&population, generator) {
            (None, Some(_)) => "a must be a positive integer unless no samples are taken",
            (None, None) => "a must be greater than 0 unless no samples are taken",
            (Some(_), _) => "'a' cannot be empty unless no samples are taken",
        }));
    }
    let pop = u64::try_from(pop.max(0)).unwrap_or(0);
    let replace = b
        .given("replace")
        .map(Value::truthy)
        .transpose()?
        .unwrap_or(true);
    let p = match b.value("p") {
        None => None,
        Some(v) => {
            let arr = draw::elements(ctx, v, span)?;
            let values: Vec<f64> = ctx
                .read_values(&arr, span)?
                .into_iter()
                .map(Num::as_f64)
                .collect();
            if arr.layout.ndim() != 1 {
                return Err(EvalError::value_error("'p' must be 1-dimensional"));
            }
            if values.len() as u64 != pop {
                return Err(EvalError::value_error("'a' and 'p' must have same size"));
            }
            if values.iter().any(|x| !x.is_finite()) {
                return Err(EvalError::value_error("probabilities contain NaN"));
            }
            if values.iter().any(|&x| x < 0.0) {
                return Err(EvalError::value_error("probabilities are not non-negative"));
            }
            if (kahan(&values) - 1.0).abs() > f64::EPSILON.sqrt() {
                return Err(EvalError::value_error("probabilities do not sum to 1"));
            }
            Some(values)
        }
    };
    let count = usize::try_from(size.max(0)).unwrap_or(0);
    let n = if shape.is_some() {
        draw::count(ctx, &[size.max(0)], DType::Int64, span)?
    } else {
        1
    };
    let picks: Vec<u64> = if replace {
        match &p {
            Some(p) => {
                let mut cdf = Vec::with_capacity(p.len());
                let mut acc = 0.0;
                for &x in p {
                    acc += x;
                    cdf.push(acc);
                }
                let last = cdf.last().copied().unwrap_or(1.0);
                for c in cdf.iter_mut() {
                    *c /= last;
                }
                (0..n)
                    .map(|_| {
                        let u = match generator {
                            Some(id) => gen_at(ctx, id).map(|g| g.random()).unwrap_or(0.0),
                            None => legacy::stream(ctx, legacy.flatten()).random(),
                        };
                        cdf.partition_point(|&c| c <= u) as u64
                    })
                    .collect()
            }
            None => match generator {
                Some(id) => gen_at(ctx, id)?.integers(0, pop - 1, n, Width::W64),
                None => legacy::stream(ctx, legacy.flatten()).integers(0, pop - 1, n, Width::W64),
            },
        }
    } else {
        if size as u64 > pop {
            return Err(EvalError::value_error(if generator.is_some() {
                "Cannot take a larger sample than population when replace is False"
            } else {
                "Cannot take a larger sample than population when 'replace=False'"
            }));
        }
        if p.is_some() {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::ChoiceWithoutReplacementP,
                span,
            ));
        }
        match generator {
            Some(id) => {
                let shuffle = b
                    .given("shuffle")
                    .map(Value::truthy)
                    .transpose()?
                    .unwrap_or(true);
                gen_at(ctx, id)?.sample_without_replacement(pop, count as u64, shuffle)
            }
            None => {
                let n = usize::try_from(pop).unwrap_or(0);
                draw::count(ctx, &[pop as i64], DType::Int64, span)?;
                let order = legacy::stream(ctx, legacy.flatten()).shuffle_order(n);
                if population.is_none() {
                    // NumPy's `permutation(pop)[:size]` reshaped: a view of the permutation.
                    let values: Vec<Num> = order.iter().map(|&k| Num::Int(k as i128)).collect();
                    let Value::Array(whole) = draw::array(
                        ctx,
                        &[pop as i64],
                        DType::Int64,
                        &values,
                        false,
                        "np.random.choice",
                        span,
                    )?
                    else {
                        return Err(EvalError::value_error("choice made no array"));
                    };
                    let dims: Vec<i64> = shape.as_deref().map_or_else(Vec::new, <[i64]>::to_vec);
                    let layout = stride_core::Layout::contiguous(&dims, 8, stride_core::Order::C)?;
                    if shape.is_none() {
                        return Ok(Value::Int(order.first().map_or(0, |&k| k as i128)));
                    }
                    return Ok(Value::Array(ctx.view(
                        &whole,
                        layout,
                        crate::array::Op::Strides("np.random.choice"),
                        span,
                    )));
                }
                order.into_iter().take(count).map(|k| k as u64).collect()
            }
        }
    };
    let label = if generator.is_some() {
        "Generator.choice"
    } else {
        "np.random.choice"
    };
    match population {
        None => {
            let Some(shape) = shape else {
                return Ok(Value::Int(i128::from(picks.first().copied().unwrap_or(0))));
            };
            let values: Vec<Num> = picks.iter().map(|&k| Num::Int(i128::from(k))).collect();
            draw::array(ctx, &shape, DType::Int64, &values, false, label, span)
        }
        Some(arr) => {
            let all = ctx.read_values(&arr, span)?;
            let values: Vec<Num> = picks
                .iter()
                .map(|&k| all.get(k as usize).copied().unwrap_or(Num::Int(0)))
                .collect();
            let Some(shape) = shape else {
                return Ok(Value::Scalar(
                    arr.dtype,
                    values.first().copied().unwrap_or(Num::Int(0)),
                ));
            };
            draw::array(ctx, &shape, arr.dtype, &values, false, label, span)
        }
    }
}
