//! `cargo xtask bench`: the budgets of the lab, measured. It builds the release bundle, serves it,
//! and runs `tests/pages/bench.mjs` in headless Chromium (transfer size, start, interaction,
//! large arrays, evaluation), then breaks the wasm down by crate and function with twiggy, and
//! weighs the parts on their own ([`crate::floors`]).
//! Numbers are printed beside their budgets; nothing here fails on a budget (the tests never time).

use std::collections::BTreeMap;

use crate::shell::{self, output, root};
use crate::{dist, floors, serve, tools};

/// Runs every measurement.
pub fn run() -> Result<(), String> {
    let mut tools = tools::ensure_build()?;
    tools.playwright = tools::ensure_playwright()?;
    let dist = dist::build()?;
    let port = serve::start(dist, 0)?;
    let url = format!("http://127.0.0.1:{port}/");
    let playwright = tools.playwright.display().to_string();
    shell::step(
        "measuring in headless Chromium",
        "node",
        &["tests/pages/bench.mjs"],
        &[
            ("STRIDES_URL", url.as_str()),
            ("STRIDES_PLAYWRIGHT", playwright.as_str()),
            ("CHROMIUM", "/usr/bin/chromium"),
        ],
    )?;
    for name in dist::MODULES {
        breakdown(name)?;
    }
    floors::run(&tools)
}

/// The size of the module `name` (the page's or the engine's) by crate and its largest functions,
/// from a build that keeps names.
fn breakdown(name: &str) -> Result<(), String> {
    let twiggy = ensure_twiggy()?;
    let named = root().join("target/bench");
    std::fs::create_dir_all(&named).map_err(|e| e.to_string())?;
    let wasm = root().join(format!("target/wasm32-unknown-unknown/release/{name}.wasm"));
    let tools = tools::ensure_build()?;
    let (named_arg, wasm_arg) = (named.display().to_string(), wasm.display().to_string());
    shell::step(
        "binding a copy that keeps function names",
        &tools.wasm_bindgen,
        &[
            "--target",
            "web",
            "--no-typescript",
            "--keep-debug",
            "--out-dir",
            &named_arg,
            &wasm_arg,
        ],
        &[],
    )?;
    let bundle = named.join(format!("{name}_bg.wasm")).display().to_string();
    let opt = named
        .join(format!("{name}_named.wasm"))
        .display()
        .to_string();
    let mut args = dist::WASM_OPT.to_vec();
    args.extend(["-g", bundle.as_str(), "-o", opt.as_str()]);
    shell::step(
        "shrinking it as the bundle is, keeping the names (wasm-opt … -g)",
        &tools.wasm_opt(),
        &args,
        &[],
    )?;
    let csv = output(&twiggy, &["top", "-n", "100000", "--format", "csv", &opt])
        .ok_or("twiggy failed")?;
    let mut by_crate: BTreeMap<String, u64> = BTreeMap::new();
    let mut functions: Vec<(u64, String)> = Vec::new();
    let mut total = 0u64;
    for line in csv.lines().skip(1) {
        let (name, rest) = split_csv(line);
        let size: u64 = rest
            .split(',')
            .next()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        if name.starts_with("custom section") || name.contains("subsection") {
            continue;
        }
        total += size;
        *by_crate.entry(crate_of(&name)).or_default() += size;
        functions.push((size, name));
    }
    let mut crates: Vec<(u64, String)> = by_crate.into_iter().map(|(k, v)| (v, k)).collect();
    crates.sort_by(|a, b| b.cmp(a));
    functions.sort_by(|a, b| b.cmp(a));
    println!(
        "\n{name}.wasm by crate (code and data after wasm-opt, before gzip; {total} bytes in all):"
    );
    for (size, name) in crates.iter().take(14) {
        println!(
            "  {size:>8}  {:>5.1}%  {name}",
            100.0 * *size as f64 / total.max(1) as f64
        );
    }
    println!("\nIts largest functions:");
    for (size, name) in functions.iter().take(15) {
        let short: String = name.chars().take(100).collect();
        println!("  {size:>8}  {short}");
    }
    Ok(())
}

/// Splits a twiggy CSV row into its (possibly quoted) name and the rest.
fn split_csv(line: &str) -> (String, &str) {
    if let Some(rest) = line.strip_prefix('"')
        && let Some(end) = rest.find("\",")
    {
        return (rest[..end].replace("\"\"", "\""), &rest[end + 2..]);
    }
    match line.split_once(',') {
        Some((name, rest)) => (name.to_string(), rest),
        None => (line.to_string(), ""),
    }
}

/// The crate a symbol belongs to (`arrays::eval::…` → `arrays`).
fn crate_of(name: &str) -> String {
    if name.starts_with("data segment") {
        return "(data)".into();
    }
    let trimmed = name
        .trim_start_matches(['<', '&'])
        .trim_start_matches("mut ")
        .trim_start_matches("dyn ");
    let end = trimmed
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(trimmed.len());
    let head = &trimmed[..end];
    if head.is_empty() {
        "(other)".into()
    } else {
        head.to_string()
    }
}

fn ensure_twiggy() -> Result<String, String> {
    let home = std::env::var("CARGO_HOME")
        .unwrap_or_else(|_| format!("{}/.cargo", std::env::var("HOME").unwrap_or_default()));
    let program = format!("{home}/bin/twiggy");
    if output(&program, &["--version"]).is_some() {
        return Ok(program);
    }
    shell::step(
        "installing twiggy (size profiler)",
        &shell::cargo(),
        &["install", "twiggy"],
        &[],
    )?;
    Ok(program)
}
