//! The einsum cost panel (issue 16, seed 003's "Contraction order changes the cost, not the
//! answer"): opened by its button, by `panels=einsum`, and by the link under a program that calls
//! `np.einsum`; the seed's example with both orders' costs and the order `np.einsum_path` picks.
//! The numbers asserted are NumPy 2.4.6's: `np.einsum_path('ij,jk,kl->il', A, B, C)` with A
//! 1000×10, B 10×1000, C 1000×10 picks the path [(1, 2), (0, 1)] (A(BC)); its steps' FLOP counts
//! are 2×10⁵ each, and `_flop_count(idx, False, 2, sizes)` (the multiply-adds) 10⁵ each, against
//! 10⁷ each for (AB)C.

use crate::support::{mount, mount_with};
use strides_lab::options::Options;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlElement};

fn click(el: &Element) {
    el.clone().dyn_into::<HtmlElement>().unwrap().click();
}

fn order<'a>(rows: &'a [Element], name: &str) -> &'a Element {
    rows.iter()
        .find(|r| r.get_attribute("data-order").as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no order {name}"))
}

/// The panel's rows, checked for the seed's example.
fn assert_seeds_example(lab: &crate::support::Lab) {
    let rows = lab.all("[data-role=einsum-order]");
    let names: Vec<String> = rows
        .iter()
        .map(|r| r.get_attribute("data-order").unwrap())
        .collect();
    assert_eq!(names, ["(AB)C", "(AC)B", "A(BC)"]);
    let ab_c = order(&rows, "(AB)C");
    let a_bc = order(&rows, "A(BC)");
    assert_eq!(
        ab_c.get_attribute("data-multiply-adds").unwrap(),
        "20000000"
    );
    assert_eq!(a_bc.get_attribute("data-multiply-adds").unwrap(), "200000");
    // As the seed writes them.
    let cell = |row: &Element| {
        row.query_selector("[data-role=einsum-multiply-adds]")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
    };
    assert_eq!(cell(ab_c), "2×10⁷");
    assert_eq!(cell(a_bc), "2×10⁵");
    // np.einsum_path picks A(BC), with 'greedy' (its default) and 'optimal'.
    assert_eq!(a_bc.get_attribute("data-chosen").unwrap(), "greedy optimal");
    assert_eq!(ab_c.get_attribute("data-chosen").unwrap(), "");
    let steps = ab_c.text_content().unwrap();
    assert!(steps.contains("1000×1000"), "{steps}");
    let steps = a_bc.text_content().unwrap();
    assert!(
        steps.contains("(BC) = jk,kl->jl: 10×10 (100 elements), 100,000 multiply-adds"),
        "{steps}"
    );
    assert!(
        lab.text("[data-role=einsum-saving]")
            .contains("A(BC) does 100 times less work than (AB)C"),
        "{}",
        lab.text("[data-role=einsum-saving]")
    );
    assert_eq!(
        lab.text("[data-role=einsum-path]"),
        "['einsum_path', (1, 2), (0, 1)]"
    );
    let report = lab.text("[data-role=einsum-report]");
    assert!(
        report.starts_with("  Complete contraction:  ij,jk,kl->il\n"),
        "{report}"
    );
    assert!(
        report.contains("  Optimized FLOP count:  4.000e+05\n"),
        "{report}"
    );
    assert!(
        report
            .ends_with("   3                   jl,ij->il                                   il->il"),
        "{report}"
    );
}

#[wasm_bindgen_test]
async fn the_button_opens_the_panel_with_the_seeds_example() {
    let lab = mount().await;
    assert!(lab.all("[data-role=einsum]").is_empty(), "off by default");
    click(&lab.one("[data-role=einsum-open]"));
    yew::scheduler::flush().await;
    assert_seeds_example(&lab);
    // Table headers for each column, and a label for each box.
    assert_eq!(
        lab.all("[data-role=einsum-orders] thead th[scope=col]")
            .len(),
        6
    );
    assert_eq!(
        lab.all("[data-role=einsum-orders] tbody th[scope=row]")
            .len(),
        3
    );
    for input in lab.all("[data-role=einsum] input") {
        let id = input.id();
        assert_eq!(lab.all(&format!("label[for=\"{id}\"]")).len(), 1, "{id}");
    }
}

