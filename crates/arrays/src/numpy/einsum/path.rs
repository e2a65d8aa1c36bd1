//! `np.einsum_path`: the order NumPy 2.4.6 would contract the operands in (`optimize='greedy'`,
//! `'optimal'`, `True` (greedy), `False` (all at once), `('greedy', memory_limit)`, or an explicit
//! `['einsum_path', (0, 1), …]`) and the report it prints, byte for byte: naive and optimized
//! scaling, FLOP counts, theoretical speedup, largest intermediate and the table of steps.
//!
//! Written from the algorithm of `numpy/_core/einsumfunc.py` (the lab's own code): index sets are
//! bit masks over NumPy's 52 symbols, a contraction's cost is the product of the sizes of its
//! indices times (terms − 1, plus one when something is summed), the greedy search takes the pair
//! that removes the most elements (then the cheapest), and the optimal one tries every order.
//! Subscripts with `...` are refused: NumPy fills them with unused letters taken from a Python
//! `set`, whose order changes from run to run, so its report has no one right text.

use std::rc::Rc;

use stride_core::sort::sort_small_by_key;

use super::figures::{fixed3, sci};
use super::search::{greedy, optimal};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::as_array;
use crate::signature::Bound;
use crate::value::Value;

/// NumPy's `einsum_symbols`.
const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The most operands `'optimal'` searches (it tries every order: 7 operands are 56,700 paths).
const MAX_OPTIMAL: usize = 7;

pub(crate) type Set = u64;

fn bit(c: u8) -> Set {
    SYMBOLS
        .iter()
        .position(|&s| s == c)
        .map_or(0, |k| 1u64 << k)
}

fn set_of(term: &[u8]) -> Set {
    term.iter().fold(0, |s, &c| s | bit(c))
}

fn chars(s: Set) -> Vec<u8> {
    SYMBOLS
        .iter()
        .enumerate()
        .filter(|&(k, _)| s & (1u64 << k) != 0)
        .map(|(_, &c)| c)
        .collect()
}

/// Sizes of the indices, by symbol position.
pub(crate) struct Sizes([u128; 52]);

impl Sizes {
    pub(crate) fn of(&self, s: Set) -> u128 {
        (0..52)
            .filter(|k| s & (1u64 << k) != 0)
            .fold(1u128, |p, k| {
                p.saturating_mul(self.0.get(k).copied().unwrap_or(1))
            })
    }

    fn of_term(&self, term: &[u8]) -> u128 {
        term.iter()
            .fold(1u128, |p, &c| p.saturating_mul(self.of(bit(c))))
    }

    fn size(&self, c: u8) -> u128 {
        self.of(bit(c))
    }
}

pub(crate) fn flop_count(contract: Set, inner: bool, terms: usize, sizes: &Sizes) -> u128 {
    let factor = terms.saturating_sub(1).max(1) + usize::from(inner);
    sizes.of(contract).saturating_mul(factor as u128)
}

/// `_find_contraction`: (new term, remaining sets with it appended, removed, contracted).
pub(crate) fn find_contraction(
    positions: &[usize],
    sets: &[Set],
    output: Set,
) -> (Set, Vec<Set>, Set, Set) {
    let mut contract = 0;
    let mut remain = output;
    let mut remaining = Vec::new();
    for (k, &s) in sets.iter().enumerate() {
        if positions.contains(&k) {
            contract |= s;
        } else {
            remaining.push(s);
            remain |= s;
        }
    }
    let result = remain & contract;
    remaining.push(result);
    (result, remaining, contract & !result, contract)
}

fn value_error(message: impl Into<String>) -> EvalError {
    EvalError::value_error(message)
}

/// What `optimize=` asks for.
pub(crate) enum PathKind {
    All,
    Greedy,
    Optimal,
    Explicit(Vec<Vec<usize>>),
}

