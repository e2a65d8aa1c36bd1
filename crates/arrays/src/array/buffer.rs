//! [`Buffer`]: one allocation, the bytes every view of it reads. Its [`Content`] is either the
//! bytes themselves or a [`Rule`] that computes any element from its address (a fill, an
//! `arange`, a copy of another buffer through a layout), so that `np.zeros((8, 12, 1024, 1024))`
//! costs nothing until a value is read. Writes into a lazy buffer go to [`PAGE`]-byte pages,
//! computed from the rule when first written; everything else still reads the rule.
//!
//! Invariants:
//! 1. A lazy buffer's byte `p` is its page's byte if that page was written, else the rule's.
//! 2. A [`Rule::Copy`] reads a snapshot ([`Content`] clone) of its source taken when the copy was
//!    made: later writes to the source are not seen (a copy is new memory).
//! 3. Copies of copies nest at most [`MAX_DEPTH`] deep, so reading one element is bounded.

mod bulk;

pub use bulk::Walk;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use stride_core::Layout;

use crate::dtype::{DType, Num};

/// Bytes per written page of a lazy buffer.
pub const PAGE: u64 = 4096;

/// How deeply copies of lazy arrays may nest before a copy is made eagerly.
pub const MAX_DEPTH: u32 = 8;

/// How a lazy buffer computes element `e` (of the buffer's dtype).
#[derive(Debug)]
pub enum Rule {
    /// Every element holds these bytes (`zeros`, `ones`, `full`).
    Fill(Vec<u8>),
    /// `arange`: element `e` is `start + e·step` as NumPy computes it.
    Arange(Arange),
    /// A copy of another buffer's elements through a layout.
    Copy(Box<CopyRule>),
    /// An elementwise result of operands' snapshots (see `compute`).
    Map(Box<super::compute::MapRule>),
    /// A matrix product of operands' snapshots (see `compute`).
    Product(Box<super::compute::ProductRule>),
    /// Memory never written (`np.empty`, `torch.empty`): the library's bytes are whatever the
    /// allocator left, so the lab's read as zeros but are reported unwritten
    /// ([`Content::unwritten`]) until a write covers them.
    Unwritten,
}

/// The values of an `arange`.
#[derive(Clone, Copy, Debug)]
pub enum Arange {
    /// Floats: NumPy stores the first two values, then `first + i·delta` (in float32 for a
    /// float32 array).
    Float {
        /// The first value (already in the dtype).
        first: f64,
        /// The second value (already in the dtype).
        second: f64,
        /// `second − first`.
        delta: f64,
        /// Whether NumPy computes in float32.
        single: bool,
    },
    /// Integers: `start + i·step`.
    Int {
        /// The first value.
        start: i128,
        /// The step.
        step: i128,
    },
}

impl Arange {
    /// Element `i`.
    pub fn value(&self, i: i64) -> Num {
        match *self {
            Arange::Float {
                first,
                second,
                delta,
                single,
            } => match i {
                0 => Num::Float(first),
                1 => Num::Float(second),
                _ if single => Num::Float(f64::from(first as f32 + i as f32 * delta as f32)),
                _ => Num::Float(first + i as f64 * delta),
            },
            Arange::Int { start, step } => {
                Num::Int(start.saturating_add(i128::from(i).saturating_mul(step)))
            }
        }
    }
}

/// A copy: the element at row-order position `k` of `to` (the new buffer's layout) is the
/// source's element at row-order position `k` of `from`, cast from `from_dtype`: a copy in any
/// memory order, a reshape that copies, a ravel (with `from` already permuted to its order).
#[derive(Debug)]
pub struct CopyRule {
    /// The source's content when the copy was made.
    pub source: Content,
    /// The source array's layout in its buffer.
    pub from: Layout,
    /// The source array's dtype.
    pub from_dtype: DType,
    /// The new array's layout: dense, with positive strides (see [`is_dense`]).
    pub to: Layout,
    /// Axes of `to` from the largest stride to the smallest, size-1 axes left out, with the
    /// row-order weight of each (the product of the sizes after it).
    order: Vec<(usize, i64)>,
}

