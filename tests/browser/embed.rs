//! Labs as course pages embed them: several on one page, independent, in English and Spanish;
//! options that choose panels and a question; bad options reported in the widget; and a bug that
//! panics replacing every lab with a message and a reload button.

use strides_lab::options::Options;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::mount_with;

fn options(pairs: &[(&'static str, &str)]) -> Options {
    Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.to_string())))
}

#[wasm_bindgen_test]
async fn two_labs_on_one_page_are_independent_one_in_spanish() {
    let en = mount_with(options(&[("lang", "en")])).await;
    let es = mount_with(options(&[("lang", "es"), ("preset", "x.T")])).await;
    assert!(es.text(".memory-view h2").contains("Memoria"));
    assert!(en.text(".memory-view h2").contains("Memory"));
    assert_eq!(es.text("[data-role=strides]"), "(1, 4)");
    en.press("x[1:, 1:]").await;
    en.point("[data-index=\"0,0\"]").await;
    assert_eq!(en.text("[data-role=start]"), "5");
    assert_eq!(es.text("[data-role=strides]"), "(1, 4)");
    assert!(es.selected_cells().is_empty());
    assert!(
        es.text("[data-role=address-rule]")
            .contains("señala una celda")
    );
    assert_eq!(
        es.one(".strides-lab").get_attribute("lang").as_deref(),
        Some("es")
    );
}

#[wasm_bindgen_test]
async fn panels_and_question_come_from_the_options() {
    let quiz_only = mount_with(options(&[
        ("panels", "quiz"),
        ("question", "u1-strides-xT"),
    ]))
    .await;
    assert!(quiz_only.all(".grid").is_empty());
    assert!(quiz_only.all("[data-role=broadcast]").is_empty());
    assert_eq!(
        quiz_only
            .one(".quiz-card")
            .get_attribute("data-question")
            .as_deref(),
        Some("u1-strides-xT")
    );
    let lab_only = mount_with(options(&[
        ("panels", "lab"),
        ("units", "bytes"),
        ("dtype", "int32"),
    ]))
    .await;
    assert!(lab_only.all("[data-role=quiz]").is_empty());
    assert_eq!(lab_only.text("[data-role=strides]"), "(16, 4)");
}

#[wasm_bindgen_test]
async fn bad_options_are_reported_and_defaults_used() {
    let lab = mount_with(options(&[("units", "furlongs"), ("colour", "red")])).await;
    let problems = lab.text("[data-role=problems]");
    assert!(problems.contains("units"), "{problems}");
    assert!(problems.contains("unknown option 'colour'"), "{problems}");
    assert_eq!(lab.text("[data-role=strides]"), "(4, 1)");
}

#[wasm_bindgen_test]
async fn the_js_api_mounts_updates_and_destroys() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let opts = js_sys::Object::new();
    js_sys::Reflect::set(&opts, &"expr".into(), &"x = np.arange(6)\nx[::2]".into()).unwrap();
    js_sys::Reflect::set(
        &opts,
        &"panels".into(),
        &js_sys::Array::of1(&JsValue::from_str("lab")),
    )
    .unwrap();
    let mut handle = strides_lab::mount(root.clone(), opts.into());
    yew::scheduler::flush().await;
    let strides = || {
        root.query_selector("[data-role=strides]")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
    };
    assert_eq!(strides(), "(2,)");
    let next = js_sys::Object::new();
    js_sys::Reflect::set(
        &next,
        &"expr".into(),
        &"x = np.arange(12.0).reshape(3, 4)\nx.T".into(),
    )
    .unwrap();
    js_sys::Reflect::set(&next, &"units".into(), &"bytes".into()).unwrap();
    handle.update(next.into());
    yew::scheduler::flush().await;
    assert_eq!(strides(), "(8, 32)");
    handle.destroy();
    yew::scheduler::flush().await;
    assert_eq!(root.child_element_count(), 0);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_panic_replaces_every_lab_with_a_message_and_a_reload_button() {
    let a = mount_with(Options::default()).await;
    let b = mount_with(options(&[("lang", "es")])).await;
    // Trigger the debug-only hook from a timer, as a bug would strike outside the test's own call.
    let trigger = wasm_bindgen::closure::Closure::once_into_js(strides_lab::panic::debug_panic);
    web_sys::window()
        .unwrap()
        .set_timeout_with_callback_and_timeout_and_arguments_0(trigger.unchecked_ref(), 0)
        .unwrap();
    for _ in 0..50 {
        if !a.all("[data-role=crashed]").is_empty() {
            break;
        }
        sleep(20).await;
    }
    for lab in [&a, &b] {
        let message = lab.text("[data-role=crashed]");
        assert!(message.contains("stopped because of a bug"), "{message}");
        assert!(message.contains("triggered on purpose"), "{message}");
        assert_eq!(lab.all("[data-strides-lab-reload]").len(), 1);
        assert!(lab.all(".grid").is_empty());
    }
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn numbers_and_plurals_follow_the_language() {
    let program = "v = np.arange(4, dtype=np.float32)\nnp.broadcast_to(v, (1000, 4))";
    let en = mount_with(options(&[("lang", "en"), ("expr", program)])).await;
    let es = mount_with(options(&[("lang", "es"), ("expr", program)])).await;
    assert_eq!(en.text("[data-role=size]"), "4,000");
    // 16000 / 1024 = 15.625, written to two places as human_bytes rounds (half to even).
    assert_eq!(en.text("[data-role=nbytes]"), "16,000 B (15.62 KiB)");
    assert_eq!(es.text("[data-role=nbytes]"), "16.000 B (15,62 KiB)");
    // The cell's accessible name is its own text (the visible position and value, and the
    // words for screen readers around them).
    let label =
        |lab: &crate::support::Lab| lab.one(".memory [data-addr=\"0\"]").text_content().unwrap();
    assert!(label(&en).ends_with("read 1,000 times"), "{}", label(&en));
    assert!(label(&es).ends_with("se lee 1000 veces"), "{}", label(&es));
}

#[wasm_bindgen_test]
async fn the_memory_row_is_a_keyboard_grid_too() {
    let lab = mount_with(Options::default()).await;
    lab.focus(".memory [data-addr=\"0\"]").await;
    lab.key("ArrowRight", false).await;
    lab.key("ArrowRight", false).await;
    assert_eq!(lab.selected_memory(), vec!["2".to_string()]);
    assert_eq!(lab.selected_cells(), vec!["0,2".to_string()]);
    lab.key("End", false).await;
    assert_eq!(lab.selected_memory(), vec!["11".to_string()]);
    lab.key("Home", false).await;
    assert_eq!(lab.selected_memory(), vec!["0".to_string()]);
}
