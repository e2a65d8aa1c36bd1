//! The state in the URL: `index.html?expr=<program>&units=bytes|elements&dtype=<name>&lang=es`
//! opens exactly that view, and the page keeps the URL in step, so a link reproduces what the
//! learner sees. Parameters are checked like every option ([`crate::options`]).

use array_picture::Units;
use arrays::dtype::DType;

use crate::i18n::Lang;
use crate::options::Options;

/// Decodes one `application/x-www-form-urlencoded` component.
fn decode(s: &str) -> String {
    let spaced = s.replace('+', " ");
    js_sys::decode_uri_component(&spaced)
        .map(String::from)
        .unwrap_or(spaced)
}

/// Options from a query string (`?expr=…&units=…`).
pub fn parse(search: &str) -> Options {
    let query = search.trim_start_matches('?');
    let pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    Options::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.clone())))
}

/// The page's own options: its URL, and the browser's language if the URL names none (the page's
/// own `lang` attribute follows the lab; it is no choice of the learner's).
pub fn read() -> Options {
    let Some(window) = web_sys::window() else {
        return Options::default();
    };
    let search = window.location().search().unwrap_or_default();
    let mut options = parse(&search);
    if options.lang.is_none() {
        options.lang = Some(crate::lang::browser());
    }
    options
}

/// Puts the current view in the URL's query: as a new history entry when `push` (an example
/// pressed, a program run: Back returns to the view before), else in place of the current one
/// (the units, the dtype, the language).
pub fn write(program: &str, units: Units, dtype: Option<DType>, lang: Lang, push: bool) {
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
        let none = wasm_bindgen::JsValue::NULL;
        let _ = if push {
            history.push_state_with_url(&none, "", Some(&query))
        } else {
            history.replace_state_with_url(&none, "", Some(&query))
        };
    }
}
