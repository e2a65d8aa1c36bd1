//! The lab's switches: count in elements or bytes, the dtype new arrays get, the language.

use array_picture::Units;
use arrays::dtype::{ALL, DType};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{use_lang, use_unique_id};
use crate::i18n::Lang;

/// Props of [`Controls`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// Elements or bytes.
    pub units: Units,
    /// The dtype choice (`None`: as the program writes it).
    pub dtype: Option<DType>,
    /// Called with the new units.
    pub on_units: Callback<Units>,
    /// Called with the new dtype choice.
    pub on_dtype: Callback<Option<DType>>,
    /// Called with the new language.
    pub on_lang: Callback<Lang>,
}

fn select_value(e: &Event) -> Option<String> {
    e.target()?
        .dyn_into::<web_sys::HtmlSelectElement>()
        .ok()
        .map(|s| s.value())
}

/// Units, dtype and language.
#[function_component(Controls)]
pub fn controls(props: &Props) -> Html {
    crate::renders::count("Controls");
    let Props {
        units,
        dtype,
        on_units,
        on_dtype,
        on_lang,
    } = props;
    let lang = use_lang();
    let t = lang.t();
    let dtype_id = use_unique_id("dtype");
    let lang_id = use_unique_id("lang");
    let toggle = {
        let on_units = on_units.clone();
        let next = if *units == Units::Bytes {
            Units::Elements
        } else {
            Units::Bytes
        };
        Callback::from(move |_: MouseEvent| on_units.emit(next))
    };
    let on_dtype_change = {
        let on_dtype = on_dtype.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                on_dtype.emit(DType::parse(&v));
            }
        })
    };
    let on_lang_change = {
        let on_lang = on_lang.clone();
        Callback::from(move |e: Event| {
            if let Some(l) = select_value(&e).and_then(|v| Lang::from_tag(&v)) {
                on_lang.emit(l);
            }
        })
    };
    let bytes = *units == Units::Bytes;
    html! {
        <div class="controls">
            <button type="button" class="units" data-role="units" aria-pressed={if bytes { "true" } else { "false" }}
                onclick={toggle}>
                { format!("{}: ", t.units) }
                <span class={classes!("unit", (!bytes).then_some("on"))}>{ t.elements }</span>
                { " / " }
                <span class={classes!("unit", bytes.then_some("on"))}>{ t.bytes }</span>
            </button>
            // Each label wraps with its menu, never apart from it.
            <span class="control">
                <label for={dtype_id.clone()}>{ t.dtype }</label>
                <select id={dtype_id} data-role="dtype-choice" onchange={on_dtype_change}>
                    <option value="" selected={dtype.is_none()}>{ t.dtype_as_written }</option>
                    { for ALL.iter().map(|d| html! {
                        <option value={d.name()} selected={*dtype == Some(*d)}>{ d.name() }</option>
                    }) }
                </select>
            </span>
            <span class="control">
                <label for={lang_id.clone()}>{ t.language }</label>
                <select id={lang_id} data-role="lang-choice" onchange={on_lang_change}>
                    <option value="en" selected={lang == Lang::En}>{ "English" }</option>
                    <option value="es" selected={lang == Lang::Es}>{ "Español" }</option>
                </select>
            </span>
        </div>
    }
}
