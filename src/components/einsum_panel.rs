//! The einsum cost panel (seed 003, "Contraction order changes the cost, not the answer"): the
//! learner types subscripts and operand shapes, or opens the seed's example, and sees every order
//! of pairwise contraction with its multiply-adds, NumPy's FLOP count and its intermediates, the
//! order `np.einsum_path` picks marked, and NumPy's own report for it. Every number comes from
//! the engine's reply to a [`lab_protocol::einsum`] request (its `arrays::numpy::einsum::orders`);
//! this only writes them.

use std::cell::Cell;
use std::rc::Rc;

use arrays::numpy::einsum::orders::{MAX_DIM, MAX_OPERANDS, Order, Orders, ShapesError};
use lab_protocol::einsum::{Listed, Problem, Reply as EinsumReply, Request as EinsumRequest};
use lab_protocol::{Reply, Request};
use yew::prelude::*;

use super::{Shared, use_lang, use_unique_id};
use crate::i18n::{Lang, fill};

/// The seed's example: A 1000×10, B 10×1000, C 1000×10.
pub const EXAMPLE: (&str, &str) = ("ij,jk,kl->il", "1000×10, 10×1000, 1000×10");

/// Props of [`EinsumPanel`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// Subscripts and shapes to show, from the program box's link; a new value fills them in.
    #[prop_or_default]
    pub request: Option<Shared<(String, String)>>,
}

/// What the panel shows for its inputs: the engine's reply.
type Shown = Result<Listed, Problem>;

/// Superscript digits for a power of ten.
fn superscript(k: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    k.to_string()
        .bytes()
        .map(|b| DIGITS.get(usize::from(b - b'0')).copied().unwrap_or('?'))
        .collect()
}

/// `n` as a few digits times a power of ten, `(m, k)` for `m×10ᵏ`, when it is one from 10⁵ up.
fn as_power(n: u128) -> Option<(u128, u32)> {
    let (mut m, mut k) = (n, 0u32);
    while m != 0 && m % 10 == 0 {
        m /= 10;
        k += 1;
    }
    (n >= 100_000 && m < 1000).then_some((m, k))
}

/// How the numbers of one column are written: all as powers of ten or all with digit grouping,
/// never both in one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `2×10⁷`: every number of the column (but 0) is a few digits times a power of ten.
    Powers,
    /// `2,006,000`: the language's digit grouping.
    Digits,
}

impl Notation {
    /// Powers when every nonzero number of `column` can be written as one, else digits.
    pub fn of(column: impl IntoIterator<Item = u128>) -> Notation {
        if column.into_iter().all(|n| n == 0 || as_power(n).is_some()) {
            Notation::Powers
        } else {
            Notation::Digits
        }
    }

    /// `n` in this notation. No float formatting.
    pub fn write(self, n: u128, lang: Lang) -> String {
        match (self, as_power(n)) {
            (Notation::Powers, Some((1, k))) => format!("10{}", superscript(k)),
            (Notation::Powers, Some((m, k))) => format!("{m}×10{}", superscript(k)),
            _ => match i64::try_from(n) {
                Ok(n) => crate::intl::number(n, lang),
                Err(_) => n.to_string(),
            },
        }
    }
}

/// A count on its own, in a sentence: `2×10⁷` when it is a few digits times a power of ten (from
/// 10⁵ up), else with the language's digit grouping, `123,456`.
pub fn count_text(n: u128, lang: Lang) -> String {
    Notation::of([n]).write(n, lang)
}

/// The notation of each column of numbers: the steps', the multiply-adds', the FLOP counts' and
/// the largest intermediates'.
struct Columns {
    steps: Notation,
    multiply_adds: Notation,
    flops: Notation,
    largest: Notation,
}

impl Columns {
    fn of(o: &Orders) -> Columns {
        let steps = o.orders.iter().flat_map(|r| r.steps.iter());
        Columns {
            steps: Notation::of(steps.flat_map(|s| [s.size, s.multiply_adds])),
            multiply_adds: Notation::of(o.orders.iter().map(|r| r.multiply_adds)),
            flops: Notation::of(o.orders.iter().map(|r| r.flops)),
            largest: Notation::of(o.orders.iter().map(|r| r.largest)),
        }
    }
}

