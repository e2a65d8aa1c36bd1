//! `strides`: Strides Lab on the command line.
//!
//! ```text
//! strides eval 'x = np.arange(12.0).reshape(3, 4); x.T'
//! echo 'torch.zeros(2, 3).T.stride()' | strides eval
//! strides quiz check u1-strides-xT '(1, 4)'
//! ```
//!
//! `main` only dispatches: each subcommand is one match arm calling `run` in its own module, which
//! takes the arguments after the subcommand's name and returns the text to print or a [`Usage`]
//! error. A result, and any error the program itself raises (a Python exception), is printed on
//! stdout with exit status 0 (`quiz lint` and `quiz scorm` exit 1 when a question is unusable); misuse of the command is exit status 2 with a message on stderr.

mod eval;
mod quiz;
mod usage;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use usage::Usage;

/// Exit status for misuse of the command line, as most Unix tools use it.
const EXIT_USAGE: u8 = 2;

/// What a subcommand prints, and whether it found something unusable (`quiz lint`: exit 1).
pub(crate) struct Printed {
    text: String,
    failed: bool,
}

impl Printed {
    fn ok(text: String) -> Self {
        Printed {
            text,
            failed: false,
        }
    }

    fn failed(text: String) -> Self {
        Printed { text, failed: true }
    }
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match dispatch(&args) {
        Ok(Printed { text, failed }) => {
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{text}").and_then(|()| out.flush()) {
                Ok(()) if failed => ExitCode::FAILURE,
                Ok(()) => ExitCode::SUCCESS,
                // Nowhere left to report to (a closed pipe): fail quietly.
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(usage) => {
            eprintln!("strides: {usage}\n\n{}", usage::SHORT);
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Runs the subcommand `args` names.
fn dispatch(args: &[OsString]) -> Result<Printed, Usage> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Usage::new("missing subcommand"));
    };
    match command.to_str() {
        Some("eval") => eval::run(rest).map(Printed::ok),
        Some("quiz") => quiz::run(rest),
        Some("-h" | "--help" | "help") => Ok(Printed::ok(usage::HELP.to_string())),
        Some("-V" | "--version") => Ok(Printed::ok(format!(
            "strides {}",
            env!("CARGO_PKG_VERSION")
        ))),
        _ => Err(Usage::new(format!(
            "unknown subcommand '{}'",
            command.to_string_lossy()
        ))),
    }
}
