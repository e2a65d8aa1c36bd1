"""PyTorch learner-program families: each takes a `Pick` and returns the program's lines (without
its imports; `F.` and `math.` get theirs from learner.py)."""

from learner_common import torch_data


def dtype_of(p):
    return p.weighted([("float32", 4), ("float64", 1)])


def stats(p):
    shape = p.one((p.int(2, 8),), (p.int(2, 6), p.int(2, 6)), (2, p.int(2, 4), p.int(2, 5)))
    lines = torch_data(p, "x", shape, dtype_of(p))
    d = p.axis(len(shape))
    kd = ", keepdim=True" if p.chance(0.4) else ""
    end = p.weighted([
        (f"x.mean(dim={d}{kd})", 4), (f"x.mean({d})", 1), (f"x.std(dim={d}{kd})", 2),
        (f"x.var(dim={d}, unbiased=False)", 1), (f"x.var(dim={d}{kd})", 1), ("x.mean()", 2),
        ("x.std()", 1), (f"x.sum(dim={d}{kd})", 3), (f"torch.sum(x, dim={d})", 1), (f"torch.mean(x, dim={d})", 1),
        (f"x.max(dim={d}).values", 2), (f"x.argmax(dim={d})", 2), (f"torch.cumsum(x, dim={d})", 2),
        (f"x.cumsum({d})", 1), (f"torch.sort(x, dim={d}).values", 1), (f"x.sort(dim={d}, descending=True).indices", 1),
        (f"torch.argsort(x, dim={d})", 2), (f"torch.topk(x, 2, dim={d}).values" if shape[d] >= 2 else "x.topk(1).indices", 2),
        (f"x.norm(dim={d})", 1), ("x.norm()", 1), (f"torch.linalg.norm(x, dim={d})", 1), ("x.mean().item()", 1),
        ("x.shape", 1), ("x.max() - x.min()", 1),
    ])
    return lines + [end]


def random_ints(p):
    s = p.seed()
    n = p.int(3, 12)
    k = p.int(2, 10)
    return [f"torch.manual_seed({s})", p.one(
        f"torch.randint(0, {k}, ({n},))", f"torch.randint({k}, ({p.int(2, 4)}, {p.int(2, 4)}))",
        f"torch.randperm({n})", f"torch.rand({p.int(2, 4)}, {p.int(2, 4)})", f"torch.randn({n}).shape",
        f"torch.normal(0.0, 1.0, size=({n},))", f"torch.randn({n}, dtype=torch.float64)",
        f"torch.rand_like(torch.zeros({p.int(2, 4)}, {p.int(2, 4)}))",
        f"torch.randn_like(torch.ones({n}).T)",
    )]


def softmax(p):
    shape = p.one((p.int(2, 10),), (p.int(2, 5), p.int(2, 8)), (2, p.int(2, 3), p.int(2, 6)))
    lines = torch_data(p, "x", shape, dtype_of(p))
    d = p.one(-1, len(shape) - 1)
    body = p.weighted([
        (f"p = torch.softmax(x, dim={d})", 4), (f"p = F.softmax(x, dim={d})", 4), (f"p = x.softmax({d})", 2),
        (f"e = torch.exp(x - x.max(dim={d}, keepdim=True).values)\np = e / e.sum(dim={d}, keepdim=True)", 2),
        (f"p = x.exp() / x.exp().sum({d}, keepdim=True)", 1),
    ])
    end = p.weighted([("p", 6), (f"p.sum(dim={d})", 2), (f"p.argmax(dim={d})", 1), ("p.shape", 1)])
    return lines + [body, end]


def log_softmax(p):
    shape = (p.int(2, 5), p.int(2, 8))
    lines = torch_data(p, "logits", shape, dtype_of(p))
    return lines + [p.one("F.log_softmax(logits, dim=-1)", "torch.log_softmax(logits, dim=1)",
                          "logits.log_softmax(-1)", "logits - torch.logsumexp(logits, dim=-1, keepdim=True)",
                          "torch.logsumexp(logits, dim=1)", "F.log_softmax(logits, dim=1).exp().sum(1)")]


def layer_norm(p):
    B, D = p.int(2, 6), p.one(4, 6, 8)
    lines = torch_data(p, "x", (B, D), dtype_of(p))
    eps = p.one("1e-5", "1e-6")
    return lines + p.one(
        [f"F.layer_norm(x, ({D},))"], [f"F.layer_norm(x, x.shape[-1:], eps={eps})"],
        ["mu = x.mean(-1, keepdim=True)", "var = x.var(-1, keepdim=True, unbiased=False)",
         f"(x - mu) / torch.sqrt(var + {eps})"],
        ["mu = x.mean(dim=-1, keepdim=True)", "sd = x.std(dim=-1, keepdim=True)", f"(x - mu) / (sd + {eps})"],
        [f"w = torch.ones({D})", f"b = torch.zeros({D})", f"F.layer_norm(x, ({D},), w, b).mean(-1)"],
    )