pub(crate) fn path_kind(v: Option<&Value>) -> Result<(PathKind, Option<u128>), EvalError> {
    let named = |s: &str| -> Result<PathKind, EvalError> {
        match s {
            "greedy" => Ok(PathKind::Greedy),
            "optimal" => Ok(PathKind::Optimal),
            other => Err(EvalError::new(
                "KeyError",
                format!("('Path name %s not found', '{other}')"),
            )),
        }
    };
    match v {
        None => Ok((PathKind::Greedy, None)),
        Some(Value::Bool(true)) => Ok((PathKind::Greedy, None)),
        Some(Value::Bool(false) | Value::None) => Ok((PathKind::All, None)),
        Some(Value::Str(s)) => Ok((named(s)?, None)),
        Some(Value::Tuple(items) | Value::List(items)) => match items.as_ref() {
            [Value::Str(s), rest @ ..] if s.as_ref() == "einsum_path" => {
                let mut path = Vec::new();
                for step in rest {
                    let (Value::Tuple(ks) | Value::List(ks)) = step else {
                        return Err(EvalError::type_error(
                            "an einsum_path step is a tuple of ints",
                        ));
                    };
                    let ks: Vec<usize> = ks
                        .iter()
                        .map(|k| {
                            k.as_index()
                                .map(|k| usize::try_from(k).unwrap_or(usize::MAX))
                        })
                        .collect::<Result<_, _>>()?;
                    path.push(ks);
                }
                Ok((PathKind::Explicit(path), None))
            }
            [Value::Str(s), Value::Int(n)] => {
                Ok((named(s)?, Some(u128::try_from(*n).unwrap_or(0))))
            }
            [Value::Str(s), Value::Float(f)] => Ok((named(s)?, Some(*f as u128))),
            _ => Err(EvalError::type_error("Did not understand the path")),
        },
        Some(other) => Err(EvalError::type_error(format!(
            "Did not understand the path: {}",
            crate::display::repr(other)
        ))),
    }
}

/// `np.einsum_path(subscripts, *operands, optimize='greedy', einsum_call=False)`.
pub fn np_einsum_path(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let rest = b.rest();
    let Some((first, _)) = rest.first() else {
        return Err(value_error("No input operands"));
    };
    let Value::Str(subscripts) = first else {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::EinsumInterleaved("np.einsum_path"),
            span,
        ));
    };
    // NumPy reads `optimize` before the operands.
    let (kind, memory_limit) = path_kind(b.given("optimize"))?;
    let mut shapes = Vec::new();
    for (v, s) in rest.iter().skip(1) {
        shapes.push(as_array(ctx, v, *s)?.layout.shape().to_vec());
    }
    ctx.einsum = Some(super::orders::Call {
        subscripts: subscripts.to_string(),
        shapes: shapes.clone(),
    });
    let plan = plan(ctx, subscripts, &shapes, kind, memory_limit, span)?;
    let mut list = vec![Value::Str(Rc::from("einsum_path"))];
    for step in &plan.path {
        list.push(Value::Tuple(
            step.iter()
                .map(|&k| Value::Int(k as i128))
                .collect::<Vec<_>>()
                .into(),
        ));
    }
    Ok(Value::Tuple(
        vec![
            Value::List(list.into()),
            Value::Str(Rc::from(plan.report.as_str())),
        ]
        .into(),
    ))
}

/// What `einsum_path` decides: the path as given back, the contractions `np.einsum` then runs
/// (the operands taken, highest position first, and the step's subscripts), and the report.
pub(crate) struct Plan {
    pub path: Vec<Vec<usize>>,
    pub steps: Vec<(Vec<usize>, String)>,
    pub report: String,
}

/// `einsum_path`'s checks and path for operands of `shapes`, with the path `optimize=` asks for
/// (read by [`path_kind`]).
pub(crate) fn plan(
    ctx: &mut Context,
    subscripts: &str,
    shapes: &[Vec<i64>],
    kind: PathKind,
    memory_limit: Option<u128>,
    span: Span,
) -> Result<Plan, EvalError> {
    let contraction = Contraction::parse(subscripts, shapes, span)?;
    let path = contraction.path(kind, memory_limit, span)?;
    ctx.charge(path.len() as u64, span)?;
    let steps = contraction.steps(&path)?;
    let report = contraction.report_of(&steps);
    let steps = steps
        .into_iter()
        .zip(&path)
        .map(|(step, inds)| {
            let mut inds = inds.clone();
            sort_small_by_key(&mut inds, |&i| std::cmp::Reverse(i));
            (inds, step.current)
        })
        .collect();
    Ok(Plan {
        path,
        steps,
        report,
    })
}

/// A contraction as `einsum_path` checks it: the subscripts (spaces dropped, the output made
/// explicit), each letter's size, and the index sets of the operands and the output.
pub(crate) struct Contraction {
    /// The operands' subscripts, comma-separated.
    pub(crate) inputs: String,
    /// The output's subscripts.
    pub(crate) output: String,
    terms: Vec<Vec<u8>>,
    sets: Vec<Set>,
    out_set: Set,
    indices: Set,
    sizes: Sizes,
    max_size: u128,
}

/// One step of a path, as `einsum_path` computes and prints it.
pub(crate) struct Step {
    /// `ij,jk->ik`: the terms taken and the one made.
    pub(crate) current: String,
    /// The terms left after it, comma-separated.
    pub(crate) remaining: String,
    /// The sizes of `result`'s letters.
    pub(crate) shape: Vec<u128>,
    /// The product of the sizes of every letter the step touches: its multiply-adds.
    pub(crate) points: u128,
    /// NumPy's `_flop_count` of the step.
    pub(crate) flops: u128,
    /// How many letters the step touches (the report's "scaling").
    pub(crate) scaling: u32,
    /// Elements of the term it makes, as NumPy counts them (its letters, not the output's order).
    pub(crate) size: u128,
}

