//! `torch.einsum` of huge operands answers at once, as `torch.matmul` does: the layout now, the
//! values shown computed when read within the work limit (before, the lab computed every sum and
//! gave its work limit for 2048×2048 operands). Expected answers printed by PyTorch 2.15.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::json;

#[test]
fn huge_einsum_products_answer_at_once() {
    for (program, expected) in [
        (
            "a = torch.ones(2048, 2048); b = torch.ones(2048, 2048)\nc = torch.einsum('ij,jk->ik', a, b)\n(c.shape, c.stride(), c[0, :3].tolist())",
            json!([[2048, 2048], [2048, 1], [2048.0, 2048.0, 2048.0]]),
        ),
        (
            "q = torch.ones(2, 12, 512, 64); k = torch.ones(2, 12, 512, 64)\ns = torch.einsum('bhqd,bhkd->bhqk', q, k)\n(s.shape, s.stride(), s[0, 0, 0, :2].tolist())",
            json!([[2, 12, 512, 512], [3145728, 262144, 512, 1], [64.0, 64.0]]),
        ),
        (
            "a = torch.arange(2048 * 2048, dtype=torch.float64).reshape(2048, 2048) % 7\nb = (torch.arange(2048 * 2048, dtype=torch.float64).reshape(2048, 2048) % 5).T\nc = torch.einsum('ij,jk->ki', a, b)\n(c.shape, c.stride(), c.is_contiguous(), c[:2, :2].tolist())",
            json!([
                [2048, 2048],
                [2048, 1],
                true,
                [[12267.0, 12287.0], [12281.0, 12303.0]]
            ]),
        ),
        (
            "a = torch.arange(1 << 21).reshape(2, 1024, 1024) % 3\nc = torch.einsum('bij,bkj->bik', a, a)\n(c.shape, c.stride(), c[1, :2, :2].tolist())",
            json!([
                [2, 1024, 1024],
                [1048576, 1024, 1],
                [[1706, 684], [684, 1709]]
            ]),
        ),
    ] {
        let got = support::actual(program);
        assert_eq!(got["value"], expected, "{program}: {got}");
    }
    // Integer sums are exact; float ones are marked (PyTorch's summation order is its own).
    let got = support::actual(
        "a = torch.arange(1 << 21).reshape(2, 1024, 1024) % 3\ntorch.einsum('bij,bkj->bik', a, a)[0, 0, 0]",
    );
    assert!(got.get("values_exact").is_none(), "{got}");
}
