#!/usr/bin/env python3
"""Issue 26's PyTorch gaps of learner programs, run in real PyTorch 2.15.

    /work/venv/bin/python tests/corpus/torch_ops26.py --seed 1 --count 500 --out tests/corpus/torch-ops26.jsonl

`scatter_`/`scatter`/`torch.scatter` (a `src` tensor, a number, `reduce=`), `gather`,
`fill_`, `zero_` (in place: a view of the tensor sees the write), `index_fill_`/`index_fill`,
`torch.cdist` (every `p`, batches), `F.nll_loss` (`weight`, `ignore_index`, `reduction`, 1-d
and 3-d inputs), `F.cross_entropy` with class probabilities and `label_smoothing`, over random
shapes and views, with their errors. The lines have the format of `api26.jsonl` (`exact` false
for computed float losses and distances) and are checked by `crates/arrays/tests/api26.rs`.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_writer import weighted, write_corpus  # noqa: E402

FLOATS = ["torch.float32", "torch.float64"]
DTYPES = FLOATS + ["torch.int64", "torch.int32"]


def tensor_of(r, name, shape, dtype):
    n = 1
    for d in shape:
        n *= d
    body = f"{name} = torch.arange({n}, dtype={dtype}).reshape({tuple(shape)})"
    if "float" in dtype:
        body += f" / {r.choice([3, 4, 7])}"
    return body


def g_scatter(r):
    nd = r.choice([1, 2, 2, 3])
    shape = [r.randint(1, 4) for _ in range(nd)]
    dim = r.randint(-nd, nd - 1)
    d = dim % nd
    dtype = r.choice(DTYPES)
    ishape = [r.randint(1, s) if i != d else r.randint(1, 3) for i, s in enumerate(shape)]
    if r.random() < 0.08:
        ishape[(d + 1) % nd] += 1  # too large
    bad = r.random() < 0.06
    vals = []
    n = 1
    for s in ishape:
        n *= s
    for _ in range(n):
        vals.append(r.randint(0, shape[d] - 1 + (1 if bad else 0)))
    idt = r.choice(["", "", ", dtype=torch.int32"])
    index = f"torch.tensor({vals}{idt}).reshape({tuple(ishape)})"
    lines = [f"t = torch.zeros({tuple(shape)}, dtype={dtype})", f"i = {index}"]
    k = r.random()
    if k < 0.5:
        value = r.choice(["1.0", "2", "-3", "True", "2.5"])
    else:
        sdt = dtype if r.random() < 0.9 else r.choice(DTYPES)
        sshape = [s + r.choice([0, 0, 1]) for s in ishape]
        lines.append(tensor_of(r, "s", sshape, sdt))
        value = "s"
    reduce = ""
    if r.random() < 0.15:
        reduce = f", reduce={r.choice(['add', 'multiply', 'max'])!r}"
    call = r.choice(["t.scatter_", "t.scatter", "torch.scatter"])
    if call == "torch.scatter":
        expr = f"torch.scatter(t, {dim}, i, {value}{reduce})"
    else:
        expr = f"{call}({dim}, i, {value}{reduce})"
    if call == "t.scatter_" and r.random() < 0.5:
        lines.append("v = t.view(-1)")
        lines.append(expr)
        lines.append("v")
    else:
        lines.append(expr)
    return "\n".join(lines), reduce == "" or "int" in dtype


def g_gather(r):
    nd = r.choice([1, 2, 2, 3])
    shape = [r.randint(1, 4) for _ in range(nd)]
    dim = r.randint(-nd, nd - 1)
    d = dim % nd
    dtype = r.choice(DTYPES)
    ishape = [r.randint(1, s) if i != d else r.randint(1, 4) for i, s in enumerate(shape)]
    if r.random() < 0.06:
        ishape[(d + 1) % nd] += 1
    bad = r.random() < 0.06
    n = 1
    for s in ishape:
        n *= s
    vals = [r.randint(0, shape[d] - 1 + (1 if bad else 0)) for _ in range(n)]
    src = tensor_of(r, "t", shape, dtype)
    view = "t.transpose(0, -1)" if nd >= 2 and r.random() < 0.3 and shape[0] == shape[-1] else "t"
    call = r.choice([f"{view}.gather({dim}, i)", f"torch.gather({view}, {dim}, i)"])
    return f"{src}\ni = torch.tensor({vals}).reshape({tuple(ishape)})\n{call}", True


def g_fill(r):
    shape = [r.randint(1, 4) for _ in range(r.choice([1, 2, 3]))]
    dtype = r.choice(DTYPES)
    src = tensor_of(r, "t", shape, dtype)
    view = r.choice(["t", "t[0]", "t[..., :1]", "t.T" if len(shape) == 2 else "t"])
    k = r.random()
    if k < 0.3:
        op = f"{view}.fill_({r.choice(['2.5', '7', '-1', 'True', 'torch.tensor(3)', 'torch.tensor([3.0])'])})"
    elif k < 0.45:
        op = f"{view}.zero_()"
    else:
        nd = len(shape) if view in ("t", "t.T") else (len(shape) - 1 if view == "t[0]" else len(shape))
        nd = max(nd, 1)
        dim = r.randint(-nd, nd - 1)
        idx = [r.randint(-1, 2) for _ in range(r.randint(1, 3))]
        idt = ", dtype=torch.int32" if r.random() < 0.06 else ""
        value = r.choice(["-1", "0.5", "torch.tensor(9)"])
        meth = r.choice(["index_fill_", "index_fill"])
        op = f"{view}.{meth}({dim}, torch.tensor({idx}{idt}), {value})"
        if meth == "index_fill":
            return f"{src}\n{op}", True
    return f"{src}\n{op}\nt", True


def g_cdist(r):
    m = r.randint(1, 4)
    batch = r.choice([(), (), (2,)])
    p1, p2 = r.randint(0, 4), r.randint(0, 4)
    dtype = r.choice(FLOATS + (["torch.int64"] if r.random() < 0.05 else []))
    a = tensor_of(r, "a", list(batch) + [p1, m], dtype)
    m2 = m if r.random() > 0.05 else m + 1
    b = f"torch.manual_seed({r.randint(0, 9)})\nb = torch.randn({tuple(list(batch) + [p2, m2])}, dtype={dtype if 'float' in dtype else 'torch.float32'})"
    p = r.choice(["", "", ", p=1", ", p=0", ", p=3", ", p=float('inf')", ", p=1.5", ", p=2.0"]) if r.random() > 0.03 else ", p=-1"
    return f"{a}\n{b}\ntorch.cdist(a, b{p})", False


def logits(r, shape, dtype):
    return tensor_of(r, "x", shape, dtype).replace("reshape", "reshape") + " - 1"


def g_nll(r):
    n, c = r.randint(1, 5), r.randint(2, 5)
    shape = r.choice([[n, c], [n, c], [c], [n, c, 2]])
    dtype = r.choice(FLOATS)
    lines = ["import torch.nn.functional as F", logits(r, shape, dtype)]
    tshape = [] if len(shape) == 1 else ([n] if len(shape) == 2 else [n, 2])
    count = 1
    for s in tshape:
        count *= s
    bad = r.random() < 0.05
    vals = [r.randint(0, c - 1 + (1 if bad else 0)) for _ in range(count)]
    tdt = ", dtype=torch.int32" if r.random() < 0.06 else ""
    if tshape:
        lines.append(f"y = torch.tensor({vals}{tdt}).reshape({tuple(tshape)})")
    else:
        lines.append(f"y = torch.tensor({vals[0]}{tdt})")
    kw = []
    if r.random() < 0.3:
        kw.append(f"weight=torch.tensor({[r.randint(1, 3) / 2 for _ in range(c)]}, dtype={dtype})")
    if r.random() < 0.25:
        kw.append(f"ignore_index={r.randint(0, c - 1)}")
    if r.random() < 0.4:
        kw.append(f"reduction={r.choice(['sum', 'none', 'mean'])!r}")
    extra = "".join(", " + k for k in kw)
    if r.random() < 0.5:
        lines.append(f"F.nll_loss(F.log_softmax(x, dim={0 if len(shape) == 1 else 1}), y{extra})")
    else:
        if r.random() < 0.3:
            extra += f", label_smoothing={r.choice([0.1, 0.25])}"
        lines.append(f"F.cross_entropy(x, y{extra})")
    return "\n".join(lines), False


def g_probs(r):
    n, c = r.randint(1, 5), r.randint(2, 5)
    shape = r.choice([[n, c], [n, c], [c]])
    dtype = r.choice(FLOATS)
    lines = ["import torch.nn.functional as F", logits(r, shape, dtype)]
    # (A float64 target of float32 logits gives a float64 loss whose last bits are those of
    # PyTorch's float32 log-softmax: beyond a float64 tolerance, so not drawn.)
    tdt = dtype if r.random() < 0.9 else "torch.int64"
    lines.append(f"p = torch.softmax(torch.arange({n * c if len(shape) == 2 else c}, dtype=torch.float64).reshape({tuple(shape)}).flip(-1) / 3, -1).to({tdt})")
    kw = []
    if r.random() < 0.3:
        kw.append(f"weight=torch.tensor({[r.randint(1, 3) / 2 for _ in range(c)]}, dtype={dtype})")
    if r.random() < 0.3:
        kw.append(f"label_smoothing={r.choice([0.1, 0.2, 1.5])}")
    if r.random() < 0.4:
        kw.append(f"reduction={r.choice(['sum', 'none', 'mean'])!r}")
    if r.random() < 0.05:
        kw.append("ignore_index=1")
    lines.append(f"F.cross_entropy(x, p{''.join(', ' + k for k in kw)})")
    return "\n".join(lines), False


# Written first: in-place writes into views and expanded tensors.
FIXED = [
    "t = torch.zeros(3, 1).expand(3, 2)\nt.scatter_(1, torch.zeros(3, 1, dtype=torch.long), 1.0)",
    "t = torch.zeros(3).expand(2, 3)\nt.fill_(1)",
    "t = torch.zeros(3).expand(2, 3)\nt.zero_()",
    "t = torch.arange(12.).reshape(3, 4)\nv = t.T\nv.fill_(2.5)\nt",
    "t = torch.arange(12.).reshape(3, 4)\nv = t[1]\nv.zero_()\nt",
    "y = torch.tensor([2, 0, 1])\ntorch.zeros(3, 4).scatter_(1, y[:, None], 1.0)",
    "t = torch.zeros(4, 3).T\nt.scatter_(1, torch.tensor([[0], [2], [3]]), 1.0)",
    "t = torch.zeros(4, 3).T\nt.scatter(1, torch.tensor([[0], [2], [3]]), 1.0)",
]

GENERATORS = [(g_scatter, 4), (g_gather, 2), (g_fill, 2), (g_cdist, 2), (g_nll, 3), (g_probs, 2)]


def main(argv):
    write_corpus(argv, weighted(GENERATORS), 500, FIXED)


if __name__ == "__main__":
    main(sys.argv)
