//! The release bundle: two wasm modules built for wasm32 in release mode — the page (the view,
//! built without the engine: `--no-default-features`, with the engine's replies to the first
//! screen computed natively beforehand and included, see `src/engine/first.rs`) and the engine
//! (`lab-engine`, which the page runs in a Web Worker) — each bound by wasm-bindgen, shrunk by
//! `wasm-opt -Oz` (functions then laid out in name order), and laid out with the page and its
//! assets in `dist/`:
//!
//! ```text
//! dist/index.html   the lab
//! dist/web/…        CSS and the small JS that starts it
//! dist/web/editor.js the code editor (CodeMirror 6 and Python, one minified ES module bundled by
//!                    esbuild from web/editor/), loaded when a code box is first focused
//! dist/web/engine-worker.js the engine's worker script (loads the engine's module)
//! dist/pkg/…        strides_lab.js and strides_lab_bg.wasm (the page), lab_engine.js and
//!                    lab_engine_bg.wasm (the engine)
//! dist/**/*.gz, *.br each text and wasm file precompressed (gzip -9, brotli 11), for hosts
//!                    that serve a precompressed file (xtask/js/precompress.mjs)
//! ```

use std::path::{Path, PathBuf};

use crate::shell::{self, root};
use crate::tools;

/// How `wasm-opt` shrinks the bundle: `-Oz`, then functions laid out in name order, which puts
/// each crate's and each generic's code side by side, where gzip finds its repeats (about 6 KB
/// less of gzip than `-Oz` alone; the code is the same).
pub const WASM_OPT: [&str; 2] = ["-Oz", "--reorder-functions-by-name"];

/// Builds `dist/` and returns its path.
pub fn build() -> Result<PathBuf, String> {
    let tools = tools::ensure_build()?;
    let cargo = shell::cargo();
    // The engine's replies to the lesson's first screen, computed natively by the same engine
    // (the page's `first-replies` bin, the engine linked in), for the page to draw at once.
    let first = root().join("target/first_replies.json");
    let first_arg = first.display().to_string();
    shell::step(
        "the engine's replies to the first screen (first-replies, native)",
        &cargo,
        &[
            "run",
            "--quiet",
            "-p",
            "strides-lab",
            "--bin",
            "first-replies",
            "--",
            &first_arg,
        ],
        &[],
    )?;
    shell::step(
        "building the page (release, wasm32, no engine inside)",
        &cargo,
        &[
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "strides-lab",
            "--lib",
            "--no-default-features",
        ],
        &[("STRIDES_FIRST_REPLIES", first_arg.as_str())],
    )?;
    shell::step(
        "building the engine (release, wasm32, the worker's module)",
        &cargo,
        &[
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "lab-engine",
            "--lib",
        ],
        &[],
    )?;
    let dist = root().join("dist");
    if dist.exists() {
        std::fs::remove_dir_all(&dist)
            .map_err(|e| format!("cannot clear {}: {e}", dist.display()))?;
    }
    let pkg = dist.join("pkg");
    for name in MODULES {
        bind(&tools, &pkg, name)?;
    }
    copy_file(&root().join("index.html"), &dist.join("index.html"))?;
    for page in ["embed.html", "demo.html"] {
        let source = root().join("web").join(page);
        if source.exists() {
            copy_file(&source, &dist.join(page))?;
        }
    }
    copy_dir(&root().join("web"), &dist.join("web"))?;
    editor(&dist.join("web"))?;
    // The built-in questions: the quiz fetches them when it first shows.
    copy_dir(
        &root().join("questions").join("builtin"),
        &dist.join("questions").join("builtin"),
    )?;
    // The example of an author's file, which the demo page asks.
    copy_dir(
        &root().join("questions").join("examples"),
        &dist.join("questions").join("examples"),
    )?;
    // The question files' JSON Schema, so that editors check authors' files as they type.
    copy_file(
        &root().join("questions").join("questions.schema.json"),
        &dist.join("questions.schema.json"),
    )?;
    report_size(&dist);
    // Precompressed copies for hosts that serve them (README, "Embedding it in a course page").
    let dist_arg = dist.display().to_string();
    let script = root()
        .join("xtask/js/precompress.mjs")
        .display()
        .to_string();
    shell::step(
        "precompressing the bundle (.gz and .br beside each file)",
        "node",
        &[script.as_str(), dist_arg.as_str()],
        &[],
    )?;
    // The Python package, the bundle inside it (xtask/src/wheel.rs).
    crate::wheel::build(&dist)?;
    Ok(dist)
}

/// The code editor: `web/editor/editor.js` and the packages it imports bundled into one minified
/// ES module, `web/editor.js`, beside its stylesheet `web/editor.css`.
fn editor(web: &Path) -> Result<(), String> {
    let esbuild = tools::ensure_editor()?;
    let source = tools::editor_dir();
    let entry = source.join("editor.js").display().to_string();
    let out = format!("--outfile={}", web.join("editor.js").display());
    shell::step(
        "bundling the code editor (esbuild: one minified ES module)",
        &esbuild.display().to_string(),
        &[
            &entry,
            "--bundle",
            "--format=esm",
            "--minify",
            "--target=es2020",
            "--legal-comments=inline",
            "--log-level=warning",
            &out,
        ],
        &[],
    )?;
    copy_file(&source.join("editor.css"), &web.join("editor.css"))
}

/// The two wasm modules, by their crates' library names: the page (the view) and the engine (in
/// the page's Web Worker).
pub const MODULES: [&str; 2] = ["strides_lab", "lab_engine"];

/// Binds the module `name` (built for wasm32 in release mode) with wasm-bindgen into `pkg` as
/// `name.js` and `name_bg.wasm`, and shrinks the wasm with [`WASM_OPT`].
fn bind(tools: &tools::Tools, pkg: &Path, name: &str) -> Result<(), String> {
    let wasm = root().join(format!("target/wasm32-unknown-unknown/release/{name}.wasm"));
    let pkg_arg = pkg.display().to_string();
    let wasm_arg = wasm.display().to_string();
    shell::step(
        &format!("binding JS and wasm ({name})"),
        &tools.wasm_bindgen,
        &[
            "--target",
            "web",
            "--no-typescript",
            "--out-dir",
            &pkg_arg,
            "--out-name",
            name,
            &wasm_arg,
        ],
        &[],
    )?;
    let bundle = pkg.join(format!("{name}_bg.wasm")).display().to_string();
    let mut args = WASM_OPT.to_vec();
    args.extend([bundle.as_str(), "-o", bundle.as_str()]);
    shell::step(
        &format!("shrinking the wasm ({name}: wasm-opt -Oz, functions in name order)"),
        &tools.wasm_opt(),
        &args,
        &[],
    )
}

fn copy_file(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {}: {e}", from.display()))
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path();
        // The code editor's sources and npm packages: dist gets its bundle instead.
        if path == tools::editor_dir() {
            continue;
        }
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target)?;
        } else {
            copy_file(&path, &target)?;
        }
    }
    Ok(())
}

/// Prints the bundle's files and their sizes.
fn report_size(dist: &Path) {
    let mut files = Vec::new();
    collect(dist, &mut files);
    files.sort();
    println!("\ndist/:");
    let mut total = 0u64;
    for f in &files {
        let size = std::fs::metadata(f).map(|m| m.len()).unwrap_or(0);
        total += size;
        println!(
            "  {:>9} bytes  {}",
            size,
            f.strip_prefix(dist).unwrap_or(f).display()
        );
    }
    println!("  {total:>9} bytes in all (uncompressed)");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                collect(&p, out)
            } else {
                out.push(p)
            }
        }
    }
}
