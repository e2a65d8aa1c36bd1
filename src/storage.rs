//! Quiz progress in the browser's localStorage: read, merged with what another tab may have
//! written, and written back. Data that cannot be read is kept aside under its own key, with a
//! notice for the learner, never a crash.

use quiz::{Loaded, Progress, merge};

/// Where progress lives.
pub const KEY: &str = "strides-lab.progress";
/// Where the seed that picks each question's variant lives, so a learner sees the same numbers
/// on the next visit.
pub const VARIANT_SEED: &str = "strides-lab.variant-seed";
/// Variant seeds are drawn below this (short to show and to tell a teacher).
pub const SEEDS: f64 = 10_000.0;

/// Where unreadable progress is kept, so nothing the learner did is thrown away.
pub const SET_ASIDE: &str = "strides-lab.progress.set-aside";

fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Reads the stored progress; unreadable data is copied aside (and a notice returned).
pub fn load() -> Loaded {
    let Some(store) = store() else {
        return Loaded {
            progress: Progress::new(),
            notice: None,
        };
    };
    let text = store.get_item(KEY).ok().flatten().unwrap_or_default();
    if text.is_empty() {
        return Loaded {
            progress: Progress::new(),
            notice: None,
        };
    }
    let loaded = Progress::load(&text);
    if loaded.notice.is_some() {
        let _ = store.set_item(SET_ASIDE, &text);
    }
    loaded
}

/// Writes `progress`, merged per question with what is stored now (another tab may have written).
pub fn save(progress: &Progress) -> Progress {
    let Some(store) = store() else {
        return progress.clone();
    };
    let stored = store
        .get_item(KEY)
        .ok()
        .flatten()
        .map(|t| Progress::load(&t).progress)
        .unwrap_or_default();
    let merged = merge(&stored, progress);
    let _ = store.set_item(KEY, &merged.to_text());
    merged
}

/// The variant seed: the one kept (by an earlier visit, or by another lab of this page or
/// site) when `persist`, else a new one, which is kept at once. Kept at once, so that every lab
/// of a page draws the same seed: two labs asking one question show the same variant, and an
/// answer given in one (progress is shared too) is an answer to the other's numbers (issue 24
/// §4: a `<strides-lab>` and a `mount()` lab drew two seeds, and the last one written won on
/// the next visit).
pub fn variant_seed(persist: bool) -> u64 {
    let store = persist.then(store).flatten();
    let kept = store
        .as_ref()
        .and_then(|s| s.get_item(VARIANT_SEED).ok().flatten())
        .and_then(|t| t.trim().parse::<u64>().ok());
    if let Some(seed) = kept {
        return seed;
    }
    let seed = (js_sys::Math::random() * SEEDS) as u64;
    if let Some(s) = store {
        let _ = s.set_item(VARIANT_SEED, &seed.to_string());
    }
    seed
}

/// Keeps `seed` for the next visit.
pub fn keep_variant_seed(seed: u64) {
    if let Some(store) = store() {
        let _ = store.set_item(VARIANT_SEED, &seed.to_string());
    }
}
