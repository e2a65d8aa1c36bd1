//! Arrays far larger than the memory the lab stores (issue 15, "Any size"): seed 003's GPT-2
//! tensors as lab examples, drawn at once and summarized, with their bytes in binary units, and
//! a pointer move over a cell that stays cheap.

use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, strings};

fn now() -> f64 {
    js_sys::Date::now()
}

#[wasm_bindgen_test]
async fn gpt2s_attention_scores_draw_at_once_summarized() {
    let lab = mount().await;
    let start = now();
    lab.press("scores (8, 12, 1024, 1024)").await;
    let drawn = now() - start;
    assert_eq!(lab.text("[data-role=shape]"), "(8, 12, 1024, 1024)");
    assert_eq!(
        lab.text("[data-role=strides]"),
        "(12582912, 1048576, 1024, 1)"
    );
    assert_eq!(lab.text("[data-role=nbytes]"), "402,653,184 B (384.00 MiB)");
    // Summarized: a few hundred array cells and memory cells, not 10⁸.
    assert!(
        lab.all(".cell").len() < 5000,
        "{} cells",
        lab.all(".cell").len()
    );
    let memory = lab.all(".memory [data-addr]").len();
    assert!(memory < 200, "{memory} memory cells");
    assert!(drawn < 5000.0, "drawn in {drawn} ms");
    let start = now();
    lab.point("[data-index=\"7,11,1023,1023\"]").await;
    let pointed = now() - start;
    assert_eq!(lab.selected_memory(), strings(&["100663295"]));
    assert!(pointed < 1000.0, "pointer move took {pointed} ms");
}

#[wasm_bindgen_test]
async fn gpt2s_logits_are_a_gibibyte_and_a_half() {
    let lab = mount().await;
    lab.press("logits (8, 1024, 50257)").await;
    assert_eq!(lab.text("[data-role=shape]"), "(8, 1024, 50257)");
    assert_eq!(lab.text("[data-role=nbytes]"), "1,646,821,376 B (1.53 GiB)");
    assert_eq!(lab.cell_values()[..3], strings(&["0.0", "0.0", "0.0"]));
}
