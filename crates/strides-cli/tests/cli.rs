//! The `strides` binary, run as a learner runs it: programs from the argument and from stdin, the
//! JSON line it prints, and its exit status when misused.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::process::Output;

use serde_json::{Value as Json, json};

fn strides(args: &[&str], stdin: Option<&[u8]>) -> Output {
    support::run(args, stdin.unwrap_or_default())
}

/// Runs `strides eval PROGRAM` and returns its one line of JSON, checking exit 0 and one line.
fn eval(program: &str) -> Json {
    json_line(&strides(&["eval", program], None))
}

fn json_line(out: &Output) -> Json {
    let text = String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8");
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout {text} stderr {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    assert!(text.ends_with('\n'));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn usage_error(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2), "misuse exits 2");
    assert!(out.stdout.is_empty(), "nothing on stdout when misused");
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(
        err.contains("Usage: strides eval"),
        "usage on stderr: {err}"
    );
    err
}

/// The last line of a program, and the shape, strides (bytes), offset and `view` it must print.
type Row = (&'static str, &'static [i64], &'static [i64], i64, bool);

#[test]
fn seed_000_arrays_through_the_command_line() {
    // The lab's seven arrays of seed 000 (U1. Tensors in memory), strides in bytes (÷ 8 = the
    // lesson's element strides).
    let x = "x = np.arange(12.0).reshape(3, 4); ";
    let rows: &[Row] = &[
        ("x", &[3, 4], &[32, 8], 0, true),
        ("x.T", &[4, 3], &[8, 32], 0, true),
        ("x[:, ::2]", &[3, 2], &[32, 16], 0, true),
        ("x[1:, 1:]", &[2, 3], &[32, 8], 40, true),
        ("x.reshape(2, 6)", &[2, 6], &[48, 8], 0, true),
        ("x.T.reshape(2, 6)", &[2, 6], &[48, 8], 0, false),
        ("np.broadcast_to(x[0], (3, 4))", &[3, 4], &[0, 8], 0, true),
    ];
    for &(last, shape, strides, offset, view) in rows {
        let got = eval(&format!("{x}{last}"));
        assert_eq!(got["shape"], json!(shape), "{last}");
        assert_eq!(got["strides"], json!(strides), "{last}");
        assert_eq!(got["offset"], json!(offset), "{last}");
        assert_eq!(got["view"], json!(view), "{last}");
    }
    let t = eval(&format!("{x}x.T.reshape(2, 6)"));
    assert_eq!(
        t["values"],
        json!([0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 3.0, 7.0, 11.0])
    );
    assert_eq!(
        eval(&format!("{x}np.shares_memory(x, x.T)")),
        json!({"value": true, "type": "bool"})
    );
}

#[test]
fn seed_examples_of_windows_and_attention_heads() {
    // Seed 000: as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8)) is four windows of 3.
    let w = eval("as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))");
    assert_eq!(
        w["values"],
        json!([0.0, 1.0, 2.0, 1.0, 2.0, 3.0, 2.0, 3.0, 4.0, 3.0, 4.0, 5.0])
    );
    // Seed 000 §3: the attention heads, and PyTorch's refusal to view the transposed tensor.
    let out = "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\n";
    assert_eq!(
        eval(&format!("{out}out.transpose(1, 2).stride()")),
        json!({"value": [640, 16, 160, 1], "type": "tuple"})
    );
    let refused = eval(&format!("{out}out.transpose(1, 2).view(2, 10, 64)"));
    assert_eq!(refused["error"], "RuntimeError");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("view size is not compatible")
    );
    assert_eq!(
        eval(&format!(
            "{out}out.transpose(1, 2).contiguous().view(2, 10, 64).stride()"
        )),
        json!({"value": [640, 64, 1], "type": "tuple"})
    );
    // Seed 001: int32 a[2, 1] is 36 bytes in; its transpose has strides (4, 16).
    let a = eval("a = np.arange(12, dtype=np.int32).reshape(3, 4); a.T");
    assert_eq!(a["strides"], json!([4, 16]));
    assert_eq!(a["f_contiguous"], json!(true));
    assert_eq!(a["owndata"], json!(false));
}

