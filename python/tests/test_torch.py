"""`program(t)` for PyTorch tensors: the storage, `storage_offset()` and element strides. Runs
where torch imports (the lab's NumPy venv has no torch: `/work/venv/bin/python -m pytest`)."""

import pytest

torch = pytest.importorskip("torch")

from strides_lab.program import program  # noqa: E402


def cases():
    x = torch.arange(12.0).reshape(3, 4)
    yield "transposed, every other column", x.T[:, ::2]
    yield "sliced", x[1:, 1:3]
    yield "expanded (stride 0)", torch.arange(3).expand(4, 3)
    yield "overlapping as_strided", torch.arange(10, dtype=torch.int32).as_strided((4, 3), (1, 1), 2)
    yield "a copy", x.T.contiguous()
    yield "narrowed", torch.arange(6.0)[1:4]
    yield "float16", torch.linspace(-1, 1, 9).to(torch.float16)[::4]
    yield "bool", (torch.arange(8) % 2 == 0)[1:]
    yield "uint8", torch.arange(200, 210, dtype=torch.uint8)[::3]


CASES = list(cases())


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_lab_rebuilds_the_tensor(case, cli):
    name, t = case
    source = program(t)
    out = cli(source)
    assert "error" not in out, (source, out)
    assert tuple(out["shape"]) == tuple(t.shape)
    assert tuple(out["element_strides"]) == t.stride()
    assert out["storage_offset"] == t.storage_offset()
    assert out["values"] == t.reshape(-1).tolist()
