//! What a program prints is shown under the program box (issue 14, item 2), and switching units
//! draws the same run again, keeping what is pointed at.

use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with, strings};

#[wasm_bindgen_test]
async fn print_output_shows_under_the_program_also_before_an_error() {
    let lab = mount().await;
    assert!(
        lab.all("[data-role=stdout]").is_empty(),
        "nothing printed, nothing shown"
    );
    lab.run("x = np.arange(6)\nprint(x.shape)\nprint(x.strides, x.ndim)\nx.reshape(4)")
        .await;
    // CPython with NumPy 2.4.6 prints these two lines, then raises the ValueError.
    assert_eq!(lab.text("[data-role=stdout]"), "(6,)\n(8,) 1");
    assert!(lab.text("[data-role=error]").contains("ValueError"));
    let stdout = lab.one("[data-role=stdout]");
    let label = lab.one(".stdout-label");
    assert_eq!(label.text_content().unwrap(), "Output");
    assert_eq!(
        stdout.get_attribute("aria-labelledby"),
        label.get_attribute("id")
    );
    let region = stdout.parent_element().unwrap();
    assert_eq!(region.get_attribute("aria-live").as_deref(), Some("polite"));
    // The output sits under the program box.
    let program = lab.one("[data-role=expression]");
    let below = program.compare_document_position(&stdout);
    assert!(below & web_sys::Node::DOCUMENT_POSITION_FOLLOWING != 0);
    lab.run("np.arange(3)").await;
    assert!(lab.all("[data-role=stdout]").is_empty());
}

#[wasm_bindgen_test]
async fn print_output_is_labelled_in_spanish() {
    let options = Options::from_pairs([("lang", "es".to_string())]);
    let lab = mount_with(options).await;
    lab.run("print('hola')\n1").await;
    assert_eq!(lab.text("[data-role=stdout]"), "hola");
    assert_eq!(lab.text(".stdout-label"), "Salida");
}

#[wasm_bindgen_test]
async fn switching_units_keeps_the_selection_and_the_numbers() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4)\nx.T").await;
    lab.point("[data-index=\"1,2\"]").await;
    assert_eq!(lab.selected_cells(), strings(&["1,2"]));
    assert_eq!(lab.selected_memory(), strings(&["9"]));
    lab.click("[data-role=units]").await;
    // The same cell, its element's eight bytes, and the rule in bytes (x.T[1, 2] is 72 bytes in).
    assert_eq!(lab.selected_cells(), strings(&["1,2"]));
    assert_eq!(
        lab.selected_memory(),
        strings(&["72", "73", "74", "75", "76", "77", "78", "79"])
    );
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 1·8 + 2·32 = 72"
    );
    assert_eq!(lab.text("[data-role=strides]"), "(8, 32)");
    assert_eq!(lab.text("[data-role=nbytes]"), "96 B");
    lab.click("[data-role=units]").await;
    assert_eq!(lab.selected_cells(), strings(&["1,2"]));
    assert_eq!(lab.text("[data-role=strides]"), "(1, 4)");
}

#[wasm_bindgen_test]
async fn printed_arrays_keep_numpys_lines_and_columns() {
    let lab = mount().await;
    lab.run("x = np.arange(6.0).reshape(2, 3) / 4\nprint(x)\nprint(repr(x[:, ::-1]))\nprint(torch.arange(6).reshape(2, 3))\nx")
        .await;
    // CPython with NumPy 2.4.6 and PyTorch 2.15.0 prints exactly these lines.
    assert_eq!(
        lab.text("[data-role=stdout]"),
        "[[0.   0.25 0.5 ]\n [0.75 1.   1.25]]\narray([[0.5 , 0.25, 0.  ],\n       [1.25, 1.  , 0.75]])\ntensor([[0, 1, 2],\n        [3, 4, 5]])"
    );
    // Pre-formatted, in a monospaced font, so the columns line up as in a terminal.
    let stdout = lab.one("[data-role=stdout]");
    assert_eq!(stdout.tag_name(), "PRE");
    let style = web_sys::window()
        .unwrap()
        .get_computed_style(&stdout)
        .unwrap()
        .unwrap();
    assert_eq!(style.get_property_value("white-space").unwrap(), "pre");
    assert!(
        style
            .get_property_value("font-family")
            .unwrap()
            .contains("monospace")
    );
}

/// Issue 24 item 16: NumPy 2.4.6 prints six flags; PyTorch 2.15 writes a tensor's shape as
/// `torch.Size([…])`, printed and as the program's last value (`crates/arrays/tests/
/// printed_objects.rs` holds the recorded text).
#[wasm_bindgen_test]
async fn flags_and_torch_sizes_read_as_the_libraries_write_them() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4)\nprint(x.T.flags)\nx.T")
        .await;
    assert!(
        lab.text("[data-role=stdout]").starts_with(
            "  C_CONTIGUOUS : False\n  F_CONTIGUOUS : True\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False"
        ),
        "{}",
        lab.text("[data-role=stdout]")
    );
    lab.run("t = torch.zeros(8, 12, 1024, 64)\nprint(t.shape, t.stride())\nt.shape")
        .await;
    assert_eq!(
        lab.text("[data-role=stdout]"),
        "torch.Size([8, 12, 1024, 64]) (786432, 65536, 64, 1)"
    );
    assert_eq!(
        lab.text("[data-role=value]"),
        "torch.Size([8, 12, 1024, 64])"
    );
    lab.run("t = torch.zeros(8, 12, 1024, 64)\n(t.shape, t.stride())")
        .await;
    assert_eq!(
        lab.text("[data-role=value]"),
        "(torch.Size([8, 12, 1024, 64]), (786432, 65536, 64, 1))"
    );
}
