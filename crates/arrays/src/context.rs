//! [`Context`]: the array library's state through one run of a program, kept in the
//! interpreter's host slot: bytes allocated, element work, buffer ids, the page's dtype choice,
//! the program's first array, and the largest array created since a mark
//! ([`Context::take_largest`], what the quiz reads a code answer's cost from). Every array allocation and every element touched is charged here
//! before it happens, against the [`Limits`]. [`Args`] are a library call's arguments, and
//! [`Context::call`] dispatches a call of a library value.

use std::rc::Rc;

use crate::array::{Array, Base, Buffer, Op, Origin, Rule};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Limit, Span};
use crate::value::{Lib, Value};
pub use python_subset::Limits;
use stride_core::{Layout, Order};

/// The state of one evaluation: names, limits and what has been spent.
pub struct Context {
    /// The limits in force.
    pub limits: Limits,
    bytes: u64,
    work: u64,
    next_buffer: u32,
    /// The dtype new arrays get when the program names none (the lab's dtype choice).
    pub dtype_override: Option<DType>,
    /// The program's text, for the words that name its first array.
    pub source: String,
    /// The first array the program allocated memory for.
    pub first_created: Option<Rc<Array>>,
    /// The layout of the largest array (by `nbytes`) created since [`Context::take_largest`]
    /// last ran.
    largest: Option<Layout>,
    /// The last `np.einsum` or `np.einsum_path` the program called: its subscripts and the
    /// operands' shapes, for the lab's link to its contraction orders.
    pub einsum: Option<crate::numpy::einsum::orders::Call>,
    /// The random generators of this run (NumPy's global stream, its generator objects,
    /// PyTorch's default generator): a fresh run starts them afresh.
    pub random: crate::random::State,
    /// Which values are marked as computed where the library's last bits may differ.
    pub(crate) exactness: crate::exactness::Exactness,
    /// The element work left for lazy results' reads (`array::compute`), shared with them.
    pub meter: crate::array::compute::Meter,
}

impl Context {
    /// A fresh context.
    pub fn new(limits: Limits) -> Self {
        Context {
            limits,
            bytes: 0,
            work: 0,
            next_buffer: 0,
            dtype_override: None,
            source: String::new(),
            first_created: None,
            largest: None,
            einsum: None,
            random: crate::random::State::default(),
            exactness: crate::exactness::Exactness::default(),
            meter: crate::array::compute::Meter::new(limits.max_work),
        }
    }

    /// The id the next buffer will get (ids grow in order of allocation).
    pub fn next_buffer_id(&self) -> u32 {
        self.next_buffer
    }

    /// The layout of the largest array (by `nbytes`, the first of equals) created since the
    /// last call (or since the start), and a fresh count from now: what a code answer's cost
    /// is read from (the quiz takes it once before the answer's call, to forget the case's
    /// inputs, and once after).
    pub fn take_largest(&mut self) -> Option<Layout> {
        self.largest.take()
    }

    /// Counts a new array of `layout` for [`Context::take_largest`].
    fn note_created(&mut self, layout: &Layout) {
        if self
            .largest
            .as_ref()
            .is_none_or(|l| l.nbytes() < layout.nbytes())
        {
            self.largest = Some(*layout);
        }
    }

    /// Charges `n` element operations: an operation of more than the whole limit is refused
    /// before anything is computed, naming its size.
    pub fn charge(&mut self, n: u64, span: Span) -> Result<(), EvalError> {
        if n > self.limits.max_work {
            return Err(EvalError::limit(Limit::Work {
                asked: n,
                most: self.limits.max_work,
            })
            .at(span));
        }
        self.work = self.work.saturating_add(n);
        self.meter.spend(n);
        if self.work > self.limits.max_work {
            return Err(EvalError::limit(Limit::WorkTotal {
                most: self.limits.max_work,
            })
            .at(span));
        }
        Ok(())
    }

