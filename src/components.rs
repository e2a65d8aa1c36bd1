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
pub mod stopped;
pub mod walk;
pub mod windows;

use std::rc::Rc;

use yew::prelude::*;

use crate::cells::Cells;
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

/// Moves the highlight and the Tab stop among `cells` without re-rendering them: the old cells
/// lose `aria-selected="true"` and the `selected` class, the new ones get them, and only cell
/// `active` keeps `tabindex="0"`. Runs again when the cells are drawn again (a new [`Cells`]),
/// since they may then be new elements.
#[hook]
pub fn use_highlight(cells: Cells, selected: Shared<Vec<usize>>, active: usize) {
    // The cells marked by the last run, and the drawing they belong to.
    let marked = use_mut_ref(|| (None::<Cells>, Vec::<web_sys::Element>::new()));
    use_effect_with(
        (selected, active, cells),
        move |(selected, active, cells)| {
            let Some(root) = cells.container() else {
                return;
            };
            let mut marked = marked.borrow_mut();
            let redrawn = marked.0.as_ref() != Some(cells);
            for el in marked.1.drain(..) {
                let _ = el.set_attribute("aria-selected", "false");
                let _ = el.class_list().remove_1("selected");
                let _ = el.set_attribute("tabindex", "-1");
            }
            let mut now: Vec<web_sys::Element> = Vec::new();
            let mut first = None;
            for &n in selected.iter() {
                if let Some(el) = cells.get(n) {
                    let _ = el.set_attribute("aria-selected", "true");
                    let _ = el.class_list().add_1("selected");
                    first.get_or_insert_with(|| el.clone());
                    now.push(el.into());
                }
            }
            // Bring the first highlighted cell into view inside its scrolling row (never the page).
            if let Some(el) = first {
                let (left, width) = (el.offset_left(), el.offset_width());
                let (scroll, visible) = (root.scroll_left(), root.client_width());
                if left < scroll {
                    root.set_scroll_left(left - 8);
                } else if left + width > scroll + visible {
                    root.set_scroll_left(left + width - visible + 8);
                }
            }
            // The Tab stop: the active cell, or the first one drawn. Only this hook moves it, so
            // within one drawing the old stop is among the cells just unmarked; cells drawn again
            // may carry the stop they were drawn with.
            if let Some(el) = cells.get(*active).or_else(|| cells.first()) {
                if redrawn {
                    if let Ok(Some(old)) = root.query_selector("[tabindex=\"0\"]") {
                        let _ = old.set_attribute("tabindex", "-1");
                    }
                }
                let _ = el.set_attribute("tabindex", "0");
                now.push(el.into());
            }
            *marked = (Some(cells.clone()), now);
        },
    );
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
