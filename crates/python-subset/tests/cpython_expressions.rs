//! Random expressions compared with CPython's values, evaluated in one python3 process per
//! batch: arithmetic with Python's division and modulo, indexing and slicing, float `repr`
//! and float literals, every one read exactly.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::Limits;
use std::fmt::Write as _;
use support::{Rng, py_str, python};

fn arithmetic(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(10) {
            0 => rng
                .pick(&["0.5", "1.5", "-2.25", "3.0", "0.1", "1e16", "2.5e-5", "0.0"])
                .to_string(),
            1 => rng.pick(&["True", "False"]).to_string(),
            _ => (rng.below(15) as i64 - 5).to_string(),
        };
    }
    let a = arithmetic(rng, depth - 1);
    let b = arithmetic(rng, depth - 1);
    match rng.below(12) {
        0 => format!("(-{a})"),
        1 => format!("(not {a})"),
        2 => format!("({a} if {b} else {})", arithmetic(rng, depth - 1)),
        3 => format!("({a} ** {})", rng.below(6) as i64 - 2),
        4 => format!("({a} << {})", rng.below(5)),
        5 => format!("({a} < {b} <= {})", arithmetic(rng, depth - 1)),
        _ => {
            let op = rng.pick(&[
                "+", "-", "*", "/", "//", "%", "+", "-", "*", "//", "%", "==", "!=", "and", "or",
                ">=", "&", "|", "^", ">>",
            ]);
            format!("({a} {op} {b})")
        }
    }
}

fn slicing(rng: &mut Rng) -> String {
    let bound = |rng: &mut Rng| match rng.below(4) {
        0 => String::new(),
        _ => (rng.below(17) as i64 - 8).to_string(),
    };
    let seq = rng.pick(&[
        "[0, 1, 2, 3, 4, 5]",
        "(9, 8, 7)",
        "'abcdefg'",
        "[]",
        "range(2, 20, 3)",
    ]);
    let (a, b) = (bound(rng), bound(rng));
    match rng.below(4) {
        0 => format!("{seq}[{}]", rng.below(15) as i64 - 7),
        1 => format!("{seq}[{a}:{b}]"),
        _ => {
            let step = rng.pick(&["1", "2", "-1", "-2", "3", "0", ""]);
            format!("list({seq})[{a}:{b}:{step}]")
        }
    }
}

fn floats(rng: &mut Rng) -> String {
    let x = rng.below(2_000_000) as i64 - 1_000_000;
    let y = rng.below(999) as i64 + 1;
    let scale = rng.pick(&["1", "1e-7", "1e-3", "1e9", "1e15", "1e17", "3.0", "0.1"]);
    format!("{x} / {y} * {scale}")
}

/// Evaluates every expression with this crate and with CPython (one process) and compares.
fn compare_with_cpython(exprs: &[String], min_percent_compared: usize) {
    let limits = Limits::default();
    let mut script = String::from("exprs = [\n");
    for e in exprs {
        writeln!(script, "    {},", py_str(e)).unwrap();
    }
    script.push_str("]\nfor e in exprs:\n    try:\n        print(repr(eval(e)))\n    except Exception as ex:\n        print('!' + type(ex).__name__)\n");
    let out = python(&script, 120).expect("python3 did not finish the batch");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), exprs.len());
    let mut compared = 0;
    let mut failures = Vec::new();
    for (e, want) in exprs.iter().zip(theirs) {
        let ours = match python_subset::evaluate(e, &limits) {
            Ok(v) => v,
            Err(err) => match err.class() {
                Some(class) => format!("!{}", class.name()),
                // Integers beyond 128 bits and complex results are outside the subset.
                None => continue,
            },
        };
        compared += 1;
        if ours != want {
            failures.push(format!("{e}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        compared,
        failures.join("\n")
    );
    assert!(
        compared * 100 >= exprs.len() * min_percent_compared,
        "too few compared: {compared} of {}",
        exprs.len()
    );
}

#[test]
fn random_arithmetic_matches_cpython() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let exprs: Vec<String> = (0..3000).map(|_| arithmetic(&mut rng, 4)).collect();
    compare_with_cpython(&exprs, 90);
}

#[test]
fn random_indexing_and_slicing_match_cpython() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let exprs: Vec<String> = (0..2000).map(|_| slicing(&mut rng)).collect();
    compare_with_cpython(&exprs, 90);
}

#[test]
fn random_float_reprs_match_cpython() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let exprs: Vec<String> = (0..2000).map(|_| floats(&mut rng)).collect();
    compare_with_cpython(&exprs, 90);
}

fn float_literal(rng: &mut Rng) -> String {
    let digits: String = (0..1 + rng.below(40))
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    let point = rng.below(digits.len() as u64 + 1) as usize;
    let (a, b) = digits.split_at(point);
    let exp = match rng.below(3) {
        0 => String::new(),
        1 => format!("e{}", rng.below(61) as i64 - 30),
        // Far exponents: subnormals, overflow to inf, and the exact slow path.
        _ => format!("e{}", rng.below(701) as i64 - 350),
    };
    format!("{a}.{b}{exp}")
}

#[test]
fn random_float_literals_match_cpython() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let exprs: Vec<String> = (0..3000).map(|_| float_literal(&mut rng)).collect();
    compare_with_cpython(&exprs, 100);
}

#[test]
fn string_reprs_escape_what_cpython_does_not_print() {
    // Every 97th code point and the usual suspects, each alone and beside a letter.
    let mut codes: Vec<u32> = (0..0x11_0000).step_by(97).collect();
    codes.extend([
        0x7f, 0xa0, 0xad, 0x2028, 0x200b, 0x3000, 0xfeff, 0xe000, 0x10ffff, 0x378,
    ]);
    let exprs: Vec<String> = codes
        .iter()
        .filter(|&&c| char::from_u32(c).is_some())
        .map(|c| format!("'a\\U{c:08x}'"))
        .collect();
    compare_with_cpython(&exprs, 100);
}
