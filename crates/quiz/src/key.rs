//! Answer keys, computed: each question's program runs through [`arrays::run`] and its
//! [`Recipe`] reads the key off the value, with stride-core's layout arithmetic. Along the way it
//! keeps the facts the diagnosis and the worked answer need (the layout, the layout before a
//! swap, the shapes of the operands).

use std::collections::BTreeSet;
use std::fmt;

use arrays::dtype::DType;
use arrays::value::Value;
use stride_core::Layout;
use stride_core::footprint::Positions;

use crate::question::{Claim, Kind, Question, Recipe};
use crate::text::{self, Text};

/// The right answer to a question.
#[derive(Clone, PartialEq)]
pub enum Key {
    /// A number (integers are held exactly: every key is far below 2⁵³).
    Number(f64),
    /// A tuple of integers: strides or a shape.
    Tuple(Vec<i64>),
    /// "This raises an error" (shapes that do not broadcast).
    Error,
    /// The correct options, as indices (0 is A), in increasing order.
    Choices(Vec<usize>),
    /// The reference answer of a code question.
    Code(&'static str),
}

impl fmt::Display for Key {
    /// The canonical form: `13`, `3` (for 3.0), `(12, 4, 1)`, `(5,)`, `error`, `B`, `B, C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Number(x) => f.write_str(&text::number(*x)),
            Key::Tuple(items) => f.write_str(&text::tuple(items)),
            Key::Error => f.write_str("error"),
            Key::Choices(picks) => {
                let letters: Vec<String> = picks.iter().map(|&i| text::letter(i).into()).collect();
                f.write_str(&letters.join(", "))
            }
            Key::Code(reference) => f.write_str(reference),
        }
    }
}

/// Why a key could not be computed: the question's program failed or its value does not fit the
/// recipe. A bank question never gets one (a test runs every key); a generated one would be a bug.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyError {
    /// The question.
    pub id: String,
    /// What went wrong, in words.
    pub message: String,
    /// The same in Spanish.
    pub es: String,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no key for question {}: {}", self.id, self.message)
    }
}

impl fmt::Debug for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl core::error::Error for KeyError {}

/// A key with the facts behind it.
pub(crate) struct Evaluated {
    /// The key.
    pub key: Key,
    /// The layout of the array the program ends with, if it ends with one.
    pub layout: Option<Layout>,
    /// The dtype of that array.
    pub dtype: Option<DType>,
    /// The layout the `before` program ends with (the array before its swap).
    pub before: Option<Layout>,
    /// The key the `before` program gives: the answer of someone who forgot the swap.
    pub before_key: Option<Key>,
    /// The shapes of the arrays the program names, in order (the operands of a broadcast).
    pub operands: Vec<Vec<i64>>,
}

/// Computes the key of `question`.
pub fn key(question: &Question) -> Result<Key, KeyError> {
    evaluate(question).map(|e| e.key)
}

pub(crate) fn evaluate(question: &Question) -> Result<Evaluated, KeyError> {
    let fail = |said: Text| KeyError {
        id: question.id.to_string(),
        message: said.en.into_owned(),
        es: said.es.into_owned(),
    };
    let mut out = Evaluated {
        key: Key::Error,
        layout: None,
        dtype: None,
        before: None,
        before_key: None,
        operands: Vec::new(),
    };
    match &question.recipe {
        Recipe::Code { reference, .. } => {
            out.key = Key::Code(reference);
            return Ok(out);
        }
        Recipe::ChoiceWhere => {
            let mut picks = Vec::new();
            for (i, choice) in question.choices.iter().enumerate() {
                let source = format!("{}\n{}", question.program, choice.code);
                if claim_holds(choice.claim, &source).map_err(fail)? {
                    picks.push(i);
                }
            }
            out.key = Key::Choices(picks);
            return Ok(out);
        }
        _ => {}
    }
    let (key, layout, dtype) = read(&question.recipe, &question.program, true).map_err(fail)?;
    out.key = key;
    out.layout = layout;
    out.dtype = dtype;
    if let Some(before) = &question.before {
        // The index may lie outside the array before the swap: the mistake applies the address
        // rule anyway, so the address is not bounds-checked here.
        if let Ok((before_key, before_layout, _)) = read(&question.recipe, before, false) {
            out.before_key = Some(before_key);
            out.before = before_layout;
        }
    }
    if question.kind == Kind::Tuple && question.recipe == Recipe::Value {
        out.operands = operands(&question.program);
    }
    Ok(out)
}

/// The key `read` finds, with the final array's layout and dtype.
type Read = (Key, Option<Layout>, Option<DType>);