#[test]
fn programs_come_from_stdin_too() {
    let program = b"x = np.arange(12.0).reshape(3, 4)\ny = x.T\ny.strides\n";
    let expected = json!({"value": [8, 32], "type": "tuple"});
    assert_eq!(json_line(&strides(&["eval"], Some(program))), expected);
    assert_eq!(json_line(&strides(&["eval", "-"], Some(program))), expected);
    // `;` separates statements as well as a line end does.
    let one_line = b"x = np.arange(12.0).reshape(3, 4); y = x.T; y.strides";
    assert_eq!(json_line(&strides(&["eval"], Some(one_line))), expected);
}

#[test]
fn python_errors_are_results_with_exit_zero() {
    assert_eq!(
        eval("x.reshape(3)"),
        json!({"error": "NameError", "message": "name 'x' is not defined"})
    );
    assert_eq!(
        eval("x = np.arange(12.0); x.reshape(5)")["error"],
        "ValueError"
    );
    assert_eq!(eval("x = (")["error"], "SyntaxError");
    // A program that is not UTF-8 is a SyntaxError, as CPython reports it.
    let bad = json_line(&strides(&["eval"], Some(b"x = 1\xff")));
    assert_eq!(bad["error"], "SyntaxError");
    assert!(bad["message"].as_str().unwrap().contains("position 5"));
}

#[test]
fn misuse_exits_two_with_usage_on_stderr() {
    assert!(usage_error(&strides(&[], None)).contains("missing subcommand"));
    assert!(usage_error(&strides(&["evaluate"], None)).contains("unknown subcommand 'evaluate'"));
    assert!(usage_error(&strides(&["eval", ""], None)).contains("empty program"));
    assert!(usage_error(&strides(&["eval"], Some(b" \n\t\n"))).contains("empty program"));
    assert!(usage_error(&strides(&["eval", "-"], Some(b""))).contains("empty program"));
    assert!(usage_error(&strides(&["eval", "x = 1", "x"], None)).contains("one PROGRAM argument"));
}

