//! The memory: one row of numbered cells holding their values. A cell the array never reads is
//! dashed and says so; a cell read by several array cells says how many (×3). In bytes, the row is
//! a ruler of bytes grouped by element, as on seed 002's shelf. A large memory is summarized.

use array_picture::{MEMORY_SHOWN, Picture, Units};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::jumps::{JumpMap, Jumps, MAP_FROM, keep_in_view};
use super::windows::{WindowBars, caption};
use super::{AXIS_COLOURS, Shared, data_number, use_highlight, use_lang};
use crate::cells::use_cells;
use crate::state::{Focus, Selection};

/// Props of [`MemoryRow`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// What to draw.
    pub picture: Shared<Picture>,
    /// What is highlighted.
    pub selection: Shared<Selection>,
    /// Called when a memory cell is pointed at or focused.
    pub on_focus: Callback<Focus>,
}

/// The buffer the array reads.
#[function_component(MemoryRow)]
pub fn memory_row(props: &Props) -> Html {
    let Props {
        picture,
        selection,
        on_focus,
    } = props;
    let lang = use_lang();
    let t = lang.t();
    let emit = |on_focus: Callback<Focus>| {
        move |e: &web_sys::Event| {
            if let Some(p) = data_number(e, "data-addr") {
                on_focus.emit(Focus::Memory(p));
            }
        }
    };
    let on_over = {
        let f = emit(on_focus.clone());
        Callback::from(move |e: PointerEvent| f(&e))
    };
    let on_focusin = {
        let f = emit(on_focus.clone());
        Callback::from(move |e: FocusEvent| f(&e))
    };
    let container = use_node_ref();
    // The ARIA grid pattern along the row: arrows, Home and End move the focus between cells.
    let on_keydown = {
        let container = container.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(root) = container.cast::<web_sys::Element>() else {
                return;
            };
            let Some(here) = data_number(&e, "data-addr") else {
                return;
            };
            let Ok(cells) = root.query_selector_all("[data-addr]") else {
                return;
            };
            let count = cells.length();
            let position = (0..count).find(|&k| {
                cells
                    .item(k)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                    .and_then(|el| el.get_attribute("data-addr"))
                    == Some(here.to_string())
            });
            let Some(position) = position else { return };
            let target = match e.key().as_str() {
                "ArrowLeft" | "ArrowUp" => position.checked_sub(1),
                "ArrowRight" | "ArrowDown" => (position + 1 < count).then_some(position + 1),
                "Home" => Some(0),
                "End" => count.checked_sub(1),
                _ => return,
            };
            e.prevent_default();
            if let Some(el) = target
                .and_then(|k| cells.item(k))
                .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
            }
        })
    };
    // Which cells are drawn: all of them (computed once per picture), or for a large memory its
    // ends and what is highlighted.
    let all = {
        let picture = picture.clone();
        use_memo(picture, |p| Shared(std::rc::Rc::new(p.memory_shown(&[]))))
    };
    let shown = if picture.memory_len() <= MEMORY_SHOWN {
        (*all).clone()
    } else {
        Shared(std::rc::Rc::new(picture.memory_shown(&selection.memory)))
    };
    let cells = use_cells(
        container.clone(),
        "data-addr",
        (picture.clone(), shown.clone()),
    );
    let active = selection.memory.first().copied().unwrap_or(0);
    use_highlight(
        cells.clone(),
        Shared(std::rc::Rc::new(selection.memory.clone())),
        active,
    );
    // The focused cell's whole chain in view, from its start: on a narrow row the highlight
    // alone scrolled to the last cell, and the start and the first axis's hops were off screen
    // (after the highlight's own scrolling, which this replaces when there are jumps).
    {
        let (container, cells) = (container.clone(), cells.clone());
        let ends = selection.jumps.iter().flat_map(|j| [j.from, j.to]).fold(
            None,
            |span: Option<(i64, i64)>, p| {
                Some(span.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))))
            },
        );
        use_effect_with((ends, cells), move |(ends, cells)| {
            if let (Some((lo, hi)), Some(row)) = (ends, container.cast::<web_sys::HtmlElement>())
                && let (Some(a), Some(b)) = (cells.at(&lo.to_string()), cells.at(&hi.to_string()))
            {
                keep_in_view(&row, &a, &b);
            }
        });
    }
    let bytes = picture.units() == Units::Bytes;
    let lanes = picture.shape().len().clamp(1, AXIS_COLOURS);
    let jumps = Shared(std::rc::Rc::new(selection.jumps.clone()));
    // Sliding windows: a bar per window under the row, the windows of the focus marked.
    let windows = {
        let picture = picture.clone();
        use_memo(picture, |p| {
            p.windows().map(|w| Shared(std::rc::Rc::new(w)))
        })
    };
    let current: Vec<usize> = if windows.is_some() {
        let mut c: Vec<usize> = selection
            .cells
            .iter()
            .filter_map(|&f| picture.window_of(f))
            .collect();
        c.dedup();
        c
    } else {
        Vec::new()
    };
    html! {
        <>
        // Drawn for every long row, empty until a cell is focused, so the row never moves.
        if picture.memory_len() > MAP_FROM {
            <JumpMap jumps={jumps.clone()} len={picture.memory_len()} lanes={lanes} />
        }
        <div ref={container.clone()} class={classes!("memory", bytes.then_some("bytes"), format!("lanes-{lanes}"))}
            role="grid" aria-label={t.memory_label}
            onpointerover={on_over} onfocusin={on_focusin} onkeydown={on_keydown}>
            <Jumps jumps={jumps} cells={cells} lanes={lanes} />
            <MemoryCells picture={picture.clone()} shown={shown} />
            if let Some(w) = (*windows).clone() {
                <WindowBars picture={picture.clone()} windows={w} row={container.clone()}
                    current={Shared(std::rc::Rc::new(current))} />
            }
        </div>
        if let Some(w) = &*windows {
            <p class="windows-caption" data-role="windows-caption">{ caption(w, lang) }</p>
        }
        </>
    }
}

