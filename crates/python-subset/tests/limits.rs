//! One test per limit: each reached by a hostile program, with the limit's own message, quickly,
//! and without overflowing the native stack. Deep runs go in threads with a given stack size:
//! debug builds need far more stack per level than the release build the page ships.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use python_subset::{EXERCISES, Limits, Verdict, check, run};
use std::time::{Duration, Instant};

/// The error message of running `src`, in a thread with `stack_kb` of stack.
fn error_with_stack(src: &str, limits: Limits, stack_kb: usize) -> String {
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(stack_kb << 10)
        .spawn(move || match run(&src, &limits).result {
            Ok(v) => format!("ok: {v}"),
            Err(e) => e.to_string(),
        })
        .unwrap()
        .join()
        .unwrap()
}

fn error(src: &str, limits: Limits) -> String {
    error_with_stack(src, limits, 256 << 10)
}

#[test]
fn step_limit_stops_an_infinite_loop_quickly() {
    for src in [
        "while True: pass\n",
        "while 1:\n    x = 1\n",
        "for i in range(10**12): pass\n",
        "x = [0]\nfor v in x: x.append(v)\n",
    ] {
        let start = Instant::now();
        let message = error(src, Limits::default());
        let took = start.elapsed();
        assert_eq!(
            message, "step limit reached: is there a loop that never ends?",
            "{src}"
        );
        println!("{src:?} reached the step limit in {took:?}");
        assert!(took < Duration::from_secs(5), "{src:?} took {took:?}");
    }
    let limits = Limits {
        max_steps: 50,
        ..Limits::default()
    };
    assert_eq!(
        error("for i in range(100): pass\n", limits),
        "step limit reached: is there a loop that never ends?"
    );
    assert_eq!(error("for i in range(10): pass\n", limits), "ok: None");
    // Built-ins that walk a sequence pay a step per item.
    assert_eq!(
        error("sum(range(10**12))\n", Limits::default()),
        "step limit reached: is there a loop that never ends?"
    );
    assert_eq!(
        error(
            "x = [0] * 100000\nwhile True: x == x[:]\n",
            Limits::default()
        ),
        "step limit reached: is there a loop that never ends?"
    );
}

#[test]
fn memory_budget_refuses_before_allocating() {
    let start = Instant::now();
    assert_eq!(
        error("x = [0] * 10**9\n", Limits::default()),
        "list too long for this checker"
    );
    assert_eq!(
        error("x = list(range(10**9))\n", Limits::default()),
        "list too long for this checker"
    );
    assert_eq!(
        error("x = sorted(range(10**9))\n", Limits::default()),
        "list too long for this checker"
    );
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "refused at once, not after filling memory"
    );
    let memory = "memory limit reached: the program allocates more than this checker allows";
    assert_eq!(
        error("x = [[0] * 500000 for i in range(10)]\n", Limits::default()),
        memory
    );
    assert_eq!(
        error("x = [0]\nwhile True: x = x + x\n", Limits::default()),
        "list too long for this checker"
    );
    let small = Limits {
        max_memory: 1000,
        ..Limits::default()
    };
    assert_eq!(error("x = [[0] * 100 for i in range(20)]\n", small), memory);
    assert_eq!(
        error("s = ''\nfor i in range(100): s += 'abcdefghij'\n", small),
        memory
    );
    assert_eq!(
        error("x = [[0] * 100 for i in range(5)]\n", small),
        "ok: None"
    );
}

#[test]
fn collection_length_limit() {
    let limits = Limits {
        max_collection_len: 10,
        ..Limits::default()
    };
    let message = "list too long for this checker";
    assert_eq!(error("x = [0] * 11\n", limits), message);
    assert_eq!(
        error("x = []\nfor i in range(11): x.append(i)\n", limits),
        message
    );
    assert_eq!(error("x = [i for i in range(11)]\n", limits), message);
    assert_eq!(error("x = tuple(range(11))\n", limits), message);
    assert_eq!(error("x = [0] * 10\nx.insert(0, 1)\n", limits), message);
    assert_eq!(error("x = [0] * 10\n", limits), "ok: None");
}

