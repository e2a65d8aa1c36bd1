"""Random views that cannot keep their memory, run in real NumPy and PyTorch.

Each program makes an arange (so that every value is its own position in memory), reads it
through random transposes and slices, then asks for a view no strides can give: NumPy's
`reshape(shape, order=..., copy=False)` or PyTorch's `view(shape)`. Only programs that raise are
kept, with the exception as Python prints it and the positions a copy would read, in the order the
view would read them: the values of NumPy's `reshape(-1, order=...)` (PyTorch's `reshape(-1)`),
the first 97 of them, as the lab draws its walk.

    /work/venv/bin/python tests/corpus/failed_views.py --seed 1 --count 300 > failed-views.jsonl

Checked by crates/arrays/tests/failed_views.rs (STRIDES_FAILED_VIEWS=path for a fresh file).
"""

import argparse
import json
import random

import numpy as np

WALK = 97


def factorizations(n, rng, parts):
    dims = []
    rest = n
    for _ in range(parts - 1):
        divisors = [d for d in range(1, rest + 1) if rest % d == 0]
        d = rng.choice(divisors)
        dims.append(d)
        rest //= d
    dims.append(rest)
    rng.shuffle(dims)
    return dims


def chain(rng, torch_style):
    ndim = rng.randint(2, 4)
    shape = [rng.randint(1, 5) for _ in range(ndim)]
    n = 1
    for d in shape:
        n *= d
    lib = "torch" if torch_style else "np"
    lines = [f"a = {lib}.arange({n}).reshape({', '.join(map(str, shape))})"]
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["perm", "swap", "slice"])
        if kind == "perm":
            perm = list(range(len(shape)))
            rng.shuffle(perm)
            fn = "permute" if torch_style else "transpose"
            lines.append(f"a = a.{fn}({', '.join(map(str, perm))})")
            shape = [shape[p] for p in perm]
        elif kind == "swap":
            i, j = rng.sample(range(len(shape)), 2)
            fn = "transpose" if torch_style else "swapaxes"
            lines.append(f"a = a.{fn}({i}, {j})")
            shape[i], shape[j] = shape[j], shape[i]
        else:
            axis = rng.randrange(len(shape))
            step = rng.choice([1, 2]) if torch_style else rng.choice([1, 2, -1])
            start = rng.randint(0, max(0, shape[axis] - 1))
            items = [":"] * len(shape)
            items[axis] = f"{start}::{step}" if step > 0 else "::-1"
            lines.append(f"a = a[{', '.join(items)}]")
            if step > 0:
                shape[axis] = len(range(start, shape[axis], step))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    import torch

    kept = 0
    tries = 0
    while kept < args.count and tries < args.count * 200:
        tries += 1
        torch_style = rng.random() < 0.4
        lines = chain(rng, torch_style)
        scope = {"np": np, "torch": torch}
        try:
            exec("\n".join(lines), scope)
        except Exception:
            continue
        a = scope["a"]
        size = int(a.numel() if torch_style else a.size)
        if size == 0:
            continue
        new = factorizations(size, rng, rng.randint(1, 3))
        order = "C" if torch_style else rng.choice(["C", "F"])
        if torch_style:
            call = f"a.view({', '.join(map(str, new))})"
        else:
            call = f"a.reshape({', '.join(map(str, new))}, order='{order}', copy=False)"
        try:
            eval(call, scope)
            continue
        except Exception as e:  # the failures are what is kept
            error = f"{type(e).__name__}: {e}"
        if torch_style:
            walk = a.reshape(-1).tolist()
        else:
            walk = np.reshape(a, -1, order=order).tolist()
        print(json.dumps({"program": "\n".join(lines + [call]), "error": error, "walk": walk[:WALK]}))
        kept += 1


if __name__ == "__main__":
    main()
