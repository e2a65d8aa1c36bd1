//! The array as a grid of its values: the last axis runs along a row, the axis before it down a
//! column, and outer axes (3-D and up) become labelled blocks. It follows the ARIA grid pattern:
//! one Tab stop, arrow keys move between cells.

use stride_expr::picture::{Move, Picture, neighbor};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{Shared, data_number};
use crate::state::{Focus, Selection};

/// Props of [`ArrayGrid`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// What to draw.
    pub picture: Shared<Picture>,
    /// What is highlighted.
    pub selection: Shared<Selection>,
    /// The cell that holds the Tab stop.
    pub active: usize,
    /// The array's expression, for the grid's label.
    pub label: AttrValue,
    /// Called when a cell is pointed at or focused.
    pub on_focus: Callback<Focus>,
}

/// The array's cells.
#[function_component(ArrayGrid)]
pub fn array_grid(props: &Props) -> Html {
    let Props {
        picture,
        selection,
        active,
        label,
        on_focus,
    } = props;
    let container = use_node_ref();
    let shape = picture.shape().to_vec();

    let on_over = {
        let on_focus = on_focus.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(flat) = data_number(&e, "data-flat") {
                on_focus.emit(Focus::Cell(flat));
            }
        })
    };
    let on_focusin = {
        let on_focus = on_focus.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(flat) = data_number(&e, "data-flat") {
                on_focus.emit(Focus::Cell(flat));
            }
        })
    };
    let on_keydown = {
        let container = container.clone();
        let shape = shape.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(flat) = data_number(&e, "data-flat") else {
                return;
            };
            let step = match (e.key().as_str(), e.ctrl_key()) {
                ("ArrowLeft", _) => Move::Left,
                ("ArrowRight", _) => Move::Right,
                ("ArrowUp", _) => Move::Up,
                ("ArrowDown", _) => Move::Down,
                ("Home", false) => Move::RowStart,
                ("End", false) => Move::RowEnd,
                ("Home", true) => Move::First,
                ("End", true) => Move::Last,
                _ => return,
            };
            e.prevent_default();
            if let Some(target) = neighbor(&shape, flat, step) {
                focus_cell(&container, target);
            }
        })
    };

    let size = picture.size();
    let ndim = shape.len();
    let row = shape.last().copied().unwrap_or(1).max(0) as usize;
    let rows = if ndim >= 2 {
        shape.get(ndim - 2).copied().unwrap_or(1).max(0) as usize
    } else {
        1
    };
    let block = (row * rows).max(1);
    let blocks = if size == 0 { 0 } else { size / block };

    let cell = |flat: usize| {
        let selected = selection.cells.contains(&flat);
        html! {
            <div role="gridcell" class={classes!("cell", selected.then_some("selected"))}
                data-flat={flat.to_string()} data-index={picture.index_label(flat)}
                aria-selected={if selected { "true" } else { "false" }}
                tabindex={if flat == *active { "0" } else { "-1" }}>
                { picture.value(flat) }
            </div>
        }
    };
    let grid = |first: usize| {
        html! {
            { for (0..rows.max(1)).map(|r| html! {
                <div role="row" class="row">
                    { for (0..row).map(|c| cell(first + r * row + c)) }
                </div>
            }) }
        }
    };

    let body = if size == 0 {
        html! { <p class="empty">{ "This array has no elements: a size of 0 along some axis." }</p> }
    } else if ndim <= 2 {
        html! { <div class="block">{ grid(0) }</div> }
    } else {
        html! {
            { for (0..blocks).map(|b| {
                let outer = picture.index(b * block);
                let mut parts: Vec<String> = outer.iter().take(ndim - 2).map(i64::to_string).collect();
                parts.push(":".into());
                parts.push(":".into());
                html! {
                    <div class="block" role="rowgroup" aria-label={format!("[{}]", parts.join(", "))}>
                        <div class="block-label" aria-hidden="true">{ format!("[{}]", parts.join(", ")) }</div>
                        { grid(b * block) }
                    </div>
                }
            }) }
        }
    };

    html! {
        <div ref={container} class={classes!("grid", (ndim > 2).then_some("nd"))} role="grid"
            aria-label={format!("Array {label}: its values, in rows")}
            onpointerover={on_over} onfocusin={on_focusin} onkeydown={on_keydown}>
            { body }
        </div>
    }
}

/// Moves the keyboard focus to array cell `flat`.
fn focus_cell(container: &NodeRef, flat: usize) {
    let Some(root) = container.cast::<web_sys::Element>() else {
        return;
    };
    if let Ok(Some(el)) = root.query_selector(&format!("[data-flat=\"{flat}\"]")) {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
