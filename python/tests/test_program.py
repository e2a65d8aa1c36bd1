"""`program(a)` rebuilds a real NumPy array's layout in the lab: run through the `strides`
command line, its last value has the array's dtype, shape, strides, offset into the memory it
views, flags and values, as NumPy itself reports them."""

import numpy as np
import pytest

from strides_lab.program import MAX_VALUES, program


def owner_and_views():
    """(name, the memory's owner, the array): each array views its owner's memory."""
    x = np.arange(12.0).reshape(3, 4)
    big = np.arange(5000.0)
    raw = bytes(range(40))
    i64 = np.arange(8, dtype=np.int64)
    yield "transposed, every other column", x, x.T[:, ::2]
    yield "transposed", x, x.T
    yield "sliced", x, x[1:, 1:3]
    yield "the owner itself", x, x
    yield "a copy has memory of its own", None, x.T.copy()
    yield "negative stride, 1-D", None, np.arange(10)[::-3]
    yield "negative strides, 2-D", x, x[::-1, ::-2]
    yield "broadcast (stride 0, read-only)", None, np.broadcast_to(np.arange(3.0), (4, 3))
    yield "broadcast through a new axis", x, x[:, None, :2]
    yield "overlapping as_strided", i64, np.lib.stride_tricks.as_strided(i64[1:], (4, 3), (8, 8))
    yield "Fortran order", None, np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3))
    yield "float32 with a step", None, np.arange(30, dtype=np.float32).reshape(5, 6)[::2, 1::3]
    yield "float16", None, np.linspace(-1, 1, 7).astype(np.float16)[1::2]
    yield "bool", None, (np.arange(10) % 3 == 0)[2:]
    yield "uint8 over bytes (read-only)", None, np.frombuffer(raw, np.uint8)[3::5]
    yield "int32 reinterpreting int64 memory", i64, i64.view(np.int32)[::3]
    yield "uint64 extremes", None, np.array([0, 2**64 - 1, 2**63], dtype=np.uint64)[::-1]
    yield "nan and inf", None, np.array([np.nan, np.inf, -np.inf, -0.0, 1e-300])[1:]
    yield "0-d view", x, x[1, 2, ...]
    yield "empty", None, np.arange(10)[5:5]
    yield "big-endian", None, np.arange(6, dtype=">i4")[::2]
    yield "larger than the lab lists: the reached part", big, big[100:400:3]
    yield "read-only view of a writeable array", None, np.arange(4.0)
    yield "int8 negative", None, np.array([-128, -1, 0, 127], dtype=np.int8)[::-1]


def _readonly(case):
    name, owner, a = case
    if name.startswith("read-only view"):
        a = a.view()
        a.flags.writeable = False
    return name, owner, a


CASES = [_readonly(c) for c in owner_and_views()]


def _values(a):
    flat = a.astype(a.dtype.newbyteorder("=")).reshape(-1).tolist()
    return [float(v) if isinstance(v, float) else v for v in flat]


def _same(ours, theirs):
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        if isinstance(t, float) and t != t:
            assert o != o or o == "nan"
        else:
            assert o == t or float(o) == float(t), (o, t)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_lab_rebuilds_the_layout(case, cli):
    name, owner, a = case
    source = program(a)
    out = cli(source)
    assert "error" not in out, (source, out)
    assert out["dtype"] == a.dtype.name
    assert tuple(out["shape"]) == a.shape
    assert tuple(out["strides"]) == a.strides
    assert bool(out["writeable"]) == bool(a.flags.writeable), out["flags"]
    _same(out["values"], _values(a))
    if owner is not None and a.size:
        # The offset into the owner's memory, from the data pointers NumPy reports.
        expected = a.__array_interface__["data"][0] - owner.__array_interface__["data"][0]
        reached = owner.size <= MAX_VALUES
        if reached:
            assert out["offset"] == expected, source


def test_a_view_writes_its_owners_memory_and_a_copy_its_own():
    x = np.arange(12.0).reshape(3, 4)
    assert "base = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]" \
        in program(x.T[:, ::2])
    copy = x.T[:, ::2].copy()
    assert f"np.array([{', '.join(repr(float(v)) for v in copy.reshape(-1))}]" in program(copy)


def test_a_large_memory_is_narrowed_to_what_the_array_reaches(cli):
    big = np.arange(5000.0)
    source = program(big[100:400:3])
    assert "memory holds 5000 values; these are values 100 to 397" in source
    huge = np.arange(10 * MAX_VALUES, dtype=np.int16)
    source = program(huge[::2])
    assert "zeros stand in" in source
    out = cli(source)
    assert tuple(out["shape"]) == (5 * MAX_VALUES,) and tuple(out["strides"]) == (4,)


def test_what_the_lab_cannot_draw_is_said():
    with pytest.raises(TypeError, match="no dtype complex128"):
        program(np.zeros(3, complex))
    with pytest.raises(TypeError, match="not list"):
        program([1, 2])
    odd = np.frombuffer(bytes(9), np.uint8)[1:].view(np.int16)
    with pytest.raises(ValueError, match="whole elements"):
        program(odd)
