//! Issue 18, the lesson's pictures: the address rule drawn as jumps on the memory row, and written
//! in reverse for a memory cell; reads outside the buffer; sliding windows and their overlapping
//! reads. The reading order is in `walks.rs`.

use wasm_bindgen_test::wasm_bindgen_test;

use array_picture::Units;
use strides_lab::i18n::Lang;
use strides_lab::options::Options;

use crate::support::{Lab, mount, mount_with};

/// `(axis, count, stride, from, to)` of each drawn jump, in axis order.
fn jumps(lab: &Lab) -> Vec<[String; 5]> {
    lab.all("[data-role=jumps] [data-role=jump]")
        .iter()
        .map(|j| {
            [
                "data-axis",
                "data-count",
                "data-stride",
                "data-from",
                "data-to",
            ]
            .map(|a| j.get_attribute(a).unwrap_or_default())
        })
        .collect()
}

fn row(items: [&str; 5]) -> [String; 5] {
    items.map(str::to_string)
}

#[wasm_bindgen_test]
async fn the_transpose_cell_1_2_is_one_hop_of_1_then_two_of_4() {
    let lab = mount().await;
    lab.press("x.T").await;
    assert!(
        jumps(&lab).is_empty(),
        "no jumps before a cell is pointed at"
    );
    lab.point(".grid [data-index=\"1,2\"]").await;
    assert_eq!(
        jumps(&lab),
        [
            row(["0", "1", "1", "0", "1"]),
            row(["1", "2", "4", "1", "9"])
        ]
    );
    // Each hop is drawn over the row, labelled with its axis's letter (colour is not alone).
    let hops = lab.all("[data-role=jump][data-axis=\"1\"] .hop");
    assert_eq!(hops.len(), 2);
    assert_eq!(hops[0].text_content().unwrap(), "j +4");
    // The same axis is in the same colour in the rule.
    assert_eq!(lab.all("[data-role=address-rule] .term.axis-1").len(), 2);
    assert!(lab.text("[data-role=address-rule]").ends_with("= 9"));
    // The focus moves from the keyboard as well: jumps follow.
    lab.focus(".grid [data-index=\"0,1\"]").await;
    assert_eq!(jumps(&lab), [row(["1", "1", "4", "0", "4"])]);
}

#[wasm_bindgen_test]
async fn on_the_byte_shelf_int32_a_2_1_is_two_hops_of_16_and_one_of_4_ending_at_36() {
    let lab = mount_with(Options {
        program: Some("a = np.arange(12, dtype=np.int32).reshape(3, 4)\na".into()),
        units: Some(Units::Bytes),
        ..Options::default()
    })
    .await;
    lab.point(".grid [data-index=\"2,1\"]").await;
    assert_eq!(
        jumps(&lab),
        [
            row(["0", "2", "16", "0", "32"]),
            row(["1", "1", "4", "32", "36"])
        ]
    );
}

#[wasm_bindgen_test]
async fn a_broadcast_axis_stays_and_pointing_keeps_the_memory_cells() {
    let lab = mount().await;
    lab.press("np.broadcast_to(x[0], (3, 4))").await;
    let before = lab.one(".memory [data-addr=\"3\"]");
    lab.point(".grid [data-index=\"2,3\"]").await;
    assert_eq!(
        jumps(&lab),
        [
            row(["0", "2", "0", "0", "0"]),
            row(["1", "3", "1", "0", "3"])
        ]
    );
    assert!(
        lab.text("[data-role=jump][data-axis=\"0\"]")
            .contains("stays")
    );
    // The memory cells are the same elements: a move redraws the jumps, not the row.
    assert!(before.is_same_node(Some(&lab.one(".memory [data-addr=\"3\"]"))));
}

#[wasm_bindgen_test]
async fn a_memory_cell_writes_the_rule_in_reverse() {
    let lab = mount().await;
    lab.point(".memory [data-addr=\"7\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "position 7 = x[1, 3] = start + 1·4 + 3·1"
    );
    lab.press("np.broadcast_to(x[0], (3, 4))").await;
    lab.point(".memory [data-addr=\"2\"]").await;
    let rule = lab.text("[data-role=address-rule]");
    assert!(rule.starts_with("position 2, read by 3 cells: "), "{rule}");
    assert!(rule.contains("[2, 2] = start + 2·0 + 2·1"), "{rule}");
    lab.press("x[1:, 1:]").await;
    lab.point(".memory [data-addr=\"0\"]").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "position 0: no cell of x[1:, 1:] reads it"
    );
}

