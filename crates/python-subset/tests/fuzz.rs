//! A fuzz pass over the parser, the evaluator and the checker: random characters, random
//! token soup and mutated answers. Nothing may panic (a panic fails the test); every input
//! must end with a value, an error or a verdict. Deterministic, so a failure reproduces.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use python_subset::{EXERCISES, Limits, check, run};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const TOKENS: &[&str] = &[
    "x",
    "y",
    "i",
    "n",
    "f",
    "s",
    "strides",
    "shape",
    "range",
    "len",
    "print",
    "list",
    "tuple",
    "zip",
    "enumerate",
    "sorted",
    "sum",
    "min",
    "max",
    "reversed",
    "int",
    "str",
    "abs",
    "ValueError",
    "append",
    "insert",
    "pop",
    "join",
    "0",
    "1",
    "2",
    "-1",
    "10",
    "2.5",
    "1e300",
    "'a'",
    "\"b\"",
    "f'{x}'",
    "f'{x!r:>3}'",
    "'''t'''",
    "None",
    "True",
    "False",
    "def",
    "return",
    "if",
    "elif",
    "else",
    "for",
    "in",
    "while",
    "break",
    "continue",
    "pass",
    "raise",
    "assert",
    "and",
    "or",
    "not",
    "is",
    "lambda",
    "class",
    "try",
    "import",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "**",
    "<<",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    "=",
    "+=",
    "*=",
    ":",
    ",",
    ".",
    ";",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\n",
    "\n    ",
    "\n        ",
    "\t",
    " ",
    " ",
    " ",
    "\\\n",
    "#c\n",
    ":=",
    "@",
    "...",
    "*",
    "**",
    "!",
    "$",
    "é",
    "“",
];

fn token_soup(rng: &mut Rng) -> String {
    let n = 1 + rng.below(40);
    (0..n)
        .map(|_| TOKENS[rng.below(TOKENS.len())])
        .collect::<Vec<_>>()
        .join(if rng.below(2) == 0 { " " } else { "" })
}

fn random_chars(rng: &mut Rng) -> String {
    let n = rng.below(60);
    (0..n)
        .map(|_| match rng.below(20) {
            0 => '\n',
            1 => '\t',
            2 => char::from_u32(0x80 + rng.below(0x3000) as u32).unwrap_or('?'),
            _ => char::from(32 + rng.below(95) as u8),
        })
        .collect()
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => {
                chars[at] = TOKENS[rng.below(TOKENS.len())]
                    .chars()
                    .next()
                    .unwrap_or(' ')
            }
            _ => {
                for (k, c) in TOKENS[rng.below(TOKENS.len())].chars().enumerate() {
                    chars.insert(at + k, c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Programs that stress the evaluator's corners once they parse.
const SEEDS: &[&str] = &[
    "def f(a, b=2):\n    return [a * i for i in range(b)]\nprint(f(3), f(b=1, a=2))\n",
    "x = [1, 2, 3]\nx[::2] = [7, 8]\ny = x[::-1] + list(zip(x, 'ab'))\nprint(y, sorted(x))\n",
    "s = 'abc'\nfor i, c in enumerate(reversed(s)):\n    print(f'{i}:{c!r:>4}')\n",
    "a = []\na.append(a)\nprint(a == a, len(a), a[0][0][0] is a)\n",
    "t = (1, (2, 3))\na, (b, c) = t\nassert a + b + c == 6, 'sum'\nwhile a < 5: a += 1\n",
];

#[test]
fn nothing_panics_on_random_input() {
    let limits = Limits {
        max_steps: 20_000,
        ..Limits::default()
    };
    let mut rng = Rng(0x51f1_5e5d_0b57_ac1e);
    let inputs: Vec<String> = (0..6000)
        .map(|i| match i % 4 {
            0 => token_soup(&mut rng),
            1 => random_chars(&mut rng),
            2 => {
                let seed = SEEDS[rng.below(SEEDS.len())];
                mutate(&mut rng, seed)
            }
            _ => {
                let ex = &EXERCISES[rng.below(EXERCISES.len())];
                mutate(&mut rng, ex.reference)
            }
        })
        .collect();
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut rng = Rng(7);
            for input in &inputs {
                let _ = run(input, &limits).result;
                let ex = &EXERCISES[rng.below(EXERCISES.len())];
                let verdict = check(ex, input, &limits);
                assert!(!verdict.to_string().is_empty());
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
