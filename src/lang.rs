//! Choosing the language: the `lang` option, else the nearest `lang` attribute, else the
//! browser's languages, else English. The lab's own pages (`index.html`, `embed.html`) declare no
//! language of their own for the lab to follow: their `lang` follows the lab's.

use wasm_bindgen::JsCast;

use crate::i18n::Lang;

/// The language for a lab mounted in `element` (or the page, for `None`).
pub fn detect(element: Option<&web_sys::Element>) -> Lang {
    let from_attribute = element
        .and_then(|e| e.closest("[lang]").ok().flatten())
        .or_else(|| web_sys::window()?.document()?.document_element())
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag));
    from_attribute.unwrap_or_else(browser)
}

/// The first of the browser's languages (`navigator.languages`) the lab speaks, else English.
pub fn browser() -> Lang {
    let navigator = web_sys::window().map(|w| w.navigator());
    let languages = navigator.map(|n| n.languages()).unwrap_or_default();
    for tag in languages.iter() {
        if let Some(lang) = tag
            .dyn_ref::<js_sys::JsString>()
            .and_then(|s| Lang::from_tag(&String::from(s)))
        {
            return lang;
        }
    }
    Lang::En
}
