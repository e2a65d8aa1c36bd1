//! The questions read page-side, compiled by the engine: [`Read`] is one file as the page read it
//! (its questions, and what could not be read, in the file's order); [`compile`] sends every
//! question of some files in one request and makes the quiz's [`Loaded`] of the reply
//! ([`loaded`]); [`Pending`] holds questions that are being fetched or compiled, for everyone who
//! waits for them; [`Given`] is a file the page gave already parsed.

use std::cell::RefCell;
use std::rc::Rc;

use lab_protocol::quiz::{Reply as QuizReply, Request as QuizRequest};
use lab_protocol::{Reply, Request};
use quiz::Text;
use quiz::authored::{Authored, Unusable, Variant};

use crate::quiz_state::Loaded;

/// How many times a compile the learner's Stop ended is asked again (the engine restarts).
const TRIES: u8 = 3;

/// One file as the page read it, before the engine compiles its questions.
pub struct Read {
    /// The file's name in problems, in English and Spanish.
    name: (String, String),
    /// Each question read, or what is wrong (already named), in the file's order.
    entries: Vec<Result<Authored, Text>>,
}

impl Read {
    /// A file named `en` (`es` in Spanish) with nothing read yet.
    pub fn new(en: &str, es: &str) -> Self {
        Read {
            name: (en.to_string(), es.to_string()),
            entries: Vec::new(),
        }
    }

    /// A file that could not be had (fetched, parsed), and `why`.
    pub fn failed(url: &str, why: Text) -> Self {
        let mut read = Read::new(url, url);
        read.problem(why);
        read
    }

    /// A question read.
    pub fn question(&mut self, a: Authored) {
        self.entries.push(Ok(a));
    }

    /// Something wrong with the file or one of its questions, said after the file's name.
    pub fn problem(&mut self, t: Text) {
        let named = self.named(&t);
        self.entries.push(Err(named));
    }

    /// How many questions were read.
    pub fn questions(&self) -> usize {
        self.entries.iter().filter(|e| e.is_ok()).count()
    }

    fn named(&self, t: &Text) -> Text {
        Text::owned(
            format!("{}: {}", self.name.0, t.en),
            format!("{}: {}", self.name.1, t.es),
        )
    }
}

/// What the quiz asks of `reads`, given the engine's reply for their questions (each one's
/// variants or why it is unusable, in order); `None` when the engine gave none.
pub fn loaded(reads: &[Read], compiled: Option<Vec<Result<Vec<Variant>, Unusable>>>) -> Loaded {
    let mut out = Loaded::default();
    let mut compiled = compiled.map(Vec::into_iter);
    for read in reads {
        for entry in &read.entries {
            match entry {
                Err(problem) => out.problems.push(problem.clone()),
                Ok(_) => match compiled.as_mut().and_then(Iterator::next) {
                    Some(Ok(variants)) => out.add(variants),
                    Some(Err(e)) => out.problems.push(read.named(&e.text())),
                    None => {}
                },
            }
        }
        if compiled.is_none() && read.questions() > 0 {
            out.problems.push(read.named(&Text::new(
                "the lab's engine stopped before it read the questions: reload the page to read them",
                "el motor del laboratorio se detuvo antes de leer las preguntas: recarga la página para leerlas",
            )));
        }
    }
    out
}

/// Sends every question of `reads` to the engine in one request, then calls `then` with what the
/// quiz asks. A compile the learner's Stop ended is asked again.
pub fn compile(reads: Vec<Read>, then: impl FnOnce(Rc<Loaded>) + 'static) {
    ask(Rc::new(reads), TRIES, Box::new(then));
}

fn ask(reads: Rc<Vec<Read>>, tries: u8, then: Box<dyn FnOnce(Rc<Loaded>)>) {
    let questions: Vec<Authored> = reads
        .iter()
        .flat_map(|r| r.entries.iter().filter_map(|e| e.as_ref().ok().cloned()))
        .collect();
    if questions.is_empty() {
        then(Rc::new(loaded(&reads, Some(Vec::new()))));
        return;
    }
    let request = Request::Quiz(QuizRequest::Compile { questions });
    crate::engine::ask(request, move |reply| match reply {
        Reply::Quiz(QuizReply::Compiled(c)) => then(Rc::new(loaded(&reads, Some(c)))),
        Reply::Stopped(_) if tries > 1 => ask(reads, tries - 1, then),
        _ => then(Rc::new(loaded(&reads, None))),
    });
}

/// Questions being fetched or compiled, and who waits for them.
#[derive(Clone, Default)]
pub struct Pending(Rc<RefCell<State>>);

#[derive(Default)]
enum State {
    /// Not asked for yet.
    #[default]
    Idle,
    /// Being fetched or compiled: who waits.
    Loading(Vec<Box<dyn FnOnce(Rc<Loaded>)>>),
    /// Read.
    Ready(Rc<Loaded>),
}

