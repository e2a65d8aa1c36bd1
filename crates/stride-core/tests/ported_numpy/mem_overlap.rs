//! `test_mem_overlap.py`: may_share_memory and shares_memory.

use super::{ALL, c, s, view};
use std::collections::HashSet;
use stride_core::Layout;
use stride_core::axes::transpose;
use stride_core::footprint::Positions;
use stride_core::index::{IndexItem, index};
use stride_core::overlap::{EXACT, Overlap, may_share_memory, shares_memory};
use stride_core::reshape::{MemOrder, ravel};

/// Every byte the elements of `l` cover.
fn bytes(l: &Layout) -> HashSet<i128> {
    Positions::new(l)
        .flat_map(|a| (0..i128::from(l.itemsize())).map(move |b| a + b))
        .collect()
}

/// `check_may_share_memory_exact`, with the set of touched bytes standing in for NumPy's
/// fill-and-look oracle.
fn check_exact(a: &Layout, b: &Layout, what: &str) {
    let truth = !bytes(a).is_disjoint(&bytes(b));
    assert_eq!(
        shares_memory(a, b, EXACT),
        if truth { Overlap::Yes } else { Overlap::No },
        "{what}: {a:?} / {b:?}"
    );
}

// test_mem_overlap.py::test_may_share_memory_manual
#[test]
fn may_share_memory_manual() {
    let plain = c(&[13, 21, 23, 22], 1);
    let spaced = index(
        &c(&[13, 21, 46, 22], 1),
        &[ALL, ALL, s(None, None, Some(2)), ALL],
    )
    .unwrap()
    .layout;
    for base in [plain, spaced] {
        // "Generate all negative stride combinations"
        for flips in 0..16u32 {
            let items: Vec<IndexItem> = (0..4)
                .map(|k| {
                    if flips & (1 << k) != 0 {
                        s(None, None, Some(-1))
                    } else {
                        ALL
                    }
                })
                .collect();
            let x = index(&base, &items).unwrap().layout;
            let row = |i: i64| index(&x, &[ALL, IndexItem::Int(i), ALL]).unwrap().layout;
            // "The default is a simple extent check"
            assert!(may_share_memory(&row(0), &row(1)));
            check_exact(&row(0), &row(1), "x[:, 0, :] / x[:, 1, :]");
            let a = index(&x, &[ALL, s(None, None, Some(7))]).unwrap().layout;
            let b = index(&x, &[ALL, s(Some(3), None, Some(3))]).unwrap().layout;
            check_exact(&a, &b, "x[:, ::7] / x[:, 3::3]");
        }
    }
    // "Test itemsize is dealt with": the plain base read as int16 (x.ravel().view(np.int16)
    // .reshape(13, 21, 23, 11)), where ravel is a view.
    let xp = c(&[13, 21, 23, 11], 2);
    let flat = view(ravel(&plain, MemOrder::C).unwrap());
    let every7 = index(&plain, &[ALL, s(None, None, Some(7))])
        .unwrap()
        .layout;
    let xp7 = index(&xp, &[ALL, s(None, None, Some(7))]).unwrap().layout;
    let xp33 = index(&xp, &[ALL, s(Some(3), None, Some(3))])
        .unwrap()
        .layout;
    // "0-size arrays cannot overlap"
    let empty = index(&flat, &[s(Some(6), Some(6), None)]).unwrap().layout;
    assert_eq!(shares_memory(&empty, &xp7, EXACT), Overlap::No);
    check_exact(&every7, &xp, "x[:, ::7] / xp");
    check_exact(&every7, &xp33, "x[:, ::7] / xp[:, 3::3]");
    let one = index(&flat, &[s(Some(6), Some(7), None)]).unwrap().layout;
    check_exact(&one, &xp7, "x.ravel()[6:7] / xp[:, ::7]");
    // "Check unit size"
    let unit = c(&[1], 1);
    assert_eq!(shares_memory(&unit, &unit, EXACT), Overlap::Yes);
}

// test_mem_overlap.py::test_shares_memory_api
#[test]
fn shares_memory_api() {
    let x = c(&[4, 5, 6], 1);
    assert_eq!(shares_memory(&x, &x, EXACT), Overlap::Yes);
    let a = index(&x, &[ALL, s(None, None, Some(2)), s(None, None, Some(3))])
        .unwrap()
        .layout;
    let b = index(&x, &[ALL, s(None, None, Some(3)), s(None, None, Some(2))])
        .unwrap()
        .layout;
    assert_eq!(shares_memory(&a, &b, EXACT), Overlap::Yes);
    // "assert_raises(np.exceptions.TooHardError, np.shares_memory, a, b, max_work=1)"
    assert_eq!(shares_memory(&a, &b, 1), Overlap::TooHard);
}

/// The views `iter_random_view_pairs` makes of one array: random slices (negative steps
/// included) with common steps, then random transposes; a small generator of our own.
struct Pairs(u64);

impl Pairs {
    fn next(&mut self, bound: i64) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as i64
    }

    fn slice(&mut self, n: i64, step: i64) -> IndexItem {
        let start = self.next(n + 1);
        let stop = start + self.next(n + 1 - start);
        if self.next(2) == 0 {
            s(Some(stop), Some(start), Some(-step))
        } else {
            s(Some(start), Some(stop), Some(step))
        }
    }

    fn view(&mut self, x: &Layout, steps: &[i64]) -> Layout {
        let items: Vec<IndexItem> = x
            .shape()
            .iter()
            .zip(steps)
            .map(|(&n, &st)| self.slice(n, st))
            .collect();
        let v = index(x, &items).unwrap().layout;
        let mut perm: Vec<i64> = (0..x.ndim() as i64).collect();
        for k in (1..perm.len()).rev() {
            perm.swap(k, self.next(k as i64 + 1) as usize);
        }
        transpose(&v, &perm).unwrap()
    }
}

// test_mem_overlap.py::test_may_share_memory_easy_fuzz: with common strides, a work bound of 1
// is enough for the exact answer.
#[test]
fn may_share_memory_easy_fuzz() {
    let x = c(&[7, 9, 11, 5], 2);
    let mut rng = Pairs(1234);
    let (mut feasible, mut infeasible) = (0, 0);
    while feasible.min(infeasible) < 300 {
        let steps: Vec<i64> = (0..4)
            .map(|_| {
                if rng.next(5) == 0 {
                    1 + rng.next(10)
                } else {
                    1
                }
            })
            .collect();
        let a = rng.view(&x, &steps);
        let b = rng.view(&x, &steps);
        let exact = shares_memory(&a, &b, EXACT);
        assert_eq!(shares_memory(&a, &b, 1), exact, "{a:?} / {b:?}");
        check_exact(&a, &b, "easy fuzz");
        if may_share_memory(&a, &b) {
            if exact == Overlap::Yes {
                feasible += 1;
            } else {
                infeasible += 1;
            }
        }
    }
}
