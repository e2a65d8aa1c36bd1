//! Methods: `list.append` and the other list methods, `tuple.index`/`count`, `str.join`,
//! and sorting (a stable merge sort whose comparisons may fail, as Python's may).
//!
//! A method that CPython has and this subset leaves out is reported as unsupported; a name
//! that the type does not have at all is CPython's `AttributeError`.

use super::{Args, Interp, Source, normalize};
use crate::construct::Construct;
use crate::error::{Error, ExcClass, Result, Span};
use crate::value::{List, Value, eq, less, repr};
use std::rc::Rc;

const LIST_ATTRS: &[&str] = &[
    "append", "clear", "copy", "count", "extend", "index", "insert", "pop", "remove", "reverse",
    "sort",
];
const TUPLE_ATTRS: &[&str] = &["count", "index"];
const INT_ATTRS: &[&str] = &[
    "as_integer_ratio",
    "bit_count",
    "bit_length",
    "conjugate",
    "denominator",
    "from_bytes",
    "imag",
    "numerator",
    "real",
    "to_bytes",
];
const FLOAT_ATTRS: &[&str] = &[
    "as_integer_ratio",
    "conjugate",
    "fromhex",
    "hex",
    "imag",
    "is_integer",
    "real",
];
const RANGE_ATTRS: &[&str] = &["count", "index", "start", "step", "stop"];
const STR_ATTRS: &[&str] = &[
    "capitalize",
    "casefold",
    "center",
    "count",
    "encode",
    "endswith",
    "expandtabs",
    "find",
    "format",
    "format_map",
    "index",
    "isalnum",
    "isalpha",
    "isascii",
    "isdecimal",
    "isdigit",
    "isidentifier",
    "islower",
    "isnumeric",
    "isprintable",
    "isspace",
    "istitle",
    "isupper",
    "join",
    "ljust",
    "lower",
    "lstrip",
    "maketrans",
    "partition",
    "removeprefix",
    "removesuffix",
    "replace",
    "rfind",
    "rindex",
    "rjust",
    "rpartition",
    "rsplit",
    "rstrip",
    "split",
    "splitlines",
    "startswith",
    "strip",
    "swapcase",
    "title",
    "translate",
    "upper",
    "zfill",
];

/// The error for `v.name` when the subset has no such attribute.
pub fn attribute_error(v: &Value, name: &str) -> Error {
    let attrs: &[&str] = match v {
        Value::List(_) => LIST_ATTRS,
        Value::Tuple(_) => TUPLE_ATTRS,
        Value::Str(_) => STR_ATTRS,
        Value::Int(_) | Value::Bool(_) => INT_ATTRS,
        Value::Float(_) => FLOAT_ATTRS,
        Value::Range(_) => RANGE_ATTRS,
        Value::None => &[],
        Value::Exc(_) => &["args", "with_traceback", "add_note"],
        _ => {
            return Error::unsupported(Construct::AttributesOf(v.type_name()), Span::default());
        }
    };
    if name.starts_with("__") || attrs.contains(&name) {
        return Error::unsupported(
            Construct::Method {
                owner: v.type_name(),
                name: name.to_string(),
            },
            Span::default(),
        );
    }
    Error::exception(
        ExcClass::AttributeError,
        format!("'{}' object has no attribute '{name}'", v.type_name()),
        Span::default(),
    )
}

fn type_error(message: String) -> Error {
    Error::type_error(message, Span::default())
}

/// Checks a method's argument count and refuses keywords (other than `allowed`).
pub(super) fn arity(
    what: &str,
    args: &Args<'_>,
    min: usize,
    max: usize,
    allowed: &[&str],
) -> Result<()> {
    if args.gen_exp.is_some() {
        return Err(Error::unsupported(
            Construct::GeneratorPassedTo(what.to_string()),
            Span::default(),
        ));
    }
    if let Some((k, _)) = args.kw.iter().find(|(k, _)| !allowed.contains(&&**k)) {
        let message = if allowed.is_empty() {
            format!("{what}() takes no keyword arguments")
        } else {
            format!("{what}() got an unexpected keyword argument '{k}'")
        };
        return Err(type_error(message));
    }
    let n = args.pos.len();
    if n < min || n > max {
        let message = match (min, max) {
            (0, 0) => format!("{what}() takes no arguments ({n} given)"),
            (1, 1) => format!("{what}() takes exactly one argument ({n} given)"),
            (_, usize::MAX) => format!(
                "{what}() takes at least {min} argument{} ({n} given)",
                if min == 1 { "" } else { "s" }
            ),
            _ => format!("{what}() takes at most {max} arguments ({n} given)"),
        };
        return Err(type_error(message));
    }
    Ok(())
}

