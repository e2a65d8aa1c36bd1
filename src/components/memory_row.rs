//! The memory: one row of numbered cells holding their values. A cell the array never reads is
//! dashed and says so; a cell read by several array cells says how many (×3).

use stride_expr::picture::Picture;
use yew::prelude::*;

use super::{Shared, data_number};
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
    let on_over = {
        let on_focus = on_focus.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(p) = data_number(&e, "data-addr") {
                on_focus.emit(Focus::Memory(p));
            }
        })
    };
    let on_focusin = {
        let on_focus = on_focus.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(p) = data_number(&e, "data-addr") {
                on_focus.emit(Focus::Memory(p));
            }
        })
    };
    let first_selected = selection.memory.first().copied().unwrap_or(0);
    html! {
        <div class="memory" role="grid" aria-label="Memory: one row of numbered cells"
            onpointerover={on_over} onfocusin={on_focusin}>
            <div role="row" class="row">
                { for (0..picture.memory_len()).map(|p| {
                    let reads = picture.reads(p);
                    let selected = selection.memory.contains(&p);
                    let label = match reads {
                        0 => format!("position {p}: {}, never read", picture.memory_value(p)),
                        1 => format!("position {p}: {}", picture.memory_value(p)),
                        n => format!("position {p}: {}, read {n} times", picture.memory_value(p)),
                    };
                    html! {
                        <div role="gridcell"
                            class={classes!("mem", selected.then_some("selected"), (reads == 0).then_some("unread"))}
                            data-addr={p.to_string()}
                            data-unread={(reads == 0).then_some("")}
                            data-reads={(reads > 1).then(|| reads.to_string())}
                            aria-selected={if selected { "true" } else { "false" }}
                            aria-label={label}
                            tabindex={if p == first_selected { "0" } else { "-1" }}>
                            <span class="addr" aria-hidden="true">{ p }</span>
                            <span class="value" aria-hidden="true">{ picture.memory_value(p) }</span>
                            if reads > 1 { <span class="reads" aria-hidden="true">{ format!("×{reads}") }</span> }
                        </div>
                    }
                }) }
            </div>
        </div>
    }
}
