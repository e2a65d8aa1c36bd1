#!/usr/bin/env python3
"""Random programs over issue 26's loose ends, run in real NumPy 2.4.6 / PyTorch 2.15 / CPython.

    /work/venv/bin/python tests/corpus/stats26.py --seed 1 --count 500 --out tests/corpus/stats26.jsonl

`np.median`, `np.percentile`, `np.quantile` (q a Python number, a list or an array; `axis` none,
one or a tuple; `keepdims`; int and float data with ties and NaN; the refused methods and the
errors), `np.outer`, the matrix norms `2`, `-2`, `'nuc'` (`np.linalg.norm`, `torch.linalg.norm`)
and `np.linalg.svd(..., compute_uv=False)`, `from math import *`, and sorts whose default kind is
not stable (`np.argsort`, `x.argsort()`, `torch.sort`, `torch.argsort`) on data with ties.

Each line is `{"exact", "expected", "program"}` as in `api26.py`: `exact` is false where the
values policy lets the lab's values differ from the library's (singular values, transcendental
functions, the indices of equal keys of an unstable sort); `crates/arrays/tests/stats26.rs`
compares those within the policy's tolerance (and an unstable sort's indices up to the order
within each run of equal keys), everything else exactly.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from api26 import dim, np_source, shape, torch_source, view  # noqa: E402
from corpus_writer import weighted, write_corpus  # noqa: E402


def data(r, s, dtype):
    """Random data of shape `s` with ties (and sometimes NaN), drawn from NumPy's seeded PCG64."""
    seed = r.randint(0, 999)
    kind = r.random()
    if "int" in dtype:
        return f"x = np.random.default_rng({seed}).integers(-5, 6, size={s}).astype({dtype})"
    if kind < 0.4:
        body = f"x = np.random.default_rng({seed}).random({s}).astype({dtype})"
    else:
        body = f"x = (np.random.default_rng({seed}).integers(-8, 9, size={s}) / 4).astype({dtype})"
    if kind > 0.9 and len(s) >= 1:
        body += "\nx.reshape(-1)[1 % x.size] = np.nan"
    return body


def q_arg(r, percent):
    top = 100 if percent else 1
    k = r.random()
    if k < 0.4:
        return repr(round(r.uniform(0, top), 2))
    if k < 0.5:
        return repr(r.choice([0, top]))
    qs = sorted(round(r.uniform(0, top), 2) for _ in range(r.randint(1, 3)))
    if k < 0.75:
        return repr(qs)
    return f"np.array({qs!r})"


def axis_arg(r, s):
    k = r.random()
    if k < 0.3 or not s:
        return ""
    if k < 0.75:
        return f", axis={dim(r, s)}"
    if len(s) >= 2:
        a = r.sample(range(len(s)), 2)
        return f", axis=({a[0]}, {a[1] - len(s) if r.random() < 0.3 else a[1]})"
    return ", axis=None"


def g_quantile(r):
    s = shape(r, ndim=r.choice([0, 1, 2, 2, 3]))
    dtype = r.choice(["np.float64", "np.float32", "np.int64", "np.int32", "np.float16"])
    src = data(r, s, dtype) if s else f"x = np.array({r.randint(-3, 3)}, dtype={dtype})"
    v, vs = view(r, "x", s) if s else ("x", s)
    ax = axis_arg(r, vs)
    kd = r.choice(["", "", ", keepdims=True"])
    f = r.choice(["median", "percentile", "quantile", "percentile"])
    if f == "median":
        call = f"np.median({v}{ax}{kd})"
    else:
        q = q_arg(r, f == "percentile")
        if r.random() < 0.05:
            q = r.choice(["101", "-0.5", "[[[0.5]]]"])
        meth = ""
        if r.random() < 0.05:
            # The other methods are refused as not run here (tests/stats26.rs checks that apart).
            meth = r.choice([", method='linear'", ", method='median'"])
        call = f"np.{f}({v}, {q}{ax}{meth}{kd})"
    return f"{src}\n{call}", True


def g_outer(r):
    a, _, _ = np_source(r, s=(r.randint(1, 5),), name="a")
    b, _, _ = np_source(r, s=shape(r, ndim=r.choice([1, 2])), name="b")
    other = r.choice(["b", "[1, 2, 3]", "b.T", "2.5"])
    return f"{a}\n{b}\nnp.outer(a, {other})", True


