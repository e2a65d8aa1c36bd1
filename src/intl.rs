//! Numbers and plurals as the browser formats them for the learner's language (`Intl` through
//! js-sys), so no locale tables ship in the wasm. Values of arrays stay in Python's notation; this
//! is for counts and sizes in sentences.

use crate::i18n::Lang;

/// `n` with the language's digit grouping: `1,000,000` or `1.000.000`.
pub fn number(n: i64, lang: Lang) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let locales = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(lang.tag()));
        let format = js_sys::Intl::NumberFormat::new(&locales, &js_sys::Object::new()).format();
        if let Some(s) = format
            .call1(&wasm_bindgen::JsValue::NULL, &(n as f64).into())
            .ok()
            .and_then(|v| v.as_string())
        {
            return s;
        }
    }
    let _ = lang;
    n.to_string()
}

/// Whether `n` takes the language's singular ("one") form.
pub fn is_one(n: i64, lang: Lang) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let locales = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(lang.tag()));
        let rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
        if let Some(s) = rules.select(n as f64).as_string() {
            return s == "one";
        }
    }
    let _ = lang;
    n == 1
}

/// `template_one` or `template_other` (by the plural rules), with `{n}` replaced by `n` formatted.
pub fn plural(n: i64, lang: Lang, template_one: &str, template_other: &str) -> String {
    let template = if is_one(n, lang) {
        template_one
    } else {
        template_other
    };
    template.replace("{n}", &number(n, lang))
}
