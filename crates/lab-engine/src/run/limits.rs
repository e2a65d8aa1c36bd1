//! How much a run may do: on the page's own thread, today's short limits; in a Web Worker, which
//! the page can stop at once (Stop, its time limit), the step and work limits of a few seconds of
//! a learner's loops. The memory limits are the same in both.

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

/// The limits of a run in a Web Worker: a learner's `for i in range(10**7)` loop and a
/// 3000 × 3000 comprehension fit, and `np.arange(10**8).sum()`'s work.
pub fn off_thread_limits() -> Limits {
    Limits {
        max_steps: 200_000_000,
        max_work: 400_000_000,
        ..page_limits()
    }
}
