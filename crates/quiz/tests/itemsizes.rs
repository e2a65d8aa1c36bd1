//! The unit mistakes with every item size NumPy and PyTorch have (1, 2, 4 and 8 bytes): an
//! element answer given in bytes of any item size is `bytes-instead-of-elements`, a byte answer
//! given in elements is `elements-instead-of-bytes`, a byte answer for numbers of another size
//! is `wrong-itemsize`, and the feedback names the item size the answer assumed. The keys and
//! item sizes are computed (arrays runs each question's program), never typed here.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use arrays::value::Value;
use quiz::{Key, Lang, Question, Recipe, check, generate, key, question};

/// The bank's questions and three seeds of generated ones.
fn questions() -> Vec<Question> {
    let mut all: Vec<Question> = quiz::bank().to_vec();
    for seed in [1, 2, 3] {
        all.extend(generate(seed, 90));
    }
    all
}

/// The item size of the array a question's program ends with.
fn itemsize(q: &Question) -> Option<i64> {
    match arrays::run(&q.program).ok()?.value {
        Value::Array(a) => Some(a.dtype.itemsize()),
        _ => None,
    }
}

/// The key with every number multiplied by `m` and divided by `d` (`None` when not whole).
fn rescaled(k: &Key, m: i64, d: i64) -> Option<Key> {
    match k {
        Key::Tuple(v) => v
            .iter()
            .map(|x| (x * m % d == 0).then_some(x * m / d))
            .collect::<Option<Vec<i64>>>()
            .map(Key::Tuple),
        Key::Number(x) => {
            let y = x * m as f64 / d as f64;
            (y.fract() == 0.0).then_some(Key::Number(y))
        }
        _ => None,
    }
}

fn is_element_question(q: &Question) -> bool {
    matches!(
        q.recipe,
        Recipe::StridesInElements | Recipe::ElementPosition(_)
    )
}

fn is_byte_question(q: &Question) -> bool {
    matches!(
        q.recipe,
        Recipe::Strides | Recipe::ByteOffset(_) | Recipe::StoredBytes
    )
}

/// Checks `answer` and returns a failure line unless it gets `want` with feedback naming
/// `assumed` bytes per number in both languages.
fn expect(q: &Question, answer: &Key, want: &str, assumed: i64) -> Option<String> {
    let text = answer.to_string();
    let v = check(q, &text);
    let en = v.feedback.get(Lang::En);
    let es = v.feedback.get(Lang::Es);
    let named = format!("{assumed} bytes");
    if v.diagnosis != want || !en.contains(&named) || !es.contains(&named) {
        return Some(format!(
            "{} {text:?}: got {} ({en}), want {want} naming {named}",
            q.id, v.diagnosis
        ));
    }
    None
}

#[test]
fn element_answers_in_bytes_of_every_itemsize() {
    let (mut failures, mut checked) = (Vec::new(), 0);
    for q in questions().iter().filter(|q| is_element_question(q)) {
        let (k, isz) = (key(q).unwrap(), itemsize(q).unwrap());
        for m in [2, 4, 8] {
            let answer = rescaled(&k, m, 1).unwrap();
            if answer == k {
                continue; // all zeros: no unit shows
            }
            // An answer that is also another mistake's (the strides before the swap, the shape…)
            // is named by that one when the item size is not the question's own; a plain
            // "wrong" is a failure.
            let v = check(q, &answer.to_string());
            if m != isz && !["bytes-instead-of-elements", "wrong"].contains(&v.diagnosis) {
                continue;
            }
            checked += 1;
            failures.extend(expect(q, &answer, "bytes-instead-of-elements", m));
        }
    }
    assert!(checked > 100, "only {checked} answers checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn byte_answers_in_elements_or_for_another_itemsize() {
    let (mut failures, mut checked) = (Vec::new(), 0);
    for q in questions().iter().filter(|q| is_byte_question(q)) {
        let (k, isz) = (key(q).unwrap(), itemsize(q).unwrap());
        if let Some(elements) = rescaled(&k, 1, isz).filter(|e| *e != k) {
            checked += 1;
            failures.extend(expect(q, &elements, "elements-instead-of-bytes", isz));
        }
        for m in [2, 4, 8].into_iter().filter(|&m| m != isz) {
            let Some(answer) = rescaled(&k, m, isz).filter(|a| *a != k) else {
                continue;
            };
            let v = check(q, &answer.to_string());
            if !["wrong-itemsize", "wrong"].contains(&v.diagnosis) {
                continue; // another mistake's answer too (an off-by-one, the broadcast's size…)
            }
            checked += 1;
            failures.extend(expect(q, &answer, "wrong-itemsize", m));
        }
    }
    assert!(checked > 100, "only {checked} answers checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_heads_transpose_in_float32_bytes_names_float32() {
    // Issue 13 §5: PyTorch's default dtype is float32, so a learner who thinks in PyTorch
    // answers the float64 key (320, 8, 80, 1) with the float32 byte strides.
    let q = question("u1-strides-heads-transpose").unwrap();
    let v = check(&q, "(2560, 64, 640, 4)");
    assert_eq!(v.diagnosis, "bytes-instead-of-elements");
    assert!(
        v.feedback.en.contains("4 bytes (float32"),
        "{}",
        v.feedback.en
    );
    // Its prompt names no dtype and shows no code (issue 24 §11): the feedback speaks of the
    // item size the answer assumed, never of the array's.
    assert!(!v.feedback.en.contains("float64"), "{}", v.feedback.en);
    assert!(
        v.feedback.es.contains("4 bytes (float32"),
        "{}",
        v.feedback.es
    );
    // With the unit word too.
    let v = check(&q, "(2560, 64, 640, 4) bytes");
    assert_eq!(v.diagnosis, "bytes-instead-of-elements");
    assert!(
        v.feedback.en.contains("4 bytes (float32"),
        "{}",
        v.feedback.en
    );
    // The item size that fits is named as the answer's assumption.
    let v = check(&q, "(5120, 128, 1280, 8)");
    assert_eq!(v.diagnosis, "bytes-instead-of-elements");
    assert!(
        v.feedback.en.contains("8 bytes (float64, NumPy's default)"),
        "{}",
        v.feedback.en
    );
}

#[test]
fn the_questions_own_itemsize_is_named_first() {
    // int32 strides (4, 1) in bytes are (16, 4); the same answer is also float16's bytes of the
    // elements (8, 2)… but the question's own item size wins.
    let q = question("s1-strides-int32-bytes").unwrap();
    let v = check(&q, "(4, 1)");
    assert_eq!(v.diagnosis, "elements-instead-of-bytes");
    assert!(
        v.feedback.en.contains("4 bytes (int32)"),
        "{}",
        v.feedback.en
    );
    let v = check(&q, "(8, 2)");
    assert_eq!(v.diagnosis, "wrong-itemsize");
    assert!(
        v.feedback.en.contains("2 bytes (float16)"),
        "{}",
        v.feedback.en
    );
}
