//! The evaluator: runs a [`Program`] statement by statement, keeping the names it assigns.
//!
//! Expressions evaluate to [`Value`]s; calls go to [`crate::numpy`], [`crate::torch`] or the few
//! Python builtins in [`crate::builtins`]; indexing to [`crate::indexing`]; operators to
//! [`crate::ops`]. Every array allocation and every element touched is charged to the [`Context`]
//! before it happens, against the [`Limits`].

use std::rc::Rc;

use crate::array::{Array, Base, Buffer, Op, Origin};
use crate::ast::{Arg, CmpOp, Expr, ExprKind, Program, Stmt, Target, UnOp};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::kind::First;
use crate::limits::Limits;
use crate::value::{Lib, Module, Value};
use stride_core::{Layout, Order};

/// The state of one evaluation: names, limits and what has been spent.
pub struct Context {
    /// The limits in force.
    pub limits: Limits,
    names: Vec<(String, Value)>,
    order: Vec<String>,
    bytes: u64,
    work: u64,
    next_buffer: u32,
    /// What `print` wrote, one entry per call.
    pub printed: Vec<String>,
    /// The dtype new arrays get when the program names none (the lab's dtype choice).
    pub dtype_override: Option<DType>,
    /// The program's text, for the words that name its first array.
    pub source: String,
    /// The first array the program allocated memory for.
    first_created: Option<Rc<Array>>,
}

/// An evaluated program: the last statement's value and the names it left.
pub struct Outcome {
    /// The value of the last statement (`None` when it was an assignment or import).
    pub value: Value,
    /// The span of the last statement.
    pub span: Span,
    /// The names the program assigned, in order of first assignment, with their final values.
    pub names: Vec<(String, Value)>,
    /// The program's first array (see [`crate::kind`]): what "view" and "offset" are measured
    /// against.
    pub first: Option<First>,
    /// What `print` wrote.
    pub printed: Vec<String>,
}

/// Parses and runs `source` with the default limits.
pub fn run(source: &str) -> Result<Outcome, EvalError> {
    run_with(source, Limits::default())
}

/// Parses and runs `source`.
pub fn run_with(source: &str, limits: Limits) -> Result<Outcome, EvalError> {
    run_options(source, limits, None)
}

/// Parses and runs `source`; arrays created without a dtype get `dtype` when it is given.
pub fn run_options(
    source: &str,
    limits: Limits,
    dtype: Option<DType>,
) -> Result<Outcome, EvalError> {
    let program = crate::parser::parse(source, &limits)?;
    let mut ctx = Context::new(limits);
    ctx.dtype_override = dtype;
    ctx.source = source.to_string();
    ctx.execute(&program)
}

impl Context {
    /// A fresh context with the lab's predefined names (`np`, `torch`, `as_strided`, …).
    pub fn new(limits: Limits) -> Self {
        Context {
            limits,
            names: Vec::new(),
            order: Vec::new(),
            bytes: 0,
            work: 0,
            next_buffer: 0,
            printed: Vec::new(),
            dtype_override: None,
            source: String::new(),
            first_created: None,
        }
    }

