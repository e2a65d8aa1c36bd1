//! The run replies, each also through its wire form (JSON here; the page's structured clone in
//! the browser tests): what arrives draws as the engine's live picture draws.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::rc::Rc;

use array_picture::{Picture, Units};
use arrays::dtype::DType;
use arrays::explain::{ErrorWhy, Why};
use arrays::facts::Sharing;
use lab_protocol::run::{Failure, Hint, Kind, Outcome, Reply, Request};

/// The reply to `program` (with `dtype`), after a round trip through JSON, which must give it
/// back unchanged.
fn ask(program: &str, dtype: Option<DType>, off_thread: bool) -> Reply {
    let request = Request {
        program: program.into(),
        dtype,
        entropy: 7,
        off_thread,
    };
    let sent: Request = serde_json::from_str(&serde_json::to_string(&request).unwrap()).unwrap();
    assert_eq!(sent, request);
    let reply = super::handle(sent);
    let wire = serde_json::to_string(&reply).unwrap();
    let back: Reply = serde_json::from_str(&wire).unwrap();
    assert_eq!(back, reply, "{wire}");
    back
}

fn reply(program: &str) -> Reply {
    ask(program, None, false)
}

fn error(reply: &Reply) -> &Failure {
    match &reply.outcome {
        Outcome::Error(e) => e,
        other => panic!("{other:?}"),
    }
}

/// The live picture of `program`'s array in `units`, drawn from the engine's own buffers.
fn live(program: &str, units: Units) -> Picture {
    let outcome = arrays::run(program).unwrap();
    let arrays::value::Value::Array(a) = outcome.value else {
        panic!("not an array")
    };
    arrays::picture::of_array(a, outcome.first.as_ref(), units)
}

#[test]
fn an_array_arrives_in_both_units_drawing_as_the_engine_draws() {
    let program = "x = np.arange(12.0).reshape(3, 4)\nx.T";
    let reply = reply(program);
    let Outcome::Array(array) = &reply.outcome else {
        panic!("{:?}", reply.outcome)
    };
    // NumPy 2.4.6: x.T has shape (4, 3) and strides (8, 32), in elements (1, 4).
    for (units, strides) in [(Units::Elements, [1, 4]), (Units::Bytes, [8, 32])] {
        let picture = Picture::new(Rc::clone(&array.drawn), units);
        let live = live(program, units);
        assert_eq!(picture.strides(), strides.map(Some).to_vec());
        for flat in 0..12 {
            assert_eq!(picture.value(flat), live.value(flat));
        }
        for p in 0..picture.memory_len() {
            assert_eq!(picture.memory_value(p), live.memory_value(p));
        }
        let Why::Permuted { strides_after, .. } = array.why.get(units) else {
            panic!("{:?}", array.why)
        };
        assert_eq!(strides_after, &strides.to_vec());
    }
    assert_eq!(array.sharing, [("x".to_string(), Sharing::Yes)]);
    assert_eq!(array.named, None);
    assert!(reply.values_exact);
    assert_eq!(reply.stdout, "");
}

#[test]
fn an_error_arrives_with_its_place_and_what_was_printed_before_it() {
    let program = "x = np.arange(6)\nprint(x.shape, x.strides)\nx.reshape(4)";
    let reply = reply(program);
    let e = error(&reply);
    // NumPy 2.4.6 prints `(6,) (8,)`, then raises this.
    assert_eq!(reply.stdout, "(6,) (8,)\n");
    assert_eq!(e.class_name, "ValueError");
    assert_eq!(e.message, "cannot reshape array of size 6 into shape (4,)");
    assert!(matches!(&e.kind, Kind::Exception(_, m) if *m == e.message));
    assert_eq!(e.position(program), Some((3, 1)));
    assert!(matches!(
        e.why.as_deref(),
        Some(ErrorWhy::ReshapeSize { size: 6, .. })
    ));
    // A syntax error is placed too; CPython 3.11: `x = (` is "'(' was never closed".
    let e = reply_error("x = (");
    assert_eq!(e.class_name, "SyntaxError");
    assert!(matches!(e.kind, Kind::Syntax(..)));
    assert_eq!(e.position("x = ("), Some((1, 5)));
}

fn reply_error(program: &str) -> Failure {
    error(&reply(program)).clone()
}

#[test]
fn a_failed_view_sends_the_memory_its_walk_goes_over() {
    let program = "t = torch.arange(12).reshape(3, 4)\nt.T.view(12)";
    let e = reply_error(program);
    // PyTorch 2.15 raises a RuntimeError for t.T.view(12).
    assert_eq!(e.class_name, "RuntimeError");
    let Some(ErrorWhy::NeedsCopy { memory, torch, .. }) = e.why.as_deref() else {
        panic!("{:?}", e.why)
    };
    assert!(*torch);
    let drawn = e.memory.clone().unwrap();
    for units in [Units::Elements, Units::Bytes] {
        let live = arrays::picture::of_memory(memory, units);
        let sent = Picture::new(Rc::clone(&drawn), units);
        assert_eq!(sent.walk(), live.walk());
        for p in live
            .walk()
            .cells_shown(live.memory_len())
            .into_iter()
            .flatten()
        {
            assert_eq!(sent.memory_value(p), live.memory_value(p));
        }
    }
}

