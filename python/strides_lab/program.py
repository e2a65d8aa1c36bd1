"""The lab program that rebuilds a real NumPy array's or PyTorch tensor's layout.

`program(a)` reads from `a` itself where its numbers live — the memory it views (for an ndarray,
the buffer of the array or object at the end of its `.base` chain, located by the data pointers;
for a tensor, its untyped storage), its offset into that memory, its shape and strides, and its
writeable flag — and writes a program of the lab's NumPy/PyTorch subset that builds exactly that
layout: the memory as a one-dimensional base holding the same values, then
`np.lib.stride_tricks.as_strided` (or `torch.as_strided`) from it. The lab then draws it as if the
learner had typed it. This module needs neither anywidget nor a browser.
"""

__all__ = ["program", "MAX_VALUES", "DTYPES"]

# Values of the memory written into the program at most; a larger memory is narrowed to the part
# the array reaches, and if that is still larger, zeros stand in for its values (the layout stays
# exact). The lab's own limit on a program's text is 64 KiB.
MAX_VALUES = 1024

# The dtypes the lab has, by their NumPy names (PyTorch's are the same after `torch.`).
DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64",
)

_TORCH_NAMES = {"bool": "bool", "int8": "int8", "int16": "int16", "int32": "int32",
                "int64": "int64", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32",
                "uint64": "uint64", "float16": "float16", "float32": "float32",
                "float64": "float64"}


class Layout:
    """Where an array's numbers live, in elements of its own dtype."""

    def __init__(self, kind, dtype, shape, strides, offset, memory, writeable, name):
        self.kind = kind            # "numpy" or "torch"
        self.dtype = dtype          # one of DTYPES
        self.shape = tuple(shape)
        self.strides = tuple(strides)  # in elements
        self.offset = offset        # in elements, into `memory`
        self.memory = memory        # the values of the memory, a list of Python scalars
        self.writeable = writeable
        self.name = name


def _reach(shape, strides):
    """The lowest and highest element offsets (from the first element) the layout reads."""
    low = high = 0
    for n, s in zip(shape, strides):
        if n == 0:
            return None
        if s > 0:
            high += (n - 1) * s
        else:
            low += (n - 1) * s
    return low, high


