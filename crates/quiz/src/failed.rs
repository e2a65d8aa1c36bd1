//! Why a program of the quiz did not run, in both languages: a limit of the lab and valid Python
//! the lab does not run are the lab's own words; an exception stays as NumPy, PyTorch or Python
//! prints it (`ValueError: cannot reshape array of size 6 into shape (4,)`), in both.

use arrays::error::{ErrorKind, Hint};
use arrays::{Error, Explained};

use crate::text::Text;

/// What stopped a run, as an author or a learner reads it.
pub fn said(e: &Error) -> Text {
    match (&e.kind, e.hint()) {
        (ErrorKind::Limit(limit), _) => crate::limit::words(*limit),
        (_, Some(Hint::NotYet { name, library })) => Text::owned(
            format!("{name} is part of {library}, but this lab does not run it yet"),
            format!("{name} es parte de {library}, pero este laboratorio aún no lo ejecuta"),
        ),
        (ErrorKind::Unsupported(what), _) => crate::construct::sentence(what),
        _ => {
            let exception = format!("{}: {}", e.class_name(), e.message());
            Text::owned(exception.clone(), exception)
        }
    }
}

/// What stopped a run after "raises" ("lanza") when it is an exception (`raises ValueError: …`),
/// and the lab's own words alone when the lab stopped it.
pub fn raised(e: &Error) -> Text {
    let said = said(e);
    match &e.kind {
        ErrorKind::Limit(limit) if limit.is_the_labs() => said,
        ErrorKind::Unsupported(_) => said,
        _ if matches!(e.hint(), Some(Hint::NotYet { .. })) => said,
        _ => Text::owned(format!("raises {}", said.en), format!("lanza {}", said.es)),
    }
}