    /// Refuses a Python sequence of `n` items past [`Limits::max_sequence`], before it is built.
    pub fn check_sequence(&self, n: u64, span: Span) -> Result<(), EvalError> {
        if n > self.limits.max_sequence {
            return Err(EvalError::limit(Limit::Sequence {
                asked: n,
                most: self.limits.max_sequence,
            })
            .at(span));
        }
        Ok(())
    }

    /// The values of `a` in row order, charged before they are read.
    pub fn read_values(&mut self, a: &Array, span: Span) -> Result<Vec<Num>, EvalError> {
        // A lazy result's element costs its rule's reads (`array::compute`): charged up front.
        let cost = a.buffer.snapshot_cost();
        let n = u64::try_from(a.layout.size()).unwrap_or(u64::MAX);
        self.charge(n.saturating_mul(cost), span)?;
        a.check_written(span)?;
        a.checked_values(span)
    }

    /// The addresses `layout` reads in row order, charged before they are listed.
    pub fn positions(&mut self, layout: &Layout, span: Span) -> Result<Vec<i128>, EvalError> {
        self.charge(u64::try_from(layout.size()).unwrap_or(u64::MAX), span)?;
        Ok(stride_core::footprint::Positions::new(layout).collect())
    }

    /// The lab's limit when `nbytes` more would pass the memory limit: asked before the
    /// values of a new array are computed, so that an array too big fails at once.
    pub fn room(&self, nbytes: i64, span: Span) -> Result<(), EvalError> {
        let n = u64::try_from(nbytes).unwrap_or(u64::MAX);
        if self.bytes.saturating_add(n) > self.limits.max_bytes {
            return Err(EvalError::limit(Limit::ArrayBytes {
                asked: n,
                most: self.limits.max_bytes,
            })
            .at(span));
        }
        Ok(())
    }

    /// A new zeroed buffer of `nbytes`, charged against the memory limit.
    pub fn allocate(
        &mut self,
        dtype: DType,
        nbytes: i64,
        span: Span,
    ) -> Result<Rc<Buffer>, EvalError> {
        self.room(nbytes, span)?;
        let n = u64::try_from(nbytes).unwrap_or(u64::MAX);
        self.bytes += n;
        self.charge(n / 8 + 1, span)?;
        let id = self.next_buffer;
        self.next_buffer += 1;
        Ok(Rc::new(Buffer::new(id, dtype, vec![0u8; n as usize])))
    }

    /// A new array of `layout` whose values `rule` computes when they are read: nothing is
    /// allocated or charged, so any size NumPy accepts is made at once.
    pub fn new_lazy(
        &mut self,
        layout: Layout,
        dtype: DType,
        rule: Rule,
        torch: bool,
        origin: Origin,
    ) -> Result<Rc<Array>, EvalError> {
        refuse_torch_unsigned(torch, dtype, origin.span)?;
        self.note_created(&layout);
        let len = u64::try_from(buffer_len(&layout)).unwrap_or(0);
        let id = self.next_buffer;
        self.next_buffer += 1;
        let array = Rc::new(Array {
            buffer: Rc::new(Buffer::lazy(id, dtype, len, rule)),
            layout,
            dtype,
            writeable: true,
            owndata: true,
            base: Base::None,
            torch,
            origin,
        });
        if self.first_created.is_none() {
            self.first_created = Some(Rc::clone(&array));
        }
        Ok(array)
    }

    /// Charges the memory a write of `width` bytes at each of `addresses` into `buffer` stores:
    /// for a lazy buffer, the pages it writes for the first time.
    pub fn room_to_write(
        &mut self,
        buffer: &Buffer,
        addresses: &[i128],
        width: i64,
        span: Span,
    ) -> Result<(), EvalError> {
        let added = buffer.added_by_write(addresses, width);
        if added > 0 {
            self.room(i64::try_from(added).unwrap_or(i64::MAX), span)?;
            self.bytes = self.bytes.saturating_add(added);
        }
        Ok(())
    }

