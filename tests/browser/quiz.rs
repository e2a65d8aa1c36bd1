//! The quiz: questions answered on the page, feedback that names the mistake, hints, worked
//! answers, practice sets, and progress kept in localStorage.

use wasm_bindgen_test::wasm_bindgen_test;

use wasm_bindgen::JsCast;

use crate::support::{mount, mount_persistent, strings};

#[wasm_bindgen_test]
async fn the_first_question_is_the_lessons_and_a_right_answer_is_correct() {
    let lab = mount().await;
    assert_eq!(
        lab.one(".quiz-card")
            .get_attribute("data-question")
            .as_deref(),
        Some("u1-position-3x5")
    );
    assert_eq!(lab.answer("13").await, "correct");
    assert!(lab.text("[data-role=feedback]").contains("Correct"));
    assert!(
        lab.text(".quiz-nav [data-question=\"u1-position-3x5\"]")
            .contains('✓')
    );
}

#[wasm_bindgen_test]
async fn a_wrong_answer_is_diagnosed() {
    let lab = mount().await;
    lab.open_question("u1-strides-xT").await;
    assert_eq!(lab.answer("(8, 32)").await, "bytes-instead-of-elements");
    assert_eq!(lab.answer("(4, 1)").await, "forgot-swap");
    assert_eq!(lab.answer("[1, 4]").await, "correct");
    lab.open_question("u1-position-3x5").await;
    assert_eq!(lab.answer("banana").await, "unreadable");
    // An unreadable answer is asked again, not counted as a wrong try.
    let nav = lab.text(".quiz-nav [data-question=\"u1-position-3x5\"]");
    assert!(!nav.contains('✗') && !nav.contains('✓'), "{nav}");
    assert!(
        lab.text(".quiz-nav [data-question=\"u1-strides-xT\"]")
            .contains('✓')
    );
}

#[wasm_bindgen_test]
async fn a_choice_is_picked_and_checked() {
    let lab = mount().await;
    lab.open_question("u1-predict-write-through-T").await;
    lab.click(".quiz-card input[value=B]").await;
    lab.click(".quiz-card [data-role=check]").await;
    assert_eq!(lab.feedback("correct").as_deref(), Some("true"));
    lab.click(".quiz-card input[value=A]").await;
    lab.click(".quiz-card [data-role=check]").await;
    assert_eq!(
        lab.feedback("diagnosis").as_deref(),
        Some("view-taken-for-copy")
    );
}

#[wasm_bindgen_test]
async fn hints_worked_answers_and_the_lab_are_one_click_away() {
    let lab = mount().await;
    lab.open_question("u1-strides-2x3x4").await;
    lab.click(".quiz-card [data-role=hint]").await;
    assert!(!lab.text("[data-role=hint-text]").is_empty());
    lab.click(".quiz-card [data-role=worked]").await;
    assert!(lab.text("[data-role=worked-text]").contains("(12, 4, 1)"));
    // The lab shows the strides asked for, so it opens after a first try.
    lab.answer("(1, 1, 1)").await;
    lab.click(".quiz-card [data-role=open]").await;
    let area = lab.one("[data-role=expression]");
    let program = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlTextAreaElement>(area)
        .unwrap()
        .value();
    assert!(program.contains("(2, 3, 4)"), "{program}");
    assert_eq!(lab.text("[data-role=shape]"), "(2, 3, 4)");
}

#[wasm_bindgen_test]
async fn practice_sets_come_from_a_shown_seed() {
    let lab = mount().await;
    lab.enter("[data-role=seed]", "42").await;
    lab.click("[data-role=generate]").await;
    assert_eq!(
        lab.one(".quiz-card")
            .get_attribute("data-question")
            .as_deref(),
        Some("gen-42-0")
    );
    let first = lab.text(".quiz-card .prompt");
    let again = mount().await;
    again.enter("[data-role=seed]", "42").await;
    again.click("[data-role=generate]").await;
    assert_eq!(again.text(".quiz-card .prompt"), first);
}

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
async fn progress_survives_a_reload() {
    storage().remove_item("strides-lab.progress").unwrap();
    {
        let lab = mount_persistent().await;
        lab.answer("13").await;
    }
    let stored = storage().get_item("strides-lab.progress").unwrap().unwrap();
    assert!(stored.contains("u1-position-3x5"), "{stored}");
    let lab = mount_persistent().await;
    yew::scheduler::flush().await;
    assert!(
        lab.text(".quiz-nav [data-question=\"u1-position-3x5\"]")
            .contains('✓')
    );
    storage().remove_item("strides-lab.progress").unwrap();
}

