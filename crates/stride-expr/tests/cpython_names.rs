//! Names beyond ASCII in the program box, against CPython's compile: random names from every
//! kind of character, each as `NAME = 1` (the same draw as python-subset's
//! tests/cpython_names.rs, another seed). A SyntaxError must be CPython's message at CPython's
//! column; a name NFKC normalization changes is "not supported here"; a valid name runs, or is
//! refused only for a combining mark or Hangul jamo python-ident refuses without looking at the
//! character before it.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// A tiny deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A Python string literal for `s`, every character escaped.
fn py_str(s: &str) -> String {
    let body: String = s.chars().map(|c| format!("\\U{:08x}", c as u32)).collect();
    format!("'{body}'")
}

/// Ranges of code points to draw from.
const POOLS: &[(u32, u32)] = &[
    (0x61, 0x7A),       // ASCII letters
    (0x30, 0x39),       // ASCII digits
    (0x5F, 0x5F),       // _
    (0x80, 0xFF),       // Latin-1: controls, NBSP, symbols, letters
    (0x100, 0x24F),     // Latin Extended
    (0x300, 0x36F),     // combining marks
    (0x370, 0x3FF),     // Greek
    (0x400, 0x4FF),     // Cyrillic
    (0x900, 0x97F),     // Devanagari
    (0x1100, 0x11FF),   // Hangul jamo
    (0x2000, 0x206F),   // spaces and punctuation
    (0x2100, 0x218F),   // letterlike symbols, Roman numerals
    (0x3000, 0x30FF),   // CJK symbols, kana
    (0x4E00, 0x4E80),   // ideographs
    (0xAC00, 0xAC80),   // Hangul syllables
    (0xFB00, 0xFB4F),   // ligatures, Hebrew presentation forms
    (0xFE00, 0xFE0F),   // variation selectors
    (0xFF00, 0xFF65),   // fullwidth forms
    (0x1D400, 0x1D7FF), // mathematical letters
    (0x1F300, 0x1F64F), // emoji
    (0x80, 0x10FFFF),   // anything
];

fn random_name(rng: &mut Rng) -> String {
    let len = 1 + rng.below(4) as usize;
    let mut name = String::new();
    while name.chars().count() < len {
        let (lo, hi) = POOLS[rng.below(POOLS.len() as u64) as usize];
        let code = lo + rng.below(u64::from(hi - lo + 1)) as u32;
        // Line ends and the characters that would end the statement are not name material.
        // (A digit first makes `0 = 1`, the parser's business, not the names'.)
        let first_digit = name.is_empty() && (0x30..=0x39).contains(&code);
        if let Some(c) = char::from_u32(code).filter(|c| !"\n\r#'\"\\".contains(*c)) {
            if !first_digit {
                name.push(c);
            }
        }
    }
    name
}

#[test]
fn random_names_as_cpython_compiles_them() {
    let mut rng = Rng(0x5EED_0713);
    let names: Vec<String> = (0..3000).map(|_| random_name(&mut rng)).collect();
    let mut script = String::from("import unicodedata\nfor n in [\n");
    for n in &names {
        script.push_str(&format!("    {},\n", py_str(n)));
    }
    script.push_str(
        "]:\n    try:\n        compile(n + ' = 1', '<a>', 'exec')\n        print('ok' if unicodedata.normalize('NFKC', n) == n else 'normalizes')\n    except SyntaxError as e:\n        print('%s: %s\\t%d' % (type(e).__name__, e.msg, e.offset))\n",
    );
    let mut child = Command::new("python3")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 must be installed: this test compares with CPython and does not skip");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let (mut failures, mut kinds, mut cautious) = (Vec::new(), [0usize; 3], 0);
    for (name, theirs) in names.iter().zip(out.lines()) {
        let program = format!("{name} = 1");
        let ours = stride_expr::run(&program);
        let agrees = match (theirs, &ours) {
            ("ok", Ok(_)) => {
                kinds[0] += 1;
                true
            }
            ("normalizes", Err(e)) if e.class == "Unsupported" => {
                kinds[1] += 1;
                true
            }
            ("ok", Err(e)) if e.class == "Unsupported" => {
                cautious += 1;
                name.chars().any(|c| {
                    python_ident::class(c).is_mark() || (0x1100..=0x11FF).contains(&u32::from(c))
                })
            }
            (t, Err(e)) if e.class == "SyntaxError" => {
                kinds[2] += 1;
                let start = e.span.map_or(0, |s| s.start);
                let column = program[..start].chars().count() + 1;
                t == format!("SyntaxError: {}\t{column}", e.message)
            }
            _ => false,
        };
        if !agrees {
            failures.push(format!(
                "{name:?}: ours {:?}, CPython {theirs}",
                ours.err().map(|e| format!("{}: {}", e.class, e.message))
            ));
        }
    }
    assert!(
        kinds.iter().all(|&k| k > 100),
        "too few of each kind: {kinds:?}"
    );
    assert!(cautious * 10 < kinds[0], "{cautious} valid names refused");
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        names.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
