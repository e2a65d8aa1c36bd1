//! The lab's programs: any text, parsed and run, and when it makes an array, drawn and
//! explained as the lab does. Nothing may panic or hang.
#![no_main]

use array_picture::Units;
use arrays::value::Value;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    match arrays::run(source) {
        Ok(outcome) => {
            let _ = arrays::json::outcome(&outcome);
            if let Value::Array(a) = &outcome.value {
                for units in [Units::Elements, Units::Bytes] {
                    let picture =
                        arrays::picture::of_array(a.clone(), outcome.first.as_ref(), units);
                    for flat in 0..picture.size().min(8) {
                        let _ = picture.address_rule(flat);
                        let _ = picture.value(flat);
                    }
                    let _ = picture.memory_shown(&[0]);
                    let _ = arrays::explain::explain(a, units);
                }
            }
        }
        Err(e) => {
            let _ = e.render(source);
            let _ = arrays::json::error(&e);
        }
    }
});
