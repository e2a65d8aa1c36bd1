//! Mounting a lab and acting on it as a learner would.

use strides_lab::components::app::App;
use strides_lab::options::Options;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A lab mounted in its own element.
pub struct Lab {
    pub root: Element,
    _handle: yew::AppHandle<App>,
}

impl Drop for Lab {
    fn drop(&mut self) {
        self.root.remove();
    }
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts a fresh lab into a new element appended to `<body>` and waits for it to render.
pub async fn mount() -> Lab {
    mount_with(Options::default()).await
}

/// Mounts a lab that starts from `options`.
pub async fn mount_with(options: Options) -> Lab {
    mount_full(options, false).await
}

/// Mounts a lab whose quiz reads and writes localStorage.
pub async fn mount_persistent() -> Lab {
    mount_full(Options::default(), true).await
}

/// The built-in question files, handed to the lab as a host that bundles them would (the test
/// server serves no files of the repository to fetch).
pub fn provide_questions() {
    thread_local! {
        static GIVEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if GIVEN.with(|g| g.replace(true)) {
        return;
    }
    let files = js_sys::Array::new();
    for (name, text) in [
        (
            "u1-lesson",
            include_str!("../../questions/builtin/u1-lesson.json"),
        ),
        (
            "s0-lab",
            include_str!("../../questions/builtin/s0-lab.json"),
        ),
        (
            "s1-chapter",
            include_str!("../../questions/builtin/s1-chapter.json"),
        ),
        (
            "s2-walkthrough",
            include_str!("../../questions/builtin/s2-walkthrough.json"),
        ),
        (
            "s3-book",
            include_str!("../../questions/builtin/s3-book.json"),
        ),
    ] {
        let parsed = js_sys::JSON::parse(text).unwrap();
        files.push(&js_sys::Array::of2(&name.into(), &parsed));
    }
    strides_lab::question_files::provide(files.into());
}

async fn mount_full(options: Options, persist: bool) -> Lab {
    provide_questions();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let props = strides_lab::components::app::Props {
        options,
        sync_url: false,
        persist,
        bridge: None,
    };
    let _ = root.set_attribute(strides_lab::panic::ROOT, "");
    let handle = yew::Renderer::<App>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    Lab {
        root,
        _handle: handle,
    }
}

impl Lab {
    /// The one element matching `selector`.
    pub fn one(&self, selector: &str) -> Element {
        self.root
            .query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("nothing matches {selector}"))
    }

    /// Every element matching `selector`.
    pub fn all(&self, selector: &str) -> Vec<Element> {
        let list = self.root.query_selector_all(selector).unwrap();
        (0..list.length())
            .map(|k| list.item(k).unwrap().dyn_into::<Element>().unwrap())
            .collect()
    }

    /// The text of the one element matching `selector`.
    pub fn text(&self, selector: &str) -> String {
        self.one(selector).text_content().unwrap_or_default()
    }

    /// Presses the preset button whose text is `label`.
    pub async fn press(&self, label: &str) {
        let button = self
            .all(".examples button.preset")
            .into_iter()
            .find(|b| b.text_content().unwrap_or_default() == label)
            .unwrap_or_else(|| panic!("no button {label}"));
        button.dyn_into::<HtmlElement>().unwrap().click();
        yew::scheduler::flush().await;
    }

    /// Points at the element matching `selector` (a pointerover that bubbles, as a mouse or a tap).
    pub async fn point(&self, selector: &str) {
        let init = web_sys::PointerEventInit::new();
        init.set_bubbles(true);
        let event = web_sys::PointerEvent::new_with_event_init_dict("pointerover", &init).unwrap();
        self.one(selector).dispatch_event(&event).unwrap();
        yew::scheduler::flush().await;
    }

    /// Moves the keyboard focus to the element matching `selector`.
    pub async fn focus(&self, selector: &str) {
        self.one(selector)
            .dyn_into::<HtmlElement>()
            .unwrap()
            .focus()
            .unwrap();
        yew::scheduler::flush().await;
    }

    /// Presses `key` on the focused element.
    pub async fn key(&self, key: &str, ctrl: bool) {
        let target = document()
            .active_element()
            .expect("something has the focus");
        let init = web_sys::KeyboardEventInit::new();
        init.set_bubbles(true);
        init.set_cancelable(true);
        init.set_key(key);
        init.set_ctrl_key(ctrl);
        let event =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        target.dispatch_event(&event).unwrap();
        yew::scheduler::flush().await;
    }

    /// Types `program` into the expression box and presses Enter.
    pub async fn run(&self, program: &str) {
        let area = self
            .one("[data-role=expression]")
            .dyn_into::<web_sys::HtmlTextAreaElement>()
            .unwrap();
        area.set_value(program);
        area.focus().unwrap();
        self.key("Enter", false).await;
    }

    /// Chooses `value` in the select matching `selector`.
    pub async fn choose(&self, selector: &str, value: &str) {
        let select = self
            .one(selector)
            .dyn_into::<web_sys::HtmlSelectElement>()
            .unwrap();
        select.set_value(value);
        self.change(&select).await;
    }

    /// Types `value` into the input matching `selector` and commits it.
    pub async fn enter(&self, selector: &str, value: &str) {
        let input = self
            .one(selector)
            .dyn_into::<web_sys::HtmlInputElement>()
            .unwrap();
        input.set_value(value);
        self.change(&input).await;
    }

    async fn change(&self, target: &web_sys::EventTarget) {
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        let event = web_sys::Event::new_with_event_init_dict("change", &init).unwrap();
        target.dispatch_event(&event).unwrap();
        yew::scheduler::flush().await;
    }

    /// Clicks the element matching `selector`.
    pub async fn click(&self, selector: &str) {
        self.one(selector)
            .dyn_into::<HtmlElement>()
            .unwrap()
            .click();
        yew::scheduler::flush().await;
    }

    /// Types `text` into the input matching `selector` (an `input` event, as typing does).
    pub async fn type_into(&self, selector: &str, text: &str) {
        let el = self.one(selector);
        if let Ok(input) = el.clone().dyn_into::<web_sys::HtmlInputElement>() {
            input.set_value(text);
        } else {
            el.clone()
                .dyn_into::<web_sys::HtmlTextAreaElement>()
                .unwrap()
                .set_value(text);
        }
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        let event = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
        el.dispatch_event(&event).unwrap();
        yew::scheduler::flush().await;
    }

    /// Opens quiz question `id` with its navigator button.
    pub async fn open_question(&self, id: &str) {
        self.click(&format!(".quiz-nav [data-question=\"{id}\"]"))
            .await;
    }

    /// Answers the current quiz question with `text` and presses Check; returns the diagnosis.
    pub async fn answer(&self, text: &str) -> String {
        self.type_into(
            ".quiz-card [data-role=answer], .quiz-card [data-role=code-answer]",
            text,
        )
        .await;
        self.click(".quiz-card [data-role=check]").await;
        self.feedback("diagnosis").unwrap()
    }

    /// The feedback's `data-<what>` (`correct`, `diagnosis`) after a Check.
    pub fn feedback(&self, what: &str) -> Option<String> {
        self.one("[data-role=feedback]")
            .get_attribute(&format!("data-{what}"))
    }

    /// The `data-addr` of every memory cell that is selected.
    pub fn selected_memory(&self) -> Vec<String> {
        self.all(".memory [aria-selected=\"true\"]")
            .iter()
            .filter_map(|e| e.get_attribute("data-addr"))
            .collect()
    }

    /// The `data-index` of every array cell that is selected.
    pub fn selected_cells(&self) -> Vec<String> {
        self.all(".grid [aria-selected=\"true\"]")
            .iter()
            .filter_map(|e| e.get_attribute("data-index"))
            .collect()
    }

    /// The values of the array's cells, in row order.
    pub fn cell_values(&self) -> Vec<String> {
        self.all(".grid [data-index]")
            .iter()
            .map(|e| e.text_content().unwrap_or_default())
            .collect()
    }

    /// The value text of every memory cell.
    pub fn memory_values(&self) -> Vec<String> {
        self.all(".memory [data-addr] .value")
            .iter()
            .map(|e| e.text_content().unwrap_or_default())
            .collect()
    }

    /// The positions of the memory cells marked `data-unread`.
    pub fn unread(&self) -> Vec<String> {
        self.all(".memory [data-unread]")
            .iter()
            .filter_map(|e| e.get_attribute("data-addr"))
            .collect()
    }
}

/// `["0", "1", …]` for quick comparisons.
pub fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}