    /// Charges the memory a copy's snapshot of `buffer` keeps (its written pages, or its bytes).
    pub fn room_to_keep(&mut self, stored: u64, span: Span) -> Result<(), EvalError> {
        self.room(i64::try_from(stored).unwrap_or(i64::MAX), span)?;
        self.bytes = self.bytes.saturating_add(stored);
        Ok(())
    }

    /// A new array holding `values` (in row order) with `layout` in a fresh buffer.
    pub fn new_array(
        &mut self,
        layout: Layout,
        dtype: DType,
        values: &[Num],
        torch: bool,
        origin: Origin,
    ) -> Result<Rc<Array>, EvalError> {
        let span = origin.span;
        refuse_torch_unsigned(torch, dtype, span)?;
        let nbytes = buffer_len(&layout);
        let buffer = self.allocate(dtype, nbytes, span)?;
        self.note_created(&layout);
        self.charge(values.len() as u64, span)?;
        buffer.write_layout(dtype, &layout, values);
        let array = Rc::new(Array {
            buffer,
            layout,
            dtype,
            writeable: true,
            owndata: true,
            base: Base::None,
            torch,
            origin,
        });
        if self.first_created.is_none() {
            self.first_created = Some(Rc::clone(&array));
        }
        Ok(array)
    }

    /// Runs `make` as a library's own step, whose arrays are not the program's: the array NumPy
    /// converts a list argument to (`np.sum([[1, 2], [3, 4]])`) is not the first array the
    /// program creates, and the result is (as NumPy's harness records it).
    pub fn internal<T>(&mut self, make: impl FnOnce(&mut Self) -> T) -> T {
        let had_first = self.first_created.is_some();
        let out = make(self);
        if !had_first {
            self.first_created = None;
        }
        out
    }

    /// A new C-ordered array of `shape` holding `values`.
    pub fn new_c_array(
        &mut self,
        shape: &[i64],
        dtype: DType,
        values: &[Num],
        torch: bool,
        origin: Origin,
    ) -> Result<Rc<Array>, EvalError> {
        let layout = if torch {
            Layout::contiguous(shape, dtype.itemsize(), Order::C)
        } else {
            Layout::allocated(shape, dtype.itemsize(), Order::C)
        }
        .map_err(|e| EvalError::from(e).at(origin.span))?;
        self.new_array(layout, dtype, values, torch, origin)
    }

    /// A view of `parent` with a new layout (same buffer, dtype and writeability).
    pub fn view(&self, parent: &Rc<Array>, layout: Layout, op: Op, span: Span) -> Rc<Array> {
        crate::array::view_of(parent, layout, op, span)
    }

    /// Calls a function or method value of the library.
    pub fn call(&mut self, callee: &Value, args: Args, span: Span) -> Result<Value, EvalError> {
        match callee {
            Value::Function(Lib::Numpy, name) => {
                crate::numpy::call_function(self, name, args, span)
            }
            Value::Function(Lib::Torch, name) => {
                crate::torch::call_function(self, name, args, span)
                    .map_err(crate::torch::beyond_numpy_dims)
            }
            Value::Function(Lib::Functional, name) => {
                crate::torch::functional::call_function(self, name, args, span)
                    .map_err(crate::torch::beyond_numpy_dims)
            }
            Value::Function(Lib::TorchLinalg, name) => {
                crate::torch::linalg::call_function(self, name, args, span)
            }
            Value::Function(Lib::NumpyLinalg, name) => {
                crate::numpy::norm::call_function(self, name, args, span)
            }
            Value::Function(Lib::Math, name) => crate::math_module::call(self, name, args, span),
            Value::Method(array, name) if array.torch => {
                crate::torch::call_method(self, array, name, args, span)
                    .map_err(crate::torch::beyond_numpy_dims)
            }
            Value::Method(array, name) => crate::numpy::call_method(self, array, name, args, span),
            Value::ScalarMethod(d, n, name) => {
                crate::numpy::call_scalar_method(self, *d, *n, name, args, span)
            }
            Value::DType(d, _) => crate::numpy::call_dtype(self, *d, args, span),
            Value::RngMethod(r, name) => crate::random::call_method(self, *r, name, args, span),
            other => Err(EvalError::type_error(format!(
                "'{}' object is not callable",
                other.qualified_name()
            ))
            .at(span)),
        }
    }
}

