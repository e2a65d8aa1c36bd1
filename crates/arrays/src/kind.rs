//! What memory a result reads, measured against the program's first array: the first array
//! itself, a view of its memory, memory of its own (a copy, or a new array computed), or a view of
//! such new memory. The facts panel says it, and the command line's `view` is its yes or no.
//!
//! *The first array* is the first array the program creates, unless the statement that creates it
//! gives its value a name (`x = np.arange(12).reshape(3, 4) > 5`): then it is the array that name
//! holds, the learner's `x`. So in the one-line chain `np.arange(12.0).reshape(3, 4).T.reshape(12)`
//! it is the `np.arange(12.0)` inside the chain, and the result, which reshape copied, is not a
//! view of it.
//!
//! The kind itself ([`Kind`], [`Maker`]) is picture data and lives in `array_picture`, which the
//! page draws from; this module computes it from an array's history.

use std::rc::Rc;

use crate::array::{Array, Op};

pub use array_picture::kind::{Kind, Maker};

/// The program's first array, with the words that name it.
#[derive(Clone, Debug)]
pub struct First {
    /// The array.
    pub array: Rc<Array>,
    /// Its name when the program gave it one and it still holds it (`x`), else the text of the
    /// program that made it (`np.arange(12.0)`).
    pub label: String,
    /// The text that made the memory it reads (`np.arange(12.0)` for
    /// `x = np.arange(12.0).reshape(3, 4)`, whose memory arange allocated).
    pub memory_label: String,
}

/// The array that allocated the memory `array` reads: `array` itself, or the ancestor at the end
/// of its chain of views.
pub fn allocation(array: &Rc<Array>) -> &Rc<Array> {
    let mut current = array;
    while let Some(parent) = current.origin.parent.as_ref() {
        if !parent.shares_buffer(current) {
            break;
        }
        current = parent;
    }
    current
}

/// What made new memory, and whether it is a copy; `None` for an operation that makes a view.
fn maker(op: &Op) -> Option<(Maker, bool)> {
    Some(match op {
        Op::Create(f) => (Maker::Function((*f).into()), false),
        Op::Compute(f) => (Maker::Function((*f).into()), false),
        Op::Copy(f) => (Maker::Function((*f).into()), true),
        Op::Cast(_) => (Maker::Function("astype".into()), true),
        Op::Reshape(f, _) | Op::Ravel(f, _) => (Maker::Function((*f).into()), true),
        Op::Gather => (Maker::AdvancedIndexing, true),
        Op::FromScalar => (Maker::ScalarIndexing, true),
        Op::Index(_)
        | Op::Permute(_)
        | Op::Axes(_)
        | Op::Contracted(_)
        | Op::Broadcast(_)
        | Op::AsStrided
        | Op::Windows
        | Op::Strides(_) => return None,
    })
}

/// What memory `array` reads, compared with `first`.
pub fn kind(array: &Rc<Array>, first: Option<&First>) -> Kind {
    if let Some(first) = first {
        if array.shares_buffer(&first.array) {
            if Rc::ptr_eq(array, &first.array) {
                if array.owndata {
                    return Kind::First;
                }
                return Kind::View {
                    of: first.memory_label.clone(),
                };
            }
            return Kind::View {
                of: first.label.clone(),
            };
        }
    }
    let made = allocation(array);
    let (by, copy) = maker(&made.origin.op).unwrap_or((Maker::Function("array".into()), false));
    // The operation that made the memory is the array's own when it has the same span: a reshape
    // that copied is a view of its own copy, as in NumPy, and still the copy the learner asked for.
    // A contraction's result is a view of its last product, as NumPy's flags (OWNDATA False) and
    // PyTorch's `_base` say.
    let contracted = matches!(array.origin.op, Op::Contracted(_));
    if Rc::ptr_eq(made, array) || (made.origin.span == array.origin.span && !contracted) {
        Kind::Own { by, copy }
    } else {
        Kind::ViewOfNew { by, copy }
    }
}