def _numpy_layout(a, name):
    import numpy as np

    dtype = a.dtype
    if dtype.name not in DTYPES:
        raise TypeError(f"the lab has no dtype {dtype.name}; it draws {', '.join(DTYPES)}")
    item = dtype.itemsize
    # The object whose memory `a` views: follow .base while it is an ndarray, and through the
    # holder as_strided and broadcast_to leave (an object with the array as its own `.base`).
    owner = a
    while True:
        if isinstance(owner.base, np.ndarray):
            owner = owner.base
        elif owner.base is not None and isinstance(getattr(owner.base, "base", None), np.ndarray):
            owner = owner.base.base
        else:
            break
    if owner.base is None:
        # `owner` owns its data; it may itself be a view made by np.ndarray(buffer=...) of
        # nothing, so read its bytes through its own layout (contiguous, as allocated).
        raw = np.ndarray((owner.nbytes,), np.uint8, buffer=owner, order="C") \
            if owner.flags.c_contiguous or owner.flags.f_contiguous else None
        if raw is None:
            raise ValueError("cannot find the memory this array views")
    else:
        # Another object's buffer (bytes, bytearray, mmap, memoryview...).
        raw = np.frombuffer(owner.base, dtype=np.uint8)
    start = raw.__array_interface__["data"][0]
    here = a.__array_interface__["data"][0]
    offset_bytes = here - start
    if a.size == 0:
        offset_bytes = max(0, min(offset_bytes, raw.nbytes))
    if offset_bytes % item or any(s % item for s in a.strides) or raw.nbytes % item:
        raise ValueError(
            "this array's offset or strides are not whole elements of its dtype "
            f"(offset {offset_bytes} bytes, strides {a.strides}, itemsize {item}); "
            "the lab counts in elements")
    memory = raw.view(dtype.newbyteorder("=") if dtype.byteorder not in "=|" else dtype)
    if dtype.byteorder not in "=|":
        memory = raw.view(dtype).astype(dtype.newbyteorder("="))
    values = memory.tolist()
    return Layout("numpy", dtype.name, a.shape, [s // item for s in a.strides],
                  offset_bytes // item, values, bool(a.flags.writeable), name)


def _torch_layout(t, name):
    import torch

    dtype = str(t.dtype).removeprefix("torch.")
    if dtype not in _TORCH_NAMES:
        raise TypeError(f"the lab has no dtype torch.{dtype}; it draws "
                        f"{', '.join('torch.' + d for d in DTYPES)}")
    if t.layout != torch.strided:
        raise TypeError(f"the lab draws strided tensors, not {t.layout}")
    storage = t.untyped_storage()
    item = t.element_size()
    count = storage.nbytes() // item
    whole = torch.empty(0, dtype=t.dtype, device=storage.device)
    whole.set_(storage, 0, (count,), (1,))
    values = whole.detach().cpu().tolist()
    return Layout("torch", dtype, tuple(t.shape), tuple(t.stride()), t.storage_offset(),
                  values, True, name)


def layout(a, name="x"):
    """The Layout of a NumPy array or a PyTorch tensor."""
    module = type(a).__module__
    if module.startswith("torch"):
        return _torch_layout(a, name)
    if module.startswith("numpy"):
        return _numpy_layout(a, name)
    raise TypeError(f"show() draws a NumPy array or a PyTorch tensor, not {type(a).__name__}")


def _literal(v, dtype):
    if dtype == "bool":
        return "True" if v else "False"
    if dtype.startswith(("int", "uint")):
        return str(int(v))
    f = float(v)
    if f != f:
        return 'float("nan")'
    if f in (float("inf"), float("-inf")):
        return 'float("inf")' if f > 0 else '-float("inf")'
    return repr(f)


def _values(layout):
    """The part of the memory the program writes, where the array starts in it, and a note."""
    memory, offset = layout.memory, layout.offset
    reach = _reach(layout.shape, layout.strides)
    if len(memory) <= MAX_VALUES:
        return memory, offset, None, False
    if reach is None:
        return [], 0, f"its memory holds {len(memory)} values; it reads none of them", False
    low, high = offset + reach[0], offset + reach[1]
    part = memory[low:high + 1]
    note = (f"its memory holds {len(memory)} values; these are values {low} to {high}, "
            "the ones it reaches")
    if len(part) <= MAX_VALUES:
        return part, offset - low, note, False
    return [0] * len(part), offset - low, note + ", more than the lab lists: zeros stand in", True


def program(a, name="x"):
    """A lab program whose last line is an array with `a`'s dtype, shape, strides, offset into
    its memory, and that memory's values (see MAX_VALUES)."""
    lay = layout(a, name)
    values, offset, note, zeros = _values(lay)
    mod = "np" if lay.kind == "numpy" else "torch"
    lines = ["import numpy as np" if mod == "np" else "import torch"]
    if note:
        lines.append(f"# {name}: {note}")
    dt = f"{mod}.{lay.dtype}"
    if zeros:
        lines.append(f"base = {mod}.zeros({len(values)}, dtype={dt})")
    else:
        body = ", ".join(_literal(v, lay.dtype) for v in values)
        builder = "np.array" if mod == "np" else "torch.tensor"
        lines.append(f"base = {builder}([{body}], dtype={dt})")
    shape, strides = repr(tuple(lay.shape)), repr(tuple(lay.strides))
    if mod == "np":
        item = _itemsize(lay.dtype)
        byte_strides = repr(tuple(st * item for st in lay.strides))
        start = f"base[{offset}:]" if offset else "base"
        flag = "" if lay.writeable else ", writeable=False"
        lines.append(f"{name} = np.lib.stride_tricks.as_strided({start}, {shape}, "
                     f"{byte_strides}{flag})")
    else:
        lines.append(f"{name} = torch.as_strided(base, {shape}, {strides}, {offset})")
    lines.append(name)
    return "\n".join(lines)


def _itemsize(dtype):
    if dtype == "bool":
        return 1
    return int("".join(c for c in dtype if c.isdigit())) // 8
