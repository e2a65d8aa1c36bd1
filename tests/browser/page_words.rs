//! The words the lab says, read as a learner reads them (issue 19): the Spanish address rule says
//! "inicio" like the facts and the quiz; counts take the language's plural (through the browser's
//! `Intl.PluralRules`); "Correct." is said once; a value question's slip gets words about values;
//! a reshape to the wrong size says why in numbers; "Open in the lab" comes after a first try and
//! opens the array the question is about.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

use strides_lab::i18n::Lang;
use strides_lab::options::Options;

use crate::support::{Lab, mount, mount_with};

async fn lab_in(lang: Lang, program: &str) -> Lab {
    mount_with(Options {
        lang: Some(lang),
        program: Some(program.to_string()),
        ..Options::default()
    })
    .await
}

fn program_box(lab: &Lab) -> String {
    lab.one("[data-role=expression]")
        .dyn_into::<web_sys::HtmlTextAreaElement>()
        .unwrap()
        .value()
}

const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";

#[wasm_bindgen_test]
async fn the_spanish_address_rule_says_inicio() {
    let lab = lab_in(Lang::Es, &format!("{X}x")).await;
    let rule = lab.text("[data-role=address-rule]");
    assert!(rule.starts_with("inicio + i·s₀ + j·s₁: "), "{rule}");
    lab.point(".grid [data-index='1,2']").await;
    assert_eq!(
        lab.text("[data-role=address-rule]"),
        "inicio + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6"
    );
    assert_eq!(
        lab.text("[data-role=info] dl div:nth-child(3) dt"),
        "inicio"
    );
    let en = lab_in(Lang::En, &format!("{X}x")).await;
    en.point(".grid [data-index='1,2']").await;
    assert_eq!(
        en.text("[data-role=address-rule]"),
        "start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6"
    );
}

fn why(lab: &Lab) -> String {
    lab.text("[data-role=explanation]")
}

#[wasm_bindgen_test]
async fn one_read_outside_the_buffer_is_singular() {
    // Five reads of 8 bytes over a buffer of four float64: the fifth falls outside.
    let program = "as_strided(np.arange(4.0), shape=(5,), strides=(8,))";
    let en = why(&lab_in(Lang::En, program).await);
    assert!(en.contains("1 read falls outside the buffer"), "{en}");
    let es = why(&lab_in(Lang::Es, program).await);
    assert!(es.contains("1 lectura cae fuera del buffer"), "{es}");
    let two = why(&lab_in(
        Lang::En,
        "as_strided(np.arange(4.0), shape=(6,), strides=(8,))",
    )
    .await);
    assert!(two.contains("2 reads fall outside the buffer"), "{two}");
}

#[wasm_bindgen_test]
async fn one_stretched_axis_is_singular() {
    let program = format!("{X}np.broadcast_to(x[0], (3, 4))");
    let en = why(&lab_in(Lang::En, &program).await);
    assert!(
        en.contains("broadcast_to gives axis 0 the stride 0: moving along it reads"),
        "{en}"
    );
    assert!(en.contains("each number is read 3 times"), "{en}");
    let es = why(&lab_in(Lang::Es, &program).await);
    assert!(
        es.contains("broadcast_to da stride 0 al eje 0: moverse por él"),
        "{es}"
    );
    let two = why(&lab_in(
        Lang::En,
        "v = np.arange(4.0)\nnp.broadcast_to(v, (2, 3, 4))",
    )
    .await);
    assert!(
        two.contains("gives axes 0 and 1 the stride 0: moving along them"),
        "{two}"
    );
    assert!(two.contains("each number is read 6 times"), "{two}");
}

#[wasm_bindgen_test]
async fn a_slice_of_one_item_is_singular() {
    let en = why(&lab_in(Lang::En, &format!("{X}x[:, 1:2]")).await);
    assert!(en.contains("(1 item)"), "{en}");
    let es = why(&lab_in(Lang::Es, &format!("{X}x[:, 1:2]")).await);
    assert!(es.contains("(1 elemento)"), "{es}");
}