/// Runs `source` and reads the key with `recipe`; also returns the final array's layout and
/// dtype. With `checked`, an index outside the array is an error.
fn read(recipe: &Recipe, source: &str, checked: bool) -> Result<Read, Text> {
    let outcome = match arrays::run(source) {
        Ok(outcome) => outcome,
        Err(e) if e.class_name() == "ValueError" && *recipe == Recipe::Value => {
            return Ok((Key::Error, None, None));
        }
        Err(e) => return Err(crate::failed::raised(&e)),
    };
    let (layout, dtype) = match &outcome.value {
        Value::Array(a) => (Some(a.layout), Some(a.dtype)),
        _ => (None, None),
    };
    let need_layout = || {
        layout.ok_or(Text::new(
            "the program does not end with an array",
            "el programa no termina en un array",
        ))
    };
    let address = |l: &Layout, index: &[i64]| -> Result<i128, Text> {
        if checked {
            l.checked_address(index).map_err(|e| {
                // NumPy's own IndexError, as NumPy says it.
                Text::owned(
                    format!("raises IndexError: {e}"),
                    format!("lanza IndexError: {e}"),
                )
            })
        } else {
            Ok(l.address(index))
        }
    };
    let key = match recipe {
        Recipe::Value => value_key(&outcome.value)?,
        Recipe::Shape => Key::Tuple(need_layout()?.shape().to_vec()),
        Recipe::Strides => Key::Tuple(need_layout()?.strides().to_vec()),
        Recipe::StridesInElements => {
            let l = need_layout()?;
            let strides = (0..l.ndim())
                .map(|axis| l.element_stride(axis))
                .collect::<Option<Vec<i64>>>()
                .ok_or(Text::new(
                    "a stride is not a whole number of elements",
                    "un stride no es un número entero de elementos",
                ))?;
            Key::Tuple(strides)
        }
        Recipe::ElementPosition(index) => {
            let l = need_layout()?;
            let address = address(&l, index)?;
            let itemsize = i128::from(l.itemsize());
            if address % itemsize != 0 {
                return Err(Text::new(
                    "the element is not at a whole element position",
                    "el elemento no está en una posición entera de elementos",
                ));
            }
            Key::Number((address / itemsize) as f64)
        }
        Recipe::ByteOffset(index) => {
            let l = need_layout()?;
            Key::Number(address(&l, index)? as f64)
        }
        Recipe::StoredBytes => Key::Number(stored_bytes(&need_layout()?) as f64),
        Recipe::ChoiceWhere | Recipe::Code { .. } => {
            return Err(Text::new(
                "this recipe needs the whole question",
                "esta receta necesita la pregunta entera",
            ));
        }
    };
    Ok((key, layout, dtype))
}

/// The bytes a layout reads: its distinct positions times the itemsize (a broadcast reads its
/// memory many times but stores it once).
pub(crate) fn stored_bytes(layout: &Layout) -> i64 {
    // Inserted one by one: `collect` would sort first, and bring a stable sort's code along.
    let mut distinct = BTreeSet::new();
    for position in Positions::new(layout) {
        distinct.insert(position);
    }
    i64::try_from(distinct.len())
        .unwrap_or(i64::MAX)
        .saturating_mul(layout.itemsize())
}

fn value_key(value: &Value) -> Result<Key, Text> {
    match value {
        Value::Size(dims) => Ok(Key::Tuple(dims.to_vec())),
        Value::Tuple(items) | Value::List(items) => items
            .iter()
            .map(|v| match v {
                Value::Int(i) => i64::try_from(*i).ok(),
                _ => None,
            })
            .collect::<Option<Vec<i64>>>()
            .map(Key::Tuple)
            .ok_or(Text::new(
                "the tuple holds something other than integers",
                "la tupla contiene algo que no son enteros",
            )),
        other => number(other).map(Key::Number).ok_or_else(|| {
            let t = other.type_name();
            Text::owned(
                format!("a {t} is not a number"),
                format!("un valor {t} no es un número"),
            )
        }),
    }
}

/// A Python or NumPy number (bools count as 0 and 1, as in Python).
fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        Value::Scalar(_, n) => Some(n.as_f64()),
        // Memory never written (`torch.empty(())`) is no number.
        Value::Array(a) if a.layout.size() == 1 && a.layout.ndim() == 0 && !a.unwritten() => {
            a.values().first().copied().flatten().map(|n| n.as_f64())
        }
        _ => None,
    }
}

pub(crate) fn claim_holds(claim: Claim, source: &str) -> Result<bool, Text> {
    let outcome = match arrays::run(source) {
        Ok(outcome) => outcome,
        Err(_) if claim == Claim::Raises => return Ok(true),
        Err(e) => return Err(crate::failed::raised(&e)),
    };
    let value = number(&outcome.value);
    Ok(match claim {
        Claim::Raises => false,
        Claim::True => value == Some(1.0),
        Claim::False => value == Some(0.0),
        Claim::Equals(x) => value == Some(x),
    })
}

/// The shapes of the arrays a program names before its last line (the operands of its last line).
fn operands(source: &str) -> Vec<Vec<i64>> {
    let setup = source.rsplit_once('\n').map_or("", |(head, _)| head);
    match arrays::run(setup) {
        Ok(outcome) => outcome
            .names
            .iter()
            .filter_map(|(_, v)| match v {
                Value::Array(a) => Some(a.layout.shape().to_vec()),
                _ => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Whether two numbers are the same answer (floats are compared with a tiny tolerance).
pub(crate) fn same_number(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}
