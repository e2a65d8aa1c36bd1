//! The lab's own questions, as the question files in `questions/builtin/` (embedded here, as the
//! page fetches them): the CLI lists and checks what a page asks.

use quiz::authored::{self, File, Variant};

/// The files, in the bank's order.
const FILES: [&str; 5] = [
    include_str!("../../../../questions/builtin/u1-lesson.json"),
    include_str!("../../../../questions/builtin/s0-lab.json"),
    include_str!("../../../../questions/builtin/s1-chapter.json"),
    include_str!("../../../../questions/builtin/s2-walkthrough.json"),
    include_str!("../../../../questions/builtin/s3-book.json"),
];

/// Every built-in question (one variant each). The files are checked by the tests, so a question
/// that does not compile is left out rather than reported here.
pub fn questions() -> Vec<Variant> {
    let mut out = Vec::new();
    for text in FILES {
        let Ok(file) = serde_json::from_str::<File>(text) else {
            continue;
        };
        let Ok(compiled) = authored::compile_file(&file) else {
            continue;
        };
        out.extend(compiled.into_iter().flatten().flatten());
    }
    out
}

/// The built-in question `id`, compiling only its own file's questions.
pub fn question(id: &str) -> Option<Variant> {
    FILES.iter().find_map(|text| {
        let file = serde_json::from_str::<File>(text).ok()?;
        let q = file.questions.iter().find(|q| q.id == id)?;
        authored::compile(q).ok()?.into_iter().next()
    })
}
