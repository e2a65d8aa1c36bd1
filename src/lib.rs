//! # strides-lab
//!
//! The front end of Strides Lab: a Yew app that draws an array as a grid of its values and its
//! memory as one row of cells, and shows, for the cell pointed at, the address rule with the
//! numbers filled in. It computes no layout itself: every shape, stride, start, position and read
//! count comes from `stride-expr`'s [`stride_expr::picture::Picture`], built on `stride-core`.
//!
//! - [`state`]: the state, actions and the pure reducer (tested natively);
//! - [`presets`]: the lesson's arrays;
//! - [`components`]: one component per file.
//!
//! In the browser, [`mount`] starts a lab in an element; `web/main.js` calls it for `index.html`.

pub mod code;
pub mod components;
pub mod i18n;
pub mod lang;
pub mod presets;
pub mod state;
pub mod storage;
pub mod url;

use wasm_bindgen::prelude::*;

/// A running lab, returned by [`mount`]; `destroy()` removes it.
#[wasm_bindgen]
pub struct LabHandle {
    handle: Option<yew::AppHandle<components::app::App>>,
}

#[wasm_bindgen]
impl LabHandle {
    /// Unmounts the lab and clears its element.
    pub fn destroy(&mut self) {
        if let Some(h) = self.handle.take() {
            h.destroy();
        }
    }
}

/// Starts a lab inside `element`, in the language of its nearest `lang` attribute.
#[wasm_bindgen]
pub fn mount(element: web_sys::Element) -> LabHandle {
    let options = state::Options {
        lang: lang::detect(Some(&element)),
        ..state::Options::default()
    };
    start(
        element,
        components::app::Props {
            options,
            sync_url: false,
            persist: true,
        },
    )
}

/// Starts the page's lab inside `element`: its view comes from the URL, and the URL follows it.
#[wasm_bindgen(js_name = mountPage)]
pub fn mount_page(element: web_sys::Element) -> LabHandle {
    start(
        element,
        components::app::Props {
            options: url::read(),
            sync_url: true,
            persist: true,
        },
    )
}

fn start(element: web_sys::Element, props: components::app::Props) -> LabHandle {
    let handle =
        yew::Renderer::<components::app::App>::with_root_and_props(element, props).render();
    LabHandle {
        handle: Some(handle),
    }
}
