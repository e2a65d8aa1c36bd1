//! The quiz's requests: checks (keys computed, mistakes named, code answers run and measured),
//! worked answers and "Open in the lab" programs (which run the question's program), and authors'
//! questions compiled into their variants (each key computed).

mod worked;

use lab_protocol::quiz::{Asked, Explained, Reply, Request};

/// Answers a quiz request.
pub fn handle(request: Request) -> Reply {
    match request {
        Request::Check { asked, answer } => Reply::Checked(match &asked {
            Asked::Question(q) => quiz::check(q, &answer),
            Asked::Variant(v) => quiz::authored::check(v, &answer),
        }),
        Request::Explain { asked } => Reply::Explained(match &asked {
            Asked::Question(q) => Explained {
                worked: quiz::worked_answer(q),
                lab_program: quiz::lab_program(q),
            },
            Asked::Variant(v) => Explained {
                worked: worked::variant(v),
                lab_program: v.lab_program(),
            },
        }),
        Request::Compile { questions } => {
            Reply::Compiled(questions.iter().map(quiz::authored::compile).collect())
        }
    }
}
