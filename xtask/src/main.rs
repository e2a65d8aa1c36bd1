//! The project's commands, run as `cargo xtask <command>`:
//!
//! - `serve [--port N]`: build the release bundle and serve it at http://127.0.0.1:8000/;
//! - `test`: every test (format, clippy, native tests, no_std builds, headless browser tests,
//!   the Python package's tests);
//! - `dist`: write the release bundle to `dist/`, and the Python package's wheel to `dist/python/`;
//! - `bench`: measure the bundle's size, start, interaction and evaluation times against their
//!   budgets in headless Chromium, and break the size down by crate and function;
//! - `fuzz [expr|python|answers|all] [seconds]`: run the fuzzers (cargo-fuzz, nightly).
//!
//! Each command first installs what it needs and is missing (rustup targets, wasm-bindgen-cli at
//! the version pinned in Cargo.lock, wasm-pack, Chromium and ChromeDriver, npm's binaryen, NumPy in a
//! virtual environment for the tests that ask it), and
//! skips what is present, so a second run is fast.

mod bench;
mod dist;
mod floors;
mod fuzz;
mod pytests;
mod serve;
mod sha256;
mod shell;
mod tools;
mod wheel;

use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo xtask <serve [--port N] | test | dist | bench | fuzz [target] [seconds]>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve::run(&args[1..]),
        Some("test") => test(),
        Some("dist") => dist::build().map(|_| ()),
        Some("bench") => bench::run(),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Every test the project has, in the order that fails fastest.
fn test() -> Result<(), String> {
    let tools = tools::ensure_all()?;
    let cargo = shell::cargo();
    shell::step(
        "formatting",
        &cargo,
        &["fmt", "--all", "--", "--check"],
        &[],
    )?;
    shell::step(
        "clippy (native)",
        &cargo,
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    shell::step(
        "clippy (wasm32, the front end and its browser tests)",
        &cargo,
        &[
            "clippy",
            "-p",
            "strides-lab",
            "--target",
            "wasm32-unknown-unknown",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    shell::step(
        "clippy (wasm32, the bundle's two modules: the page without the engine, and the engine)",
        &cargo,
        &[
            "clippy",
            "-p",
            "strides-lab",
            "-p",
            "lab-engine",
            "--target",
            "wasm32-unknown-unknown",
            "--lib",
            "--no-default-features",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    let python = tools.python.display().to_string();
    shell::step(
        "native tests of every crate",
        &cargo,
        &["test", "--workspace"],
        &[(tools::PYTHON_VAR, python.as_str())],
    )?;
    shell::step(
        "the picture's wire format (array-picture with its serde feature)",
        &cargo,
        &["test", "-p", "array-picture", "--features", "serde"],
        &[],
    )?;
    for target in tools::CORE_TARGETS {
        shell::step(
            &format!("stride-core, float-text and python-ident for {target} (no_std)"),
            &cargo,
            &[
                "build",
                "-p",
                "stride-core",
                "-p",
                "float-text",
                "-p",
                "python-ident",
                "--target",
                target,
            ],
            &[],
        )?;
    }
    let path = tools.path_with_tools();
    shell::step(
        "browser tests in headless Chromium",
        &tools.wasm_pack,
        // Only the browser suite: the other crates' tests have no browser part and ran above.
        &["test", "--headless", "--chrome", "--", "--test", "browser"],
        &[
            ("PATH", path.as_str()),
            ("WASM_BINDGEN_TEST_TIMEOUT", "180"),
        ],
    )?;
    pages(&tools)?;
    pytests::run(&tools, &shell::root().join("dist"))?;
    println!("\nxtask: every test passed");
    Ok(())
}

/// The page tests: the release bundle served over HTTP and driven in headless Chromium (strict
/// CSP, the iframe protocol, the custom element, a phone-sized window, the keyboard, contrast).
fn pages(tools: &tools::Tools) -> Result<(), String> {
    let dist = dist::build()?;
    let port = serve::start(dist.clone(), 0)?;
    let url = format!("http://127.0.0.1:{port}/");
    let playwright = tools.playwright.display().to_string();
    let axe = tools.axe.display().to_string();
    // The SCORM page test writes its package with the CLI (built by the native tests above).
    shell::step(
        "building the strides CLI (for the SCORM package test)",
        &shell::cargo(),
        &["build", "-p", "strides-cli", "--bin", "strides"],
        &[],
    )?;
    let cli = shell::root()
        .join("target/debug/strides")
        .display()
        .to_string();
    let dist_arg = dist.display().to_string();
    let scorm_again = tools.scorm_again.display().to_string();
    shell::step(
        "page tests in headless Chromium (the release bundle)",
        "node",
        &["--test", "--test-concurrency=1", "tests/pages/"],
        &[
            ("STRIDES_URL", url.as_str()),
            ("STRIDES_PLAYWRIGHT", playwright.as_str()),
            ("STRIDES_AXE", axe.as_str()),
            ("STRIDES_CLI", cli.as_str()),
            ("STRIDES_DIST", dist_arg.as_str()),
            ("STRIDES_SCORM_AGAIN", scorm_again.as_str()),
            ("CHROMIUM", "/usr/bin/chromium"),
        ],
    )
}
