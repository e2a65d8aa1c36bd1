"""Records NumPy's `np.result_type(a, b)` for every pair of the lab's dtypes, as JSON lines.

    /work/venv/bin/python tests/corpus/promotion.py > tests/corpus/promotion.jsonl

`crates/arrays/tests/uints.rs` checks `DType::promote` against every line.
"""
import json

import numpy as np

NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64"]

print(json.dumps({"numpy": np.__version__}))
for a in NAMES:
    for b in NAMES:
        print(json.dumps({"a": a, "b": b, "result": np.result_type(a, b).name}))
