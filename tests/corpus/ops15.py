"""Issue 15's operations for generate.py's builders (`--issue15`): reductions, joins, tile,
repeat, split, flips, diagonals, `view(dtype)` and one-operand einsum (NumPy); sums, narrow,
select, unfold, flip, repeat, cat, stack, diagonal, `view(dtype)`, one-operand einsum and the
`torch.` function spellings (PyTorch). Each is a step of the builder's chain, so it mixes with
the view operations before and after it, on every dtype and shape the builder makes (sizes 0
and 1 included); `err` asks for a wrong argument. Float products are left to products.py (the lab
refuses a float sum that rounds there).
"""

NP_REDUCTIONS = ["sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std", "var"]
NP_VIEW_DTYPES = ["np.int8", "np.uint8", "np.int16", "np.int32", "np.int64", "np.float16",
                  "np.float32", "np.float64", "np.bool"]
TORCH_VIEW_DTYPES = ["torch.int8", "torch.uint8", "torch.int16", "torch.int32", "torch.int64",
                     "torch.float16", "torch.bfloat16", "torch.float32", "torch.float64", "torch.bool"]
LETTERS = "ijklmn"


def tup(xs):
    xs = list(xs)
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def einsum_spec(rng, shape):
    """A one-operand equation for `shape`: a permutation, a diagonal of two equal axes, or sums."""
    nd = len(shape)
    letters = list(LETTERS[:nd])
    same = [(i, j) for i in range(nd) for j in range(i + 1, nd) if shape[i] == shape[j]]
    if same and rng.random() < 0.35:
        i, j = rng.choice(same)
        letters[j] = letters[i]
    inp = "".join(letters)
    uniq = list(dict.fromkeys(letters))
    kind = rng.random()
    if kind < 0.4:
        rng.shuffle(uniq)
        out = "".join(uniq)
    elif kind < 0.7:
        out = "".join(c for c in uniq if rng.random() < 0.5)
    else:
        return inp  # implicit output
    return f"{inp}->{out}"


# -- NumPy ---------------------------------------------------------------------------------