/// Evaluated call arguments.
#[derive(Default, Clone)]
pub struct Args {
    /// Positional arguments with their spans.
    pub positional: Vec<(Value, Span)>,
    /// Keyword arguments with their spans.
    pub keyword: Vec<(String, Value, Span)>,
}

impl Args {
    /// The value of keyword argument `name`, if it was given.
    pub fn keyword_value(&self, name: &str) -> Option<Value> {
        self.keyword
            .iter()
            .find(|(k, _, _)| k == name)
            .map(|(_, v, _)| v.clone())
    }

    /// Binds the arguments to `params` by position then name, as Python does; unknown keywords and
    /// surplus positionals are a TypeError naming `function`.
    pub fn bind(
        self,
        function: &str,
        params: &[&str],
    ) -> Result<Vec<Option<(Value, Span)>>, EvalError> {
        let mut out: Vec<Option<(Value, Span)>> = vec![None; params.len()];
        if self.positional.len() > params.len() {
            return Err(EvalError::type_error(format!(
                "{function}() takes at most {} positional arguments ({} given)",
                params.len(),
                self.positional.len()
            )));
        }
        for (slot, v) in out.iter_mut().zip(self.positional) {
            *slot = Some(v);
        }
        for (name, v, span) in self.keyword {
            let Some(k) = params.iter().position(|p| *p == name) else {
                return Err(EvalError::type_error(format!(
                    "{function}() got an unexpected keyword argument '{name}'"
                ))
                .at(span));
            };
            match out.get_mut(k) {
                Some(slot @ None) => *slot = Some((v, span)),
                _ => {
                    return Err(EvalError::type_error(format!(
                        "argument for {function}() given by name ('{name}') and position ({})",
                        k + 1
                    ))
                    .at(span));
                }
            }
        }
        Ok(out)
    }
}

/// PyTorch 2.15 has uint16/uint32/uint64 tensors but runs few operations on them (not even
/// `arange`): the lab makes none (only the page's dtype choice could ask for one).
fn refuse_torch_unsigned(torch: bool, dtype: DType, span: Span) -> Result<(), EvalError> {
    if torch && dtype.is_unsigned() && dtype != DType::UInt8 {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::FewOperationTensors(dtype.to_string()),
            span,
        ));
    }
    Ok(())
}

/// The bytes a buffer needs to hold every element `layout` reads (at least 1, as NumPy allocates).
pub fn buffer_len(layout: &Layout) -> i64 {
    match layout.byte_bounds() {
        Some((_, high)) => i64::try_from(high).unwrap_or(i64::MAX).max(1),
        None => 0,
    }
}

/// The error for an integer literal beyond the lab's 128 bits.
pub fn too_large(span: Span) -> EvalError {
    EvalError::new(
        "OverflowError",
        "integer too large for the lab (it keeps Python ints within 128 bits)",
    )
    .at(span)
}

/// The most elements any one read of an array may cover, even where no [`Limits`] are at hand
/// (an array nested in a list). Views can be vastly larger than their memory, so reading one
/// whole is never done unchecked. Eight million values take about 130 MB while they are read
/// (a WebAssembly page never gives memory back) and a few hundred milliseconds.
pub const MAX_READ: u64 = 8_000_000;

/// Bytes in the units NumPy's MemoryError uses, with two decimals (`1.50 GiB`), rounded half to
/// even as `{:.2}` rounds, in integers (no float formatting in the bundle).
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut unit = 0;
    while unit + 1 < UNITS.len() && u128::from(n) >> (10 * (unit + 1)) > 0 {
        unit += 1;
    }
    if unit == 0 {
        return format!("{n} bytes");
    }
    let shift = u32::try_from(10 * unit).unwrap_or(60);
    format!(
        "{} {}",
        crate::display::fixed_point(u128::from(n), shift, 2),
        UNITS.get(unit).unwrap_or(&"EiB")
    )
}

