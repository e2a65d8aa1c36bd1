#!/usr/bin/env python3
"""Record CPython's own "Did you mean" on made-up candidate lists, for `src/suggest.rs`.

    /work/venv/bin/python crates/arrays/names/suggestions.py > crates/arrays/tests/names/suggestions.tsv

An object whose `__dir__` gives the candidates raises `AttributeError(name=..., obj=...)`;
CPython's traceback then computes its suggestion (Python/suggestions.c), which this reads from
the printed last line. Each line: the name, the candidates (space-separated, in the order given;
`dir()` sorts them), and the suggestion (empty for none), tab-separated. The lists mix real
NumPy names, random words, case flips and names past the 40-byte limit; a few have 749 and 750
candidates, around the cut-off of MAX_CANDIDATE_ITEMS.
"""

import argparse
import io
import random
import re
import string
import sys

import numpy as np

from misspellings import edit  # the same edits as the recorded misspellings


class Probe:
    def __init__(self, names):
        self._names = names

    def __dir__(self):
        return self._names

    def __getattr__(self, name):
        raise AttributeError(f"no {name}", name=name, obj=self)


def cpython_suggestion(names, name):
    try:
        getattr(Probe(names), name)
    except AttributeError as e:
        out, saved = io.StringIO(), sys.stderr
        sys.stderr = out
        try:
            sys.__excepthook__(type(e), e, None)
        finally:
            sys.stderr = saved
        last = out.getvalue().rstrip("\n").rsplit("\n", 1)[-1]
        m = re.search(r"\. Did you mean: '([^']*)'\?$", last)
        return m.group(1) if m else ""
    return None  # a real attribute of Probe (`__class__`): not asked


def word(rng, pool):
    r = rng.random()
    if r < 0.5:
        return rng.choice(pool)
    if r < 0.8:
        return "".join(rng.choice(string.ascii_letters + "_") for _ in range(rng.randint(1, 14)))
    # Long names, to reach the 40-byte limit on what is left after the common ends.
    n = rng.randint(30, 60)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--count", type=int, default=500)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    pool = sorted(n for n in dir(np) + dir(np.ndarray) if n.isidentifier())
    for k in range(args.count):
        size = (749, 750)[k] if k < 2 else rng.randint(1, 12)
        names = list(dict.fromkeys(word(rng, pool) for _ in range(size)))
        while len(names) < size:  # the cut-off cases need exactly `size` distinct names
            names.append(f"n{len(names)}_" + rng.choice(pool))
        base = rng.choice(names)
        name = base
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            name = edit(rng, name)
        if rng.random() < 0.1 and len(base) > 30:
            # Change both ends of a long name: what is left between them stays long.
            name = rng.choice("QZ") + base[1:-1] + rng.choice("QZ")
        if k < 2:
            # Near enough to a candidate that only the cut-off can stop the suggestion.
            base = max(names, key=len)
            name = base[:-1]
        suggestion = cpython_suggestion(names, name) if name.isidentifier() else None
        if suggestion is not None:
            print(f"{name}\t{' '.join(names)}\t{suggestion}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
