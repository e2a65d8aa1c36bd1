//! What a [`Plan`] gives: its index arrays, its view part, `B`, and the layouts of the allocation
//! and of the result (rules 2 to 4 of the module docs of `advanced`).

use super::{IndexArray, Plan, Slot, ViewAxis};
use crate::copy::memory_order;
use crate::dims::Dims;
use crate::error::Error;
use crate::layout::{Layout, Order};

impl Plan {
    /// The index arrays in the order of the index (rule 1).
    pub fn index_arrays(&self) -> impl Iterator<Item = IndexArray> + '_ {
        self.slots().iter().filter_map(|s| match s {
            Slot::Array(a) => Some(*a),
            Slot::View(_) => None,
        })
    }

    /// The view part: the axes the index arrays do not take, in order.
    pub fn view_axes(&self) -> impl Iterator<Item = ViewAxis> + '_ {
        self.slots().iter().filter_map(|s| match s {
            Slot::View(v) => Some(*v),
            Slot::Array(_) => None,
        })
    }

    /// `B`, the shape the index arrays broadcast to (rule 2).
    pub fn broadcast(&self) -> &Dims {
        &self.broadcast
    }

    /// The shape of the allocation (rule 3): `B`, then the view part's lengths. Fails with
    /// [`Error::TooManyDims`] past [`MAX_NDIM`](crate::dims::MAX_NDIM) axes and
    /// [`Error::TooBig`] when its size does not fit 64 bits.
    pub fn allocation_shape(&self) -> Result<Dims, Error> {
        let mut shape = self.broadcast;
        for v in self.view_axes() {
            shape.push(v.len)?;
        }
        shape.checked_product().ok_or(Error::TooBig)?;
        Ok(shape)
    }

    /// Where `B` ends up (rule 4): axis `k` of the result is axis `perm[k]` of the allocation, or
    /// `None` when `B` leads (the index arrays are first, not adjacent, or all 0-d).
    pub fn permutation(&self) -> Result<Option<Dims>, Error> {
        let slots = self.slots();
        let mut positions = slots
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Slot::Array(_)))
            .map(|(k, _)| k);
        let first = positions.next().unwrap_or(0);
        let mut last = first;
        let mut adjacent = true;
        for k in positions {
            adjacent &= k == last + 1;
            last = k;
        }
        let nb = self.broadcast.len();
        if !adjacent || first == 0 || nb == 0 {
            return Ok(None);
        }
        let n = nb + self.view_axes().count();
        let before = first.min(n - nb);
        let mut perm = Dims::new();
        for k in 0..before {
            perm.push((nb + k) as i64)?;
        }
        for k in 0..nb {
            perm.push(k as i64)?;
        }
        for k in (nb + before)..n {
            perm.push(k as i64)?;
        }
        Ok(Some(perm))
    }

    /// The layout of the new memory (rule 3), at offset 0 with `itemsize`; an empty one is
    /// allocated in C order.
    pub fn allocation(&self, itemsize: i64) -> Result<Layout, Error> {
        let shape = self.allocation_shape()?;
        let strides = self.layout.strides();
        let mut view_shape = Dims::new();
        let mut view_strides = Dims::new();
        for v in self.view_axes() {
            let stride = match v.axis {
                Some(axis) => strides
                    .get(axis)
                    .copied()
                    .unwrap_or(0)
                    .saturating_mul(v.step),
                None => 0,
            };
            view_shape.push(v.len)?;
            view_strides.push(stride)?;
        }
        let view = Layout::new(&view_shape, &view_strides, 0, itemsize)?;
        // Dense in decreasing |stride| order, ties in axis order (no C or F shortcut here).
        let mut dense = Dims::filled(view_shape.len(), 0)?;
        let mut step = itemsize;
        for &k in memory_order(&view).iter().rev() {
            let k = k as usize;
            if let Some(slot) = dense.get_mut(k) {
                *slot = step;
            }
            step = step.saturating_mul(view_shape.get(k).copied().unwrap_or(1));
        }
        let mut outer = Dims::filled(self.broadcast.len(), 0)?;
        for (slot, &d) in outer.iter_mut().zip(self.broadcast.iter()).rev() {
            *slot = step;
            step = step.saturating_mul(d.max(1));
        }
        let mut alloc_strides = Dims::new();
        for &s in outer.iter().chain(dense.iter()) {
            alloc_strides.push(s)?;
        }
        let alloc = Layout::new(&shape, &alloc_strides, 0, itemsize)?;
        if alloc.size() == 0 {
            return Layout::allocated(&shape, itemsize, Order::C);
        }
        Ok(alloc)
    }

    /// The layout of the result: the allocation with `B` moved into place (rule 4).
    pub fn result(&self, itemsize: i64) -> Result<Layout, Error> {
        let alloc = self.allocation(itemsize)?;
        match self.permutation()? {
            Some(perm) => crate::axes::transpose(&alloc, &perm),
            None => Ok(alloc),
        }
    }
}
