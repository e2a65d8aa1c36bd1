//! What the parts of the lab weigh on their own. `cargo xtask bench` builds a small probe
//! workspace under `target/size-floors/` with one wasm module per part (Rust's runtime behind one
//! formatted string, a Yew counter, each engine crate behind one exported function), shrinks each
//! as the bundle is shrunk, and prints its gzip size. These are floors: the bundle cannot weigh
//! less than the parts it must contain, whatever is done to the code that joins them.

use std::path::Path;
use std::process::Command;

use crate::dist;
use crate::shell::{self, root};
use crate::tools::{self, Tools};

/// One probe: its crate name, what it stands for, what it depends on and its source.
struct Probe {
    name: &'static str,
    what: &'static str,
    /// Dependencies whose lines are copied from the lab's own Cargo.toml (same versions and
    /// features).
    from_lab: &'static [&'static str],
    /// The workspace's crates it uses, by folder under `crates/`.
    crates: &'static [&'static str],
    source: &'static str,
}

const PROBES: &[Probe] = &[
    Probe {
        name: "runtime",
        what: "Rust's core and alloc behind one formatted string (any Rust wasm)",
        from_lab: &[],
        crates: &[],
        source: "#[wasm_bindgen] pub fn f(s: &str, x: f64) -> String { format!(\"{s} {x} {}\", s.len()) }",
    },
    Probe {
        name: "yew",
        what: "Yew: a counter button and a keyed list (the front end's framework, nearly empty)",
        from_lab: &["yew", "tracing"],
        crates: &[],
        source: "use yew::prelude::*;\n\
                 #[function_component]\n\
                 fn App() -> Html {\n\
                     let n = use_state(|| 0u32);\n\
                     let onclick = { let n = n.clone(); Callback::from(move |_| n.set(*n + 1)) };\n\
                     html! { <div><button {onclick}>{\"+\"}</button><ul>{ for (0..*n).map(|i| html! { <li key={i}>{i}</li> }) }</ul></div> }\n\
                 }\n\
                 #[wasm_bindgen(start)] pub fn start() { yew::Renderer::<App>::new().render(); }",
    },
    Probe {
        name: "expr",
        what: "arrays: NumPy and PyTorch on the one interpreter (with stride-core and python-subset)",
        from_lab: &[],
        crates: &["arrays"],
        source: "#[wasm_bindgen] pub fn f(s: &str) -> String {\n\
                     match arrays::run(s) { Ok(o) => arrays::json::outcome(&o), Err(e) => arrays::json::error(&e) }\n\
                 }",
    },
    Probe {
        name: "python",
        what: "python-subset: the code questions' interpreter",
        from_lab: &[],
        crates: &["python-subset"],
        source: "#[wasm_bindgen] pub fn f(s: &str) -> String {\n\
                     python_subset::evaluate(s, &python_subset::Limits::default()).unwrap_or_else(|e| e.to_string())\n\
                 }",
    },
    Probe {
        name: "engines",
        what: "quiz, which checks answers with both: every engine, no front end",
        from_lab: &[],
        crates: &["quiz"],
        source: "#[wasm_bindgen] pub fn f(id: &str, a: &str) -> String { quiz::json::check_json(id, a, quiz::Lang::En) }",
    },
];

