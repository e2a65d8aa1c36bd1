#!/usr/bin/env python3
"""Record, for random einsums, what every contraction order costs as `np.einsum_path` counts it,
for `crates/arrays/tests/einsum_orders.rs` (the einsum cost panel's engine).

    /work/venv/bin/python tests/corpus/einsum_orders.py --seed 1 --count 200 --out tests/corpus/einsum_orders.jsonl

Each line is one contraction (subscripts and operand shapes; the operands are stride-0 views, so
no shape allocates) with, for every pairwise path of up to 4 operands (for more: the path left to
right and the ones NumPy picks), each step's NumPy subscripts, the shape and size of the term it
makes, its multiply-adds and its FLOP count. The counts are NumPy's own: `einsum_path` is called
with the explicit path while `numpy._core.einsumfunc._flop_count` records what it returns, and the
multiply-adds are that same function asked about a pairwise step that sums nothing
(`_flop_count(idx, False, 2, sizes)`, the product of the step's sizes). Also the paths and the
reports of `optimize='greedy'` and `'optimal'` (up to 7 operands), the naive FLOP count, how many
distinct orders (trees) the pairwise paths make, and NumPy's error where it raises one. Same seed,
same file.
"""

import argparse
import json
import random
import sys

import numpy as np
from numpy._core import einsumfunc

MAX_LISTED = 4
ORIGINAL_FLOPS = einsumfunc._flop_count


def operand(shape):
    return np.lib.stride_tricks.as_strided(np.zeros(1), shape, (0,) * len(shape))


def pairwise_paths(n):
    if n <= 1:
        return [[]]
    return [[(i, j)] + rest for i in range(n) for j in range(i + 1, n) for rest in pairwise_paths(n - 1)]


def tree(n, path):
    terms = [frozenset([k]) for k in range(n)]
    made = []
    for step in path:
        taken = [terms.pop(p) for p in sorted(step, reverse=True)]
        new = frozenset().union(*taken)
        made.append(new)
        terms.append(new)
    return sorted(sum(1 << k for k in m) for m in made)


def steps(subs, ops, path):
    calls = []

    def recording(idx, inner, num_terms, sizes):
        result = ORIGINAL_FLOPS(idx, inner, num_terms, sizes)
        calls.append((idx, sizes, result))
        return result

    einsumfunc._flop_count = recording
    try:
        _, report = np.einsum_path(subs, *ops, optimize=["einsum_path", *path])
    finally:
        einsumfunc._flop_count = ORIGINAL_FLOPS
    _, contractions = np.einsum_path(subs, *ops, optimize=["einsum_path", *path], einsum_call=True)
    out = []
    # One call per step, then the naive count.
    for (idx, sizes, flops), (_, einsum_str, _) in zip(calls, contractions):
        made = einsum_str.split("->")[1]
        out.append({
            "subscripts": einsum_str,
            "shape": [sizes[c] for c in made],
            "size": einsumfunc._compute_size_by_dict(made, sizes),
            "multiply_adds": ORIGINAL_FLOPS(idx, False, 2, sizes),
            "flops": flops,
        })
    naive = calls[-1][2]
    return out, report, naive


def random_case(rng):
    n = rng.choice([1, 2, 3, 3, 3, 4, 4, 4, 5, 6])
    letters = rng.sample("abcdefghijklmnopqrstuvwxyzAB", rng.randint(2, 7))
    sizes = {c: rng.choice([1, 2, 3, 5, 8, 10, 64, 100, 1000, 4096]) for c in letters}
    terms = ["".join(rng.sample(letters, rng.randint(1, min(3, len(letters))))) for _ in range(n)]
    used = sorted(set("".join(terms)))
    subs = ",".join(terms)
    if rng.random() < 0.7:
        subs += "->" + "".join(c for c in used if rng.random() < 0.4)
    shapes = [[sizes[c] if rng.random() < 0.92 else 1 for c in t] for t in terms]
    if rng.random() < 0.04:
        shapes[0] = shapes[0] + [2]
    if rng.random() < 0.04:
        shapes[-1][0] += 1
    return subs, shapes


FIXED = [
    ("ij,jk,kl->il", [[1000, 10], [10, 1000], [1000, 10]]),
    ("ij,jk,kl", [[20, 3], [3, 4], [4, 50]]),
    ("ab,bc,cd,de->ae", [[2, 3], [3, 4], [4, 5], [5, 6]]),
    ("ea,fb,abcd,gc,hd->efgh", [[10, 10]] * 2 + [[10, 10, 10, 10]] + [[10, 10]] * 2),
    ("i,j,k->ijk", [[3], [4], [5]]),
    ("bhqd,bhkd->bhqk", [[2, 12, 16, 64], [2, 12, 16, 64]]),
    ("ii->i", [[4, 4]]),
]


def record(subs, shapes):
    ops = [operand(s) for s in shapes]
    line = {"subscripts": subs, "shapes": shapes}
    try:
        g_path, g_report = np.einsum_path(subs, *ops, optimize="greedy")
    except Exception as e:  # NumPy's error is what the panel shows
        line["error"] = [type(e).__name__, str(e)]
        return line
    n = len(shapes)
    line["greedy"] = {"path": [list(p) for p in g_path[1:]], "report": g_report, "tree": tree(n, g_path[1:])}
    if n <= 7:
        o_path, o_report = np.einsum_path(subs, *ops, optimize="optimal")
        line["optimal"] = {"path": [list(p) for p in o_path[1:]], "report": o_report, "tree": tree(n, o_path[1:])}
    if n <= MAX_LISTED:
        paths = pairwise_paths(n)
        line["trees"] = len({tuple(tree(n, p)) for p in paths})
    else:
        # Left to right, as written: ((((AB)C)D)E); each result goes to the end of NumPy's list.
        paths = [[(0, 1)] + [(0, n - k - 1) for k in range(1, n - 1)]]
    paths = [list(map(list, p)) for p in paths]
    for chosen in ("greedy", "optimal"):
        if chosen in line and line[chosen]["path"] not in paths:
            paths.append(line[chosen]["path"])
    if n <= 2:
        paths = [line["greedy"]["path"]]
        line["trees"] = 1
    line["paths"] = []
    for p in paths:
        st, _, naive = steps(subs, ops, p)
        line["paths"].append({"path": p, "steps": st, "tree": tree(n, p)})
        line["naive_flops"] = naive
    return line


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    cases = list(FIXED) + [random_case(rng) for _ in range(args.count)]
    errors = 0
    with open(args.out, "w") as f:
        for subs, shapes in cases:
            line = record(subs, shapes)
            errors += "error" in line
            f.write(json.dumps(line, sort_keys=True) + "\n")
    print(f"{len(cases)} contractions, {errors} errors", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
