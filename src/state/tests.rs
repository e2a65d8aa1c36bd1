//! The reducer's tests: what each action does to the lab, natively.

use super::*;

/// `s` with the engine's reply to its pending run taken in, as the app does: the request goes
/// through `crate::engine::ask` (the linked-in engine answers at once).
fn settled(s: Rc<LabState>) -> Rc<LabState> {
    if !s.pending {
        return s;
    }
    let reply = crate::engine::answered(s.request());
    ran(s, reply)
}

/// `s` given `reply` as the reply to its run.
fn ran(s: Rc<LabState>, reply: lab_protocol::Reply) -> Rc<LabState> {
    let (program, dtype) = (Rc::clone(&s.program), s.dtype);
    s.then(Action::Ran {
        program,
        dtype,
        reply: Rc::new(reply),
    })
}

/// An action, then the engine's reply to any run it asked for.
trait Then {
    fn then(self, action: Action) -> Rc<LabState>;
}

impl Then for Rc<LabState> {
    fn then(self, action: Action) -> Rc<LabState> {
        settled(self.reduce(action))
    }
}

fn initial() -> Rc<LabState> {
    settled(Rc::new(LabState::initial()))
}

fn state(k: usize) -> Rc<LabState> {
    initial().then(Action::Preset(k))
}

