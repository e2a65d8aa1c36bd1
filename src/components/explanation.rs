//! The why: a short explanation of how the array got its layout (or why the program failed),
//! written from the arrays crate's [`Why`] and [`ErrorWhy`], in English or Spanish.

use array_picture::ReadOrder;
use arrays::explain::{ErrorWhy, Pick, WalkCause, Why};
use arrays::facts;
use stride_core::reshape::CopyReason;
use yew::prelude::*;

use super::{Shared, ints, use_lang};
use crate::i18n::{Lang, Texts, fill};
use crate::intl::plural;

/// Props of [`Explanation`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The layout's why, for an array.
    #[prop_or_default]
    pub why: Option<Shared<Why>>,
    /// The error's why, for a failed program.
    #[prop_or_default]
    pub error: Option<Shared<ErrorWhy>>,
}

fn list(items: &[i64]) -> String {
    stride_core::dims::list(items).to_string()
}

/// "0", "0 and 1", "0, 1 and 2" ("0 y 1" in Spanish).
fn and_list(items: &[usize], t: &Texts) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("{}{}{last}", rest.join(", "), t.and_word)
        }
    }
}

/// "forward 4, forward 4, back 7" (`…` where steps are left out).
fn steps_text(steps: &[Option<i64>], t: &Texts) -> String {
    steps
        .iter()
        .map(|s| match *s {
            None => "…".to_string(),
            Some(0) => t.step_stay.to_string(),
            Some(s) if s > 0 => fill(t.step_forward, &[("n", &s.to_string())]),
            Some(s) => fill(
                t.step_backward,
                &[(
                    "n",
                    &s.checked_neg()
                        .map_or_else(|| "…".into(), |n| n.to_string()),
                )],
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "0, 4, 8, 1, …" (`…` where positions are left out).
fn walk_text(walk: &[Option<i64>]) -> String {
    walk.iter()
        .map(|p| p.map_or_else(|| "…".to_string(), |p| p.to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A number the engine computed, or `…` when it overflowed.
fn or_dots(n: Option<i64>) -> String {
    n.map_or_else(|| "…".to_string(), |n| n.to_string())
}

/// The first sentence of a copy's walk: in the order read, and why that walk needs new memory.
fn walk_sentence(
    function: &str,
    order: ReadOrder,
    walk: &[Option<i64>],
    steps: &[Option<i64>],
    cause: WalkCause,
    t: &Texts,
) -> String {
    let walk = walk_text(walk);
    let stride = steps
        .iter()
        .flatten()
        .next()
        .copied()
        .unwrap_or(0)
        .to_string();
    let order = match order {
        ReadOrder::Row => t.order_row,
        ReadOrder::Column => t.order_column,
        ReadOrder::Memory => t.order_memory,
    };
    let common = [
        ("order", order),
        ("walk", walk.as_str()),
        ("function", function),
    ];
    let with = |template: &str, more: &[(&str, &str)]| {
        let mut values = common.to_vec();
        values.extend_from_slice(more);
        fill(template, &values)
    };
    match cause {
        WalkCause::Uneven => with(t.walk_uneven, &[("steps", &steps_text(steps, t))]),
        WalkCause::Spaced { stride, needed } => with(
            t.walk_spaced,
            &[
                ("stride", &stride.to_string()),
                ("needed", &needed.to_string()),
            ],
        ),
        WalkCause::Always if steps.is_empty() => with(t.walk_always_short, &[]),
        WalkCause::Always => with(t.walk_always, &[("stride", &stride)]),
    }
}

fn pick_sentence(p: &Pick, lang: Lang, t: &Texts) -> String {
    match p {
        Pick::Slice { axis, len: 0, .. } => fill(t.pick_empty, &[("axis", &axis.to_string())]),
        Pick::Slice {
            axis,
            start,
            step,
            len,
            stride,
        } => fill(
            t.pick_slice,
            &[
                ("axis", &axis.to_string()),
                ("start", &start.to_string()),
                ("step", &step.to_string()),
                ("items", &plural(*len, lang, t.items_one, t.items_other)),
                ("stride", &stride.to_string()),
                ("new", &or_dots(facts::slice_stride(*stride, *step))),
            ],
        ),
        Pick::Int {
            axis,
            index,
            stride,
        } => fill(
            t.pick_int,
            &[
                ("axis", &axis.to_string()),
                ("index", &index.to_string()),
                ("stride", &stride.to_string()),
                ("shift", &or_dots(facts::index_shift(*index, *stride))),
            ],
        ),
        Pick::NewAxis => t.pick_new_axis.to_string(),
    }
}

/// The sentences for a layout's why.
pub fn sentences(why: &Why, lang: Lang) -> Vec<String> {
    let t = lang.t();
    let function_in = |template: &str, function: &str| fill(template, &[("function", function)]);
    match why {
        Why::Created { function } => vec![function_in(t.why_created, function)],
        Why::Indexed {
            picks,
            start_before,
            start_after,
        } => {
            let mut out: Vec<String> = picks.iter().map(|p| pick_sentence(p, lang, t)).collect();
            let (before, after) = (start_before.to_string(), start_after.to_string());
            let template = if start_before == start_after {
                t.start_stays
            } else {
                t.start_moves
            };
            out.push(fill(template, &[("before", &before), ("after", &after)]));
            out
        }
        Why::Permuted {
            perm,
            strides_before,
            strides_after,
        } => vec![fill(
            t.why_permuted,
            &[
                ("perm", &list(perm)),
                ("before", &ints(strides_before)),
                ("after", &ints(strides_after)),
            ],
        )],
        Why::Regrouped {
            function,
            shape_before,
            strides_before,
            strides_after,
        } => vec![fill(
            t.why_regrouped,
            &[
                ("function", function),
                ("shape", &ints(shape_before)),
                ("before", &ints(strides_before)),
                ("after", &ints(strides_after)),
            ],
        )],
        Why::ReshapeCopied {
            function,
            order,
            walk,
            steps,
            cause,
            reason,
        } => {
            let mut out = vec![walk_sentence(function, *order, walk, steps, *cause, t)];
            if let Some(r) = reason {
                out.push(reason_sentence(t.reshape_reason, r, &[]));
            }
            out
        }
        Why::Broadcast {
            function,
            stretched,
            reads,
        } => {
            let axes = and_list(stretched, t);
            let one = crate::intl::is_one(stretched.len() as i64, lang);
            let (axes, them) = if one {
                (fill(t.broadcast_axis, &[("axes", &axes)]), t.broadcast_it)
            } else {
                (fill(t.broadcast_axes, &[("axes", &axes)]), t.broadcast_them)
            };
            let times = plural(*reads, lang, t.times_one, t.times_other);
            vec![fill(
                t.why_broadcast,
                &[
                    ("function", function),
                    ("axes", &axes),
                    ("them", them),
                    ("times", &times),
                ],
            )]
        }
        Why::Axes { function } => vec![function_in(t.why_axes, function)],
        Why::Restrided { function } => vec![function_in(t.why_restrided, function)],
        Why::Strided { windows, outside } => {
            let mut out = vec![if *windows {
                t.why_windows.to_string()
            } else {
                t.why_as_strided.to_string()
            }];
            if *outside > 0 {
                let n = i64::try_from(*outside).unwrap_or(i64::MAX);
                out.push(plural(n, lang, t.outside_one, t.outside_other));
            }
            out
        }
        Why::Copied { function } => vec![function_in(t.why_copied, function)],
        Why::Cast { from, to } => vec![fill(
            t.why_cast,
            &[("from", from.name()), ("to", to.name())],
        )],
        Why::Gathered => vec![t.why_gathered.to_string()],
        Why::FromScalar => vec![t.why_from_scalar.to_string()],
        Why::Computed { operation } => vec![fill(t.why_computed, &[("operation", operation)])],
        Why::Contracted { function, strides } => vec![fill(
            t.why_contracted,
            &[("function", function), ("strides", &ints(strides))],
        )],
    }
}

/// A reshape's reason in `template`: axes `outer` and `inner`, the step `needed` and the `stride`.
fn reason_sentence(template: &str, r: &CopyReason, more: &[(&str, &str)]) -> String {
    let mut values: Vec<(&str, &str)> = more.to_vec();
    let (outer, inner, needed, stride) = (
        r.outer.to_string(),
        r.inner.to_string(),
        r.needed.to_string(),
        r.stride.to_string(),
    );
    values.extend([
        ("outer", outer.as_str()),
        ("inner", inner.as_str()),
        ("needed", needed.as_str()),
        ("stride", stride.as_str()),
    ]);
    fill(template, &values)
}

/// The sentences for an error's why.
pub fn error_sentences(why: &ErrorWhy, lang: Lang) -> Vec<String> {
    let t = lang.t();
    match why {
        ErrorWhy::NeedsCopy {
            strides,
            reason,
            torch,
            ..
        } => vec![
            reason_sentence(t.needs_copy, reason, &[("strides", &ints(strides))]),
            // PyTorch's view, or NumPy's reshape(copy=False): each has its own way out.
            if *torch {
                t.needs_copy_fix
            } else {
                t.needs_copy_fix_numpy
            }
            .to_string(),
        ],
        ErrorWhy::ReshapeSize {
            size,
            shape,
            places,
            unknown,
        } => reshape_size_sentences(*size, shape, *places, *unknown, lang),
    }
}

/// Why `reshape(shape)` cannot hold `size` numbers: "12 numbers cannot fill 5 × 3 = 15 places".
fn reshape_size_sentences(
    size: i64,
    shape: &[i64],
    places: i64,
    unknown: bool,
    lang: Lang,
) -> Vec<String> {
    let t = lang.t();
    let n = crate::intl::number(size, lang);
    let one = crate::intl::is_one(size, lang);
    let numbers = plural(size, lang, t.numbers_one, t.numbers_other);
    let p = crate::intl::number(places, lang);
    let rule = fill(t.reshape_rule, &[("n", &n)]);
    if unknown {
        let first = fill(
            t.reshape_unknown,
            &[("p", &p), ("n", &n), ("numbers", &numbers)],
        );
        return vec![first, rule];
    }
    let sizes: Vec<String> = shape
        .iter()
        .map(|&d| crate::intl::number(d, lang))
        .collect();
    let product = if sizes.len() > 1 {
        format!("{} = {p}", sizes.join(" × "))
    } else {
        p.clone()
    };
    let place_word = if crate::intl::is_one(places, lang) {
        t.place_one
    } else {
        t.place_other
    };
    let verb = match (places > size, one) {
        (true, true) => t.cannot_fill_one,
        (true, false) => t.cannot_fill_other,
        (false, true) => t.does_not_fit_one,
        (false, false) => t.does_not_fit_other,
    };
    vec![
        fill(
            t.reshape_size,
            &[
                ("numbers", &numbers),
                ("verb", verb),
                ("product", &product),
                ("places", place_word),
            ],
        ),
        rule,
    ]
}

/// The why, as a short list of sentences.
#[function_component(Explanation)]
pub fn explanation(props: &Props) -> Html {
    crate::renders::count("Explanation");
    let lang = use_lang();
    let t = lang.t();
    let lines = match (&props.why, &props.error) {
        (Some(w), _) => sentences(w, lang),
        (None, Some(e)) => error_sentences(e, lang),
        (None, None) => Vec::new(),
    };
    if lines.is_empty() {
        return html! {};
    }
    html! {
        <section class="why" data-role="explanation" aria-label={t.why}>
            <h2>{ t.why }</h2>
            { for lines.into_iter().map(|l| html! { <p>{ l }</p> }) }
        </section>
    }
}
