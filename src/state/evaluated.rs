//! What the lab shows of the engine's reply to a run ([`lab_protocol::run::Reply`]), in the
//! chosen units ([`Evaluated`]): drawn from the reply without asking the engine again.

use std::rc::Rc;

use array_picture::{Picture, Units};
use arrays::dtype::DType;
use arrays::explain::Why;
use arrays::facts::Sharing;
use lab_protocol::Stopped;
use lab_protocol::run::{Failure, Outcome, Reply};

/// What a program evaluated to, as the lab shows it.
#[derive(Debug)]
pub enum Evaluated {
    /// An array or tensor: drawn as a grid and a memory row, with its facts and its why.
    Array {
        /// What to draw.
        picture: Rc<Picture>,
        /// How it got its layout.
        why: Rc<Why>,
        /// Whether it shares memory with each array the program named.
        sharing: Rc<Vec<(String, Sharing)>>,
        /// The name of the array drawn when it is not the last line's value: a program whose last
        /// line gives `None` (`print(y.strides)`) is drawn as the last array it named.
        named: Option<Rc<str>>,
    },
    /// Another value (a scalar, a tuple, a bool), shown as Python prints it.
    Other(String),
    /// An error.
    Error(Rc<Failure>),
    /// An error that only the dtype menu's choice causes: the program as written runs. It is
    /// shown as the menu's doing, with a way back, never as a fault in a line of the program.
    DTypeFault {
        /// What the program raised with the chosen dtype.
        error: Rc<Failure>,
        /// The menu's choice.
        dtype: DType,
    },
    /// No reply yet: the lab's first run has not answered (nothing to draw).
    Waiting,
    /// The run did not finish: the learner pressed Stop, or it ran past the page's time limit.
    Stopped(Stopped),
    /// The engine could not read the request (a page and an engine of different builds).
    Unreadable,
}

/// What the lab shows of `reply` in `units` (nothing is run).
pub fn shown(reply: &Reply, units: Units) -> Evaluated {
    match &reply.outcome {
        Outcome::Array(array) => Evaluated::Array {
            picture: Rc::new(Picture::new(Rc::clone(&array.drawn), units)),
            why: Rc::new(array.why.get(units).clone()),
            sharing: Rc::new(array.sharing.clone()),
            named: array.named.as_deref().map(Rc::from),
        },
        Outcome::Other(text) => Evaluated::Other(text.clone()),
        Outcome::Error(error) => Evaluated::Error(Rc::new((**error).clone())),
        Outcome::DTypeFault { error, dtype } => Evaluated::DTypeFault {
            error: Rc::new((**error).clone()),
            dtype: *dtype,
        },
    }
}
