//! NumPy's ziggurat for `Generator.standard_normal`: 256 layers of equal area under
//! `exp(-x²/2)`, tail beyond `R`. The tables are computed here from the two constants of the
//! construction (the tail's start `R` and a layer's area `V`), in the order NumPy's own table
//! script computes them, then rounded as its C tables store them.

use std::sync::OnceLock;

use crate::BitGen;

/// Where the tail starts.
pub const R: f64 = 3.654_152_885_361_009;
/// `1 / R`.
pub const INV_R: f64 = 0.273_661_237_329_758_3;
/// The area of each layer.
const V: f64 = 0.004_928_673_233_974_652;

const C: usize = 256;

/// The tables for doubles (52-bit draws) and floats (23-bit draws).
pub struct Tables {
    /// Acceptance thresholds, 52 bits.
    pub ki: [u64; C],
    /// Layer widths / 2⁵².
    pub wi: [f64; C],
    /// The density at each layer's edge.
    pub fi: [f64; C],
    /// Acceptance thresholds, 23 bits.
    pub ki_f: [u32; C],
    /// Layer widths / 2²³.
    pub wi_f: [f32; C],
    /// The density at each layer's edge, as floats.
    pub fi_f: [f32; C],
}

fn pdf(x: f64) -> f64 {
    (-0.5 * x * x).exp()
}

fn build() -> Tables {
    // x[0] = R, x[i] = the edge whose layer above x[i-1] has area V; x[255] = 0; reversed.
    let mut x = [0f64; C];
    let mut prev = R;
    for (i, slot) in x.iter_mut().enumerate().take(C - 1) {
        if i > 0 {
            prev = (-2.0 * (pdf(prev) + V / prev).ln()).sqrt();
        }
        *slot = prev;
    }
    x.reverse();
    let max = R;
    let mut t = Tables {
        ki: [0; C],
        wi: [0.0; C],
        fi: [0.0; C],
        ki_f: [0; C],
        wi_f: [0.0; C],
        fi_f: [0.0; C],
    };
    let two52 = 4_503_599_627_370_496.0;
    let two23 = 8_388_608.0;
    for i in 0..C {
        let xi = x.get(i).copied().unwrap_or(0.0);
        let (k, k_f) = if i == 0 {
            let r = max * pdf(max) / V;
            (r * two52, r * two23)
        } else {
            let r = x.get(i - 1).copied().unwrap_or(0.0) / xi;
            (r * two52, r * two23)
        };
        let w = if i == 0 { V / pdf(max) } else { xi };
        if let (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f)) = (
            t.ki.get_mut(i),
            t.ki_f.get_mut(i),
            t.wi.get_mut(i),
            t.wi_f.get_mut(i),
            t.fi.get_mut(i),
            t.fi_f.get_mut(i),
        ) {
            *a = k.round_ties_even() as u64;
            *b = k_f.round_ties_even() as u32;
            *c = w / two52;
            *d = (w / two23) as f32;
            *e = pdf(xi);
            *f = pdf(xi) as f32;
        }
    }
    t
}

/// The tables, computed on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// One standard normal double (`random_standard_normal`).
pub fn normal<B: BitGen>(g: &mut B) -> f64 {
    let t = tables();
    loop {
        let r = g.next_u64();
        let idx = (r & 0xff) as usize;
        let r = r >> 8;
        let negative = r & 1 == 1;
        let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
        let mut x = rabs as f64 * t.wi.get(idx).copied().unwrap_or(0.0);
        if negative {
            x = -x;
        }
        if rabs < t.ki.get(idx).copied().unwrap_or(0) {
            return x;
        }
        if idx == 0 {
            loop {
                let xx = -INV_R * (-g.next_f64()).ln_1p();
                let yy = -(-g.next_f64()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(R + xx)
                    } else {
                        R + xx
                    };
                }
            }
        }
        let f0 = t.fi.get(idx - 1).copied().unwrap_or(0.0);
        let f1 = t.fi.get(idx).copied().unwrap_or(0.0);
        if (f0 - f1) * g.next_f64() + f1 < (-0.5 * x * x).exp() {
            return x;
        }
    }
}

/// One standard normal float (`random_standard_normal_f`): 32-bit draws, the float tables.
pub fn normal_f32<B: BitGen>(g: &mut B) -> f32 {
    let t = tables();
    let r_f = R as f32;
    let inv_r_f = INV_R as f32;
    loop {
        let r = g.next_u32();
        let idx = (r & 0xff) as usize;
        let negative = (r >> 8) & 1 == 1;
        let rabs = (r >> 9) & 0x007f_ffff;
        let mut x = rabs as f32 * t.wi_f.get(idx).copied().unwrap_or(0.0);
        if negative {
            x = -x;
        }
        if rabs < t.ki_f.get(idx).copied().unwrap_or(0) {
            return x;
        }
        if idx == 0 {
            loop {
                let xx = -inv_r_f * (-g.next_f32()).ln_1p();
                let yy = -(-g.next_f32()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(r_f + xx)
                    } else {
                        r_f + xx
                    };
                }
            }
        }
        let f0 = t.fi_f.get(idx - 1).copied().unwrap_or(0.0);
        let f1 = t.fi_f.get(idx).copied().unwrap_or(0.0);
        if (f0 - f1) * g.next_f32() + f1 < (-0.5 * x * x).exp() {
            return x;
        }
    }
}
