//! Memory never written on the page (issue 26): `np.empty((2, 3))` is drawn with its layout and
//! every cell, of the array and of its memory, marked "not yet written" (`?`, named in the
//! learner's language); a write makes values real; reading unwritten values is the lab's own
//! error, in English and Spanish.

use strides_lab::options::Options;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{mount, mount_with, strings};

#[wasm_bindgen_test]
async fn np_empty_is_drawn_with_its_layout_and_unwritten_cells() {
    let lab = mount().await;
    lab.run("np.empty((2, 3))").await;
    // Strides in elements, the page's default units (24 and 8 bytes of float64).
    assert_eq!(lab.text("[data-role=strides]"), "(3, 1)");
    assert_eq!(lab.cell_values(), strings(&["?"; 6]));
    let cells = lab.all(".grid [data-index]");
    assert_eq!(cells.len(), 6);
    for cell in &cells {
        assert!(cell.has_attribute("data-unwritten"));
        assert_eq!(
            cell.get_attribute("title").as_deref(),
            Some("not yet written")
        );
        let name = cell.get_attribute("aria-label").unwrap();
        assert!(name.ends_with("not yet written"), "{name}");
    }
    assert_eq!(lab.memory_values(), strings(&["?"; 6]));
    assert_eq!(lab.all(".memory [data-unwritten]").len(), 6);
    // A write makes the values real, a partial one only where it wrote.
    lab.run("x = np.empty((2, 3))\nx[0] = 7\nx").await;
    assert_eq!(
        lab.cell_values(),
        strings(&["7.0", "7.0", "7.0", "?", "?", "?"])
    );
    assert_eq!(lab.all(".grid [data-unwritten]").len(), 3);
    lab.run("x = np.empty((2, 3))\nx[...] = 1\nx").await;
    assert!(lab.all("[data-unwritten]").is_empty());
}

#[wasm_bindgen_test]
async fn reading_unwritten_values_is_the_lab_s_error_in_english_and_spanish() {
    let lab = mount().await;
    lab.run("x = np.empty(3)\nx.sum()").await;
    let error = lab.text("[data-role=error]");
    assert!(
        error.contains("these values were never written: np.empty"),
        "{error}"
    );
    assert!(!error.contains("Unsupported"), "{error}");
    let es = mount_with(Options::from_pairs([("lang", "es".to_string())])).await;
    es.run("np.empty((2, 3))").await;
    let cell = es.one(".grid [data-index]");
    assert_eq!(
        cell.get_attribute("title").as_deref(),
        Some("aún no escrito")
    );
    es.run("t = torch.empty(3)\nt + 1").await;
    let error = es.text("[data-role=error]");
    assert!(
        error.contains("estos valores nunca se escribieron: torch.empty"),
        "{error}"
    );
}
