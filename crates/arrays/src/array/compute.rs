//! Results computed when read: the [`super::Rule::Map`] of an elementwise operation and the
//! [`super::Rule::Product`] of a matrix product, over snapshots of their operands (a later write
//! to an operand does not change a computed result, as for [`super::CopyRule`]). So an
//! elementwise result, a broadcast or a matrix product of any size is made at once — its layout
//! and `nbytes` now, the values the page shows when it shows them.
//!
//! Every element computed is paid from a [`Meter`] shared with the run's context: the work limit
//! holds for values read later (a `.sum()` of a lazy product pays `k` per element); once it runs
//! out, elements read as 0 and the context turns the operation into the lab's own work limit.
//! A rule's cost per element is bounded ([`MAX_COST`]) and its nesting ([`super::MAX_DEPTH`]):
//! past either, the operation is computed at once instead.

use std::cell::Cell;
use std::rc::Rc;

use stride_core::Layout;

use super::Content;
use crate::dtype::{DType, Num};
use crate::numpy::exact::Acc;

/// The largest number of element reads one element of a lazy result may cost.
pub const MAX_COST: u64 = 1 << 16;

/// Element work left to the run, shared by the lazy rules it made.
#[derive(Clone, Debug)]
pub struct Meter(Rc<Cell<u64>>, Rc<Cell<bool>>);

impl Meter {
    /// A meter holding `work` element operations.
    pub fn new(work: u64) -> Self {
        Meter(Rc::new(Cell::new(work)), Rc::new(Cell::new(false)))
    }

    /// Pays `n`; false (and exhausted from now on) when there is not enough left.
    pub fn pay(&self, n: u64) -> bool {
        if self.1.get() {
            return false;
        }
        match self.0.get().checked_sub(n) {
            Some(left) => {
                self.0.set(left);
                true
            }
            None => {
                self.1.set(true);
                false
            }
        }
    }

    /// Whether some read found the meter empty.
    pub fn exhausted(&self) -> bool {
        self.1.get()
    }

    /// Takes `n` from what is left (work the context charged itself).
    pub fn spend(&self, n: u64) {
        self.0.set(self.0.get().saturating_sub(n));
    }
}

/// The lab's own limit when reading lazy values ran past the work limit (the same
/// [`crate::error::Limit::WorkTotal`] as every other read: the limit is the lab's, not NumPy's).
pub fn out_of_work(limit: u64) -> crate::error::EvalError {
    crate::error::EvalError::limit(crate::error::Limit::WorkTotal { most: limit })
}

/// One operand of a lazy result: a snapshot of its memory, its layout broadcast to the result's
/// shape (for a product: to the batch shape plus its two core axes), and its dtype.
#[derive(Debug)]
pub struct Source {
    /// The operand's content when the result was made.
    pub content: Content,
    /// Its layout, broadcast.
    pub layout: Layout,
    /// Its dtype.
    pub dtype: DType,
}

impl Source {
    fn read(&self, address: i128) -> Num {
        let mut bytes = [0u8; 16];
        let width = usize::try_from(self.dtype.itemsize()).unwrap_or(0);
        let (Some(slot), Ok(at)) = (bytes.get_mut(..width), u64::try_from(address)) else {
            return Num::Int(0);
        };
        if self.content.read_into(at, slot) {
            self.dtype.load(slot)
        } else {
            Num::Int(0)
        }
    }

    /// The address of the element at `index` (one per axis of the broadcast layout).
    fn address(&self, index: &[i64]) -> i128 {
        let mut a = i128::from(self.layout.offset());
        for (&i, &s) in index.iter().zip(self.layout.strides().iter()) {
            a += i128::from(i) * i128::from(s);
        }
        a
    }

    fn cost(&self) -> u64 {
        self.content.cost()
    }
}

/// Where element `address` of a dense result lies in row order: its multi-index.
#[derive(Debug)]
pub struct RowOrder {
    out: Layout,
}

impl RowOrder {
    /// For a result laid out as `out` (dense, positive strides).
    pub fn new(out: Layout) -> Self {
        RowOrder { out }
    }

    /// The multi-index of the element at byte `address` of the result's buffer.
    fn index(&self, address: i64, index: &mut [i64]) -> Option<()> {
        let rest = address.checked_sub(self.out.offset())?;
        for ((slot, &n), &s) in index
            .iter_mut()
            .zip(self.out.shape().iter())
            .zip(self.out.strides().iter())
        {
            *slot = if n > 1 && s > 0 { (rest / s) % n } else { 0 };
        }
        Some(())
    }

    fn ndim(&self) -> usize {
        self.out.ndim()
    }
}

/// The kernel of an elementwise result: the operands' elements (each in its own dtype) to the
/// result's element.
pub type Kernel = Rc<dyn Fn(&[Num]) -> Num>;

