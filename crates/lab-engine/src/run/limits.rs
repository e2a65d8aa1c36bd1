//! How much a run may do: on the page's own thread, today's short limits; in a Web Worker, which
//! the page can stop at once (Stop, its time limit), the step and work limits of a few seconds of
//! a learner's loops. The array memory limit is the same in both.

use arrays::Limits;

/// The limits of a run on the page's thread: the default ones, except that a result of any size
/// may be drawn, since the page draws it summarized and never lists every value (the command
/// line does).
pub fn page_limits() -> Limits {
    Limits {
        max_shown: u64::MAX,
        ..Limits::default()
    }
}

/// The limits of a run in a Web Worker, which Stop and the page's time limit end: a few seconds
/// of work. Measured natively (release; the worker's wasm is slower): a learner's
/// `for i in range(10**7)` loop (about 48 million steps) takes 1.9 s, a 3000 × 3000 list
/// comprehension (9 million slots of Python values, about 290 MB of the worker's memory, which
/// the page gives back by replacing the worker after a heavy run) 3.7 s, `while True: pass` stops
/// at the step limit after 4 s, and `np.arange(15_000_000).sum()` (30 million elements of work)
/// fits. The arrays' bytes stay bounded as on the page.
pub fn off_thread_limits() -> Limits {
    Limits {
        max_steps: 100_000_000,
        max_memory: 12_000_000,
        max_work: 64_000_000,
        ..page_limits()
    }
}
