//! What each contraction order of an einsum costs (seed 003, "Contraction order changes the cost,
//! not the answer"), from the subscripts and the operands' shapes alone: no values, no arrays.
//!
//! For up to [`MAX_LISTED`] operands every order of pairwise contractions is listed (for three,
//! `(AB)C`, `(AC)B` and `A(BC)`; for four, all fifteen); for more, only the orders
//! `np.einsum_path` picks, `'greedy'` (its default) and `'optimal'`. Each order has its steps
//! (the term each makes, its shape and size) and two costs:
//!
//! - **multiply-adds**: per step, the product of the sizes of every letter it touches (one
//!   multiply, and one add into the result, per combination of the letters): the seed's count,
//!   `(AB)C` = 10⁷ + 10⁷ for A 1000×10, B 10×1000, C 1000×10;
//! - **NumPy's FLOP count**, as `einsum_path`'s `_flop_count` defines it: the same product times
//!   the number of operands less one, plus one when the step sums a letter away (2 per
//!   multiply-add for a pairwise step that sums, 1 for one that only multiplies).
//!
//! The naive cost is `np.einsum`'s without `optimize`: every operand at once over every letter.
//! The order each `optimize=` picks is marked, with NumPy's printed report for it, byte for byte
//! (the numbers and the report come from [`super::path`], checked against NumPy 2.4.6 by
//! `crates/arrays/tests/einsum_orders.rs`).

use stride_core::dims::tuple;
use stride_core::sort::sort_small_by_key;

use super::path::{Contraction, PathKind};
pub use super::shape_text::{MAX_DIM, ShapesError, parse_shapes};
use crate::error::{EvalError, Span};

/// Every pairwise order is listed up to this many operands (four operands have fifteen).
pub const MAX_LISTED: usize = 4;

/// The most operands the panel takes (NumPy's subscripts have 52 letters; the greedy search is
/// cubic in the operands).
pub const MAX_OPERANDS: usize = 16;

/// An `np.einsum` or `np.einsum_path` a program called: what the panel needs to show its orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The subscripts as written.
    pub subscripts: String,
    /// Each operand's shape.
    pub shapes: Vec<Vec<i64>>,
}

impl Call {
    /// The shapes as the panel's box takes them: `(1000, 10), (10, 1000), (1000, 10)`.
    pub fn shapes_text(&self) -> String {
        self.shapes
            .iter()
            .map(|s| tuple(s).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Why the orders cannot be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrdersError {
    /// What `np.einsum_path` raises for these subscripts and shapes (its class and message).
    Numpy(EvalError),
    /// More than [`MAX_OPERANDS`] operands.
    TooManyOperands,
    /// The counts do not fit 128 bits, so the lab cannot write them exactly.
    TooLarge,
}

impl core::fmt::Display for OrdersError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OrdersError::Numpy(e) => write!(f, "{}", e.headline()),
            OrdersError::TooManyOperands => write!(f, "more than {MAX_OPERANDS} operands"),
            OrdersError::TooLarge => write!(f, "the counts are too large to write exactly"),
        }
    }
}

impl core::error::Error for OrdersError {}

/// One step of an order: two terms (or more, in an order NumPy picks that does several at
/// once) become one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// What it makes, in operand letters: `(BC)`; the last step is named after the whole order.
    pub name: String,
    /// NumPy's subscripts of the step: `kl,jk->jl` (the terms in the order its list keeps them,
    /// an intermediate's letters by size then letter).
    pub subscripts: String,
    /// The shape of the term it makes, its letters in NumPy's order.
    pub shape: Vec<u128>,
    /// The step as the learner wrote the operands: the terms in operand order (`jk,kl->jl` for
    /// `(BC)`), an intermediate's letters in the order they first appear in them, the last
    /// step's output as written.
    pub written: String,
    /// The shape of the term it makes, in the order of [`Step::written`]'s output.
    pub written_shape: Vec<u128>,
    /// Elements of the term it makes.
    pub size: u128,
    /// Multiply-adds: the product of the sizes of every letter the step touches.
    pub multiply_adds: u128,
    /// NumPy's FLOP count of the step.
    pub flops: u128,
}

