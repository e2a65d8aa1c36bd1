//! `min()` and `max()`, with `key` and `default`.

use super::Builtin;
use super::{kw, source, type_error};
use crate::error::{Error, Result, Span};
use crate::eval::{Args, Interp};
use crate::value::{Value, less};

pub(super) fn min_max(interp: &mut Interp, b: Builtin, mut args: Args<'_>) -> Result<Value> {
    let key = kw(&args, "key")
        .filter(|k| !matches!(k, Value::None))
        .cloned();
    let default = kw(&args, "default").cloned();
    let mut best: Option<(Value, Value)> = None;
    // Items are weighed as they come, as CPython does: a key function runs between the steps
    // of a generator expression, not after it.
    let mut consider = |interp: &mut Interp, item: Value| -> Result<bool> {
        let k = match &key {
            Some(f) => {
                let args = Args {
                    pos: vec![item.clone()],
                    kw: Vec::new(),
                    gen_exp: None,
                };
                interp.call(f, args)?
            }
            None => item.clone(),
        };
        let better = match &best {
            None => true,
            Some((_, best_key)) => {
                let (x, y) = if b == Builtin::Max {
                    (best_key, &k)
                } else {
                    (&k, best_key)
                };
                less(x, y, false, &mut interp.budget)?.ok_or_else(|| {
                    let op = if b == Builtin::Max { ">" } else { "<" };
                    type_error(format!(
                        "'{op}' not supported between instances of '{}' and '{}'",
                        k.type_name(),
                        best_key.type_name()
                    ))
                })?
            }
        };
        if better {
            best = Some((item, k));
        }
        Ok(true)
    };
    if args.pos.len() > 1 {
        if default.is_some() {
            let message = format!(
                "Cannot specify a default for {}() with multiple positional arguments",
                b.name()
            );
            return Err(type_error(message));
        }
        for item in core::mem::take(&mut args.pos) {
            consider(interp, item)?;
        }
    } else {
        let src = source(&mut args);
        interp.each(src, &mut consider)?;
    }
    match (best, default) {
        (Some((item, _)), _) => Ok(item),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(Error::value_error(
            format!("{}() arg is an empty sequence", b.name()),
            Span::default(),
        )),
    }
}
