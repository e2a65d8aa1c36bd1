//! Running commands: each step prints what it runs and fails with the step's name.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The `cargo` that runs xtask (so that the same toolchain builds everything).
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Runs `program args` in the workspace root with extra environment variables; an error names
/// the step.
pub fn step(name: &str, program: &str, args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    println!("\n==> {name}\n    $ {program} {}", args.join(" "));
    let mut command = Command::new(program);
    command.args(args).current_dir(root());
    for (k, v) in env {
        command.env(k, v);
    }
    let status = command
        .status()
        .map_err(|e| format!("{name}: cannot run {program}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// The first line a command prints on stdout, or `None` if it cannot run or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}
