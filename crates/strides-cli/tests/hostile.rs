//! Hostile input through the command line (issue 9): whatever arrives as the argument or on
//! stdin, `strides eval` prints one line of JSON and exits 0 within a second, or, for a command
//! line that is wrong in itself (an endless stdin), exits 2.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::Value as Json;

/// The longest one run may take (spawning included).
const GUARD: Duration = Duration::from_secs(1);

fn run(args: &[&str], stdin: &[u8]) -> (Output, Duration) {
    let start = Instant::now();
    let out = support::run(args, stdin);
    (out, start.elapsed())
}

/// The error class of the one JSON line `strides eval` printed, or "" for a result.
fn class_of(args: &[&str], stdin: &[u8], what: &str) -> String {
    let (out, took) = run(args, stdin);
    assert!(took < GUARD, "{what} took {took:?}");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    assert_eq!(text.lines().count(), 1, "{what}: one line, got {text:?}");
    let json: Json =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {text}"));
    json.get("error")
        .and_then(Json::as_str)
        .unwrap_or("")
        .to_string()
}

#[test]
fn hostile_programs_on_stdin() {
    let megabyte = format!("x = 1 {}", " ".repeat(1 << 20));
    let statements = "x = np.arange(6.0)\n".repeat(600);
    let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
    let rows: &[(&[u8], &str)] = &[
        (megabyte.as_bytes(), "LabLimit"),
        // No statement count: the step limit bounds a program (and an endless one stops).
        (statements.as_bytes(), ""),
        (b"while True: pass", "LabLimit"),
        (deep.as_bytes(), "SyntaxError"),
        (b"x = 1\x00", "SyntaxError"),
        (b"\x00\x01\x02\x1b[2J", "SyntaxError"),
        (b"x = '\x01\x02\x1f'; x", ""),
        (b"\xff\xfe\x00", "SyntaxError"),
        ("😀".as_bytes(), "SyntaxError"),
        (b"10**100", "LabLimit"),
        (b"np.zeros((10**5, 10**5))", "LabLimit"),
        (b"np.arange(10**12)", "LabLimit"),
        (
            b"x = np.arange(6.0); as_strided(x, (2**40,), (0,))",
            "LabLimit",
        ),
        (
            b"x = np.arange(6.0); np.broadcast_to(x, (10**7, 10**7, 6)).copy()",
            "LabLimit",
        ),
        (b"x = np.arange(12.0); x.reshape(-1, -1)", "ValueError"),
        (b"x = np.arange(12.0); x[::0]", "ValueError"),
        (b"np.zeros((1,) * 65)", "ValueError"),
        (b"x = np.arange(12.0)\r\nx.T.strides", ""),
    ];
    for (stdin, class) in rows {
        let what = format!(
            "{:?}",
            String::from_utf8_lossy(&stdin[..stdin.len().min(60)])
        );
        assert_eq!(class_of(&["eval"], stdin, &what), *class, "{what}");
    }
}

#[test]
fn hostile_programs_as_the_argument() {
    // Linux takes one argument of up to 128 KiB; the lab's program limit is 64 KiB.
    let long = format!("x = 1 {}", " ".repeat(100_000));
    let chain = format!("x = 1 {}", "+ 1 ".repeat(10_000));
    for (program, class) in [
        (long.as_str(), "LabLimit"),
        (chain.as_str(), "SyntaxError"),
        ("(((", "SyntaxError"),
        ("x = np.arange(3.0); x.reshape('a')", "TypeError"),
        ("np.zeros(None)", "TypeError"),
        ("y", "NameError"),
        ("\u{7}\u{8}", "SyntaxError"),
    ] {
        assert_eq!(
            class_of(
                &["eval", program],
                b"",
                &program.chars().take(40).collect::<String>()
            ),
            class
        );
    }
}

#[test]
fn an_endless_stdin_is_refused_not_read_forever() {
    // More than the 16 MiB the command reads: a usage error, quickly.
    let flood = vec![b' '; 17 << 20];
    let (out, took) = run(&["eval"], &flood);
    assert!(took < GUARD * 5, "took {took:?}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than"));
}
