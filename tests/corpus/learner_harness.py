"""The harness of the learner corpora (learner.py, seed_snippets.py): run a program the way a
learner types it (`import numpy as np`, `import torch.nn.functional as F`, `from math import
sqrt`, `print(...)`) in real NumPy / PyTorch and encode its result exactly as generate.py does
(same `expected` fields, see README.md), plus:

- `"stdout"` in `expected` when the program printed and raised nothing (as `strides eval` does);
- the marks of values whose last bits depend on the machine (`values_exact`, `inexact_by`) and of
  values drawn from PyTorch's random generator (`torch_random`), computed from the program's text
  by `value_marks`.
"""

import ast
import builtins
import contextlib
import io
import os
import re
import sys
import types
import warnings

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import buffer_owner, encode, fresh_namespace, printed_suggestion  # noqa: E402

_LIBS = ("numpy", "torch")


class Recorder:
    """A module seen through the program's names: its functions note the first array or tensor
    any of them returns, and its submodules (`np.random`, `np.linalg`, `torch.nn.functional`) are
    seen the same way."""

    def __init__(self, module, seen):
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_seen", seen)

    def __getattr__(self, name):
        obj = getattr(self._module, name)
        if isinstance(obj, types.ModuleType) and obj.__name__.split(".")[0] in _LIBS:
            return Recorder(obj, self._seen)
        if not callable(obj) or isinstance(obj, type):
            return obj
        seen = self._seen

        def call(*args, **kwargs):
            result = obj(*args, **kwargs)
            if not seen and isinstance(result, (np.ndarray, torch.Tensor)):
                seen.append(result)
            # A generator object (`rng = np.random.default_rng(0)`) creates arrays too:
            # `rng.integers(...)` may be the program's first array, as the lab counts it.
            if isinstance(result, (np.random.Generator, np.random.RandomState)):
                return Recorder(result, seen)
            return result

        return call


def learner_namespace():
    """A fresh namespace whose imports of numpy and torch give recording modules, and the list of
    arrays they created."""
    seen = []
    real_import = builtins.__import__

    def hooked_import(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002
        module = real_import(name, globals, locals, fromlist, level)
        if level == 0 and name.split(".")[0] in _LIBS:
            return Recorder(module, seen)
        return module

    ns = fresh_namespace()
    ns["np"] = Recorder(np, seen)
    ns["torch"] = Recorder(torch, seen)
    ns["__builtins__"] = dict(vars(builtins), __import__=hooked_import)
    return ns, seen


def execute(src):
    """Run `src` statement by statement, as the lab does. Returns (result, root): the value of a
    last statement that is an expression (else None), and the program's first array (the array a
    single name is given by the statement that creates the first array, else the first array a
    library function returned)."""
    body = ast.parse(src).body
    ns, created = learner_namespace()
    root = None
    result = None
    for i, st in enumerate(body):
        if i == len(body) - 1 and isinstance(st, ast.Expr):
            result = eval(compile(ast.Expression(st.value), "<program>", "eval"), ns)  # noqa: S307
        else:
            exec(compile(ast.Module([st], type_ignores=[]), "<program>", "exec"), ns)  # noqa: S102
        if root is None:
            named = (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Name)
                and isinstance(ns[st.targets[0].id], (np.ndarray, torch.Tensor))
            )
            if named:
                root = ns[st.targets[0].id]
            elif created:
                root = created[0]
    return result, root


def run_learner_program(src):
    """Run `src` in a fresh namespace with one PyTorch thread. Returns (expected, warnings);
    expected is None when the result has no encoding in the corpus format."""
    torch.set_num_threads(1)
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with contextlib.redirect_stdout(out):
                result, root = execute(src)
        except Exception as e:  # noqa: BLE001 - any exception is a recorded outcome
            expected = {"error": type(e).__name__, "message": str(e)}
            suggestion = printed_suggestion(e)
            if suggestion is not None:
                expected["suggestion"] = suggestion
            return expected, [str(w.message) for w in caught]
    try:
        expected = encode(result, root)
        shared_across_libraries(result, root, expected)
    except TypeError:
        return None, []  # a value the corpus format has no encoding for (a tuple of tensors)
    if out.getvalue():
        expected["stdout"] = out.getvalue()
    return expected, [str(w.message) for w in caught]


def _memory(obj):
    """(start address, bytes) of the memory an array or tensor reads from: the whole buffer of
    an array's owner, a tensor's whole storage."""
    if isinstance(obj, torch.Tensor):
        st = obj.untyped_storage()
        return st.data_ptr(), st.nbytes()
    owner = buffer_owner(obj)
    base = owner if isinstance(owner, np.ndarray) else obj
    return base.__array_interface__["data"][0], base.nbytes


def shared_across_libraries(result, root, expected):
    """`view` and `offset` of a result of the other library than the root (`torch.from_numpy(a)`,
    `t.numpy()`, `np.asarray(t)`): generate.py's rule follows one library's own links (`.base`,
    the storage), which do not cross; here the result is a view when it starts inside the root's
    memory, and its offset is counted from the start of that memory."""
    arrays = (np.ndarray, torch.Tensor)
    if not isinstance(result, arrays) or not isinstance(root, arrays):
        return
    if isinstance(result, np.ndarray) == isinstance(root, np.ndarray):
        return
    start, size = _memory(root)
    ptr = result.data_ptr() if isinstance(result, torch.Tensor) else result.__array_interface__["data"][0]
    view = size > 0 and start <= ptr < start + size
    expected["view"] = view
    expected["offset"] = ptr - start if view else 0


# Names whose float results depend on the CPU, the BLAS or the libm: transcendental functions,
# products (BLAS sums in its own order), norms, and PyTorch's reductions (its summation orders).
INEXACT_ANY = [
    "exp", "expm1", "log", "log1p", "log2", "log10", "tanh", "sinh", "cosh", "sin", "cos", "tan",
    "arctan", "arctan2", "atan", "sigmoid", "softmax", "log_softmax", "logsumexp", "gelu", "silu",
    "layer_norm", "cross_entropy", "mse_loss", "nll_loss", "matmul", "dot", "vdot", "inner",
    "einsum", "bmm", "mm", "linear", "tensordot", "norm", "cdist", "power", "pow", "erf",
]
INEXACT_TORCH = ["sum", "mean", "std", "var", "prod", "cumsum", "cumprod", "normalize"]
_TORCH_RANDOM = re.compile(
    r"\btorch\.(manual_seed|randn|rand|randint|randperm|normal|rand_like|randn_like|randint_like)\b"
    r"|\.(normal_|uniform_|random_|bernoulli_)\(|\bdropout\b"
)
_FLOAT_POWER = re.compile(r"\*\*\s*(-|\(?\s*[0-9]*\.[0-9]|\(?\s*1\s*/)")


def value_marks(src):
    """The marks of a program's values, from its text: `values_exact` false with the names that
    make it so (`inexact_by`), `torch_random` when it draws from PyTorch's generator."""
    code = re.sub(r"#.*", "", src)
    names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", code))
    by = [n for n in INEXACT_ANY if n in names]
    if "torch" in names:
        by += [n for n in INEXACT_TORCH if n in names]
    if "@" in code:
        by.append("@")
    if _FLOAT_POWER.search(code):
        by.append("** float")
    marks = {}
    if by:
        marks["values_exact"] = False
        marks["inexact_by"] = by
    if _TORCH_RANDOM.search(code):
        marks["torch_random"] = True
    return marks
