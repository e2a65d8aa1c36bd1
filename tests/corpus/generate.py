#!/usr/bin/env python3
"""Ground-truth corpus for Strides Lab: random programs run in real NumPy / PyTorch.

Each output line is ``{"expected": <result object>, "program": "<source>"}`` (see README.md in
this directory for the meaning of every field).  Programs are written in the small Python subset
the lab implements; the generator builds each one step by step against live
NumPy/PyTorch objects (so every step is meaningful for the shapes at hand), then runs the finished
source once more in a fresh namespace and records what happened.

Regenerate the committed files (deterministic for a given seed and library versions):

    python3 tests/corpus/generate.py --kind numpy --seed 1 --count 3000 --out tests/corpus/numpy.jsonl
    python3 tests/corpus/generate.py --kind torch --seed 1 --count 800 --out tests/corpus/torch.jsonl

``--kind`` defaults to ``numpy``.  ``--count`` random programs are written after the fixed
"lesson" programs, which are always present.  Statistics go to stderr (``--quiet`` silences them).
Tested with NumPy 2.4.6, PyTorch 2.15.0 (CPU) and CPython 3.11.
"""

import argparse
import ast
import json
import math
import random
import sys
import warnings
from collections import Counter

import numpy as np
import torch
from numpy.lib.stride_tricks import as_strided, sliding_window_view

MAX_INPUT = 120  # elements of a program's first array
MAX_ARRAY = 150  # elements of any array a program builds (keeps `values` small)

# --------------------------------------------------------------------------------------------
# The harness: run one program, encode its result
# --------------------------------------------------------------------------------------------


def fresh_namespace():
    return {
        "np": np,
        "torch": torch,
        "as_strided": as_strided,
        "sliding_window_view": sliding_window_view,
    }


class Recorder:
    """A module (`np`, `torch`) whose functions note the first array or tensor any of them
    returns: the first array the program creates (the `np.arange` inside a one-line chain)."""

    def __init__(self, module, seen):
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_seen", seen)

    def __getattr__(self, name):
        obj = getattr(self._module, name)
        # `np.random` and its generator objects create arrays too (`np.random.randn`, `rng.random`).
        if obj is np.random:
            return Recorder(obj, self._seen)
        if not callable(obj) or (isinstance(obj, type) and obj is not np.random.RandomState):
            return obj
        seen = self._seen

        def call(*args, **kwargs):
            result = obj(*args, **kwargs)
            if isinstance(result, (np.random.Generator, np.random.RandomState)):
                return Recorder(result, seen)
            if not seen and isinstance(result, (np.ndarray, torch.Tensor)):
                seen.append(result)
            return result

        return call


def recording_namespace():
    """A fresh namespace whose `np` and `torch` note the first array created, and that list."""
    seen = []
    ns = fresh_namespace()
    ns["np"] = Recorder(np, seen)
    ns["torch"] = Recorder(torch, seen)
    return ns, seen


def buffer_owner(a):
    """End of the generic `.base` chain (as_strided puts a DummyArray in it)."""
    o = a
    while getattr(o, "base", None) is not None:
        o = o.base
    return o


def data_ptr(a):
    return a.__array_interface__["data"][0]


def contiguous_flags(shape, byte_strides, itemsize):
    """NumPy's C_CONTIGUOUS / F_CONTIGUOUS rule: size-1 axes are skipped, size 0 is contiguous."""
    if any(n == 0 for n in shape):
        return True, True

    def rule(pairs):
        expected = itemsize
        for n, s in pairs:
            if n != 1:
                if s != expected:
                    return False
                expected *= n
        return True

    pairs = list(zip(shape, byte_strides))
    return rule(reversed(pairs)), rule(pairs)


def jnum(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def plain(v):
    """A tuple/list of Python ints (shapes, strides) to JSON."""
    if isinstance(v, (tuple, list)):
        return [plain(e) for e in v]
    if isinstance(v, (bool, int, str)) or v is None:
        return v
    if isinstance(v, float):
        return jnum(v)
    raise TypeError(f"unexpected element {v!r} of type {type(v).__name__}")


def encode_array(a, root):
    owner = buffer_owner(a)
    if isinstance(root, np.ndarray):
        root_owner = buffer_owner(root)
    else:
        root_owner = None
    view = root_owner is not None and owner is root_owner
    offset = data_ptr(a) - data_ptr(root_owner) if view else 0
    c, f = contiguous_flags(a.shape, a.strides, a.itemsize)
    assert (c, f) == (bool(a.flags.c_contiguous), bool(a.flags.f_contiguous)), (a.shape, a.strides)
    return {
        "shape": list(a.shape),
        "strides": list(a.strides),
        "offset": offset,
        "itemsize": a.itemsize,
        "dtype": str(a.dtype),
        "c_contiguous": bool(a.flags.c_contiguous),
        "f_contiguous": bool(a.flags.f_contiguous),
        "writeable": bool(a.flags.writeable),
        "owndata": bool(a.flags.owndata),
        "view": view,
        "values": [jnum(v) for v in a.ravel(order="C").tolist()],
    }


def storage_key(t):
    # StorageImpl identity.  Equal to comparing untyped_storage().data_ptr() for non-empty
    # storages, and still right for empty ones (whose data_ptr is 0).  The root stays alive in
    # the namespace, so its StorageImpl address cannot be reused.
    return t.untyped_storage()._cdata


def encode_tensor(t, root):
    itemsize = t.element_size()
    root_t = root
    view = isinstance(root_t, torch.Tensor) and storage_key(t) == storage_key(root_t)
    if view and t.untyped_storage().data_ptr() and root_t.untyped_storage().data_ptr():
        assert t.untyped_storage().data_ptr() == root_t.untyped_storage().data_ptr()
    strides = [s * itemsize for s in t.stride()]
    shape = list(t.shape)
    _, f = contiguous_flags(shape, strides, itemsize)
    so = t.storage_offset()
    return {
        "shape": shape,
        "strides": strides,
        "offset": so * itemsize if view else 0,
        "itemsize": itemsize,
        "dtype": str(t.dtype).replace("torch.", ""),
        "c_contiguous": bool(t.is_contiguous()),
        "f_contiguous": f,
        "writeable": True,
        "owndata": so == 0 and t._base is None,
        "view": bool(view),
        "values": [jnum(v) for v in t.detach().reshape(-1).tolist()],
        "element_strides": list(t.stride()),
        "storage_offset": so,
    }


def encode(res, root):
    if isinstance(res, np.ndarray):
        return encode_array(res, root)
    if isinstance(res, np.generic):
        return {"scalar": True, "dtype": str(res.dtype), "values": [jnum(res.item())]}
    if isinstance(res, torch.Tensor):
        return encode_tensor(res, root)
    if isinstance(res, torch.Size):
        return {"value": list(res), "type": "tuple"}
    if isinstance(res, np.dtype):
        return {"value": str(res), "type": "str"}
    if res is None or isinstance(res, (bool, int, float, str, tuple, list)):
        return {"value": plain(res), "type": type(res).__name__}
    raise TypeError(f"cannot encode a {type(res).__name__}")


def execute(src):
    """Run `src` statement by statement in a fresh namespace, as the lab does. Returns
    (result, root, namespace): the value of a last statement that is an expression (else None),
    and the program's root: the first array created, or the array that the statement creating it
    names (`x = np.arange(12).reshape(3, 4) > 5` gives x). An exception propagates."""
    body = ast.parse(src).body
    ns, created = recording_namespace()
    root = None
    result = None
    for i, st in enumerate(body):
        if i == len(body) - 1 and isinstance(st, ast.Expr):
            code = compile(ast.Expression(st.value), "<program>", "eval")
            result = eval(code, ns)  # noqa: S307 - the whole point
        else:
            exec(compile(ast.Module([st], type_ignores=[]), "<program>", "exec"), ns)  # noqa: S102
        if root is None and created:
            root = created[0]
            if (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Name)
                and isinstance(ns[st.targets[0].id], (np.ndarray, torch.Tensor))
            ):
                root = ns[st.targets[0].id]
    return result, root, ns


