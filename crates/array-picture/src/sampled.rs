//! The values a picture needs, and no more: what an engine running apart from the page (issue
//! 25's Web Worker) sends with a [`Drawn`]. A picture never shows a whole huge buffer: only the
//! cells of its grid ([`Picture::shown_cells`]), the memory cells its memory row can show for any
//! focus on a shown cell or on a memory cell shown in either units (a focused memory cell stays
//! focused, by its number, when the units change: [`Picture::memory_shown`]), the cells under the walk, and in bytes mode
//! the bytes and the values of the elements they belong to. [`Sampled::of`] asks a picture built
//! over the live values every question the view asks, in both units, and keeps the answers.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use crate::drawn::{Drawn, Source, Values};
use crate::picture::{MEMORY_SHOWN, Picture, Units};

/// The answers a picture's view needs from [`Values`], as plain data sorted by address. A
/// question outside the sample answers as for an address outside the memory: no value (drawn
/// `?`), no byte, written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sampled {
    /// The array's items by byte address, as Python prints them ([`Values::value_at`]).
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::addresses"))]
    pub values: Vec<(i128, String)>,
    /// The memory's own items by byte address ([`Values::memory_value_at`]).
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::addresses"))]
    pub memory_values: Vec<(i128, String)>,
    /// The memory's bytes by position ([`Values::byte`]).
    pub bytes: Vec<(usize, u8)>,
    /// The `(address, width)` spans asked about that hold memory never written
    /// ([`Values::unwritten`]); the spans asked about and not listed were written.
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::addresses"))]
    pub unwritten: Vec<(i128, u64)>,
}

impl Values for Sampled {
    fn value_at(&self, address: i128) -> Option<String> {
        find(&self.values, &address).cloned()
    }

    fn memory_value_at(&self, address: i128) -> Option<String> {
        find(&self.memory_values, &address).cloned()
    }

    fn byte(&self, p: usize) -> Option<u8> {
        find(&self.bytes, &p).copied()
    }

    fn unwritten(&self, address: i128, width: u64) -> bool {
        self.unwritten.binary_search(&(address, width)).is_ok()
    }

    fn as_sampled(&self) -> Option<&Sampled> {
        Some(self)
    }
}

/// The value at `key` in a list sorted by key.
fn find<'a, K: Ord, V>(list: &'a [(K, V)], key: &K) -> Option<&'a V> {
    let k = list.binary_search_by(|(k, _)| k.cmp(key)).ok()?;
    list.get(k).map(|(_, v)| v)
}

impl Sampled {
    /// What the view of `drawn` asks of its values, in elements and in bytes, answered by its
    /// values (the array a copy read, [`Drawn::source`], reads other values: see
    /// [`Drawn::sampled`]).
    pub fn of(drawn: &Drawn) -> Sampled {
        let recorder = Rc::new(Recorder {
            live: Rc::clone(&drawn.values),
            record: RefCell::new(Record::default()),
        });
        let values: Rc<dyn Values> = Rc::clone(&recorder) as Rc<dyn Values>;
        let asked = Rc::new(Drawn {
            values,
            source: None,
            ..drawn.clone()
        });
        let pictures = [Units::Elements, Units::Bytes].map(|u| Picture::new(Rc::clone(&asked), u));
        // A focused memory cell stays focused, by its number, when the units change.
        let focusable: BTreeSet<usize> = pictures.iter().flat_map(focusable).collect();
        for picture in &pictures {
            ask_everything(picture, &focusable);
        }
        let record = recorder.record.take();
        Sampled {
            values: record.values.into_iter().collect(),
            memory_values: record.memory_values.into_iter().collect(),
            bytes: record.bytes.into_iter().collect(),
            unwritten: record.unwritten.into_iter().collect(),
        }
    }

    /// Entries kept, of every kind.
    pub fn entries(&self) -> usize {
        self.values.len() + self.memory_values.len() + self.bytes.len() + self.unwritten.len()
    }

    /// Bytes of the values' text (what a message would carry besides the addresses).
    pub fn text_bytes(&self) -> usize {
        self.values
            .iter()
            .chain(&self.memory_values)
            .map(|(_, text)| text.len())
            .sum()
    }
}

impl Drawn {
    /// The same array with its values (and its source's) replaced by [`Sampled`] ones: plain
    /// data a worker can send, which draws as this one does.
    pub fn sampled(&self) -> Drawn {
        Drawn {
            values: Rc::new(Sampled::of(self)),
            source: self.source.as_ref().map(|s| Source {
                drawn: Rc::new(s.drawn.sampled()),
                order: s.order,
            }),
            ..self.clone()
        }
    }
}

impl Picture {
    /// The same picture over [`Drawn::sampled`] values.
    pub fn sampled(&self) -> Picture {
        Picture::new(Rc::new(self.drawn().sampled()), self.units())
    }
}

/// The memory cells that can be focused in `picture`: those its row shows with no focus or with
/// a shown array cell focused.
fn focusable(picture: &Picture) -> BTreeSet<usize> {
    let mut memory: BTreeSet<usize> = picture.memory_shown(&[]).into_iter().flatten().collect();
    if picture.memory_len() > MEMORY_SHOWN {
        for flat in picture.shown_cells() {
            let keep: Vec<usize> = picture.positions(flat).collect();
            memory.extend(picture.memory_shown(&keep).into_iter().flatten());
        }
    }
    memory
}

/// Asks `picture` everything its view can ask of the values: each shown cell's value, each memory
/// cell the row shows with no focus, with a shown cell focused or with a memory cell of
/// `focusable` (of either units) focused, and the cells under the walk.
fn ask_everything(picture: &Picture, focusable: &BTreeSet<usize>) {
    let n = picture.memory_len();
    let mut memory: BTreeSet<usize> = focusable.iter().copied().filter(|&p| p < n).collect();
    for flat in picture.shown_cells() {
        let _ = picture.value(flat);
    }
    if n > MEMORY_SHOWN {
        for &p in focusable.iter().filter(|&&p| p < n) {
            memory.extend(picture.memory_shown(&[p]).into_iter().flatten());
        }
    }
    memory.extend(picture.walk().cells_shown(n).into_iter().flatten());
    for p in memory {
        let _ = picture.memory_value(p);
        let _ = picture.memory_unwritten(p);
        if picture.units() == Units::Bytes {
            let _ = picture.element_value(picture.element_of(p));
        }
    }
}

/// The answers given, by question.
#[derive(Default)]
struct Record {
    values: BTreeMap<i128, String>,
    memory_values: BTreeMap<i128, String>,
    bytes: BTreeMap<usize, u8>,
    unwritten: BTreeSet<(i128, u64)>,
}

/// Live values that keep every answer they give.
struct Recorder {
    live: Rc<dyn Values>,
    record: RefCell<Record>,
}

impl Values for Recorder {
    fn value_at(&self, address: i128) -> Option<String> {
        let v = self.live.value_at(address)?;
        self.record.borrow_mut().values.insert(address, v.clone());
        Some(v)
    }

    fn memory_value_at(&self, address: i128) -> Option<String> {
        let v = self.live.memory_value_at(address)?;
        let mut record = self.record.borrow_mut();
        record.memory_values.insert(address, v.clone());
        Some(v)
    }

    fn byte(&self, p: usize) -> Option<u8> {
        let b = self.live.byte(p)?;
        self.record.borrow_mut().bytes.insert(p, b);
        Some(b)
    }

    fn unwritten(&self, address: i128, width: u64) -> bool {
        let u = self.live.unwritten(address, width);
        if u {
            self.record.borrow_mut().unwritten.insert((address, width));
        }
        u
    }
}
