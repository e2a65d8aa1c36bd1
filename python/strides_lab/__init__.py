"""Strides Lab in a notebook: where the numbers of an array live in memory.

    from strides_lab import show
    show(x.T[:, ::2])          # x: a NumPy array or a PyTorch tensor

    from strides_lab import Lab
    lab = Lab(panels="quiz", lang="es")
    lab                        # then lab.answer holds the last checked answer

`show` and `Lab` need anywidget; `strides_lab.program.program(a)`, the lab program that rebuilds
`a`'s layout, needs nothing but the array's own library.
"""

from .program import program

__all__ = ["Lab", "show", "program"]
__version__ = "0.1.0"


def show(a, name="x", **options):
    """A lab drawing `a` (a NumPy array or a PyTorch tensor) as if the learner had typed it: its
    dtype, shape, strides, its offset into the memory it views and that memory's values.
    `options` are the lab's other options (lang, units, panels, ...)."""
    from .widget import Lab

    options.setdefault("panels", "lab")
    return Lab(expr=program(a, name), **options)


def __getattr__(name):
    if name == "Lab":
        from .widget import Lab

        return Lab
    raise AttributeError(f"module 'strides_lab' has no attribute {name!r}")
