//! The runs of the lab's language that the author-only asks need (`error`, `view-or-copy`,
//! `which-copy`) and the lint's question "which field is at fault?". Every other key goes
//! through [`crate::key`]. All calls of the language's interpreter in this module are here.

use arrays::value::Value;

use crate::failed::raised;
use crate::text::Text;

/// Classes that say the lab cannot run a program, rather than that NumPy raises.
const NOT_RUN: &[&str] = &[arrays::error::UNSUPPORTED, "SyntaxError"];

/// The exception class `program` raises (`None` when it runs), or why the lab cannot tell.
pub fn raises(program: &str) -> Result<Option<&'static str>, Text> {
    match arrays::run(program) {
        Ok(_) => Ok(None),
        Err(e) if NOT_RUN.contains(&e.class_name()) => Err(raised(&e)),
        Err(e) => Ok(Some(e.class_name())),
    }
}

/// Whether the array `program` ends with reads the memory of its first array.
pub fn is_view(program: &str) -> Result<bool, Text> {
    let outcome = arrays::run(program).map_err(|e| raised(&e))?;
    match &outcome.value {
        Value::Array(a) => Ok(arrays::kind::kind(a, outcome.first.as_ref()).is_view()),
        other => {
            let t = other.type_name();
            Err(Text::owned(
                format!("it is a {t}, not an array or a tensor"),
                format!("da un valor {t}, no un array ni un tensor"),
            ))
        }
    }
}

/// What is wrong with `setup` alone, if it does not run.
pub fn setup_fails(setup: &str) -> Option<Text> {
    if setup.trim().is_empty() {
        return None;
    }
    arrays::run(setup).err().map(|e| raised(&e))
}
