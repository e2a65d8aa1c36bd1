//! The lab's state, the actions that change it, and the pure reducer. Evaluating a program is a
//! pure computation, so it happens here; effects (focus, the URL, storage) live in components.

mod evaluated;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use array_picture::{Jump, Picture, Reader, Units};
use arrays::dtype::DType;
pub use arrays::facts::Sharing;
pub use evaluated::{Evaluated, Run, run, shown};
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
    /// The program's run, kept whole: changing the units draws it again without running it.
    pub run: Rc<Run>,
    /// What the lab shows of it in the chosen units.
    pub result: Rc<Evaluated>,
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
        let run = Rc::new(run(&program, options.dtype));
        let result = Rc::new(shown(&run, units));
        LabState {
            lang: options.lang.unwrap_or_default(),
            program,
            preset,
            units,
            units_chosen: options.units.is_some(),
            dtype: options.dtype,
            run,
            result,
            focus: None,
        }
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
            run: Rc::clone(&self.run),
            result: Rc::clone(&self.result),
            focus,
        }
    }

    /// The same run drawn in other units: the program is not run again, and the focus stays.
    fn with_units(&self, units: Units) -> LabState {
        if units == self.units {
            return self.with_focus(self.focus);
        }
        LabState {
            units,
            result: Rc::new(shown(&self.run, units)),
            ..self.with_focus(self.focus)
        }
    }

    /// Whether the values shown are the library's to the bit (see [`Run::values_exact`]).
    pub fn values_exact(&self) -> bool {
        self.run.values_exact()
    }

    /// What the program printed; empty when nothing.
    pub fn stdout(&self) -> &str {
        self.run.stdout()
    }

    fn with(
        &self,
        program: Rc<str>,
        preset: Option<usize>,
        units: Units,
        dtype: Option<DType>,
    ) -> LabState {
        let run = Rc::new(run(&program, dtype));
        let result = Rc::new(shown(&run, units));
        LabState {
            lang: self.lang,
            program,
            preset,
            units,
            units_chosen: self.units_chosen,
            dtype,
            run,
            result,
            focus: None,
        }
    }
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
            Action::Apply(options) => Rc::new(LabState::new(&options)),
            Action::Lang(lang) if lang == self.lang => self,
            Action::Lang(lang) => {
                let mut next = self.with_focus(self.focus);
                next.lang = lang;
                Rc::new(next)
            }
        }
    }
}