def attention(p):
    B, T, d = p.int(1, 2), p.int(2, 6), p.one(2, 4, 8)
    lines = torch_data(p, "x", (B, T, d), dtype_of(p), allow_literal=False)
    lines += ["q = x * 0.5", "k = x.flip(1)", "v = x + 1"]
    scale = p.one(f"math.sqrt({d})", f"({d} ** 0.5)", "math.sqrt(q.size(-1))", f"{d} ** 0.5")
    lines += [p.one(f"att = q @ k.transpose(-2, -1) / {scale}", f"att = (q @ k.transpose(1, 2)) * (1.0 / {scale})",
                    f"att = torch.matmul(q, k.mT) / {scale}")]
    if p.chance(0.75):
        lines += p.one(
            [f"mask = torch.tril(torch.ones({T}, {T}))", "att = att.masked_fill(mask == 0, float('-inf'))"],
            [f"mask = torch.tril(torch.ones({T}, {T}, dtype=torch.bool))", "att = att.masked_fill(~mask, float('-inf'))"],
            [f"mask = torch.triu(torch.ones({T}, {T}), diagonal=1).bool()", "att = att.masked_fill(mask, -torch.inf)"],
            [f"bias = torch.tril(torch.ones({T}, {T})).view(1, {T}, {T})",
             f"att = att.masked_fill(bias[:, :{T}, :{T}] == 0, float('-inf'))"],
        )
    lines += [p.one("att = F.softmax(att, dim=-1)", "att = torch.softmax(att, dim=-1)", "att = att.softmax(dim=-1)")]
    end = p.weighted([("att", 3), ("att @ v", 3), ("(att @ v).shape", 1), ("att.sum(-1)", 1)])
    return lines + [end]


def heads(p):
    B, T, h, dh = p.int(1, 2), p.int(2, 4), p.one(2, 3, 4), p.one(2, 3)
    d = h * dh
    n = B * T * d
    start = p.one(f"x = torch.arange({n}.).reshape({B}, {T}, {d})", f"x = torch.arange({n}).view({B}, {T}, {d})",
                  f"torch.manual_seed({p.seed()})\nx = torch.randn({B}, {T}, {d})")
    split = p.one(f"q = x.view({B}, {T}, {h}, {dh}).transpose(1, 2)",
                  f"q = x.reshape({B}, {T}, {h}, {dh}).permute(0, 2, 1, 3)",
                  f"q = x.view({B}, {T}, {h}, {d} // {h}).transpose(1, 2)")
    end = p.weighted([
        ("q.stride()", 3), ("q.shape", 1), ("q.is_contiguous()", 2), (f"q.transpose(1, 2).contiguous().view({B}, {T}, {d})", 2),
        (f"q.transpose(1, 2).view({B}, {T}, {d})", 2), (f"q.transpose(1, 2).reshape({B}, {T}, {d}).stride()", 1),
        ("q.contiguous().stride()", 1), ("q.storage_offset()", 1), ("q[0, 1]", 1),
        (f"y = q.transpose(1, 2).contiguous().view({B}, {T}, {d})\ntorch.equal(y, x)", 1),
    ])
    return [start, split, end]


def pairwise(p):
    n, m, d = p.int(2, 5), p.int(2, 5), p.int(2, 4)
    dt = dtype_of(p)
    lines = torch_data(p, "A", (n, d), dt) + torch_data(p, "B", (m, d), dt)
    return lines + [p.one(
        "((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)", "(A.unsqueeze(1) - B.unsqueeze(0)).pow(2).sum(dim=2)",
        "(A ** 2).sum(1, keepdim=True) + (B ** 2).sum(1) - 2 * A @ B.T", "torch.cdist(A, B)",
        "(A[:, None] - B[None]).norm(dim=-1)", "((A[:, None] - B[None]) ** 2).sum(-1).argmin(dim=1)",
    )]


def one_hot(p):
    n, c = p.int(3, 8), p.int(2, 6)
    labels = p.one(f"y = torch.tensor([{', '.join(str(p.int(0, c - 1)) for _ in range(n))}])",
                   f"torch.manual_seed({p.seed()})\ny = torch.randint(0, {c}, ({n},))")
    return [labels, p.one(f"F.one_hot(y, num_classes={c})", f"F.one_hot(y, {c}).float()", "F.one_hot(y)",
                          f"torch.eye({c})[y]", f"F.one_hot(y, {c}).to(torch.float32).sum(0)",
                          f"torch.zeros({n}, {c}).scatter_(1, y[:, None], 1.0)")]


