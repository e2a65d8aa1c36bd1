//! The address rule with its numbers, and drawn on the memory row both ways: forward, an array
//! cell's position as jumps from the start (iₖ hops of sₖ along each axis k), and backward, a
//! memory cell's readers with the rule that leads each of them there.

use super::Picture;

/// The hops of one axis: `count` hops of `stride` memory cells, from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The axis, `k`.
    pub axis: usize,
    /// How many hops: the cell's index along the axis, iₖ (never 0).
    pub count: i64,
    /// The length of one hop, sₖ, signed, in the picture's units (0 for a broadcast axis: the
    /// jump stays).
    pub stride: i64,
    /// Where the hops start, in the picture's units.
    pub from: i64,
    /// Where they end: `from + count·stride`.
    pub to: i64,
}

/// One array cell that reads a memory cell, and the rule that leads there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reader {
    /// The reader's row-order position.
    pub flat: usize,
    /// Its indices joined by `, ` as Python writes them: `1, 3`.
    pub index: String,
    /// The rule after `start`: ` + 1·4 + 3·1` (empty for a 0-d array).
    pub terms: String,
    /// Where the reader's element starts, in the picture's units (before `p` in bytes, when `p`
    /// is a later byte of the element).
    pub at: i64,
    /// For an array of windows, the index of the reader's window (`1`, `0, 2`).
    pub window: Option<String>,
}

/// Positions outside the buffer drawn at most (beside the row, named as outside).
pub const OUTSIDE_SHOWN: usize = 16;

impl Picture {
    /// The positions read outside the buffer (only `as_strided` reads there), distinct and in
    /// order, at most [`OUTSIDE_SHOWN`] of them: drawn beside the row so a jump can land there.
    pub fn outside_positions(&self) -> Vec<i64> {
        if self.outside == 0 {
            return Vec::new();
        }
        let u = i128::from(self.unit().max(1));
        let len = self.memory_len() as i128;
        let mut seen = std::collections::BTreeSet::new();
        let walked = super::TALLY_UP_TO as usize;
        for a in stride_core::footprint::Positions::new(&self.array.layout).take(walked) {
            let p = a.div_euclid(u);
            if !(0..len).contains(&p) {
                if let Ok(p) = i64::try_from(p) {
                    seen.insert(p);
                }
            }
        }
        seen.into_iter().take(OUTSIDE_SHOWN).collect()
    }

    /// The address rule for array cell `flat` with the numbers filled in:
    /// `start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6`. It ends with the position.
    pub fn address_rule(&self, flat: usize) -> String {
        self.address_rule_parts(flat)
            .into_iter()
            .map(|(_, text)| text)
            .collect()
    }

    /// The address rule of [`Picture::address_rule`] in pieces, each with the axis it belongs
    /// to (`Some(k)` for `i·s₀` and `1·4`), so that each axis's terms can be drawn in its colour.
    pub fn address_rule_parts(&self, flat: usize) -> Vec<(Option<usize>, String)> {
        let index = self.index(flat);
        let u = self.unit();
        let mut parts = vec![(None, String::from("start"))];
        for k in 0..index.len() {
            parts.push((
                Some(k),
                format!(" + {}·s{}", super::index_name(k), super::subscript(k)),
            ));
        }
        let start = self.array.layout.offset();
        parts.push((None, format!(" = {}", units_text(start, u))));
        for (k, i) in index.iter().enumerate() {
            let s = self.array.layout.strides().get(k).copied().unwrap_or(0);
            parts.push((
                Some(k),
                format!(" + {i}·{}", paren_negative(&units_text(s, u))),
            ));
        }
        let address = self.address(flat);
        let result = if address % i128::from(u) == 0 {
            (address / i128::from(u)).to_string()
        } else {
            format!("{address}/{u}")
        };
        parts.push((None, format!(" = {result}")));
        parts
    }

    /// The address rule of array cell `flat` as jumps from the start, one per axis with a
    /// non-zero index, chained in axis order; `None` when the start or a stride is not a whole
    /// number of the picture's units (an `as_strided` view counted in elements).
    pub fn jumps(&self, flat: usize) -> Option<Vec<Jump>> {
        let index = self.index(flat);
        let mut at = self.start()?;
        let mut out = Vec::new();
        for (axis, &count) in index.iter().enumerate() {
            let stride = self.stride(axis)?;
            if count == 0 {
                continue;
            }
            let to = at.checked_add(count.checked_mul(stride)?)?;
            out.push(Jump {
                axis,
                count,
                stride,
                from: at,
                to,
            });
            at = to;
        }
        Some(out)
    }