fn int_arg(v: Option<&Value>, default: i128) -> Result<i128> {
    match v {
        None => Ok(default),
        Some(v) => v.as_int().ok_or_else(|| {
            type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            ))
        }),
    }
}

/// An argument as CPython's `Py_ssize_t` (64-bit): beyond is an `OverflowError`.
fn ssize(i: i128) -> Result<i64> {
    i64::try_from(i).map_err(|_| {
        Error::exception(
            ExcClass::OverflowError,
            "Python int too large to convert to C ssize_t",
            Span::default(),
        )
    })
}

/// Looks `recv.name` up, as CPython does before it evaluates the arguments of a call: the
/// error for a method the subset does not have.
pub fn lookup_method(recv: &Value, name: &str) -> Result<()> {
    let known = match recv {
        Value::List(_) => LIST_ATTRS.contains(&name),
        Value::Tuple(_) => TUPLE_ATTRS.contains(&name),
        Value::Str(_) => name == "join" || super::strings::STR_METHODS.contains(&name),
        _ => false,
    };
    if known {
        Ok(())
    } else {
        Err(attribute_error(recv, name))
    }
}

/// Calls `recv.name(*args)`.
pub fn call_method(interp: &mut Interp, recv: &Value, name: &str, args: Args<'_>) -> Result<Value> {
    match recv {
        Value::List(list) => list_method(interp, recv, list, name, args),
        Value::Tuple(t) if matches!(name, "index" | "count") => {
            arity(
                &format!("tuple.{name}"),
                &args,
                1,
                if name == "index" { 3 } else { 1 },
                &[],
            )?;
            find(interp, &t.0, &args, name, "tuple.index(x): x not in tuple")
        }
        Value::Str(s) => str_method(interp, s, name, args),
        _ => Err(attribute_error(recv, name)),
    }
}

/// `index` or `count` over `items`.
fn find(
    interp: &mut Interp,
    items: &[Value],
    args: &Args<'_>,
    name: &str,
    missing: &str,
) -> Result<Value> {
    let x = args.pos.first().cloned().unwrap_or(Value::None);
    let len = i128::try_from(items.len()).unwrap_or(i128::MAX);
    let clamp = |i: i128| {
        if i < 0 {
            (i.saturating_add(len)).max(0)
        } else {
            i.min(len)
        }
    };
    let start = usize::try_from(clamp(int_arg(args.pos.get(1), 0)?)).unwrap_or(0);
    let stop = usize::try_from(clamp(int_arg(args.pos.get(2), len)?)).unwrap_or(0);
    let mut count = 0;
    for (i, item) in items.iter().enumerate().take(stop).skip(start) {
        if eq(item, &x, &mut interp.budget)? {
            if name == "index" {
                return Ok(Value::Int(i128::try_from(i).unwrap_or(0)));
            }
            count += 1;
        }
    }
    if name == "count" {
        return Ok(Value::Int(count));
    }
    Err(Error::value_error(missing, Span::default()))
}

