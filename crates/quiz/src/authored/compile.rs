//! From what an author wrote to the variants the quiz asks: the checks (each failure names its
//! field), the placeholders filled, each variant's [`Question`] built for the engine, its key
//! computed, and variants whose keys coincide counted once.

use std::borrow::Cow;

use crate::key::{self, Key};
use crate::question::{Choice, Claim, Kind, Question, Recipe, Unit};
use crate::text::Text;

use super::format::{Authored, ClaimSpec, Langs, Slot};
use super::params::{self, Binding};
use super::{Ask, Judge, Unusable, Variant, code, run};

/// Every distinct variant of `a`, in order, or the first thing that makes it unusable.
pub fn compile(a: &Authored) -> Result<Vec<Variant>, Unusable> {
    let said =
        |field: &str, t: Text| Unusable::both(&a.id, field, t.en.into_owned(), t.es.into_owned());
    if a.id.is_empty()
        || !a
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(said(
            "id",
            Text::new(
                "an id is letters, digits, '-', '_' and '.', and not empty",
                "un id se escribe con letras, dígitos, '-', '_' y '.', y no está vacío",
            ),
        ));
    }
    let ask = Ask::from_name(&a.ask).ok_or_else(|| {
        let all = Ask::ALL.map(Ask::name).join(", ");
        said(
            "ask",
            Text::owned(
                format!("unknown ask '{}': one of {all}", a.ask),
                format!("ask desconocido '{}': uno de {all}", a.ask),
            ),
        )
    })?;
    let unit = units(a, ask).map_err(|m| said("units", m))?;
    fields_present(a, ask).map_err(|(field, m)| said(field, m))?;
    langs_present(a).map_err(|(field, m)| said(&field, m))?;
    let bindings = params::combinations(&a.params).map_err(|(field, m)| said(&field, m))?;
    placeholders_bound(a).map_err(|(field, m)| said(&field, m))?;
    let mut out: Vec<Variant> = Vec::new();
    for binding in &bindings {
        let v = variant(a, ask, unit, binding).map_err(|(field, m)| said(&field, m))?;
        if !out.iter().any(|seen| seen.key == v.key) {
            out.push(v);
        }
    }
    let count = out.len();
    for (n, v) in out.iter_mut().enumerate() {
        v.number = n;
        v.count = count;
    }
    Ok(out)
}

/// The field at fault and what is wrong with it.
type Failure = (String, Text);

fn units(a: &Authored, ask: Ask) -> Result<Unit, Text> {
    // Where the unit changes the key; elsewhere it only says what the answer counts (for the
    // unit mistakes' diagnoses).
    let takes = matches!(ask, Ask::Strides | Ask::Start | Ask::Position);
    let counts = matches!(
        ask,
        Ask::Value | Ask::Nbytes | Ask::StoredBytes | Ask::Broadcast
    );
    match a.units.as_deref() {
        None if takes => Ok(Unit::Elements),
        None => Ok(match ask {
            Ask::Nbytes | Ask::StoredBytes => Unit::Bytes,
            _ => Unit::None,
        }),
        Some(u) if !takes && !counts => Err(Text::owned(
            format!("'{u}': {} takes no units", ask.name()),
            format!("'{u}': {} no lleva units", ask.name()),
        )),
        Some("elements") => Ok(Unit::Elements),
        Some("bytes") => Ok(Unit::Bytes),
        Some(other) => Err(Text::owned(
            format!("'{other}': units are elements or bytes"),
            format!("'{other}': units es elements o bytes"),
        )),
    }
}

