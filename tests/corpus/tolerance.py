"""`check.py --tolerance`: compare the lab's answers with a corpus where float values may differ in
their last bits, and say what the lab refuses.

Float values compare within a relative tolerance when the lab says its values are not exact
(`"values_exact": false` in `strides eval`'s JSON) or the record does (learner.py marks programs
whose float results depend on the CPU, the BLAS or the libm). The tolerance is per dtype
(float64 1e-12, float32 1e-5, float16 1e-2) times the scale of the compared values (the largest
finite magnitude among the expected values of that array or tuple, at least the smallest normal
float64), so a value near zero that cancelled is judged against its neighbours' size. NaN equals
NaN, and infinities must have the same sign. Everything else (shape, strides, offset, dtype,
flags, view, the exception's class and message, integer and bool values, stdout) must match
exactly. A Python float (`loss.item()`) takes float32's tolerance in a program that uses PyTorch
or float32, else float64's.

Fields of the lab's JSON that start with `values_` (`values_exact` and any other note about its
values) are the lab's marks, not results: they are set aside before comparing.

The summary puts each program in one class:

- agree (exactly, or within the tolerance where allowed);
- refused: the lab raised `Unsupported` ("… is part of NumPy, but this lab does not run it yet")
  where the library gave an answer; broken down by the name refused;
- layout agrees, values from another random stream: a program drawing from PyTorch's generator
  (`torch_random`) whose every field but the values agrees;
- disagree: any other difference (printed, up to --show).
"""

import json
import math
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

TOLERANCE = {"float64": 1e-12, "float32": 1e-5, "float16": 1e-2, "bfloat16": 1e-2}
TINY = 2.2250738585072014e-308


def lab_marks(got):
    """The lab's answer without its notes about its values, and whether it says they are exact."""
    if not isinstance(got, dict):
        return got, True
    plain = {k: v for k, v in got.items() if not k.startswith("values_")}
    return plain, got.get("values_exact", True) is not False


def _float(v):
    """A JSON float value as a Python float (the strings "nan", "inf", "-inf" included), or None
    for anything that is not a float."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, float):
        return v
    if v in ("nan", "inf", "-inf"):
        return float(v)
    return None


def _flatten(v):
    if isinstance(v, list):
        for e in v:
            yield from _flatten(e)
    else:
        yield v


def close_values(expected, got, tol):
    """Whether the JSON values `got` equal `expected` with floats within `tol` × their scale."""
    finite = [abs(f) for f in (_float(e) for e in _flatten(expected)) if f is not None and math.isfinite(f)]
    scale = max(finite + [TINY])

    def same(e, g):
        if isinstance(e, list) or isinstance(g, list):
            return isinstance(e, list) and isinstance(g, list) and len(e) == len(g) and all(map(same, e, g))
        fe = _float(e)
        if fe is None:
            return e == g and type(e) is type(g)
        fg = _float(g)
        if fg is None:
            fg = float(g) if isinstance(g, int) and not isinstance(g, bool) else None
        if fg is None:
            return False
        if math.isnan(fe) or math.isnan(fg):
            return math.isnan(fe) and math.isnan(fg)
        if math.isinf(fe) or math.isinf(fg):
            return fe == fg
        return abs(fe - fg) <= tol * scale

    return same(expected, got)


def python_float_dtype(program):
    if re.search(r"\bfloat16\b|\.half\(\)", program):
        return "float16"
    if "torch" in program or "float32" in program:
        return "float32"
    return "float64"


def compare(record, got):
    """'agree', 'values' (everything but the values agrees), 'refused' or 'disagree'."""
    expected = record["expected"]
    plain, lab_exact = lab_marks(got)
    if plain == expected:
        return "agree"
    if isinstance(plain, dict) and plain.get("error") == "Unsupported" and expected.get("error") != "Unsupported":
        return "refused"
    if not isinstance(plain, dict) or set(plain) != set(expected):
        return "disagree"
    inexact = not lab_exact or record.get("values_exact") is False
    layout_same = all(plain[k] == expected[k] for k in expected if k not in ("values", "value"))
    if not layout_same:
        return "disagree"
    if inexact:
        if "values" in expected:
            dtype = expected.get("dtype", "float64")
            tol = TOLERANCE.get(dtype)
            if tol is not None and close_values(expected["values"], plain["values"], tol):
                return "agree"
        elif "value" in expected:
            tol = TOLERANCE[python_float_dtype(record["program"])]
            if close_values(expected["value"], plain["value"], tol):
                return "agree"
    return "values" if record.get("torch_random") else "disagree"


def refused_name(message):
    """The name a refusal names: `np.cumsum` in "np.cumsum is part of NumPy, but this lab does not
    run it yet", the construct after "does not run it: ", the operation before " of these float
    values" (a float product refused for its rounding) or ": its values are" (np.empty)."""
    m = re.search(r"^(\S+) is part of \w+, but this lab does not run it yet", message)
    name = m.group(1) if m else message.split("does not run it: ", 1)[-1]
    name = re.split(r" of these float values|: its values are", name)[0]
    return name[:80]


def check_files(paths, run, jobs, show):
    """Runs every program of `paths` through `run` and prints the summary; 0 when all agree."""
    total = Counter()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda r: run(r["program"]), records))
        classes = Counter()
        refusals = Counter()
        shown = 0
        for r, got in zip(records, results):
            c = compare(r, got)
            classes[c] += 1
            if c == "refused":
                refusals[refused_name(got.get("message", ""))] += 1
            elif c == "disagree" and shown < show:
                shown += 1
                print(f"--- {path}\n{r['program']}\n  expected {json.dumps(r['expected'])}\n"
                      f"  got      {json.dumps(got)}")
        n = len(records)
        print(f"{path}: {n} programs: {classes['agree']} agree ({100 * classes['agree'] / max(n, 1):.1f}%), "
              f"{classes['disagree']} disagree, {classes['refused']} refused (Unsupported), "
              f"{classes['values']} agree but for values of PyTorch's random stream")
        if refusals:
            print("  refused names: " + ", ".join(f"{name} {c}" for name, c in refusals.most_common()))
        total.update(classes)
    return 0 if total["agree"] == sum(total.values()) else 1
