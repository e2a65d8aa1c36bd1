//! Generated practice: the same seed gives the same questions, ids regenerate them, every key is
//! computed, and the diagnosis works on them as on the bank.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;

use quiz::{Key, Kind, check, generate, key, question};

fn fingerprint(seed: u64, n: usize) -> Vec<String> {
    generate(seed, n)
        .iter()
        .map(|q| format!("{}|{}|{}|{}", q.id, q.prompt.en, q.program, key(q).unwrap()))
        .collect()
}

#[test]
fn same_seed_same_questions() {
    assert_eq!(fingerprint(42, 30), fingerprint(42, 30));
    assert_ne!(fingerprint(42, 30), fingerprint(43, 30));
    // Question n does not depend on how many were asked for.
    assert_eq!(fingerprint(42, 30)[..10], fingerprint(42, 10)[..]);
}

#[test]
fn the_first_questions_of_seed_7_never_change() {
    // Pinned: a change here means every learner's shared seed now shows other questions.
    let got: Vec<String> = generate(7, 3)
        .iter()
        .map(|q| q.prompt.en.to_string())
        .collect();
    assert_eq!(
        got,
        [
            "v = np.zeros((5, 1), dtype=np.float32), 4 bytes per number. How many bytes of memory does np.broadcast_to(v, (5, 100)) store?",
            "x = np.zeros((3, 5, 4), dtype=np.float32) is contiguous, 4 bytes per number. What are its strides, in elements? Type them like a shape.",
            "x = np.arange(10).reshape(5, 2). Which of these must be a copy, with its own memory?",
        ]
    );
}

#[test]
fn ids_regenerate_their_question() {
    for q in generate(2024, 30) {
        let again = question(&q.id).unwrap();
        assert!(again == q, "{}", q.id);
    }
    assert!(question("gen-5-x").is_none());
    assert!(question("nope").is_none());
}

#[test]
fn every_kind_and_every_key() {
    let mut kinds = BTreeSet::new();
    let mut errors = 0;
    let mut seen_programs = BTreeSet::new();
    for seed in 0..20u64 {
        for q in generate(seed, 30) {
            kinds.insert(q.kind.name());
            let k = key(&q).unwrap_or_else(|e| panic!("{e}\n{}", q.program));
            if k == Key::Error {
                errors += 1;
            }
            if let Key::Choices(picks) = &k {
                assert_eq!(
                    picks.len(),
                    1,
                    "{}: exactly one option must hold\n{}",
                    q.id,
                    q.prompt.en
                );
            }
            assert!(q.id.starts_with(&format!("gen-{seed}-")));
            assert!(!q.prompt.es.is_empty() && q.prompt.en != q.prompt.es);
            assert!(check(&q, &k.to_string()).correct, "{}", q.id);
            assert!(!quiz::worked_answer(&q).en.is_empty());
            seen_programs.insert(q.program.to_string());
        }
    }
    assert_eq!(kinds, BTreeSet::from(["number", "tuple", "choice"]));
    assert!(errors > 0, "no broadcast error was ever generated");
    assert!(
        seen_programs.len() > 300,
        "too little variety: {}",
        seen_programs.len()
    );
}

#[test]
fn diagnosis_works_on_generated_questions() {
    let mut swaps = 0;
    let mut bytes = 0;
    for q in generate(11, 300) {
        if q.kind != Kind::Tuple {
            continue;
        }
        let Some(before) = &q.before else { continue };
        let mut unswapped = q.clone();
        unswapped.program = before.clone();
        unswapped.before = None;
        let forgot = key(&unswapped).unwrap().to_string();
        if forgot != key(&q).unwrap().to_string() {
            assert_eq!(check(&q, &forgot).diagnosis, "forgot-swap", "{}", q.id);
            swaps += 1;
        }
    }
    for q in generate(12, 300) {
        if q.recipe == quiz::Recipe::StridesInElements
            && q.before.is_none()
            && q.program.ends_with("\nx")
        {
            let Key::Tuple(k) = key(&q).unwrap() else {
                panic!()
            };
            let itemsize = if q.program.contains("int16") {
                2
            } else if q.program.contains("32") {
                4
            } else {
                8
            };
            let as_bytes: Vec<String> = k.iter().map(|s| (s * itemsize).to_string()).collect();
            assert_eq!(
                check(&q, &as_bytes.join(", ")).diagnosis,
                "bytes-instead-of-elements",
                "{}",
                q.id
            );
            bytes += 1;
        }
    }
    assert!(swaps > 5 && bytes > 5, "{swaps} {bytes}");
}
