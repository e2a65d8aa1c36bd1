//! Dicts (displays, methods, views, random operations), the string methods on random strings,
//! and `del`, compared with CPython.

use super::assert_like_cpython;
use super::support::Rng;

/// Dicts: displays, comprehensions, `dict(...)`, the methods, views, equality across `1`,
/// `1.0` and `True`, unhashable keys, missing keys, a dict inside itself, and changing size
/// while iterating.
const DICTS: &[&str] = &[
    "d = {'a': 1, 2: [3], (1, 'x'): None}\nprint(d, len(d), d['a'], 2 in d, d.get('z'), d.get('z', 0))",
    "d = {1: 'int'}\nd[1.0] = 'float'\nd[True] = 'bool'\nprint(d, {1.0: 'a', 1: 'b'}, {0: 0, -0.0: 1, False: 2})",
    "d = {}\nd[[1]] = 2",
    "print({[1]: 2})",
    "print({'a': 1}['b'])",
    "print({(1, 2): 'x'}[(1, 2)], {(1, 'a'): 0}.get((1, 'a')))",
    "print({(1, [2]): 3})",
    "d = {'x': 1, 'y': 2}\nprint(list(d), d.keys(), d.values(), d.items(), list(d.items()), len(d.keys()))",
    "print({k: v * 2 for k, v in [('x', 1), ('y', 2)]}, {i % 3: i for i in range(10)})",
    "print(dict(), dict(a=1, b=2), dict([(1, 2), (3, 4)]), dict({1: 2}, b=3), dict(zip('ab', range(2))))",
    "print(dict([1, 2]))",
    "print(dict([(1, 2, 3)]))",
    "d = {'a': 1}\nprint(d.pop('a'), d.pop('a', 'gone'), d)\nd.pop('a')",
    "d = {}\nprint(d.setdefault('k', []), d)\nd.setdefault('k', []).append(1)\nprint(d)",
    "d = {'a': 1}\nd.update({'b': 2}, c=3)\nd.update([('d', 4)])\nprint(d)",
    "d = {'a': [1]}\ne = d.copy()\ne['a'].append(2)\ne['b'] = 0\nprint(d, e)\nd.clear()\nprint(d, bool(d), bool(e))",
    "print({1: 2} == {1.0: 2}, {1: 2} == {1: 3}, {'a': 1, 'b': 2} == {'b': 2, 'a': 1}, {} != {})",
    "d = {}\nd['self'] = d\nprint(d)",
    "d = {'a': 1, 'b': 2}\nfor k in d:\n    d[k] += 10\nprint(d)",
    "d = {'a': 1}\nfor k in d:\n    d['b'] = 2",
    "d = {'b': 1, 'a': 2}\nprint(sorted(d), sorted(d.items()), max(d), sum(d.values()), ('a', 2) in d.items(), 3 in d.values())",
    "print(type({}), isinstance({}, dict), isinstance([], dict), type({}) == dict)",
    "counts = {}\nfor w in 'the cat and the hat'.split(' ') if False else ['the', 'cat', 'the']:\n    counts[w] = counts.get(w, 0) + 1\nprint(counts)",
    "d = {}\nd['a'] += 1",
    "print({'a': 1}.nope)",
    "print({1: 2} < {1: 2})",
    "print({'a': 1, }, {(): ()}, {None: None})",
    "def f(**kw):\n    pass",
    "x = {1: 2}\nx[1] = 3\nprint(x, x.get(1.0), 1.0 in x)",
];

#[test]
fn dicts_match_cpython() {
    let programs: Vec<String> = DICTS
        .iter()
        .filter(|p| !p.contains(".split(") && !p.contains("**kw"))
        .map(|p| p.to_string())
        .collect();
    assert_like_cpython(&programs, true);
}

