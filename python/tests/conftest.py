"""Where the tests find what they check: the `strides` command line (STRIDES_CLI, else the
workspace's target/{debug,release}/strides), the wheel (STRIDES_WHEEL, else dist/python/) and the
bundle (STRIDES_DIST, else dist/). `cargo xtask test` sets all three."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))


def _first(var, *candidates):
    if os.environ.get(var):
        return Path(os.environ[var])
    for c in candidates:
        if c.exists():
            return c
    pytest.fail(f"{var} is not set and none of {[str(c) for c in candidates]} exists "
                "(cargo xtask test sets it)")


@pytest.fixture(scope="session")
def cli():
    path = _first("STRIDES_CLI", ROOT / "target/debug/strides", ROOT / "target/release/strides")

    def run(program):
        out = subprocess.run([str(path), "eval", "-"], input=program.encode(),
                             capture_output=True, check=True)
        return json.loads(out.stdout)

    return run


@pytest.fixture(scope="session")
def dist():
    return _first("STRIDES_DIST", ROOT / "dist")


@pytest.fixture(scope="session")
def wheel(dist):
    found = sorted((dist / "python").glob("strides_lab-*.whl"))
    if os.environ.get("STRIDES_WHEEL"):
        return Path(os.environ["STRIDES_WHEEL"])
    if not found:
        pytest.fail("no wheel in dist/python (cargo xtask dist writes it)")
    return found[-1]
