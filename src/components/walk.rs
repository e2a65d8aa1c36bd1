//! The reading order: the positions an array reads in row order, drawn as steps over its memory,
//! each labelled (`+4`, `−7`), the ones that break the pattern in [brackets]. A copy made because
//! no strides fit shows first its source's walk over the old memory (why no strides fit), then
//! its own memory in the new order; for a view the walk is one click away. Previous, Play and Next
//! step through the walk, each step said under the controls (a live region) and scrolled into
//! view on a narrow screen (Play is hidden under `prefers-reduced-motion`; the steps themselves
//! never animate).

use std::rc::Rc;

use array_picture::{Picture, ReadOrder, Walk};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::jumps::{place_arcs, query_cell};
use super::{Shared, use_lang};

/// Time between steps while playing, in milliseconds.
const PLAY_STEP_MS: i32 = 900;

/// Positions written out under a walk.
const WRITTEN: usize = 16;

/// Positions written out at most, to reach the first step that breaks the pattern.
const WRITTEN_MOST: usize = 40;

/// Props of [`WalkView`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The array; for a failed view, the memory it would have read
    /// ([`Picture::of_memory`]).
    pub picture: Shared<Picture>,
    /// Whether `picture` is a failed view's memory: its walk is the one a copy would take, shown
    /// at once with why no strides fit, and there is no new memory to show.
    #[prop_or_default]
    pub failed: Option<ReadOrder>,
}

/// The walks of one array: its own, and a copy's source's.
struct Walks {
    own: Shared<Walk>,
    source: Option<(Shared<Picture>, Shared<Walk>)>,
}

/// A step as labelled: `+4`, `−7`, `+0`.
fn signed(s: i64) -> String {
    if s < 0 {
        format!("−{}", s.unsigned_abs())
    } else {
        format!("+{s}")
    }
}

/// The reading order.
#[function_component(WalkView)]
pub fn walk_view(props: &Props) -> Html {
    crate::renders::count("WalkView");
    let picture = &props.picture;
    let t = use_lang().t();
    let failed = props.failed;
    let walks = use_memo((picture.clone(), failed.is_some()), |(p, failed)| {
        let own = Shared(Rc::new(p.walk()));
        let source = if *failed {
            Some((p.clone(), own.clone()))
        } else {
            p.source()
                .map(|s| (Shared(Rc::new(s.walk())), Shared(Rc::new(s))))
                .map(|(w, s)| (s, w))
        };
        Walks { own, source }
    });
    let open = use_state(|| false);
    let current = use_state(|| None::<usize>);
    let playing = use_state(|| false);
    {
        let (current, playing) = (current.clone(), playing.clone());
        use_effect_with(picture.clone(), move |_| {
            current.set(None);
            playing.set(false);
        });
    }
    // The walk that plays: the source's for a copy, else the array's own.
    let played = walks
        .source
        .as_ref()
        .map_or_else(|| walks.own.clone(), |(_, w)| w.clone());
    let steps = played.positions.len().saturating_sub(1);
    {
        let (current, playing) = (current.clone(), playing.clone());
        use_effect_with((*playing, *current), move |&(on, at)| {
            let mut handle = None;
            if on {
                let next = at.map_or(0, |k| k + 1);
                let window = web_sys::window();
                if next < steps {
                    let tick = wasm_bindgen::closure::Closure::once_into_js(move || {
                        current.set(Some(next));
                    });
                    handle = window.as_ref().and_then(|w| {
                        w.set_timeout_with_callback_and_timeout_and_arguments_0(
                            tick.unchecked_ref(),
                            PLAY_STEP_MS,
                        )
                        .ok()
                    });
                } else {
                    playing.set(false);
                }
            }
            move || {
                if let (Some(h), Some(w)) = (handle, web_sys::window()) {
                    w.clear_timeout_with_handle(h);
                }
            }
        });
    }
    let copy = walks.source.is_some();
    if !copy && !*open {
        let on_open = {
            let open = open.clone();
            Callback::from(move |_: MouseEvent| open.set(true))
        };
        return html! {
            <section class="walk" data-role="walk" aria-label={t.reading_order}>
                <button class="walk-open" data-role="walk-open" aria-expanded="false" onclick={on_open}>{ t.walk_show }</button>
            </section>
        };
    }
    let go = |to: Option<usize>| {
        let (current, playing) = (current.clone(), playing.clone());
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            current.set(to);
        })
    };
    let back = go(current.and_then(|k| k.checked_sub(1)));
    let next = go(Some(
        current.map_or(0, |k| (k + 1).min(steps.saturating_sub(1))),
    ));
    let on_play = {
        let (current, playing) = (current.clone(), playing.clone());
        let at = *current;
        Callback::from(move |_: MouseEvent| {
            if *playing {
                playing.set(false);
            } else {
                if at.is_some_and(|k| k + 1 >= steps) {
                    current.set(None);
                }
                playing.set(true);
            }
        })
    };
    let said = current
        .and_then(|k| {
            let from = *played.positions.get(k)?;
            let to = *played.positions.get(k + 1)?;
            let mut text = t
                .step_said
                .replace("{k}", &(k + 1).to_string())
                .replace("{n}", &steps.to_string())
                .replace("{from}", &from.to_string())
                .replace("{to}", &to.to_string())
                .replace("{step}", &signed(to - from));
            if played.breaks(k) {
                text.push_str(&format!(" ({})", t.walk_break));
            }
            Some(text)
        })
        .unwrap_or_default();
    let controls = html! {
        <div class="walk-controls">
            <button data-role="step-back" onclick={back} disabled={current.is_none()}>{ format!("◀ {}", t.step_back) }</button>
            <button class="play" data-role="play" aria-pressed={playing.to_string()} onclick={on_play}>
                { if *playing { t.pause } else { t.play } }
            </button>
            <button data-role="step-next" onclick={next} disabled={steps == 0 || current.is_some_and(|k| k + 1 >= steps)}>
                { format!("{} ▶", t.step_next) }
            </button>
        </div>
    };
    html! {
        <section class="walk" data-role="walk" aria-label={t.reading_order}>
            <h3>{ t.reading_order }</h3>
            if let (Some(order), Some((source, walk))) = (failed, &walks.source) {
                <p>{ t.walk_failed.replace("{order}", if order == ReadOrder::Column { t.column_order } else { t.row_order }) }</p>
                <WalkRow picture={source.clone()} walk={walk.clone()} current={*current} which="source" />
                { controls }
                if let Some((a, b)) = first_break(walk) {
                    <p data-role="walk-why">{ t.walk_failed_why.replace("{a}", &signed(a)).replace("{b}", &signed(b)) }</p>
                }
            } else if let Some((source, walk)) = &walks.source {
                <p>{ t.walk_source.replace("{order}", if picture.source_order() == Some(ReadOrder::Column) { t.column_order } else { t.row_order }) }</p>
                <WalkRow picture={source.clone()} walk={walk.clone()} current={*current} which="source" />
                { controls }
                <p>{ t.walk_copy }</p>
                <WalkRow picture={picture.clone()} walk={walks.own.clone()} current={None::<usize>} which="own" />
            } else {
                <p>{ t.walk_view }</p>
                <WalkRow picture={picture.clone()} walk={walks.own.clone()} current={*current} which="own" />
                { controls }
            }
            <p class="walk-said" aria-live="polite" data-role="walk-said">{ said }</p>
        </section>
    }
}