/// A shape as `1000×10` (a 0-d term as `()`).
fn shape_text(shape: &[u128]) -> String {
    if shape.is_empty() {
        return "()".to_string();
    }
    shape
        .iter()
        .map(u128::to_string)
        .collect::<Vec<_>>()
        .join("×")
}

fn problem_text(p: &Problem, lang: Lang) -> String {
    let t = lang.t().einsum;
    match p {
        Problem::Shapes(ShapesError::Empty) => t.no_shapes.to_string(),
        Problem::Shapes(ShapesError::NotANumber(part)) => fill(t.not_a_size, &[("part", part)]),
        Problem::Shapes(ShapesError::TooLarge(part)) => fill(
            t.too_large,
            &[("part", part), ("max", &count_text(MAX_DIM as u128, lang))],
        ),
        Problem::Shapes(ShapesError::Brackets) => t.brackets.to_string(),
        Problem::Shapes(ShapesError::TooManyAxes) => fill(
            t.too_many_axes,
            &[(
                "max",
                &arrays::numpy::einsum::shape_text::MAX_AXES.to_string(),
            )],
        ),
        Problem::Shapes(ShapesError::TooManyOperands) | Problem::TooManyOperands => {
            fill(t.too_many_operands, &[("max", &MAX_OPERANDS.to_string())])
        }
        Problem::TooLarge => t.too_big_to_count.to_string(),
        Problem::Numpy(headline) => headline.clone(),
    }
}

/// `np.einsum_path('ij,jk,kl->il', A, B, C)`: the call whose report the panel shows.
fn call_text(o: &Orders) -> String {
    let names: Vec<String> = (0..o.shapes.len())
        .map(|k| char::from(b'A' + u8::try_from(k % 26).unwrap_or(0)).to_string())
        .collect();
    format!("np.einsum_path('{}', {})", o.subscripts, names.join(", "))
}

fn row(order: &Order, columns: &Columns, lang: Lang) -> Html {
    let t = lang.t().einsum;
    let mut picked = Vec::new();
    if order.greedy {
        picked.push(t.greedy);
    }
    if order.optimal == Some(true) {
        picked.push(t.optimal);
    }
    let chosen: Vec<&str> = [
        order.greedy.then_some("greedy"),
        (order.optimal == Some(true)).then_some("optimal"),
    ]
    .into_iter()
    .flatten()
    .collect();
    html! {
        <tr data-role="einsum-order" data-order={order.name.clone()}
            data-multiply-adds={order.multiply_adds.to_string()} data-flops={order.flops.to_string()}
            data-chosen={chosen.join(" ")} class={classes!((!chosen.is_empty()).then_some("chosen"))}>
            <th scope="row"><code>{ order.name.clone() }</code></th>
            <td>
                <ol class="einsum-steps">
                    { for order.steps.iter().map(|s| html! {
                        <li data-role="einsum-step" data-size={s.size.to_string()}>
                            <code>{ s.name.clone() }</code>{ " = " }<code>{ s.written.clone() }</code>
                            { format!(": {} ({}), {}", shape_text(&s.written_shape),
                                fill(t.elements, &[("n", &columns.steps.write(s.size, lang))]),
                                fill(t.step_cost, &[("n", &columns.steps.write(s.multiply_adds, lang))])) }
                        </li>
                    }) }
                </ol>
            </td>
            <td class="number" data-role="einsum-multiply-adds">{ columns.multiply_adds.write(order.multiply_adds, lang) }</td>
            <td class="number" data-role="einsum-flops">{ columns.flops.write(order.flops, lang) }</td>
            <td class="number" data-role="einsum-largest">{ columns.largest.write(order.largest, lang) }</td>
            <td data-role="einsum-picked">{ picked.join(", ") }</td>
        </tr>
    }
}

