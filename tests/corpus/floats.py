#!/usr/bin/env python3
"""Record what NumPy and PyTorch give for random programs of float math, for
`crates/arrays/tests/floats.rs` (the values policy: layout exact, values exact or marked).

    /work/venv/bin/python tests/corpus/floats.py --seed 1 --count 600 --out tests/corpus/floats.jsonl

Each program makes one or two operands of a random shape (0 to 3 axes), dtype (NumPy: float64,
float32, float16, int64, int32, int16, int8, uint8, bool; PyTorch: float32, float64, float16,
int64, int32, bool) and layout (C, transposed, stepped, reversed, broadcast), with values that
round (`* 0.0731`), include zeros and negatives (NaN and -inf from `log`, `sqrt`), then applies
elementwise math (`exp`, `log`, `log1p`, `log2`, `log10`, `sqrt`, `square`, `sin`, `cos`, `tan`,
`tanh`, `arctan`, `sigmoid`, `abs`, `sign`, `floor`, `ceil`, `rint`, `round(decimals=)`,
`isnan`/`isfinite`/`isinf`, `maximum`/`minimum`, `clip`/`clamp`, 3- and 1-argument `where`,
`isclose`/`allclose`/`array_equal`), the float operators (`**` with float exponents, `/`, `-x`),
float products (`@`) and reductions (`sum`, `mean`, softmax), sometimes with a ufunc keyword the lab
does not implement (`out=`, `where=`) to record that it refuses it. What is recorded is the
harness's JSON (`generate.run_program`). Same seed, same file.
"""

import argparse
import json
import os
import random
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

NP_DTYPES = ["float64", "float64", "float32", "float32", "float16", "int64", "int32", "int16",
             "int8", "uint8", "bool"]
TORCH_DTYPES = ["float32", "float32", "float32", "float64", "float16", "int64", "int32", "bool"]

NP_UNARY = ["exp", "log", "log1p", "log2", "log10", "sqrt", "square", "sin", "cos", "tan", "tanh",
            "arctan", "abs", "absolute", "sign", "floor", "ceil", "rint", "isnan", "isfinite",
            "isinf", "expm1"]
TORCH_UNARY = ["exp", "log", "log1p", "log2", "log10", "sqrt", "square", "sin", "cos", "tan",
               "tanh", "atan", "sigmoid", "abs", "sign", "floor", "ceil", "isnan", "isfinite",
               "isinf", "expm1"]


def tup(xs):
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def values(rng, n, dtype, lib):
    """An expression of `n` values of `dtype` (1-D)."""
    s = rng.randrange(97)
    if lib == "torch":
        base = f"torch.arange({n})"
    else:
        base = f"np.arange({n})"
    if dtype == "bool":
        return f"(({base} * 7 + {s}) % 3 == 0)"
    if "float" in dtype:
        kind = rng.choice(["round", "round", "small", "wide"])
        if kind == "round":
            expr = f"(({base} * 7919 + {s}) % 10007 * 0.0731 - 3.1)"
        elif kind == "wide":
            expr = f"(({base} * 7919 + {s}) % 1009 * 0.731 - 200.5)"
        else:
            expr = f"(({base} * 31 + {s}) % 11 - 5) * 0.5"
    else:
        expr = f"(({base} * 31 + {s}) % 11 - 5)"
        if dtype == "uint8":
            expr = f"(({base} * 31 + {s}) % 11)"
    if lib == "torch":
        return f"({expr}).to(torch.{dtype})" if False else f"torch.tensor(({expr}).tolist(), dtype=torch.{dtype})"
    return f"({expr}).astype('{dtype}')"


