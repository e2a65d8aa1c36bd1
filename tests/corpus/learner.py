#!/usr/bin/env python3
"""Learner programs: what a learner of the seeds and of ordinary ML notebooks types (random data,
normalising, softmax, layer norm, attention with causal masks, heads, pairwise distances, one-hot,
losses, sliding windows, casts, statistics, products), run in real NumPy / PyTorch.

    python3 tests/corpus/learner.py --kind both --seed 1 --count 300 --out tests/corpus/learner.jsonl
    python3 tests/corpus/check.py --tolerance tests/corpus/learner.jsonl

Each line is ``{"expected": ..., "program": ..., "family": ...}`` with `expected` as in
generate.py (README.md), `"stdout"` in it when the program printed, and the value marks of
learner_harness.value_marks: `"values_exact": false` with `"inexact_by"` (the names whose float
results depend on the machine: check.py --tolerance compares those values within a tolerance),
`"torch_random": true` (values from PyTorch's generator). Programs that warn, and programs whose
values are undefined (np.empty's are only asked for their layout), are left out; results of more
than 256 values too. Deterministic for a given --kind/--seed/--count and library versions:
`--kind both` alternates NumPy and PyTorch programs in proportion (60% NumPy).
"""

import argparse
import json
import os
import random
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learner_np  # noqa: E402
import learner_torch  # noqa: E402
from learner_common import Pick  # noqa: E402
from learner_harness import run_learner_program, value_marks  # noqa: E402

MAX_VALUES = 256


def imports(p, body, kind):
    """The import lines a learner writes above `body`."""
    text = "\n".join(body)
    lines = []
    if kind == "numpy" or "np." in text:
        if p.chance(0.85) or kind == "torch":
            lines.append("import numpy as np")
    if kind == "torch":
        lines.append("import torch")
        if "F." in text:
            lines.append("import torch.nn.functional as F")
    if "math." in text and "import math" not in text:
        lines.insert(0, "import math")
    return lines


def make(p, kind):
    families = learner_np.FAMILIES if kind == "numpy" else learner_torch.FAMILIES
    fam = p.weighted([(f, w) for f, w in families])
    body = one_seed("\n".join(fam(p)).split("\n"))
    if LAYOUT_END.search(body[-1]) and p.chance(0.3):
        body[-1] = f"print({body[-1]})"
    return "\n".join(imports(p, body, kind) + body), fam.__name__


def one_seed(lines):
    """`lines` without a second seeding: a learner seeds once and draws every array after."""
    out, seeded = [], set()
    for line in lines:
        key = next((k for k in SEEDINGS if line.startswith(k)), None)
        if key in seeded:
            continue
        if key:
            seeded.add(key)
        out.append(line)
    return out


# A last line a learner may print rather than display: layout only, whose printed text does not
# depend on float values' last bits.
LAYOUT_END = re.compile(r"\.(shape|strides|dtype|ndim|nbytes|stride\(\)|is_contiguous\(\))$")
SEEDINGS = ("np.random.seed(", "torch.manual_seed(", "rng = np.random.default_rng(")


def generate(kind, seed, count):
    """The rows of the corpus, and its statistics as text."""
    rng = random.Random(f"strides-lab:learner:{kind}:{seed}")
    p = Pick(rng)
    rows, seen = [], set()
    fams, kinds, dropped = Counter(), Counter(), Counter()
    attempts = 0
    while len(rows) < count:
        attempts += 1
        if attempts > count * 20:
            raise RuntimeError("generator is stuck")
        k = kind if kind != "both" else ("numpy" if rng.random() < 0.6 else "torch")
        src, fam = make(p, k)
        if src in seen:
            dropped["duplicate"] += 1
            continue
        exp, warns = run_learner_program(src)
        if exp is None:
            dropped["no encoding"] += 1
            continue
        if warns:
            dropped["warned"] += 1
            continue
        if len(exp.get("values", [])) > MAX_VALUES:
            dropped["too many values"] += 1
            continue
        seen.add(src)
        row = {"program": src, "expected": exp, "family": f"{k}.{fam}"}
        row.update(value_marks(src))
        rows.append(row)
        fams[f"{k}.{fam}"] += 1
        kinds["error" if "error" in exp else "ok"] += 1
    errors = Counter(r["expected"]["error"] for r in rows if "error" in r["expected"])
    stats = [
        f"learner {kind} seed {seed}: {len(rows)} programs; {dict(kinds)}; dropped {dict(dropped)}",
        f"errors: {dict(errors.most_common())}",
        f"inexact values: {sum(1 for r in rows if r.get('values_exact') is False)} "
        f"torch random: {sum(1 for r in rows if r.get('torch_random'))} "
        f"printed: {sum(1 for r in rows if 'stdout' in r['expected'])}",
    ] + [f"  {fam}: {c}" for fam, c in fams.most_common()]
    return rows, "\n".join(stats)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=["numpy", "torch", "both"], default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--out", required=True)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    rows, stats = generate(a.kind, a.seed, a.count)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True, allow_nan=False) + "\n")
    if not a.quiet:
        print(stats, file=sys.stderr)


if __name__ == "__main__":
    main()
