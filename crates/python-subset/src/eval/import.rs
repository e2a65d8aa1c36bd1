//! `import` statements, resolved in the registry [`Interp::modules`]: `import a.b` binds `a`,
//! `import a.b as c` binds the module `a.b`, `from a.b import x` takes attribute `x` of `a.b`
//! through [`Interp::get_attr`] (or the submodule `a.b.x`). Errors are CPython's words for
//! modules without a file; a standard-library module (or NumPy, PyTorch) that is not
//! registered is unsupported (CPython would import it), not a `ModuleNotFoundError`.

use super::Interp;
use crate::ast::ImportName;
use crate::error::{Error, ErrorKind, ExcClass, Result, Span};
use crate::value::Value;
use std::rc::Rc;

/// Modules a program may import in the lab's CPython (with NumPy and PyTorch) that may not be
/// registered: NumPy, PyTorch, and CPython 3.11's `sys.stdlib_module_names` without the
/// private ones (`_` first). Missing, they are unsupported, never a `ModuleNotFoundError`.
const KNOWN: &str = "numpy torch abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit \
audioop base64 bdb binascii bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code \
codecs codeop collections colorsys compileall concurrent configparser contextlib contextvars copy \
copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest \
email encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions \
ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac \
html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json keyword \
lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder \
msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator \
optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib \
posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue \
quopri random re readline reprlib resource rlcompleter runpy sched secrets select selectors \
shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 \
sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess \
sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this \
threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle \
turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref \
webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo";

fn not_found(message: String) -> Error {
    Error::exception(ExcClass::ModuleNotFoundError, message, Span::default())
}

impl Interp {
    /// The module registered as `dotted`, if any.
    pub fn module(&self, dotted: &str) -> Option<Value> {
        self.modules
            .iter()
            .find(|(n, _)| &**n == dotted)
            .map(|(_, v)| v.clone())
    }

    /// Whether `dotted` is a package: a module with registered submodules.
    fn is_package(&self, dotted: &str) -> bool {
        self.modules.iter().any(|(n, _)| {
            n.strip_prefix(dotted)
                .is_some_and(|rest| rest.starts_with('.'))
        })
    }

    /// Imports `dotted` and every package above it, as CPython does: the module, or the
    /// error for the first that is missing.
    fn import_module(&self, dotted: &str) -> Result<Value> {
        let mut end = 0;
        let mut parent: Option<&str> = None;
        let mut found = Value::None;
        for part in dotted.split('.') {
            end += part.len();
            let prefix = dotted.get(..end).unwrap_or(dotted);
            end += 1;
            found = match self.module(prefix) {
                Some(m) => m,
                None => {
                    return Err(match parent {
                        None if prefix.starts_with('_')
                            || KNOWN.split(' ').any(|m| m == prefix) =>
                        {
                            Error::unsupported(
                                crate::construct::Construct::Module(prefix.to_string()),
                                Span::default(),
                            )
                        }
                        Some(p) if !self.is_package(p) => not_found(format!(
                            "No module named '{prefix}'; '{p}' is not a package"
                        )),
                        _ => not_found(format!("No module named '{prefix}'")),
                    });
                }
            };
            parent = Some(prefix);
        }
        Ok(found)
    }

    /// `import a.b as c, d`.
    pub(super) fn exec_import(&mut self, names: &[ImportName]) -> Result<()> {
        for n in names {
            let at = |e: Error| super::at(e, n.span);
            match &n.alias {
                Some(alias) => {
                    let m = self.import_module(&n.name).map_err(at)?;
                    self.store(alias, m);
                }
                None => {
                    self.import_module(&n.name).map_err(at)?;
                    let top = n.name.split('.').next().unwrap_or(&n.name);
                    let m = self.import_module(top).map_err(at)?;
                    self.store(&Rc::from(top), m);
                }
            }
        }
        Ok(())
    }

    /// `from module import *`: the names the module lists ([`crate::host::Object::star_names`]),
    /// as CPython binds a module's `__all__` or its names without a leading `_`; a module that
    /// lists none is outside the subset.
    pub(super) fn exec_from_import_star(&mut self, module: &str, span: Span) -> Result<()> {
        let m = self.import_module(module).map_err(|e| super::at(e, span))?;
        let names = match &m {
            Value::Host(h) => h.star_names(),
            _ => None,
        };
        let Some(names) = names else {
            return Err(Error::unsupported(
                crate::construct::Construct::StarImportFrom(module.to_string()),
                span,
            ));
        };
        for (name, value) in names {
            self.store(&name, value);
        }
        Ok(())
    }

    /// `from module import x as y, z`.
    pub(super) fn exec_from_import(&mut self, module: &str, names: &[ImportName]) -> Result<()> {
        let m = self.import_module(module)?;
        for n in names {
            let v = match self.get_attr(&m, &n.name) {
                Ok(v) => v,
                Err(e) if matches!(e.kind, ErrorKind::Exception(ExcClass::AttributeError, _)) => {
                    match self.module(&format!("{module}.{}", n.name)) {
                        Some(sub) => sub,
                        None => {
                            return Err(Error::exception(
                                ExcClass::ImportError,
                                format!(
                                    "cannot import name '{}' from '{module}' (unknown location)",
                                    n.name
                                ),
                                n.span,
                            ));
                        }
                    }
                }
                Err(e) => return Err(super::at(e, n.span)),
            };
            self.store(n.alias.as_ref().unwrap_or(&n.name), v);
        }
        Ok(())
    }
}
