//! The interpreter's error as the plain [`Failure`] the page shows: its library's detail (the
//! why, the hint, CPython's suggestion) read here, where the library is.

use std::rc::Rc;

use array_picture::Units;
use arrays::Explained;
use arrays::error::{ErrorKind, Hint as LibHint};
use arrays::explain::ErrorWhy;
use lab_protocol::run::failure::{ExcClassName, SyntaxClassName};
use lab_protocol::run::{Failure, Hint, Kind, Words};

/// `error` as the page shows it.
pub fn of(error: &arrays::Error) -> Failure {
    let kind = match &error.kind {
        ErrorKind::Syntax(class, message) => Kind::Syntax(SyntaxClassName(*class), message.clone()),
        ErrorKind::Unsupported(what) => {
            let words = quiz::construct::words(what);
            Kind::Unsupported(Words {
                en: words.en.into_owned(),
                es: words.es.into_owned(),
            })
        }
        ErrorKind::Limit(limit) => Kind::Limit(*limit),
        ErrorKind::Exception(class, message) => {
            Kind::Exception(ExcClassName(*class), message.clone())
        }
    };
    let hint = match error.hint() {
        Some(LibHint::NotYet { name, library }) => Some(Hint::NotYet {
            name: name.clone(),
            library: (*library).to_string(),
        }),
        Some(LibHint::Unwritten { torch }) => Some(Hint::Unwritten { torch: *torch }),
        _ => None,
    };
    let why = error.why().cloned();
    // A view that failed because no strides fit: the memory its walk goes over, drawn.
    let memory = match why.as_deref() {
        Some(ErrorWhy::NeedsCopy { memory, .. }) => Some(Rc::new(
            arrays::picture::of_memory(memory, Units::Elements)
                .drawn()
                .sampled(),
        )),
        _ => None,
    };
    Failure {
        kind,
        span: error.span,
        class_name: error.class_name().to_string(),
        message: error.message(),
        suggestion: error.suggestion().map(str::to_string),
        hint,
        why,
        memory,
    }
}