#[wasm_bindgen_test]
async fn unreadable_progress_is_set_aside_with_a_notice() {
    storage()
        .set_item("strides-lab.progress", "{not json at all")
        .unwrap();
    let lab = mount_persistent().await;
    yew::scheduler::flush().await;
    assert!(!lab.text("[data-role=progress-notice]").is_empty());
    assert_eq!(
        storage()
            .get_item("strides-lab.progress.set-aside")
            .unwrap()
            .as_deref(),
        Some("{not json at all")
    );
    lab.answer("13").await;
    let stored = storage().get_item("strides-lab.progress").unwrap().unwrap();
    assert!(stored.contains("u1-position-3x5"));
    storage().remove_item("strides-lab.progress").unwrap();
    storage()
        .remove_item("strides-lab.progress.set-aside")
        .unwrap();
}

#[wasm_bindgen_test]
async fn a_code_question_runs_the_learners_python_in_the_page() {
    let lab = mount().await;
    lab.open_question("u1-code-contiguous-strides").await;
    assert!(
        lab.text(".quiz-card .template")
            .contains("def contiguous_strides(shape):")
    );
    assert_eq!(
        lab.answer("strides.append(step); step *= size").await,
        "wrong-result"
    );
    let feedback = lab.text("[data-role=feedback]");
    assert!(feedback.contains("contiguous_strides("), "{feedback}");
    assert!(feedback.contains("returned"), "{feedback}");
    assert_eq!(lab.answer("while True:\n    pass").await, "limit");
    assert_eq!(lab.answer("strides.insert(0 step)").await, "syntax-error");
    assert_eq!(
        lab.answer("strides = [step] + strides; step = step * size")
            .await,
        "correct"
    );
}

#[wasm_bindgen_test]
async fn a_code_answers_prints_and_caret_are_shown_as_written() {
    let lab = mount().await;
    lab.open_question("u1-code-contiguous-strides").await;
    // A debugging print does not fail a right answer; what it printed is shown, not judged.
    assert_eq!(
        lab.answer("print(size); strides.insert(0, step); step *= size")
            .await,
        "correct"
    );
    assert_eq!(lab.text("[data-role=printed]"), "4\n3\n");
    // A syntax error's caret keeps its column under the learner's text.
    assert_eq!(lab.answer("strides.insert(0, step").await, "syntax-error");
    let caret = lab.text("[data-role=caret]");
    assert!(caret.ends_with("\n                  ^"), "{caret:?}");
    assert_eq!(lab.answer("   ").await, "empty-answer");
    assert!(lab.all("[data-role=printed]").is_empty());
}

#[wasm_bindgen_test]
async fn two_tabs_writing_at_once_lose_nothing() {
    storage().remove_item("strides-lab.progress").unwrap();
    let lab = mount_persistent().await;
    // Another tab records its own answer after this one has read the store.
    storage()
        .set_item(
            "strides-lab.progress",
            r#"{"version": 1, "questions": {"u1-strides-xT": {"answered": 2, "correct": true, "last": "(1, 4)"}}}"#,
        )
        .unwrap();
    lab.answer("13").await;
    let stored = storage().get_item("strides-lab.progress").unwrap().unwrap();
    assert!(stored.contains("u1-strides-xT"), "{stored}");
    assert!(stored.contains("u1-position-3x5"), "{stored}");
    storage().remove_item("strides-lab.progress").unwrap();
}

