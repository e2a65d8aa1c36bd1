#!/usr/bin/env python3
"""Random arrays and tensors printed by the real NumPy 2.4.6 and PyTorch 2.15: `repr` and `str`.

Each line is one program of the lab's Python (numpy as np and torch already imported) and the
stdout real NumPy/PyTorch gave it: `{"kind": ..., "program": ..., "stdout": ...}`. Kinds:

- `numpy`: an array built from literals (every dtype; shapes of 0 to 4 axes, sizes 0 and 1
  included) or from an arange, often viewed with negative steps or transposed, then
  `print(repr(x))` and `print(x)`; float values drawn from regimes that reach every rule of
  NumPy's float format (whole numbers, short and long fractions, tiny and huge values, ratios
  past 1000, the 1e-4 / 1e8 / float32 1e6 / float16 1e3 edges, nan, inf, -0.0); arrays past
  1000 elements for summarization; rows long enough to wrap.
- `scalar`: one element of such an array: `print(repr(x[i]))`, `print(x[i])`.
- `torch`: the same for tensors (`print(t)`), with PyTorch's dtypes.
- `size`: `torch.Size` from `.shape` and `.size()`, printed and used as a tuple.

    /work/venv/bin/python tests/corpus/printing.py --seed 1 --count 2500 --out tests/corpus/printing.jsonl

The output depends only on the seed and the count. Programs whose real run raises or warns are
left out (counted on stderr).
"""

import argparse
import contextlib
import io
import json
import math
import random
import sys
import warnings

import numpy as np
import torch

NP_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
             "uint64", "float16", "float32", "float64"]
TORCH_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16",
                "float32", "float64"]
INT_RANGE = {
    "int8": (-128, 127), "int16": (-32768, 32767), "int32": (-2**31, 2**31 - 1),
    "int64": (-2**63, 2**63 - 1), "uint8": (0, 255), "uint16": (0, 65535),
    "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}
FLOAT_MAX = {"float16": 6.0e4, "bfloat16": 3.0e38, "float32": 3.0e38, "float64": 1.0e300}


def int_value(rng, dtype):
    lo, hi = INT_RANGE[dtype]
    r = rng.random()
    if r < 0.05:
        return rng.choice([lo, hi])
    mag = rng.choice([9, 99, 999, 10**5, 10**9, 10**18, 2**64])
    return max(lo, min(hi, rng.randint(-mag, mag)))


def float_regime(rng):
    return rng.choice(["whole", "eighths", "decimal", "random", "thirds", "tiny", "big",
                       "mixed", "edge", "special", "zeros"])


def float_value(rng, regime, dtype):
    top = FLOAT_MAX[dtype]
    r = rng.random()
    if regime == "whole":
        v = float(rng.randint(-rng.choice([1, 9, 99, 999, 10**5, 10**9]), 10**5))
    elif regime == "eighths":
        v = rng.randint(-80, 80) / 8
    elif regime == "decimal":
        v = round(rng.uniform(-100, 100), rng.randint(1, 12))
    elif regime == "random":
        v = rng.uniform(-1, 1) * 10.0 ** rng.randint(-12, 20)
    elif regime == "thirds":
        v = rng.randint(-50, 50) / rng.choice([3, 7, 9, 11, 13])
    elif regime == "tiny":
        v = rng.choice([1e-4, 1.0001e-4, 0.99999e-4, 1e-5, 3e-9, 1e-300, 5e-324]) * rng.choice([1, 1, -1, 3.3])
    elif regime == "big":
        v = rng.choice([1e8, 99999999.0, 1e6, 999999.0, 1e3, 999.0, 65504.0, 1.5e16, 1e20]) * rng.choice([1, 1, -1, 0.5, 2])
    elif regime == "mixed":
        v = rng.uniform(-1, 1) * rng.choice([1e-3, 1, 1e3, 1e4, 1e6])
    elif regime == "edge":
        v = rng.choice([0.1, 0.2, 0.3, 0.1 + 0.2, 2 / 3, 1 / 3, 0.5, 1.25, 123456.789, 0.00012345678,
                        1.000000005, 9.9999999, 99.999999995, 0.999999999])
    elif regime == "zeros":
        v = rng.choice([0.0, -0.0, 0.0, 1.0])
    else:
        v = rng.choice([math.nan, math.inf, -math.inf, -0.0, 1.5, -2.25, 1e10, 1e-10])
    if r < 0.04 and regime != "special":
        v = rng.choice([math.nan, math.inf, -math.inf, -0.0])
    if math.isfinite(v) and abs(v) > top:
        v = math.copysign(top * rng.random(), v)
    return v


def literal(v, lib):
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "np.nan" if lib == "numpy" else "float('nan')"
    if math.isinf(v):
        inf = "np.inf" if lib == "numpy" else "float('inf')"
        return inf if v > 0 else "-" + inf
    return repr(v)


def nested(values, shape, lib):
    if not shape:
        return literal(values[0], lib)
    if shape[0] == 0:
        return "[]"
    step = len(values) // shape[0] if shape[0] else 0
    parts = [nested(values[i * step:(i + 1) * step], shape[1:], lib) for i in range(shape[0])]
    return "[" + ", ".join(parts) + "]"


def small_shape(rng):
    ndim = rng.choice([0, 1, 1, 1, 2, 2, 2, 3, 3, 4])
    shape = []
    for _ in range(ndim):
        shape.append(rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8]) if ndim > 1 else rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 30]))
    while math.prod(shape) > 150:
        shape[rng.randrange(len(shape))] //= 2
    return shape


