//! The lab: examples, the expression box and switches, the array as a grid, its memory as a row,
//! the facts, the address rule, the why, the broadcasting visualizer and the einsum cost panel
//! (opened by its button, or by the link under a program that called `np.einsum`).

use std::rc::Rc;

use yew::prelude::*;

use super::address_rule::AddressRule;
use super::array_grid::ArrayGrid;
use super::broadcast::Broadcast;
use super::controls::Controls;
use super::dtype_fault::DTypeFault;
use super::einsum_panel::EinsumPanel;
use super::error_view::ErrorView;
use super::explanation::Explanation;
use super::expression_box::ExpressionBox;
use super::info_panel::InfoPanel;
use super::memory_row::MemoryRow;
use super::preset_bar::PresetBar;
use super::problems::Problems;
use super::quiz_panel::QuizPanel;
use super::stdout_view::StdoutView;
use super::stopped::StoppedView;
use super::walk::WalkView;
use super::{Shared, use_unique_id};
use crate::i18n::Lang;
use crate::options::Options;
use crate::presets;
use crate::state::{Action, Evaluated, Focus, LabState};
use array_picture::Units;
use arrays::dtype::DType;

/// Props of [`App`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// How the lab starts.
    #[prop_or_default]
    pub options: Options,
    /// Whether to keep the page's URL in step with what the learner sees (`index.html` does;
    /// an embedded lab must not rewrite its host page's URL).
    #[prop_or_default]
    pub sync_url: bool,
    /// Whether the quiz keeps progress in localStorage.
    #[prop_or(true)]
    pub persist: bool,
    /// Where the host's `getState()`/`setState()` meet the quiz.
    #[prop_or_default]
    pub bridge: Option<crate::host::Bridge>,
}

/// A callback that dispatches `make(value)`: the same callback on every render (the dispatcher
/// never changes), so the components it is handed to render again only when their own props do.
/// A new callback per render made the quiz, the examples and the inputs render again on every
/// pointer move.
#[hook]
fn use_dispatch<T: 'static>(
    state: &UseReducerHandle<LabState>,
    make: fn(T) -> Action,
) -> Callback<T> {
    use_callback(state.dispatcher(), move |v, d| d.dispatch(make(v)))
}

