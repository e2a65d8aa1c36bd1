//! Valid Python the lab does not run, in words, in English and Spanish, from its
//! [`Construct`]: the one wording the quiz's feedback and the page's error view both show (as
//! [`crate::limit`] is for the lab's limits). The English is the construct's own `Display`, the
//! words the command line says; the Spanish follows the glossary of the page's `src/i18n/es.rs`.

mod library;

use arrays::construct::LibConstruct;
use python_subset::Construct;

use crate::text::Text;

/// `what` in words, after "valid Python, but this lab does not run it: " ("Python válido, pero
/// este laboratorio no lo ejecuta: ").
pub fn words(what: &Construct) -> Text {
    Text::owned(what.to_string(), es(what))
}

/// The whole sentence the lab says of `what`.
pub fn sentence(what: &Construct) -> Text {
    let words = words(what);
    Text::owned(
        format!("valid Python, but this lab does not run it: {}", words.en),
        format!(
            "Python válido, pero este laboratorio no lo ejecuta: {}",
            words.es
        ),
    )
}

/// `what` in Spanish.
fn es(what: &Construct) -> String {
    use Construct::*;
    let text = match what {
        Classes => "las clases",
        TryExcept => "los bloques try/except",
        WithStatements => "las sentencias with",
        AsyncCode => "el código asíncrono (async)",
        GlobalDeclarations => "las declaraciones global",
        NonlocalDeclarations => "las declaraciones nonlocal",
        GeneratorsYield => "los generadores (yield)",
        GeneratorsAndAsync => "los generadores y el código asíncrono",
        Walrus => "el operador :=",
        DictsAndSets => "los diccionarios y los conjuntos",
        EllipsisLiteral => "la elipsis (...)",
        Annotations => "las anotaciones de tipo",
        VariableAnnotations => "las anotaciones de variables",
        Decorators => "los decoradores",
        KeywordStatements(keyword) => return format!("las sentencias {keyword}"),
        RaiseFrom => "el encadenamiento raise ... from",
        AssigningToAttributes => "asignar a atributos",
        FStringEquals => "el especificador '=' de las f-strings",
        FStringAscii => "la conversión !a de las f-strings",
        NestedFormatSpecs => "los formatos anidados en las f-strings",
        FormatSpecs => "los formatos en los campos de las f-strings ({x:...})",
        StarUnpacking => "el desempaquetado con asterisco (*x)",
        DoubleStarUnpacking => "el desempaquetado con **",
        StarArguments => "los argumentos con asterisco (*args, **kwargs)",
        UnpackingInDisplays => {
            "el desempaquetado con ** y * dentro de una lista, tupla o diccionario escritos con [ ], ( ) o { }"
        }
        Sets => "los conjuntos (set)",
        RelativeImports => "las importaciones relativas",
        StarImport => "la importación con asterisco (from ... import *)",
        StarParameters => {
            "los parámetros *args y **kwargs y los marcadores / o * entre los parámetros"
        }
        NormalizingName { ch, mark } => {
            let code = u32::from(*ch);
            return if *mark {
                format!(
                    "los nombres con un acento o una marca aparte, como U+{code:04X}, que Python une \
                     a la letra anterior o reordena (escribe directamente la letra acentuada)"
                )
            } else {
                format!(
                    "los nombres con '{ch}' (U+{code:04X}), que Python lee como otra manera de \
                     escribir letras simples (normalización NFKC): escribe las letras simples"
                )
            };
        }
        NanDictKey => "NaN como clave de un diccionario (CPython la busca por identidad)",
        DictKeyOfType(t) => return format!("un objeto {t} como clave de un diccionario"),
        PrintingObject(t) => {
            return format!("imprimir un objeto {t} (CPython muestra su dirección de memoria)");
        }
        ComparingDictViews => "comparar vistas de un diccionario (se comparan como conjuntos)",
        MeasuringWithoutCall(function) => {
            return format!("medir un caso que no llama a {function}");
        }
        MeasuringThisCase => "medir este caso",
        ComplexNumbers => "los números complejos",
        NumberThenKeyword => "un número seguido directamente de una palabra clave",
        BytesLiterals => "los literales de bytes (b'...')",
        LoneSurrogates => "los sustitutos UTF-16 sueltos dentro de cadenas",
        NamedEscapes => "las secuencias de escape \\N{...}",
        DictMethodAsValue(name) => return format!("dict.{name} como valor (llámalo)"),
        SlicingRange => "rebanar un range",
        GeneratorPassedTo(function) => {
            return format!("una expresión generadora pasada a {function}()");
        }
        Method { owner, name } => return format!("el método {owner}.{name}"),
        AttributesOf(t) => return format!("los atributos de un objeto {t}"),
        PercentFormatting => "el formateo de cadenas con %",
        SliceOutsideBrackets => "los objetos slice fuera de [ ]",
        GeneratorExpressions => {
            "las expresiones generadoras, salvo como argumento de sum, any, all, min, max, list, tuple, sorted o str.join"
        }
        GeneratorToLibrary => {
            "las expresiones generadoras pasadas a una función de la biblioteca (usa una lista)"
        }
        GeneratorToDef => "las expresiones generadoras pasadas a una función def",
        IsBetweenValues => {
            "'is' entre números, cadenas o tuplas (la respuesta de CPython depende de su caché; usa ==)"
        }
        BuiltinName(name) => return format!("el nombre integrado {name}"),
        ReversedDict => "reversed() de un diccionario o de una de sus vistas",
        BuiltinKeyword { function, keyword } => {
            return format!("el argumento {keyword}= de {function}()");
        }
        RoundDigits => "round() de un float a un número de cifras",
        TypeOf(t) => return format!("type() de un objeto {t}"),
        Module(m) => return format!("el módulo {m} (este laboratorio solo importa los suyos)"),
        StarImportFrom(m) => return format!("la importación con asterisco from {m} import *"),
        Host(_) => {
            return match what.host::<LibConstruct>() {
                Some(library) => library::es(library),
                // Every host construct of the lab is a `LibConstruct`.
                None => what.to_string(),
            };
        }
    };
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English words that name a construct or tie a sentence together, and no Python keyword,
    /// type or name (which the Spanish keeps as code).
    const ENGLISH: &[&str] = &[
        "the",
        "of",
        "an",
        "to",
        "by",
        "its",
        "it",
        "this",
        "that",
        "than",
        "more",
        "only",
        "which",
        "whose",
        "there",
        "here",
        "give",
        "write",
        "use",
        "call",
        "types",
        "classes",
        "statements",
        "statement",
        "declarations",
        "generators",
        "generator",
        "code",
        "operator",
        "dictionaries",
        "sets",
        "annotations",
        "variable",
        "decorators",
        "assigning",
        "attributes",
        "specifier",
        "conversion",
        "nested",
        "specs",
        "fields",
        "star",
        "unpacking",
        "arguments",
        "argument",
        "displays",
        "relative",
        "imports",
        "parameters",
        "names",
        "separate",
        "accent",
        "mark",
        "joins",
        "letter",
        "letters",
        "plain",
        "spelling",
        "key",
        "object",
        "objects",
        "printing",
        "shows",
        "address",
        "comparing",
        "views",
        "compare",
        "measuring",
        "does",
        "complex",
        "numbers",
        "number",
        "directly",
        "followed",
        "keyword",
        "literals",
        "lone",
        "surrogates",
        "strings",
        "value",
        "slicing",
        "expression",
        "expressions",
        "passed",
        "except",
        "function",
        "library",
        "between",
        "tuples",
        "answer",
        "depends",
        "caching",
        "built-in",
        "digits",
        "module",
        "lab",
        "own",
        "shuffling",
        "place",
        "seed",
        "non-negative",
        "bounds",
        "random",
        "integers",
        "single",
        "distribution",
        "draws",
        "reproduced",
        "past",
        "without",
        "computes",
        "operands",
        "lists",
        "axes",
        "interleaved",
        "form",
        "subscripts",
        "steps",
        "fills",
        "unused",
        "order",
        "changes",
        "run",
        "results",
        "follow",
        "report",
        "tries",
        "every",
        "sublist",
        "equation",
        "takes",
        "beyond",
        "samples",
        "axis",
        "repeats",
        "finite",
        "matrix",
        "norms",
        "need",
        "needs",
        "singular",
        "values",
        "compute",
        "tensors",
        "runs",
        "few",
        "operations",
        "in-place",
        "result",
        "another",
        "size",
        "indexing",
        "private",
        "ints",
        "makes",
        "input",
        "weight",
        "dimensions",
        "words",
        "probabilities",
        "target",
        "indices",
        "pads",
        "constant",
        "differs",
        "warns",
        "broadcasts",
        "device",
        "live",
        "view",
        "start",
        "memory's",
        "first",
        "storage",
        "begin",
        "element",
        "advanced",
        "part",
        "yet",
        "read",
        "never",
        "written",
        "leaves",
        "whatever",
        "held",
    ];

    /// The prose of `text`: code (anything with `.`, `_`, `(`, `'`, `=`, `*`, `[`) left out.
    fn prose_words(text: &str) -> Vec<String> {
        text.split_whitespace()
            .filter(|w| !w.contains(['.', '_', '(', ')', '\'', '=', '*', '[', ']', '{', '}']))
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
                    .to_lowercase()
            })
            .collect()
    }

    #[test]
    fn every_construct_has_its_own_spanish_words() {
        let mut all: Vec<Construct> = Construct::samples();
        all.extend(LibConstruct::samples().into_iter().map(Construct::from));
        for what in &all {
            let said = words(what);
            assert_ne!(said.en, said.es, "{what}");
            let english: Vec<String> = prose_words(&said.es)
                .into_iter()
                .filter(|w| ENGLISH.contains(&w.as_str()))
                .collect();
            assert!(
                english.is_empty(),
                "{english:?} in the Spanish of {what}: {}",
                said.es
            );
        }
    }

    #[test]
    fn the_english_is_what_the_command_line_says() {
        let said = sentence(&Construct::Sets);
        assert_eq!(said.en, "valid Python, but this lab does not run it: sets");
        assert_eq!(
            said.es,
            "Python válido, pero este laboratorio no lo ejecuta: los conjuntos (set)"
        );
    }
}
