//! The facts panel's kind and the why of a copy (issue 13 §4): a one-line chain's copy is a copy,
//! a view names what it shares memory with, a view of new memory names what made it, and a copy
//! read in column order describes the walk in that order. The kinds are the arrays crate's
//! (`crates/arrays/tests/kinds.rs` checks them against NumPy); these check the words.

use strides_lab::i18n::Lang;
use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with};

#[wasm_bindgen_test]
async fn a_one_line_chain_that_copies_says_copy() {
    let lab = mount().await;
    for (program, made_by) in [
        ("np.arange(12.0).reshape(3, 4).T.reshape(12)", "reshape"),
        (
            "np.broadcast_to(np.arange(3), (2, 3)).reshape(6)",
            "reshape",
        ),
        ("np.arange(12.0).reshape(3, 4).T.copy()", "copy"),
        ("np.arange(12.0).reshape(3, 4)[[0, 2]]", "advanced indexing"),
    ] {
        lab.run(program).await;
        assert_eq!(
            lab.text("[data-role=kind]"),
            format!("its own: a copy made by {made_by}"),
            "{program}"
        );
    }
}

#[wasm_bindgen_test]
async fn a_view_names_what_it_shares_memory_with() {
    let lab = mount().await;
    lab.run("np.arange(12.0).reshape(3, 4).T").await;
    assert_eq!(
        lab.text("[data-role=kind]"),
        "shared: a view of np.arange(12.0)"
    );
    lab.run("x = np.arange(12.0).reshape(3, 4)\nx.T").await;
    assert_eq!(lab.text("[data-role=kind]"), "shared: a view of x");
}

#[wasm_bindgen_test]
async fn a_view_of_a_copy_names_what_made_the_copy() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4); x.astype(np.float32)[:, ::2]")
        .await;
    assert_eq!(
        lab.text("[data-role=kind]"),
        "a view of a copy made by astype"
    );
    lab.run("t = torch.arange(12.0).reshape(3, 4); t.T.contiguous().view(12)")
        .await;
    assert_eq!(
        lab.text("[data-role=kind]"),
        "a view of a copy made by contiguous"
    );
}

#[wasm_bindgen_test]
async fn the_kind_in_spanish() {
    let options = Options {
        lang: Some(Lang::Es),
        ..Options::default()
    };
    let lab = mount_with(options).await;
    lab.run("x = np.arange(12.0).reshape(3, 4); x.astype(np.float32)[:, ::2]")
        .await;
    assert_eq!(
        lab.text("[data-role=kind]"),
        "una vista de una copia hecha por astype"
    );
    lab.run("np.arange(12.0).reshape(3, 4).T.reshape(12)").await;
    assert_eq!(
        lab.text("[data-role=kind]"),
        "propia: una copia hecha por reshape"
    );
    lab.run("x = np.arange(12.0).reshape(3, 4); x.ravel(order='F')")
        .await;
    let why = lab.text("[data-role=explanation]");
    assert!(
        why.contains("Leída en orden de columnas, la entrada recorre la memoria así: 0, 4, 8, 1, 5, 9, 2, 6, …"),
        "{why}"
    );
}

#[wasm_bindgen_test]
async fn a_copy_in_column_order_describes_the_column_walk() {
    let lab = mount().await;
    for op in ["x.ravel(order='F')", "x.reshape(4, 3, order='F')"] {
        lab.run(&format!("x = np.arange(12.0).reshape(3, 4); {op}"))
            .await;
        let why = lab.text("[data-role=explanation]");
        // np.ravel(x, order='F') reads x at 0, 4, 8, 1, …
        assert!(
            why.contains("Read in column order, the input walks memory 0, 4, 8, 1, 5, 9, 2, 6, …: forward 4, forward 4, back 7, forward 4. No single stride"),
            "{op}: {why}"
        );
    }
}

#[wasm_bindgen_test]
async fn a_walk_with_one_stride_is_not_called_strideless() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4); x.flatten()")
        .await;
    let why = lab.text("[data-role=explanation]");
    assert!(!why.contains("No single stride"), "{why}");
    assert!(why.contains("one stride, 1"), "{why}");
    lab.run("x = np.arange(12.0); x[::2].ravel()").await;
    let why = lab.text("[data-role=explanation]");
    assert!(!why.contains("No single stride"), "{why}");
    assert!(why.contains("one stride, 2"), "{why}");
}