/// The first step of a walk and the first step unlike it, if any.
fn first_break(walk: &Walk) -> Option<(i64, i64)> {
    let mut steps = walk.steps().map(|(a, b)| b - a);
    let first = steps.next()?;
    steps.find(|&s| s != first).map(|b| (first, b))
}

/// Props of [`WalkRow`].
#[derive(Properties, PartialEq)]
pub struct RowProps {
    /// The array whose memory is drawn.
    pub picture: Shared<Picture>,
    /// Its walk.
    pub walk: Shared<Walk>,
    /// The step being shown, if any.
    pub current: Option<usize>,
    /// `source` or `own`, as `data-memory`.
    pub which: &'static str,
}

/// One walk over one memory: the cells, the steps over them, and the positions written out.
#[function_component(WalkRow)]
fn walk_row(props: &RowProps) -> Html {
    let RowProps {
        picture,
        walk,
        current,
        which,
    } = props;
    let t = use_lang().t();
    let layer = use_node_ref();
    let cells = use_node_ref();
    let scroll = use_node_ref();
    let placed = lanes(walk);
    let (up, down) = placed.iter().fold((0, 0), |(u, d), &(lane, below)| {
        if below {
            (u, d.max(lane + 1))
        } else {
            (u.max(lane + 1), d)
        }
    });
    {
        let (layer, cells, scroll) = (layer.clone(), cells.clone(), scroll.clone());
        use_effect_with((picture.clone(), walk.clone()), move |_| {
            // Room for the lanes above and below the cells (set here: the page's CSP allows no
            // style attributes in markup).
            if let Some(s) = scroll.cast::<web_sys::HtmlElement>() {
                let lanes = |n: usize| format!("{}px", 17 * n + 20);
                let _ = s.style().set_property("padding-top", &lanes(up));
                let _ = s.style().set_property("padding-bottom", &lanes(down));
            }
            if let (Some(l), Some(c)) = (
                layer.cast::<web_sys::Element>(),
                cells.cast::<web_sys::Element>(),
            ) {
                place_arcs(&l, &|p| query_cell(&c, "data-walk-addr", p), up);
            }
        });
    }
    // The current step in view: its two cells, or the one it lands on when they are farther
    // apart than the row is wide.
    {
        let (scroll, cells) = (scroll.clone(), cells.clone());
        let ends =
            current.and_then(|k| Some((*walk.positions.get(k)?, *walk.positions.get(k + 1)?)));
        use_effect_with(ends, move |ends| {
            if let (Some((from, to)), Some(s), Some(c)) = (
                *ends,
                scroll.cast::<web_sys::HtmlElement>(),
                cells.cast::<web_sys::Element>(),
            ) {
                let cell = |p: i64| {
                    query_cell(&c, "data-walk-addr", &p.to_string())
                        .map(|e| (e.offset_left(), e.offset_left() + e.offset_width()))
                };
                if let (Some(a), Some(b)) = (cell(from), cell(to)) {
                    let (left, right) = (a.0.min(b.0), a.1.max(b.1));
                    let width = s.client_width();
                    let target = if right - left <= width {
                        (left + right - width) / 2
                    } else {
                        (b.0 + b.1 - width) / 2
                    };
                    s.set_scroll_left(target.max(0));
                }
            }
        });
    }
    let shown = use_memo((picture.clone(), walk.clone()), |(picture, walk)| {
        Shared(Rc::new(walk.cells_shown(picture.memory_len())))
    });
    let steps = walk.steps().enumerate().map(|(n, (a, b))| {
        let breaks = walk.breaks(n);
        let (lane, below) = placed.get(n).copied().unwrap_or((0, false));
        let label = if breaks {
            format!("[{}]", signed(b - a))
        } else {
            signed(b - a)
        };
        html! {
            <span class={classes!("hop", "step", (b < a).then_some("back"), (a == b).then_some("stay"),
                    breaks.then_some("break"), (*current == Some(n)).then_some("current"))}
                data-role="step" data-from={a.to_string()} data-to={b.to_string()}
                data-a={a.to_string()} data-b={b.to_string()} data-lane={lane.to_string()}
                data-below={below.then_some("")}
                data-breaks={breaks.then_some("")}>
                <span class="hop-label">{ label }</span>
            </span>
        }
    });
    // Written out far enough to show the first step that breaks the pattern (the heads tensor's
    // failed view breaks after 15 steps of +1).
    let writing = (0..walk.positions.len())
        .find(|&n| walk.breaks(n))
        .map_or(WRITTEN, |n| (n + 2).clamp(WRITTEN, WRITTEN_MOST));
    let mut written: Vec<String> = walk
        .positions
        .iter()
        .take(writing)
        .map(i64::to_string)
        .collect();
    let more = walk.total.saturating_sub(writing);
    if more > 0 {
        written.push(format!(
            "… ({})",
            t.walk_more.replace("{n}", &more.to_string())
        ));
    }
    html! {
        <div class="walk-memory" data-memory={*which}>
            <div ref={scroll} class="walk-scroll" aria-hidden="true">
                <div ref={layer} class="jumps walk-steps">{ for steps }</div>
                <div ref={cells} class="walk-cells">
                    <WalkCells picture={picture.clone()} shown={(*shown).clone()} current={current.and_then(|k| walk.positions.get(k + 1).copied())} />
                </div>
            </div>
            <p class="walk-text">{ written.join(" → ") }</p>
        </div>
    }
}

