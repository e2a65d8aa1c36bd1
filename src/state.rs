//! The lab's state, the actions that change it, and the pure reducer. A program is run by the
//! engine, apart from the page: the state holds the run asked for ([`LabState::request`]) and
//! whether its reply is pending; the component that owns the reducer sends the request
//! (`crate::engine::ask`) and hands the reply back as [`Action::Ran`]. Meanwhile the last result
//! stays drawn. Effects (the engine, focus, the URL, storage) live in components.

mod evaluated;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use array_picture::{Jump, Picture, Reader, Units};
use arrays::dtype::DType;
pub use arrays::facts::Sharing;
pub use evaluated::{Evaluated, shown};
use lab_protocol::run;
use yew::Reducible;

use crate::i18n::Lang;
use crate::options::Options;
use crate::presets;

/// What the learner points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// An array cell, by its row-order position.
    Cell(usize),
    /// A memory cell, by its position in the buffer.
    Memory(usize),
}

/// The lab's state.
#[derive(Debug)]
pub struct LabState {
    /// The language.
    pub lang: Lang,
    /// The program shown.
    pub program: Rc<str>,
    /// The example it is, if it is one (a position in [`presets::all`]).
    pub preset: Option<usize>,
    /// Elements or bytes.
    pub units: Units,
    /// Whether the units are the learner's (or the embedding page's) choice, which every
    /// example keeps; until then an example may pick the units it is best seen in.
    pub units_chosen: bool,
    /// The dtype choice.
    pub dtype: Option<DType>,
    /// The run asked for, numbered: each program run (the same one again too), each dtype and
    /// each new set of options asks the engine again.
    pub asked: u64,
    /// Whether the run asked for has not replied yet (the last result stays drawn meanwhile).
    pub pending: bool,
    /// The engine's last reply to a run, kept whole: changing the units draws it again without
    /// asking the engine.
    pub run: Option<Rc<run::Reply>>,
    /// What the lab shows of it in the chosen units.
    pub result: Rc<Evaluated>,
    /// The program (and the example it is) whose reply is drawn: while a new run is pending the
    /// last result stays drawn under its own name, not the new program's.
    pub drawn: (Rc<str>, Option<usize>),
    /// What is pointed at or focused.
    pub focus: Option<Focus>,
}

/// Everything that changes the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Run a program typed in the expression box.
    Run(String),
    /// Show example `k` of [`presets::all`].
    Preset(usize),
    /// Count in elements or bytes.
    Units(Units),
    /// Give new arrays this dtype (or the program's own).
    DType(Option<DType>),
    /// Point at or focus a cell.
    Focus(Focus),
    /// Switch the language.
    Lang(Lang),
    /// Start over from new options (an embedding page changed them).
    Apply(Rc<Options>),
    /// The engine's reply to the run of `program` with `dtype`: taken only if that is still the
    /// run asked for (a reply to an older request is dropped).
    Ran {
        /// The program it ran.
        program: Rc<str>,
        /// The dtype it ran with.
        dtype: Option<DType>,
        /// The reply.
        reply: Rc<lab_protocol::Reply>,
    },
}

/// What is highlighted for the current focus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Highlighted array cells (row-order positions).
    pub cells: Vec<usize>,
    /// Highlighted memory cells.
    pub memory: Vec<usize>,
    /// The address rule of the focused array cell, with the numbers filled in.
    pub rule: Option<String>,
    /// The same rule in pieces, each with its axis (for the axis colours).
    pub rule_parts: Vec<(Option<usize>, String)>,
    /// The focused array cell's rule as jumps from the start.
    pub jumps: Vec<Jump>,
    /// For a focused memory cell, its position and every array cell that reads it.
    pub reverse: Option<(usize, Vec<Reader>)>,
}

impl LabState {
    /// The lab as `options` describe it.
    pub fn new(options: &Options) -> Self {
        let program: Rc<str> = match &options.program {
            Some(p) => Rc::from(p.as_str()),
            None => Rc::from(presets::LESSON[0].program),
        };
        let preset = presets::find(&program);
        let units = options
            .units
            .or_else(|| preset.and_then(presets::get).and_then(|e| e.units))
            .unwrap_or(Units::Elements);
        LabState {
            lang: options.lang.unwrap_or_default(),
            drawn: (Rc::clone(&program), preset),
            program,
            preset,
            units,
            units_chosen: options.units.is_some(),
            dtype: options.dtype,
            asked: 0,
            pending: true,
            run: None,
            result: Rc::new(Evaluated::Waiting),
            focus: None,
        }
    }