/// The fields `ask` needs are there, and none it ignores is.
fn fields_present(a: &Authored, ask: Ask) -> Result<(), (&'static str, Text)> {
    let name = ask.name();
    let needs = |field: &'static str, present: bool, wanted: bool| {
        if wanted && !present {
            let en = format!("{name} needs {field}");
            Err((field, Text::owned(en, format!("{name} necesita {field}"))))
        } else if present && !wanted {
            let en = format!("{name} does not use {field}");
            Err((field, Text::owned(en, format!("{name} no usa {field}"))))
        } else {
            Ok(())
        }
    };
    let is_code = ask == Ask::Code;
    let is_choice = ask == Ask::Choice;
    needs("of", a.of.is_some(), !is_code && !is_choice)?;
    if ask == Ask::Value {
        // Optional: without it, the value of `of` itself.
    } else {
        needs("index", a.index.is_some(), ask == Ask::Position)?;
    }
    needs("options", a.options.is_some(), ask == Ask::WhichCopy)?;
    needs("choices", a.choices.is_some(), is_choice)?;
    if !is_choice {
        needs("many", a.many.is_some(), false)?;
    }
    if is_code || is_choice {
        needs("before", a.before.is_some(), false)?;
    }
    let own = is_code && a.exercise.is_none();
    if !is_code {
        needs("exercise", a.exercise.is_some(), false)?;
    } else if a.exercise.is_some() {
        needs("signature", a.signature.is_some(), false)?;
        needs("reference", a.reference.is_some(), false)?;
        needs("cases", a.cases.is_some(), false)?;
    }
    needs("signature", a.signature.is_some(), own)?;
    needs("reference", a.reference.is_some(), own)?;
    needs("cases", a.cases.is_some(), own)?;
    if is_code && !a.setup.is_empty() {
        return Err((
            "setup",
            Text::new("code does not use setup", "code no usa setup"),
        ));
    }
    if is_code && !a.params.is_empty() {
        return Err((
            "params",
            Text::new(
                "code questions have no parameters",
                "las preguntas code no tienen parámetros",
            ),
        ));
    }
    if a.prompt.is_none() {
        return Err((
            "prompt",
            Text::new(
                "every question needs a prompt",
                "toda pregunta necesita un prompt",
            ),
        ));
    }
    if matches!(&a.options, Some(o) if o.is_empty()) {
        return Err((
            "options",
            Text::new("lists no option", "no da ninguna opción"),
        ));
    }
    if matches!(&a.options, Some(o) if o.len() > 26) {
        return Err((
            "options",
            Text::new(
                "at most 26 options (A to Z)",
                "26 opciones como mucho (de la A a la Z)",
            ),
        ));
    }
    if matches!(&a.choices, Some(c) if c.is_empty() || c.len() > 26) {
        return Err((
            "choices",
            Text::new(
                "lists 1 to 26 options (A to Z)",
                "da de 1 a 26 opciones (de la A a la Z)",
            ),
        ));
    }
    Ok(())
}

/// Every text that may hold placeholders, with its field's name.
fn templated(a: &Authored) -> Vec<(String, &str)> {
    let mut out: Vec<(String, &str)> = vec![("setup".into(), a.setup.as_str())];
    if let Some(of) = &a.of {
        out.push(("of".into(), of));
    }
    for (k, slot) in a.index.iter().flatten().enumerate() {
        if let Slot::Text(s) = slot {
            out.push((format!("index[{k}]"), s));
        }
    }
    for (k, o) in a.options.iter().flatten().enumerate() {
        out.push((format!("options[{k}]"), o));
    }
    if let Some(b) = &a.before {
        out.push(("before".into(), b));
    }
    for (k, c) in a.choices.iter().flatten().enumerate() {
        out.push((format!("choices[{k}].code"), &c.code));
        for (lang, text) in [("en", &c.label.en), ("es", &c.label.es)] {
            if let Some(t) = text {
                out.push((format!("choices[{k}].label.{lang}"), t));
            }
        }
    }
    for (field, langs) in [("prompt", &a.prompt), ("hint", &a.hint), ("note", &a.note)] {
        if let Some(l) = langs {
            for (lang, text) in [("en", &l.en), ("es", &l.es)] {
                if let Some(t) = text {
                    out.push((format!("{field}.{lang}"), t));
                }
            }
        }
    }
    out
}

