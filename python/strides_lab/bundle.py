"""The lab's release bundle inside the package, and the widget's front-end module made from it.

The wheel carries `dist/` as `cargo xtask dist` lays it out (without its `.gz`/`.br` copies) in
`strides_lab/bundle/`. A notebook has no URL for those files, so `module()` writes one ES module
that holds them (base64) and, in the browser, gives each a `blob:` URL: the wasm-bindgen glue, then
`web/strides-lab.js` and `web/anywidget.js` with their one relative import pointed at the glue's
and each other's blob URLs; `locate()` (web/strides-lab.js) names the wasm, the stylesheet and the
engine's files (its worker script, which imports nothing by a relative path, its wasm-bindgen
module and its wasm: the page hands the worker their blob URLs, and a module Worker starts from a
`blob:` URL of the notebook's own origin);
the built-in question files are handed over parsed (`provideBuiltinQuestions`), so nothing is
fetched from anywhere. The code editor (`web/editor.js`) finds its stylesheet beside itself, which
a blob URL has not, so the widget keeps the plain code box.
"""

import base64
import hashlib
import json
from pathlib import Path

__all__ = ["BUNDLE", "BUILTIN", "module"]

BUNDLE = Path(__file__).with_name("bundle")

# The built-in question files in the bank's order (src/question_files.rs, BUILTIN).
BUILTIN = ("u1-lesson", "s0-lab", "s1-chapter", "s2-walkthrough", "s3-book")

# The files the module carries, by their path in dist/, and their types.
_FILES = {
    "pkg/strides_lab.js": "text/javascript",
    "pkg/strides_lab_bg.wasm": "application/wasm",
    "pkg/lab_engine.js": "text/javascript",
    "pkg/lab_engine_bg.wasm": "application/wasm",
    "web/engine-worker.js": "text/javascript",
    "web/strides-lab.js": "text/javascript",
    "web/anywidget.js": "text/javascript",
    "web/style.css": "text/css",
}

_TEMPLATE = r"""// Strides Lab's anywidget module, made by the strides_lab package from its bundle.
const FILES = __FILES__;
const QUESTIONS = __QUESTIONS__;
const KEY = "__KEY__";

function bytes(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function blob(content, type) {
  return URL.createObjectURL(new Blob([content], { type }));
}

// Points a module's one relative import at a blob URL; a bundle whose import differs is an error
// here rather than a lab that cannot start without saying why.
function pointed(path, specifier, target) {
  const text = new TextDecoder().decode(bytes(FILES[path][1]));
  const quoted = JSON.stringify(specifier);
  if (!text.includes(quoted)) throw new Error(`${path} no longer imports ${specifier}`);
  return blob(text.replace(quoted, JSON.stringify(target)), "text/javascript");
}

async function start() {
  const urls = {};
  for (const [path, [type, data]] of Object.entries(FILES)) {
    if (!path.endsWith(".js")) urls[path] = blob(bytes(data), type);
  }
  for (const path of ["pkg/strides_lab.js", "pkg/lab_engine.js", "web/engine-worker.js"]) {
    urls[path] = blob(bytes(FILES[path][1]), "text/javascript");
  }
  urls["web/strides-lab.js"] = pointed("web/strides-lab.js", "../pkg/strides_lab.js", urls["pkg/strides_lab.js"]);
  urls["web/anywidget.js"] = pointed("web/anywidget.js", "./strides-lab.js", urls["web/strides-lab.js"]);
  const lab = await import(urls["web/strides-lab.js"]);
  // The editor is left out (see the package's bundle.py): its import fails and the box stays plain.
  lab.locate((path) => urls[path] ?? "data:text/javascript,throw%20new%20Error('not%20in%20the%20widget')");
  const glue = await import(urls["pkg/strides_lab.js"]);
  await glue.default({ module_or_path: urls["pkg/strides_lab_bg.wasm"] });
  glue.provideBuiltinQuestions(QUESTIONS);
  return (await import(urls["web/anywidget.js"])).default;
}

// One lab module per page and bundle, however many widgets show it.
const started = (globalThis.__stridesLabWidget ??= {});
started[KEY] ??= start();

export default {
  async render(context) {
    const widget = await started[KEY];
    return widget.render(context);
  },
};
"""

_cache = {}


def module():
    """The widget's `_esm`: one ES module holding the bundle's files the lab needs."""
    if "esm" in _cache:
        return _cache["esm"]
    files = {}
    digest = hashlib.sha256()
    for path, kind in _FILES.items():
        data = (BUNDLE / path).read_bytes()
        digest.update(path.encode() + b"\0" + data)
        files[path] = [kind, base64.b64encode(data).decode("ascii")]
    questions = []
    for name in BUILTIN:
        text = (BUNDLE / "questions" / "builtin" / f"{name}.json").read_text(encoding="utf-8")
        digest.update(text.encode())
        questions.append([f"{name}.json", json.loads(text)])
    esm = (_TEMPLATE.replace("__FILES__", json.dumps(files))
           .replace("__QUESTIONS__", json.dumps(questions))
           .replace("__KEY__", digest.hexdigest()[:16]))
    _cache["esm"] = esm
    return esm
