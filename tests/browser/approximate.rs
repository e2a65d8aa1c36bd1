//! The values policy on the page (issue 26, item 1): a float matrix product, whose last bits are
//! the CPU's and the BLAS's in NumPy, is shown with a discreet mark and a sentence on what may
//! differ, in English and Spanish; an exact result has neither.

use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with};

const PRODUCT: &str = "A = np.arange(12.0).reshape(4, 3) / 7\nnp.exp(A) @ A.T";

#[wasm_bindgen_test]
async fn a_float_product_shows_the_approximate_mark_and_its_sentence() {
    let lab = mount().await;
    lab.run("np.arange(12.0).reshape(4, 3) @ np.arange(12.0).reshape(3, 4)")
        .await;
    assert!(
        lab.all("[data-role=approx-mark]").is_empty(),
        "exact sums: no mark"
    );
    assert!(lab.all("[data-role=approx-note]").is_empty());
    lab.run(PRODUCT).await;
    let mark = lab.one("[data-role=approx-mark]");
    assert_eq!(mark.text_content().unwrap(), "≈");
    assert!(
        mark.get_attribute("title")
            .unwrap()
            .contains("last digits may differ"),
        "{:?}",
        mark.get_attribute("title")
    );
    let note = lab.text("[data-role=approx-note]");
    assert!(note.contains("depends on the CPU"), "{note}");
    assert!(note.contains("strides"), "{note}");
    // A scalar computed from it is marked too.
    lab.run(&format!("{PRODUCT}\n(np.exp(A) @ A.T)[0, 0]"))
        .await;
    assert_eq!(lab.all("[data-role=approx-mark]").len(), 1);
}

#[wasm_bindgen_test]
async fn the_approximate_mark_speaks_spanish() {
    let options = Options::from_pairs([("lang", "es".to_string())]);
    let lab = mount_with(options).await;
    lab.run(PRODUCT).await;
    let mark = lab.one("[data-role=approx-mark]");
    assert!(
        mark.get_attribute("title")
            .unwrap()
            .contains("últimas cifras")
    );
    assert!(
        lab.text("[data-role=approx-note]")
            .contains("depende de la CPU")
    );
}

/// The indices of a sort that is not stable, with equal keys: the note speaks of the order of
/// tied indices, not of rounding; a stable sort's indices are exact and have no note.
#[wasm_bindgen_test]
async fn tied_indices_of_an_unstable_sort_are_worded_as_such() {
    let lab = mount().await;
    lab.run("np.argsort(np.array([3, 1, 2, 1, 3, 1]))").await;
    assert_eq!(lab.all("[data-role=approx-mark]").len(), 1);
    let note = lab.text("[data-role=approx-note]");
    assert!(note.contains("indices of equal values"), "{note}");
    assert!(!note.contains("CPU"), "{note}");
    lab.run("np.argsort(np.array([3, 1, 2, 1, 3, 1]), stable=True)")
        .await;
    assert!(lab.all("[data-role=approx-note]").is_empty());
    let es = mount_with(Options::from_pairs([("lang", "es".to_string())])).await;
    es.run("np.argsort(np.array([3, 1, 2, 1, 3, 1]))").await;
    let nota = es.text("[data-role=approx-note]");
    assert!(nota.contains("valores iguales"), "{nota}");
}
