//! Running the `strides` binary as a learner's shell would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `strides ARGS` with `stdin` as its input and waits for it.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_strides"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the strides binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // The child may stop reading early (an over-long stdin): a broken pipe is not a failure here.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("strides finishes");
    writer.join().expect("the writer thread ends");
    out
}
