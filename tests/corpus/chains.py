#!/usr/bin/env python3
"""Random programs, one-line chains among them, with what NumPy and PyTorch say about their
memory: the fixture of `crates/arrays/tests/kinds.rs`.

    /work/venv/bin/python tests/corpus/chains.py --seed 13 --count 600 --out tests/corpus/chains.jsonl

Each program is a creation (`np.arange(12.0).reshape(3, 4)`, `torch.zeros(2, 3)`, ...) followed by
a few operations, written three ways: as one line (`np.arange(12.0).reshape(3, 4).T.reshape(12)`),
with the creation named first (`x = np.arange(12.0).reshape(3, 4)` then `x.T.reshape(12)`), and
with the chain split after some operations. Each line is one JSON object:

- `program`;
- `shares`: whether the result shares memory with the program's first array
  (`np.shares_memory`; for tensors, the same storage), the first array being the one
  `generate.py`'s harness calls the root: the first array the program creates, or the array the
  statement that creates it names;
- `reshape`: true when the last operation is a reshape, ravel or flatten that made a new array
  or tensor (not torch's flatten of a 1-d tensor, which returns the tensor itself);
- `walk` (only when that operation copied): the positions
  the operation reads its input at, in the order it reads them, in elements from the start of the
  input's memory. NumPy computes them: the input's layout laid over `np.arange` of its memory,
  read with `np.ravel(..., order=...)` in the operation's order.

Results that are empty or not arrays are left out (an empty view shares no memory in NumPy's
sense), and so is any program that warns or raises. The output depends only on the seed.
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
from generate import buffer_owner, data_ptr, execute  # noqa: E402

MAX = 150


def factor(rng, n, nd):
    """A random shape of `nd` axes with `n` elements."""
    shape = []
    for _ in range(nd - 1):
        ds = [d for d in range(1, n + 1) if n % d == 0]
        d = rng.choice(ds)
        shape.append(d)
        n //= d
    shape.append(n)
    rng.shuffle(shape)
    return shape


def tup(xs):
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def creation(rng, torch_mode):
    n = rng.choice([6, 8, 12, 12, 16, 24, 24, 30, 36, 48])
    nd = rng.choice([1, 2, 2, 2, 3, 3])
    shape = factor(rng, n, nd)
    if torch_mode:
        kind = rng.choice(["arange", "arange", "zeros"])
        if kind == "zeros":
            return f"torch.zeros{tup(shape)}", shape
        return f"torch.arange({n}.0).reshape{tup(shape)}", shape
    kind = rng.choice(["arange", "arange", "arange_f", "int", "zeros_f"])
    if kind == "arange":
        return f"np.arange({n}.0).reshape{tup(shape)}", shape
    if kind == "arange_f":
        return f"np.arange({n}.0).reshape({tup(shape)}, order='F')", shape
    if kind == "int":
        return f"np.arange({n}, dtype=np.int32).reshape{tup(shape)}", shape
    return f"np.ones({tup(shape)}, order='F')", shape


def numpy_op(rng, shape):
    """(suffix or wrapper, is a reshape-like copy candidate) for an array of `shape`."""
    nd = len(shape)
    n = int(np.prod(shape))
    order = rng.choice(["C", "F", "A", "K"])
    reshape_order = rng.choice(["C", "F", "A"])
    new = tup(factor(rng, n, rng.choice([1, 2, 3])))
    ops = [
        (".T", False),
        (".transpose()", False),
        ("[::2]", False),
        ("[1:]", False),
        ("[::-1]", False),
        ("[None]", False),
        (".reshape(-1)", True),
        (f".reshape{new}", True),
        (f".reshape({new}, order='{reshape_order}')", True),
        (".ravel()", True),
        (f".ravel(order='{order}')", True),
        (".flatten()", True),
        (f".flatten(order='{order}')", True),
        (".copy()", False),
        (".copy(order='F')", False),
        (".astype(np.float32)", False),
        ("[[0, -1]]", False),
        ("{} + 1", False),
        ("np.ascontiguousarray({})", False),
        ("np.asfortranarray({})", False),
        ("np.copy({})", False),
        (".squeeze()", False),
        ("np.expand_dims({}, 0)", False),
        ("np.moveaxis({}, 0, -1)", False),
        ("sliding_window_view({}, 2, axis=-1)", False),
        (".astype(np.int64, copy=False)", False),
    ]
    if nd >= 2:
        ops += [
            ("[:, ::2]", False),
            ("[:, ::-1]", False),
            ("[..., 1:]", False),
            (".swapaxes(0, -1)", False),
            ("[:, [0, -1]]", False),
            ("[1]", False),
        ]
    if n * 2 <= MAX:
        ops.append((f"np.broadcast_to({{}}, {tup([2] + list(shape))})", False))
    return rng.choice(ops)


def torch_op(rng, shape):
    nd = len(shape)
    n = int(np.prod(shape))
    new = tup(factor(rng, n, rng.choice([1, 2, 3])))
    ops = [
        ("[1:]", False),
        ("[::2]", False),
        (".reshape(-1)", True),
        (f".reshape{new}", True),
        (f".view{new}", False),
        (".contiguous()", False),
        (".clone()", False),
        (".flatten()", True),
        (".unsqueeze(0)", False),
    ]
    if nd >= 2:
        ops += [
            (".transpose(0, 1)", False),
            ("[:, ::2]", False),
            (".permute" + tup(list(range(nd))[::-1]), False),
            ("[1]", False),
        ]
    if nd == 2:
        ops.append((".T", False))
    if n * 2 <= MAX:
        ops.append((f".expand{tup([2] + list(shape))}", False))
    return rng.choice(ops)


def apply(expr, op):
    """`expr` with `op` applied: a suffix (`.T`), a wrapper (`np.ascontiguousarray({})`) or an
    operator (`{} + 1`, parenthesized so that a suffix can follow)."""
    if op == "{} + 1":
        return f"({expr} + 1)"
    if "{}" in op:
        return op.replace("{}", expr, 1)
    return expr + op


def run(src):
    """(result, root, namespace), or None when it raised or warned."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = execute(src)
        except Exception:  # noqa: BLE001
            return None
    if caught:
        return None
    return out


