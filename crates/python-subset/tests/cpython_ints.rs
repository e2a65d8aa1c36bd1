//! Expressions compared with CPython to the exception's message: 128-bit integers (random
//! expressions over ints near the ends of i128, floats and the functions that convert:
//! ranges, indexing, slicing, `repr`, `float`, `int(float)`, `divmod`, `pow` with a modulus,
//! shifts, bitwise operators, `round`), then `@`, and the errors of dicts and string methods.
//!
//! CPython runs each expression twice: as written, and with every operator and call result
//! checked against i128 (an AST rewrite). Where an intermediate leaves i128, this crate must
//! stop with the limit "integer too large"; everywhere else its value, or its exception's
//! class and message, must be CPython's.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::limits::Limit;
use python_subset::{ErrorKind, Limits};
use std::fmt::Write as _;
use support::{Rng, py_str, python};

/// An int literal: small, a power of two or ten near the ends of i128, or random bits.
fn int_atom(rng: &mut Rng) -> String {
    match rng.below(8) {
        0..=2 => (rng.below(21) as i64 - 10).to_string(),
        3 => rng
            .pick(&[
                "170141183460469231731687303715884105727",
                "(-170141183460469231731687303715884105727 - 1)",
                "(2 ** 126)",
                "(10 ** 38)",
                "(3 ** 80)",
                "(2 ** 64)",
                "(2 ** 63 - 1)",
                "(-2 ** 53 - 1)",
                "9007199254740993",
            ])
            .to_string(),
        _ => {
            let bits = 1 + rng.below(127);
            let v = (u128::from(rng.next()) << 64 | u128::from(rng.next())) >> (128 - bits);
            let v = v as i128;
            if rng.below(2) == 0 {
                format!("({})", -v)
            } else {
                v.to_string()
            }
        }
    }
}

fn atom(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => rng
            .pick(&[
                "0.5",
                "-2.5",
                "1e30",
                "1.7e38",
                "-3.4e38",
                "0.1",
                "2.0 ** 100",
                "1e300",
            ])
            .to_string(),
        1 => rng.pick(&["True", "False"]).to_string(),
        _ => int_atom(rng),
    }
}

fn expr(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.below(3) == 0 {
        return atom(rng);
    }
    let a = expr(rng, depth - 1);
    let b = expr(rng, depth - 1);
    match rng.below(24) {
        0 => format!("(-{a})"),
        1 => format!("(~{a})"),
        2 => format!("({a} ** {})", rng.below(140) as i64 - 2),
        3 => format!("({a} << {})", rng.below(135)),
        4 => format!("({a} >> {})", rng.below(135)),
        5 => format!("divmod({a}, {b})"),
        6 => format!("pow({a}, {}, {b})", rng.below(300) as i64 - 3),
        7 => format!("round({a}, {})", rng.below(45) as i64 - 42),
        8 => format!("round({a})"),
        9 => format!("int({a})"),
        10 => format!("float({a})"),
        11 => format!("abs({a})"),
        12 => format!("int(str({a}))"),
        13 => {
            let op = rng.pick(&["<", "==", ">=", "!="]);
            format!("({a} {op} {b})")
        }
        _ => {
            let op = rng.pick(&[
                "+", "-", "*", "/", "//", "%", "&", "|", "^", "+", "-", "*", "//", "%",
            ]);
            format!("({a} {op} {b})")
        }
    }
}

/// Ranges, indexing and slicing with big bounds.
fn sequences(rng: &mut Rng) -> String {
    let (a, b) = (int_atom(rng), int_atom(rng));
    let step = match rng.below(3) {
        0 => int_atom(rng),
        _ => (rng.below(7) as i64 - 3).to_string(),
    };
    let k = int_atom(rng);
    match rng.below(12) {
        0 => format!("range({a}, {b}, {step})[{k}]"),
        1 => format!("len(range({a}, {b}, {step}))"),
        2 => format!("{k} in range({a}, {b}, {step})"),
        3 => format!("list(zip(range({a}, {b}, {step}), range(4)))"),
        4 => format!("[x for x, _ in zip(reversed(range({a}, {b}, {step})), range(4))]"),
        5 => format!("range({a}, {b}, {step})"),
        6 => format!("range({a}, {b}, {step}) == range({a}, {b})"),
        7 => format!("[1, 2, 3][{k}]"),
        8 => format!("'abc'[{a}:{b}:{step}]"),
        9 => format!("[1, 2, 3, 4][{a}:{b}]"),
        10 => format!("list(enumerate('ab', {k}))"),
        // Only counts CPython refuses at once (a big one would allocate).
        _ => format!(
            "[0] * {}",
            rng.pick(&["2 ** 64", "-2 ** 70", "(2 ** 127 - 1)", "-3"])
        ),
    }
}

