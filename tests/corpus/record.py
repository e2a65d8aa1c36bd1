#!/usr/bin/env python3
"""Record what real NumPy / PyTorch give for hand-written programs, in the corpus's format.

    python3 tests/corpus/record.py 'x = np.zeros(3); x[[True, False, True]] = [1, 2, 3]'
    python3 tests/corpus/record.py < programs.txt      # one program a line, ';' between statements

Prints one `{"expected": ..., "program": ...}` line per program, made by the same harness as
generate.py (`run_program`), so the expected values of the Rust tables (regressions, ported
upstream cases, seed facts) come from running the libraries, never from memory. A program that
emits a warning is reported on stderr.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import run_program  # noqa: E402


def main(argv):
    programs = argv[1:] or [line.rstrip("\n") for line in sys.stdin if line.strip()]
    for program in programs:
        expected, caught = run_program(program)
        for w in caught:
            print(f"warning in {program!r}: {w}", file=sys.stderr)
        print(json.dumps({"expected": expected, "program": program}, sort_keys=True, allow_nan=False))


if __name__ == "__main__":
    main(sys.argv)
