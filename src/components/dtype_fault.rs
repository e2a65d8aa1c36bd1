//! An error that only the dtype menu causes: the program as written runs, so the message names
//! the menu's choice as the cause and offers the way back, and marks no line of the program (the
//! learner wrote none of it wrong).

use arrays::dtype::DType;
use lab_protocol::run::Failure;
use yew::prelude::*;

use super::{Shared, use_lang};

/// Props of [`DTypeFault`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// What the program raised with the menu's dtype.
    pub error: Shared<Failure>,
    /// The menu's choice.
    pub dtype: DType,
    /// Called to go back to the program's own dtypes.
    pub on_undo: Callback<()>,
}

/// The menu's fault and its undo.
#[function_component(DTypeFault)]
pub fn dtype_fault(props: &Props) -> Html {
    let Props {
        error,
        dtype,
        on_undo,
    } = props;
    let t = use_lang().t();
    let on_click = {
        let on_undo = on_undo.clone();
        Callback::from(move |_: MouseEvent| on_undo.emit(()))
    };
    let (before, after) = t
        .dtype_fault
        .split_once("{dtype}")
        .unwrap_or((t.dtype_fault, ""));
    html! {
        <section class="error-view dtype-fault" data-role="error" role="alert">
            <p>{ before }<code>{ dtype.name() }</code>{ after }</p>
            <p class="error"><strong>{ error.class_name.clone() }</strong>{ format!(": {}", error.message) }</p>
            <p>{ t.dtype_fault_note }</p>
            <button type="button" class="run" data-role="dtype-undo" onclick={on_click}>
                { crate::i18n::fill(t.dtype_undo, &[("as_written", t.dtype_as_written)]) }
            </button>
        </section>
    }
}
