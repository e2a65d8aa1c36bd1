//! The einsum panel's requests, through the wire. The numbers are NumPy 2.4.6's:
//! `np.einsum_path('ij,jk,kl->il', A, B, C)` for A 1000×10, B 10×1000, C 1000×10 prints the
//! report below and picks `['einsum_path', (1, 2), (0, 1)]`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/wire.rs"]
mod wire;

use lab_protocol::einsum::{Listed, Problem, Reply, Request};
use lab_protocol::{Reply as AnyReply, Request as AnyRequest};

fn orders(subscripts: &str, shapes: &str) -> Result<Listed, Problem> {
    let request = AnyRequest::Einsum(Request::Orders {
        subscripts: subscripts.into(),
        shapes: shapes.into(),
    });
    match wire::ask(request) {
        AnyReply::Einsum(Reply::Orders(listed)) => listed,
        other => panic!("not the einsum's reply: {other:?}"),
    }
}

#[test]
fn the_seeds_example_lists_each_order_with_numpys_report() {
    let listed = orders("ij,jk,kl->il", "1000×10, 10×1000, 1000×10").unwrap();
    let o = &listed.orders;
    let names: Vec<(&str, u128)> = o
        .orders
        .iter()
        .map(|r| (r.name.as_str(), r.multiply_adds))
        .collect();
    assert_eq!(
        names,
        [
            ("(AB)C", 20_000_000),
            ("(AC)B", 200_000_000),
            ("A(BC)", 200_000)
        ]
    );
    assert_eq!(o.greedy.path, "['einsum_path', (1, 2), (0, 1)]");
    let report = "  Complete contraction:  ij,jk,kl->il\n         Naive scaling:  4\n     Optimized scaling:  3\n      Naive FLOP count:  3.000e+08\n  Optimized FLOP count:  4.000e+05\n   Theoretical speedup:  749.998\n  Largest intermediate:  1.000e+04 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   3                   kl,jk->jl                                ij,jl->il\n   3                   jl,ij->il                                   il->il";
    assert_eq!(o.greedy.report, report);
    // The saving is the engine's too: A(BC) does 100 times less work than (AB)C, exactly.
    let s = listed.saving.unwrap();
    assert_eq!((s.best, s.written, s.times, s.exact), (2, 0, 100, true));
}

#[test]
fn what_gives_no_table_says_why() {
    use arrays::numpy::einsum::orders::ShapesError;
    assert_eq!(
        orders("ij,jk->ik", ""),
        Err(Problem::Shapes(ShapesError::Empty))
    );
    assert_eq!(
        orders("ij,jk->ik", "2×y, 3×4"),
        Err(Problem::Shapes(ShapesError::NotANumber("y".into())))
    );
    // NumPy 2.4.6: np.einsum_path('ij,jk->ik', np.zeros((2, 3)), np.zeros((4, 5))).
    assert_eq!(
        orders("ij,jk->ik", "2×3, 4×5"),
        Err(Problem::Numpy(
            "ValueError: Size of label 'j' for operand 1 (3) does not match previous terms (4)."
                .into()
        ))
    );
    let many = vec!["2"; 17].join(", ");
    assert!(matches!(
        orders("a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a->a", &many),
        Err(Problem::Shapes(ShapesError::TooManyOperands) | Problem::TooManyOperands)
    ));
}