def values_for(rng, dtype, n):
    if dtype == "bool":
        return [rng.random() < 0.5 for _ in range(n)]
    if dtype in INT_RANGE:
        return [int_value(rng, dtype) for _ in range(n)]
    regime = float_regime(rng)
    second = float_regime(rng) if rng.random() < 0.3 else regime
    return [float_value(rng, regime if rng.random() < 0.8 else second, dtype) for _ in range(n)]


def view(rng, shape, lib):
    """A random view: negative steps, transposes, slices (PyTorch: flips, no negative steps)."""
    ndim = len(shape)
    ops = []
    if ndim == 0:
        return ops
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        r = rng.random()
        if r < 0.35:
            if lib == "numpy":
                parts = [rng.choice([":", ":", "::-1", "::-2", "1:", "::2"]) for _ in range(ndim)]
                ops.append("[" + ", ".join(parts) + "]")
            else:
                ops.append(f".flip({rng.randrange(ndim)})")
        elif r < 0.6 and ndim >= 2:
            ops.append(".T" if lib == "numpy" else ".transpose(0, 1)")
        elif r < 0.8:
            parts = [rng.choice([":", ":", "1:", "::2", ":-1"]) for _ in range(ndim)]
            ops.append("[" + ", ".join(parts) + "]")
        elif ndim >= 3:
            perm = list(range(ndim))
            rng.shuffle(perm)
            ops.append((".transpose(" if lib == "numpy" else ".permute(") + ", ".join(map(str, perm)) + ")")
    return ops


def dtype_name(dtype, lib):
    return ("np." if lib == "numpy" else "torch.") + dtype


def from_literals(rng, lib):
    dtype = rng.choice(NP_DTYPES if lib == "numpy" else TORCH_DTYPES)
    shape = small_shape(rng)
    if rng.random() < 0.2 and len(shape) <= 1:
        shape = [rng.randint(15, 60)]  # long rows: wrapping
    n = math.prod(shape)
    vals = values_for(rng, dtype, n)
    ctor = "np.array" if lib == "numpy" else "torch.tensor"
    src = f"x = {ctor}({nested(vals, shape, lib)}, dtype={dtype_name(dtype, lib)})"
    if n == 0 and len(shape) > 1:
        src = f"x = {'np' if lib == 'numpy' else 'torch'}.zeros({tuple(shape)}, dtype={dtype_name(dtype, lib)})"
    return src, shape, dtype


