//! `params` and `{name}` placeholders: every combination of the parameters' values is a variant,
//! numbered over the names in alphabetical order with the last name varying fastest.

use std::collections::BTreeMap;

use super::format::Param;
use crate::text::Text;

/// The most variants one question may have (the product of its parameters' list lengths).
pub const MAX_VARIANTS: usize = 256;

/// One combination: each parameter's name with the text its placeholder becomes.
pub type Binding = BTreeMap<String, String>;

/// How a value is written into a program or a prompt: as Python writes it.
pub fn written(value: &Param) -> String {
    match value {
        Param::Int(i) => i.to_string(),
        Param::Float(x) => format!("{x:?}"),
        Param::Bool(true) => "True".into(),
        Param::Bool(false) => "False".into(),
        Param::Text(s) => s.clone(),
    }
}

/// Whether `name` can be a placeholder: a Python identifier.
pub fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Every combination, or the field at fault (`params.m`) and what is wrong with it.
pub fn combinations(params: &BTreeMap<String, Vec<Param>>) -> Result<Vec<Binding>, (String, Text)> {
    let mut out: Vec<Binding> = vec![Binding::new()];
    for (name, values) in params {
        let field = format!("params.{name}");
        if !is_name(name) {
            return Err((
                field,
                Text::new(
                    "a parameter's name is a Python identifier (letters, digits, _)",
                    "el nombre de un parámetro es un identificador de Python (letras, dígitos, _)",
                ),
            ));
        }
        if values.is_empty() {
            return Err((field, Text::new("lists no value", "no da ningún valor")));
        }
        let count = out.len().saturating_mul(values.len());
        if count > MAX_VARIANTS {
            return Err((
                "params".into(),
                Text::owned(
                    format!("{count} or more combinations; at most {MAX_VARIANTS} are allowed"),
                    format!("{count} combinaciones o más; se permiten {MAX_VARIANTS} como mucho"),
                ),
            ));
        }
        let mut next = Vec::with_capacity(count);
        for binding in &out {
            for value in values {
                let mut b = binding.clone();
                b.insert(name.clone(), written(value));
                next.push(b);
            }
        }
        out = next;
    }
    Ok(out)
}

/// The names of the placeholders in `text`: each `{name}` whose inside is an identifier (other
/// braces, such as a dict literal `{}` or `{'a': 1}`, are left alone).
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = rest.get(open + 1..).unwrap_or("");
        match after.find('}') {
            Some(close) => {
                let inside = after.get(..close).unwrap_or("");
                if is_name(inside) {
                    out.push(inside);
                    rest = after.get(close + 1..).unwrap_or("");
                } else {
                    rest = after;
                }
            }
            None => break,
        }
    }
    out
}

/// `text` with each placeholder replaced by its value. Every placeholder must be bound (the
/// checks make sure of it first); an unbound one stays as it is.
pub fn fill(text: &str, binding: &Binding) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or(""));
        let after = rest.get(open + 1..).unwrap_or("");
        let bound = after.find('}').and_then(|close| {
            let inside = after.get(..close)?;
            Some((binding.get(inside)?, close))
        });
        match bound {
            Some((value, close)) => {
                out.push_str(value);
                rest = after.get(close + 1..).unwrap_or("");
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_identifiers_in_braces() {
        assert_eq!(
            placeholders("(2, {m}, 5) np.{dt} {} {'a': 1} {m}"),
            ["m", "dt", "m"]
        );
        let b: Binding = [("m".to_string(), "3".to_string())].into();
        assert_eq!(fill("(2, {m}) {} {n}", &b), "(2, 3) {} {n}");
    }

    #[test]
    fn combinations_vary_the_last_name_fastest() {
        let params: BTreeMap<String, Vec<Param>> = [
            ("a".to_string(), vec![Param::Int(1), Param::Int(2)]),
            (
                "b".to_string(),
                vec![Param::Text("x".into()), Param::Float(2.0)],
            ),
        ]
        .into();
        let Ok(all) = combinations(&params) else {
            panic!("the combinations of {params:?}")
        };
        let seen: Vec<String> = all
            .iter()
            .map(|b| format!("{}{}", b["a"], b["b"]))
            .collect();
        assert_eq!(seen, ["1x", "12.0", "2x", "22.0"]);
        let empty: BTreeMap<String, Vec<Param>> = [("a".to_string(), vec![])].into();
        assert!(matches!(combinations(&empty), Err((f, _)) if f == "params.a"));
    }
}
