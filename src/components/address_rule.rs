//! The address rule: for the focused cell, `start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6`, each axis's
//! terms in that axis's colour; for a focused memory cell, the rule in reverse (`position 7 =
//! x[1, 3] = start + 1·4 + 3·1`, each reader of a broadcast, or that no cell reads it); otherwise
//! the rule in symbols and a hint. Announced politely to screen readers.

use array_picture::Reader;
use yew::prelude::*;

use super::{Shared, use_lang};
use crate::i18n::{Lang, Texts};

/// Readers written out in full; more are counted.
const READERS_SHOWN: usize = 6;

/// Props of [`AddressRule`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The rule in symbols.
    pub general: AttrValue,
    /// The rule with the numbers filled in, for a focused cell, in pieces with their axes.
    pub parts: Shared<Vec<(Option<usize>, String)>>,
    /// For a focused memory cell: its position and its readers.
    pub reverse: Option<Shared<(usize, Vec<Reader>)>>,
    /// The array's name, for the readers (`x.T[1, 3]`).
    pub label: AttrValue,
}

/// The address rule.
#[function_component(AddressRule)]
pub fn address_rule(props: &Props) -> Html {
    crate::renders::count("AddressRule");
    let lang = use_lang();
    let t = lang.t();
    let body = if let Some(reverse) = &props.reverse {
        html! { { in_reverse(reverse, &props.label, lang) } }
    } else if props.parts.is_empty() {
        html! { { format!("{}: {}", in_words(&props.general, t.start), t.point_hint) } }
    } else {
        html! {
            { for props.parts.iter().map(|(axis, text)| match axis {
                Some(k) => html! { <span class={format!("term axis-{}", k % super::AXIS_COLOURS)}>{ text }</span> },
                None => html! { { in_words(text, t.start) } },
            }) }
        }
    };
    html! {
        <p class="rule" data-role="address-rule" aria-live="polite">{ body }</p>
    }
}

/// `position 7 = x[1, 3] = start + 1·4 + 3·1`; several readers one after another; none said so.
fn in_reverse(reverse: &(usize, Vec<Reader>), name: &str, lang: Lang) -> String {
    let t: &Texts = lang.t();
    let (p, readers) = reverse;
    let head = format!("{} {p}", t.position);
    let one = |r: &Reader| {
        let cell = format!("{name}[{}] = {}{}", r.index, t.start, r.terms);
        let cell = if usize::try_from(r.at).ok() == Some(*p) {
            cell
        } else {
            format!("{} {cell} = {}", t.inside, r.at)
        };
        match &r.window {
            Some(w) => format!("{cell} ({} [{w}])", t.in_window),
            None => cell,
        }
    };
    // Windows that overlap read one cell from several windows: they are counted, not the cells.
    let mut windows: Vec<&str> = readers.iter().filter_map(|r| r.window.as_deref()).collect();
    windows.dedup();
    match readers.as_slice() {
        [] => format!(
            "{head}: {}",
            crate::i18n::fill(t.read_by_none, &[("name", name)])
        ),
        [r] if usize::try_from(r.at).ok() == Some(*p) => format!("{head} = {}", one(r)),
        _ => {
            let n = i64::try_from(readers.len()).unwrap_or(i64::MAX);
            let mut parts: Vec<String> = readers.iter().take(READERS_SHOWN).map(one).collect();
            if readers.len() > READERS_SHOWN {
                let rest = i64::try_from(readers.len() - READERS_SHOWN).unwrap_or(0);
                parts.push(crate::intl::plural(rest, lang, t.and_more, t.and_more));
            }
            let count = if windows.is_empty() {
                crate::intl::plural(n, lang, t.read_by_one, t.read_by_many)
            } else {
                let w = i64::try_from(windows.len()).unwrap_or(i64::MAX);
                crate::intl::plural(w, lang, t.read_by_window_one, t.read_by_window_many)
            };
            format!("{head}, {count}: {}", parts.join("; "))
        }
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
