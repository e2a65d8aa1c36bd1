"""A real JupyterLab on loopback: a notebook runs `show(np.arange(12.0).reshape(3, 4).T[:, ::2])`
with the wheel's package (unzipped onto the kernel's path) and headless Chromium sees the lab draw
its strides; a quiz widget's answer, checked in the browser, reaches the kernel. Needs jupyterlab in this Python (cargo xtask test installs it, pinned)."""

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile

import pytest

pytest.importorskip("jupyterlab")
pytest.importorskip("anywidget")

CELL = ("import numpy as np\nfrom strides_lab import show\n"
        "show(np.arange(12.0).reshape(3, 4).T[:, ::2])")

# One question of questions/examples/course.json, its parameters fixed: a.nbytes is 3 * 4 * 4.
QUESTION = {"id": "c1-nbytes", "ask": "nbytes", "of": "a",
            "setup": "a = np.zeros((3, 4), dtype=np.float32)",
            "title": {"en": "Bytes of an array", "es": "Bytes de un array"},
            "prompt": {"en": "a = np.zeros((3, 4), dtype=np.float32). What is a.nbytes?",
                       "es": "a = np.zeros((3, 4), dtype=np.float32). ¿Cuánto vale a.nbytes?"}}
QUIZ = ("from strides_lab import Lab\n"
        "quiz = Lab(panels='quiz', questions={'format': 'strides-lab/questions@1', "
        f"'questions': [{QUESTION!r}]}})\nquiz")
PRINT = "print(quiz.answer.get('questionId'), quiz.answer.get('response'), quiz.answer.get('correct'))"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_show_in_jupyterlab(tmp_path, wheel):
    playwright = os.environ.get("STRIDES_PLAYWRIGHT")
    if not playwright:
        pytest.fail("STRIDES_PLAYWRIGHT is not set (cargo xtask test sets it)")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    work = tmp_path / "work"
    work.mkdir()
    cells = [{"cell_type": "code", "execution_count": None, "id": name, "metadata": {},
              "outputs": [], "source": source}
             for name, source in [("show", CELL), ("quiz", QUIZ), ("print", PRINT)]]
    notebook = {"cells": cells,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (work / "show.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    home = tmp_path / "home"
    env = dict(os.environ, PYTHONPATH=str(site), HOME=str(home),
               JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
    port, token = _free_port(), "strides-lab-test"
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.port={port}",
         "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={work}", "--ServerApp.port_retries=0"]
        + (["--allow-root"] if os.geteuid() == 0 else []),
        env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "server.log", "w"))
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start: " + (tmp_path / "server.log").read_text())
        script = os.path.join(os.path.dirname(__file__), "jupyter_page.mjs")
        shot = os.environ.get("STRIDES_JUPYTER_SCREENSHOT", "")
        out = subprocess.run([shutil.which("node") or "node", script,
                              f"{base}/lab/tree/show.ipynb?token={token}", shot],
                             capture_output=True, text=True, timeout=400)
        assert out.returncode == 0, out.stderr
        seen = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        server.terminate()
        server.wait(timeout=30)
    log = (tmp_path / "server.log").read_text()[-3000:]
    assert "failure" not in seen, (seen, log)
    # (3, 4) float64, transposed, every other column: strides (1, 8) in elements.
    assert seen["strides"] == "(1, 8)", seen
    assert "as_strided(base, (4, 2), (8, 64))" in seen["program"]
    # The answer checked in the widget reached the kernel's `answer` trait.
    assert seen["kernel"] == "c1-nbytes 48 True", seen
