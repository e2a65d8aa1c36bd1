//! An error: NumPy's (or PyTorch's) exception class and message (with CPython's "Did you mean"
//! where it prints one), or the lab's own label for what it does not run, and the program with
//! the faulty part marked.

use std::rc::Rc;

use array_picture::{Picture, Units};
use arrays::error::UNSUPPORTED;
use arrays::explain::ErrorWhy;
use lab_protocol::run::{Failure, Hint, Kind};
use yew::prelude::*;

use super::walk::WalkView;
use super::{Shared, use_lang};

/// Props of [`ErrorView`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The error.
    pub error: Shared<Failure>,
    /// The program it came from.
    pub program: AttrValue,
    /// Elements or bytes, for the walk of a failed view.
    pub units: Units,
}

/// The error and where it is.
#[function_component(ErrorView)]
pub fn error_view(props: &Props) -> Html {
    let Props {
        error,
        program,
        units,
    } = props;
    let lang = use_lang();
    let t = lang.t();
    let marked = error.placed().and_then(|span| {
        let (before, rest) = (program.get(..span.start)?, program.get(span.start..)?);
        let len = span.end.saturating_sub(span.start).max(1).min(rest.len());
        let (bad, after) = (rest.get(..len)?, rest.get(len..)?);
        Some((before.to_string(), bad.to_string(), after.to_string()))
    });
    let place = error
        .position(program)
        .map(|(line, col)| format!(" ({} {line}, {} {col})", t.at_line, t.column));
    // The lab's own errors get a label of the lab, never a name that reads like an exception,
    // and the lab's words in the learner's language; NumPy's exceptions stay as NumPy prints
    // them.
    let lab_limit = match &error.kind {
        Kind::Limit(limit) if limit.is_the_labs() => Some(*limit),
        _ => None,
    };
    let label = if error.class_name == UNSUPPORTED {
        t.not_in_lab
    } else if lab_limit.is_some() {
        t.lab_limit
    } else {
        error.class_name.as_str()
    };
    let library = matches!(error.kind, Kind::Exception(..) | Kind::Syntax(..))
        && !matches!(
            error.hint,
            Some(Hint::NotYet { .. } | Hint::Unwritten { .. })
        );
    let message = match (&error.hint, &error.kind, lab_limit) {
        (_, _, Some(limit)) => quiz::limit::said(limit).get(lang.quiz()).to_string(),
        (Some(Hint::NotYet { name, library }), _, _) => {
            format!("{name}{}{library}{}", t.part_of, t.not_run_yet)
        }
        (Some(Hint::Unwritten { torch }), _, _) => {
            let [numpy, torch_text] = t.unwritten_read;
            if *torch { torch_text } else { numpy }.to_string()
        }
        (_, Kind::Unsupported(words), _) => {
            let words = match lang {
                crate::i18n::Lang::En => &words.en,
                crate::i18n::Lang::Es => &words.es,
            };
            crate::i18n::fill(t.valid_not_run, &[("what", words)])
        }
        _ => format!("{}{}", error.message, error.suggestion_text()),
    };
    // A view that failed because no strides fit: the walk a copy would take over its memory
    // (outside the alert, which announces only the error).
    // Drawn from the memory the engine sent with the error.
    let walk = use_memo((error.clone(), *units), |(error, units)| {
        match (error.why.as_deref(), &error.memory) {
            (Some(ErrorWhy::NeedsCopy { memory, .. }), Some(drawn)) => Some((
                Shared(Rc::new(Picture::new(Rc::clone(drawn), *units))),
                memory.order,
            )),
            _ => None,
        }
    });
    html! {
        <>
        <section class="error-view" data-role="error" role="alert">
            <p class="error"><strong>{ label }</strong>{ ": " }
                // NumPy's (and Python's) own message is English, as the library prints it.
                <span lang={library.then_some("en")}>{ message }</span>
                { place.unwrap_or_default() }</p>
            if let Some((before, bad, after)) = marked {
                <pre class="program"><code>{ before }<mark data-role="fault">{ bad }</mark>{ after }</code></pre>
            }
        </section>
        if let Some((memory, order)) = (*walk).clone() {
            <section class="memory-view failed-view" aria-label={t.memory}>
                <WalkView picture={memory} failed={Some(order)} />
            </section>
        }
        </>
    }
}
