"""What the learner-program families share: random choices a learner's program varies (sizes,
seeds, axes, dtypes), and the ways it makes its data."""

import random


class Pick:
    """The random choices of one program, from the corpus's `random.Random`."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def one(self, *xs):
        return self.rng.choice(xs)

    def weighted(self, pairs):
        items, weights = zip(*pairs)
        return self.rng.choices(items, weights=weights)[0]

    def int(self, lo, hi):
        return self.rng.randint(lo, hi)

    def chance(self, p):
        return self.rng.random() < p

    def seed(self):
        return self.one(0, 1, 7, 42, 123, 1234, 2024, self.int(0, 9999))

    def axis(self, nd, negative=True):
        a = self.int(0, nd - 1)
        if negative and self.chance(0.35):
            a -= nd
        return a


def shape_str(shape):
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def args_str(shape):
    return ", ".join(map(str, shape))


def small_float(p):
    return p.one(-2.0, -1.5, -1.0, -0.5, -0.25, 0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 1.0, 1.5, 2.0, 3.0)


def nested_literal(p, shape, ints=False):
    if len(shape) == 1:
        if ints:
            vals = [str(p.int(-5, 9)) for _ in range(shape[0])]
        else:
            vals = [repr(small_float(p)) for _ in range(shape[0])]
        return "[" + ", ".join(vals) + "]"
    return "[" + ", ".join(nested_literal(p, shape[1:], ints) for _ in range(shape[0])) + "]"


def np_data(p, name, shape, dtype="float64", allow_literal=True):
    """Lines that make a float array `name` of `shape` as a learner does: seeded legacy or
    Generator random numbers, an arange scaled, a linspace, or a literal."""
    n = 1
    for s in shape:
        n *= s
    f32 = dtype == "float32"
    kinds = [("randn", 8), ("rng", 6), ("rand", 3), ("arange", 3), ("linspace", 2)]
    if allow_literal and n <= 12:
        kinds.append(("literal", 3))
    kind = p.weighted(kinds)
    cast = ".astype(np.float32)" if f32 else ""
    if kind == "randn":
        return [f"np.random.seed({p.seed()})", f"{name} = np.random.randn({args_str(shape)}){cast}"]
    if kind == "rand":
        return [f"np.random.seed({p.seed()})", f"{name} = np.random.rand({args_str(shape)}){cast}"]
    if kind == "rng":
        call = p.one(
            f"rng.standard_normal({shape_str(shape)}{', dtype=np.float32' if f32 else ''})",
            f"rng.normal(0, {p.one('1', '0.5', '2.0')}, size={shape_str(shape)}){cast}",
            f"rng.random({shape_str(shape)}{', dtype=np.float32' if f32 else ''})",
            f"rng.uniform(-1, 1, size={shape_str(shape)}){cast}",
        )
        return [f"rng = np.random.default_rng({p.seed()})", f"{name} = {call}"]
    if kind == "arange":
        dt = "np.float32" if f32 else p.one("float", "np.float64")
        return [f"{name} = np.arange({n}, dtype={dt}).reshape({args_str(shape)}) / {p.one(3, 7, 10, n)}"]
    if kind == "linspace":
        dt = ", dtype=np.float32" if f32 else ""
        return [f"{name} = np.linspace(-{p.one(1, 2, 3)}, {p.one(1, 2, 3)}, {n}{dt}).reshape({args_str(shape)})"]
    dt = ", dtype=np.float32" if f32 else ""
    return [f"{name} = np.array({nested_literal(p, shape)}{dt})"]


def torch_data(p, name, shape, dtype="float32", allow_literal=True):
    """Lines that make a float tensor `name` of `shape` as a learner does."""
    n = 1
    for s in shape:
        n *= s
    dt = "" if dtype == "float32" else f", dtype=torch.{dtype}"
    kinds = [("randn", 10), ("rand", 3), ("arange", 3), ("linspace", 1)]
    if allow_literal and n <= 12:
        kinds.append(("literal", 3))
    kind = p.weighted(kinds)
    if kind in ("randn", "rand"):
        spelled = args_str(shape) if p.chance(0.7) else shape_str(shape)
        return [f"torch.manual_seed({p.seed()})", f"{name} = torch.{kind}({spelled}{dt})"]
    if kind == "arange":
        tdt = f"torch.{dtype}"
        return [f"{name} = torch.arange({n}, dtype={tdt}).reshape({args_str(shape)}) / {p.one(3, 7, 10, n)}"]
    if kind == "linspace":
        return [f"{name} = torch.linspace(-2, 2, {n}{dt}).reshape({args_str(shape)})"]
    return [f"{name} = torch.tensor({nested_literal(p, shape)}{dt})"]
