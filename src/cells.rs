//! The drawn cells of a grid or a memory row by their number (`data-flat`, `data-addr`), found
//! with one query each time the cells are drawn instead of one `querySelector` per cell on every
//! pointer move: each such query walks the whole row, and the heads tensor's memory row holds
//! 1,280 cells of five elements each. The index is built the first time it is asked after a
//! drawing (never during a render, when the new cells are not in the page yet).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

/// The cells under one container, by number; cloning shares the index, and two handles are
/// equal when they index the same drawing.
#[derive(Clone)]
pub struct Cells(Rc<Inner>);

struct Inner {
    container: NodeRef,
    /// The attribute that numbers the cells.
    attribute: &'static str,
    /// Built on first use: `None` until then.
    index: RefCell<Option<Index>>,
}

#[derive(Default)]
struct Index {
    /// The cells with their numbers, in the page's order: ascending for every drawing of the lab
    /// (row order, memory order), so a lookup is a binary search; `ascending` says so.
    numbered: Vec<(usize, HtmlElement)>,
    ascending: bool,
    /// Positions outside the buffer (`data-outside`, after a memory row), which jumps may reach.
    outside: Vec<(i64, HtmlElement)>,
}

impl PartialEq for Cells {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cells({})", self.0.attribute)
    }
}

/// Every element of `list`.
fn elements(list: web_sys::NodeList) -> impl Iterator<Item = HtmlElement> {
    (0..list.length()).filter_map(move |k| list.item(k).and_then(|n| n.dyn_into().ok()))
}

impl Cells {
    fn new(container: NodeRef, attribute: &'static str) -> Cells {
        Cells(Rc::new(Inner {
            container,
            attribute,
            index: RefCell::new(None),
        }))
    }

    /// The container, once it is in the page.
    pub fn container(&self) -> Option<Element> {
        self.0.container.cast::<Element>()
    }

    /// Runs `f` on the index, building it first if this drawing has not been indexed yet.
    fn with<R>(&self, f: impl FnOnce(&Index) -> R) -> R {
        let mut slot = self.0.index.borrow_mut();
        let index = slot.get_or_insert_with(|| self.build());
        f(index)
    }

    fn build(&self) -> Index {
        let mut index = Index {
            ascending: true,
            ..Index::default()
        };
        let Some(root) = self.container() else {
            return index;
        };
        let attribute = self.0.attribute;
        if let Ok(list) = root.query_selector_all(&format!("[{attribute}]")) {
            for el in elements(list) {
                let Some(n) = el
                    .get_attribute(attribute)
                    .and_then(|v| v.parse::<usize>().ok())
                else {
                    continue;
                };
                if index.numbered.last().is_some_and(|(last, _)| *last >= n) {
                    index.ascending = false;
                }
                index.numbered.push((n, el));
            }
        }
        if let Ok(list) = root.query_selector_all("[data-outside]") {
            index.outside = elements(list)
                .filter_map(|el| {
                    let p = el.get_attribute("data-outside")?.parse().ok()?;
                    Some((p, el))
                })
                .collect();
        }
        index
    }

    /// Cell `n`, if it is drawn.
    pub fn get(&self, n: usize) -> Option<HtmlElement> {
        self.with(|index| index.find(n))
    }

    /// The cell at position `p` as the jumps name it (`data-a`, `data-b`): a cell of the row, or
    /// a position drawn outside the buffer.
    pub fn at(&self, p: &str) -> Option<HtmlElement> {
        let p: i64 = p.parse().ok()?;
        self.with(|index| {
            usize::try_from(p)
                .ok()
                .and_then(|n| index.find(n))
                .or_else(|| {
                    index
                        .outside
                        .iter()
                        .find(|(q, _)| *q == p)
                        .map(|(_, el)| el.clone())
                })
        })
    }

    /// The first cell drawn in the page.
    pub fn first(&self) -> Option<HtmlElement> {
        self.with(|index| index.numbered.first().map(|(_, el)| el.clone()))
    }
}

impl Index {
    fn find(&self, n: usize) -> Option<HtmlElement> {
        let k = if self.ascending {
            self.numbered.binary_search_by_key(&n, |(m, _)| *m).ok()
        } else {
            self.numbered.iter().position(|(m, _)| *m == n)
        };
        k.and_then(|k| self.numbered.get(k))
            .map(|(_, el)| el.clone())
    }
}

/// The cells numbered by `attribute` under `container`, indexed again whenever `drawn` (what the
/// cells are drawn from) is a new value.
#[hook]
pub fn use_cells<T: PartialEq + 'static>(
    container: NodeRef,
    attribute: &'static str,
    drawn: T,
) -> Cells {
    let cells = use_memo(drawn, move |_| Cells::new(container, attribute));
    (*cells).clone()
}
