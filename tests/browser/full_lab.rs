//! The full lab: typed programs, errors, N-d arrays, bytes and dtypes, the broadcasting visualizer,
//! large arrays and the URL.

use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with, strings};

#[wasm_bindgen_test]
async fn a_typed_program_shows_grid_memory_facts_and_why() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4); y = x.T.reshape(12)\ny")
        .await;
    assert_eq!(lab.all(".grid [data-index]").len(), 12);
    assert_eq!(lab.text("[data-role=strides]"), "(1,)");
    assert!(lab.text("[data-role=kind]").contains("copy"));
    let why = lab.text("[data-role=explanation]");
    assert!(why.contains("0, 4, 8, 1, 5, 9, 2, 6"), "{why}");
    assert!(why.contains("forward 4, forward 4, back 7"), "{why}");
    assert_eq!(
        lab.memory_values()[..4],
        strings(&["0.0", "4.0", "8.0", "1.0"])
    );
    let shares = lab.all("[data-role=info] [data-name=x] [data-role=shares]");
    assert_eq!(shares[0].text_content().unwrap(), "no");
}

#[wasm_bindgen_test]
async fn an_error_names_numpys_class_and_marks_the_fault() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0)\ny = x.reshape(5)").await;
    let error = lab.text("[data-role=error]");
    assert!(
        error.contains("ValueError: cannot reshape array of size 12 into shape (5,)"),
        "{error}"
    );
    assert_eq!(lab.text("[data-role=fault]"), "x.reshape(5)");
    assert!(error.contains("line 2"), "{error}");
    assert!(lab.all(".grid").is_empty());
}

#[wasm_bindgen_test]
async fn a_failing_view_explains_which_axes_cannot_merge() {
    let lab = mount().await;
    lab.run(
        "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2).view(2, 10, 64)",
    )
    .await;
    assert!(
        lab.text("[data-role=error]")
            .contains("RuntimeError: view size is not compatible")
    );
    let why = lab.text("[data-role=explanation]");
    assert!(why.contains("axes 2 and 3"), "{why}");
    assert!(
        why.contains("would have to step 16, but it steps 160"),
        "{why}"
    );
}

#[wasm_bindgen_test]
async fn a_4d_tensor_is_drawn_in_blocks_with_the_full_address_rule() {
    let lab = mount().await;
    lab.run("out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2)")
        .await;
    assert_eq!(lab.text("[data-role=strides]"), "(640, 16, 160, 1)");
    assert_eq!(lab.all(".grid .block-label").len(), 20);
    assert_eq!(lab.all(".grid [data-index]").len(), 1280);
    lab.point("[data-index=\"1,2,3,4\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ + k·s₂ + l·s₃ = 0 + 1·640 + 2·16 + 3·160 + 4·1 = 1156"
    );
    assert_eq!(lab.selected_memory(), strings(&["1156"]));
}

#[wasm_bindgen_test]
async fn bytes_mode_counts_int32_bytes_as_seed_001_does() {
    let lab = mount().await;
    lab.run("a = np.arange(12, dtype=np.int32).reshape(3, 4)\na")
        .await;
    lab.click("[data-role=units]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(16, 4)");
    assert_eq!(lab.all(".memory [data-addr]").len(), 48);
    assert_eq!(lab.all(".memory .element").len(), 12);
    lab.point("[data-index=\"2,1\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 2·16 + 1·4 = 36"
    );
    assert_eq!(lab.selected_memory(), strings(&["36", "37", "38", "39"]));
    lab.click("[data-role=units]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(4, 1)");
}

#[wasm_bindgen_test]
async fn the_dtype_choice_changes_the_item_size() {
    let lab = mount().await;
    lab.click("[data-role=units]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(32, 8)");
    lab.choose("[data-role=dtype-choice]", "int16").await;
    assert_eq!(lab.text("[data-role=strides]"), "(8, 2)");
    assert_eq!(lab.text("[data-role=itemsize]"), "2 B");
    assert_eq!(lab.text("[data-role=dtype]"), "int16");
}

#[wasm_bindgen_test]
async fn the_broadcast_visualizer_shows_a_mismatch_and_its_fix() {
    let lab = mount().await;
    let examples = lab.all(".broadcast-examples button");
    let mismatch = examples
        .iter()
        .find(|b| b.text_content().unwrap() == "(3, 4) (3,)")
        .unwrap()
        .clone();
    wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(mismatch)
        .unwrap()
        .click();
    yew::scheduler::flush().await;
    assert_eq!(
        lab.text("[data-role=broadcast-error]"),
        "ValueError: operands could not be broadcast together with shapes (3,4) (3,) "
    );
    assert_eq!(
        lab.all("[data-role=broadcast] [data-status=incompatible]")
            .len(),
        1
    );
    lab.enter("[data-operand=b][data-axis=\"0\"]", "4").await;
    assert_eq!(lab.text("[data-role=broadcast-result]"), "(3, 4)");
    assert!(
        lab.all("[data-role=broadcast] [data-status=incompatible]")
            .is_empty()
    );
    assert_eq!(
        lab.all("[data-role=broadcast] [data-status=padded]").len(),
        1
    );
}

#[wasm_bindgen_test]
async fn the_n_minus_n_1_bug_is_drawn_as_its_table() {
    let lab = mount().await;
    let first = lab.all(".broadcast-examples button")[0].clone();
    wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(first)
        .unwrap()
        .click();
    yew::scheduler::flush().await;
    assert_eq!(lab.text("[data-role=broadcast-result]"), "(5, 5)");
    assert_eq!(lab.all("[data-role=bug-table] td").len(), 25);
    assert_eq!(lab.all("[data-role=bug-table] td.diagonal").len(), 5);
}

#[wasm_bindgen_test]
async fn a_million_elements_are_summarized() {
    let lab = mount().await;
    lab.run("x = np.arange(1000000.0).reshape(1000, 1000)\nx")
        .await;
    assert!(lab.all(".summary-note").len() == 1);
    assert_eq!(lab.all(".grid [data-index]").len(), 36);
    assert_eq!(
        lab.one(".grid [data-index=\"999,999\"]")
            .text_content()
            .unwrap(),
        "999999.0"
    );
    assert!(lab.all(".memory [data-addr]").len() < 100);
    lab.point("[data-index=\"999,999\"]").await;
    assert_eq!(lab.selected_memory(), strings(&["999999"]));
}

#[wasm_bindgen_test]
async fn a_url_opens_that_view() {
    let options: Options = strides_lab::url::parse(
        "?expr=a%20%3D%20np.arange(6)%3B%20a%5B%3A%3A2%5D&units=bytes&dtype=int32",
    );
    let lab = mount_with(options).await;
    assert_eq!(lab.text("[data-role=strides]"), "(8,)");
    assert_eq!(lab.text("[data-role=dtype]"), "int32");
    let area = lab.one("[data-role=expression]");
    let value = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlTextAreaElement>(area)
        .unwrap()
        .value();
    assert_eq!(value, "a = np.arange(6); a[::2]");
}
