#!/usr/bin/env python3
"""Random programs over issue 15's new memory, views and reductions, recorded from real NumPy
(and PyTorch with `--kind torch`): the fixture of `crates/arrays/tests/joins.rs`.

    /work/venv/bin/python tests/corpus/joins.py --seed 1 --count 2500 --out tests/corpus/joins.jsonl
    /work/venv/bin/python tests/corpus/joins.py --kind torch --seed 1 --count 800 --out tests/corpus/joins-torch.jsonl

Each program makes an array of a random shape and dtype (`np.arange`, scaled floats, masks,
literals with NaN), sometimes reads it through a view (transposed, reversed, sliced, broadcast),
and ends with one of: `concatenate`, `stack`, `hstack`, `vstack` (sometimes with `dtype=` and
`casting=`), `tile`, `repeat`,
`split`/`array_split` (one piece of the list), `flip`/`fliplr`/`flipud`, `diagonal`,
`view(dtype)`, `astype(copy=False)`, `np.array`/`np.asarray` with `dtype` and `copy`, `argmax`,
`argmin`, `any`, `all`, `std`, `var` (NumPy); `torch.cat`, `torch.stack`, `repeat`, `narrow`,
`select`, `unfold`, `flip`, `diagonal`, `argmax`/`argmin`/`any`/`all`, `view(dtype)` and the
function spellings `torch.select`, `diagonal`, `transpose`, `permute`, `flatten`, `unsqueeze`,
`squeeze`, `clone`, `reshape` (PyTorch), with arguments
that are sometimes wrong on purpose. The harness, the encoding of results and the line format are
`generate.py`'s (see README.md); programs whose run warns are left out. The output depends only
on the seed, `--count` and the library versions. Seed 1 starts with `FIXED`, one-line programs
of list arguments (not counted in `--count`).
"""

import argparse
import json
import os
import random
import sys
import warnings

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import execute, run_program  # noqa: E402

