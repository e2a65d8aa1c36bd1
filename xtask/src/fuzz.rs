//! `cargo xtask fuzz [target] [seconds]`: runs a cargo-fuzz target (`expr`, `python`, `answers`,
//! `floats`, or all of them) for a given time, installing cargo-fuzz and the nightly toolchain it
//! needs if they are missing. Crashes land in `fuzz/artifacts/<target>/`; each becomes a
//! regression test.

use crate::shell::{self, output, root};

const TARGETS: [&str; 4] = ["expr", "python", "answers", "floats"];

/// Runs the fuzzers.
pub fn run(args: &[String]) -> Result<(), String> {
    let targets: Vec<&str> = match args.first().map(String::as_str) {
        None | Some("all") => TARGETS.to_vec(),
        Some(t) if TARGETS.contains(&t) => vec![t],
        Some(t) => {
            return Err(format!(
                "unknown fuzz target {t}: one of {}",
                TARGETS.join(", ")
            ));
        }
    };
    let seconds: u64 = match args.get(1) {
        Some(s) => s
            .parse()
            .map_err(|_| format!("seconds must be a number, not {s}"))?,
        None => 600,
    };
    ensure_nightly()?;
    ensure_cargo_fuzz()?;
    let fuzz_dir = root().join("fuzz");
    for target in targets {
        let corpus = fuzz_dir.join("corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| e.to_string())?;
        let time = format!("-max_total_time={seconds}");
        let corpus_arg = corpus.display().to_string();
        let dict = format!("-dict={}", fuzz_dir.join("dict/expr.dict").display());
        let mut flags = vec![
            time.as_str(),
            "-timeout=5",
            "-rss_limit_mb=2048",
            "-print_final_stats=1",
        ];
        if target == "expr" {
            flags.push(dict.as_str());
        }
        let mut cargo_args = vec![
            "+nightly",
            "fuzz",
            "run",
            "-O",
            "--fuzz-dir",
            "fuzz",
            target,
            corpus_arg.as_str(),
            "--",
        ];
        cargo_args.extend(flags);
        shell::step(
            &format!("fuzzing {target} for {seconds} s"),
            "cargo",
            &cargo_args,
            &[],
        )?;
    }
    Ok(())
}

fn ensure_nightly() -> Result<(), String> {
    let toolchains = output("rustup", &["toolchain", "list"]).unwrap_or_default();
    if toolchains.lines().any(|l| l.starts_with("nightly")) {
        return Ok(());
    }
    shell::step(
        "installing the nightly toolchain (cargo-fuzz needs it)",
        "rustup",
        &["toolchain", "install", "nightly", "--profile", "minimal"],
        &[],
    )
}

fn ensure_cargo_fuzz() -> Result<(), String> {
    if output("cargo", &["fuzz", "--version"]).is_some() {
        return Ok(());
    }
    shell::step(
        "installing cargo-fuzz",
        &shell::cargo(),
        &["install", "cargo-fuzz"],
        &[],
    )
}