/// Builds every probe and prints its gzip size.
pub fn run(tools: &Tools) -> Result<(), String> {
    let dir = root().join("target/size-floors");
    write_workspace(&dir)?;
    let manifest = dir.join("Cargo.toml").display().to_string();
    let target_dir = root().join("target").display().to_string();
    shell::step(
        "building the size probes (release, wasm32)",
        &shell::cargo(),
        &[
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "--manifest-path",
            &manifest,
            "--target-dir",
            &target_dir,
        ],
        &[],
    )?;
    let mut rows = Vec::new();
    for probe in PROBES {
        let built = root().join(format!(
            "target/wasm32-unknown-unknown/release/floor_{}.wasm",
            probe.name
        ));
        let out = dir.join("out").join(probe.name);
        let (built_arg, out_arg) = (built.display().to_string(), out.display().to_string());
        shell::step(
            &format!("binding the {} probe", probe.name),
            &tools.wasm_bindgen,
            &[
                "--target",
                "web",
                "--no-typescript",
                "--out-dir",
                &out_arg,
                "--out-name",
                "probe",
                &built_arg,
            ],
            &[],
        )?;
        let wasm = out.join("probe_bg.wasm").display().to_string();
        let mut args = dist::WASM_OPT.to_vec();
        args.extend([wasm.as_str(), "-o", wasm.as_str()]);
        shell::step(
            &format!("shrinking the {} probe as the bundle is", probe.name),
            &tools.wasm_opt(),
            &args,
            &[],
        )?;
        rows.push((gzip_size(Path::new(&wasm))?, probe.what));
    }
    println!(
        "\nWhat the parts weigh on their own (wasm only, shrunk as the bundle is, gzip -9, KB of 1024 bytes):"
    );
    for (bytes, what) in rows {
        println!("  {:>7.1} KB  {what}", bytes as f64 / 1024.0);
    }
    Ok(())
}

/// Writes the probe workspace: the bundle's release profile, the bundle's lockfile (so every
/// shared crate is the version the bundle uses), and one cdylib per probe.
fn write_workspace(dir: &Path) -> Result<(), String> {
    let members: Vec<String> = PROBES.iter().map(|p| format!("\"{}\"", p.name)).collect();
    let workspace = format!(
        "# Written by `cargo xtask bench` (xtask/src/floors.rs); not part of the project.\n\
         [workspace]\nmembers = [{}]\nresolver = \"2\"\n\n\
         [profile.release]\nopt-level = \"z\"\nlto = true\ncodegen-units = 1\npanic = \"abort\"\n",
        members.join(", ")
    );
    write(&dir.join("Cargo.toml"), &workspace)?;
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    write(&dir.join("Cargo.lock"), &lock)?;
    let lab = std::fs::read_to_string(root().join("Cargo.toml"))
        .map_err(|e| format!("cannot read Cargo.toml: {e}"))?;
    let bindgen = tools::locked_wasm_bindgen()?;
    for probe in PROBES {
        let mut dependencies = format!("wasm-bindgen = \"={bindgen}\"\n");
        for name in probe.from_lab {
            let line = lab
                .lines()
                .find(|l| l.starts_with(&format!("{name} = ")))
                .ok_or_else(|| format!("Cargo.toml has no dependency line for {name}"))?;
            dependencies.push_str(line);
            dependencies.push('\n');
        }
        for name in probe.crates {
            dependencies.push_str(&format!(
                "{name} = {{ path = \"../../../crates/{name}\" }}\n"
            ));
        }
        let manifest = format!(
            "[package]\nname = \"floor-{}\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n\
             [lib]\ncrate-type = [\"cdylib\"]\n\n[dependencies]\n{dependencies}",
            probe.name
        );
        write(&dir.join(probe.name).join("Cargo.toml"), &manifest)?;
        let source = format!("use wasm_bindgen::prelude::*;\n\n{}\n", probe.source);
        write(&dir.join(probe.name).join("src/lib.rs"), &source)?;
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The size of a file after gzip at level 9, measured as `tests/pages/bench.mjs` measures the
/// bundle (Node's zlib), in bytes.
fn gzip_size(path: &Path) -> Result<usize, String> {
    let script = "const z = require('node:zlib'), fs = require('node:fs');\
                  process.stdout.write(String(z.gzipSync(fs.readFileSync(process.argv[1]), { level: 9 }).length));";
    let out = Command::new("node")
        .args(["-e", script])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run node: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .map_err(|_| format!("cannot gzip {}", path.display()))
}
