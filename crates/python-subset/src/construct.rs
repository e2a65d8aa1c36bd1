//! [`Construct`]: the valid Python this interpreter does not run, as data (never English text),
//! so that a page can word it in its learner's language. Its `Display` is the English the
//! command line and the quiz's checker say after "valid Python, but this lab does not run it: ".
//!
//! A construct of the embedder's own (NumPy's `np.einsum` in the interleaved form, say) is a
//! [`Construct::Host`]: a value of the embedder's type, which the interpreter carries untouched
//! and the page reads back with [`Construct::host`].

use core::fmt;
use std::sync::Arc;

/// A construct of the embedder's own: its `Display` is the English wording.
pub trait HostConstruct: core::any::Any + fmt::Display + Send + Sync {}

/// Valid Python outside the subset this interpreter runs. A field holds what the construct
/// names in the learner's own program (a keyword, a type's or a function's Python name).
#[derive(Clone)]
pub enum Construct {
    /// `class`.
    Classes,
    /// `try`/`except`.
    TryExcept,
    /// `with`.
    WithStatements,
    /// `async`, `await`, `async for` in a comprehension.
    AsyncCode,
    /// `global x`.
    GlobalDeclarations,
    /// `nonlocal x`.
    NonlocalDeclarations,
    /// `yield` as a statement.
    GeneratorsYield,
    /// `yield` or `await` inside an expression.
    GeneratorsAndAsync,
    /// `:=`.
    Walrus,
    /// A `{` where a statement or expression cannot start.
    DictsAndSets,
    /// `...` outside an index.
    EllipsisLiteral,
    /// `def f(x: int)`, `-> int`.
    Annotations,
    /// `x: int = 1`.
    VariableAnnotations,
    /// `@decorator`.
    Decorators,
    /// `match`, `case` or `type` statements: the keyword.
    KeywordStatements(&'static str),
    /// `raise E from e`.
    RaiseFrom,
    /// `x.y = 1`.
    AssigningToAttributes,
    /// `f'{x=}'`.
    FStringEquals,
    /// `f'{x!a}'`.
    FStringAscii,
    /// `f'{x:{w}}'`.
    NestedFormatSpecs,
    /// `f'{x:.2f}'`.
    FormatSpecs,
    /// `[*a]`, `*a` as an expression.
    StarUnpacking,
    /// `**a` as an expression.
    DoubleStarUnpacking,
    /// `f(*a)`, `f(**k)`.
    StarArguments,
    /// `{**a}`, `{*a}`.
    UnpackingInDisplays,
    /// `{1, 2}`.
    Sets,
    /// `from . import x`.
    RelativeImports,
    /// `from m import *`.
    StarImport,
    /// `def f(*a)`, `def f(a, /)`.
    StarParameters,
    /// A name with a character NFKC normalization changes: the character, and whether it is a
    /// separate accent or mark.
    NormalizingName {
        /// The character.
        ch: char,
        /// Whether it is a combining mark.
        mark: bool,
    },
    /// `{float('nan'): 1}`.
    NanDictKey,
    /// A key of a type the subset does not hash: the type's name.
    DictKeyOfType(&'static str),
    /// Printing an object CPython shows by address: the type's name.
    PrintingObject(&'static str),
    /// `d.keys() == d2.keys()`.
    ComparingDictViews,
    /// A case of a measured exercise that does not call its function: the function.
    MeasuringWithoutCall(String),
    /// A case of a measured exercise that is not a plain call.
    MeasuringThisCase,
    /// `1j`.
    ComplexNumbers,
    /// `1if x else 2`.
    NumberThenKeyword,
    /// `b'...'`.
    BytesLiterals,
    /// `'\ud800'`.
    LoneSurrogates,
    /// `'\N{...}'`.
    NamedEscapes,
    /// `d.get` without calling it: the method's name.
    DictMethodAsValue(String),
    /// `range(5)[1:3]`.
    SlicingRange,
    /// A generator expression as the argument of a function that takes one only as a list: the
    /// function (`dict`, `dict.update`, `sorted`).
    GeneratorPassedTo(String),
    /// A method of a built-in type the subset does not run: the type's name and the method's.
    Method {
        /// The type's Python name (`str`, `dict`).
        owner: &'static str,
        /// The method's name.
        name: String,
    },
    /// An attribute of an object that has none here: the type's name.
    AttributesOf(&'static str),
    /// `'%d' % x`.
    PercentFormatting,
    /// `slice(1, 2)` or `a:b` outside `[ ]`.
    SliceOutsideBrackets,
    /// A generator expression anywhere but as the argument of a function that takes one.
    GeneratorExpressions,
    /// A generator expression passed to NumPy or PyTorch.
    GeneratorToLibrary,
    /// A generator expression passed to a `def` function.
    GeneratorToDef,
    /// `x is 1`.
    IsBetweenValues,
    /// A built-in name the subset lacks: the name.
    BuiltinName(String),
    /// `reversed(d)`.
    ReversedDict,
    /// A keyword argument of a built-in the subset does not take: the function and keyword.
    BuiltinKeyword {
        /// The built-in's name.
        function: &'static str,
        /// The keyword.
        keyword: String,
    },
    /// `round(1.5, 1)`.
    RoundDigits,
    /// `type(f)` of an object the subset has no class for: the type's name.
    TypeOf(&'static str),
    /// `import os`: the module's name.
    Module(String),
    /// `from numpy import *` of a module that lists no names to import: the module.
    StarImportFrom(String),
    /// A construct of the embedder's own.
    Host(Arc<dyn HostConstruct>),
}

impl Construct {
    /// The embedder's construct, if this is one of type `T`.
    pub fn host<T: HostConstruct>(&self) -> Option<&T> {
        let Construct::Host(h) = self else {
            return None;
        };
        let any: &dyn core::any::Any = h.as_ref();
        any.downcast_ref::<T>()
    }

    /// One of each kind (with made-up fields), for tests that every kind is worded; the
    /// [`Construct::Host`] kinds are the embedder's to list.
    pub fn samples() -> Vec<Construct> {
        use Construct::*;
        vec![
            Classes,
            TryExcept,
            WithStatements,
            AsyncCode,
            GlobalDeclarations,
            NonlocalDeclarations,
            GeneratorsYield,
            GeneratorsAndAsync,
            Walrus,
            DictsAndSets,
            EllipsisLiteral,
            Annotations,
            VariableAnnotations,
            Decorators,
            KeywordStatements("match"),
            RaiseFrom,
            AssigningToAttributes,
            FStringEquals,
            FStringAscii,
            NestedFormatSpecs,
            FormatSpecs,
            StarUnpacking,
            DoubleStarUnpacking,
            StarArguments,
            UnpackingInDisplays,
            Sets,
            RelativeImports,
            StarImport,
            StarParameters,
            NormalizingName {
                ch: 'ﬁ',
                mark: false,
            },
            NormalizingName {
                ch: '\u{301}',
                mark: true,
            },
            NanDictKey,
            DictKeyOfType("list"),
            PrintingObject("range"),
            ComparingDictViews,
            MeasuringWithoutCall("strides".into()),
            MeasuringThisCase,
            ComplexNumbers,
            NumberThenKeyword,
            BytesLiterals,
            LoneSurrogates,
            NamedEscapes,
            DictMethodAsValue("get".into()),
            SlicingRange,
            GeneratorPassedTo("dict".into()),
            Method {
                owner: "str",
                name: "title".into(),
            },
            AttributesOf("int"),
            PercentFormatting,
            SliceOutsideBrackets,
            GeneratorExpressions,
            GeneratorToLibrary,
            GeneratorToDef,
            IsBetweenValues,
            BuiltinName("map".into()),
            ReversedDict,
            BuiltinKeyword {
                function: "print",
                keyword: "file".into(),
            },
            RoundDigits,
            TypeOf("NoneType"),
            Module("os".into()),
            StarImportFrom("numpy".into()),
        ]
    }
}

impl PartialEq for Construct {
    fn eq(&self, other: &Construct) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Construct {}

impl fmt::Debug for Construct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Construct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Construct::*;
        let text = match self {
            Classes => "classes",
            TryExcept => "try/except",
            WithStatements => "with statements",
            AsyncCode => "async code",
            GlobalDeclarations => "global declarations",
            NonlocalDeclarations => "nonlocal declarations",
            GeneratorsYield => "generators (yield)",
            GeneratorsAndAsync => "generators and async code",
            Walrus => "the := operator",
            DictsAndSets => "dictionaries and sets",
            EllipsisLiteral => "Ellipsis (...)",
            Annotations => "annotations",
            VariableAnnotations => "variable annotations",
            Decorators => "decorators",
            KeywordStatements(k) => return write!(f, "{k} statements"),
            RaiseFrom => "raise ... from",
            AssigningToAttributes => "assigning to attributes",
            FStringEquals => "the f-string '=' specifier",
            FStringAscii => "the f-string conversion !a",
            NestedFormatSpecs => "nested f-string format specs",
            FormatSpecs => "format specs in f-string fields ({x:...})",
            StarUnpacking => "star unpacking (*x)",
            DoubleStarUnpacking => "** unpacking",
            StarArguments => "star arguments (*args, **kwargs)",
            UnpackingInDisplays => "** and * unpacking in displays",
            Sets => "sets",
            RelativeImports => "relative imports",
            StarImport => "from ... import *",
            StarParameters => "*args, **kwargs and / or * in parameters",
            NormalizingName { ch, mark } => {
                let code = u32::from(*ch);
                return if *mark {
                    write!(
                        f,
                        "names with a separate accent or mark such as U+{code:04X}, which Python \
                         joins to the letter before it or reorders (type the accented letter itself)"
                    )
                } else {
                    write!(
                        f,
                        "names with '{ch}' (U+{code:04X}), which Python reads as another spelling \
                         of plain letters (NFKC normalization): type the plain letters"
                    )
                };
            }
            NanDictKey => "NaN as a dict key (CPython matches it by identity)",
            DictKeyOfType(t) => return write!(f, "a {t} object as a dict key"),
            PrintingObject(t) => {
                return write!(f, "printing a {t} object (CPython shows its address)");
            }
            ComparingDictViews => "comparing dict views (they compare as sets)",
            MeasuringWithoutCall(func) => {
                return write!(f, "measuring a case that does not call {func}");
            }
            MeasuringThisCase => "measuring this case",
            ComplexNumbers => "complex numbers",
            NumberThenKeyword => "a number directly followed by a keyword",
            BytesLiterals => "bytes literals",
            LoneSurrogates => "lone surrogates in strings",
            NamedEscapes => "\\N{...} escapes",
            DictMethodAsValue(name) => return write!(f, "dict.{name} as a value (call it)"),
            SlicingRange => "slicing a range",
            GeneratorPassedTo(func) => {
                return write!(f, "a generator expression passed to {func}()");
            }
            Method { owner, name } => return write!(f, "{owner}.{name}"),
            AttributesOf(t) => return write!(f, "attributes of a {t} object"),
            PercentFormatting => "%-formatting of strings",
            SliceOutsideBrackets => "slice objects outside of [ ]",
            GeneratorExpressions => {
                "generator expressions, except as the argument of sum, any, all, min, max, list, tuple, sorted or str.join"
            }
            GeneratorToLibrary => "generator expressions passed to a library function (use a list)",
            GeneratorToDef => "generator expressions passed to a def function",
            IsBetweenValues => {
                "'is' between numbers, strings or tuples (CPython's answer depends on caching; use ==)"
            }
            BuiltinName(name) => return write!(f, "the built-in name {name}"),
            ReversedDict => "reversed() of a dict or its view",
            BuiltinKeyword { function, keyword } => return write!(f, "{function}({keyword}=...)"),
            RoundDigits => "round() of a float to a number of digits",
            TypeOf(t) => return write!(f, "type() of a {t} object"),
            Module(m) => return write!(f, "the module {m} (this lab imports only its own)"),
            StarImportFrom(m) => return write!(f, "from {m} import *"),
            Host(h) => return fmt::Display::fmt(h, f),
        };
        f.write_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_is_worded_apart() {
        let samples = Construct::samples();
        let words: std::collections::BTreeSet<String> =
            samples.iter().map(ToString::to_string).collect();
        assert_eq!(words.len(), samples.len());
    }

    /// Which kind `c` is: a match with no wildcard, so that a new kind cannot be added without
    /// a place here and, by the test below, a sample.
    fn kind(c: &Construct) -> usize {
        match c {
            Construct::Classes => 0,
            Construct::TryExcept => 1,
            Construct::WithStatements => 2,
            Construct::AsyncCode => 3,
            Construct::GlobalDeclarations => 4,
            Construct::NonlocalDeclarations => 5,
            Construct::GeneratorsYield => 6,
            Construct::GeneratorsAndAsync => 7,
            Construct::Walrus => 8,
            Construct::DictsAndSets => 9,
            Construct::EllipsisLiteral => 10,
            Construct::Annotations => 11,
            Construct::VariableAnnotations => 12,
            Construct::Decorators => 13,
            Construct::KeywordStatements(..) => 14,
            Construct::RaiseFrom => 15,
            Construct::AssigningToAttributes => 16,
            Construct::FStringEquals => 17,
            Construct::FStringAscii => 18,
            Construct::NestedFormatSpecs => 19,
            Construct::FormatSpecs => 20,
            Construct::StarUnpacking => 21,
            Construct::DoubleStarUnpacking => 22,
            Construct::StarArguments => 23,
            Construct::UnpackingInDisplays => 24,
            Construct::Sets => 25,
            Construct::RelativeImports => 26,
            Construct::StarImport => 27,
            Construct::StarParameters => 28,
            Construct::NormalizingName { .. } => 29,
            Construct::NanDictKey => 30,
            Construct::DictKeyOfType(..) => 31,
            Construct::PrintingObject(..) => 32,
            Construct::ComparingDictViews => 33,
            Construct::MeasuringWithoutCall(..) => 34,
            Construct::MeasuringThisCase => 35,
            Construct::ComplexNumbers => 36,
            Construct::NumberThenKeyword => 37,
            Construct::BytesLiterals => 38,
            Construct::LoneSurrogates => 39,
            Construct::NamedEscapes => 40,
            Construct::DictMethodAsValue(..) => 41,
            Construct::SlicingRange => 42,
            Construct::GeneratorPassedTo(..) => 43,
            Construct::Method { .. } => 44,
            Construct::AttributesOf(..) => 45,
            Construct::PercentFormatting => 46,
            Construct::SliceOutsideBrackets => 47,
            Construct::GeneratorExpressions => 48,
            Construct::GeneratorToLibrary => 49,
            Construct::GeneratorToDef => 50,
            Construct::IsBetweenValues => 51,
            Construct::BuiltinName(..) => 52,
            Construct::ReversedDict => 53,
            Construct::BuiltinKeyword { .. } => 54,
            Construct::RoundDigits => 55,
            Construct::TypeOf(..) => 56,
            Construct::Module(..) => 57,
            Construct::StarImportFrom(..) => 58,
            Construct::Host(..) => 59,
        }
    }

    #[test]
    fn the_samples_hold_every_kind() {
        let kinds: std::collections::BTreeSet<usize> =
            Construct::samples().iter().map(kind).collect();
        // Every kind but `Host` (58), whose kinds are the embedder's.
        assert_eq!(kinds, (0..59).collect());
    }
}