def losses(p):
    n, c = p.int(3, 8), p.int(2, 5)
    dt = dtype_of(p)
    if p.chance(0.45):
        lines = torch_data(p, "pred", (n,), dt) + torch_data(p, "target", (n,), dt)
        return lines + [p.one("F.mse_loss(pred, target)", "((pred - target) ** 2).mean()",
                              "torch.mean((pred - target)**2).item()", "F.l1_loss(pred, target)",
                              "F.mse_loss(pred, target, reduction='sum')")]
    lines = torch_data(p, "logits", (n, c), dt, allow_literal=False)
    lines += [f"y = torch.tensor([{', '.join(str(p.int(0, c - 1)) for _ in range(n))}])"]
    return lines + [p.one("F.cross_entropy(logits, y)", "F.cross_entropy(logits, y, reduction='none')",
                          "F.nll_loss(F.log_softmax(logits, dim=1), y)",
                          "-F.log_softmax(logits, dim=-1)[torch.arange(len(y)), y].mean()",
                          "F.cross_entropy(logits, y).item()")]


def unfold(p):
    n, k = p.int(5, 12), p.int(2, 4)
    step = p.one(1, 1, 2)
    start = p.one(f"x = torch.arange({n})", f"x = torch.arange({n}.)", f"x = torch.arange({n}, dtype=torch.float32)")
    w = f"w = x.unfold(0, {k}, {step})"
    return [start, w, p.one("w", "w.stride()", "w.shape", "w.mean(dim=1)" if "." in start or "float" in start else "w.sum(1)",
                            "w.is_contiguous()", "w.contiguous().stride()", "w.storage_offset()")]


def casts(p):
    shape = (p.int(2, 4), p.int(2, 5))
    lines = torch_data(p, "x", shape, "float32")
    return lines + [p.one(
        "x.double()", "x.half()", "x.float().dtype", "(x * 10).long()", "(x * 10).int()", "(x > 0).float()",
        "x.bool()", "x.to(torch.float16)", "x.to(torch.float64).stride()", "x.type(torch.float64)",
        "(x > 0).sum()", "x.T.contiguous().to(torch.int64)", "x.to(dtype=torch.int32)", "x.element_size()",
        "x.double().element_size() * x.numel()", "x.long().dtype",
    )]


NEG_INF = "float('-inf')"


def creation(p):
    n = p.int(2, 6)
    return [p.one(
        f"torch.linspace(0, 1, {p.int(2, 11)})", f"torch.linspace(-1, 1, steps={p.int(2, 9)})", f"torch.eye({n})",
        f"torch.eye({n}, {p.int(2, 6)})", f"torch.full(({n}, {p.int(1, 4)}), {p.one('7', '0.5', NEG_INF)})",
        f"torch.tril(torch.ones({n}, {n}))", f"torch.triu(torch.ones({n}, {n}), diagonal=1)",
        f"torch.tril(torch.arange({n * n}).view({n}, {n}))", f"torch.zeros_like(torch.arange({n * 2}).view(2, {n}).T).stride()",
        f"torch.ones_like(torch.arange(6).reshape(2, 3).T).stride()", f"torch.full_like(torch.zeros({n}), 2.5)",
        f"torch.empty({n}, 3).T.stride()", f"torch.arange(0, 1, 0.25)", f"torch.tensor([[1., 2.], [3., 4.]], requires_grad=True).shape",
        f"torch.logspace(0, 2, {p.int(2, 5)})", f"torch.zeros({n}, dtype=torch.long)",
    )]


def from_numpy(p):
    n = p.int(3, 8)
    return p.one(
        [f"a = np.arange({n}.0)", "t = torch.from_numpy(a)", "a[0] = 100", "t"],
        [f"a = np.arange({n}.0)", "t = torch.from_numpy(a)", "t[1] = -1", "a"],
        [f"a = np.ones(({n}, 2), dtype=np.float32)", "t = torch.from_numpy(a)", "t.stride()"],
        [f"t = torch.arange({n}.)", "a = t.numpy()", "a[0] = 7", "t"],
        [f"t = torch.arange({n})", "a = t.numpy()", "a.strides"],
        [f"a = np.arange({n * 2}).reshape(2, {n}).T", "torch.from_numpy(a).stride()"],
        [f"t = torch.arange({n}.)", "np.asarray(t)"],
        [f"a = np.arange({n}.0)", "t = torch.tensor(a)", "a[0] = 100", "t"],
        [f"a = np.linspace(0, 1, {n})", "t = torch.from_numpy(a).float()", "t"],
    )


