//! What the table tests share: run a program as the command line does and compare its JSON with
//! what NumPy or PyTorch gave. (A directory module, so that Cargo does not build it as a test of
//! its own.)

#![allow(dead_code)]

use serde_json::Value as Json;

/// The JSON `strides eval` prints for `program`, parsed, without what it printed (the recorded
/// answers of NumPy and PyTorch hold the result only).
pub fn actual(program: &str) -> Json {
    let mut json = printed(program);
    if let Some(map) = json.as_object_mut() {
        map.remove("stdout");
    }
    json
}

/// The JSON `strides eval` prints for `program`, parsed, with its `"stdout"`.
pub fn printed(program: &str) -> Json {
    let text = match arrays::run(program) {
        Ok(outcome) => arrays::json::outcome(&outcome),
        Err(e) => arrays::json::error(&e),
    };
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("invalid JSON {text}: {e}"))
}

/// Checks every `(program, expected JSON)` row and reports all the rows that disagree at once.
pub fn check_table(rows: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (program, expected) in rows {
        let expected: Json = serde_json::from_str(expected)
            .unwrap_or_else(|e| panic!("bad expected JSON for {program:?}: {e}"));
        let got = actual(program);
        if got != expected {
            failures.push(format!(
                "--- {program}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows disagree:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// The value of a program's last line as JSON (`{"value": …}`), or the whole result when it is an
/// array, scalar or error.
pub fn value(program: &str) -> Json {
    let got = actual(program);
    match got.get("value") {
        Some(v) => v.clone(),
        None => got,
    }
}

/// The relative tolerance the values policy states for a value the lab marks as approximate
/// (`"values_exact": false`), by dtype: a few units in the last place of float16/bfloat16,
/// float32 and float64 (the libraries' own last bits depend on the CPU and the BLAS).
pub fn tolerance(dtype: &str) -> f64 {
    match dtype {
        "float16" | "bfloat16" => 1e-2,
        "float32" | "complex64" => 1e-5,
        _ => 1e-12,
    }
}

/// Whether the lab's `got` agrees with the library's `expected` under the values policy: equal,
/// or — when `got` says `"values_exact": false` — equal in everything but the values, and each
/// value within [`tolerance`] of the library's, relative to the largest magnitude of the result
/// (a difference of sums that cancel is as exact as its terms), with NaN and infinities equal.
pub fn agrees(got: &Json, expected: &Json) -> bool {
    agrees_as(got, expected, None)
}

/// [`agrees`] for a result whose JSON does not name its dtype (a `tolist()`): `dtype` is the
/// dtype its values were computed in.
pub fn agrees_as(got: &Json, expected: &Json, dtype: Option<&str>) -> bool {
    if got == expected {
        return true;
    }
    let (Some(g), Some(e)) = (got.as_object(), expected.as_object()) else {
        return false;
    };
    if g.get("values_exact") != Some(&Json::Bool(false)) {
        return false;
    }
    let dtype = e
        .get("dtype")
        .and_then(Json::as_str)
        .or(dtype)
        .or_else(|| e.get("type").and_then(Json::as_str))
        .unwrap_or("float64");
    let dtype = dtype.trim_start_matches("torch.");
    let rtol = tolerance(if dtype == "float" { "float64" } else { dtype });
    fn keys(m: &serde_json::Map<String, Json>) -> Vec<&String> {
        // The lab's notes on its values (`values_exact`, `values_ties`) are not results.
        let mut k: Vec<&String> = m.keys().filter(|k| !k.starts_with("values_")).collect();
        k.sort();
        k
    }
    if keys(g) != keys(e) {
        return false;
    }
    for k in keys(e) {
        let (gv, ev) = (&g[k], &e[k]);
        let same = match k.as_str() {
            "values" if g.contains_key("values_ties") => ties_agree(gv, ev, &g["values_ties"]),
            "values" | "value" => close(gv, ev, rtol),
            _ => gv == ev,
        };
        if !same {
            return false;
        }
    }
    true
}

/// The indices of a sort the library does not do stably: equal where the key is alone
/// (`ties` 0), the same indices in any order within each run of equal keys (as
/// `tests/corpus/tolerance.py`'s `ties_agree`).
fn ties_agree(got: &Json, expected: &Json, ties: &Json) -> bool {
    let ints = |v: &Json| -> Option<Vec<i64>> {
        numbers(v)
            .into_iter()
            .map(|x| x.filter(|x| x.fract() == 0.0).map(|x| x as i64))
            .collect()
    };
    let (Some(g), Some(e), Some(t)) = (ints(got), ints(expected), ints(ties)) else {
        return false;
    };
    if g.len() != e.len() || g.len() != t.len() {
        return false;
    }
    let mut runs: std::collections::BTreeMap<i64, (Vec<i64>, Vec<i64>)> = Default::default();
    for ((&a, &b), &r) in g.iter().zip(&e).zip(&t) {
        if r == 0 {
            if a != b {
                return false;
            }
        } else {
            let run = runs.entry(r).or_default();
            run.0.push(a);
            run.1.push(b);
        }
    }
    runs.into_values().all(|(mut a, mut b)| {
        a.sort_unstable();
        b.sort_unstable();
        a == b
    })
}

fn numbers(v: &Json) -> Vec<Option<f64>> {
    match v {
        Json::Array(items) => items.iter().flat_map(numbers).collect(),
        Json::Number(n) => vec![n.as_f64()],
        Json::Bool(b) => vec![Some(f64::from(u8::from(*b)))],
        Json::String(s) => vec![match s.as_str() {
            "nan" => Some(f64::NAN),
            "inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            _ => None,
        }],
        _ => vec![None],
    }
}

fn close(got: &Json, expected: &Json, rtol: f64) -> bool {
    let (g, e) = (numbers(got), numbers(expected));
    if g.len() != e.len() {
        return false;
    }
    let scale = e
        .iter()
        .flatten()
        .filter(|x| x.is_finite())
        .fold(0.0f64, |m, x| m.max(x.abs()));
    g.iter().zip(&e).all(|(a, b)| match (a, b) {
        (Some(a), Some(b)) if a.is_nan() || b.is_nan() => a.is_nan() && b.is_nan(),
        (Some(a), Some(b)) if !a.is_finite() || !b.is_finite() => a == b,
        (Some(a), Some(b)) => (a - b).abs() <= rtol * scale.max(f64::MIN_POSITIVE),
        _ => false,
    })
}
