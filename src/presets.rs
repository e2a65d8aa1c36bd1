//! The lesson's arrays: each a program of the expression language, named by its expression.

/// The first line every preset starts from: seed 000's `x`.
pub const X: &str = "x = np.arange(12.0).reshape(3, 4)";

/// A button of the lab: its text and the program it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The button's text: the array's expression.
    pub label: &'static str,
    /// The expression evaluated after [`X`].
    pub expression: &'static str,
}

/// The seven arrays of seed 000, sections 1 to 4, in the lesson's order.
pub const LESSON: [Preset; 7] = [
    Preset {
        label: "x",
        expression: "x",
    },
    Preset {
        label: "x.T",
        expression: "x.T",
    },
    Preset {
        label: "x[:, ::2]",
        expression: "x[:, ::2]",
    },
    Preset {
        label: "x[1:, 1:]",
        expression: "x[1:, 1:]",
    },
    Preset {
        label: "x.reshape(2, 6)",
        expression: "x.reshape(2, 6)",
    },
    Preset {
        label: "x.T.reshape(2, 6)",
        expression: "x.T.reshape(2, 6)",
    },
    Preset {
        label: "np.broadcast_to(x[0], (3, 4))",
        expression: "np.broadcast_to(x[0], (3, 4))",
    },
];

impl Preset {
    /// The whole program: `x`'s definition, then the expression.
    pub fn program(&self) -> String {
        format!("{X}\n{}", self.expression)
    }
}