/// CPython's answers: `repr` of the value, `!Class: message`, or `!Big` where an intermediate
/// left i128.
fn cpython_answers(exprs: &[String]) -> Vec<String> {
    let mut script = String::from(
        r#"import ast
LO, HI = -2**127, 2**127 - 1
class Big(Exception):
    pass
def _c(v):
    if type(v) is int and not LO <= v <= HI:
        raise Big()
    if type(v) in (tuple, list):
        for x in v:
            _c(x)
    return v
class Wrap(ast.NodeTransformer):
    def wrap(self, node):
        self.generic_visit(node)
        return ast.Call(ast.Name('_c', ast.Load()), [node], [])
    visit_BinOp = visit_UnaryOp = visit_Call = visit_Subscript = wrap
def answer(e):
    tree = ast.fix_missing_locations(Wrap().visit(ast.parse(e, mode='eval')))
    try:
        eval(compile(tree, '<e>', 'eval'), {'_c': _c})
    except Big:
        return '!Big'
    except Exception:
        pass
    try:
        v = eval(e)
    except Exception as ex:
        return '!' + type(ex).__name__ + ': ' + str(ex)
    return repr(v)
exprs = [
"#,
    );
    for e in exprs {
        writeln!(script, "    {},", py_str(e)).unwrap();
    }
    script.push_str("]\nfor e in exprs:\n    print(answer(e))\n");
    let out = python(&script, 120).expect("python3 did not finish the batch");
    let theirs: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(theirs.len(), exprs.len());
    theirs
}

/// Compares, and gives how many this crate called unsupported.
fn compare(exprs: &[String]) -> usize {
    let limits = Limits::default();
    let theirs = cpython_answers(exprs);
    let (mut big, mut unsupported, mut failures) = (0, 0, Vec::new());
    for (e, want) in exprs.iter().zip(&theirs) {
        let ours = match python_subset::evaluate(e, &limits) {
            Ok(v) => v,
            Err(err) => match err.kind {
                ErrorKind::Limit(Limit::IntTooLarge) => "!Big".to_string(),
                // Where CPython runs out of memory, this crate stops at its limit first.
                ErrorKind::Limit(Limit::Memory | Limit::CollectionLen)
                    if want == "!MemoryError: " =>
                {
                    continue;
                }
                ErrorKind::Exception(..) => format!("!{err}"),
                // round() of a float to some digits is outside the subset.
                ErrorKind::Unsupported(_) => {
                    unsupported += 1;
                    continue;
                }
                _ => format!("?{err}"),
            },
        };
        big += usize::from(want == "!Big");
        if ours != *want {
            failures.push(format!("{e}\n  ours:    {ours}\n  CPython: {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        exprs.len(),
        failures.join("\n")
    );
    eprintln!(
        "{} expressions: {big} left i128, {unsupported} unsupported",
        exprs.len()
    );
    // The limit and the unsupported must stay the exception, not the rule.
    assert!(big * 2 < exprs.len(), "{big} of {} left i128", exprs.len());
    assert!(
        unsupported * 10 < exprs.len(),
        "{unsupported} of {} unsupported",
        exprs.len()
    );
    unsupported
}

#[test]
fn random_big_int_arithmetic_matches_cpython() {
    let mut rng = Rng(0x51ab_1e12_8b17_0001);
    let exprs: Vec<String> = (0..4000).map(|_| expr(&mut rng, 3)).collect();
    compare(&exprs);
}

#[test]
fn random_big_ranges_and_indices_match_cpython() {
    let mut rng = Rng(0x7a11_0e12_8b17_0002);
    let exprs: Vec<String> = (0..3000).map(|_| sequences(&mut rng)).collect();
    compare(&exprs);
}

#[test]
fn two_to_the_seventy_works() {
    let exprs: Vec<String> = [
        "2 ** 70",
        "2 ** 70 // 3",
        "-(2 ** 127 - 1) - 1",
        "2 ** 127",
        "(2 ** 70) / 3",
        "(2 ** 100 + 1) / (2 ** 60 + 3)",
        "int(1.7e38)",
        "int(1.8e38)",
        "float(2 ** 127 - 1)",
        "pow(3, 2 ** 70, 10 ** 30 + 7)",
        "pow(3, -1, 7)",
        "round(2 ** 70, -5)",
        "range(2 ** 100)[-1]",
        "len(range(2 ** 64))",
        "[1][2 ** 70]",
        "[1].pop(2 ** 70)",
        "1 << 126",
        "-1 << 127",
        "0 / -(2 ** 60)",
    ]
    .map(String::from)
    .to_vec();
    compare(&exprs);
}

#[test]
fn matmul_binds_like_times_and_no_built_in_type_has_it() {
    let exprs: Vec<String> = [
        "1 @ 2",
        "1.5 @ True",
        "[1] @ (2,)",
        "'a' @ None",
        "[1] * 2 @ 3",
        "1.5 + 2 @ 3",
        "2 @ 3 ** 2.0",
        "-2.5 @ 3",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(compare(&exprs), 0);
}

/// The errors of dicts and of the string methods, message and all (the program comparisons
/// check only the class).
#[test]
fn dict_and_string_method_errors_match_cpython_to_the_message() {
    let exprs: Vec<String> = [
        "{'a': 1}['b']",
        "{[1]: 2}",
        "{(1, [2]): 3}",
        "{1: 2}[(1,)]",
        "dict([1, 2])",
        "dict([(1, 2, 3)])",
        "{}.pop('k')",
        "{1: 2} < {1: 2}",
        "{'a': 1}.nope",
        "{'a': 1}[1:2]",
        "{(1, 'x'): 1}[(1, 'y')]",
        "'a,b'.split(1)",
        "'a'.strip(1)",
        "'a'.replace(1, 'b')",
        "'a'.startswith(1)",
        "'a'.startswith((1,))",
        "''.split('')",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(compare(&exprs), 0);
}
