//! Authors' questions (`strides-lab/questions@1`): the example course file compiles, its keys
//! are NumPy 2.4.6's (recorded with /work/venv's NumPy for each variant), the diagnoses of the
//! built-in questions apply, and an unusable question names the field at fault.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use quiz::authored::{self, Ask, File, Unusable, Variant};

const COURSE: &str = include_str!("../../../questions/examples/course.json");

fn course() -> Vec<(String, Result<Vec<Variant>, Unusable>)> {
    let file: File = serde_json::from_str(COURSE).unwrap();
    let ids: Vec<String> = file.questions.iter().map(|q| q.id.clone()).collect();
    ids.into_iter()
        .zip(authored::compile_file(&file).unwrap())
        .collect()
}

fn variants(id: &str) -> Vec<Variant> {
    course()
        .into_iter()
        .find(|(i, _)| i == id)
        .unwrap()
        .1
        .unwrap_or_else(|e| panic!("{e}"))
}

fn keys(id: &str) -> Vec<String> {
    variants(id).into_iter().map(|v| v.key).collect()
}

/// Compiles one question given as JSON.
fn one(json: &str) -> Result<Vec<Variant>, Unusable> {
    let q: authored::Authored = serde_json::from_str(json).unwrap();
    authored::compile(&q)
}

fn field(json: &str) -> String {
    match one(json) {
        Ok(_) => panic!("usable: {json}"),
        Err(e) => e.field,
    }
}

#[test]
fn every_question_of_the_course_is_usable() {
    for (id, compiled) in course() {
        let vs = compiled.unwrap_or_else(|e| panic!("{e}"));
        assert!(!vs.is_empty(), "{id}");
        for (n, v) in vs.iter().enumerate() {
            assert_eq!((v.number, v.count), (n, vs.len()), "{id}");
        }
    }
}

#[test]
fn keys_are_numpys_and_coinciding_variants_count_once() {
    // dt ∈ {int16, float64} × m ∈ {3, 4}: in elements the dtype does not matter, so two
    // variants (NumPy: (1, 15, 5), (1, 20, 5)).
    assert_eq!(keys("c1-strides-transpose"), ["(1, 15, 5)", "(1, 20, 5)"]);
    assert_eq!(keys("c1-strides-bytes"), ["(2, 24, 8)", "(4, 48, 16)"]);
    assert_eq!(keys("c1-position-slice"), ["12", "14"]);
    assert_eq!(keys("c1-shape-window"), ["(8, 3)", "(7, 4)"]);
    // view-or-copy: x.reshape(12) is a view (A), x.T.reshape(12) a copy (B).
    assert_eq!(keys("c1-view-or-copy"), ["A", "B"]);
    assert_eq!(keys("c1-which-copy"), ["B, D"]);
    assert_eq!(keys("c1-value-transpose"), ["3"]);
    // dt ∈ {float32, int64} × n ∈ {3, 5} (names in alphabetical order, the last fastest).
    assert_eq!(keys("c1-nbytes"), ["48", "80", "96", "160"]);
    assert_eq!(keys("c1-start"), ["24", "44"]);
    assert_eq!(keys("c1-error"), ["none", "ValueError"]);
    assert_eq!(
        keys("c1-code-nbytes"),
        ["n = itemsize\nfor size in shape:\n    n *= size\nreturn n"]
    );
}

#[test]
fn placeholders_fill_the_prompts_of_each_variant() {
    let vs = variants("c1-strides-transpose");
    assert!(
        vs[1]
            .question
            .prompt
            .es
            .starts_with("t tiene shape (2, 4, 5).")
    );
    assert_eq!(vs[1].params["m"], "4");
    assert_eq!(vs[0].ask, Ask::Strides);
    assert_eq!(
        vs[0].section.as_ref().unwrap().es,
        "Lección 2: transpuestas"
    );
}

fn verdict(id: &str, variant: usize, answer: &str) -> (bool, &'static str) {
    let v = &variants(id)[variant];
    let verdict = authored::check(v, answer);
    (verdict.correct, verdict.diagnosis)
}

