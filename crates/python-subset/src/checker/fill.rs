//! Filling the blank: the program made by putting a learner's answer in a template's blank, with
//! a map from the program's bytes back to the answer's, so that an error is shown in the
//! learner's own text.

use super::BLANK;

/// A program made from a template and an answer, and where the answer's lines went.
pub(super) struct Filled {
    /// The program.
    pub source: String,
    /// The answer, with line ends normalized: positions are reported in it.
    pub answer: String,
    /// Whether the blank is a whole line (the answer is statements), not part of one.
    pub statement: bool,
    /// Per answer line: where its kept text starts in the source and in the answer, and its
    /// length.
    lines: Vec<(usize, usize, usize)>,
}

impl Filled {
    /// The byte of the answer that byte `offset` of the source came from (clamped to the answer).
    pub fn answer_offset(&self, offset: usize) -> usize {
        for &(prog, ans, len) in &self.lines {
            // An offset in the indentation before a line belongs to that line's start.
            if offset <= prog + len {
                return ans + offset.saturating_sub(prog);
            }
        }
        self.lines.last().map_or(0, |&(_, ans, len)| ans + len)
    }

    /// Whether byte `offset` of the source is the learner's: within the text of an answer line,
    /// or, in a statement blank, at the end of one (the line's end is theirs there; in an
    /// expression blank the template goes on right after the answer).
    pub fn is_learners(&self, offset: usize) -> bool {
        self.lines.iter().any(|&(prog, _, len)| {
            offset >= prog && (offset < prog + len || self.statement && offset == prog + len)
        })
    }

    /// Where line `n` (1-based) of the source came from: a line of the answer, or of the
    /// template (the blank's line counts once, as the template shows it).
    pub fn line_origin(&self, n: usize) -> LineOrigin {
        let line_of = |offset: usize| {
            self.source
                .get(..offset)
                .map_or(0, |s| s.matches('\n').count())
                + 1
        };
        let (Some(&(first, _, _)), Some(&(last, _, _))) = (self.lines.first(), self.lines.last())
        else {
            return LineOrigin::Template(n);
        };
        let (first, last) = (line_of(first), line_of(last));
        if n < first {
            LineOrigin::Template(n)
        } else if n <= last {
            LineOrigin::Answer(n - first + 1)
        } else {
            LineOrigin::Template(n - (last - first))
        }
    }

    /// The 1-based answer line holding byte `offset` of the source, if it is in the answer.
    pub fn answer_line(&self, offset: usize) -> Option<usize> {
        let i = self
            .lines
            .iter()
            .position(|&(prog, _, len)| offset >= prog && offset <= prog + len)?;
        Some(i + 1)
    }
}

/// Where a line of the filled program came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum LineOrigin {
    /// This line (1-based) of the answer.
    Answer(usize),
    /// This line (1-based) of the template.
    Template(usize),
}

/// The program made by putting `answer` in the blank of `template`.
pub fn fill(template: &str, answer: &str) -> String {
    fill_mapped(template, answer).source
}

