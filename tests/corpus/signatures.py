#!/usr/bin/env python3
"""Record how NumPy, PyTorch and CPython answer an unknown keyword, for every function and method
the lab has (`crates/arrays/tests/signatures.rs`).

    /work/venv/bin/python tests/corpus/signatures.py > tests/corpus/signatures.jsonl

Each function or method is called twice with a keyword it does not have (`foo=1`): once alone
and once after arguments it accepts, plus once with one positional too many. The Rust test
lists the lab's own tables (NumPy's and PyTorch's functions and methods, NumPy scalars' methods,
the Python builtins) and requires a recorded line for every name there and a name there for every
recorded line, so a new function is swept as soon as it is added (the test says to rerun this
script). Lines are `{"expected", "kind", "name", "program"}`, sorted as written here.
"""

import contextlib
import io
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

ARRAY = "x = np.arange(6.0).reshape(2, 3)"
SCALAR = "s = np.float32(3)"
TENSOR = "t = torch.arange(24.).reshape(2, 3, 4)"

# name -> arguments it accepts (a valid call), and one positional too many.
NUMPY_FUNCTIONS = {
    "arange": "3",
    "zeros": "3",
    "ones": "3",
    "empty": "3",
    "full": "3, 1.5",
    "zeros_like": "x",
    "ones_like": "x",
    "array": "[1, 2]",
    "asarray": "[1, 2]",
    "ascontiguousarray": "x",
    "asfortranarray": "x",
    "dtype": "'f4'",
    "reshape": "x, 6",
    "transpose": "x",
    "swapaxes": "x, 0, 1",
    "moveaxis": "x, 0, 1",
    "squeeze": "x",
    "expand_dims": "x, 0",
    "ravel": "x",
    "copy": "x",
    "matrix_transpose": "x",
    "broadcast_to": "x, (2, 3)",
    "broadcast_shapes": "(2, 3)",
    "shares_memory": "x, x",
    "may_share_memory": "x, x",
    "sum": "x",
    "prod": "x",
    "max": "x",
    "min": "x",
    "mean": "x",
    "as_strided": "x",
    "sliding_window_view": "x, 2",
    "matmul": "x, x.T",
    "dot": "x, x.T",
    "vdot": "x, x",
    "inner": "x, x",
    "einsum": "'ij', x",
    "einsum_path": "'ij', x",
    "concatenate": "[x, x]",
    "stack": "[x, x]",
    "hstack": "[x, x]",
    "vstack": "[x, x]",
    "tile": "x, 2",
    "repeat": "x, 2",
    "split": "x, 2",
    "array_split": "x, 2",
    "flip": "x",
    "fliplr": "x",
    "flipud": "x",
    "diagonal": "x",
    "argmax": "x",
    "argmin": "x",
    "any": "x",
    "all": "x",
    "std": "x",
    "var": "x",
    "cumsum": "x",
    "cumprod": "x",
    "sort": "x",
    "argsort": "x",
    "median": "x",
    "percentile": "x, 50",
    "quantile": "x, 0.5",
    "outer": "x, x",
    "linspace": "0, 1",
    "logspace": "0, 1",
    "eye": "2",
    "identity": "2",
    "tril": "x",
    "triu": "x",
    "full_like": "x, 1",
    "empty_like": "x",
}
STRIDE_TRICKS = {"as_strided", "sliding_window_view"}

NUMPY_METHODS = {
    "reshape": "6",
    "transpose": "",
    "swapaxes": "0, 1",
    "squeeze": "",
    "ravel": "",
    "flatten": "",
    "copy": "",
    "astype": "float",
    "tolist": "",
    "item": "0",
    "view": "",
    "fill": "0",
    "sum": "",
    "prod": "",
    "max": "",
    "min": "",
    "mean": "",
    "dot": "x.T",
    "repeat": "2",
    "diagonal": "",
    "argmax": "",
    "argmin": "",
    "any": "",
    "all": "",
    "std": "",
    "var": "",
    "cumsum": "",
    "cumprod": "",
    "sort": "",
    "argsort": "",
}

SCALAR_METHODS = {
    "astype": "float",
    "item": "",
    "tolist": "",
    "reshape": "1",
    "copy": "",
    "flatten": "",
    "ravel": "",
}

