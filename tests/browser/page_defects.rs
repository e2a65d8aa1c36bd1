//! Issue 19, defects 1–4, as a learner meets them: a draft in the program box survives the
//! pointer, a preset keeps the learner's units, a dtype that breaks a program says so and can be
//! undone, and the keyboard leaves the code box, checks with Ctrl+Enter, and reaches the array
//! through one toolbar and a skip link. (Defect 5, the address rule's geometry, is a page test:
//! tests/pages/rule.test.mjs.)

use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{HtmlElement, HtmlTextAreaElement};

use crate::support::{Lab, mount};

const HEADS: &str = "out = np.arange(1280.0).reshape(2, 4, 10, 16); np.swapaxes(out, 1, 2)";

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The element that has the keyboard focus, if it is inside `lab`.
fn focused(lab: &Lab) -> Option<web_sys::Element> {
    document()
        .active_element()
        .filter(|e| lab.root.contains(Some(e)))
}

/// Presses `key` (with Ctrl or Cmd when asked) on the focused element; returns whether the page
/// took the key for itself (`preventDefault`), i.e. the browser's own action does not happen.
async fn press(key: &str, ctrl: bool, meta: bool) -> bool {
    let target = document()
        .active_element()
        .expect("something has the focus");
    let init = web_sys::KeyboardEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_meta_key(meta);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
    yew::scheduler::flush().await;
    event.default_prevented()
}

fn program_box(lab: &Lab) -> HtmlTextAreaElement {
    lab.one("[data-role=expression]").dyn_into().unwrap()
}

// Defect 1.
#[wasm_bindgen_test]
async fn a_draft_survives_whatever_the_pointer_does() {
    let lab = mount().await;
    lab.run(HEADS).await;
    assert_eq!(lab.text("[data-role=shape]"), "(2, 10, 4, 16)");
    lab.point("[data-index=\"0,1,2,3\"]").await;
    // The learner types a new program; meanwhile the pointer crosses more cells.
    let area = program_box(&lab);
    area.focus().unwrap();
    lab.type_into("[data-role=expression]", "y = np.arange(6)\ny[::2]")
        .await;
    lab.point("[data-index=\"1,2,3,4\"]").await;
    lab.point("[data-index=\"1,9,3,15\"]").await;
    assert_eq!(area.value(), "y = np.arange(6)\ny[::2]");
    area.focus().unwrap();
    press("Enter", false, false).await;
    assert_eq!(lab.text("[data-role=shape]"), "(3,)");
    assert_eq!(program_box(&lab).value(), "y = np.arange(6)\ny[::2]");
    // A preset still replaces the box's text: that is the learner's own choice.
    lab.press("x.T").await;
    assert_eq!(
        program_box(&lab).value(),
        "x = np.arange(12.0).reshape(3, 4)\nx.T"
    );
}

// Defect 2.
#[wasm_bindgen_test]
async fn a_preset_keeps_the_units_the_learner_chose() {
    let lab = mount().await;
    lab.click("[data-role=units]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(32, 8)");
    lab.press("x.T").await;
    assert_eq!(lab.text("[data-role=strides]"), "(8, 32)");
    assert_eq!(
        lab.one("[data-role=units]")
            .get_attribute("aria-pressed")
            .as_deref(),
        Some("true")
    );
    lab.click("[data-role=units]").await;
    lab.press("x[:, ::2]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(4, 2)");
}

// Defect 3.
#[wasm_bindgen_test]
async fn a_dtype_that_breaks_a_preset_says_it_is_the_cause_and_undoes() {
    let lab = mount().await;
    lab.choose("[data-role=dtype-choice]", "bool").await;
    lab.press("x.T").await;
    let error = lab.text("[data-role=error]");
    assert!(error.contains("bool"), "{error}");
    assert!(
        error.contains("arange() is only supported for booleans"),
        "{error}"
    );
    // It is the menu's choice, not a line the learner typed.
    assert!(!error.contains("line 1"), "{error}");
    assert!(lab.all("[data-role=fault]").is_empty());
    lab.click("[data-role=dtype-undo]").await;
    assert_eq!(lab.text("[data-role=strides]"), "(1, 4)");
    assert_eq!(
        lab.one("[data-role=dtype-choice]")
            .dyn_into::<web_sys::HtmlSelectElement>()
            .unwrap()
            .value(),
        ""
    );
    // A program that fails as written is still the program's fault, marked where it fails.
    lab.choose("[data-role=dtype-choice]", "int32").await;
    lab.run("x = np.arange(12.0)\ny = x.reshape(5)").await;
    assert_eq!(lab.text("[data-role=fault]"), "x.reshape(5)");
    assert!(lab.all("[data-role=dtype-undo]").is_empty());
}

