//! float-text against Rust's std, which the bundle no longer carries: any text parses to the
//! same float (or fails alike), and any float's shortest text reads back to it, as long as
//! std's.
#![no_main]

use float_text::Width;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let ours = float_text::parse(text);
        let theirs = text.parse::<f64>().ok();
        match (ours, theirs) {
            (Some(a), Some(b)) => assert!(a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan(), "{text}"),
            (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text}"),
        }
    }
    if let Some(bytes) = data.get(..8) {
        let x = f64::from_le_bytes(bytes.try_into().unwrap_or_default());
        let text = float_text::repr(x);
        let back = text.parse::<f64>().unwrap_or(f64::NAN);
        assert!(back.to_bits() == x.to_bits() || x.is_nan() && back.is_nan(), "{text}");
        if x.is_finite() && x != 0.0 {
            let (digits, _) = float_text::shortest(x.abs(), Width::Double);
            let std_len = format!("{:e}", x.abs()).split('e').next().unwrap_or("").replace('.', "").len();
            assert_eq!(digits.len(), std_len, "{x:e}");
        }
        let single = f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if single.is_finite() {
            let text = float_text::repr_of(f64::from(single), Width::Single);
            assert_eq!(text.parse::<f32>().ok().map(f32::to_bits), Some(single.to_bits()), "{text}");
        }
    }
});