def run_program(src):
    """Run `src` in a fresh namespace.  Returns (expected, warning messages)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result, root, _ = execute(src)
            expected = encode(result, root)
        except Exception as e:  # noqa: BLE001 - any exception is a recorded outcome
            expected = {"error": type(e).__name__, "message": str(e)}
            suggestion = printed_suggestion(e)
            if suggestion is not None:
                expected["suggestion"] = suggestion
    return expected, [str(w.message) for w in caught]


def printed_suggestion(e):
    """The name CPython's traceback suggests for an AttributeError ("Did you mean: 'arange'?"),
    which `str(e)` leaves out: computed only when the error is printed, so print it."""
    if type(e) is not AttributeError:
        return None
    import io
    import re

    out, saved = io.StringIO(), sys.stderr
    sys.stderr = out
    try:
        sys.__excepthook__(type(e), e, None)
    finally:
        sys.stderr = saved
    head = f"AttributeError: {e}"
    text = out.getvalue().rstrip("\n")
    at = text.rfind(head)
    if at < 0:
        return None
    m = re.fullmatch(r"\. Did you mean: '([^']*)'\?", text[at + len(head) :])
    return m.group(1) if m else None


def result_kind(expected):
    if "error" in expected:
        return "error"
    if expected.get("scalar"):
        return "scalar"
    if "shape" in expected:
        return "array"
    return "value"


# --------------------------------------------------------------------------------------------
# Fixed programs (the lesson's examples), always first in the file
# --------------------------------------------------------------------------------------------

_X = "x = np.arange(12.0).reshape(3, 4)\n"
_A = "a = np.arange(12, dtype=np.int32).reshape(3, 4)\n"
FIXED_NUMPY = [
    _X + "x",
    _X + "x.T",
    _X + "x[:, ::2]",
    _X + "x[1:, 1:]",
    _X + "x.reshape(2, 6)",
    _X + "x.T.reshape(2, 6)",
    _X + "np.broadcast_to(x[0], (3, 4))",
    _X + "x.T.reshape(12)",
    _X + "x[[0, 2]]",
    _X + "y = x.T; y[0, 1] = 100; x[1, 0]",
    _X + "np.broadcast_to(x[0], (3, 4))[0, 0] = 5",
    _A + "a.strides",
    _A + "a.T.strides",
    _A + "a.T.flags.f_contiguous",
    "as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))",
    "np.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3)",
    "np.broadcast_shapes((100,), (100, 1))",
    "np.broadcast_shapes((3, 4), (3,))",
]
_OUT = "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\n"
FIXED_TORCH = [
    _OUT + "out.stride()",
    _OUT + "out.transpose(1, 2).stride()",
    _OUT + "out.transpose(1, 2).is_contiguous()",
    _OUT + "out.transpose(1, 2).view(2, 10, 64)",
    _OUT + "out.transpose(1, 2).contiguous().stride()",
    _OUT + "out.transpose(1, 2).contiguous().view(2, 10, 64)",
    _OUT + "out.transpose(1, 2).contiguous().view(2, 10, 64).stride()",
    _OUT + "out.transpose(1, 2).reshape(2, 10, 64).stride()",
]

# --------------------------------------------------------------------------------------------
# Generation helpers
# --------------------------------------------------------------------------------------------

NP_DTYPES = ["float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]
NP_DTYPE_W = [16, 8, 6, 10, 8, 5, 6, 6, 6]
INT_RANGE = {
    "int8": (-128, 127),
    "int16": (-32768, 32767),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 255),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "uint64": (0, 2**64 - 1),
}
TORCH_DTYPES = ["float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]
TORCH_DTYPE_W = [14, 6, 3, 10, 4, 3, 3, 3, 3]


def prod(xs):
    p = 1
    for v in xs:
        p *= v
    return p


def tup(xs):
    xs = list(xs)
    if len(xs) == 1:
        return f"({xs[0]},)"
    return "(" + ", ".join(str(v) for v in xs) + ")"


def args(xs):
    return ", ".join(str(v) for v in xs)


def lst(xs):
    return "[" + ", ".join(str(v) for v in xs) + "]"


def np_dtype_spelling(rng, dt):
    if dt == "bool":
        return rng.choice(["np.bool_", "bool", "'bool'", "np.bool_"])
    return rng.choice([f"np.{dt}", f"np.{dt}", f"'{dt}'"])


def rand_shape(rng, max_size=MAX_INPUT, zero_w=0.5, nd=None):
    if nd is None:
        nd = rng.choices([1, 2, 3, 4], weights=[3, 5, 4, 2])[0]
    for _ in range(200):
        dims = [rng.choices(range(7), weights=[zero_w, 4, 5, 5, 4, 3, 2])[0] for _ in range(nd)]
        if prod(dims) <= max_size:
            return tuple(dims)
    return tuple([1] * nd)


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def factor_shape(rng, size, nd=None):
    """A random shape with `size` elements."""
    if nd is None:
        nd = rng.choices([1, 2, 3, 4], weights=[3, 5, 4, 2])[0]
    if size == 0:
        dims = [rng.randint(1, 5) for _ in range(nd)]
        for i in rng.sample(range(nd), rng.choice([1, 1, 1, 2]) if nd > 1 else 1):
            dims[i] = 0
        return tuple(dims)
    dims = []
    rem = size
    for _ in range(nd - 1):
        ds = divisors(rem)
        w = [1 if d == 1 else 3 for d in ds]
        d = rng.choices(ds, weights=w)[0]
        dims.append(d)
        rem //= d
    dims.append(rem)
    rng.shuffle(dims)
    return tuple(dims)



def target_shape(rng, size, err, negatives):
    """A shape to reshape or view `size` elements as, often with one -1; with `err`, one that
    must fail: the wrong size, two -1s, or a negative size from `negatives`."""
    shape = list(factor_shape(rng, size))
    if size == 1 and rng.random() < 0.15:
        shape = []
    if shape and rng.random() < 0.35:
        shape[rng.randrange(len(shape))] = -1
    if err:
        e = rng.choice(["size", "size", "two", "neg"])
        if e == "size" or not shape:
            if not shape:
                shape = [size + 1]
            else:
                i = rng.randrange(len(shape))
                if shape[i] != -1:
                    shape[i] += 1
                if prod(abs(v) for v in shape) == size or shape == [-1]:
                    shape = shape + [size + 2]
        elif e == "two" and len(shape) >= 2:
            shape[0], shape[1] = -1, -1
        else:
            # One negative draws nothing from `rng`, as the PyTorch generator always did.
            neg = rng.choice(negatives) if len(negatives) > 1 else negatives[0]
            shape[rng.randrange(len(shape))] = neg
    return shape

def fmt_num(v):
    """A Python literal for a number read back from an array."""
    if isinstance(v, (bool, np.bool_)):
        return "True" if v else "False"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    f = float(v)
    if f == int(f) and abs(f) < 1e15:
        return f"{int(f)}.0"
    return repr(f)


def cast_is_safe(values, src, dst):
    """No float->int of NaN/inf/out-of-range values, no overflow to inf in float16."""
    src = np.dtype(src)
    dst = np.dtype(dst)
    v = np.asarray(values)
    if v.size == 0:
        return True
    if dst.kind in "iu" and src.kind == "f":
        vf = v.astype(np.float64)
        if not np.all(np.isfinite(vf)):
            return False
        lo, hi = INT_RANGE[str(dst)]
        if lo == 0 and np.any(vf < 0):
            return False  # no negative float -> unsigned, even when it would truncate to 0
        tr = np.trunc(vf)
        return bool(np.all(tr >= lo) and np.all(tr <= hi))
    if dst == np.float16 and src.kind in "iuf":
        vf = v.astype(np.float64)
        return bool(np.all(np.abs(vf[np.isfinite(vf)]) <= 65504))
    if dst == np.float32 and src == np.float64:
        return bool(np.all(np.abs(v) <= 3e38))
    return True


def fmt_slice(a, b, s):
    out = ("" if a is None else str(a)) + ":" + ("" if b is None else str(b))
    if s is not None:
        out += f":{s}"
    return out


def gen_slice(rng, n, torch_mode=False, step0=False, negstep=False):
    n = 4 if n is None else n

    def bound():
        r = rng.random()
        if r < 0.45:
            return None
        if r < 0.85:
            return rng.randint(-n, n)
        return rng.choice([-1, 1]) * rng.randint(n + 1, n + 6)

    a, b = bound(), bound()
    if step0:
        s = 0
    elif negstep:
        s = rng.choice([-1, -1, -2, -3])
    elif torch_mode:
        s = rng.choices([None, 1, 2, 3], weights=[6, 1, 3, 2])[0]
    else:
        s = rng.choices([None, 1, 2, 3, -1, -2, -3], weights=[10, 1, 4, 2, 5, 3, 1])[0]
    if a is not None and b is not None and rng.random() < 0.75:
        # mostly keep start/stop in the direction of the step, so that most slices are non-empty
        an, bn = (a + n if a < 0 else a), (b + n if b < 0 else b)
        if (s is not None and s < 0) == (an < bn):
            a, b = b, a
    elif s is not None and s < 0 and rng.random() < 0.6:
        # for a reversed slice, a lone start reads best high and a lone stop low
        if a is not None and b is None and (a + n if a < 0 else a) < n // 2:
            a, b = None, a
        elif b is not None and a is None and (b + n if b < 0 else b) > n // 2:
            a, b = b, None
    if a is None and b is None and s is None and rng.random() < 0.3:
        s = -1 if not torch_mode else 2
    return fmt_slice(a, b, s)


def gen_basic_index(rng, shape, err=False, torch_mode=False):
    """A basic index string (ints, slices, None, ...) for an array of `shape`."""
    nd = len(shape)
    kinds = ["int", "int", "int", "too_many", "step0"] + (["negstep", "negstep"] if torch_mode else ["ellipsis2"])
    err_kind = rng.choice(kinds) if err else None
    use_ell = (not torch_mode) and (rng.random() < 0.2 or err_kind == "ellipsis2")
    if err_kind == "too_many":
        k = nd + rng.choice([1, 1, 2])
        use_ell = False
    elif nd == 0:
        k = 0
    else:
        k = rng.randint(0 if use_ell else 1, nd)
    if err_kind == "int" and k == 0:
        k = 1 if nd > 0 else 0
    if use_ell:
        p = rng.randint(0, k)
        axes = list(range(p)) + list(range(nd - (k - p), nd))
    else:
        p = None
        axes = list(range(k))
    items = []
    bad = rng.randrange(len(axes)) if axes else None
    for j, ax in enumerate(axes):
        n = shape[ax] if ax < nd else None
        mk = None
        if j == bad and err_kind in ("int", "step0", "negstep"):
            mk = err_kind
        if mk == "int" and n is not None:
            items.append(str(rng.choice([n, n + rng.randint(0, 3), -n - 1 - rng.randint(0, 2)])))
        elif mk in ("step0", "negstep"):
            items.append(gen_slice(rng, n, torch_mode, step0=mk == "step0", negstep=mk == "negstep"))
        elif (n is None or n > 0) and rng.random() < 0.38:
            m = 3 if n is None else n
            items.append(str(rng.randint(-m, m - 1)))
        else:
            items.append(gen_slice(rng, n, torch_mode))
    if use_ell:
        items.insert(p, "...")
        if err_kind == "ellipsis2":
            items.insert(rng.randint(0, len(items)), "...")
    n_none = rng.choices([0, 1, 2], weights=[8, 3, 1])[0]
    for _ in range(n_none):
        items.insert(rng.randint(0, len(items)), "None")
    if not items:
        return "()" if rng.random() < 0.5 or torch_mode else "..."
    if len(items) == 1 and rng.random() < 0.1 and not torch_mode:
        return items[0] + ","  # x[1,] is x[(1,)]
    return ", ".join(items)


class Val:
    def __init__(self, expr, v, atom=True, name=False):
        self.expr = expr
        self.v = v
        self.atom = atom
        self.name = name

    @property
    def p(self):
        return self.expr if self.atom else f"({self.expr})"


class Fail(Exception):
    """The builder could not make this step; try something else."""


# --------------------------------------------------------------------------------------------
# The program builder (shared machinery)
# --------------------------------------------------------------------------------------------


class Builder:
    NAMES = ["y", "z", "b", "c", "v", "w", "u", "m", "p", "q", "r", "s2", "k"]
    P_ERR = 0.07

    def __init__(self, rng):
        self.rng = rng
        self.ns = fresh_namespace()
        self.stmts = []
        self.labels = []
        self.names = []  # live array names (in creation order)
        self.used = set()
        self.done = False

    # -- evaluation against the live namespace ------------------------------------------------
    def try_eval(self, expr):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                v = eval(expr, self.ns)  # noqa: S307
            except Exception as e:  # noqa: BLE001
                return "err", e
        if caught:
            return "warn", None
        return "ok", v

    def try_exec(self, stmt):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                exec(stmt, self.ns)  # noqa: S102
            except Exception as e:  # noqa: BLE001
                return "err", e
        if caught:
            return "warn", None
        return "ok", None

    def new_name(self):
        for n in self.NAMES:
            if n not in self.used:
                self.used.add(n)
                return n
        raise Fail("out of names")

    def too_big(self, v):
        if isinstance(v, (np.ndarray, torch.Tensor)):
            n = v.size if isinstance(v, np.ndarray) else v.numel()
            return n > MAX_ARRAY or v.ndim > 6
        return False

    def commit(self, cur):
        """Give an unnamed chain a name (a `name = expr` line)."""
        if cur.name:
            return cur
        name = self.new_name()
        self.stmts.append(f"{name} = {cur.expr}")
        st, _ = self.try_exec(self.stmts[-1])
        assert st == "ok", self.stmts
        self.names.append(name)
        return Val(name, self.ns[name], name=True)

    def source(self):
        rng = self.rng
        out = self.stmts[0]
        for s in self.stmts[1:]:
            out += "; " + s if rng.random() < 0.2 else "\n" + s
        return out

    def finish_error(self, expr):
        """An expression raised: it ends the program (sometimes inside an assignment)."""
        if self.rng.random() < 0.2:
            self.stmts.append(f"{self.new_name()} = {expr}")
        else:
            self.stmts.append(expr)
        self.after_error()

    def after_error(self):
        if self.rng.random() < 0.12:  # a line that never runs
            self.stmts.append(self.rng.choice(self.names) + self.rng.choice(["", ".shape"]) if self.names else "0")
        self.done = True

    # -- the main loop ------------------------------------------------------------------------
    def build(self):
        rng = self.rng
        cur = self.first_line()
        steps = rng.choices([1, 2, 3, 4], weights=[3, 4, 3, 2])[0]
        for step in range(steps):
            if self.done:
                return
            if step > 0 and rng.random() < self.P_WRITE:
                cur = self.commit(cur)
                self.write(err=rng.random() < self.P_ERR)
                if self.done:
                    return
                continue
            res = self.apply_op(cur)
            if res is None:
                continue
            expr, atom, status, v = res
            if status == "err":
                self.finish_error(expr)
                return
            new = Val(expr, v, atom=atom)
            if not self.is_array(v):
                self.stmts.append(new.expr)  # scalar / tuple: terminal
                self.done = True
                return
            cur = new
            if step < steps - 1 and rng.random() < 0.5:
                cur = self.commit(cur)
        self.finish(cur)

    def apply_op(self, cur):
        rng = self.rng
        for _ in range(25):
            err = rng.random() < self.P_ERR
            names, weights = zip(*self.op_table(cur))
            op = rng.choices(names, weights=weights)[0]
            try:
                expr = getattr(self, "op_" + op)(cur, err)
            except Fail:
                continue
            atom = not expr.endswith("#binop")
            expr = expr.replace("#binop", "")
            status, v = self.try_eval(expr)
            if status == "warn" or (status == "ok" and self.too_big(v)):
                continue
            self.labels.append(op)
            return expr, atom, status, v
        return None


# --------------------------------------------------------------------------------------------
# NumPy programs
# --------------------------------------------------------------------------------------------


class NumpyBuilder(Builder):
    P_WRITE = 0.16
    P_ERR = 0.11

    def is_array(self, v):
        return isinstance(v, np.ndarray)

    def first_line(self):
        rng = self.rng
        name = rng.choices(["x", "a", "arr"], weights=[6, 3, 1])[0]
        self.used.add(name)
        dt = rng.choices(NP_DTYPES, weights=NP_DTYPE_W)[0]
        shape = rand_shape(rng)
        forms = ["arange"] * 11 + ["zeros", "ones", "full", "array", "array"]
        if dt == "bool":
            forms = ["zeros", "ones", "full", "array", "compare", "compare"]
        form = rng.choice(forms)
        n = prod(shape)
        if form == "array" and n > 24:
            shape = rand_shape(rng, max_size=24)
            n = prod(shape)
        nd = len(shape)
        shp = tup(shape) if nd > 1 or rng.random() < 0.5 else str(shape[0])
        order = ", order='F'" if nd > 1 and rng.random() < 0.2 else ""
        dts = np_dtype_spelling(rng, dt)
        if form in ("arange", "compare"):
            if form == "compare" or dt == "int64" and rng.random() < 0.7:
                base = f"np.arange({n})"
            elif dt == "float64" and rng.random() < 0.75:
                base = f"np.arange({n}.0)"
            else:
                base = f"np.arange({n}, dtype={dts})"
            if nd > 1 or rng.random() < 0.15:
                rs = tup(shape) if rng.random() < 0.3 else args(shape)
                base += f".reshape({rs}{order})"
            if form == "compare":
                base += f" {rng.choice(['>', '<', '>=', '<='])} {rng.randint(0, max(n - 1, 0))}"
            expr = base
        elif form in ("zeros", "ones"):
            dk = "" if dt == "float64" and rng.random() < 0.5 else f", dtype={dts}"
            expr = f"np.{form}({shp}{dk}{order})"
        elif form == "full":
            if dt == "bool":
                fill = rng.choice(["True", "False"])
            elif dt in ("float64", "float32", "float16"):
                fill = rng.choice(["7.0", "2.5", "-1.5", "0.25", "3"])
            else:
                lo = 0 if dt == "uint8" else -9
                fill = str(rng.randint(lo, 99))
            natural = (dt == "bool" and fill in ("True", "False")) or (dt == "int64" and "." not in fill) or (
                dt == "float64" and "." in fill
            )
            dk = "" if natural and rng.random() < 0.5 else f", dtype={dts}"
            expr = f"np.full({shp}, {fill}{dk}{order})"
        else:  # array literal
            if dt == "bool":
                flat = [rng.choice(["True", "False"]) for _ in range(n)]
            elif dt.startswith("float"):
                flat = [rng.choice(["0.5", "1.0", "-2.0", "3.25", "4.0", "-0.75", "10.0", "6.5"]) for _ in range(n)]
            else:
                lo = 0 if dt == "uint8" else -20
                flat = [str(rng.randint(lo, 60)) for _ in range(n)]

            def nest(items, dims):
                if len(dims) == 1:
                    return "[" + ", ".join(items) + "]"
                step = prod(dims[1:])
                return "[" + ", ".join(nest(items[i * step : (i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"

            if n == 0:
                lit = nest([], [0]) if nd == 1 else None
                if lit is None:
                    expr = f"np.zeros({tup(shape)}, dtype={dts})"
                else:
                    expr = f"np.array([], dtype={dts})"
            else:
                lit = nest(flat, list(shape))
                natural = dt in ("bool", "int64") or (dt == "float64")
                dk = "" if natural and rng.random() < 0.4 else f", dtype={dts}"
                expr = f"np.array({lit}{dk})"
        line = f"{name} = {expr}"
        self.stmts.append(line)
        st, _ = self.try_exec(line)
        assert st == "ok", line
        self.names.append(name)
        self.root = name
        return Val(name, self.ns[name], name=True)

    # -- op table -----------------------------------------------------------------------------
    def op_table(self, cur):
        nd = cur.v.ndim
        t = [
            ("index", 16),
            ("adv_index", 4),
            ("mask", 4 if cur.name else 0),
            ("T", 4),
            ("mT", 2),
            ("transpose", 5),
            ("swapaxes", 3),
            ("moveaxis", 3),
            ("squeeze", 3),
            ("expand_dims", 3 if nd < 5 else 0),
            ("reshape", 12),
            ("ravel", 4),
            ("flatten", 2),
            ("copy", 4),
            ("contig", 3),
            ("astype", 4),
            ("astype_wrap", 1.5 if cur.v.dtype.kind in "iu" else 0),
            ("broadcast_to", 4),
            ("arith", 6),
            ("as_strided", 4),
            ("sliding_window_view", 4),
        ]
        return t

    # -- ops (each returns an expression string; "#binop" suffix marks a non-atom) -------------
    def op_index(self, cur, err):
        shape = cur.v.shape
        if not err and shape and all(shape) and self.rng.random() < 0.15:
            # every axis indexed by an integer: a NumPy scalar
            ints = [str(self.rng.randint(-n, n - 1)) for n in shape]
            if self.rng.random() < 0.25:
                ints.append("...")  # ... makes it a 0-d view instead
            return f"{cur.p}[{', '.join(ints)}]"
        if not err and shape and self.rng.random() < 0.2:
            # a plain reversal of one axis
            ax = self.rng.randrange(len(shape))
            step = self.rng.choice(["::-1", "::-1", "::-2"])
            if ax == len(shape) - 1 and ax > 0 and self.rng.random() < 0.5:
                return f"{cur.p}[..., {step}]"
            return f"{cur.p}[{', '.join([':'] * ax + [step])}]"
        return f"{cur.p}[{gen_basic_index(self.rng, shape, err)}]"

    def op_adv_index(self, cur, err):
        rng = self.rng
        shape = cur.v.shape
        nd = len(shape)
        if nd == 0:
            raise Fail
        ax = rng.choice(range(min(nd, 3)))
        n = shape[ax]
        kind = rng.choices(["list", "bool", "two"], weights=[8, 1, 1.2])[0]
        items = []
        for i in range(ax):
            items.append(":" if rng.random() < 0.7 else gen_slice(rng, shape[i]))
        if kind == "bool":
            ln = n if not err else n + rng.choice([-1, 1])
            if ln < 0:
                raise Fail
            items.append(lst(rng.choice(["True", "False"]) for _ in range(ln)))
        else:

            def ilist(m, length):
                if m == 0 and not err:
                    return "[]"
                vals = [rng.randint(-m, m - 1) if m else 0 for _ in range(length)]
                if err:
                    vals[rng.randrange(length)] = rng.choice([m, m + 2, -m - 1])
                return lst(vals)

            length = rng.choices([0, 1, 2, 3, 4], weights=[0.3, 2, 4, 3, 2])[0]
            if err:
                length = max(length, 1)
            items.append(ilist(n, length))
            if kind == "two" and ax + 1 < nd:
                l2 = length if rng.random() < 0.75 else rng.choice([1, length + 1])
                m2 = shape[ax + 1]
                if m2 == 0:
                    raise Fail
                items.append(lst(rng.randint(-m2, m2 - 1) for _ in range(l2)))
        rest = nd - len(items)
        if rest > 0 and rng.random() < 0.4:
            j = nd - rest
            items.append(str(rng.randint(-shape[j], shape[j] - 1)) if shape[j] and rng.random() < 0.3 else gen_slice(rng, shape[j]))
        return f"{cur.p}[{', '.join(items)}]"

    def op_mask(self, cur, err):
        rng = self.rng
        x = cur.expr
        v = cur.v
        if err:
            others = [n for n in self.names if n != x and self.ns[n].shape != v.shape]
            if not others:
                raise Fail
            o = rng.choice(others)
            ov = self.ns[o]
            if ov.dtype == bool:
                return f"{x}[{o}]"
            return f"{x}[{o} > {fmt_num(ov.ravel()[0]) if ov.size else 0}]"
        if v.dtype == bool:
            if rng.random() < 0.6:
                return f"{x}[{x}]"
            return f"{x}[{x} == {rng.choice(['True', 'False'])}]"
        flat = v.ravel()
        thr = fmt_num(rng.choice(list(flat))) if flat.size else "0"
        op = rng.choice([">", "<", ">=", "<=", "==", "!="])
        return f"{x}[{x} {op} {thr}]"

    def op_T(self, cur, err):
        return f"{cur.p}.T"

    def op_mT(self, cur, err):
        if cur.v.ndim < 2 and not err:
            raise Fail
        return f"{cur.p}.mT"

    def axes_perm(self, nd, err):
        rng = self.rng
        axes = list(range(nd))
        rng.shuffle(axes)
        axes = [a - nd if rng.random() < 0.15 else a for a in axes]
        if err:
            k = rng.choice(["repeat", "len", "range"])
            if k == "repeat" and nd >= 2:
                axes[0] = axes[1] if axes[1] >= 0 else axes[1] + nd
            elif k == "len" or nd == 0:
                axes = axes[:-1] if nd > 1 and rng.random() < 0.5 else axes + [nd - 1 if nd else 0]
            else:
                axes[rng.randrange(nd)] = rng.choice([nd, nd + 1, -nd - 1])
        return axes

    def op_transpose(self, cur, err):
        rng = self.rng
        nd = cur.v.ndim
        if not err and rng.random() < 0.2:
            return rng.choice([f"{cur.p}.transpose()", f"np.transpose({cur.expr})"])
        axes = self.axes_perm(nd, err)
        form = rng.choice(["varargs", "tuple", "np", "np_kw"])
        if form == "varargs" and len(axes) > 0:
            return f"{cur.p}.transpose({args(axes)})"
        if form == "tuple":
            return f"{cur.p}.transpose({tup(axes)})"
        if form == "np_kw":
            return f"np.transpose({cur.expr}, axes={tup(axes)})"
        return f"np.transpose({cur.expr}, {tup(axes)})"

    def rand_axis(self, nd, err, extra=0):
        """An axis in [-(nd+extra), nd+extra-1], or out of that range when err."""
        m = nd + extra
        if err or m == 0:
            return self.rng.choice([m, m + 1, -m - 1, m + 3])
        return self.rng.randint(-m, m - 1)

    def op_swapaxes(self, cur, err):
        nd = cur.v.ndim
        a = self.rand_axis(nd, err and self.rng.random() < 0.5)
        b = self.rand_axis(nd, False) if nd else 0
        if self.rng.random() < 0.5:
            a, b = b, a
        if self.rng.random() < 0.5:
            return f"np.swapaxes({cur.expr}, {a}, {b})"
        return f"{cur.p}.swapaxes({a}, {b})"

    def op_moveaxis(self, cur, err):
        rng = self.rng
        nd = cur.v.ndim
        if nd == 0 and not err:
            raise Fail
        if rng.random() < 0.55:
            s = self.rand_axis(nd, err and rng.random() < 0.5)
            d = self.rand_axis(nd, False) if nd else 0
            if err and rng.random() < 0.5:
                s, d = d, s
            return f"np.moveaxis({cur.expr}, {s}, {d})"
        k = rng.randint(1, max(nd, 1))
        src = rng.sample(range(nd), min(k, nd)) if nd else [0]
        dst = rng.sample(range(nd), min(k, nd)) if nd else [0]
        src = [a - nd if rng.random() < 0.2 else a for a in src]
        if err:
            e = rng.choice(["repeat", "len", "range"])
            if e == "repeat" and len(src) >= 2:
                src[1] = src[0]
            elif e == "len":
                dst = dst + [0] if rng.random() < 0.5 or len(dst) < 2 else dst[:-1]
            else:
                dst[0] = nd + rng.randint(0, 2)
        return f"np.moveaxis({cur.expr}, {lst(src)}, {lst(dst)})"

    def op_squeeze(self, cur, err):
        rng = self.rng
        shape = cur.v.shape
        nd = len(shape)
        ones = [i for i, n in enumerate(shape) if n == 1]
        others = [i for i, n in enumerate(shape) if n != 1]
        if err:
            if others and rng.random() < 0.6:
                axes = [rng.choice(others)]
            else:
                axes = [rng.choice([nd, nd + 1, -nd - 1])]
            if ones and rng.random() < 0.3:
                axes = [ones[0]] + axes
        elif not ones or rng.random() < 0.25:
            return rng.choice([f"{cur.p}.squeeze()", f"np.squeeze({cur.expr})"])
        else:
            axes = rng.sample(ones, rng.randint(1, len(ones)))
        axes = [a - nd if rng.random() < 0.25 else a for a in axes]
        if len(axes) == 1 and rng.random() < 0.6:
            ax = str(axes[0])
        else:
            ax = tup(axes)
        form = rng.choice(["m", "m_kw", "np"])
        if form == "m":
            return f"{cur.p}.squeeze({ax})"
        if form == "m_kw":
            return f"{cur.p}.squeeze(axis={ax})"
        return f"np.squeeze({cur.expr}, axis={ax})"

    def op_expand_dims(self, cur, err):
        rng = self.rng
        nd = cur.v.ndim
        k = rng.choices([1, 2], weights=[4, 1])[0]
        out = nd + k
        axes = rng.sample(range(out), k)
        axes = [a - out if rng.random() < 0.3 else a for a in axes]
        if err:
            if k == 2 and rng.random() < 0.5:
                axes[1] = axes[0]
            else:
                axes[0] = rng.choice([out, out + 1, -out - 1])
        ax = str(axes[0]) if k == 1 and rng.random() < 0.7 else tup(axes)
        if rng.random() < 0.3:
            return f"np.expand_dims({cur.expr}, axis={ax})"
        return f"np.expand_dims({cur.expr}, {ax})"

    def op_reshape(self, cur, err):
        rng = self.rng
        shape = target_shape(rng, cur.v.size, err, negatives=(-2, -3))
        order = rng.choices(["", "C", "F", "A"], weights=[10, 1, 3, 2])[0]
        copy = rng.choices(["", "False", "True"], weights=[10, 3, 0.6])[0]
        kw = (f", order='{order}'" if order else "") + (f", copy={copy}" if copy else "")
        form = rng.choice(["varargs", "varargs", "tuple", "np"])
        if form == "np":
            sh = tup(shape) if len(shape) != 1 or rng.random() < 0.5 else str(shape[0])
            return f"np.reshape({cur.expr}, {sh}{kw})"
        if form == "tuple" or not shape:
            return f"{cur.p}.reshape({tup(shape)}{kw})"
        return f"{cur.p}.reshape({args(shape)}{kw})"

    def op_ravel(self, cur, err):
        rng = self.rng
        o = rng.choices(["", "C", "F", "A", "K"], weights=[4, 1, 3, 2, 2])[0]
        form = rng.choice(["m", "m_kw", "np"])
        if not o:
            return f"{cur.p}.ravel()" if form != "np" else f"np.ravel({cur.expr})"
        if form == "m":
            return f"{cur.p}.ravel('{o}')"
        if form == "m_kw":
            return f"{cur.p}.ravel(order='{o}')"
        return f"np.ravel({cur.expr}, '{o}')" if rng.random() < 0.5 else f"np.ravel({cur.expr}, order='{o}')"

    def op_flatten(self, cur, err):
        o = self.rng.choices(["", "C", "F", "A", "K"], weights=[4, 1, 3, 1, 1])[0]
        if not o:
            return f"{cur.p}.flatten()"
        return f"{cur.p}.flatten('{o}')" if self.rng.random() < 0.5 else f"{cur.p}.flatten(order='{o}')"

    def op_copy(self, cur, err):
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            return f"{cur.p}.copy()"
        if r < 0.7:
            return f"{cur.p}.copy(order='{rng.choice(['F', 'F', 'C', 'A', 'K'])}')"
        if r < 0.9:
            return f"np.copy({cur.expr})"
        return f"np.copy({cur.expr}, order='{rng.choice(['C', 'F', 'A'])}')"

    def op_contig(self, cur, err):
        return f"np.{self.rng.choice(['ascontiguousarray', 'asfortranarray'])}({cur.expr})"

    def op_astype(self, cur, err):
        rng = self.rng
        src = str(cur.v.dtype)
        big = cur.v.dtype.kind in "iu" and cur.v.size and int(np.abs(cur.v.astype(np.int64)).max()) > 127
        for _ in range(10):
            if big and rng.random() < 0.5:
                dst = rng.choice(["int8", "uint8"])  # integer wraparound
            else:
                dst = rng.choices(NP_DTYPES, weights=[6, 5, 5, 5, 5, 4, 6, 6, 5])[0]
            if cast_is_safe(cur.v, src, dst):
                break
        else:
            raise Fail
        r = rng.random()
        if r < 0.4:
            return f"{cur.p}.astype(np.{dst if dst != 'bool' else 'bool_'})"
        if r < 0.7:
            return f"{cur.p}.astype('{dst}')"
        return f"{cur.p}.astype({np_dtype_spelling(rng, dst)}, copy=False)"

    def op_astype_wrap(self, cur, err):
        """Integer arithmetic, then a narrowing cast: C-style wraparound (defined for ints)."""
        rng = self.rng
        k = rng.choice(["* 37", "* 100", "+ 200", "- 50", "* -3"])
        dst = rng.choice(["np.int8", "np.uint8", "'int8'", "'uint8'", "np.int16"])
        return f"({cur.p} {k}).astype({dst})"

    def op_broadcast_to(self, cur, err):
        rng = self.rng
        shape = list(cur.v.shape)
        target = [rng.choice([1, 2, 3, 4, 0]) if n == 1 and rng.random() < 0.7 else n for n in shape]
        lead = rng.choices([0, 1, 2], weights=[2, 4, 2])[0]
        target = [rng.choice([1, 2, 3, 4, 2, 3, 0]) for _ in range(lead)] + target
        if err:
            e = rng.choice(["dim", "fewer", "neg"])
            non1 = [i for i, n in enumerate(target) if i >= lead and shape[i - lead] != 1]
            if e == "dim" and non1:
                i = rng.choice(non1)
                target[i] = target[i] + rng.choice([1, 2])
            elif e == "fewer" and shape:
                target = shape[1:]
            elif target:
                target[rng.randrange(len(target))] = -1
            else:
                target = [-1]
        if prod(max(t, 0) for t in target) > MAX_ARRAY:
            raise Fail
        if len(target) == 1 and rng.random() < 0.4:
            sh = str(target[0])
        else:
            sh = tup(target)
        if rng.random() < 0.2:
            return f"np.broadcast_to({cur.expr}, shape={sh})"
        return f"np.broadcast_to({cur.expr}, {sh})"

    def scalar_for(self, dt, for_write=False):
        rng = self.rng
        if dt == "bool":
            return rng.choice(["True", "False", "True", "1", "0"]) if for_write else rng.choice(["True", "False", "1", "2"])
        if dt.startswith("float"):
            return rng.choice(["2", "-1", "0.5", "1.5", "-2.0", "100.0", "0.25", "3", "7"])
        lo = INT_RANGE[dt][0]
        pool = ["2", "3", "-1", "1", "5", "7", "-3", "10", "100", "0"]
        if rng.random() < 0.1:
            pool = ["200", "300", "-200", "1000"] if dt in ("int8", "uint8") else ["1000", "-5000", "70000"]
        if for_write and rng.random() < 0.12:
            pool = ["2.7", "-1.9", "0.5"]
        v = rng.choice(pool)
        if lo == 0 and v.startswith("-") and ("." in v or rng.random() < 0.6):
            v = v[1:]  # a negative float into uint8 is undefined; a negative int is an OverflowError
        return v

    def operand_exprs(self, cur):
        """Array operands for arithmetic / writes: live names and simple views of them."""
        out = []
        for n in self.names:
            a = self.ns[n]
            out.append(n)
            if a.ndim >= 1:
                out.append(f"{n}[0]" if a.shape[0] else f"{n}[:, None]")
                out.append(f"{n}[:, None]")
                out.append(f"{n}.T")
                out.append(f"{n}[::-1]")
            if a.ndim >= 2:
                out.append(f"{n}[:, 0]" if a.shape[1] else f"{n}[0]")
                out.append(f"{n}[0, :, None]" if a.shape[0] else n)
        return out

    def op_arith(self, cur, err):
        rng = self.rng
        op = rng.choices(["+", "-", "*", "/"], weights=[4, 3, 4, 2])[0]
        dt = str(cur.v.dtype)
        if rng.random() < 0.5 and not err:
            s = self.scalar_for(dt)
            if op == "/" and s in ("0", "False"):
                s = "2"
            if rng.random() < 0.2:
                return f"{s} {op} {cur.p}#binop"
            return f"{cur.p} {op} {s}#binop"
        cands = self.operand_exprs(cur) + [cur.p]
        rng.shuffle(cands)
        want_ok = not err
        for c in cands[:12]:
            st, ov = self.try_eval(c)
            if st != "ok":
                continue
            try:
                ok = np.broadcast_shapes(cur.v.shape, ov.shape)
                ok = True
            except ValueError:
                ok = False
            if ok == want_ok:
                other = c
                break
        else:
            raise Fail
        if rng.random() < 0.3:
            return f"{other} {op} {cur.p}#binop"
        return f"{cur.p} {op} {other}#binop"

    def owner_bounds(self, v):
        owner = buffer_owner(v)
        if not isinstance(owner, np.ndarray) or not owner.flags.owndata:
            raise Fail
        return data_ptr(owner), owner.nbytes

    def op_as_strided(self, cur, err):
        rng = self.rng
        v = cur.v
        isz = v.itemsize
        lo, nbytes = self.owner_bounds(v)
        p = data_ptr(v)
        own = [s for s in v.strides]
        for _ in range(60):
            nd = rng.choices([1, 2, 3], weights=[3, 5, 2])[0]
            shape = [rng.choices(range(6), weights=[0.3, 2, 4, 4, 3, 2])[0] for _ in range(nd)]
            pool = [0, isz, isz, 2 * isz, 3 * isz, -isz, 4 * isz] + own
            strides = [rng.choice(pool) for _ in range(nd)]
            if prod(shape) == 0:
                ok = True
            else:
                mn = p + sum(min(0, (n - 1) * s) for n, s in zip(shape, strides))
                mx = p + sum(max(0, (n - 1) * s) for n, s in zip(shape, strides)) + isz
                ok = mn >= lo and mx <= lo + nbytes
            if ok:
                break
        else:
            raise Fail
        if err:
            if rng.random() < 0.5 or len(strides) == 1:
                strides = strides + [isz]
            else:
                strides = strides[:-1]
        f = rng.choice(["as_strided", "as_strided", "np.lib.stride_tricks.as_strided"])
        if rng.random() < 0.5:
            return f"{f}({cur.expr}, shape={tup(shape)}, strides={tup(strides)})"
        return f"{f}({cur.expr}, {tup(shape)}, {tup(strides)})"

    def op_sliding_window_view(self, cur, err):
        rng = self.rng
        shape = cur.v.shape
        nd = len(shape)
        f = rng.choice(["sliding_window_view", "sliding_window_view", "np.lib.stride_tricks.sliding_window_view"])
        if nd == 0 and not err:
            raise Fail
        use_axis = nd > 1 and rng.random() < 0.55 or (nd == 1 and rng.random() < 0.2)
        if use_axis:
            k = rng.randint(1, min(nd, 2))
            axes = rng.sample(range(nd), k)
            if rng.random() < 0.05:
                axes = [axes[0], axes[0]]  # NumPy allows a repeated axis
        else:
            axes = list(range(nd))
        win = []
        rem = {}
        for a in axes:
            n = rem.get(a, shape[a])
            w = rng.randint(1, n) if n >= 1 else 0
            if n >= 1 and rng.random() < 0.05:
                w = 0
            win.append(w)
            rem[a] = n - w + 1
        if err:
            e = rng.choice(["big", "neg", "count", "axis"])
            i = rng.randrange(len(win)) if win else 0
            if e == "big" and win:
                win[i] = shape[axes[i]] + rng.choice([1, 2])
            elif e == "neg" and win:
                win[i] = -rng.choice([1, 2])
            elif e == "count" and not use_axis:
                win = win + [1] if rng.random() < 0.5 or len(win) < 2 else win[:-1]
            else:
                use_axis = True
                axes = [nd + rng.choice([0, 1])] if not axes else [nd] + axes[1:]
                win = win or [1]
        out = [n for n in shape]
        try:
            for a, w in zip(axes, win):
                out[a] = out[a] - w + 1
            if prod(max(0, n) for n in out) * prod(max(0, w) for w in win) > MAX_ARRAY:
                raise Fail
        except IndexError:
            pass
        ws = str(win[0]) if len(win) == 1 and rng.random() < 0.6 else tup(win)
        if use_axis:
            ax = str(axes[0]) if len(axes) == 1 and rng.random() < 0.6 else tup(axes)
            return f"{f}({cur.expr}, {ws}, axis={ax})"
        return f"{f}({cur.expr}, {ws})"

    # -- writes ---------------------------------------------------------------------------------
    def write(self, err):
        rng = self.rng
        names = list(self.names)
        if not err:
            w = [n for n in names if self.ns[n].flags.writeable]
            names = w or names
        else:
            ro = [n for n in names if not self.ns[n].flags.writeable]
            if ro and rng.random() < 0.5:
                names = ro
        name = rng.choice(names)
        a = self.ns[name]
        dt = str(a.dtype)
        for _ in range(10):
            r = rng.random()
            if a.ndim == 0:
                idx = rng.choice(["...", "()"])
            elif r < 0.45 or err:
                idx = gen_basic_index(rng, a.shape, err and rng.random() < 0.6)
            elif r < 0.6:
                idx = "..."
            elif r < 0.75 and a.shape[0]:
                idx = lst(rng.randint(-a.shape[0], a.shape[0] - 1) for _ in range(rng.randint(1, 3)))
            elif r < 0.9 and a.size and dt != "bool":
                idx = f"{name} {rng.choice(['>', '<', '>=', '=='])} {fmt_num(rng.choice(list(a.ravel())))}"
            else:
                idx = str(rng.randint(-a.shape[0], a.shape[0] - 1)) if a.shape[0] else ":"
            if idx == "()":
                lhs = f"{name}[()]"
            else:
                lhs = f"{name}[{idx}]"
            st, region = self.try_eval(lhs)
            if st != "ok" and not err:
                continue
            rhs = None
            if st == "ok" and isinstance(region, np.ndarray) and rng.random() < 0.25:
                cands = self.operand_exprs(Val(name, a))
                rng.shuffle(cands)
                for c in cands[:10]:
                    s2, ov = self.try_eval(c)
                    if s2 != "ok" or not cast_is_safe(ov, ov.dtype, a.dtype):
                        continue
                    try:
                        fits = np.broadcast_shapes(ov.shape, region.shape) == region.shape
                    except ValueError:
                        fits = False
                    if fits or rng.random() < 0.07:
                        rhs = c
                        break
            if rhs is None:
                rhs = self.scalar_for(dt, for_write=True)
            stmt = f"{lhs} = {rhs}"
            st, e = self.try_exec(stmt)
            if st == "warn":
                continue
            self.stmts.append(stmt)
            self.labels.append("write")
            if st == "err":
                self.after_error()
            return
        raise Fail

    # -- the last line --------------------------------------------------------------------------
    ATTRS = [
        ("shape", 5),
        ("strides", 8),
        ("ndim", 2),
        ("size", 2),
        ("itemsize", 1),
        ("nbytes", 2),
        ("dtype", 2),
        ("flags.c_contiguous", 3),
        ("flags.f_contiguous", 3),
        ("flags['C_CONTIGUOUS']", 1),
        ("flags['F_CONTIGUOUS']", 2),
        ("flags.writeable", 2),
        ("flags['WRITEABLE']", 1),
        ("flags.owndata", 2),
        ("flags['OWNDATA']", 1),
    ]

    def other_operand(self, cur):
        rng = self.rng
        others = [n for n in self.names if n != cur.expr]
        if others and rng.random() < 0.7:
            return rng.choice(others)
        r = self.root
        n = self.ns[r].shape[0] if self.ns[r].ndim else 0
        return rng.choice(
            [r, f"{r}[1:]", f"{r}[::2]", f"{r}.T", f"{r}.copy()", f"{r}[::-1]", f"{r}[{n}:]", f"{r}[:1]", f"{r}[..., 1:]"]
        )

    def finish(self, cur):
        rng = self.rng
        kind = rng.choices(
            ["plain", "attr", "base", "shares", "write", "bshapes"], weights=[64, 18, 4, 7, 6, 4]
        )[0]
        if kind == "plain":
            self.stmts.append(cur.expr)
        elif kind == "attr":
            names, w = zip(*self.ATTRS)
            a = rng.choices(names, weights=w)[0]
            self.labels.append("attr." + a.replace("flags['", "flags.").replace("']", "").lower())
            self.stmts.append(f"{cur.p}.{a}")
        elif kind == "base":
            self.labels.append("base")
            other = rng.choice(["None", self.root, cur.expr if cur.name else self.root] + self.names)
            self.stmts.append(f"{cur.p}.base is {other}")
        elif kind == "shares":
            f = rng.choice(["shares_memory", "shares_memory", "may_share_memory"])
            self.labels.append(f)
            o = self.other_operand(cur)
            pair = (cur.expr, o) if rng.random() < 0.6 else (o, cur.expr)
            self.stmts.append(f"np.{f}({pair[0]}, {pair[1]})")
        elif kind == "write":
            cur = self.commit(cur)
            try:
                self.write(err=rng.random() < 0.25)
            except Fail:
                self.stmts.append(cur.expr)
            # a trailing assignment: the result is None (or the error)
        else:
            self.labels.append("broadcast_shapes")
            self.stmts.append(self.broadcast_shapes_expr(cur))

    def broadcast_shapes_expr(self, cur):
        rng = self.rng
        use_attr = cur.name and rng.random() < 0.4
        base = list(cur.v.shape) if use_attr else list(rand_shape(rng, zero_w=0.3))
        err = rng.random() < 0.3
        shapes = [base]
        for _ in range(rng.choice([1, 1, 2])):
            s = base[rng.randint(0, len(base)) :] if base else []
            s = [1 if rng.random() < 0.35 else n for n in s]
            if rng.random() < 0.2:
                s = [rng.randint(1, 3)] + s
            shapes.append(s)
        if err:
            s = shapes[-1]
            cand = [i for i, n in enumerate(s) if n > 1 or n == 0]
            if cand:
                i = rng.choice(cand)
                s[i] = s[i] + rng.choice([1, 2])
            else:
                shapes.append(base[:-1] + [base[-1] + 2] if base and base[-1] > 0 else [2, 3])
        lits = [tup(s) if len(s) != 1 or rng.random() < 0.7 else str(s[0]) for s in shapes]
        if use_attr:
            lits[0] = f"{cur.expr}.shape"
        rng.shuffle(lits)
        return f"np.broadcast_shapes({', '.join(lits)})"


# --------------------------------------------------------------------------------------------
# PyTorch programs
# --------------------------------------------------------------------------------------------


class TorchBuilder(Builder):
    P_WRITE = 0.0
    P_ERR = 0.11

    def is_array(self, v):
        return isinstance(v, torch.Tensor)

    def first_line(self):
        rng = self.rng
        name = rng.choices(["t", "a", "out", "x"], weights=[6, 2, 1, 1])[0]
        self.used.add(name)
        dt = rng.choices(TORCH_DTYPES, weights=TORCH_DTYPE_W)[0]
        shape = rand_shape(rng)
        n = prod(shape)
        nd = len(shape)
        form = "arange" if dt != "bool" and rng.random() < 0.75 else rng.choice(["zeros", "ones"])
        if form == "arange":
            if dt == "float32" and rng.random() < 0.8:
                base = f"torch.arange({n}.0)"
            elif dt == "int64" and rng.random() < 0.8:
                base = f"torch.arange({n})"
            else:
                base = f"torch.arange({n}, dtype=torch.{dt})"
            if nd > 1 or rng.random() < 0.1:
                base += f".reshape({tup(shape) if rng.random() < 0.3 else args(shape)})"
            expr = base
        else:
            sh = args(shape) if rng.random() < 0.5 else tup(shape)
            dk = "" if dt == "float32" and rng.random() < 0.6 else f", dtype=torch.{dt}"
            if dk and sh == args(shape) and rng.random() < 0.5:
                sh = tup(shape)
            expr = f"torch.{form}({sh}{dk})"
        line = f"{name} = {expr}"
        self.stmts.append(line)
        st, _ = self.try_exec(line)
        assert st == "ok", line
        self.names.append(name)
        self.root = name
        return Val(name, self.ns[name], name=True)

    def op_table(self, cur):
        nd = cur.v.dim()
        return [
            ("index", 14),
            ("view", 12),
            ("reshape", 6),
            ("contiguous", 5),
            ("expand", 7),
            ("permute", 6),
            ("transpose", 7),
            ("unsqueeze", 4 if nd < 5 else 0),
            ("squeeze", 4),
            ("mT", 3),
            ("T", 3 if nd == 2 else 0),
            ("flatten", 3),
            ("clone", 3),
        ]

    def rand_dim(self, nd, err):
        m = max(nd, 1)  # PyTorch treats a 0-d tensor as having dims [-1, 0]
        if err:
            return self.rng.choice([m, m + 1, -m - 1])
        return self.rng.randint(-m, m - 1)

    def op_index(self, cur, err):
        return f"{cur.p}[{gen_basic_index(self.rng, tuple(cur.v.shape), err, torch_mode=True)}]"

    def shape_for(self, cur, err):
        return target_shape(self.rng, cur.v.numel(), err, negatives=(-2,))

    def op_view(self, cur, err):
        shape = self.shape_for(cur, err)
        if not shape or self.rng.random() < 0.3:
            return f"{cur.p}.view({tup(shape)})"
        return f"{cur.p}.view({args(shape)})"

    def op_reshape(self, cur, err):
        shape = self.shape_for(cur, err)
        if not shape or self.rng.random() < 0.3:
            return f"{cur.p}.reshape({tup(shape)})"
        return f"{cur.p}.reshape({args(shape)})"

    def op_contiguous(self, cur, err):
        return f"{cur.p}.contiguous()"

    def op_clone(self, cur, err):
        return f"{cur.p}.clone()"

    def op_flatten(self, cur, err):
        return f"{cur.p}.flatten()"

    def op_expand(self, cur, err):
        rng = self.rng
        shape = list(cur.v.shape)
        sizes = []
        for n in shape:
            if n == 1 and rng.random() < 0.7:
                sizes.append(rng.choice([2, 3, 4, 0, 1, -1]))
            else:
                sizes.append(-1 if rng.random() < 0.3 else n)
        lead = rng.choices([0, 1, 2], weights=[3, 4, 2])[0]
        sizes = [rng.choice([1, 2, 3, 4, 0]) for _ in range(lead)] + sizes
        if err:
            e = rng.choice(["dim", "lead", "fewer"])
            non1 = [i for i, n in enumerate(shape) if n != 1]
            if e == "dim" and non1:
                i = rng.choice(non1) + lead
                sizes[i] = shape[i - lead] + rng.choice([1, 2])
            elif e == "lead" or not shape:
                sizes = [-1] + sizes
            else:
                sizes = sizes[lead + 1 :]
        n_out = prod(max(s, 0) if s != -1 else 1 for s in sizes) * max(1, prod(shape))
        if n_out > MAX_ARRAY * 4:
            raise Fail
        if not sizes or rng.random() < 0.3:
            return f"{cur.p}.expand({tup(sizes)})"
        return f"{cur.p}.expand({args(sizes)})"

    def op_permute(self, cur, err):
        rng = self.rng
        nd = cur.v.dim()
        if nd == 0 and not err:
            raise Fail
        axes = list(range(nd))
        rng.shuffle(axes)
        axes = [a - nd if rng.random() < 0.15 else a for a in axes]
        if err:
            e = rng.choice(["repeat", "len", "range"])
            if e == "repeat" and nd >= 2:
                axes[0] = axes[1] if axes[1] >= 0 else axes[1] + nd
            elif e == "len" or nd == 0:
                axes = axes[:-1] if nd > 1 and rng.random() < 0.5 else axes + [max(nd - 1, 0)]
            else:
                axes[rng.randrange(nd)] = rng.choice([nd, -nd - 1])
        if not axes:
            raise Fail
        if rng.random() < 0.4:
            return f"{cur.p}.permute({tup(axes)})"
        return f"{cur.p}.permute({args(axes)})"

    def op_transpose(self, cur, err):
        nd = cur.v.dim()
        a = self.rand_dim(nd, err)
        b = self.rand_dim(nd, False)
        if self.rng.random() < 0.5:
            a, b = b, a
        return f"{cur.p}.transpose({a}, {b})"

    def op_unsqueeze(self, cur, err):
        nd = cur.v.dim()
        d = self.rng.choice([nd + 1, nd + 2, -nd - 2]) if err else self.rng.randint(-nd - 1, nd)
        return f"{cur.p}.unsqueeze({d})"

    def op_squeeze(self, cur, err):
        rng = self.rng
        shape = list(cur.v.shape)
        nd = len(shape)
        ones = [i for i, n in enumerate(shape) if n == 1]
        if err:
            d = self.rand_dim(nd, True)
        elif ones and rng.random() < 0.7:
            d = rng.choice(ones)
            d = d - nd if rng.random() < 0.25 else d
        else:
            d = self.rand_dim(nd, False)
        return f"{cur.p}.squeeze({d})"

    def op_mT(self, cur, err):
        if cur.v.dim() < 2 and not err:
            raise Fail
        return f"{cur.p}.mT"

    def op_T(self, cur, err):
        return f"{cur.p}.T"

    def finish(self, cur):
        rng = self.rng
        kind = rng.choices(
            ["plain", "stride()", "storage_offset()", "is_contiguous()", "shape", "size()", "dim()", "numel()"],
            weights=[66, 14, 7, 7, 4, 3, 2, 2],
        )[0]
        if kind == "plain":
            self.stmts.append(cur.expr)
        else:
            self.labels.append("attr." + kind)
            self.stmts.append(f"{cur.p}.{kind}")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def generate(kind, seed, count, quiet=False):
    rng = random.Random(f"strides-lab:{kind}:{seed}")
    fixed = FIXED_NUMPY if kind == "numpy" else FIXED_TORCH
    builder_cls = NumpyBuilder if kind == "numpy" else TorchBuilder
    rows = []
    seen = set()
    op_programs = Counter()
    op_total = Counter()
    kinds = Counter()
    errors = Counter()
    for src in fixed:
        exp, warns = run_program(src)
        assert not warns, (src, warns)
        rows.append({"program": src, "expected": exp})
        seen.add(src)
        kinds[result_kind(exp)] += 1
    made = 0
    attempts = 0
    while made < count:
        attempts += 1
        if attempts > count * 20:
            raise RuntimeError("generator is stuck")
        b = builder_cls(rng)
        try:
            b.build()
        except Fail:
            continue
        src = b.source()
        if src in seen:
            continue
        exp, warns = run_program(src)
        if warns:
            continue
        if "values" in exp and len(exp["values"]) > MAX_ARRAY:
            continue
        seen.add(src)
        rows.append({"program": src, "expected": exp})
        made += 1
        k = result_kind(exp)
        kinds[k] += 1
        if k == "error":
            errors[exp["error"]] += 1
        for lab in set(b.labels):
            op_programs[lab] += 1
        for lab in b.labels:
            op_total[lab] += 1
    if not quiet:
        print(f"{kind}: {len(rows)} programs ({len(fixed)} fixed, {count} random)", file=sys.stderr)
        print("result kinds:", dict(sorted(kinds.items())), file=sys.stderr)
        print("errors:", dict(errors.most_common()), file=sys.stderr)
        print("operation: programs (occurrences)", file=sys.stderr)
        for lab, c in sorted(op_programs.items(), key=lambda kv: -kv[1]):
            print(f"  {lab}: {c} ({op_total[lab]})", file=sys.stderr)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=["numpy", "torch"], default="numpy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-issue15", action="store_true",
                    help="leave out issue 15's operations (ops15.py), as the corpora before them")
    a = ap.parse_args(argv)
    if not a.no_issue15:
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import ops15

        ops15.install(NumpyBuilder, TorchBuilder)
    torch.set_num_threads(1)
    rows = generate(a.kind, a.seed, a.count, a.quiet)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True, allow_nan=False) + "\n")


if __name__ == "__main__":
    main()
