//! The lab's components, one per file, each named after what it draws.

pub mod address_rule;
pub mod app;
pub mod array_grid;
pub mod broadcast;
pub mod controls;
pub mod dtype_fault;
pub mod einsum_panel;
pub mod error_view;
pub mod explanation;
pub mod expression_box;
pub mod info_panel;
pub mod jumps;
pub mod memory_row;
pub mod preset_bar;
pub mod problems;
pub mod quiz_card;
pub mod quiz_panel;
pub mod stdout_view;
pub mod walk;
pub mod windows;

use std::rc::Rc;

use wasm_bindgen::JsCast;

use yew::prelude::*;

use crate::i18n::Lang;

/// Axis colours (`axis-0` … `axis-3` in the CSS); axis k takes colour k mod this.
pub const AXIS_COLOURS: usize = 4;

/// A shared value compared by identity, so that a component re-renders only when it gets a new
/// value, not when its parent re-renders.
#[derive(Debug)]
pub struct Shared<T: ?Sized>(pub Rc<T>);

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Rc::clone(&self.0))
    }
}

impl<T: ?Sized> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The number in a `data-*` attribute of the element an event happened on, or of its nearest
/// ancestor that has the attribute.
pub fn data_number(event: &web_sys::Event, attribute: &str) -> Option<usize> {
    use wasm_bindgen::JsCast;
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let holder = target.closest(&format!("[{attribute}]")).ok()??;
    holder.get_attribute(attribute)?.parse().ok()
}

/// The lab's language, from the nearest provider.
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// Moves the highlight and the Tab stop among the cells under `container` (marked by `attribute`)
/// without re-rendering them: the old cells lose `aria-selected="true"` and the `selected` class,
/// the new ones get them, and only cell `active` keeps `tabindex="0"`. Runs again when the picture
/// changes, since the cells may then be new elements.
#[hook]
pub fn use_highlight<T: 'static>(
    container: NodeRef,
    attribute: &'static str,
    selected: Shared<Vec<usize>>,
    active: usize,
    picture: Shared<T>,
) {
    let marked = use_mut_ref(Vec::<web_sys::Element>::new);
    use_effect_with((selected, active, picture), move |(selected, active, _)| {
        let Some(root) = container.cast::<web_sys::Element>() else {
            return;
        };
        for el in marked.borrow_mut().drain(..) {
            let _ = el.set_attribute("aria-selected", "false");
            let _ = el.class_list().remove_1("selected");
            let _ = el.set_attribute("tabindex", "-1");
        }
        let find = |n: usize| {
            root.query_selector(&format!("[{attribute}=\"{n}\"]"))
                .ok()
                .flatten()
        };
        let mut now = Vec::new();
        for &n in selected.iter() {
            if let Some(el) = find(n) {
                let _ = el.set_attribute("aria-selected", "true");
                let _ = el.class_list().add_1("selected");
                now.push(el);
            }
        }
        // Bring the first highlighted cell into view inside its scrolling row (never the page).
        if let Some(el) = now
            .first()
            .and_then(|e| e.clone().dyn_into::<web_sys::HtmlElement>().ok())
        {
            let (left, width) = (el.offset_left(), el.offset_width());
            let (scroll, visible) = (root.scroll_left(), root.client_width());
            if left < scroll {
                root.set_scroll_left(left - 8);
            } else if left + width > scroll + visible {
                root.set_scroll_left(left + width - visible + 8);
            }
        }
        // The Tab stop: the active cell, or the first one drawn.
        let stop = find(*active).or_else(|| {
            root.query_selector(&format!("[{attribute}]"))
                .ok()
                .flatten()
        });
        if let Some(el) = stop {
            if let Ok(Some(first)) = root.query_selector("[tabindex=\"0\"]") {
                let _ = first.set_attribute("tabindex", "-1");
            }
            let _ = el.set_attribute("tabindex", "0");
            now.push(el);
        }
        *marked.borrow_mut() = now;
    });
}

/// An id unique on the page, stable for the component's life: `program-3`. Several labs on
/// one page must not share ids.
#[hook]
pub fn use_unique_id(prefix: &'static str) -> String {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = use_state(|| NEXT.fetch_add(1, Ordering::Relaxed));
    format!("strides-{prefix}-{}", *n)
}

/// A tuple of optional numbers as Python prints one: `(4, 1)`, `(5,)`; `—` for a missing number.
pub fn tuple(items: &[Option<i64>]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|n| n.map_or_else(|| "—".into(), |v| v.to_string()))
        .collect();
    if parts.len() == 1 {
        format!("({},)", parts.join(", "))
    } else {
        format!("({})", parts.join(", "))
    }
}

/// A tuple of numbers.
pub fn ints(items: &[i64]) -> String {
    stride_core::dims::tuple(items).to_string()
}
