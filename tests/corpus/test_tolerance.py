"""Tests of check.py --tolerance's comparison (tolerance.py) and of the learner harness's marks:
`python3 -m unittest discover -s tests/corpus -p 'test_*.py'` (the harness tests need NumPy and
PyTorch: /work/venv/bin/python)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tolerance  # noqa: E402


def array(values, dtype="float32", **extra):
    out = {"shape": [len(values)], "strides": [4], "offset": 0, "itemsize": 4, "dtype": dtype,
           "c_contiguous": True, "f_contiguous": True, "writeable": True, "owndata": True,
           "view": False, "values": values}
    out.update(extra)
    return out


def record(expected, program="x", **marks):
    return dict({"expected": expected, "program": program}, **marks)


class Compare(unittest.TestCase):
    def test_exact_program_needs_exact_values(self):
        r = record(array([1.0, 2.0]))
        self.assertEqual(tolerance.compare(r, array([1.0, 2.0])), "agree")
        self.assertEqual(tolerance.compare(r, array([1.0, 2.0000001])), "disagree")

    def test_record_mark_allows_float32_tolerance(self):
        r = record(array([1.0, 2.0]), values_exact=False)
        self.assertEqual(tolerance.compare(r, array([1.0, 2.00001])), "agree")
        self.assertEqual(tolerance.compare(r, array([1.0, 2.0001])), "disagree")

    def test_lab_mark_allows_tolerance_and_is_set_aside(self):
        r = record(array([1.0, 2.0], dtype="float64"))
        got = array([1.0, 2.0 + 1e-13], dtype="float64", values_exact=False)
        self.assertEqual(tolerance.compare(r, got), "agree")
        got = array([1.0, 2.0 + 1e-10], dtype="float64", values_exact=False)
        self.assertEqual(tolerance.compare(r, got), "disagree")

    def test_scale_is_the_arrays_largest_value(self):
        r = record(array([100.0, 0.0]), values_exact=False)
        self.assertEqual(tolerance.compare(r, array([100.0, 5e-4])), "agree")
        self.assertEqual(tolerance.compare(r, array([100.0, 5e-3])), "disagree")

    def test_nan_and_infinities(self):
        r = record(array(["nan", "-inf", 1.0]), values_exact=False)
        self.assertEqual(tolerance.compare(r, array(["nan", "-inf", 1.0])), "agree")
        self.assertEqual(tolerance.compare(r, array(["nan", "inf", 1.0])), "disagree")
        self.assertEqual(tolerance.compare(r, array([0.0, "-inf", 1.0])), "disagree")

    def test_layout_and_integers_stay_exact(self):
        r = record(array([1.0, 2.0]), values_exact=False)
        self.assertEqual(tolerance.compare(r, array([1.0, 2.0], strides=[8])), "disagree")
        r = record(array([1, 2], dtype="int64"), values_exact=False)
        self.assertEqual(tolerance.compare(r, array([1, 3], dtype="int64")), "disagree")

    def test_python_float_takes_float32_tolerance_in_torch_programs(self):
        r = record({"value": 0.5, "type": "float"}, program="import torch\nx.item()", values_exact=False)
        self.assertEqual(tolerance.compare(r, {"value": 0.5000001, "type": "float"}), "agree")
        r = record({"value": 0.5, "type": "float"}, program="np.exp(x).item()", values_exact=False)
        self.assertEqual(tolerance.compare(r, {"value": 0.5000001, "type": "float"}), "disagree")

    def test_unstable_sort_indices_may_permute_within_a_run_of_equal_keys(self):
        # NumPy 2.4.6 here: np.argsort of [[-0.25, -1, -0.25, 0, -1, 0.25]] (float32) gives
        # [1, 4, 2, 0, 3, 5]; the lab sorts stably, [1, 4, 0, 2, 3, 5], runs (1, 4) and (0, 2).
        r = record(array([1, 4, 2, 0, 3, 5], dtype="int64"), program="np.argsort(x, axis=1)")
        ties = [1, 1, 2, 2, 0, 0]
        got = array([1, 4, 0, 2, 3, 5], dtype="int64", values_exact=False, values_ties=ties)
        self.assertEqual(tolerance.compare(r, got), "agree")
        # Only within a run: 2 and 3 are not equal keys.
        got = array([1, 4, 0, 3, 2, 5], dtype="int64", values_exact=False, values_ties=ties)
        self.assertEqual(tolerance.compare(r, got), "disagree")
        # An index of another run does not count, even if the multiset of all indices matches.
        got = array([1, 0, 4, 2, 3, 5], dtype="int64", values_exact=False, values_ties=ties)
        self.assertEqual(tolerance.compare(r, got), "disagree")
        # Not without the lab's mark, nor for a float result, nor without the runs.
        got = array([1, 4, 0, 2, 3, 5], dtype="int64", values_ties=ties)
        self.assertEqual(tolerance.compare(r, got), "disagree")
        got = array([1, 4, 0, 2, 3, 5], dtype="int64", values_exact=False)
        self.assertEqual(tolerance.compare(r, got), "disagree")
        rf = record(array([1.0, 4.0, 2.0], dtype="float64"))
        got = array([1.0, 2.0, 4.0], dtype="float64", values_exact=False, values_ties=[0, 1, 1])
        self.assertEqual(tolerance.compare(rf, got), "disagree")
        # The layout must still agree exactly.
        got = array([1, 4, 0, 2, 3, 5], dtype="int64", values_exact=False, values_ties=ties)
        got["strides"] = [16]
        self.assertEqual(tolerance.compare(r, got), "disagree")

    def test_refusals_and_their_names(self):
        got = {"error": "Unsupported", "message": "np.cumsum is part of NumPy, but this lab does not run it yet"}
        self.assertEqual(tolerance.compare(record(array([1.0])), got), "refused")
        self.assertEqual(tolerance.refused_name(got["message"]), "np.cumsum")
        msg = "valid Python, but this lab does not run it: the sum of these float values of a tensor: PyTorch adds"
        self.assertEqual(tolerance.refused_name(msg), "the sum of these float values of a tensor")

    def test_torch_random_values_are_their_own_class(self):
        r = record(array([0.3, -1.2]), torch_random=True)
        self.assertEqual(tolerance.compare(r, array([0.9, 0.1])), "values")
        self.assertEqual(tolerance.compare(r, array([0.9, 0.1], strides=[8])), "disagree")


class Harness(unittest.TestCase):
    def test_imports_record_the_first_array_and_sharing_across_libraries(self):
        from learner_harness import run_learner_program, value_marks

        exp, warns = run_learner_program("import numpy as np\nimport torch\na = np.arange(6.0)\n"
                                         "t = torch.from_numpy(a)\nt[2:]")
        self.assertEqual((exp["view"], exp["offset"], warns), (True, 16, []))
        exp, _ = run_learner_program("import torch.nn.functional as F\nimport torch\n"
                                     "F.softmax(torch.zeros(2, 2), dim=-1)")
        self.assertEqual(exp["values"], [0.5, 0.5, 0.5, 0.5])
        exp, _ = run_learner_program("print(1)\n2")
        self.assertEqual(exp, {"value": 2, "type": "int", "stdout": "1\n"})
        self.assertEqual(value_marks("torch.manual_seed(0)\nx = torch.randn(3)\nx.sum()"),
                         {"values_exact": False, "inexact_by": ["sum"], "torch_random": True})
        self.assertEqual(value_marks("x = np.arange(3.0)\nx.sum()  # np.exp"), {})


if __name__ == "__main__":
    unittest.main()
