//! What a program run gives the lab: the run itself, kept whole ([`Run`]), and what the lab shows
//! of it in the chosen units ([`Evaluated`]), derived from the run without running it again.

use std::rc::Rc;

use array_picture::{Picture, Units};
use arrays::dtype::DType;
use arrays::explain::{Why, explain};
use arrays::facts::{Sharing, sharing};
use arrays::lab::Ran;
use arrays::value::Value;
use arrays::{Error as EvalError, Limits};

/// A program run with the dtype menu's choice: what the units' views are drawn from.
#[derive(Debug)]
pub struct Run {
    /// The outcome (or error) and what the program printed.
    pub ran: Ran,
    /// The menu's choice, when only it makes the program fail (the program runs as written).
    pub menus_fault: Option<DType>,
}

impl Run {
    /// Whether the values shown are the library's to the bit (false when some were computed
    /// where its last bits depend on the machine: the page marks them).
    pub fn values_exact(&self) -> bool {
        self.ran.result.as_ref().map_or(true, |o| o.values_exact)
    }

    /// What the program printed (`print`), as Python's stdout holds it; empty when nothing.
    pub fn stdout(&self) -> &str {
        &self.ran.stdout
    }
}

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
        /// The name of the array drawn when it is not the last line's value: a program whose
        /// last line gives `None` (`print(y.strides)`) is drawn as the last array it named.
        named: Option<Rc<str>>,
    },
    /// Another value (a scalar, a tuple, a bool), shown as Python prints it.
    Other(String),
    /// An error.
    Error(EvalError),
    /// An error that only the dtype menu's choice causes: the program as written runs. It is
    /// shown as the menu's doing, with a way back, never as a fault in a line of the program.
    DTypeFault {
        /// What the program raised with the chosen dtype.
        error: EvalError,
        /// The menu's choice.
        dtype: DType,
    },
}

/// The page's limits: the default ones, except that a result of any size may be drawn, since
/// the page draws it summarized and never lists every value (the command line does).
fn page_limits() -> Limits {
    Limits {
        max_shown: u64::MAX,
        ..Limits::default()
    }
}

/// Runs a program with the menu's dtype.
pub fn run(program: &str, dtype: Option<DType>) -> Run {
    // Unseeded `np.random`/`torch` draws vary from page to page: the wasm has no clock of its own.
    #[cfg(target_arch = "wasm32")]
    arrays::random::set_entropy(js_sys::Date::now().to_bits());
    let ran = arrays::lab::run(program, page_limits(), dtype);
    // The menu's choice is the cause when the program runs without it.
    let menus_fault = match (&ran.result, dtype) {
        (Err(_), Some(dtype))
            if arrays::lab::run(program, page_limits(), None)
                .result
                .is_ok() =>
        {
            Some(dtype)
        }
        _ => None,
    };
    Run { ran, menus_fault }
}

/// What the lab shows of `run` in `units` (nothing is run).
pub fn shown(run: &Run, units: Units) -> Evaluated {
    let outcome = match &run.ran.result {
        Ok(outcome) => outcome,
        Err(error) => {
            return match run.menus_fault {
                Some(dtype) => Evaluated::DTypeFault {
                    error: error.clone(),
                    dtype,
                },
                None => Evaluated::Error(error.clone()),
            };
        }
    };
    let (array, named) = match (&outcome.value, &outcome.last_named) {
        (Value::Array(array), _) => (array, None),
        (Value::None, Some((name, array))) => (array, Some(Rc::from(name.as_str()))),
        (value, _) => return Evaluated::Other(arrays::display::repr(value)),
    };
    Evaluated::Array {
        named,
        picture: Rc::new(arrays::picture::of_array(
            Rc::clone(array),
            outcome.first.as_ref(),
            units,
        )),
        why: Rc::new(explain(array, units)),
        sharing: Rc::new(sharing(outcome, array, &Limits::default())),
    }
}