    /// The request for the run asked for (see [`request`]).
    pub fn request(&self) -> lab_protocol::Request {
        request(&self.program, self.dtype)
    }

    /// Whether the engine ran anything but the program shown with its dtype: a reply to `program`
    /// with `dtype` is the one asked for.
    fn asks(&self, program: &str, dtype: Option<DType>) -> bool {
        self.pending && *self.program == *program && self.dtype == dtype
    }

    /// The lab as `options` describe it, keeping what is drawn until the engine replies.
    fn applied(&self, options: &Options) -> LabState {
        let fresh = LabState::new(options);
        let result = match &self.run {
            Some(run) if fresh.units != self.units => Rc::new(shown(run, fresh.units)),
            _ => Rc::clone(&self.result),
        };
        LabState {
            asked: self.asked.wrapping_add(1),
            run: self.run.clone(),
            result,
            drawn: self.drawn.clone(),
            ..fresh
        }
    }

    /// The reply `reply` taken in.
    fn replied(&self, reply: lab_protocol::Reply) -> Option<LabState> {
        let (run, result) = match reply {
            lab_protocol::Reply::Run(run) => {
                let result = shown(&run, self.units);
                (Some(Rc::new(run)), result)
            }
            lab_protocol::Reply::Stopped(why) => (None, Evaluated::Stopped(why)),
            lab_protocol::Reply::Unreadable(_) => (None, Evaluated::Unreadable),
            lab_protocol::Reply::Quiz(_) | lab_protocol::Reply::Einsum(_) => return None,
        };
        Some(LabState {
            pending: false,
            run,
            result: Rc::new(result),
            drawn: (Rc::clone(&self.program), self.preset),
            ..self.with_focus(None)
        })
    }

    /// The lab as it opens: the lesson's `x`.
    pub fn initial() -> Self {
        LabState::new(&Options::default())
    }

    /// The picture, when the result is an array.
    pub fn picture(&self) -> Option<&Rc<Picture>> {
        match self.result.as_ref() {
            Evaluated::Array { picture, .. } => Some(picture),
            _ => None,
        }
    }

    /// What the focus highlights.
    pub fn selection(&self) -> Selection {
        let (Some(picture), Some(focus)) = (self.picture(), self.focus) else {
            return Selection::default();
        };
        match focus {
            Focus::Cell(flat) if flat < picture.size() => Selection {
                cells: vec![flat],
                memory: picture.positions(flat).collect(),
                rule: Some(picture.address_rule(flat)),
                rule_parts: picture.address_rule_parts(flat),
                jumps: picture.jumps(flat).unwrap_or_default(),
                reverse: None,
            },
            Focus::Memory(p) if p < picture.memory_len() => {
                let readers = picture.reverse(p);
                Selection {
                    cells: readers.iter().map(|r| r.flat).collect(),
                    memory: vec![p],
                    reverse: Some((p, readers)),
                    ..Selection::default()
                }
            }
            _ => Selection::default(),
        }
    }

    /// The same result with another focus (nothing is evaluated again).
    fn with_focus(&self, focus: Option<Focus>) -> LabState {
        LabState {
            lang: self.lang,
            program: Rc::clone(&self.program),
            preset: self.preset,
            units: self.units,
            units_chosen: self.units_chosen,
            dtype: self.dtype,
            asked: self.asked,
            pending: self.pending,
            run: self.run.clone(),
            result: Rc::clone(&self.result),
            drawn: self.drawn.clone(),
            focus,
        }
    }

    /// The same run drawn in other units: the program is not run again, and the focus stays.
    fn with_units(&self, units: Units) -> LabState {
        if units == self.units {
            return self.with_focus(self.focus);
        }
        let result = match &self.run {
            Some(run) => Rc::new(shown(run, units)),
            None => Rc::clone(&self.result),
        };
        LabState {
            units,
            result,
            ..self.with_focus(self.focus)
        }
    }

