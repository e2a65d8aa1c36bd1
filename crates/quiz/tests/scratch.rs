//! scratch
#![allow(clippy::unwrap_used)]
#[test]
fn show() {
    for q in quiz::bank() {
        let k = quiz::key(q);
        match k {
            Ok(k) => println!("{} => {}", q.id, k),
            Err(e) => println!("{} => ERR {}", q.id, e),
        }
    }
    for q in quiz::generate(7, 12) {
        println!("{} | {} | {}", q.id, q.prompt.en, quiz::key(&q).map(|k| k.to_string()).unwrap_or_else(|e| e.to_string()));
    }
    for id in ["u1-position-3x5", "u1-strides-xT", "s1-broadcast-error", "u1-broadcast-bytes", "u1-predict-must-copy", "s1-which-copy", "s0-position-slice-start", "u1-strides-2x3x4", "u1-code-read", "s3-split-heads"] {
        let q = quiz::question(id).unwrap();
        println!("--- {id}\nEN: {}\nES: {}", quiz::worked_answer(&q).en, quiz::worked_answer(&q).es);
    }
}