/// One order of contraction.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Order {
    /// `(AB)C`, `A(BC)`, `(AB)(CD)`: operand `A` is the first.
    pub name: String,
    /// The path as `np.einsum_path` lists it: at each step, the positions contracted in the list
    /// of terms left (each result goes to the end of the list).
    pub path: Vec<Vec<usize>>,
    /// Its steps.
    pub steps: Vec<Step>,
    /// The sum of the steps' multiply-adds.
    pub multiply_adds: u128,
    /// The sum of the steps' FLOP counts (NumPy's report adds 1 to it).
    pub flops: u128,
    /// The largest intermediate, in elements (the result included).
    pub largest: u128,
    /// It contracts left to right, as written: `((AB)C)D`.
    pub written: bool,
    /// `'greedy'` (`np.einsum_path`'s default) picks it.
    pub greedy: bool,
    /// `'optimal'` picks it (`None` when `'optimal'` was not asked: more than 7 operands).
    pub optimal: Option<bool>,
}

/// What one `optimize=` picks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Choice {
    /// The path as NumPy prints it: `['einsum_path', (1, 2), (0, 1)]`.
    pub path: String,
    /// NumPy's report (`np.einsum_path(...)[1]`), byte for byte.
    pub report: String,
    /// Which of [`Orders::orders`] it is.
    pub order: usize,
}

/// How much less work the cheapest order does than the order as written, left to right
/// (`((AB)C)D`), which is what a product computes without `optimize`: the seed's comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Saving {
    /// The cheapest order (an index into [`Orders::orders`]; the first of equals).
    pub best: usize,
    /// The order as written.
    pub written: usize,
    /// Their multiply-adds' ratio, rounded half up to a whole number.
    pub times: u128,
    /// Whether the ratio is exactly `times`.
    pub exact: bool,
}

/// Every order's cost for one einsum.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Orders {
    /// The subscripts with the output written out (`ij,jk,kl->il`).
    pub subscripts: String,
    /// The operands' shapes.
    pub shapes: Vec<Vec<i64>>,
    /// The terms of the sum done all at once: the product of every letter's size.
    pub naive_terms: u128,
    /// NumPy's naive FLOP count (its report's first count).
    pub naive_flops: u128,
    /// The orders: every pairwise one when [`Orders::every_order`], in the order of their paths,
    /// else those NumPy picks; an order NumPy picks that contracts more than two terms at once
    /// comes last.
    pub orders: Vec<Order>,
    /// Whether every pairwise order is listed.
    pub every_order: bool,
    /// How many pairwise orders there are: (2n − 3)·(2n − 5)·…·1 for n operands.
    pub pairwise_orders: u128,
    /// What `optimize='greedy'` (and `True`, and the default) picks.
    pub greedy: Choice,
    /// What `optimize='optimal'` picks (up to 7 operands).
    pub optimal: Option<Choice>,
}

impl Orders {
    /// The cheapest order against the order as written, when it does less work.
    pub fn saving(&self) -> Option<Saving> {
        let written = self.orders.iter().position(|o| o.written)?;
        let mut best = 0;
        for (k, o) in self.orders.iter().enumerate() {
            if o.multiply_adds < self.orders.get(best)?.multiply_adds {
                best = k;
            }
        }
        let (b, w) = (
            self.orders.get(best)?.multiply_adds,
            self.orders.get(written)?.multiply_adds,
        );
        if b == 0 || b == w {
            return None;
        }
        Some(Saving {
            best,
            written,
            times: w / b + u128::from(w % b >= b - b / 2),
            exact: w % b == 0,
        })
    }
}

/// Every pairwise path of `n` operands, in NumPy's form (positions in the list of terms left).
fn pairwise_paths(n: usize) -> Vec<Vec<Vec<usize>>> {
    if n <= 1 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for rest in pairwise_paths(n - 1) {
                let mut p = vec![vec![i, j]];
                p.extend(rest);
                out.push(p);
            }
        }
    }
    out
}

/// The order a path makes: each step's operands (as bit masks over the operands), sorted, which
/// two paths share when they build the same tree; and its name.
fn tree(n: usize, path: &[Vec<usize>]) -> (Vec<u32>, String) {
    let mut terms: Vec<(u32, String)> = (0..n).map(|k| (1u32 << k, letter(k))).collect();
    let mut made = Vec::new();
    for step in path {
        let mut positions = step.clone();
        sort_small_by_key(&mut positions, |&p| std::cmp::Reverse(p));
        let mut taken = Vec::new();
        for &p in &positions {
            if p < terms.len() {
                taken.push(terms.remove(p));
            }
        }
        sort_small_by_key(&mut taken, |(mask, _)| mask.trailing_zeros());
        let mask = taken.iter().fold(0, |m, (t, _)| m | t);
        let name: String = taken.iter().map(|(_, s)| s.as_str()).collect();
        made.push(mask);
        terms.push((mask, format!("({name})")));
    }
    sort_small_by_key(&mut made, |&m| m);
    let name = match terms.as_slice() {
        [(_, whole)] => whole
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(whole)
            .to_string(),
        _ => String::new(),
    };
    (made, name)
}