#[test]
fn help_is_printed_with_exit_zero() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = strides(args, None);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("strides eval [PROGRAM]"), "{text}");
    }
    let out = strides(&["eval", "--help"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("Usage: strides eval")
    );
    let out = strides(&["--version"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("strides ")
    );
}

/// Runs `strides quiz ARGS` and returns its one line of JSON.
fn quiz(args: &[&str]) -> Json {
    let mut all = vec!["quiz"];
    all.extend_from_slice(args);
    json_line(&strides(&all, None))
}

#[test]
fn quiz_check_gives_the_pages_verdict() {
    // Seed 000's code blank: build C-contiguous strides from the last axis inwards.
    let right = quiz(&[
        "check",
        "u1-code-contiguous-strides",
        "strides.insert(0, step); step *= size",
    ]);
    assert_eq!(right["correct"], json!(true), "{right}");
    assert_eq!(right["diagnosis"], "correct");
    // The strides kept in the wrong order: the interpreter runs it and says what came back.
    let wrong = quiz(&[
        "check",
        "u1-code-contiguous-strides",
        "strides.append(step); step *= size",
    ]);
    assert_eq!(wrong["correct"], json!(false));
    assert_eq!(wrong["diagnosis"], "wrong-result");
    assert!(
        wrong["feedback"].as_str().unwrap().contains("[1, 4]"),
        "{wrong}"
    );
    // A number question: bytes where elements were asked, in Spanish.
    let bytes = quiz(&["check", "--lang", "es", "u1-strides-xT", "(8, 32)"]);
    assert_eq!(bytes["diagnosis"], "bytes-instead-of-elements");
    assert!(
        bytes["feedback"]
            .as_str()
            .unwrap()
            .starts_with("Eso son bytes")
    );
    assert_eq!(
        quiz(&["check", "u1-strides-xT", "(1, 4)"])["correct"],
        json!(true)
    );
    // An unknown question is an answer too, not a crash.
    assert_eq!(
        quiz(&["check", "no-such-question", "1"])["error"],
        "unknown question id no-such-question"
    );
}

#[test]
fn quiz_check_adds_what_a_correct_answer_on_arrays_cost() {
    // Seed 003: the direct broadcast builds the n×m×d intermediate, A (20, 6) against B (10, 6)
    // of int64 on the largest case (crates/quiz/tests/cost_numpy.rs measures it with NumPy).
    let direct = quiz(&[
        "check",
        "s3-code-pairwise-sq-dists",
        "return ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)",
    ]);
    assert_eq!(direct["correct"], json!(true), "{direct}");
    assert_eq!(
        direct["cost"],
        json!({"peak_bytes": 20 * 10 * 6 * 8, "result_is_view": false})
    );
    assert!(
        direct["feedback"]
            .as_str()
            .unwrap()
            .contains("intermediate n×m×d = 20×10×6 (9.38 KiB)"),
        "{direct}"
    );
    let windows = quiz(&[
        "check",
        "--lang",
        "es",
        "s3-code-sliding-windows",
        "return sliding_window_view(x, k)[::step]",
    ]);
    assert_eq!(
        windows["cost"],
        json!({"peak_bytes": 0, "result_is_view": true}),
        "{windows}"
    );
    assert_eq!(
        windows["feedback"],
        "¡Correcto! No se copió ningún número: cada ventana es una vista de x."
    );
    // A wrong answer, and a code question without arrays, have no cost.
    let wrong = quiz(&["check", "s3-code-sliding-windows", "return x"]);
    assert_eq!(wrong["correct"], json!(false));
    assert!(wrong.get("cost").is_none(), "{wrong}");
    let plain = quiz(&[
        "check",
        "u1-code-contiguous-strides",
        "strides.insert(0, step); step *= size",
    ]);
    assert!(plain.get("cost").is_none(), "{plain}");
}

#[test]
fn quiz_list_has_the_bank_in_both_languages() {
    let list = quiz(&["list"]);
    let items = list.as_array().unwrap();
    assert_eq!(items.len(), quiz::bank().len());
    let first = &items[0];
    assert!(first["prompt"]["en"].as_str().unwrap().contains("(3, 5)"));
    assert!(first["prompt"]["es"].as_str().unwrap().contains("(3, 5)"));
    assert!(items.iter().any(|q| q["kind"] == "code"));
}

#[test]
fn quiz_misuse_exits_two() {
    for args in [
        &["quiz", "bogus"][..],
        &["quiz", "check", "u1-strides-xT"],
        &["quiz", "check", "--lang", "fr", "u1-strides-xT", "1"],
    ] {
        let out = strides(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn eval_runs_functions_loops_and_imports_and_reports_stdout() {
    // NumPy 2.4.6 prints `0 (8,)` and `1 (8,)` for the rows, and the windows' strides are (8, 8).
    let got = eval(
        "import numpy as np\nfrom numpy.lib.stride_tricks import sliding_window_view as windows\nx = np.arange(6).reshape(2, 3)\nfor i, row in enumerate(x):\n    print(i, row.strides)\n[w.strides for w in (windows(x[0], 2), x.T)]",
    );
    assert_eq!(got["value"], serde_json::json!([[8, 8], [8, 24]]));
    assert_eq!(got["stdout"], "0 (8,)\n1 (8,)\n");
    // A program that prints nothing has no "stdout".
    assert!(eval("np.arange(3).strides").get("stdout").is_none());
}

#[test]
fn eval_reports_printed_arrays_and_tensors_as_numpy_and_pytorch_print_them() {
    // CPython with NumPy 2.4.6 and PyTorch 2.15.0 prints exactly this.
    let got = eval(
        "x = np.arange(6).reshape(2, 3)\nprint(x)\nprint(repr(x.astype(np.int32)))\nt = torch.arange(6.0).reshape(2, 3) / 4\nprint(t, t.shape)\nx",
    );
    assert_eq!(
        got["stdout"],
        "[[0 1 2]\n [3 4 5]]\narray([[0, 1, 2],\n       [3, 4, 5]], dtype=int32)\ntensor([[0.0000, 0.2500, 0.5000],\n        [0.7500, 1.0000, 1.2500]]) torch.Size([2, 3])\n"
    );
}

/// Issue 15's "will it fit" (seed 003, GPT-2 small, B = 8, T = 1024): the attention scores and
/// the logits answer their bytes at once, as NumPy 2.4.6 does (`x.nbytes` is 402653184 and
/// 1646821376; recorded in `tests/corpus/lazy.jsonl`), where the lab once refused any array
/// past 32 MiB with a MemoryError.
#[test]
fn gpt2s_tensors_answer_their_size_at_once() {
    for (program, nbytes) in [
        (
            "x = np.zeros((8, 12, 1024, 1024), dtype=np.float32); x.nbytes",
            402_653_184i64,
        ),
        (
            "x = np.zeros((8, 1024, 50257), dtype=np.float32); x.nbytes",
            1_646_821_376,
        ),
    ] {
        assert_eq!(
            eval(program),
            json!({"value": nbytes, "type": "int"}),
            "{program}"
        );
    }
}
