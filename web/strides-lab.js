// Strides Lab for course pages: the JS API and the <strides-lab> element, from one build.
//
//   import { mount } from "./web/strides-lab.js";
//   const lab = await mount(document.querySelector("#here"), { expr: "x.T", lang: "es" });
//   lab.update({ units: "bytes" });  // changes the units, keeps the program and the language
//   const saved = lab.getState();    // the quiz's answers, variant seed and variants
//   lab.setState(saved);             // ... restored, on this visit or the next
//   lab.destroy();
//
//   <script type="module" src="./web/strides-lab.js"></script>
//   <strides-lab expr="x.T" lang="es" units="bytes"></strides-lab>
//   <strides-lab panels="quiz" questions="course/questions.json" question="c1-…"></strides-lab>
//
// Each checked answer dispatches a bubbling, composed "strides-lab:answered" CustomEvent on the
// lab's element, detail {questionId, variant, response, correct, diagnosis, attempt}.
// Several labs on one page are independent. A lab that cannot start shows why in its own element.
import init, { mount as mountWasm, setEngine, setQuestionsBase } from "../pkg/strides_lab.js";

const OPTIONS = ["expr", "program", "preset", "lang", "units", "dtype", "panels", "question", "questions"];
let ready = null;

// Where each of the bundle's files is, by its path in dist/: beside this module by default. A host
// with no URL beside it (the Python package's widget, which imports this module from a blob: URL)
// names each file with locate() before the first mount.
let where = (path) => new URL(`../${path}`, import.meta.url).href;

/** Sets where the bundle's files are: `resolve(path)` gives the URL of `path` (e.g. "pkg/strides_lab_bg.wasm"). */
export function locate(resolve) {
  where = resolve;
}

function load() {
  ready ??= init({ module_or_path: where("pkg/strides_lab_bg.wasm") }).then(() => {
    // The built-in question files ship beside the build; the quiz fetches them when it shows.
    setQuestionsBase(where("questions/builtin/"));
    engine();
  });
  return ready;
}

/**
 * Tells the lab where the engine's files are: its worker script and the engine's module and wasm,
 * which the worker loads from the URLs it is given (so a page, a course page in another folder and
 * the notebook widget's blob: URLs all work). The first lab to mount starts the worker.
 */
export function engine() {
  setEngine(where("web/engine-worker.js"), where("pkg/lab_engine.js"), where("pkg/lab_engine_bg.wasm"));
}

function stylesheet() {
  const href = where("web/style.css");
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
}

function failed(element, error) {
  const box = document.createElement("p");
  box.className = "crashed";
  box.setAttribute("role", "alert");
  box.textContent = "The lab could not start here: " + (error?.message ?? error);
  element.replaceChildren(box);
}

/**
 * Starts a lab in `element`; resolves to a handle with update(options), getState(),
 * setState(state) and destroy(). update changes the options it names and keeps the others; `null`
 * puts one back to its default. `questions` is a question file's URL or the file already parsed.
 * getState() gives {format: "strides-lab/state@1", seed, variants, answers}, which setState takes.
 */
export async function mount(element, options = {}) {
  stylesheet();
  try {
    await load();
    const handle = mountWasm(element, options);
    return {
      update(next) {
        try { handle.update(next); } catch (error) { failed(element, error); }
      },
      getState() {
        try { return handle.getState(); } catch { return null; }
      },
      setState(state) {
        try { handle.setState(state); } catch (error) { failed(element, error); }
      },
      destroy() {
        try { handle.destroy(); } catch { /* the module may have stopped */ }
        element.replaceChildren();
      },
    };
  } catch (error) {
    failed(element, error);
    return { update() {}, getState() { return null; }, setState() {}, destroy() { element.replaceChildren(); } };
  }
}

function attributes(element) {
  const options = {};
  for (const name of element.getAttributeNames()) {
    if (name === "class" || name === "id" || name === "style" || name.startsWith("data-") || name.startsWith("aria-")) continue;
    options[name] = element.getAttribute(name);
  }
  return options;
}

/**
 * <strides-lab expr="x.T" lang="es" units="bytes" dtype="int32" panels="lab,quiz" question="…"
 * questions="course/questions.json">; el.getState() and el.setState(state) as the handle's (a
 * state set before the lab has started is applied once it has).
 */
class StridesLabElement extends HTMLElement {
  static observedAttributes = OPTIONS;

  getState() {
    return this.handle?.getState() ?? null;
  }

  setState(state) {
    if (this.handle) this.handle.setState(state);
    else this.pending?.then((handle) => handle?.setState(state));
  }

  connectedCallback() {
    const options = attributes(this);
    this.pending = mount(this, options).then((handle) => {
      if (!this.isConnected) { handle.destroy(); return null; }
      this.handle = handle;
      return handle;
    });
  }

  disconnectedCallback() {
    this.pending?.then((handle) => handle?.destroy());
    this.handle = null;
  }

  // Only the attribute that changed: update() keeps the others, and a removed one (null) goes
  // back to its default.
  attributeChangedCallback(name, _old, value) {
    this.handle?.update({ [name]: value });
  }
}

if (!customElements.get("strides-lab")) {
  customElements.define("strides-lab", StridesLabElement);
}

// The code editor (web/editor, CodeMirror 6 with Python) comes when a code box is first focused:
// the first load stays small, and until it arrives (or if it cannot) the plain textarea works.
const CODE_BOXES = "textarea[data-role=expression], textarea[data-role=code-answer]";
let editor = null;
document.addEventListener("focusin", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLTextAreaElement) || !box.matches(CODE_BOXES) || box.dataset.editor) return;
  box.dataset.editor = "loading";
  editor ??= import(where("web/editor.js"));
  editor.then(
    (module) => module.attach(box),
    () => {
      editor = null;
      delete box.dataset.editor;
    },
  );
});

// The reload button of a lab that stopped because of a bug (it must work without the module).
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-strides-lab-reload]")) {
    location.reload();
  }
});