#[cfg(test)]
mod tests {
    use super::{Context, Limits, human_bytes};

    /// The largest array `program` creates after `mark` (a statement index), by `take_largest`.
    fn largest_after(program: &str, mark: usize) -> u64 {
        let limits = Limits::default();
        let body = python_subset::parser::parse_module(program, &limits).expect("parses");
        let mut interp = python_subset::eval::Interp::new(&limits);
        crate::prepare(&mut interp, limits, None, program);
        let (before, after) = body.split_at(mark);
        interp.run(before).expect("runs");
        fn ctx(i: &mut python_subset::eval::Interp) -> &mut Context {
            i.host_state::<Context>().expect("ctx")
        }
        ctx(&mut interp).take_largest();
        interp.run(after).expect("runs");
        let largest = ctx(&mut interp).take_largest();
        largest.map_or(0, |l| l.nbytes().unsigned_abs())
    }

    #[test]
    fn the_largest_array_created_since_the_mark_counts_its_nbytes() {
        // NumPy: (A[:, None, :] - B[None, :, :]).nbytes == 4 * 3 * 5 * 8, the sum's 4 * 3 * 8.
        let pairwise = "A = np.arange(20.0).reshape(4, 5)\nB = np.ones((3, 5))\nD = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)";
        assert_eq!(largest_after(pairwise, 2), 4 * 3 * 5 * 8);
        let limits = Limits::default();
        let mut interp = python_subset::eval::Interp::new(&limits);
        crate::prepare(&mut interp, limits, None, pairwise);
        let body = python_subset::parser::parse_module(pairwise, &limits).expect("parses");
        interp.run(&body).expect("runs");
        let ctx = interp.host_state::<Context>().expect("ctx");
        let shape = ctx.take_largest().map(|l| l.shape().to_vec());
        assert_eq!(shape, Some(vec![4, 3, 5]));
        assert_eq!(ctx.take_largest(), None, "taken: a fresh count");
        // Before the mark the inputs are forgotten: nothing made after it but views.
        let views = "x = np.arange(1000)\ny = x.reshape(10, 100).T[::2]";
        assert_eq!(largest_after(views, 1), 0);
        assert_eq!(largest_after(views, 0), 8000);
        // A copy of a strided view is its nbytes (NumPy: x[::3].copy().nbytes == 1336).
        assert_eq!(
            largest_after("x = np.arange(1000, dtype=np.int32)\ny = x[::3].copy()", 1),
            1336
        );
    }

    /// What `{:.2}` of the float quotient prints: the oracle, exact below 2^53 bytes.
    fn by_float(n: u64) -> String {
        const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        let (mut value, mut unit) = (n as f64, 0);
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            format!("{n} bytes")
        } else {
            format!("{value:.2} {}", UNITS[unit])
        }
    }

    #[test]
    fn byte_sizes_read_as_two_decimals_round_half_even() {
        assert_eq!(human_bytes(1023), "1023 bytes");
        assert_eq!(human_bytes(1024), "1.00 KiB");
        assert_eq!(human_bytes(1536), "1.50 KiB");
        // 1.125 KiB is exactly halfway: to the even 1.12, as `{:.2}` does.
        assert_eq!(human_bytes(1152), "1.12 KiB");
        assert_eq!(human_bytes(32 << 20), "32.00 MiB");
        assert_eq!(human_bytes(u64::MAX), "16.00 EiB");
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = state >> (11 + state % 53);
            assert_eq!(human_bytes(n), by_float(n), "{n}");
        }
        for k in 1..53 {
            for n in [
                (1u64 << k) - 1,
                1 << k,
                (1 << k) + 1,
                (1 << k) + (1 << (k - 1)),
            ] {
                assert_eq!(human_bytes(n), by_float(n), "{n}");
            }
        }
    }
}
