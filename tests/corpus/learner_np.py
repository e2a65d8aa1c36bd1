"""NumPy learner-program families: each takes a `Pick` and returns the program's lines (without
its imports). Weights in FAMILIES follow what learners of the seeds and of ML notebooks type
most: random data and its statistics, softmax, normalising, attention and heads."""

from learner_common import args_str, np_data, shape_str


def dtype_of(p):
    return p.weighted([("float64", 3), ("float32", 2)])


def stats(p):
    shape = p.one((p.int(2, 8),), (p.int(2, 6), p.int(2, 6)), (2, p.int(2, 4), p.int(2, 5)))
    lines = np_data(p, "x", shape, dtype_of(p))
    nd = len(shape)
    ax = p.axis(nd)
    kd = ", keepdims=True" if p.chance(0.4) else ""
    end = p.weighted([
        (f"x.mean(axis={ax}{kd})", 4), (f"x.std(axis={ax}{kd})", 2), (f"x.var(axis={ax}{kd})", 2),
        ("x.mean()", 2), ("x.std()", 1), (f"np.std(x, axis={ax}, ddof=1)", 1),
        (f"x.sum(axis={ax}{kd})", 3), (f"x.max(axis={ax}{kd})", 2), (f"x.argmax(axis={ax})", 2),
        (f"np.cumsum(x, axis={ax})", 2), ("x.cumsum()", 1), (f"np.argsort(x, axis={ax})", 2),
        (f"np.sort(x, axis={ax})", 2), ("np.argsort(x.ravel())[::-1][:3]", 1),
        (f"np.linalg.norm(x, axis={ax})", 2), ("np.linalg.norm(x)", 1),
        (f"np.median(x, axis={ax})", 1), (f"np.percentile(x, 50, axis={ax})", 1),
        ("x.max() - x.min()", 1), ("np.round(x, 2)", 1), ("x.dtype.name", 1),
    ])
    return lines + [end]


def random_ints(p):
    s = p.seed()
    n = p.int(3, 12)
    k = p.int(2, 10)
    return p.one(
        [f"np.random.seed({s})", f"np.random.randint(0, {k}, size={n})"],
        [f"np.random.seed({s})", f"np.random.randint({k}, size=({p.int(2, 4)}, {p.int(2, 4)}))"],
        [f"np.random.seed({s})", f"np.random.permutation({n})"],
        [f"np.random.seed({s})", f"np.random.choice({n}, size={p.int(1, n)}, replace=False)"],
        [f"np.random.seed({s})", f"x = np.arange({n})", "np.random.shuffle(x)", "x"],
        [f"rng = np.random.default_rng({s})", f"rng.integers(0, {k}, size={n})"],
        [f"rng = np.random.default_rng({s})", f"rng.permutation({n})"],
        [f"rng = np.random.default_rng({s})", f"rng.choice({n}, size={p.int(1, n)}, replace=False)"],
        [f"np.random.seed({s})", f"np.random.random(({p.int(2, 4)}, {p.int(2, 4)}))"],
        [f"np.random.seed({s})", f"np.random.normal({p.one(0, 1, 5)}, {p.one(1, 2, 0.1)}, size={n})"],
        [f"np.random.seed({s})", f"np.random.uniform(-1, 1, size=({p.int(2, 4)}, {p.int(2, 4)}))"],
    )


def normalize(p):
    shape = (p.int(3, 8), p.int(2, 6))
    lines = np_data(p, "X", shape, dtype_of(p))
    eps = p.one("1e-8", "1e-5", "1e-6")
    return lines + p.one(
        [f"(X - X.mean(axis=0)) / (X.std(axis=0) + {eps})"],
        ["mu = X.mean(axis=0, keepdims=True)", "sigma = X.std(axis=0, keepdims=True)",
         "Z = (X - mu) / sigma", p.one("Z", "Z.mean(axis=0)", "Z.std(axis=0)", "Z.shape")],
        ["X = np.abs(X)", "X / X.sum(axis=1, keepdims=True)"],
        ["X = np.abs(X)", "P = X / X.sum(1, keepdims=True)", "P.sum(1)"],
        ["(X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0))"],
        ["X / np.linalg.norm(X, axis=1, keepdims=True)"],
        [f"X / np.sqrt((X ** 2).sum(axis=-1, keepdims=True) + {eps})"],
    )


