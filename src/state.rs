//! The lab's state, the actions that change it, and the pure reducer. Evaluating a program is a
//! pure computation, so it happens here; effects (focus, the URL, storage) live in components.

use std::rc::Rc;

use stride_core::overlap::{Overlap, shares_memory};
use stride_expr::dtype::DType;
use stride_expr::explain::{Why, explain};
use stride_expr::picture::{Jump, Picture, Reader, Units};
use stride_expr::value::Value;
use stride_expr::{EvalError, Limits, Outcome};
use yew::Reducible;

use crate::i18n::Lang;
use crate::options::Options;
use crate::presets;

/// Whether the result shares memory with a named array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// It does (exact answer).
    Yes,
    /// It does not.
    No,
    /// NumPy's search gave up (`TooHardError`).
    TooHard,
}

/// What a program evaluated to, as the lab shows it.
#[derive(Debug)]
pub enum Evaluated {
    /// An array or tensor: drawn as a grid and a memory row, with its facts and its why.
    Array {
        /// What to draw.
        picture: Rc<Picture>,
        /// How it got its layout.
        why: Rc<Why>,
        /// Whether it shares memory with each array the program named.
        sharing: Rc<Vec<(String, Sharing)>>,
    },
    /// Another value (a scalar, a tuple, a bool), shown as Python prints it.
    Other(String),
    /// An error.
    Error(EvalError),
    /// An error that only the dtype menu's choice causes: the program as written runs. It is
    /// shown as the menu's doing, with a way back, never as a fault in a line of the program.
    DTypeFault {
        /// What the program raised with the chosen dtype.
        error: EvalError,
        /// The menu's choice.
        dtype: DType,
    },
}

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
    /// The program's result.
    pub result: Rc<Evaluated>,
    /// What the program printed, to show under it (empty when it printed nothing or failed).
    pub stdout: Rc<str>,
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
        let (result, stdout) = run(&program, units, options.dtype);
        LabState {
            lang: options.lang.unwrap_or_default(),
            program,
            preset,
            units,
            units_chosen: options.units.is_some(),
            dtype: options.dtype,
            result: Rc::new(result),
            stdout,
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
            result: Rc::clone(&self.result),
            stdout: Rc::clone(&self.stdout),
            focus,
        }
    }

    fn with(
        &self,
        program: Rc<str>,
        preset: Option<usize>,
        units: Units,
        dtype: Option<DType>,
    ) -> LabState {
        let (result, stdout) = run(&program, units, dtype);
        LabState {
            lang: self.lang,
            program,
            preset,
            units,
            units_chosen: self.units_chosen,
            dtype,
            result: Rc::new(result),
            stdout,
            focus: None,
        }
    }
}

/// Runs a program and turns its outcome into what the lab shows.
pub fn evaluate(program: &str, units: Units, dtype: Option<DType>) -> Evaluated {
    run(program, units, dtype).0
}

/// Runs a program: what the lab shows, and what it printed.
fn run(program: &str, units: Units, dtype: Option<DType>) -> (Evaluated, Rc<str>) {
    match stride_expr::run_options(program, Limits::default(), dtype) {
        Ok(mut outcome) => {
            let stdout = Rc::from(core::mem::take(&mut outcome.stdout).as_str());
            (shown(outcome, units), stdout)
        }
        // The menu's choice is the cause when the program runs without it.
        Err(error) => match dtype {
            Some(dtype) if stride_expr::run_options(program, Limits::default(), None).is_ok() => {
                (Evaluated::DTypeFault { error, dtype }, Rc::from(""))
            }
            _ => (Evaluated::Error(error), Rc::from("")),
        },
    }
}

