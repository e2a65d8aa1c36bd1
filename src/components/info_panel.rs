//! The information panel: shape, strides, start, itemsize, size and nbytes in the chosen units;
//! NumPy's flags; and whether the result shares memory with each array the program named.

use array_picture::{Kind, Maker, Picture, Units};
use yew::prelude::*;

use super::{Shared, ints, tuple, use_lang};
use crate::state::Sharing;

/// Props of [`InfoPanel`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The array.
    pub picture: Shared<Picture>,
    /// Sharing with each named array.
    pub sharing: Shared<Vec<(String, Sharing)>>,
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// View, copy, or the program's own new array, as the engine classed it, with what a view shares
/// memory with and what made new memory.
pub fn kind(picture: &Picture, t: &crate::i18n::Texts) -> String {
    let by = |m: &Maker| match m {
        Maker::Function(f) => (*f).to_string(),
        Maker::AdvancedIndexing => t.advanced_indexing.to_string(),
        Maker::ScalarIndexing => t.scalar_indexing.to_string(),
    };
    match picture.kind() {
        Kind::First => t.a_new.to_string(),
        Kind::View { of } => crate::i18n::fill(t.a_view, &[("of", of)]),
        Kind::Own { by: m, copy: true } => crate::i18n::fill(t.a_copy, &[("by", &by(m))]),
        Kind::Own { by: m, copy: false } => crate::i18n::fill(t.a_new_by, &[("by", &by(m))]),
        Kind::ViewOfNew { by: m, copy: true } => {
            crate::i18n::fill(t.a_view_of_copy, &[("by", &by(m))])
        }
        Kind::ViewOfNew { by: m, copy: false } => {
            crate::i18n::fill(t.a_view_of_new, &[("by", &by(m))])
        }
    }
}

/// `nbytes` exactly, and in binary units past 1 KiB: `402,653,184 B (384.00 MiB)`.
fn nbytes(layout: &stride_core::Layout, lang: crate::i18n::Lang) -> String {
    let exact = crate::intl::number(arrays::facts::nbytes(layout), lang);
    match arrays::facts::nbytes_human(layout) {
        // A decimal comma in Spanish, as its digit groups are dots.
        Some(human) if lang == crate::i18n::Lang::Es => {
            format!("{exact} B ({})", human.replace('.', ","))
        }
        Some(human) => format!("{exact} B ({human})"),
        None => format!("{exact} B"),
    }
}

/// Facts of the layout.
#[function_component(InfoPanel)]
pub fn info_panel(props: &Props) -> Html {
    crate::renders::count("InfoPanel");
    let Props { picture, sharing } = props;
    let lang = use_lang();
    let t = lang.t();
    let a = picture.drawn();
    let unit = if picture.units() == Units::Bytes {
        t.in_bytes
    } else {
        t.in_elements
    };
    let item = a.dtype.itemsize;
    let row = |key: &'static str, name: &str, value: String| {
        html! { <div><dt>{ name.to_string() }</dt><dd data-role={key}>{ value }</dd></div> }
    };
    let flag = |name: &'static str, value: bool| {
        html! { <li><code>{ format!("{name}: ") }</code><code data-flag={name}>{ py_bool(value) }</code></li> }
    };
    html! {
        <section class="info" data-role="info" aria-label={t.info}>
            <h2>{ t.info }<span class="units-note">{ format!(" ({unit})") }</span></h2>
            <dl>
                { row("shape", t.shape, ints(picture.shape())) }
                { row("strides", t.strides, tuple(&picture.strides())) }
                { row("start", t.start, picture.start().map_or_else(|| "—".into(), |s| s.to_string())) }
                { row("itemsize", t.itemsize, format!("{item} B")) }
                { row("size", t.size, crate::intl::number(picture.size() as i64, lang)) }
                { row("nbytes", t.nbytes, nbytes(&a.layout, lang)) }
                { row("dtype", "dtype", a.dtype.name.clone()) }
                { row("kind", t.memory, kind(picture, t)) }
            </dl>
            <ul class="flags" aria-label={t.flags}>
                { flag("C_CONTIGUOUS", a.layout.is_c_contiguous()) }
                { flag("F_CONTIGUOUS", a.layout.is_f_contiguous()) }
                { flag("OWNDATA", a.owndata) }
                { flag("WRITEABLE", a.writeable) }
            </ul>
            if !sharing.is_empty() {
                <ul class="sharing" aria-label={t.shares_memory_with}>
                    { for sharing.iter().map(|(name, s)| html! {
                        <li data-name={name.clone()}>
                            { format!("{} ", t.shares_memory_with) }<code>{ name.clone() }</code>{ ": " }
                            <strong data-role="shares">{ match s {
                                Sharing::Yes => t.yes,
                                Sharing::No => t.no,
                                Sharing::TooHard => t.too_hard,
                            } }</strong>
                        </li>
                    }) }
                </ul>
            }
        </section>
    }
}