def softmax(p):
    shape = p.one((p.int(2, 10),), (p.int(2, 5), p.int(2, 8)), (2, p.int(2, 3), p.int(2, 6)))
    lines = np_data(p, "x", shape, dtype_of(p))
    ax = p.one(-1, len(shape) - 1)
    body = p.weighted([
        ([f"e = np.exp(x - x.max(axis={ax}, keepdims=True))", f"p = e / e.sum(axis={ax}, keepdims=True)"], 5),
        ([f"e = np.exp(x - np.max(x, axis={ax}, keepdims=True))", f"p = e / np.sum(e, axis={ax}, keepdims=True)"], 3),
        ([f"p = np.exp(x) / np.exp(x).sum(axis={ax}, keepdims=True)"], 2),
        (["def softmax(z, axis=-1):", f"    z = z - z.max(axis=axis, keepdims=True)",
          "    e = np.exp(z)", "    return e / e.sum(axis=axis, keepdims=True)", "p = softmax(x)"], 3),
    ])
    end = p.weighted([("p", 6), (f"p.sum(axis={ax})", 2), (f"p.argmax(axis={ax})", 1),
                      ("p.shape", 1)])
    return lines + body + [end]


def log_softmax(p):
    shape = (p.int(2, 5), p.int(2, 8))
    lines = np_data(p, "logits", shape, dtype_of(p))
    return lines + p.one(
        ["m = logits.max(axis=1, keepdims=True)",
         "logp = logits - m - np.log(np.exp(logits - m).sum(axis=1, keepdims=True))", "logp"],
        ["z = logits - logits.max(-1, keepdims=True)", "z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))"],
        ["lse = np.log(np.exp(logits).sum(axis=1))", "lse"],
    )


def layer_norm(p):
    B, D = p.int(2, 6), p.one(4, 6, 8)
    lines = np_data(p, "x", (B, D), dtype_of(p))
    eps = p.one("1e-5", "1e-6")
    lines += [f"mu = x.mean(axis=-1, keepdims=True)", f"var = x.var(axis=-1, keepdims=True)",
              f"xhat = (x - mu) / np.sqrt(var + {eps})"]
    if p.chance(0.5):
        lines += [f"gamma = np.ones({D})", f"beta = np.zeros({D})", "y = gamma * xhat + beta"]
    else:
        lines += ["y = xhat"]
    return lines + [p.one("y", "y.mean(axis=-1)", "y.std(axis=-1)", "y.shape")]


def attention(p):
    T, d = p.int(2, 6), p.one(2, 4, 8)
    dt = dtype_of(p)
    lines = np_data(p, "X", (T, d), dt, allow_literal=False)
    lines += ["Q = X * 0.5", "K = X[::-1].copy()", "V = X + 1"]
    scale = p.one(f"np.sqrt({d})", f"np.sqrt(Q.shape[-1])", f"{d} ** 0.5", f"math.sqrt({d})")
    lines += [f"scores = Q @ K.T / {scale}"]
    if p.chance(0.7):
        lines += p.one(
            [f"mask = np.tril(np.ones(({T}, {T}), dtype=bool))", "scores = np.where(mask, scores, -np.inf)"],
            [f"mask = np.triu(np.ones(({T}, {T})), k=1)", "scores = np.where(mask == 1, -np.inf, scores)"],
            [f"mask = np.tril(np.ones(({T}, {T})))", "scores[mask == 0] = -np.inf"],
        )
    lines += ["w = np.exp(scores - scores.max(axis=-1, keepdims=True))",
              "w = w / w.sum(axis=-1, keepdims=True)"]
    end = p.weighted([("w", 3), ("w @ V", 3), ("(w @ V).shape", 1), ("w.sum(axis=-1)", 1),
                      ("np.triu(w, 1)", 1)])
    return lines + [end]


def heads(p):
    B, T, h, dh = p.int(1, 2), p.int(2, 4), p.one(2, 3, 4), p.one(2, 3)
    d = h * dh
    n = B * T * d
    start = p.one(f"X = np.arange({n}).reshape({B}, {T}, {d})",
                  f"X = np.arange({n}.0).reshape({B}, {T}, {d})",
                  f"X = np.arange({n}, dtype=np.float32).reshape({B}, {T}, {d})")
    lines = [start, f"H = X.reshape({B}, {T}, {h}, {dh}).transpose(0, 2, 1, 3)"]
    end = p.weighted([
        ("H.strides", 3), ("H.shape", 1), ("H.flags['C_CONTIGUOUS']", 1), ("H", 2),
        (f"H.transpose(0, 2, 1, 3).reshape({B}, {T}, {d})", 2),
        (f"np.shares_memory(H.transpose(0, 2, 1, 3).reshape({B}, {T}, {d}), X)", 1),
        ("H[0, 1]", 1), ("np.ascontiguousarray(H).strides", 1),
        (f"X.reshape({B}, {h}, {T}, {dh})[0, 0]", 1), ("H.swapaxes(1, 2).strides", 1),
    ])
    return lines + [end]


