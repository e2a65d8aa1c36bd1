//! The lab's components, one per file, each named after what it draws.

pub mod app;
pub mod array_grid;
pub mod facts;
pub mod memory_row;
pub mod preset_bar;

use std::rc::Rc;

/// A shared value compared by identity, so that a component re-renders only when it gets a new
/// value, not when its parent re-renders.
#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Rc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
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
