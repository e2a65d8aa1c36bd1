//! The array as a grid of its values: the last axis runs along a row, the axis before it down a
//! column, and outer axes (3-D and up) become labelled blocks. A large array is summarized as NumPy
//! prints it. It follows the ARIA grid pattern: one Tab stop, arrow keys move between cells.

use array_picture::{Move, Picture, index_name, neighbor};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{AXIS_COLOURS, Shared, data_number, use_highlight, use_lang};
use crate::cells::use_cells;
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

/// The outer index tuples of the blocks, `None` for a gap of summarized blocks.
fn blocks(picture: &Picture) -> Vec<Option<Vec<i64>>> {
    let outer = picture.shape().len().saturating_sub(2);
    let mut out: Vec<Option<Vec<i64>>> = vec![Some(Vec::new())];
    for axis in 0..outer {
        let shown = picture.shown(axis);
        let mut next = Vec::new();
        for prefix in &out {
            match prefix {
                None => next.push(None),
                Some(p) => {
                    for s in &shown {
                        next.push(s.map(|i| {
                            let mut q = p.clone();
                            q.push(i);
                            q
                        }));
                    }
                }
            }
        }
        out = next;
    }
    // One gap marker for consecutive gaps.
    out.dedup_by(|a, b| a.is_none() && b.is_none());
    out
}

/// The array's cells.
#[function_component(ArrayGrid)]
pub fn array_grid(props: &Props) -> Html {
    crate::renders::count("ArrayGrid");
    let Props {
        picture,
        selection,
        active,
        label,
        on_focus,
    } = props;
    let t = use_lang().t();
    let container = use_node_ref();
    let shape = picture.shape().to_vec();
    let ndim = shape.len();
    let cells = use_cells(container.clone(), "data-flat", picture.clone());
    use_highlight(
        cells,
        Shared(std::rc::Rc::new(selection.cells.clone())),
        *active,
    );

    let emit_cell = |on_focus: Callback<Focus>| {
        move |e: &web_sys::Event| {
            if let Some(flat) = data_number(e, "data-flat") {
                on_focus.emit(Focus::Cell(flat));
            }
        }
    };
    let on_over = {
        let f = emit_cell(on_focus.clone());
        Callback::from(move |e: PointerEvent| f(&e))
    };
    let on_focusin = {
        let f = emit_cell(on_focus.clone());
        Callback::from(move |e: FocusEvent| f(&e))
    };
    let on_keydown = {
        let container = container.clone();
        let shape = shape.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(flat) = data_number(&e, "data-flat") else {
                return;
            };
            let step = match (e.key().as_str(), e.ctrl_key() || e.meta_key()) {
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

    let axes = (0..ndim).map(|k| {
        let way = if k + 1 == ndim {
            t.along_row
        } else if k + 2 == ndim {
            t.down_column
        } else {
            t.across_blocks
        };
        html! {
            <li class={format!("axis axis-{}", k % AXIS_COLOURS)} data-axis={k.to_string()}>
                { format!("{} {k}: {} {way}", t.axis, index_name(k)) }
            </li>
        }
    });
    html! {
        <>
        if ndim > 0 { <ul class="axes">{ for axes }</ul> }
        // Above the grid, not in it: inside, it took the first place of an n-d grid's row of
        // blocks and pushed block [0, :, :] to the right.
        if picture.summarized() { <p class="summary-note" data-role="summary-note">{ t.summarized }</p> }
        <div ref={container} class={classes!("grid", (ndim > 2).then_some("nd"))} role="grid"
            aria-label={format!("{label}: {}", t.grid_label)}
            onpointerover={on_over} onfocusin={on_focusin} onkeydown={on_keydown}>
            <GridCells picture={picture.clone()} />
        </div>
        </>
    }
}

/// Props of [`GridCells`].
#[derive(Properties, PartialEq)]
pub struct CellsProps {
    /// What to draw.
    pub picture: Shared<Picture>,
}

/// The cells themselves: drawn once per array. Pointing at a cell does not re-render them; the
/// highlight and the Tab stop are moved by [`super::use_highlight`] on the few cells that change.
#[function_component(GridCells)]
fn grid_cells(props: &CellsProps) -> Html {
    crate::renders::count("GridCells");
    let picture = &props.picture;
    let t = use_lang().t();
    let shape = picture.shape().to_vec();
    let ndim = shape.len();
    let cell = |index: &[i64]| {
        let flat = picture.flat(index);
        let label = picture.index_label(flat);
        let value = picture.value(flat);
        // Memory never written (`np.empty`): the engine's `?`, named in the learner's language.
        let unwritten = picture.is_unwritten(flat);
        let name = if unwritten {
            t.unwritten
        } else {
            value.as_str()
        };
        html! {
            <div role="gridcell" class={classes!("cell", unwritten.then_some("unwritten"))}
                data-flat={flat.to_string()} data-index={label.clone()}
                data-unwritten={unwritten.then_some("")}
                title={unwritten.then_some(t.unwritten)}
                aria-label={format!("[{label}] {name}")} aria-selected="false"
                tabindex={if flat == 0 { "0" } else { "-1" }}>
                { value.clone() }
            </div>
        }
    };
    let gap = || html! { <div class="cell gap" aria-hidden="true">{ "…" }</div> };
    let grid2 = |outer: &[i64]| {
        let rows: Vec<Option<i64>> = if ndim >= 2 {
            picture.shown(ndim - 2)
        } else {
            vec![Some(0)]
        };
        let cols: Vec<Option<i64>> = if ndim >= 1 {
            picture.shown(ndim - 1)
        } else {
            vec![Some(0)]
        };
        html! {
            { for rows.iter().map(|r| html! {
                <div role="row" class="row">
                    { for cols.iter().map(|c| match (r, c) {
                        (Some(i), Some(j)) => {
                            let mut index = outer.to_vec();
                            if ndim >= 2 { index.push(*i); }
                            if ndim >= 1 { index.push(*j); }
                            cell(&index)
                        }
                        _ => gap(),
                    }) }
                </div>
            }) }
        }
    };

    if picture.size() == 0 {
        html! { <p class="empty">{ t.empty_array }</p> }
    } else if ndim <= 2 {
        html! { <div class="block">{ grid2(&[]) }</div> }
    } else {
        html! {
            { for blocks(picture).into_iter().map(|b| match b {
                None => html! { <div class="block gap-block" aria-hidden="true">{ "…" }</div> },
                Some(outer) => {
                    let mut parts: Vec<String> = outer.iter().map(i64::to_string).collect();
                    parts.push(":".into());
                    parts.push(":".into());
                    let name = format!("[{}]", parts.join(", "));
                    html! {
                        <div class="block" role="rowgroup" aria-label={name.clone()}>
                            <div class="block-label" aria-hidden="true">{ name }</div>
                            { grid2(&outer) }
                        </div>
                    }
                }
            }) }
        }
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