impl Pending {
    /// Calls `then` with the questions: at once when they are read, else once they are. The
    /// first call runs `start` with what to call when they are.
    pub fn get(
        &self,
        start: impl FnOnce(Box<dyn FnOnce(Rc<Loaded>)>),
        then: impl FnOnce(Rc<Loaded>) + 'static,
    ) {
        let now = match &*self.0.borrow() {
            State::Ready(l) => Some(Rc::clone(l)),
            _ => None,
        };
        if let Some(loaded) = now {
            then(loaded);
            return;
        }
        let first = {
            let mut state = self.0.borrow_mut();
            if let State::Loading(w) = &mut *state {
                w.push(Box::new(then));
                false
            } else {
                *state = State::Loading(vec![Box::new(then)]);
                true
            }
        };
        if first {
            let me = self.clone();
            start(Box::new(move |loaded| me.ready(loaded)));
        }
    }

    /// The questions are read: everyone waiting gets them.
    pub fn ready(&self, loaded: Rc<Loaded>) {
        let old = std::mem::replace(&mut *self.0.borrow_mut(), State::Ready(Rc::clone(&loaded)));
        if let State::Loading(waiting) = old {
            for w in waiting {
                w(Rc::clone(&loaded));
            }
        }
    }
}

/// A file the page gave already parsed: read at once, compiled when a quiz first asks for it.
pub struct Given {
    read: RefCell<Option<Read>>,
    questions: usize,
    pending: Pending,
}

impl Given {
    /// The file as read.
    pub fn new(read: Read) -> Self {
        Given {
            questions: read.questions(),
            read: RefCell::new(Some(read)),
            pending: Pending::default(),
        }
    }

    /// How many questions were read (before the engine compiles them).
    pub fn questions(&self) -> usize {
        self.questions
    }

    /// Calls `then` with what the quiz asks of the file (compiled the first time).
    pub fn loaded(&self, then: impl FnOnce(Rc<Loaded>) + 'static) {
        self.pending.get(
            |done| {
                let reads = self.read.borrow_mut().take().into_iter().collect();
                compile(reads, done);
            },
            then,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn course() -> Vec<Authored> {
        let text = include_str!("../../questions/examples/course.json");
        let file: quiz::authored::File = serde_json::from_str(text).unwrap();
        file.questions
    }

    fn compiled(reads: Vec<Read>) -> Rc<Loaded> {
        let got = Rc::new(RefCell::new(None));
        let put = Rc::clone(&got);
        compile(reads, move |l| *put.borrow_mut() = Some(l));
        got.take().unwrap()
    }

    #[test]
    fn problems_keep_the_files_order_around_the_engines() {
        let mut questions = course().into_iter();
        let (first, mut broken) = (questions.next().unwrap(), questions.next().unwrap());
        broken.setup = "x = np.arange(".into();
        let mut read = Read::new("a.json", "a.json");
        read.problem(Text::new("one", "uno"));
        read.question(first);
        read.question(broken.clone());
        read.problem(Text::new("two", "dos"));
        let loaded = compiled(vec![read, Read::failed("b.json", Text::new("gone", "ido"))]);
        assert_eq!(loaded.questions.len(), 1);
        let said: Vec<&str> = loaded.problems.iter().map(|p| p.en.as_ref()).collect();
        assert_eq!(said.len(), 4, "{said:?}");
        assert_eq!(said[0], "a.json: one");
        assert!(
            said[1].starts_with(&format!("a.json: question {}, setup:", broken.id)),
            "{}",
            said[1]
        );
        assert_eq!(&said[2..], ["a.json: two", "b.json: gone"]);
    }

    #[test]
    fn a_compile_the_engine_never_answered_says_so_for_each_file_with_questions() {
        let mut read = Read::new("a.json", "a.json");
        read.question(course().remove(0));
        let reads = [read, Read::failed("b.json", Text::new("gone", "ido"))];
        let loaded = loaded(&reads, None);
        assert!(loaded.questions.is_empty());
        let said: Vec<&str> = loaded.problems.iter().map(|p| p.es.as_ref()).collect();
        assert_eq!(
            said,
            [
                "a.json: el motor del laboratorio se detuvo antes de leer las preguntas: recarga la página para leerlas",
                "b.json: ido"
            ]
        );
    }

    #[test]
    fn questions_pending_are_compiled_once_for_everyone_waiting() {
        let pending = Pending::default();
        let (started, heard) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let finish = Rc::new(RefCell::new(None));
        for _ in 0..2 {
            let (started, heard, finish) = (started.clone(), heard.clone(), finish.clone());
            pending.get(
                move |done| {
                    started.set(started.get() + 1);
                    *finish.borrow_mut() = Some(done);
                },
                move |_| heard.set(heard.get() + 1),
            );
        }
        assert_eq!((started.get(), heard.get()), (1, 0));
        let done = finish.take().unwrap();
        done(Rc::new(Loaded::default()));
        assert_eq!(heard.get(), 2);
        // Once read, at once, without starting again.
        let again = Rc::new(Cell::new(false));
        let put = again.clone();
        pending.get(|_| unreachable!(), move |_| put.set(true));
        assert!(again.get() && started.get() == 1);
    }
}
