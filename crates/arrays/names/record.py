#!/usr/bin/env python3
"""Write the names NumPy and PyTorch have, for the lab's attribute errors (`src/names.rs`).

    /work/venv/bin/python crates/arrays/names/record.py          # rewrites the two .txt files
    /work/venv/bin/python crates/arrays/names/record.py --check  # exit 1 if they differ

`names.txt` holds the names of every owner, sorted as `dir()` sorts them:

- where CPython 3.11 can suggest a name ("Did you mean: 'arange'?"), that is where `dir()` has
  fewer than 750 names (the modules `numpy`, `numpy.lib`, `numpy.lib.stride_tricks`,
  `numpy.linalg`, `ndarray`, an array's `flags` and the NumPy scalars), all of `dir()`, private
  names included, since CPython picks its suggestion among them;
- where it cannot (`torch` and `Tensor` have more), only the public names (no leading
  underscore): the lab needs them only to tell a name PyTorch has from one it does not.

The NumPy scalars come in four kinds with different names: `bool`, the integers (`int8` ...
`uint8` agree), `float16`/`float32`, and `float64` (a subclass of Python's float).

Since the owners share most names, the file lists their union once (it ships in the page's
wasm, so its size counts). Line 1: the owners, space-separated, a `*` after those with public
names only; owner k is bit k of a mask. Line 2: the distinct masks in hexadecimal. Then one
line a name, in sorted order: the mask's position in line 2 (one character of
`A-Za-z0-9+/`), how many leading characters it shares with the name before it (a digit, at
most 9), and the rest of the name.

`numpy-removed.txt` holds the names NumPy's module `__getattr__` answers with a message of its
own (`np.float_` "was removed in the NumPy 2.0 release"), and the names it serves that `dir(np)`
does not list. Its first lines, `%<template>`, are NumPy's two message templates (numbered from
0); then one line a name: `name<TAB>K<TAB>arg` (template K with `{n}` the name and `{}` the arg),
`name<TAB>-<TAB>message` (a message of no template), or `name` alone (served, not listed).
A newline in a template or a message is written as a tab.
"""

import os
import sys
import warnings

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))

#: CPython 3.11 offers no suggestion for an object whose dir() has this many names or more
#: (Python/suggestions.c, MAX_CANDIDATE_ITEMS).
MAX_CANDIDATE_ITEMS = 750

#: The scalar kinds and the dtypes of each (every dtype of a kind must have the same names).
SCALAR_KINDS = {
    "bool": ["bool"],
    "int": ["int8", "int16", "int32", "int64", "uint8"],
    "float": ["float16", "float32"],
    "float64": ["float64"],
}


def owners():
    """(file stem, object) for every owner."""
    import numpy.lib.stride_tricks
    import numpy.linalg

    out = [
        ("numpy", np),
        ("numpy.lib", np.lib),
        ("numpy.lib.stride_tricks", np.lib.stride_tricks),
        ("numpy.linalg", np.linalg),
        ("ndarray", np.arange(3.0)),
        ("flagsobj", np.arange(3.0).flags),
        ("torch", torch),
        ("Tensor", torch.arange(3.0)),
    ]
    for kind, dtypes in SCALAR_KINDS.items():
        dirs = {d: sorted(dir(getattr(np, d)(1))) for d in dtypes}
        first = dirs[dtypes[0]]
        for d, names in dirs.items():
            if names != first:
                sys.exit(f"scalar kind {kind}: {d} has other names than {dtypes[0]}")
        out.append((f"scalar-{kind}", getattr(np, dtypes[0])(1)))
    return out


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def listing(pairs):
    """The union of the owners' names, as `names.txt` writes it."""
    heads, sets = [], []
    for stem, obj in pairs:
        names = sorted(dir(obj))
        if len(names) < MAX_CANDIDATE_ITEMS:
            heads.append(stem)
        else:
            heads.append(stem + "*")
            names = [n for n in names if not n.startswith("_")]
        sets.append(set(names))
    union = sorted(set().union(*sets))
    masks = {n: sum(1 << k for k, s in enumerate(sets) if n in s) for n in union}
    counts = {}
    for m in masks.values():
        counts[m] = counts.get(m, 0) + 1
    distinct = sorted(counts, key=lambda m: (-counts[m], m))
    if len(distinct) > len(ALPHABET):
        sys.exit(f"{len(distinct)} distinct masks: more than one character can name")
    lines = [" ".join(heads), " ".join(f"{m:x}" for m in distinct)]
    previous = ""
    for n in union:
        k = 0
        while k < min(len(previous), len(n), 9) and previous[k] == n[k]:
            k += 1
        lines.append(f"{ALPHABET[distinct.index(masks[n])]}{k}{n[k:]}")
        previous = n
    return "".join(line + "\n" for line in lines)


def removed():
    """NumPy's own messages for names it refuses, and the names it serves beyond dir().

    Each message is stored as one of NumPy's two templates and its argument when it is one
    (checked here), so the long paragraph of `np.int` and friends is stored once."""
    default = "module 'numpy' has no attribute {!r}"
    templates = [
        # numpy/__init__.py, __getattr__, for the names of __expired_attributes__.
        "`np.{n}` was removed in the NumPy 2.0 release. {}",
        # numpy/__init__.py, _msg, for the names of __former_attrs__.
        np._msg.replace("{extended_msg}", "{}"),
    ]
    candidates = (
        set(np.__expired_attributes__)
        | set(np.__former_attrs__)
        # What numpy's __dir__ leaves out, and the deprecated alias it still serves.
        | {"matrixlib", "matlib", "tests", "conftest", "version", "distutils", "array_api"}
        | {"chararray"}
    )
    listed = set(dir(np))
    lines = ["%" + escape(t) + "\n" for t in templates]
    for name in sorted(candidates - listed):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                getattr(np, name)
            except AttributeError as e:
                message = str(e)
                if message != default.format(name):
                    lines.append(name + "\t" + as_template(templates, name, message) + "\n")
                continue
        lines.append(name + "\n")
    return "".join(lines)


def escape(text):
    """A newline is stored as a tab (the last field of a line may hold tabs)."""
    if "\t" in text:
        sys.exit(f"cannot store {text!r}")
    return text.replace("\n", "\t")


def as_template(templates, name, message):
    """`K<TAB>arg` when template K with `{n}` = name and `{}` = arg gives message, else
    `-<TAB>message`."""
    for k, t in enumerate(templates):
        head, _, tail = t.replace("{n}", name).partition("{}")
        if message.startswith(head) and message.endswith(tail) and len(message) >= len(head) + len(tail):
            arg = message[len(head) : len(message) - len(tail)]
            if t.replace("{n}", name).replace("{}", arg) == message:
                return f"{k}\t{escape(arg)}"
    return f"-\t{escape(message)}"


def files():
    out = {"names.txt": listing(owners())}
    out["numpy-removed.txt"] = removed()
    return out


def main(argv):
    check = "--check" in argv
    stale = []
    for name, text in files().items():
        path = os.path.join(HERE, name)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    if stale:
        print("out of date:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