#[wasm_bindgen_test]
async fn correct_is_said_once() {
    for (lang, word) in [(Lang::En, "Correct."), (Lang::Es, "¡Correcto!")] {
        let lab = lab_in(lang, &format!("{X}x")).await;
        lab.open_question("u1-strides-xT").await;
        assert_eq!(lab.answer("(1, 4)").await, "correct");
        let said = lab.text("[data-role=feedback]");
        assert_eq!(said.matches(word).count(), 1, "{said}");
        let plain = word.trim_matches(|c: char| !c.is_alphabetic());
        assert_eq!(said.matches(plain).count(), 1, "{said}");
    }
}

#[wasm_bindgen_test]
async fn a_value_questions_slip_is_about_values() {
    let lab = mount().await;
    lab.open_question("u1-small-T-reshape").await;
    // 1 is small.reshape(6)[1]: read before the transpose.
    assert_eq!(lab.answer("1").await, "read-before-transpose");
    let said = lab.text("[data-role=feedback]");
    assert!(!said.contains("stride"), "{said}");
    assert!(said.contains("transpose"), "{said}");
}

#[wasm_bindgen_test]
async fn a_reshape_to_the_wrong_size_says_why() {
    let program = format!("{X}x.reshape(5, 3)");
    let en = lab_in(Lang::En, &program).await;
    assert!(
        en.text("[data-role=error]")
            .contains("cannot reshape array of size 12 into shape (5,3)")
    );
    let said = why(&en);
    assert!(
        said.contains("12 numbers cannot fill 5 × 3 = 15 places."),
        "{said}"
    );
    assert!(said.contains("must multiply to 12"), "{said}");
    let es = why(&lab_in(Lang::Es, &program).await);
    assert!(
        es.contains("12 números no pueden llenar 5 × 3 = 15 posiciones."),
        "{es}"
    );
    let fewer = why(&lab_in(Lang::En, &format!("{X}x.reshape(2, 5)")).await);
    assert!(
        fewer.contains("12 numbers do not fit in 2 × 5 = 10 places."),
        "{fewer}"
    );
    let unknown = why(&lab_in(Lang::En, &format!("{X}x.reshape(5, -1)")).await);
    assert!(
        unknown.contains("multiply to 5, and 12 is not a multiple of 5"),
        "{unknown}"
    );
}

/// Opens question `id`, checks there is no "Open in the lab" yet, answers `answer`, opens the lab.
async fn open_after_a_try(lab: &Lab, id: &str, pick: &str) {
    lab.open_question(id).await;
    assert!(
        lab.all(".quiz-card [data-role=open]").is_empty(),
        "{id}: offered before a try"
    );
    if lab.all(".quiz-card input[type=radio]").is_empty() {
        lab.answer(pick).await;
    } else {
        lab.click(&format!(".quiz-card input[value={pick}]")).await;
        lab.click(".quiz-card [data-role=check]").await;
    }
    lab.click(".quiz-card [data-role=open]").await;
}

#[wasm_bindgen_test]
async fn open_in_the_lab_comes_after_a_try_and_shows_the_questions_array() {
    let lab = mount().await;
    // Write-through: x after y[0, 1] = 100, drawn as an array (not "Value None").
    open_after_a_try(&lab, "u1-predict-write-through-T", "A").await;
    assert!(lab.all("[data-role=value]").is_empty());
    assert!(
        program_box(&lab).ends_with("y[0, 1] = 100\nx"),
        "{}",
        program_box(&lab)
    );
    assert_eq!(lab.text(".grid [data-index='1,0']"), "100.0");
    // Which must copy: the one that copies, with memory of its own.
    open_after_a_try(&lab, "u1-predict-must-copy", "A").await;
    assert!(lab.all("[data-role=value]").is_empty());
    assert!(
        program_box(&lab).ends_with("\nx.T.reshape(12)"),
        "{}",
        program_box(&lab)
    );
    assert!(lab.text("[data-role=kind]").contains("copy"));
    // A value read off an array: the array it is read from.
    open_after_a_try(&lab, "u1-small-T-reshape", "1").await;
    assert!(
        program_box(&lab).ends_with("\nsmall.T.reshape(6)"),
        "{}",
        program_box(&lab)
    );
    assert_eq!(lab.text("[data-role=shape]"), "(6,)");
    // Even a wrong try counts; an unreadable one does not.
    lab.open_question("u1-strides-xT").await;
    lab.answer("banana").await;
    assert!(lab.all(".quiz-card [data-role=open]").is_empty());
}

