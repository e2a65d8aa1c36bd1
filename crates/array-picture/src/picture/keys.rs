//! Keyboard moves in the grid (the ARIA grid pattern): which cell an arrow, Home or End reaches.

/// A keyboard move in the grid (the ARIA grid pattern).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Arrow left: the previous element of the row.
    Left,
    /// Arrow right: the next element of the row.
    Right,
    /// Arrow up: the same column, one row up.
    Up,
    /// Arrow down: the same column, one row down.
    Down,
    /// Home: the row's first cell.
    RowStart,
    /// End: the row's last cell.
    RowEnd,
    /// Ctrl+Home: the first cell.
    First,
    /// Ctrl+End: the last cell.
    Last,
}

/// The cell a keyboard move reaches from `flat` in a grid of `shape` (rows are the last axis;
/// arrows up and down move along the axis before it), or `None` at an edge.
pub fn neighbor(shape: &[i64], flat: usize, step: Move) -> Option<usize> {
    let size = shape.iter().product::<i64>().max(0) as usize;
    if flat >= size {
        return None;
    }
    let row = shape.last().copied().unwrap_or(1).max(1) as usize;
    let col = flat % row;
    let rows = if shape.len() >= 2 {
        shape.get(shape.len() - 2).copied().unwrap_or(1).max(1) as usize
    } else {
        1
    };
    let row_in_block = (flat / row) % rows;
    let target = match step {
        Move::Left => flat.checked_sub(1).filter(|_| col > 0),
        Move::Right => Some(flat + 1).filter(|_| col + 1 < row),
        Move::Up => flat.checked_sub(row).filter(|_| row_in_block > 0),
        Move::Down => Some(flat + row).filter(|_| row_in_block + 1 < rows),
        Move::RowStart => Some(flat - col),
        Move::RowEnd => Some(flat - col + row - 1),
        Move::First => Some(0),
        Move::Last => size.checked_sub(1),
    };
    target.filter(|&t| t < size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyboard_moves_stay_in_their_row_and_block() {
        let shape = [2, 3, 4];
        assert_eq!(neighbor(&shape, 0, Move::Right), Some(1));
        assert_eq!(neighbor(&shape, 3, Move::Right), None);
        assert_eq!(neighbor(&shape, 4, Move::Left), None);
        assert_eq!(neighbor(&shape, 5, Move::Up), Some(1));
        assert_eq!(neighbor(&shape, 9, Move::Down), None);
        assert_eq!(neighbor(&shape, 13, Move::Up), None);
        assert_eq!(neighbor(&shape, 14, Move::RowStart), Some(12));
        assert_eq!(neighbor(&shape, 14, Move::RowEnd), Some(15));
        assert_eq!(neighbor(&shape, 14, Move::Last), Some(23));
        assert_eq!(neighbor(&[5], 2, Move::Down), None);
        assert_eq!(neighbor(&[], 0, Move::Right), None);
        assert_eq!(neighbor(&[0, 3], 0, Move::First), None);
    }
}
