"""`check.py --tolerance`: compare the lab's answers with a corpus where float values may differ in
their last bits, and say what the lab refuses.

Float values compare within a relative tolerance when the lab says its values are not exact
(`"values_exact": false` in `strides eval`'s JSON) or the record does (learner.py marks programs
whose float results depend on the CPU, the BLAS or the libm). The tolerance is per dtype
(float64 1e-12, float32 1e-5, float16 1e-2) times the scale of the compared values (the largest
finite magnitude among the expected values of that array or tuple, at least 0.1), so a value near
zero that cancelled is judged against its neighbours' size, or against the unit scale of a
learner's data when the whole result cancelled to rounding noise. NaN equals
NaN, and infinities must have the same sign. Everything else (shape, strides, offset, dtype,
flags, view, the exception's class and message, integer and bool values, stdout) must match
exactly. A Python float (`loss.item()`) takes float32's tolerance in a program that uses PyTorch
or float32, else float64's; so does an array whose approximate values may have passed through a
less precise dtype (a float32 matmul divided by a NumPy float64 scalar is float64, but its error
is float32's): an array takes the looser of its own dtype's tolerance and the program's.

The indices of a sort that is not stable in the library (NumPy's default `kind`, PyTorch's
`stable=False`, `topk`) depend on the CPU where keys are equal; the lab marks such a result
`"values_exact": false` and gives, for each index, the run of equal keys it belongs to
(`"values_ties"`, 0 for a key that is alone). Such an integer result agrees when every index
outside a run is equal and each run holds the same indices in any order (`ties_agree`).

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
NOISE_SCALE = 0.1


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
    # At least a tenth: a result that cancelled to rounding noise (the mean of a layer norm's
    # output, 1e-8 in float32) is judged against the unit scale its inputs had, since noise is
    # all either library computes there, and its bits differ between machines too.
    scale = max(finite + [NOISE_SCALE])

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


def ties_agree(expected, got):
    """Whether the integer `values` of `expected` are those of the lab's answer `got` but for the
    order of indices within each run of equal keys that the lab names in `values_ties`."""
    ties = got.get("values_ties")
    if ties is None or got.get("values_exact", True) is not False:
        return False
    if str(expected.get("dtype", "")).replace("torch.", "") != "int64":
        return False
    e, g = list(_flatten(expected.get("values"))), list(_flatten(got.get("values")))
    if not (len(e) == len(g) == len(ties)) or not all(type(x) is int for x in e + g + ties):
        return False
    runs = {}
    for ev, gv, t in zip(e, g, ties):
        if t == 0:
            if ev != gv:
                return False
        else:
            a, b = runs.setdefault(t, ([], []))
            a.append(ev)
            b.append(gv)
    return all(sorted(a) == sorted(b) for a, b in runs.values())


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
        if ties_agree(expected, got):
            return "agree"
        if "values" in expected:
            dtype = expected.get("dtype", "float64")
            tol = TOLERANCE.get(dtype)
            if tol is not None:
                tol = max(tol, TOLERANCE[python_float_dtype(record["program"])])
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
    values: …" (a float sum refused for its rounding), before ": its values are" (np.empty)."""
    m = re.search(r"^(\S+) is part of \w+, but this lab does not run it yet", message)
    name = m.group(1) if m else message.split("does not run it: ", 1)[-1]
    name = name.split(": ")[0]
    return name[:80]


def disagreement(expected, got):
    """A short key saying how the lab's answer differs, for the summary's breakdown."""
    plain, _ = lab_marks(got)
    if not isinstance(plain, dict):
        return "no JSON from the lab"
    if "error" in plain:
        where = f" where the library raised {expected['error']}" if "error" in expected else ""
        return f"lab raised {plain['error']}: {plain.get('message', '')[:70]}{where}"
    if "error" in expected and "error" not in plain:
        return f"library raised {expected['error']}, the lab answered"
    fields = sorted(k for k in set(expected) | set(plain) if expected.get(k) != plain.get(k))
    return "differs in " + ", ".join(fields)


