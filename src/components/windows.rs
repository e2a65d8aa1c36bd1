//! Windows under the memory row: for `sliding_window_view` (or an `as_strided` whose rows share
//! memory), each window is a bar under the memory cells it spans, labelled with its index, in a
//! lane of its own where it overlaps another, so overlapping reads are seen at a glance. The
//! windows that read the focused memory cell (or hold the focused array cell) are marked; the
//! rule in reverse names them.

use array_picture::{Picture, Windows};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Shared;
use crate::i18n::Lang;

/// Height of one lane of window bars, in pixels.
const LANE: i32 = 16;

/// Room between the cells and the first lane: the cells' ×N counts hang there.
const BELOW: i32 = 22;

/// Lanes at most: a window that overlaps more shares the last lane.
const MAX_LANES: usize = 8;

/// Props of [`WindowBars`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The array of windows.
    pub picture: Shared<Picture>,
    /// Its windows.
    pub windows: Shared<Windows>,
    /// The memory row whose cells the bars span (its cells carry `data-addr`).
    pub row: NodeRef,
    /// Windows marked: those reading the focused memory cell, or holding the focused cell.
    pub current: Shared<Vec<usize>>,
}

/// Each window's lane: the first where it overlaps no window already there.
fn lanes(windows: &Windows) -> Vec<usize> {
    let mut ends: Vec<i64> = Vec::new();
    windows
        .shown
        .iter()
        .map(|w| {
            let lane = ends
                .iter()
                .position(|&end| end < w.from)
                .unwrap_or(ends.len())
                .min(MAX_LANES - 1);
            match ends.get_mut(lane) {
                Some(end) => *end = (*end).max(w.to),
                None => ends.push(w.to),
            }
            lane
        })
        .collect()
}

/// The window bars and what they mean.
#[function_component(WindowBars)]
pub fn window_bars(props: &Props) -> Html {
    let Props {
        picture,
        windows,
        row,
        current,
    } = props;
    let layer = use_node_ref();
    let placed = lanes(windows);
    let depth = placed.iter().max().map_or(0, |l| l + 1);
    {
        let (layer, row) = (layer.clone(), row.clone());
        use_effect_with((picture.clone(), windows.clone()), move |_| {
            place(&layer, &row, depth);
        });
    }
    html! {
        <div ref={layer} class="windows" data-role="windows" aria-hidden="true">
            { for windows.shown.iter().zip(&placed).map(|(w, lane)| html! {
                <span class={classes!("window", current.contains(&w.number).then_some("current"))}
                    data-role="window" data-window={w.index.clone()}
                    data-from={w.from.to_string()} data-to={w.to.to_string()} data-lane={lane.to_string()}>
                    <span class="window-label">{ format!("[{}]", w.index) }</span>
                    { for w.runs.iter().map(|(a, b)| html! {
                        <span class="run" data-a={a.to_string()} data-b={b.to_string()}></span>
                    }) }
                </span>
            }) }
        </div>
    }
}

/// What the bars mean: "4 windows of 3 cells, one bar each, under the memory they read: …".
pub fn caption(windows: &Windows, lang: Lang) -> String {
    let t = lang.t();
    let count = |n: usize, one: &str, many: &str| {
        crate::intl::plural(i64::try_from(n).unwrap_or(i64::MAX), lang, one, many)
    };
    t.windows_caption
        .replace(
            "{count}",
            &count(windows.count, t.windows_one, t.windows_many),
        )
        .replace("{cells}", &count(windows.cells, t.cells_one, t.cells_many))
}

/// Puts each bar under the cells it spans, in its lane, and makes room for the lanes under the
/// row. Every position is read before any style is written (one layout, not one per bar).
fn place(layer: &NodeRef, row: &NodeRef, depth: usize) {
    let (Some(layer), Some(row)) = (
        layer.cast::<web_sys::HtmlElement>(),
        row.cast::<web_sys::HtmlElement>(),
    ) else {
        return;
    };
    let Ok(bars) = layer.query_selector_all("[data-role=window]") else {
        return;
    };
    let cell = |p: &str| {
        row.query_selector(&format!("[data-addr=\"{p}\"]"))
            .ok()
            .flatten()
            .or_else(|| {
                row.query_selector(&format!("[data-outside=\"{p}\"]"))
                    .ok()
                    .flatten()
            })
            .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
    };
    let bottom = row
        .query_selector("[data-addr]")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(0, |c| c.offset_top() + c.offset_height());
    let span = |a: &str, b: &str| {
        cell(a).zip(cell(b)).map(|(a, b)| {
            let left = a.offset_left();
            (left, b.offset_left() + b.offset_width() - left)
        })
    };
    // A bar's box, and each of its runs' boxes from the bar's left edge.
    type Placed = (
        web_sys::HtmlElement,
        Option<[i32; 3]>,
        Vec<(web_sys::HtmlElement, Option<[i32; 2]>)>,
    );
    let elements = |list: web_sys::NodeList| {
        (0..list.length()).filter_map(move |k| {
            list.item(k)
                .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        })
    };
    let placed: Vec<Placed> = elements(bars)
        .map(|bar| {
            let get = |n: &str| bar.get_attribute(n).unwrap_or_default();
            let lane: i32 = get("data-lane").parse().unwrap_or(0);
            let geometry = span(&get("data-from"), &get("data-to"))
                .map(|(left, width)| [left, width, bottom + BELOW + lane * LANE]);
            let origin = geometry.map_or(0, |g| g[0]);
            let runs = bar
                .query_selector_all(".run")
                .map(|list| {
                    elements(list)
                        .map(|run| {
                            let get = |n: &str| run.get_attribute(n).unwrap_or_default();
                            let box_ = span(&get("data-a"), &get("data-b"))
                                .map(|(left, width)| [left - origin, width]);
                            (run, box_)
                        })
                        .collect()
                })
                .unwrap_or_default();
            (bar, geometry, runs)
        })
        .collect();
    for (bar, geometry, runs) in placed {
        let style = bar.style();
        match geometry {
            Some([left, width, top]) => {
                let _ = style.set_property("left", &format!("{left}px"));
                let _ = style.set_property("width", &format!("{width}px"));
                let _ = style.set_property("top", &format!("{top}px"));
                let _ = style.remove_property("display");
            }
            None => {
                let _ = style.set_property("display", "none");
            }
        }
        for (run, geometry) in runs {
            if let Some([left, width]) = geometry {
                let _ = run.style().set_property("left", &format!("{left}px"));
                let _ = run.style().set_property("width", &format!("{width}px"));
            }
        }
    }
    let lanes = i32::try_from(depth).unwrap_or(0);
    let _ = row
        .style()
        .set_property("padding-bottom", &format!("{}px", BELOW + lanes * LANE + 4));
}