TORCH_FUNCTIONS = {
    "arange": "3",
    "zeros": "3",
    "ones": "3",
    "empty": "3",
    "full": "(2,), 1.0",
    "zeros_like": "t",
    "ones_like": "t",
    "tensor": "[1, 2]",
    "as_strided": "t, (2,), (1,)",
    "matmul": "t, t",
    "mm": "t, t",
    "bmm": "t, t",
    "einsum": "'ijk', t",
    "cat": "[t, t]",
    "stack": "[t, t]",
    "narrow": "t, 0, 0, 1",
    "flip": "t, (0,)",
    "select": "t, 0, 0",
    "diagonal": "t",
    "transpose": "t, 0, 1",
    "permute": "t, (2, 1, 0)",
    "flatten": "t",
    "unsqueeze": "t, 0",
    "squeeze": "t",
    "clone": "t",
    "reshape": "t, (24,)",
    "manual_seed": "0",
    "rand": "(3,)",
    "randn": "(3,)",
    "randint": "10, (3,)",
    "randperm": "4",
    "normal": "0.0, 1.0, (3,)",
    "rand_like": "t",
    "randn_like": "t",
    "sum": "t",
    "mean": "t",
    "std": "t",
    "var": "t",
    "softmax": "t, 0",
    "log_softmax": "t, 0",
    "relu": "t",
    "logsumexp": "t, 0",
    "from_numpy": "np.arange(3)",
    "full_like": "t, 1",
    "empty_like": "t",
    "tril": "t",
    "triu": "t",
    "linspace": "0, 1, 3",
    "logspace": "0, 1, 3",
    "eye": "2",
    "cumsum": "t, 0",
    "cumprod": "t, 0",
    "sort": "t",
    "argsort": "t",
    "topk": "t, 1",
    "masked_fill": "t, t > 3, 0.0",
    "swapaxes": "t, 0, 1",
    "swapdims": "t, 0, 1",
    "max": "t",
    "min": "t",
    "pow": "t, 2",
    "equal": "t, t",
    "scatter": "t, 0, torch.zeros(1, 1, 1, dtype=torch.long), 1.0",
    "gather": "t, 0, torch.zeros(1, 1, 1, dtype=torch.long)",
    "index_fill": "t, 0, torch.tensor([0]), 1.0",
    "cdist": "t, t",
    "median": "t",
    "nanmedian": "t",
    "quantile": "t, 0.5",
    "nanquantile": "t, 0.5",
    "norm": "t",
}

TORCH_METHODS = {
    "stride": "",
    "storage_offset": "",
    "size": "",
    "dim": "",
    "numel": "",
    "element_size": "",
    "is_contiguous": "",
    "view": "24",
    "reshape": "24",
    "flatten": "",
    "transpose": "0, 1",
    "t": "",
    "permute": "2, 1, 0",
    "contiguous": "",
    "expand": "2, 3, 4",
    "unsqueeze": "0",
    "squeeze": "",
    "clone": "",
    "tolist": "",
    "item": "",
    "sum": "",
    "matmul": "t",
    "mm": "t",
    "bmm": "t",
    "narrow": "0, 0, 1",
    "select": "0, 0",
    "unfold": "0, 1, 1",
    "diagonal": "",
    "repeat": "1, 1, 1",
    "flip": "0",
    "argmax": "",
    "argmin": "",
    "any": "",
    "all": "",
    "float": "",
    "double": "",
    "half": "",
    "bfloat16": "",
    "long": "",
    "int": "",
    "short": "",
    "char": "",
    "byte": "",
    "bool": "",
    "to": "torch.float64",
    "type": "",
    "numpy": "",
    "mean": "",
    "std": "",
    "var": "",
    "softmax": "0",
    "log_softmax": "0",
    "relu": "",
    "logsumexp": "0",
    "norm": "",
    "cumsum": "0",
    "cumprod": "0",
    "sort": "",
    "argsort": "",
    "topk": "1",
    "median": "",
    "nanmedian": "",
    "quantile": "0.5",
    "nanquantile": "0.5",
    "masked_fill": "t > 3, 0.0",
    "masked_fill_": "t > 3, 0.0",
    "as_strided": "(2,), (1,)",
    "expand_as": "t",
    "swapaxes": "0, 1",
    "swapdims": "0, 1",
    "max": "",
    "min": "",
    "pow": "2",
    "equal": "t",
    "tril": "",
    "triu": "",
    "backward": "",
    "requires_grad_": "",
    "scatter_": "0, torch.zeros(1, 1, 1, dtype=torch.long), 1.0",
    "scatter": "0, torch.zeros(1, 1, 1, dtype=torch.long), 1.0",
    "gather": "0, torch.zeros(1, 1, 1, dtype=torch.long)",
    "fill_": "1.0",
    "zero_": "",
    "index_fill_": "0, torch.tensor([0]), 1.0",
    "index_fill": "0, torch.tensor([0]), 1.0",
}

