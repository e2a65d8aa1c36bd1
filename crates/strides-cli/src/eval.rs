//! `strides eval [PROGRAM]`: run a program and print the JSON of its last value (with what it
//! printed as `"stdout"`), or of the exception it raised (`arrays::json::outcome` /
//! `json::error`).

use std::ffi::OsString;
use std::io::Read;

use arrays::{Error, Span};

use crate::usage::Usage;

/// The most bytes read from stdin. Programs are far shorter (the interpreter's own limit,
/// `Limits::max_source_len`, is reported as a Python-level error); this only keeps an endless
/// stream from being read forever.
const MAX_STDIN: u64 = 16 * 1024 * 1024;

/// `strides eval --help`.
const HELP: &str = "\
Usage: strides eval [PROGRAM]

Runs PROGRAM (Python: statements one a line or separated by ';', def, loops, comprehensions,
print, import numpy as np) and prints the value of its last line, or the exception it raised, as
one JSON object on one line, with \"stdout\" when the program printed. Without PROGRAM, or with
'-', the program is read from stdin.";

/// Runs the subcommand with the arguments after `eval`.
pub fn run(args: &[OsString]) -> Result<String, Usage> {
    let source = match args {
        [] => read_stdin()?,
        [one] if one == "-" => read_stdin()?,
        [one] if one == "-h" || one == "--help" => return Ok(HELP.to_string()),
        [one] => one.as_encoded_bytes().to_vec(),
        more => {
            return Err(Usage::new(format!(
                "eval takes one PROGRAM argument, got {} (quote the program)",
                more.len()
            )));
        }
    };
    let source = match String::from_utf8(source) {
        Ok(text) => text,
        Err(e) => return Ok(arrays::json::error(&not_utf8(&e))),
    };
    if source.trim().is_empty() {
        return Err(Usage::new("empty program"));
    }
    Ok(match arrays::run(&source) {
        Ok(outcome) => arrays::json::outcome(&outcome),
        Err(e) => arrays::json::error(&e),
    })
}

fn read_stdin() -> Result<Vec<u8>, Usage> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Usage::new(format!("cannot read the program from stdin: {e}")))?;
    if bytes.len() as u64 > MAX_STDIN {
        return Err(Usage::new(format!(
            "stdin holds more than {MAX_STDIN} bytes; a program is at most a few kilobytes"
        )));
    }
    Ok(bytes)
}

/// What Python says of a source file that is not UTF-8.
fn not_utf8(e: &std::string::FromUtf8Error) -> Error {
    let at = e.utf8_error().valid_up_to();
    let byte = e.as_bytes().get(at).copied().unwrap_or(0);
    Error::syntax(
        format!("(unicode error) 'utf-8' codec can't decode byte 0x{byte:02x} in position {at}"),
        Span::default(),
    )
}
