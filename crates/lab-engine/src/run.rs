//! A program's run, described as the lab shows it: the outcome (an array's drawing with the
//! values its view can ask for, its why in both units and the sharing facts; another value's
//! repr; an error; the dtype menu's fault), whether the values are exact, what it printed.

mod failure;
mod limits;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use array_picture::Units;
use arrays::explain::explain;
use arrays::facts::sharing;
use arrays::lab::Ran;
use arrays::value::Value;
use lab_protocol::run::{Array, EinsumCall, InUnits, Outcome, Reply, Request};

pub use limits::{off_thread_limits, page_limits};

/// Runs `request`'s program and describes what the lab shows of it.
pub fn handle(request: Request) -> Reply {
    // Unseeded `np.random`/`torch` draws vary from run to run: the page gives the fresh bits.
    arrays::random::set_entropy(request.entropy);
    let limits = if request.off_thread {
        off_thread_limits()
    } else {
        page_limits()
    };
    let ran = arrays::lab::run(&request.program, limits, request.dtype);
    // The menu's choice is the cause when the program runs without it.
    let menus_fault = match (&ran.result, request.dtype) {
        (Err(_), Some(dtype))
            if arrays::lab::run(&request.program, limits, None)
                .result
                .is_ok() =>
        {
            Some(dtype)
        }
        _ => None,
    };
    described(ran, menus_fault)
}

/// What the lab shows of `ran`; `menus_fault` is the dtype only the menu's choice of which
/// makes it fail.
fn described(ran: Ran, menus_fault: Option<arrays::dtype::DType>) -> Reply {
    let einsum = ran.einsum.as_ref().map(|call| EinsumCall {
        subscripts: call.subscripts.clone(),
        shapes: call.shapes_text(),
    });
    let values_exact = ran.result.as_ref().map_or(true, |o| o.values_exact);
    let values_ties = !values_exact
        && ran.result.as_ref().is_ok_and(|o| {
            drawn_array(o).is_some_and(|a| a.ties().is_some_and(|t| t.iter().any(|&g| g != 0)))
        });
    let outcome = match &ran.result {
        Err(error) => {
            let error = Box::new(failure::of(error));
            match menus_fault {
                Some(dtype) => Outcome::DTypeFault { error, dtype },
                None => Outcome::Error(error),
            }
        }
        Ok(outcome) => value(outcome),
    };
    Reply {
        outcome,
        values_exact,
        values_ties,
        stdout: ran.stdout,
        einsum,
    }
}

/// What the lab shows of a program's value: the array it gives (or the last array it named, when
/// its last line gives `None`), or the value as Python prints it.
/// The array the page draws for `outcome`: its value, or the last array it named when it ends
/// with `None`.
fn drawn_array(outcome: &arrays::run::Outcome) -> Option<&Rc<arrays::array::Array>> {
    match (&outcome.value, &outcome.last_named) {
        (Value::Array(array), _) => Some(array),
        (Value::None, Some((_, array))) => Some(array),
        _ => None,
    }
}

fn value(outcome: &arrays::run::Outcome) -> Outcome {
    let (array, named) = match (&outcome.value, &outcome.last_named) {
        (Value::Array(array), _) => (array, None),
        (Value::None, Some((name, array))) => (array, Some(name.clone())),
        (value, _) => return Outcome::Other(arrays::display::repr(value)),
    };
    let picture =
        arrays::picture::of_array(Rc::clone(array), outcome.first.as_ref(), Units::Elements);
    Outcome::Array(Box::new(Array {
        drawn: Rc::new(picture.drawn().sampled()),
        why: InUnits {
            elements: explain(array, Units::Elements),
            bytes: explain(array, Units::Bytes),
        },
        sharing: sharing(outcome, array, &arrays::Limits::default()),
        named,
    }))
}
