//! What a program prints and ends with, for NumPy's flags and PyTorch's `torch.Size` (issue 24,
//! item 16): `print(x.T.flags)` printed four of NumPy 2.4.6's six lines, and a program ending
//! with `t.shape` was shown as `(8, 12, 1024, 64)`, not `torch.Size([8, 12, 1024, 64])`. The
//! expected text is what real NumPy 2.4.6 and PyTorch 2.15 print (`print(...)`'s output, and
//! `repr` of the last expression, as the page's "Value" shows it), recorded with
//! `/work/venv/bin/python`.

#![allow(clippy::panic)]

/// Program, what it prints.
const PRINTED: [(&str, &str); 10] = [
    (
        "x = np.arange(12.0).reshape(3, 4)\nprint(x.T.flags)",
        "  C_CONTIGUOUS : False\n  F_CONTIGUOUS : True\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n\n",
    ),
    (
        "x = np.arange(12.0).reshape(3, 4)\nprint(repr(x.flags))\nprint([x.T.flags])",
        "  C_CONTIGUOUS : True\n  F_CONTIGUOUS : False\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n\n[  C_CONTIGUOUS : False\n  F_CONTIGUOUS : True\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n]\n",
    ),
    (
        "x = np.arange(12.0).reshape(3, 4)\nprint(f'{x.flags}')",
        "  C_CONTIGUOUS : True\n  F_CONTIGUOUS : False\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n\n",
    ),
    (
        "x = np.zeros(10, dtype=np.uint8)\nprint(x[1:9].view(np.int16).flags)",
        "  C_CONTIGUOUS : True\n  F_CONTIGUOUS : True\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : False\n  WRITEBACKIFCOPY : False\n\n",
    ),
    (
        "x = np.arange(6)\nprint(np.broadcast_to(x, (2, 6)).flags)",
        "  C_CONTIGUOUS : False\n  F_CONTIGUOUS : False\n  OWNDATA : False\n  WRITEABLE : False\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n\n",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nprint(t.shape)",
        "torch.Size([8, 12, 1024, 64])\n",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nprint(t.shape, t.stride())",
        "torch.Size([8, 12, 1024, 64]) (786432, 65536, 64, 1)\n",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nprint([t.shape], (t.shape,), {'s': t.shape})",
        "[torch.Size([8, 12, 1024, 64])] (torch.Size([8, 12, 1024, 64]),) {'s': torch.Size([8, 12, 1024, 64])}\n",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nprint(repr(t.shape), str(t.shape), f'{t.shape}')",
        "torch.Size([8, 12, 1024, 64]) torch.Size([8, 12, 1024, 64]) torch.Size([8, 12, 1024, 64])\n",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nprint(t.size(), t[0].shape, t.shape[1:], t.shape + (1,))",
        "torch.Size([8, 12, 1024, 64]) torch.Size([12, 1024, 64]) torch.Size([12, 1024, 64]) torch.Size([8, 12, 1024, 64, 1])\n",
    ),
];

/// Program, Python's `repr` of its last expression.
const LAST: [(&str, &str); 5] = [
    (
        "t = torch.zeros(8, 12, 1024, 64)\nt.shape",
        "torch.Size([8, 12, 1024, 64])",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\n(t.shape, t.stride())",
        "(torch.Size([8, 12, 1024, 64]), (786432, 65536, 64, 1))",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\n[t.shape, t.permute(3, 2, 1, 0).shape]",
        "[torch.Size([8, 12, 1024, 64]), torch.Size([64, 1024, 12, 8])]",
    ),
    (
        "t = torch.zeros(8, 12, 1024, 64)\nt.size()",
        "torch.Size([8, 12, 1024, 64])",
    ),
    (
        "x = np.arange(12.0).reshape(3, 4)\nx.T.flags",
        "  C_CONTIGUOUS : False\n  F_CONTIGUOUS : True\n  OWNDATA : False\n  WRITEABLE : True\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n",
    ),
];

#[test]
fn flags_and_sizes_print_as_numpy_and_pytorch_print_them() {
    let mut failures = Vec::new();
    for (program, expected) in PRINTED {
        match arrays::run(program) {
            Ok(o) if o.stdout == expected => {}
            Ok(o) => failures.push(format!(
                "{program}\n--- lab\n{}--- real\n{expected}",
                o.stdout
            )),
            Err(e) => failures.push(format!("{program}: {e}")),
        }
    }
    for (program, expected) in LAST {
        match arrays::run(program) {
            Ok(o) if arrays::display::repr(&o.value) == expected => {}
            Ok(o) => failures.push(format!(
                "{program}\n--- lab\n{}\n--- real\n{expected}",
                arrays::display::repr(&o.value)
            )),
            Err(e) => failures.push(format!("{program}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The command line's JSON keeps a torch.Size a tuple, as the corpus's harness records it.
#[test]
fn a_size_is_a_tuple_in_the_json() {
    let text = match arrays::run("t = torch.zeros(2, 3)\n(t.shape, t.stride())") {
        Ok(o) => arrays::json::outcome(&o),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(text, r#"{"value": [[2, 3], [3, 1]], "type": "tuple"}"#);
}