/// Random operations on one dict, with keys that are equal across types, unhashable and
/// missing.
fn dict_program(rng: &mut Rng) -> String {
    let keys = [
        "0", "1", "1.0", "True", "'a'", "'b'", "(1, 2)", "(1, 'a')", "None", "-1", "2.5", "[1]",
        "(1, [2])", "False", "0.0",
    ];
    let mut p = String::from("d = {'a': 0, 1: 1}\n");
    for _ in 0..1 + rng.below(7) {
        let k = rng.pick(&keys);
        let v = rng.below(9);
        p += &match rng.below(13) {
            0 | 1 => format!("d[{k}] = {v}\n"),
            2 => format!("print(d[{k}])\n"),
            3 => format!("print(d.get({k}), d.get({k}, -1))\n"),
            4 => format!("print(d.pop({k}, None))\n"),
            5 => format!("print(d.pop({k}))\n"),
            6 => format!("print({k} in d, {k} in d.keys())\n"),
            7 => format!("print(d.setdefault({k}, {v}))\n"),
            8 => format!("d.update({{{k}: {v}}})\n"),
            9 => "print(d, len(d), list(d.items()))\n".to_string(),
            10 => "e = dict(d)\nprint(d == e, e)\n".to_string(),
            11 => "print({x: d[x] for x in d}, sorted(d.values()))\n".to_string(),
            _ => format!("d[{k}] = d.get({k}, 0) + {v}\n"),
        };
    }
    p += "print(d)\n";
    p
}

#[test]
fn random_dict_programs_match_cpython() {
    let mut rng = Rng(0xd1c7_5eed_0000_0003);
    let programs: Vec<String> = (0..800).map(|_| dict_program(&mut rng)).collect();
    assert_like_cpython(&programs, true);
}

/// Random calls of the string methods, on strings with CPython's whitespace (the information
/// separators U+001C to U+001F too), empty parts and non-ASCII letters; what they print, or
/// the class of what they raise, must be CPython's.
fn string_method_call(rng: &mut Rng) -> String {
    let s = rng.pick(&[
        "'  a b  c '",
        "'a,b,,c'",
        "''",
        "'\\x1c x\\x1fy \\t\\n'",
        "'Straße ΑΣ'",
        "'xxaxx'",
        "'a\\u3000b\\x85c'",
        "'--a--b--'",
    ]);
    let arg = |rng: &mut Rng| {
        rng.pick(&[
            "','",
            "' '",
            "''",
            "'x'",
            "'-'",
            "'a'",
            "None",
            "1",
            "'--'",
            "('a', 'x')",
        ])
        .to_string()
    };
    let (a, b) = (arg(rng), arg(rng));
    let n = rng.below(5) as i64 - 2;
    let call = match rng.below(12) {
        0 => "split()".to_string(),
        1 => format!("split({a})"),
        2 => format!("split({a}, {n})"),
        3 => format!("split(maxsplit={n})"),
        4 => "strip()".to_string(),
        5 => format!("{}({a})", rng.pick(&["strip", "lstrip", "rstrip"])),
        6 => format!("replace({a}, {b})"),
        7 => format!("replace({a}, {b}, {n})"),
        8 => rng.pick(&["upper()", "lower()"]).to_string(),
        9 => format!("startswith({a})"),
        10 => format!("endswith({a})"),
        _ => format!("split({a}).count('')"),
    };
    format!("print(repr({s}.{call}))\n")
}

#[test]
fn random_string_methods_match_cpython() {
    let mut rng = Rng(0x5791_0000_57a1_0004);
    let programs: Vec<String> = (0..1500).map(|_| string_method_call(&mut rng)).collect();
    assert_like_cpython(&programs, true);
}

/// `del`: names (global, local, unbound, built-in), list items and slices, dict keys, and
/// what cannot be deleted.
const DELS: &[&str] = &[
    "x = 1\ndel x\nprint(x)",
    "def f():\n    x = 1\n    del x\n    return x\nf()",
    "del y",
    "del len",
    "a = [1, 2, 3]\ndel a[5]",
    "a = [1, 2, 3]\ndel a[-1]\nprint(a)",
    "a = (1,)\ndel a[0]",
    "a = 's'\ndel a[0]",
    "a = [1, 2, 3, 4, 5]\ndel a[::2]\nprint(a)\ndel a[:]\nprint(a)",
    "a = [1, 2, 3, 4, 5]\ndel a[3:0:-1], a[0]\nprint(a)",
    "d = {1: 2, 'k': 3}\ndel d['k']\nprint(d)\ndel d[3]",
    "a = [1]\ndel a['x']",
    "def f():\n    del x\nf()",
    "x = [1, 2]\ny = x\ndel x\nprint(y)",
    "a, b = 1, 2\ndel a, b\nprint(a)",
];

#[test]
fn del_matches_cpython() {
    let programs: Vec<String> = DELS.iter().map(|p| p.to_string()).collect();
    assert_like_cpython(&programs, true);
}