fn table(listed: &Listed, lang: Lang) -> Html {
    let (o, t) = (&listed.orders, lang.t().einsum);
    let columns = Columns::of(o);
    let name = |k: usize| o.orders.get(k).map(|o| o.name.clone()).unwrap_or_default();
    let cost = |k: usize| o.orders.get(k).map_or(0, |o| o.multiply_adds);
    let saving = match listed.saving {
        // Less than twice as much work: "about 1 times less" would say nothing.
        Some(s) if cost(s.written) < cost(s.best).saturating_mul(2) => fill(
            t.saving_less,
            &[
                ("best", &name(s.best)),
                ("written", &name(s.written)),
                (
                    "best_count",
                    &columns.multiply_adds.write(cost(s.best), lang),
                ),
                (
                    "written_count",
                    &columns.multiply_adds.write(cost(s.written), lang),
                ),
            ],
        ),
        Some(s) => fill(
            if s.exact { t.saving } else { t.saving_about },
            &[
                ("best", &name(s.best)),
                ("times", &count_text(s.times, lang)),
                ("written", &name(s.written)),
            ],
        ),
        None => match o.orders.iter().find(|r| r.written) {
            Some(w) if o.orders.len() > 1 => fill(t.written_is_best, &[("written", &w.name)]),
            _ => String::new(),
        },
    };
    html! {
        <div data-role="einsum-result">
            <p class="help">{ t.operand_names }</p>
            if !o.every_order {
                <p class="help" data-role="einsum-some">{ fill(t.some_orders, &[
                    ("n", &o.shapes.len().to_string()),
                    ("count", &count_text(o.pairwise_orders, lang)),
                ]) }</p>
            }
            // A stop of its own: on a phone the table scrolls sideways inside the panel, and a
            // keyboard must reach what scrolls.
            <table class="einsum-orders" data-role="einsum-orders" tabindex="0">
                <caption>{ t.caption }{ ": " }<code>{ o.subscripts.clone() }</code></caption>
                <thead>
                    <tr>
                        <th scope="col">{ t.order }</th>
                        <th scope="col">{ t.steps }</th>
                        <th scope="col">{ t.multiply_adds }</th>
                        <th scope="col">{ t.flops }</th>
                        <th scope="col">{ t.largest }</th>
                        <th scope="col">{ t.picked }</th>
                    </tr>
                </thead>
                <tbody>
                    { for o.orders.iter().map(|r| row(r, &columns, lang)) }
                </tbody>
            </table>
            if !saving.is_empty() {
                <p class="einsum-saving" data-role="einsum-saving"><strong>{ saving }</strong></p>
            }
            <p data-role="einsum-naive">{ fill(t.naive, &[
                ("terms", &count_text(o.naive_terms, lang)),
                ("flops", &count_text(o.naive_flops, lang)),
            ]) }</p>
            <p class="help">{ t.quantity }</p>
            <figure class="einsum-report">
                <figcaption>{ fill(t.report, &[("call", &call_text(o))]) }</figcaption>
                <p>{ t.path }{ " " }<code data-role="einsum-path">{ o.greedy.path.clone() }</code></p>
                <pre data-role="einsum-report" tabindex="0">{ o.greedy.report.clone() }</pre>
            </figure>
        </div>
    }
}