#[test]
fn the_built_in_diagnoses_apply_to_authors_questions() {
    assert_eq!(
        verdict("c1-strides-transpose", 0, "(1, 15, 5)"),
        (true, "correct")
    );
    // Variant 0 is dt=int16, m=3: NumPy's byte strides are (2, 30, 10).
    assert_eq!(
        verdict("c1-strides-transpose", 0, "(2, 30, 10)"),
        (false, "bytes-instead-of-elements")
    );
    // The strides of t itself: the swap forgotten.
    assert_eq!(
        verdict("c1-strides-transpose", 0, "(15, 5, 1)"),
        (false, "forgot-swap")
    );
    assert_eq!(
        verdict("c1-strides-transpose", 0, "(5, 2, 3)"),
        (false, "shape-not-strides")
    );
    assert_eq!(
        verdict("c1-strides-bytes", 0, "(1, 12, 4)"),
        (false, "elements-instead-of-bytes")
    );
    // y[1, 0] of x[1:, 2:] is x[2, 2] = 12; without the start (7): 5.
    assert_eq!(
        verdict("c1-position-slice", 0, "5"),
        (false, "forgot-start-offset")
    );
    assert_eq!(verdict("c1-view-or-copy", 1, "copy"), (true, "correct"));
    assert_eq!(
        verdict("c1-view-or-copy", 1, "vista"),
        (false, "copy-taken-for-view")
    );
    assert_eq!(
        verdict("c1-view-or-copy", 0, "copy"),
        (false, "view-taken-for-copy")
    );
    assert_eq!(verdict("c1-which-copy", 0, "B, D"), (true, "correct"));
    assert_eq!(
        verdict("c1-which-copy", 0, "B, C, D").1,
        "view-taken-for-copy"
    );
    // x.T[0, 1] is x[1, 0] = 3; x[0, 1] = 1 is the value before the transpose.
    assert_eq!(
        verdict("c1-value-transpose", 0, "1"),
        (false, "read-before-transpose")
    );
    assert_eq!(verdict("c1-error", 1, "ValueError"), (true, "correct"));
    assert_eq!(verdict("c1-error", 0, "none"), (true, "correct"));
    assert_eq!(verdict("c1-error", 1, "none"), (false, "wrong"));
    assert_eq!(verdict("c1-error", 1, "a + b"), (false, "unreadable"));
    assert_eq!(
        verdict(
            "c1-code-nbytes",
            0,
            "n = 1\nfor size in shape:\n    n *= size\nreturn n * itemsize"
        ),
        (true, "correct")
    );
    assert!(!verdict("c1-code-nbytes", 0, "return len(shape) * itemsize").0);
}

const GOOD: &str = r#"{"id": "q", "ask": "shape", "setup": "x = np.zeros((2, 3))", "of": "x.T",
    "prompt": {"en": "Shape?", "es": "¿Shape?"}}"#;

#[test]
fn an_unusable_question_names_the_field_at_fault() {
    assert!(one(GOOD).is_ok());
    let with = |from: &str, to: &str| GOOD.replace(from, to);
    assert_eq!(field(&with("\"shape\"", "\"strided\"")), "ask");
    assert_eq!(
        field(&with("np.zeros((2, 3))", "np.zeros((2, 3)) + np.ones(4)")),
        "setup"
    );
    assert_eq!(field(&with("x.T", "x.reshape(5)")), "of");
    assert_eq!(field(&with("x.T", "x.{op}")), "of");
    assert_eq!(field(&with("\"¿Shape?\"", "\"\"")), "prompt.es");
    assert_eq!(field(&with(", \"es\": \"¿Shape?\"", "")), "prompt.es");
    assert_eq!(
        field(&with("\"ask\"", "\"units\": \"bytes\", \"ask\"")),
        "units"
    );
    assert_eq!(
        field(&with("\"ask\": \"shape\"", "\"ask\": \"position\"")),
        "index"
    );
    assert_eq!(
        field(&with(
            "\"ask\": \"shape\"",
            "\"ask\": \"position\", \"index\": [5, 0]"
        )),
        "of"
    );
    assert_eq!(
        field(&with(
            "\"ask\": \"shape\"",
            "\"ask\": \"position\", \"index\": [0, \"{i}\"], \"params\": {\"i\": [\"a\"]}"
        )),
        "index[1]"
    );
    assert_eq!(
        field(&with("\"ask\"", "\"params\": {\"n\": []}, \"ask\"")),
        "params.n"
    );
    assert_eq!(field(&with("\"id\": \"q\"", "\"id\": \"a b\"")), "id");
    // A ValueError is a key ("error") only for a broadcast: nbytes of it is unusable.
    assert_eq!(
        field(
            &with("\"shape\", \"setup\"", "\"nbytes\", \"setup\"").replace("x.T", "x + np.ones(4)")
        ),
        "of"
    );
    let code = r#"{"id": "f", "ask": "code", "signature": "def f(n):", "reference": "return n + 1",
        "cases": ["f(1)"], "prompt": {"en": "f", "es": "f"}}"#;
    assert!(one(code).is_ok());
    assert_eq!(field(&code.replace("def f(n):", "f(n)")), "signature");
    assert_eq!(
        field(&code.replace("return n + 1", "return n +")),
        "reference"
    );
    assert_eq!(field(&code.replace("\"f(1)\"", "\"g(1)\"")), "cases[0]");
}