fn same_run(a: &LabState, b: &LabState) -> bool {
    matches!((&a.run, &b.run), (Some(x), Some(y)) if Rc::ptr_eq(x, y))
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
    let s = state(0).then(Action::Focus(Focus::Cell(6)));
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
    let s = state(6).then(Action::Focus(Focus::Memory(1)));
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
fn a_dtype_runs_the_program_again_units_only_redraw_it() {
    let s = state(0)
        .then(Action::Units(Units::Bytes))
        .then(Action::DType(Some(DType::Int32)));
    let p = s.picture().unwrap();
    assert_eq!(p.strides(), vec![Some(16), Some(4)]);
    assert_eq!(
        (p.dtype().name.as_str(), p.dtype().itemsize),
        (DType::Int32.name(), 4)
    );
    let typed = s.then(Action::Run("x = np.arange(6)\nx[::2]".into()));
    assert_eq!(typed.preset, None);
    assert_eq!(typed.picture().unwrap().strides(), vec![Some(8)]);
}

#[test]
fn an_example_keeps_the_units_the_learner_chose() {
    // Issue 19, defect 2: bytes, then `x.T`, stayed in elements.
    let s = state(0)
        .then(Action::Units(Units::Bytes))
        .then(Action::Preset(1));
    assert_eq!(s.units, Units::Bytes);
    assert_eq!(s.picture().unwrap().strides(), vec![Some(8), Some(32)]);
    // Choosing elements is a choice too: an example best seen in bytes keeps elements.
    let int32 = presets::find("a = np.arange(12, dtype=np.int32).reshape(3, 4)\na").unwrap();
    let s = s
        .then(Action::Units(Units::Elements))
        .then(Action::Preset(int32));
    assert_eq!(s.units, Units::Elements);
    // Until the learner chooses, an example shows the units it is best seen in.
    let fresh = state(int32);
    assert_eq!(fresh.units, Units::Bytes);
    assert_eq!(fresh.then(Action::Preset(1)).units, Units::Elements);
    // Units from the embedding page or the URL are a choice.
    let options = Options {
        units: Some(Units::Bytes),
        ..Options::default()
    };
    let linked = settled(Rc::new(LabState::new(&options))).then(Action::Preset(1));
    assert_eq!(linked.units, Units::Bytes);
}

#[test]
fn a_dtype_that_breaks_the_program_is_the_menus_fault() {
    // Issue 19, defect 3: bool made every example fail as if its first line were wrong.
    let s = state(0)
        .then(Action::DType(Some(DType::Bool)))
        .then(Action::Preset(1));
    let Evaluated::DTypeFault { error, dtype } = s.result.as_ref() else {
        panic!("{:?}", s.result)
    };
    assert_eq!(*dtype, DType::Bool);
    // NumPy 2.4.6: np.arange(12.0, dtype=bool).
    assert_eq!(error.class_name, "TypeError");
    assert_eq!(
        error.message,
        "arange() is only supported for booleans when the result has at most length 2."
    );
    let undone = s.then(Action::DType(None));
    assert_eq!(undone.picture().unwrap().strides(), vec![Some(1), Some(4)]);
    // A program that fails as written is its own fault, whatever the menu says.
    let typed = undone
        .then(Action::DType(Some(DType::Int32)))
        .then(Action::Run("x = np.arange(12.0)\ny = x.reshape(5)".into()));
    assert!(matches!(typed.result.as_ref(), Evaluated::Error(_)));
}

#[test]
fn sharing_is_exact() {
    let s = initial().then(Action::Run(
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
fn changing_units_does_not_run_the_program_again() {
    let s = state(1).then(Action::Focus(Focus::Cell(5)));
    let before = s.selection();
    let bytes = Rc::clone(&s).then(Action::Units(Units::Bytes));
    // The same run, drawn in bytes: the program was not run again.
    assert!(same_run(&s, &bytes) && !bytes.pending);
    assert_eq!(bytes.picture().unwrap().strides(), vec![Some(8), Some(32)]);
    // The focus stays, and so do the cells it selects; the rule is written in bytes.
    assert_eq!(bytes.focus, Some(Focus::Cell(5)));
    let after = bytes.selection();
    assert_eq!(after.cells, before.cells);
    // In bytes a memory cell is a byte: element 9 is bytes 72 to 79 (x.T[1, 2] is 72 bytes in).
    assert_eq!(before.memory, vec![9]);
    assert_eq!(after.memory, (72..80).collect::<Vec<_>>());
    assert_eq!(
        after.rule.as_deref(),
        Some("start + i·s₀ + j·s₁ = 0 + 1·8 + 2·32 = 72")
    );
    let back = Rc::clone(&bytes).then(Action::Units(Units::Elements));
    assert!(same_run(&s, &back));
    assert_eq!(back.selection().rule, before.rule);
}

#[test]
fn print_output_is_kept_also_when_the_program_fails() {
    let s = initial().then(Action::Run(
        "x = np.arange(6)\nprint(x.shape, x.strides)\nx.reshape(4)".into(),
    ));
    assert!(matches!(s.result.as_ref(), Evaluated::Error(_)));
    // NumPy 2.4.6 prints `(6,) (8,)` before the reshape fails.
    assert_eq!(s.stdout(), "(6,) (8,)\n");
    assert_eq!(state(0).stdout(), "");
}

#[test]
fn a_program_with_a_function_a_loop_and_print_runs_and_draws() {
    let program = "def heads(X, h):\n    n, d = X.shape\n    return X.reshape(n, h, d // h).transpose(1, 0, 2)\nx = np.arange(24.0).reshape(4, 6)\nfor k in (1, 2):\n    print(k, heads(x, k).strides)\nheads(x, 2)";
    let state = settled(Rc::new(LabState::new(&Options {
        program: Some(program.to_string()),
        ..Options::default()
    })));
    // NumPy 2.4.6 prints these strides and draws a (2, 4, 3) view of x.
    assert_eq!(state.stdout(), "1 (48, 48, 8)\n2 (24, 48, 8)\n");
    let picture = state.picture().expect("an array");
    assert_eq!(picture.size(), 24);
}

#[test]
fn a_program_ending_in_print_draws_its_last_named_array() {
    // Issue 24 item 13: `print(...)` returns None; the lab drew "Value None" and lost the array.
    let s = initial().then(Action::Run(
        "x = np.arange(12).reshape(3, 4)\ny = x.T\nprint(y.strides)".into(),
    ));
    let Evaluated::Array { picture, named, .. } = s.result.as_ref() else {
        panic!("{:?}", s.result);
    };
    assert_eq!(named.as_deref(), Some("y"));
    // NumPy 2.4.6: np.arange(12).reshape(3, 4).T has shape (4, 3) and strides (8, 32).
    assert_eq!(picture.shape(), &[4, 3]);
    assert_eq!(picture.strides(), vec![Some(1), Some(4)]);
    assert_eq!(s.stdout(), "(8, 32)\n");
    // A last line that is an array is drawn as before, unnamed.
    let s = s.then(Action::Run(
        "x = np.arange(6)\ny = x[::2]\nprint(1)\nx".into(),
    ));
    assert!(matches!(
        s.result.as_ref(),
        Evaluated::Array { named: None, .. }
    ));
    // No array named: the value is shown as Python shows it.
    let s = s.then(Action::Run("print(np.arange(3).shape)".into()));
    assert!(matches!(s.result.as_ref(), Evaluated::Other(t) if t == "None"));
}

#[test]
fn a_run_waits_for_its_reply_with_the_last_result_drawn() {
    let s = state(1);
    let asked = Rc::clone(&s).reduce(Action::Run("x = np.arange(6)\nx[::2]".into()));
    // Nothing ran yet: the last result stays drawn, and the run is pending.
    assert!(asked.pending);
    assert!(Rc::ptr_eq(&s.result, &asked.result));
    assert_eq!(asked.picture().unwrap().shape(), &[4, 3]);
    // It is drawn under its own name (example 1), not the pending program's.
    assert_eq!(asked.drawn, (Rc::clone(&s.program), Some(1)));
    let done = settled(asked);
    assert!(!done.pending);
    assert_eq!(done.picture().unwrap().strides(), vec![Some(2)]);
    assert_eq!(&*done.drawn.0, "x = np.arange(6)\nx[::2]");
    assert_eq!(done.drawn.1, None);
    // The same program run again asks the engine again (unseeded draws change).
    let again = Rc::clone(&done).reduce(Action::Run("x = np.arange(6)\nx[::2]".into()));
    assert!(again.pending && again.asked != done.asked);
}

#[test]
fn a_stale_reply_is_dropped() {
    let s = initial();
    let first = s.reduce(Action::Run("np.arange(3)".into()));
    let old = crate::engine::answered(first.request());
    // The learner ran another program before the first replied.
    let second = first.reduce(Action::Run("np.arange(5)".into()));
    let after = Rc::clone(&second).reduce(Action::Ran {
        program: Rc::from("np.arange(3)"),
        dtype: None,
        reply: Rc::new(old),
    });
    assert!(Rc::ptr_eq(&second, &after));
    assert!(after.pending);
    assert_eq!(settled(after).picture().unwrap().shape(), &[5]);
}

#[test]
fn a_stopped_run_says_so_and_the_lab_stays_usable() {
    let asked = state(0).reduce(Action::Run("while True:\n    pass".into()));
    let stopped = ran(
        asked,
        lab_protocol::Reply::Stopped(lab_protocol::Stopped::ByLearner),
    );
    assert!(!stopped.pending);
    assert!(matches!(
        stopped.result.as_ref(),
        Evaluated::Stopped(lab_protocol::Stopped::ByLearner)
    ));
    assert_eq!(stopped.stdout(), "");
    let unreadable = ran(
        stopped.reduce(Action::Run("np.arange(2)".into())),
        lab_protocol::Reply::Unreadable("test".into()),
    );
    assert!(matches!(unreadable.result.as_ref(), Evaluated::Unreadable));
    let next = unreadable.then(Action::Preset(1));
    assert_eq!(next.picture().unwrap().shape(), &[4, 3]);
}
