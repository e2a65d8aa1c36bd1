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
        for a in stride_core::footprint::Positions::new(self.layout()).take(walked) {
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
        let start = self.layout().offset();
        parts.push((None, format!(" = {}", units_text(start, u))));
        for (k, i) in index.iter().enumerate() {
            let s = self.layout().strides().get(k).copied().unwrap_or(0);
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
                    let s = self.layout().strides().get(k).copied().unwrap_or(0);
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