def pairwise(p):
    n, m, d = p.int(2, 5), p.int(2, 5), p.int(2, 4)
    dt = dtype_of(p)
    lines = np_data(p, "A", (n, d), dt) + np_data(p, "B", (m, d), dt)
    body = p.weighted([
        (["D = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)"], 3),
        (["diff = A[:, np.newaxis] - B[np.newaxis]", "D = (diff ** 2).sum(-1)"], 2),
        (["D = (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - 2 * A @ B.T"], 3),
        (["D = np.sum(A**2, axis=1, keepdims=True) + np.sum(B**2, axis=1) - 2 * np.dot(A, B.T)"], 2),
    ])
    end = p.weighted([("D", 3), ("np.sqrt(np.maximum(D, 0))", 2), ("D.argmin(axis=1)", 1), ("D.shape", 1)])
    return lines + body + [end]


def one_hot(p):
    n, c = p.int(3, 8), p.int(2, 6)
    s = p.seed()
    labels = p.one(f"labels = np.array([{', '.join(str(p.int(0, c - 1)) for _ in range(n))}])",
                   f"labels = np.random.default_rng({s}).integers(0, {c}, size={n})")
    return [labels] + p.one(
        [f"np.eye({c})[labels]"], [f"np.eye({c}, dtype=np.float32)[labels]"],
        [f"Y = np.zeros((labels.size, {c}))", "Y[np.arange(labels.size), labels] = 1", "Y"],
        [f"(labels[:, None] == np.arange({c})).astype(np.float32)"],
        [f"oh = np.eye({c})[labels]", "oh.argmax(axis=1)"],
    )


def losses(p):
    n, c = p.int(3, 8), p.int(2, 5)
    dt = dtype_of(p)
    if p.chance(0.5):
        lines = np_data(p, "y_pred", (n,), dt) + np_data(p, "y_true", (n,), dt)
        return lines + [p.one("np.mean((y_pred - y_true) ** 2)", "((y_pred - y_true)**2).mean()",
                              "np.abs(y_pred - y_true).mean()", "np.square(y_pred - y_true).sum() / len(y_true)")]
    lines = np_data(p, "logits", (n, c), dt, allow_literal=False)
    lines += [f"y = np.array([{', '.join(str(p.int(0, c - 1)) for _ in range(n))}])",
              "z = logits - logits.max(axis=1, keepdims=True)",
              "probs = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)"]
    return lines + [p.one(f"-np.log(probs[np.arange({n}), y]).mean()",
                          "-np.mean(np.log(probs[np.arange(len(y)), y]))",
                          "probs[np.arange(len(y)), y]", "loss = -np.log(probs[range(len(y)), y])\nloss")]


def windows(p):
    n, k = p.int(5, 12), p.int(2, 4)
    step = p.one(1, 1, 2, 3)
    start = p.one(f"x = np.arange({n})", f"x = np.arange({n}.0)", f"x = np.arange({n}, dtype=np.int32)")
    imp = p.one("from numpy.lib.stride_tricks import sliding_window_view", "")
    call = "sliding_window_view" if imp else "np.lib.stride_tricks.sliding_window_view"
    lines = ([imp] if imp else []) + [start, f"w = {call}(x, {k})" + (f"[::{step}]" if step > 1 else "")]
    end = p.weighted([("w", 3), ("w.strides", 2), ("w.mean(axis=1)", 2), ("w.sum(axis=-1)", 1),
                      ("w.shape", 1), ("w.flags.writeable", 1), ("np.shares_memory(w, x)", 1),
                      ("w.max(axis=1)", 1)])
    if p.chance(0.25):
        r, c = p.int(3, 5), p.int(3, 5)
        lines = ([imp] if imp else []) + [f"img = np.arange({r * c}).reshape({r}, {c})",
                                          f"w = {call}(img, (2, 2))"]
        end = p.one("w.shape", "w.strides", "w.sum(axis=(2, 3))", "w[1, 1]")
    return lines + [end]


