//! The Python package `strides-lab` as a wheel (PEP 427), written by `cargo xtask dist` into
//! `dist/python/`: the package's modules from `python/strides_lab/`, the release bundle as `dist/`
//! lays it out (all of it but the `.gz`/`.br` copies and the wheel's own folder) in
//! `strides_lab/bundle/`, and the `.dist-info` pip reads (METADATA, WHEEL, RECORD with each file's
//! SHA-256). Pure Python: one wheel for every platform, `py3-none-any`.

use std::path::{Path, PathBuf};

use crate::sha256;
use crate::shell::root;

/// The package's name on an index, and as a wheel's file name spells it.
const NAME: &str = "strides-lab";
const MODULE: &str = "strides_lab";

/// What the package needs besides the array's own library (`show`'s program builder needs none).
const REQUIRES: &str = "anywidget>=0.9";

/// Writes the wheel from `dist` (the bundle just built) into `dist/python/`; returns its path.
pub fn build(dist: &Path) -> Result<PathBuf, String> {
    let version = env!("CARGO_PKG_VERSION");
    let out_dir = dist.join("python");
    let mut files = Vec::new();
    let package = root().join("python").join(MODULE);
    for path in walk(&package)? {
        if path.extension().is_some_and(|e| e == "py") {
            files.push((archive_name(&package, &path, MODULE)?, read(&path)?));
        }
    }
    let bundle = format!("{MODULE}/bundle");
    for path in walk(dist)? {
        let precompressed = path.extension().is_some_and(|e| e == "gz" || e == "br");
        if precompressed || path.starts_with(&out_dir) {
            continue;
        }
        files.push((archive_name(dist, &path, &bundle)?, read(&path)?));
    }
    files.sort();
    let info = format!("{MODULE}-{version}.dist-info");
    files.push((format!("{info}/METADATA"), metadata(version).into_bytes()));
    files.push((format!("{info}/WHEEL"), wheel_file().into_bytes()));
    let record = record(&files, &format!("{info}/RECORD"));
    files.push((format!("{info}/RECORD"), record.into_bytes()));
    let mut zip = stored_zip::Zip::new();
    for (name, data) in &files {
        zip.add(name, data).map_err(|e| e.to_string())?;
    }
    let archive = zip.finish().map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let wheel = out_dir.join(format!("{MODULE}-{version}-py3-none-any.whl"));
    std::fs::write(&wheel, &archive)
        .map_err(|e| format!("cannot write {}: {e}", wheel.display()))?;
    println!(
        "\nwheel: {} ({} files, {} bytes)",
        wheel.display(),
        files.len(),
        archive.len()
    );
    Ok(wheel)
}

fn metadata(version: &str) -> String {
    format!(
        "Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n\
         Summary: Strides Lab in a notebook: where the numbers of a NumPy array or PyTorch tensor live in memory\n\
         License: MIT OR Apache-2.0\nRequires-Python: >=3.9\nRequires-Dist: {REQUIRES}\n"
    )
}

fn wheel_file() -> String {
    "Wheel-Version: 1.0\nGenerator: strides-lab xtask\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        .to_string()
}

/// RECORD: each file's path, `sha256=` its digest in URL-safe base64, and its size; RECORD itself
/// with neither.
fn record(files: &[(String, Vec<u8>)], own: &str) -> String {
    let mut out = String::new();
    for (name, data) in files {
        let hash = sha256::base64_url(&sha256::digest(data));
        out.push_str(&format!("{name},sha256={hash},{}\n", data.len()));
    }
    out.push_str(&format!("{own},,\n"));
    out
}

/// `path` under `base`, as the archive names it: `prefix/` then the relative path with `/`.
fn archive_name(base: &Path, path: &Path, prefix: &str) -> Result<String, String> {
    let relative = path
        .strip_prefix(base)
        .map_err(|_| format!("{} is not under {}", path.display(), base.display()))?;
    let mut name = prefix.to_string();
    for part in relative.components() {
        let part = part
            .as_os_str()
            .to_str()
            .ok_or_else(|| format!("not a UTF-8 path: {}", path.display()))?;
        name.push('/');
        name.push_str(part);
    }
    Ok(name)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Every file under `dir` (not `__pycache__`), in no particular order.
fn walk(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(next) = todo.pop() {
        let entries =
            std::fs::read_dir(&next).map_err(|e| format!("cannot read {}: {e}", next.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "__pycache__") {
                    todo.push(path);
                }
            } else {
                out.push(path);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_lists_each_file_with_its_hash_and_size() {
        let files = vec![("m/a.py".to_string(), b"abc".to_vec())];
        let text = record(&files, "m-1.dist-info/RECORD");
        // sha256("abc") in URL-safe base64 without padding.
        assert_eq!(
            text,
            "m/a.py,sha256=ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0,3\nm-1.dist-info/RECORD,,\n"
        );
    }

    #[test]
    fn archive_names_use_slashes_under_the_prefix() {
        let base = Path::new("/x/dist");
        let name = archive_name(base, Path::new("/x/dist/pkg/a.wasm"), "strides_lab/bundle");
        assert_eq!(name.unwrap(), "strides_lab/bundle/pkg/a.wasm");
    }
}
