//! Helpers shared by the CPython comparison tests: Python string literals, running python3
//! (failing, never skipping, when it is missing), and a deterministic random generator.

#![allow(dead_code)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

/// A Python string literal for `s`.
pub fn py_str(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => write!(out, "\\U{:08x}", c as u32).unwrap(),
        }
    }
    out.push('\'');
    out
}

/// Runs `script` with python3 under a wall-clock timeout; `None` if it did not finish.
pub fn python(script: &str, seconds: u32) -> Option<String> {
    let mut child = Command::new("timeout")
        .args([&seconds.to_string(), "python3", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run `timeout python3`: {e}. The honesty check needs CPython 3 (python3) and coreutils' timeout on PATH; it does not skip."));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    if out.status.code() == Some(127) {
        panic!(
            "python3 is not installed: the honesty check needs CPython 3 on PATH; it does not skip."
        );
    }
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A tiny deterministic generator (xorshift), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Runs each program in CPython (fresh globals, output captured) and gives, per program, the
/// `repr` of `(output, "ok" or the exception class)`.
pub fn run_in_cpython(programs: &[String]) -> Vec<String> {
    let mut script = String::from("import io, sys\nprogs = [\n");
    for p in programs {
        writeln!(script, "    {},", py_str(p)).unwrap();
    }
    script.push_str(
        "]\nfor p in progs:\n    out = io.StringIO()\n    old = sys.stdout\n    sys.stdout = out\n    try:\n        exec(p, {})\n        err = 'ok'\n    except Exception as e:\n        err = type(e).__name__\n    finally:\n        sys.stdout = old\n    print(repr((out.getvalue(), err)))\n",
    );
    let out = python(&script, 120).expect("python3 did not finish the programs");
    let theirs: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(theirs.len(), programs.len());
    theirs
}

/// The same `repr((output, outcome))` for a run of this crate; `None` when the run stopped on
/// something that is not a Python exception (unsupported, a limit).
pub fn ours(run: &python_subset::Run) -> Option<String> {
    let err = match &run.result {
        Ok(_) => "ok".to_string(),
        Err(e) => e.class()?.name().to_string(),
    };
    let mut quoted = String::new();
    python_subset::value::str_repr(&run.output, &mut quoted);
    Some(format!("({quoted}, '{err}')"))
}