#[test]
fn string_length_limit() {
    let message = "string too long for this checker";
    assert_eq!(error("s = 'ab' * 10**6\n", Limits::default()), message);
    let limits = Limits {
        max_str_len: 100,
        ..Limits::default()
    };
    assert_eq!(error("s = 'x' * 101\n", limits), message);
    assert_eq!(error("s = 'x' * 60\nt = s + s\n", limits), message);
    assert_eq!(error("s = str(list(range(100)))\n", limits), message);
    assert_eq!(
        error("for i in range(30): print('abcd')\n", limits),
        message
    );
    assert_eq!(error("x = 'a' * 50\ny = f'{x}{x}{x}'\n", limits), message);
    assert_eq!(error("s = 'x' * 100\n", limits), "ok: None");
    // A structure whose repr doubles at each level is cut off, not built.
    assert_eq!(
        error(
            "a = [1]\nfor i in range(60): a = [a, a]\ns = repr(a)\n",
            Limits::default()
        ),
        message
    );
}

#[test]
fn source_length_limit() {
    let limits = Limits {
        max_source_len: 100,
        ..Limits::default()
    };
    let long = "x = 1\n".repeat(20);
    assert_eq!(error(&long, limits), "program too long for this checker");
    assert_eq!(error(&"x = 1\n".repeat(10), limits), "ok: None");
}

/// A small stack for the parser at its nesting limit. The page ships a release build, whose
/// parser takes about 2.6 KB per level (100 levels in 256 KB; measured, and in wasm under
/// node as well); a debug build takes about 20 KB per level.
const SMALL_STACK_KB: usize = if cfg!(debug_assertions) { 4096 } else { 384 };

#[test]
fn nesting_limit_in_a_small_stack() {
    let nested = "too deeply nested for this checker";
    for src in [
        format!("x = {}1{}\n", "(".repeat(1000), ")".repeat(1000)),
        format!("x = {}1{}\n", "[".repeat(1000), "]".repeat(1000)),
        format!("x = {}1\n", "-".repeat(1000)),
        format!("x = {}1\n", "not ".repeat(1000)),
        format!("x = 2{}\n", " ** 2".repeat(1000)),
        format!("x = 1{}\n", " + 1".repeat(3000)),
        format!("x = a{}\n", "[0]".repeat(1000)),
        format!("x = a{}\n", ".b".repeat(1000)),
        format!("x = 0{}\n", " if 1 else 0".repeat(1000)),
        format!("x = 1 < 2{}\n", " and 1".repeat(1000)),
        (0..110)
            .map(|i| format!("{}if x:\n", " ".repeat(i)))
            .collect::<String>()
            + &" ".repeat(110)
            + "pass\n",
        format!("x = f'{{{}1{}}}'\n", "(".repeat(99), ")".repeat(99)),
    ] {
        assert_eq!(
            error_with_stack(&src, Limits::default(), SMALL_STACK_KB),
            nested,
            "{}",
            &src[..40]
        );
    }
    // Just under the limit parses, in the same small stack.
    let deepest = format!("x = {}1{}\n", "(".repeat(98), ")".repeat(98));
    assert_eq!(
        error_with_stack(&deepest, Limits::default(), SMALL_STACK_KB),
        "ok: None"
    );
    let limits = Limits {
        max_nesting: 5,
        ..Limits::default()
    };
    assert_eq!(error("x = ((((((1))))))\n", limits), nested);
    assert_eq!(error("x = ((1))\n", limits), "ok: None");
}

#[test]
fn call_depth_limit() {
    let recursion = "RecursionError: maximum recursion depth exceeded";
    assert_eq!(
        error("def f(n):\n    return f(n + 1)\nf(0)\n", Limits::default()),
        recursion
    );
    let limits = Limits {
        max_call_depth: 10,
        ..Limits::default()
    };
    let countdown = "def f(n):\n    return 0 if n == 0 else f(n - 1)\n";
    assert_eq!(error(&format!("{countdown}f(8)\n"), limits), "ok: None");
    assert_eq!(error(&format!("{countdown}f(20)\n"), limits), recursion);
    // Recursion through a comprehension and through a key function counts too.
    assert_eq!(
        error(
            "def f(n):\n    return [f(n) for i in range(1)]\nf(0)\n",
            Limits::default()
        ),
        recursion
    );
    assert_eq!(
        error(
            "def f(n):\n    return sorted([1, 2], key=f)\nf(0)\n",
            Limits::default()
        ),
        recursion
    );
}

