//! Operands' shapes as the einsum panel's learner types them: `1000×10, 10×1000, 1000×10` (or
//! `1000 10, …`), or as Python writes them, `(1000, 10), (10, 1000), (1000, 10)`.

use super::orders::MAX_OPERANDS;

/// The largest size of one axis the panel takes.
pub const MAX_DIM: i64 = 1_000_000_000;

/// The most axes one operand may have (NumPy's `NPY_MAXDIMS`).
pub const MAX_AXES: usize = 64;

/// Why a text of shapes cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShapesError {
    /// Nothing was given.
    Empty,
    /// A part that is not a whole number (the part).
    NotANumber(String),
    /// An axis larger than [`MAX_DIM`] (the part).
    TooLarge(String),
    /// A `(` or `[` without its closing bracket, or a closing one without its opening one.
    Brackets,
    /// An operand with more than [`MAX_AXES`] axes.
    TooManyAxes,
    /// More than [`MAX_OPERANDS`] operands.
    TooManyOperands,
}

impl core::fmt::Display for ShapesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ShapesError::Empty => write!(f, "no shapes given"),
            ShapesError::NotANumber(p) => write!(f, "'{p}' is not a size"),
            ShapesError::TooLarge(p) => write!(f, "'{p}' is larger than {MAX_DIM}"),
            ShapesError::Brackets => write!(f, "a bracket is not closed"),
            ShapesError::TooManyAxes => write!(f, "an operand has more than {MAX_AXES} axes"),
            ShapesError::TooManyOperands => write!(f, "more than {MAX_OPERANDS} operands"),
        }
    }
}

impl core::error::Error for ShapesError {}

/// One size: digits (with `_` between them, as Python allows).
fn size(part: &str) -> Result<i64, ShapesError> {
    let p = part.trim();
    let digits: String = p.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || p.starts_with('_') {
        return Err(ShapesError::NotANumber(p.to_string()));
    }
    match digits.parse::<i64>() {
        Ok(n) if n <= MAX_DIM => Ok(n),
        _ => Err(ShapesError::TooLarge(p.to_string())),
    }
}

/// Operands' shapes as a learner types them: `1000×10, 10×1000, 1000×10` (`x`, `X`, `*` or
/// spaces for `×`; `,` or `;` between operands), or as Python writes them, `(1000, 10), (10, 1000), (5,)`,
/// `[3, 4]`, `()` for a 0-d operand.
pub fn parse_shapes(text: &str) -> Result<Vec<Vec<i64>>, ShapesError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ShapesError::Empty);
    }
    let mut shapes = Vec::new();
    if text.contains(['(', '[', ')', ']']) {
        let mut rest = text;
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
            let Some(open) = rest.chars().next() else {
                break;
            };
            let close = match open {
                '(' => ')',
                '[' => ']',
                _ => {
                    // A shape written with × among bracketed ones: `(2, 3), 3×4`.
                    let end = rest.find([',', ';', '(', '[']).unwrap_or(rest.len());
                    let part = rest.get(..end).unwrap_or("");
                    if part.contains([')', ']']) {
                        return Err(ShapesError::Brackets);
                    }
                    push(&mut shapes, times(part)?)?;
                    rest = rest.get(end..).unwrap_or("");
                    continue;
                }
            };
            let Some(end) = rest.find(close) else {
                return Err(ShapesError::Brackets);
            };
            let inner = rest.get(1..end).unwrap_or("");
            if inner.contains(['(', '[', ')', ']']) {
                return Err(ShapesError::Brackets);
            }
            let mut shape = Vec::new();
            let parts: Vec<&str> = inner.split(',').collect();
            for (k, part) in parts.iter().enumerate() {
                // `(5,)`: the trailing comma of a 1-tuple.
                if part.trim().is_empty() && k + 1 == parts.len() && k > 0 {
                    continue;
                }
                if part.trim().is_empty() && parts.len() == 1 {
                    continue;
                }
                shape.push(size(part)?);
            }
            push(&mut shapes, shape)?;
            rest = rest.get(end + 1..).unwrap_or("");
        }
    } else {
        for operand in text.split([',', ';']) {
            push(&mut shapes, times(operand)?)?;
        }
    }
    Ok(shapes)
}

/// `1000×10` (or `1000x10`, `1000*10`, `1000 10`; `5` for a 1-d shape).
fn times(text: &str) -> Result<Vec<i64>, ShapesError> {
    let mut shape = Vec::new();
    for part in text.split(['×', 'x', 'X', '*']) {
        let mut words = part.split_whitespace().peekable();
        if words.peek().is_none() {
            shape.push(size(part)?);
        }
        for word in words {
            shape.push(size(word)?);
        }
    }
    Ok(shape)
}

fn push(shapes: &mut Vec<Vec<i64>>, shape: Vec<i64>) -> Result<(), ShapesError> {
    if shape.len() > MAX_AXES {
        return Err(ShapesError::TooManyAxes);
    }
    if shapes.len() == MAX_OPERANDS {
        return Err(ShapesError::TooManyOperands);
    }
    shapes.push(shape);
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn shapes_are_read_both_ways() {
        let want = vec![vec![1000, 10], vec![10, 1000], vec![1000, 10]];
        for text in [
            "1000×10, 10×1000, 1000×10",
            "1000x10; 10 x 1000; 1000*10",
            "(1000, 10), (10, 1000), (1000, 10)",
            "[1000, 10] [10, 1000] (1000,10)",
            "1_000×10, 10×1_000, 1000×10",
            "1000 10, 10 1000, 1000 10",
            "1000 10; 10  1000;1000 x 10",
        ] {
            assert_eq!(parse_shapes(text), Ok(want.clone()), "{text}");
        }
        assert_eq!(
            parse_shapes("(5,), (), 7"),
            Ok(vec![vec![5], vec![], vec![7]])
        );
        assert_eq!(
            parse_shapes("(2, 3), 3×4, [4, 5]"),
            Ok(vec![vec![2, 3], vec![3, 4], vec![4, 5]])
        );
        assert_eq!(
            parse_shapes("(2, 3), 3×y"),
            Err(ShapesError::NotANumber("y".into()))
        );
        assert_eq!(parse_shapes("(2, 3)) 4"), Err(ShapesError::Brackets));
        assert_eq!(parse_shapes("(5,), ()"), Ok(vec![vec![5], vec![]]));
        assert_eq!(parse_shapes("5, 6"), Ok(vec![vec![5], vec![6]]));
        assert_eq!(parse_shapes("1000 10"), Ok(vec![vec![1000, 10]]));
        assert_eq!(
            parse_shapes("(2, 3), 3 4"),
            Ok(vec![vec![2, 3], vec![3, 4]])
        );
        assert_eq!(
            parse_shapes("3 four"),
            Err(ShapesError::NotANumber("four".into()))
        );
        assert_eq!(parse_shapes(" "), Err(ShapesError::Empty));
        assert_eq!(parse_shapes("(3, 4"), Err(ShapesError::Brackets));
        assert_eq!(
            parse_shapes("3×, 4"),
            Err(ShapesError::NotANumber(String::new()))
        );
        assert_eq!(
            parse_shapes("3×-4"),
            Err(ShapesError::NotANumber("-4".into()))
        );
        assert_eq!(
            parse_shapes("3×4000000000"),
            Err(ShapesError::TooLarge("4000000000".into()))
        );
        let many = vec!["2"; MAX_OPERANDS + 1].join(", ");
        assert_eq!(parse_shapes(&many), Err(ShapesError::TooManyOperands));
    }
}