/// The whole lab.
#[function_component(App)]
pub fn app(props: &Props) -> Html {
    let state = use_reducer(|| LabState::new(&props.options));
    // Each run asked for goes to the engine; its reply comes back as `Action::Ran`, which the
    // reducer takes only if it is still the run asked for.
    {
        let dispatcher = state.dispatcher();
        let asked = (state.asked, Rc::clone(&state.program), state.dtype);
        use_effect_with(asked, move |(_, program, dtype)| {
            let (program, dtype) = (Rc::clone(program), *dtype);
            let request = crate::state::request(&program, dtype);
            crate::engine::ask(request, move |reply| {
                dispatcher.dispatch(Action::Ran {
                    program,
                    dtype,
                    reply: Rc::new(reply),
                });
            });
        });
    }
    // New options from the embedding page start the lab over from them.
    {
        let dispatcher = state.dispatcher();
        let first = use_mut_ref(|| true);
        use_effect_with(props.options.clone(), move |options| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                dispatcher.dispatch(Action::Apply(Rc::new(options.clone())));
            }
        });
    }
    let on_choose = use_dispatch::<usize>(&state, Action::Preset);
    let on_focus = use_dispatch::<Focus>(&state, Action::Focus);
    let on_run = use_dispatch::<String>(&state, Action::Run);
    let on_units = use_dispatch::<Units>(&state, Action::Units);
    let on_dtype = use_dispatch::<Option<DType>>(&state, Action::DType);
    let on_lang = use_dispatch::<Lang>(&state, Action::Lang);
    let on_open = use_dispatch::<String>(&state, Action::Run);
    let on_undo = use_callback(state.dispatcher(), |(), d| d.dispatch(Action::DType(None)));
    // "Skip to the array": the first Tab stop of the lab puts the focus on the grid's own stop.
    let array_id = use_unique_id("array");
    let column = use_node_ref();
    let on_skip = use_callback(column.clone(), |e: MouseEvent, column| {
        e.prevent_default();
        let cell = column
            .cast::<web_sys::Element>()
            .and_then(|c| c.query_selector(".grid [tabindex=\"0\"]").ok().flatten())
            .and_then(|c| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(c).ok());
        if let Some(cell) = cell {
            let _ = cell.focus();
        }
    });

    {
        let sync = props.sync_url;
        let key = (
            Rc::clone(&state.program),
            state.units,
            state.dtype,
            state.lang,
        );
        // The program the URL last held: a new one (an example, a run) is a new history entry.
        let written = use_mut_ref(|| None::<Rc<str>>);
        use_effect_with(key, move |(program, units, dtype, lang)| {
            if sync {
                let before = written.borrow_mut().replace(Rc::clone(program));
                let push = before.is_some_and(|b| b != *program);
                crate::url::write(program, *units, *dtype, *lang, push);
            }
        });
    }
    // Back and Forward: the view the URL now holds.
    {
        let dispatcher = state.dispatcher();
        use_effect_with(props.sync_url, move |&sync| {
            let listener = sync.then(|| {
                let on_pop = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
                    dispatcher.dispatch(Action::Apply(Rc::new(crate::url::read())));
                });
                if let Some(w) = web_sys::window() {
                    let _ = w.add_event_listener_with_callback(
                        "popstate",
                        wasm_bindgen::JsCast::unchecked_ref(on_pop.as_ref()),
                    );
                }
                on_pop
            });
            move || {
                if let (Some(on_pop), Some(w)) = (listener, web_sys::window()) {
                    let _ = w.remove_event_listener_with_callback(
                        "popstate",
                        wasm_bindgen::JsCast::unchecked_ref(on_pop.as_ref()),
                    );
                }
            }
        });
    }

    let lang = state.lang;
    let panels = props.options.panels;
    // The einsum panel: shown when asked for, or once opened (by its button or by the link
    // under a program that called np.einsum, which fills in its subscripts and shapes).
    let einsum_opened = use_state(|| false);
    let einsum_request = use_state(|| None::<Shared<(String, String)>>);
    let show_einsum = panels.einsum || *einsum_opened;
    let on_open_einsum = {
        let opened = einsum_opened.clone();
        Callback::from(move |_: MouseEvent| opened.set(true))
    };
    let einsum_link = state.run.as_ref().and_then(|r| r.einsum.as_ref()).map(|call| {
        let request = (call.subscripts.clone(), call.shapes.clone());
        let (opened, target) = (einsum_opened.clone(), einsum_request.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            target.set(Some(Shared(Rc::new(request.clone()))));
            opened.set(true);
        });
        html! {
            <p class="einsum-link">
                <button type="button" class="link" data-role="open-einsum" onclick={onclick}>{ t_einsum(lang).link }</button>
            </p>
        }
    });
    // The name of what is drawn: the program whose reply it is (a new run may be pending).
    let (drawn_program, drawn_preset) = &state.drawn;
    let label: AttrValue = match drawn_preset.and_then(presets::get) {
        Some(e) => AttrValue::from(e.label),
        None => AttrValue::from(
            drawn_program
                .lines()
                .last()
                .unwrap_or_default()
                .trim()
                .to_string(),
        ),
    };
    let selection = Shared(Rc::new(state.selection()));
    let active = match state.focus {
        Some(Focus::Cell(flat)) => flat,
        _ => 0,
    };
    let t = lang.t();
    let exact = state.values_exact();
    let ties = state.values_ties();
    let body = match state.result.as_ref() {
        Evaluated::Array {
            picture,
            why,
            sharing,
            named,
        } => {
            let picture = Shared(Rc::clone(picture));
            let general = AttrValue::from(picture.general_rule());
            let label = named
                .as_ref()
                .map_or(label, |n| AttrValue::from(Rc::clone(n)));
            html! {
                <>
                    <section class="array-view" id={array_id.clone()} aria-label={t.the_array}>
                        <h2><code>{ label.clone() }</code>{ approx_mark(exact, t) }</h2>
                        { approx_note(exact, ties, t) }
                        if let Some(name) = named {
                            <p class="drawn-note" data-role="drawn-named">{ crate::i18n::fill(t.drawn_named, &[("name", &**name)]) }</p>
                        }
                        <ArrayGrid picture={picture.clone()} selection={selection.clone()} active={active}
                            label={label.clone()} on_focus={on_focus.clone()} />
                    </section>
                    <AddressRule general={general} parts={Shared(Rc::new(selection.rule_parts.clone()))}
                        reverse={selection.reverse.clone().map(|r| Shared(Rc::new(r)))} label={label.clone()} />
                    <section class="memory-view" aria-label={t.memory}>
                        <h2>{ if picture.is_copy() || picture.is_new() { t.own_memory } else { t.memory } }</h2>
                        <MemoryRow picture={picture.clone()} selection={selection.clone()} on_focus={on_focus} />
                        <WalkView picture={picture.clone()} />
                    </section>
                    <div class="panels">
                        <InfoPanel picture={picture.clone()} sharing={Shared(Rc::clone(sharing))} />
                        <Explanation why={Some(Shared(Rc::clone(why)))} />
                    </div>
                </>
            }
        }
        Evaluated::Other(text) => html! {
            <section class="other-view" aria-label={t.value}>
                <h2>{ t.value }{ approx_mark(exact, t) }</h2>
                <p class="other" data-role="value"><code>{ text }</code></p>
                { approx_note(exact, ties, t) }
            </section>
        },
        Evaluated::DTypeFault { error, dtype } => html! {
            <DTypeFault error={Shared(Rc::clone(error))} dtype={*dtype} on_undo={on_undo} />
        },
        Evaluated::Error(e) => html! {
            <>
                <ErrorView error={Shared(Rc::clone(e))} program={AttrValue::from(drawn_program.to_string())} units={state.units} />
                <Explanation error={e.why.as_ref().map(|w| Shared(Rc::new(w.in_units(state.units))))} />
            </>
        },
        Evaluated::Waiting => Html::default(),
        Evaluated::Stopped(why) => html! { <StoppedView why={*why} /> },
        Evaluated::Unreadable => html! {
            <section class="error-view" data-role="unreadable" role="alert"><p>{ t.engine_unreadable }</p></section>
        },
    };
    html! {
        <ContextProvider<Lang> context={lang}>
            <div class={classes!("strides-lab", (!panels.quiz).then_some("no-quiz"))} lang={lang.tag()}>
                <Problems problems={props.options.problems.clone()} />
                if panels.lab || panels.broadcast || show_einsum {
                    <div class={classes!("lab-column", state.pending.then_some("running"))}
                        aria-busy={state.pending.then_some("true")} ref={column}>
                        if panels.lab {
                            if state.picture().is_some() {
                                <a class="skip" data-role="skip" href={format!("#{array_id}")} onclick={on_skip}>{ t.skip_to_array }</a>
                            }
                            <PresetBar current={state.preset} on_choose={on_choose} />
                            <div class="inputs">
                                <ExpressionBox program={Shared(Rc::clone(&state.program))} on_run={on_run} running={state.pending} />
                                <StdoutView text={AttrValue::from(state.stdout().to_string())} />
                                { einsum_link.unwrap_or_default() }
                                <Controls units={state.units} dtype={state.dtype} on_units={on_units} on_dtype={on_dtype} on_lang={on_lang} />
                            </div>
                            { body }
                        }
                        if panels.broadcast { <Broadcast /> }
                        if show_einsum {
                            <EinsumPanel request={(*einsum_request).clone()} />
                        } else if panels.lab || panels.broadcast {
                            <p class="einsum-opener">
                                <button type="button" data-role="einsum-open" onclick={on_open_einsum}>{ t_einsum(lang).open }</button>
                            </p>
                        }
                    </div>
                }
                if panels.quiz {
                    <aside class="quiz-column">
                        <QuizPanel on_open={on_open} persist={props.persist} lab={panels.lab}
                            start={props.options.question.clone().map(AttrValue::from)}
                            questions={props.options.questions.clone()} bridge={props.bridge.clone()} />
                    </aside>
                }
            </div>
        </ContextProvider<Lang>>
    }
}

/// The discreet mark beside a value computed where the library's last bits depend on the
/// machine (the engine's values policy), with its title; nothing for exact values.
fn approx_mark(exact: bool, t: &crate::i18n::Texts) -> Html {
    if exact {
        return Html::default();
    }
    html! {
        <span class="approx-mark" data-role="approx-mark" title={t.approx_title} aria-label={t.approx_title}>{ "≈" }</span>
    }
}

/// The sentence under such a value: what may differ (the last digits, or for the indices of a
/// sort that is not stable, the order of tied ones), and what is exact.
fn approx_note(exact: bool, ties: bool, t: &crate::i18n::Texts) -> Html {
    if exact {
        return Html::default();
    }
    let note = if ties {
        t.approx_ties_note
    } else {
        t.approx_note
    };
    html! { <p class="approx-note" data-role="approx-note">{ note }</p> }
}

/// The einsum panel's strings.
fn t_einsum(lang: Lang) -> &'static crate::i18n::einsum::EinsumTexts {
    lang.t().einsum
}
