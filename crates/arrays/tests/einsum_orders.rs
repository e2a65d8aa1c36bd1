//! The einsum cost panel's engine (`arrays::numpy::einsum::orders`) against NumPy 2.4.6: for every
//! contraction of `tests/corpus/einsum_orders.jsonl` (made by `tests/corpus/einsum_orders.py
//! --seed 1 --count 200`), every order listed is a path NumPy ran, each step with NumPy's
//! subscripts, shape, size, multiply-adds and FLOP count; every order (tree) appears once; the
//! orders `optimize='greedy'` and `'optimal'` pick are marked, with NumPy's path and report byte
//! for byte; NumPy's error where it raises one. `EINSUM_ORDERS_CORPUS=path` checks another seed.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use arrays::numpy::einsum::orders::{Orders, OrdersError, orders};
use serde_json::Value as Json;
use std::path::PathBuf;

fn shapes(record: &Json) -> Vec<Vec<i64>> {
    record["shapes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_i64().unwrap())
                .collect()
        })
        .collect()
}

fn path_of(j: &Json) -> Vec<Vec<usize>> {
    j.as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_u64().unwrap() as usize)
                .collect()
        })
        .collect()
}

fn numpy_path_text(path: &[Vec<usize>]) -> String {
    let mut parts = vec!["'einsum_path'".to_string()];
    for step in path {
        let items: Vec<String> = step.iter().map(|k| k.to_string()).collect();
        parts.push(if items.len() == 1 {
            format!("({},)", items[0])
        } else {
            format!("({})", items.join(", "))
        });
    }
    format!("[{}]", parts.join(", "))
}

/// Every disagreement of `got` with NumPy's `record`.
fn compare(record: &Json, got: &Orders) -> Vec<String> {
    let mut out = Vec::new();
    let paths = record["paths"].as_array().unwrap();
    for order in &got.orders {
        let Some(numpy) = paths.iter().find(|p| path_of(&p["path"]) == order.path) else {
            out.push(format!(
                "{}: path {:?} not among NumPy's",
                order.name, order.path
            ));
            continue;
        };
        let steps = numpy["steps"].as_array().unwrap();
        if steps.len() != order.steps.len() {
            out.push(format!(
                "{}: {} steps, NumPy {}",
                order.name,
                order.steps.len(),
                steps.len()
            ));
            continue;
        }
        for (mine, theirs) in order.steps.iter().zip(steps) {
            let shape: Vec<u128> = theirs["shape"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| u128::from(d.as_u64().unwrap()))
                .collect();
            let want = (
                theirs["subscripts"].as_str().unwrap().to_string(),
                shape,
                theirs["size"].as_u64().unwrap() as u128,
                theirs["multiply_adds"].as_u64().unwrap() as u128,
                theirs["flops"].as_u64().unwrap() as u128,
            );
            let have = (
                mine.subscripts.clone(),
                mine.shape.clone(),
                mine.size,
                mine.multiply_adds,
                mine.flops,
            );
            if have != want {
                out.push(format!("{} step: {have:?}, NumPy {want:?}", order.name));
            }
        }
        let total: u128 = order.steps.iter().map(|s| s.multiply_adds).sum();
        if total != order.multiply_adds {
            out.push(format!("{}: total multiply-adds", order.name));
        }
    }
    if let Some(trees) = record["trees"].as_u64() {
        // Every pairwise order once, plus an order NumPy picks that is not pairwise.
        let pairwise = got
            .orders
            .iter()
            .filter(|o| o.steps.len() + 1 == got.shapes.len() || got.shapes.len() <= 2)
            .count();
        if pairwise as u64 != trees || !got.every_order {
            out.push(format!(
                "{pairwise} pairwise orders listed, NumPy's paths make {trees}"
            ));
        }
    }
    if got.naive_flops != record["naive_flops"].as_u64().unwrap() as u128 {
        out.push(format!("naive flops {}", got.naive_flops));
    }
    for (name, choice) in [
        ("greedy", Some(&got.greedy)),
        ("optimal", got.optimal.as_ref()),
    ] {
        let numpy = &record[name];
        match (choice, numpy.is_null()) {
            (None, true) => {}
            (Some(c), false) => {
                let path = path_of(&numpy["path"]);
                if c.path != numpy_path_text(&path) {
                    out.push(format!("{name} path {}, NumPy {path:?}", c.path));
                }
                if c.report != numpy["report"].as_str().unwrap() {
                    out.push(format!(
                        "{name} report:\n{}\nNumPy:\n{}",
                        c.report, numpy["report"]
                    ));
                }
                // The marked order is NumPy's (the same tree; the greedy path's steps where
                // 'optimal' reaches it by another path).
                let marked = &got.orders[c.order];
                let tree = paths
                    .iter()
                    .find(|p| path_of(&p["path"]) == marked.path)
                    .map(|p| p["tree"].clone());
                if tree.as_ref() != Some(&numpy["tree"]) {
                    out.push(format!("{name} marks {}", marked.name));
                }
                if name == "greedy" && marked.path != path {
                    out.push(format!("greedy's row shows {:?}", marked.path));
                }
            }
            _ => out.push(format!("{name}: asked {} NumPy", numpy.is_null())),
        }
    }
    let greedy = got.orders.iter().filter(|o| o.greedy).count();
    if greedy != 1 {
        out.push(format!("{greedy} orders marked greedy"));
    }
    out
}

#[test]
fn every_order_costs_what_numpy_counts() {
    let path = std::env::var("EINSUM_ORDERS_CORPUS").map_or_else(
        |_| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/einsum_orders.jsonl")
        },
        PathBuf::from,
    );
    let text = std::fs::read_to_string(&path).expect("einsum_orders.jsonl");
    let (mut total, mut errors, mut orders_seen) = (0, 0, 0);
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("JSON");
        let subs = record["subscripts"].as_str().unwrap();
        total += 1;
        let got = orders(subs, &shapes(&record));
        let problems = match (&got, record.get("error")) {
            (Err(OrdersError::Numpy(e)), Some(err)) => {
                errors += 1;
                let want = (err[0].as_str().unwrap(), err[1].as_str().unwrap());
                if (e.class, e.message.as_str()) == want {
                    Vec::new()
                } else {
                    vec![format!("{}: {}, NumPy {want:?}", e.class, e.message)]
                }
            }
            (Ok(o), None) => {
                orders_seen += o.orders.len();
                compare(&record, o)
            }
            (got, want) => vec![format!("got {got:?}, NumPy {want:?}")],
        };
        if !problems.is_empty() {
            failures.push(format!(
                "--- {subs} {:?}\n  {}",
                shapes(&record),
                problems.join("\n  ")
            ));
        }
    }
    for f in failures.iter().take(8) {
        eprintln!("{f}");
    }
    eprintln!("{total} contractions, {errors} NumPy errors, {orders_seen} orders compared");
    assert!(total > 150, "only {total} contractions");
    assert!(
        failures.is_empty(),
        "{} of {total} disagree",
        failures.len()
    );
}
