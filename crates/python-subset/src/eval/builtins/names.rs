//! The names of the built-in functions and types ([`Builtin`]), the names CPython has and
//! the subset leaves out, and [`lookup`] among them.

use crate::error::{Error, ExcClass, Result, Span};
use crate::value::Value;

macro_rules! builtins {
    ($($name:ident = $text:literal),* $(,)?) => {
        /// A built-in function or type.
        #[derive(Clone, Copy, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum Builtin { $($name),* }

        const ALL: &[Builtin] = &[$(Builtin::$name),*];

        impl Builtin {
            /// Its Python name.
            pub fn name(self) -> &'static str {
                match self { $(Builtin::$name => $text),* }
            }
        }
    };
}

builtins!(
    Print = "print",
    Len = "len",
    Range = "range",
    Reversed = "reversed",
    Zip = "zip",
    Enumerate = "enumerate",
    Min = "min",
    Max = "max",
    Sum = "sum",
    Abs = "abs",
    Any = "any",
    All = "all",
    Sorted = "sorted",
    Repr = "repr",
    Isinstance = "isinstance",
    Divmod = "divmod",
    Pow = "pow",
    Round = "round",
    Type = "type",
    Int = "int",
    Float = "float",
    Str = "str",
    Bool = "bool",
    List = "list",
    Tuple = "tuple",
    Dict = "dict",
);

/// CPython's other built-in names: valid Python, outside the subset.
const UNSUPPORTED: &[&str] = &[
    "ascii",
    "bin",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dir",
    "eval",
    "exec",
    "exit",
    "filter",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "issubclass",
    "iter",
    "license",
    "locals",
    "map",
    "memoryview",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "property",
    "quit",
    "set",
    "setattr",
    "slice",
    "staticmethod",
    "super",
    "vars",
    "aiter",
    "anext",
    "Ellipsis",
    "NotImplemented",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "EncodingWarning",
    "EnvironmentError",
    "ExceptionGroup",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportWarning",
    "IndentationError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyboardInterrupt",
    "MemoryError",
    "NotADirectoryError",
    "OSError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeWarning",
    "StopAsyncIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "Warning",
];

impl Builtin {
    /// Whether CPython calls it a class (`<class 'int'>`) rather than a function.
    pub fn is_type(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Int | Float | Str | Bool | List | Tuple | Dict | Range | Zip | Enumerate | Reversed
        )
    }
}

/// A name that no scope of the program defines: a built-in, or a `NameError`.
pub fn lookup(name: &str) -> Result<Value> {
    if let Some(b) = ALL.iter().find(|b| b.name() == name) {
        return Ok(Value::Builtin(*b));
    }
    if let Some(c) = ExcClass::from_name(name).filter(|c| c.is_builtin()) {
        return Ok(Value::Class(c));
    }
    if UNSUPPORTED.contains(&name) || name.starts_with("__") {
        return Err(Error::unsupported(
            crate::construct::Construct::BuiltinName(name.to_string()),
            Span::default(),
        ));
    }
    Err(Error::exception(
        ExcClass::NameError,
        format!("name '{name}' is not defined"),
        Span::default(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_builtins_classes_unsupported_or_undefined() {
        assert!(matches!(lookup("len"), Ok(Value::Builtin(Builtin::Len))));
        assert!(matches!(
            lookup("ValueError"),
            Ok(Value::Class(ExcClass::ValueError))
        ));
        let message = |name: &str| {
            lookup(name)
                .map(|_| String::new())
                .unwrap_or_else(|e| e.to_string())
        };
        assert_eq!(
            message("map"),
            "valid Python, but this lab does not run it: the built-in name map"
        );
        assert_eq!(
            message("__import__"),
            "valid Python, but this lab does not run it: the built-in name __import__"
        );
        assert_eq!(message("lenn"), "NameError: name 'lenn' is not defined");
    }
}
