//! The broadcasting visualizer (seed 003): two shapes lined up from the right, each axis marked
//! equal, stretched or incompatible, the result shape or NumPy's error, each operand's stride-0
//! view of the result, and the (N,) − (N, 1) bug as the N × N table it silently builds. Every
//! fact comes from the arrays crate's [`broadcast_view`](arrays::broadcast_view); this only
//! draws it.

use arrays::broadcast_view::{AxisStatus, view};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{ints, tuple, use_lang};

/// Largest size the visualizer accepts for one axis.
const MAX_SIZE: i64 = 99;
/// Most axes per operand.
const MAX_AXES: usize = 6;
/// The bug's table is drawn up to this N.
const TABLE_MAX: i64 = 12;

/// Shapes to start from, from seeds 001 and 003.
const EXAMPLES: [(&[i64], &[i64]); 5] = [
    (&[5, 1], &[5]),
    (&[3], &[2, 4, 3]),
    (&[3, 4], &[3]),
    (&[7, 1, 5], &[1, 6, 5]),
    (&[3, 4], &[3, 1]),
];

/// Props of [`Broadcast`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The first operand's shape at the start.
    #[prop_or(vec![5, 1])]
    pub a: Vec<i64>,
    /// The second operand's shape at the start.
    #[prop_or(vec![5])]
    pub b: Vec<i64>,
}

/// The visualizer.
#[function_component(Broadcast)]
pub fn broadcast(props: &Props) -> Html {
    let t = use_lang().t();
    let a = use_state(|| props.a.clone());
    let b = use_state(|| props.b.clone());

    let edit = |which: UseStateHandle<Vec<i64>>, axis: usize| {
        Callback::from(move |e: Event| {
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                return;
            };
            let Ok(v) = input.value().trim().parse::<i64>() else {
                return;
            };
            let mut next = (*which).clone();
            if let Some(slot) = next.get_mut(axis) {
                *slot = v.clamp(0, MAX_SIZE);
            }
            which.set(next);
        })
    };
    let add = |which: UseStateHandle<Vec<i64>>| {
        Callback::from(move |_: MouseEvent| {
            if which.len() < MAX_AXES {
                let mut next = vec![1];
                next.extend(which.iter());
                which.set(next);
            }
        })
    };
    let remove = |which: UseStateHandle<Vec<i64>>| {
        Callback::from(move |_: MouseEvent| {
            if !which.is_empty() {
                which.set(which.iter().skip(1).copied().collect());
            }
        })
    };

    let drawn = view(&a, &b, TABLE_MAX);

    let operand = |name: &'static str,
                   shape: &UseStateHandle<Vec<i64>>,
                   cells: &[Option<(usize, i64)>]| {
        html! {
            <tr>
                <th scope="row"><code>{ name }</code></th>
                { for cells.iter().map(|c| match *c {
                    None => html! { <td class="padded" data-status="padded" title={t.padded}>
                        <span aria-label={format!("1, {}", t.padded)}>{ "1" }</span>
                    </td> },
                    Some((axis, v)) => html! {
                        <td>
                            <input type="number" min="0" max={MAX_SIZE.to_string()} value={v.to_string()}
                                aria-label={format!("{name}, {} {axis}", t.dimension)}
                                data-axis={axis.to_string()} data-operand={name}
                                onchange={edit(shape.clone(), axis)} />
                        </td>
                    },
                }) }
                <td class="axis-buttons">
                    <button type="button" onclick={add(shape.clone())} aria-label={format!("{name}: {}", t.add_axis)}>{ "+" }</button>
                    <button type="button" onclick={remove(shape.clone())} aria-label={format!("{name}: {}", t.remove_axis)}>{ "−" }</button>
                </td>
            </tr>
        }
    };

    let table = drawn.bug_table.as_ref().map(|rows| {
        html! {
            <figure class="bug" data-role="bug-table">
                <figcaption><strong>{ t.bug_title }</strong>{ " " }{ t.bug_text }</figcaption>
                <table>
                    { for rows.iter().enumerate().map(|(i, row)| html! {
                        <tr>{ for row.iter().enumerate().map(|(j, v)| html! {
                            <td class={classes!((i == j).then_some("diagonal"))}>{ v.to_string() }</td>
                        }) }</tr>
                    }) }
                </table>
            </figure>
        }
    });

    html! {
        <section class="broadcast" data-role="broadcast" aria-label={t.broadcasting}>
            <h2>{ t.broadcasting }</h2>
            <p class="help">{ t.broadcast_help }</p>
            <div class="broadcast-examples">
                { for EXAMPLES.iter().map(|(x, y)| {
                    let (sa, sb) = (a.clone(), b.clone());
                    let (x, y) = (x.to_vec(), y.to_vec());
                    let label = format!("{} {}", ints(&x), ints(&y));
                    html! { <button type="button" class="preset" onclick={Callback::from(move |_: MouseEvent| { sa.set(x.clone()); sb.set(y.clone()); })}>
                        <code>{ label }</code>
                    </button> }
                }) }
            </div>
            <table class="shapes">
                <tbody>
                    { operand("a", &a, &drawn.a) }
                    { operand("b", &b, &drawn.b) }
                    <tr class="statuses">
                        <th scope="row"></th>
                        { for drawn.statuses.iter().map(|s| {
                            let key = s.key();
                            let text = match s {
                                AxisStatus::Equal => t.equal,
                                AxisStatus::Stretched => t.stretched,
                                AxisStatus::Incompatible => t.incompatible,
                            };
                            html! { <td class={key} data-status={key}>{ text }</td> }
                        }) }
                    </tr>
                </tbody>
            </table>
            { match &drawn.result {
                Ok(shape) => html! {
                    <div>
                        <p class="broadcast-result">{ format!("{}: ", t.result) }<code data-role="broadcast-result">{ ints(shape) }</code></p>
                        <p class="help">{ t.stride_zero_view }</p>
                        <ul class="stride-views">
                            { for drawn.stretched.iter().flat_map(|(sa, sb)| [("a", sa), ("b", sb)]).map(|(name, strides)| {
                                html! { <li><code>{ format!("{name} → {}: strides {}", ints(shape), tuple(&strides.iter().copied().map(Some).collect::<Vec<_>>())) }</code></li> }
                            }) }
                        </ul>
                        { table.unwrap_or_default() }
                    </div>
                },
                Err(e) => html! {
                    <p class="error" data-role="broadcast-error"><strong>{ e.exception() }</strong>{ format!(": {e}") }</p>
                },
            } }
        </section>
    }
}
