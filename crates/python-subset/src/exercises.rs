//! The lab's code exercises. Each case list is chosen so that the usual mistakes fail: swapped
//! axes, a missing offset, the strides built backwards, a list returned for a tuple, a window
//! count that ignores the step. `tests/cpython.rs` checks every verdict against CPython.

mod arrays;

pub use arrays::ARRAY_EXERCISES;

use crate::checker::Exercise;

/// Every code exercise, by id.
pub static EXERCISES: &[Exercise] = &[
    Exercise {
        id: "u1-code-contiguous-strides",
        template: "def contiguous_strides(shape):
    strides = []
    step = 1
    for size in reversed(shape):
        ____
    return strides
",
        reference: "strides.insert(0, step); step *= size",
        cases: &[
            "contiguous_strides((3, 4))",
            "contiguous_strides((2, 3, 4))",
            "contiguous_strides((5,))",
            "contiguous_strides(())",
            "contiguous_strides((4, 1, 3))",
            "contiguous_strides((2, 5, 1, 7))",
        ],
        function: "contiguous_strides",
    },
    Exercise {
        id: "u1-code-read",
        template: "def read(buf, shape, strides, offset=0):
    rows, cols = shape
    out = []
    for i in range(rows):
        row = []
        for j in range(cols):
            row.append(____)
        out.append(row)
    return out
",
        reference: "buf[offset + i * strides[0] + j * strides[1]]",
        cases: &[
            "read(list(range(12)), (3, 4), (4, 1))",
            "read(list(range(12)), (4, 3), (1, 4))",
            "read(list(range(12)), (3, 2), (4, 2))",
            "read(list(range(12)), (2, 3), (4, 1), 5)",
            "read(list(range(12)), (3, 4), (0, 1))",
            "read(list(range(12)), (2, 2), (1, 4), 6)",
            "read(list(range(12)), (3, 4), (-4, -1), 11)",
        ],
        function: "read",
    },
    Exercise {
        id: "s3-code-broadcast-shape",
        template: "def broadcast_shape(s1, s2):
    \"\"\"s1, s2: tuples of ints -> broadcast shape (tuple), or raise ValueError\"\"\"
    ____
",
        reference: "n = max(len(s1), len(s2))
a = (1,) * (n - len(s1)) + tuple(s1)
b = (1,) * (n - len(s2)) + tuple(s2)
out = []
for x, y in zip(a, b):
    if x == y or y == 1:
        out.append(x)
    elif x == 1:
        out.append(y)
    else:
        raise ValueError(f\"shapes {s1} and {s2} cannot be broadcast\")
return tuple(out)",
        cases: &[
            "broadcast_shape((5, 1), (5,))",
            "broadcast_shape((3,), (2, 4, 3))",
            "broadcast_shape((), ())",
            "broadcast_shape((), (2, 3))",
            "broadcast_shape((0,), (1,))",
            "broadcast_shape((2, 1), (1, 3))",
            "broadcast_shape((8, 1, 6, 1), (7, 1, 5))",
            "broadcast_shape((2,), (3,))",
            "broadcast_shape((2, 3), (3, 2))",
            "broadcast_shape((0,), (2,))",
            "broadcast_shape((4, 3), (4,))",
        ],
        function: "broadcast_shape",
    },
    Exercise {
        id: "s3-code-sliding-window-count",
        template: "def window_count(n, k, step=1):
    ____
",
        reference: "return (n - k) // step + 1 if k <= n else 0",
        cases: &[
            "window_count(10, 3)",
            "window_count(10, 3, 2)",
            "window_count(10, 3, 3)",
            "window_count(5, 5)",
            "window_count(3, 5)",
            "window_count(3, 5, 2)",
            "window_count(7, 1, 3)",
            "window_count(0, 1)",
            "window_count(9, 4, 5)",
            "window_count(6, 3, 10)",
        ],
        function: "window_count",
    },
    Exercise {
        id: "s3-code-split-heads-shape",
        template: "def split_heads_shape(shape, h):
    \"\"\"(B, T, d) -> (B, h, T, d // h), or raise ValueError if h does not divide d\"\"\"
    ____
",
        reference: "B, T, d = shape
if d % h != 0:
    raise ValueError(f\"d={d} is not divisible by h={h}\")
return (B, h, T, d // h)",
        cases: &[
            "split_heads_shape((2, 5, 12), 3)",
            "split_heads_shape((1, 7, 8), 8)",
            "split_heads_shape((4, 3, 10), 4)",
            "split_heads_shape((2, 16, 64), 1)",
            "split_heads_shape((3, 2, 6), 6)",
            "split_heads_shape((2, 6, 9), 2)",
        ],
        function: "split_heads_shape",
    },
];

/// The exercise with id `id`, among [`EXERCISES`] and [`ARRAY_EXERCISES`].
pub fn exercise(id: &str) -> Option<&'static Exercise> {
    EXERCISES.iter().chain(ARRAY_EXERCISES).find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::{BLANK, check};
    use crate::limits::Limits;

    #[test]
    fn ids_are_unique_and_templates_have_one_blank() {
        let all: Vec<&Exercise> = EXERCISES.iter().chain(ARRAY_EXERCISES).collect();
        for (i, e) in all.iter().enumerate() {
            assert!(all.iter().skip(i + 1).all(|o| o.id != e.id), "{}", e.id);
            assert_eq!(e.template.matches(BLANK).count(), 1, "{}", e.id);
            assert!(
                e.template.contains(&format!("def {}(", e.function)),
                "{}",
                e.id
            );
            assert!(
                e.cases.iter().all(|c| c.starts_with(e.function)),
                "{}",
                e.id
            );
            assert_eq!(exercise(e.id).map(|x| x.id), Some(e.id));
        }
    }

    #[test]
    fn every_reference_passes_and_a_blank_answer_does_not() {
        for e in EXERCISES {
            assert!(
                check(e, e.reference, &Limits::default()).is_correct(),
                "{}",
                e.id
            );
            assert!(
                !check(e, "pass", &Limits::default()).is_correct(),
                "{}",
                e.id
            );
        }
    }
}
