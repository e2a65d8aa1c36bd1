#!/usr/bin/env python3
"""Random float `torch.arange` calls, recorded from PyTorch (`record.py`'s format).

    /work/venv/bin/python tests/corpus/torch_arange.py --seed 1 --count 400 > tests/corpus/torch-arange.jsonl

Starts, steps and lengths are drawn so that about half the calls have values that round in
their dtype (PyTorch's CPU kernel then gives values that depend on the CPU's vector width: the
lab refuses those) and half are exact (the lab computes them). Checked by
`crates/arrays/tests/torch_arange.rs` (`TORCH_ARANGE_CORPUS=path` for a fresh seed).
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

DTYPES = ["float32", "float64", "float16", "bfloat16"]
STARTS = [0, 1, -3, 7, 0.5, -0.25, 2.25, 0.1, -1.7, 3.3, 1e-3, 1000.5]
STEPS = [1, 2, 3, -1, 0.5, 0.25, -0.5, 0.125, 0.1, 0.7, 0.3, 0.01, 1.5]
LENGTHS = [0, 1, 2, 5, 16, 17, 31, 33, 40, 64, 100, 257, 300, 1000, 2049]


def program(rng):
    dtype = rng.choice(DTYPES)
    start, step, n = rng.choice(STARTS), rng.choice(STEPS), rng.choice(LENGTHS)
    form = rng.random()
    if form < 0.15 and isinstance(step, int) and step > 0 and start == 0:
        args = f"{n * step}"
    elif form < 0.3 and step == 1:
        args = f"{start}, {start + n}"
    else:
        # an end between two values, so the length is not on a rounding edge
        args = f"{start}, {start + (n - 0.5) * step!r}, {step}"
    return f"torch.arange({args}, dtype=torch.{dtype}).tolist()"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=400)
    a = parser.parse_args()
    rng = random.Random(a.seed)
    for _ in range(a.count):
        p = program(rng)
        expected, _ = run_program(p)
        print(json.dumps({"expected": expected, "program": p}, sort_keys=True, allow_nan=False))


if __name__ == "__main__":
    main()
