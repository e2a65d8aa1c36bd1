#!/usr/bin/env python3
"""Random advanced indexing of tensors (issue 26), run in real PyTorch 2.15.

    /work/venv/bin/python tests/corpus/torch_index.py --seed 1 --count 600 --out tests/corpus/torch-index.jsonl

Reads `t[...]` and writes `t[...] = v` on tensors and their views (transposed, permuted,
stepped, narrowed), with integer lists, integer tensors (int64, int32, transposed 2-d ones),
bool masks (lists, comparisons, 2-d masks), `True`/`False`, mixed with ints, slices, `None`
and `...`, adjacent or separated by a slice; writes of Python numbers and of tensors (same and
other dtypes, broadcast, one-element values under a mask); errors (out of bounds, masks that do
not match, index tensors that do not broadcast, float index tensors, too many indices). The
lines have the format of `api26.jsonl` (`"exact": true`: indexing moves values, it computes
none) and are checked by `crates/arrays/tests/api26.rs`. A fixed list (`FIXED`) comes first.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_writer import write_corpus  # noqa: E402

DTYPES = ["torch.float32", "torch.int64", "torch.float64", "torch.int32"]


def base(r):
    nd = r.choice([1, 2, 2, 3, 3, 4])
    shape = [r.randint(1, 4) for _ in range(nd)]
    n = 1
    for d in shape:
        n *= d
    dtype = r.choice(DTYPES)
    src = f"t = torch.arange({n}, dtype={dtype}).reshape({tuple(shape)})"
    name = "t"
    k = r.random()
    if nd >= 2 and k < 0.2:
        perm = list(range(nd))
        r.shuffle(perm)
        src += f"\nv = t.permute({', '.join(map(str, perm))})"
        shape = [shape[p] for p in perm]
        name = "v"
    elif nd >= 2 and k < 0.3:
        src += "\nv = t.transpose(0, 1)"
        shape[0], shape[1] = shape[1], shape[0]
        name = "v"
    elif shape[0] > 1 and k < 0.4:
        src += "\nv = t[::2]"
        shape[0] = (shape[0] + 1) // 2
        name = "v"
    elif nd >= 2 and shape[1] > 1 and k < 0.5:
        src += "\nv = t[:, 1:]"
        shape[1] -= 1
        name = "v"
    return src, name, shape, dtype


def int_index(r, size, bshape=None):
    """An index tensor or list for an axis of `size`."""
    bad = r.random() < 0.06
    hi = size + (2 if bad else 0)

    def val():
        v = r.randint(-size, hi - 1) if size > 0 else r.randint(0, 1)
        return v

    k = r.random()
    if bshape is not None and len(bshape) == 2:
        rows = [[val() for _ in range(bshape[1])] for _ in range(bshape[0])]
        t = f"torch.tensor({rows})"
        return t + (".T" if r.random() < 0.3 else ""), (bshape[1], bshape[0]) if False else None
    n = bshape[0] if bshape else r.randint(0, 3)
    vals = [val() for _ in range(n)]
    if k < 0.5:
        return str(vals), None
    dt = r.choice(["", ", dtype=torch.int32"])
    if k < 0.52:
        dt = ", dtype=torch.float32"
    return f"torch.tensor({vals}{dt})", None


def mask(r, name, shape, axes):
    sub = shape[axes[0]:axes[1]]
    if len(sub) == 1 and r.random() < 0.5:
        n = sub[0] + (1 if r.random() < 0.05 else 0)
        return str([r.random() < 0.5 for _ in range(n)])
    size = 1
    for d in sub:
        size *= d
    vals = [r.random() < 0.5 for _ in range(size)]
    return f"torch.tensor({vals}).reshape({tuple(sub)})"


def index(r, name, shape):
    nd = len(shape)
    parts = []
    axis = 0
    used_tensor = False
    two_d = r.random() < 0.15
    bshape = [r.randint(1, 3)] if r.random() < 0.4 else None
    if two_d:
        bshape = [r.randint(1, 2), r.randint(1, 3)]
    while axis < nd and len(parts) < nd + 1:
        k = r.random()
        size = shape[axis]
        if k < 0.35:
            expr, _ = int_index(r, size, bshape)
            parts.append(expr)
            used_tensor = True
            axis += 1
        elif k < 0.45 and axis + 1 <= nd:
            span = 1 if r.random() < 0.6 or axis + 2 > nd else 2
            parts.append(mask(r, name, shape, (axis, axis + span)))
            used_tensor = True
            axis += span
        elif k < 0.6:
            a = r.choice(["", "1", "-2"])
            b = r.choice(["", "3", "-1"])
            s = r.choice(["", ":2"])
            parts.append(f"{a}:{b}{s}")
            axis += 1
        elif k < 0.7:
            parts.append(str(r.randint(-size, size - 1)) if size else "0")
            axis += 1
        elif k < 0.77:
            parts.append("None")
        elif k < 0.8:
            parts.append(r.choice(["True", "False"]))
        elif k < 0.85 and "..." not in parts:
            parts.append("...")
            axis = nd
        else:
            break
        if r.random() < 0.25:
            break
    if not used_tensor:
        parts.insert(r.randint(0, len(parts)), int_index(r, shape[0] if shape else 1, bshape)[0])
    if r.random() < 0.04:
        parts.append("0")
    return ", ".join(parts)


def program(r):
    src, name, shape, dtype = base(r)
    idx = index(r, name, shape)
    k = r.random()
    if k < 0.6:
        return f"{src}\n{name}[{idx}]"
    if k < 0.7:
        return f"{src}\n{name}[{idx}].stride()"
    # A write, then the whole first tensor (the view's memory).
    v = r.random()
    if v < 0.4:
        value = r.choice(["0", "-1", "7", "2.5", "True"])
    elif v < 0.6:
        value = f"torch.tensor({r.choice(['5', '5.5', '[1]', '[1.0]'])})"
    else:
        n = r.randint(1, 3)
        vdt = dtype if r.random() < 0.8 else r.choice(DTYPES)
        value = f"torch.arange({n}, dtype={vdt})"
    return f"{src}\n{name}[{idx}] = {value}\nt"


# Written first: the cases that taught the layout rules (advanced indices separated by a slice
# or `None`, adjacent and not leading, on transposed tensors, a transposed index tensor, size-1
# axes), repeated indices in a write (the last in TensorIterator's walk wins), and the learner's
# everyday ones.
FIXED = [
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[[0, 1], :, [1, 2]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[:, [0, 1], [1, 2]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[:, [0, 1], None, [1, 2]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx.permute(2, 1, 0)[[0, 1]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx.permute(2, 1, 0)[:, [0, 1]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx.permute(1, 0, 2)[:, :, [3, 1]]",
    "y = torch.arange(12).reshape(3, 4)\nidx = torch.tensor([[0, 1], [1, 2]])\ny[idx.T]",
    "y = torch.arange(12).reshape(3, 4)\nidx = torch.tensor([[0, 1], [1, 2]])\ny[:, idx.T]",
    "t = torch.arange(12, dtype=torch.int32).reshape((2, 2, 3))\nt[1:3, torch.tensor([[1], [-2]]).T]",
    "t = torch.arange(18, dtype=torch.int64).reshape((3, 3, 2))\nt[torch.tensor([[0, 1, 0]]).T]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nm = torch.zeros(3, 4, dtype=torch.bool)\nm[0, 1] = True\nm[2, 3] = True\nx[m, 1:3]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[True, [0]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[:, torch.ones(3, dtype=torch.bool)]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[[0, 1], [0, 1, 2]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[:, [0, 5]]",
    "x = torch.arange(60.).reshape(3, 4, 5)\nx[torch.tensor([0., 1.])]",
    "t = torch.arange(2, dtype=torch.int32).reshape((1, 1, 2))\nv = t.transpose(0, 1)\nv[[True], torch.tensor([[0, 0], [0, -1]]).T, torch.tensor([[-2, -1], [1, 0]])] = torch.arange(2, dtype=torch.int32)\nt",
    "z = torch.arange(12.).reshape(3, 4)\nz[[0, 0], [1, 1]] = torch.tensor([5., 6.])\nz",
    "z = torch.arange(12.).reshape(3, 4)\nz[z > 5] = 0\nz",
    "z = torch.arange(12.).reshape(3, 4)\nz[z > 5] = torch.tensor(7)\nz",
    "z = torch.arange(12.).reshape(3, 4)\nz[[0, 2]] = torch.tensor([1, 2, 3, 4])",
    "z = torch.arange(12.).reshape(3, 4)\nz[[0, 2]] = torch.tensor([1., 2., 3.])",
    "z = torch.arange(12.).reshape(3, 4)\nz[[0, 1]] = z[1:3]",
    "z = torch.arange(12.).reshape(3, 4)\nz[:, [0, 9]] = 1",
    "z = torch.arange(12.).reshape(3, 4)\nz[:, torch.tensor([0, 9], dtype=torch.int32)] = 1",
    "z = torch.arange(12.).reshape(3, 4)\nz[z > 5] = [1., 2.]",
    "logits = torch.arange(12.).reshape(4, 3)\ny = torch.tensor([0, 2, 1, 2])\nlogits[torch.arange(4), y]",
    "t = torch.zeros(3, 2)\nt[0] = np.ones(2)",
    "t = torch.zeros(3, 2)\nt[[0]] = np.ones(2)",
    "t = torch.zeros(3, 2)\nt[[0]] = np.float64(2.0)\nt",
    "scores = torch.arange(16.).reshape(4, 4)\nmask = torch.triu(torch.ones(4, 4, dtype=torch.bool), 1)\nscores[mask] = float('-inf')\nscores",
]


def main(argv):
    write_corpus(argv, lambda r: (program(r), True), 600, FIXED)


if __name__ == "__main__":
    main(sys.argv)
