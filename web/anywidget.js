// Strides Lab as an anywidget front-end module (AFM): Jupyter (through the anywidget Python
// package), MyST's {anywidget} directive and any other AFM host load this file by its URL and call
// render({ model, el }). The lab's options come from the model's traits, follow their `change:`
// events, and each checked answer is written back to the `answer` trait.
//
//   class Lab(anywidget.AnyWidget):
//       _esm = "https://labs.example.org/dist/web/anywidget.js"   # a URL: the module imports its
//       expr = traitlets.Unicode("x.T").tag(sync=True)            # neighbours from beside it
//       lang = traitlets.Unicode("es").tag(sync=True)
//       answer = traitlets.Dict().tag(sync=True)                  # {questionId, correct, ...}
//
// An empty trait ("", None, []) means the option's default.
import { mount } from "./strides-lab.js";

/** The options the model can set, as mount() names them. */
export const TRAITS = ["expr", "lang", "panels", "question", "questions", "units", "dtype"];

function given(value) {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return value;
}

function options(model) {
  const out = {};
  for (const name of TRAITS) {
    const value = given(model.get(name));
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * Mounts a lab in `el` from `model`'s traits; returns the cleanup function the host calls when the
 * view goes (the host's AbortSignal, when it passes one, does the same).
 */
function render({ model, el, signal }) {
  let closed = false;
  let handle = null;
  const changes = TRAITS.map((name) => {
    const listener = () => handle?.update({ [name]: given(model.get(name)) });
    model.on(`change:${name}`, listener);
    return [`change:${name}`, listener];
  });
  const answered = (event) => {
    model.set("answer", { ...event.detail });
    model.save_changes();
  };
  el.addEventListener("strides-lab:answered", answered);
  mount(el, options(model)).then((h) => {
    if (closed) h.destroy();
    else handle = h;
  });
  const cleanup = () => {
    if (closed) return;
    closed = true;
    for (const [event, listener] of changes) model.off(event, listener);
    el.removeEventListener("strides-lab:answered", answered);
    handle?.destroy();
    handle = null;
  };
  signal?.addEventListener("abort", cleanup, { once: true });
  return cleanup;
}

export default { render };
