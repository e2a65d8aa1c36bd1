//! The program box runs Python with functions, loops and comprehensions over arrays (one
//! interpreter for the box and the quiz), shows what `print` wrote under the program, and draws
//! the result.

use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::mount;

#[wasm_bindgen_test]
async fn a_function_a_loop_and_print_run_in_the_program_box() {
    let lab = mount().await;
    assert!(lab.all("[data-role=stdout]").is_empty());
    lab.run(
        "def heads(X, h):\n    n, d = X.shape\n    return X.reshape(n, h, d // h).transpose(1, 0, 2)\nx = np.arange(24.0).reshape(4, 6)\nfor k in (1, 2):\n    print(k, heads(x, k).strides)\nheads(x, 2)",
    )
    .await;
    // What NumPy 2.4.6 prints, and the (2, 4, 3) view it makes.
    assert!(
        lab.text("[data-role=stdout]")
            .contains("1 (48, 48, 8)\n2 (24, 48, 8)"),
        "{}",
        lab.text("[data-role=stdout]")
    );
    assert_eq!(lab.text("[data-role=strides]"), "(3, 6, 1)");
    lab.run("x = np.arange(6).reshape(2, 3)\n[a.strides for a in (x, x.T)]")
        .await;
    assert!(lab.all("[data-role=stdout]").is_empty());
}
