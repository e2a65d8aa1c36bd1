//! `einsum_path`'s two searches for an order, as `numpy/_core/einsumfunc.py` writes them:
//! `'greedy'` takes, at each step, the pair whose contraction removes the most elements (then the
//! cheapest), and `'optimal'` tries every order; both skip an intermediate larger than the
//! memory limit.

use super::path::{Set, Sizes, find_contraction, flop_count};

fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// One candidate of the greedy search: ((−removed size, cost), pair, sets after it).
type Candidate = ((i128, u128), (usize, usize), Vec<Set>);

pub(crate) fn greedy(sets: &[Set], output: Set, sizes: &Sizes, limit: u128) -> Vec<Vec<usize>> {
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

pub(crate) fn optimal(sets: &[Set], output: Set, sizes: &Sizes, limit: u128) -> Vec<Vec<usize>> {
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