#[wasm_bindgen_test]
async fn typed_subscripts_and_shapes_are_compared() {
    let lab = mount_with(Options::from_pairs([("panels", "einsum".to_string())])).await;
    lab.enter("[data-role=einsum-subscripts]", "ab,bc,cd,de->ae")
        .await;
    lab.enter("[data-role=einsum-shapes]", "(2, 3), (3, 4), [4, 5], 5×6")
        .await;
    let rows = lab.all("[data-role=einsum-order]");
    assert_eq!(rows.len(), 15, "four operands have fifteen orders");
    assert_eq!(
        lab.all("[data-role=einsum-order][data-chosen~=greedy]")
            .len(),
        1
    );
    // NumPy: ((AB)C)D costs 2·3·4 + 2·4·5 + 2·5·6 = 124 multiply-adds.
    assert_eq!(
        order(&rows, "((AB)C)D")
            .get_attribute("data-multiply-adds")
            .unwrap(),
        "124"
    );
    // A shape that is not one says so, in the lab's words.
    lab.enter("[data-role=einsum-shapes]", "2×3, 3×four").await;
    assert!(
        lab.text("[data-role=einsum-error]")
            .contains("“four” is not a size")
    );
    // NumPy's own error for subscripts that do not fit.
    lab.enter("[data-role=einsum-shapes]", "2×3, 3×4").await;
    assert_eq!(
        lab.text("[data-role=einsum-error]"),
        "ValueError: Number of einsum subscripts must be equal to the number of operands."
    );
    // The seed's example is one press away.
    click(&lab.one("[data-role=einsum-example]"));
    yew::scheduler::flush().await;
    assert_seeds_example(&lab);
}

#[wasm_bindgen_test]
async fn an_einsum_in_the_program_box_links_to_the_panel() {
    let lab = mount().await;
    assert!(lab.all("[data-role=open-einsum]").is_empty());
    // A product of several operands with optimize= offers its orders.
    lab.run("A = np.ones((1000, 10))\nB = np.ones((10, 1000))\nC = np.ones((1000, 10))\nnp.einsum('ij,jk,kl->il', A, B, C, optimize=True)").await;
    click(&lab.one("[data-role=open-einsum]"));
    yew::scheduler::flush().await;
    let subs = lab
        .one("[data-role=einsum-subscripts]")
        .dyn_into::<web_sys::HtmlInputElement>()
        .unwrap();
    let shapes = lab
        .one("[data-role=einsum-shapes]")
        .dyn_into::<web_sys::HtmlInputElement>()
        .unwrap();
    assert_eq!(subs.value(), "ij,jk,kl->il");
    assert_eq!(shapes.value(), "(1000, 10), (10, 1000), (1000, 10)");
    assert_seeds_example(&lab);
    // Another einsum fills the open panel in again.
    lab.run("x = np.ones((3, 4))\ny = np.ones((4, 5))\nnp.einsum_path('ij,jk', x, y)")
        .await;
    click(&lab.one("[data-role=open-einsum]"));
    yew::scheduler::flush().await;
    assert_eq!(subs.value(), "ij,jk");
    assert_eq!(lab.all("[data-role=einsum-order]").len(), 1);
    assert_eq!(
        lab.one("[data-role=einsum-order]")
            .get_attribute("data-order")
            .unwrap(),
        "AB"
    );
}

#[wasm_bindgen_test]
async fn the_panel_speaks_spanish() {
    let lab = mount_with(Options::from_pairs([
        ("panels", "einsum".to_string()),
        ("lang", "es".to_string()),
    ]))
    .await;
    assert!(
        lab.text("[data-role=einsum-saving]")
            .contains("A(BC) hace 100 veces menos trabajo que (AB)C"),
        "{}",
        lab.text("[data-role=einsum-saving]")
    );
    assert!(
        lab.text("[data-role=einsum] h2")
            .contains("El orden de contracción")
    );
}

/// The numbers of a column of the table, as written.
fn column(lab: &crate::support::Lab, role: &str) -> Vec<String> {
    lab.all(&format!("[data-role=einsum-order] [data-role={role}]"))
        .iter()
        .map(|c| c.text_content().unwrap())
        .collect()
}