def operand(rng, shape, dtype, lib, lines, name):
    n = prod(shape)
    if not shape:
        lines.append(f"{name} = {values(rng, 1, dtype, lib)}.reshape(())")
        return
    layout = rng.choice(["C", "C", "T", "step", "reverse", "broadcast"])
    nd = len(shape)
    if layout == "T" and nd >= 2:
        rev = shape[::-1]
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(rev)}")
        lines.append(f"{name} = {name}.T" if lib == "np" else
                     f"{name} = {name}.permute{tup(list(range(nd))[::-1])}")
    elif layout == "step":
        big = shape[:-1] + [shape[-1] * 2]
        lines.append(f"{name} = {values(rng, prod(big), dtype, lib)}.reshape{tup(big)}")
        lines.append(f"{name} = {name}[..., ::2]")
    elif layout == "reverse" and lib == "np":
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(shape)}[::-1]")
    elif layout == "broadcast" and nd >= 2:
        small = [1] + shape[1:]
        lines.append(f"{name} = {values(rng, prod(small), dtype, lib)}.reshape{tup(small)}")
        lines.append(f"{name} = np.broadcast_to({name}, {tup(shape)})" if lib == "np" else
                     f"{name} = {name}.expand{tup(shape)}")
    else:
        lines.append(f"{name} = {values(rng, n, dtype, lib)}.reshape{tup(shape)}")


def scalar(rng):
    return rng.choice(["0.5", "-1.25", "2", "0", "1e-3", "3.7"])


def numpy_op(rng, lines):
    shape = [rng.randint(1, 5) for _ in range(rng.choice([0, 1, 1, 2, 2, 2, 3]))]
    dtype = rng.choice(NP_DTYPES)
    operand(rng, shape, dtype, "np", lines, "x")
    other = shape[-rng.randint(0, len(shape)):] if shape and rng.random() < 0.8 else shape
    kind = rng.choice(["unary"] * 8 + ["binary"] * 3 + ["clip", "where", "where1", "round",
                                                        "close", "pow", "ops", "product",
                                                        "reduce", "softmax", "refuse"])
    if kind in ("binary", "where", "close", "ops") and rng.random() < 0.7:
        operand(rng, list(other), rng.choice(NP_DTYPES), "np", lines, "y")
        y = "y"
    else:
        y = scalar(rng)
    if kind == "unary":
        f = rng.choice(NP_UNARY)
        lines.append(f"np.{f}(x)")
    elif kind == "binary":
        lines.append(f"np.{rng.choice(['maximum', 'minimum'])}(x, {y})")
    elif kind == "clip":
        lo, hi = rng.choice([("-1", "1.5"), ("0", "2"), ("None", "0.5"), ("-0.5", "None")])
        lines.append(rng.choice([f"np.clip(x, {lo}, {hi})", f"x.clip({lo}, {hi})",
                                 f"x.clip(min={lo})" if lo != "None" else f"x.clip(max={hi})"]))
    elif kind == "where":
        lines.append(f"np.where(x > {scalar(rng)}, x, {y})")
    elif kind == "where1":
        lines.append(f"np.where(x > {scalar(rng)})[{rng.randrange(len(shape))}]" if shape
                     else "np.where(x > 0, x, 1)")
    elif kind == "round":
        d = rng.choice([0, 1, 2, -1])
        lines.append(rng.choice([f"np.round(x, {d})", f"np.around(x, {d})", f"x.round({d})",
                                 "np.round(x)"]))
    elif kind == "close":
        f = rng.choice(["isclose", "allclose", "array_equal"])
        extra = rng.choice(["", ", rtol=1e-3", ", atol=0.1", ", equal_nan=True"]) \
            if f != "array_equal" else rng.choice(["", ", equal_nan=True"])
        if f == "array_equal" and y not in ("y",):
            y = "x"
        lines.append(f"np.{f}(x, {y}{extra})")
    elif kind == "pow":
        lines.append(f"x ** {rng.choice(['2', '0.5', '1.5', '-1', '3', '2.0', '-0.5'])}")
    elif kind == "ops":
        lines.append(rng.choice([f"x / {y}", "-x", f"x * {y} + 1", f"(x - {y}) ** 2"]))
    elif kind == "product":
        if shape:
            lines.append(rng.choice(["x @ x.T" if len(shape) >= 2 else "x @ x", "np.dot(x, x)" if len(shape) == 1 else "x.T @ x"]))
        else:
            lines.append("np.exp(x) * x")
    elif kind == "reduce":
        lines.append(rng.choice(["np.exp(x).sum()", "np.sqrt(np.abs(x)).mean()",
                                 "np.tanh(x).sum(-1)" if shape else "np.tanh(x)"]))
    elif kind == "softmax":
        if shape:
            lines.append("e = np.exp(x - x.max(-1, keepdims=True))")
            lines.append("e / e.sum(-1, keepdims=True)")
        else:
            lines.append("np.exp(x - x)")
    else:
        lines.append(rng.choice(["np.exp(x, out=x)", "np.sqrt(x, where=x > 0)",
                                 "np.exp(x, dtype='float32')", "np.maximum(x, 1, casting='unsafe')"]))