def shares(result, root):
    if isinstance(result, torch.Tensor):
        return result.untyped_storage()._cdata == root.untyped_storage()._cdata
    return bool(np.shares_memory(result, root))


def positions(inp, order):
    """Where `inp` reads its memory, in elements from its memory's start, in `order`."""
    if isinstance(inp, torch.Tensor):
        strides = [s * 8 for s in inp.stride()]
        start = inp.storage_offset()
        size = inp.untyped_storage().nbytes() // inp.element_size()
    else:
        owner = buffer_owner(inp)
        item = inp.itemsize
        strides = [s // item * 8 for s in inp.strides]
        start = (data_ptr(inp) - data_ptr(owner)) // item
        size = owner.nbytes // item
    laid = np.lib.stride_tricks.as_strided(
        np.arange(size, dtype=np.int64)[start:], shape=tuple(inp.shape), strides=tuple(strides)
    )
    return np.ravel(laid, order=order).tolist()


def read_order(op):
    """The order a reshape-like operation reads in, from its text."""
    for o in "CFAK":
        if f"order='{o}'" in op:
            return o
    return "C"


def programs(rng, torch_mode, count):
    out = []
    seen = set()
    while len(out) < count:
        base, shape = creation(rng, torch_mode)
        ops = []
        cur = base
        ns_ok = True
        for _ in range(rng.randint(1, 4)):
            r = run(cur)
            if r is None or not isinstance(r[0], (np.ndarray, torch.Tensor)):
                ns_ok = False
                break
            shape = list(r[0].shape)
            if not shape or int(np.prod(shape)) == 0:
                break
            op, reshape_like = (torch_op if torch_mode else numpy_op)(rng, shape)
            nxt = apply(cur, op)
            r2 = run(nxt)
            if r2 is None or not isinstance(r2[0], (np.ndarray, torch.Tensor)):
                continue
            ops.append((op, reshape_like))
            cur = nxt
        if not ns_ok or not ops:
            continue
        k = rng.randint(1, len(ops))
        forms = [
            cur,
            "x = " + base + "\n" + rebuild("x", ops),
            "x = " + rebuild(base, ops[:k]) + "\n" + rebuild("x", ops[k:]) if k < len(ops) else None,
        ]
        for src in forms:
            if src is None or src in seen:
                continue
            r = run(src)
            if r is None:
                continue
            result, root, _ = r
            if not isinstance(result, (np.ndarray, torch.Tensor)):
                continue
            if (result.numel() if torch_mode else result.size) == 0:
                continue
            record = {"program": src, "shares": shares(result, root)}
            last, reshape_like = ops[-1]
            if reshape_like:
                # The input of the last operation: the program without it.
                head = src[: len(src) - len(last)]
                r_in = run(head)
                if r_in is not None:
                    inp, _, ns = r_in
                    # The operation again, on the same input, to see whether it copied.
                    ns["__input"] = inp
                    again = eval("__input" + last, ns)  # noqa: S307
                    if again is not inp:  # torch's flatten of a 1-d tensor returns the tensor
                        record["reshape"] = True
                    copied = (
                        again.untyped_storage()._cdata != inp.untyped_storage()._cdata
                        if torch_mode
                        else not np.shares_memory(again, inp)
                    )
                    if copied:
                        record["walk"] = positions(inp, read_order(last))
            seen.add(src)
            out.append(record)
    return out[:count]


def rebuild(expr, ops):
    for op, _ in ops:
        expr = apply(expr, op)
    return expr


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--count", type=int, default=400, help="NumPy programs (a third as many torch)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    torch.manual_seed(0)
    records = programs(rng, False, args.count) + programs(rng, True, args.count // 3)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    walks = sum("walk" in r for r in records)
    chains = sum("\n" not in r["program"] for r in records)
    print(f"{len(records)} programs, {chains} one-line chains, {walks} with a copy's walk", file=sys.stderr)


if __name__ == "__main__":
    main()
