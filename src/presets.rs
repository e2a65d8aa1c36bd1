//! The examples one click away: the seven arrays of the lesson (seed 000) and one group per
//! theme of the other seeds. Each is a program of the lab's Python.

use array_picture::Units;

/// An example: its button text (the array's expression) and the program it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The button's text.
    pub label: &'static str,
    /// The whole program.
    pub program: &'static str,
    /// The units it is best seen in, if not the lab's current ones.
    pub units: Option<Units>,
}

const fn lesson(label: &'static str, program: &'static str) -> Example {
    Example {
        label,
        program,
        units: Some(Units::Elements),
    }
}

/// The seven arrays of seed 000, sections 1 to 4, in the lesson's order.
pub const LESSON: [Example; 7] = [
    lesson("x", "x = np.arange(12.0).reshape(3, 4)\nx"),
    lesson("x.T", "x = np.arange(12.0).reshape(3, 4)\nx.T"),
    lesson("x[:, ::2]", "x = np.arange(12.0).reshape(3, 4)\nx[:, ::2]"),
    lesson("x[1:, 1:]", "x = np.arange(12.0).reshape(3, 4)\nx[1:, 1:]"),
    lesson(
        "x.reshape(2, 6)",
        "x = np.arange(12.0).reshape(3, 4)\nx.reshape(2, 6)",
    ),
    lesson(
        "x.T.reshape(2, 6)",
        "x = np.arange(12.0).reshape(3, 4)\nx.T.reshape(2, 6)",
    ),
    lesson(
        "np.broadcast_to(x[0], (3, 4))",
        "x = np.arange(12.0).reshape(3, 4)\nnp.broadcast_to(x[0], (3, 4))",
    ),
];

/// A group of examples (its title, in each language, is `Texts::more_groups` at its position).
pub struct Group {
    /// Its examples.
    pub examples: &'static [Example],
}

/// The other seeds' examples.
pub const MORE: [Group; 6] = [
    Group {
        examples: &[
            Example {
                label: "a (int32)",
                program: "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
                units: Some(Units::Bytes),
            },
            Example {
                label: "a.T (int32)",
                program: "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na.T",
                units: Some(Units::Bytes),
            },
            Example {
                label: "A (int64 shelf)",
                program: "A = np.arange(12).reshape(3, 4)\nA",
                units: Some(Units::Bytes),
            },
        ],
    },
    Group {
        examples: &[
            Example {
                label: "out.transpose(1, 2)",
                program: "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2)",
                units: Some(Units::Elements),
            },
            Example {
                label: "out.transpose(1, 2).view(2, 10, 64)",
                program: "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2).view(2, 10, 64)",
                units: Some(Units::Elements),
            },
            Example {
                label: "….contiguous().view(2, 10, 64)",
                program: "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2).contiguous().view(2, 10, 64)",
                units: Some(Units::Elements),
            },
        ],
    },
    Group {
        examples: &[
            Example {
                label: "as_strided(np.arange(6.0), (4, 3), (8, 8))",
                program: "as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8))",
                units: Some(Units::Elements),
            },
            Example {
                label: "sliding_window_view(a, 3)",
                program: "a = np.arange(10, dtype=np.int32)\nsliding_window_view(a, 3)",
                units: Some(Units::Bytes),
            },
        ],
    },
    Group {
        examples: &[
            Example {
                label: "np.broadcast_to(v, (1000, 4))",
                program: "v = np.arange(4, dtype=np.float32)\nnp.broadcast_to(v, (1000, 4))",
                units: Some(Units::Elements),
            },
            Example {
                label: "y_pred - y_true",
                program: "y_pred = np.arange(5.0)\ny_true = np.arange(5.0).reshape(5, 1)\ny_pred - y_true",
                units: Some(Units::Elements),
            },
        ],
    },
    Group {
        examples: &[Example {
            label: "y = x.T; y[0, 1] = 100; x",
            program: "x = np.arange(12.0).reshape(3, 4)\ny = x.T\ny[0, 1] = 100\nx",
            units: Some(Units::Elements),
        }],
    },
    // Seed 003's "will it fit": GPT-2 small with B = 8, T = 1024. Arrays are layout-only until a
    // value is read, so these draw at once (402,653,184 and 1,646,821,376 bytes).
    Group {
        examples: &[
            Example {
                label: "scores (8, 12, 1024, 1024)",
                program: "scores = np.zeros((8, 12, 1024, 1024), dtype=np.float32)\nscores",
                units: Some(Units::Elements),
            },
            Example {
                label: "logits (8, 1024, 50257)",
                program: "logits = np.zeros((8, 1024, 50257), dtype=np.float32)\nlogits",
                units: Some(Units::Elements),
            },
        ],
    },
];

/// Every example, lesson first, with a stable position used by the state and the URL.
pub fn all() -> impl Iterator<Item = &'static Example> {
    LESSON
        .iter()
        .chain(MORE.iter().flat_map(|g| g.examples.iter()))
}

/// The example at position `k` of [`all`].
pub fn get(k: usize) -> Option<&'static Example> {
    all().nth(k)
}

/// The position of the example whose program is `program`, if it is one.
pub fn find(program: &str) -> Option<usize> {
    all().position(|e| e.program == program)
}