# `torch.nn.functional` (as F), `torch.linalg`, `np.linalg` and `math`: (prefix, callee, args).
MODULE_FUNCTIONS = {
    "functional-function": (
        "import torch.nn.functional as F; " + TENSOR,
        "F",
        {
            "softmax": "t, 0",
            "log_softmax": "t, 0",
            "relu": "t",
            "gelu": "t",
            "one_hot": "torch.arange(3)",
            "layer_norm": "t, (4,)",
            "linear": "t, torch.ones(2, 4)",
            "cross_entropy": "t[0], torch.tensor([0, 1, 2])",
            "pad": "t, (1, 1)",
            "mse_loss": "t, t",
            "l1_loss": "t, t",
            "nll_loss": "t[0], torch.tensor([0, 1, 2])",
        },
    ),
    "torch-linalg-function": (TENSOR, "torch.linalg", {"norm": "t", "vector_norm": "t", "matrix_norm": "t"}),
    "numpy-linalg-function": (ARRAY, "np.linalg", {"norm": "x", "svd": "x"}),
    "math-function": (
        "import math",
        "math",
        {
            name: ("1, 2" if name in ("atan2", "pow", "copysign", "fmod", "hypot") else "0.5")
            for name in (
                "sqrt exp expm1 log2 log10 log1p sin cos tan asin acos atan sinh cosh tanh "
                "asinh acosh atanh fabs degrees radians floor ceil trunc isnan isinf isfinite "
                "atan2 pow copysign fmod hypot log"
            ).split()
        },
    ),
}

BUILTINS = {
    "len": "[1]",
    "tuple": "[1]",
    "list": "[1]",
    "range": "3",
    "int": "3",
    "float": "3",
    "bool": "3",
    "abs": "3",
    "min": "1, 2",
    "max": "1, 2",
    "sum": "[1]",
    "str": "3",
    "repr": "3",
    "type": "3",
    "print": "3",
}

# Methods whose surplus positionals are more of the same (no error to record).
VARARGS_ONLY = {"repeat"}

# Calling a NumPy scalar type.
SCALAR_TYPES = {"float32": "3", "int8": "3"}


def calls(prefix, callee, args):
    """The three probing calls of `callee` (a valid call is `callee(args)`)."""
    with_args = f"{args}, foo=1" if args else "foo=1"
    extra = f"{args}, 1, 2, 3, 4, 5, 6, 7, 8" if args else "1, 2, 3, 4, 5, 6, 7, 8"
    out = [f"{callee}(foo=1)", f"{callee}({with_args})", f"{callee}({extra})"]
    return [f"{prefix}; {c}" if prefix else c for c in out]


def main():
    rows = []
    for name, args in NUMPY_FUNCTIONS.items():
        callee = f"np.lib.stride_tricks.{name}" if name in STRIDE_TRICKS else f"np.{name}"
        rows += [("numpy-function", name, p) for p in calls(ARRAY, callee, args)]
    for name, args in NUMPY_METHODS.items():
        rows += [("numpy-method", name, p) for p in calls(ARRAY, f"x.{name}", args)]
    for name, args in SCALAR_METHODS.items():
        rows += [("numpy-scalar-method", name, p) for p in calls(SCALAR, f"s.{name}", args)]
    for name, args in SCALAR_TYPES.items():
        rows += [("numpy-scalar-type", name, p) for p in calls("", f"np.{name}", args)]
    for name, args in TORCH_FUNCTIONS.items():
        rows += [("torch-function", name, p) for p in calls(TENSOR, f"torch.{name}", args)]
    for name, args in TORCH_METHODS.items():
        probes = calls(TENSOR, f"t.{name}", args)
        # `t.repeat(*sizes)` takes any number of sizes: the surplus call is a 5 MB tensor.
        if name in VARARGS_ONLY:
            probes = probes[:2]
        rows += [("torch-method", name, p) for p in probes]
    for kind, (prefix, module, functions) in MODULE_FUNCTIONS.items():
        for name, args in functions.items():
            rows += [(kind, name, p) for p in calls(prefix, f"{module}.{name}", args)]
    for name, args in BUILTINS.items():
        rows += [("builtin", name, p) for p in calls("", name, args)]
    for kind, name, program in rows:
        with contextlib.redirect_stdout(io.StringIO()):  # `print(...)` prints
            expected, _ = run_program(program)
        line = {"expected": expected, "kind": kind, "name": name, "program": program}
        print(json.dumps(line, sort_keys=True, allow_nan=False))


if __name__ == "__main__":
    main()
