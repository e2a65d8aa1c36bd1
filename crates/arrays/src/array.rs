//! Arrays with their values: a shared [`Buffer`] (bytes, or a rule that computes them: see
//! `buffer`), a [`Layout`] into it, a dtype and the flags NumPy keeps. Views share the buffer (`Rc`), so a write through one is seen by all.

use std::rc::Rc;

use stride_core::Layout;
use stride_core::footprint::Positions;
use stride_core::reshape::CopyReason;

use crate::context::MAX_READ;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};

mod buffer;
pub mod compute;

pub use buffer::{
    Arange, Buffer, Content, CopyRule, MAX_DEPTH, PAGE, Rule, Walk, insertion_sort_by_key, is_dense,
};

/// What an array's `.base` is.
#[derive(Clone, Debug)]
pub enum Base {
    /// `None`: the array owns its memory.
    None,
    /// Another array.
    Array(Rc<Array>),
    /// A Python object that is not an array (the `DummyArray` behind `as_strided`).
    Other(&'static str),
}

/// The operation that made an array: what the lab's explanation starts from.
#[derive(Clone, Debug)]
pub enum Op {
    /// A new array from `np.arange`, `np.zeros`, `torch.tensor`, …
    Create(&'static str),
    /// Basic indexing: a view; the index as given (integers, slices, `None`, `...`).
    Index(Rc<[stride_core::index::IndexItem]>),
    /// Advanced indexing (lists, masks): a copy gathered from the input.
    Gather,
    /// `.T`, `transpose`, `swapaxes`, `moveaxis`, `permute`, `.mT`: a permutation of the axes.
    Permute(Rc<[i64]>),
    /// `squeeze`, `expand_dims`, `unsqueeze`, `None` in an index.
    Axes(&'static str),
    /// `reshape`, `view`, `ravel`, `flatten`: `reason` is why the memory could not be kept, if it
    /// could not.
    Reshape(&'static str, Option<CopyReason>),
    /// `ravel` or `flatten` that copied, reading the input in `order` (C, F or K: `A` resolved).
    Ravel(&'static str, stride_core::reshape::MemOrder),
    /// `broadcast_to` or `expand`: stride 0 on the stretched axes.
    Broadcast(&'static str),
    /// `as_strided`.
    AsStrided,
    /// `sliding_window_view`.
    Windows,
    /// A view whose strides a function computes from the old ones (`diagonal`, `unfold`,
    /// `view(dtype)`): the same memory, no number moved.
    Strides(&'static str),
    /// `copy`, `ascontiguousarray`, `contiguous`, `clone`, …: new memory on purpose.
    Copy(&'static str),
    /// `astype`: new memory with values cast.
    Cast(DType),
    /// Arithmetic: a new array computed from its operands.
    Compute(&'static str),
    /// The result of a contraction done in steps (`torch.einsum` of several operands,
    /// `np.einsum(..., optimize=...)`): a view, in the output's order, of the new array the
    /// call's last product made (the parent, recorded as made by `Compute` of the function).
    Contracted(&'static str),
    /// The 0-d array of a NumPy scalar's value that NumPy makes to index the scalar (`s[None]`).
    FromScalar,
}

impl Op {
    /// A permutation of the axes: axis `k` of the result is axis `perm[k]` of the input.
    pub fn permute(perm: &[i64]) -> Op {
        Op::Permute(Rc::from(perm))
    }
}

/// Where an array came from.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The operation.
    pub op: Op,
    /// The array it was applied to, if any.
    pub parent: Option<Rc<Array>>,
    /// The part of the program that did it.
    pub span: Span,
}

/// A NumPy array or PyTorch tensor.
#[derive(Debug)]
pub struct Array {
    /// The memory it reads.
    pub buffer: Rc<Buffer>,
    /// Shape, strides and start in that memory, in bytes.
    pub layout: Layout,
    /// The element type.
    pub dtype: DType,
    /// NumPy's WRITEABLE flag.
    pub writeable: bool,
    /// NumPy's OWNDATA flag.
    pub owndata: bool,
    /// NumPy's `.base`.
    pub base: Base,
    /// Whether it is a PyTorch tensor.
    pub torch: bool,
    /// How it was made.
    pub origin: Origin,
}

impl Array {
    /// Reads the element at byte `address` of the buffer, as this array's dtype.
    pub fn read_at(&self, address: i128) -> Option<Num> {
        self.buffer.read(self.dtype, address)
    }

    /// Whether some element it reads was never written (`np.empty`'s memory, see
    /// [`Rule::Unwritten`]): stops at the first one found.
    pub fn unwritten(&self) -> bool {
        if !self.buffer.may_be_unwritten() {
            return false;
        }
        let width = self.dtype.itemsize().unsigned_abs();
        Positions::new(&self.layout).any(|a| self.buffer.unwritten(a, width))
    }

    /// Fails with the lab's error (never the library's: NumPy and PyTorch read garbage) when
    /// some element it reads was never written.
    pub fn check_written(&self, span: Span) -> Result<(), EvalError> {
        if self.unwritten() {
            return Err(EvalError::unwritten(self.torch).at(span));
        }
        Ok(())
    }

    /// The values in row (C) order; `None` for an element outside the buffer.
    pub fn values(&self) -> Vec<Option<Num>> {
        self.buffer.read_layout(self.dtype, &self.layout)
    }

    /// The values in row order, failing if any element lies outside the buffer (as_strided), or
    /// if there are more than [`MAX_READ`] of them.
    pub fn checked_values(&self, span: Span) -> Result<Vec<Num>, EvalError> {
        check_read(self.layout.size(), span)?;
        self.values()
            .into_iter()
            .map(|v| {
                v.ok_or_else(|| {
                    EvalError::new(
                        "ValueError",
                        "this view reads memory outside its buffer (as_strided checks nothing): NumPy would return garbage or crash",
                    )
                    .at(span)
                })
            })
            .collect()
    }

    /// In row order, the run of equal keys each index belongs to (0: no tie), when the array
    /// reads the indices of a sort the library does not do stably (see `Buffer::set_ties`);
    /// `None` otherwise.
    pub fn ties(&self) -> Option<Vec<u32>> {
        let ties = self.buffer.ties()?;
        let item = self.layout.itemsize().max(1);
        Positions::new(&self.layout)
            .map(|a| {
                usize::try_from(a / i128::from(item))
                    .ok()
                    .and_then(|k| ties.get(k).copied())
            })
            .collect()
    }

    /// Whether some value it reads may differ from the library's in its last bits (its
    /// buffer's mark: see the values policy in the crate's docs).
    pub fn approximate(&self) -> bool {
        self.buffer.is_approximate()
    }

    /// The owner of the memory: the array whose `.base` chain ends here, for `OWNDATA` views.
    pub fn shares_buffer(&self, other: &Array) -> bool {
        Rc::ptr_eq(&self.buffer, &other.buffer)
    }

    /// PyTorch's tensor type name in its C++ messages (`CPUFloatType`), as Python shows them: the
    /// legacy names it rewrites (`torch.FloatTensor`), except bool, bfloat16 and the unsigned
    /// types past uint8, which Python's rewrite does not know (PyTorch 2.15's `expand` message).
    pub fn type_name(&self) -> &'static str {
        match self.dtype {
            DType::Bool => "CPUBoolType",
            DType::BFloat16 => "CPUBFloat16Type",
            DType::UInt16 => "CPUUInt16Type",
            DType::UInt32 => "CPUUInt32Type",
            DType::UInt64 => "CPUUInt64Type",
            other => other.torch_tensor_type(),
        }
    }

    /// The `.base` a view of `self` gets: NumPy collapses chains of views to the array that owns
    /// the memory (or to the nearest one that does not own it but has no array base).
    pub fn base_for_view(self: &Rc<Self>) -> Base {
        if self.owndata {
            return Base::Array(Rc::clone(self));
        }
        match &self.base {
            Base::Array(b) => Base::Array(Rc::clone(b)),
            Base::None | Base::Other(_) => Base::Array(Rc::clone(self)),
        }
    }
}

/// Refuses to read `n` elements at once past [`MAX_READ`].
pub fn check_read(n: i64, span: Span) -> Result<(), EvalError> {
    if u64::try_from(n).unwrap_or(u64::MAX) > MAX_READ {
        return Err(EvalError::limit(crate::error::Limit::Work {
            asked: u64::try_from(n).unwrap_or(u64::MAX),
            most: MAX_READ,
        })
        .at(span));
    }
    Ok(())
}

/// `result`, the last step of a contraction that `function` does in steps (`torch.einsum` of
/// several operands, `np.einsum(..., optimize=...)`), recorded as that function's own work: the
/// memory its last product made becomes `function`'s new array (made from the first operand), and
/// a result that is a view of it an [`Op::Contracted`] view. A result that reads an operand's
/// memory is returned as it is.
pub fn contracted(
    result: &Rc<Array>,
    function: &'static str,
    operands: &[Rc<Array>],
    span: Span,
) -> Rc<Array> {
    if operands.iter().any(|a| a.shares_buffer(result)) {
        return Rc::clone(result);
    }
    let made = crate::kind::allocation(result);
    let new = Rc::new(Array {
        buffer: Rc::clone(&made.buffer),
        layout: made.layout,
        dtype: made.dtype,
        writeable: made.writeable,
        owndata: made.owndata,
        base: made.base.clone(),
        torch: made.torch,
        origin: Origin {
            op: Op::Compute(function),
            parent: operands.first().cloned(),
            span,
        },
    });
    if Rc::ptr_eq(made, result) {
        return new;
    }
    let mut view = view_of(&new, result.layout, Op::Contracted(function), span);
    if let Some(v) = Rc::get_mut(&mut view) {
        v.dtype = result.dtype;
        v.writeable = result.writeable;
    }
    view
}

/// A view of `parent` with a new layout: same buffer, dtype and writeability, `.base` collapsed
/// as NumPy does.
pub fn view_of(parent: &Rc<Array>, layout: Layout, op: Op, span: Span) -> Rc<Array> {
    Rc::new(Array {
        buffer: Rc::clone(&parent.buffer),
        layout,
        dtype: parent.dtype,
        writeable: parent.writeable,
        owndata: false,
        base: parent.base_for_view(),
        torch: parent.torch,
        origin: Origin {
            op,
            parent: Some(Rc::clone(parent)),
            span,
        },
    })
}
