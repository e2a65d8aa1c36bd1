//! PyTorch's memory formats: the order a 4-d (`NCHW`) or 5-d (`NCDHW`) tensor's strides suggest
//! (`TensorBase::suggest_memory_format`, from `is_channels_last_strides_2d_s4`/`_3d_s5` in
//! `c10/core/MemoryFormat.h`), and the strides of a new tensor in that format
//! (`get_channels_last_strides_2d`/`_3d`). `torch.cat` (so `torch.stack`) gives its result the
//! format all its inputs suggest, and contiguous strides when they disagree.

use crate::dims::Dims;
use crate::error::Error;
use crate::layout::Layout;

/// A memory format of PyTorch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryFormat {
    /// Row order: the last axis fastest.
    Contiguous,
    /// `NHWC` for a 4-d `NCHW` tensor: the channels axis (1) fastest, then W, H, N.
    ChannelsLast,
    /// `NDHWC` for a 5-d `NCDHW` tensor: the channels axis fastest, then W, H, D, N.
    ChannelsLast3d,
}

/// The axes of each channels-last format, from the fastest to the slowest.
fn order(format: MemoryFormat) -> &'static [usize] {
    match format {
        MemoryFormat::Contiguous => &[],
        MemoryFormat::ChannelsLast => &[1, 3, 2, 0],
        MemoryFormat::ChannelsLast3d => &[1, 4, 3, 2, 0],
    }
}

/// Whether `layout`'s strides are like `format`'s, as c10 decides: every axis in the format's
/// order steps at least as far as the previous one times its size (sizes 0 rule it out, a
/// channels axis of stride 0 too), and an `N111`-like tensor whose batch stride equals the
/// channels' is left contiguous (the ambiguous case).
fn strides_like(layout: &Layout, format: MemoryFormat) -> bool {
    let (shape, strides) = (layout.shape(), layout.strides());
    if strides.get(1) == Some(&0) {
        return false;
    }
    let mut min: i64 = 0;
    for &d in order(format) {
        let (Some(&size), Some(&stride)) = (shape.get(d), strides.get(d)) else {
            return false;
        };
        if size == 0 || stride < min {
            return false;
        }
        if d == 0 && strides.get(1) == Some(&min) {
            return false;
        }
        min = stride;
        if size > 1 {
            min = min.saturating_mul(size);
        }
    }
    true
}

/// `tensor.suggest_memory_format()`: channels-last for a 4-d tensor whose strides are like it,
/// channels-last-3d for such a 5-d one, else contiguous. Strides are compared in bytes, which
/// orders them as PyTorch's element strides do.
pub fn suggest_memory_format(layout: &Layout) -> MemoryFormat {
    match layout.ndim() {
        4 if strides_like(layout, MemoryFormat::ChannelsLast) => MemoryFormat::ChannelsLast,
        5 if strides_like(layout, MemoryFormat::ChannelsLast3d) => MemoryFormat::ChannelsLast3d,
        _ => MemoryFormat::Contiguous,
    }
}

/// The format `torch.cat` gives its result: the one every input suggests, else contiguous
/// (`cat_compute_output_memory_format`; the legacy skipped empty inputs count too).
pub fn cat_memory_format<'a>(inputs: impl IntoIterator<Item = &'a Layout>) -> MemoryFormat {
    let mut format = None;
    for layout in inputs {
        let f = suggest_memory_format(layout);
        if f == MemoryFormat::Contiguous || format.is_some_and(|g| g != f) {
            return MemoryFormat::Contiguous;
        }
        format = Some(f);
    }
    format.unwrap_or(MemoryFormat::Contiguous)
}