/// An elementwise result computed when read.
pub struct MapRule {
    /// The operands, broadcast to the result's shape.
    pub operands: Vec<Source>,
    /// Where each element lies.
    pub order: RowOrder,
    /// The kernel.
    pub kernel: Kernel,
    /// The run's meter.
    pub meter: Meter,
}

impl core::fmt::Debug for MapRule {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MapRule")
            .field("operands", &self.operands)
            .finish()
    }
}

impl MapRule {
    /// The element at byte `address` of the result.
    pub fn value(&self, address: i64) -> Num {
        if !self.meter.pay(self.operands.len() as u64) {
            return Num::Int(0);
        }
        let mut index = [0i64; stride_core::MAX_NDIM];
        let Some(index) = index.get_mut(..self.order.ndim()) else {
            return Num::Int(0);
        };
        if self.order.index(address, index).is_none() {
            return Num::Int(0);
        }
        let mut args = [Num::Int(0); 3];
        for (slot, o) in args.iter_mut().zip(&self.operands) {
            *slot = o.read(o.address(index));
        }
        (self.kernel)(args.get(..self.operands.len()).unwrap_or(&[]))
    }

    /// The reads one element costs.
    pub fn cost(&self) -> u64 {
        self.operands
            .iter()
            .map(Source::cost)
            .fold(1u64, u64::saturating_add)
    }

    /// How deeply lazy results nest in it.
    pub fn depth(&self) -> u32 {
        self.operands
            .iter()
            .map(|o| o.content.depth())
            .max()
            .unwrap_or(0)
            + 1
    }
}

/// A matrix product computed when read: element `(…, i, j)` is `Σ_p a[…, i, p] · b[…, p, j]` in
/// `dtype`, each `a`, `b` broadcast to the batch shape plus their core axes.
#[derive(Debug)]
pub struct ProductRule {
    /// The left operand, laid out as `batch + (n, k)`.
    pub a: Source,
    /// The right operand, laid out as `batch + (k, m)`.
    pub b: Source,
    /// The batch shape.
    pub batch: Vec<i64>,
    /// `n`, `k`, `m`.
    pub nkm: (i64, i64, i64),
    /// The sums' dtype.
    pub dtype: DType,
    /// Where each element of the result (`batch + core`) lies.
    pub order: RowOrder,
    /// The run's meter.
    pub meter: Meter,
}

impl ProductRule {
    /// The element at byte `address` of the result.
    pub fn value(&self, address: i64) -> Num {
        let (n, k, m) = self.nkm;
        if !self.meter.pay(u64::try_from(k.max(1)).unwrap_or(u64::MAX)) {
            return Num::Int(0);
        }
        let mut index = [0i64; stride_core::MAX_NDIM];
        let Some(out) = index.get_mut(..self.order.ndim()) else {
            return Num::Int(0);
        };
        if self.order.index(address, out).is_none() {
            return Num::Int(0);
        }
        // Row-order position in batch × n × m (a vector operand's core axis is left out of the
        // result, so its position is 0 there).
        let mut flat = 0i64;
        for (&i, &d) in out.iter().zip(self.order.out.shape().iter()) {
            flat = flat * d + i;
        }
        let (i, j) = ((flat / m.max(1)) % n.max(1), flat % m.max(1));
        let mut rest = flat / (n.max(1) * m.max(1));
        let nb = self.batch.len();
        let mut ai = [0i64; stride_core::MAX_NDIM];
        let mut bi = [0i64; stride_core::MAX_NDIM];
        for (axis, &d) in self.batch.iter().enumerate().rev() {
            let v = if d > 0 { rest % d } else { 0 };
            rest = if d > 0 { rest / d } else { 0 };
            if let (Some(x), Some(y)) = (ai.get_mut(axis), bi.get_mut(axis)) {
                *x = v;
                *y = v;
            }
        }
        let mut acc = Acc::new(self.dtype);
        for p in 0..k {
            if let (Some(x), Some(y)) = (ai.get_mut(nb..nb + 2), bi.get_mut(nb..nb + 2)) {
                x.copy_from_slice(&[i, p]);
                y.copy_from_slice(&[p, j]);
            }
            let (Some(ax), Some(bx)) = (ai.get(..nb + 2), bi.get(..nb + 2)) else {
                break;
            };
            let x = self.dtype.cast(self.a.read(self.a.address(ax)));
            let y = self.dtype.cast(self.b.read(self.b.address(bx)));
            acc.add(&[x, y]);
        }
        acc.finish(self.dtype).0
    }

    /// The reads one element costs.
    pub fn cost(&self) -> u64 {
        let k = u64::try_from(self.nkm.1.max(1)).unwrap_or(u64::MAX);
        k.saturating_mul(self.a.cost().saturating_add(self.b.cost()))
    }

    /// How deeply lazy results nest in it.
    pub fn depth(&self) -> u32 {
        self.a.content.depth().max(self.b.content.depth()) + 1
    }
}
