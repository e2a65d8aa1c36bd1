//! Installing what the build and the tests need, skipping what is present:
//!
//! - the rustup targets `wasm32-unknown-unknown` and `thumbv7m-none-eabi`;
//! - `wasm-bindgen-cli` at exactly the version of the `wasm-bindgen` crate in Cargo.lock (installed
//!   without `--locked`: its own lock file names a crate the registry no longer has);
//! - `wasm-pack`, for the browser tests;
//! - Debian's `chromium` and `chromium-driver`, a matched pair;
//! - npm's `scorm-again`, a SCORM runtime, for the page test of `strides quiz scorm`;
//! - npm's `binaryen` (its `wasm-opt`; Debian's is too old for today's Rust output), installed into
//!   `target/tools/binaryen`;
//! - the code editor's npm packages (CodeMirror 6 and esbuild, pinned in `web/editor/package-lock.json`),
//!   installed by `npm ci` into `web/editor/node_modules`;
//! - NumPy at the version the corpora were recorded with, in a virtual environment of its own
//!   (`target/tools/numpy`), for the tests that ask NumPy itself; xtask tells them where it is
//!   with [`PYTHON_VAR`].

use std::path::{Path, PathBuf};

use crate::shell::{self, output, root};

/// Targets stride-core is built for in the tests: the browser, and a target with no std at all.
pub const CORE_TARGETS: [&str; 2] = ["wasm32-unknown-unknown", "thumbv7m-none-eabi"];

/// npm's binaryen release whose `wasm-opt` reads today's Rust wasm.
const BINARYEN: &str = "binaryen@132.0.0";

/// npm's playwright-core (it drives the machine's own Chromium; it downloads no browser).
const PLAYWRIGHT: &str = "playwright-core@1.65.1";

/// npm's axe-core: the page tests inject it to check the lab against WCAG 2.1 A/AA rules.
const AXE: &str = "axe-core@4.14.1";

/// npm's scorm-again: a SCORM 1.2 and 2004 runtime (the LMS side of the API), which the page
/// test of `strides quiz scorm`'s package runs as the LMS.
const SCORM_AGAIN: &str = "scorm-again@3.4.3";

/// NumPy as the corpora were recorded with (tests/corpus/README.md).
const NUMPY: &str = "numpy==2.4.6";

/// The environment variable naming the Python (with [`NUMPY`]) that the tests run.
pub const PYTHON_VAR: &str = "STRIDES_PYTHON";

/// The pinned wasm-pack (the version checked on this machine kind).
const WASM_PACK_VERSION: &str = "0.15.1";

/// Paths of the installed tools.
pub struct Tools {
    /// `wasm-pack`.
    pub wasm_pack: String,
    /// `wasm-bindgen`.
    pub wasm_bindgen: String,
    /// The folder holding npm's `wasm-opt`.
    pub binaryen_bin: PathBuf,
    /// playwright-core's ES module entry, for the page tests and the benchmark.
    pub playwright: PathBuf,
    /// axe-core's `axe.min.js`, which the page tests inject.
    pub axe: PathBuf,
    /// scorm-again's `dist/` folder (`scorm12.min.js`, `scorm2004.min.js`).
    pub scorm_again: PathBuf,
    /// The virtual environment's `python`, with NumPy, for the tests that ask NumPy.
    pub python: PathBuf,
}

impl Tools {
    /// `PATH` with binaryen's and cargo's bin folders first, so that wasm-pack finds `wasm-opt` and
    /// `wasm-bindgen-test-runner` instead of downloading them.
    pub fn path_with_tools(&self) -> String {
        let mut parts = vec![
            self.binaryen_bin.display().to_string(),
            cargo_bin().display().to_string(),
        ];
        if let Ok(p) = std::env::var("PATH") {
            parts.push(p);
        }
        parts.join(":")
    }

    /// npm's `wasm-opt`.
    pub fn wasm_opt(&self) -> String {
        self.binaryen_bin.join("wasm-opt").display().to_string()
    }
}

fn cargo_bin() -> PathBuf {
    let home = std::env::var("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(std::env::var("HOME").unwrap_or_else(|_| "/root".into())).join(".cargo")
        });
    home.join("bin")
}

/// What `cargo xtask dist` and `serve` need.
pub fn ensure_build() -> Result<Tools, String> {
    ensure_targets()?;
    let wasm_bindgen = ensure_wasm_bindgen()?;
    let binaryen_bin = ensure_binaryen()?;
    ensure_editor()?;
    Ok(Tools {
        wasm_pack: String::new(),
        wasm_bindgen,
        binaryen_bin,
        playwright: PathBuf::new(),
        axe: PathBuf::new(),
        scorm_again: PathBuf::new(),
        python: PathBuf::new(),
    })
}

