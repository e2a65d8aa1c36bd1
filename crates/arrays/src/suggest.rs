//! CPython 3.11's "Did you mean" for an `AttributeError`: the name of `dir(obj)` nearest to the
//! one asked for, when it is near enough.
//!
//! The rule, as CPython's `Python/suggestions.c` applies it when it prints the error:
//!
//! 1. No suggestion at all when `dir()` has [`MAX_CANDIDATE_ITEMS`] names or more (so never for
//!    `torch` or a `Tensor`).
//! 2. The distance is a Levenshtein distance over UTF-8 bytes where an insertion, a deletion or a
//!    substitution costs [`MOVE_COST`], and a substitution that only flips the case of an ASCII
//!    letter costs [`CASE_COST`]. The common prefix and suffix are set aside first; what is left
//!    of either name may not pass [`MAX_STRING_SIZE`] bytes (if it does, no match).
//! 3. A candidate may differ by at most about a third: its distance must not exceed
//!    `(len(name) + len(candidate) + 3) * MOVE_COST / 6` (integer division).
//! 4. The candidates are taken in `dir()`'s (sorted) order, the name itself skipped; a candidate
//!    wins only if it is strictly nearer than the best so far, so the first of equals wins.
//!
//! `tests/names.rs` checks this against CPython itself, on generated misspellings and on made-up
//! candidate lists.

/// No suggestion for an object whose `dir()` has this many names or more.
pub const MAX_CANDIDATE_ITEMS: usize = 750;
/// The longest rest (after the common prefix and suffix) CPython compares.
pub const MAX_STRING_SIZE: usize = 40;
/// The cost of an insertion, a deletion or a substitution.
pub const MOVE_COST: usize = 2;
/// The cost of a substitution that only changes the case of a letter.
pub const CASE_COST: usize = 1;

/// The candidate CPython would suggest for `name`, among `dir` (in `dir()`'s order).
pub fn suggestion<'a>(name: &str, dir: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut nearest = Nearest::new(name);
    for candidate in dir {
        nearest.offer(candidate);
    }
    nearest.best()
}

/// The search for CPython's suggestion, offered the candidates one by one in `dir()`'s order.
pub struct Nearest<'a> {
    name: &'a str,
    best: Option<(String, usize)>,
    seen: usize,
}

impl<'a> Nearest<'a> {
    /// A search for the name nearest to `name`.
    pub fn new(name: &'a str) -> Self {
        Nearest {
            name,
            best: None,
            seen: 0,
        }
    }

    /// Considers the next name of `dir()`.
    pub fn offer(&mut self, candidate: &str) {
        self.seen += 1;
        if candidate == self.name {
            return;
        }
        let mut limit = (self.name.len() + candidate.len() + 3) * MOVE_COST / 6;
        if let Some((_, d)) = &self.best {
            limit = limit.min(d.saturating_sub(1));
        }
        let d = distance(self.name.as_bytes(), candidate.as_bytes(), limit);
        if d <= limit && self.best.as_ref().is_none_or(|(_, b)| d < *b) {
            self.best = Some((candidate.to_string(), d));
        }
    }

    /// The suggestion, if `dir()` was short enough for CPython to make one.
    pub fn best(self) -> Option<String> {
        if self.seen >= MAX_CANDIDATE_ITEMS {
            return None;
        }
        self.best.map(|(c, _)| c)
    }
}

fn substitution(a: u8, b: u8) -> usize {
    if a == b {
        0
    } else if a.eq_ignore_ascii_case(&b) {
        CASE_COST
    } else {
        MOVE_COST
    }
}

/// The weighted edit distance of `a` and `b`; any value above `limit` means "too far".
pub fn distance(a: &[u8], b: &[u8], limit: usize) -> usize {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (
        a.get(prefix..).unwrap_or_default(),
        b.get(prefix..).unwrap_or_default(),
    );
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let a = a.get(..a.len() - suffix).unwrap_or_default();
    let b = b.get(..b.len() - suffix).unwrap_or_default();
    if a.is_empty() || b.is_empty() {
        return (a.len() + b.len()) * MOVE_COST;
    }
    if a.len() > MAX_STRING_SIZE || b.len() > MAX_STRING_SIZE {
        return limit + 1;
    }
    let (short, long) = if b.len() < a.len() { (b, a) } else { (a, b) };
    if (long.len() - short.len()) * MOVE_COST > limit {
        return limit + 1;
    }
    // One row of the table: row[k] is the cost from the part of `long` read so far to
    // `short[..k + 1]`.
    let mut row: Vec<usize> = (1..=short.len()).map(|k| k * MOVE_COST).collect();
    let mut last = 0;
    for (j, &c) in long.iter().enumerate() {
        // The cost from long[..j] to short[..0], then to short[..k] as k grows.
        let mut diagonal = j * MOVE_COST;
        let mut left = (j + 1) * MOVE_COST;
        let mut smallest = usize::MAX;
        for (cell, &s) in row.iter_mut().zip(short) {
            let up = *cell;
            let value = (diagonal + substitution(c, s)).min(up.min(left) + MOVE_COST);
            diagonal = up;
            left = value;
            *cell = value;
            smallest = smallest.min(value);
        }
        if smallest > limit {
            return limit + 1;
        }
        last = left;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs() {
        assert_eq!(distance(b"arange", b"arange", 10), 0);
        assert_eq!(distance(b"aranje", b"arange", 10), 2);
        assert_eq!(distance(b"Arange", b"arange", 10), 1);
        assert_eq!(distance(b"arang", b"arange", 10), 2);
        assert_eq!(distance(b"nrom", b"norm", 10), 4);
        assert_eq!(distance(b"", b"abc", 10), 6);
    }

    #[test]
    fn picks_the_first_nearest_and_respects_the_cut_off() {
        let dir = ["arange", "argmax", "array"];
        assert_eq!(suggestion("aranje", dir).as_deref(), Some("arange"));
        assert_eq!(suggestion("foo", dir), None);
        let many: Vec<String> = (0..MAX_CANDIDATE_ITEMS).map(|k| format!("n{k}")).collect();
        let long = many.iter().map(String::as_str).chain(dir);
        assert_eq!(suggestion("aranje", long), None);
        // Equally near: the first in dir()'s order.
        assert_eq!(suggestion("ab", ["aa", "ac"]).as_deref(), Some("aa"));
    }
}
