#!/usr/bin/env python3
"""Record `np.einsum_path`'s path and printed report for fixed and random contractions, for
`crates/arrays/tests/einsum_path.rs`.

    /work/venv/bin/python tests/corpus/einsum_path.py --seed 1 --count 400 --out tests/corpus/einsum_path.jsonl

The fixed programs are the seed's attention scores (`bhqd,bhkd->bhqk`), its chain of three
matrices (A 1000×10, B 10×1000, C 1000×10), a chain of unequal sizes, and NumPy's docstring
examples; the random ones draw 2 to 6 operands over letters of sizes 1 to 12 (explicit and
implicit outputs, size-1 broadcasting), with `optimize=` True, False, 'greedy', 'optimal' or
('greedy', limit), and some errors. Each program appears twice, ending in `[0]` (the path) and
in `[1]` (the report, which `print` shows as is). Same seed, same file.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

FIXED = [
    ("bhqd,bhkd->bhqk", [(2, 12, 16, 64), (2, 12, 16, 64)], "'greedy'"),
    ("ij,jk,kl->il", [(1000, 10), (10, 1000), (1000, 10)], "'greedy'"),
    ("ij,jk,kl->il", [(1000, 10), (10, 1000), (1000, 10)], "'optimal'"),
    ("ij,jk,kl->il", [(2, 3), (3, 40), (40, 5)], "True"),
    ("ij,jk,kl->il", [(2, 3), (3, 40), (40, 5)], "False"),
    ("ij,jk,kl", [(20, 3), (3, 4), (4, 50)], "'optimal'"),
    ("ea,fb,abcd,gc,hd->efgh", [(10, 10)] * 2 + [(10, 10, 10, 10)] + [(10, 10)] * 2, "'greedy'"),
    ("ea,fb,abcd,gc,hd->efgh", [(10, 10)] * 2 + [(10, 10, 10, 10)] + [(10, 10)] * 2, "'optimal'"),
    ("ij,jk,kl->il", [(2, 2), (2, 5), (5, 2)], "'greedy'"),
    ("ij,jk,kl->il", [(2, 2), (2, 5), (5, 2)], "('greedy', 5)"),
    ("i,i", [(5,), (5,)], "'greedy'"),
    ("ii->i", [(4, 4)], "'greedy'"),
    ("ij,jk", [(3, 4), (4, 5)], "'optimal'"),
]


def program(subs, shapes, optimize):
    lines = []
    names = []
    for k, shape in enumerate(shapes):
        name = "abcdefgh"[k]
        lines.append(f"{name} = np.ones({tuple(shape)})")
        names.append(name)
    return lines, f"np.einsum_path('{subs}', {', '.join(names)}, optimize={optimize})"


def random_case(rng):
    n = rng.randint(2, 6)
    letters = rng.sample("abcdefghijklmnopqrstuvwxyzAB", rng.randint(2, 8))
    sizes = {c: rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12]) for c in letters}
    terms = []
    for _ in range(n):
        k = rng.randint(1, min(4, len(letters)))
        terms.append("".join(rng.sample(letters, k)))
    used = sorted(set("".join(terms)))
    explicit = rng.random() < 0.6
    subs = ",".join(terms)
    if explicit:
        out = "".join(c for c in used if rng.random() < 0.4)
        subs += "->" + out
    shapes = []
    for t in terms:
        shape = [sizes[c] if rng.random() < 0.9 else 1 for c in t]
        shapes.append(shape)
    if rng.random() < 0.04:
        shapes[0] = shapes[0] + [2]
    if rng.random() < 0.04:
        shapes[-1][0] += 1
    optimize = rng.choice(["True", "False", "'greedy'", "'greedy'", "'optimal'", "'optimal'",
                           f"('greedy', {rng.choice([4, 16, 64])})", f"('optimal', {rng.choice([4, 16, 64])})"])
    return subs, shapes, optimize


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    cases = list(FIXED) + [random_case(rng) for _ in range(args.count)]
    with open(args.out, "w") as f:
        for subs, shapes, optimize in cases:
            lines, call = program(subs, shapes, optimize)
            for part in ("[0]", "[1]"):
                src = "\n".join(lines + [call + part])
                expected, caught = run_program(src)
                if caught:
                    continue
                f.write(json.dumps({"expected": expected, "program": src}, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
