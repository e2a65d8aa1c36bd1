"""The command line and the writing loop the issue-26 generators share (`api26.py`, `stats26.py`,
`torch_ops26.py`, `torch_index.py`): `--seed`, `--count`, `--out`; the generator's fixed
programs first (recorded whatever they warn), then `count` distinct programs drawn from the seed
whose run did not warn, each a line `{"exact", "expected", "program"}` as `generate.py`'s
`run_program` records it.
"""

import argparse
import contextlib
import io
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402


def weighted(generators):
    """A draw over `(generator, weight)` pairs: each generator returns `(program, exact)`."""
    gens = [g for g, w in generators for _ in range(w)]
    return lambda r: r.choice(gens)(r)


def write_corpus(argv, draw, default_count, fixed=()):
    """Parses `argv` and writes the corpus: `fixed` (exact), then programs from `draw(random)`."""
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=default_count)
    p.add_argument("--out", default="-")
    args = p.parse_args(argv[1:])
    r = random.Random(args.seed)
    out = sys.stdout if args.out == "-" else open(args.out, "w")

    def record(program, exact):
        with contextlib.redirect_stdout(io.StringIO()):
            expected, warned = run_program(program)
        line = {"exact": bool(exact), "expected": expected, "program": program}
        return line, warned

    seen = set()
    for program in fixed:
        seen.add(program)
        line, _ = record(program, True)
        out.write(json.dumps(line, sort_keys=True, allow_nan=False) + "\n")
    written = 0
    while written < args.count:
        program, exact = draw(r)
        if program in seen:
            continue
        seen.add(program)
        line, warned = record(program, exact)
        if warned:
            continue  # a warning (float16 overflow, deprecated uint8 masks, ...) is not recorded
        out.write(json.dumps(line, sort_keys=True, allow_nan=False) + "\n")
        written += 1
    if out is not sys.stdout:
        out.close()
