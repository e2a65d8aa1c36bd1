//! The raw streams against NumPy 2.4.6 and PyTorch 2.15, recorded with `/work/venv/bin/python`:
//!
//! ```python
//! SeedSequence(0).generate_state(4, np.uint64); SeedSequence(2**100 + 12345).generate_state(4, np.uint64)
//! PCG64(0).random_raw(3)
//! RandomState(0)._bit_generator.random_raw(3); RandomState([1, 2, 3])._bit_generator.random_raw(3)
//! np.random.default_rng(0).standard_normal(3); np.random.default_rng(0).standard_normal(3, dtype=np.float32)
//! torch.manual_seed(7); torch.rand(3)   # then torch.manual_seed(7); torch.randperm(6)
//! ```
//!
//! The programs of `tests/corpus/random.jsonl` (checked by `crates/arrays/tests/random.rs`)
//! cover the distributions built on these.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use random_streams::BitGen;
use random_streams::generator::Generator;
use random_streams::legacy::RandomState;
use random_streams::pcg64::{Pcg64, SeedSequence};
use random_streams::torch::TorchGen;

#[test]
fn seed_sequence_words_are_numpys() {
    assert_eq!(
        SeedSequence::new(&SeedSequence::words(0)).generate_u64::<4>(),
        [
            0xdb2c_d7e7_b0f4_78be,
            0xabf4_641a_2c71_ba49,
            0x20c6_ed6d_9d7b_8d41,
            0x2c40_99de_223c_39d4
        ]
    );
    let big = (1u128 << 100) + 12345;
    assert_eq!(
        SeedSequence::new(&SeedSequence::words(big)).generate_u64::<4>(),
        [
            0x0225_9a9f_a490_589e,
            0x201e_30e5_5d4a_d6bb,
            0xe03b_00d1_ad28_2156,
            0xd105_bd7e_9094_86a5
        ]
    );
}

#[test]
fn pcg64_is_numpys() {
    let mut g = Pcg64::from_seed(&SeedSequence::words(0));
    let raw: Vec<u64> = (0..3).map(|_| g.next_u64()).collect();
    assert_eq!(
        raw,
        [
            0xa30f_ebcf_d9c2_825f,
            0x4510_bdf8_82d9_d721,
            0x0a7d_3da9_4ecd_e8b8
        ]
    );
}

#[test]
fn legacy_seeding_is_numpys() {
    let mut rs = RandomState::new(0);
    let raw: Vec<u32> = (0..3).map(|_| rs.bits().next_u32()).collect();
    assert_eq!(raw, [0x8c7f_0aac, 0x97c4_aa2f, 0xb716_a675]);
    let mut rs = RandomState::from_array(&[1, 2, 3]);
    let raw: Vec<u32> = (0..3).map(|_| rs.bits().next_u32()).collect();
    assert_eq!(raw, [0x9c1f_de5e, 0x5c8c_3099, 0xe2fe_93c3]);
}

#[test]
fn ziggurat_floats_are_numpys_and_doubles_within_an_ulp() {
    let mut g = Generator::new(&SeedSequence::words(0));
    let want = [
        0.125_730_221_093_393_3,
        -0.132_104_863_291_301_9,
        0.640_422_650_443_282_1,
    ];
    for w in want {
        let v = g.standard_normal();
        assert!((v - w).abs() <= 2.0 * f64::EPSILON * w.abs(), "{v} vs {w}");
    }
    let mut g = Generator::new(&SeedSequence::words(0));
    let want32 = [1.117_622_f32, -1.387_124_9, -0.426_571_6];
    for w in want32 {
        assert_eq!(g.standard_normal_f32(), w);
    }
}

#[test]
fn torch_rand_and_randperm_are_pytorchs() {
    let mut t = TorchGen::new(7);
    let got: Vec<f32> = (0..3).map(|_| t.uniform_f32(24) as f32).collect();
    assert_eq!(got, [0.534_922_54_f32, 0.198_803_19, 0.659_211_7]);
    let mut t = TorchGen::new(7);
    assert_eq!(t.randperm(6), [3, 0, 1, 5, 2, 4]);
}