fn shown(outcome: Outcome, units: Units) -> Evaluated {
    let Value::Array(array) = &outcome.value else {
        return Evaluated::Other(stride_expr::display::repr(&outcome.value));
    };
    let sharing = outcome
        .names
        .iter()
        .filter_map(|(name, value)| match value {
            Value::Array(other) if !Rc::ptr_eq(other, array) => {
                let answer = if !other.shares_buffer(array) {
                    Sharing::No
                } else {
                    match shares_memory(
                        &other.layout,
                        &array.layout,
                        Limits::default().overlap_work,
                    ) {
                        Overlap::Yes => Sharing::Yes,
                        Overlap::No => Sharing::No,
                        Overlap::TooHard | Overlap::Overflow => Sharing::TooHard,
                    }
                };
                Some((name.clone(), answer))
            }
            _ => None,
        })
        .collect();
    Evaluated::Array {
        picture: Rc::new(Picture::new(
            Rc::clone(array),
            outcome.first.as_ref(),
            units,
        )),
        why: Rc::new(explain(array, units)),
        sharing: Rc::new(sharing),
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
                let mut next = if units == self.units {
                    self.with_focus(self.focus)
                } else {
                    self.with(Rc::clone(&self.program), self.preset, units, self.dtype)
                };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn state(k: usize) -> Rc<LabState> {
        Rc::new(LabState::initial()).reduce(Action::Preset(k))
    }

    #[test]
    fn choosing_a_preset_evaluates_it() {
        let s = state(1);
        assert_eq!(s.preset, Some(1));
        let p = s.picture().expect("x.T is an array");
        assert_eq!(p.shape(), &[4, 3]);
        assert_eq!(p.strides(), vec![Some(1), Some(4)]);
    }

    #[test]
    fn focusing_a_cell_selects_its_memory_and_writes_the_rule() {
        let s = state(0).reduce(Action::Focus(Focus::Cell(6)));
        let sel = s.selection();
        assert_eq!(sel.cells, vec![6]);
        assert_eq!(sel.memory, vec![6]);
        assert_eq!(
            sel.rule.as_deref(),
            Some("start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6")
        );
    }

    #[test]
    fn focusing_memory_selects_every_reader() {
        let s = state(6).reduce(Action::Focus(Focus::Memory(1)));
        assert_eq!(s.selection().cells, vec![1, 5, 9]);
        let unchanged = state(6);
        let same = Rc::clone(&unchanged).reduce(Action::Preset(999));
        assert!(Rc::ptr_eq(&unchanged, &same));
    }

    #[test]
    fn every_example_runs() {
        for (k, e) in presets::all().enumerate() {
            let s = state(k);
            let ok = matches!(s.result.as_ref(), Evaluated::Array { .. })
                || e.program.ends_with(".view(2, 10, 64)")
                    && matches!(s.result.as_ref(), Evaluated::Error(_));
            assert!(ok, "example {k}: {}", e.label);
        }
    }

    #[test]
    fn units_and_dtype_reevaluate() {
        let s = state(0)
            .reduce(Action::Units(Units::Bytes))
            .reduce(Action::DType(Some(DType::Int32)));
        let p = s.picture().unwrap();
        assert_eq!(p.strides(), vec![Some(16), Some(4)]);
        assert_eq!(p.dtype(), DType::Int32);
        let typed = s.reduce(Action::Run("x = np.arange(6)\nx[::2]".into()));
        assert_eq!(typed.preset, None);
        assert_eq!(typed.picture().unwrap().strides(), vec![Some(8)]);
    }

    #[test]
    fn an_example_keeps_the_units_the_learner_chose() {
        // Issue 19, defect 2: bytes, then `x.T`, stayed in elements.
        let s = state(0)
            .reduce(Action::Units(Units::Bytes))
            .reduce(Action::Preset(1));
        assert_eq!(s.units, Units::Bytes);
        assert_eq!(s.picture().unwrap().strides(), vec![Some(8), Some(32)]);
        // Choosing elements is a choice too: an example best seen in bytes keeps elements.
        let int32 = presets::find("a = np.arange(12, dtype=np.int32).reshape(3, 4)\na").unwrap();
        let s = s
            .reduce(Action::Units(Units::Elements))
            .reduce(Action::Preset(int32));
        assert_eq!(s.units, Units::Elements);
        // Until the learner chooses, an example shows the units it is best seen in.
        let fresh = state(int32);
        assert_eq!(fresh.units, Units::Bytes);
        assert_eq!(fresh.reduce(Action::Preset(1)).units, Units::Elements);
        // Units from the embedding page or the URL are a choice.
        let options = Options {
            units: Some(Units::Bytes),
            ..Options::default()
        };
        let linked = Rc::new(LabState::new(&options)).reduce(Action::Preset(1));
        assert_eq!(linked.units, Units::Bytes);
    }

    #[test]
    fn a_dtype_that_breaks_the_program_is_the_menus_fault() {
        // Issue 19, defect 3: bool made every example fail as if its first line were wrong.
        let s = state(0)
            .reduce(Action::DType(Some(DType::Bool)))
            .reduce(Action::Preset(1));
        let Evaluated::DTypeFault { error, dtype } = s.result.as_ref() else {
            panic!("{:?}", s.result)
        };
        assert_eq!(*dtype, DType::Bool);
        // NumPy 2.4.6: np.arange(12.0, dtype=bool).
        assert_eq!(error.class, "TypeError");
        assert_eq!(
            error.message,
            "arange() is only supported for booleans when the result has at most length 2."
        );
        let undone = s.reduce(Action::DType(None));
        assert_eq!(undone.picture().unwrap().strides(), vec![Some(1), Some(4)]);
        // A program that fails as written is its own fault, whatever the menu says.
        let typed = undone
            .reduce(Action::DType(Some(DType::Int32)))
            .reduce(Action::Run("x = np.arange(12.0)\ny = x.reshape(5)".into()));
        assert!(matches!(typed.result.as_ref(), Evaluated::Error(_)));
    }

    #[test]
    fn sharing_is_exact() {
        let s = Rc::new(LabState::initial()).reduce(Action::Run(
            "x = np.arange(12.0).reshape(3, 4)\nodd = x[:, 1::2]\neven = x[:, ::2]\neven".into(),
        ));
        let Evaluated::Array { sharing, .. } = s.result.as_ref() else {
            panic!()
        };
        assert_eq!(
            sharing.as_slice(),
            &[
                ("x".to_string(), Sharing::Yes),
                ("odd".to_string(), Sharing::No)
            ]
        );
    }

    #[test]
    fn a_program_with_a_function_a_loop_and_print_runs_and_draws() {
        let program = "def heads(X, h):\n    n, d = X.shape\n    return X.reshape(n, h, d // h).transpose(1, 0, 2)\nx = np.arange(24.0).reshape(4, 6)\nfor k in (1, 2):\n    print(k, heads(x, k).strides)\nheads(x, 2)";
        let state = LabState::new(&Options {
            program: Some(program.to_string()),
            ..Options::default()
        });
        // NumPy 2.4.6 prints these strides and draws a (2, 4, 3) view of x.
        assert_eq!(&*state.stdout, "1 (48, 48, 8)\n2 (24, 48, 8)\n");
        let picture = state.picture().expect("an array");
        assert_eq!(picture.size(), 24);
    }
}
