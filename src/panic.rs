//! If a bug ever panics, the WebAssembly module stops for good, and with it every lab on the page.
//! The hook installed here replaces each lab (every element marked [`ROOT`]) with a message that
//! says what happened and offers a reload button (handled by `web/strides-lab.js`, which still
//! works once the module has stopped). Debug builds can trigger it on purpose, for the tests.

use std::sync::Once;

/// The attribute that marks an element holding a lab.
pub const ROOT: &str = "data-strides-lab-root";

/// The attribute of the reload button.
pub const RELOAD: &str = "data-strides-lab-reload";

/// Installs the hook once.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let what = match info.payload().downcast_ref::<&str>() {
                Some(s) => (*s).to_string(),
                None => info
                    .payload()
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_default(),
            };
            show(&what);
        }));
    });
}

/// Replaces every lab on the page with the message.
pub fn show(what: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(roots) = document.query_selector_all(&format!("[{ROOT}]")) else {
        return;
    };
    for k in 0..roots.length() {
        let Some(root) = roots.item(k) else { continue };
        root.set_text_content(None);
        let build = || -> Option<()> {
            let box_ = document.create_element("div").ok()?;
            box_.set_class_name("crashed");
            box_.set_attribute("role", "alert").ok()?;
            box_.set_attribute("data-role", "crashed").ok()?;
            let title = document.create_element("p").ok()?;
            title.set_text_content(Some(
                "The lab stopped because of a bug: nothing you typed was lost from the lesson. Reload the page to start it again.",
            ));
            let detail = document.create_element("p").ok()?;
            detail.set_class_name("detail");
            detail.set_text_content(Some(&format!("What happened: {what}")));
            let button = document.create_element("button").ok()?;
            button.set_attribute("type", "button").ok()?;
            button.set_attribute(RELOAD, "").ok()?;
            button.set_text_content(Some("Reload"));
            box_.append_child(&title).ok()?;
            box_.append_child(&detail).ok()?;
            box_.append_child(&button).ok()?;
            root.append_child(&box_).ok()?;
            Some(())
        };
        let _ = build();
    }
}

/// Panics on purpose, to test the hook (debug builds only).
#[cfg(debug_assertions)]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = debugPanic)]
#[allow(
    clippy::panic,
    reason = "the one panic on purpose: the browser test of the hook"
)]
pub fn debug_panic() {
    install();
    std::panic::panic_any("a panic triggered on purpose by the test hook");
}