#[wasm_bindgen_test]
async fn every_letter_that_applies_is_picked_in_any_order_and_unpicked() {
    let lab = mount().await;
    lab.open_question("s1-which-copy").await;
    // Out of letter order, and A picked then unpicked.
    for letter in ["E", "A", "C", "B", "A", "D"] {
        lab.click(&format!(".quiz-card input[value={letter}]"))
            .await;
    }
    let checked: Vec<String> = lab
        .all(".quiz-card input[type=checkbox]")
        .into_iter()
        .filter(|e| {
            e.clone()
                .dyn_into::<web_sys::HtmlInputElement>()
                .is_ok_and(|i| i.checked())
        })
        .filter_map(|e| e.get_attribute("value"))
        .collect();
    assert_eq!(checked, strings(&["B", "C", "D", "E"]));
    lab.click(".quiz-card [data-role=check]").await;
    assert_eq!(lab.feedback("correct").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn questions_are_listed_by_section_with_their_state() {
    let lab = mount().await;
    let headings: Vec<String> = lab
        .all("[data-role=quiz-section] h3")
        .iter()
        .map(|h| h.text_content().unwrap_or_default())
        .collect();
    // The built-in files' five sections, in the bank's order.
    assert_eq!(headings.len(), 5, "{headings:?}");
    assert_eq!(headings[0], "U1. Tensors in memory");
    let first = lab.one(".quiz-nav [data-question=\"u1-position-3x5\"]");
    assert_eq!(
        first.get_attribute("data-state").as_deref(),
        Some("unanswered")
    );
    lab.answer("12").await;
    let first = lab.one(".quiz-nav [data-question=\"u1-position-3x5\"]");
    assert_eq!(first.get_attribute("data-state").as_deref(), Some("wrong"));
    lab.answer("13").await;
    let first = lab.one(".quiz-nav [data-question=\"u1-position-3x5\"]");
    assert_eq!(first.get_attribute("data-state").as_deref(), Some("right"));
}

#[wasm_bindgen_test]
async fn seed_threes_split_heads_is_answered_with_numpy_in_the_page() {
    let lab = mount().await;
    lab.open_question("s3-code-split-heads").await;
    assert!(
        lab.text(".quiz-card .template")
            .contains("def split_heads(X, h):")
    );
    // The seed's wrong version: the right shape, head 0 gets all of token 0.
    assert_eq!(
        lab.answer("B, T, d = X.shape\nreturn X.reshape(B, h, T, d // h)")
            .await,
        "wrong-result"
    );
    let feedback = lab.text("[data-role=feedback]");
    assert!(feedback.contains("[4, 5]]"), "{feedback}");
    assert_eq!(
        lab.answer("B, T, d = X.shape\nreturn X.reshape(B, T, h, d // h).swapaxes(1, 2)")
            .await,
        "correct"
    );
}

#[wasm_bindgen_test]
async fn a_correct_code_answer_says_what_it_cost_in_the_verdict() {
    let lab = mount().await;
    lab.open_question("s3-code-pairwise-sq-dists").await;
    // The direct broadcast: right, but it builds the n×m×d intermediate (A (20, 6) against
    // B (10, 6) of int64 on the largest case; crates/quiz/tests/cost_numpy.rs asks NumPy).
    assert_eq!(
        lab.answer("return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)")
            .await,
        "correct"
    );
    let cost = lab.one("[data-role=feedback] [data-role=cost]");
    assert_eq!(
        cost.get_attribute("data-peak-bytes").as_deref(),
        Some("9600")
    );
    assert_eq!(
        cost.get_attribute("data-result-is-view").as_deref(),
        Some("false")
    );
    let said = cost.text_content().unwrap_or_default();
    assert!(said.contains("n×m×d = 20×10×6 (9.38 KiB)"), "{said}");
    assert!(
        said.contains("the expanded square needs only n×m = 20×10 (1.56 KiB)"),
        "{said}"
    );
    assert_eq!(lab.text("[data-role=feedback] strong"), "✓ Correct.");
    // A wrong answer says no cost.
    assert_eq!(lab.answer("return A @ B.T").await, "wrong-result");
    assert!(lab.all("[data-role=cost]").is_empty());
    // Windows by as_strided: a view, nothing copied.
    lab.open_question("s3-code-sliding-windows").await;
    assert_eq!(
        lab.answer("s = x.strides[0]\nreturn as_strided(x, shape=((len(x) - k) // step + 1, k), strides=(step * s, s))")
            .await,
        "correct"
    );
    assert_eq!(
        lab.text("[data-role=cost]"),
        "No number was copied: every window is a view of x."
    );
    assert_eq!(
        lab.one("[data-role=cost]")
            .get_attribute("data-result-is-view")
            .as_deref(),
        Some("true")
    );
}