#[test]
fn a_dtype_that_alone_breaks_the_program_is_the_menus_fault() {
    let program = "x = np.arange(12.0).reshape(3, 4)\nx.T";
    let reply = ask(program, Some(DType::Bool), false);
    let Outcome::DTypeFault { error, dtype } = &reply.outcome else {
        panic!("{:?}", reply.outcome)
    };
    // NumPy 2.4.6: np.arange(12.0, dtype=bool).
    assert_eq!(*dtype, DType::Bool);
    assert_eq!(error.class_name, "TypeError");
    assert_eq!(
        error.message,
        "arange() is only supported for booleans when the result has at most length 2."
    );
    // A program that fails as written is its own fault, whatever the menu says.
    let own = ask(
        "x = np.arange(12.0)\ny = x.reshape(5)",
        Some(DType::Int32),
        false,
    );
    assert!(matches!(own.outcome, Outcome::Error(_)));
    // And a dtype that works draws the array in it.
    let int32 = ask(program, Some(DType::Int32), false);
    let Outcome::Array(array) = &int32.outcome else {
        panic!()
    };
    assert_eq!(array.drawn.dtype.name, "int32");
}

#[test]
fn another_value_arrives_as_python_prints_it() {
    // CPython 3.11 with NumPy 2.4.6: `np.arange(6).reshape(2, 3).strides` is (24, 8).
    let reply = reply("np.arange(6).reshape(2, 3).strides");
    assert_eq!(reply.outcome, Outcome::Other("(24, 8)".into()));
    // print returns None and no array is named: None.
    assert_eq!(
        self::reply("print(np.arange(3).shape)").outcome,
        Outcome::Other("None".into())
    );
}

#[test]
fn a_program_ending_in_print_sends_its_last_named_array() {
    let reply = reply("x = np.arange(12).reshape(3, 4)\ny = x.T\nprint(y.strides)");
    let Outcome::Array(array) = &reply.outcome else {
        panic!()
    };
    assert_eq!(array.named.as_deref(), Some("y"));
    assert_eq!(reply.stdout, "(8, 32)\n");
}

#[test]
fn what_the_lab_does_not_run_arrives_in_words_and_hints() {
    let e = reply_error("s = {1, 2}");
    assert_eq!(e.class_name, "Unsupported");
    let Kind::Unsupported(words) = &e.kind else {
        panic!("{:?}", e.kind)
    };
    assert_eq!(words.en, "sets");
    assert!(!words.es.is_empty() && words.es != words.en);
    let e = reply_error("x = np.empty(3)\nx.sum()");
    assert_eq!(e.hint, Some(Hint::Unwritten { torch: false }));
    // CPython 3.11's suggestion for a misspelt NumPy name.
    let e = reply_error("np.arang(3)");
    assert_eq!(e.class_name, "AttributeError");
    assert_eq!(e.suggestion.as_deref(), Some("arange"));
}

#[test]
fn off_the_page_thread_a_learners_loop_fits() {
    let program = "s = 0\nfor i in range(10**6):\n    s += i\ns";
    let on_page = ask(program, None, false);
    assert!(
        matches!(&on_page.outcome, Outcome::Error(e) if matches!(e.kind, Kind::Limit(_))),
        "{:?}",
        on_page.outcome
    );
    // CPython: sum(range(10**6)) is 499999500000.
    let off = ask(program, None, true);
    assert_eq!(off.outcome, Outcome::Other("499999500000".into()));
}

#[test]
fn the_last_einsum_is_sent_for_the_panels_link() {
    let reply = reply("A = np.ones((2, 3))\nB = np.ones((3, 4))\nnp.einsum('ij,jk->ik', A, B)");
    let call = reply.einsum.unwrap();
    assert_eq!(call.subscripts, "ij,jk->ik");
    assert_eq!(call.shapes, "(2, 3), (3, 4)");
}

#[test]
fn tied_indices_are_told_apart_from_rounding() {
    // An unstable sort's indices with equal keys: not exact, for the ties.
    let ties = ask("np.argsort(np.array([3, 1, 2, 1, 3, 1]))", None, false);
    assert!(!ties.values_exact && ties.values_ties);
    // Named and drawn when the program ends with None.
    let named = ask("i = np.argsort(np.array([2, 2, 1]))\nprint(i)", None, false);
    assert!(!named.values_exact && named.values_ties, "{named:?}");
    // A stable sort's are exact; a float product's are not, for rounding.
    let stable = ask(
        "np.argsort(np.array([3, 1, 2, 1]), stable=True)",
        None,
        false,
    );
    assert!(stable.values_exact && !stable.values_ties);
    let rounded = ask(
        "A = np.arange(12.0).reshape(4, 3) / 7\nnp.exp(A) @ A.T",
        None,
        false,
    );
    assert!(!rounded.values_exact && !rounded.values_ties);
}
