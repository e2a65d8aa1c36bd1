//! The help texts and [`Usage`], the error for a command line that asks for nothing runnable.

use std::fmt;

/// The one-line reminder printed under every usage error.
pub const SHORT: &str = "Usage: strides eval [PROGRAM] | strides quiz list|check|lint|scorm    (strides --help for more)";

/// `strides --help`.
pub const HELP: &str = "\
strides: where the numbers of a NumPy array or PyTorch tensor live, from the command line.

Usage:
  strides eval [PROGRAM]   run a short NumPy/PyTorch program and print its last value
                           as one JSON line; PROGRAM '-' or absent reads stdin
  strides quiz list [--questions FILE]
                           the lab's questions (or FILE's), as one JSON line
  strides quiz check [--lang en|es] [--questions FILE [--variant K]] ID ANSWER
                           the lab's verdict on ANSWER to question ID, as one JSON line
  strides quiz lint FILE   check an author's question file: one JSON line per question
                           and variant with its computed key; exit 1 if any is unusable
  strides quiz scorm --questions FILE -o OUT.zip [--version 1.2|2004]
                           a SCORM package of FILE's questions for an LMS
  strides --help           this help
  strides --version        the version

A program is Python statements, one a line or separated by ';'. The names np, torch,
as_strided and sliding_window_view are already imported. For example:

  strides eval 'x = np.arange(12.0).reshape(3, 4); x.T'
  echo 'torch.zeros(2, 3).T.stride()' | strides eval

The JSON is one of:
  an array or tensor  {\"shape\": …, \"strides\": … (bytes), \"offset\": …, \"view\": …, \"values\": …}
  a NumPy scalar      {\"scalar\": true, \"dtype\": …, \"values\": [v]}
  any other value     {\"value\": …, \"type\": …}
  a Python exception  {\"error\": \"ValueError\", \"message\": …}
                      (an AttributeError adds \"suggestion\" where Python says \"Did you mean\")
  what the lab lacks  {\"error\": \"Unsupported\", \"message\": …}
  a limit of the lab  {\"error\": \"LabLimit\", \"limit\": \"work\", \"asked\": …, \"most\": …, \"message\": …}
                      (\"limit\" is one of work, work-total, array-bytes, sequence, listed, steps,
                      memory, collection-length, string-length, source-length, integer-size)

\"view\" says whether the result reads the memory of the program's first array: the first
array it creates (the np.arange in np.arange(6)[::2]), or the array that the statement creating
it names (x in x = np.arange(6) * 2). \"offset\" is counted from the start of that memory.

Exit status: 0 for every result and every exception the program raises; 1 when quiz lint
finds an unusable question; 2 when the
command line itself is wrong (no subcommand, an unknown one, an empty program).";

/// A command line that cannot run: what was wrong with it.
#[derive(Debug, PartialEq, Eq)]
pub struct Usage(String);

impl Usage {
    /// A usage error saying `what`.
    pub fn new(what: impl Into<String>) -> Self {
        Usage(what.into())
    }
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
