//! The address rule: for the focused cell, `start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6`, announced
//! politely to screen readers; otherwise the rule in symbols and a hint.

use yew::prelude::*;

use super::use_lang;

/// Props of [`AddressRule`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The rule in symbols.
    pub general: AttrValue,
    /// The rule with the numbers filled in, for a focused cell.
    pub filled: Option<AttrValue>,
}

/// The address rule.
#[function_component(AddressRule)]
pub fn address_rule(props: &Props) -> Html {
    let t = use_lang().t();
    html! {
        <p class="rule" data-role="address-rule" aria-live="polite">
            { match &props.filled {
                Some(rule) => in_words(rule, t.start),
                None => format!("{}: {}", in_words(&props.general, t.start), t.point_hint),
            } }
        </p>
    }
}

/// The rule with its first word, `start`, in the lab's language (the facts call it `inicio` in
/// Spanish, and so does the quiz).
fn in_words(rule: &str, start: &str) -> String {
    match rule.strip_prefix("start") {
        Some(rest) => format!("{start}{rest}"),
        None => rule.to_string(),
    }
}