def casts(p):
    shape = (p.int(2, 4), p.int(2, 5))
    lines = np_data(p, "x", shape, "float64")
    return lines + [p.one(
        "x.astype(np.float32)", "x.astype(np.float16)", "x.astype('float32').dtype",
        "(x * 10).astype(np.int32)", "np.round(x * 10).astype(np.int64)",
        "x.astype(np.float32, copy=False).nbytes", "x.astype(np.float32).strides",
        "(x > 0).astype(np.float32)", "(x > 0).astype(int).sum()", "np.float32(0.5) * x.astype(np.float32)",
        "x.astype(np.float32) + 1.0", "(x.astype(np.float32) + np.float64(1.0)).dtype",
        "x.T.astype(np.float32)", "np.asarray(x, dtype=np.float32).itemsize",
    )]


def creation(p):
    n = p.int(2, 6)
    return [p.one(
        f"np.linspace(0, 1, {p.int(2, 11)})", f"np.linspace(-1, 1, {p.int(2, 9)}, dtype=np.float32)",
        f"np.linspace(0, {p.int(1, 10)}, {p.int(2, 6)}, endpoint=False)", f"np.eye({n})",
        f"np.eye({n}, k={p.int(-1, 1)})", f"np.eye({n}, {p.int(2, 6)}, dtype=np.int32)", f"np.identity({n})",
        f"np.full(({n}, {p.int(1, 4)}), {p.one('7', '0.5', '-np.inf', 'np.nan')})",
        f"np.tril(np.ones(({n}, {n})))", f"np.triu(np.arange({n * n}).reshape({n}, {n}), 1)",
        f"np.tril(np.ones(({n}, {n}), dtype=bool))", f"np.arange(0, 1, 0.25)",
        f"np.logspace(0, 2, {p.int(2, 5)})", f"np.zeros_like(np.arange({n}.0).reshape(1, {n}).T).strides",
        f"np.full_like(np.arange({n}), 3)", f"np.ones(({n}, 2), dtype=np.float32).T.strides",
        f"np.arange({n * 2}).reshape(2, {n}).T.copy().strides",
    )]


def where_clip(p):
    shape = (p.int(2, 4), p.int(2, 5))
    lines = np_data(p, "x", shape, dtype_of(p))
    return lines + [p.one(
        "np.where(x > 0, x, 0)", "np.where(x > 0, x, 0.01 * x)", "np.maximum(x, 0)", "np.minimum(x, 0.5)",
        "np.clip(x, -0.5, 0.5)", "x.clip(min=0)", "np.abs(x)", "np.sign(x)", "np.floor(x * 4)",
        "np.ceil(x)", "np.where(x > 0)", "np.isnan(x).any()", "np.isfinite(x).all()",
        "np.allclose(x, x + 1e-12)", "np.array_equal(x, x.copy())", "x[x > 0]", "(x > 0).sum(axis=0)",
        "np.tanh(x)", "1 / (1 + np.exp(-x))", "np.sqrt(np.abs(x))", "np.log1p(np.abs(x))",
        "np.square(x)", "np.maximum(x, x.T[: x.shape[1], : x.shape[0]].T)",
    )]


def products(p):
    n, k, m, b = p.int(2, 4), p.int(2, 4), p.int(2, 4), p.int(2, 3)
    dt = dtype_of(p)
    kind = p.one("mm", "bmm", "einsum", "vec")
    if kind == "mm":
        lines = np_data(p, "A", (n, k), dt) + np_data(p, "B", (k, m), dt)
        return lines + [p.one("A @ B", "np.matmul(A, B)", "np.dot(A, B)", "A.dot(B)", "(A @ B).strides",
                              "np.einsum('ij,jk->ik', A, B)", "A.T @ A", "np.matmul(A.T, A).shape")]
    if kind == "bmm":
        lines = np_data(p, "A", (b, n, k), dt, allow_literal=False) + np_data(p, "B", (b, k, m), dt, allow_literal=False)
        return lines + [p.one("A @ B", "np.matmul(A, B)", "np.einsum('bij,bjk->bik', A, B)",
                              "(A @ B).shape", "A @ B[0]")]
    if kind == "einsum":
        lines = np_data(p, "Q", (b, n, k), dt, allow_literal=False) + np_data(p, "K", (b, m, k), dt, allow_literal=False)
        return lines + [p.one("np.einsum('bqd,bkd->bqk', Q, K)", "Q @ K.transpose(0, 2, 1)",
                              "np.einsum('bqd,bkd->bqk', Q, K).shape", "np.einsum('bij->bji', Q).strides",
                              "np.einsum('bij->b', Q)")]
    lines = np_data(p, "u", (k,), dt) + np_data(p, "M", (n, k), dt)
    return lines + [p.one("M @ u", "u @ M.T", "np.outer(u, u)", "np.dot(u, u)", "u @ u",
                          "np.einsum('i,i->', u, u)", "np.einsum('i,j->ij', u, u)")]


