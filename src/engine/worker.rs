//! The engine in a Web Worker (the bundle, built without `inline-engine`): one dedicated module
//! worker per page (`web/engine-worker.js`, which loads the engine's own wasm module), shared by
//! every lab on the page.
//!
//! Its life: the first lab to mount starts it ([`warm`]); its first message (`ready`) makes
//! [`started`] true. Each request gets an id (the [`Envelope`]'s), waits in `pending` with its
//! callback, and is posted once the worker is ready (requests asked before are posted then, in
//! order); its reply is routed back by id. Messages cross as structured clones, written and read
//! by serde-wasm-bindgen on both sides. Three things end a worker with `terminate()`, which stops
//! it at once, wherever its loop is, and a new one starts:
//!
//! - [`stop`] (the learner's Stop): every request not answered yet is answered
//!   [`Stopped::ByLearner`];
//! - the time limit ([`TIME_LIMIT_MS`], counted from the worker's `began` for a request): that
//!   request is answered [`Stopped::TimeLimit`], the others are posted again to the new worker;
//! - memory: a reply whose worker's wasm memory has grown past [`MEMORY_LIMIT`] replaces the
//!   worker once nothing else is pending (wasm memory never shrinks; a new worker gives it back).
//!
//! The handlers (messages, errors, the timer) are made once and kept for the page's life, so no
//! closure is dropped while it runs; a message from a worker already replaced is ignored.

use std::cell::RefCell;
use std::collections::BTreeMap;

use lab_protocol::{Envelope, Reply, Request, Stopped};
use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use super::SERIALIZER;

/// How long the engine may work on one request before the page ends it: 20 s, counted from the
/// moment the worker begins it (not while it waits for the engine to load or for an earlier
/// request). Generous for a learner's loops (a few seconds of work), short enough that a runaway
/// program stops by itself; the learner's Stop ends one sooner.
pub const TIME_LIMIT_MS: u32 = 20_000;

/// The engine's wasm memory, in bytes, past which the worker is replaced after a reply (256 MiB):
/// a wasm memory never shrinks, so after a heavy run only a new worker gives it back.
pub const MEMORY_LIMIT: f64 = 256.0 * 1024.0 * 1024.0;

type Callback = Box<dyn FnOnce(Reply)>;

/// A request not answered yet: its callback, and its envelope as posted (posted again to a new
/// worker when the one it was sent to is replaced).
struct Pending {
    callback: Callback,
    message: JsValue,
}

/// Where the engine's files are (see [`super::set_engine`]).
struct Urls {
    worker: String,
    glue: String,
    wasm: String,
}

/// The running worker.
struct Running {
    worker: Worker,
    ready: bool,
}

/// The handlers every worker shares, made once.
struct Handlers {
    message: Closure<dyn FnMut(MessageEvent)>,
    error: Closure<dyn FnMut(web_sys::Event)>,
    timeout: Closure<dyn FnMut()>,
}

#[derive(Default)]
struct Engine {
    urls: Option<Urls>,
    current: Option<Running>,
    started: bool,
    next_id: u32,
    pending: BTreeMap<u32, Pending>,
    /// The request whose time limit runs, and its `setTimeout` handle.
    timer: Option<(u32, i32)>,
    /// A reply found the memory past the limit while other requests were pending.
    replace_when_idle: bool,
    /// The time limit in force: [`TIME_LIMIT_MS`] unless a test set another.
    time_limit: Option<u32>,
}

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::default();
    static HANDLERS: Handlers = Handlers {
        message: Closure::new(on_message),
        error: Closure::new(on_error),
        timeout: Closure::new(on_timeout),
    };
}

/// Callbacks to call once the engine's state is no longer borrowed (a callback may ask again).
type Answers = Vec<(Callback, Reply)>;

fn call(answers: Answers) {
    for (callback, reply) in answers {
        callback(reply);
    }
}

fn with<R>(f: impl FnOnce(&mut Engine) -> R) -> R {
    ENGINE.with_borrow_mut(f)
}

