//! Issue 18, the lesson's pictures: the address rule drawn as jumps on the memory row, and written
//! in reverse for a memory cell.

use wasm_bindgen_test::wasm_bindgen_test;

use stride_expr::picture::Units;
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

/// `(from, to, breaks)` of the steps drawn over the memory marked `which`.
fn steps(lab: &Lab, which: &str) -> Vec<(String, String, bool)> {
    lab.all(&format!(
        "[data-role=walk] [data-memory={which}] [data-role=step]"
    ))
    .iter()
    .map(|s| {
        (
            s.get_attribute("data-from").unwrap_or_default(),
            s.get_attribute("data-to").unwrap_or_default(),
            s.has_attribute("data-breaks"),
        )
    })
    .collect()
}

fn step(from: &str, to: &str, breaks: bool) -> (String, String, bool) {
    (from.to_string(), to.to_string(), breaks)
}

#[wasm_bindgen_test]
async fn a_copy_shows_the_walk_over_its_source_then_its_own_memory_in_order() {
    let lab = mount().await;
    lab.press("x.T.reshape(2, 6)").await;
    let source = steps(&lab, "source");
    assert_eq!(source.len(), 11);
    assert_eq!(
        source[..4],
        [
            step("0", "4", false),
            step("4", "8", false),
            step("8", "1", true),
            step("1", "5", false)
        ]
    );
    let own = steps(&lab, "own");
    assert_eq!(own.len(), 11);
    assert!(
        own.iter()
            .enumerate()
            .all(|(k, s)| *s == step(&k.to_string(), &(k + 1).to_string(), false))
    );
    // The labels say the step: +4, then the −7 that breaks the pattern, bracketed.
    let labels: Vec<String> = lab
        .all("[data-memory=source] [data-role=step]")
        .iter()
        .take(3)
        .map(|s| s.text_content().unwrap_or_default())
        .collect();
    assert_eq!(labels, ["+4", "+4", "[−7]"]);
    // Next steps through the walk, and each step is said.
    lab.click("[data-role=step-next]").await;
    lab.click("[data-role=step-next]").await;
    lab.click("[data-role=step-next]").await;
    assert_eq!(
        lab.text("[data-role=walk-said]"),
        "Step 3 of 11: position 8 to 1, −7 (breaks the pattern)"
    );
    lab.click("[data-role=step-back]").await;
    assert!(
        lab.text("[data-role=walk-said]")
            .starts_with("Step 2 of 11")
    );
}

#[wasm_bindgen_test]
async fn for_a_view_the_walk_is_one_click_away() {
    let lab = mount().await;
    lab.press("x.T").await;
    assert!(steps(&lab, "own").is_empty());
    lab.click("[data-role=walk-open]").await;
    let own = steps(&lab, "own");
    assert_eq!(
        own[..3],
        [
            step("0", "4", false),
            step("4", "8", false),
            step("8", "1", true)
        ]
    );
    assert!(steps(&lab, "source").is_empty());
}

/// Waits `ms` milliseconds (the page's timers run meanwhile).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    yew::scheduler::flush().await;
}

