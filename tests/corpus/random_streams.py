#!/usr/bin/env python3
"""Record NumPy's and PyTorch's random streams as the lab's programs see them.

    /work/venv/bin/python tests/corpus/random_streams.py > tests/corpus/random.jsonl

Each line is `{"expected": ..., "program": ...}` made by generate.py's harness (`run_program`):
the legacy stream (`np.random.seed` and the global functions), `np.random.RandomState`,
`np.random.default_rng` (PCG64) and PyTorch's CPU generator, over many seeds, sizes, dtypes and
bounds, edge cases (power-of-two ranges, huge ranges, int8/uint8/int16/bool dtypes, big seeds),
calls interleaved on one stream, and NumPy's errors. The programs are fixed below and drawn from
a seeded `random.Random`, so two runs give the same file.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402

FIXED = [
    # Seed 001's example and the legacy functions one by one.
    "np.random.seed(0); a = np.random.randn(1024, 1024).astype(np.float32); a.T.strides",
    "np.random.seed(0); a = np.random.randn(1024, 1024).astype(np.float32); a[0, :8]",
    "np.random.seed(0); a = np.random.randn(1024, 1024); a[1023, 1000:]",
    "np.random.seed(0); np.random.rand()",
    "np.random.seed(0); np.random.rand(3)",
    "np.random.seed(0); np.random.rand(2, 3)",
    "np.random.seed(0); np.random.randn()",
    "np.random.seed(0); np.random.randn(5)",
    "np.random.seed(0); np.random.randn(); np.random.randn(); np.random.randn(3)",
    "np.random.seed(0); np.random.random()",
    "np.random.seed(0); np.random.random((2, 2))",
    "np.random.seed(0); np.random.random(size=3)",
    "np.random.seed(0); np.random.random_sample(4)",
    "np.random.seed(0); np.random.normal()",
    "np.random.seed(0); np.random.normal(5, 2, size=(2, 3))",
    "np.random.seed(0); np.random.normal(size=4)",
    "np.random.seed(0); np.random.uniform()",
    "np.random.seed(0); np.random.uniform(-1, 1, 5)",
    "np.random.seed(0); np.random.uniform(low=2, high=3, size=(2, 2))",
    "np.random.seed(0); np.random.randint(10)",
    "np.random.seed(0); np.random.randint(10, size=6)",
    "np.random.seed(0); np.random.randint(5, 15, (2, 4))",
    "np.random.seed(0); np.random.randint(0, 16, 10)",
    "np.random.seed(0); np.random.randint(0, 2**32, 6)",
    "np.random.seed(0); np.random.randint(0, 2**40, 6)",
    "np.random.seed(0); np.random.randint(-2**63, 2**63 - 1, 4)",
    "np.random.seed(0); np.random.randint(-5, 5, 20, dtype=np.int8)",
    "np.random.seed(0); np.random.randint(0, 256, 20, dtype=np.uint8)",
    "np.random.seed(0); np.random.randint(-128, 128, 9, dtype=np.int8)",
    "np.random.seed(0); np.random.randint(0, 1000, 9, dtype=np.int16)",
    "np.random.seed(0); np.random.randint(0, 1000, 9, dtype=np.int32)",
    "np.random.seed(0); np.random.randint(0, 2**32, 5, dtype=np.uint32)",
    "np.random.seed(0); np.random.randint(0, 2, 20, dtype=bool)",
    "np.random.seed(0); np.random.randint(0, 10, dtype=np.int8)",
    "np.random.seed(0); np.random.randint(3, 4, 5)",
    "np.random.seed(0); np.random.choice(10)",
    "np.random.seed(0); np.random.choice(10, 5)",
    "np.random.seed(0); np.random.choice(10, 5, replace=False)",
    "np.random.seed(0); np.random.choice(10, (2, 3), replace=False)",
    "np.random.seed(0); np.random.choice([3, 1, 4, 1, 5], 4)",
    "np.random.seed(0); np.random.choice(np.arange(6.0) * 2, 3)",
    "np.random.seed(0); np.random.choice(4, 6, p=[0.1, 0.2, 0.3, 0.4])",
    "np.random.seed(0); np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2])",
    "np.random.seed(0); np.random.permutation(10)",
    "np.random.seed(0); np.random.permutation([1, 2, 3, 4])",
    "np.random.seed(0); np.random.permutation(np.arange(12).reshape(4, 3))",
    "np.random.seed(0); x = np.arange(10); np.random.shuffle(x); x",
    "np.random.seed(0); x = np.arange(12).reshape(4, 3); np.random.shuffle(x); x",
    "np.random.seed(0); x = np.arange(10); r = np.random.shuffle(x); r",
    "np.random.seed(2**32 - 1); np.random.rand(3)",
    "np.random.seed(123456789); np.random.randn(4)",
    "np.random.seed([1, 2, 3]); np.random.rand(3)",
    "np.random.seed(0); a = np.random.rand(3); np.random.seed(0); b = np.random.rand(3); a == b",
    "np.random.seed(1); np.random.randn(3); np.random.seed(1); np.random.randn(3)",
    "np.random.seed(0); np.random.randn(1); np.random.rand(2)",
    "np.random.seed(0); np.random.randn(1); np.random.randint(100, size=3)",
    "np.random.seed(0); np.random.rand(0)",
    "np.random.seed(0); np.random.rand(2, 0, 3)",
    "np.random.seed(0); np.random.rand(3).dtype",
    "np.random.seed(0); np.random.randint(10, size=3).dtype",
    "rs = np.random.RandomState(42); rs.rand(3)",
    "rs = np.random.RandomState(42); rs.randn(2, 2)",
    "rs = np.random.RandomState(42); rs.randint(0, 100, 5)",
    "rs = np.random.RandomState(42); np.random.seed(0); rs.rand(2)",
    # Errors as NumPy raises them.
    "np.random.randint(5, 5)",
    "np.random.randint(5, 2)",
    "np.random.randint(0)",
    "np.random.randint(-1, 300, dtype=np.uint8)",
    "np.random.randint(0, 300, dtype=np.uint8)",
    "np.random.rand(-1)",
    "np.random.randn(2, -3)",
    "np.random.seed(-1)",
    "np.random.seed(2**32)",
    "np.random.seed(1.5)",
    "np.random.choice(0)",
    "np.random.choice(5, 6, replace=False)",
    "np.random.choice(3, p=[0.5, 0.6, 0.1])",
    "np.random.choice(3, p=[0.5, 0.5])",
    "np.random.normal(0, -1)",
    "np.random.uniform(0, 1, -2)",
    "np.random.permutation(np.float64(3.5))",
    "np.random.randint(0, 10, size=2.5)",
    # default_rng.
    "rng = np.random.default_rng(0); rng.random()",
    "rng = np.random.default_rng(0); rng.random(5)",
    "rng = np.random.default_rng(0); rng.random((2, 3), dtype=np.float32)",
    "rng = np.random.default_rng(0); rng.standard_normal(8)",
    "rng = np.random.default_rng(0); rng.standard_normal((3, 3), dtype=np.float32)",
    "rng = np.random.default_rng(0); rng.standard_normal()",
    "rng = np.random.default_rng(42); rng.normal(1, 3, 5)",
    "rng = np.random.default_rng(42); rng.normal(size=(2, 2))",
    "rng = np.random.default_rng(42); rng.uniform(-2, 2, 4)",
    "rng = np.random.default_rng(42); rng.uniform()",
    "rng = np.random.default_rng(42); rng.integers(10)",
    "rng = np.random.default_rng(42); rng.integers(10, size=8)",
    "rng = np.random.default_rng(42); rng.integers(0, 10, 8, endpoint=True)",
    "rng = np.random.default_rng(42); rng.integers(-3, 3, (2, 5))",
    "rng = np.random.default_rng(42); rng.integers(0, 2**40, 4)",
    "rng = np.random.default_rng(42); rng.integers(0, 2**32, 4)",
    "rng = np.random.default_rng(42); rng.integers(-2**63, 2**63 - 1, 3, endpoint=True)",
    "rng = np.random.default_rng(42); rng.integers(0, 100, 12, dtype=np.int8)",
    "rng = np.random.default_rng(42); rng.integers(0, 1000, 12, dtype=np.int16)",
    "rng = np.random.default_rng(42); rng.integers(0, 1000, 12, dtype=np.uint32)",
    "rng = np.random.default_rng(42); rng.integers(0, 2, 12, dtype=bool)",
    "rng = np.random.default_rng(42); rng.choice(10, 4)",
    "rng = np.random.default_rng(42); rng.choice(10, 4, replace=False)",
    "rng = np.random.default_rng(42); rng.choice(20000, 1000, replace=False)[:10]",
    "rng = np.random.default_rng(42); rng.choice([5, 6, 7], 5)",
    "rng = np.random.default_rng(42); rng.choice(4, 6, p=[0.1, 0.2, 0.3, 0.4])",
    "rng = np.random.default_rng(42); rng.choice(10)",
    "rng = np.random.default_rng(42); rng.permutation(10)",
    "rng = np.random.default_rng(42); rng.permutation(np.arange(12).reshape(4, 3))",
    "rng = np.random.default_rng(42); x = np.arange(10); rng.shuffle(x); x",
    "rng = np.random.default_rng(42); x = np.arange(12).reshape(4, 3); rng.shuffle(x); x",
    "rng = np.random.default_rng(2**100 + 12345); rng.random(3)",
    "rng = np.random.default_rng(2**64); rng.integers(0, 100, 5)",
    "rng = np.random.default_rng(7); rng.random(2); rng.standard_normal(2); rng.integers(5, size=3)",
    "rng = np.random.default_rng(7); rng.integers(0, 1000, 3, dtype=np.int32); rng.integers(0, 1000, 3, dtype=np.int32)",
    "rng = np.random.default_rng(7); rng.random(dtype=np.float32); rng.random(3)",
    "rng = np.random.default_rng(7); a = rng.random(3); rng2 = np.random.default_rng(7); rng2.random(3) == a",
    "np.random.default_rng(0).standard_normal((1000,))[990:]",
    "np.random.default_rng(-1)",
    "np.random.default_rng(0).integers(5, 5)",
    "np.random.default_rng(0).integers(5, 4, endpoint=True)",
    "np.random.default_rng(0).random(dtype=np.int32)",
    "np.random.default_rng(0).choice(5, 6, replace=False)",
    # PyTorch's CPU generator.
    "torch.manual_seed(0); torch.rand(5)",
    "torch.manual_seed(0); torch.rand(2, 3)",
    "torch.manual_seed(0); torch.rand((2, 3), dtype=torch.float64)",
    "torch.manual_seed(0); torch.rand(4, dtype=torch.float16)",
    "torch.manual_seed(0); torch.randn(5)",
    "torch.manual_seed(0); torch.randn(3, 4)",
    "torch.manual_seed(0); torch.randn(15, dtype=torch.float64)",
    "torch.manual_seed(0); torch.randn(16, dtype=torch.float64)",
    "torch.manual_seed(0); torch.randn(37, dtype=torch.float64)",
    "torch.manual_seed(0); torch.randn(3); torch.randn(3)",
    "torch.manual_seed(0); torch.randn(1); torch.rand(2)",
    "torch.manual_seed(0); torch.randint(10, (6,))",
    "torch.manual_seed(0); torch.randint(5, 15, (2, 4))",
    "torch.manual_seed(0); torch.randint(0, 2**40, (3,))",
    "torch.manual_seed(0); torch.randint(-3, 3, (5,), dtype=torch.int8)",
    "torch.manual_seed(0); torch.randint(10, (3,), dtype=torch.float32)",
    "torch.manual_seed(0); torch.randperm(10)",
    "torch.manual_seed(0); torch.randperm(5, dtype=torch.int32)",
    "torch.manual_seed(0); torch.normal(2.0, 3.0, (4,))",
    "torch.manual_seed(0); torch.normal(0.0, 1.0, size=(2, 2), dtype=torch.float64)",
    "torch.manual_seed(0); x = torch.zeros(2, 3); torch.rand_like(x)",
    "torch.manual_seed(0); x = torch.zeros(3, 2, dtype=torch.float64).T; torch.randn_like(x)",
    "torch.manual_seed(0); torch.rand(3, requires_grad=True).shape",
    "torch.manual_seed(2**40 + 5); torch.rand(3)",
    "torch.manual_seed(7); a = torch.rand(3); torch.manual_seed(7); torch.rand(3) == a",
    "torch.manual_seed(0); torch.randn(64, 64).T.stride()",
    "torch.randint(5, 5, (2,))",
    "torch.randint(3, (2,), dtype=torch.bool)",
    "torch.rand(2, -1)",
    "torch.randperm(-1)",
    "torch.randn(3, dtype=torch.int64)",
]


def drawn(rng, count):
    """Random programs: seeds, sizes, bounds and dtypes across the functions."""
    out = []
    sizes = ["3", "7", "(2, 3)", "(4, 1, 2)", "17", "(3, 11)", "100"]
    for _ in range(count):
        seed = rng.choice([0, 1, 7, 42, 1234, 2**31 - 1, 2**32 - 1, rng.randrange(2**32)])
        size = rng.choice(sizes)
        kind = rng.randrange(8)
        lo = rng.choice([0, -5, 3, -(2**31), 100])
        span = rng.choice([1, 2, 3, 7, 8, 100, 255, 256, 1000, 2**16, 2**31, 2**32, 2**33 + 5])
        if kind == 0:
            dt = rng.choice(["np.int64", "np.int32", "np.int16", "np.int8", "np.uint8", "np.uint16", "np.uint64"])
            bits = {"np.int64": 64, "np.int32": 32, "np.int16": 16, "np.int8": 8, "np.uint8": 8, "np.uint16": 16, "np.uint64": 64}[dt]
            signed = not dt.startswith("np.u")
            low = max(lo, -(2 ** (bits - 1)) if signed else 0)
            top = 2 ** (bits - 1) if signed else 2**bits
            high = min(low + span, top)
            out.append(f"np.random.seed({seed}); np.random.randint({low}, {high}, {size}, dtype={dt})")
        elif kind == 1:
            dt = rng.choice(["np.int64", "np.int32", "np.int16", "np.int8", "np.uint8", "np.uint64"])
            bits = {"np.int64": 64, "np.int32": 32, "np.int16": 16, "np.int8": 8, "np.uint8": 8, "np.uint64": 64}[dt]
            signed = not dt.startswith("np.u")
            low = max(lo, -(2 ** (bits - 1)) if signed else 0)
            top = 2 ** (bits - 1) if signed else 2**bits
            high = min(low + span, top)
            end = rng.choice(["False", "True"])
            if end == "True":
                high -= 1
            out.append(f"rng = np.random.default_rng({seed}); rng.integers({low}, {high}, {size}, dtype={dt}, endpoint={end})")
        elif kind == 2:
            f = rng.choice(["rand({d})", "randn({d})", "random({s})", "normal(1.5, 0.5, {s})", "uniform(-3, 7, {s})"])
            s = size if size.startswith("(") else f"({size},)"
            d = size.strip("()")
            out.append(f"np.random.seed({seed}); np.random.{f.format(s=s, d=d)}")
        elif kind == 3:
            f = rng.choice(["random({s})", "standard_normal({s})", "standard_normal({s}, dtype=np.float32)", "random({s}, dtype=np.float32)", "normal(-1, 2, {s})", "uniform(0, 10, {s})"])
            out.append(f"rng = np.random.default_rng({seed}); rng.{f.format(s=size)}")
        elif kind == 4:
            n = rng.choice([1, 2, 5, 10, 33, 100])
            k = rng.randrange(0, n + 1)
            rep = rng.choice(["True", "False"])
            g = rng.choice(["np.random", "rng"])
            pre = f"rng = np.random.default_rng({seed})" if g == "rng" else f"np.random.seed({seed})"
            out.append(f"{pre}; {g}.choice({n}, {k}, replace={rep})")
        elif kind == 5:
            n = rng.choice([1, 2, 5, 10, 33, 100])
            g = rng.choice(["np.random", "rng"])
            pre = f"rng = np.random.default_rng({seed})" if g == "rng" else f"np.random.seed({seed})"
            out.append(f"{pre}; {g}.permutation({n})")
        elif kind == 6:
            f = rng.choice(["rand", "randn"])
            dt = rng.choice(["", ", dtype=torch.float64"])
            s = size if size.startswith("(") else f"({size},)"
            out.append(f"torch.manual_seed({seed}); torch.{f}({s}{dt})")
        else:
            f = rng.choice(["randint({lo}, {hi}, {s})", "randperm({n})"])
            s = size if size.startswith("(") else f"({size},)"
            out.append(f"torch.manual_seed({seed}); torch." + f.format(lo=max(lo, -100), hi=max(lo, -100) + span, s=s, n=rng.choice([1, 3, 10, 50])))
    return out


def main():
    programs = FIXED + drawn(random.Random(1), 300)
    for program in programs:
        expected, caught = run_program(program)
        for w in caught:
            print(f"warning in {program!r}: {w}", file=sys.stderr)
        print(json.dumps({"expected": expected, "program": program}, sort_keys=True, allow_nan=False))


if __name__ == "__main__":
    main()