// Defect 4: the code answer box.
#[wasm_bindgen_test]
async fn escape_then_tab_leaves_the_code_box_and_ctrl_enter_checks() {
    let lab = mount().await;
    lab.open_question("u1-code-contiguous-strides").await;
    let selector = ".quiz-card [data-role=code-answer]";
    lab.type_into(selector, "strides.append(step); step *= size")
        .await;
    lab.focus(selector).await;
    // Tab indents …
    assert!(press("Tab", false, false).await);
    let area: HtmlTextAreaElement = lab.one(selector).dyn_into().unwrap();
    assert!(area.value().ends_with("    "), "{:?}", area.value());
    // … but after Escape it is the browser's: focus moves on, nothing is typed.
    press("Escape", false, false).await;
    assert!(!press("Tab", false, false).await);
    assert!(area.value().ends_with("size    "), "{:?}", area.value());
    // Escape counts once: the next Tab indents again.
    assert!(press("Tab", false, false).await);
    // Ctrl+Enter and Cmd+Enter check.
    lab.type_into(selector, "strides.append(step); step *= size")
        .await;
    lab.focus(selector).await;
    assert!(press("Enter", true, false).await);
    assert_eq!(lab.feedback("diagnosis").as_deref(), Some("wrong-result"));
    lab.type_into(selector, "strides = [step] + strides; step = step * size")
        .await;
    lab.focus(selector).await;
    assert!(press("Enter", false, true).await);
    assert_eq!(lab.feedback("correct").as_deref(), Some("true"));
    // Said beside the box.
    let help = lab.text(".quiz-card .code-answer .help");
    assert!(help.contains("Esc"), "{help}");
    assert!(help.contains("Ctrl+Enter"), "{help}");
}

// Defect 4: the presets are one toolbar, one Tab stop, arrow keys.
#[wasm_bindgen_test]
async fn the_presets_are_one_toolbar_with_one_tab_stop() {
    let lab = mount().await;
    let toolbars = lab.all(".examples [role=toolbar]");
    assert_eq!(toolbars.len(), 1);
    let stops = lab.all(".examples [tabindex=\"0\"]");
    assert_eq!(stops.len(), 1);
    assert_eq!(stops[0].text_content().unwrap(), "x");
    let buttons = lab.all(".examples button.preset");
    assert!(
        buttons
            .iter()
            .all(|b| b.get_attribute("tabindex").is_some())
    );
    let summary = lab.one(".examples summary");
    assert_eq!(summary.get_attribute("tabindex").as_deref(), Some("-1"));
    lab.focus(".examples [tabindex=\"0\"]").await;
    assert!(press("ArrowRight", false, false).await);
    assert_eq!(focused(&lab).unwrap().text_content().unwrap(), "x.T");
    press("End", false, false).await;
    // The last item while "More examples" is closed is its summary.
    assert!(focused(&lab).unwrap().matches("summary").unwrap());
    press("Home", false, false).await;
    assert_eq!(focused(&lab).unwrap().text_content().unwrap(), "x");
    press("ArrowLeft", false, false).await;
    assert!(focused(&lab).unwrap().matches("summary").unwrap());
    // The Tab stop follows the focus.
    let stops = lab.all(".examples [tabindex=\"0\"]");
    assert_eq!(stops.len(), 1);
    assert!(stops[0].matches("summary").unwrap());
}

// Defect 4: a skip link, first in the lab, puts the focus on the array.
#[wasm_bindgen_test]
async fn the_first_focusable_element_skips_to_the_array() {
    let lab = mount().await;
    let first = lab
        .one("a[href], button, summary, textarea, select, input, [tabindex=\"0\"]")
        .dyn_into::<HtmlElement>()
        .unwrap();
    assert!(first.matches("[data-role=skip]").unwrap());
    first.click();
    yew::scheduler::flush().await;
    let now = focused(&lab).expect("the focus is in the lab");
    assert_eq!(now.get_attribute("data-index").as_deref(), Some("0,0"));
}