    /// The array cells that read memory cell `p`, each with its rule (empty when none does).
    pub fn reverse(&self, p: usize) -> Vec<Reader> {
        let u = self.unit();
        let window_axes = self.window_axes();
        self.readers(p)
            .into_iter()
            .map(|flat| {
                let index = self.index(flat);
                let mut terms = String::new();
                for (k, i) in index.iter().enumerate() {
                    let s = self.array.layout.strides().get(k).copied().unwrap_or(0);
                    terms.push_str(&format!(" + {i}·{}", paren_negative(&units_text(s, u))));
                }
                let index = index
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                let at = i64::try_from(self.address(flat).div_euclid(i128::from(u.max(1))))
                    .unwrap_or(i64::MAX);
                let window = window_axes.and_then(|axes| {
                    let number = self.window_of(flat)?;
                    Some(self.window_index(number, axes))
                });
                Reader {
                    flat,
                    index,
                    terms,
                    at,
                    window,
                }
            })
            .collect()
    }
}

fn units_text(bytes: i64, unit: i64) -> String {
    if bytes % unit == 0 {
        (bytes / unit).to_string()
    } else {
        format!("{bytes}/{unit}")
    }
}

fn paren_negative(s: &str) -> String {
    if s.starts_with('-') {
        format!("({s})")
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{X, picture, picture_in};
    use super::*;
    use crate::picture::Units;

    fn jump(axis: usize, count: i64, stride: i64, from: i64, to: i64) -> Jump {
        Jump {
            axis,
            count,
            stride,
            from,
            to,
        }
    }

    #[test]
    fn the_transpose_jumps_once_along_axis_0_and_twice_along_axis_1() {
        let t = picture(&format!("{X}x.T"));
        let flat = t.flat(&[1, 2]);
        assert_eq!(
            t.jumps(flat),
            Some(vec![jump(0, 1, 1, 0, 1), jump(1, 2, 4, 1, 9)])
        );
        // It ends where the cell reads: x.T[1, 2] is x[2, 1], position 9.
        assert_eq!(t.position(flat), Some(9));
        // The first cell needs no jump.
        assert_eq!(t.jumps(0), Some(vec![]));
    }

    #[test]
    fn on_the_byte_shelf_jumps_count_bytes() {
        let a = picture_in(
            "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
            Units::Bytes,
        );
        assert_eq!(
            a.jumps(a.flat(&[2, 1])),
            Some(vec![jump(0, 2, 16, 0, 32), jump(1, 1, 4, 32, 36)])
        );
    }

    #[test]
    fn negative_strides_hop_backwards_and_a_broadcast_axis_stays() {
        let r = picture(&format!("{X}x[::-1, ::-2]"));
        // Starts at 11 (x[2, 3]); strides (-4, -2).
        assert_eq!(
            r.jumps(r.flat(&[1, 1])),
            Some(vec![jump(0, 1, -4, 11, 7), jump(1, 1, -2, 7, 5)])
        );
        let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        assert_eq!(
            b.jumps(b.flat(&[2, 3])),
            Some(vec![jump(0, 2, 0, 0, 0), jump(1, 3, 1, 0, 3)])
        );
    }

    #[test]
    fn reads_outside_the_buffer_are_listed_and_jumps_reach_them() {
        let v = picture("a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (4, 3), (16, 8))");
        assert_eq!(v.outside_positions(), [6, 7, 8]);
        assert_eq!(
            v.jumps(v.flat(&[3, 2])),
            Some(vec![jump(0, 3, 2, 0, 6), jump(1, 2, 1, 6, 8)])
        );
        assert!(picture(&format!("{X}x.T")).outside_positions().is_empty());
    }

    #[test]
    fn the_rule_in_reverse_names_every_reader() {
        let x = picture(&format!("{X}x"));
        let r = x.reverse(7);
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].index.as_str(), r[0].terms.as_str()),
            ("1, 3", " + 1·4 + 3·1")
        );
        let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        let readers: Vec<String> = b.reverse(2).into_iter().map(|r| r.index).collect();
        assert_eq!(readers, ["0, 2", "1, 2", "2, 2"]);
        let s = picture(&format!("{X}x[1:, 1:]"));
        assert!(s.reverse(0).is_empty());
        // On the byte shelf, byte 38 is inside a[2, 1], which starts at byte 36.
        let a = picture_in(
            "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
            Units::Bytes,
        );
        let r = a.reverse(38);
        assert_eq!((r[0].index.as_str(), r[0].at), ("2, 1", 36));
    }
}
