//! The lab's state, the actions that change it, and the pure reducer. Evaluating a program is a
//! pure computation, so it happens here; effects (focus, storage, URL) live in components.

use std::rc::Rc;

use stride_expr::picture::{Picture, Units};
use stride_expr::value::Value;
use stride_expr::{EvalError, Outcome};
use yew::Reducible;

use crate::presets::LESSON;

/// What a program evaluated to, as the lab shows it.
#[derive(Debug)]
pub enum Evaluated {
    /// An array or tensor: drawn as a grid and a memory row.
    Array(Rc<Picture>),
    /// Another value (a scalar, a tuple, a bool), shown as Python prints it.
    Other(String),
    /// An error, with the program it came from (to point at the faulty part).
    Error(EvalError),
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
    /// The preset chosen, if the program is one.
    pub preset: Option<usize>,
    /// The program shown.
    pub program: Rc<str>,
    /// Its result.
    pub result: Rc<Evaluated>,
    /// What is pointed at or focused.
    pub focus: Option<Focus>,
    /// Elements or bytes.
    pub units: Units,
}

/// Everything that changes the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show preset `k` of the lesson.
    Preset(usize),
    /// Point at or focus a cell.
    Focus(Focus),
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
}

impl LabState {
    /// The lab as it opens: the lesson's `x`.
    pub fn initial() -> Self {
        LabState::with_preset(0)
    }

    /// The lab showing preset `k`.
    pub fn with_preset(k: usize) -> Self {
        let program: Rc<str> = Rc::from(
            LESSON
                .get(k)
                .map(|p| p.program())
                .unwrap_or_default()
                .as_str(),
        );
        let units = Units::Elements;
        let result = Rc::new(evaluate(&program, units));
        LabState {
            preset: Some(k),
            program,
            result,
            focus: None,
            units,
        }
    }

    /// The picture, when the result is an array.
    pub fn picture(&self) -> Option<&Rc<Picture>> {
        match self.result.as_ref() {
            Evaluated::Array(p) => Some(p),
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
            },
            Focus::Memory(p) if p < picture.memory_len() => Selection {
                cells: picture.readers(p),
                memory: vec![p],
                rule: None,
            },
            _ => Selection::default(),
        }
    }
}

/// Runs a program and turns its outcome into what the lab shows.
pub fn evaluate(program: &str, units: Units) -> Evaluated {
    match stride_expr::run(program) {
        Ok(outcome) => shown(outcome, units),
        Err(e) => Evaluated::Error(e),
    }
}

fn shown(outcome: Outcome, units: Units) -> Evaluated {
    match &outcome.value {
        Value::Array(a) => Evaluated::Array(Rc::new(Picture::new(
            Rc::clone(a),
            outcome.first.as_ref(),
            units,
        ))),
        other => Evaluated::Other(stride_expr::display::repr(other)),
    }
}

impl Reducible for LabState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Preset(k) if k < LESSON.len() => Rc::new(LabState::with_preset(k)),
            Action::Preset(_) => self,
            Action::Focus(focus) if self.focus == Some(focus) => self,
            Action::Focus(focus) => Rc::new(LabState {
                preset: self.preset,
                program: Rc::clone(&self.program),
                result: Rc::clone(&self.result),
                focus: Some(focus),
                units: self.units,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(k: usize) -> Rc<LabState> {
        Rc::new(LabState::with_preset(k))
    }

    #[test]
    fn choosing_a_preset_evaluates_it() {
        let s = state(0).reduce(Action::Preset(1));
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
        let same = Rc::clone(&unchanged).reduce(Action::Preset(99));
        assert!(Rc::ptr_eq(&unchanged, &same));
    }

    #[test]
    fn every_preset_is_an_array() {
        for k in 0..LESSON.len() {
            assert!(state(k).picture().is_some(), "preset {k}");
        }
    }
}