impl Contraction {
    /// Checks `subscripts` against the operands' `shapes`, with `einsum_path`'s messages.
    pub(crate) fn parse(
        subscripts: &str,
        shapes: &[Vec<i64>],
        span: Span,
    ) -> Result<Self, EvalError> {
        let subs: String = subscripts.chars().filter(|&c| c != ' ').collect();
        for c in subs.chars() {
            if !".,->".contains(c) && !c.is_ascii_alphabetic() {
                return Err(value_error(format!("Character {c} is not a valid symbol.")));
            }
        }
        if subs.contains('-') || subs.contains('>') {
            let invalid = subs.matches('-').count() > 1 || subs.matches('>').count() > 1;
            if invalid || subs.matches("->").count() != 1 {
                return Err(value_error("Subscripts can only contain one '->'."));
            }
        }
        if subs.contains('.') {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::EinsumPathEllipsis,
                span,
            ));
        }
        let (inputs, output): (String, String) = match subs.split_once("->") {
            Some((i, o)) => (i.to_string(), o.to_string()),
            None => {
                let letters: Vec<u8> = subs.bytes().filter(|&c| c != b',').collect();
                let out = chars(set_of(&letters))
                    .into_iter()
                    .filter(|&c| letters.iter().filter(|&&d| d == c).count() == 1)
                    .map(char::from)
                    .collect();
                (subs.clone(), out)
            }
        };
        for c in output.chars() {
            if output.matches(c).count() != 1 {
                return Err(value_error(format!(
                    "Output character {c} appeared more than once in the output."
                )));
            }
            if !inputs.contains(c) {
                return Err(value_error(format!(
                    "Output character {c} did not appear in the input"
                )));
            }
        }
        let terms: Vec<Vec<u8>> = inputs.split(',').map(|t| t.as_bytes().to_vec()).collect();
        if terms.len() != shapes.len() {
            return Err(value_error(
                "Number of einsum subscripts must be equal to the number of operands.",
            ));
        }
        let mut sizes = Sizes([1; 52]);
        let mut seen: Set = 0;
        for (t, (term, shape)) in terms.iter().zip(shapes).enumerate() {
            if term.len() != shape.len() {
                // NumPy names the t-th character of the whole subscripts string here.
                let c = inputs.chars().nth(t).unwrap_or(' ');
                return Err(value_error(format!(
                    "Einstein sum subscript {c} does not contain the correct number of indices for operand {t}."
                )));
            }
            for (&c, &d) in term.iter().zip(shape) {
                let k = SYMBOLS.iter().position(|&s| s == c).unwrap_or(0);
                let d = u128::try_from(d).unwrap_or(0);
                let slot = sizes.0.get_mut(k);
                if let Some(slot) = slot {
                    if seen & bit(c) != 0 {
                        if *slot == 1 {
                            *slot = d;
                        } else if d != 1 && d != *slot {
                            return Err(value_error(format!(
                                "Size of label '{}' for operand {t} ({}) does not match previous terms ({d}).",
                                c as char, *slot
                            )));
                        }
                    } else {
                        *slot = d;
                    }
                }
                seen |= bit(c);
            }
        }
        let sets: Vec<Set> = terms.iter().map(|t| set_of(t)).collect();
        let out_set = set_of(output.as_bytes());
        let indices = sets.iter().fold(0, |a, s| a | s);
        let max_size = terms
            .iter()
            .map(|t| sizes.of_term(t))
            .chain([sizes.of_term(output.as_bytes())])
            .max()
            .unwrap_or(1);
        Ok(Contraction {
            inputs,
            output,
            terms,
            sets,
            out_set,
            indices,
            sizes,
            max_size,
        })
    }

    /// How many operands.
    pub(crate) fn len(&self) -> usize {
        self.terms.len()
    }

    /// The product of the sizes of every letter: the terms of the sum done all at once.
    pub(crate) fn points(&self) -> u128 {
        self.sizes.of(self.indices)
    }

    /// NumPy's naive FLOP count: every operand multiplied at once over every letter.
    pub(crate) fn naive_flops(&self) -> u128 {
        let inner =
            self.sets.iter().map(|s| s.count_ones()).sum::<u32>() > self.indices.count_ones();
        flop_count(self.indices, inner, self.terms.len(), &self.sizes)
    }

    /// The path `optimize=` asks for (NumPy's `memory_limit` is the largest operand or output
    /// unless given).
    pub(crate) fn path(
        &self,
        kind: PathKind,
        memory_limit: Option<u128>,
        span: Span,
    ) -> Result<Vec<Vec<usize>>, EvalError> {
        let limit = memory_limit.unwrap_or(self.max_size);
        let n = self.terms.len();
        Ok(match kind {
            PathKind::Explicit(p) => p,
            PathKind::All => vec![(0..n).collect()],
            _ if n <= 2 || self.indices == self.out_set => vec![(0..n).collect()],
            PathKind::Greedy => greedy(&self.sets, self.out_set, &self.sizes, limit),
            PathKind::Optimal if n > MAX_OPTIMAL => {
                return Err(EvalError::unsupported(
                    crate::construct::LibConstruct::OptimalOperands(MAX_OPTIMAL),
                    span,
                ));
            }
            PathKind::Optimal => optimal(&self.sets, self.out_set, &self.sizes, limit),
        })
    }

    /// The steps of `path`, as NumPy lists them (an explicit path may name a missing position:
    /// NumPy's `IndexError`; or leave terms over: its `RuntimeError`).
    pub(crate) fn steps(&self, path: &[Vec<usize>]) -> Result<Vec<Step>, EvalError> {
        let mut terms = self.terms.clone();
        let mut input_sets = self.sets.clone();
        let mut steps = Vec::new();
        for (num, inds) in path.iter().enumerate() {
            let mut inds = inds.clone();
            sort_small_by_key(&mut inds, |&i| std::cmp::Reverse(i));
            let (out_inds, new_sets, removed, contract) =
                find_contraction(&inds, &input_sets, self.out_set);
            input_sets = new_sets;
            let mut taken = Vec::new();
            for &x in &inds {
                if x >= terms.len() {
                    return Err(EvalError::new("IndexError", "pop index out of range"));
                }
                taken.push(String::from_utf8_lossy(&terms.remove(x)).into_owned());
            }
            let result: Vec<u8> = if num + 1 == path.len() {
                self.output.as_bytes().to_vec()
            } else {
                let mut r = chars(out_inds);
                sort_small_by_key(&mut r, |&c| (self.sizes.size(c), c));
                r
            };
            terms.push(result.clone());
            let remaining: Vec<String> = terms
                .iter()
                .map(|t| String::from_utf8_lossy(t).into_owned())
                .collect();
            steps.push(Step {
                current: format!("{}->{}", taken.join(","), String::from_utf8_lossy(&result)),
                remaining: remaining.join(","),
                shape: result.iter().map(|&c| self.sizes.size(c)).collect(),
                points: self.sizes.of(contract),
                flops: flop_count(contract, removed != 0, inds.len(), &self.sizes),
                scaling: contract.count_ones(),
                size: self.sizes.of(out_inds),
            });
        }
        if terms.len() != 1 {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "Invalid einsum_path is specified: {} more operands has to be contracted.",
                    terms.len() - 1
                ),
            ));
        }
        Ok(steps)
    }

    /// The report `einsum_path` prints for `path`, byte for byte.
    pub(crate) fn report(&self, path: &[Vec<usize>]) -> Result<String, EvalError> {
        Ok(self.report_of(&self.steps(path)?))
    }

    /// The report for a path's `steps`, as [`Contraction::steps`] gives them.
    fn report_of(&self, steps: &[Step]) -> String {
        let (inputs, output) = (&self.inputs, &self.output);
        let naive = self.naive_flops();
        let opt = steps
            .iter()
            .fold(0u128, |a, s| a.saturating_add(s.flops))
            .saturating_add(1);
        let speedup = naive as f64 / opt as f64;
        let largest = steps.iter().map(|s| s.size).max().unwrap_or(0);
        let scaling = steps.iter().map(|s| s.scaling).max().unwrap_or(0);
        let mut text = format!("  Complete contraction:  {inputs}->{output}\n");
        text += &format!("         Naive scaling:  {}\n", self.indices.count_ones());
        text += &format!("     Optimized scaling:  {scaling}\n");
        text += &format!("      Naive FLOP count:  {}\n", sci(naive));
        text += &format!("  Optimized FLOP count:  {}\n", sci(opt));
        text += &format!("   Theoretical speedup:  {}\n", fixed3(speedup));
        text += &format!("  Largest intermediate:  {} elements\n", sci(largest));
        text += &"-".repeat(74);
        text += &format!("\n{:>6} {:>24} {:>40}\n", "scaling", "current", "remaining");
        text += &"-".repeat(74);
        for step in steps {
            text += &format!(
                "\n{:>4}    {:>24} {:>40}",
                step.scaling,
                step.current,
                format!("{}->{output}", step.remaining)
            );
        }
        text
    }
}