/// A new tensor of `shape` in `format` (`at::empty(shape, memory_format=format)`), start 0. The
/// channels-last strides multiply the sizes as they are, zeros included, as c10 does; a shape
/// of the wrong rank for the format is laid out contiguously.
pub fn empty_in(shape: &[i64], itemsize: i64, format: MemoryFormat) -> Result<Layout, Error> {
    let axes = order(format);
    if axes.is_empty() || axes.len() != shape.len() {
        return Layout::contiguous(shape, itemsize, crate::layout::Order::C);
    }
    let mut strides = Dims::from_slice(shape)?;
    let mut step = itemsize;
    for &d in axes {
        if let Some(slot) = strides.get_mut(d) {
            *slot = step;
        }
        step = step
            .checked_mul(shape.get(d).copied().unwrap_or(1))
            .ok_or(Error::Overflow)?;
    }
    Layout::new(shape, &strides, 0, itemsize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(shape: &[i64], elements: &[i64]) -> Layout {
        let mut strides = Dims::from_slice(elements).unwrap();
        strides.iter_mut().for_each(|s| *s *= 4);
        Layout::new(shape, &strides, 0, 4).unwrap()
    }

    fn elements(layout: &Layout) -> Dims {
        let mut strides = *layout.strides();
        strides.iter_mut().for_each(|s| *s /= 4);
        strides
    }

    // Every expectation below is PyTorch 2.15's.
    #[test]
    fn suggested_formats() {
        // t = arange(24).reshape(4, 6, 1); t.mT.unsqueeze(-1): (4, 1, 6, 1) @ (6, 1, 1, 1).
        assert_eq!(
            suggest_memory_format(&l(&[4, 1, 6, 1], &[6, 1, 1, 1])),
            MemoryFormat::ChannelsLast
        );
        // arange(120).reshape(2, 3, 4, 5).permute(0, 3, 1, 2): (2, 5, 3, 4) @ (60, 1, 20, 5).
        assert_eq!(
            suggest_memory_format(&l(&[2, 5, 3, 4], &[60, 1, 20, 5])),
            MemoryFormat::ChannelsLast
        );
        // (2, 4, 1, 3) @ (12, 1, 1, 4) is not: H (size 1) steps 1, less than C's 4 times W's 3.
        assert_eq!(
            suggest_memory_format(&l(&[2, 4, 1, 3], &[12, 1, 1, 4])),
            MemoryFormat::Contiguous
        );
        // A contiguous tensor and an N111 one stay contiguous.
        assert_eq!(
            suggest_memory_format(&l(&[2, 3, 4, 5], &[60, 20, 5, 1])),
            MemoryFormat::Contiguous
        );
        assert_eq!(
            suggest_memory_format(&l(&[4, 1, 1, 1], &[1, 1, 1, 1])),
            MemoryFormat::Contiguous
        );
        // arange(720).reshape(2, 3, 4, 5, 6).permute(0, 4, 1, 2, 3).
        assert_eq!(
            suggest_memory_format(&l(&[2, 6, 3, 4, 5], &[360, 1, 120, 30, 6])),
            MemoryFormat::ChannelsLast3d
        );
        assert_eq!(
            suggest_memory_format(&l(&[6, 1], &[1, 1])),
            MemoryFormat::Contiguous
        );
    }

    #[test]
    fn new_tensors_in_a_format() {
        let cl = MemoryFormat::ChannelsLast;
        assert_eq!(
            *elements(&empty_in(&[4, 1, 6, 2], 4, cl).unwrap()),
            [12, 1, 2, 1]
        );
        assert_eq!(
            *elements(&empty_in(&[2, 0, 3, 4], 4, cl).unwrap()),
            [0, 1, 0, 0]
        );
        assert_eq!(
            *elements(&empty_in(&[2, 3, 0, 4], 4, cl).unwrap()),
            [0, 1, 12, 3]
        );
        let cl3 = MemoryFormat::ChannelsLast3d;
        assert_eq!(
            *elements(&empty_in(&[2, 3, 4, 5, 6], 4, cl3).unwrap()),
            [360, 1, 90, 18, 3]
        );
    }

    #[test]
    fn cat_takes_the_format_all_inputs_suggest() {
        let w = l(&[2, 5, 3, 4], &[60, 1, 20, 5]);
        let c = l(&[2, 5, 3, 4], &[60, 12, 4, 1]);
        assert_eq!(cat_memory_format([&w, &w]), MemoryFormat::ChannelsLast);
        assert_eq!(cat_memory_format([&w, &c]), MemoryFormat::Contiguous);
        let empty = l(&[0], &[1]);
        assert_eq!(cat_memory_format([&w, &empty]), MemoryFormat::Contiguous);
    }
}