fn list_method(
    interp: &mut Interp,
    recv: &Value,
    list: &Rc<List>,
    name: &str,
    args: Args<'_>,
) -> Result<Value> {
    let what = format!("list.{name}");
    let arg = |i: usize| args.pos.get(i).cloned().unwrap_or(Value::None);
    match name {
        "append" => {
            arity(&what, &args, 1, 1, &[])?;
            interp.budget.push(list.len() + 1)?;
            list.with_mut(|items| items.push(arg(0)))?;
        }
        "insert" => {
            arity(&what, &args, 2, 2, &[])?;
            let i = ssize(int_arg(args.pos.first(), 0)?)?;
            interp.budget.push(list.len() + 1)?;
            list.with_mut(|items| {
                let n = i64::try_from(items.len()).unwrap_or(i64::MAX);
                let at = if i < 0 {
                    (i.saturating_add(n)).max(0)
                } else {
                    i.min(n)
                };
                items.insert(usize::try_from(at).unwrap_or(0).min(items.len()), arg(1));
            })?;
        }
        "extend" => {
            arity(&what, &args, 1, 1, &[])?;
            let extra = interp.collect(Source::Value(arg(0)))?;
            interp.budget.alloc_items(list.len() + extra.len())?;
            list.with_mut(|items| items.extend(extra))?;
        }
        "pop" => {
            arity(&what, &args, 0, 1, &[])?;
            let i = ssize(int_arg(args.pos.first(), -1)?)?;
            if list.is_empty() {
                return Err(Error::exception(
                    ExcClass::IndexError,
                    "pop from empty list",
                    Span::default(),
                ));
            }
            let Some(i) = normalize(i, list.len()) else {
                return Err(Error::exception(
                    ExcClass::IndexError,
                    "pop index out of range",
                    Span::default(),
                ));
            };
            return list.with_mut(|items| {
                if i < items.len() {
                    items.remove(i)
                } else {
                    Value::None
                }
            });
        }
        "reverse" => {
            arity(&what, &args, 0, 0, &[])?;
            list.with_mut(|items| items.reverse())?;
        }
        "clear" => {
            arity(&what, &args, 0, 0, &[])?;
            let old = list.with_mut(core::mem::take)?;
            drop(old);
        }
        "copy" => {
            arity(&what, &args, 0, 0, &[])?;
            interp.budget.alloc_items(list.len())?;
            return Ok(List::new_value(list.items()?));
        }
        "index" | "count" => {
            arity(&what, &args, 1, if name == "index" { 3 } else { 1 }, &[])?;
            let items = list.items()?;
            let mut missing = String::new();
            if name == "index" {
                missing = repr(&arg(0), &mut interp.budget)? + " is not in list";
            }
            return find(interp, &items, &args, name, &missing);
        }
        "remove" => {
            arity(&what, &args, 1, 1, &[])?;
            let items = list.items()?;
            for (i, item) in items.iter().enumerate() {
                if eq(item, &arg(0), &mut interp.budget)? {
                    list.with_mut(|items| {
                        if i < items.len() {
                            items.remove(i);
                        }
                    })?;
                    return Ok(Value::None);
                }
            }
            return Err(Error::value_error(
                "list.remove(x): x not in list",
                Span::default(),
            ));
        }
        "sort" => {
            arity(&what, &args, 0, 0, &["key", "reverse"])?;
            let key = args
                .kw
                .iter()
                .find(|(k, _)| &**k == "key")
                .map(|(_, v)| v.clone());
            let reverse = int_arg(
                args.kw
                    .iter()
                    .find(|(k, _)| &**k == "reverse")
                    .map(|(_, v)| v),
                0,
            )? != 0;
            // As CPython does, the list is empty while it sorts.
            let items = list.with_mut(core::mem::take)?;
            let sorted = sort_values(interp, items, key, reverse);
            let changed = !list.is_empty();
            let sorted = sorted?;
            list.with_mut(|items| *items = sorted)?;
            if changed {
                return Err(Error::value_error(
                    "list modified during sort",
                    Span::default(),
                ));
            }
        }
        _ => return Err(attribute_error(recv, name)),
    }
    Ok(Value::None)
}

fn str_method(interp: &mut Interp, s: &Rc<str>, name: &str, args: Args<'_>) -> Result<Value> {
    // Only `join`: the other string methods are rare in shape code and cost wasm size; they
    // are reported as unsupported (see `attribute_error`).
    if super::strings::STR_METHODS.contains(&name) {
        return super::strings::str_method(interp, s, name, args);
    }
    if name != "join" {
        return Err(attribute_error(&Value::Str(s.clone()), name));
    }
    let src = match args.gen_exp {
        Some(comp) => Source::Gen(comp),
        None => {
            arity("str.join", &args, 1, 1, &[])?;
            Source::Value(args.pos.first().cloned().unwrap_or(Value::None))
        }
    };
    let items = interp.collect(src)?;
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let Value::Str(part) = item else {
            let message = format!(
                "sequence item {i}: expected str instance, {} found",
                item.type_name()
            );
            return Err(type_error(message));
        };
        if i > 0 {
            out.push_str(s);
        }
        out.push_str(part);
        interp.budget.alloc_str(out.len())?;
    }
    Ok(Value::str(&out))
}

