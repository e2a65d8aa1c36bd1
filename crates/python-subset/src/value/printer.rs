//! `repr` and `str` of every value: [`Printer`], within the string limit and the nesting guard.

use super::{Dict, Value, float_repr};
use crate::error::{ExcClass, Result};
use crate::limits::Budget;
use core::fmt::Write as _;
use std::rc::Rc;

/// `repr(s)` of a string: quotes chosen and characters escaped as CPython does.
pub fn str_repr(s: &str, out: &mut String) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            // What Python does not print (python-ident has CPython's table) is escaped.
            c if !python_ident::class(c).is_printable() => {
                let code = u32::from(c);
                let _ = if code < 0x100 {
                    write!(out, "\\x{code:02x}")
                } else if code < 0x10000 {
                    write!(out, "\\u{code:04x}")
                } else {
                    write!(out, "\\U{code:08x}")
                };
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

/// Builds `repr` and `str` texts within the string limit and the nesting guard.
pub struct Printer<'b> {
    /// The text so far.
    pub out: String,
    budget: &'b mut Budget,
    /// Lists and dicts being printed, to print one inside itself as `[...]` or `{...}`.
    open: Vec<*const ()>,
}

impl<'b> Printer<'b> {
    /// A printer charging `budget`.
    pub fn new(budget: &'b mut Budget) -> Printer<'b> {
        Printer {
            out: String::new(),
            budget,
            open: Vec::new(),
        }
    }

    fn check(&mut self) -> Result<()> {
        if self.out.len() > self.budget.limits.max_str_len {
            return Err(crate::error::Error::limit(
                crate::limits::Limit::StrLen,
                Default::default(),
            ));
        }
        self.budget.step()
    }

    /// Appends `str(v)`.
    pub fn str(&mut self, v: &Value) -> Result<()> {
        match v {
            Value::Str(s) => {
                self.out.push_str(s);
                self.check()
            }
            Value::Host(h) => {
                let text = h.str()?;
                self.out.push_str(&text);
                self.check()
            }
            Value::Exc(e) => match e.args.as_slice() {
                [] => Ok(()),
                [Value::Str(s)] if e.class != ExcClass::KeyError => {
                    self.out.push_str(s);
                    self.check()
                }
                [one] => self.repr(one),
                _ => self.seq("(", &e.args, ")"),
            },
            _ => self.repr(v),
        }
    }

    /// Appends `repr(v)`.
    pub fn repr(&mut self, v: &Value) -> Result<()> {
        self.check()?;
        match v {
            Value::None => self.out.push_str("None"),
            Value::Bool(b) => self.out.push_str(if *b { "True" } else { "False" }),
            Value::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            Value::Float(f) => self.out.push_str(&float_repr(*f)),
            Value::Str(s) => str_repr(s, &mut self.out),
            Value::List(l) => {
                let ptr = Rc::as_ptr(l).cast::<()>();
                if self.open.contains(&ptr) {
                    self.out.push_str("[...]");
                } else {
                    self.open.push(ptr);
                    let items = l.items()?;
                    self.seq("[", &items, "]")?;
                    self.open.pop();
                }
            }
            Value::Tuple(t) if t.0.len() == 1 => self.seq("(", &t.0, ",)")?,
            Value::Tuple(t) => self.seq("(", &t.0, ")")?,
            Value::Range(r) => {
                let [start, stop, step] = **r;
                let _ = write!(self.out, "range({start}, {stop}");
                if step != 1 {
                    let _ = write!(self.out, ", {step}");
                }
                self.out.push(')');
            }
            Value::Builtin(b) if b.is_type() => {
                let _ = write!(self.out, "<class '{}'>", b.name());
            }
            Value::Builtin(b) => {
                let _ = write!(self.out, "<built-in function {}>", b.name());
            }
            Value::Class(c) => {
                let _ = write!(self.out, "<class '{}'>", c.name());
            }
            Value::Exc(e) => {
                self.out.push_str(e.class.name());
                self.seq("(", &e.args, ")")?;
            }
            Value::Ellipsis => self.out.push_str("Ellipsis"),
            Value::Slice(parts) => {
                self.out.push_str("slice");
                self.seq("(", &parts[..], ")")?;
            }
            Value::Host(h) => {
                let text = h.repr()?;
                self.out.push_str(&text);
            }
            Value::Dict(d) => {
                let ptr = Rc::as_ptr(d).cast::<()>();
                if self.open.contains(&ptr) {
                    self.out.push_str("{...}");
                } else {
                    self.open.push(ptr);
                    self.dict(d)?;
                    self.open.pop();
                }
            }
            Value::DictView(d, kind) => {
                self.out.push_str(kind.type_name());
                let items = d.items(*kind)?;
                self.seq("([", &items, "])")?;
            }
            Value::Module(m) => {
                self.out.push_str("<module ");
                str_repr(&m.name, &mut self.out);
                self.out.push('>');
            }
            Value::Iter(_) | Value::Func(_) => {
                return Err(crate::error::Error::unsupported(
                    crate::construct::Construct::PrintingObject(v.type_name()),
                    Default::default(),
                ));
            }
        }
        self.check()
    }

    fn dict(&mut self, d: &Dict) -> Result<()> {
        self.budget.enter()?;
        self.out.push('{');
        for (i, e) in d.entries()?.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.repr(&e.key)?;
            self.out.push_str(": ");
            self.repr(&e.value)?;
        }
        self.out.push('}');
        self.budget.leave();
        Ok(())
    }

    fn seq(&mut self, open: &str, items: &[Value], close: &str) -> Result<()> {
        self.budget.enter()?;
        self.out.push_str(open);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.repr(item)?;
        }
        self.out.push_str(close);
        self.budget.leave();
        Ok(())
    }
}

/// `repr(v)`.
pub fn repr(v: &Value, budget: &mut Budget) -> Result<String> {
    let mut p = Printer::new(budget);
    p.repr(v)?;
    Ok(p.out)
}

/// `str(v)`.
pub fn to_str(v: &Value, budget: &mut Budget) -> Result<String> {
    let mut p = Printer::new(budget);
    p.str(v)?;
    Ok(p.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::value::List;

    #[test]
    fn floats_print_as_cpython_does() {
        for (x, s) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e20, "1e+20"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789.125, "123456789.125"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (-2.5, "-2.5"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "inf"),
            (f64::NAN, "nan"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (5e-324, "5e-324"),
        ] {
            assert_eq!(float_repr(x), s);
        }
    }

    #[test]
    fn reprs() {
        let mut b = Budget::new(&Limits::default());
        let list = List::new_value(vec![
            Value::Int(1),
            Value::str("it's"),
            Value::tuple(vec![Value::None]),
        ]);
        assert_eq!(repr(&list, &mut b).unwrap(), "[1, \"it's\", (None,)]");
        let Value::List(l) = &list else {
            unreachable!()
        };
        l.with_mut(|v| v.push(list.clone())).unwrap();
        assert_eq!(
            repr(&list, &mut b).unwrap(),
            "[1, \"it's\", (None,), [...]]"
        );
        l.with_mut(Vec::clear).unwrap();
        assert_eq!(
            repr(&Value::str("a\nb'\"\\"), &mut b).unwrap(),
            "'a\\nb\\'\"\\\\'"
        );
        assert_eq!(
            repr(&Value::Range(Rc::new([0, 5, 2])), &mut b).unwrap(),
            "range(0, 5, 2)"
        );
    }
}
