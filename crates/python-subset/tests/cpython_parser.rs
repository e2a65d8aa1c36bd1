//! The parser against CPython's `compile`: random token soup and mutated exercise programs.
//! Where this parser says `SyntaxError`, CPython must fail to compile too; where CPython fails,
//! this parser must not accept the program (it may call it unsupported).

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::{EXERCISES, Limits, fill};
use std::fmt::Write as _;
use support::{Rng, py_str, python};

const SOUP: &[&str] = &[
    "x",
    "y",
    "f",
    "n",
    "s",
    "0",
    "1",
    "2.5",
    "'a'",
    "f'{x}'",
    "None",
    "True",
    "def",
    "return",
    "if",
    "elif",
    "else",
    "for",
    "in",
    "while",
    "break",
    "continue",
    "pass",
    "raise",
    "assert",
    "and",
    "or",
    "not",
    "is",
    "lambda",
    "class",
    "try",
    "except",
    "import",
    "global",
    "del",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "**",
    "==",
    "<",
    "=",
    "+=",
    ":",
    ",",
    ".",
    ";",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\n",
    "\n    ",
    "\n        ",
    " ",
    " ",
    " ",
    " ",
    "#c\n",
    "@",
    "...",
    ":=",
    "!",
    "yield",
    "async",
    "with",
    "as",
    "from",
    "match",
    "case",
    "_",
    "print",
    "range",
    "\t",
    "\\\n",
    "0x1f",
    "1_0",
    "1e5",
    "00",
    "012",
    "0b2",
    "1__0",
    "1.e3",
    "1j",
    "r'\\d'",
    "b'x'",
    "'''t'''",
    "'\\x4'",
    "'\\n'",
    "\"q",
    "f'{x!r}'",
    "f'{'",
    "f'}'",
    "f'{x=}'",
    "->",
    "**=",
    "//=",
    ">>",
    "<<",
    "&",
    "|",
    "^",
    "~",
    "!=",
    ">=",
    "nonlocal",
    "await",
    "é",
    "\u{a0}",
    "`",
    "$",
    "?",
    "[]",
    "()",
    "x[1:2]",
    "x.y",
    "f(x=1)",
    "f(*x)",
    "f(x for x in y)",
];

fn soup(rng: &mut Rng) -> String {
    let n = 1 + rng.below(14) as usize;
    (0..n).map(|_| rng.pick(SOUP)).collect::<Vec<_>>().join(" ")
}

fn mutated(rng: &mut Rng, seed: &str) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        if rng.below(2) == 0 && at < chars.len() {
            chars.remove(at);
        } else {
            for (k, c) in rng.pick(SOUP).chars().enumerate() {
                chars.insert(at + k, c);
            }
        }
    }
    chars.into_iter().collect()
}

/// Random and mutated programs: where this parser says `SyntaxError`, CPython's `compile`
/// must fail too; where CPython's fails, this parser must not accept the program.
#[test]
fn parser_agrees_with_cpython_compile() {
    let mut rng = Rng(0xfeed_beef_1234_5678);
    let seeds: Vec<String> = EXERCISES
        .iter()
        .map(|e| fill(e.template, e.reference))
        .collect();
    let programs: Vec<String> = (0..4000)
        .map(|i| {
            if i % 2 == 0 {
                soup(&mut rng)
            } else {
                let seed = seeds[rng.below(seeds.len() as u64) as usize].clone();
                mutated(&mut rng, &seed)
            }
        })
        .collect();
    compare_with_compile(&programs);
}

/// Where this parser says `SyntaxError`, CPython's `compile` must fail too; where CPython's
/// fails, this parser must not accept the program.
fn compare_with_compile(programs: &[String]) {
    let limits = Limits::default();
    let mut script = String::from("progs = [\n");
    for p in programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    try:\n        compile(p, '<p>', 'exec')\n        print('ok')\n    except SyntaxError as e:\n        print('syntax')\n    except Exception as e:\n        print('other')\n",
    );
    let out = python(&script, 120).expect("python3 did not finish");
    let theirs: Vec<&str> = out.lines().collect();
    assert_eq!(theirs.len(), programs.len());
    let mut failures = Vec::new();
    let mut counts = [0usize; 4];
    for (p, want) in programs.iter().zip(theirs) {
        let ours = match python_subset::Program::parse(p, &limits) {
            Ok(_) => "ok",
            Err(e) => match e.kind {
                python_subset::ErrorKind::Syntax(..) => "syntax",
                python_subset::ErrorKind::Unsupported(_) => "unsupported",
                _ => "limit",
            },
        };
        counts[match ours {
            "ok" => 0,
            "syntax" => 1,
            "unsupported" => 2,
            _ => 3,
        }] += 1;
        let agrees = match (ours, want) {
            ("syntax", w) => w != "ok",
            ("ok", w) => w == "ok",
            _ => true,
        };
        if !agrees {
            failures.push(format!("{p:?}\n  ours: {ours}, CPython: {want}"));
        }
    }
    println!(
        "ok {}, syntax {}, unsupported {}, limit {}",
        counts[0], counts[1], counts[2], counts[3]
    );
    assert!(
        failures.is_empty(),
        "{} disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const IMPORT_SOUP: &[&str] = &[
    "import", "from", "as", "a", "b", ".", "...", ",", "(", ")", "*", "\n", "\n    ", "x", "def",
    "f", ":", ";", "1", "=",
];

/// Import statements of random tokens, alone and inside a function.
#[test]
fn import_statements_agree_with_cpython_compile() {
    let mut rng = Rng(0x1b0a_7e57_0000_0002);
    let programs: Vec<String> = (0..3000)
        .map(|i| {
            let n = 1 + rng.below(8) as usize;
            let words: Vec<&str> = (0..n).map(|_| rng.pick(IMPORT_SOUP)).collect();
            let head = rng.pick(&["import ", "from a import ", "from a.b import ", ""]);
            let body = format!("{head}{}", words.join(" "));
            if i % 3 == 0 {
                format!("def g():\n    {body}\n")
            } else {
                body
            }
        })
        .collect();
    compare_with_compile(&programs);
}