def activations(p):
    shape = (p.int(2, 4), p.int(2, 5))
    lines = torch_data(p, "x", shape, dtype_of(p))
    return lines + [p.one(
        "F.relu(x)", "torch.relu(x)", "x.relu()", "F.gelu(x)", "torch.sigmoid(x)", "x.sigmoid()", "torch.tanh(x)",
        "x.clamp(min=0)", "torch.clamp(x, -0.5, 0.5)", "x.clamp(max=0.2)", "torch.where(x > 0, x, torch.zeros_like(x))",
        "torch.where(x > 0, x, 0.1 * x)", "torch.maximum(x, torch.zeros_like(x))", "x.abs()", "x.sign()",
        "torch.exp(x)", "x.log1p().isnan().any()", "torch.sqrt(x.abs())", "x.round()", "x.floor()",
        "torch.isfinite(x).all()", "torch.allclose(x, x + 1e-9)", "x.masked_fill(x < 0, 0.0)",
    )]


def products(p):
    b, n, k, m = p.int(1, 3), p.int(2, 4), p.int(2, 4), p.int(2, 4)
    dt = dtype_of(p)
    if p.chance(0.5):
        lines = torch_data(p, "A", (b, n, k), dt, allow_literal=False) + torch_data(p, "B", (b, k, m), dt, allow_literal=False)
        return lines + [p.one("torch.bmm(A, B)", "A @ B", "torch.matmul(A, B)", "torch.einsum('bij,bjk->bik', A, B)",
                              "torch.bmm(A, B).shape", "A @ B[0]")]
    lines = torch_data(p, "x", (n, k), dt) + torch_data(p, "W", (m, k), dt)
    return lines + p.one(
        ["x @ W.T"], ["torch.mm(x, W.t())"], [f"b = torch.zeros({m})", "F.linear(x, W, b)"], ["F.linear(x, W)"],
        ["torch.einsum('nk,mk->nm', x, W)"], ["(x @ W.T).stride()"], ["x.matmul(W.T)"],
    )


def pad(p):
    n = p.int(2, 5)
    return [f"x = torch.arange({n * 2}.).view(2, {n})", p.one(
        "F.pad(x, (1, 1))", "F.pad(x, (0, 2), value=-1.0)", "F.pad(x, (1, 0, 0, 1))", "F.pad(x, (1, 1)).stride()")]


def mistakes(p):
    """What goes wrong in a learner's PyTorch: view after a transpose, shapes that do not
    multiply or concatenate, labels of the wrong dtype, a dim past the end."""
    B, T, h, dh = p.int(1, 2), p.int(2, 4), p.one(2, 4), p.one(2, 3)
    d = h * dh
    n, c = p.int(2, 5), p.int(2, 5)
    return p.one(
        [f"x = torch.arange({B * T * d}.).view({B}, {T}, {d})", f"q = x.view({B}, {T}, {h}, {dh}).transpose(1, 2)",
         f"q.view({B}, {T}, {d})"],
        [f"x = torch.arange({B * T * d}.).view({B}, {T}, {d})", f"x.transpose(1, 2).view(-1)"],
        [f"x = torch.arange({n * c}.).view({n}, {c})", f"x.view(-1, {n * c + 1})"],
        [f"x = torch.ones({n}, {c})", f"w = torch.ones({n}, {c})", "x @ w"],
        [f"x = torch.ones({n}, {c})", f"torch.mm(x, torch.ones({c + 1}, 2))"],
        [f"x = torch.ones({n}, {c})", f"torch.cat([x, torch.ones({n + 1}, {c + 1})], dim=0)"],
        [f"x = torch.ones({n}, {c})", f"x.sum(dim=2)"],
        [f"x = torch.ones({n}, {c})", f"x.transpose(0, 2)"],
        [f"logits = torch.zeros({n}, {c})", f"y = torch.tensor([{', '.join('0' for _ in range(n))}.])",
         "F.cross_entropy(logits, y)"],
        [f"y = torch.tensor([{', '.join('1' for _ in range(n))}])", "F.one_hot(y.float())"],
        [f"x = torch.ones({n}, {c})", f"x.expand({n + 1}, {c})"],
        [f"x = torch.ones({n}, {c})", f"x[{n}]"],
        [f"x = torch.arange({n * c}).view({n}, {c})", "x.mean()"],
        [f"x = torch.arange({n * c}).view({n}, {c})", "torch.softmax(x, dim=-1)"],
    )


FAMILIES = [
    (stats, 10), (random_ints, 4), (softmax, 10), (log_softmax, 4), (layer_norm, 5), (attention, 8),
    (heads, 8), (pairwise, 4), (one_hot, 4), (losses, 6), (unfold, 4), (casts, 6), (creation, 5),
    (from_numpy, 5), (activations, 6), (products, 5), (pad, 1), (mistakes, 6),
]
