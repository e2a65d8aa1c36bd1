//! A view no strides can give (NumPy's `reshape(copy=False)`, PyTorch's `view`) fails with the
//! library's own exception, and its why keeps the walk a copy would take: the positions the lab
//! draws over the old memory. Both are checked against real NumPy 2.4.6 and PyTorch 2.15.0 on
//! random transposes and slices of an arange, recorded by `tests/corpus/failed_views.py --seed 1
//! --count 200` (the walk is the first 97 values of the copy, each value its own position).
//! `STRIDES_FAILED_VIEWS=path` checks a freshly generated file instead.

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

use array_picture::Units;
use arrays::Explained;
use arrays::explain::ErrorWhy;
use serde_json::Value as Json;

#[test]
fn failed_views_raise_as_the_libraries_do_and_keep_the_copys_walk() {
    let text = match std::env::var("STRIDES_FAILED_VIEWS") {
        Ok(path) => std::fs::read_to_string(path).expect("the file of failed views"),
        Err(_) => include_str!("../../../tests/corpus/failed-views.jsonl").to_string(),
    };
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        count += 1;
        let row: Json = serde_json::from_str(line).unwrap();
        let program = row["program"].as_str().unwrap();
        let expected: Vec<i64> = row["walk"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        let Err(e) = arrays::run(program) else {
            failures.push(format!("{program}\n  ran, but {} raises", row["error"]));
            continue;
        };
        let error = format!("{}: {}", e.class_name(), e.message());
        if error != row["error"].as_str().unwrap() {
            failures.push(format!("{program}\n  raised {error}"));
            continue;
        }
        let Some(ErrorWhy::NeedsCopy { memory, .. }) = e.why().map(|w| &**w) else {
            failures.push(format!("{program}\n  no walk: {:?}", e.why()));
            continue;
        };
        let walk = arrays::picture::of_memory(memory, Units::Elements)
            .walk()
            .positions;
        if walk != expected {
            failures.push(format!(
                "{program}\n  walks {walk:?}\n  copies {expected:?}"
            ));
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} failed views disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
