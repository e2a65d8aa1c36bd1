//! Every code point classified as the machine's CPython classifies it: `chr(c).isidentifier()`
//! (may begin a name), `('a' + chr(c)).isidentifier()` (may go on one), `chr(c).isprintable()`,
//! and, for the characters of names, whether NFKC normalization changes the character alone or
//! NFC joins it to a character before it. `python3` must be CPython 3.11 (Unicode 14), the
//! version the table was generated from: without it this test fails, it does not skip.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// Prints one digit per code point: bit 0 start, bit 1 continue, bit 2 printable, and a second
/// line with the name characters that normalize (one code point per line, in hex).
const SCRIPT: &str = r#"
import sys, unicodedata
assert unicodedata.unidata_version == "14.0.0", unicodedata.unidata_version
out = []
for c in range(0x110000):
    ch = chr(c)
    if 0xD800 <= c <= 0xDFFF:
        out.append("0")
        continue
    f = (1 if ch.isidentifier() else 0) | (2 if ("a" + ch).isidentifier() else 0) | (4 if ch.isprintable() else 0)
    out.append(str(f))
print("".join(out))
# A name character whose NFKC form differs, or that NFC joins to a base character before it
# (one that NFC leaves alone), or a Hangul vowel or final consonant (joined to a syllable).
joins = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
for c in range(0x110000):
    d = unicodedata.decomposition(chr(c))
    if d and not d.startswith("<") and len(d.split()) == 2:
        a, b = (chr(int(p, 16)) for p in d.split())
        if unicodedata.normalize("NFC", a) == a and unicodedata.normalize("NFC", a + b) != a + b:
            joins.add(ord(b))
for c in range(0x110000):
    ch = chr(c)
    if 0xD800 <= c <= 0xDFFF or not ("a" + ch).isidentifier():
        continue
    if unicodedata.normalize("NFKC", ch) != ch or c in joins:
        print("%x" % c)
"#;

fn cpython() -> String {
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
        .write_all(SCRIPT.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python3 failed (is it CPython 3.11?)");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_code_point_as_cpython_classifies_it() {
    let out = cpython();
    let mut lines = out.lines();
    let flags = lines.next().unwrap().as_bytes();
    assert_eq!(flags.len(), 0x110000);
    // The class of every code point: ASCII through `class`, the rest from the runs.
    let mut classes: Vec<python_ident::Class> = (0..0x80u8)
        .map(|b| python_ident::class(char::from(b)))
        .collect();
    for (first, last, class) in python_ident::runs() {
        assert_eq!(first as usize, classes.len(), "runs are contiguous");
        // `class` finds the run through the checkpoints: both ends and the middle.
        for code in [first, first + (last - first) / 2, last] {
            if let Some(ch) = char::from_u32(code) {
                assert_eq!(python_ident::class(ch), class, "U+{code:04X}");
            }
        }
        classes.extend((first..=last).map(|_| class));
    }
    assert_eq!(classes.len(), 0x110000, "the runs end at U+10FFFF");
    let mut failures = Vec::new();
    for (code, &f) in flags.iter().enumerate() {
        if char::from_u32(code as u32).is_none() {
            continue;
        }
        let c = classes[code];
        let f = f - b'0';
        let want = (f & 1 != 0, f & 2 != 0, f & 4 != 0);
        let got = (c.is_start(), c.is_continue(), c.is_printable());
        if got != want && failures.len() < 20 {
            failures.push(format!("U+{code:04X}: ours {got:?}, CPython {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every name character that normalization can change is flagged: none is taken as it is.
    let mut missed = Vec::new();
    for line in lines {
        let code = u32::from_str_radix(line, 16).unwrap();
        let ch = char::from_u32(code).unwrap();
        if !python_ident::class(ch).normalizes() {
            missed.push(format!("U+{code:04X}"));
        }
    }
    assert!(missed.is_empty(), "not flagged: {}", missed.join(" "));
}

#[test]
fn names_are_valid_normalizing_or_invalid_as_cpython_says() {
    // A few names of every kind, through CPython's compile.
    let names = [
        "données",
        "π",
        "x·y",
        "_é",
        "Straße",
        "名前",
        "переменная",
        "ñandú",
        "x×2",
        "x²",
        "€",
        "ﬁ",
        "ℌ",
        "ｘ",
        "e\u{301}",
        "a\u{300}\u{301}",
        "x\u{a0}",
        "ᵢ",
        "Ⅻ",
        "a\u{200d}b",
        "ア",
        "ｱ",
        "가",
        "\u{1100}\u{1161}",
        "नमस्ते",
        "𝐱",
    ];
    let mut script = String::from("import unicodedata\nfor n in [\n");
    for n in names {
        let escaped: String = n.chars().map(|c| format!("\\U{:08x}", c as u32)).collect();
        script.push_str(&format!("    \"{escaped}\",\n"));
    }
    script.push_str(
        "]:\n    ok = n.isidentifier()\n    same = unicodedata.normalize('NFKC', n) == n\n    print('valid' if ok and same else 'normalizes' if ok else 'invalid')\n",
    );
    let mut child = Command::new("python3")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    for (name, theirs) in names.iter().zip(out.lines()) {
        let ours = match python_ident::check(name) {
            Ok(()) => "valid",
            Err(r) if r.reason == python_ident::Reason::Normalizes => "normalizes",
            Err(_) => "invalid",
        };
        assert_eq!(ours, theirs, "{name:?}");
    }
}

#[test]
fn a_long_name_is_checked_quickly() {
    // Each look-up decodes at most one checkpoint's runs: a 64 KB name of the table's last
    // ideographs takes milliseconds, not seconds.
    let name: String = std::iter::once('a')
        .chain(std::iter::repeat_n('\u{20000}', 16_000))
        .collect();
    let start = std::time::Instant::now();
    assert_eq!(python_ident::check(&name), Ok(()));
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_millis(500), "{took:?}");
}
