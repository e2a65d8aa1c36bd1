"""The wheel `cargo xtask dist` writes: pip installs it into a fresh virtual environment that has
nothing but pip, offline, and the installed package holds the whole release bundle, byte for
byte, with nothing fetched at run time."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest


def _bundle_files(dist):
    """The bundle's files as dist/ lays them out, by path: all but .gz/.br and the wheel's own."""
    out = {}
    for path in dist.rglob("*"):
        rel = path.relative_to(dist).as_posix()
        if path.is_file() and path.suffix not in (".gz", ".br") and not rel.startswith("python/"):
            out[rel] = path.read_bytes()
    return out


def test_the_wheel_is_a_zip_pip_reads(wheel):
    with zipfile.ZipFile(wheel) as z:
        assert z.testzip() is None
        names = z.namelist()
        info = [n for n in names if n.endswith(".dist-info/WHEEL")]
        assert len(info) == 1
        assert "Tag: py3-none-any" in z.read(info[0]).decode()
        meta = z.read(info[0].replace("WHEEL", "METADATA")).decode()
        assert "Name: strides-lab" in meta and "Requires-Dist: anywidget" in meta
        assert "strides_lab/__init__.py" in names


@pytest.fixture(scope="module")
def fresh(tmp_path_factory, wheel):
    """A new virtual environment (pip only) with the wheel installed, offline."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, check=True).stdout
    assert [l.split("==")[0] for l in listed.split()] in (["pip"], ["pip", "setuptools"])
    # --no-deps: anywidget is for the widget; the package imports and builds programs without it.
    subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--no-deps",
                    "--disable-pip-version-check", "--quiet", str(wheel)], check=True)
    return python


def test_installed_package_holds_the_whole_bundle(fresh, dist):
    where = subprocess.run(
        [str(fresh), "-c", "import strides_lab.bundle as b; print(b.BUNDLE)"],
        capture_output=True, text=True, check=True).stdout.strip()
    installed = Path(where)
    expected = _bundle_files(dist)
    assert "pkg/strides_lab_bg.wasm" in expected and "web/anywidget.js" in expected
    for rel, data in expected.items():
        assert (installed / rel).read_bytes() == data, rel
    extra = {p.relative_to(installed).as_posix() for p in installed.rglob("*") if p.is_file()}
    assert extra == set(expected)


def test_installed_package_writes_the_widget_module_offline(fresh):
    # The module holds every file it needs: no http(s) URL in the code that loads them.
    script = (
        "import strides_lab, strides_lab.bundle as b\n"
        "esm = b.module()\n"
        "assert 'pkg/strides_lab_bg.wasm' in esm and 'provideBuiltinQuestions' in esm\n"
        "head = esm.split('const FILES')[0] + esm.split('const KEY')[1]\n"
        "assert 'http' not in head, head\n"
        "print(len(esm))\n"
        "try:\n"
        "    strides_lab.show\n"
        "    strides_lab.Lab\n"
        "except ImportError as e:\n"
        "    print('needs', e.name)\n")
    out = subprocess.run([str(fresh), "-c", script], capture_output=True, text=True, check=True)
    size, needs = out.stdout.split("\n")[:2]
    assert int(size) > 1_000_000
    # Without anywidget, Lab says what it needs.
    assert needs == "needs anywidget"