def torch_op(rng, lines):
    shape = [rng.randint(1, 5) for _ in range(rng.choice([0, 1, 1, 2, 2, 2, 3]))]
    dtype = rng.choice(TORCH_DTYPES)
    operand(rng, shape, dtype, "torch", lines, "x")
    kind = rng.choice(["unary"] * 6 + ["method"] * 3 + ["binary", "clamp", "where", "round",
                                                        "close", "pow", "product", "reduce",
                                                        "softmax"])
    if kind == "unary":
        lines.append(f"torch.{rng.choice(TORCH_UNARY)}(x)")
    elif kind == "method":
        lines.append(f"x.{rng.choice(TORCH_UNARY)}()")
    elif kind == "binary":
        operand(rng, shape, rng.choice(TORCH_DTYPES), "torch", lines, "y")
        lines.append(f"torch.{rng.choice(['maximum', 'minimum'])}(x, y)")
    elif kind == "clamp":
        lines.append(rng.choice(["torch.clamp(x, min=-1, max=1.5)", "x.clamp(min=0)",
                                 "x.clamp(max=0.5)", "torch.clip(x, -0.5, 2)", "x.clip(min=0.25)"]))
    elif kind == "where":
        lines.append(rng.choice([f"torch.where(x > {scalar(rng)}, x, 0.0)",
                                 f"torch.where(x > 0, x, -x)"]))
    elif kind == "round":
        lines.append(rng.choice(["torch.round(x)", "x.round(decimals=1)",
                                 "torch.round(x, decimals=2)"]))
    elif kind == "close":
        operand(rng, shape, dtype, "torch", lines, "y")
        lines.append(rng.choice(["torch.isclose(x, y)", "torch.allclose(x, y)",
                                 "torch.allclose(x, x)", "x.isclose(y, atol=0.1)"]))
    elif kind == "pow":
        lines.append(f"x ** {rng.choice(['2', '0.5', '1.5', '3', '2.0'])}")
    elif kind == "product":
        lines.append(("x @ x.T" if len(shape) == 2 else "x @ x") if shape and len(shape) <= 2
                     else "torch.exp(x) * x")
    elif kind == "reduce":
        lines.append(rng.choice(["torch.exp(x).sum()", "x.sigmoid().sum(-1)" if shape else "x.sigmoid()"]))
    else:
        if shape:
            lines.append("e = torch.exp(x - x.max())")
            lines.append("e / e.sum(-1, keepdim=True)")
        else:
            lines.append("torch.exp(x - x)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    warnings.simplefilter("ignore")
    with open(args.out, "w", encoding="utf-8") as f:
        for _ in range(args.count):
            lines = []
            if rng.random() < 0.65:
                numpy_op(rng, lines)
            else:
                torch_op(rng, lines)
            program = "\n".join(lines)
            expected, _ = run_program(program)
            f.write(json.dumps({"expected": expected, "program": program}, sort_keys=True,
                               allow_nan=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
