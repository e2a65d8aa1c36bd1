//! Every layout fact the four lesson seeds (`/work/shared/seeds/*.txt`) state, checked through
//! programs of the lab's language. Each assertion quotes the line of the seed it checks. NumPy's
//! strides are bytes; the lessons that count in elements are compared after dividing by the item
//! size, which the test writes out.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::{Value as Json, json};
use support::{actual, value};

const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";

fn ints(j: &Json) -> Vec<i64> {
    j.as_array()
        .unwrap_or_else(|| panic!("not a list: {j}"))
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

/// Byte strides divided by the item size.
fn element_strides(array: &Json) -> Vec<i64> {
    let item = array["itemsize"].as_i64().unwrap();
    ints(&array["strides"]).iter().map(|s| s / item).collect()
}

/// The start of a view, in elements.
fn element_start(array: &Json) -> i64 {
    array["offset"].as_i64().unwrap() / array["itemsize"].as_i64().unwrap()
}

mod seed_000_tensors_in_memory {
    use super::*;

    /// The last line of a program, and the shape, element strides, element start and `view`.
    type Row = (&'static str, &'static [i64], &'static [i64], i64, bool);

    #[test]
    fn the_seven_arrays_of_the_lab() {
        // "Pick an array in the lab below": x, x.T, x[:, ::2], x[1:, 1:], x.reshape(2, 6),
        // x.T.reshape(2, 6), broadcast_to(x[0], (3, 4)). (shape, element strides, start, view)
        let rows: &[Row] = &[
            // "So the strides of `x` are `(4, 1)`" ... "For `x`, the start is 0."
            ("x", &[3, 4], &[4, 1], 0, true),
            // "The transpose has shape (4, 3), but it has no memory of its own."
            ("x.T", &[4, 3], &[1, 4], 0, true),
            // "`x[:, ::2]` takes every second column ... strides `(4, 2)`."
            ("x[:, ::2]", &[3, 2], &[4, 2], 0, true),
            // "`x[1:, 1:]` keeps the strides `(4, 1)` but starts at position 5."
            ("x[1:, 1:]", &[2, 3], &[4, 1], 5, true),
            // "Press **x.reshape(2, 6)**: strides `(6, 1)`, same memory."
            ("x.reshape(2, 6)", &[2, 6], &[6, 1], 0, true),
            // "`x.T.reshape(12)` cannot be a view. NumPy makes a copy" (the lab shows (2, 6)).
            ("x.T.reshape(2, 6)", &[2, 6], &[6, 1], 0, false),
            // "b.strides  # (0, 8) in bytes → (0, 1) in elements"
            ("np.broadcast_to(x[0], (3, 4))", &[3, 4], &[0, 1], 0, true),
        ];
        for &(last, shape, strides, start, view) in rows {
            let got = actual(&format!("{X}{last}"));
            assert_eq!(ints(&got["shape"]), shape, "{last}");
            assert_eq!(element_strides(&got), strides, "{last}");
            assert_eq!(element_start(&got), start, "{last}");
            assert_eq!(got["view"], json!(view), "{last}");
        }
        // "Read `x.T` in row order: 0, 4, 8, 1, 5, 9, …"
        assert_eq!(
            actual(&format!("{X}x.T.reshape(2, 6)"))["values"],
            json!([0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0])
        );
        // "b.strides  # (0, 8) in bytes"
        assert_eq!(
            value(&format!("{X}np.broadcast_to(x[0], (3, 4)).strides")),
            json!([0, 8])
        );
    }

    #[test]
    fn addresses() {
        // "So `x[1, 2]` lives at 0 + 1·4 + 2·1 = 6."
        let cell = actual(&format!("{X}x[1, 2, ...]"));
        assert_eq!(
            (element_start(&cell), cell["values"].clone()),
            (6, json!([6.0]))
        );
        // "An array of shape (3, 5) is contiguous, so its strides are (5, 1) ... At which memory
        // position is element [2, 3]?" (2·5 + 3 = 13)
        let y = actual("y = np.arange(15.0).reshape(3, 5)\ny[2, 3, ...]");
        assert_eq!(element_start(&y), 13);
        assert_eq!(
            element_strides(&actual("np.arange(15.0).reshape(3, 5)")),
            [5, 1]
        );
    }

    #[test]
    fn contiguous_strides_and_swapaxes() {
        // "An array of shape (2, 3, 4) is contiguous. What are its strides, counted in elements?"
        // and `contiguous_strides((2, 3, 4))  # [12, 4, 1]`.
        let t = actual("np.zeros((2, 3, 4))");
        assert_eq!(element_strides(&t), [12, 4, 1]);
        assert_eq!(element_strides(&actual("np.zeros((3, 4))")), [4, 1]);
        assert_eq!(value("torch.zeros(2, 3, 4).stride()"), json!([12, 4, 1]));
        // "t has shape (2, 3, 4) and strides (12, 4, 1). What are the strides of
        // np.swapaxes(t, 1, 2), which has shape (2, 4, 3)?" (12, 1, 4)
        let s = actual("t = np.zeros((2, 3, 4))\nnp.swapaxes(t, 1, 2)");
        assert_eq!(ints(&s["shape"]), [2, 4, 3]);
        assert_eq!(element_strides(&s), [12, 1, 4]);
        // "In PyTorch `t.transpose(1, 2)`. Both swap those two sizes in the shape and the same two
        // strides."
        assert_eq!(
            value("t = torch.zeros(2, 3, 4)\nt.transpose(1, 2).stride()"),
            json!([12, 1, 4])
        );
    }

    #[test]
    fn views_share_and_copies_do_not() {
        // "np.shares_memory(x, x.T)    # True"
        assert_eq!(value(&format!("{X}np.shares_memory(x, x.T)")), json!(true));
        // "Then y = x.T and y[0, 1] = 100. What is x[1, 0] now?" B: 100.
        let x10 = actual(&format!("{X}y = x.T\ny[0, 1] = 100\nx[1, 0]"));
        assert_eq!(x10["values"], json!([100.0]));
        // "Some operations always make a copy ... `x.copy()`, and indexing with a list such as
        // `x[[0, 2]]`."
        assert_eq!(actual(&format!("{X}x.copy()"))["view"], json!(false));
        assert_eq!(actual(&format!("{X}x[[0, 2]]"))["view"], json!(false));
    }

    #[test]
    fn reshape_after_transpose_copies() {
        // "small = np.arange(6.0).reshape(2, 3) is [[0, 1, 2], [3, 4, 5]]. What is
        // small.T.reshape(6)[1]?" (small.T in row order is 0, 3, 1, 4, 2, 5)
        let got = actual("small = np.arange(6.0).reshape(2, 3)\nsmall.T.reshape(6)[1]");
        assert_eq!(
            got,
            json!({"scalar": true, "dtype": "float64", "values": [3.0]})
        );
        // "Which of these must be a copy, with its own memory? A. x.reshape(6, 2) B.
        // x.T.reshape(12) C. x[::2]" — B.
        assert_eq!(actual(&format!("{X}x.reshape(6, 2)"))["view"], json!(true));
        assert_eq!(actual(&format!("{X}x.T.reshape(12)"))["view"], json!(false));
        assert_eq!(actual(&format!("{X}x[::2]"))["view"], json!(true));
    }

    #[test]
    fn attention_heads() {
        let out = "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\n";
        // "Attention heads out has shape (2, 4, 10, 16) = (B, h, L, dₖ) and strides
        // (640, 160, 16, 1)."
        assert_eq!(
            value(&format!("{out}out.stride()")),
            json!([640, 160, 16, 1])
        );
        // "After `transpose(1, 2)` the strides are `(640, 16, 160, 1)`."
        assert_eq!(
            value(&format!("{out}out.transpose(1, 2).stride()")),
            json!([640, 16, 160, 1])
        );
        // "view says “view size is not compatible with input tensor's size and stride”"
        let refused = actual(&format!("{out}out.transpose(1, 2).view(2, 10, 64)"));
        assert_eq!(
            refused,
            json!({"error": "RuntimeError", "message": "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."})
        );
        // "`.contiguous()` copies the numbers into row order, with strides `(640, 64, 16, 1)`,
        // and then `view` works."
        assert_eq!(
            value(&format!("{out}out.transpose(1, 2).contiguous().stride()")),
            json!([640, 64, 16, 1])
        );
        let joined = actual(&format!(
            "{out}out.transpose(1, 2).contiguous().view(2, 10, 64)"
        ));
        assert_eq!(joined["element_strides"], json!([640, 64, 1]));
        // "`.reshape(B, L, d_model)` does both steps in one call."
        let reshaped = actual(&format!("{out}out.transpose(1, 2).reshape(2, 10, 64)"));
        assert_eq!(reshaped["values"], joined["values"]);
        assert_eq!(reshaped["view"], json!(false));
        // "| `x.contiguous()` | a copy in row order (or `x` itself, if it is already contiguous)"
        assert_eq!(value(&format!("{out}out.contiguous() is out")), json!(true));
    }

    #[test]
    fn broadcasting_is_stride_zero() {
        // "v is a float32 vector of shape (4,) ... How many bytes of memory does
        // `np.broadcast_to(v, (1000, 4))` store?" 16: the view reads v's 16 bytes.
        let v = "v = np.zeros(4, dtype=np.float32)\nb = np.broadcast_to(v, (1000, 4))\n";
        assert_eq!(value(&format!("{v}b.strides")), json!([0, 4]));
        assert_eq!(value(&format!("{v}b.base is v")), json!(true));
        assert_eq!(value(&format!("{v}b.base.nbytes")), json!(16));
        assert_eq!(value(&format!("{v}np.shares_memory(b, v)")), json!(true));
        // "The view from `broadcast_to` is read-only. Writing `b[0, 0] = 5` raises an error"
        let write = actual(&format!(
            "{X}b = np.broadcast_to(x[0], (3, 4))\nb[0, 0] = 5"
        ));
        assert_eq!(
            write,
            json!({"error": "ValueError", "message": "assignment destination is read-only"})
        );
        // "as_strided(x[0], shape=(3, 4), strides=(0, 8))   # the same as broadcast_to(x[0],
        // (3, 4))"
        let by_hand = actual(&format!(
            "{X}as_strided(x[0], shape=(3, 4), strides=(0, 8))"
        ));
        let broadcast = actual(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        for field in ["shape", "strides", "offset", "values"] {
            assert_eq!(by_hand[field], broadcast[field], "{field}");
        }
    }

    #[test]
    fn sliding_windows() {
        // "With strides `(8, 8)` on `np.arange(6.0)`, each row starts one number after the row
        // before: [[0. 1. 2.] [1. 2. 3.] [2. 3. 4.] [3. 4. 5.]]"
        let w = actual("as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))");
        assert_eq!(
            w["values"],
            json!([0.0, 1.0, 2.0, 1.0, 2.0, 3.0, 2.0, 3.0, 4.0, 3.0, 4.0, 5.0])
        );
        // "`np.lib.stride_tricks.sliding_window_view(a, 3)`, which checks the sizes for you."
        let safe = actual("np.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3)");
        assert_eq!(safe["values"], w["values"]);
        assert_eq!(safe["strides"], w["strides"]);
        assert_eq!(safe["writeable"], json!(false));
    }
}

mod seed_001_strides_views_broadcasting {
    use super::*;

    const A: &str = "a = np.arange(12, dtype=np.int32).reshape(3, 4)\n";

    #[test]
    fn the_worked_example() {
        let a = actual(&format!("{A}a"));
        // "a.strides = (16, 4) — moverse una fila cuesta 16 bytes"
        assert_eq!(ints(&a["strides"]), [16, 4]);
        // "a.flags.C_CONTIGUOUS = True — row-major, el default."
        assert_eq!(a["c_contiguous"], json!(true));
        // "El elemento a[2, 1] está en el offset 2*16 + 1*4 = 36 bytes dentro del buffer."
        assert_eq!(actual(&format!("{A}a[2, 1, ...]"))["offset"], json!(36));
    }

    #[test]
    fn the_free_transpose() {
        let b = actual(&format!("{A}b = a.T\nb"));
        // "b.shape = (4, 3)." "b.strides = (4, 16)."
        assert_eq!(ints(&b["shape"]), [4, 3]);
        assert_eq!(ints(&b["strides"]), [4, 16]);
        // "b.flags.C_CONTIGUOUS = False" "b.flags.F_CONTIGUOUS = True" "b.flags.OWNDATA = False"
        assert_eq!(b["c_contiguous"], json!(false));
        assert_eq!(b["f_contiguous"], json!(true));
        assert_eq!(b["owndata"], json!(false));
        assert_eq!(value(&format!("{A}a.T.flags['OWNDATA']")), json!(false));
        // "b comparte el mismo buffer (b.base is a es True)" — here `a` is itself a view of
        // arange's memory, so `b.base` is that owner; with an owning `a` it is `a`.
        assert_eq!(
            value("a = np.zeros((3, 4), dtype=np.int32)\nb = a.T\nb.base is a"),
            json!(true)
        );
        // "El elemento b[1, 2] está en el offset 1*4 + 2*16 = 36 bytes — el mismo byte que
        // a[2, 1]."
        let cell = actual(&format!("{A}b = a.T\nb[1, 2, ...]"));
        assert_eq!(cell["offset"], json!(36));
        assert_eq!(cell["values"], json!([9]));
    }

    #[test]
    fn as_strided_windows() {
        // "window = as_strided(a, shape=(8, 3), strides=(4, 4))  # window[i, j] = a[i + j]"
        let w = actual(
            "a = np.arange(10, dtype=np.int32)\nwindow = as_strided(a, shape=(8, 3), strides=(4, 4))\nwindow",
        );
        assert_eq!(ints(&w["shape"]), [8, 3]);
        let expected: Vec<i64> = (0..8).flat_map(|i| (0..3).map(move |j| i + j)).collect();
        assert_eq!(ints(&w["values"]), expected);
        // "window es un array (8, 3) pero comparte el mismo buffer que a."
        assert_eq!(w["view"], json!(true));
    }

    #[test]
    fn broadcasting_examples() {
        // "(3,)         (2, 4, 3)    →    (2, 4, 3)"
        assert_eq!(
            value("np.broadcast_shapes((3,), (2, 4, 3))"),
            json!([2, 4, 3])
        );
        // "(N,)         (N, 1)       →    (N, N)   ← EL bug clásico", with the lesson's N = 100:
        // "y_pred - y_true  # shape (100, 100) !!"
        assert_eq!(
            value(
                "y_pred = np.zeros((100,))\ny_true = np.zeros(100).reshape(100, 1)\n(y_pred - y_true).shape"
            ),
            json!([100, 100])
        );
        // "(B, 1, M)    (1, N, M)    →    (B, N, M)"
        assert_eq!(
            value("np.broadcast_shapes((2, 1, 5), (1, 3, 5))"),
            json!([2, 3, 5])
        );
        assert_eq!(
            value("(np.zeros((2, 1, 5)) + np.zeros((1, 3, 5))).shape"),
            json!([2, 3, 5])
        );
        // "(3, 4)       (3,)         →    ValueError"
        assert_eq!(
            actual("np.zeros((3, 4)) + np.zeros(3)"),
            json!({"error": "ValueError", "message": "operands could not be broadcast together with shapes (3,4) (3,) "})
        );
        // "tienes que darle shape (3, 1): np.array([1,2,3])[:, None]"
        assert_eq!(
            value("(np.zeros((3, 4)) + np.array([1, 2, 3])[:, None]).shape"),
            json!([3, 4])
        );
        // "np.broadcast_to(a, (N, N)) devuelve una vista con stride 0 sobre el eje broadcasteado"
        assert_eq!(
            value("a = np.zeros((5, 1))\nnp.broadcast_to(a, (5, 5)).strides"),
            json!([8, 0])
        );
    }
}

mod seed_002_offset_formula {
    use super::*;

    // "An int64 (a 64-bit integer) needs 64/8=8 bytes." "shape=(3,4)".
    const A: &str = "A = np.arange(12).reshape(3, 4)\n";

    #[test]
    fn strides_are_row_bytes_and_item_bytes() {
        // "Call this stride_0" (C·s = 32) and "stride_1" (s = 8).
        let a = actual(&format!("{A}A"));
        assert_eq!(ints(&a["strides"]), [32, 8]);
        assert_eq!(a["itemsize"], json!(8));
        // "1-D array shape (12,): only one axis, one stride = s = 8."
        assert_eq!(value("np.arange(12).strides"), json!([8]));
    }

    #[test]
    fn byte_72_is_element_9() {
        // "byte_offset(2,1) = 2·32 + 1·8 = 72 ⇒ element 72/8 = 9"
        let cell = actual(&format!("{A}A[2, 1, ...]"));
        assert_eq!(
            (cell["offset"].clone(), cell["values"].clone()),
            (json!(72), json!([9]))
        );
        // "Origin A[0,0]: 0·32+0·8=0"
        assert_eq!(actual(&format!("{A}A[0, 0, ...]"))["offset"], json!(0));
        // "Transpose A.T: shape becomes (4,3) and the strides swap to (8,32)"
        let t = actual(&format!("{A}A.T"));
        assert_eq!(
            (ints(&t["shape"]), ints(&t["strides"])),
            (vec![4, 3], vec![8, 32])
        );
        // "Element A.T[1, 2] with strides (8,32): byte_offset = 1·8 + 2·32 = 72 ⇒ element 9"
        let same = actual(&format!("{A}A.T[1, 2, ...]"));
        assert_eq!(
            (same["offset"].clone(), same["values"].clone()),
            (json!(72), json!([9]))
        );
        // "Transpose is a view: it shares memory."
        assert_eq!(value(&format!("{A}np.shares_memory(A, A.T)")), json!(true));
    }
}

mod seed_003_tensor_shapes {
    use super::*;

    #[test]
    fn the_silent_broadcast_bug() {
        // "The model's output had shape (5, 1) and the targets had shape (5,). Subtracting them
        // ... quietly built a 5 × 5 table"
        assert_eq!(
            value("pred = np.zeros((5, 1))\ntarget = np.zeros(5)\n(pred - target).shape"),
            json!([5, 5])
        );
        // "the fix for the bug at the top of the page, y_pred[:, 0] or y_pred.squeeze(-1)"
        assert_eq!(
            value("pred = np.zeros((5, 1))\ntarget = np.zeros(5)\n(pred[:, 0] - target).shape"),
            json!([5])
        );
        assert_eq!(
            value(
                "pred = np.zeros((5, 1))\ntarget = np.zeros(5)\n(pred.squeeze(-1) - target).shape"
            ),
            json!([5])
        );
        // "u[:, None] is a (3, 1) column and u[None, :] a (1, 3) row."
        assert_eq!(value("u = np.arange(3.0)\nu[:, None].shape"), json!([3, 1]));
        assert_eq!(value("u = np.arange(3.0)\nu[None, :].shape"), json!([1, 3]));
    }

    #[test]
    fn strides_views_and_copies() {
        // "For float64 (8 bytes per number) ... its stride is 8. One step along the middle axis
        // skips a whole row of 4 numbers, 32 bytes. One step along the first axis skips 3 × 4
        // numbers, 96 bytes."
        assert_eq!(value("np.zeros((2, 3, 4)).strides"), json!([96, 32, 8]));
        // "X[:, ::2] doubles a stride. Still a view."
        let x = actual("X = np.zeros((3, 4))\nX[:, ::2]");
        assert_eq!(
            (ints(&x["strides"]), x["view"].clone()),
            (vec![32, 16], json!(true))
        );
        // "A stretched axis gets stride 0"
        assert_eq!(
            value("X = np.zeros((1, 4))\nnp.broadcast_to(X, (3, 4)).strides"),
            json!([0, 8])
        );
        // "Fancy indexing with an integer array (X[[0, 2]]) ... copies."
        assert_eq!(
            actual("X = np.zeros((3, 4))\nX[[0, 2]]")["view"],
            json!(false)
        );
        // "x.view(...) refuses any new shape that the existing strides cannot express (as with
        // most reshapes of a transposed tensor) ... x.reshape(...), which copies when it has to."
        assert_eq!(
            actual("x = torch.zeros(3, 4)\nx.T.view(12)")["error"],
            json!("RuntimeError")
        );
        assert_eq!(
            actual("x = torch.zeros(3, 4)\nx.T.reshape(12)")["view"],
            json!(false)
        );
        assert_eq!(
            actual("x = torch.zeros(3, 4)\nx.T.contiguous().view(12)")["shape"],
            json!([12])
        );
        // "Strides in PyTorch are counted in elements, not bytes."
        assert_eq!(value("torch.zeros(2, 3, 4).stride()"), json!([12, 4, 1]));
        // "expand is a zero-copy broadcast (stride 0)"
        assert_eq!(
            value("t = torch.zeros(1, 4)\nt.expand(3, 4).stride()"),
            json!([0, 1])
        );
    }

    #[test]
    fn splitting_heads_needs_a_transpose() {
        // "Take one sequence of T = 2 tokens with width d = 4, and split it into h = 2 heads ...
        // The right version gives head 0 the rows [0 1] and [4 5] ... Both have shape
        // (1, 2, 2, 2)"
        let right = actual(
            "X = np.arange(8.0).reshape(1, 2, 4)\nX.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)",
        );
        assert_eq!(ints(&right["shape"]), [1, 2, 2, 2]);
        assert_eq!(
            right["values"],
            json!([0.0, 1.0, 4.0, 5.0, 2.0, 3.0, 6.0, 7.0])
        );
        assert_eq!(right["view"], json!(true));
        // "The wrong version gives head 0 all of token 0 and head 1 all of token 1."
        let wrong = actual("X = np.arange(8.0).reshape(1, 2, 4)\nX.reshape(1, 2, 2, 2)");
        assert_eq!(
            wrong["values"],
            json!([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
        );
    }

    #[test]
    fn window_count() {
        // "A sliding window of width k, moving step elements at a time over a 1-D signal of
        // length n, is an array of shape (n_win, k) with n_win = ⌊(n − k)/step⌋ + 1 windows. Its
        // row stride is step elements and its column stride is one element."
        for (n, k, step) in [
            (10, 3, 1),
            (10, 3, 2),
            (10, 3, 3),
            (12, 4, 4),
            (7, 7, 1),
            (9, 2, 5),
        ] {
            let windows = (n - k) / step + 1;
            let by_hand = actual(&format!(
                "x = np.arange({n}.0)\nas_strided(x, shape=({windows}, {k}), strides=({}, 8))",
                step * 8
            ));
            let safe = actual(&format!(
                "x = np.arange({n}.0)\nnp.lib.stride_tricks.sliding_window_view(x, {k})[::{step}]"
            ));
            assert_eq!(
                ints(&safe["shape"]),
                [windows, k],
                "n={n} k={k} step={step}"
            );
            assert_eq!(element_strides(&safe), [step, 1]);
            assert_eq!(by_hand["values"], safe["values"]);
        }
    }
}
