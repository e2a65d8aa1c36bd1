//! The why: a short explanation of how the array got its layout (or why the program failed),
//! written from stride-expr's [`Why`] and [`ErrorWhy`], in English or Spanish.

use stride_expr::explain::{ErrorWhy, Pick, ReadOrder, WalkCause, Why};
use yew::prelude::*;

use super::{Shared, ints, use_lang};
use crate::i18n::Lang;
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
fn and_list(items: &[usize], lang: Lang) -> String {
    let and = if lang == Lang::Es { " y " } else { " and " };
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("{}{and}{last}", rest.join(", "))
        }
    }
}

/// "forward 4, forward 4, back 7" (`…` where steps are left out).
fn steps_text(steps: &[Option<i64>], lang: Lang) -> String {
    let (fwd, back, stay) = match lang {
        Lang::En => ("forward", "back", "stay"),
        Lang::Es => ("adelante", "atrás", "quieto"),
    };
    steps
        .iter()
        .map(|s| match *s {
            None => "…".to_string(),
            Some(0) => stay.to_string(),
            Some(s) if s > 0 => format!("{fwd} {s}"),
            Some(s) => format!("{back} {}", -s),
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

/// The first sentence of a copy's walk: in the order read, and why that walk needs new memory.
fn walk_sentence(
    function: &str,
    order: ReadOrder,
    walk: &[Option<i64>],
    steps: &[Option<i64>],
    cause: WalkCause,
    lang: Lang,
) -> String {
    let walk = walk_text(walk);
    let stride = steps.iter().flatten().next().copied().unwrap_or(0);
    if lang == Lang::Es {
        let order = match order {
            ReadOrder::Row => "orden de filas",
            ReadOrder::Column => "orden de columnas",
            ReadOrder::Memory => "orden de memoria",
        };
        match cause {
            WalkCause::Uneven => format!(
                "Leída en {order}, la entrada recorre la memoria así: {walk}; es decir {}. Ningún stride describe ese recorrido, así que {function} copia los números a memoria nueva, en ese orden.",
                steps_text(steps, lang)
            ),
            WalkCause::Spaced { stride, needed } => format!(
                "Leída en {order}, la entrada recorre la memoria así: {walk}; un solo stride, {stride}, pero {function} devuelve sus números seguidos (a {needed} de distancia), así que los copia a memoria nueva, en ese orden."
            ),
            WalkCause::Always if steps.is_empty() => format!(
                "Leída en {order}, la entrada recorre la memoria así: {walk}. {function} copia aquí sea cual sea el recorrido: escribe los números en memoria nueva, en ese orden."
            ),
            WalkCause::Always => format!(
                "Leída en {order}, la entrada recorre la memoria así: {walk}; un solo stride, {stride}. {function} copia aquí sea cual sea el recorrido: escribe los números en memoria nueva, en ese orden."
            ),
        }
    } else {
        let order = match order {
            ReadOrder::Row => "row order",
            ReadOrder::Column => "column order",
            ReadOrder::Memory => "memory order",
        };
        match cause {
            WalkCause::Uneven => format!(
                "Read in {order}, the input walks memory {walk}: {}. No single stride describes that walk, so {function} copies the numbers into new memory, in that order.",
                steps_text(steps, lang)
            ),
            WalkCause::Spaced { stride, needed } => format!(
                "Read in {order}, the input walks memory {walk}: one stride, {stride}, but {function} returns its numbers side by side ({needed} apart), so it copies them into new memory, in that order."
            ),
            WalkCause::Always if steps.is_empty() => format!(
                "Read in {order}, the input walks memory {walk}. {function} copies here whatever the walk: it writes the numbers into new memory, in that order."
            ),
            WalkCause::Always => format!(
                "Read in {order}, the input walks memory {walk}: one stride, {stride}. {function} copies here whatever the walk: it writes the numbers into new memory, in that order."
            ),
        }
    }
}

/// The sentences for a layout's why.
pub fn sentences(why: &Why, lang: Lang) -> Vec<String> {
    let es = lang == Lang::Es;
    match why {
        Why::Created { function } => vec![if es {
            format!(
                "{function} crea un array nuevo con memoria propia: sus números están en orden de filas, así que sus strides son los de un array contiguo."
            )
        } else {
            format!(
                "{function} made a new array with memory of its own: its numbers lie in row order, so its strides are those of a contiguous array."
            )
        }],
        Why::Indexed {
            picks,
            start_before,
            start_after,
        } => {
            let mut out: Vec<String> = picks
                .iter()
                .map(|p| match p {
                    Pick::Slice { axis, len: 0, .. } => {
                        if es { format!("eje {axis}: un corte vacío (0 elementos).") } else { format!("axis {axis}: an empty slice (0 items).") }
                    }
                    Pick::Slice { axis, start, step, len, stride } => {
                        let new = stride * step;
                        if es {
                            let items = plural(*len, lang, "{n} elemento", "{n} elementos");
                            format!("eje {axis}: empieza en el índice {start} y avanza de {step} en {step} ({items}): el stride {stride} pasa a {stride}·{step} = {new}.")
                        } else {
                            let items = plural(*len, lang, "{n} item", "{n} items");
                            format!("axis {axis}: starts at index {start} and steps {step} ({items}): the stride {stride} becomes {stride}·{step} = {new}.")
                        }
                    }
                    Pick::Int { axis, index, stride } => {
                        if es {
                            format!("eje {axis}: el índice {index} mueve el inicio {index}·{stride} = {} y quita el eje.", index * stride)
                        } else {
                            format!("axis {axis}: index {index} moves the start by {index}·{stride} = {} and removes the axis.", index * stride)
                        }
                    }
                    Pick::NewAxis => {
                        if es { "None añade un eje de tamaño 1 y stride 0.".to_string() } else { "None adds an axis of size 1 with stride 0.".to_string() }
                    }
                })
                .collect();
            out.push(match (es, start_before == start_after) {
                (true, true) => format!("El inicio se queda en {start_after}. Ningún número se mueve: es una vista."),
                (true, false) => format!("El inicio pasa de {start_before} a {start_after}. Ningún número se mueve: es una vista."),
                (false, true) => format!("The start stays at {start_after}. No number moves: it is a view."),
                (false, false) => format!("The start goes from {start_before} to {start_after}. No number moves: it is a view."),
            });
            out
        }
        Why::Permuted {
            perm,
            strides_before,
            strides_after,
        } => vec![if es {
            format!(
                "Los ejes se reordenan ({}): los strides {} pasan a {}. Ningún número se mueve, así que no cuesta nada, sea cual sea el tamaño.",
                list(perm),
                ints(strides_before),
                ints(strides_after)
            )
        } else {
            format!(
                "The axes are reordered ({}): the strides {} become {}. No number moves, so it costs nothing, whatever the size.",
                list(perm),
                ints(strides_before),
                ints(strides_after)
            )
        }],
        Why::Regrouped {
            function,
            shape_before,
            strides_before,
            strides_after,
        } => vec![if es {
            format!(
                "{function} conserva la memoria: la shape {} con strides {} se reagrupa con strides {}. Es una vista.",
                ints(shape_before),
                ints(strides_before),
                ints(strides_after)
            )
        } else {
            format!(
                "{function} keeps the memory: the shape {} with strides {} is regrouped with strides {}. It is a view.",
                ints(shape_before),
                ints(strides_before),
                ints(strides_after)
            )
        }],
        Why::ReshapeCopied {
            function,
            order,
            walk,
            steps,
            cause,
            reason,
        } => {
            let mut out = vec![walk_sentence(function, *order, walk, steps, *cause, lang)];
            if let Some(r) = reason {
                out.push(if es {
                    format!("Para unir los ejes {} y {} en una sola tira, el eje {} tendría que avanzar {}, pero avanza {}.", r.outer, r.inner, r.outer, r.needed, r.stride)
                } else {
                    format!("To join axes {} and {} into one run, axis {} would have to step {}, but it steps {}.", r.outer, r.inner, r.outer, r.needed, r.stride)
                });
            }
            out
        }
        Why::Broadcast {
            function,
            stretched,
            reads,
        } => {
            let axes = and_list(stretched, lang);
            let one = crate::intl::is_one(stretched.len() as i64, lang);
            vec![if es {
                let (axes, them) = if one {
                    (format!("al eje {axes}"), "él")
                } else {
                    (format!("a los ejes {axes}"), "ellos")
                };
                let times = plural(*reads, lang, "{n} vez", "{n} veces");
                format!(
                    "{function} da stride 0 {axes}: moverse por {them} vuelve a leer la misma memoria, así que cada número se lee {times} y no se añade memoria."
                )
            } else {
                let (axes, them) = if one {
                    (format!("axis {axes}"), "it")
                } else {
                    (format!("axes {axes}"), "them")
                };
                let times = plural(*reads, lang, "{n} time", "{n} times");
                format!(
                    "{function} gives {axes} the stride 0: moving along {them} reads the same memory again, so each number is read {times} and no memory is added."
                )
            }]
        }
        Why::Axes { function } => vec![if es {
            format!(
                "{function} añade o quita ejes de tamaño 1: sus strides no importan y ningún número se mueve."
            )
        } else {
            format!(
                "{function} adds or removes axes of size 1: their strides do not matter and no number moves."
            )
        }],
        Why::Strided { windows, outside } => {
            let mut out = vec![match (windows, es) {
                (true, false) => "sliding_window_view builds overlapping windows from strides alone: neighbouring windows read the same memory.".to_string(),
                (true, true) => "sliding_window_view construye ventanas que se solapan solo con strides: ventanas vecinas leen la misma memoria.".to_string(),
                (false, false) => "as_strided uses the shape and strides you give and checks nothing.".to_string(),
                (false, true) => "as_strided usa la shape y los strides que le das y no comprueba nada.".to_string(),
            }];
            if *outside > 0 {
                let n = i64::try_from(*outside).unwrap_or(i64::MAX);
                out.push(if es {
                    plural(
                        n,
                        lang,
                        "{n} lectura cae fuera del buffer: NumPy devolvería basura o fallaría.",
                        "{n} lecturas caen fuera del buffer: NumPy devolvería basura o fallaría.",
                    )
                } else {
                    plural(
                        n,
                        lang,
                        "{n} read falls outside the buffer: NumPy would return garbage or crash.",
                        "{n} reads fall outside the buffer: NumPy would return garbage or crash.",
                    )
                });
            }
            out
        }
        Why::Copied { function } => vec![if es {
            format!("{function} copia los números a memoria nueva.")
        } else {
            format!("{function} copies the numbers into new memory.")
        }],
        Why::Cast { from, to } => vec![if es {
            format!("astype({to}) crea memoria nueva: cada valor {from} se convierte a {to}.")
        } else {
            format!("astype({to}) makes new memory: each {from} value is converted to {to}.")
        }],
        Why::Gathered => vec![if es {
            "Indexar con una lista o una máscara reúne los elementos elegidos en memoria nueva: ningún stride describe una elección arbitraria, así que es una copia.".to_string()
        } else {
            "Indexing with a list or a mask gathers the chosen elements into new memory: no strides can describe an arbitrary choice, so it is a copy.".to_string()
        }],
        Why::FromScalar => vec![if es {
            "Un escalar de NumPy (un elemento sacado de un array con índices enteros) es un número propio, no un lugar en la memoria del array: para indexarlo con None o ..., NumPy copia primero su valor a memoria nueva (un array 0-d), así que el resultado no comparte memoria con el array.".to_string()
        } else {
            "A NumPy scalar (an element taken out of an array with integer indices) is a number of its own, not a place in the array's memory: to index it with None or ..., NumPy first copies its value into new memory (a 0-d array), so the result shares no memory with the array.".to_string()
        }],
        Why::Computed { operation } => vec![if es {
            format!(
                "La operación «{operation}» crea un array nuevo: lee los operandos (con broadcasting si hace falta) y escribe los resultados en memoria nueva."
            )
        } else {
            format!(
                "The operation “{operation}” makes a new array: it reads the operands (broadcast if needed) and writes the results to new memory."
            )
        }],
    }
}

/// The sentences for an error's why.
pub fn error_sentences(why: &ErrorWhy, lang: Lang) -> Vec<String> {
    match why {
        ErrorWhy::NeedsCopy {
            strides,
            reason,
            torch,
            ..
        } => {
            let r = reason;
            // PyTorch's view, or NumPy's reshape(copy=False): each has its own way out.
            let remedy = match (lang == Lang::Es, *torch) {
                (true, true) => {
                    "view nunca mueve números, así que se niega. .contiguous() copia primero los números en orden de filas; .reshape(...) hace los dos pasos."
                }
                (false, true) => {
                    "view never moves numbers, so it refuses. .contiguous() first copies the numbers into row order; .reshape(...) does both steps."
                }
                (true, false) => {
                    "Con copy=False, reshape nunca mueve números, así que se niega. Sin copy=False, reshape copia los números a memoria nueva cuando hace falta."
                }
                (false, false) => {
                    "With copy=False, reshape never moves numbers, so it refuses. Without copy=False, reshape copies the numbers into new memory when it has to."
                }
            };
            if lang == Lang::Es {
                vec![
                    format!(
                        "Los strides son {}. Para unir los ejes {} y {} en una sola tira de vecinos, el eje {} tendría que avanzar {}, pero avanza {}.",
                        ints(strides),
                        r.outer,
                        r.inner,
                        r.outer,
                        r.needed,
                        r.stride
                    ),
                    remedy.to_string(),
                ]
            } else {
                vec![
                    format!(
                        "The strides are {}. To join axes {} and {} into one run of neighbours, axis {} would have to step {}, but it steps {}.",
                        ints(strides),
                        r.outer,
                        r.inner,
                        r.outer,
                        r.needed,
                        r.stride
                    ),
                    remedy.to_string(),
                ]
            }
        }
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
    let es = lang == Lang::Es;
    let n = crate::intl::number(size, lang);
    let one = crate::intl::is_one(size, lang);
    let numbers = if es {
        plural(size, lang, "{n} número", "{n} números")
    } else {
        plural(size, lang, "{n} number", "{n} numbers")
    };
    let p = crate::intl::number(places, lang);
    let rule = if es {
        format!(
            "reshape y view solo reagrupan los números que tiene el array, así que el producto de los nuevos tamaños tiene que ser {n}."
        )
    } else {
        format!(
            "reshape and view only regroup the numbers an array has, so the new sizes must multiply to {n}."
        )
    };
    if unknown {
        let first = if es {
            format!(
                "Los tamaños distintos de -1 se multiplican hasta {p}, y {n} no es múltiplo de {p}: ningún tamaño para -1 da {numbers}."
            )
        } else {
            format!(
                "The sizes other than -1 multiply to {p}, and {n} is not a multiple of {p}: no size for -1 gives {numbers}."
            )
        };
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
    let place_word = match (es, crate::intl::is_one(places, lang)) {
        (false, true) => "place",
        (false, false) => "places",
        (true, true) => "posición",
        (true, false) => "posiciones",
    };
    let verb = match (es, places > size, one) {
        (false, true, _) => "cannot fill",
        (false, false, true) => "does not fit in",
        (false, false, false) => "do not fit in",
        (true, true, true) => "no puede llenar",
        (true, true, false) => "no pueden llenar",
        (true, false, true) => "no cabe en",
        (true, false, false) => "no caben en",
    };
    vec![format!("{numbers} {verb} {product} {place_word}."), rule]
}

/// The why, as a short list of sentences.
#[function_component(Explanation)]
pub fn explanation(props: &Props) -> Html {
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