/// What `cargo xtask test` needs.
pub fn ensure_all() -> Result<Tools, String> {
    let mut tools = ensure_build()?;
    tools.wasm_pack = ensure_wasm_pack()?;
    ensure_chromium()?;
    tools.playwright = ensure_playwright()?;
    tools.axe = ensure_axe()?;
    tools.scorm_again = ensure_scorm_again()?;
    tools.python = ensure_numpy()?;
    Ok(tools)
}

fn ensure_targets() -> Result<(), String> {
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    let missing: Vec<&str> = CORE_TARGETS
        .iter()
        .copied()
        .filter(|t| !installed.lines().any(|l| l.trim() == *t))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut args = vec!["target", "add"];
    args.extend(missing);
    shell::step("installing rustup targets", "rustup", &args, &[])
}

/// The version of the `wasm-bindgen` crate in Cargo.lock.
pub fn locked_wasm_bindgen() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\""
            && let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
        {
            return Ok(version.trim_end_matches('"').to_string());
        }
    }
    Err("Cargo.lock has no wasm-bindgen".into())
}

fn installed(program: &str) -> String {
    let local = cargo_bin().join(program);
    if local.exists() {
        local.display().to_string()
    } else {
        program.to_string()
    }
}

fn ensure_wasm_bindgen() -> Result<String, String> {
    let version = locked_wasm_bindgen()?;
    let program = installed("wasm-bindgen");
    let have = output(&program, &["--version"]).unwrap_or_default();
    if have.split_whitespace().nth(1) == Some(version.as_str()) {
        return Ok(program);
    }
    shell::step(
        &format!("installing wasm-bindgen-cli {version} (takes minutes once)"),
        &shell::cargo(),
        &[
            "install",
            "wasm-bindgen-cli",
            "--version",
            &version,
            "--force",
        ],
        &[],
    )?;
    Ok(installed("wasm-bindgen"))
}

fn ensure_wasm_pack() -> Result<String, String> {
    let program = installed("wasm-pack");
    if output(&program, &["--version"]).is_some() {
        return Ok(program);
    }
    shell::step(
        "installing wasm-pack (takes minutes once)",
        &shell::cargo(),
        &["install", "wasm-pack", "--version", WASM_PACK_VERSION],
        &[],
    )?;
    Ok(installed("wasm-pack"))
}

fn ensure_chromium() -> Result<(), String> {
    if Path::new("/usr/bin/chromium").exists() && Path::new("/usr/bin/chromedriver").exists() {
        return Ok(());
    }
    let install = [
        "install",
        "-y",
        "--no-install-recommends",
        "chromium",
        "chromium-driver",
    ];
    let env = [("DEBIAN_FRONTEND", "noninteractive")];
    if shell::step(
        "installing Chromium and ChromeDriver",
        "apt-get",
        &install,
        &env,
    )
    .is_ok()
    {
        return Ok(());
    }
    shell::step("updating the package lists", "apt-get", &["update"], &env)?;
    shell::step(
        "installing Chromium and ChromeDriver",
        "apt-get",
        &install,
        &env,
    )
}

fn ensure_binaryen() -> Result<PathBuf, String> {
    let prefix = root().join("target/tools/binaryen");
    let bin = prefix.join("node_modules/.bin");
    if output(&bin.join("wasm-opt").display().to_string(), &["--version"]).is_some() {
        return Ok(bin);
    }
    npm_install(
        "installing npm's binaryen (for wasm-opt)",
        &prefix,
        BINARYEN,
        &[],
    )?;
    Ok(bin)
}

/// The code editor's folder: its entry, its stylesheet, and the npm packages it bundles.
pub fn editor_dir() -> PathBuf {
    root().join("web/editor")
}

/// The code editor's npm packages at exactly the versions of `web/editor/package-lock.json`
/// (`npm ci`); skipped when the lock they were installed from is the same. Returns esbuild.
pub fn ensure_editor() -> Result<PathBuf, String> {
    let dir = editor_dir();
    let lock = std::fs::read_to_string(dir.join("package-lock.json"))
        .map_err(|e| format!("cannot read web/editor/package-lock.json: {e}"))?;
    let stamp = dir.join("node_modules/.strides-lab-lock.json");
    let esbuild = dir.join("node_modules/.bin/esbuild");
    let installed = std::fs::read_to_string(&stamp).unwrap_or_default();
    if installed == lock && output(&esbuild.display().to_string(), &["--version"]).is_some() {
        return Ok(esbuild);
    }
    let dir_arg = dir.display().to_string();
    shell::step(
        "installing the code editor's npm packages (CodeMirror 6, esbuild; web/editor)",
        "npm",
        &["ci", "--prefix", &dir_arg, "--no-audit", "--no-fund"],
        &[],
    )?;
    std::fs::write(&stamp, lock).map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(esbuild)
}

