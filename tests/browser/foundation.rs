//! Seed 000, sections 1 to 4: the seven arrays of the lesson, drawn, pointed at and read.

use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, strings};

#[wasm_bindgen_test]
async fn the_lab_opens_on_x_with_every_array_of_the_lesson() {
    let lab = mount().await;
    let labels: Vec<String> = lab
        .all(".presets button.preset")
        .iter()
        .map(|b| b.text_content().unwrap())
        .collect();
    assert_eq!(
        labels,
        strings(&[
            "x",
            "x.T",
            "x[:, ::2]",
            "x[1:, 1:]",
            "x.reshape(2, 6)",
            "x.T.reshape(2, 6)",
            "np.broadcast_to(x[0], (3, 4))"
        ])
    );
    assert_eq!(lab.all(".grid [data-index]").len(), 12);
    assert_eq!(lab.all(".memory [data-addr]").len(), 12);
    assert!(lab.unread().is_empty());
    assert_eq!(lab.text("[data-role=strides]"), "(4, 1)");
    assert_eq!(lab.text("[data-role=start]"), "0");
}

#[wasm_bindgen_test]
async fn pointing_at_x_1_2_shows_the_address_rule_and_memory_cell_6() {
    let lab = mount().await;
    lab.point("[data-index=\"1,2\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6"
    );
    assert_eq!(lab.selected_memory(), strings(&["6"]));
    assert_eq!(lab.selected_cells(), strings(&["1,2"]));
}

#[wasm_bindgen_test]
async fn the_transpose_reads_the_same_memory_with_swapped_strides() {
    let lab = mount().await;
    lab.press("x.T").await;
    assert_eq!(lab.text("[data-role=shape]"), "(4, 3)");
    assert_eq!(lab.text("[data-role=strides]"), "(1, 4)");
    assert_eq!(lab.cell_values()[..3], strings(&["0.0", "4.0", "8.0"]));
    assert_eq!(lab.memory_values()[..3], strings(&["0.0", "1.0", "2.0"]));
    lab.point("[data-index=\"1,2\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 1·1 + 2·4 = 9"
    );
    assert_eq!(lab.selected_memory(), strings(&["9"]));
    assert!(lab.text("[data-role=kind]").contains("view"));
}

#[wasm_bindgen_test]
async fn a_step_leaves_memory_unread_and_dashed() {
    let lab = mount().await;
    lab.press("x[:, ::2]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(4, 2)");
    assert_eq!(lab.unread(), strings(&["1", "3", "5", "7", "9", "11"]));
    let first_unread = lab.one(".memory [data-addr=\"1\"]");
    assert!(
        first_unread
            .get_attribute("class")
            .unwrap_or_default()
            .contains("unread")
    );
}

#[wasm_bindgen_test]
async fn a_slice_starts_at_position_5() {
    let lab = mount().await;
    lab.press("x[1:, 1:]").await;
    assert_eq!(lab.text("[data-role=start]"), "5");
    assert_eq!(lab.unread(), strings(&["0", "1", "2", "3", "4", "8"]));
    lab.point("[data-index=\"0,0\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 5 + 0·4 + 0·1 = 5"
    );
    assert_eq!(lab.selected_memory(), strings(&["5"]));
}

#[wasm_bindgen_test]
async fn reshape_of_x_is_a_view_with_strides_6_1() {
    let lab = mount().await;
    lab.press("x.reshape(2, 6)").await;
    assert_eq!(lab.text("[data-role=strides]"), "(6, 1)");
    assert!(lab.text("[data-role=kind]").contains("view"));
    lab.point("[data-index=\"1,0\"]").await;
    assert_eq!(lab.selected_memory(), strings(&["6"]));
}

#[wasm_bindgen_test]
async fn reshape_of_the_transpose_is_a_copy_with_its_own_memory() {
    let lab = mount().await;
    lab.press("x.T.reshape(2, 6)").await;
    assert!(lab.text("[data-role=kind]").contains("copy"));
    assert!(
        lab.text("[data-role=explanation]")
            .contains("0, 4, 8, 1, 5, 9")
    );
    assert_eq!(
        lab.memory_values(),
        strings(&[
            "0.0", "4.0", "8.0", "1.0", "5.0", "9.0", "2.0", "6.0", "10.0", "3.0", "7.0", "11.0"
        ])
    );
    assert_eq!(lab.text("[data-role=strides]"), "(6, 1)");
    lab.point("[data-index=\"0,3\"]").await;
    assert_eq!(lab.selected_memory(), strings(&["3"]));
    assert_eq!(lab.cell_values()[3], "1.0");
}

#[wasm_bindgen_test]
async fn broadcasting_reads_each_cell_three_times() {
    let lab = mount().await;
    lab.press("np.broadcast_to(x[0], (3, 4))").await;
    assert_eq!(lab.text("[data-role=strides]"), "(0, 1)");
    let counted: Vec<String> = lab
        .all(".memory [data-reads]")
        .iter()
        .map(|e| e.get_attribute("data-reads").unwrap())
        .collect();
    assert_eq!(counted, strings(&["3", "3", "3", "3"]));
    assert!(lab.text(".memory [data-addr=\"2\"]").contains("×3"));
    assert_eq!(lab.unread().len(), 8);
    lab.point(".memory [data-addr=\"1\"]").await;
    assert_eq!(lab.selected_cells(), strings(&["0,1", "1,1", "2,1"]));
    assert_eq!(lab.selected_memory(), strings(&["1"]));
}

#[wasm_bindgen_test]
async fn the_keyboard_moves_from_cell_to_cell() {
    let lab = mount().await;
    lab.focus("[data-index=\"0,0\"]").await;
    assert_eq!(lab.selected_cells(), strings(&["0,0"]));
    lab.key("ArrowRight", false).await;
    lab.key("ArrowDown", false).await;
    assert_eq!(lab.selected_cells(), strings(&["1,1"]));
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 1·4 + 1·1 = 5"
    );
    lab.key("End", true).await;
    assert_eq!(lab.selected_cells(), strings(&["2,3"]));
    assert_eq!(
        lab.one("[data-index=\"2,3\"]")
            .get_attribute("tabindex")
            .as_deref(),
        Some("0")
    );
}

#[wasm_bindgen_test]
async fn a_computed_first_array_is_new_memory_and_prints_as_numpy_does() {
    let lab = mount().await;
    lab.run("x = np.arange(6, dtype=np.float32).reshape(2, 3) * 400000.0; x")
        .await;
    // OWNDATA is True: not "a view of the first array", which it is itself.
    assert!(lab.text("[data-role=kind]").contains("new array"));
    // str() of NumPy's float32 scalars: positional below 1e6, an exponent from there on.
    assert_eq!(
        lab.cell_values(),
        strings(&["0.0", "400000.0", "800000.0", "1.2e+06", "1.6e+06", "2e+06"])
    );
}