_MODULE_REF = re.compile(r"\b(np|torch|F|math)((?:\.[A-Za-z_]\w*)+)")
_METHOD = re.compile(r"[\w\])]\.([a-z_][a-z_0-9]*)\(")
def _prelude(expr):
    lines = ["import numpy as np", "import torch"]
    if expr.startswith("F."):
        lines.append("import torch.nn.functional as F")
    if expr.startswith("math."):
        lines.append("import math")
    return "\n".join(lines + [expr])
_NOT_RECEIVERS = {"np", "torch", "F", "math", "random", "linalg", "lib", "stride_tricks", "nn", "functional", "rng"}


def probes(program):
    """The expressions that ask the lab for each library name `program` uses: its module
    functions (`np.linspace`) and the methods it calls on arrays and tensors, where the real
    library has them."""
    import numpy as np
    import torch

    out = set()
    for m in _MODULE_REF.finditer(program):
        out.add(m.group(1) + m.group(2))
    for m in _METHOD.finditer(program):
        start = m.start()
        receiver = re.search(r"(\w+)$", program[:start + 1])
        if receiver and receiver.group(1) in _NOT_RECEIVERS:
            continue
        name = m.group(1)
        if "torch" in program and hasattr(torch.zeros(2), name):
            out.add(f"torch.zeros(2).{name}")
        if hasattr(np.zeros(2), name) and ("np." in program or "torch" not in program):
            out.add(f"np.zeros(2).{name}")
    return out


def missing_names(records, run, jobs):
    """For every library name the programs use, whether the lab refuses it: the names it refuses
    (as it names them) with how many programs use each."""
    per_program = [probes(r["program"]) for r in records]
    every = sorted(set().union(*per_program)) if per_program else []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        answers = dict(zip(every, pool.map(lambda e: run(_prelude(e)), every)))
    refused = {}
    for e, a in answers.items():
        if not isinstance(a, dict):
            continue
        if a.get("error") == "Unsupported":
            refused[e] = refused_name(a.get("message", ""))
        elif a.get("error") == "ModuleNotFoundError":
            refused[e] = f"{e.split('.')[0]} (its import fails: {a.get('message', '')[:60]})"
    uses = Counter()
    for names in per_program:
        uses.update({refused[e] for e in names if e in refused})
    return uses


def check_files(paths, run, jobs, show, missing=False):
    """Runs every program of `paths` through `run` and prints the summary; 0 when all agree."""
    total = Counter()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        if not all("expected" in r and "program" in r for r in records):
            print(f"{path}: not a corpus of expected results (a line has no \"expected\"); skipped")
            total["disagree"] += 1
            continue
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda r: run(r["program"]), records))
        classes = Counter()
        refusals = Counter()
        differ = Counter()
        shown = 0
        for r, got in zip(records, results):
            c = compare(r, got)
            classes[c] += 1
            if c == "refused":
                refusals[refused_name(got.get("message", ""))] += 1
            elif c == "disagree":
                differ[disagreement(r["expected"], got)] += 1
            if c == "disagree" and shown < show:
                shown += 1
                print(f"--- {path}\n{r['program']}\n  expected {json.dumps(r['expected'])}\n"
                      f"  got      {json.dumps(got)}")
        n = len(records)
        print(f"{path}: {n} programs: {classes['agree']} agree ({100 * classes['agree'] / max(n, 1):.1f}%), "
              f"{classes['disagree']} disagree, {classes['refused']} refused (Unsupported), "
              f"{classes['values']} agree but for values of PyTorch's random stream")
        if refusals:
            print("  refused (the first name a program needs): "
                  + ", ".join(f"{name} {c}" for name, c in refusals.most_common()))
        for why, c in differ.most_common(12):
            print(f"  disagree {c}: {why}")
        if missing:
            uses = missing_names(records, run, jobs)
            print("  names the lab refuses (programs using each): "
                  + ", ".join(f"{name} {c}" for name, c in uses.most_common()))
        total.update(classes)
    return 0 if total["agree"] == sum(total.values()) else 1
