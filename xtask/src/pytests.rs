//! The Python package's own tests (`python/tests`, pytest) in the NumPy virtual environment:
//! `show()`'s programs run through the `strides` command line against NumPy itself, the wheel
//! installed into a fresh virtual environment offline, and the widget's module in headless
//! Chromium, and `show()` in a notebook of a real JupyterLab on loopback. pytest, anywidget and
//! JupyterLab are installed into that environment at pinned versions, skipped
//! when present. (torch is not there: `python/tests/test_torch.py` runs where torch imports.)

use std::path::Path;

use crate::shell::{self, output, root};
use crate::tools::Tools;

/// What the tests import besides NumPy, pinned (jupyterlab for the notebook test).
const PACKAGES: [(&str, &str); 3] = [
    ("pytest", "9.2.0"),
    ("anywidget", "0.11.0"),
    ("jupyterlab", "4.6.6"),
];

/// Installs what is missing, builds the command line, and runs the tests against `dist`.
pub fn run(tools: &Tools, dist: &Path) -> Result<(), String> {
    let python = tools.python.display().to_string();
    for (name, version) in PACKAGES {
        let have = output(
            &python,
            &[
                "-c",
                &format!("import importlib.metadata as m; print(m.version('{name}'))"),
            ],
        );
        if have.as_deref() != Some(version) {
            let pin = format!("{name}=={version}");
            shell::step(
                &format!("installing {pin} into target/tools/numpy"),
                &python,
                &[
                    "-m",
                    "pip",
                    "install",
                    "--disable-pip-version-check",
                    "--no-input",
                    "--quiet",
                    &pin,
                ],
                &[],
            )?;
        }
    }
    shell::step(
        "building the command line (strides)",
        &shell::cargo(),
        &["build", "-p", "strides-cli"],
        &[],
    )?;
    let cli = root().join("target/debug/strides").display().to_string();
    let dist_arg = dist.display().to_string();
    let playwright = tools.playwright.display().to_string();
    shell::step(
        "the Python package's tests (pytest: show()'s programs, the wheel, the widget)",
        &python,
        &[
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ],
        &[
            ("STRIDES_CLI", cli.as_str()),
            ("STRIDES_DIST", dist_arg.as_str()),
            ("STRIDES_PLAYWRIGHT", playwright.as_str()),
            ("CHROMIUM", "/usr/bin/chromium"),
        ],
    )
}