/// `['einsum_path', (1, 2), (0, 1)]`, as Python prints the list.
fn path_text(path: &[Vec<usize>]) -> String {
    let mut parts = vec!["'einsum_path'".to_string()];
    for step in path {
        let items: Vec<String> = step.iter().map(|k| k.to_string()).collect();
        parts.push(match items.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", items.join(", ")),
        });
    }
    format!("[{}]", parts.join(", "))
}

/// The path that contracts left to right, as written: `((AB)C)D` is `[(0, 1), (0, 2), (0, 1)]`
/// (each step's result goes to the end of the list, the next operand is first).
fn written_path(n: usize) -> Vec<Vec<usize>> {
    (0..n.saturating_sub(1))
        .map(|k| {
            if k == 0 {
                vec![0, 1]
            } else {
                vec![0, n - k - 1]
            }
        })
        .collect()
}

/// A step as the learner wrote the operands: `taken`'s terms in operand order, then the letters
/// NumPy's step makes (`numpy_out`, sizes `shape`), reordered by first appearance in them unless
/// `last` (the output as written).
fn step_as_written(
    taken: &[String],
    numpy_out: &str,
    shape: &[u128],
    last: bool,
) -> (String, Vec<u128>) {
    let inputs = taken.join(",");
    let size_of = |c: char| {
        numpy_out
            .chars()
            .zip(shape)
            .find(|(d, _)| *d == c)
            .map_or(1, |(_, s)| *s)
    };
    let out: String = if last {
        numpy_out.to_string()
    } else {
        let mut letters: Vec<char> = Vec::new();
        for c in inputs.chars() {
            if numpy_out.contains(c) && !letters.contains(&c) {
                letters.push(c);
            }
        }
        letters.into_iter().collect()
    };
    let shape = out.chars().map(size_of).collect();
    (format!("{inputs}->{out}"), shape)
}

fn order(c: &Contraction, path: &[Vec<usize>]) -> Result<Order, EvalError> {
    let steps = c.steps(path)?;
    let n = c.len();
    let (key, name) = tree(n, path);
    // The terms left, by name and subscripts as written: each step takes some and puts the one
    // it makes at the end.
    let inputs: Vec<&str> = c.inputs.split(',').collect();
    let mut terms: Vec<(String, String)> = (0..n)
        .map(|k| (letter(k), inputs.get(k).copied().unwrap_or("").to_string()))
        .collect();
    let mut named = Vec::new();
    for (k, (step, positions)) in steps.iter().zip(path).enumerate() {
        let mut ps = positions.clone();
        sort_small_by_key(&mut ps, |&p| std::cmp::Reverse(p));
        let mut taken = Vec::new();
        for &p in &ps {
            if p < terms.len() {
                taken.push(terms.remove(p));
            }
        }
        sort_small_by_key(&mut taken, |(t, _)| first_letter(t));
        let made = format!(
            "({})",
            taken.iter().map(|(t, _)| t.as_str()).collect::<String>()
        );
        let last = k + 1 == steps.len();
        let numpy_out = step.current.split("->").nth(1).unwrap_or("");
        let subs: Vec<String> = taken.into_iter().map(|(_, s)| s).collect();
        let (written, written_shape) = step_as_written(&subs, numpy_out, &step.shape, last);
        let out = written.split("->").nth(1).unwrap_or("").to_string();
        terms.push((made.clone(), out));
        named.push(Step {
            name: if last { name.clone() } else { made },
            subscripts: step.current.clone(),
            shape: step.shape.clone(),
            written,
            written_shape,
            size: step.size,
            multiply_adds: step.points,
            flops: step.flops,
        });
    }
    Ok(Order {
        name,
        path: path.to_vec(),
        multiply_adds: named.iter().map(|s| s.multiply_adds).sum(),
        flops: named.iter().map(|s| s.flops).sum(),
        largest: named.iter().map(|s| s.size).max().unwrap_or(0),
        written: n <= 2 || key == tree(n, &written_path(n)).0,
        steps: named,
        greedy: false,
        optimal: None,
    })
}