#[test]
fn a_file_checks_its_format_and_repeated_ids() {
    let file = format!(r#"{{"format": "strides-lab/questions@1", "questions": [{GOOD}, {GOOD}]}}"#);
    let file: File = serde_json::from_str(&file).unwrap();
    let compiled = authored::compile_file(&file).unwrap();
    assert!(compiled[0].is_ok());
    assert_eq!(compiled[1].as_ref().err().unwrap().field, "id");
    let wrong = File {
        format: "strides-lab/questions@2".into(),
        questions: vec![],
    };
    assert_eq!(
        authored::compile_file(&wrong).err().unwrap().field,
        "format"
    );
}

#[test]
fn a_seed_chooses_a_variant() {
    let vs = variants("c1-nbytes");
    assert_eq!(authored::choose(&vs, 0).unwrap().key, "48");
    assert_eq!(authored::choose(&vs, 6).unwrap().key, "96");
    assert!(authored::choose(&[], 3).is_none());
}

#[test]
fn negative_indices_count_from_the_end_as_in_numpy() {
    // NumPy: x = np.arange(20).reshape(4, 5); x[1:, 2:][-1, -1] is x[3, 4], position 19.
    let q = GOOD
        .replace("\"shape\"", "\"position\", \"index\": [-1, -1]")
        .replace("np.zeros((2, 3))", "np.arange(20).reshape(4, 5)")
        .replace("x.T", "x[1:, 2:]");
    assert_eq!(one(&q).unwrap()[0].key, "19");
}

#[test]
fn the_usual_authoring_mistakes_are_said_in_both_languages() {
    // Issue 24 §6: the page lists an unusable question in the lab's language, naming the
    // question and the field.
    let said = |json: &str| one(json).err().unwrap().text();
    let t = said(r#"{"id": "m9", "ask": "colour", "of": "x", "prompt": {"en": "?", "es": "?"}}"#);
    assert!(
        t.en.starts_with("question m9, ask: unknown ask 'colour': one of shape"),
        "{}",
        t.en
    );
    assert!(
        t.es.starts_with("pregunta m9, ask: ask desconocido 'colour': uno de shape"),
        "{}",
        t.es
    );
    let t = said(r#"{"id": "m9", "ask": "shape", "of": "x", "prompt": {"en": "Shape?"}}"#);
    assert_eq!(
        t.en,
        "question m9, prompt.es: prompt has no text in Spanish"
    );
    assert_eq!(
        t.es,
        "pregunta m9, prompt.es: prompt no tiene texto en español"
    );
    let t = said(r#"{"id": "m9", "ask": "shape", "prompt": {"en": "?", "es": "?"}}"#);
    assert_eq!(t.es, "pregunta m9, of: shape necesita of");
    let t = said(
        r#"{"id": "m9", "ask": "shape", "setup": "x = np.zeros({n})", "of": "x", "prompt": {"en": "?", "es": "?"}}"#,
    );
    assert_eq!(
        t.es,
        "pregunta m9, setup: el marcador {n} no tiene parámetro en params"
    );
    let t = said(
        r#"{"id": "m9", "ask": "position", "units": "bits", "of": "x", "index": [0], "prompt": {"en": "?", "es": "?"}}"#,
    );
    assert_eq!(
        t.es,
        "pregunta m9, units: 'bits': units es elements o bytes"
    );
}

/// English words that never belong in a Spanish message (its field names, such as `of` and
/// `cases`, are the file's own words and stay).
const ENGLISH: &[&str] = &[
    "the",
    "this",
    "that",
    "does",
    "which",
    "what",
    "when",
    "yet",
    "would",
    "your",
    "than",
    "there",
    "is",
    "are",
    "an",
    "and",
    "or",
    "not",
    "raises",
    "lists",
    "needs",
    "none",
    "number",
    "integer",
    "its",
    "own",
    "with",
    "without",
    "lab",
    "but",
    "run",
    "it",
    "at",
    "most",
    "allowed",
    "element",
    "whole",
    "name",
    "first",
    "line",
    "such",
    "as",
    "calls",
    "pass",
    "empty",
    "holds",
    "something",
    "other",
    "error",
    "an",
    "tuple",
    "diagnoses",
    "exercises",
    "returned",
    "raised",
    "expected",
    "answer",
    "program",
    "ends",
    "needs",
    "computed",
    "read",
    "bytes",
    "keeps",
];

/// The Spanish message with quoted text (the author's own) and `numpy` (NumPy's own words,
/// quoted as NumPy wrote them) taken out, split into words.
fn spanish_words(es: &str, numpy: &str) -> Vec<String> {
    let mut prose = es.replace(numpy, " ");
    for quote in ['\'', '"'] {
        let parts: Vec<&str> = prose.split(quote).collect();
        prose = parts
            .iter()
            .step_by(2)
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
    }
    prose
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[test]
fn every_compile_and_run_problem_is_said_in_both_languages() {
    // Issue 24 §6 and §8: what `compile` finds when it runs an author's question (a setup that
    // raises, an index that is no integer, an exercise's function, a choice's claim) names the
    // question and the field in both languages; NumPy's exception text stays as NumPy wrote it.
    // NumPy 2.4.6: np.zeros(6).reshape(4) raises
    //   ValueError: cannot reshape array of size 6 into shape (4,)
    //   np.zeros((2, 3))[5, 0] raises IndexError: index 5 is out of bounds for axis 0 with size 2
    let q = |rest: &str| format!(r#"{{"id": "m9", {rest}, "prompt": {{"en": "?", "es": "?"}}}}"#);
    let shape = |setup: &str, of: &str| {
        q(&format!(
            r#""ask": "shape", "setup": "{setup}", "of": "{of}""#
        ))
    };
    let code = |rest: &str| q(&format!(r#""ask": "code", {rest}"#));
    let choice = |c: &str| {
        q(&format!(
            r#""ask": "choice", "setup": "x = np.zeros((2, 3))", "choices": [{{"label": {{"en": "A", "es": "A"}}, {c}}}]"#
        ))
    };
    let reshape = "ValueError: cannot reshape array of size 6 into shape (4,)";
    // (question, field, English, Spanish, NumPy's words inside both)
    let oob = "IndexError: index 5 is out of bounds for axis 0 with size 2";
    let row = |json: String, field: &'static str, en: &str, es: &str, numpy: &'static str| {
        (json, field, en.to_string(), es.to_string(), numpy)
    };
    let table = vec![
        row(
            shape("x = np.zeros(6).reshape(4)", "x"),
            "setup",
            &format!("raises {reshape}"),
            &format!("lanza {reshape}"),
            reshape,
        ),
        row(
            shape("x = np.polyfit(np.arange(3), np.arange(3), 1)", "x"),
            "setup",
            "np.polyfit is part of NumPy, but this lab does not run it yet",
            "np.polyfit es parte de NumPy, pero este laboratorio aún no lo ejecuta",
            "",
        ),
        row(
            shape("x = np.zeros(6)", "x.reshape(4)"),
            "of",
            &format!("raises {reshape}"),
            &format!("lanza {reshape}"),
            reshape,
        ),
        row(
            shape("x = np.zeros(6)", "len(x)"),
            "of",
            "the program does not end with an array",
            "el programa no termina en un array",
            "",
        ),
        row(
            q(
                r#""ask": "position", "setup": "x = np.zeros((2, 3))", "of": "x", "index": [0, "{i}"], "params": {"i": ["a"]}"#,
            ),
            "index[1]",
            "'a' is not an integer",
            "'a' no es un número entero",
            "",
        ),
        row(
            q(r#""ask": "position", "setup": "x = np.zeros((2, 3))", "of": "x", "index": [5, 0]"#),
            "of",
            &format!("raises {oob}"),
            &format!("lanza {oob}"),
            oob,
        ),
        row(
            q(r#""ask": "value", "setup": "x = 'a'", "of": "x""#),
            "of",
            "a str is not a number",
            "un valor str no es un número",
            "",
        ),
        row(
            shape("x = np.zeros({n})", "x").replace("\"ask\"", "\"params\": {\"n\": []}, \"ask\""),
            "params.n",
            "lists no value",
            "no da ningún valor",
            "",
        ),
        row(
            shape("x = np.zeros(2)", "x").replace("\"ask\"", "\"params\": {\"2n\": [1]}, \"ask\""),
            "params.2n",
            "a parameter's name is a Python identifier (letters, digits, _)",
            "el nombre de un parámetro es un identificador de Python (letras, dígitos, _)",
            "",
        ),
        row(
            q(r#""ask": "view-or-copy", "setup": "x = np.zeros(3)", "of": "len(x)""#),
            "of",
            "it is a int, not an array or a tensor",
            "da un valor int, no un array ni un tensor",
            "",
        ),
        row(
            q(
                r#""ask": "which-copy", "setup": "x = np.zeros(6)", "of": "x", "options": ["x.reshape(4)"]"#,
            ),
            "options[0]",
            &format!("raises {reshape}"),
            &format!("lanza {reshape}"),
            reshape,
        ),
        row(
            code(r#""exercise": "no-such""#),
            "exercise",
            "'no-such' is none of the lab's built-in exercises",
            "'no-such' no es ninguno de los ejercicios del laboratorio",
            "",
        ),
        row(
            code(r#""signature": "f(n)", "reference": "return n", "cases": ["f(1)"]"#),
            "signature",
            "'f(n)' is not a function's first line, such as 'def f(shape):'",
            "'f(n)' no es la primera línea de una función, como 'def f(shape):'",
            "",
        ),
        row(
            code(r#""signature": "def f(n):", "reference": " ", "cases": ["f(1)"]"#),
            "reference",
            "the reference body is empty",
            "el cuerpo de reference está vacío",
            "",
        ),
        row(
            code(r#""signature": "def f(n):", "reference": "return n", "cases": []"#),
            "cases",
            "lists no case",
            "no da ningún caso",
            "",
        ),
        row(
            code(r#""signature": "def f(n):", "reference": "return n", "cases": ["g(1)"]"#),
            "cases[0]",
            "a case calls f, such as f(…)",
            "un caso llama a f, como f(…)",
            "",
        ),
        row(
            code(r#""signature": "def f(n):", "reference": "return n +", "cases": ["f(1)"]"#),
            "reference",
            "the reference does not parse: SyntaxError: invalid syntax",
            "la referencia no es Python válido: SyntaxError: invalid syntax",
            "SyntaxError: invalid syntax",
        ),
        row(
            choice(r#""code": "x.ndim == 2", "claim": "maybe""#),
            "choices[0].claim",
            r#"'maybe': a claim is "true", "false", "raises" or {"equals": n}"#,
            r#"'maybe': un claim es "true", "false", "raises" o {"equals": n}"#,
            "",
        ),
        row(
            choice(r#""code": "x.ndim == 2", "claim": "true", "if_picked": "oops""#),
            "choices[0].if_picked",
            "'oops' is none of the lab's diagnoses",
            "'oops' no es ninguno de los diagnósticos del laboratorio",
            "",
        ),
        row(
            choice(r#""code": "x.reshape(4).ndim == 1", "claim": "true""#),
            "choices[0].code",
            &format!("raises {reshape}"),
            &format!("lanza {reshape}"),
            reshape,
        ),
        row(
            q(r#""ask": "value", "setup": "x = np.ones((20000, 20000))", "of": "x.sum()""#),
            "of",
            "The lab's limit: this needs 400,000,000 elements read or computed, and the lab does at most 16,000,000 per program, to stay quick (shape, strides and single elements cost nothing).",
            "Límite del laboratorio: esto necesita leer o calcular 400.000.000 elementos, y el laboratorio hace como mucho 16.000.000 por programa, para ir rápido (la shape, los strides y los elementos sueltos no cuestan nada).",
            "",
        ),
    ];
    for (json, field, en, es, numpy) in &table {
        let e = one(json).err().unwrap_or_else(|| panic!("usable: {json}"));
        let t = e.text();
        assert_eq!(e.field, *field, "{json}");
        assert_eq!(t.en, format!("question m9, {field}: {en}"), "{json}");
        assert_eq!(t.es, format!("pregunta m9, {field}: {es}"), "{json}");
        let words = spanish_words(es, numpy);
        let english: Vec<&String> = words
            .iter()
            .filter(|w| ENGLISH.contains(&w.as_str()))
            .collect();
        assert!(english.is_empty(), "English {english:?} in {es:?}");
    }
}
