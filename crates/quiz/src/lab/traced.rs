//! Arrays the lab can trace: a question's `np.zeros(shape, dtype=…)` (or `np.ones`) opens in the
//! lab as `np.arange(n, dtype=…).reshape(shape)`, the same shape, dtype and layout (C order, memory
//! of its own) with numbers that tell the cells apart, so that the walk from a cell to its place
//! in memory can be followed; every cell reading 0.0 shows nothing.

/// `program` with each `np.zeros(…)`/`np.ones(…)` whose shape is written out in numbers made an
/// `np.arange(…).reshape(…)` of the same shape and dtype; calls it cannot read, or whose dtype
/// cannot count up to the size exactly (`bool`, `int8` beyond 127, …), are left as they are.
pub fn with_arange(program: &str) -> String {
    let mut out = String::with_capacity(program.len());
    let mut rest = program;
    while let Some((at, name)) = next_call(rest) {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let args_start = name.len();
        let Some(close) = closing(after, args_start) else {
            out.push_str(after);
            return out;
        };
        let args = after.get(args_start..close).unwrap_or("");
        match arange_for(args) {
            Some(text) => out.push_str(&text),
            None => out.push_str(after.get(..=close).unwrap_or("")),
        }
        rest = after.get(close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// The first `np.zeros(` or `np.ones(` in `text` that starts a name: its position and the text.
fn next_call(text: &str) -> Option<(usize, &'static str)> {
    ["np.zeros(", "np.ones("]
        .into_iter()
        .filter_map(|name| {
            let mut from = 0;
            while let Some(k) = text.get(from..)?.find(name) {
                let at = from + k;
                let starts = text
                    .get(..at)
                    .and_then(|b| b.chars().next_back())
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
                if starts {
                    return Some((at, name));
                }
                from = at + name.len();
            }
            None
        })
        .min_by_key(|&(at, _)| at)
}

/// The position of the `)` that closes the call whose arguments start at `from`.
fn closing(text: &str, from: usize) -> Option<usize> {
    let mut depth = 1usize;
    for (k, c) in text.get(from..)?.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(from + k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `np.arange(n, dtype=…).reshape(shape)` for the arguments `(2, 3), dtype=np.int16` of a zeros
/// call, when they are a shape of numbers and at most a NumPy dtype.
fn arange_for(args: &str) -> Option<String> {
    let args = args.trim();
    let (shape, dtype) = match args.strip_prefix('(') {
        Some(tuple) => {
            let end = tuple.find(')')?;
            let (inside, after) = (tuple.get(..end)?, tuple.get(end + 1..)?);
            (format!("({inside})"), after)
        }
        None => match args.find(',') {
            Some(k) => (args.get(..k)?.trim().to_string(), args.get(k..)?),
            None => (args.to_string(), ""),
        },
    };
    let sizes: Vec<u64> = shape
        .trim_matches(['(', ')'])
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<u64>().ok())
        .collect::<Option<_>>()?;
    let n = sizes.iter().try_fold(1u64, |a, &b| a.checked_mul(b))?;
    let dtype = dtype.trim();
    let dtype = match dtype.strip_prefix(',') {
        Some(d) => d
            .trim()
            .strip_prefix("dtype=")?
            .trim()
            .strip_prefix("np.")?,
        None if dtype.is_empty() => "float64",
        None => return None,
    };
    // The largest size whose arange the dtype holds exactly (its last number is n - 1).
    let most: u64 = match dtype {
        "int8" => 128,
        "uint8" => 256,
        "int16" => 32_768,
        "uint16" => 65_536,
        "float16" => 2_049,
        "float32" => 16_777_217,
        "int32" | "uint32" | "int64" | "uint64" | "float64" => u64::MAX,
        _ => return None,
    };
    // Large arrays keep their zeros: the lab draws them summarized, and counting up to a million
    // costs the page time for nothing to trace.
    (n <= most && n <= 1_000_000)
        .then(|| format!("np.arange({n}, dtype=np.{dtype}).reshape({shape})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_become_an_arange_of_the_same_shape_and_dtype() {
        assert_eq!(
            with_arange("a = np.zeros((3, 4))\nb = np.zeros(4, dtype=np.float32)\na + b"),
            "a = np.arange(12, dtype=np.float64).reshape((3, 4))\nb = np.arange(4, dtype=np.float32).reshape(4)\na + b"
        );
        assert_eq!(
            with_arange("x = np.ones((5,), dtype=np.int16)"),
            "x = np.arange(5, dtype=np.int16).reshape((5,))"
        );
        // What cannot count up to its size exactly, or is not written in numbers, stays.
        for kept in [
            "np.zeros((3, 100), dtype=np.int8)",
            "np.zeros((2, 2), dtype=bool)",
            "np.zeros(n)",
            "np.zeros((2, 3), order='F')",
            "xnp.zeros((2, 3))",
            "np.zeros((8, 12, 1024, 1024), dtype=np.float32)",
        ] {
            assert_eq!(with_arange(kept), kept);
        }
    }

    #[test]
    fn the_arange_has_the_zeros_layout() {
        // NumPy 2.4.6: np.zeros((2, 3, 4), dtype=np.int16) and
        // np.arange(24, dtype=np.int16).reshape((2, 3, 4)) both have strides (24, 8, 2), dtype
        // int16, and own their memory.
        for (zeros, strides) in [
            ("np.zeros((2, 3, 4), dtype=np.int16)", "(24, 8, 2)"),
            ("np.zeros((100, 1))", "(8, 8)"),
            ("np.zeros(4)", "(8,)"),
        ] {
            let traced = with_arange(zeros);
            assert_ne!(traced, zeros);
            for program in [zeros.to_string(), traced] {
                let o = arrays::run(&format!("{program}.strides")).unwrap();
                assert_eq!(arrays::display::repr(&o.value), strides, "{program}");
                let o = arrays::run(&format!("{program}.dtype")).unwrap();
                assert_eq!(
                    arrays::display::repr(&o.value),
                    arrays::display::repr(&arrays::run(&format!("{zeros}.dtype")).unwrap().value)
                );
            }
        }
    }
}
