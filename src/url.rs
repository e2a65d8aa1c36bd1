//! The state in the URL: `index.html?expr=<program>&units=bytes|elements&dtype=<name>&lang=es`
//! opens exactly that view, and the page keeps the URL in step, so a link reproduces what the
//! learner sees.

use stride_expr::dtype::DType;
use stride_expr::picture::Units;

use crate::i18n::Lang;
use crate::state::Options;

/// Options from a query string (`?expr=…&units=…`); unknown or bad values are ignored here.
pub fn parse(search: &str) -> Options {
    let mut options = Options::default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(search) else {
        return options;
    };
    options.program = params.get("expr").filter(|p| !p.trim().is_empty());
    options.units = params.get("units").and_then(|u| units(&u));
    options.dtype = params.get("dtype").and_then(|d| DType::parse(&d));
    if let Some(lang) = params.get("lang").and_then(|l| Lang::from_tag(&l)) {
        options.lang = lang;
    }
    options
}

/// Units from their name.
pub fn units(name: &str) -> Option<Units> {
    match name {
        "bytes" => Some(Units::Bytes),
        "elements" => Some(Units::Elements),
        _ => None,
    }
}

/// The page's own options: its URL, and its document's language if the URL names none.
pub fn read() -> Options {
    let Some(window) = web_sys::window() else {
        return Options::default();
    };
    let search = window.location().search().unwrap_or_default();
    let mut options = parse(&search);
    let named = web_sys::UrlSearchParams::new_with_str(&search)
        .ok()
        .and_then(|p| p.get("lang"))
        .is_some();
    if !named {
        options.lang = crate::lang::detect(None);
    }
    options
}

/// Replaces the URL's query with the current view (no new history entry).
pub fn write(program: &str, units: Units, dtype: Option<DType>, lang: Lang) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new() else {
        return;
    };
    params.append("expr", program);
    params.append(
        "units",
        if units == Units::Bytes {
            "bytes"
        } else {
            "elements"
        },
    );
    if let Some(d) = dtype {
        params.append("dtype", d.name());
    }
    params.append("lang", lang.tag());
    let query = format!("?{}", String::from(params.to_string()));
    if window.location().search().ok().as_deref() == Some(query.as_str()) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&query));
    }
}
