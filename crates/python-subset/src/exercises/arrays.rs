//! Seed 003's NumPy exercises (issue 16): the learner writes the function's body. Their cases need
//! the interpreter's NumPy (`arrays::prepare`), so `tests/cpython.rs` (plain CPython) does
//! not run them; quiz's `tests/exercises_numpy.rs` checks them against CPython with NumPy.
//!
//! The cases are chosen so that a wrong answer cannot pass by luck: shapes asymmetric in every
//! axis, batches and heads above 1, int32, int64, float32 and float64 inputs, non-contiguous
//! inputs (a transpose, a step), `step > 1`, windows that fill the signal exactly. Every float
//! holds a small integer, so every correct way (`@`, `np.matmul`, `einsum`, a broadcast and a
//! sum) computes the same numbers exactly. (int32 is left out of `pairwise_sq_dists`: NumPy's
//! `sum` widens int32 to int64 where `@` and `einsum` keep int32, so two correct ways would
//! differ in dtype.)
//!
//! Each case is asked twice: `.tolist()` compares the values (the lab's `repr` of an array names
//! only its shape and dtype), `.dtype` the dtype.

use crate::checker::Exercise;

/// Seed 003's array exercises, by id.
pub static ARRAY_EXERCISES: &[Exercise] = &[
    Exercise {
        id: "s3-code-pairwise-sq-dists",
        template: "def pairwise_sq_dists(A, B):
    \"\"\"A: (n, d), B: (m, d) -> (n, m) squared distances\"\"\"
    ____
",
        reference: "sq_a = (A * A).sum(axis=1)[:, None]
sq_b = (B * B).sum(axis=1)[None, :]
return sq_a + sq_b - 2 * (A @ B.T)",
        cases: &[
            "pairwise_sq_dists(np.arange(6).reshape(2, 3), np.arange(12).reshape(4, 3) % 5).tolist()",
            "pairwise_sq_dists(np.arange(8).reshape(4, 2), np.array([[1, -2], [3, 0], [0, 5]])).tolist()",
            "pairwise_sq_dists(np.arange(15.0).reshape(5, 3) - 7, np.arange(6.0).reshape(2, 3)).tolist()",
            "pairwise_sq_dists(np.arange(12, dtype=np.float32).reshape(3, 4).T, np.arange(6, dtype=np.float32).reshape(2, 3)).tolist()",
            "pairwise_sq_dists(np.arange(1, 7).reshape(6, 1), np.arange(3).reshape(3, 1)).tolist()",
            "pairwise_sq_dists(np.arange(120).reshape(20, 6) % 7 - 3, np.arange(60).reshape(10, 6) % 5).tolist()",
            "pairwise_sq_dists(np.arange(6).reshape(2, 3), np.arange(12).reshape(4, 3) % 5).dtype",
            "pairwise_sq_dists(np.arange(8).reshape(4, 2), np.array([[1, -2], [3, 0], [0, 5]])).dtype",
            "pairwise_sq_dists(np.arange(15.0).reshape(5, 3) - 7, np.arange(6.0).reshape(2, 3)).dtype",
            "pairwise_sq_dists(np.arange(12, dtype=np.float32).reshape(3, 4).T, np.arange(6, dtype=np.float32).reshape(2, 3)).dtype",
            "pairwise_sq_dists(np.arange(1, 7).reshape(6, 1), np.arange(3).reshape(3, 1)).dtype",
            "pairwise_sq_dists(np.arange(120).reshape(20, 6) % 7 - 3, np.arange(60).reshape(10, 6) % 5).dtype",
        ],
        function: "pairwise_sq_dists",
    },
    Exercise {
        id: "s3-code-split-heads",
        template: "def split_heads(X, h):
    \"\"\"X: (B, T, d) -> (B, h, T, d // h): head i gets features i*d/h to (i+1)*d/h of every token\"\"\"
    ____
",
        reference: "B, T, d = X.shape
return X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3)",
        cases: &[
            "split_heads(np.arange(8).reshape(1, 2, 4), 2).tolist()",
            "split_heads(np.arange(24).reshape(2, 3, 4), 2).tolist()",
            "split_heads(np.arange(36, dtype=np.int32).reshape(2, 3, 6), 3).tolist()",
            "split_heads(np.arange(30.0).reshape(1, 5, 6), 2).tolist()",
            "split_heads(np.arange(24, dtype=np.float32).reshape(2, 4, 3).transpose(0, 2, 1), 2).tolist()",
            "split_heads(np.arange(12).reshape(1, 3, 4), 1).tolist()",
            "split_heads(np.arange(120).reshape(2, 5, 12), 4).tolist()",
            "split_heads(np.arange(8).reshape(1, 2, 4), 2).dtype",
            "split_heads(np.arange(24).reshape(2, 3, 4), 2).dtype",
            "split_heads(np.arange(36, dtype=np.int32).reshape(2, 3, 6), 3).dtype",
            "split_heads(np.arange(30.0).reshape(1, 5, 6), 2).dtype",
            "split_heads(np.arange(24, dtype=np.float32).reshape(2, 4, 3).transpose(0, 2, 1), 2).dtype",
            "split_heads(np.arange(12).reshape(1, 3, 4), 1).dtype",
            "split_heads(np.arange(120).reshape(2, 5, 12), 4).dtype",
        ],
        function: "split_heads",
    },
    Exercise {
        id: "s3-code-merge-heads",
        template: "def merge_heads(Y):
    \"\"\"Y: (B, h, T, d_h) -> (B, T, h * d_h): the heads' features side by side for every token\"\"\"
    ____
",
        reference: "B, h, T, d_h = Y.shape
return Y.transpose(0, 2, 1, 3).reshape(B, T, h * d_h)",
        cases: &[
            "merge_heads(np.arange(8).reshape(1, 2, 2, 2)).tolist()",
            "merge_heads(np.arange(24).reshape(2, 2, 3, 2)).tolist()",
            "merge_heads(np.arange(36, dtype=np.int32).reshape(1, 3, 4, 3)).tolist()",
            "merge_heads(np.arange(48.0).reshape(2, 4, 3, 2)).tolist()",
            "merge_heads(np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2).transpose(0, 1, 3, 2)).tolist()",
            "merge_heads(np.arange(120).reshape(2, 3, 5, 4)).tolist()",
            "merge_heads(np.arange(8).reshape(1, 2, 2, 2)).dtype",
            "merge_heads(np.arange(24).reshape(2, 2, 3, 2)).dtype",
            "merge_heads(np.arange(36, dtype=np.int32).reshape(1, 3, 4, 3)).dtype",
            "merge_heads(np.arange(48.0).reshape(2, 4, 3, 2)).dtype",
            "merge_heads(np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2).transpose(0, 1, 3, 2)).dtype",
            "merge_heads(np.arange(120).reshape(2, 3, 5, 4)).dtype",
        ],
        function: "merge_heads",
    },
    Exercise {
        id: "s3-code-sliding-windows",
        template: "from numpy.lib.stride_tricks import as_strided, sliding_window_view

def sliding_windows(x, k, step=1):
    \"\"\"x: 1-D, length n -> (n_win, k) windows, n_win = (n - k) // step + 1\"\"\"
    ____
",
        reference: "n_win = (x.shape[0] - k) // step + 1
s = x.strides[0]
return as_strided(x, shape=(n_win, k), strides=(step * s, s))",
        cases: &[
            "sliding_windows(np.arange(10), 3).tolist()",
            "sliding_windows(np.arange(10), 3, 2).tolist()",
            "sliding_windows(np.arange(11, dtype=np.int32), 3, 4).tolist()",
            "sliding_windows(np.arange(9.0), 4, 5).tolist()",
            "sliding_windows(np.arange(5, dtype=np.float32), 5).tolist()",
            "sliding_windows(np.arange(20)[::2], 4, 3).tolist()",
            "sliding_windows(np.arange(12)[::-1], 2, 3).tolist()",
            "sliding_windows(np.arange(100), 8, 4).tolist()",
            "sliding_windows(np.arange(10), 3).dtype",
            "sliding_windows(np.arange(10), 3, 2).dtype",
            "sliding_windows(np.arange(11, dtype=np.int32), 3, 4).dtype",
            "sliding_windows(np.arange(9.0), 4, 5).dtype",
            "sliding_windows(np.arange(5, dtype=np.float32), 5).dtype",
            "sliding_windows(np.arange(20)[::2], 4, 3).dtype",
            "sliding_windows(np.arange(12)[::-1], 2, 3).dtype",
            "sliding_windows(np.arange(100), 8, 4).dtype",
        ],
        function: "sliding_windows",
    },
    Exercise {
        id: "s3-code-batched-matmul",
        template: "def batched_matmul(A, B):
    \"\"\"A: (b, n, k), B: (b, k, m) -> (b, n, m)\"\"\"
    ____
",
        reference: "return A @ B",
        cases: &[
            "batched_matmul(np.arange(6).reshape(1, 2, 3), np.arange(12).reshape(1, 3, 4)).tolist()",
            "batched_matmul(np.arange(24).reshape(2, 3, 4), np.arange(40).reshape(2, 4, 5) % 7).tolist()",
            "batched_matmul(np.arange(18, dtype=np.int32).reshape(3, 2, 3), np.arange(9, dtype=np.int32).reshape(3, 3, 1) - 4).tolist()",
            "batched_matmul(np.arange(24.0).reshape(2, 4, 3), np.arange(12.0).reshape(2, 3, 2)).tolist()",
            "batched_matmul(np.arange(24, dtype=np.float32).reshape(2, 3, 4).transpose(0, 2, 1), np.arange(12, dtype=np.float32).reshape(2, 3, 2)).tolist()",
            "batched_matmul(np.arange(240).reshape(4, 6, 10) % 5, np.arange(280).reshape(4, 10, 7) % 3).tolist()",
            "batched_matmul(np.arange(6).reshape(1, 2, 3), np.arange(12).reshape(1, 3, 4)).dtype",
            "batched_matmul(np.arange(24).reshape(2, 3, 4), np.arange(40).reshape(2, 4, 5) % 7).dtype",
            "batched_matmul(np.arange(18, dtype=np.int32).reshape(3, 2, 3), np.arange(9, dtype=np.int32).reshape(3, 3, 1) - 4).dtype",
            "batched_matmul(np.arange(24.0).reshape(2, 4, 3), np.arange(12.0).reshape(2, 3, 2)).dtype",
            "batched_matmul(np.arange(24, dtype=np.float32).reshape(2, 3, 4).transpose(0, 2, 1), np.arange(12, dtype=np.float32).reshape(2, 3, 2)).dtype",
            "batched_matmul(np.arange(240).reshape(4, 6, 10) % 5, np.arange(280).reshape(4, 10, 7) % 3).dtype",
        ],
        function: "batched_matmul",
    },
    Exercise {
        id: "s3-code-attention-scores",
        template: "def attention_scores(Q, K):
    \"\"\"Q: (b, h, tq, d), K: (b, h, tk, d) -> (b, h, tq, tk), unscaled\"\"\"
    ____
",
        reference: "return Q @ K.swapaxes(-1, -2)",
        cases: &[
            "attention_scores(np.arange(4).reshape(1, 1, 2, 2), np.arange(6).reshape(1, 1, 3, 2)).tolist()",
            "attention_scores(np.arange(48).reshape(2, 2, 3, 4) % 5, np.arange(32).reshape(2, 2, 2, 4) % 3).tolist()",
            "attention_scores(np.arange(36, dtype=np.int32).reshape(1, 3, 4, 3), np.arange(45, dtype=np.int32).reshape(1, 3, 5, 3) - 20).tolist()",
            "attention_scores(np.arange(24.0).reshape(2, 1, 4, 3), np.arange(12.0).reshape(2, 1, 2, 3)).tolist()",
            "attention_scores(np.arange(24, dtype=np.float32).reshape(1, 2, 4, 3).transpose(0, 1, 3, 2), np.arange(16, dtype=np.float32).reshape(1, 2, 2, 4)).tolist()",
            "attention_scores(np.arange(480).reshape(2, 3, 8, 10) % 7, np.arange(360).reshape(2, 3, 6, 10) % 4).tolist()",
            "attention_scores(np.arange(4).reshape(1, 1, 2, 2), np.arange(6).reshape(1, 1, 3, 2)).dtype",
            "attention_scores(np.arange(48).reshape(2, 2, 3, 4) % 5, np.arange(32).reshape(2, 2, 2, 4) % 3).dtype",
            "attention_scores(np.arange(36, dtype=np.int32).reshape(1, 3, 4, 3), np.arange(45, dtype=np.int32).reshape(1, 3, 5, 3) - 20).dtype",
            "attention_scores(np.arange(24.0).reshape(2, 1, 4, 3), np.arange(12.0).reshape(2, 1, 2, 3)).dtype",
            "attention_scores(np.arange(24, dtype=np.float32).reshape(1, 2, 4, 3).transpose(0, 1, 3, 2), np.arange(16, dtype=np.float32).reshape(1, 2, 2, 4)).dtype",
            "attention_scores(np.arange(480).reshape(2, 3, 8, 10) % 7, np.arange(360).reshape(2, 3, 6, 10) % 4).dtype",
        ],
        function: "attention_scores",
    },
];
