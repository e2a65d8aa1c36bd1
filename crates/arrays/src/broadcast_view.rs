//! What the broadcasting visualizer draws for two shapes: both lined up from the right (missing
//! axes padded with 1), each axis equal, stretched or incompatible, the result shape or NumPy's
//! error, each operand's stride-0 view of the result, and the (N,) − (N, 1) bug's N × N table.
//! All of it from stride-core's broadcasting; the front end only formats it.

use stride_core::broadcast::{broadcast_operands, broadcast_to};
use stride_core::{Error, Layout, Order};

/// What broadcasting does on one axis of the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisStatus {
    /// Both operands have the same size there.
    Equal,
    /// One operand has size 1 (or no axis there) and is stretched along it with stride 0.
    Stretched,
    /// Two different sizes, neither 1: NumPy raises.
    Incompatible,
}

impl AxisStatus {
    /// The name the page's `data-status` carries: `equal`, `stretched`, `incompatible`.
    pub fn key(self) -> &'static str {
        match self {
            AxisStatus::Equal => "equal",
            AxisStatus::Stretched => "stretched",
            AxisStatus::Incompatible => "incompatible",
        }
    }
}

/// Two shapes broadcast against each other, as the visualizer draws them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BroadcastView {
    /// The first operand's axes lined up from the right, each as (its axis, its size); `None`
    /// where it has no axis (a 1).
    pub a: Vec<Option<(usize, i64)>>,
    /// The second operand's, the same way.
    pub b: Vec<Option<(usize, i64)>>,
    /// Each aligned axis's status.
    pub statuses: Vec<AxisStatus>,
    /// The result shape, or NumPy's error.
    pub result: Result<Vec<i64>, Error>,
    /// Each operand's strides (in elements) as a view of the result shape, when it broadcasts.
    pub stretched: Option<(Vec<i64>, Vec<i64>)>,
    /// For `(N,)` against `(N, 1)` (either way round), with N from 1 to `table_max`, the table the
    /// subtraction `arange(N) - arange(N)[:, None]` silently builds: row `i`, column `j`
    /// holds `j - i`.
    pub bug_table: Option<Vec<Vec<i64>>>,
}

/// `shape`'s axes lined up on `n` axes from the right.
fn padded(shape: &[i64], n: usize) -> Vec<Option<(usize, i64)>> {
    let pad = n.saturating_sub(shape.len());
    core::iter::repeat_n(None, pad)
        .chain(shape.iter().copied().enumerate().map(Some))
        .collect()
}

fn status(x: Option<i64>, y: Option<i64>) -> AxisStatus {
    let (x, y) = (x.unwrap_or(1), y.unwrap_or(1));
    if x == y {
        AxisStatus::Equal
    } else if x == 1 || y == 1 {
        AxisStatus::Stretched
    } else {
        AxisStatus::Incompatible
    }
}

/// Stride-0 view of a new operand of `shape` (as `np.empty` makes it: an empty one has all-zero
/// strides) as `result`, in elements.
fn stretched_strides(shape: &[i64], result: &[i64]) -> Option<Vec<i64>> {
    let layout = Layout::allocated(shape, 1, Order::C).ok()?;
    broadcast_to(&layout, result)
        .ok()
        .map(|l| l.strides().to_vec())
}

/// The (N,) − (N, 1) table, when `a` and `b` are that pair.
fn bug_table(a: &[i64], b: &[i64], table_max: i64) -> Option<Vec<Vec<i64>>> {
    let pair = |row: &[i64], column: &[i64]| matches!((row, column), ([n], [m, 1]) if n == m);
    if !(pair(a, b) || pair(b, a)) {
        return None;
    }
    let n = a.first().copied()?;
    if n < 1 || n > table_max {
        return None;
    }
    (0..n)
        .map(|i| (0..n).map(|j| j.checked_sub(i)).collect::<Option<Vec<_>>>())
        .collect()
}

/// What the visualizer draws for `a` and `b`; the bug's table up to N = `table_max`.
pub fn view(a: &[i64], b: &[i64], table_max: i64) -> BroadcastView {
    let n = a.len().max(b.len());
    let (pa, pb) = (padded(a, n), padded(b, n));
    let size = |cell: &Option<(usize, i64)>| cell.map(|(_, d)| d);
    let statuses = pa
        .iter()
        .zip(&pb)
        .map(|(x, y)| status(size(x), size(y)))
        .collect();
    let result = broadcast_operands(a, b).map(|dims| dims.to_vec());
    let stretched = result
        .as_ref()
        .ok()
        .and_then(|r| Some((stretched_strides(a, r)?, stretched_strides(b, r)?)));
    let bug_table = match &result {
        Ok(r) if r.len() == 2 => bug_table(a, b, table_max),
        _ => None,
    };
    BroadcastView {
        a: pa,
        b: pb,
        statuses,
        result,
        stretched,
        bug_table,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use AxisStatus::*;

    #[test]
    fn lines_up_from_the_right() {
        let v = view(&[5, 1], &[5], 12);
        assert_eq!(v.a, vec![Some((0, 5)), Some((1, 1))]);
        assert_eq!(v.b, vec![None, Some((0, 5))]);
        assert_eq!(v.statuses, vec![Stretched, Stretched]);
        assert_eq!(v.result.as_deref().ok(), Some(&[5, 5][..]));
        // NumPy 2.4.6: np.broadcast_to(np.empty((5, 1), np.int8), (5, 5)).strides == (1, 0),
        // and np.broadcast_to(np.empty(5, np.int8), (5, 5)).strides == (0, 1).
        assert_eq!(v.stretched, Some((vec![1, 0], vec![0, 1])));
        let table = v.bug_table.unwrap();
        assert_eq!(table.len(), 5);
        assert_eq!(table[0], vec![0, 1, 2, 3, 4]);
        assert_eq!(table[4][0], -4);
    }

    #[test]
    fn incompatible_axes_have_no_result() {
        let v = view(&[3, 4], &[3], 12);
        assert_eq!(v.statuses, vec![Stretched, Incompatible]);
        assert!(v.result.is_err());
        assert_eq!(v.stretched, None);
        assert_eq!(v.bug_table, None);
    }

    #[test]
    fn the_table_only_for_the_bug_and_small_n() {
        assert!(view(&[3], &[3, 1], 12).bug_table.is_some());
        assert!(view(&[3], &[4, 1], 12).bug_table.is_none());
        assert!(view(&[13], &[13, 1], 12).bug_table.is_none());
        assert!(view(&[0], &[0, 1], 12).bug_table.is_none());
        assert!(view(&[3, 1], &[3, 1], 12).bug_table.is_none());
    }
}
