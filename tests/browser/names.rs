//! What the page says for a name the lab lacks (issue 13, section 3): the lab's own label for a
//! name of NumPy or PyTorch it does not run, in the page's language; the library's
//! AttributeError with CPython's "Did you mean" for a name neither has; and the facts of a
//! scalar indexed with `None`.

use strides_lab::i18n::Lang;
use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with};

#[wasm_bindgen_test]
async fn a_name_the_lab_does_not_run_is_said_under_the_lab_s_label() {
    let lab = mount().await;
    // (np.cumsum runs since issue 26: a name still not run.)
    lab.run("x = np.arange(6.0)\nnp.polyfit(x, x, 1)").await;
    let error = lab.text("[data-role=error]");
    assert!(
        error.contains(
            "Not in the lab yet: np.polyfit is part of NumPy, but this lab does not run it yet"
        ),
        "{error}"
    );
    assert!(
        !error.contains("AttributeError") && !error.contains("Unsupported"),
        "{error}"
    );
    assert_eq!(lab.text("[data-role=fault]"), "polyfit");
}

#[wasm_bindgen_test]
async fn in_spanish_too() {
    let lab = mount_with(Options {
        lang: Some(Lang::Es),
        ..Options::default()
    })
    .await;
    lab.run("t = torch.arange(6.0)\nt.cummax(0)").await;
    let error = lab.text("[data-role=error]");
    assert!(
        error.contains("Aún no está en el laboratorio: Tensor.cummax es parte de PyTorch, pero este laboratorio aún no lo ejecuta"),
        "{error}"
    );
    assert_eq!(lab.text("[data-role=fault]"), "cummax");
}

#[wasm_bindgen_test]
async fn a_name_neither_library_has_is_its_attribute_error_with_the_suggestion() {
    let lab = mount().await;
    lab.run("x = np.aranje(6)").await;
    let error = lab.text("[data-role=error]");
    assert!(
        error.contains(
            "AttributeError: module 'numpy' has no attribute 'aranje'. Did you mean: 'arange'?"
        ),
        "{error}"
    );
    assert_eq!(lab.text("[data-role=fault]"), "aranje");
}

#[wasm_bindgen_test]
async fn a_scalar_indexed_with_none_is_new_memory() {
    let lab = mount().await;
    lab.run("x = np.arange(6.0)\nx[4][None]").await;
    assert_eq!(lab.text("[data-role=shape]"), "(1,)");
    assert_eq!(lab.text("[data-role=strides]"), "(0,)");
    assert!(
        !lab.text("[data-role=kind]").contains("view"),
        "{}",
        lab.text("[data-role=kind]")
    );
    let shares = lab.all("[data-role=info] [data-name=x] [data-role=shares]");
    assert_eq!(shares[0].text_content().unwrap(), "no");
    let why = lab.text("[data-role=explanation]");
    assert!(
        why.contains("first copies its value into new memory"),
        "{why}"
    );
    assert!(!why.contains("it is a view"), "{why}");
}