def from_arange(rng, lib):
    dtype = rng.choice(NP_DTYPES if lib == "numpy" else TORCH_DTYPES)
    ndim = rng.choice([1, 1, 2, 2, 3, 4])
    shape = [rng.choice([1, 2, 3, 7, 8, 10, 13, 40, 100, 1001]) for _ in range(ndim)]
    while math.prod(shape) > 200_000:
        shape[rng.randrange(ndim)] //= 3
    if math.prod(shape) <= 1000 and rng.random() < 0.7:
        shape[rng.randrange(ndim)] = rng.choice([200, 334, 1001, 2000])
        while math.prod(shape) > 200_000:
            shape[rng.randrange(ndim)] //= 2
    n = math.prod(shape)
    m = "np" if lib == "numpy" else "torch"
    base = f"{m}.arange({n})"
    if lib == "torch":
        # The lab's PyTorch has no dtype conversions (`.to`): the dtype comes from arange, and
        # only float32/float64 are scaled.
        if dtype == "bool":
            expr = f"({base} % {rng.choice([2, 3, 7])} == 0)"
        elif dtype in INT_RANGE:
            expr = f"{m}.arange({n}, dtype={m}.{dtype})" if n <= INT_RANGE[dtype][1] else f"({base} % {rng.choice([7, 100, 10**6])})"
        elif dtype in ("float32", "float64") and rng.random() < 0.7:
            c = float_value(rng, rng.choice(["decimal", "random", "thirds", "big", "tiny", "edge"]), "float16")
            c = c if math.isfinite(c) and c != 0 else 1.5
            expr = f"({m}.arange({n}, dtype={m}.{dtype}) {rng.choice('*/+')} {c!r})"
        else:
            # float16/bfloat16 aranges this long round differently in the lab (not a printing
            # matter): print them from float32.
            d = "float32" if dtype in ("float16", "bfloat16") else dtype
            expr = f"{m}.arange({n}, dtype={m}.{d})"
    elif dtype == "bool":
        expr = f"({base} % {rng.choice([2, 3, 7])} == 0)"
    elif dtype in INT_RANGE:
        lo, hi = INT_RANGE[dtype]
        mod = min(hi, rng.choice([7, 100, 1000, 10**6, 10**12]))
        expr = f"({base} % {mod}).astype({m}.{dtype})"
        if lo < 0 and rng.random() < 0.5:
            expr = f"({expr} - {rng.randint(0, min(mod, 100))})"
    else:
        regime = rng.choice(["*", "/", "+", "whole"])
        c = float_value(rng, rng.choice(["decimal", "random", "thirds", "big", "tiny", "edge"]), "float16")
        c = c if math.isfinite(c) and c != 0 else 1.5
        expr = {"*": f"{base} * {c!r}", "/": f"{base} / {c!r}", "+": f"{base} + {c!r}",
                "whole": f"{base} * 1.0"}[regime]
        expr = f"({expr}).astype({m}.{dtype})"
    return f"x = {expr}.reshape({', '.join(map(str, shape))})", shape, dtype


def program(rng, kind):
    lib = "torch" if kind in ("torch", "size") else "numpy"
    src, shape, _ = (from_arange if rng.random() < 0.3 else from_literals)(rng, lib)
    ops = view(rng, shape, lib)
    if ops:
        src += "\nx = x" + "".join(ops)
    if kind == "numpy":
        return src + "\nprint(repr(x))\nprint(x)"
    if kind == "torch":
        return src + "\nprint(x)\nprint(repr(x) == str(x))"
    if kind == "scalar":
        return src + "\ni = x.ravel()[" + str(rng.randint(-3, 3)) + "]\nprint(repr(i))\nprint(i)\nprint(repr(x.ravel()[0:1]))"
    uses = [
        "print(x.shape)", "print(repr(x.size()))", "print(str(x.shape))", "print(len(x.shape))",
        "print(x.shape == tuple(x.shape))", "print(list(x.shape))", "print([d for d in x.shape])",
        "print(x.shape[0] if len(x.shape) else 0)", "print(x.shape[1:])", "print(x.shape[-1:])",
        "print(tuple(x.shape))", "print(x.size() == x.shape)", "print(x.shape == ())",
        "print(f'{x.shape}')", "print(x.size(0) if len(x.shape) else 0)",
    ]
    return src + "\n" + "\n".join(rng.sample(uses, 4))


def run(prog):
    out = io.StringIO()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with contextlib.redirect_stdout(out):
            exec(prog, {"np": np, "torch": torch})
    return out.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kinds = ["numpy"] * 10 + ["scalar"] * 2 + ["torch"] * 6 + ["size"] * 2
    lines, skipped = [], {}
    while len(lines) < args.count:
        kind = rng.choice(kinds)
        prog = program(rng, kind)
        try:
            stdout = run(prog)
        except Exception as e:  # noqa: BLE001 - any failure of the real library: leave it out
            skipped[type(e).__name__] = skipped.get(type(e).__name__, 0) + 1
            continue
        lines.append(json.dumps({"kind": kind, "program": prog, "stdout": stdout}, sort_keys=True))
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} programs; left out: {skipped}", file=sys.stderr)


if __name__ == "__main__":
    main()
