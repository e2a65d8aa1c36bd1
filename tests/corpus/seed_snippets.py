#!/usr/bin/env python3
"""Every code snippet of the four seeds (/work/shared/seeds/*.txt) made runnable, one program per
snippet (a table of several spellings gives one program a row), recorded from real NumPy /
PyTorch with the learner harness into seed-snippets.jsonl:

    python3 tests/corpus/seed_snippets.py --out tests/corpus/seed-snippets.jsonl
    python3 tests/corpus/check.py --tolerance tests/corpus/seed-snippets.jsonl

Each program's first line is a comment naming the seed and the snippet; placeholders are filled
with small values (`y_true = np.array([...])`) and the code questions' blanks and
`raise NotImplementedError` bodies with a correct answer. A line ends in `"snippet": "<seed>
<section>"`. Snippets whose real answer depends on the machine's memory (seed 003's 300 GB
intermediate) are left out; see README.md.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from learner_harness import run_learner_program, value_marks  # noqa: E402

S0 = "000 tensors-in-memory"
S1 = "001 strides-vistas-broadcasting"
S2 = "002 ndarray-walkthrough"
S3 = "003 tensor-shapes"

X = "import numpy as np\nx = np.arange(12.0).reshape(3, 4)\n"
A1 = "import numpy as np\na = np.arange(12, dtype=np.int32).reshape(3, 4)\n"
A6 = "import numpy as np\na = np.arange(24).reshape(6, 4)\n"
RANDOM_MATMUL = (
    "a = np.random.randn(1024, 1024).astype(np.float32)\n"
    "b = np.random.randn(1024, 1024).astype(np.float32)\n"
)

SNIPPETS = [
    # ---- seed 000: Tensors in memory
    (S0, "§1 one long row", X + "x"),
    (S0, "§1 x[1, 2]", X + "x[1, 2]"),
    (S0, "§1 x.strides", X + "x.strides"),
    (S0, "§1 code question contiguous_strides",
     "def contiguous_strides(shape):\n    strides = []\n    step = 1\n    for size in reversed(shape):\n"
     "        strides.insert(0, step)\n        step *= size\n    return strides\n\n"
     "print(contiguous_strides((3, 4)))       # [4, 1]\nprint(contiguous_strides((2, 3, 4)))    # [12, 4, 1]"),
    (S0, "§2 x.T", X + "x.T"),
    (S0, "§2 shares_memory", X + "np.shares_memory(x, x.T)    # True"),
    (S0, "§2 predict y[0, 1] = 100", X + "y = x.T\ny[0, 1] = 100\nx[1, 0]"),
    (S0, "§2 x[:, ::2]", X + "x[:, ::2]"),
    (S0, "§2 x[1:, 1:]", X + "x[1:, 1:]"),
    (S0, "§2 x.copy()", X + "x.copy()"),
    (S0, "§2 x[[0, 2]]", X + "x[[0, 2]]"),
    (S0, "§2 np.swapaxes", "import numpy as np\nt = np.arange(24).reshape(2, 3, 4)\nnp.swapaxes(t, 1, 2)"),
    (S0, "§2 t.transpose(1, 2)", "import torch\nt = torch.arange(24).reshape(2, 3, 4)\nt.transpose(1, 2).stride()"),
    (S0, "§3 x.reshape(2, 6)", X + "x.reshape(2, 6)"),
    (S0, "§3 x.T.reshape(2, 6)", X + "x.T.reshape(2, 6)"),
    (S0, "§3 x.T.reshape(12)", X + "x.T.reshape(12)"),
    (S0, "§3 small.T.reshape(6)[1]", "import numpy as np\nsmall = np.arange(6.0).reshape(2, 3)\nsmall.T.reshape(6)[1]"),
    (S0, "§3 predict x.reshape(6, 2)", X + "x.reshape(6, 2)"),
    (S0, "§3 predict x[::2]", X + "x[::2]"),
    (S0, "§3 table x.stride()", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.stride()"),
    (S0, "§3 table x.is_contiguous()", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.is_contiguous()"),
    (S0, "§3 table x.T", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T"),
    (S0, "§3 table x.view(...)", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.view(12)"),
    (S0, "§3 table x.reshape(...)", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.reshape(12)"),
    (S0, "§3 table x.contiguous()", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.contiguous().stride()"),
    (S0, "§3 heads out.transpose(1, 2)",
     "import torch\nB, h, L, d_k = 2, 4, 10, 16\nd_model = h * d_k\nout = torch.arange(1280.0).reshape(B, h, L, d_k)\n"
     "out.transpose(1, 2).stride()"),
    (S0, "§3 heads view fails",
     "import torch\nB, h, L, d_k = 2, 4, 10, 16\nd_model = h * d_k\nout = torch.arange(1280.0).reshape(B, h, L, d_k)\n"
     "out.transpose(1, 2).view(B, L, d_model)"),
    (S0, "§3 heads contiguous().view",
     "import torch\nB, h, L, d_k = 2, 4, 10, 16\nd_model = h * d_k\nout = torch.arange(1280.0).reshape(B, h, L, d_k)\n"
     "out.transpose(1, 2).contiguous().view(B, L, d_model).stride()"),
    (S0, "§3 heads reshape",
     "import torch\nB, h, L, d_k = 2, 4, 10, 16\nd_model = h * d_k\nout = torch.arange(1280.0).reshape(B, h, L, d_k)\n"
     "out.transpose(1, 2).reshape(B, L, d_model).shape"),
    (S0, "§4 broadcast_to", X + "b = np.broadcast_to(x[0], (3, 4))   # x[0] is [0, 1, 2, 3]\n"
     "b.strides                           # (0, 8) in bytes → (0, 1) in elements"),
    (S0, "§4 broadcast_to read-only", X + "b = np.broadcast_to(x[0], (3, 4))\nb[0, 0] = 5"),
    (S0, "§4 question broadcast_to(v, (1000, 4))",
     "import numpy as np\nv = np.zeros(4, dtype=np.float32)\nnp.broadcast_to(v, (1000, 4)).strides"),
    (S0, "§4 as_strided", X + "from numpy.lib.stride_tricks import as_strided\n"
     "as_strided(x[0], shape=(3, 4), strides=(0, 8))   # the same as broadcast_to(x[0], (3, 4))"),
    (S0, "§4 sliding windows with as_strided", "import numpy as np\nfrom numpy.lib.stride_tricks import as_strided\n"
     "as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))"),
    (S0, "§4 sliding_window_view", "import numpy as np\nnp.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3)"),
    (S0, "§4 code question read",
     "def read(buf, shape, strides, offset=0):\n    rows, cols = shape\n    out = []\n    for i in range(rows):\n"
     "        row = []\n        for j in range(cols):\n            row.append(buf[offset + i * strides[0] + j * strides[1]])\n"
     "        out.append(row)\n    return out\n\n# the memory of x = np.arange(12).reshape(3, 4)\nbuf = list(range(12))\n"
     "print(read(buf, (3, 4), (4, 1)))         # x itself\nprint(read(buf, (4, 3), (1, 4)))         # x.T"),
    # ---- seed 001: strides, views and broadcasting (Spanish)
    (S1, "ejemplo a.shape", A1 + "a.shape"),
    (S1, "ejemplo a.dtype.itemsize", A1 + "a.dtype.itemsize"),
    (S1, "ejemplo a.strides", A1 + "a.strides"),
    (S1, "ejemplo a.flags.C_CONTIGUOUS", A1 + "a.flags.C_CONTIGUOUS"),
    (S1, "ejemplo a.flags.OWNDATA", A1 + "a.flags.OWNDATA"),
    (S1, "ejemplo a.flags['C_CONTIGUOUS'] (the spelling NumPy accepts)", A1 + "a.flags['C_CONTIGUOUS']"),
    (S1, "ejemplo a.flags.owndata (the spelling NumPy accepts)", A1 + "a.flags.owndata"),
    (S1, "ejemplo a[2, 1]", A1 + "a[2, 1]"),
    (S1, "transpuesta b.base is a", A1 + "b = a.T\nb.base is a"),
    (S1, "transpuesta b.strides", A1 + "b = a.T\nb.strides"),
    (S1, "transpuesta b.flags.F_CONTIGUOUS", A1 + "b = a.T\nb.flags.F_CONTIGUOUS"),
    (S1, "transpuesta b.flags.OWNDATA", A1 + "b = a.T\nb.flags.OWNDATA"),
    (S1, "transpuesta b.flags.f_contiguous (the spelling NumPy accepts)", A1 + "b = a.T\nb.flags.f_contiguous"),
    (S1, "transpuesta b[1, 2]", A1 + "b = a.T\nb[1, 2]"),
    (S1, "ascontiguousarray", A1 + "b = a.T\nc = np.ascontiguousarray(b)   # o b.copy() o np.asarray(b, order='C')\nc"),
    (S1, "asarray order='C'", A1 + "b = a.T\nnp.asarray(b, order='C').strides"),
    (S1, "matmul aleatorio caso 1",
     "import numpy as np\n" + RANDOM_MATMUL + "\n# Caso 1: ambos contiguos. El kernel de matmul corre directamente.\n"
     "np.matmul(a, b)\nnp.matmul(a, b).shape"),
    (S1, "matmul aleatorio caso 2",
     "import numpy as np\nnp.random.seed(0)\n" + RANDOM_MATMUL + "\n# Caso 2: `a.T` es no contiguo. El kernel de matmul copia primero.\n"
     "r = np.matmul(a.T, b)   # medible más lento\nr[:2, :4]"),
    (S1, "tabla a[1:3]", A6 + "a[1:3]"),
    (S1, "tabla a[::2]", A6 + "a[::2]"),
    (S1, "tabla a[1:5:2]", A6 + "a[1:5:2]"),
    (S1, "tabla a[1]", A6 + "a[1]"),
    (S1, "tabla a[1, 2]", A6 + "a[1, 2]"),
    (S1, "tabla a[[1, 3, 5]]", A6 + "a[[1, 3, 5]]"),
    (S1, "tabla a[a > 0]", A6 + "a[a > 0]"),
    (S1, "tabla a.transpose", A6 + "a.transpose(1, 0)"),
    (S1, "tabla np.swapaxes", A6 + "np.swapaxes(a, 0, 1)"),
    (S1, "tabla a.reshape", A6 + "a.reshape(4, 6)"),
    (S1, "tabla a.flatten()", A6 + "a.flatten()"),
    (S1, "tabla a.ravel()", A6 + "a.T.ravel()"),
    (S1, "tabla np.ascontiguousarray", A6 + "np.ascontiguousarray(a)"),
    (S1, "tabla a.astype", A6 + "a.astype(np.float32)"),
    (S1, "tabla a.astype mismo dtype", A6 + "a.astype(a.dtype)"),
    (S1, "tabla np.asarray dtype", A6 + "np.asarray(a, dtype=np.int64)"),
    (S1, "comprobar arr.base", A6 + "arr = a[::2]\narr.base is a"),
    (S1, "comprobar shares_memory", A6 + "b = a[1:3]\nnp.shares_memory(a, b)"),
    (S1, "as_strided ventanas",
     "import numpy as np\nfrom numpy.lib.stride_tricks import as_strided\n\na = np.arange(10, dtype=np.int32)\n"
     "# Ventanas deslizantes de longitud 3:\nwindow = as_strided(a, shape=(8, 3), strides=(4, 4))\n# window[i, j] = a[i + j]\nwindow"),
    (S1, "broadcasting (3,) (2, 4, 3)", "import numpy as np\n(np.ones(3) + np.ones((2, 4, 3))).shape"),
    (S1, "broadcasting (N,) (N, 1)", "import numpy as np\nN = 4\n(np.ones(N) + np.ones((N, 1))).shape"),
    (S1, "broadcasting (B, 1, M) (1, N, M)", "import numpy as np\nnp.broadcast_shapes((2, 1, 5), (1, 3, 5))"),
    (S1, "broadcasting (3, 4) (3,)", "import numpy as np\nnp.ones((3, 4)) + np.array([1, 2, 3])"),
    (S1, "broadcasting [:, None]", "import numpy as np\nnp.ones((3, 4)) + np.array([1, 2, 3])[:, None]"),
    (S1, "el bug (N,) * (N,1)",
     "import numpy as np\ny_pred = np.zeros((100,))      # shape (100,)\n"
     "y_true = np.arange(100.0).reshape(100, 1)  # shape (100, 1)\nerr = y_pred - y_true          # shape (100, 100) !!\nerr.shape"),
    (S1, "el bug err.mean()",
     "import numpy as np\ny_pred = np.zeros((100,))\ny_true = np.arange(100.0).reshape(100, 1)\nerr = y_pred - y_true\nerr.mean()"),
    (S1, "broadcast_to (N, N)", "import numpy as np\nN = 5\na = np.arange(5.0).reshape(N, 1)\nnp.broadcast_to(a, (N, N)).strides"),
    (S1, "promoción int32 + int64", "import numpy as np\n(np.arange(3, dtype=np.int32) + np.arange(3, dtype=np.int64)).dtype"),
    (S1, "promoción int32 + float32", "import numpy as np\n(np.arange(3, dtype=np.int32) + np.ones(3, dtype=np.float32)).dtype"),
    (S1, "promoción float32 + float64", "import numpy as np\n(np.ones(3, dtype=np.float32) + np.ones(3)).dtype"),
    (S1, "promoción int8 + bool", "import numpy as np\n(np.arange(3, dtype=np.int8) + np.ones(3, dtype=bool)).dtype"),
    (S1, "NEP 50 np.float32(1) + 1.0", "import numpy as np\nnp.float32(1) + 1.0"),
    (S1, "programación defensiva",
     "import numpy as np\nx = np.arange(6.0)\nx = x.astype(np.float32, copy=False)   # castea o no-op\n"
     "y = np.float32(0.5)                    # explícito\nresult = x + y                          # fp32 garantizado\nresult"),
    (S1, "astype copy=False mismo dtype", "import numpy as np\nx = np.arange(6, dtype=np.float32)\nx.astype(np.float32, copy=False) is x"),
    (S1, "a + b", "import numpy as np\nN = 4\na = np.arange(N * N, dtype=np.float64).reshape(N, N)\nb = np.arange(N, dtype=np.float64)\na + b"),
    (S1, "a.T + b", "import numpy as np\nN = 4\na = np.arange(N * N, dtype=np.float32).reshape(N, N)\nb = np.arange(N, dtype=np.float32)\na.T + b"),
    # ---- seed 002: ndarray walkthrough
    (S2, "step 3 shape (3, 4)", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA"),
    (S2, "step 5 strides", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA.strides"),
    (S2, "step 6 A[2, 1]", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA[2, 1]"),
    (S2, "step 7 origin", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA[0, 0]"),
    (S2, "step 7 1-D", "import numpy as np\nnp.arange(12, dtype=np.int64).strides"),
    (S2, "step 7 A.T strides", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA.T.strides"),
    (S2, "step 7 A.T[1, 2]", "import numpy as np\nA = np.arange(12, dtype=np.int64).reshape(3, 4)\nA.T[1, 2]"),
    (S2, "step 2 itemsize", "import numpy as np\nnp.arange(12, dtype=np.int64).itemsize"),
    # ---- seed 003: tensor shapes
    (S3, "how big: hidden states", "import numpy as np\nB, T, d = 8, 1024, 768\nnp.empty((B, T, d), dtype=np.float32).nbytes"),
    (S3, "how big: attention scores", "import numpy as np\nB, h, T = 8, 12, 1024\nnp.empty((B, h, T, T), dtype=np.float32).nbytes"),
    (S3, "how big: scores transposed", "import numpy as np\nnp.empty((8, 12, 1024, 1024), dtype=np.float32).transpose(0, 2, 1, 3).strides"),
    (S3, "how big: logits", "import numpy as np\nB, T, V = 8, 1024, 50257\nnp.zeros((B, T, V), dtype=np.float32).nbytes"),
    (S3, "reductions axis=0", "import numpy as np\nX = np.arange(6.0).reshape(2, 3)\nX.sum(axis=0)"),
    (S3, "reductions axis=1", "import numpy as np\nX = np.arange(6.0).reshape(2, 3)\nX.sum(axis=1)"),
    (S3, "keepdims normalise rows", "import numpy as np\nX = np.array([[1., 2., 3.], [4., 5., 6.]])\nX / X.sum(axis=1, keepdims=True)"),
    (S3, "without keepdims", "import numpy as np\nX = np.array([[1., 2., 3.], [4., 5., 6.]])\nX / X.sum(axis=1)"),
    (S3, "without keepdims square", "import numpy as np\nX = np.arange(1.0, 10.0).reshape(3, 3)\nX / X.sum(axis=1)"),
    (S3, "X - X.mean(axis=0)", "import numpy as np\nX = np.arange(6.0).reshape(3, 2)\nX - X.mean(axis=0)"),
    (S3, "logits + bias", "import numpy as np\nlogits = np.arange(6.0).reshape(2, 3)\nbias = np.array([0.1, 0.2, 0.3])\nlogits + bias"),
    (S3, "the bug (5, 1) - (5,)",
     "import numpy as np\ny_pred = np.array([[0.9], [0.2], [0.4], [0.7], [0.1]])\ny_true = np.array([1.0, 0.0, 0.5, 0.8, 0.0])\n"
     "((y_pred - y_true) ** 2).mean()"),
    (S3, "the bug fixed",
     "import numpy as np\ny_pred = np.array([[0.9], [0.2], [0.4], [0.7], [0.1]])\ny_true = np.array([1.0, 0.0, 0.5, 0.8, 0.0])\n"
     "((y_pred[:, 0] - y_true) ** 2).mean()"),
    (S3, "squeeze(-1)", "import numpy as np\ny_pred = np.zeros((5, 1))\ny_pred.squeeze(-1).shape"),
    (S3, "u[:, None] - v[None, :]", "import numpy as np\nu = np.array([1.0, 2.0, 3.0])\nv = np.array([0.5, 1.5])\nu[:, None] - v[None, :]"),
    (S3, "np.newaxis", "import numpy as np\nu = np.array([1.0, 2.0, 3.0])\nu[np.newaxis, :].shape"),
    (S3, "strides of (2, 3, 4)", "import numpy as np\nnp.zeros((2, 3, 4)).strides"),
    (S3, "X[:, ::2]", "import numpy as np\nX = np.arange(12.0).reshape(3, 4)\nX[:, ::2].strides"),
    (S3, "X[[0, 2]]", "import numpy as np\nX = np.arange(12.0).reshape(3, 4)\nnp.shares_memory(X[[0, 2]], X)"),
    (S3, "code question broadcast_shape",
     "def broadcast_shape(s1, s2):\n    \"\"\"s1, s2: tuples of ints -> broadcast shape (tuple), or raise ValueError\"\"\"\n"
     "    n = max(len(s1), len(s2))\n    a = (1,) * (n - len(s1)) + tuple(s1)\n    b = (1,) * (n - len(s2)) + tuple(s2)\n"
     "    out = []\n    for x, y in zip(a, b):\n        if x == y or y == 1:\n            out.append(x)\n        elif x == 1:\n"
     "            out.append(y)\n        else:\n            raise ValueError(f\"cannot broadcast {s1} and {s2}\")\n"
     "    return tuple(out)\n\nbroadcast_shape((5, 1), (5,))"),
    (S3, "code question pairwise_sq_dists",
     "import numpy as np\n\ndef pairwise_sq_dists(A, B):\n    \"\"\"A: (n, d), B: (m, d) -> (n, m) squared distances\"\"\"\n"
     "    return (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - 2 * A @ B.T\n\n"
     "A = np.arange(12.0).reshape(4, 3) / 7\nB = np.arange(6.0).reshape(2, 3) / 3\npairwise_sq_dists(A, B)"),
    (S3, "pairwise direct broadcast",
     "import numpy as np\nA = np.arange(12.0).reshape(4, 3) / 7\nB = np.arange(6.0).reshape(2, 3) / 3\n"
     "((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)"),
    (S3, "pairwise float 2x2", "import numpy as np\nA = np.array([[0.1, 0.2], [0.3, 0.4]])\nA @ A.T"),
    (S3, "reshape is not transpose: right",
     "import numpy as np\nX = np.arange(8).reshape(1, 2, 4)   # (B, T, d)\nX.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)   # (B, h, T, d/h)"),
    (S3, "reshape is not transpose: wrong",
     "import numpy as np\nX = np.arange(8).reshape(1, 2, 4)\nX.reshape(1, 2, 2, 2)   # (B, h, T, d/h)?"),
    (S3, "code question split_heads / merge_heads",
     "import numpy as np\n\ndef split_heads(X, h):\n    B, T, d = X.shape\n    return X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3)\n\n"
     "def merge_heads(Y):\n    B, h, T, dh = Y.shape\n    return Y.transpose(0, 2, 1, 3).reshape(B, T, h * dh)\n\n"
     "X = np.arange(8).reshape(1, 2, 4)\nY = split_heads(X, 2)\nnp.array_equal(merge_heads(Y), X)"),
    (S3, "code question split_heads strides",
     "import numpy as np\n\ndef split_heads(X, h):\n    B, T, d = X.shape\n    return X.reshape(B, T, h, d // h).transpose(0, 2, 1, 3)\n\n"
     "split_heads(np.arange(24.0).reshape(2, 3, 4), 2).strides"),
    (S3, "code question sliding_windows",
     "import numpy as np\nfrom numpy.lib.stride_tricks import as_strided\n\ndef sliding_windows(x, k, step=1):\n"
     "    n_win = (x.shape[0] - k) // step + 1\n    s = x.strides[0]\n"
     "    return as_strided(x, shape=(n_win, k), strides=(step * s, s))\n\nsliding_windows(np.arange(10.0), 4, step=2)"),
    (S3, "sliding_window_view", "import numpy as np\nnp.lib.stride_tricks.sliding_window_view(np.arange(10.0), 4)[::2]"),
    (S3, "einsum matrix multiply", "import numpy as np\nA = np.arange(6.0).reshape(2, 3)\nB = np.arange(12.0).reshape(3, 4)\nnp.einsum('ij,jk->ik', A, B)"),
    (S3, "einsum batched", "import numpy as np\nA = np.arange(12.0).reshape(2, 2, 3)\nB = np.arange(12.0).reshape(2, 3, 2)\nnp.einsum('bij,bjk->bik', A, B)"),
    (S3, "einsum dot", "import numpy as np\nu = np.arange(3.0)\nnp.einsum('i,i->', u, u)"),
    (S3, "einsum outer", "import numpy as np\nu = np.arange(3.0)\nnp.einsum('i,j->ij', u, u)"),
    (S3, "einsum trace", "import numpy as np\nM = np.arange(9.0).reshape(3, 3)\nnp.einsum('ii->', M)"),
    (S3, "einsum transpose", "import numpy as np\nM = np.arange(6.0).reshape(2, 3)\nnp.einsum('ij->ji', M).strides"),
    (S3, "einsum sum", "import numpy as np\nM = np.arange(6.0).reshape(2, 3)\nnp.einsum('ij->', M)"),
    (S3, "einsum attention scores", "import numpy as np\nQ = np.arange(24.0).reshape(1, 2, 3, 4) / 10\nK = np.arange(24.0).reshape(1, 2, 3, 4) / 7\n"
     "np.einsum('bhqd,bhkd->bhqk', Q, K)"),
    (S3, "contraction order", "import numpy as np\nrng = np.random.default_rng(0)\nA = rng.standard_normal((1000, 10))\n"
     "B = rng.standard_normal((10, 1000))\nC = rng.standard_normal((1000, 10))\nnp.einsum('ij,jk,kl->il', A, B, C, optimize=True).shape"),
    (S3, "contraction order path", "import numpy as np\nA = np.ones((1000, 10))\nB = np.ones((10, 1000))\nC = np.ones((1000, 10))\n"
     "np.einsum_path('ij,jk,kl->il', A, B, C, optimize='optimal')[0]"),
    (S3, "code question batched_matmul / attention_scores",
     "import numpy as np\n\ndef batched_matmul(A, B):\n    \"\"\"A: (b, n, k), B: (b, k, m) -> (b, n, m)\"\"\"\n    return np.einsum('bnk,bkm->bnm', A, B)\n\n"
     "def attention_scores(Q, K):\n    \"\"\"Q: (b, h, tq, d), K: (b, h, tk, d) -> (b, h, tq, tk), unscaled\"\"\"\n"
     "    return Q @ K.swapaxes(-1, -2)\n\nQ = np.arange(24.0).reshape(1, 2, 3, 4)\nattention_scores(Q, Q[:, :, :2]).shape"),
    (S3, "batched matmul (B, T, d) @ (d, e)", "import numpy as np\nX = np.ones((2, 5, 4))\nW = np.ones((4, 3))\n(X @ W).shape"),
    (S3, "batched matmul heads", "import numpy as np\nQ = np.ones((2, 3, 5, 4))\nK = np.ones((2, 3, 4, 5))\n(Q @ K).shape"),
    (S3, "v @ M", "import numpy as np\nv = np.arange(3.0)\nM = np.arange(12.0).reshape(3, 4)\nv @ M"),
    (S3, "M @ v", "import numpy as np\nv = np.arange(4.0)\nM = np.arange(12.0).reshape(3, 4)\nM @ v"),
    (S3, "PyTorch view", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.view(4, 3)"),
    (S3, "PyTorch view of transpose", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.view(12)"),
    (S3, "PyTorch reshape of transpose", "import torch\nx = torch.arange(12.0).reshape(3, 4)\nx.T.reshape(12)"),
    (S3, "PyTorch permute", "import torch\nx = torch.arange(24.0).reshape(2, 3, 4)\nx.permute(2, 0, 1).stride()"),
    (S3, "PyTorch expand", "import torch\nx = torch.arange(3.0).reshape(3, 1)\nx.expand(3, 4).stride()"),
    (S3, "PyTorch repeat", "import torch\nx = torch.arange(3.0).reshape(3, 1)\nx.repeat(1, 4)"),
    (S3, "PyTorch x.mT", "import torch\nx = torch.arange(24.0).reshape(2, 3, 4)\nx.mT.stride()"),
    (S3, "PyTorch unsqueeze / squeeze", "import torch\nu = torch.arange(3.0)\nu.unsqueeze(1).shape"),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    with open(a.out, "w", encoding="utf-8") as f:
        for seed, title, body in SNIPPETS:
            src = f"# seed {seed}: {title}\n{body}"
            exp, warns = run_learner_program(src)
            if exp is None:
                sys.exit(f"no encoding for the result of {title!r}")
            for w in warns:
                print(f"warning in {title!r}: {w}", file=sys.stderr)
            row = {"program": src, "expected": exp, "snippet": f"{seed} {title}"}
            row.update(value_marks(src))
            f.write(json.dumps(row, sort_keys=True, allow_nan=False) + "\n")
    print(f"{len(SNIPPETS)} snippets", file=sys.stderr)


if __name__ == "__main__":
    main()