#[test]
fn eval_depth_limit() {
    let recursion = "RecursionError: maximum recursion depth exceeded";
    let limits = Limits {
        max_eval_depth: 30,
        max_nesting: 1000,
        ..Limits::default()
    };
    assert_eq!(
        error(
            &format!("x = {}1{}\n", "(-".repeat(40), ")".repeat(40)),
            limits
        ),
        recursion
    );
    assert_eq!(
        error(
            &format!("x = {}1{}\n", "(-".repeat(10), ")".repeat(10)),
            limits
        ),
        "ok: None"
    );
    // Deep data: building it is fine, printing or comparing it reaches the guard.
    let deep = "a = []\nb = []\nfor i in range(100000):\n    a = [a]\n    b = [b]\n";
    assert_eq!(
        error(&format!("{deep}s = repr(a)\n"), Limits::default()),
        recursion
    );
    assert_eq!(
        error(&format!("{deep}t = a == b\n"), Limits::default()),
        recursion
    );
    assert_eq!(
        error(&format!("{deep}t = a < b\n"), Limits::default()),
        recursion
    );
    assert_eq!(
        error(&format!("{deep}t = a == a\n"), Limits::default()),
        "ok: None"
    );
    let zips = "z = []\nfor i in range(100000): z = zip(z)\nfor x in z: pass\n";
    assert_eq!(error(zips, Limits::default()), recursion);
    let cyclic = "a = []\na.append(a)\nb = []\nb.append(b)\nt = a == b\n";
    assert_eq!(error(cyclic, Limits::default()), recursion);
}

#[test]
fn integers_beyond_128_bits_are_an_error_not_a_wrap() {
    let message = "integer too large for this checker";
    for src in [
        "x = 10**100\n",
        "x = 2**127\n",
        "x = 170141183460469231731687303715884105727 + 1\n",
        "x = 340282366920938463463374607431768211456\n",
        "x = -(-170141183460469231731687303715884105727 - 1)\n",
        "x = 1 << 127\n",
        "x = abs(-170141183460469231731687303715884105727 - 1)\n",
        "x = 2 ** 10 ** 9\n",
        "x = 10**38 * 2\n",
        "x = round(170141183460469231731687303715884105727, -1)\n",
        "for i, c in enumerate('ab', 170141183460469231731687303715884105727): pass\n",
    ] {
        assert_eq!(error(src, Limits::default()), message, "{src}");
    }
    for src in [
        "x = 2**126\n",
        "x = 2**70\n",
        "x = 99999999999999999999\n",
        "x = -2**126 * 2\n",
        "x = list(enumerate('a', 170141183460469231731687303715884105727))\n",
    ] {
        assert_eq!(error(src, Limits::default()), "ok: None", "{src}");
    }
}

#[test]
fn hostile_answers_end_as_limits_in_the_checker() {
    let ex = &EXERCISES[0];
    for answer in [
        "while True: pass",
        "strides.insert(0, [0] * 10**9)",
        "x = 10**100",
    ] {
        let start = Instant::now();
        let verdict = check(ex, answer, &Limits::default());
        assert!(
            matches!(verdict, Verdict::Limit { .. }),
            "{answer}: {verdict}"
        );
        println!("{answer:?}: {verdict} ({:?})", start.elapsed());
    }
}

/// The default limits keep the worst-shaped programs within the 1 MiB stack that a wasm32
/// build gets (checked in release builds; a debug build gets 16× as much). The same programs
/// were run in wasm under node: traps start only at four times the default limits.
#[test]
fn default_limits_fit_a_wasm_sized_stack() {
    let stack_kb = if cfg!(debug_assertions) {
        16 << 10
    } else {
        1 << 10
    };
    let recursion = "RecursionError: maximum recursion depth exceeded";
    let deep_unary = format!(
        "def f(n):\n    return {}f(n + 1){}\nf(0)\n",
        "(-".repeat(45),
        ")".repeat(45)
    );
    let mut deep_comp = String::from("f(n + 1)");
    for name in ["a", "b", "c", "d", "e", "g", "h", "i", "j", "k"] {
        deep_comp = format!("[{deep_comp} for {name} in [1]]");
    }
    let deep_comp = format!("def f(n):\n    return {deep_comp}\nf(0)\n");
    for src in [
        "def f(n):\n    return f(n + 1)\nf(0)\n".to_string(),
        "def f(n):\n    if n > -1:\n        for i in range(1):\n            while True:\n                return -(-(f(n + 1) + 1) * 2)\nf(0)\n".to_string(),
        "def f(n):\n    return sorted([1, 2], key=f)\nf(0)\n".to_string(),
        "def f(n):\n    return max([1, 2], key=f)\nf(0)\n".to_string(),
        "a = []\nfor i in range(100000): a = [a]\ns = repr(a)\n".to_string(),
        "z = []\nfor i in range(100000): z = zip(z)\nfor x in z: pass\n".to_string(),
        deep_unary,
        deep_comp,
    ] {
        assert_eq!(error_with_stack(&src, Limits::default(), stack_kb), recursion, "{src}");
    }
}
