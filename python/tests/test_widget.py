"""`Lab` and `show()` as anywidget widgets: their traits, and the widget's front-end module run in
headless Chromium with the network refused (a stand-in for anywidget's model; the lab is drawn
from the files inside the module, nothing fetched)."""

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading

import numpy as np
import pytest

pytest.importorskip("anywidget")

import strides_lab  # noqa: E402
import strides_lab.bundle as bundle  # noqa: E402
from strides_lab.program import program  # noqa: E402


@pytest.fixture(scope="module")
def Lab(dist):
    # The source tree's package has no bundle/: point it at the one just built.
    bundle.BUNDLE = dist
    bundle._cache.clear()
    from strides_lab.widget import Lab

    return Lab


def test_options_are_traits_and_answer_comes_back(Lab):
    lab = Lab(expr="x.T", lang="es", panels="lab,quiz", units="bytes")
    state = lab.get_state()
    for name, value in [("expr", "x.T"), ("lang", "es"), ("panels", "lab,quiz"),
                        ("units", "bytes"), ("question", ""), ("dtype", ""), ("questions", None)]:
        assert state[name] == value, name
    assert state["_esm"] == bundle.module()
    # What web/anywidget.js sets when an answer is checked reaches Python.
    lab.set_state({"answer": {"questionId": "u1-strides-xT", "correct": True}})
    assert lab.answer["correct"] is True
    lab.questions = {"format": "strides-lab/questions@1", "questions": []}
    assert lab.get_state()["questions"]["format"] == "strides-lab/questions@1"


def test_show_passes_the_arrays_program(Lab):
    x = np.arange(12.0).reshape(3, 4)
    shown = strides_lab.show(x.T[:, ::2], lang="es")
    assert isinstance(shown, Lab)
    assert shown.expr == program(x.T[:, ::2])
    assert shown.panels == "lab" and shown.lang == "es"


PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<div id="one"></div><div id="two"></div>
<script type="module">
// What anywidget's model offers a module: get, on, off, set, save_changes.
function model(traits) {
  const listeners = {};
  return {
    get: (name) => traits[name],
    set: (name, value) => { traits[name] = value; },
    save_changes() {},
    on: (event, f) => { (listeners[event] ??= []).push(f); },
    off: (event, f) => { listeners[event] = (listeners[event] ?? []).filter((g) => g !== f); },
    change(name, value) { traits[name] = value; for (const f of listeners["change:" + name] ?? []) f(); },
  };
}
const widget = (await import("./widget.js")).default;
window.models = { one: model(__ONE__), two: model(__TWO__) };
await widget.render({ model: window.models.one, el: document.getElementById("one") });
await widget.render({ model: window.models.two, el: document.getElementById("two") });
</script></body></html>"""


def test_the_widget_module_draws_the_lab_offline(Lab, tmp_path):
    playwright = os.environ.get("STRIDES_PLAYWRIGHT")
    if not playwright:
        pytest.fail("STRIDES_PLAYWRIGHT is not set (cargo xtask test sets it)")
    x = np.arange(12.0).reshape(3, 4)
    one = Lab(expr=program(x.T[:, ::2]), panels="lab").get_state()
    two = Lab(expr=program(np.broadcast_to(np.arange(3.0), (4, 3))), panels="lab",
              lang="es").get_state()
    (tmp_path / "widget.js").write_text(bundle.module(), encoding="utf-8")
    traits = lambda s: json.dumps({k: v for k, v in s.items() if not k.startswith("_")})  # noqa
    page = PAGE.replace("__ONE__", traits(one)).replace("__TWO__", traits(two))
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        script = os.path.join(os.path.dirname(__file__), "widget_page.mjs")
        out = subprocess.run([shutil.which("node") or "node", script, url,
                              os.environ.get("STRIDES_WIDGET_SCREENSHOT", "")], capture_output=True,
                             text=True, timeout=180)
        assert out.returncode == 0, out.stderr
        seen = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        server.shutdown()
    assert seen["refused"] == [] and seen["problems"] == [], seen
    # x.T[:, ::2] of a (3, 4) float64 array: strides (1, 8) elements, as NumPy's (8, 64) bytes.
    assert seen["strides"] == "(1, 8)", seen
    assert seen["program"] == one["expr"]
    assert seen["second"] == "(0, 1)" and seen["lang"] == "es", seen
    assert seen["changed"] == "(2,)"
    assert seen["stylesheet"] == ["blob"], seen
    # One engine worker for both widgets, from a blob: URL, its module loaded from blob: URLs.
    assert seen["engine"] == "ready" and seen["workers"] == 1, seen
