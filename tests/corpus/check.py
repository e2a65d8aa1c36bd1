#!/usr/bin/env python3
"""Check corpus files against the `strides` command line: run every program through
`strides eval` and compare its JSON line with the recorded `expected`, field by field.

    cargo build --release --bin strides
    python3 tests/corpus/generate.py --kind numpy --seed 7 --count 3000 --out /tmp/numpy-seed7.jsonl
    python3 tests/corpus/check.py /tmp/numpy-seed7.jsonl

Exit status 0 when every program agrees, 1 when some disagree (each is printed, up to --show),
2 when the command line or a file is wrong. Needs only the Python standard library.

`--tolerance` (tolerance.py) compares float values within a tolerance where the lab or the record
says they are not exact, and prints agree / disagree / refused with the refused names:

    python3 tests/corpus/check.py --tolerance tests/corpus/learner.jsonl tests/corpus/seed-snippets.jsonl

`--missing` (with --tolerance; needs NumPy and PyTorch, /work/venv/bin/python) also lists every
library name the programs use that the lab refuses.
"""

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tolerance  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_BINARY = os.path.join(ROOT, "target", "release", "strides")


def run(binary, program):
    """The JSON `strides eval` prints for `program` (read from stdin), or a description of how
    the command failed."""
    proc = subprocess.run(
        [binary, "eval"], input=program.encode(), capture_output=True, timeout=30
    )
    if proc.returncode != 0:
        return {"cli-failed": proc.returncode, "stderr": proc.stderr.decode(errors="replace")}
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return {"cli-bad-json": proc.stdout.decode(errors="replace")}


TOLERANCE = {"float16": 1e-2, "bfloat16": 1e-2, "float32": 1e-5, "complex64": 1e-5}


def agrees(got, expected):
    """Equal, or -- where the lab says `"values_exact": false` (its values policy: the libraries'
    own last bits depend on the CPU or the BLAS) -- equal but for the values, each within the
    dtype's relative tolerance (float64 1e-12, float32 1e-5, float16 1e-2) of the largest
    magnitude of the result, NaN and infinities equal. Mirrors `crates/arrays/tests/support`."""
    if got == expected:
        return True
    if not isinstance(got, dict) or not isinstance(expected, dict) or got.get("values_exact") is not False:
        return False
    if tolerance.ties_agree(expected, got):
        plain = {k: v for k, v in got.items() if not k.startswith("values_") or k == "values"}
        if plain.keys() == expected.keys() and all(plain[k] == expected[k] for k in expected if k != "values"):
            return True
    got = {k: v for k, v in got.items() if not k.startswith("values_") or k == "values"}
    if got.keys() != expected.keys():
        return False
    rtol = TOLERANCE.get(str(expected.get("dtype", "")).replace("torch.", ""), 1e-12)

    def flat(v):
        if isinstance(v, list):
            return [x for item in v for x in flat(item)]
        return [{"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}.get(v, v)
                if isinstance(v, str) else float(v) if isinstance(v, (int, float)) else v]

    for k in expected:
        if k not in ("values", "value"):
            if got[k] != expected[k]:
                return False
            continue
        g, e = flat(got[k]), flat(expected[k])
        if len(g) != len(e) or not all(isinstance(x, float) for x in g + e):
            return False
        scale = max([abs(x) for x in e if x == x and abs(x) != float("inf")] + [0.0])
        for x, y in zip(g, e):
            if x != x or y != y:
                if not (x != x and y != y):
                    return False
            elif abs(x) == float("inf") or abs(y) == float("inf"):
                if x != y:
                    return False
            elif abs(x - y) > rtol * scale:
                return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", help="corpus files (JSON lines)")
    ap.add_argument("--strides", default=DEFAULT_BINARY, help="the strides binary")
    ap.add_argument("--show", type=int, default=10, help="disagreements to print")
    ap.add_argument("--jobs", type=int, default=2, help="programs run at once")
    ap.add_argument("--tolerance", action="store_true",
                    help="compare float values within a tolerance where the lab or the record says "
                         "they are not exact (tolerance.py), and summarise refusals")
    ap.add_argument("--missing", action="store_true",
                    help="with --tolerance: ask the lab for every library name the programs use and "
                         "list those it refuses, with how many programs use each")
    args = ap.parse_args(argv)
    if not os.access(args.strides, os.X_OK):
        sys.exit(f"no strides binary at {args.strides}: run `cargo build --release --bin strides`")
    if args.tolerance:
        return tolerance.check_files(args.files, lambda p: run(args.strides, p), args.jobs, args.show,
                                     args.missing)
    failures = 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        programs = [r["program"] for r in records]
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda p: run(args.strides, p), programs))
        bad = [(r, got) for r, got in zip(records, results) if not agrees(got, r["expected"])]
        for r, got in bad[: max(args.show - failures, 0)]:
            print(f"--- {path}\n{r['program']}\n  expected {json.dumps(r['expected'])}\n"
                  f"  got      {json.dumps(got)}")
        print(f"{path}: {len(records) - len(bad)} of {len(records)} programs agree")
        failures += len(bad)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
