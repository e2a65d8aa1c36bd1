//! Issue 18, the reading order: the positions an array reads in row order drawn as steps over its
//! memory; a copy's walk over its source, a view's one click away, and the walk a failing view's
//! copy would take, with why no strides fit (English and Spanish).

use wasm_bindgen_test::wasm_bindgen_test;

use array_picture::Units;
use strides_lab::i18n::Lang;
use strides_lab::options::Options;

use crate::support::{Lab, mount, mount_with};

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
            "Los pasos son +4 y luego −7: un eje de la nueva shape tendría que dar los dos",
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

#[wasm_bindgen_test]
async fn a_copy_in_column_order_walks_its_source_in_column_order() {
    let lab = mount().await;
    lab.run("x = np.arange(12.0).reshape(3, 4)\nx.reshape(2, 6, order='F')")
        .await;
    // NumPy copies x in column order (the copy, y.base, is F-contiguous): 0, 4, 8, then back 7.
    assert_eq!(
        steps(&lab, "source")[..3],
        [
            step("0", "4", false),
            step("4", "8", false),
            step("8", "1", true)
        ]
    );
    assert!(
        lab.text("[data-role=walk]")
            .contains("is read in column order")
    );
}
