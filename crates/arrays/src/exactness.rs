//! The values policy: which values the lab shows bit for bit, and how a value computed where the
//! libraries' own last bits may differ is marked.
//!
//! The layout (shape, strides, offset, dtype, flags, view or copy, shared memory, `nbytes`, the
//! exception raised) is always exactly NumPy's or PyTorch's. Values are exact where the
//! libraries' own values are the same on every machine: integers and bools, correctly rounded
//! IEEE operations (`+ − × ÷`, `sqrt`, `abs`, `floor`, `ceil`, `round`, `maximum`, casts),
//! NumPy's pairwise sums (reproduced), sums whose every partial sum is exact. Where the
//! libraries' last bits depend on the CPU or the BLAS (float matrix products whose sums round,
//! transcendental functions such as `exp`, `log`, `sin`, `tanh`, `**` with a general exponent,
//! PyTorch's summation orders), the lab computes the value in a sensible order to the dtype's
//! precision and marks it: nothing is refused because a last bit might differ.
//!
//! The mark travels with the values:
//! - an operation that approximates calls [`Context::approximate`];
//! - every library call, operator, index and attribute runs in [`Context::tracked`]: when an
//!   input is marked or the operation approximated, the new buffers of its result are marked
//!   ([`crate::array::Buffer::mark_approximate`]); a view shares its buffer, so its mark;
//! - a write of marked values into an array marks the array's buffer;
//! - NumPy scalars carry no flag of their own: once any scalar result was marked, every NumPy
//!   scalar counts as marked (an over-approximation, never an under-one). A Python float taken
//!   out of a marked value (`float(x)`, `x.item()`) counts as marked the same way.
//!
//! [`Context::value_exact`] is what the page's mark and `strides eval`'s `"values_exact"` read.

use crate::context::Context;
use crate::error::EvalError;
use crate::value::Value;

/// What a run knows of its values' exactness.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exactness {
    /// The operation running reads marked values or approximates.
    running: bool,
    /// Some scalar result (a NumPy scalar, a Python float) was marked.
    scalars: bool,
    /// Some value at all was marked in this run.
    any: bool,
}

impl Context {
    /// Says that the operation running computes values whose last bits may differ from the
    /// library's (its result is marked).
    pub fn approximate(&mut self) {
        self.exactness.running = true;
        self.exactness.any = true;
    }

    /// Marks one result of the operation running (not the others it returns with it): the
    /// indices of an unstable sort beside its exact values.
    pub fn approximate_only(&mut self, a: &crate::array::Array) {
        a.buffer.mark_approximate();
        self.exactness.any = true;
    }

    /// Whether `v` reads or holds a marked value.
    pub fn is_approximate(&self, v: &Value) -> bool {
        match v {
            Value::Array(a) | Value::Method(a, _) | Value::Flags(a) => a.approximate(),
            Value::Scalar(..) | Value::Float(_) | Value::ScalarMethod(..) => self.exactness.scalars,
            Value::Tuple(items) | Value::List(items) | Value::Returned(_, items) => {
                items.iter().any(|i| self.is_approximate(i))
            }
            _ => false,
        }
    }

    /// Runs one operation of the library: when `inputs` are marked or the operation calls
    /// [`Context::approximate`], the buffers its result allocated are marked.
    pub fn tracked(
        &mut self,
        inputs: bool,
        run: impl FnOnce(&mut Self) -> Result<Value, EvalError>,
    ) -> Result<Value, EvalError> {
        let outer = self.exactness.running;
        self.exactness.running = inputs;
        let first_new = self.next_buffer_id();
        let result = run(self);
        if self.exactness.running {
            self.exactness.any = true;
            if let Ok(v) = &result {
                self.mark(v, first_new);
            }
        }
        self.exactness.running = outer;
        if self.meter.exhausted() {
            return Err(crate::array::compute::out_of_work(self.limits.max_work));
        }
        result
    }

    fn mark(&mut self, v: &Value, first_new: u32) {
        match v {
            Value::Array(a) if a.buffer.id >= first_new => a.buffer.mark_approximate(),
            Value::Scalar(..) | Value::Float(_) => self.exactness.scalars = true,
            Value::Tuple(items) | Value::List(items) | Value::Returned(_, items) => {
                for i in items.iter() {
                    self.mark(i, first_new);
                }
            }
            _ => {}
        }
    }

    /// Whether the value a program ends with, and what it printed, are the library's to the
    /// bit: false when `v` reads a marked value, or when the program printed something after
    /// computing any marked value.
    pub fn value_exact(&self, v: &Value, printed: bool) -> bool {
        !(self.is_approximate(v) || (printed && self.exactness.any))
    }
}
