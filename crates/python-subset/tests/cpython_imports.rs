//! `import` statements compared with CPython: the same tree of modules without files is
//! registered here and put in CPython's `sys.modules` (packages with an empty `__path__`, each
//! submodule an attribute of its package, as an import leaves it), and random programs of
//! import statements and uses of what they bound must print and raise what CPython does,
//! message included.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::eval::Interp;
use python_subset::value::{Module, Value};
use python_subset::{ErrorKind, Limits, Program, parser};
use std::fmt::Write as _;
use std::rc::Rc;
use support::{Rng, py_str, python};

/// The modules: dotted name and attributes (Python expressions both sides evaluate).
const TREE: &[(&str, &[(&str, &str)])] = &[
    ("lab", &[("x", "1"), ("name", "'lab'"), ("size", "len")]),
    ("lab.shapes", &[("square", "(2, 2)"), ("x", "2")]),
    ("lab.shapes.deep", &[("y", "[1, 2]")]),
    ("solo", &[("z", "3.5")]),
];

/// The registry for this crate: each module's attributes, evaluated by an interpreter that
/// must outlive the runs (it empties the lists it made when it ends).
fn registry() -> (Interp, Vec<(Rc<str>, Value)>) {
    let limits = Limits::default();
    let mut interp = Interp::new(&limits);
    let modules = TREE
        .iter()
        .map(|(name, attrs)| {
            let attrs = attrs
                .iter()
                .map(|(a, src)| {
                    let e = parser::parse_expression(src, &limits).unwrap();
                    (Rc::from(*a), interp.eval(&e).unwrap())
                })
                .collect();
            (Rc::from(*name), Module::new_value(name, attrs))
        })
        .collect();
    (interp, modules)
}

/// The same tree in CPython's `sys.modules`.
fn cpython_setup() -> String {
    let mut s = String::from("import sys, types\nmods = {}\n");
    for (name, attrs) in TREE {
        writeln!(s, "m = types.ModuleType({name:?})").unwrap();
        for (a, src) in *attrs {
            writeln!(s, "m.{a} = {src}").unwrap();
        }
        writeln!(s, "mods[{name:?}] = m").unwrap();
    }
    s.push_str(
        "for n, m in mods.items():\n    if any(k.startswith(n + '.') for k in mods):\n        m.__path__ = []\n    if '.' in n:\n        p, _, last = n.rpartition('.')\n        setattr(mods[p], last, m)\n    sys.modules[n] = m\n",
    );
    s
}

const IMPORTS: &[&str] = &[
    "import lab",
    "import lab.shapes",
    "import lab.shapes.deep",
    "import lab.shapes as s",
    "import lab.shapes.deep as d",
    "import lab.nothing",
    "import solo.z",
    "import nowhere",
    "import nowhere.x",
    "import solo, lab.shapes as t",
    "from lab import x",
    "from lab import x as y, name",
    "from lab.shapes import (square, x,)",
    "from lab.shapes import (\n    square as sq,\n    x\n)",
    "from lab import shapes",
    "from lab.shapes import deep as d",
    "from lab import missing",
    "from lab import x, missing",
    "from solo import z",
    "from solo import q",
    "from nowhere import q",
    "from lab.nothing import q",
    "from solo.q import z",
    "from lab import size; print(size('abc'))",
];

const USES: &[&str] = &[
    "print(lab.x, lab.name)",
    "print(s.square, s.x)",
    "print(lab.shapes.deep.y)",
    "print(y, name)",
    "print(d.y)",
    "print(lab.size('abcd'))",
    "print(lab, lab.shapes)",
    "print(lab.shapes.nope)",
    "print(solo.z, t.x)",
    "print(x, square)",
    "print(sq)",
    "print(shapes.x)",
    "print(z)",
    "print(lab.shapes is shapes)",
    "def f():\n    import lab.shapes as s\n    return s.x\nprint(f())",
    "def f():\n    from lab import x\n    return x\nprint(f())\nprint(x)",
    "def f():\n    print(lab)\n    import lab\nf()",
];

/// CPython's `repr((output, 'ok' or 'Class: message'))` for each program.
fn cpython(programs: &[String]) -> Vec<String> {
    let mut script = cpython_setup();
    script.push_str("import io\nprogs = [\n");
    for p in programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    out = io.StringIO()\n    old = sys.stdout\n    sys.stdout = out\n    try:\n        exec(p, {})\n        err = 'ok'\n    except Exception as e:\n        err = type(e).__name__ + ': ' + str(e)\n    finally:\n        sys.stdout = old\n    print(repr((out.getvalue(), err)))\n",
    );
    let out = python(&script, 120).expect("python3 did not finish the programs");
    let theirs: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(theirs.len(), programs.len());
    theirs
}

fn ours(program: &str) -> String {
    let limits = Limits::default();
    let (_maker, modules) = registry();
    let run = match Program::parse(program, &limits) {
        Ok(p) => p.run_with_modules(&limits, modules),
        Err(e) => return format!("parse: {e}"),
    };
    let err = match &run.result {
        Ok(_) => "ok".to_string(),
        Err(e) if matches!(e.kind, ErrorKind::Exception(..)) => e.to_string(),
        Err(e) => format!("not an exception: {e}"),
    };
    let (mut out, mut quoted) = (String::new(), String::new());
    python_subset::value::str_repr(&run.output, &mut out);
    python_subset::value::str_repr(&err, &mut quoted);
    format!("({out}, {quoted})")
}

fn compare(programs: &[String]) {
    let theirs = cpython(programs);
    let failures: Vec<String> = programs
        .iter()
        .zip(&theirs)
        .filter_map(|(p, want)| {
            let got = ours(p);
            (got != *want).then(|| format!("{p}\n  ours:    {got}\n  CPython: {want}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}

#[test]
fn every_import_form_matches_cpython() {
    let mut programs: Vec<String> = IMPORTS.iter().map(|s| s.to_string()).collect();
    programs.extend(USES.iter().map(|u| format!("import lab\n{u}")));
    compare(&programs);
}

#[test]
fn random_import_programs_match_cpython() {
    let mut rng = Rng(0x1a9b_0c7d_e2f3_0415);
    let programs: Vec<String> = (0..600)
        .map(|_| {
            let mut p = String::new();
            for _ in 0..1 + rng.below(3) {
                p.push_str(rng.pick(IMPORTS));
                p.push('\n');
            }
            p.push_str(rng.pick(USES));
            p.push('\n');
            p
        })
        .collect();
    compare(&programs);
}

#[test]
fn the_standard_library_is_unsupported_not_missing() {
    let limits = Limits::default();
    for src in [
        "import os",
        "import os.path",
        "from math import pi",
        "import _thread",
        "import numpy as np",
        "from torch import tensor",
    ] {
        let run = python_subset::run(src, &limits);
        let e = run.result.unwrap_err();
        assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{src}: {e}");
    }
    // The registry comes first: a lab module may take a standard name.
    let math = vec![(Rc::from("math"), Module::new_value("math", Vec::new()))];
    let p = Program::parse("import math\nprint(math)", &limits).unwrap();
    assert_eq!(
        p.run_with_modules(&limits, math).output,
        "<module 'math'>\n"
    );
}