/// Operand `k`'s letter: `A`, `B`, … (after `Z`, `A` again: the panel takes 16 operands).
fn letter(k: usize) -> String {
    char::from(b'A' + u8::try_from(k % 26).unwrap_or(0)).to_string()
}

/// The first operand letter of a name such as `((AC)B)`.
fn first_letter(name: &str) -> char {
    name.chars().find(char::is_ascii_uppercase).unwrap_or('A')
}

/// Every contraction order of `subscripts` over operands of `shapes`, with its cost, the order
/// each `optimize=` of `np.einsum_path` picks and NumPy's report for it.
pub fn orders(subscripts: &str, shapes: &[Vec<i64>]) -> Result<Orders, OrdersError> {
    if shapes.len() > MAX_OPERANDS {
        return Err(OrdersError::TooManyOperands);
    }
    let span = Span::default();
    let c = Contraction::parse(subscripts, shapes, span).map_err(OrdersError::Numpy)?;
    let n = c.len();
    // Every count below is at most 2n times the naive terms: when that fits, no sum saturates.
    c.points()
        .checked_mul(2 * n as u128 + 2)
        .ok_or(OrdersError::TooLarge)?;
    let numpy = OrdersError::Numpy;
    let greedy_path = c.path(PathKind::Greedy, None, span).map_err(numpy)?;
    let optimal_path = if n <= 7 {
        Some(c.path(PathKind::Optimal, None, span).map_err(numpy)?)
    } else {
        None
    };
    let every_order = n <= MAX_LISTED;
    let mut rows: Vec<(Vec<u32>, Order)> = Vec::new();
    let written = written_path(n);
    // One or two operands have one order: NumPy's, all at once.
    let paths = match n {
        0..=2 => Vec::new(),
        _ if every_order => pairwise_paths(n),
        _ => vec![written],
    };
    {
        for path in paths {
            let (key, _) = tree(n, &path);
            if rows.iter().all(|(k, _)| *k != key) {
                rows.push((key, order(&c, &path).map_err(numpy)?));
            }
        }
    }
    // The row of a chosen order shows the chosen path itself, so that its steps read as
    // NumPy's report: the greedy one's where both pick the same order by different paths.
    let mut choose = |path: &[Vec<usize>], replace: bool| -> Result<usize, OrdersError> {
        let (key, _) = tree(n, path);
        let row = order(&c, path).map_err(OrdersError::Numpy)?;
        match rows.iter().position(|(k, _)| *k == key) {
            Some(at) => {
                if let (Some(slot), true) = (rows.get_mut(at), replace) {
                    slot.1 = row;
                }
                Ok(at)
            }
            None => {
                rows.push((key, row));
                Ok(rows.len() - 1)
            }
        }
    };
    let g = choose(&greedy_path, true)?;
    let o = match &optimal_path {
        Some(p) => Some(choose(p, false)?),
        None => None,
    };
    for (k, (_, row)) in rows.iter_mut().enumerate() {
        row.greedy = k == g;
        row.optimal = o.map(|o| o == k);
    }
    let choice = |path: &[Vec<usize>], at: usize| -> Result<Choice, OrdersError> {
        Ok(Choice {
            path: path_text(path),
            report: c.report(path).map_err(OrdersError::Numpy)?,
            order: at,
        })
    };
    let greedy = choice(&greedy_path, g)?;
    let optimal = match (&optimal_path, o) {
        (Some(p), Some(at)) => Some(choice(p, at)?),
        _ => None,
    };
    let pairwise_orders = (1..n)
        .map(|k| 2 * k as u128 - 1)
        .fold(1u128, |p, f| p.saturating_mul(f));
    Ok(Orders {
        subscripts: format!("{}->{}", c.inputs, c.output),
        shapes: shapes.to_vec(),
        naive_terms: c.points(),
        naive_flops: c.naive_flops(),
        orders: rows.into_iter().map(|(_, o)| o).collect(),
        every_order,
        pairwise_orders,
        greedy,
        optimal,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn the_seeds_three_orders() {
        let o = orders(
            "ij,jk,kl->il",
            &parse_shapes("1000×10, 10×1000, 1000×10").unwrap(),
        )
        .unwrap();
        let names: Vec<&str> = o.orders.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["(AB)C", "(AC)B", "A(BC)"]);
        // The seed: (AB)C is 10⁷ + 10⁷ multiply-adds, A(BC) 10⁵ + 10⁵.
        assert_eq!(o.orders[0].multiply_adds, 20_000_000);
        assert_eq!(o.orders[2].multiply_adds, 200_000);
        assert_eq!(o.orders[0].steps[0].shape, [1000, 1000]);
        assert_eq!(o.orders[2].steps[0].name, "(BC)");
        assert_eq!(o.orders[2].steps[0].shape, [10, 10]);
        // "100 times less work for the same answer".
        let s = o.saving().unwrap();
        assert_eq!((s.best, s.written, s.times, s.exact), (2, 0, 100, true));
        // (AC)B starts with an outer product: 10⁸ multiply-adds for a 1000×10×1000×10 term.
        assert_eq!(o.orders[1].steps[0].multiply_adds, 100_000_000);
        assert!(o.orders[2].greedy && o.orders[2].optimal == Some(true));
        assert_eq!(o.greedy.path, "['einsum_path', (1, 2), (0, 1)]");
        assert_eq!(o.naive_flops, 300_000_000);
        assert_eq!(o.pairwise_orders, 3);
    }

    #[test]
    fn four_operands_have_fifteen_orders() {
        let shapes = parse_shapes("2×3, 3×4, 4×5, 5×6").unwrap();
        let o = orders("ab,bc,cd,de->ae", &shapes).unwrap();
        assert_eq!(o.orders.len(), 15);
        assert_eq!(o.pairwise_orders, 15);
        assert!(o.orders.iter().any(|o| o.name == "(AB)(CD)"));
        assert_eq!(o.orders.iter().filter(|o| o.greedy).count(), 1);
    }

    #[test]
    fn steps_are_written_in_the_learners_operand_order() {
        // NumPy 2.4.6's einsum_path for A 10×100, B 100×5, C 5×50 starts with jk,ij->ki (its
        // list puts the terms it takes last first, and sorts an intermediate's letters by size).
        let o = orders(
            "ij,jk,kl->il",
            &parse_shapes("10×100, 100×5, 5×50").unwrap(),
        )
        .unwrap();
        let ab_c = o.orders.iter().find(|o| o.name == "(AB)C").unwrap();
        assert_eq!(ab_c.steps[0].subscripts, "jk,ij->ki");
        assert_eq!(ab_c.steps[0].shape, [5, 10]);
        assert_eq!(ab_c.steps[0].written, "ij,jk->ik");
        assert_eq!(ab_c.steps[0].written_shape, [10, 5]);
        assert_eq!(ab_c.steps[1].written, "ik,kl->il");
        assert_eq!(ab_c.steps[1].written_shape, [10, 50]);
        let a_bc = o.orders.iter().find(|o| o.name == "A(BC)").unwrap();
        assert_eq!(a_bc.steps[0].written, "jk,kl->jl");
        assert_eq!(a_bc.steps[1].written, "ij,jl->il");
    }

    #[test]
    fn the_order_as_written_is_left_to_right() {
        // Four operands: ((AB)C)D, not (AB)(CD) (the path [(0, 1), (0, 1), (0, 1)]).
        let o = orders(
            "ab,bc,cd,de->ae",
            &parse_shapes("2×3, 3×4, 4×5, 5×6").unwrap(),
        )
        .unwrap();
        let written: Vec<&str> = o
            .orders
            .iter()
            .filter(|o| o.written)
            .map(|o| o.name.as_str())
            .collect();
        assert_eq!(written, ["((AB)C)D"]);
        // Five: the panel lists the order as written and those NumPy picks.
        let o = orders(
            "ab,bc,cd,de,ef->af",
            &parse_shapes("10×20, 20×30, 30×40, 40×50, 50×60").unwrap(),
        )
        .unwrap();
        let written: Vec<&str> = o
            .orders
            .iter()
            .filter(|o| o.written)
            .map(|o| o.name.as_str())
            .collect();
        assert_eq!(written, ["(((AB)C)D)E"]);
        assert_eq!(o.orders[0].path, written_path(5));
        assert_eq!(
            o.orders[0]
                .steps
                .iter()
                .map(|s| s.written.as_str())
                .collect::<Vec<_>>(),
            ["ab,bc->ac", "ac,cd->ad", "ad,de->ae", "ae,ef->af"]
        );
    }

    #[test]
    fn counts_too_large_to_write_are_refused() {
        let shapes = vec![vec![MAX_DIM; 4]; 4];
        assert_eq!(
            orders("abcd,efgh,ijkl,mnop", &shapes),
            Err(OrdersError::TooLarge)
        );
    }
}
