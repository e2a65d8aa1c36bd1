#!/usr/bin/env python3
"""Record what NumPy, PyTorch and CPython 3.11 say for attributes that do not exist: generated
misspellings of real names, each run as a program by the corpus harness
(`tests/corpus/generate.py`, `run_program`), so each line holds the `AttributeError`'s message
and the name CPython's traceback suggests ("Did you mean"), if any.

    /work/venv/bin/python crates/arrays/names/misspellings.py > crates/arrays/tests/names/misspellings.jsonl

`crates/arrays/tests/names.rs` runs every program through the lab and compares. The output
depends only on --seed, --per-owner and the library versions.
"""

import argparse
import json
import keyword
import os
import random
import string
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tests", "corpus"))
from generate import run_program  # noqa: E402

import numpy as np  # noqa: E402
import torch  # noqa: E402

#: (owner, the object, how a program reaches it, whether private names may be asked)
OWNERS = [
    ("numpy", lambda: np, "np.{}", True),
    ("numpy.lib", lambda: np.lib, "np.lib.{}", True),
    ("numpy.lib.stride_tricks", lambda: np.lib.stride_tricks, "np.lib.stride_tricks.{}", True),
    ("numpy.linalg", lambda: np.linalg, "np.linalg.{}", True),
    ("ndarray", lambda: np.arange(3.0), "x = np.arange(3.0); x.{}", True),
    ("flagsobj", lambda: np.arange(3.0).flags, "x = np.arange(3.0); x.flags.{}", True),
    ("bool", lambda: np.bool(True), "np.bool(True).{}", True),
    ("int8", lambda: np.int8(1), "np.int8(1).{}", True),
    ("int64", lambda: np.int64(1), "np.int64(1).{}", True),
    ("uint8", lambda: np.uint8(1), "np.uint8(1).{}", True),
    ("float16", lambda: np.float16(1), "np.float16(1.0).{}", True),
    ("float32", lambda: np.float32(1), "np.float32(1.0).{}", True),
    ("float64", lambda: np.float64(1), "x = np.arange(3.0); x[1].{}", True),
    # The lab knows only PyTorch's public names, so it asks only those.
    ("torch", lambda: torch, "torch.{}", False),
    ("Tensor", lambda: torch.arange(3.0), "t = torch.arange(3.0); t.{}", False),
]

LETTERS = string.ascii_letters + string.digits + "_"


def edit(rng, name):
    """One random edit of `name`."""
    k = rng.randrange(len(name) + 1)
    c = rng.choice(LETTERS if rng.random() < 0.3 else string.ascii_lowercase)
    kind = rng.randrange(8)
    if kind == 0 and len(name) > 1:  # delete
        return name[:k] + name[k + 1 :]
    if kind == 1:  # insert
        return name[:k] + c + name[k:]
    if kind == 2 and k < len(name):  # substitute
        return name[:k] + c + name[k + 1 :]
    if kind == 3 and k + 1 < len(name):  # swap neighbours
        return name[:k] + name[k + 1] + name[k] + name[k + 2 :]
    if kind == 4 and k < len(name):  # flip case
        return name[:k] + name[k].swapcase() + name[k + 1 :]
    if kind == 5:  # a plural, a suffix
        return name + rng.choice(["s", "_", "2", "es", "ed", "ing"])
    if kind == 6 and k < len(name):  # double a letter
        return name[:k] + name[k] + name[k:]
    return name.upper() if rng.random() < 0.5 else name.capitalize()


def candidates(rng, names, count):
    """Misspellings of `names`, with random words and a few very long ones."""
    out = []
    for _ in range(count):
        r = rng.random()
        if r < 0.1:
            word = "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 12)))
        elif r < 0.13:
            base = rng.choice(names)
            word = base + "_" + "".join(rng.choice(string.ascii_lowercase) for _ in range(45)) + base
        else:
            word = rng.choice(names)
            for _ in range(1 if rng.random() < 0.7 else 2):
                word = edit(rng, word)
        out.append(word)
    return out


def is_attribute_name(word):
    return word.isidentifier() and word.isascii() and not keyword.iskeyword(word)


def missing(obj, word):
    """Whether `obj.word` raises AttributeError (and no warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            getattr(obj, word)
        except AttributeError:
            return True
        except Warning:
            return False
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--per-owner", type=int, default=120)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    for owner, get, template, private in OWNERS:
        obj = get()
        names = sorted(dir(obj)) if private else sorted(n for n in dir(obj) if not n.startswith("_"))
        seen = set()
        kept = 0
        for word in candidates(rng, names, args.per_owner * 4):
            if kept >= args.per_owner:
                break
            if word in seen or not is_attribute_name(word) or word in dir(obj):
                continue
            if not private and word.startswith("_"):
                continue
            seen.add(word)
            if not missing(obj, word):
                continue
            program = template.format(word)
            expected, caught = run_program(program)
            if caught or expected.get("error") != "AttributeError":
                continue
            kept += 1
            print(json.dumps({"expected": expected, "owner": owner, "program": program}, sort_keys=True))
        print(f"{owner}: {kept} programs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
