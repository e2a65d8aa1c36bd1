#!/usr/bin/env python3
"""Random programs over issue 26's everyday API, run in real NumPy 2.4.6 / PyTorch 2.15 / CPython.

    /work/venv/bin/python tests/corpus/api26.py --seed 1 --count 1500 --out tests/corpus/api26.jsonl

Creation (`np.linspace` with `endpoint`/`retstep`/`dtype`, `logspace`, `eye`, `identity`,
`full_like`, `*_like` of views, `tril`/`triu`, `torch.linspace`, `torch.eye`), conversions
(`.float()` … `.to()`, `.type()`, `.numpy()`, `torch.from_numpy` with writes through the shared
memory, `np.asarray(t)`), `math`, `torch.nn.functional` (`softmax`, `log_softmax`, `relu`,
`gelu`, `one_hot`, `layer_norm`, `linear`, `cross_entropy`, `pad`), statistics (`mean`, `std`,
`var`, `torch.sum`, `logsumexp`), `cumsum`/`cumprod`, `sort`/`argsort`/`topk`, the norms,
`masked_fill`, and the views `as_strided`, `expand_as`, `swapaxes`/`swapdims`, NumPy scalars'
`reshape`/`ravel`/`flatten`/`copy`; over random shapes, dtypes and views, with error cases.

Each line is `{"expected", "program", "exact"}`: `exact` is false where the policy of issue 26
lets the lab's float values differ from the library's in the last places (transcendental
functions, PyTorch's reduction orders); `crates/arrays/tests/api26.rs` then compares float
values within a relative 1e-12 (float64), 1e-5 (float32) or 1e-2 (float16/bfloat16), and
everything else exactly.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_writer import weighted, write_corpus  # noqa: E402

NP_DTYPES = ["np.float64", "np.float32", "np.int64", "np.int32"]
TORCH_FLOATS = ["torch.float32", "torch.float64"]
TORCH_DTYPES = TORCH_FLOATS + ["torch.int64", "torch.int32"]


def shape(r, ndim=None, small=False):
    n = ndim if ndim is not None else r.choice([1, 2, 2, 3])
    top = 4 if small else 5
    return tuple(r.randint(1, top) for _ in range(n))


def size(s):
    out = 1
    for d in s:
        out *= d
    return out


def view(r, name, s, torch_=False):
    """A view of `name` (of shape `s`): (expression, its shape)."""
    k = r.random()
    if len(s) >= 2 and k < 0.3:
        return f"{name}.T", tuple(reversed(s))
    if len(s) >= 1 and s[0] > 1 and k < 0.45:
        return f"{name}[::2]", ((s[0] + 1) // 2,) + s[1:]
    if len(s) >= 2 and k < 0.55 and not torch_:
        return f"{name}[:, ::-1]", s
    if len(s) >= 2 and k < 0.6:
        return f"{name}[:, 1:]", (s[0], s[1] - 1) + s[2:]
    return name, s


def np_source(r, s=None, dtype=None, name="x"):
    s = s or shape(r)
    dtype = dtype or r.choice(NP_DTYPES)
    n = size(s)
    if "float" in dtype:
        body = f"{name} = (np.arange({n}, dtype={dtype}) / 4 - {r.randint(0, n // 2 + 1)}).reshape({s})"
    else:
        body = f"{name} = (np.arange({n}, dtype={dtype}) - {r.randint(0, n)}).reshape({s})"
    return body, s, dtype


def torch_source(r, s=None, dtype=None, name="t"):
    s = s or shape(r)
    dtype = dtype or r.choice(TORCH_DTYPES)
    n = size(s)
    shift = r.randint(0, n)
    if "float" in dtype:
        body = f"{name} = torch.arange({-shift}, {n - shift}, dtype={dtype}).reshape({s}) * 0.25"
    else:
        body = f"{name} = torch.arange({-shift}, {n - shift}, dtype={dtype}).reshape({s})"
    return body, s, dtype


def dim(r, s):
    return r.randint(-len(s), len(s) - 1) if s else 0


# Each generator returns (program, exact).


def g_linspace(r):
    a, b = r.choice([(0, 1), (-1, 1), (0, 10), (1.5, -2.25), (0, 0), (2, 7), (-3, 3.3)])
    num = r.choice([0, 1, 2, 3, 5, 7, 10, 50])
    kw = []
    if r.random() < 0.3:
        kw.append(f"endpoint={r.choice(['True', 'False'])}")
    if r.random() < 0.2:
        kw.append(f"dtype={r.choice(['np.float32', 'np.int64', 'int', 'np.float64'])}")
    call = f"np.linspace({a}, {b}, {num}{''.join(', ' + k for k in kw)}"
    if r.random() < 0.2:
        return f"{call}, retstep=True)[1]", True
    if r.random() < 0.1:
        return f"np.linspace(np.float32({a}), {b}, {num})", True
    return call + ")", True


def g_logspace(r):
    return f"np.logspace({r.randint(-2, 1)}, {r.randint(1, 3)}, {r.randint(0, 6)})", False


def g_eye(r):
    k = r.random()
    if k < 0.4:
        args = [str(r.randint(0, 4))]
        if r.random() < 0.5:
            args.append(f"M={r.randint(0, 4)}")
        if r.random() < 0.5:
            args.append(f"k={r.randint(-2, 2)}")
        if r.random() < 0.3:
            args.append(f"dtype={r.choice(NP_DTYPES)}")
        if r.random() < 0.2:
            args.append("order='F'")
        return f"np.eye({', '.join(args)})", True
    if k < 0.55:
        return f"np.identity({r.randint(0, 4)}, dtype={r.choice(NP_DTYPES)})", True
    if k < 0.8:
        args = [str(r.randint(0, 4))]
        if r.random() < 0.5:
            args.append(str(r.randint(0, 4)))
        if r.random() < 0.3:
            args.append(f"dtype={r.choice(TORCH_DTYPES)}")
        return f"torch.eye({', '.join(args)})", True
    steps = r.choice([0, 1, 2, 5])
    dt = r.choice(["", ", dtype=torch.float64", ", dtype=torch.int64"])
    return f"torch.linspace({r.choice([0, -1, 2])}, {r.choice([1, 4, 10])}, {steps}{dt})", False


def g_like(r):
    if r.random() < 0.5:
        src, s, _ = np_source(r)
        v, _ = view(r, "x", s)
        f = r.choice(["np.ones_like", "np.zeros_like", "np.full_like"])
        extra = ", 7" if f == "np.full_like" else ""
        if r.random() < 0.3:
            extra += f", dtype={r.choice(NP_DTYPES)}"
        return f"{src}\n{f}({v}{extra})", True
    src, s, _ = torch_source(r)
    v, _ = view(r, "t", s, torch_=True)
    f = r.choice(["torch.ones_like", "torch.zeros_like", "torch.full_like"])
    extra = ", 2.5" if f == "torch.full_like" else ""
    if r.random() < 0.3:
        extra += f", dtype={r.choice(TORCH_DTYPES)}"
    return f"{src}\n{f}({v}{extra})", True


def g_triangle(r):
    k = r.randint(-2, 2)
    if r.random() < 0.5:
        src, s, _ = np_source(r, s=shape(r, ndim=r.choice([1, 2, 2, 3])))
        v, _ = view(r, "x", s)
        return f"{src}\nnp.{r.choice(['tril', 'triu'])}({v}, {k})", True
    src, s, _ = torch_source(r, s=shape(r, ndim=r.choice([1, 2, 2, 3])))
    v, _ = view(r, "t", s, torch_=True)
    f = r.choice(["tril", "triu"])
    if r.random() < 0.5:
        return f"{src}\ntorch.{f}({v}, {k})", True
    return f"{src}\n{v}.{f}({k})", True


def g_convert(r):
    src, s, dtype = torch_source(r)
    v, _ = view(r, "t", s, torch_=True)
    k = r.random()
    if k < 0.45:
        m = r.choice(["float", "double", "half", "long", "int", "bool"])
        tail = r.choice(["", ".stride()", " is t", ".dtype"])
        if tail == ".dtype":
            return f"{src}\nstr({v}.{m}().dtype)", True
        if tail == " is t":
            return f"{src}\nt.{m}() is t", True
        return f"{src}\n{v}.{m}(){tail}", True
    if k < 0.6:
        target = r.choice(TORCH_DTYPES + ["'cpu'"])
        return f"{src}\n{v}.to({target})", True
    if k < 0.7:
        return f"{src}\n{v}.type({r.choice(TORCH_DTYPES + [''])})", True
    if k < 0.82:
        tail = r.choice([".strides", ".dtype", ".flags.owndata", ".tolist()"])
        return f"{src}\nn = {v}.numpy()\nn[0] = 9\nt.tolist() if n.ndim else n{tail}", True
    if k < 0.92:
        nsrc, ns, _ = np_source(r, name="a")
        return f"{nsrc}\nf = torch.from_numpy(a)\na[0] = 5\nf.tolist()", True
    nsrc, ns, _ = np_source(r, name="a")
    return f"{nsrc}\nf = torch.from_numpy(a)\n(f.stride(), str(f.dtype), f.shape)", True


def g_math(r):
    f = r.choice(
        ["sqrt", "exp", "log", "log2", "log10", "floor", "ceil", "trunc", "fabs", "sin", "cos",
         "tanh", "atan2", "pow", "hypot", "log1p", "isnan", "degrees"]
    )
    v = r.choice(["2", "0.5", "-1.5", "0", "10", "1e30", "np.float32(2.5)", "True", "'a'"])
    exact = f in ("sqrt", "floor", "ceil", "trunc", "fabs", "isnan")
    imp = r.choice(["import math\n", f"from math import {f}, pi\n"])
    callee = f"math.{f}" if imp.startswith("import") else f
    if f in ("atan2", "pow", "hypot"):
        return f"{imp}{callee}({v}, {r.choice(['2', '0.5', '-3'])})", exact
    if f == "log" and r.random() < 0.4:
        return f"{imp}{callee}({v}, 2)", False
    if r.random() < 0.1:
        return f"{imp}math.pi * {v}" if imp.startswith("import") else f"{imp}pi * {v}", True
    return f"{imp}{callee}({v})", exact


def g_functional(r):
    spelling = r.choice(
        ["import torch.nn.functional as F\n", "from torch.nn import functional as F\n",
         "import torch.nn as nn\nF = nn.functional\n"]
    )
    f = r.choice(["softmax", "log_softmax", "relu", "gelu", "one_hot", "layer_norm", "linear",
                  "cross_entropy", "pad", "torch_softmax"])
    if f == "one_hot":
        n = r.randint(1, 6)
        k = r.randint(1, 5)
        cls = r.choice(["", f", {k}", f", num_classes={k}"])
        return f"{spelling}i = torch.arange({n}) % 3\nF.one_hot(i{cls})", True
    dtype = r.choice(TORCH_FLOATS + (["torch.int64"] if r.random() < 0.1 else []))
    src, s, _ = torch_source(r, dtype=dtype)
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    if f in ("softmax", "log_softmax"):
        return f"{spelling}{src}\nF.{f}({v}, dim={d})", False
    if f == "torch_softmax":
        g = r.choice(["torch.softmax({v}, {d})", "{v}.softmax({d})", "torch.log_softmax({v}, {d})",
                      "torch.relu({v})", "{v}.relu()"])
        return f"{src}\n" + g.format(v=v, d=d), False
    if f == "relu":
        return f"{spelling}{src}\nF.relu({v})", True
    if f == "gelu":
        a = r.choice(["", ", approximate='tanh'", ", approximate='none'"])
        return f"{spelling}{src}\nF.gelu({v}{a})", False
    if f == "layer_norm":
        k = r.randint(1, len(vs))
        ns = vs[-k:] if r.random() < 0.9 else (vs[-1] + 1,)
        return f"{spelling}{src}\nF.layer_norm({v}, {tuple(ns)})", False
    if f == "linear":
        o = r.randint(1, 4)
        inner = vs[-1] if r.random() < 0.9 else vs[-1] + 1
        w = f"torch.arange({o * inner}, dtype={dtype}).reshape({o}, {inner}) / 8"
        b = f", torch.ones({o}, dtype={dtype})" if r.random() < 0.5 else ""
        return f"{spelling}{src}\nF.linear({v}, {w}{b})", False
    if f == "cross_entropy":
        n, c = r.randint(1, 4), r.randint(2, 5)
        red = r.choice(["", ", reduction='sum'", ", reduction='none'", ", ignore_index=0"])
        return (f"{spelling}logits = torch.arange({n * c}, dtype={dtype}).reshape({n}, {c}) / 3\n"
                f"F.cross_entropy(logits, torch.arange({n}) % {c + (1 if r.random() < 0.1 else 0)}{red})"), False
    pads = tuple(r.randint(-1, 2) for _ in range(2 * r.randint(1, len(vs))))
    val = r.choice(["", ", value=9", ", value=-1.5"])
    return f"{spelling}{src}\nF.pad({v}, {pads}{val})", True


def g_stats(r):
    src, s, dtype = torch_source(r, dtype=r.choice(TORCH_DTYPES + TORCH_FLOATS))
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    k = r.random()
    keep = r.choice(["", ", keepdim=True"])
    if k < 0.25:
        return f"{src}\n{v}.mean({r.choice(['', str(d), f'dim={d}' + keep])})", False
    if k < 0.4:
        return f"{src}\ntorch.mean({v}{r.choice(['', f', {d}', f', dim={d}' + keep])})", False
    if k < 0.55:
        return f"{src}\ntorch.sum({v}{r.choice(['', f', {d}', f', dim={d}' + keep])})", "int" in dtype
    if k < 0.75:
        f = r.choice(["std", "var"])
        arg = r.choice(["", f"{d}", f"{d}, unbiased=False", f"dim={d}, correction=0", f"{d}{keep}"])
        return f"{src}\n{v}.{f}({arg})", False
    return f"{src}\ntorch.logsumexp({v}, {d}{keep})", False


def g_cumulative(r):
    f = r.choice(["cumsum", "cumprod"])
    if r.random() < 0.5:
        src, s, dtype = np_source(r, s=shape(r, small=(f == "cumprod")))
        if f == "cumprod":
            src = src.replace("/ 4", "/ 2").replace(" - ", " - 0*")
        v, vs = view(r, "x", s)
        ax = r.choice(["", f", axis={dim(r, vs)}", f", axis={dim(r, vs)}, dtype=np.float64"])
        if r.random() < 0.5:
            return f"{src}\nnp.{f}({v}{ax})", True
        return f"{src}\n{v}.{f}({ax.lstrip(', ')})", True
    src, s, dtype = torch_source(r, s=shape(r, small=True))
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    if r.random() < 0.5:
        return f"{src}\ntorch.{f}({v}, {d})", "int" in dtype
    return f"{src}\n{v}.{f}({d})", "int" in dtype


def g_sort(r):
    if r.random() < 0.45:
        src, s, _ = np_source(r)
        src = src.replace(".reshape", " % 7).reshape").replace("x = (", "x = ((")
        v, vs = view(r, "x", s)
        k = r.random()
        ax = r.choice(["", f", axis={dim(r, vs)}", ", axis=None"])
        if k < 0.4:
            return f"{src}\nnp.sort({v}{ax})", True
        if k < 0.7:
            return f"{src}\nnp.argsort({v}{ax}, kind='stable')", True
        if k < 0.85:
            return f"{src}\n{v}.argsort(kind='stable')", True
        return f"{src}\nx.sort()\nx", True
    src, s, _ = torch_source(r)
    src = src.replace("t = torch.arange", "t = (torch.arange").replace(".reshape", " % 5).reshape")
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    k = r.random()
    desc = r.choice(["", ", descending=True"])
    if k < 0.35:
        part = r.choice(["values", "indices"])
        return f"{src}\ntorch.sort({v}, dim={d}{desc}, stable=True).{part}", True
    if k < 0.5:
        return f"{src}\nvals, idx = {v}.sort(dim={d}{desc}, stable=True)\nidx", True
    if k < 0.65:
        return f"{src}\n{v}.argsort(dim={d}{desc}, stable=True)", True
    kk = r.randint(0, vs[d] + (1 if r.random() < 0.1 else 0))
    return f"{src}\n{v}.topk({kk}, dim={d}).values", True


def g_norm(r):
    if r.random() < 0.5:
        src, s, _ = np_source(r, s=shape(r, ndim=r.choice([1, 2, 2, 3])))
        v, vs = view(r, "x", s)
        ordv = r.choice(["", ", 1", ", 2", ", np.inf", ", -np.inf", ", 'fro'", ", 3", ", 0"])
        ax = r.choice(["", "", f", axis={dim(r, vs)}", ", axis=(0, 1)" if len(vs) >= 2 else ""])
        kd = r.choice(["", ", keepdims=True"])
        return f"{src}\nnp.linalg.norm({v}{ordv}{ax}{kd})", False
    src, s, _ = torch_source(r, dtype=r.choice(TORCH_FLOATS + ["torch.int64"]), s=shape(r, ndim=r.choice([1, 2, 2, 3])))
    v, vs = view(r, "t", s, torch_=True)
    d = dim(r, vs)
    k = r.random()
    if k < 0.5:
        ordv = r.choice(["", ", 1", ", 2", ", float('inf')", ", 'fro'", ", 3", ", 0"])
        dm = r.choice(["", f", dim={d}", ", dim=(0, 1)" if len(vs) >= 2 else ""])
        return f"{src}\ntorch.linalg.norm({v}{ordv}{dm})", False
    return f"{src}\n{v}.norm({r.choice(['', '1', 'p=2', f'dim={d}', f'1, {d}, True'])})", False


def g_masked(r):
    src, s, dtype = torch_source(r)
    v, vs = view(r, "t", s, torch_=True)
    val = r.choice(["0", "-1.5", "float('-inf')", "torch.tensor(7)", "True"])
    k = r.random()
    if k < 0.2 and len(vs) == 2:
        n = vs[0]
        return (f"{src}\nmask = torch.tril(torch.ones({vs[0]}, {vs[1]})) == 0\n"
                f"{v}.masked_fill(mask, {val})"), True
    if k < 0.8:
        return f"{src}\n{v}.masked_fill({v} > 0, {val})", True
    return f"{src}\nt.masked_fill_(t < 1, {val})\nt", True


def g_views(r):
    if r.random() < 0.25:
        d = r.choice(["np.float32", "np.int64", "np.float64"])
        m = r.choice(["reshape(1)", "reshape(1, 1)", "reshape(())", "reshape(-1)", "reshape(2)",
                      "copy()", "flatten()", "ravel()"])
        return f"s = {d}(3)\ns.{m}", True
    src, s, dtype = torch_source(r)
    v, vs = view(r, "t", s, torch_=True)
    k = r.random()
    if k < 0.3:
        n = size(s)
        sz = (r.randint(1, 3), r.randint(1, 3))
        st = (r.randint(0, 3), r.randint(0, 2))
        off = r.choice(["", f", {r.randint(0, 2)}"])
        if (sz[0] - 1) * st[0] + (sz[1] - 1) * st[1] + 2 >= n:
            sz = (1, 1)
        return f"{src}\nt.as_strided({sz}, {st}{off})", True
    if k < 0.55:
        target = (r.randint(1, 3),) + vs if r.random() < 0.8 else (7,)
        return f"{src}\n{v}.expand_as(torch.zeros({target}))", True
    a, b = dim(r, vs), dim(r, vs)
    f = r.choice([f"{v}.swapaxes({a}, {b})", f"{v}.swapdims({a}, {b})",
                  f"torch.swapaxes({v}, {a}, {b})", f"torch.swapdims({v}, {a}, {b})"])
    return f"{src}\n{f}", True


GENERATORS = [
    (g_linspace, 3), (g_logspace, 1), (g_eye, 3), (g_like, 3), (g_triangle, 3), (g_convert, 5),
    (g_math, 4), (g_functional, 8), (g_stats, 5), (g_cumulative, 4), (g_sort, 5), (g_norm, 4),
    (g_masked, 3), (g_views, 4),
]


def main(argv):
    write_corpus(argv, weighted(GENERATORS), 1500)


if __name__ == "__main__":
    main(sys.argv)