#[wasm_bindgen_test]
async fn a_quiz_without_a_lab_offers_nothing_to_open() {
    let lab = mount_with(Options {
        panels: strides_lab::options::Panels {
            lab: false,
            quiz: true,
            broadcast: false,
            einsum: false,
        },
        ..Options::default()
    })
    .await;
    lab.open_question("u1-strides-xT").await;
    lab.answer("(4, 1)").await;
    assert!(lab.all(".quiz-card [data-role=open]").is_empty());
}

#[wasm_bindgen_test]
async fn bad_options_are_reported_in_the_labs_language() {
    let options = Options::from_pairs([("units", "bits".to_string()), ("lang", "es".to_string())]);
    let lab = mount_with(options).await;
    let said = lab.text("[data-role=problems]");
    assert!(
        said.contains(
            "la opción 'units' = 'bits' no es elements ni bytes: se usa el valor por defecto"
        ),
        "{said}"
    );
    assert_eq!(lab.text("[data-role=dismiss-problems]"), "Cerrar");
}

/// Spanish says "la shape" (as the quiz does), never "el shape", in every view of the lab.
#[wasm_bindgen_test]
async fn spanish_shape_is_feminine_everywhere() {
    let masculine = [
        " un shape",
        " el shape",
        "Los shapes",
        " los shapes",
        " del shape",
        " al shape",
    ];
    for preset in strides_lab::presets::all() {
        let lab = lab_in(Lang::Es, preset.program).await;
        let said = lab.root.text_content().unwrap_or_default();
        for m in masculine {
            assert!(!said.contains(m), "{}: «{m}» in {said}", preset.label);
        }
    }
    let lab = lab_in(Lang::Es, &format!("{X}x")).await;
    lab.open_question("u1-strides-xT").await;
    let card = lab.text(".quiz-card");
    assert!(card.contains("como una shape"), "{card}");
}

#[wasm_bindgen_test]
async fn the_starts_sentence_says_when_it_stays() {
    let same = why(&lab_in(Lang::En, &format!("{X}x[:, ::2]")).await);
    assert!(same.contains("The start stays at 0."), "{same}");
    let moved = why(&lab_in(Lang::En, &format!("{X}x[1:, 1:]")).await);
    assert!(moved.contains("The start goes from 0 to 5."), "{moved}");
    let es = why(&lab_in(Lang::Es, &format!("{X}x[:, ::2]")).await);
    assert!(es.contains("El inicio se queda en 0."), "{es}");
}

#[wasm_bindgen_test]
async fn an_operator_is_quoted_and_the_bug_title_is_its_own_sentence() {
    let lab = lab_in(Lang::En, "a = np.zeros(3)\nb = np.ones(3)\na - b").await;
    assert!(
        why(&lab).contains("The operation “-” makes a new array"),
        "{}",
        why(&lab)
    );
    assert!(
        lab.text(".bug figcaption")
            .starts_with("The (N,) − (N, 1) bug. No error")
    );
    let es = lab_in(Lang::Es, "a = np.zeros(3)\nb = np.ones(3)\na - b").await;
    assert!(why(&es).contains("La operación «-» crea"), "{}", why(&es));
    assert!(
        es.text(".bug figcaption")
            .starts_with("El bug (N,) − (N, 1). Sin error")
    );
}
