//! The overloads of issue 26's PyTorch functions and methods, as PyTorch 2.15 prints them in
//! its "invalid combination of arguments" messages, each with the spec the lab binds.

/// What `linspace` and `logspace` take after their bounds.
macro_rules! spaced {
    ($bounds:literal, $own:literal) => {
        (
            concat!(
                "(",
                $bounds,
                ", int steps, ",
                $own,
                "*, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)"
            ),
            concat!(
                "start, end, steps, ",
                factory!("")
            ),
        )
    };
}

pub(super) const SUM_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, *, torch.dtype dtype = None)",
        "input, *, dtype=None",
    ),
    (
        "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, dim, keepdim=False, *, dtype=None, out=None!",
    ),
];

pub(super) const MEAN_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, *, torch.dtype dtype = None, Tensor out = None)",
        "input, *, dtype=None, out=None!",
    ),
    (
        "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, dim, keepdim=False, *, dtype=None, out=None!",
    ),
];

pub(super) const STD_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "input, dim, unbiased=True, keepdim=False, *, out=None!",
    ),
    (
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)",
        "input, dim=None, *, correction=None, keepdim=False, out=None!",
    ),
    (
        "(Tensor input, bool unbiased = True)",
        "input, unbiased=True",
    ),
];

pub(super) const LINSPACE: &[(&str, &str)] = &[
    spaced!("Tensor start, Tensor end", ""),
    spaced!("Number start, Tensor end", ""),
    spaced!("Tensor start, Number end", ""),
    spaced!("Number start, Number end", ""),
];

/// `logspace`'s overloads, `base` after `steps`.
pub(super) const LOGSPACE: &[(&str, &str)] = &[
    (
        "(Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("start, end, steps, base=10.0, "),
    ),
    (
        "(Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("start, end, steps, base=10.0, "),
    ),
    (
        "(Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("start, end, steps, base=10.0, "),
    ),
    (
        "(Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("start, end, steps, base=10.0, "),
    ),
];

pub(super) const EYE: &[(&str, &str)] = &[
    (
        "(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("n, "),
    ),
    (
        "(int n, int m, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        factory!("n, m, "),
    ),
];

pub(super) const SORT_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)",
        "input, *, stable, dim=-1, descending=False, out=None!",
    ),
    (
        "(Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)",
        "input, dim=-1, descending=False, *, out=None!",
    ),
];

pub(super) const ARGSORT_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, *, bool stable, int dim = -1, bool descending = False, Tensor out = None)",
        "input, *, stable, dim=-1, descending=False, out=None!",
    ),
    (
        "(Tensor input, int dim = -1, bool descending = False)",
        "input, dim=-1, descending=False",
    ),
];

pub(super) const MASKED_FILL_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, Tensor mask, Tensor value)",
        "input, mask, value",
    ),
    (
        "(Tensor input, Tensor mask, Number value)",
        "input, mask, value",
    ),
];

pub(super) const MEAN: &[(&str, &str)] = &[
    ("(*, torch.dtype dtype = None)", "*, dtype=None"),
    (
        "(tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)",
        "dim, keepdim=False, *, dtype=None",
    ),
];

pub(super) const STD: &[(&str, &str)] = &[
    (
        "(tuple of ints dim, bool unbiased = True, bool keepdim = False)",
        "dim, unbiased=True, keepdim=False",
    ),
    (
        "(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
        "dim=None, *, correction=None, keepdim=False",
    ),
    ("(bool unbiased = True)", "unbiased=True"),
];

pub(super) const TO: &[(&str, &str)] = &[
    (
        "(torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)",
        "device=None, dtype=None, non_blocking=False, copy=False, *, memory_format=None!",
    ),
    (
        "(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)",
        "dtype:dtype, non_blocking=False, copy=False, *, memory_format=None!",
    ),
    (
        "(Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)",
        "device, non_blocking=False, copy=False, *, memory_format=None!",
    ),
];

/// `Tensor.type`: one signature, which PyTorch's parser still reports as an overload.
pub(super) const TYPE: &[(&str, &str)] = &[(
    "(object dtype = None, bool non_blocking = False, *, torch.memory_format memory_format = None)",
    "dtype=None, non_blocking=False!, *, memory_format=None!",
)];

pub(super) const SORT: &[(&str, &str)] = &[
    (
        "(*, bool stable, int dim = -1, bool descending = False)",
        "*, stable, dim=-1, descending=False",
    ),
    (
        "(int dim = -1, bool descending = False)",
        "dim=-1, descending=False",
    ),
];

pub(super) const MASKED_FILL: &[(&str, &str)] = &[
    ("(Tensor mask, Tensor value)", "mask, value"),
    ("(Tensor mask, Number value)", "mask, value"),
];

pub(super) const SCATTER: &[(&str, &str)] = &[
    ("(int dim, Tensor index, Tensor src)", "dim, index, src"),
    (
        "(int dim, Tensor index, Tensor src, *, str reduce)",
        "dim, index, src, *, reduce",
    ),
    ("(int dim, Tensor index, Number value)", "dim, index, value"),
    (
        "(int dim, Tensor index, Number value, *, str reduce)",
        "dim, index, value, *, reduce",
    ),
];

pub(super) const SCATTER_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out = None)",
        "input, dim, index, src, *, out=None!",
    ),
    (
        "(Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out = None)",
        "input, dim, index, src, *, reduce, out=None!",
    ),
    (
        "(Tensor input, int dim, Tensor index, Number value, *, Tensor out = None)",
        "input, dim, index, value, *, out=None!",
    ),
    (
        "(Tensor input, int dim, Tensor index, Number value, *, str reduce, Tensor out = None)",
        "input, dim, index, value, *, reduce, out=None!",
    ),
];

pub(super) const FILL: &[(&str, &str)] =
    &[("(Tensor value)", "value"), ("(Number value)", "value")];

pub(super) const INDEX_FILL: &[(&str, &str)] = &[
    ("(int dim, Tensor index, Tensor value)", "dim, index, value"),
    ("(int dim, Tensor index, Number value)", "dim, index, value"),
];

pub(super) const INDEX_FILL_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, int dim, Tensor index, Tensor value)",
        "input, dim, index, value",
    ),
    (
        "(Tensor input, int dim, Tensor index, Number value)",
        "input, dim, index, value",
    ),
];