impl CopyRule {
    /// The rule for a copy of `from` (in `source`) into a new buffer laid out as `to`; `None`
    /// when `to` is not dense or the sizes differ.
    pub fn new(source: Content, from: Layout, from_dtype: DType, to: Layout) -> Option<Self> {
        if !is_dense(&to) || from.size() != to.size() {
            return None;
        }
        let shape = to.shape();
        let mut order = Vec::new();
        for k in 0..to.ndim() {
            if shape.get(k).is_some_and(|&n| n > 1) {
                let weight = shape
                    .iter()
                    .skip(k + 1)
                    .try_fold(1i64, |w, &n| w.checked_mul(n))?;
                order.push((k, weight));
            }
        }
        let stride = |k: usize| to.strides().get(k).copied().unwrap_or(0);
        insertion_sort_by_key(&mut order, |&(k, _)| std::cmp::Reverse(stride(k)));
        Some(CopyRule {
            source,
            from,
            from_dtype,
            to,
            order,
        })
    }

    /// The value of the element at byte `address` of the new buffer.
    fn value(&self, address: i64) -> Option<Num> {
        let source = self.source_address(address)?;
        let mut bytes = [0u8; 16];
        let width = usize::try_from(self.from_dtype.itemsize()).ok()?;
        let slot = bytes.get_mut(..width)?;
        self.source
            .read_into(source, slot)
            .then(|| self.from_dtype.load(slot))
    }

    /// Whether the source element that byte `address` of the new buffer copies was never written.
    fn unwritten(&self, address: i64) -> bool {
        self.source_address(address).is_some_and(|source| {
            self.source
                .unwritten(source, self.from_dtype.itemsize().unsigned_abs())
        })
    }

    /// The byte of the source that the element at byte `address` of the new buffer copies.
    fn source_address(&self, address: i64) -> Option<u64> {
        let mut rest = address.checked_sub(self.to.offset())?;
        let mut flat = 0i64;
        for &(k, weight) in &self.order {
            let stride = *self.to.strides().get(k)?;
            let i = rest.checked_div(stride)?;
            rest = rest.checked_rem(stride)?;
            flat = flat.checked_add(i.checked_mul(weight)?)?;
        }
        let mut source = i128::from(self.from.offset());
        for (&n, &s) in self
            .from
            .shape()
            .iter()
            .zip(self.from.strides().iter())
            .rev()
        {
            if n > 1 {
                source += i128::from(flat % n) * i128::from(s);
                flat /= n;
            }
        }
        u64::try_from(source).ok()
    }
}

/// Whether `layout` is dense with positive strides: each axis (of more than one item) steps
/// over exactly the items of the axes with smaller strides, as a C, F or K order copy is laid out.
pub fn is_dense(layout: &Layout) -> bool {
    let mut axes: Vec<(i64, i64)> = layout
        .shape()
        .iter()
        .zip(layout.strides().iter())
        .filter(|(n, _)| **n > 1)
        .map(|(n, s)| (*s, *n))
        .collect();
    insertion_sort_by_key(&mut axes, |&a| a);
    let mut expect = layout.itemsize();
    for (stride, n) in axes {
        if stride != expect {
            return false;
        }
        let Some(next) = expect.checked_mul(n) else {
            return false;
        };
        expect = next;
    }
    layout.offset() == 0
}

