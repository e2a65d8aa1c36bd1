#!/usr/bin/env python3
"""PyTorch's order statistics, run in real PyTorch 2.15.

    /work/venv/bin/python tests/corpus/torch_order26.py --seed 1 --count 300 --out tests/corpus/torch-order26.jsonl

`torch.median`/`nanmedian` (all elements, or a `dim` with `keepdim`: `(values, indices)`) and
`torch.quantile`/`nanquantile` (a float or a 0-d/1-d tensor `q`, `dim`, `keepdim`, every
`interpolation`), as functions and tensor methods, over random float data with NaNs now and
then, integer tensors, views (transposes, slices), and their errors. The lines have the format
of `api26.jsonl` (`exact` false for `linear`/`midpoint` quantiles, computed with a fused
multiply-add as ATen's vectorized `lerp` is) and are checked by `crates/arrays/tests/api26.rs`.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_writer import weighted, write_corpus  # noqa: E402

INTERPOLATIONS = ["linear", "lower", "higher", "midpoint", "nearest"]


def data(r):
    nd = r.choice([0, 1, 1, 2, 2, 3])
    shape = tuple(r.randint(0 if r.random() < 0.05 else 1, 5) for _ in range(nd))
    kind = r.random()
    lines = []
    if kind < 0.45:
        # Random floats written out (PyTorch's `randn` stream is not reproduced bit for bit).
        n = 1
        for d in shape:
            n *= d
        vals = [f"{r.gauss(0, 2):.3f}" for _ in range(n)]
        dt = r.choice(["", "", ", dtype=torch.float64"])
        lines.append(f"t = torch.tensor([{', '.join(vals)}]{dt}).reshape({shape})")
    elif kind < 0.7:
        n = 1
        for d in shape:
            n *= d
        vals = [r.randint(0, 4) for _ in range(n)]
        dt = r.choice(["torch.int64", "torch.int32", "torch.float32", "torch.float64"])
        lines.append(f"t = torch.tensor({vals}, dtype={dt}).reshape({shape})")
    else:
        n = 1
        for d in shape:
            n *= d
        vals = [r.choice(["1.0", "2.0", "-3.5", "0.25", "float('nan')", "4.0", "2.0"]) for _ in range(n)]
        lines.append(f"t = torch.tensor([{', '.join(vals)}]).reshape({shape})")
    if nd >= 2 and r.random() < 0.3:
        lines.append("t = t.transpose(0, 1)")
    elif nd >= 1 and r.random() < 0.15:
        lines.append("t = t[::2]")
    return lines, nd


def g_median(r):
    lines, nd = data(r)
    name = r.choice(["median", "median", "nanmedian"])
    method = r.random() < 0.5
    args = []
    if r.random() < 0.7:
        args.append(str(r.randint(-max(nd, 1), max(nd, 1) - (0 if r.random() < 0.95 else -1))))
        if r.random() < 0.4:
            args.append(r.choice(["keepdim=True", "True", "keepdim=False"]))
    call = f"t.{name}({', '.join(args)})" if method else f"torch.{name}({', '.join(['t'] + args)})"
    # (the harness records tensors, not `torch.return_types`)
    pick = r.choice([".values", ".indices", "[0]", "[1]"]) if args else ""
    # An index where a long lane holds the median more than once is `nth_element`'s pick: marked.
    return "; ".join(lines + [f"r = {call}{pick}", "r"]), pick in (".values", "[0]", "")


def g_quantile(r):
    lines, nd = data(r)
    name = r.choice(["quantile", "quantile", "nanquantile"])
    method = r.random() < 0.5
    k = r.random()
    if k < 0.5:
        q = r.choice(["0.5", "0.25", "0.1", "0.9", "0.75", "1.0", "0.0", "0.3", "1.5"])
    elif k < 0.8:
        qs = sorted(r.choice(["0.1", "0.25", "0.5", "0.75", "0.9", "0.33"]) for _ in range(r.randint(1, 3)))
        q = f"torch.tensor([{', '.join(qs)}])"
    else:
        q = r.choice(["torch.tensor(0.4)", "torch.tensor([0.2, 0.8], dtype=torch.float64)", "torch.tensor([[0.5]])"])
    args = [q]
    exact = True
    if r.random() < 0.6:
        args.append(r.choice([f"dim={r.randint(-max(nd, 1), max(nd, 1) - 1)}", str(r.randint(-max(nd, 1), max(nd, 1) - 1)), "dim=None"]))
    if r.random() < 0.3:
        args.append("keepdim=True")
    how = r.choice(INTERPOLATIONS + ["linear"])
    if how != "linear" or r.random() < 0.2:
        args.append(f"interpolation='{how}'")
    if how in ("linear", "midpoint"):
        exact = False
    call = f"t.{name}({', '.join(args)})" if method else f"torch.{name}({', '.join(['t'] + args)})"
    return "; ".join(lines + [f"r = {call}", "r"]), exact


GENERATORS = [(g_median, 1), (g_quantile, 1)]

FIXED = [
    "t = torch.tensor([3., 1, 2, 1, 3, 1]); t.median(0).values",
    "t = torch.tensor([[1., float('nan'), 2.], [3, 2, 1]]); t.median(1).indices",
    "t = torch.arange(24.).reshape(2, 3, 4); torch.quantile(t, torch.tensor([0.2, 0.7]), dim=1, keepdim=True, interpolation='lower')",
    "t = torch.arange(24.).reshape(2, 3, 4); torch.median(t)",
    "t = torch.arange(6); torch.quantile(t, 0.5)",
    "t = torch.zeros(3, 0); torch.median(t, 1).values",
]


def main(argv):
    write_corpus(argv, weighted(GENERATORS), 300, FIXED)


if __name__ == "__main__":
    main(sys.argv)