/// The program made by putting `answer` in the blank of `template`, with the map back.
pub(super) fn fill_mapped(template: &str, answer: &str) -> Filled {
    let answer = answer.replace("\r\n", "\n").replace('\r', "\n");
    let answer_trimmed = answer.trim_end();
    let Some(pos) = template.find(BLANK) else {
        return Filled {
            source: template.to_string(),
            answer,
            statement: false,
            lines: Vec::new(),
        };
    };
    let line_start = template
        .get(..pos)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = template
        .get(pos..)
        .and_then(|s| s.find('\n'))
        .map_or(template.len(), |i| pos + i);
    let line = template.get(line_start..line_end).unwrap_or("");
    let indent = line
        .get(..line.len() - line.trim_start().len())
        .unwrap_or("");
    let mut source = String::with_capacity(template.len() + answer.len() * 2);
    let mut lines = Vec::new();
    let statement = line.trim() == BLANK;
    if statement {
        // A statement blank: dedent the answer, then indent it as the blank.
        let is_blank = |l: &&str| l.trim().is_empty();
        let mut prefix: Option<&str> = None;
        for l in answer_trimmed.split('\n').filter(|l| !is_blank(l)) {
            let ws = l.get(..l.len() - l.trim_start().len()).unwrap_or("");
            prefix = Some(match prefix {
                None => ws,
                Some(p) => {
                    let common = p
                        .bytes()
                        .zip(ws.bytes())
                        .take_while(|(a, b)| a == b)
                        .count();
                    p.get(..common).unwrap_or("")
                }
            });
        }
        let prefix_len = prefix.map_or(0, str::len);
        source.push_str(template.get(..line_start).unwrap_or(""));
        let mut offset = 0;
        for l in answer_trimmed.split('\n') {
            if is_blank(&l) {
                lines.push((source.len(), offset, 0));
            } else {
                source.push_str(indent);
                let kept = l.get(prefix_len..).unwrap_or(l);
                lines.push((source.len(), offset + prefix_len, kept.len()));
                source.push_str(kept);
            }
            source.push('\n');
            offset += l.len() + 1;
        }
        source.push_str(template.get(line_end + 1..).unwrap_or(""));
    } else {
        // An expression blank: the answer goes in as it is.
        source.push_str(template.get(..pos).unwrap_or(""));
        let mut offset = 0;
        for (i, l) in answer_trimmed.split('\n').enumerate() {
            if i > 0 {
                source.push('\n');
            }
            lines.push((source.len(), offset, l.len()));
            source.push_str(l);
            offset += l.len() + 1;
        }
        source.push_str(template.get(pos + BLANK.len()..).unwrap_or(""));
    }
    Filled {
        source,
        answer,
        statement,
        lines,
    }
}

/// `template` cut after the line of its blank: the program a statement answer makes with what
/// comes before it and nothing after, so that an error it shows is about the answer (an answer
/// that opens a bracket is not blamed on the template's next line).
pub(super) fn up_to_blank(template: &str) -> &str {
    let Some(pos) = template.find(BLANK) else {
        return template;
    };
    let end = template
        .get(pos..)
        .and_then(|s| s.find('\n'))
        .map_or(template.len(), |i| pos + i + 1);
    template.get(..end).unwrap_or(template)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::line_col;

    const TEMPLATE: &str =
        "def f(xs):\n    out = []\n    for x in xs:\n        ____\n    return out\n";

    #[test]
    fn statement_blanks_are_reindented() {
        assert_eq!(
            fill(TEMPLATE, "  y = x * 2\n  out.append(y)\n"),
            "def f(xs):\n    out = []\n    for x in xs:\n        y = x * 2\n        out.append(y)\n    return out\n"
        );
        assert_eq!(
            fill(TEMPLATE, "if x:\n    out.append(x)"),
            "def f(xs):\n    out = []\n    for x in xs:\n        if x:\n            out.append(x)\n    return out\n"
        );
    }

    #[test]
    fn expression_blanks_are_inserted() {
        assert_eq!(
            fill("def f(a):\n    return g(____)\n", "a + 1"),
            "def f(a):\n    return g(a + 1)\n"
        );
    }

    #[test]
    fn positions_map_back_into_the_answer() {
        let filled = fill_mapped(TEMPLATE, "y = 1\n    out.append(y)");
        let in_source = filled.source.find("out.append(y)").unwrap();
        let at = filled.answer_offset(in_source);
        assert_eq!(line_col(&filled.answer, at), (2, 5));
        assert_eq!(filled.answer_line(in_source), Some(2));
        assert_eq!(filled.line_origin(3), LineOrigin::Template(3));
        assert_eq!(filled.line_origin(4), LineOrigin::Answer(1));
        assert_eq!(filled.line_origin(5), LineOrigin::Answer(2));
        assert_eq!(filled.line_origin(6), LineOrigin::Template(5));
    }

    #[test]
    fn only_the_learners_text_is_theirs() {
        let filled = fill_mapped("def f(a):\n    return g(____)\n", "a + 1");
        let at = |s: &str| filled.source.find(s).unwrap();
        assert!(filled.is_learners(at("a + 1")));
        assert!(filled.is_learners(at("1)")));
        assert!(!filled.is_learners(at(")\n")), "the template's bracket");
        let filled = fill_mapped(TEMPLATE, "y = (1");
        let end = filled.source.find("(1").unwrap() + 2;
        assert!(
            filled.is_learners(end),
            "the end of a statement line is theirs"
        );
        assert_eq!(
            up_to_blank(TEMPLATE),
            "def f(xs):\n    out = []\n    for x in xs:\n        ____\n"
        );
    }
}