def broadcast_bug(p):
    n = p.int(3, 6)
    lines = np_data(p, "y_pred", (n, 1), dtype_of(p)) + np_data(p, "y_true", (n,), dtype_of(p))
    return lines + [p.one("(y_pred - y_true).shape", "((y_pred - y_true) ** 2).mean()",
                          "((y_pred[:, 0] - y_true) ** 2).mean()", "((y_pred.squeeze(-1) - y_true) ** 2).mean()",
                          "y_pred - y_true", "np.broadcast_shapes(y_pred.shape, y_true.shape)",
                          "(y_pred.reshape(-1) - y_true).shape")]


def empty_layout(p):
    shape = p.one((8, 12, 1024, 1024), (8, 1024, 768), (p.int(2, 5), p.int(2, 5)), (8, 1024, 50257))
    dt = p.one("np.float32", "np.float16", "np.float64")
    nd = len(shape)
    perm = list(range(nd))
    if nd >= 3:
        perm[1], perm[2] = perm[2], perm[1]
    else:
        perm = perm[::-1]
    lines = [f"x = np.empty({shape_str(shape)}, dtype={dt})"]
    return lines + [p.one("x.nbytes", "x.strides", f"x.transpose({args_str(perm)}).strides",
                          "x.nbytes / 2**30", "x.T.flags['F_CONTIGUOUS']", "x.itemsize * x.size",
                          f"x.transpose({args_str(perm)}).shape")]


def math_mod(p):
    d = p.one(4, 16, 64, 768)
    x = np_data(p, "x", (p.int(2, 6),), "float64")
    return p.one(
        [f"import math", f"1 / math.sqrt({d})"],
        ["from math import sqrt", f"scale = 1 / sqrt({d})", f"np.arange({p.int(2, 6)}.0) * scale"],
        ["import math"] + x + ["x / math.sqrt(x.shape[0])"],
        ["import math", f"math.log({p.int(2, 50257)})"],
        ["import math", "math.exp(-1.0) * np.ones(3)"],
        ["import math"] + x + ["math.pi * x"],
        ["import math", f"math.ceil({p.int(5, 99)} / {p.int(2, 8)})"],
    )


def mistakes(p):
    """What goes wrong in a learner's notebook: shapes that do not broadcast or multiply, a
    reshape that does not divide, an index past the end, a reduction without keepdims."""
    n, c = p.int(2, 5), p.int(2, 6)
    if c == n:
        c += 1
    lines = np_data(p, "x", (n, c), dtype_of(p))
    return lines + [p.one(
        "x / x.sum(axis=1)", "np.exp(x) / np.exp(x).sum(axis=1)", "x - x.mean(axis=1)",
        f"x @ np.ones(({n}, 2))", f"x.reshape({n * c + 1}, -1)", f"x.reshape(-1, {n * c + 1})",
        f"x[:, {c}]", f"x[{n}]", "np.concatenate([x, x.T])", f"x.reshape({c}, {n}).T @ x",
        "np.stack([x, x.T])", "x.sum(axis=2)", f"np.broadcast_to(x, ({c}, {n}))", "x.T[0] + x[0]",
        "np.matmul(x, x)", f"np.einsum('ij,ij->i', x, x.T)",
    )]


FAMILIES = [
    (stats, 10), (random_ints, 6), (normalize, 7), (softmax, 10), (log_softmax, 4),
    (layer_norm, 5), (attention, 7), (heads, 7), (pairwise, 6), (one_hot, 4), (losses, 6),
    (windows, 5), (casts, 5), (creation, 5), (where_clip, 6), (products, 6), (broadcast_bug, 3),
    (empty_layout, 2), (math_mod, 3), (mistakes, 6),
]
