//! The first replies (`src/engine/first.rs`): copies the table `cargo xtask dist` computed (the
//! path in `STRIDES_FIRST_REPLIES`) into `OUT_DIR/first_replies.json`, or an empty table when no
//! path is given (`cargo build`, the tests).

use std::path::PathBuf;

fn main() -> Result<(), String> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=STRIDES_FIRST_REPLIES");
    let out = std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?;
    let out = PathBuf::from(out).join("first_replies.json");
    let table = match std::env::var_os("STRIDES_FIRST_REPLIES") {
        Some(path) => {
            let path = PathBuf::from(path);
            println!("cargo:rerun-if-changed={}", path.display());
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read the first replies {}: {e}", path.display()))?
        }
        None => "[]".to_string(),
    };
    std::fs::write(&out, table).map_err(|e| format!("cannot write {}: {e}", out.display()))
}
