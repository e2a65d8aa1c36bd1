//! The generators of one run, and where an unseeded generator's seed comes from.

use std::cell::Cell;

use random_streams::generator::Generator;
use random_streams::legacy::RandomState;
use random_streams::torch::TorchGen;

/// The random state of a run: NumPy's global stream, the generator objects the program made,
/// PyTorch's default generator, and whether a value was drawn that is the lab's approximation
/// of the library's (see the module docs of [`crate::random`]).
#[derive(Default)]
pub struct State {
    global: Option<RandomState>,
    /// `RandomState(…)` objects, by id.
    pub states: Vec<RandomState>,
    /// `default_rng(…)` objects, by id.
    pub generators: Vec<Generator>,
    torch: Option<TorchGen>,
}

thread_local! {
    static ENTROPY: Cell<u64> = const { Cell::new(0x9e37_79b9_7f4a_7c15) };
}

/// Mixes `value` into the entropy unseeded generators start from: the page calls it with
/// something that varies (the browser's clock); natively the system clock is mixed in too.
pub fn set_entropy(value: u64) {
    ENTROPY.with(|e| e.set(mix(e.get() ^ value)));
}

/// SplitMix64's finaliser: every bit of the input reaches every bit of the output.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A fresh 64-bit seed: a counter (so two draws in one run differ) mixed with the clock where
/// the target has one (not the browser's wasm, which has no clock of its own: there the page's
/// [`set_entropy`] is what varies).
pub fn fresh_seed() -> u64 {
    let clock = clock();
    ENTROPY.with(|e| {
        let next = mix(e.get() ^ clock);
        e.set(next);
        next
    })
}

#[cfg(not(target_arch = "wasm32"))]
fn clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(target_arch = "wasm32")]
fn clock() -> u64 {
    0
}

impl State {
    /// NumPy's global `RandomState`, seeded from fresh entropy on first use.
    pub fn global(&mut self) -> &mut RandomState {
        self.global.get_or_insert_with(|| {
            let s = fresh_seed();
            RandomState::from_array(&[s as u32, (s >> 32) as u32])
        })
    }

    /// The `RandomState` object `target` names, or the global stream.
    pub fn legacy(&mut self, target: Option<usize>) -> &mut RandomState {
        match target.and_then(|id| self.states.get_mut(id)) {
            Some(s) => s,
            None => self.global.get_or_insert_with(|| {
                let s = fresh_seed();
                RandomState::from_array(&[s as u32, (s >> 32) as u32])
            }),
        }
    }

    /// `np.random.seed(…)`.
    pub fn seed_global(&mut self, state: RandomState) {
        self.global = Some(state);
    }

    /// PyTorch's default generator, seeded from fresh entropy on first use.
    pub fn torch(&mut self) -> &mut TorchGen {
        self.torch
            .get_or_insert_with(|| TorchGen::new(fresh_seed()))
    }

    /// `torch.manual_seed(seed)`.
    pub fn seed_torch(&mut self, seed: u64) {
        self.torch = Some(TorchGen::new(seed));
    }
}