/// Sorts a short list (of axes, at most 64) by `key`, stably: an insertion sort, so that no
/// general sort's code is instantiated in the bundle for each element type.
pub fn insertion_sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 {
            let (Some(a), Some(b)) = (v.get(j - 1), v.get(j)) else {
                break;
            };
            if key(a) <= key(b) {
                break;
            }
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// What a buffer holds.
#[derive(Clone, Debug)]
pub enum Content {
    /// The bytes.
    Bytes(Vec<u8>),
    /// A rule, with the pages written since.
    Lazy(Lazy),
}

/// A lazy buffer's content: `len` bytes computed by `rule`, except the pages written.
///
/// When the rule may read unwritten memory ([`Rule::Unwritten`], or a copy of such memory),
/// `marks` holds, for each written page, one byte per byte of the page: 1 where a write put it,
/// so that the rest of a page a write touched stays unwritten.
#[derive(Clone, Debug)]
pub struct Lazy {
    rule: Rc<Rule>,
    dtype: DType,
    len: u64,
    pages: Pages,
    marks: Option<Pages>,
}

/// The written pages of a lazy buffer, by page number, in order (a sorted list searched by
/// bisection: no map's code in the bundle for a few thousand pages at most).
#[derive(Clone, Debug, Default)]
struct Pages(Vec<(u64, Rc<Vec<u8>>)>);

impl Pages {
    fn find(&self, k: u64) -> Result<usize, usize> {
        self.0.binary_search_by_key(&k, |(n, _)| *n)
    }

    fn get(&self, k: &u64) -> Option<&Rc<Vec<u8>>> {
        self.find(*k)
            .ok()
            .and_then(|i| self.0.get(i))
            .map(|(_, p)| p)
    }

    fn get_mut(&mut self, k: &u64) -> Option<&mut Rc<Vec<u8>>> {
        let i = self.find(*k).ok()?;
        self.0.get_mut(i).map(|(_, p)| p)
    }

    fn contains_key(&self, k: &u64) -> bool {
        self.find(*k).is_ok()
    }

    fn insert(&mut self, k: u64, page: Rc<Vec<u8>>) {
        match self.find(k) {
            Ok(i) => {
                if let Some(slot) = self.0.get_mut(i) {
                    slot.1 = page;
                }
            }
            Err(i) => self.0.insert(i, (k, page)),
        }
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Lazy {
    /// Element `e` of the rule, as bytes of `dtype` into `out`.
    fn element(&self, e: u64, out: &mut [u8]) {
        let w = out.len() as u64;
        match &*self.rule {
            Rule::Fill(item) => {
                if let Some(item) = item.get(..w as usize) {
                    out.copy_from_slice(item);
                }
            }
            Rule::Arange(a) => {
                self.dtype
                    .store(a.value(i64::try_from(e).unwrap_or(i64::MAX)), out);
            }
            Rule::Copy(c) => {
                let address = e.saturating_mul(w);
                let v = i64::try_from(address).ok().and_then(|a| c.value(a));
                match v {
                    Some(v) => self.dtype.store(self.dtype.cast(v), out),
                    None => out.fill(0),
                }
            }
            Rule::Map(m) => {
                let address = i64::try_from(e.saturating_mul(w)).unwrap_or(i64::MAX);
                self.dtype.store(self.dtype.cast(m.value(address)), out);
            }
            Rule::Product(p) => {
                let address = i64::try_from(e.saturating_mul(w)).unwrap_or(i64::MAX);
                self.dtype.store(self.dtype.cast(p.value(address)), out);
            }
            Rule::Unwritten => out.fill(0),
        }
    }

    /// Whether the rule's byte `p` reads memory never written (pages ignored).
    fn rule_unwritten(&self, p: u64) -> bool {
        match &*self.rule {
            Rule::Unwritten => true,
            Rule::Copy(c) => {
                let w = self.dtype.itemsize().unsigned_abs().max(1);
                i64::try_from(p - p % w).is_ok_and(|a| c.unwritten(a))
            }
            _ => false,
        }
    }

    /// The rule's bytes `start .. start + out.len()` (pages ignored).
    fn rule_bytes(&self, start: u64, out: &mut [u8]) {
        let w = self.dtype.itemsize() as u64;
        if out.len() as u64 == w && start % w == 0 {
            self.element(start / w, out); // one whole element, as nearly every read is
            return;
        }
        let mut item = [0u8; 16];
        let Some(item) = item.get_mut(..w as usize) else {
            return;
        };
        let mut current = u64::MAX;
        for (k, slot) in out.iter_mut().enumerate() {
            let p = start + k as u64;
            let e = p / w;
            if e != current {
                self.element(e, item);
                current = e;
            }
            *slot = item.get((p % w) as usize).copied().unwrap_or(0);
        }
    }

    /// Page `k` as it reads now.
    fn page(&self, k: u64) -> Vec<u8> {
        if let Some(p) = self.pages.get(&k) {
            return p.to_vec();
        }
        let start = k * PAGE;
        let mut bytes = vec![0u8; PAGE.min(self.len.saturating_sub(start)) as usize];
        self.rule_bytes(start, &mut bytes);
        bytes
    }
}

impl Content {
    /// Its length in bytes.
    pub fn len(&self) -> u64 {
        match self {
            Content::Bytes(b) => b.len() as u64,
            Content::Lazy(l) => l.len,
        }
    }

    /// Whether it holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes `start .. start + out.len()` into `out`; false when any lies outside.
    pub fn read_into(&self, start: u64, out: &mut [u8]) -> bool {
        let Some(end) = start.checked_add(out.len() as u64) else {
            return false;
        };
        match self {
            Content::Bytes(b) => match usize::try_from(start)
                .ok()
                .zip(usize::try_from(end).ok())
                .and_then(|(s, e)| b.get(s..e))
            {
                Some(src) => {
                    out.copy_from_slice(src);
                    true
                }
                None => false,
            },
            Content::Lazy(l) => {
                if end > l.len {
                    return false;
                }
                if l.pages.is_empty() {
                    l.rule_bytes(start, out);
                    return true;
                }
                // Page by page: a written page's bytes, else the rule's.
                let mut done = 0usize;
                while done < out.len() {
                    let p = start + done as u64;
                    let in_page = (PAGE - p % PAGE).min((out.len() - done) as u64) as usize;
                    let Some(part) = out.get_mut(done..done + in_page) else {
                        return false;
                    };
                    let from = (p % PAGE) as usize;
                    match l
                        .pages
                        .get(&(p / PAGE))
                        .and_then(|pg| pg.get(from..from + in_page))
                    {
                        Some(bytes) => part.copy_from_slice(bytes),
                        None => l.rule_bytes(p, part),
                    }
                    done += in_page;
                }
                true
            }
        }
    }

    /// Whether any of the `width` bytes from `start` was never written (memory of `np.empty`
    /// that no write has covered since, or a copy of such memory).
    pub fn unwritten(&self, start: u64, width: u64) -> bool {
        let Content::Lazy(l) = self else {
            return false;
        };
        let Some(marks) = &l.marks else {
            return false;
        };
        (start..start.saturating_add(width).min(l.len)).any(|p| {
            let written = marks
                .get(&(p / PAGE))
                .and_then(|m| m.get((p % PAGE) as usize))
                .is_some_and(|&b| b == 1);
            !written && l.rule_unwritten(p)
        })
    }

    /// Whether reads of it may find unwritten memory (see [`Lazy`]).
    fn may_be_unwritten(&self) -> bool {
        matches!(self, Content::Lazy(Lazy { marks: Some(_), .. }))
    }

    /// Bytes written into pages (what a lazy buffer actually stores), or all bytes.
    pub fn stored(&self) -> u64 {
        match self {
            Content::Bytes(b) => b.len() as u64,
            Content::Lazy(l) => l.pages.len() as u64 * PAGE,
        }
    }

    /// How deeply copies nest in it.
    pub fn depth(&self) -> u32 {
        match self {
            Content::Lazy(Lazy { rule, .. }) => match &**rule {
                Rule::Copy(c) => c.source.depth() + 1,
                Rule::Map(m) => m.depth(),
                Rule::Product(p) => p.depth(),
                _ => 0,
            },
            Content::Bytes(_) => 0,
        }
    }

    /// The element reads one element of it costs (1 for bytes, fills and aranges).
    pub fn cost(&self) -> u64 {
        match self {
            Content::Lazy(Lazy { rule, .. }) => match &**rule {
                Rule::Copy(c) => c.source.cost(),
                Rule::Map(m) => m.cost(),
                Rule::Product(p) => p.cost(),
                _ => 1,
            },
            Content::Bytes(_) => 1,
        }
    }
}

/// One allocation: the bytes every view of it reads.
#[derive(Debug)]
pub struct Buffer {
    /// A number unique within one evaluation, in order of allocation.
    pub id: u32,
    /// The dtype the buffer was allocated with (views may read it as another through `as_strided`).
    pub dtype: DType,
    content: RefCell<Content>,
    /// Whether some value in it was computed where the library's own last bits depend on the
    /// CPU or the BLAS (a float product, a transcendental function, PyTorch's summation order):
    /// the lab's value is then correct to the dtype's precision, not necessarily bit for bit.
    approximate: Cell<bool>,
    /// For the indices of a sort that is not stable in the library (`np.argsort`'s default
    /// kind, `torch.sort`): per element (address / itemsize), the run of equal keys it belongs
    /// to (0: no tie), whose indices the library may give in another order.
    ties: RefCell<Option<Rc<[u32]>>>,
}

impl Buffer {
    /// A buffer holding `bytes`.
    pub fn new(id: u32, dtype: DType, bytes: Vec<u8>) -> Self {
        Buffer {
            id,
            dtype,
            content: RefCell::new(Content::Bytes(bytes)),
            approximate: Cell::new(false),
            ties: RefCell::new(None),
        }
    }

    /// A lazy buffer of `len` bytes whose elements `rule` computes.
    pub fn lazy(id: u32, dtype: DType, len: u64, rule: Rule) -> Self {
        let marks = match &rule {
            Rule::Unwritten => true,
            Rule::Copy(c) => c.source.may_be_unwritten(),
            _ => false,
        }
        .then(Pages::default);
        Buffer {
            id,
            dtype,
            content: RefCell::new(Content::Lazy(Lazy {
                rule: Rc::new(rule),
                dtype,
                len,
                pages: Pages::default(),
                marks,
            })),
            approximate: Cell::new(false),
            ties: RefCell::new(None),
        }
    }

    /// Whether some value in it may differ from the library's in its last bits (see the
    /// values policy in the crate's docs).
    pub fn is_approximate(&self) -> bool {
        self.approximate.get()
    }

    /// Marks its values as computed where the library's last bits may differ.
    pub fn mark_approximate(&self) {
        self.approximate.set(true);
    }

    /// Records which elements are indices of equal keys of an unstable sort (see the field).
    pub fn set_ties(&self, ties: Vec<u32>) {
        *self.ties.borrow_mut() = Some(Rc::from(ties));
    }

    /// The tie runs of its elements, if it holds the indices of an unstable sort with ties.
    pub fn ties(&self) -> Option<Rc<[u32]>> {
        self.ties.borrow().clone()
    }

    /// Whether any of the `width` bytes at `address` was never written ([`Rule::Unwritten`]).
    pub fn unwritten(&self, address: i128, width: u64) -> bool {
        u64::try_from(address).is_ok_and(|a| self.content.borrow().unwritten(a, width))
    }

    /// Whether some of its memory may never have been written (checked element by element
    /// with [`Buffer::unwritten`]).
    pub fn may_be_unwritten(&self) -> bool {
        self.content.borrow().may_be_unwritten()
    }

    /// Its length in bytes (a lazy buffer's may pass `usize` on a 32-bit target).
    pub fn len(&self) -> u64 {
        self.content.borrow().len()
    }

    /// Whether it holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether its values are computed by a rule rather than stored.
    pub fn is_lazy(&self) -> bool {
        matches!(*self.content.borrow(), Content::Lazy(_))
    }

    /// The element reads one element of it costs (its rule's, 1 for bytes, fills, aranges).
    pub fn snapshot_cost(&self) -> u64 {
        self.content.borrow().cost()
    }

    /// Its content as it is now: what a copy of it reads (invariant 2).
    pub fn snapshot(&self) -> Content {
        self.content.borrow().clone()
    }

    /// Reads one element of `dtype` at byte `address`; `None` when any of its bytes lies outside.
    pub fn read(&self, dtype: DType, address: i128) -> Option<Num> {
        let start = u64::try_from(address).ok()?;
        let mut item = [0u8; 16];
        let slot = item.get_mut(..dtype.itemsize() as usize)?;
        self.content
            .borrow()
            .read_into(start, slot)
            .then(|| dtype.load(slot))
    }

    /// Byte `p`, for the lab's byte ruler.
    pub fn byte(&self, p: usize) -> Option<u8> {
        let mut one = [0u8];
        self.content
            .borrow()
            .read_into(p as u64, &mut one)
            .then_some(one[0])
    }

    /// The first `n` bytes (fewer if it is shorter).
    pub fn bytes_upto(&self, n: usize) -> Vec<u8> {
        let content = self.content.borrow();
        let mut out = vec![0u8; usize::try_from(content.len()).unwrap_or(usize::MAX).min(n)];
        content.read_into(0, &mut out);
        out
    }

    /// The bytes of pages a write of `width` bytes at each of `addresses` would add to a lazy
    /// buffer (0 for a buffer of bytes): what the write stores.
    pub fn added_by_write(&self, addresses: &[i128], width: i64) -> u64 {
        let content = self.content.borrow();
        let Content::Lazy(l) = &*content else {
            return 0;
        };
        let mut fresh: Vec<u64> = Vec::new();
        let mut last = u64::MAX;
        for &a in addresses {
            let Ok(start) = u64::try_from(a) else {
                continue;
            };
            let end = start.saturating_add(width.max(1) as u64 - 1);
            for k in start / PAGE..=end / PAGE {
                // Writes mostly walk memory in order: a page just seen is not looked up again.
                if k != last && !l.pages.contains_key(&k) {
                    if let Err(i) = fresh.binary_search(&k) {
                        fresh.insert(i, k);
                    }
                }
                last = k;
            }
        }
        fresh.len() as u64 * PAGE
    }

    /// Writes one element; false when it would fall outside.
    pub fn write(&self, dtype: DType, address: i128, value: Num) -> bool {
        // Written over, the indices are no longer the sort's.
        if self.ties.borrow().is_some() {
            *self.ties.borrow_mut() = None;
        }
        let Ok(start) = u64::try_from(address) else {
            return false;
        };
        let width = dtype.itemsize() as usize;
        let Some(end) = start.checked_add(width as u64) else {
            return false;
        };
        let mut item = [0u8; 16];
        let Some(item) = item.get_mut(..width) else {
            return false;
        };
        dtype.store(value, item);
        let mut content = self.content.borrow_mut();
        match &mut *content {
            Content::Bytes(bytes) => match usize::try_from(start)
                .ok()
                .zip(usize::try_from(end).ok())
                .and_then(|(s, e)| bytes.get_mut(s..e))
            {
                Some(slot) => {
                    slot.copy_from_slice(item);
                    true
                }
                None => false,
            },
            Content::Lazy(l) => {
                if end > l.len {
                    return false;
                }
                // Page by page (an element lies in one page unless a view misaligns it).
                let mut done = 0usize;
                while done < width {
                    let p = start + done as u64;
                    let page = p / PAGE;
                    let from = (p % PAGE) as usize;
                    let in_page = (PAGE as usize - from).min(width - done);
                    if !l.pages.contains_key(&page) {
                        let fresh = l.page(page);
                        l.pages.insert(page, Rc::new(fresh));
                    }
                    let slot = l
                        .pages
                        .get_mut(&page)
                        .and_then(|pg| Rc::make_mut(pg).get_mut(from..from + in_page));
                    if let (Some(slot), Some(bytes)) = (slot, item.get(done..done + in_page)) {
                        slot.copy_from_slice(bytes);
                    }
                    if let Some(marks) = &mut l.marks {
                        if !marks.contains_key(&page) {
                            marks.insert(page, Rc::new(vec![0u8; PAGE as usize]));
                        }
                        if let Some(m) = marks
                            .get_mut(&page)
                            .and_then(|m| Rc::make_mut(m).get_mut(from..from + in_page))
                        {
                            m.fill(1);
                        }
                    }
                    done += in_page;
                }
                true
            }
        }
    }

    /// Writes `values` (cast to `dtype`) at `addresses`, in order; addresses outside the buffer
    /// are skipped.
    pub fn write_all(&self, dtype: DType, addresses: impl Iterator<Item = i128>, values: &[Num]) {
        let width = dtype.itemsize() as usize;
        if let Content::Bytes(bytes) = &mut *self.content.borrow_mut() {
            for (address, v) in addresses.zip(values) {
                let Ok(start) = usize::try_from(address) else {
                    continue;
                };
                if let Some(slot) = bytes.get_mut(start..start + width) {
                    dtype.store(*v, slot);
                }
            }
            return;
        }
        for (address, v) in addresses.zip(values) {
            self.write(dtype, address, *v);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use stride_core::Order;

    #[test]
    fn a_written_page_overrides_the_rule_and_a_snapshot_does_not_see_later_writes() {
        let b = Buffer::lazy(
            0,
            DType::Int32,
            4 * 10_000,
            Rule::Arange(Arange::Int { start: 5, step: 2 }),
        );
        assert!(matches!(
            b.read(DType::Int32, 4 * 7000),
            Some(Num::Int(14005))
        ));
        let before = b.snapshot();
        assert_eq!(b.added_by_write(&[4 * 7000, 4 * 7001], 4), PAGE);
        assert!(b.write(DType::Int32, 4 * 7000, Num::Int(-1)));
        assert!(matches!(b.read(DType::Int32, 4 * 7000), Some(Num::Int(-1))));
        assert!(matches!(
            b.read(DType::Int32, 4 * 7001),
            Some(Num::Int(14007))
        ));
        let mut four = [0u8; 4];
        assert!(before.read_into(4 * 7000, &mut four));
        assert_eq!(i32::from_le_bytes(four), 14005);
        assert!(b.read(DType::Int32, 4 * 10_000).is_none());
    }

    #[test]
    fn a_copy_reads_its_source_through_the_layouts() {
        // arange(6).reshape(2, 3).T copied in C order: [[0, 3], [1, 4], [2, 5]].
        let src = Buffer::lazy(
            0,
            DType::Int64,
            48,
            Rule::Arange(Arange::Int { start: 0, step: 1 }),
        );
        let from = Layout::new(&[3, 2], &[8, 24], 0, 8).unwrap();
        let to = Layout::contiguous(&[3, 2], 4, Order::C).unwrap();
        let rule = CopyRule::new(src.snapshot(), from, DType::Int64, to).unwrap();
        let copy = Buffer::lazy(1, DType::Int32, 24, Rule::Copy(Box::new(rule)));
        let got: Vec<i128> = (0..6)
            .map(|e| match copy.read(DType::Int32, e * 4) {
                Some(Num::Int(i)) => i,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(got, [0, 3, 1, 4, 2, 5]);
        // The same source read as a reshape to (2, 3): row order of the transposed view.
        let flat = Layout::contiguous(&[2, 3], 8, Order::F).unwrap();
        let rule = CopyRule::new(src.snapshot(), from, DType::Int64, flat).unwrap();
        let reshaped = Buffer::lazy(2, DType::Int64, 48, Rule::Copy(Box::new(rule)));
        // F order: memory holds (0,0), (1,0), (0,1), … of the (2, 3) result [[0, 3, 1], [4, 2, 5]].
        let got: Vec<i128> = (0..6)
            .map(|e| match reshaped.read(DType::Int64, e * 8) {
                Some(Num::Int(i)) => i,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(got, [0, 4, 3, 2, 1, 5]);
    }

    #[test]
    fn dense_layouts_are_the_ones_a_copy_makes() {
        let c = Layout::contiguous(&[2, 3, 4], 8, Order::C).unwrap();
        let f = Layout::contiguous(&[2, 3, 4], 8, Order::F).unwrap();
        assert!(is_dense(&c) && is_dense(&f));
        assert!(is_dense(
            &Layout::new(&[2, 1, 3], &[24, 999, 8], 0, 8).unwrap()
        ));
        assert!(!is_dense(&Layout::new(&[2, 3], &[48, 8], 0, 8).unwrap()));
        assert!(!is_dense(&Layout::new(&[2, 3], &[-24, 8], 24, 8).unwrap()));
    }
}