NP_DTYPES = ["float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]
TORCH_DTYPES = ["float32", "float64", "bfloat16", "int64", "int32", "int16", "int8", "uint8", "bool"]
MAX = 150


# One-line programs whose arguments are lists: the library converts them, and NumPy's harness
# takes the result (or nothing, for a list of views) as the program's first array.
FIXED = [
    'np.tile([1, 2], 2)',
    'np.tile([[1, 2]], (2, 1, 1))',
    'np.tile(np.arange(3), (1, 1))',
    'np.concatenate([[1, 2], [3]])',
    'np.stack([[1, 2], [3, 4]], axis=1)',
    'np.hstack([[1], [2.5]])',
    'np.vstack([[1, 2], [3, 4]])',
    'np.repeat([1, 2], 2)',
    'np.split(np.arange(6), 3)[1]',
    'np.array_split([1, 2, 3], 2)[0]',
    'np.flip([1, 2, 3])',
    'np.fliplr([[1, 2], [3, 4]])',
    'np.diagonal([[1, 2], [3, 4]])',
    'np.argmax([3, 1, 4])',
    'np.any([0, 0, 1])',
    'np.std([1.0, 2.0, 4.0])',
    'np.var([[1, 2], [3, 5]], axis=0)',
    'np.arange(6.0).view(np.int32)',
    'torch.cat([torch.arange(3), torch.zeros(2)])',
    'torch.stack([torch.arange(3.0), torch.ones(3)])',
    'torch.arange(6).narrow(0, 1, 2)',
    'torch.arange(6).unfold(0, 2, 2)',
    'torch.arange(6).reshape(2, 3).select(1, 0)',
    'torch.arange(4).repeat(2, 1)',
    'torch.arange(4).flip(0)',
    'torch.arange(9).reshape(3, 3).diagonal()',
    'torch.arange(6.0).argmax()',
    'torch.arange(6).any()',
    'np.concatenate((np.arange(3), np.arange(2.0)), axis=None)',
    'np.stack((np.arange(3), np.arange(3)), axis=-1)',
    'torch.zeros(2, 3, dtype=torch.bfloat16) + 1',
    'torch.arange(3, dtype=torch.bfloat16) * 1.1',
    'torch.tensor([1, 2], dtype=torch.bfloat16) + torch.tensor([1.5, 2.5], dtype=torch.float16)',
    'np.sum(np.zeros(()), keepdims=True)',
    'np.zeros(()).max(keepdims=True)',
    'np.zeros(()).mean(axis=0, keepdims=True)',
    'np.mean(np.zeros(()), axis=-1)',
    'np.zeros(()).mean(axis=())',
]


def tup(xs):
    xs = list(xs)
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def prod(xs):
    p = 1
    for v in xs:
        p *= v
    return p


def rand_shape(rng, nd=None, max_size=60):
    if nd is None:
        nd = rng.choices([0, 1, 2, 3, 4], weights=[1, 4, 6, 4, 1])[0]
    for _ in range(100):
        dims = [rng.choices(range(6), weights=[0.4, 3, 4, 4, 3, 2])[0] for _ in range(nd)]
        if prod(dims) <= max_size:
            return dims
    return [1] * nd


def data(rng, shape, dt, torch_mode):
    """An expression for an array of `shape` and dtype `dt` with varied values."""
    n = prod(shape)
    lib = "torch" if torch_mode else "np"
    spell = f"{lib}.{dt}"
    reshape = f".reshape{tup(shape)}" if shape != [n] else ""
    if not shape:
        reshape = ".reshape(())"
    if dt == "bool":
        k = rng.choice([2, 3, 5])
        # The comparison of a 0-d array is a scalar: reshape after it.
        if not shape or torch_mode:
            return f"({lib}.arange({n}) % {k} == {rng.randrange(k)}){reshape}"
        return f"({lib}.arange({n}){reshape} % {k} == {rng.randrange(k)})"
    kind = rng.choice(["arange", "arange", "scaled", "perm"]) if dt.startswith("float") else "arange"
    if torch_mode and kind == "perm":
        kind = "scaled"
    if kind == "scaled":
        a, b = rng.choice([0.37, 1.25, -0.7, 3.1]), rng.choice([0.0, 5.1, -2.3])
        return f"({lib}.arange({n}, dtype={spell}) * {a} - {b}){reshape}" if torch_mode else \
            f"({lib}.arange({n}.0) * {a} - {b}).astype({spell}){reshape}"
    if kind == "perm":
        vals = [rng.choice([0.5, -1.0, 2.0, 3.5, 0.0, -0.0, float("nan")]) for _ in range(n)]
        lit = "[" + ", ".join("float('nan')" if v != v else repr(v) for v in vals) + "]"
        return f"np.array({lit}, dtype={spell}){reshape}"
    if torch_mode:
        return f"{lib}.arange({n}, dtype={spell}){reshape}"
    lo = -(n // 2) if dt.startswith("int") and rng.random() < 0.5 else 0
    if dt in ("int8", "uint8") and n > 100:
        lo = 0
    return f"{lib}.arange({lo}, {lo + n}, dtype={spell}){reshape}"


def view_of(rng, name, shape, torch_mode):
    """An expression reading `name` through a view, and its shape."""
    nd = len(shape)
    choices = ["same", "same"]
    if nd >= 2:
        choices += ["T", "T", "slice"]
    if nd >= 1:
        choices += ["rev", "step"]
    if torch_mode:
        choices = [c for c in choices if c != "rev"]
    c = rng.choice(choices)
    if c == "T":
        if torch_mode:
            return f"{name}.transpose(0, {nd - 1})", [shape[-1]] + shape[1:-1] + [shape[0]]
        return f"{name}.T", shape[::-1]
    if c == "rev":
        return f"{name}[::-1]", shape
    if c == "step":
        n = shape[0]
        return f"{name}[::2]", [(n + 1) // 2] + shape[1:]
    if c == "slice":
        n = shape[1]
        return f"{name}[:, 1:]", [shape[0], max(n - 1, 0)] + shape[2:]
    return name, shape


def axis_for(rng, nd, err=0.08):
    if rng.random() < err:
        return rng.choice([nd, -nd - 1, nd + 1])
    if nd == 0:
        return 0
    return rng.randrange(-nd, nd)


def partner(rng, a, shape, axis, dt, torch_mode):
    """Another array to join with `a` along `axis`, mostly compatible."""
    s = list(shape)
    if axis is not None and 0 <= (axis % max(len(s), 1)) < len(s) and s:
        s[axis % len(s)] = rng.randrange(0, 4)
    if rng.random() < 0.1 and s:
        s[rng.randrange(len(s))] += 1
    if rng.random() < 0.05:
        s = s[1:]
    dt2 = dt if rng.random() < 0.7 else rng.choice(TORCH_DTYPES if torch_mode else NP_DTYPES)
    expr = data(rng, s, dt2, torch_mode)
    if len(s) >= 2 and rng.random() < 0.3:
        t = s[::-1]
        expr = data(rng, t, dt2, torch_mode) + ".T" if not torch_mode else \
            data(rng, t, dt2, torch_mode) + f".transpose(0, {len(s) - 1})"
    return expr


def kw(rng, name, value, positional_ok=True):
    if positional_ok and rng.random() < 0.4:
        return f"{value}"
    return f"{name}={value}"


def join_kwargs(rng):
    """Sometimes the joins' `dtype=` and `casting=` (refused casts included)."""
    if rng.random() < 0.65:
        return ""
    parts = []
    if rng.random() < 0.8:
        d = rng.choice(NP_DTYPES + ["float", "'int32'", "None"])
        parts.append(f"dtype={d if d in ('float', 'None') or d.startswith(chr(39)) else 'np.' + d}")
    if rng.random() < 0.5 or not parts:
        parts.append(f"casting='{rng.choice(['no', 'equiv', 'safe', 'same_kind', 'unsafe', 'unsafe'])}'")
    return ", " + ", ".join(parts)


def numpy_op(rng, v, shape, dt):
    nd = len(shape)
    ops = ["concatenate", "stack", "hstack", "vstack", "tile", "repeat", "split", "flip",
           "diagonal", "view", "astype", "array", "argmax", "anyall", "stdvar", "stdvar"]
    op = rng.choice(ops)
    if op == "concatenate":
        axis = axis_for(rng, nd) if rng.random() < 0.9 else None
        others = [partner(rng, v, shape, axis, dt, False) for _ in range(rng.choice([1, 1, 2]))]
        seq = [v] + others
        rng.shuffle(seq)
        ax = "" if axis == 0 and rng.random() < 0.5 else f", {kw(rng, 'axis', axis)}"
        bracket = rng.choice(["[{}]", "({})"])
        return f"np.concatenate({bracket.format(', '.join(seq))}{ax}{join_kwargs(rng)})"
    if op == "stack":
        axis = axis_for(rng, nd + 1)
        other = v if rng.random() < 0.4 else partner(rng, v, shape, None, dt, False)
        return f"np.stack([{v}, {other}], {kw(rng, 'axis', axis)}{join_kwargs(rng)})"
    if op in ("hstack", "vstack"):
        other = partner(rng, v, shape, 1 if op == "hstack" and nd >= 2 else 0, dt, False)
        return f"np.{op}(({v}, {other}){join_kwargs(rng)})"
    if op == "tile":
        reps = [rng.choice([1, 1, 2, 3, 0]) for _ in range(rng.randrange(0, 4))]
        if rng.random() < 0.03 and reps:
            reps[0] = -1
        r = str(reps[0]) if len(reps) == 1 and rng.random() < 0.5 else tup(reps)
        return f"np.tile({v}, {r})"
    if op == "repeat":
        axis = None if rng.random() < 0.3 else axis_for(rng, nd)
        n = shape[axis % nd] if axis is not None and nd and -nd <= axis < nd else prod(shape)
        if rng.random() < 0.5:
            reps = str(rng.choice([0, 1, 2, 3]))
        else:
            reps = "[" + ", ".join(str(rng.choice([0, 1, 2])) for _ in range(n + (rng.random() < 0.1))) + "]"
        if rng.random() < 0.03:
            reps = "-1"
        a = "" if axis is None else f", {kw(rng, 'axis', axis)}"
        if rng.random() < 0.5:
            return f"np.repeat({v}, {reps}{a})"
        return f"{v}.repeat({reps}{a})"
    if op == "split":
        axis = axis_for(rng, max(nd, 1))
        n = shape[axis] if nd and -nd <= axis < nd else 3
        fn = rng.choice(["split", "array_split"])
        if rng.random() < 0.5:
            ind = sorted(rng.randrange(-1, n + 2) for _ in range(rng.randrange(1, 4)))
            arg = tup(ind) if rng.random() < 0.3 else "[" + ", ".join(map(str, ind)) + "]"
            pieces = len(ind) + 1
        else:
            k = rng.choice([1, 2, 3, 4]) if rng.random() < 0.95 else 0
            arg = str(k)
            pieces = max(k, 1)
        a = "" if axis == 0 and rng.random() < 0.5 else f", {kw(rng, 'axis', axis)}"
        return f"np.{fn}({v}, {arg}{a})[{rng.randrange(-pieces, pieces)}]"
    if op == "flip":
        c = rng.choice(["flip", "flip", "fliplr", "flipud"])
        if c != "flip":
            return f"np.{c}({v})"
        if rng.random() < 0.3:
            return f"np.flip({v})"
        if rng.random() < 0.5 or nd < 2:
            return f"np.flip({v}, {kw(rng, 'axis', axis_for(rng, nd))})"
        axes = rng.sample(range(-nd, nd), rng.randrange(1, 3))
        return f"np.flip({v}, axis={tup(axes)})"
    if op == "diagonal":
        off = rng.choice([0, 0, 1, -1, 2, -3, 5])
        a1, a2 = axis_for(rng, max(nd, 2), 0.05), axis_for(rng, max(nd, 2), 0.05)
        args = []
        if off or rng.random() < 0.5:
            args.append(kw(rng, "offset", off))
        if (a1, a2) != (0, 1) or rng.random() < 0.3:
            args.append(f"axis1={a1}")
            args.append(f"axis2={a2}")
        if rng.random() < 0.5:
            return f"np.diagonal({', '.join([v] + args)})"
        return f"{v}.diagonal({', '.join(args)})"
    if op == "view":
        d = rng.choice(NP_DTYPES)
        spell = rng.choice([f"np.{d}", f"'{d}'"]) if d != "bool" else "np.bool_"
        return f"{v}.view({spell})" if rng.random() < 0.8 else f"{v}.view(dtype={spell})"
    if op == "astype":
        d = dt if rng.random() < 0.6 else rng.choice(NP_DTYPES)
        if d != dt and (dt.startswith("float") and d not in ("float64", "float32", "float16", "bool")):
            d = dt
        return f"{v}.astype(np.{d if d != 'bool' else 'bool_'}, copy=False)"
    if op == "array":
        fn = rng.choice(["array", "asarray"])
        d = rng.choice([None, dt, dt, "float64"])
        args = [v]
        if d:
            args.append(f"dtype=np.{d if d != 'bool' else 'bool_'}")
        c = rng.choice([None, "True", "False", "None"])
        if c:
            args.append(f"copy={c}")
        if rng.random() < 0.2:
            args.append(f"order='{rng.choice('CFKA')}'")
        return f"np.{fn}({', '.join(args)})"
    if op == "argmax":
        fn = rng.choice(["argmax", "argmin"])
        args = []
        if rng.random() < 0.7:
            args.append(kw(rng, "axis", axis_for(rng, nd)))
        if rng.random() < 0.3:
            args.append(f"keepdims={rng.choice(['True', 'False'])}")
        if rng.random() < 0.5:
            return f"np.{fn}({', '.join([v] + args)})"
        return f"{v}.{fn}({', '.join(args)})"
    if op == "anyall":
        fn = rng.choice(["any", "all"])
        args = []
        if rng.random() < 0.7:
            if rng.random() < 0.3 and nd >= 2:
                args.append(f"axis={tup(rng.sample(range(nd), 2))}")
            else:
                args.append(kw(rng, "axis", axis_for(rng, nd)))
        if rng.random() < 0.3:
            args.append(f"keepdims={rng.choice(['True', 'False'])}")
        if rng.random() < 0.5:
            return f"np.{fn}({', '.join([v] + args)})"
        return f"{v}.{fn}({', '.join(args)})"
    fn = rng.choice(["std", "var"])
    args = []
    if rng.random() < 0.7:
        if rng.random() < 0.3 and nd >= 2:
            args.append(f"axis={tup(rng.sample(range(nd), 2))}")
        else:
            args.append(f"axis={axis_for(rng, nd)}")
    if rng.random() < 0.3:
        args.append(f"ddof={rng.choice([1, 2, 1.5])}")
    if rng.random() < 0.2:
        args.append(f"dtype=np.{rng.choice(['float32', 'float64'])}")
    if rng.random() < 0.3:
        args.append(f"keepdims={rng.choice(['True', 'False'])}")
    if rng.random() < 0.5:
        return f"np.{fn}({', '.join([v] + args)})"
    return f"{v}.{fn}({', '.join(args)})"


def torch_function(rng, v, shape):
    """A tensor method in its `torch.` function spelling, sometimes with wrong arguments."""
    nd = len(shape)
    fn = rng.choice(["select", "diagonal", "transpose", "permute", "flatten", "unsqueeze",
                     "squeeze", "clone", "reshape"])
    arg = v if rng.random() < 0.97 or fn == "squeeze" else rng.choice(["3", "[1, 2]"])
    d = axis_for(rng, nd)
    if fn == "select":
        n = shape[d] if nd and -nd <= d < nd else 2
        i = rng.randrange(-n - 1, n + 1)
        return f"torch.select({arg}, {d}, {i})" if rng.random() < 0.7 else f"torch.select({arg}, dim={d}, index={i})"
    if fn == "diagonal":
        off = rng.choice([0, 0, 1, -1, 2])
        a1, a2 = axis_for(rng, max(nd, 2), 0.05), axis_for(rng, max(nd, 2), 0.05)
        return rng.choice([f"torch.diagonal({arg})", f"torch.diagonal({arg}, {off}, {a1}, {a2})",
                           f"torch.diagonal({arg}, offset={off}, dim1={a1}, dim2={a2})"])
    if fn == "transpose":
        return f"torch.transpose({arg}, {d}, {axis_for(rng, nd)})"
    if fn == "permute":
        dims = list(range(nd))
        rng.shuffle(dims)
        if rng.random() < 0.1:
            dims = dims[:-1] if dims else [0]
        spelled = rng.choice([tup(dims), str(dims), f"dims={tup(dims)}"])
        if rng.random() < 0.05:
            spelled = "0"
        return f"torch.permute({arg}, {spelled})"
    if fn == "flatten":
        return rng.choice([f"torch.flatten({arg})", f"torch.flatten({arg}, {d})",
                           f"torch.flatten({arg}, {d}, {axis_for(rng, nd)})",
                           f"torch.flatten({arg}, start_dim={d})"])
    if fn == "unsqueeze":
        return f"torch.unsqueeze({arg}, {axis_for(rng, nd + 1)})"
    if fn == "squeeze":
        ones = [k for k, n in enumerate(shape) if n == 1]
        return rng.choice([f"torch.squeeze({arg})", f"torch.squeeze({arg}, {d})",
                           f"torch.squeeze({arg}, {tup(ones)})", f"torch.squeeze({arg}, dim={d})"])
    if fn == "clone":
        return f"torch.clone({arg})"
    n = prod(shape)
    target = rng.choice([[n], [-1], [1, n], [n, 1], [2, -1], [-1, 3]]) if n else [0, -1]
    spelled = rng.choice([tup(target), str(target), f"shape={tup(target)}"])
    if rng.random() < 0.05:
        spelled = str(n)
    return f"torch.reshape({arg}, {spelled})"


def torch_op(rng, v, shape, dt):
    nd = len(shape)
    op = rng.choice(["cat", "stack", "repeat", "narrow", "select", "unfold", "flip",
                     "diagonal", "argmax", "anyall", "function", "function", "view_dtype"])
    if op == "function":
        return torch_function(rng, v, shape)
    if op == "view_dtype":
        return f"{v}.view(torch.{rng.choice(TORCH_DTYPES + ['float16'])})"
    if op == "cat":
        axis = axis_for(rng, nd)
        other = partner(rng, v, shape, axis, dt, True)
        return f"torch.cat([{v}, {other}], {kw(rng, 'dim', axis)})"
    if op == "stack":
        other = v if rng.random() < 0.4 else partner(rng, v, shape, None, dt, True)
        return f"torch.stack([{v}, {other}], {kw(rng, 'dim', axis_for(rng, nd + 1))})"
    if op == "repeat":
        k = nd + rng.choice([0, 0, 1, 2]) if rng.random() < 0.95 else max(nd - 1, 0)
        reps = [rng.choice([1, 1, 2, 3, 0]) for _ in range(k)]
        return f"{v}.repeat({', '.join(map(str, reps))})" if rng.random() < 0.6 else f"{v}.repeat({tup(reps)})"
    if op == "narrow":
        d = axis_for(rng, nd)
        n = shape[d] if nd and -nd <= d < nd else 2
        start = rng.randrange(-n - 1, n + 2)
        length = rng.randrange(0, n + 2)
        return f"{v}.narrow({d}, {start}, {length})" if rng.random() < 0.7 else f"torch.narrow({v}, {d}, {start}, {length})"
    if op == "select":
        d = axis_for(rng, nd)
        n = shape[d] if nd and -nd <= d < nd else 2
        return f"{v}.select({d}, {rng.randrange(-n - 1, n + 1)})"
    if op == "unfold":
        d = axis_for(rng, nd)
        n = shape[d] if nd and -nd <= d < nd else 2
        return f"{v}.unfold({d}, {rng.randrange(0, n + 2)}, {rng.choice([1, 1, 2, 3, 0])})"
    if op == "flip":
        axes = rng.sample(range(-nd, nd), rng.randrange(1, 3)) if nd else [0]
        return f"{v}.flip({', '.join(map(str, axes))})" if rng.random() < 0.5 else f"torch.flip({v}, {tup(axes)})"
    if op == "diagonal":
        off = rng.choice([0, 0, 1, -1, 2, -3, 5])
        a1, a2 = axis_for(rng, max(nd, 2), 0.05), axis_for(rng, max(nd, 2), 0.05)
        return f"{v}.diagonal({off}, {a1}, {a2})" if rng.random() < 0.5 else f"{v}.diagonal(offset={off})"
    if op == "argmax":
        fn = rng.choice(["argmax", "argmin"])
        args = []
        if rng.random() < 0.7:
            args.append(kw(rng, "dim", axis_for(rng, nd)))
            if rng.random() < 0.3:
                args.append(f"keepdim={rng.choice(['True', 'False'])}")
        return f"{v}.{fn}({', '.join(args)})"
    fn = rng.choice(["any", "all"])
    args = []
    if rng.random() < 0.7:
        args.append(kw(rng, "dim", axis_for(rng, nd)))
        if rng.random() < 0.3:
            args.append(f"keepdim={rng.choice(['True', 'False'])}")
    return f"{v}.{fn}({', '.join(args)})"


def program(rng, torch_mode):
    dt = rng.choice(TORCH_DTYPES if torch_mode else NP_DTYPES)
    shape = rand_shape(rng)
    lines = [f"x = {data(rng, shape, dt, torch_mode)}"]
    v, vshape = view_of(rng, "x", shape, torch_mode)
    if v != "x" and rng.random() < 0.5:
        lines.append(f"y = {v}")
        v = "y"
    op = (torch_op if torch_mode else numpy_op)(rng, v, vshape, dt)
    tail = rng.random()
    if tail < 0.08:
        op = f"{op}.strides" if not torch_mode else f"{op}.stride()"
    elif tail < 0.12 and not torch_mode:
        op = f"{op}.flags.writeable"
    lines.append(op)
    return "\n".join(lines)


def fits(src):
    """The program's result is small enough to record (its values are listed)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result, _, _ = execute(src)
    except Exception:  # noqa: BLE001 - errors are recorded
        return True
    if isinstance(result, (np.ndarray, torch.Tensor)):
        return result.size <= MAX if isinstance(result, np.ndarray) else result.numel() <= MAX
    return not isinstance(result, list)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=["numpy", "torch"], default="numpy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    torch_mode = args.kind == "torch"
    out = []
    seen = set()
    for src in FIXED if args.seed == 1 else []:
        if (src.startswith("torch")) == torch_mode:
            expected, _ = run_program(src)
            out.append(json.dumps({"expected": expected, "program": src}, sort_keys=True, allow_nan=False))
            seen.add(src)
    fixed = len(out)
    while len(out) < args.count + fixed:
        src = program(rng, torch_mode)
        if src in seen or not fits(src):
            continue
        seen.add(src)
        expected, warned = run_program(src)
        if warned or expected.get("error") in ("NameError", "SyntaxError"):
            continue
        out.append(json.dumps({"expected": expected, "program": src}, sort_keys=True, allow_nan=False))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    errors = sum('"error"' in line.split('"program"')[0] for line in out)
    print(f"{len(out)} programs, {errors} errors", file=sys.stderr)


if __name__ == "__main__":
    main()
