//! Issue 13, section 2 ("Answers NumPy and PyTorch would not give"): arguments were bound each
//! its own way, and some were silently dropped. Each row is a program with what NumPy 2.4.6 or
//! PyTorch 2.15.0 gave (recorded with `tests/corpus/record.py`); every row failed before the
//! signatures of `arrays::signature` and the tables of `numpy::table` / `torch::table`.
//! Arguments the lab does not implement are refused as "not supported here": see the last test.
//! The tables are in modules by subject: `numpy_sums` (reductions, the dtype of contiguous
//! copies), `numpy_binding` (signatures of functions and methods, unary operators on bools) and
//! `torch` (PyTorch methods and sums).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod numpy_binding;
mod numpy_sums;
#[path = "../support/mod.rs"]
mod support;
mod torch;

/// What the lab does not implement is refused by name, never ignored (NumPy would use them).
#[test]
fn unimplemented_arguments_are_not_supported_here_by_name() {
    for (program, name) in [
        ("x = np.arange(6.0); x.sum(initial=1)", "'initial' of sum()"),
        ("x = np.arange(6.0); x.sum(where=x > 2)", "'where' of sum()"),
        ("x = np.arange(6.0); np.sum(x, out=x)", "'out' of sum()"),
        (
            "x = np.arange(6.0); x.astype(int, casting='safe')",
            "'casting' of astype()",
        ),
        (
            "x = np.arange(6.0); np.zeros_like(x, shape=(2, 3))",
            "'shape' of zeros_like()",
        ),
        ("np.dtype('f', align=True)", "'align' of dtype()"),
        (
            "torch.zeros(3, requires_grad=True)",
            "'requires_grad' of zeros()",
        ),
        (
            "t = torch.zeros(3); t.contiguous(memory_format=1)",
            "'memory_format' of contiguous()",
        ),
    ] {
        let got = support::actual(program);
        assert_eq!(got["error"], "Unsupported", "{program}: {got}");
        let message = got["message"].as_str().unwrap();
        assert!(message.contains(name), "{program}: {message}");
    }
    // The default value changes nothing, so it is accepted: `out=None`, `where=True`, `device='cpu'`.
    for program in [
        "x = np.arange(6.0); x.sum(out=None, where=True)",
        "np.zeros(3, device='cpu', like=None)",
        "torch.zeros(3, device='cpu', requires_grad=False)",
    ] {
        let got = support::actual(program);
        assert!(got.get("error").is_none(), "{program}: {got}");
    }
}
