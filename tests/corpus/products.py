#!/usr/bin/env python3
"""Record what NumPy's and PyTorch's matrix products and `np.einsum` give on random operands, for
`crates/arrays/tests/products.rs`.

    /work/venv/bin/python tests/corpus/products.py --seed 1 --count 1500 --out tests/corpus/products.jsonl

Each program makes one or two operands of a random dtype (bool, int8…int64, uint8, float16,
float32, float64; PyTorch: int32, int64, uint8, float16, float32, float64), with values of four
kinds: small integers, integers with halves and quarters (every float sum exact), large integers
that overflow small dtypes, and decimals whose sums round (`* 0.731`). Operands are laid out C or
F, transposed, stepped (`[:, ::2]`), reversed, or broadcast (`np.broadcast_to`/`expand`), and
multiplied with `np.matmul`, `@`, `np.dot`, `x.dot`, `np.vdot`, `np.inner`, `np.einsum` (explicit
and implicit outputs, `...`, repeated letters, views, traces), `torch.matmul`, `torch.mm`,
`torch.bmm`, `t.matmul`, `t.mm`, `t.bmm`, `@` — sometimes with shapes that do not fit, dtypes that
differ, or subscripts that are wrong, to record the errors. What is recorded is the harness's JSON
(`generate.run_program`): shape, strides, dtype, flags, every value, or the error. Same seed, same
file. The Rust test accepts, besides an exact match, a float sum that rounds (NumPy's BLAS result
then depends on the CPU) marked `"values_exact": false` with values within the values policy's
tolerance; it counts those.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

NP_DTYPES = ["float64", "float64", "float32", "float32", "float16", "int64", "int32", "int16",
             "int8", "uint8", "bool"]
TORCH_DTYPES = ["float32", "float32", "float64", "float16", "int64", "int64", "int32", "uint8"]


def tup(xs):
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def values(rng, n, dtype, lib):
    """An expression of `n` values of `dtype` (1-D, C order)."""
    s = rng.randrange(97)
    mod = lib  # "np" or "torch"
    # PyTorch's tensors are made in their dtype (the lab has no `Tensor.to`); NumPy's cast.
    arange = f"torch.arange({n}, dtype=torch.{dtype})" if lib == "torch" else f"np.arange({n})"
    base = f"(({arange} * 31 + {s}) % 11 - 5)"
    if dtype == "bool":
        return f"(({mod}.arange({n}) * 7 + {s}) % 3 == 0)"
    kind = rng.choice(["small", "small", "halves", "big", "round"]) if "float" in dtype else \
        rng.choice(["small", "small", "big"])
    if lib == "torch" and (kind == "big" and dtype not in ("int32", "int64") or dtype == "float16"):
        kind = "small"
    if kind == "halves":
        expr = f"({base} * 0.25)"
    elif kind == "big":
        expr = f"(({arange} * 7919 + {s}) % 1009 - 500)"
    elif kind == "round":
        expr = f"(({arange} * 7919 + {s}) % 10007 * 0.731 - 6.1)"
    else:
        expr = base
    if lib == "torch":
        return expr
    return f"{expr}.astype('{dtype}')"


def operand(rng, shape, dtype, lib, lines, name):
    """Lines that make `name` of `shape` in some layout."""
    n = prod(shape)
    if not shape:
        lines.append(f"{name} = {values(rng, 1, dtype, lib)}.reshape(())")
        return
    layout = rng.choice(["C", "C", "T", "step", "reverse", "F", "broadcast"]) if shape else "C"
    if lib == "torch" and layout == "F":
        layout = "T"
    nd = len(shape)
    if layout == "T" and nd >= 2:
        rev = shape[::-1]
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(rev)}")
        if lib == "torch":
            lines.append(f"{name} = {name}.permute{tup(list(range(nd))[::-1])}")
        else:
            lines.append(f"{name} = {name}.T")
    elif layout == "step" and nd >= 1:
        big = shape[:-1] + [shape[-1] * 2]
        lines.append(f"{name} = {values(rng, prod(big), dtype, lib)}.reshape{tup(big)}")
        lines.append(f"{name} = {name}[..., ::2]")
    elif layout == "reverse" and nd >= 1 and lib == "np":
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(shape)}[::-1]")
    elif layout == "F" and nd >= 2:
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape({tup(shape)}, order='F')")
    elif layout == "broadcast" and nd >= 2:
        small = [1] + shape[1:]
        lines.append(f"{name} = {values(rng, prod(small), dtype, lib)}.reshape{tup(small)}")
        if lib == "torch":
            lines.append(f"{name} = {name}.expand{tup(shape)}")
        else:
            lines.append(f"{name} = np.broadcast_to({name}, {tup(shape)})")
    else:
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(shape)}")


def dims(rng, k):
    return [rng.randint(1, 4) for _ in range(k)]


def matmul_shapes(rng):
    n, k, m = rng.randint(1, 5), rng.randint(0, 5) if rng.random() < 0.05 else rng.randint(1, 5), rng.randint(1, 5)
    kind = rng.choice(["mm", "mm", "mv", "vm", "vv", "batch", "batch", "bcast"])
    if kind == "mm":
        a, b = [n, k], [k, m]
    elif kind == "mv":
        a, b = [n, k], [k]
    elif kind == "vm":
        a, b = [k], [k, m]
    elif kind == "vv":
        a, b = [k], [k]
    elif kind == "batch":
        bt = dims(rng, rng.randint(1, 2))
        a, b = bt + [n, k], bt + [k, m]
        if rng.random() < 0.3:
            b = [k, m] if rng.random() < 0.5 else [k]
    else:
        bt = dims(rng, 2)
        a, b = [bt[0], 1, n, k], [bt[1], k, m]
    if rng.random() < 0.08:
        b = list(b)
        b[0 if len(b) == 1 else -2] += 1
    if rng.random() < 0.04:
        a = []
    return a, b


EINSUMS = [
    ("ij,jk->ik", 2), ("ij,jk", 2), ("ij,jk->ki", 2), ("ij,kj->ik", 2), ("ij->ji", 1), ("ji", 1),
    ("ii->i", 1), ("ii", 1), ("ii->", 1), ("i,i", 2), ("i,i->", 2), ("i,j->ij", 2), ("i,j", 2),
    ("bij,bjk->bik", 2), ("bhqd,bhkd->bhqk", 2), ("...ij,...jk->...ik", 2), ("ij->", 1),
    ("ij->j", 1), ("ij->i", 1), ("iij->ij", 1), ("ijk->kji", 1), ("ij,ij->ij", 2), ("ij,ij", 2),
    ("i,i->i", 2), ("...ii->...i", 1), ("i...->...", 1), ("...", 1), ("ij", 1), ("ijk,jk->i", 2),
    ("ij,jk,kl->il", 3), ("i,ij,j", 3), ("ba,ca->bc", 2), ("Ab,bA->A", 2),
    # errors
    ("ij,jk", 1), ("ij", 2), ("ij->k", 1), ("ijk", 1), ("i", 1), ("i->ii", 1), ("i1", 1),
    ("i-", 1), ("..i", 1), ("ii->i", 1),
]


# For `optimize=`: contractions of three and four operands, where the path matters.
EINSUMS_OPTIMIZE = [
    ("ij,jk,kl->il", 3), ("ij,jk,kl->li", 3), ("i,ij,j", 3), ("i,j,k->kji", 3),
    ("ij,j,jk->ik", 3), ("abc,cd,de->aeb", 3), ("i,i,i->", 3), ("ij,kl,jl->ik", 3),
    ("ea,fb,abcd,gc,hd->efgh", 5), ("ab,bc,cd,de->ae", 4), ("ii,ij,jk->k", 3),
    ("bij,bjk,bkl->bil", 3), ("ij,jk->ki", 2), ("bhqd,bhkd->bqhk", 2), ("i,j->ji", 2),
    ("ij,ij->ji", 2), ("ijk,jl->lik", 2), ("ba,ca->bc", 2), ("ij,jk->", 2), ("ij->ji", 1),
    ("ij,jk,kl->il", 2), ("i,i", 3),
]
OPTIMIZE = ["True", "'greedy'", "'optimal'", "False", "None", "path", "path-optimal"]


def einsum_program(rng, lines):
    optimize = rng.choice(OPTIMIZE) if rng.random() < 0.35 else None
    spec, nop = rng.choice(EINSUMS_OPTIMIZE if optimize and rng.random() < 0.7 else EINSUMS)
    inputs = spec.split("->")[0].split(",")
    sizes = {c: rng.randint(1, 4) for c in "abcdefghijklmnopqrstuvwxyzA"}
    ell = dims(rng, rng.randint(0, 2))
    dtype = rng.choice(NP_DTYPES)
    names = []
    for i in range(nop):
        sub = inputs[i] if i < len(inputs) else "ij"
        shape = []
        for part in sub.replace("...", "#"):
            if part == "#":
                shape += ell
            elif part.isalpha():
                shape.append(sizes[part])
        if rng.random() < 0.05 and shape:
            shape[-1] += 1
        if rng.random() < 0.25 and i > 0:
            dtype = rng.choice(NP_DTYPES)
        name = "xyzuvw"[i]
        operand(rng, shape, dtype, "np", lines, name)
        names.append(name)
    if optimize is None:
        lines.append(f"np.einsum('{spec}', {', '.join(names)})")
        return
    if optimize.startswith("path") and "." in spec:
        optimize = "True"  # the lab's einsum_path refuses '...' (its report has no one text)
    if optimize.startswith("path"):
        kind = "'optimal'" if optimize == "path-optimal" else "'greedy'"
        lines.append(f"p = np.einsum_path('{spec}', {', '.join(names)}, optimize={kind})[0]")
        optimize = "p"
    lines.append(f"np.einsum('{spec}', {', '.join(names)}, optimize={optimize})")


def numpy_program(rng):
    lines = []
    r = rng.random()
    if r < 0.4:
        einsum_program(rng, lines)
        return lines
    a, b = matmul_shapes(rng)
    da = rng.choice(NP_DTYPES)
    db = da if rng.random() < 0.7 else rng.choice(NP_DTYPES)
    operand(rng, a, da, "np", lines, "x")
    operand(rng, b, db, "np", lines, "y")
    op = rng.choice(["matmul", "matmul", "@", "@", "dot", "xdot", "vdot", "inner", "dtype"])
    if op == "matmul":
        lines.append("np.matmul(x, y)")
    elif op == "@":
        lines.append("x @ y")
    elif op == "dot":
        lines.append("np.dot(x, y)")
    elif op == "xdot":
        lines.append("x.dot(y)")
    elif op == "vdot":
        if rng.random() < 0.7:
            lines.append(f"y = y.reshape({tup(a[::-1])})" if a else "y = y")
        lines.append("np.vdot(x, y)")
    elif op == "inner":
        if len(b) >= 2 and rng.random() < 0.8:
            lines.append(f"y = np.swapaxes(y, -1, -2)")
        lines.append("np.inner(x, y)")
    else:
        lines.append(f"np.matmul(x, y, dtype='{rng.choice(['float64', 'float32', 'int64', 'int32'])}')")
    return lines


TORCH_EINSUMS = [
    ("ij->ji", 1), ("ji", 1), ("ii->i", 1), ("ii", 1), ("ij->i", 1), ("ij->j", 1), ("ij->", 1),
    ("ijk->ki", 1), ("ijk->kji", 1), ("iij->ji", 1), ("...ij->...j", 1), ("...", 1), ("i...->...", 1),
    ("ij", 1), ("Ab->bA", 1),
    # errors (two-operand equations only where PyTorch refuses them)
    ("ij,jk", 1), ("ij", 2), ("ij->k", 1), ("ijk", 1), ("i", 1), ("i->ii", 1), ("i1", 1), ("i-", 1),
    ("..i", 1), ("ii->i", 1), ("ij,jk->ik", 2),
]

# Several operands: PyTorch contracts them pairwise (bmm, or mul when nothing is contracted).
TORCH_EINSUMS_MANY = [
    ("ij,jk->ik", 2), ("ij,jk", 2), ("ij,jk->ki", 2), ("ij,kj->ik", 2), ("ij,jk->i", 2),
    ("ij,jk->ij", 2), ("ij,jk->", 2), ("ij,jk->ijk", 2), ("ij,jk->kji", 2), ("i,i", 2),
    ("i,i->i", 2), ("i,j->ij", 2), ("i,j->ji", 2), ("ij,ij->ij", 2), ("ij,ij->ji", 2),
    ("ij,ij", 2), ("bij,bjk->bik", 2), ("bij,bjk->bki", 2), ("bhqd,bhkd->bhqk", 2),
    ("bhqd,bhkd->bqhk", 2), ("...ij,...jk->...ik", 2), ("...ij,jk->...ik", 2), ("ijk,jk->i", 2),
    ("ijk,jl->lik", 2), ("ba,ca->bc", 2), ("Ab,bA->A", 2), ("ii,ij->j", 2), ("iij,jk->ik", 2),
    ("ij,jk,kl->il", 3), ("ij,jk,kl->li", 3), ("i,ij,j", 3), ("i,j,k->kji", 3), ("ij,j,jk->ik", 3),
    ("abc,cd,de->aeb", 3), ("i,i,i->", 3), ("ij,kl,jl->ik", 3),
    # errors
    ("ij,jk->ik", 2), ("ij,jk,kl->il", 2), ("i,i", 3), ("ij,j->ij", 2),
]


def torch_einsum_program(rng, lines):
    many = rng.random() < 0.6
    spec, nop = rng.choice(TORCH_EINSUMS_MANY if many else TORCH_EINSUMS)
    inputs = spec.split("->")[0].split(",")
    sizes = {c: rng.randint(1, 4) for c in "abcdefghijklmnopqrstuvwxyzA"}
    sizes["j"] = rng.randint(2, 4)  # so that `ij,jk->ik` with j off by one cannot broadcast
    ell = dims(rng, rng.randint(0, 2))
    dtype = rng.choice(TORCH_DTYPES)
    names = []
    for i in range(nop):
        sub = inputs[i] if i < len(inputs) else "ij"
        shape = []
        for part in sub.replace("...", "#"):
            if part == "#":
                shape += ell
            elif part.isalpha():
                shape.append(sizes[part])
        if many:
            if rng.random() < 0.06 and shape:
                shape[rng.randrange(len(shape))] = 0
            if rng.random() < 0.04 and shape:
                shape[-1] += 1
            if i > 0 and rng.random() < 0.15:
                dtype = rng.choice(TORCH_DTYPES)
        elif spec == "ij,jk->ik" and i == 1:
            shape[0] += 1
        elif rng.random() < 0.05 and shape and spec != "ij,jk->ik":
            shape[-1] += 1
        name = "xyz"[i]
        operand(rng, shape, dtype, "torch", lines, name)
        names.append(name)
    lines.append(f"torch.einsum('{spec}', {', '.join(names)})")


def torch_program(rng):
    lines = []
    if rng.random() < 0.25:
        torch_einsum_program(rng, lines)
        return lines
    a, b = matmul_shapes(rng)
    op = rng.choice(["matmul", "@", "tmatmul", "mm", "tmm", "bmm", "tbmm"])
    if op in ("mm", "tmm"):
        n, k, m = rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 5)
        a, b = [n, k], [k + (rng.random() < 0.1), m]
        if rng.random() < 0.08:
            b = [k]
    elif op in ("bmm", "tbmm"):
        bt, n, k, m = rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 4)
        a, b = [bt, n, k], [bt + (rng.random() < 0.08), k + (rng.random() < 0.08), m]
        if rng.random() < 0.05:
            b = [k, m]
    da = rng.choice(TORCH_DTYPES)
    db = da if rng.random() < 0.85 else rng.choice(TORCH_DTYPES)
    operand(rng, a, da, "torch", lines, "x")
    operand(rng, b, db, "torch", lines, "y")
    lines.append({
        "matmul": "torch.matmul(x, y)", "@": "x @ y", "tmatmul": "x.matmul(y)", "mm": "torch.mm(x, y)",
        "tmm": "x.mm(y)", "bmm": "torch.bmm(x, y)", "tbmm": "x.bmm(y)",
    }[op])
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with open(args.out, "w") as f:
        for _ in range(args.count):
            lines = torch_program(rng) if rng.random() < 0.3 else numpy_program(rng)
            src = "\n".join(lines)
            expected, caught = run_program(src)
            if caught:
                continue
            f.write(json.dumps({"expected": expected, "program": src}, sort_keys=True, allow_nan=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
