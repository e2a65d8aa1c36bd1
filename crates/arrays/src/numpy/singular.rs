//! Singular values of small matrices, for the matrix norms `2`, `-2` and `'nuc'`
//! (`np.linalg.norm`, `torch.linalg.norm`) and `np.linalg.svd(a, compute_uv=False)`.
//!
//! One-sided Jacobi (Hestenes): plane rotations of pairs of columns until every pair is
//! orthogonal; the singular values are then the columns' lengths. It is accurate to a few units
//! in the last place of the largest singular value, in double precision. LAPACK (NumPy's
//! `gesdd`, PyTorch's) takes other steps, so the last bits may differ: the values policy marks
//! every result computed here as not exact ([`crate::exactness`]).

/// Most sweeps over all column pairs before giving up (Jacobi converges quadratically: a
/// handful suffice for the matrices a learner writes).
const MAX_SWEEPS: usize = 60;

/// The singular values of the `rows`×`cols` matrix `m` (row order), largest first:
/// `min(rows, cols)` of them; `None` when `m` holds a NaN or an infinity (LAPACK's "SVD did
/// not converge").
pub fn singular_values(m: &[f64], rows: usize, cols: usize) -> Option<Vec<f64>> {
    if m.iter().any(|v| !v.is_finite()) {
        return None;
    }
    // Columns of the taller orientation: `n` columns of `len` entries each, n ≤ len.
    let (n, len) = if rows >= cols {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let entry = |c: usize, i: usize| -> f64 {
        let (r, k) = if rows >= cols { (i, c) } else { (c, i) };
        m.get(r * cols + k).copied().unwrap_or(0.0)
    };
    let mut columns: Vec<Vec<f64>> = (0..n)
        .map(|c| (0..len).map(|i| entry(c, i)).collect())
        .collect();
    for _ in 0..MAX_SWEEPS {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                rotated |= rotate(&mut columns, p, q);
            }
        }
        if !rotated {
            break;
        }
    }
    let mut values: Vec<f64> = columns
        .iter()
        .map(|c| c.iter().map(|v| v * v).sum::<f64>().sqrt())
        .collect();
    values.sort_by(|a, b| b.partial_cmp(a).unwrap_or(core::cmp::Ordering::Equal));
    Some(values)
}

/// Rotates columns `p` and `q` to make them orthogonal; false when they already are (to
/// double precision).
fn rotate(columns: &mut [Vec<f64>], p: usize, q: usize) -> bool {
    let (Some(a), Some(b)) = (columns.get(p), columns.get(q)) else {
        return false;
    };
    let alpha: f64 = a.iter().map(|v| v * v).sum();
    let beta: f64 = b.iter().map(|v| v * v).sum();
    let gamma: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    if gamma == 0.0 || gamma.abs() <= f64::EPSILON * (alpha * beta).sqrt() {
        return false;
    }
    let zeta = (beta - alpha) / (2.0 * gamma);
    let t = zeta.signum() / (zeta.abs() + (1.0 + zeta * zeta).sqrt());
    let c = 1.0 / (1.0 + t * t).sqrt();
    let s = c * t;
    let (x, y): (Vec<f64>, Vec<f64>) = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| (c * x - s * y, s * x + c * y))
        .unzip();
    if let Some(slot) = columns.get_mut(p) {
        *slot = x;
    }
    if let Some(slot) = columns.get_mut(q) {
        *slot = y;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::singular_values;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| (x - y).abs() <= 1e-13 * y.abs().max(1.0))
    }

    #[test]
    fn known_matrices() {
        // Values from NumPy 2.4.6's np.linalg.svd(..., compute_uv=False).
        let m: Vec<f64> = (0..6).map(f64::from).collect();
        let s = singular_values(&m, 2, 3).unwrap_or_default();
        assert!(
            close(&s, &[7.3484692283495345, 0.9999999999999997]),
            "{s:?}"
        );
        // The same numbers read as 3×2: another matrix.
        let s = singular_values(&m, 3, 2).unwrap_or_default();
        assert!(close(&s, &[7.386482129909314, 0.6632358136668905]), "{s:?}");
        // Diagonal, rank-deficient, and one column.
        let s = singular_values(&[3.0, 0.0, 0.0, -4.0], 2, 2).unwrap_or_default();
        assert!(close(&s, &[4.0, 3.0]), "{s:?}");
        let s = singular_values(&[1.0, 2.0, 2.0, 4.0], 2, 2).unwrap_or_default();
        assert!(close(&s, &[5.0, 0.0]), "{s:?}");
        let s = singular_values(&[3.0, 4.0], 2, 1).unwrap_or_default();
        assert!(close(&s, &[5.0]), "{s:?}");
        assert_eq!(singular_values(&[f64::NAN, 1.0], 1, 2), None);
        assert_eq!(singular_values(&[], 0, 3), Some(vec![]));
    }
}
