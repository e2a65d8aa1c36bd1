// Strides Lab for course pages: the JS API and the <strides-lab> element, from one build.
//
//   import { mount } from "./web/strides-lab.js";
//   const lab = await mount(document.querySelector("#here"), { expr: "x.T", lang: "es" });
//   lab.update({ units: "bytes" });  // changes the units, keeps the program and the language
//   lab.destroy();
//
//   <script type="module" src="./web/strides-lab.js"></script>
//   <strides-lab expr="x.T" lang="es" units="bytes"></strides-lab>
//
// Several labs on one page are independent. A lab that cannot start shows why in its own element.
import init, { mount as mountWasm, setQuestionsBase } from "../pkg/strides_lab.js";

const OPTIONS = ["expr", "program", "preset", "lang", "units", "dtype", "panels", "question"];
let ready = null;

function load() {
  ready ??= init({ module_or_path: new URL("../pkg/strides_lab_bg.wasm", import.meta.url) }).then(() => {
    // The built-in question files ship beside the build; the quiz fetches them when it shows.
    setQuestionsBase(new URL("../questions/builtin/", import.meta.url).href);
  });
  return ready;
}

function stylesheet() {
  const href = new URL("./style.css", import.meta.url).href;
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
 * Starts a lab in `element`; resolves to a handle with update(options) and destroy(). update
 * changes the options it names and keeps the others; `null` puts one back to its default.
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
      destroy() {
        try { handle.destroy(); } catch { /* the module may have stopped */ }
        element.replaceChildren();
      },
    };
  } catch (error) {
    failed(element, error);
    return { update() {}, destroy() { element.replaceChildren(); } };
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

/** <strides-lab expr="x.T" lang="es" units="bytes" dtype="int32" panels="lab,quiz" question="…"> */
class StridesLabElement extends HTMLElement {
  static observedAttributes = OPTIONS;

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

// The reload button of a lab that stopped because of a bug (it must work without the module).
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-strides-lab-reload]")) {
    location.reload();
  }
});