/// Props of [`MemoryCells`].
#[derive(Properties, PartialEq)]
pub struct CellsProps {
    /// What to draw.
    pub picture: Shared<Picture>,
    /// The cells drawn (`None` for a gap).
    pub shown: Shared<Vec<Option<usize>>>,
}

/// The memory cells: drawn once per picture (for a small memory); the highlight is moved by
/// [`super::use_highlight`].
#[function_component(MemoryCells)]
fn memory_cells(props: &CellsProps) -> Html {
    crate::renders::count("MemoryCells");
    let CellsProps { picture, shown } = props;
    let lang = use_lang();
    let t = lang.t();
    let bytes = picture.units() == Units::Bytes;
    let cell = |p: usize| {
        let reads = picture.reads(p);
        let value = picture.memory_value(p);
        let unwritten = picture.memory_unwritten(p);
        let status = match reads {
            0 => format!(", {}", t.never_read),
            1 => String::new(),
            n => format!(
                ", {}",
                crate::intl::plural(i64::from(n), lang, t.read_once, t.read_times)
            ),
        };
        // The name is the cell's own text, the visible position and value included (WCAG's
        // "label in name"), with the words a screen reader needs around them kept out of sight.
        html! {
            <div role="gridcell"
                class={classes!("mem", (reads == 0).then_some("unread"), bytes.then_some("byte"))}
                data-addr={p.to_string()}
                data-unread={(reads == 0).then_some("")}
                data-reads={(reads > 1).then(|| reads.to_string())}
                data-unwritten={unwritten.then_some("")}
                title={unwritten.then_some(t.unwritten)}
                aria-selected="false"
                tabindex={if p == 0 { "0" } else { "-1" }}>
                <span class="sr-only">{ format!("{} ", t.position) }</span>
                <span class="addr">{ p }</span>
                <span class="sr-only">{ ": " }</span>
                if unwritten {
                    <span class="value" aria-hidden="true">{ value }</span>
                    <span class="sr-only">{ t.unwritten }</span>
                } else {
                    <span class="value">{ value }</span>
                }
                if reads > 1 { <span class="reads">{ format!("×{reads}") }</span> }
                if !status.is_empty() { <span class="sr-only">{ status }</span> }
            </div>
        }
    };
    let gap = || html! { <div class="mem gap" aria-hidden="true">{ "…" }</div> };
    let row = if bytes {
        // Group consecutive bytes of one element under its index and value.
        let mut groups: Vec<Html> = Vec::new();
        let mut current: Option<(usize, Vec<Html>)> = None;
        let flush = |current: &mut Option<(usize, Vec<Html>)>, groups: &mut Vec<Html>| {
            if let Some((k, cells)) = current.take() {
                groups.push(html! {
                    <div class="element" role="presentation">
                        <div class="element-label" aria-hidden="true">
                            { format!("[{k}] {}", picture.element_value(k)) }
                        </div>
                        <div class="element-bytes" role="presentation">{ for cells }</div>
                    </div>
                });
            }
        };
        for s in shown.iter().copied() {
            match s {
                Some(p) => {
                    let k = picture.element_of(p);
                    if current.as_ref().is_some_and(|(c, _)| *c != k) {
                        flush(&mut current, &mut groups);
                    }
                    current
                        .get_or_insert_with(|| (k, Vec::new()))
                        .1
                        .push(cell(p));
                }
                None => {
                    flush(&mut current, &mut groups);
                    groups.push(gap());
                }
            }
        }
        flush(&mut current, &mut groups);
        html! { { for groups } }
    } else {
        html! { { for shown.iter().map(|s| s.map_or_else(gap, cell)) } }
    };
    // Positions read outside the buffer (`as_strided`), drawn after the row and named, so the
    // jumps can land there; they are not memory cells of the array.
    let outside = picture.outside_positions();
    html! {
        <div role="row" class="row">
            { row }
            if !outside.is_empty() {
                <div class="outside" aria-hidden="true" data-role="outside">
                    <div class="outside-label">{ t.outside_buffer }</div>
                    <div class="outside-cells">
                        { for outside.iter().map(|p| html! {
                            <div class="mem ghost" data-outside={p.to_string()}>
                                <span class="addr">{ p }</span><span class="value">{ "?" }</span>
                            </div>
                        }) }
                    </div>
                </div>
            }
        </div>
    }
}