/// See [`super::ask`].
pub fn ask(request: Request, reply: impl FnOnce(Reply) + 'static) {
    let answers = with(|engine| {
        let id = engine.next_id;
        engine.next_id = engine.next_id.wrapping_add(1);
        let message = match (Envelope { id, body: request }).serialize(&SERIALIZER) {
            Ok(message) => message,
            Err(error) => {
                let why = format!("the page could not write a request: {error}");
                return vec![(Box::new(reply) as Callback, Reply::Unreadable(why))];
            }
        };
        engine.pending.insert(
            id,
            Pending {
                callback: Box::new(reply),
                message: message.clone(),
            },
        );
        match &engine.current {
            Some(Running {
                worker,
                ready: true,
            }) => {
                let _ = worker.post_message(&message);
                Vec::new()
            }
            Some(_) => Vec::new(),
            None => spawn(engine),
        }
    });
    call(answers);
}

/// See [`super::stop`].
pub fn stop() {
    let answers = with(|engine| {
        let had = end(engine);
        let answers: Answers = std::mem::take(&mut engine.pending)
            .into_values()
            .map(|p| (p.callback, Reply::Stopped(Stopped::ByLearner)))
            .collect();
        if had {
            let more = spawn(engine);
            return answers.into_iter().chain(more).collect();
        }
        answers
    });
    call(answers);
}

/// See [`super::started`].
pub fn started() -> bool {
    with(|engine| engine.started)
}

/// See [`super::warm`].
pub fn warm() {
    let answers = with(|engine| {
        if engine.current.is_none() && engine.urls.is_some() {
            spawn(engine)
        } else {
            Vec::new()
        }
    });
    call(answers);
}

/// See [`super::set_engine_time_limit`].
pub fn set_time_limit(ms: u32) {
    with(|engine| engine.time_limit = Some(ms));
}

/// See [`super::set_engine`].
pub fn locate(worker: String, glue: String, wasm: String) {
    with(|engine| engine.urls = Some(Urls { worker, glue, wasm }));
}

/// Starts a worker (the current one must have ended). If it cannot start, every pending request
/// is answered [`Reply::Unreadable`] (never a learner's mistake: the page's files or its CSP).
fn spawn(engine: &mut Engine) -> Answers {
    match new_worker(engine.urls.as_ref()) {
        Ok(worker) => {
            engine.current = Some(Running {
                worker,
                ready: false,
            });
            Vec::new()
        }
        Err(why) => fail_all(engine, &why),
    }
}

fn new_worker(urls: Option<&Urls>) -> Result<Worker, String> {
    let urls = urls.ok_or("the engine's files were not located (setEngine)")?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&urls.worker, &options)
        .map_err(|e| format!("the engine's worker could not start: {}", describe(&e)))?;
    HANDLERS.with(|h| {
        worker.set_onmessage(Some(h.message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(h.error.as_ref().unchecked_ref()));
    });
    let start = js_sys::Object::new();
    let files = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&files, &"glue".into(), &urls.glue.as_str().into());
    let _ = js_sys::Reflect::set(&files, &"wasm".into(), &urls.wasm.as_str().into());
    let _ = js_sys::Reflect::set(&start, &"start".into(), &files);
    worker
        .post_message(&start)
        .map_err(|e| format!("the engine's worker could not start: {}", describe(&e)))?;
    Ok(worker)
}

/// Ends the current worker at once, if there is one; returns whether there was.
fn end(engine: &mut Engine) -> bool {
    clear_timer(engine);
    engine.replace_when_idle = false;
    let Some(running) = engine.current.take() else {
        return false;
    };
    running.worker.set_onmessage(None);
    running.worker.set_onerror(None);
    running.worker.terminate();
    true
}

/// Ends the current worker and starts a new one, to which the pending requests go again.
fn replace(engine: &mut Engine) -> Answers {
    end(engine);
    spawn(engine)
}

/// Answers every pending request [`Reply::Unreadable`] with `why`, and drops the worker (the next
/// request tries a new one).
fn fail_all(engine: &mut Engine, why: &str) -> Answers {
    end(engine);
    std::mem::take(&mut engine.pending)
        .into_values()
        .map(|p| (p.callback, Reply::Unreadable(why.to_string())))
        .collect()
}

fn clear_timer(engine: &mut Engine) {
    if let Some((_, handle)) = engine.timer.take()
        && let Some(window) = web_sys::window()
    {
        window.clear_timeout_with_handle(handle);
    }
}