/// Issue 24 item 19: five operands typed with spaces; the order as written is left to right; the
/// steps read in the operands' order; each column is in one notation. The costs are NumPy 2.4.6's
/// (`crates/arrays/tests/einsum_orders.rs` checks the engine against `np.einsum_path`).
#[wasm_bindgen_test]
async fn five_operands_read_as_the_learner_wrote_them() {
    let lab = mount_with(Options::from_pairs([("panels", "einsum".to_string())])).await;
    lab.enter("[data-role=einsum-subscripts]", "ab,bc,cd,de,ef->af")
        .await;
    lab.enter(
        "[data-role=einsum-shapes]",
        "1000 10, 10 1000, 1000 10, 10 1000, 1000 10",
    )
    .await;
    assert!(lab.all("[data-role=einsum-error]").is_empty());
    let rows = lab.all("[data-role=einsum-order]");
    let names: Vec<String> = rows
        .iter()
        .map(|r| r.get_attribute("data-order").unwrap())
        .collect();
    assert_eq!(names, ["(((AB)C)D)E", "A((BC)(DE))"]);
    let saving = lab.text("[data-role=einsum-saving]");
    assert!(
        saving.contains("than (((AB)C)D)E, the order as written"),
        "{saving}"
    );
    // Each column in one notation: here every number is a few digits times a power of ten.
    assert_eq!(column(&lab, "einsum-multiply-adds"), ["4×10⁷", "301×10³"]);
    assert_eq!(column(&lab, "einsum-flops"), ["8×10⁷", "602×10³"]);
    let steps: Vec<String> = rows[0]
        .query_selector_all("[data-role=einsum-step]")
        .map(|list| {
            (0..list.length())
                .map(|k| list.item(k).unwrap().text_content().unwrap())
                .collect()
        })
        .unwrap();
    assert_eq!(
        steps[0],
        "(AB) = ab,bc->ac: 1000×1000 (1,000,000 elements), 10,000,000 multiply-adds"
    );
    assert_eq!(
        steps[1],
        "((AB)C) = ac,cd->ad: 1000×10 (10,000 elements), 10,000,000 multiply-adds"
    );
    // NumPy's report keeps NumPy's own order of terms.
    assert!(lab.text("[data-role=einsum-report]").contains("cd,bc->bd"));
    // Here 217,500 is no power of ten: the column is written with digits (it read 217,500 beside
    // 16×10⁴).
    lab.enter(
        "[data-role=einsum-shapes]",
        "10 100, 100 5, 5 50, 50 20, 20 1000",
    )
    .await;
    assert_eq!(column(&lab, "einsum-multiply-adds"), ["217,500", "160,000"]);
    assert_eq!(column(&lab, "einsum-flops"), ["435×10³", "32×10⁴"]);
    // 1.36 times less work is not "about 1 times less".
    assert_eq!(
        lab.text("[data-role=einsum-saving]"),
        "(AB)((CD)E) does less work than (((AB)C)D)E, the order as written, for the same answer: 160,000 multiply-adds against 217,500."
    );
    // Three operands as in the issue: (AB) of A 10×100 and B 100×5 is written ij,jk->ik: 10×5
    // (NumPy's einsum_path writes jk,ij->ki: 5×10).
    lab.enter("[data-role=einsum-subscripts]", "ij,jk,kl->il")
        .await;
    lab.enter("[data-role=einsum-shapes]", "10 100, 100 5, 5 50")
        .await;
    let first = lab.one("[data-role=einsum-order][data-order='(AB)C'] [data-role=einsum-step]");
    assert!(
        first
            .text_content()
            .unwrap()
            .starts_with("(AB) = ij,jk->ik: 10×5 (50 elements)"),
        "{}",
        first.text_content().unwrap()
    );
    // Every column in one notation: powers of ten everywhere, or nowhere.
    for role in ["einsum-multiply-adds", "einsum-flops", "einsum-largest"] {
        let cells = column(&lab, role);
        let powers = cells.iter().filter(|c| c.contains("×10")).count();
        assert!(powers == 0 || powers == cells.len(), "{role}: {cells:?}");
    }
}

/// Issue 24 items 2 and 3: what the lab says of an einsum's result. The memory facts are the
/// engine's (`crates/arrays/tests/einsum_why.rs` checks them against NumPy's OWNDATA and
/// PyTorch's `_base`); these check the words.
#[wasm_bindgen_test]
async fn an_einsums_why_says_what_einsum_did() {
    let lab = mount().await;
    let contracted = "einsum multiplies and sums the operands into new memory";
    for (program, kind, why) in [
        (
            "x = torch.arange(6).reshape(2, 3)\ny = torch.arange(12).reshape(3, 4)\ntorch.einsum('ij,jk->ik', x, y)",
            "a view of a new array made by einsum",
            contracted,
        ),
        (
            "q = torch.arange(24).reshape(1, 2, 3, 4)\nk = torch.arange(16).reshape(1, 2, 2, 4)\ntorch.einsum('bhqd,bhkd->bhqk', q, k)",
            "a view of a new array made by einsum",
            contracted,
        ),
        (
            "x = torch.arange(6).reshape(2, 3)\ntorch.einsum('ij->ji', x)",
            "shared: a view of x",
            "The axes are reordered",
        ),
        (
            "A = np.arange(6).reshape(2, 3)\nB = np.arange(12).reshape(3, 4)\nC = np.arange(8).reshape(4, 2)\nnp.einsum('ij,jk,kl->il', A, B, C, optimize=True)",
            "a view of a new array made by einsum",
            contracted,
        ),
    ] {
        lab.run(program).await;
        assert_eq!(lab.text("[data-role=kind]"), kind, "{program}");
        let text = lab.text("[data-role=explanation]");
        assert!(text.contains(why), "{program}: {text}");
        assert!(!text.contains("adds or removes axes"), "{program}: {text}");
        assert!(
            !text.contains("costs nothing") || why != contracted,
            "{program}: {text}"
        );
    }
    // NumPy says the optimized result owns no data: the facts agree.
    assert_eq!(lab.text("[data-flag=OWNDATA]"), "False");
}