    /// The names every program starts with (a program may shadow them).
    fn predefined(name: &str) -> Option<Value> {
        Some(match name {
            "np" | "numpy" => Value::Module(Module::Numpy),
            "torch" => Value::Module(Module::Torch),
            "as_strided" | "sliding_window_view" => Value::Function(Lib::Numpy, Rc::from(name)),
            _ => return None,
        })
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.names.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Runs every statement; the last one's value is the outcome's.
    pub fn execute(&mut self, program: &Program) -> Result<Outcome, EvalError> {
        let mut value = Value::None;
        let mut span = Span::default();
        let mut first: Option<(Rc<Array>, Option<String>)> = None;
        for stmt in &program.statements {
            value = Value::None;
            let mut named: Option<(&str, Value)> = None;
            match stmt {
                Stmt::Expr(e) => {
                    span = e.span;
                    value = self.eval(e)?;
                }
                Stmt::Assign(targets, e) => {
                    span = e.span;
                    let v = self.eval(e)?;
                    if let [Target::Name(n, _)] = targets.as_slice() {
                        named = Some((n.as_str(), v.clone()));
                    }
                    for t in targets {
                        self.assign(t, v.clone())?;
                    }
                }
                Stmt::AugAssign(t, op, e) => {
                    span = t.span().to(e.span);
                    let current = self.eval(&target_expr(t))?;
                    let rhs = self.eval(e)?;
                    let result = crate::ops::binary(self, *op, &current, &rhs, span)?;
                    self.assign(t, result)?;
                }
                Stmt::Import(s) => span = *s,
            }
            if first.is_none() {
                first = self.first_array(named);
            }
        }
        if let Value::Array(a) = &value {
            let n = u64::try_from(a.layout.size()).unwrap_or(u64::MAX);
            if n > self.limits.max_shown {
                return Err(EvalError::new(
                    "MemoryError",
                    format!(
                        "the result has {n} elements; the lab lists at most {} (ask for its .shape or .strides instead)",
                        self.limits.max_shown
                    ),
                )
                .at(span));
            }
        }
        let names = self
            .order
            .iter()
            .filter_map(|n| self.get(n).map(|v| (n.clone(), v.clone())))
            .collect();
        let first = first.map(|(array, name)| self.first(array, name));
        Ok(Outcome {
            value,
            span,
            names,
            first,
            printed: std::mem::take(&mut self.printed),
        })
    }

    /// The first array, once the program has made one (see [`crate::kind`]): the array a
    /// statement `name = …` assigned, if the statement that made the first array is one, else the
    /// first array made.
    fn first_array(&self, named: Option<(&str, Value)>) -> Option<(Rc<Array>, Option<String>)> {
        let created = self.first_created.as_ref()?;
        match named {
            Some((name, Value::Array(a))) => Some((a, Some(name.to_string()))),
            _ => Some((Rc::clone(created), None)),
        }
    }

    /// The first array with the words that name it: its name if it still holds it, else the text
    /// that made it.
    fn first(&self, array: Rc<Array>, name: Option<String>) -> First {
        let text = |a: &Array| {
            let s = a.origin.span;
            self.source
                .get(s.start..s.end)
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let label = match name {
            Some(n) if matches!(self.get(&n), Some(Value::Array(a)) if Rc::ptr_eq(a, &array)) => n,
            _ => text(&array),
        };
        let memory_label = text(crate::kind::allocation(&array));
        First {
            array,
            label,
            memory_label,
        }
    }

    /// Charges `n` element operations.
    pub fn charge(&mut self, n: u64, span: Span) -> Result<(), EvalError> {
        self.work = self.work.saturating_add(n);
        if self.work > self.limits.max_work {
            return Err(EvalError::new(
                "MemoryError",
                format!(
                    "this program touches more than {} elements in all; the lab stops there to stay quick",
                    self.limits.max_work
                ),
            )
            .at(span));
        }
        Ok(())
    }

    /// Refuses a Python sequence of `n` items past [`Limits::max_sequence`], before it is built.
    pub fn check_sequence(&self, n: u64, span: Span) -> Result<(), EvalError> {
        if n > self.limits.max_sequence {
            return Err(EvalError::new(
                "MemoryError",
                format!(
                    "this sequence would have {n} items; the lab keeps Python sequences to {}",
                    self.limits.max_sequence
                ),
            )
            .at(span));
        }
        Ok(())
    }

    /// The values of `a` in row order, charged before they are read.
    pub fn read_values(&mut self, a: &Array, span: Span) -> Result<Vec<Num>, EvalError> {
        self.charge(u64::try_from(a.layout.size()).unwrap_or(u64::MAX), span)?;
        a.checked_values(span)
    }

    /// The addresses `layout` reads in row order, charged before they are listed.
    pub fn positions(&mut self, layout: &Layout, span: Span) -> Result<Vec<i128>, EvalError> {
        self.charge(u64::try_from(layout.size()).unwrap_or(u64::MAX), span)?;
        Ok(stride_core::footprint::Positions::new(layout).collect())
    }

    /// NumPy's `MemoryError` when `nbytes` more would pass the memory limit: asked before the
    /// values of a new array are computed, so that an array too big fails at once.
    pub fn room(&self, nbytes: i64, span: Span) -> Result<(), EvalError> {
        let n = u64::try_from(nbytes).unwrap_or(u64::MAX);
        if self.bytes.saturating_add(n) > self.limits.max_bytes {
            return Err(EvalError::new(
                "MemoryError",
                format!(
                    "Unable to allocate {} for an array; the lab keeps at most {} of arrays per program",
                    human_bytes(n),
                    human_bytes(self.limits.max_bytes)
                ),
            )
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
        // PyTorch 2.15 has uint16/uint32/uint64 tensors but runs few operations on them (not
        // even `arange`): the lab makes none (only the page's dtype choice could ask for one).
        if torch && dtype.is_unsigned() && dtype != DType::UInt8 {
            return Err(EvalError::unsupported(
                &format!("{dtype} tensors (PyTorch runs few operations on them)"),
                span,
            ));
        }
        let nbytes = buffer_len(&layout);
        let buffer = self.allocate(dtype, nbytes, span)?;
        self.charge(values.len() as u64, span)?;
        buffer.write_all(
            dtype,
            stride_core::footprint::Positions::new(&layout),
            values,
        );
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

    /// Looks a name up.
    pub fn lookup(&self, name: &str, span: Span) -> Result<Value, EvalError> {
        if let Some(v) = self.get(name) {
            return Ok(v.clone());
        }
        if let Some(v) = Context::predefined(name) {
            return Ok(v);
        }
        if let Some(f) = crate::builtins::lookup(name) {
            return Ok(f);
        }
        Err(EvalError::new("NameError", format!("name '{name}' is not defined")).at(span))
    }

    fn bind(&mut self, name: &str, value: Value) {
        if !self.order.iter().any(|n| n == name) {
            self.order.push(name.to_string());
        }
        match self.names.iter_mut().find(|(n, _)| n == name) {
            Some((_, slot)) => *slot = value,
            None => self.names.push((name.to_string(), value)),
        }
    }

    fn assign(&mut self, target: &Target, value: Value) -> Result<(), EvalError> {
        match target {
            Target::Name(name, _) => {
                self.bind(name, value);
                Ok(())
            }
            Target::Index(obj, items, span) => {
                let obj_value = self.eval(obj)?;
                let Value::Array(array) = obj_value else {
                    return Err(EvalError::type_error(format!(
                        "'{}' object does not support item assignment",
                        obj_value.qualified_name()
                    ))
                    .at(*span));
                };
                let index = crate::indexing::evaluate_subscripts(self, items)?;
                crate::indexing::set_item(self, &array, &index, &value, *span)
            }
            Target::Unpack(targets, span) => {
                let items = crate::builtins::iterate(self, &value).map_err(|e| e.at(*span))?;
                if items.len() != targets.len() {
                    let msg = if items.len() > targets.len() {
                        format!("too many values to unpack (expected {})", targets.len())
                    } else {
                        format!(
                            "not enough values to unpack (expected {}, got {})",
                            targets.len(),
                            items.len()
                        )
                    };
                    return Err(EvalError::value_error(msg).at(*span));
                }
                for (t, v) in targets.iter().zip(items) {
                    self.assign(t, v)?;
                }
                Ok(())
            }
        }
    }

    /// Evaluates an expression.
    pub fn eval(&mut self, expr: &Expr) -> Result<Value, EvalError> {
        let span = expr.span;
        let result = match &expr.kind {
            ExprKind::Name(n) => self.lookup(n, span),
            ExprKind::Int(Some(v)) => Ok(Value::Int(*v)),
            ExprKind::Int(None) => Err(too_large(span)),
            ExprKind::Float(v) => Ok(Value::Float(*v)),
            ExprKind::Str(s) => Ok(Value::Str(Rc::from(s.as_str()))),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::NoneLit => Ok(Value::None),
            ExprKind::Ellipsis => Ok(Value::Ellipsis),
            ExprKind::Tuple(items) => Ok(Value::Tuple(self.eval_all(items)?.into())),
            ExprKind::List(items) => Ok(Value::List(self.eval_all(items)?.into())),
            ExprKind::Unary(op, inner) => {
                let v = self.eval(inner)?;
                match op {
                    UnOp::Not => Ok(Value::Bool(!v.truthy().map_err(|e| e.at(span))?)),
                    _ => crate::ops::unary(self, *op, &v, span),
                }
            }
            ExprKind::Binary(op, a, b) => {
                let left = self.eval(a)?;
                let right = self.eval(b)?;
                crate::ops::binary(self, *op, &left, &right, span)
            }
            ExprKind::Compare(first, rest) => self.compare(first, rest, span),
            ExprKind::Logic(is_and, a, b) => {
                let left = self.eval(a)?;
                let decided = left.truthy().map_err(|e| e.at(a.span))? != *is_and;
                if decided { Ok(left) } else { self.eval(b) }
            }
            ExprKind::IfElse(cond, then, other) => {
                let c = self.eval(cond)?;
                if c.truthy().map_err(|e| e.at(cond.span))? {
                    self.eval(then)
                } else {
                    self.eval(other)
                }
            }
            ExprKind::Attr(obj, name, name_span) => {
                let v = self.eval(obj)?;
                crate::attrs::get(self, &v, name, *name_span)
            }
            ExprKind::Call(f, args) => {
                let callee = self.eval(f)?;
                let args = self.eval_args(args)?;
                self.call(&callee, args, span)
            }
            ExprKind::Index(obj, items) => {
                let v = self.eval(obj)?;
                let index = crate::indexing::evaluate_subscripts_of(self, &v, items)?;
                crate::indexing::get_item(self, &v, &index, span)
            }
        };
        result.map_err(|e| e.at(span))
    }

    fn eval_all(&mut self, items: &[Expr]) -> Result<Vec<Value>, EvalError> {
        items.iter().map(|e| self.eval(e)).collect()
    }

    fn eval_args(&mut self, args: &[Arg]) -> Result<Args, EvalError> {
        let mut out = Args::default();
        for a in args {
            let v = self.eval(&a.value)?;
            match &a.name {
                Some(n) => {
                    if out.keyword.iter().any(|(k, _, _)| k == n) {
                        return Err(EvalError::syntax(
                            format!("keyword argument repeated: {n}"),
                            a.value.span,
                        ));
                    }
                    out.keyword.push((n.clone(), v, a.value.span));
                }
                None => out.positional.push((v, a.value.span)),
            }
        }
        Ok(out)
    }

    fn compare(
        &mut self,
        first: &Expr,
        rest: &[(CmpOp, Expr)],
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut left = self.eval(first)?;
        let mut result = Value::Bool(true);
        for (op, e) in rest {
            let right = self.eval(e)?;
            let r = crate::ops::compare(self, *op, &left, &right, span)?;
            if rest.len() == 1 {
                return Ok(r);
            }
            if !r.truthy().map_err(|e| e.at(span))? {
                return Ok(r);
            }
            result = r;
            left = right;
        }
        Ok(result)
    }

    /// Calls a function or method value.
    pub fn call(&mut self, callee: &Value, args: Args, span: Span) -> Result<Value, EvalError> {
        match callee {
            Value::Function(Lib::Numpy, name) => {
                crate::numpy::call_function(self, name, args, span)
            }
            Value::Function(Lib::Torch, name) => {
                crate::torch::call_function(self, name, args, span)
                    .map_err(crate::torch::beyond_numpy_dims)
            }
            Value::Method(array, name) if array.torch => {
                crate::torch::call_method(self, array, name, args, span)
                    .map_err(crate::torch::beyond_numpy_dims)
            }
            Value::Method(array, name) => crate::numpy::call_method(self, array, name, args, span),
            Value::ScalarMethod(d, n, name) => crate::numpy::call_scalar_method(*d, *n, name, args),
            Value::DType(d, _) => crate::numpy::call_dtype(self, *d, args, span),
            Value::Builtin(name) => crate::builtins::call(self, name, args, span),
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

/// The expression that reads a target's current value (for `a += b`).
fn target_expr(t: &Target) -> Expr {
    match t {
        Target::Name(n, s) => Expr::new(ExprKind::Name(n.clone()), *s),
        Target::Index(obj, items, s) => {
            Expr::new(ExprKind::Index(Box::new(obj.clone()), items.clone()), *s)
        }
        Target::Unpack(items, s) => {
            Expr::new(ExprKind::Tuple(items.iter().map(target_expr).collect()), *s)
        }
    }
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

/// Bytes in the units NumPy's MemoryError uses, with two decimals (`1.50 GiB`), rounded half to
/// even as `{:.2}` rounds, in integers (no float formatting in the bundle).
fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut unit = 0;
    while unit + 1 < UNITS.len() && u128::from(n) >> (10 * (unit + 1)) > 0 {
        unit += 1;
    }
    if unit == 0 {
        return format!("{n} bytes");
    }
    let shift = 10 * unit;
    let scaled = u128::from(n) * 100;
    let (q, rest) = (scaled >> shift, scaled & ((1 << shift) - 1));
    let half = 1u128 << (shift - 1);
    let hundredths = if rest > half || (rest == half && q % 2 == 1) {
        q + 1
    } else {
        q
    };
    format!(
        "{}.{:02} {}",
        hundredths / 100,
        hundredths % 100,
        UNITS.get(unit).unwrap_or(&"EiB")
    )
}

#[cfg(test)]
mod tests {
    use super::human_bytes;

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
