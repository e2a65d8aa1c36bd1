//! The facts of the layout — shape, strides, start, view or copy — and the address rule of the
//! cell pointed at, with the numbers filled in.

use stride_expr::picture::Picture;
use yew::prelude::*;

use super::Shared;

/// Props of [`Facts`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// What is shown.
    pub picture: Shared<Picture>,
    /// The array's expression.
    pub label: AttrValue,
    /// The address rule of the focused cell, if a cell is focused.
    pub rule: Option<AttrValue>,
}

fn tuple(items: &[String]) -> String {
    if items.len() == 1 {
        format!("({},)", items.join(", "))
    } else {
        format!("({})", items.join(", "))
    }
}

fn number(n: Option<i64>) -> String {
    n.map_or_else(|| "—".into(), |v| v.to_string())
}

/// Shape, strides, start, and the address rule.
#[function_component(Facts)]
pub fn facts(props: &Props) -> Html {
    let Props {
        picture,
        label,
        rule,
    } = props;
    let shape: Vec<String> = picture.shape().iter().map(i64::to_string).collect();
    let strides: Vec<String> = picture.strides().into_iter().map(number).collect();
    let general = picture.general_rule();
    let copy_note = picture.is_copy().then(|| {
        let reason = picture.copy_reason().map(|r| {
            let unit = picture.array().dtype.itemsize();
            let places = |n: i64| if n == 1 { "1 place".to_string() } else { format!("{n} places") };
            format!(
                " No strides on the old memory could read the numbers in this order: axis {} of the input steps {}, but to continue axis {}'s run it would have to step {}.",
                r.outer,
                places(r.stride / unit),
                r.inner,
                places(r.needed / unit)
            )
        });
        html! {
            <p class="copy-note" data-role="copy">
                <strong>{ "A copy. " }</strong>
                { format!("{label} has its own new memory, shown above, with the numbers in their new order.") }
                { reason.unwrap_or_default() }
            </p>
        }
    });
    html! {
        <section class="facts" aria-label="Layout">
            <dl>
                <div><dt>{ "shape" }</dt><dd data-role="shape">{ tuple(&shape) }</dd></div>
                <div><dt>{ "strides" }</dt><dd data-role="strides">{ tuple(&strides) }</dd></div>
                <div><dt>{ "start" }</dt><dd data-role="start">{ number(picture.start()) }</dd></div>
                <div><dt>{ "memory" }</dt><dd data-role="kind">{ if picture.is_copy() { "its own (a copy)" } else { "shared with x (a view)" } }</dd></div>
            </dl>
            <p class="units-note">{ "Counted in elements, as the lesson counts (NumPy's strides count bytes)." }</p>
            { copy_note.unwrap_or_default() }
            <p class="rule" data-role="address-rule" aria-live="polite">
                { match rule {
                    Some(r) => r.to_string(),
                    None => format!("{general}: point at a cell to see where it lives."),
                } }
            </p>
        </section>
    }
}
