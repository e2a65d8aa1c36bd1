//! The address rule drawn on the memory row: for the focused array cell, iₖ hops of sₖ along each
//! axis k, chained from the start to the cell, one colour and one letter per axis (the letter of
//! the axis's term in the rule). A stride 0 is a jump that stays. An axis of many hops is drawn
//! as one long hop, `j 9×(+16)`, so the chain stays readable on a long row.
//!
//! The hops are placed over the cells they join by measuring those cells, a few per move; the
//! memory cells themselves are never drawn again when the focus moves.

use array_picture::{Jump, index_name};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{AXIS_COLOURS, Shared, use_lang};
use crate::cells::Cells;

/// Hops drawn one by one; an axis of more is drawn as one long hop.
const HOPS_SHOWN: i64 = 4;

/// Height of one lane of hops, in pixels (each axis has its own lane, so chains never overlap).
const LANE: i32 = 17;

/// Props of [`Jumps`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The jumps of the focused cell (empty for none).
    pub jumps: Shared<Vec<Jump>>,
    /// The memory row's cells, which the hops join.
    pub cells: Cells,
    /// Number of lanes (the array's number of axes, at most [`AXIS_COLOURS`]).
    pub lanes: usize,
}

/// A stride as the hops are labelled: `+4`, `−2`.
fn signed(s: i64) -> String {
    if s < 0 {
        format!("−{}", s.unsigned_abs())
    } else {
        format!("+{s}")
    }
}

/// The jumps.
#[function_component(Jumps)]
pub fn jumps(props: &Props) -> Html {
    crate::renders::count("Jumps");
    let Props {
        jumps,
        cells,
        lanes,
    } = props;
    let t = use_lang().t();
    let layer = use_node_ref();
    {
        let layer = layer.clone();
        let lanes = *lanes;
        use_effect_with((jumps.clone(), cells.clone()), move |(_, cells)| {
            if let Some(layer) = layer.cast::<web_sys::Element>() {
                place_arcs(&layer, &|p| cells.at(p), lanes);
            }
        });
    }
    let lanes = *lanes;
    let hop = |axis: usize, from: i64, to: i64, text: String| {
        html! {
            <span class={classes!("hop", (to < from).then_some("back"), (to == from).then_some("stay"))}
                data-lane={(lanes.max(1) - 1 - axis % lanes.max(1)).to_string()} data-a={from.to_string()} data-b={to.to_string()}>
                <span class="hop-label">{ text }</span>
            </span>
        }
    };
    html! {
        <div ref={layer} class="jumps" data-role="jumps" aria-hidden="true">
            { for jumps.iter().map(|j| {
                let letter = index_name(j.axis);
                let hops = if j.stride == 0 {
                    vec![hop(j.axis, j.from, j.to, format!("{letter} ×{} {}", j.count, t.stays))]
                } else if j.count <= HOPS_SHOWN {
                    (0..j.count)
                        .map(|h| {
                            let a = j.from + h * j.stride;
                            hop(j.axis, a, a + j.stride, format!("{letter} {}", signed(j.stride)))
                        })
                        .collect()
                } else {
                    vec![hop(j.axis, j.from, j.to, format!("{letter} {}×({})", j.count, signed(j.stride)))]
                };
                html! {
                    <div class={format!("jump axis-{}", j.axis % AXIS_COLOURS)} data-role="jump"
                        data-axis={j.axis.to_string()} data-count={j.count.to_string()}
                        data-stride={j.stride.to_string()} data-from={j.from.to_string()}
                        data-to={j.to.to_string()}>
                        { for hops }
                    </div>
                }
            }) }
        </div>
    }
}

/// Scrolls `row` so that the cells from `a` to `b` show, when they do not already: the whole span
/// centred when it fits, else from `a` on.
pub fn keep_in_view(
    row: &web_sys::HtmlElement,
    a: &web_sys::HtmlElement,
    b: &web_sys::HtmlElement,
) {
    let (left, right) = (a.offset_left(), b.offset_left() + b.offset_width());
    let (shown, width) = (row.scroll_left(), row.client_width());
    if left >= shown && right <= shown + width {
        return;
    }
    let target = if right - left <= width {
        (left + right - width) / 2
    } else {
        left - 8
    };
    row.set_scroll_left(target.max(0));
}