#[wasm_bindgen_test]
async fn play_steps_through_the_walk_by_itself_and_pause_stops_it() {
    let lab = mount().await;
    lab.press("x.T.reshape(2, 6)").await;
    lab.click("[data-role=play]").await;
    assert_eq!(
        lab.one("[data-role=play]")
            .get_attribute("aria-pressed")
            .unwrap(),
        "true"
    );
    sleep(2000).await;
    let said = lab.text("[data-role=walk-said]");
    assert!(
        said.starts_with("Step 2 of 11") || said.starts_with("Step 3 of 11"),
        "{said}"
    );
    // The step being said is the one drawn as current.
    assert_eq!(
        lab.all("[data-memory=source] [data-role=step].current")
            .len(),
        1
    );
    lab.click("[data-role=play]").await;
    let paused = lab.text("[data-role=walk-said]");
    sleep(1200).await;
    assert_eq!(
        lab.text("[data-role=walk-said]"),
        paused,
        "Pause stops the walk"
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

/// `RuntimeError` in PyTorch 2.15.0 and `ValueError` in NumPy 2.4.6, word for word.
const TORCH_VIEW: &str = "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.";
const NUMPY_NO_COPY: &str = "ValueError: Unable to avoid creating a copy while reshaping.";

#[wasm_bindgen_test]
async fn a_failing_view_draws_the_walk_a_copy_would_take_and_says_why_no_strides_fit() {
    let cases = [
        (
            Lang::En,
            "The steps are +4, then −7: one axis of the new shape would have to take both",
            "Step 3 of 11: position 8 to 1, −7 (breaks the pattern)",
        ),
        (
            Lang::Es,
            "Los pasos son +4 y luego −7: un eje de la nueva forma tendría que dar los dos",
            "Paso 3 de 11: posición 8 a 1, −7 (rompe el patrón)",
        ),
    ];
    for (lang, why, said) in cases {
        let lab = mount_with(Options {
            program: Some("t = torch.arange(12).reshape(3, 4)\nt.T.view(12)".into()),
            lang: Some(lang),
            ..Options::default()
        })
        .await;
        assert!(lab.text("[data-role=error]").starts_with(TORCH_VIEW));
        // The walk .reshape(12) would take over the old memory: 0, 4, 8, 1, …, each −7 marked.
        let source = steps(&lab, "source");
        assert_eq!(source.len(), 11, "{lang:?}");
        assert_eq!(
            source[..4],
            [
                step("0", "4", false),
                step("4", "8", false),
                step("8", "1", true),
                step("1", "5", false)
            ]
        );
        let breaks: Vec<usize> = (0..11).filter(|&k| source[k].2).collect();
        assert_eq!(breaks, [2, 5, 8]);
        // No new memory: the view was refused.
        assert!(steps(&lab, "own").is_empty());
        let words = lab.text("[data-role=walk-why]");
        assert!(words.starts_with(why), "{words}");
        for _ in 0..3 {
            lab.click("[data-role=step-next]").await;
        }
        assert_eq!(lab.text("[data-role=walk-said]"), said);
    }
}

#[wasm_bindgen_test]
async fn a_failing_view_of_numpys_reshape_without_copy_walks_in_the_order_asked_in_bytes() {
    let lab = mount_with(Options {
        program: Some(
            "x = np.arange(12.0).reshape(3, 4)\nx.reshape(2, 6, order='F', copy=False)".into(),
        ),
        units: Some(Units::Bytes),
        ..Options::default()
    })
    .await;
    assert!(lab.text("[data-role=error]").starts_with(NUMPY_NO_COPY));
    // Column order over x's float64 memory: 0, 32, 64, then back 56 to byte 8.
    let source = steps(&lab, "source");
    assert_eq!(
        source[..3],
        [
            step("0", "32", false),
            step("32", "64", false),
            step("64", "8", true)
        ]
    );
    assert!(lab.text("[data-role=walk]").contains("in column order"));
    // NumPy's way out, not PyTorch's: there is no .contiguous() on a NumPy array.
    let why = lab.text("[data-role=explanation]");
    assert!(why.contains("Without copy=False, reshape copies"), "{why}");
    assert!(!why.contains("contiguous()"), "{why}");
    // A size error has no walk: nothing was read.
    lab.run("x = np.arange(12.0)\nx.reshape(5, 3)").await;
    assert!(lab.all("[data-role=walk]").is_empty());
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

#[wasm_bindgen_test]
async fn a_walk_that_reaches_far_draws_only_the_cells_it_reads() {
    let lab = mount_with(Options {
        program: Some("x = np.arange(90000.0).reshape(300, 300)\nx.T.reshape(-1)".into()),
        ..Options::default()
    })
    .await;
    // The first 96 steps read 0, 300, …, 28800: 97 cells, not the 28,801 up to the last.
    let cells = lab.all("[data-memory=source] [data-walk-addr]");
    assert_eq!(cells.len(), 97);
    assert_eq!(
        cells[1].get_attribute("data-walk-addr").as_deref(),
        Some("300")
    );
    assert_eq!(lab.all("[data-memory=source] .wcell.gap").len(), 96);
    let source = steps(&lab, "source");
    assert_eq!(source.len(), 96);
    assert_eq!(source[0], step("0", "300", false));
}

#[wasm_bindgen_test]
async fn the_heads_tensors_failed_view_writes_its_walk_past_the_first_break() {
    let lab = mount_with(Options {
        program: Some(
            "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2).view(2, 10, 64)"
                .into(),
        ),
        ..Options::default()
    })
    .await;
    // Row order over the transposed (2, 10, 4, 16) reads 0 … 15, then jumps to 160.
    let written = lab.text("[data-memory=source] .walk-text");
    assert!(
        written.contains("14 → 15 → 160 → … (and 1263 more)"),
        "{written}"
    );
    assert!(
        lab.text("[data-role=walk-why]")
            .starts_with("The steps are +1, then +145:")
    );
    assert!(
        lab.text("[data-role=explanation]")
            .contains(".contiguous() first copies")
    );
}