/// The panel.
#[function_component(EinsumPanel)]
pub fn einsum_panel(props: &Props) -> Html {
    let lang = use_lang();
    let t = lang.t().einsum;
    let start = props
        .request
        .as_ref()
        .map_or((EXAMPLE.0.to_string(), EXAMPLE.1.to_string()), |r| {
            (*r.0).clone()
        });
    let subscripts = use_state(|| start.0.clone());
    let shapes = use_state(|| start.1.clone());
    // The engine's last reply; `None` until the first comes.
    let shown = use_state(|| None::<Rc<Shown>>);
    // The number of the last request: a reply to an earlier one is not shown.
    let asked = use_mut_ref(|| Rc::new(Cell::new(0u32)));
    let (subs_id, shapes_id, help_id) = (
        use_unique_id("einsum-subscripts"),
        use_unique_id("einsum-shapes"),
        use_unique_id("einsum-help"),
    );
    let show = {
        let (subscripts, shapes, shown) = (subscripts.clone(), shapes.clone(), shown.clone());
        let last = Rc::clone(&asked.borrow());
        Callback::from(move |(subs, sh): (String, String)| {
            let n = last.get().wrapping_add(1);
            last.set(n);
            let request = Request::Einsum(EinsumRequest::Orders {
                subscripts: subs.clone(),
                shapes: sh.clone(),
            });
            let (shown, last) = (shown.clone(), Rc::clone(&last));
            crate::engine::ask(request, move |reply| {
                // A Stop that ended it leaves the last table: Compare asks again.
                if let (Reply::Einsum(EinsumReply::Orders(r)), true) = (reply, last.get() == n) {
                    shown.set(Some(Rc::new(r)));
                }
            });
            subscripts.set(subs);
            shapes.set(sh);
        })
    };
    // The first table: the start values, asked once.
    {
        let (show, start) = (show.clone(), start.clone());
        use_effect_with((), move |_| show.emit(start));
    }
    // A new request from the program box fills the boxes in.
    {
        let show = show.clone();
        let first = use_mut_ref(|| true);
        use_effect_with(props.request.clone(), move |request| {
            let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
            if let (Some(r), false) = (request, was_first) {
                show.emit((*r.0).clone());
            }
        });
    }
    let value_of = |e: &Event| {
        e.target_dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .unwrap_or_default()
    };
    let on_subscripts = {
        let (show, shapes) = (show.clone(), shapes.clone());
        Callback::from(move |e: Event| show.emit((value_of(&e), (*shapes).clone())))
    };
    let on_shapes = {
        let (show, subscripts) = (show.clone(), subscripts.clone());
        Callback::from(move |e: Event| show.emit(((*subscripts).clone(), value_of(&e))))
    };
    let on_submit = {
        let (show, subscripts, shapes) = (show.clone(), subscripts.clone(), shapes.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            show.emit(((*subscripts).clone(), (*shapes).clone()));
        })
    };
    let on_example = {
        let show = show.clone();
        Callback::from(move |_: MouseEvent| {
            show.emit((EXAMPLE.0.to_string(), EXAMPLE.1.to_string()));
        })
    };
    html! {
        <section class="einsum" data-role="einsum" aria-labelledby={format!("{subs_id}-title")}>
            <h2 id={format!("{subs_id}-title")}>{ t.title }</h2>
            <p class="help">{ t.help }</p>
            <form class="einsum-inputs" onsubmit={on_submit}>
                <label for={subs_id.clone()}>{ t.subscripts }</label>
                <input id={subs_id} type="text" data-role="einsum-subscripts" spellcheck="false"
                    autocomplete="off" value={(*subscripts).clone()} onchange={on_subscripts} />
                <label for={shapes_id.clone()}>{ t.shapes }</label>
                <input id={shapes_id} type="text" data-role="einsum-shapes" spellcheck="false"
                    autocomplete="off" aria-describedby={help_id.clone()}
                    value={(*shapes).clone()} onchange={on_shapes} />
                <p class="help" id={help_id}>{ t.shapes_help }</p>
                <div class="einsum-buttons">
                    <button type="submit" data-role="einsum-compare">{ t.compare }</button>
                    <button type="button" class="preset" data-role="einsum-example" onclick={on_example}>{ t.example }</button>
                </div>
            </form>
            <div aria-live="polite">
                { match shown.as_ref().map(|s| s.as_ref()) {
                    Some(Ok(o)) => table(o, lang),
                    Some(Err(p)) => html! { <p class="error" data-role="einsum-error">{ problem_text(p, lang) }</p> },
                    None => Html::default(),
                } }
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_is_written_in_one_notation() {
        // The column: 43×10⁵, 2,006,000 and 703×10⁴ were written in two notations.
        // (Digit grouping is the browser's Intl; natively the digits are bare.)
        let column = [4_300_000u128, 2_006_000, 7_030_000];
        let n = Notation::of(column);
        assert_eq!(n, Notation::Digits);
        let written: Vec<String> = column.iter().map(|&c| n.write(c, Lang::En)).collect();
        assert_eq!(written, ["4300000", "2006000", "7030000"]);
        // The seed's: every number a power of ten.
        let column = [20_000_000u128, 101_000_000, 200_000, 0];
        let n = Notation::of(column);
        let written: Vec<String> = column.iter().map(|&c| n.write(c, Lang::En)).collect();
        assert_eq!(written, ["2×10⁷", "101×10⁶", "2×10⁵", "0"]);
        assert_eq!(
            Notation::of([100u128, 100_000]).write(100_000, Lang::Es),
            "100000"
        );
    }

    #[test]
    fn counts_are_written_as_powers_or_digits() {
        for (n, want) in [
            (20_000_000u128, "2×10⁷"),
            (200_000, "2×10⁵"),
            (100_000_000, "10⁸"),
            (123_000_000, "123×10⁶"),
            (1_234_567, "1234567"),
            (20_000, "20000"),
            (0, "0"),
        ] {
            assert_eq!(count_text(n, Lang::En), want, "{n}");
        }
    }
}