def np_reduce(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    fn = rng.choice(NP_REDUCTIONS)
    args = []
    r = rng.random()
    if r < 0.35:
        pass
    elif r < 0.8 or fn in ("argmax", "argmin"):
        args.append(f"axis={self.rand_axis(nd, err)}" if rng.random() < 0.6 else str(self.rand_axis(nd, err)))
    elif nd:
        k = rng.randint(1, nd)
        axes = rng.sample(range(-nd, nd), k) if not err else [0, nd]
        args.append(f"axis={tup(axes)}")
    if rng.random() < 0.3:
        args.append(f"keepdims={rng.choice(['True', 'False'])}")
    if fn in ("std", "var") and rng.random() < 0.3:
        args.append("ddof=1")
    if rng.random() < 0.4:
        return f"np.{fn}({', '.join([cur.expr] + args)})"
    return f"{cur.p}.{fn}({', '.join(args)})"


def np_join(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    fn = rng.choice(["concatenate", "stack", "hstack", "vstack"])
    other = cur.expr if rng.random() < 0.7 else self.root
    seq = f"[{cur.expr}, {other}]" if rng.random() < 0.5 else f"({cur.expr}, {other})"
    extra = ""
    if rng.random() < 0.25:
        extra = f", dtype=np.{rng.choice(['int64', 'float32', 'float64', 'int8'])}, casting='unsafe'"
    if fn == "concatenate":
        axis = self.rand_axis(nd, err) if rng.random() < 0.85 else None
        return f"np.concatenate({seq}, axis={axis}{extra})"
    if fn == "stack":
        return f"np.stack({seq}, {self.rand_axis(nd, err, extra=1)}{extra})"
    return f"np.{fn}({seq}{extra})"


def np_tile(self, cur, err):
    rng = self.rng
    reps = [rng.choice([1, 1, 2, 3, 0]) for _ in range(rng.randrange(0, 4))]
    if err and reps:
        reps[0] = -1
    return f"np.tile({cur.expr}, {tup(reps)})"


def np_repeat(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    k = -1 if err else rng.choice([0, 1, 2, 3])
    if rng.random() < 0.3 or nd == 0:
        return f"{cur.p}.repeat({k})"
    return f"np.repeat({cur.expr}, {k}, axis={self.rand_axis(nd, err)})"


def np_split(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    axis = self.rand_axis(max(nd, 1), err)
    n = cur.v.shape[axis] if nd and -nd <= axis < nd else 2
    fn = rng.choice(["split", "array_split"])
    parts = rng.choice([1, 2, 3]) if fn == "array_split" or n == 0 else rng.choice(
        [d for d in range(1, n + 1) if n % d == 0])
    if rng.random() < 0.3:
        cuts = sorted(rng.randrange(0, n + 2) for _ in range(rng.randint(1, 2)))
        return f"np.{fn}({cur.expr}, {cuts}, axis={axis})[{rng.randrange(len(cuts) + 1)}]"
    return f"np.{fn}({cur.expr}, {parts}, axis={axis})[{rng.randrange(parts)}]"


def np_flip(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    r = rng.random()
    if r < 0.2:
        return f"np.fliplr({cur.expr})"
    if r < 0.4:
        return f"np.flipud({cur.expr})"
    if r < 0.6 or nd == 0:
        return f"np.flip({cur.expr})"
    return f"np.flip({cur.expr}, {self.rand_axis(nd, err)})"


def np_diagonal(self, cur, err):
    rng = self.rng
    nd = cur.v.ndim
    off = rng.choice([0, 0, 1, -1, 2])
    if nd < 2 and not err:
        return f"{cur.p}.diagonal()"
    a1 = self.rand_axis(max(nd, 2), err)
    a2 = self.rand_axis(max(nd, 2), False)
    if rng.random() < 0.5:
        return f"np.diagonal({cur.expr}, {off}, {a1}, {a2})"
    return f"{cur.p}.diagonal(offset={off})"


def np_view_dtype(self, cur, err):
    return f"{cur.p}.view({self.rng.choice(NP_VIEW_DTYPES)})"


def np_einsum(self, cur, err):
    shape = list(cur.v.shape)
    if len(shape) > len(LETTERS):
        return f"np.einsum('...', {cur.expr})"
    spec = einsum_spec(self.rng, shape)
    if err:
        spec = spec + "k" if "->" not in spec else spec.replace("->", "i->")
    return f"np.einsum('{spec}', {cur.expr})"


NUMPY_OPS = {
    "reduce": (np_reduce, 5),
    "join": (np_join, 3),
    "tile": (np_tile, 1.5),
    "repeat": (np_repeat, 1.5),
    "split": (np_split, 2),
    "flip": (np_flip, 2),
    "diagonal": (np_diagonal, 2),
    "view_dtype": (np_view_dtype, 2),
    "einsum": (np_einsum, 2),
}


# -- PyTorch -------------------------------------------------------------------------------


def t_sum(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    fn = rng.choice(["sum", "sum", "argmax", "argmin", "any", "all"])
    if rng.random() < 0.3:
        return f"{cur.p}.{fn}()"
    kd = f", keepdim={rng.choice(['True', 'False'])}" if rng.random() < 0.4 else ""
    return f"{cur.p}.{fn}({self.rand_dim(nd, err)}{kd})"


def t_narrow(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    d = self.rand_dim(nd, err)
    n = cur.v.shape[d] if nd and -nd <= d < nd else 1
    start = rng.randrange(-n, n + 1) if n else 0
    length = rng.randrange(0, n + 1 - (start % n if n else 0)) if n else 0
    fn = f"{cur.p}.narrow" if rng.random() < 0.6 else "torch.narrow"
    first = "" if fn.endswith(".narrow") else f"{cur.expr}, "
    return f"{fn}({first}{d}, {start}, {length})"


def t_select(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    d = self.rand_dim(nd, err)
    n = cur.v.shape[d] if nd and -nd <= d < nd else 1
    i = rng.randrange(-n, n) if n else 0
    if rng.random() < 0.5:
        return f"torch.select({cur.expr}, {d}, {i})"
    return f"{cur.p}.select({d}, {i})"


def t_unfold(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    d = self.rand_dim(nd, err)
    n = cur.v.shape[d] if nd and -nd <= d < nd else 1
    return f"{cur.p}.unfold({d}, {rng.randrange(0, n + 1)}, {rng.choice([1, 1, 2, 3])})"


def t_flip(self, cur, err):
    nd = cur.v.dim()
    d = self.rand_dim(nd, err)
    return f"{cur.p}.flip({d})" if self.rng.random() < 0.5 else f"torch.flip({cur.expr}, {tup([d])})"


def t_repeat(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    k = max(nd - 1, 0) if err else nd + rng.choice([0, 0, 1])
    reps = [rng.choice([1, 1, 2, 0]) for _ in range(k)]
    return f"{cur.p}.repeat({tup(reps)})"


def t_join(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    fn = rng.choice(["cat", "stack"])
    d = self.rand_dim(nd + (fn == "stack"), err)
    return f"torch.{fn}([{cur.expr}, {cur.expr}], {d})"


def t_diagonal(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    off = rng.choice([0, 0, 1, -1])
    if nd < 2 and not err:
        return f"{cur.p}.diagonal(0, 0, 0)"
    a1, a2 = self.rand_dim(nd, err), self.rand_dim(nd, False)
    if rng.random() < 0.5:
        return f"torch.diagonal({cur.expr}, {off}, {a1}, {a2})"
    return f"{cur.p}.diagonal({off}, {a1}, {a2})"


def t_view_dtype(self, cur, err):
    return f"{cur.p}.view({self.rng.choice(TORCH_VIEW_DTYPES)})"


def t_einsum(self, cur, err):
    shape = list(cur.v.shape)
    if len(shape) > len(LETTERS):
        return f"torch.einsum('...', {cur.expr})"
    spec = einsum_spec(self.rng, shape)
    if err:
        spec = spec + "k" if "->" not in spec else spec.replace("->", "i->")
    return f"torch.einsum('{spec}', {cur.expr})"


def t_function(self, cur, err):
    rng = self.rng
    nd = cur.v.dim()
    fn = rng.choice(["transpose", "permute", "flatten", "unsqueeze", "squeeze", "clone", "reshape"])
    if fn == "transpose":
        return f"torch.transpose({cur.expr}, {self.rand_dim(nd, err)}, {self.rand_dim(nd, False)})"
    if fn == "permute":
        dims = list(range(nd))
        rng.shuffle(dims)
        if err:
            dims = dims + [0]
        return f"torch.permute({cur.expr}, {tup(dims)})"
    if fn == "flatten":
        return f"torch.flatten({cur.expr}, {self.rand_dim(nd, err)})" if rng.random() < 0.5 else f"torch.flatten({cur.expr})"
    if fn == "unsqueeze":
        return f"torch.unsqueeze({cur.expr}, {self.rand_dim(nd + 1, err)})"
    if fn == "squeeze":
        return f"torch.squeeze({cur.expr}, {self.rand_dim(nd, err)})" if rng.random() < 0.5 else f"torch.squeeze({cur.expr})"
    if fn == "clone":
        return f"torch.clone({cur.expr})"
    return f"torch.reshape({cur.expr}, {tup(self.shape_for(cur, err))})"


TORCH_OPS = {
    "sum": (t_sum, 4),
    "narrow": (t_narrow, 3),
    "select": (t_select, 3),
    "unfold": (t_unfold, 2),
    "flip": (t_flip, 2),
    "repeat": (t_repeat, 2),
    "join": (t_join, 2),
    "diagonal": (t_diagonal, 2),
    "view_dtype": (t_view_dtype, 2),
    "einsum": (t_einsum, 2),
    "function": (t_function, 4),
}


def install(numpy_builder, torch_builder):
    """Adds the operations to the builders' tables (their `op_<name>` methods and weights)."""
    for cls, ops in ((numpy_builder, NUMPY_OPS), (torch_builder, TORCH_OPS)):
        for name, (fn, _) in ops.items():
            setattr(cls, "op_" + name, fn)
        base = cls.op_table

        def op_table(self, cur, base=base, ops=ops):
            return base(self, cur) + [(name, w) for name, (_, w) in ops.items()]

        cls.op_table = op_table
