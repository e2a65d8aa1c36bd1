//! Reference cycles. A list can hold itself (`a.append(a)`), or a function whose default
//! holds the list, and a closure can sit in a variable it closes over, so counting references
//! alone would leak what a program built. Every cycle passes through a list or a closure's
//! variables, so each run keeps a weak register of the lists and closures it made and empties
//! those still alive when it ends.

use super::{Dict, FuncObj, List, drop_values};
use core::cell::RefCell;
use std::rc::{Rc, Weak};

/// What can close a cycle: a list, or a closure (its variables can hold it).
enum Held {
    List(Weak<List>),
    Closure(Weak<FuncObj>),
    Dict(Weak<Dict>),
}

std::thread_local! {
    static LISTS: RefCell<Vec<Held>> = const { RefCell::new(Vec::new()) };
}

/// Where the lists of a run that starts now begin in the register.
pub fn lists_mark() -> usize {
    LISTS.with(|l| l.try_borrow().map_or(0, |l| l.len()))
}

/// Empties every list made since `mark` that is still alive, breaking any cycles they are in,
/// and forgets them.
pub fn release_lists(mark: usize) {
    let made = LISTS.with(|l| match l.try_borrow_mut() {
        Ok(mut l) if mark <= l.len() => l.split_off(mark),
        _ => Vec::new(),
    });
    for held in made {
        let weak = match held {
            Held::List(weak) => weak,
            Held::Dict(weak) => {
                if let Some(d) = weak.upgrade() {
                    let entries = d.0.try_borrow_mut().map(|mut e| core::mem::take(&mut *e));
                    drop(d);
                    if let Ok(entries) = entries {
                        drop_values(entries.into_iter().flat_map(|e| [e.key, e.value]).collect());
                    }
                }
                continue;
            }
            Held::Closure(weak) => {
                if let Some(f) = weak.upgrade() {
                    let env = f.env.try_borrow_mut().map(|mut e| core::mem::take(&mut *e));
                    drop(f);
                    drop(env);
                }
                continue;
            }
        };
        if let Some(list) = weak.upgrade() {
            let items = list
                .0
                .try_borrow_mut()
                .map(|mut v| core::mem::take(&mut *v));
            drop(list);
            if let Ok(items) = items {
                drop_values(items);
            }
        }
    }
}

/// Notes a new list in the register.
pub(super) fn register(list: &Rc<List>) {
    LISTS.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            l.push(Held::List(Rc::downgrade(list)));
        }
    });
    #[cfg(test)]
    SEEN.with(|s| s.borrow_mut().push(Rc::downgrade(list)));
}

/// Notes a new dict in the register.
pub(super) fn register_dict(d: &Rc<Dict>) {
    LISTS.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            l.push(Held::Dict(Rc::downgrade(d)));
        }
    });
}

/// Notes a new closure in the register.
pub fn register_closure(f: &Rc<FuncObj>) {
    LISTS.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            l.push(Held::Closure(Rc::downgrade(f)));
        }
    });
}

// Every list made on this thread, for tests that ask whether all of them were freed.
#[cfg(test)]
std::thread_local! {
    static SEEN: RefCell<Vec<Weak<List>>> = const { RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::SEEN;
    use crate::{EXERCISES, Limits, check, run};

    /// How many of the lists made while `f` ran are still alive afterwards.
    fn alive_after(f: impl FnOnce()) -> usize {
        SEEN.with(|s| s.borrow_mut().clear());
        f();
        SEEN.with(|s| s.borrow().iter().filter(|w| w.upgrade().is_some()).count())
    }

    const CYCLES: &[&str] = &[
        "a = []\na.append(a)",
        "a = [1, 2]\nb = [a]\na.append(b)",
        "def f(x=[]):\n    return x\nf().append(f)",
        "a = []\na.append(ValueError(a))",
        "a = [[]]\nz = zip(a)\na.append(z)",
        "a = []\na.append((a, [a]))\nb = a * 3",
        "a = []\nfor i in range(50):\n    a = [a, a]\na.append(a)",
        "def f():\n    x = [1]\n    def g():\n        return x, g\n    return g\nh = f()",
        "fs = [lambda: (i, fs) for i in [[1], [2]]]",
        "d = {'l': [1]}\nd['s'] = d",
        "d = {'l': [1]}\ne = {'d': d}\nd['e'] = e.values()",
    ];

    #[test]
    fn cycles_are_freed_when_a_run_ends() {
        let limits = Limits::default();
        for source in CYCLES {
            let mut made = 0;
            let alive = alive_after(|| {
                let r = run(source, &limits);
                assert!(r.result.is_ok(), "{source} fails");
                made = SEEN.with(|s| s.borrow().len());
            });
            assert!(made > 0, "{source} made no list");
            assert_eq!(alive, 0, "{source} leaves lists alive");
        }
    }

    #[test]
    fn answers_that_make_cycles_are_freed() {
        // What the fuzzer found: `out` as the answer appends a row to itself.
        let limits = Limits::default();
        for exercise in EXERCISES {
            for answer in ["out", "row", "out.append(out)", "strides.append(strides)"] {
                let alive = alive_after(|| drop(check(exercise, answer, &limits)));
                assert_eq!(
                    alive, 0,
                    "{} with {answer:?} leaves lists alive",
                    exercise.id
                );
            }
        }
    }

    #[test]
    fn lists_alive_before_a_run_are_left_alone() {
        // A run in progress (a check evaluating its cases) keeps its lists through inner runs.
        let outer = crate::value::List::new_value(vec![crate::value::Value::Int(1)]);
        let mark = super::lists_mark();
        drop(run("a = [1]\na.append(a)", &Limits::default()));
        assert_eq!(super::lists_mark(), mark);
        let crate::value::Value::List(list) = &outer else {
            panic!("not a list")
        };
        assert_eq!(list.len(), 1);
    }
}