fn start_timer(engine: &mut Engine, id: u32) {
    clear_timer(engine);
    let Some(window) = web_sys::window() else {
        return;
    };
    let handle = HANDLERS.with(|h| {
        window.set_timeout_with_callback_and_timeout_and_arguments_0(
            h.timeout.as_ref().unchecked_ref(),
            i32::try_from(engine.time_limit.unwrap_or(TIME_LIMIT_MS)).unwrap_or(i32::MAX),
        )
    });
    if let Ok(handle) = handle {
        engine.timer = Some((id, handle));
    }
}

/// Whether `event` comes from the current worker (not one already replaced).
fn from_current(engine: &Engine, event: &web_sys::Event) -> bool {
    let target = event.target().map(JsValue::from);
    match (&engine.current, target) {
        (Some(running), Some(target)) => JsValue::from(running.worker.clone()) == target,
        _ => false,
    }
}

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn id_of(value: &JsValue) -> Option<u32> {
    let id = value.as_f64()?;
    (id.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&id)).then_some(id as u32)
}

fn describe(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| field(value, "message").as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

fn on_message(event: MessageEvent) {
    let answers = with(|engine| {
        if !from_current(engine, &event) {
            return Vec::new();
        }
        message(engine, event.data())
    });
    call(answers);
}

fn message(engine: &mut Engine, data: JsValue) -> Answers {
    if field(&data, "ready").is_truthy() {
        engine.started = true;
        if let Some(running) = engine.current.as_mut() {
            running.ready = true;
            for pending in engine.pending.values() {
                let _ = running.worker.post_message(&pending.message);
            }
        }
        return Vec::new();
    }
    if let Some(id) = id_of(&field(&data, "began")) {
        if engine.pending.contains_key(&id) {
            start_timer(engine, id);
        }
        return Vec::new();
    }
    let id = id_of(&field(&data, "id"));
    let failed = field(&data, "failed").as_string();
    match (id, failed) {
        (None, Some(why)) => fail_all(engine, &format!("the engine could not start: {why}")),
        (Some(id), Some(why)) => {
            // The engine stopped on this request (a bug): it is answered, the worker replaced.
            let mut answers = replace(engine);
            if let Some(p) = engine.pending.remove(&id) {
                let why = format!("the engine stopped: {why}");
                answers.push((p.callback, Reply::Unreadable(why)));
            }
            answers
        }
        (Some(id), None) => replied(engine, id, &data),
        (None, None) => Vec::new(),
    }
}

/// A reply for `id`: its callback, and the worker replaced if its memory grew past the limit.
fn replied(engine: &mut Engine, id: u32, data: &JsValue) -> Answers {
    if engine.timer.is_some_and(|(timed, _)| timed == id) {
        clear_timer(engine);
    }
    let Some(pending) = engine.pending.remove(&id) else {
        return Vec::new();
    };
    let reply = match serde_wasm_bindgen::from_value::<Envelope<Reply>>(data.clone()) {
        Ok(envelope) => envelope.body,
        Err(error) => Reply::Unreadable(format!("the page could not read a reply: {error}")),
    };
    let memory = field(data, "memory").as_f64().unwrap_or(0.0);
    engine.replace_when_idle |= memory > MEMORY_LIMIT;
    let mut answers = Vec::new();
    if engine.replace_when_idle && engine.pending.is_empty() {
        answers = replace(engine);
    }
    answers.push((pending.callback, reply));
    answers
}

fn on_error(event: web_sys::Event) {
    let answers = with(|engine| {
        if !from_current(engine, &event) {
            return Vec::new();
        }
        event.prevent_default();
        let why = field(&event, "message")
            .as_string()
            .unwrap_or_else(|| "its script did not load".to_string());
        fail_all(engine, &format!("the engine could not start: {why}"))
    });
    call(answers);
}

fn on_timeout() {
    let answers = with(|engine| {
        let Some((id, _)) = engine.timer.take() else {
            return Vec::new();
        };
        let mut answers = replace(engine);
        if let Some(p) = engine.pending.remove(&id) {
            let limit = engine.time_limit.unwrap_or(TIME_LIMIT_MS);
            answers.push((p.callback, Reply::Stopped(Stopped::TimeLimit(limit))));
        }
        answers
    });
    call(answers);
}