    /// Whether the values shown are the library's to the bit (false when some were computed
    /// where its last bits depend on the machine: the page marks them).
    pub fn values_exact(&self) -> bool {
        self.run.as_ref().is_none_or(|r| r.values_exact)
    }

    /// Whether what is not exact is only the order of tied indices (see
    /// [`run::Reply::values_ties`]): the note says so instead of speaking of rounding.
    pub fn values_ties(&self) -> bool {
        self.run.as_ref().is_some_and(|r| r.values_ties)
    }

    /// What the program printed; empty when nothing.
    pub fn stdout(&self) -> &str {
        self.run.as_ref().map_or("", |r| &r.stdout)
    }

    fn with(
        &self,
        program: Rc<str>,
        preset: Option<usize>,
        units: Units,
        dtype: Option<DType>,
    ) -> LabState {
        // The last result stays drawn, in the new units, until the engine replies.
        let result = match (&self.run, units == self.units) {
            (Some(run), false) => Rc::new(shown(run, units)),
            _ => Rc::clone(&self.result),
        };
        LabState {
            lang: self.lang,
            program,
            preset,
            units,
            units_chosen: self.units_chosen,
            dtype,
            asked: self.asked.wrapping_add(1),
            pending: true,
            run: self.run.clone(),
            result,
            drawn: self.drawn.clone(),
            focus: None,
        }
    }
}

/// The request to run `program` with `dtype` (the engine's limits are the page's when it is
/// linked in, a worker's larger ones when it runs apart and Stop can end it).
pub fn request(program: &str, dtype: Option<DType>) -> lab_protocol::Request {
    lab_protocol::Request::Run(run::Request {
        program: program.to_string(),
        dtype,
        entropy: entropy(),
        off_thread: !cfg!(feature = "inline-engine"),
    })
}

/// Fresh bits for unseeded random draws (the engine has no clock of its own): 53 of them, so that
/// they cross to a worker as a JavaScript number.
fn entropy() -> u64 {
    /// 2⁵³: a JavaScript number holds integers below it exactly.
    const SAFE: f64 = 9_007_199_254_740_992.0;
    #[cfg(target_arch = "wasm32")]
    let fresh = js_sys::Math::random();
    #[cfg(not(target_arch = "wasm32"))]
    let fresh = f64::from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos()),
    ) / 1e9;
    (fresh * SAFE) as u64
}

impl Reducible for LabState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Run(text) => {
                let preset = presets::find(&text);
                Rc::new(self.with(Rc::from(text.as_str()), preset, self.units, self.dtype))
            }
            Action::Preset(k) => match presets::get(k) {
                Some(e) => Rc::new(self.with(
                    Rc::from(e.program),
                    Some(k),
                    match e.units {
                        Some(units) if !self.units_chosen => units,
                        _ => self.units,
                    },
                    self.dtype,
                )),
                None => self,
            },
            Action::Units(units) if units == self.units && self.units_chosen => self,
            Action::Units(units) => {
                let mut next = self.with_units(units);
                next.units_chosen = true;
                Rc::new(next)
            }
            Action::DType(dtype) if dtype == self.dtype => self,
            Action::DType(dtype) => {
                Rc::new(self.with(Rc::clone(&self.program), self.preset, self.units, dtype))
            }
            Action::Focus(focus) if self.focus == Some(focus) => self,
            Action::Focus(focus) => Rc::new(self.with_focus(Some(focus))),
            Action::Apply(options) => Rc::new(self.applied(&options)),
            Action::Ran {
                program,
                dtype,
                reply,
            } if self.asks(&program, dtype) => {
                let reply = Rc::try_unwrap(reply).unwrap_or_else(|shared| (*shared).clone());
                self.replied(reply).map_or(self, Rc::new)
            }
            Action::Ran { .. } => self,
            Action::Lang(lang) if lang == self.lang => self,
            Action::Lang(lang) => {
                let mut next = self.with_focus(self.focus);
                next.lang = lang;
                Rc::new(next)
            }
        }
    }
}
