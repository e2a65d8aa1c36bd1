//! The random names both lexers' CPython comparisons draw (python-subset's and the arrays crate's
//! `tests/cpython_names.rs`, each with a seed of its own), and CPython's verdict on each as the
//! statement `NAME = 1`. Included with `#[path]` by those tests: one draw, one script, so the two
//! lexers are held to the same standard.

#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// Ranges of code points to draw from.
pub const POOLS: &[(u32, u32)] = &[
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

/// A tiny deterministic generator (xorshift), so failures reproduce.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn random_name(rng: &mut Xorshift) -> String {
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

/// `count` names of one to four characters drawn from [`POOLS`], the same for the same `seed`.
pub fn random_names(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Xorshift(seed);
    (0..count).map(|_| random_name(&mut rng)).collect()
}

/// What CPython says of `NAME = 1` for each name, one line each: `ok` (it compiles and the name
/// is in NFKC form), `normalizes` (it compiles as another name), or the SyntaxError as
/// `SyntaxError: MESSAGE<tab>COLUMN`. Fails, never skips, without python3.
pub fn cpython_verdicts(names: &[String]) -> Vec<String> {
    let mut script = String::from("import unicodedata\nfor n in [\n");
    for n in names {
        let escaped: String = n.chars().map(|c| format!("\\U{:08x}", c as u32)).collect();
        script.push_str(&format!("    '{escaped}',\n"));
    }
    script.push_str(
        "]:\n    try:\n        compile(n + ' = 1', '<a>', 'exec')\n        print('ok' if unicodedata.normalize('NFKC', n) == n else 'normalizes')\n    except SyntaxError as e:\n        print('%s: %s\\t%d' % (type(e).__name__, e.msg, e.offset))\n",
    );
    let mut child = Command::new("timeout")
        .args(["120", "python3", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("timeout and python3 must be installed: this test compares with CPython and does not skip");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "python3 failed on the names ({})",
        out.status
    );
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), names.len(), "CPython answered for every name");
    lines
}