def random_matrix(r, s, dtype, name):
    """Random data: full rank, so that the smallest singular value is not rounding noise."""
    seed = r.randint(0, 999)
    if "int" in dtype:
        return f"{name} = np.random.default_rng({seed}).integers(-9, 10, size={s}).astype({dtype})"
    return f"{name} = (np.random.default_rng({seed}).random({s}) - 0.5).astype({dtype})"


def g_matnorm(r):
    if r.random() < 0.6:
        s = shape(r, ndim=r.choice([2, 2, 3]))
        src = random_matrix(r, s, r.choice(["np.float64", "np.float32", "np.int64"]), "x")
        v, vs = view(r, "x", s)
        ordv = r.choice(["2", "-2", "'nuc'"])
        ax = ""
        if len(vs) == 3 or r.random() < 0.3:
            a = r.sample(range(len(vs)), 2)
            ax = f", axis=({a[0]}, {a[1]})"
        kd = r.choice(["", ", keepdims=True"])
        if r.random() < 0.25:
            return f"{src}\nnp.linalg.svd({v}, compute_uv=False)", False
        return f"{src}\nnp.linalg.norm({v}, {ordv}{ax}{kd})", False
    s = shape(r, ndim=r.choice([2, 3]))
    dtype = r.choice(["float32", "float64"])
    src = random_matrix(r, s, "np." + dtype, "x") + f"\nt = torch.from_numpy(x)"
    v, vs = view(r, "t", s, torch_=True)
    ordv = r.choice(["2", "-2", "'nuc'"])
    dm = ""
    if len(vs) == 3 or r.random() < 0.3:
        a = r.sample(range(len(vs)), 2)
        dm = f", dim=({a[0]}, {a[1]})"
    return f"{src}\ntorch.linalg.norm({v}, {ordv}{dm})", False


def g_math_star(r):
    body = r.choice([
        "sqrt(2) * pi", "floor(e * 10)", "[ceil(x / 3) for x in range(5)]", "pow(2, 10)",
        "np.arange(4) * tau", "hypot(3, 4)", "isnan(nan)", "log(100, 10)", "exp(1) == e",
        "fabs(-3)", "trunc(-2.5)", "sin(pi / 6)", "atan2(1, 1) * 4", "[degrees(pi), radians(180)]",
    ])
    return f"from math import *\n{body}", False


def g_unstable_sort(r):
    if r.random() < 0.6:
        s = shape(r, ndim=r.choice([1, 2, 2, 3]))
        dtype = r.choice(["np.float32", "np.float64", "np.int64", "np.int32"])
        n = 1
        for d in s:
            n *= d
        src = f"x = np.random.default_rng({r.randint(0, 999)}).integers(-2, 3, size={s}).astype({dtype})"
        v, vs = view(r, "x", s)
        ax = r.choice(["", f", axis={dim(r, vs)}", ", axis=None"])
        kind = r.choice(["", "", ", kind='quicksort'", ", kind='stable'", ", stable=True"])
        if r.random() < 0.3:
            return f"{src}\n{v}.argsort({ax.lstrip(', ')}{kind if ax else kind.lstrip(', ')})", "stable" in kind
        return f"{src}\nnp.argsort({v}{ax}{kind})", "stable" in kind
    src, s, _ = torch_source(r, dtype=r.choice(["torch.float32", "torch.int64"]))
    src = src.replace("t = torch.arange", "t = (torch.arange").replace(".reshape", " % 3).reshape")
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    desc = r.choice(["", ", descending=True"])
    stable = r.choice(["", "", ", stable=True"])
    if r.random() < 0.5:
        return f"{src}\ntorch.sort({v}, dim={d}{desc}{stable}).indices", stable != ""
    return f"{src}\ntorch.argsort({v}, dim={d}{desc}{stable})", stable != ""


GENERATORS = [(g_quantile, 8), (g_outer, 2), (g_matnorm, 4), (g_math_star, 1), (g_unstable_sort, 4)]


def main(argv):
    write_corpus(argv, weighted(GENERATORS), 500)


if __name__ == "__main__":
    main(sys.argv)
