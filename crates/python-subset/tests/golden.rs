//! Golden file for the learner-facing diagnostics: every verdict's message for a set of
//! answers, in `tests/golden/diagnostics.txt`. A changed message is a reviewed diff: run
//! `UPDATE_GOLDEN=1 cargo test -p python-subset --test golden` and commit the file.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use python_subset::{EXERCISES, Limits, check_printed};

const ANSWERS: &[(&str, &str)] = &[
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, int(f'{step:d}')); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, int(str(step).strip())); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, step); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.append(step); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0 step); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, step)\n    step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, step)\nstep *= size)",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, stride); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, step); step *= size; print(step)",
    ),
    (
        "u1-code-contiguous-strides",
        "print('step', step); strides.append(step); step *= size",
    ),
    ("u1-code-contiguous-strides", ""),
    ("u1-code-contiguous-strides", "   \n"),
    ("u1-code-contiguous-strides", "# the stride of this axis"),
    ("u1-code-contiguous-strides", "if step > 1:"),
    ("u1-code-contiguous-strides", "strides.insert(0, step"),
    ("u1-code-contiguous-strides", "while True: pass"),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, [0] * 10**9)",
    ),
    ("u1-code-contiguous-strides", "x = 10**100"),
    ("u1-code-contiguous-strides", "try:\n    pass\nexcept: pass"),
    ("u1-code-contiguous-strides", "strides = {}"),
    (
        "u1-code-contiguous-strides",
        "if step > 1\n    strides.insert(0, step)",
    ),
    ("u1-code-contiguous-strides", "strides.insert(0, “step”)"),
    (
        "u1-code-read",
        "buf[offset + j * strides[0] + i * strides[1]]",
    ),
    ("u1-code-read", "buf[i * strides[0] + j * strides[1]]"),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]",
    ),
    (
        "u1-code-read",
        "buf[offset + (i * strides[0] + j * strides[1]]",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]])",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]] # the address",
    ),
    ("u1-code-read", "buf[offset + len('#')] # not the first '#'"),
    ("u1-code-read", "buf[offset + i * strides[0] +"),
    ("u1-code-read", "'buf"),
    ("u1-code-read", ""),
    ("u1-code-read", "read(buf, shape, strides, offset)"),
    ("s3-code-broadcast-shape", "return s1"),
    ("s3-code-broadcast-shape", "raise ValueError('no')"),
    ("s3-code-broadcast-shape", "return tuple(map(max, s1, s2))"),
    ("s3-code-sliding-window-count", "return (n - k) // step + 1"),
    (
        "s3-code-sliding-window-count",
        "return (n - k) / step + 1 if k <= n else 0",
    ),
    ("s3-code-sliding-window-count", "return n.size"),
    (
        "s3-code-split-heads-shape",
        "B, T, d = shape\nassert d % h == 0\nreturn (B, h, T, d // h)",
    ),
    (
        "s3-code-split-heads-shape",
        "B, T, d = shape\nreturn B, h, T, d // h",
    ),
];

#[test]
fn diagnostics_match_the_golden_file() {
    let mut text = String::new();
    for (id, answer) in ANSWERS {
        let ex = EXERCISES.iter().find(|e| e.id == *id).unwrap();
        // Debug builds need far more stack per level than the release build; give them room.
        let checked = std::thread::scope(|s| {
            let run = || check_printed(ex, answer, &Limits::default());
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, run)
                .unwrap()
                .join()
                .unwrap()
        });
        let verdict = checked.verdict;
        text.push_str(&format!(
            "=== {id}\n{answer}\n--- {}\n{verdict}\n",
            verdict.kind()
        ));
        if let Some(p) = checked.printed {
            text.push_str(&format!(
                "--- printed, not judged, by {}\n{}",
                p.case, p.output
            ));
        }
        text.push('\n');
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/diagnostics.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        text == want,
        "diagnostics changed; review and run with UPDATE_GOLDEN=1:\n{text}"
    );
}
