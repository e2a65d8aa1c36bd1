//! What a pointer move draws again. Pointing at a cell changes only the highlight, the rule and
//! the jumps: the quiz, the inputs, the facts and the cells themselves must not render again
//! (the bench's pointer move paid for every one of them). Counted by `strides_lab::renders`,
//! which debug builds (these tests) keep.

use wasm_bindgen_test::wasm_bindgen_test;

use strides_lab::renders;

use crate::support::mount;

/// Components that show nothing of the pointer.
const QUIET: [&str; 11] = [
    "QuizPanel",
    "QuizCard",
    "PresetBar",
    "ExpressionBox",
    "Controls",
    "StdoutView",
    "GridCells",
    "MemoryCells",
    "WalkView",
    "InfoPanel",
    "Explanation",
];

/// Components that draw the pointer: they must render on each move, or the counts mean nothing.
const MOVING: [&str; 3] = ["ArrayGrid", "AddressRule", "Jumps"];

fn counts(names: &[&str]) -> Vec<(String, usize)> {
    names
        .iter()
        .map(|n| (n.to_string(), renders::of(n)))
        .collect()
}

#[wasm_bindgen_test]
async fn pointing_at_cells_renders_only_what_shows_the_pointer() {
    let lab = mount().await;
    lab.press("x.T").await;
    assert!(lab.all(".quiz-card").len() == 1, "the quiz shows a card");
    assert!(
        QUIET.iter().all(|n| renders::of(n) > 0),
        "every component counted has rendered once: {:?}",
        counts(&QUIET)
    );
    let (quiet, moving) = (counts(&QUIET), counts(&MOVING));
    for k in 1..5 {
        lab.point(&format!(".grid [data-flat=\"{k}\"]")).await;
    }
    lab.point(".memory [data-addr=\"2\"]").await;
    lab.focus(".grid [data-flat=\"6\"]").await;
    assert_eq!(counts(&QUIET), quiet, "rendered again by pointer moves");
    for ((name, before), (_, after)) in moving.iter().zip(counts(&MOVING)) {
        assert!(after >= before + 6, "{name} rendered {before} → {after}");
    }
}

#[wasm_bindgen_test]
async fn the_highlight_follows_cells_drawn_again() {
    // The cells are indexed once per drawing: after the units change, the memory row is a new
    // row of bytes, and the highlight and the one Tab stop must land in it.
    let lab = mount().await;
    lab.press("x.T").await;
    // x.T[0, 2] is x[2, 0], element 8 of the float64 buffer.
    lab.point(".grid [data-flat=\"2\"]").await;
    assert_eq!(lab.selected_memory(), ["8"]);
    lab.click("[data-role=units]").await;
    lab.point(".grid [data-flat=\"2\"]").await;
    let bytes: Vec<String> = (64..72).map(|b: i32| b.to_string()).collect();
    assert_eq!(lab.selected_memory(), bytes);
    for row in [".grid", ".memory"] {
        let stops = lab.all(&format!("{row} [tabindex=\"0\"]"));
        assert_eq!(stops.len(), 1, "one Tab stop in {row}");
    }
    lab.point(".memory [data-addr=\"9\"]").await;
    assert_eq!(lab.selected_memory(), ["9"]);
}