/// The cell of `row` marked `attr` with the number `p`, or the position `p` drawn outside the
/// buffer (a query each: for rows whose arcs are placed once per drawing, not per pointer move).
pub fn query_cell(row: &web_sys::Element, attr: &str, p: &str) -> Option<web_sys::HtmlElement> {
    row.query_selector(&format!("[{attr}=\"{p}\"]"))
        .ok()
        .flatten()
        .or_else(|| {
            row.query_selector(&format!("[data-outside=\"{p}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
}

/// Puts each `.hop` under `layer` over the cells it joins (`cell` finds them by its `data-a`
/// and `data-b`): from the middle of one to the middle of the other, in its lane (`data-lane`,
/// 0 nearest the cells) of the `up` lanes above the cells, or with `data-below` of the lanes
/// under them. A hop to a cell that is not drawn is hidden.
pub fn place_arcs(
    layer: &web_sys::Element,
    cell: &dyn Fn(&str) -> Option<web_sys::HtmlElement>,
    up: usize,
) {
    let Ok(hops) = layer.query_selector_all(".hop") else {
        return;
    };
    let middle = |p: &str| cell(p).map(|c| c.offset_left() + c.offset_width() / 2);
    let up = i32::try_from(up.max(1)).unwrap_or(1);
    let origin = layer
        .clone()
        .dyn_into::<web_sys::HtmlElement>()
        .map_or(0, |l| l.offset_top());
    // Every position is read before any style is written: a write between two reads would make
    // the browser lay out the whole row (1,280 cells on the heads tensor) again for each hop.
    let placed: Vec<(web_sys::HtmlElement, Option<[i32; 4]>)> = (0..hops.length())
        .filter_map(|k| {
            hops.item(k)
                .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        })
        .map(|hop| {
            let get = |name: &str| hop.get_attribute(name).unwrap_or_default();
            let lane: i32 = get("data-lane").parse().unwrap_or(0);
            let (a, b) = (get("data-a"), get("data-b"));
            let a_cell = cell(&a);
            let middle_of = |c: &web_sys::HtmlElement| c.offset_left() + c.offset_width() / 2;
            let geometry = match (a_cell.as_ref().map(middle_of), middle(&b)) {
                (Some(a), Some(b)) => {
                    let (top, height) = if hop.has_attribute("data-below") {
                        let bottom = a_cell
                            .as_ref()
                            .map_or(0, |c| c.offset_top() + c.offset_height() - origin);
                        (bottom, (lane + 1) * LANE)
                    } else {
                        let top = (up - 1 - lane.clamp(0, up - 1)) * LANE;
                        (top, up * LANE - top + 6)
                    };
                    let (left, width) = if a == b {
                        (a - 9, 18)
                    } else {
                        (a.min(b), (a - b).abs())
                    };
                    Some([left, width, top, height])
                }
                _ => None,
            };
            (hop, geometry)
        })
        .collect();
    for (hop, geometry) in placed {
        let style = hop.style();
        match geometry {
            Some([left, width, top, height]) => {
                let _ = style.set_property("left", &format!("{left}px"));
                let _ = style.set_property("width", &format!("{width}px"));
                let _ = style.set_property("top", &format!("{top}px"));
                let _ = style.set_property("height", &format!("{height}px"));
                let _ = style.remove_property("display");
            }
            None => {
                let _ = style.set_property("display", "none");
            }
        }
    }
}

/// Rows of memory longer than this also get the chain drawn to scale on a map of the whole row.
pub const MAP_FROM: usize = 24;

/// Props of [`JumpMap`].
#[derive(Properties, PartialEq)]
pub struct MapProps {
    /// The jumps of the focused cell.
    pub jumps: Shared<Vec<Jump>>,
    /// Memory cells in the row.
    pub len: usize,
    /// Number of lanes.
    pub lanes: usize,
}

/// The whole chain on a long row, to scale: each axis's jumps a bar from where they start to
/// where they end, in its lane and colour, with its letter and count (the heads tensor's row of
/// 1,280 cells scrolls, so its jumps never fit the window at once).
#[function_component(JumpMap)]
pub fn jump_map(props: &MapProps) -> Html {
    let MapProps { jumps, len, lanes } = props;
    let track = use_node_ref();
    {
        let track = track.clone();
        let len = *len;
        use_effect_with(jumps.clone(), move |_| {
            let Some(track) = track.cast::<web_sys::Element>() else {
                return;
            };
            let Ok(bars) = track.query_selector_all(".bar") else {
                return;
            };
            // Percent of the row in thousandths, written with integers only: a float's `{:.3}`
            // would bring Rust's float formatting (about 14 KB of wasm) back into the bundle.
            let len = i64::try_from(len.max(1)).unwrap_or(i64::MAX);
            let thousandths = |p: i64| p.max(0).saturating_mul(100_000) / len;
            let percent = |p: i64| {
                let t = thousandths(p);
                format!("{}.{:03}%", t / 1000, t % 1000)
            };
            for k in 0..bars.length() {
                let Some(bar) = bars
                    .item(k)
                    .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
                else {
                    continue;
                };
                let get = |n: &str| -> i64 {
                    bar.get_attribute(n)
                        .and_then(|v| v.parse().ok())
                        .unwrap_or(0)
                };
                let (a, b) = (get("data-from"), get("data-to"));
                let style = bar.style();
                let _ = style.set_property("left", &percent(a.min(b)));
                let _ = style.set_property("width", &percent((a - b).abs()));
                let _ = style.set_property("top", &format!("{}px", get("data-lane") * 11));
                // A label in the right half hangs from the bar's right end, inside the map.
                let _ = bar
                    .class_list()
                    .toggle_with_force("end", thousandths(a.min(b)) > 50_000);
            }
        });
    }
    let t = use_lang().t();
    let lanes = (*lanes).max(1);
    html! {
        <div class="jump-map" aria-hidden="true">
            <div ref={track} class={format!("map-track lanes-{lanes}")}>
                { for jumps.iter().map(|j| {
                    let letter = index_name(j.axis);
                    let text = if j.stride == 0 {
                        format!("{letter} {}", t.stays)
                    } else {
                        format!("{letter} {}×({})", j.count, signed(j.stride))
                    };
                    html! {
                        <span class={classes!("bar", format!("axis-{}", j.axis % AXIS_COLOURS), (j.stride == 0).then_some("stay"))}
                            data-from={j.from.to_string()} data-to={j.to.to_string()}
                            data-lane={(j.axis % lanes).to_string()}>
                            <span class="bar-label">{ text }</span>
                        </span>
                    }
                }) }
            </div>
            <div class="map-ends"><span>{ "0" }</span><span>{ len.to_string() }</span></div>
        </div>
    }
}
