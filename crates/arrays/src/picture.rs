//! The pictures of the library's arrays: an [`Array`] described as the plain data `array_picture`
//! draws ([`Drawn`]), with its values read from its buffer and printed as Python prints them, and
//! what its history says (its [`crate::kind`], the reason a reshape copied, whether it is made of
//! windows, the array a copy read) worked out here, so that the picture knows no NumPy.

use std::rc::Rc;

use array_picture::{Drawn, ItemType, Picture, ReadOrder, Source, Units, Values, WindowAxes};
use stride_core::reshape::{CopyReason, MemOrder};

use crate::array::{Array, Base, Buffer, Op, Origin};
use crate::display::num_str;
use crate::dtype::DType;
use crate::error::Span;
use crate::explain::ReadMemory;
use crate::kind::First;

/// The picture of `array` in `units`; `first` is the program's first array, whose memory the
/// lesson's views read (an array with memory of its own is a copy).
pub fn of_array(array: Rc<Array>, first: Option<&First>, units: Units) -> Picture {
    let mut drawn = drawn(&array, first);
    drawn.source = source(&array);
    Picture::new(Rc::new(drawn), units)
}

/// The memory a failed view would have read ([`crate::explain::ErrorWhy::NeedsCopy`]), drawn
/// so that its walk (row order over it) is the walk a copy would take: why no strides fit.
pub fn of_memory(memory: &ReadMemory, units: Units) -> Picture {
    let buffer = Buffer::new(0, memory.buffer_dtype, memory.bytes.clone());
    let array = unnamed(Rc::new(buffer), memory.layout, memory.dtype, "view");
    Picture::new(Rc::new(drawn(&Rc::new(array), None)), units)
}

/// `array` as the picture draws it, without the array a copy read.
fn drawn(array: &Rc<Array>, first: Option<&First>) -> Drawn {
    Drawn {
        layout: array.layout,
        dtype: ItemType {
            name: array.dtype.name().to_string(),
            itemsize: array.dtype.itemsize(),
        },
        memory_itemsize: array.buffer.dtype.itemsize(),
        memory_len: array.buffer.len(),
        owndata: array.owndata,
        writeable: array.writeable,
        kind: crate::kind::kind(array, first),
        copy_reason: copy_reason(array),
        windows: window_axes(array),
        source: None,
        values: Rc::new(BufferValues {
            buffer: Rc::clone(&array.buffer),
            dtype: array.dtype,
        }),
    }
}

/// An array over `buffer` with no history, as the picture of a memory is drawn.
fn unnamed(
    buffer: Rc<Buffer>,
    layout: stride_core::Layout,
    dtype: DType,
    op: &'static str,
) -> Array {
    Array {
        buffer,
        layout,
        dtype,
        writeable: false,
        owndata: false,
        base: Base::None,
        torch: false,
        origin: Origin {
            op: Op::Create(op),
            parent: None,
            span: Span::default(),
        },
    }
}

/// Why NumPy could not keep the memory, for a reshape that copied.
fn copy_reason(array: &Rc<Array>) -> Option<CopyReason> {
    let mut current = array;
    loop {
        if let Op::Reshape(_, Some(reason)) = current.origin.op {
            return Some(reason);
        }
        match &current.origin.parent {
            Some(parent) if parent.shares_buffer(current) => current = parent,
            _ => return None,
        }
    }
}

/// Which trailing axes read inside one window: `sliding_window_view`'s window axes (the axes it
/// adds); for `as_strided`, the last axis if rows overlap (the picture looks).
fn window_axes(array: &Array) -> Option<WindowAxes> {
    let ndim = array.layout.ndim();
    match array.origin.op {
        Op::Windows => {
            let parent = array.origin.parent.as_ref()?.layout.ndim();
            let axes = ndim.checked_sub(parent).filter(|&w| w > 0 && w < ndim)?;
            Some(WindowAxes::Trailing(axes))
        }
        Op::AsStrided => Some(WindowAxes::LastIfRowsOverlap),
        _ => None,
    }
}

/// For a reshape that had to copy: the array it copied, and the copy (in the order it read
/// its source: column order when it is F-contiguous only, as for `reshape(..., order="F")`).
fn copied_from(array: &Rc<Array>) -> Option<(&Rc<Array>, ReadOrder)> {
    let mut current = array;
    loop {
        let parent = current.origin.parent.as_ref()?;
        let copied = !parent.shares_buffer(current);
        if copied && matches!(current.origin.op, Op::Reshape(_, Some(_))) {
            let column = current.layout.is_f_contiguous() && !current.layout.is_c_contiguous();
            let order = if column {
                ReadOrder::Column
            } else {
                ReadOrder::Row
            };
            return Some((parent, order));
        }
        if copied {
            return None;
        }
        current = parent;
    }
}

/// For a reshape that had to copy, the array it copied with its axes in the order the copy read
/// them (so that its walk is the copy's reading order).
fn source(array: &Rc<Array>) -> Option<Source> {
    let (parent, order) = copied_from(array)?;
    let read = if order == ReadOrder::Row {
        Rc::clone(parent)
    } else {
        let layout = crate::explain::read_layout(&parent.layout, MemOrder::F);
        Rc::new(unnamed(
            Rc::clone(&parent.buffer),
            layout,
            parent.dtype,
            "reshape",
        ))
    };
    Some(Source {
        drawn: Rc::new(drawn(&read, None)),
        order,
    })
}

/// The values of an array's memory: its buffer, read as the array's dtype.
struct BufferValues {
    buffer: Rc<Buffer>,
    dtype: DType,
}

impl Values for BufferValues {
    fn value_at(&self, address: i128) -> Option<String> {
        let n = self.buffer.read(self.dtype, address)?;
        Some(num_str(self.dtype, n))
    }

    fn memory_value_at(&self, address: i128) -> Option<String> {
        let dtype = self.buffer.dtype;
        let n = self.buffer.read(dtype, address)?;
        Some(num_str(dtype, n))
    }

    fn byte(&self, p: usize) -> Option<u8> {
        self.buffer.byte(p)
    }

    fn unwritten(&self, address: i128, width: u64) -> bool {
        self.buffer.unwritten(address, width)
    }
}
