#!/usr/bin/env python3
"""Record what NumPy's `sum` (and `prod`, `max`, `min`, `mean`) give on many arrays, for
`crates/arrays/tests/corpus.rs`.

    /work/venv/bin/python tests/corpus/sums.py --seed 1 --count 1500 --out tests/corpus/numpy-sums.jsonl
    /work/venv/bin/python tests/corpus/sums.py --ops prod,max,min,mean --seed 1 --count 1500 \
        --out tests/corpus/numpy-reductions.jsonl

Each program builds float64/float32/float16 (and some integer and bool) data of a length from 1
to 2000 (and a few up to 30000, past NumPy's 8192-item buffer), lays it out in memory in one of
many ways (C or F order, transposed, strided, reversed, cut), and sums it over random axes, with
or without `keepdims` and `dtype=`. The data come from integer arithmetic the lab evaluates
exactly (`(arange(n) * 7919 + s) % 10007 * c - d`), so the same program gives the same data in
both. What is recorded is the harness's JSON (`generate.run_program`): shape, strides, dtype and
every value, so float results must agree bit for bit (repr round-trips). Same seed, same file.
`--uints` adds uint8/16/32/64 data and `dtype=` (a different stream of programs, so it is for
fresh seeds: the committed files were made without it).
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

FLOATS = ["float64", "float32", "float16"]
OTHERS = ["int64", "int32", "int8", "int16", "bool"]
# With --uints (off by default, so that the committed files stay as they are): the unsigned
# dtypes too, whose sums and products NumPy computes in uint64.
UINTS = ["uint8", "uint16", "uint32", "uint64"]


def data(rng, n, dtype):
    s = rng.randrange(10007)
    if dtype == "bool":
        return f"(np.arange({n}) * 7919 + {s}) % 3 == 0"
    if dtype in FLOATS:
        scale = rng.choice(["0.00123", "0.731", "1.1e-3", "3.7"])
        return f"((np.arange({n}) * 7919 + {s}) % 10007 * {scale} - 6.1).astype('{dtype}')"
    return f"((np.arange({n}) * 7919 + {s}) % 251 - 125).astype('{dtype}')"


def shape_for(rng, nd, big):
    top = {1: 2000, 2: 60, 3: 16, 4: 8}[nd]
    if big:
        top = {1: 30000, 2: 300, 3: 40, 4: 14}[nd]
    return [rng.randint(1, top) for _ in range(nd)]


def program(rng, ops, uints=False):
    op = rng.choice(ops) if len(ops) > 1 else ops[0]
    floats = rng.random() < (0.6 if uints else 0.85)
    dtype = rng.choice(FLOATS) if floats else rng.choice(OTHERS + UINTS if uints else OTHERS)
    nd = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
    big = rng.random() < 0.08
    shape = shape_for(rng, nd, big)
    n = 1
    for d in shape:
        n *= d
    lines = [f"x = {data(rng, n, dtype)}"]
    order = rng.choice(["C", "C", "F"])
    tup = "(" + ", ".join(map(str, shape)) + ("," if nd == 1 else "") + ")"
    lines.append(f"x = x.reshape({tup}, order='{order}')")
    view = rng.choice(["none", "none", "T", "perm", "step", "reverse", "cut", "mix"])
    if view == "T":
        lines.append("x = x.T")
    elif view == "perm" and nd > 1:
        perm = list(range(nd))
        rng.shuffle(perm)
        lines.append(f"x = np.transpose(x, {tuple(perm)})")
    elif view in ("step", "reverse", "cut", "mix"):
        items = []
        for d in shape:
            kind = view if view != "mix" else rng.choice(["step", "reverse", "cut", "all"])
            if kind == "step" and rng.random() < 0.7:
                items.append(f"::{rng.choice([2, 3])}")
            elif kind == "reverse" and rng.random() < 0.7:
                items.append("::-1")
            elif kind == "cut" and d > 1 and rng.random() < 0.7:
                items.append(f"{rng.randint(0, 1)}:{d - rng.randint(0, 1)}")
            else:
                items.append(":")
        lines.append(f"x = x[{', '.join(items)}]")
    kwargs = []
    r = rng.random()
    if r < 0.2:
        pass
    elif r < 0.4:
        kwargs.append(f"axis={rng.randrange(-nd, nd)}")
    else:
        axes = [k for k in range(nd) if rng.random() < 0.5] or [rng.randrange(nd)]
        kwargs.append(f"axis={tuple(axes)}")
    if rng.random() < 0.3:
        kwargs.append("keepdims=True")
    if rng.random() < 0.15 and op not in ("max", "min"):
        choices = ["float64", "float32", "float16", "int64", "int8"] + (UINTS if uints else [])
        kwargs.append(f"dtype='{rng.choice(choices)}'")
    call = f"x.{op}({', '.join(kwargs)})" if rng.random() < 0.7 else f"np.{op}(x, {', '.join(kwargs)})"
    lines.append(call)
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ops", default="sum", help="comma-separated: sum, prod, max, min, mean")
    ap.add_argument("--uints", action="store_true", help="unsigned integer data and dtype= too")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with open(args.out, "w") as f:
        for _ in range(args.count):
            src = program(rng, args.ops.split(","), args.uints)
            expected, caught = run_program(src)
            if caught:
                continue
            f.write(json.dumps({"expected": expected, "program": src}, sort_keys=True, allow_nan=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
