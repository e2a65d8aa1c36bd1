//! The built-in functions and types of the subset, and name look-up among them.
//!
//! A name that CPython's `builtins` module has and this subset leaves out (`map`, `dict`,
//! `open`, ...) is reported as unsupported, never as a `NameError`.

use super::iter::{iter_value, iterate, reversed};
use super::methods::sort_values;
use super::{Args, Interp, Source, ops};
use crate::ast::BinOp;
use crate::error::{Error, ExcClass, Result, Span};
use crate::limits::Limit;
use crate::value::{List, TWO_127, Value, less, range_len, repr, to_str};
use std::rc::Rc;

macro_rules! builtins {
    ($($name:ident = $text:literal),* $(,)?) => {
        /// A built-in function or type.
        #[derive(Clone, Copy, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum Builtin { $($name),* }

        const ALL: &[Builtin] = &[$(Builtin::$name),*];

        impl Builtin {
            /// Its Python name.
            pub fn name(self) -> &'static str {
                match self { $(Builtin::$name => $text),* }
            }
        }
    };
}

builtins!(
    Print = "print",
    Len = "len",
    Range = "range",
    Reversed = "reversed",
    Zip = "zip",
    Enumerate = "enumerate",
    Min = "min",
    Max = "max",
    Sum = "sum",
    Abs = "abs",
    Any = "any",
    All = "all",
    Sorted = "sorted",
    Repr = "repr",
    Isinstance = "isinstance",
    Divmod = "divmod",
    Pow = "pow",
    Round = "round",
    Type = "type",
    Int = "int",
    Float = "float",
    Str = "str",
    Bool = "bool",
    List = "list",
    Tuple = "tuple",
    Dict = "dict",
);

/// CPython's other built-in names: valid Python, outside the subset.
const UNSUPPORTED: &[&str] = &[
    "ascii",
    "bin",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dir",
    "eval",
    "exec",
    "exit",
    "filter",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "issubclass",
    "iter",
    "license",
    "locals",
    "map",
    "memoryview",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "property",
    "quit",
    "set",
    "setattr",
    "slice",
    "staticmethod",
    "super",
    "vars",
    "aiter",
    "anext",
    "Ellipsis",
    "NotImplemented",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "EncodingWarning",
    "EnvironmentError",
    "ExceptionGroup",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportWarning",
    "IndentationError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyboardInterrupt",
    "MemoryError",
    "NotADirectoryError",
    "OSError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeWarning",
    "StopAsyncIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "Warning",
];

impl Builtin {
    /// Whether CPython calls it a class (`<class 'int'>`) rather than a function.
    pub fn is_type(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Int | Float | Str | Bool | List | Tuple | Dict | Range | Zip | Enumerate | Reversed
        )
    }
}

/// A name that no scope of the program defines: a built-in, or a `NameError`.
pub fn lookup(name: &str) -> Result<Value> {
    if let Some(b) = ALL.iter().find(|b| b.name() == name) {
        return Ok(Value::Builtin(*b));
    }
    if let Some(c) = ExcClass::from_name(name).filter(|c| c.is_builtin()) {
        return Ok(Value::Class(c));
    }
    if UNSUPPORTED.contains(&name) || name.starts_with("__") {
        return Err(Error::unsupported(
            format!("the built-in name {name}"),
            Span::default(),
        ));
    }
    Err(Error::exception(
        ExcClass::NameError,
        format!("name '{name}' is not defined"),
        Span::default(),
    ))
}

fn type_error(message: String) -> Error {
    Error::type_error(message, Span::default())
}

fn too_large() -> Error {
    Error::limit(Limit::IntTooLarge, Span::default())
}

/// Refuses keyword arguments, except those named in `allowed`, and generator expressions
/// unless `gen_ok`.
fn check_args(b: Builtin, args: &Args<'_>, allowed: &[&str], gen_ok: bool) -> Result<()> {
    if args.gen_exp.is_some() && !gen_ok {
        return Err(Error::unsupported(
            format!("a generator expression passed to {}()", b.name()),
            Span::default(),
        ));
    }
    // Other keywords are checked with CPython's messages (eval/arity.rs).
    for (k, _) in &args.kw {
        let known_here = b == Builtin::Print && &**k == "file" || matches!(&**k, "strict" | "base");
        if !allowed.contains(&&**k) && known_here {
            return Err(Error::unsupported(
                format!("{}({k}=...)", b.name()),
                Span::default(),
            ));
        }
    }
    Ok(())
}