/// Sorts `items` as `sorted(items, key=key, reverse=reverse)` does: stably, with `<` only,
/// the key called once per item in order. A failing comparison is a `TypeError`.
pub fn sort_values(
    interp: &mut Interp,
    mut items: Vec<Value>,
    key: Option<Value>,
    reverse: bool,
) -> Result<Vec<Value>> {
    let key = key.filter(|k| !matches!(k, Value::None));
    let mut keys = Vec::with_capacity(items.len());
    if let Some(f) = &key {
        for item in &items {
            keys.push(interp.call(
                f,
                Args {
                    pos: vec![item.clone()],
                    kw: Vec::new(),
                    gen_exp: None,
                },
            )?);
        }
    } else {
        keys.clone_from(&items);
    }
    // CPython reverses, sorts stably, then reverses again: equal items keep their order.
    if reverse {
        items.reverse();
        keys.reverse();
    }
    let order: Vec<usize> = (0..items.len()).collect();
    let mut lt = |a: usize, b: usize| -> Result<bool> {
        let (Some(x), Some(y)) = (keys.get(a), keys.get(b)) else {
            return Ok(false);
        };
        less(x, y, false, &mut interp.budget)?.ok_or_else(|| {
            type_error(format!(
                "'<' not supported between instances of '{}' and '{}'",
                x.type_name(),
                y.type_name()
            ))
        })
    };
    let order = merge_sort(&order, &mut lt)?;
    let mut slots: Vec<Option<Value>> = items.into_iter().map(Some).collect();
    let mut out: Vec<Value> = order
        .iter()
        .filter_map(|&i| slots.get_mut(i).and_then(Option::take))
        .collect();
    if reverse {
        out.reverse();
    }
    Ok(out)
}

fn merge_sort(v: &[usize], lt: &mut dyn FnMut(usize, usize) -> Result<bool>) -> Result<Vec<usize>> {
    if v.len() <= 1 {
        return Ok(v.to_vec());
    }
    let (a, b) = v.split_at(v.len() / 2);
    let (a, b) = (merge_sort(a, lt)?, merge_sort(b, lt)?);
    let mut out = Vec::with_capacity(v.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    while let (Some(&x), Some(&y)) = (a.peek(), b.peek()) {
        if lt(y, x)? {
            out.push(y);
            b.next();
        } else {
            out.push(x);
            a.next();
        }
    }
    out.extend(a);
    out.extend(b);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::limits::Limits;
    use crate::run;

    fn out(src: &str) -> String {
        let r = run(src, &Limits::default());
        match r.result {
            Ok(_) => r.output,
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn sorting_is_stable_and_reverse_keeps_equal_items_in_order() {
        let src = "x = [(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b')]\n\
                   print(sorted(x, key=len))\n\
                   def first(p):\n    return p[0]\n\
                   print(sorted(x, key=first))\n\
                   print(sorted(x, key=first, reverse=True))\n";
        assert_eq!(
            out(src),
            "[(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b')]\n\
             [(0, 'a'), (0, 'b'), (1, 'b'), (1, 'a')]\n\
             [(1, 'b'), (1, 'a'), (0, 'a'), (0, 'b')]\n"
        );
        assert_eq!(
            out("print(sorted([2.5, float('nan'), 1]))"),
            "[2.5, nan, 1]\n"
        );
    }

    #[test]
    fn list_methods() {
        assert_eq!(
            out("x = [1, 2]\nx.insert(-5, 0)\nx.extend(x)\nprint(x, x.index(2), x.count(0))"),
            "[0, 1, 2, 0, 1, 2] 2 2\n"
        );
        assert_eq!(
            out("x = [3]\nx.sort(key=len)"),
            "TypeError: object of type 'int' has no len()"
        );
        assert_eq!(
            out("[].add(1)"),
            "AttributeError: 'list' object has no attribute 'add'"
        );
        assert_eq!(
            out("'a'.title()"),
            "valid Python, but this lab does not run it: str.title"
        );
    }
}