/// `npm install PACKAGE` into its own folder `prefix` (created if missing).
fn npm_install(
    what: &str,
    prefix: &std::path::Path,
    package: &str,
    env: &[(&str, &str)],
) -> Result<(), String> {
    std::fs::create_dir_all(prefix)
        .map_err(|e| format!("cannot create {}: {e}", prefix.display()))?;
    let prefix_arg = prefix.display().to_string();
    shell::step(
        what,
        "npm",
        &[
            "install",
            "--prefix",
            &prefix_arg,
            "--no-audit",
            "--no-fund",
            package,
        ],
        env,
    )
}

/// npm's playwright-core in `target/tools/playwright`; returns its ES module entry.
pub fn ensure_playwright() -> Result<PathBuf, String> {
    let prefix = root().join("target/tools/playwright");
    let entry = prefix.join("node_modules/playwright-core/index.mjs");
    let wanted = PLAYWRIGHT.trim_start_matches("playwright-core@");
    let package = prefix.join("node_modules/playwright-core/package.json");
    let have = std::fs::read_to_string(&package).unwrap_or_default();
    if entry.exists() && have.contains(&format!("\"version\": \"{wanted}\"")) {
        return Ok(entry);
    }
    npm_install(
        "installing npm's playwright-core (it drives the machine's Chromium)",
        &prefix,
        PLAYWRIGHT,
        &[("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")],
    )?;
    Ok(entry)
}

/// npm's axe-core in `target/tools/axe`; returns its `axe.min.js`. Skipped when the pinned
/// version is there.
pub fn ensure_axe() -> Result<PathBuf, String> {
    let prefix = root().join("target/tools/axe");
    let script = prefix.join("node_modules/axe-core/axe.min.js");
    let wanted = AXE.trim_start_matches("axe-core@");
    let package = prefix.join("node_modules/axe-core/package.json");
    let have = std::fs::read_to_string(&package).unwrap_or_default();
    if script.exists() && have.contains(&format!("\"version\": \"{wanted}\"")) {
        return Ok(script);
    }
    npm_install(
        "installing npm's axe-core (the page tests' accessibility checker)",
        &prefix,
        AXE,
        &[],
    )?;
    Ok(script)
}

/// npm's scorm-again in `target/tools/scorm-again`; returns its `dist/` folder. Skipped when the
/// pinned version is there.
pub fn ensure_scorm_again() -> Result<PathBuf, String> {
    let prefix = root().join("target/tools/scorm-again");
    let dist = prefix.join("node_modules/scorm-again/dist");
    let wanted = SCORM_AGAIN.trim_start_matches("scorm-again@");
    let package = prefix.join("node_modules/scorm-again/package.json");
    let have = std::fs::read_to_string(&package).unwrap_or_default();
    if dist.join("scorm12.min.js").exists() && have.contains(&format!("\"version\": \"{wanted}\""))
    {
        return Ok(dist);
    }
    npm_install(
        "installing npm's scorm-again (the SCORM runtime the package test runs as the LMS)",
        &prefix,
        SCORM_AGAIN,
        &[],
    )?;
    Ok(dist)
}

/// A virtual environment in `target/tools/numpy` with [`NUMPY`]; returns its `python`. Skipped
/// when that python already imports the pinned NumPy. The machine's `python3` is only used to
/// create the environment: nothing is installed into it.
fn ensure_numpy() -> Result<PathBuf, String> {
    let prefix = root().join("target/tools/numpy");
    let python = prefix.join("bin/python");
    let python_arg = python.display().to_string();
    let wanted = NUMPY.trim_start_matches("numpy==");
    let have = output(
        &python_arg,
        &["-c", "import numpy; print(numpy.__version__)"],
    );
    if have.as_deref() == Some(wanted) {
        return Ok(python);
    }
    let prefix_arg = prefix.display().to_string();
    let venv = ["-m", "venv", prefix_arg.as_str()];
    if shell::step(
        "creating a Python virtual environment for NumPy",
        "python3",
        &venv,
        &[],
    )
    .is_err()
    {
        // Debian's own python3 keeps `venv` in a package of its own.
        let env = [("DEBIAN_FRONTEND", "noninteractive")];
        shell::step("updating the package lists", "apt-get", &["update"], &env)?;
        shell::step(
            "installing python3-venv",
            "apt-get",
            &["install", "-y", "--no-install-recommends", "python3-venv"],
            &env,
        )?;
        shell::step(
            "creating a Python virtual environment for NumPy",
            "python3",
            &venv,
            &[],
        )?;
    }
    shell::step(
        &format!("installing {NUMPY} into target/tools/numpy"),
        &python_arg,
        &[
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--no-input",
            "--quiet",
            NUMPY,
        ],
        &[],
    )?;
    Ok(python)
}