/// Checks the number of positional arguments (a generator expression counts as one).
fn arity(b: Builtin, args: &Args<'_>, min: usize, max: usize) -> Result<()> {
    let n = args.pos.len() + usize::from(args.gen_exp.is_some());
    if n < min {
        return Err(type_error(format!(
            "{} expected at least {min} argument{}, got {n}",
            b.name(),
            if min == 1 { "" } else { "s" }
        )));
    }
    if n > max {
        return Err(type_error(format!(
            "{} expected at most {max} argument{}, got {n}",
            b.name(),
            if max == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

fn kw<'a>(args: &'a Args<'_>, name: &str) -> Option<&'a Value> {
    args.kw.iter().find(|(k, _)| &**k == name).map(|(_, v)| v)
}

/// The first argument as something to walk.
fn source<'e>(args: &mut Args<'e>) -> Source<'e> {
    match args.gen_exp {
        Some(comp) => Source::Gen(comp),
        None if args.pos.is_empty() => Source::Value(Value::tuple(Vec::new())),
        None => Source::Value(args.pos.remove(0)),
    }
}

/// `print`'s `sep` or `end`.
fn text_kw(args: &Args<'_>, name: &str, default: &str) -> Result<String> {
    match kw(args, name) {
        None | Some(Value::None) => Ok(default.to_string()),
        Some(Value::Str(s)) => Ok(s.to_string()),
        Some(v) => Err(type_error(format!(
            "{name} must be None or a string, not {}",
            v.type_name()
        ))),
    }
}

fn as_index(v: &Value) -> Result<i128> {
    v.as_int().ok_or_else(|| {
        type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })
}

/// Calls built-in `b`.
pub fn call(interp: &mut Interp, b: Builtin, mut args: Args<'_>) -> Result<Value> {
    use Builtin as B;
    if b == B::Dict {
        return super::dict::dict_call(interp, args);
    }
    let gen_ok = matches!(
        b,
        B::Sum | B::Any | B::All | B::Min | B::Max | B::List | B::Tuple | B::Sorted
    );
    let allowed: &[&str] = match b {
        B::Print => &["sep", "end", "flush"],
        B::Min | B::Max => &["key", "default"],
        B::Sum => &["start"],
        B::Sorted => &["key", "reverse"],
        B::Enumerate => &["start"],
        _ => &[],
    };
    check_args(b, &args, allowed, gen_ok)?;
    super::arity::check(b, &args, allowed)?;
    let (min, max) = match b {
        B::Print | B::Zip => (0, usize::MAX),
        B::Min | B::Max => (1, usize::MAX),
        B::Range => (1, 3),
        B::Isinstance | B::Divmod => (2, 2),
        B::Pow => (2, 3),
        B::Sum | B::Enumerate | B::Round => (1, 2),
        B::Int | B::Float | B::Str | B::Bool | B::List | B::Tuple => (0, 1),
        _ => (1, 1),
    };
    arity(b, &args, min, max)?;
    let none = Value::None;
    let first = args.pos.first().unwrap_or(&none);
    let second = args.pos.get(1).unwrap_or(&none);
    Ok(match b {
        B::Print => {
            let sep = text_kw(&args, "sep", " ")?;
            let end = text_kw(&args, "end", "\n")?;
            let mut line = String::new();
            for (i, v) in args.pos.iter().enumerate() {
                if i > 0 {
                    line.push_str(&sep);
                }
                line.push_str(&to_str(v, &mut interp.budget)?);
            }
            line.push_str(&end);
            interp.budget.alloc(line.len())?;
            if interp.output.len() + line.len() > interp.budget.limits.max_str_len {
                return Err(Error::limit(Limit::StrLen, Span::default()));
            }
            interp.output.push_str(&line);
            Value::None
        }
        B::Len => {
            let n = match first {
                Value::Host(h) => h.len()?,
                Value::Str(s) => s.chars().count(),
                Value::List(l) => l.len(),
                Value::Tuple(t) => t.0.len(),
                Value::Dict(d) | Value::DictView(d, _) => d.len(),
                Value::Range(r) => {
                    let n = range_len(r);
                    if i64::try_from(n).is_err() {
                        return Err(Error::exception(
                            ExcClass::OverflowError,
                            "Python int too large to convert to C ssize_t",
                            Span::default(),
                        ));
                    }
                    usize::try_from(n).map_err(|_| too_large())?
                }
                v => {
                    return Err(type_error(format!(
                        "object of type '{}' has no len()",
                        v.type_name()
                    )));
                }
            };
            Value::Int(i128::try_from(n).map_err(|_| too_large())?)
        }
        B::Range => {
            let ints = args.pos.iter().map(as_index).collect::<Result<Vec<_>>>()?;
            let r = match ints.as_slice() {
                [stop] => [0, *stop, 1],
                [start, stop] => [*start, *stop, 1],
                [start, stop, step] => [*start, *stop, *step],
                _ => [0, 0, 1],
            };
            if r[2] == 0 {
                return Err(Error::value_error(
                    "range() arg 3 must not be zero",
                    Span::default(),
                ));
            }
            Value::Range(Rc::new(r))
        }
        B::Reversed => {
            let name = match first {
                Value::List(_) => "list_reverseiterator",
                Value::Range(_) => "range_iterator",
                Value::Str(_) => "reversed",
                _ => "reversed",
            };
            iter_value(reversed(first)?, name)
        }
        B::Zip => {
            let inners = args.pos.iter().map(iterate).collect::<Result<Vec<_>>>()?;
            iter_value(super::iter::IterState::Zip(inners), "zip")
        }
        B::Enumerate => {
            let start = match (args.pos.get(1), kw(&args, "start")) {
                (Some(v), None) | (None, Some(v)) => as_index(v)?,
                (None, None) => 0,
                (Some(_), Some(_)) => {
                    return Err(type_error(
                        "argument for enumerate() given by name ('start') and position (2)".into(),
                    ));
                }
            };
            iter_value(
                super::iter::IterState::Enumerate(Box::new(iterate(first)?), Some(start)),
                "enumerate",
            )
        }
        B::Min | B::Max => return min_max(interp, b, args),
        B::Sum => {
            let mut total = match (args.pos.get(1), kw(&args, "start")) {
                (Some(v), _) | (None, Some(v)) => v.clone(),
                (None, None) => Value::Int(0),
            };
            if matches!(total, Value::Str(_)) {
                return Err(type_error(
                    "sum() can't sum strings [use ''.join(seq) instead]".into(),
                ));
            }
            let src = source(&mut args);
            interp.each(src, &mut |interp, v| {
                total = interp.binary(BinOp::Add, &total, &v, Span::default())?;
                Ok(true)
            })?;
            total
        }
        B::Abs => match first {
            Value::Float(f) => Value::Float(f.abs()),
            Value::Host(h) => match h.clone().abs(interp, Span::default())? {
                Some(v) => v,
                None => {
                    return Err(type_error(format!(
                        "bad operand type for abs(): '{}'",
                        first.type_name()
                    )));
                }
            },
            v => match v.as_int() {
                Some(i) => Value::Int(i.checked_abs().ok_or_else(too_large)?),
                None => {
                    return Err(type_error(format!(
                        "bad operand type for abs(): '{}'",
                        v.type_name()
                    )));
                }
            },
        },
        B::Any | B::All => {
            let want = b == B::Any;
            let mut found = !want;
            let src = source(&mut args);
            interp.each(src, &mut |interp, v| {
                if interp.truth(&v)? == want {
                    found = want;
                    return Ok(false);
                }
                Ok(true)
            })?;
            Value::Bool(found)
        }
        B::Sorted => {
            let src = source(&mut args);
            let items = interp.collect(src)?;
            let key = kw(&args, "key").cloned();
            let reverse = kw(&args, "reverse").map_or(Ok(0), as_index)? != 0;
            List::new_value(sort_values(interp, items, key, reverse)?)
        }
        B::Repr => Value::str(&repr(first, &mut interp.budget)?),
        B::Isinstance => Value::Bool(isinstance(first, second)?),
        B::Divmod => {
            if !first.is_number() || !second.is_number() {
                return Err(type_error(format!(
                    "unsupported operand type(s) for divmod(): '{}' and '{}'",
                    first.type_name(),
                    second.type_name()
                )));
            }
            let float = matches!(first, Value::Float(_)) || matches!(second, Value::Float(_));
            if float && !second.truthy() {
                return Err(Error::exception(
                    ExcClass::ZeroDivisionError,
                    "float divmod()",
                    Span::default(),
                ));
            }
            let q = ops::binary(BinOp::FloorDiv, first, second, &mut interp.budget)?;
            let r = ops::binary(BinOp::Mod, first, second, &mut interp.budget)?;
            Value::tuple(vec![q, r])
        }
        B::Pow => match args.pos.get(2) {
            None | Some(Value::None) => ops::binary(BinOp::Pow, first, second, &mut interp.budget)?,
            Some(m) => match (first.as_int(), second.as_int(), m.as_int()) {
                (Some(b), Some(e), Some(m)) => Value::Int(super::int::pow_mod(b, e, m)?),
                // float's `**` refuses a modulus before the modulus's type is looked at.
                _ if first.is_number()
                    && second.is_number()
                    && [first, second, m]
                        .iter()
                        .any(|v| matches!(v, Value::Float(_))) =>
                {
                    return Err(type_error(
                        "pow() 3rd argument not allowed unless all arguments are integers".into(),
                    ));
                }
                _ => {
                    return Err(type_error(format!(
                        "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
                        first.type_name(),
                        second.type_name(),
                        m.type_name()
                    )));
                }
            },
        },
        B::Round => {
            if !first.is_number() {
                return Err(type_error(format!(
                    "type {} doesn't define __round__ method",
                    first.type_name()
                )));
            }
            let ndigits = match args.pos.get(1) {
                None | Some(Value::None) => None,
                Some(v) => Some(as_index(v)?),
            };
            match (first, ndigits) {
                (Value::Float(_), Some(_)) => {
                    return Err(Error::unsupported(
                        "round() of a float to a number of digits",
                        Span::default(),
                    ));
                }
                (Value::Float(f), None) => float_to_int(f.round_ties_even())?,
                (v, n) => Value::Int(super::int::round_int(
                    v.as_int().unwrap_or(0),
                    n.unwrap_or(0),
                )?),
            }
        }
        B::Type => match first {
            Value::Int(_) => Value::Builtin(B::Int),
            Value::Bool(_) => Value::Builtin(B::Bool),
            Value::Float(_) => Value::Builtin(B::Float),
            Value::Str(_) => Value::Builtin(B::Str),
            Value::List(_) => Value::Builtin(B::List),
            Value::Tuple(_) => Value::Builtin(B::Tuple),
            Value::Range(_) => Value::Builtin(B::Range),
            Value::Dict(_) => Value::Builtin(B::Dict),
            Value::Exc(e) => Value::Class(e.class),
            Value::Host(h) if h.class().is_some() => h.class().unwrap_or(Value::None),
            v => {
                return Err(Error::unsupported(
                    format!("type() of a {} object", v.type_name()),
                    Span::default(),
                ));
            }
        },
        B::Int => match args.pos.first() {
            None => Value::Int(0),
            Some(Value::Float(f)) => float_to_int(f.trunc())?,
            Some(Value::Str(s)) => parse_int(s)?,
            Some(Value::Host(h)) if h.to_int().is_some() => {
                h.to_int().unwrap_or(Ok(Value::Int(0)))?
            }
            Some(v) => match v.as_int() {
                Some(i) => Value::Int(i),
                None => {
                    let message = format!(
                        "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                        v.type_name()
                    );
                    return Err(type_error(message));
                }
            },
        },
        B::Float => match args.pos.first() {
            None => Value::Float(0.0),
            Some(Value::Float(f)) => Value::Float(*f),
            Some(Value::Str(s)) => Value::Float(parse_float(s)?),
            Some(Value::Host(h)) if h.to_float().is_some() => {
                Value::Float(h.to_float().unwrap_or(Ok(0.0))?)
            }
            Some(v) => match v.as_int() {
                Some(i) => Value::Float(i as f64),
                None => {
                    let message = format!(
                        "float() argument must be a string or a real number, not '{}'",
                        v.type_name()
                    );
                    return Err(type_error(message));
                }
            },
        },
        B::Str => match args.pos.first() {
            None => Value::str(""),
            Some(v) => Value::str(&to_str(v, &mut interp.budget)?),
        },
        B::Bool => match args.pos.first() {
            Some(v) => Value::Bool(interp.truth(v)?),
            None => Value::Bool(false),
        },
        B::List => {
            let src = source(&mut args);
            List::new_value(interp.collect(src)?)
        }
        B::Tuple => {
            let src = source(&mut args);
            Value::tuple(interp.collect(src)?)
        }
        B::Dict => super::dict::dict_call(interp, args)?,
    })
}

fn min_max(interp: &mut Interp, b: Builtin, mut args: Args<'_>) -> Result<Value> {
    let key = kw(&args, "key")
        .filter(|k| !matches!(k, Value::None))
        .cloned();
    let default = kw(&args, "default").cloned();
    let mut best: Option<(Value, Value)> = None;
    // Items are weighed as they come, as CPython does: a key function runs between the steps
    // of a generator expression, not after it.
    let mut consider = |interp: &mut Interp, item: Value| -> Result<bool> {
        let k = match &key {
            Some(f) => {
                let args = Args {
                    pos: vec![item.clone()],
                    kw: Vec::new(),
                    gen_exp: None,
                };
                interp.call(f, args)?
            }
            None => item.clone(),
        };
        let better = match &best {
            None => true,
            Some((_, best_key)) => {
                let (x, y) = if b == Builtin::Max {
                    (best_key, &k)
                } else {
                    (&k, best_key)
                };
                less(x, y, false, &mut interp.budget)?.ok_or_else(|| {
                    let op = if b == Builtin::Max { ">" } else { "<" };
                    type_error(format!(
                        "'{op}' not supported between instances of '{}' and '{}'",
                        k.type_name(),
                        best_key.type_name()
                    ))
                })?
            }
        };
        if better {
            best = Some((item, k));
        }
        Ok(true)
    };
    if args.pos.len() > 1 {
        if default.is_some() {
            let message = format!(
                "Cannot specify a default for {}() with multiple positional arguments",
                b.name()
            );
            return Err(type_error(message));
        }
        for item in core::mem::take(&mut args.pos) {
            consider(interp, item)?;
        }
    } else {
        let src = source(&mut args);
        interp.each(src, &mut consider)?;
    }
    match (best, default) {
        (Some((item, _)), _) => Ok(item),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(Error::value_error(
            format!("{}() arg is an empty sequence", b.name()),
            Span::default(),
        )),
    }
}

fn is_subclass(c: ExcClass, of: ExcClass) -> bool {
    use ExcClass as E;
    let parent = |c: ExcClass| match c {
        E::Exception => None,
        E::IndexError | E::KeyError => Some(E::LookupError),
        E::ZeroDivisionError | E::OverflowError => Some(E::ArithmeticError),
        E::UnboundLocalError => Some(E::NameError),
        E::ModuleNotFoundError => Some(E::ImportError),
        E::NotImplementedError => Some(E::RuntimeError),
        _ => Some(E::Exception),
    };
    let mut cur = Some(c);
    while let Some(x) = cur {
        if x == of {
            return true;
        }
        cur = parent(x);
    }
    false
}

fn isinstance(v: &Value, class: &Value) -> Result<bool> {
    Ok(match class {
        Value::Tuple(t) => {
            for c in &t.0 {
                if isinstance(v, c)? {
                    return Ok(true);
                }
            }
            false
        }
        Value::Builtin(b) if b.is_type() => match b {
            Builtin::Int => matches!(v, Value::Int(_) | Value::Bool(_)),
            Builtin::Bool => matches!(v, Value::Bool(_)),
            Builtin::Float => matches!(v, Value::Float(_)),
            Builtin::Str => matches!(v, Value::Str(_)),
            Builtin::List => matches!(v, Value::List(_)),
            Builtin::Tuple => matches!(v, Value::Tuple(_)),
            Builtin::Range => matches!(v, Value::Range(_)),
            Builtin::Dict => matches!(v, Value::Dict(_)),
            _ => matches!(v, Value::Iter(it) if it.1 == b.name()),
        },
        Value::Class(c) => matches!(v, Value::Exc(e) if is_subclass(e.class, *c)),
        _ => {
            return Err(type_error(
                "isinstance() arg 2 must be a type, a tuple of types, or a union".into(),
            ));
        }
    })
}

fn float_to_int(f: f64) -> Result<Value> {
    if f.is_nan() {
        return Err(Error::value_error(
            "cannot convert float NaN to integer",
            Span::default(),
        ));
    }
    if f.is_infinite() {
        return Err(Error::exception(
            ExcClass::OverflowError,
            "cannot convert float infinity to integer",
            Span::default(),
        ));
    }
    // Within ±2^127 the cast is exact (f is integral here).
    if (-TWO_127..TWO_127).contains(&f) {
        Ok(Value::Int(f as i128))
    } else {
        Err(too_large())
    }
}

/// Digits with single underscores between them.
fn digits_ok(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('_')
        && !s.ends_with('_')
        && !s.contains("__")
        && s.bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

fn parse_int(s: &str) -> Result<Value> {
    let t = s.trim();
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    if !digits_ok(body) {
        let mut quoted = String::new();
        crate::value::str_repr(s, &mut quoted);
        return Err(Error::value_error(
            format!("invalid literal for int() with base 10: {quoted}"),
            Span::default(),
        ));
    }
    let mut n: i128 = 0;
    for d in body.bytes().filter(u8::is_ascii_digit) {
        let d = i128::from(d - b'0');
        n = n
            .checked_mul(10)
            .and_then(|n| {
                if negative {
                    n.checked_sub(d)
                } else {
                    n.checked_add(d)
                }
            })
            .ok_or_else(too_large)?;
    }
    Ok(Value::Int(n))
}

fn parse_float(s: &str) -> Result<f64> {
    let t = s.trim();
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let underscores_ok = body
        .split(|c: char| !c.is_ascii_digit() && c != '_')
        .all(|p| !p.contains('_') || digits_ok(p));
    let plain: String = t.chars().filter(|&c| c != '_').collect();
    // A sign, then a decimal or `inf`, `infinity`, `nan` in any case: Python's rules and Rust's.
    match float_text::parse(&plain).filter(|_| underscores_ok) {
        Some(v) => Ok(v),
        None => {
            let mut quoted = String::new();
            crate::value::str_repr(s, &mut quoted);
            Err(Error::value_error(
                format!("could not convert string to float: {quoted}"),
                Span::default(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_builtins_classes_unsupported_or_undefined() {
        assert!(matches!(lookup("len"), Ok(Value::Builtin(Builtin::Len))));
        assert!(matches!(
            lookup("ValueError"),
            Ok(Value::Class(ExcClass::ValueError))
        ));
        let message = |name: &str| {
            lookup(name)
                .map(|_| String::new())
                .unwrap_or_else(|e| e.to_string())
        };
        assert_eq!(
            message("map"),
            "valid Python, but this lab does not run it: the built-in name map"
        );
        assert_eq!(
            message("__import__"),
            "valid Python, but this lab does not run it: the built-in name __import__"
        );
        assert_eq!(message("lenn"), "NameError: name 'lenn' is not defined");
    }

    #[test]
    fn conversions() {
        assert!(matches!(parse_int(" -1_000 "), Ok(Value::Int(-1000))));
        assert!(parse_int("1__0").is_err());
        assert_eq!(parse_float("-1_0.5").ok(), Some(-10.5));
        assert_eq!(parse_float(" inf ").ok(), Some(f64::INFINITY));
        assert!(parse_float("1e").is_err());
        assert!(matches!(float_to_int(-2.0), Ok(Value::Int(-2))));
        assert!(matches!(
            float_to_int(1e19),
            Ok(Value::Int(10_000_000_000_000_000_000))
        ));
        assert!(matches!(float_to_int(-TWO_127), Ok(Value::Int(i128::MIN))));
        assert!(float_to_int(TWO_127).is_err());
    }
}
