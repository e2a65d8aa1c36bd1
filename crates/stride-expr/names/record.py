#!/usr/bin/env python3
"""Write the names NumPy and PyTorch have, for the lab's attribute errors (`src/names.rs`).

    /work/venv/bin/python crates/stride-expr/names/record.py          # rewrites the .txt files
    /work/venv/bin/python crates/stride-expr/names/record.py --check  # exit 1 if they differ

Each owner gets one file of names, sorted as `dir()` sorts them, one a line:

- where CPython 3.11 can suggest a name ("Did you mean: 'arange'?"), that is where `dir()` has
  fewer than 750 names (the modules `numpy`, `numpy.lib`, `numpy.lib.stride_tricks`,
  `numpy.linalg`, `ndarray`, an array's `flags` and the NumPy scalars), the file holds all of
  `dir()`, private names
  included, since CPython picks its suggestion among them;
- where it cannot (`torch` and `Tensor` have more), the file starts with `#<len(dir())>` and holds
  only the public names (no leading underscore): the lab needs them only to tell a name PyTorch
  has from one it does not.

The NumPy scalars come in four kinds with different names: `bool`, the integers (`int8` ...
`uint8` agree), `float16`/`float32`, and `float64` (a subclass of Python's float).

`numpy-removed.txt` holds the names NumPy's module `__getattr__` answers with a message of its
own (`np.float_` "was removed in the NumPy 2.0 release"), and the names it serves that `dir(np)`
does not list. Its first lines, `%<template>`, are NumPy's two message templates (numbered from
0); then one line a name: `name<TAB>K<TAB>arg` (template K with `{n}` the name and `{}` the arg),
`name<TAB>-<TAB>message` (a message of no template), or `name` alone (served, not listed).
Newlines are written `\\n`.
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


def listing(obj):
    names = sorted(dir(obj))
    if len(names) < MAX_CANDIDATE_ITEMS:
        return "".join(n + "\n" for n in names)
    public = [n for n in names if not n.startswith("_")]
    return f"#{len(names)}\n" + "".join(n + "\n" for n in public)


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
    if "\t" in text or "\\n" in text:
        sys.exit(f"cannot store {text!r}")
    return text.replace("\n", "\\n")


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
    out = {f"{stem}.txt": listing(obj) for stem, obj in owners()}
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