/// Every text in both languages has both: the prompt's, the hint's, the note's, the section's,
/// the title's and each choice's label.
fn langs_present(a: &Authored) -> Result<(), (String, Text)> {
    let mut all: Vec<(String, &Langs)> = Vec::new();
    for (field, langs) in [
        ("prompt", &a.prompt),
        ("hint", &a.hint),
        ("note", &a.note),
        ("section", &a.section),
        ("title", &a.title),
    ] {
        if let Some(l) = langs {
            all.push((field.to_string(), l));
        }
    }
    for (k, c) in a.choices.iter().flatten().enumerate() {
        all.push((format!("choices[{k}].label"), &c.label));
    }
    for (field, langs) in all {
        for (lang, text, en, es) in [
            ("en", &langs.en, "English", "inglés"),
            ("es", &langs.es, "Spanish", "español"),
        ] {
            if text.as_deref().is_none_or(|t| t.trim().is_empty()) {
                return Err((
                    format!("{field}.{lang}"),
                    Text::owned(
                        format!("{field} has no text in {en}"),
                        format!("{field} no tiene texto en {es}"),
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn placeholders_bound(a: &Authored) -> Result<(), (String, Text)> {
    for (field, text) in templated(a) {
        if let Some(name) = params::placeholders(text)
            .into_iter()
            .find(|n| !a.params.contains_key(*n))
        {
            return Err((
                field,
                Text::owned(
                    format!("placeholder {{{name}}} has no parameter in params"),
                    format!("el marcador {{{name}}} no tiene parámetro en params"),
                ),
            ));
        }
    }
    Ok(())
}

/// A text in both languages, placeholders filled; both languages are required.
pub(super) fn text(field: &str, langs: &Langs, binding: &Binding) -> Result<Text, Failure> {
    let get = |lang: &str, t: &Option<String>| match t {
        Some(t) if !t.trim().is_empty() => Ok(params::fill(t, binding)),
        _ => {
            let (en, es) = if lang == "en" {
                ("English", "inglés")
            } else {
                ("Spanish", "español")
            };
            Err((
                format!("{field}.{lang}"),
                Text::owned(
                    format!("{field} has no text in {en}"),
                    format!("{field} no tiene texto en {es}"),
                ),
            ))
        }
    };
    Ok(Text::owned(get("en", &langs.en)?, get("es", &langs.es)?))
}

fn optional(field: &str, langs: Option<&Langs>, b: &Binding) -> Result<Option<Text>, Failure> {
    langs.map(|l| text(field, l, b)).transpose()
}

fn variant(a: &Authored, ask: Ask, unit: Unit, b: &Binding) -> Result<Variant, Failure> {
    let prompt = text("prompt", a.prompt.as_ref().unwrap_or(&Langs::default()), b)?;
    let hint = optional("hint", a.hint.as_ref(), b)?.unwrap_or_else(|| Text::new("", ""));
    let note = optional("note", a.note.as_ref(), b)?;
    let section = optional("section", a.section.as_ref(), b)?;
    let title = optional("title", a.title.as_ref(), b)?;
    let setup = params::fill(a.setup.trim_end(), b);
    let of = params::fill(a.of.as_deref().unwrap_or("").trim(), b);
    let joined = |last: &str| {
        if setup.is_empty() {
            last.to_string()
        } else {
            format!("{setup}\n{last}")
        }
    };
    if ask != Ask::Code
        && let Some(m) = run::setup_fails(&setup)
    {
        return Err(("setup".into(), m));
    }
    let mut q = Question {
        id: Cow::Owned(a.id.clone()),
        kind: Kind::Number,
        prompt,
        program: Cow::Owned(joined(&of)),
        recipe: Recipe::Value,
        unit,
        before: None,
        choices: Cow::Borrowed(&[]),
        many: false,
        hint,
        note,
    };
    let mut judge = Judge::Engine;
    let index = || -> Result<Vec<i64>, Failure> {
        a.index
            .iter()
            .flatten()
            .enumerate()
            .map(|(k, slot)| match slot {
                Slot::Int(i) => Ok(*i),
                Slot::Text(s) => params::fill(s, b).trim().parse::<i64>().map_err(|_| {
                    let s = params::fill(s, b);
                    (
                        format!("index[{k}]"),
                        Text::owned(
                            format!("'{s}' is not an integer"),
                            format!("'{s}' no es un número entero"),
                        ),
                    )
                }),
            })
            .collect()
    };
    let of_fails = |m: Text| ("of".to_string(), m);
    match ask {
        Ask::Shape => {
            q.kind = Kind::Tuple;
            q.recipe = Recipe::Shape;
        }
        Ask::Strides => {
            q.kind = Kind::Tuple;
            q.recipe = if unit == Unit::Bytes {
                Recipe::Strides
            } else {
                Recipe::StridesInElements
            };
        }
        Ask::Start => {
            let ndim = shape(&q).map_err(of_fails)?.len();
            q.recipe = position(unit, vec![0; ndim]);
        }
        Ask::Position => {
            let mut at = index()?;
            if at.iter().any(|&i| i < 0) {
                // Counted from the end, as NumPy counts them.
                let shape = shape(&q).map_err(of_fails)?;
                for (i, n) in at.iter_mut().zip(&shape) {
                    if *i < 0 {
                        *i = i.saturating_add(*n);
                    }
                }
            }
            q.recipe = position(unit, at);
        }
        Ask::Value => {
            let at = match &a.index {
                Some(_) => Some(subscript(&index()?)),
                None => None,
            };
            let read = |e: &str| match &at {
                Some(at) => format!("({e}){at}"),
                None => e.to_string(),
            };
            q.program = Cow::Owned(joined(&read(&of)));
            q.before = before(a, b, &of).map(|base| Cow::Owned(joined(&read(&base))));
        }
        Ask::StoredBytes => q.recipe = Recipe::StoredBytes,
        Ask::Broadcast => q.kind = Kind::Tuple,
        Ask::Choice => {
            q.kind = Kind::Choice;
            q.recipe = Recipe::ChoiceWhere;
            q.many = a.many.unwrap_or(false);
            q.program = Cow::Owned(setup.clone());
            q.choices = Cow::Owned(choices(a, b)?);
            // A claim that cannot be decided names its option, not the question.
            for (k, c) in q.choices.iter().enumerate() {
                key::claim_holds(c.claim, &format!("{setup}\n{}", c.code))
                    .map_err(|m| (format!("choices[{k}].code"), m))?;
            }
        }
        Ask::Nbytes => q.program = Cow::Owned(joined(&format!("({of}).nbytes"))),
        Ask::ViewOrCopy => {
            let view = run::is_view(&q.program).map_err(of_fails)?;
            q.kind = Kind::Choice;
            q.recipe = Recipe::ChoiceWhere;
            q.program = Cow::Owned(setup.clone());
            q.choices = Cow::Owned(vec![
                literal(
                    Text::new("view", "vista"),
                    view,
                    "copy-taken-for-view",
                    "view-taken-for-copy",
                ),
                literal(
                    Text::new("copy", "copia"),
                    !view,
                    "view-taken-for-copy",
                    "copy-taken-for-view",
                ),
            ]);
            judge = Judge::Lab(joined(&of));
        }
        Ask::WhichCopy => {
            let mut choices = Vec::new();
            let mut copying = None;
            for (k, option) in a.options.iter().flatten().enumerate() {
                let option = params::fill(option.trim(), b);
                let copies =
                    !run::is_view(&joined(&option)).map_err(|m| (format!("options[{k}]"), m))?;
                if copies && copying.is_none() {
                    copying = Some(joined(&option));
                }
                choices.push(literal(
                    Text::owned(option.clone(), option),
                    copies,
                    "view-taken-for-copy",
                    "copy-taken-for-view",
                ));
            }
            q.kind = Kind::Choice;
            q.recipe = Recipe::ChoiceWhere;
            q.many = true;
            q.program = Cow::Owned(setup.clone());
            q.choices = Cow::Owned(choices);
            judge = Judge::Lab(copying.unwrap_or_else(|| joined(&of)));
        }
        Ask::Error => {
            let class = run::raises(&q.program).map_err(of_fails)?;
            judge = Judge::Error(class.unwrap_or("none").to_string());
        }
        Ask::Code => {
            let exercise = match &a.exercise {
                Some(id) => python_subset::exercises::exercise(id).ok_or_else(|| {
                    (
                        "exercise".to_string(),
                        Text::owned(
                            format!("'{id}' is none of the lab's built-in exercises"),
                            format!("'{id}' no es ninguno de los ejercicios del laboratorio"),
                        ),
                    )
                })?,
                None => code::exercise(a)?,
            };
            q.kind = Kind::Code;
            q.program = Cow::Borrowed("");
            q.recipe = Recipe::Code {
                template: exercise.template,
                reference: exercise.reference,
            };
            judge = Judge::Code(exercise);
        }
    }
    if matches!(
        ask,
        Ask::Shape | Ask::Strides | Ask::Start | Ask::Position | Ask::StoredBytes | Ask::Broadcast
    ) {
        q.before = before(a, b, &of).map(|base| Cow::Owned(joined(&base)));
    }
    let key = match &judge {
        Judge::Error(class) => class.clone(),
        _ => match key::key(&q).map_err(|e| of_fails(Text::owned(e.message, e.es)))? {
            // Only a broadcast's key may be "error"; elsewhere the program must run.
            Key::Error if ask != Ask::Broadcast => {
                let why = match run::raises(&q.program).ok().flatten() {
                    Some(class) => Text::owned(class.into(), class.into()),
                    None => Text::new("an error", "un error"),
                };
                return Err(of_fails(raises(&why)));
            }
            k => k.to_string(),
        },
    };
    Ok(Variant {
        id: a.id.clone(),
        number: 0,
        count: 1,
        ask,
        section,
        title,
        question: q,
        key,
        params: b.clone(),
        judge,
    })
}

/// "raises …" of a run's error (NumPy's own text stays as NumPy wrote it).
fn raises(why: &Text) -> Text {
    Text::owned(format!("raises {}", why.en), format!("lanza {}", why.es))
}

/// The shape of the array `q`'s program ends with.
fn shape(q: &Question) -> Result<Vec<i64>, Text> {
    match key::key(&Question {
        recipe: Recipe::Shape,
        ..q.clone()
    }) {
        Ok(Key::Tuple(shape)) => Ok(shape),
        Ok(_) => Ok(Vec::new()),
        Err(e) => Err(Text::owned(e.message, e.es)),
    }
}

fn position(unit: Unit, index: Vec<i64>) -> Recipe {
    if unit == Unit::Bytes {
        Recipe::ByteOffset(Cow::Owned(index))
    } else {
        Recipe::ElementPosition(Cow::Owned(index))
    }
}

/// `[2, 3]` for the index `(2, 3)`; `[()]` for a 0-d array's.
fn subscript(index: &[i64]) -> String {
    if index.is_empty() {
        return "[()]".into();
    }
    let items: Vec<String> = index.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// An option whose claim the engine already decided (`True` when it holds).
fn literal(label: Text, holds: bool, if_picked: &'static str, if_missed: &'static str) -> Choice {
    Choice {
        label,
        code: Cow::Borrowed(if holds { "True" } else { "False" }),
        claim: Claim::True,
        if_picked,
        if_missed,
    }
}

/// The expression before the swap: the author's `before` (`""` for none), else derived.
fn before(a: &Authored, b: &Binding, of: &str) -> Option<String> {
    match &a.before {
        Some(e) if e.trim().is_empty() => None,
        Some(e) => Some(params::fill(e.trim(), b)),
        None => before_swap(of),
    }
}

/// The options of a `choice` question.
fn choices(a: &Authored, b: &Binding) -> Result<Vec<Choice>, Failure> {
    let mut out = Vec::new();
    for (k, c) in a.choices.iter().flatten().enumerate() {
        let field = |f: &str| format!("choices[{k}].{f}");
        let claim = match &c.claim {
            ClaimSpec::Word(w) if w == "true" => Claim::True,
            ClaimSpec::Word(w) if w == "false" => Claim::False,
            ClaimSpec::Word(w) if w == "raises" => Claim::Raises,
            ClaimSpec::Equals { equals } => Claim::Equals(*equals),
            ClaimSpec::Word(w) => {
                return Err((
                    field("claim"),
                    Text::owned(
                        format!(
                            "'{w}': a claim is \"true\", \"false\", \"raises\" or {{\"equals\": n}}"
                        ),
                        format!(
                            "'{w}': un claim es \"true\", \"false\", \"raises\" o {{\"equals\": n}}"
                        ),
                    ),
                ));
            }
        };
        let diagnosis = |f: &str, d: &Option<String>| -> Result<&'static str, Failure> {
            let name = d.as_deref().unwrap_or("wrong");
            crate::DIAGNOSES
                .iter()
                .map(|(c, _)| *c)
                .find(|c| *c == name)
                .ok_or_else(|| {
                    (
                        field(f),
                        Text::owned(
                            format!("'{name}' is none of the lab's diagnoses"),
                            format!("'{name}' no es ninguno de los diagnósticos del laboratorio"),
                        ),
                    )
                })
        };
        out.push(Choice {
            label: text(&field("label"), &c.label, b)?,
            code: Cow::Owned(params::fill(c.code.trim(), b)),
            claim,
            if_picked: diagnosis("if_picked", &c.if_picked)?,
            if_missed: diagnosis("if_missed", &c.if_missed)?,
        });
    }
    Ok(out)
}

/// Operations that swap strides: a question about one of them gets the `forgot-swap` and
/// `read-before-transpose` diagnoses, against the array they are applied to.
const SWAPS: &[&str] = &[
    ".T",
    ".mT",
    ".transpose(",
    ".permute(",
    "swapaxes(",
    "moveaxis(",
    ".swapdims(",
    ".t()",
];

/// The array a swap in `of` is applied to: `t` in `t.transpose(2, 0, 1)` or
/// `np.swapaxes(t, 1, 2)`.
fn before_swap(of: &str) -> Option<String> {
    if !SWAPS.iter().any(|s| of.contains(s)) {
        return None;
    }
    let name_at = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let lead = name_at(of);
    let base = if lead == "np" || lead == "torch" {
        of.split_once('(')
            .map(|(_, rest)| name_at(rest.trim_start()))?
    } else {
        lead
    };
    params::is_name(&base).then_some(base)
}