#[wasm_bindgen_test]
async fn a_read_outside_the_buffer_is_drawn_beside_the_row_and_named() {
    let lab = mount_with(Options {
        program: Some(
            "a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (4, 3), (16, 8))".into(),
        ),
        ..Options::default()
    })
    .await;
    let outside: Vec<String> = lab
        .all("[data-role=outside] [data-outside]")
        .iter()
        .filter_map(|e| e.get_attribute("data-outside"))
        .collect();
    assert_eq!(outside, ["6", "7", "8"]);
    assert!(
        lab.text("[data-role=outside]")
            .contains("outside the buffer")
    );
    // Not memory cells of the array: six of those, as the buffer holds.
    assert_eq!(lab.all(".memory [data-addr]").len(), 6);
    lab.point(".grid [data-index=\"3,2\"]").await;
    assert_eq!(
        jumps(&lab),
        [
            row(["0", "3", "2", "0", "6"]),
            row(["1", "2", "1", "6", "8"])
        ]
    );
    // The last hop lands on the drawn position 8, outside the row: it is shown, not hidden.
    let last = lab.all("[data-role=jump][data-axis=\"1\"] .hop");
    let last = last.last().unwrap().clone();
    let style = web_sys::window()
        .unwrap()
        .get_computed_style(&last)
        .unwrap()
        .unwrap();
    assert_ne!(style.get_property_value("display").unwrap(), "none");
}

/// `(window, from, to)` of each window's bar.
fn window_bars(lab: &Lab) -> Vec<[String; 3]> {
    lab.all("[data-role=windows] [data-role=window]")
        .iter()
        .map(|w| {
            ["data-window", "data-from", "data-to"].map(|a| w.get_attribute(a).unwrap_or_default())
        })
        .collect()
}

fn marked_windows(lab: &Lab) -> Vec<String> {
    lab.all("[data-role=window].current")
        .iter()
        .filter_map(|w| w.get_attribute("data-window"))
        .collect()
}

const WINDOWS: &str = "a = np.arange(6.0)\nw = np.lib.stride_tricks.sliding_window_view(a, 3)\nw";

#[wasm_bindgen_test]
async fn sliding_windows_overlap_on_the_row_and_a_cell_names_the_windows_reading_it() {
    let lab = mount_with(Options {
        program: Some(WINDOWS.into()),
        ..Options::default()
    })
    .await;
    // NumPy: 4 windows of 3, strides (8, 8): window k reads a[k:k + 3].
    assert_eq!(
        window_bars(&lab),
        [
            ["0", "0", "2"],
            ["1", "1", "3"],
            ["2", "2", "4"],
            ["3", "3", "5"]
        ]
        .map(|r| r.map(str::to_string))
    );
    // The overlap is drawn: windows 0 and 1 share columns, so they sit in different lanes.
    // (Where the bars sit needs the page's CSS: tests/pages/pictures.test.mjs measures it.)
    assert_eq!(lab.text(".memory [data-addr=\"2\"] .reads"), "×3");
    assert!(
        lab.text("[data-role=windows-caption]")
            .starts_with("4 windows of 3 cells: ")
    );
    lab.point(".memory [data-addr=\"2\"]").await;
    let rule = lab.text("[data-role=address-rule]");
    assert!(
        rule.starts_with(
            "position 2, read by 3 windows: w[0, 2] = start + 0·1 + 2·1 (window [0]); "
        ),
        "{rule}"
    );
    assert!(
        rule.ends_with("w[2, 0] = start + 2·1 + 0·1 (window [2])"),
        "{rule}"
    );
    assert_eq!(marked_windows(&lab), ["0", "1", "2"]);
    lab.point(".grid [data-index=\"3,1\"]").await;
    assert_eq!(marked_windows(&lab), ["3"]);
}

#[wasm_bindgen_test]
async fn windows_in_spanish_and_arrays_without_windows_draw_no_bars() {
    let lab = mount_with(Options {
        program: Some(WINDOWS.into()),
        lang: Some(Lang::Es),
        ..Options::default()
    })
    .await;
    lab.point(".memory [data-addr=\"4\"]").await;
    let rule = lab.text("[data-role=address-rule]");
    assert!(
        rule.starts_with("posición 4, la leen 2 ventanas: "),
        "{rule}"
    );
    assert!(rule.contains("(ventana [3])"), "{rule}");
    assert!(
        lab.text("[data-role=windows-caption]")
            .starts_with("4 ventanas de 3 celdas: ")
    );
    lab.run("x = np.arange(12.0).reshape(3, 4)\nnp.broadcast_to(x[0], (3, 4))")
        .await;
    assert!(lab.all("[data-role=window]").is_empty());
    assert!(lab.all("[data-role=windows-caption]").is_empty());
}