/// Lanes deepest allowed above or below the cells.
const MAX_LANES: usize = 6;

/// Each step's lane (0 nearest the cells) and whether it is drawn below the cells (backward
/// steps are): the first lane where it overlaps no step already there, so rounds of one stride
/// (0→4→8, then 1→5→9) each get a lane of their own.
fn lanes(walk: &Walk) -> Vec<(usize, bool)> {
    let (mut above, mut under) = (Vec::new(), Vec::new());
    walk.steps()
        .map(|(a, b)| {
            let below = b < a;
            let (lo, hi) = (a.min(b), a.max(b));
            let side: &mut Vec<i64> = if below { &mut under } else { &mut above };
            let lane = side.iter().position(|&end| end <= lo).unwrap_or(side.len());
            let lane = lane.min(MAX_LANES - 1);
            match side.get_mut(lane) {
                Some(end) => *end = (*end).max(hi),
                None => side.push(hi),
            }
            (lane, below)
        })
        .collect()
}

/// Props of [`WalkCells`].
#[derive(Properties, PartialEq)]
struct CellsProps {
    picture: Shared<Picture>,
    shown: Shared<Vec<Option<usize>>>,
    current: Option<i64>,
}

/// The memory cells under a walk.
#[function_component(WalkCells)]
fn walk_cells(props: &CellsProps) -> Html {
    let CellsProps {
        picture,
        shown,
        current,
    } = props;
    let current = current.and_then(|c| usize::try_from(c).ok());
    html! {
        { for shown.iter().map(|p| match *p {
            Some(p) => html! {
                <div class={classes!("wcell", (current == Some(p)).then_some("selected"))}
                    data-walk-addr={p.to_string()}>
                    <span class="addr">{ p }</span>
                    <span class="value">{ picture.memory_value(p) }</span>
                </div>
            },
            None => html! { <div class="wcell gap">{ "…" }</div> },
        }) }
    }
}
