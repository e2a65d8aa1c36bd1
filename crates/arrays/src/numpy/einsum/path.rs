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

use super::figures::{fixed3, sci};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::as_array;
use crate::signature::Bound;
use crate::value::Value;

/// NumPy's `einsum_symbols`.
const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The most operands `'optimal'` searches (it tries every order: 7 operands are 56,700 paths).
const MAX_OPTIMAL: usize = 7;

type Set = u64;

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
struct Sizes([u128; 52]);

impl Sizes {
    fn of(&self, s: Set) -> u128 {
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

fn flop_count(contract: Set, inner: bool, terms: usize, sizes: &Sizes) -> u128 {
    let factor = terms.saturating_sub(1).max(1) + usize::from(inner);
    sizes.of(contract).saturating_mul(factor as u128)
}

/// `_find_contraction`: (new term, remaining sets with it appended, removed, contracted).
fn find_contraction(positions: &[usize], sets: &[Set], output: Set) -> (Set, Vec<Set>, Set, Set) {
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

fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// One candidate of the greedy search: ((−removed size, cost), pair, sets after it).
type Candidate = ((i128, u128), (usize, usize), Vec<Set>);

fn greedy(sets: &[Set], output: Set, sizes: &Sizes, limit: u128) -> Vec<Vec<usize>> {
    match sets.len() {
        1 => return vec![vec![0]],
        2 => return vec![vec![0, 1]],
        _ => {}
    }
    let all: Vec<usize> = (0..sets.len()).collect();
    let (_, _, removed, contract) = find_contraction(&all, sets, output);
    let naive = flop_count(contract, removed != 0, sets.len(), sizes);
    let mut sets = sets.to_vec();
    let mut combos = pairs(sets.len());
    let mut known: Vec<Candidate> = Vec::new();
    let (mut cost_so_far, mut path) = (0u128, Vec::new());
    let consider = |p: (usize, usize), sets: &[Set], cost_so_far: u128| -> Option<Candidate> {
        let (result, new_sets, removed, contract) = find_contraction(&[p.0, p.1], sets, output);
        let new_size = sizes.of(result);
        if new_size > limit {
            return None;
        }
        let old = sizes.of(*sets.get(p.0)?) + sizes.of(*sets.get(p.1)?);
        let removed_size = old as i128 - new_size as i128;
        let cost = flop_count(contract, removed != 0, 2, sizes);
        if cost_so_far.saturating_add(cost) > naive {
            return None;
        }
        Some(((-removed_size, cost), p, new_sets))
    };
    for _ in 0..sets.len() - 1 {
        for &p in &combos {
            let (a, b) = (sets.get(p.0).copied(), sets.get(p.1).copied());
            if matches!((a, b), (Some(a), Some(b)) if a & b == 0) {
                continue;
            }
            known.extend(consider(p, &sets, cost_so_far));
        }
        if known.is_empty() {
            for p in pairs(sets.len()) {
                known.extend(consider(p, &sets, cost_so_far));
            }
            if known.is_empty() {
                path.push((0..sets.len()).collect());
                break;
            }
        }
        // The first of the smallest keys, as Python's `min`.
        let mut best = 0;
        for (k, c) in known.iter().enumerate() {
            if known.get(best).is_some_and(|b| c.0 < b.0) {
                best = k;
            }
        }
        let Some(best) = known.get(best).cloned() else {
            break;
        };
        known = update_others(known, &best);
        sets = best.2.clone();
        let new_pos = sets.len() - 1;
        combos = (0..new_pos).map(|i| (i, new_pos)).collect();
        path.push(vec![best.1.0, best.1.1]);
        cost_so_far = cost_so_far.saturating_add(best.0.1);
    }
    path
}

/// `_update_other_results`: the other candidates, renumbered after `best` was contracted.
fn update_others(results: Vec<Candidate>, best: &Candidate) -> Vec<Candidate> {
    let (bx, by) = best.1;
    let new = best.2.last().copied().unwrap_or(0);
    let mut out = Vec::new();
    for (cost, (x, y), mut sets) in results {
        if x == bx || x == by || y == bx || y == by {
            continue;
        }
        let shift = |v: usize| v - usize::from(v > x) - usize::from(v > y);
        let (i, j) = (shift(by), shift(bx));
        if i < sets.len() {
            sets.remove(i);
        }
        if j < sets.len() {
            sets.remove(j);
        }
        let at = sets.len().saturating_sub(1);
        sets.insert(at, new);
        let renum = |v: usize| v - usize::from(v > bx) - usize::from(v > by);
        out.push((cost, (renum(x), renum(y)), sets));
    }
    out
}

/// A partial path of the optimal search: (cost so far, steps, sets left).
type Partial = (u128, Vec<Vec<usize>>, Vec<Set>);

fn optimal(sets: &[Set], output: Set, sizes: &Sizes, limit: u128) -> Vec<Vec<usize>> {
    let mut full: Vec<Partial> = vec![(0, Vec::new(), sets.to_vec())];
    for iteration in 0..sets.len() - 1 {
        let mut next = Vec::new();
        for (cost, positions, remaining) in &full {
            for (i, j) in pairs(sets.len() - iteration) {
                let (result, new_sets, removed, contract) =
                    find_contraction(&[i, j], remaining, output);
                if sizes.of(result) > limit {
                    continue;
                }
                let total = cost.saturating_add(flop_count(contract, removed != 0, 2, sizes));
                let mut p = positions.clone();
                p.push(vec![i, j]);
                next.push((total, p, new_sets));
            }
        }
        if next.is_empty() {
            let mut path = cheapest(&full);
            path.push((0..sets.len() - iteration).collect());
            return path;
        }
        full = next;
    }
    cheapest(&full)
}

fn cheapest(results: &[Partial]) -> Vec<Vec<usize>> {
    let mut best: Option<&Partial> = None;
    for r in results {
        if best.is_none_or(|b| r.0 < b.0) {
            best = Some(r);
        }
    }
    best.map(|b| b.1.clone()).unwrap_or_default()
}

fn value_error(message: impl Into<String>) -> EvalError {
    EvalError::value_error(message)
}

/// What `optimize=` asks for.
enum PathKind {
    All,
    Greedy,
    Optimal,
    Explicit(Vec<Vec<usize>>),
}

fn path_kind(v: Option<&Value>) -> Result<(PathKind, Option<u128>), EvalError> {
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
            "np.einsum_path with operands and lists of axes (the interleaved form): write the subscripts as a string",
            span,
        ));
    };
    let mut shapes = Vec::new();
    for (v, s) in rest.iter().skip(1) {
        shapes.push(as_array(ctx, v, *s)?.layout.shape().to_vec());
    }
    let plan = plan(ctx, subscripts, &shapes, b.given("optimize"), span)?;
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

/// `einsum_path`'s checks and path for operands of `shapes` (`optimize` as given: `None` is
/// `einsum_path`'s default, greedy).
pub(crate) fn plan(
    ctx: &mut Context,
    subscripts: &str,
    shapes: &[Vec<i64>],
    optimize: Option<&Value>,
    span: Span,
) -> Result<Plan, EvalError> {
    let (kind, memory_limit) = path_kind(optimize)?;
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
            "'...' in np.einsum_path: NumPy fills it with unused letters in an order that changes from run to run, so its report has no one text",
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
    let mut terms: Vec<Vec<u8>> = inputs.split(',').map(|t| t.as_bytes().to_vec()).collect();
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
    let limit = memory_limit.unwrap_or(max_size);
    let n = terms.len();
    let path = match kind {
        PathKind::Explicit(p) => p,
        PathKind::All => vec![(0..n).collect()],
        _ if n <= 2 || indices == out_set => vec![(0..n).collect()],
        PathKind::Greedy => greedy(&sets, out_set, &sizes, limit),
        PathKind::Optimal if n > MAX_OPTIMAL => {
            return Err(EvalError::unsupported(
                &format!(
                    "np.einsum_path(optimize='optimal') of more than {MAX_OPTIMAL} operands (it tries every order)"
                ),
                span,
            ));
        }
        PathKind::Optimal => optimal(&sets, out_set, &sizes, limit),
    };
    ctx.charge(path.len() as u64, span)?;
    // The steps, as NumPy lists and prints them.
    let mut input_sets = sets.clone();
    let (mut costs, mut scales, mut step_sizes, mut steps) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut contractions = Vec::new();
    for (num, inds) in path.iter().enumerate() {
        let mut inds = inds.clone();
        inds.sort_unstable_by(|a, b| b.cmp(a));
        let (out_inds, new_sets, removed, contract) = find_contraction(&inds, &input_sets, out_set);
        input_sets = new_sets;
        costs.push(flop_count(contract, removed != 0, inds.len(), &sizes));
        scales.push(contract.count_ones());
        step_sizes.push(sizes.of(out_inds));
        let mut taken = Vec::new();
        for &x in &inds {
            if x >= terms.len() {
                return Err(EvalError::new("IndexError", "pop index out of range"));
            }
            taken.push(String::from_utf8_lossy(&terms.remove(x)).into_owned());
        }
        let result: Vec<u8> = if num + 1 == path.len() {
            output.as_bytes().to_vec()
        } else {
            let mut r = chars(out_inds);
            r.sort_by_key(|&c| (sizes.size(c), c));
            r
        };
        terms.push(result.clone());
        let remaining: Vec<String> = terms
            .iter()
            .map(|t| String::from_utf8_lossy(t).into_owned())
            .collect();
        steps.push((
            format!("{}->{}", taken.join(","), String::from_utf8_lossy(&result)),
            remaining.join(","),
        ));
        contractions.push((
            inds,
            format!("{}->{}", taken.join(","), String::from_utf8_lossy(&result)),
        ));
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
    let inner = sets.iter().map(|s| s.count_ones()).sum::<u32>() > indices.count_ones();
    let naive = flop_count(indices, inner, n, &sizes);
    let opt = costs
        .iter()
        .fold(0u128, |a, &c| a.saturating_add(c))
        .saturating_add(1);
    let speedup = naive as f64 / opt as f64;
    let largest = step_sizes.iter().copied().max().unwrap_or(0);
    let mut text = format!("  Complete contraction:  {inputs}->{output}\n");
    text += &format!("         Naive scaling:  {}\n", indices.count_ones());
    text += &format!(
        "     Optimized scaling:  {}\n",
        scales.iter().max().unwrap_or(&0)
    );
    text += &format!("      Naive FLOP count:  {}\n", sci(naive));
    text += &format!("  Optimized FLOP count:  {}\n", sci(opt));
    text += &format!("   Theoretical speedup:  {}\n", fixed3(speedup));
    text += &format!("  Largest intermediate:  {} elements\n", sci(largest));
    text += &"-".repeat(74);
    text += &format!("\n{:>6} {:>24} {:>40}\n", "scaling", "current", "remaining");
    text += &"-".repeat(74);
    for (scale, (current, remaining)) in scales.iter().zip(&steps) {
        text += &format!(
            "\n{scale:>4}    {current:>24} {:>40}",
            format!("{remaining}->{output}")
        );
    }
    Ok(Plan {
        path,
        steps: contractions,
        report: text,
    })
}
