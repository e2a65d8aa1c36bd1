//! What the tests that ask NumPy itself share: the python that has it, and one run of a script
//! there. (A directory module, so that Cargo does not build it as a test of its own.)

#![allow(dead_code, clippy::expect_used, clippy::panic, clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

/// `STRIDES_PYTHON`, a python with NumPy 2.4.6; without it the test fails saying how to run it.
pub fn numpy_python() -> String {
    std::env::var("STRIDES_PYTHON").unwrap_or_else(|_| {
        panic!(
            "STRIDES_PYTHON is not set. This test asks NumPy 2.4.6 itself: run it through \
             `cargo xtask test` (which installs NumPy into target/tools/numpy and sets it), or set \
             STRIDES_PYTHON to a python with NumPy 2.4.6 (after one `cargo xtask test`, the \
             workspace's target/tools/numpy/bin/python)."
        )
    })
}

/// What `STRIDES_PYTHON args…` prints with `input` on its standard input; the test fails with
/// its standard error if it fails.
pub fn run_numpy(args: &[&str], input: &str) -> String {
    let mut child = Command::new(numpy_python())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start STRIDES_PYTHON: this test asks NumPy itself");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "STRIDES_PYTHON with NumPy failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The seed exercise on arrays with `id`.
pub fn exercise(id: &str) -> &'static python_subset::Exercise {
    python_subset::ARRAY_EXERCISES
        .iter()
        .find(|e| e.id == id)
        .unwrap()
}
