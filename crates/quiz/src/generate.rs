//! Generated practice: unlimited questions from a seed that is shown to the learner. Question `n`
//! of seed `s` has the id `gen-<s>-<n>` and depends on nothing else, so the id regenerates it on
//! any machine. The randomness is [`SplitMix64`], written out here (no `rand`), so the sequence is
//! fixed forever. Keys are computed like the bank's, by running the generated program.

use std::borrow::Cow;

use stride_core::{Layout, Order};

use crate::bank::base;
use crate::question::{Choice, Claim, Kind, Question, Recipe, Unit};
use crate::text::{Text, tuple};

/// Sebastiano Vigna's SplitMix64: 64 bits of state, one add and three xor-shift-multiplies per
/// number. Plenty for choosing shapes, and the same on every platform.
#[derive(Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (the modulo bias is far too small to matter here).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.saturating_sub(lo).saturating_add(1).max(1) as u64;
        lo + (self.next() % span) as i64
    }

    /// One item of a non-empty slice (the first if it is empty... which never happens here).
    pub fn pick<T: Copy>(&mut self, items: &[T], fallback: T) -> T {
        let i = self.range(0, items.len() as i64 - 1) as usize;
        items.get(i).copied().unwrap_or(fallback)
    }

    /// True with probability 1/2.
    pub fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

/// The prefix of every generated id.
pub const PREFIX: &str = "gen-";

/// `count` generated questions of `seed`: question `n` is a number question when `n % 3 == 0`, a
/// tuple question when it is 1 and a choice question when it is 2.
pub fn generate(seed: u64, count: usize) -> Vec<Question> {
    (0..count as u64).map(|n| generated(seed, n)).collect()
}

/// Question `n` of `seed`.
pub fn generated(seed: u64, n: u64) -> Question {
    let mut rng = SplitMix64::new(seed ^ n.wrapping_mul(0xD1B5_4A32_D192_ED03));
    rng.next();
    let id = format!("{PREFIX}{seed}-{n}");
    match n % 3 {
        0 => match rng.range(0, 4) {
            0 => position_in_slice(&mut rng, id),
            1 => position_contiguous(&mut rng, id),
            2 => byte_offset(&mut rng, id),
            3 => window_count(&mut rng, id),
            _ => broadcast_bytes(&mut rng, id),
        },
        1 => match rng.range(0, 4) {
            0 => contiguous_strides(&mut rng, id),
            1 => swapped_strides(&mut rng, id),
            2 => sliced_strides(&mut rng, id),
            3 => broadcast_shape(&mut rng, id),
            _ => window_shape(&mut rng, id),
        },
        _ => match rng.coin() {
            true => view_or_copy(&mut rng, id),
            false => which_copies(&mut rng, id),
        },
    }
}

/// The seed and number of a generated id, `gen-<seed>-<n>`.
pub fn parse_id(id: &str) -> Option<(u64, u64)> {
    let rest = id.strip_prefix(PREFIX)?;
    let (seed, n) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(seed) || !digits(n) {
        return None;
    }
    Some((seed.parse().ok()?, n.parse().ok()?))
}

const DTYPES: [(&str, i64); 5] = [
    ("float64", 8),
    ("float32", 4),
    ("int32", 4),
    ("int64", 8),
    ("int16", 2),
];

fn shape(rng: &mut SplitMix64, min_ndim: i64, max_ndim: i64) -> Vec<i64> {
    let ndim = rng.range(min_ndim, max_ndim);
    (0..ndim).map(|_| rng.range(2, 5)).collect()
}

/// Contiguous strides in `unit` (NumPy's, through stride-core), for the prompt.
fn strides_of(shape: &[i64], itemsize: i64, elements: bool) -> Vec<i64> {
    let scale = if elements { itemsize } else { 1 };
    Layout::contiguous(shape, itemsize, Order::C)
        .map(|l| l.strides().iter().map(|s| s / scale).collect())
        .unwrap_or_default()
}

fn unit_words(elements: bool) -> (&'static str, &'static str, Unit) {
    if elements {
        ("elements", "elementos", Unit::Elements)
    } else {
        ("bytes", "bytes", Unit::Bytes)
    }
}

const ADDRESS_HINT: Text = Text::new(
    "Use the address rule: start + i·s₀ + j·s₁ + …, with the strides and the start of this array.",
    "Usa la regla de direcciones: inicio + i·s₀ + j·s₁ + …, con los strides y el inicio de este array.",
);

const STRIDE_HINT: Text = Text::new(
    "The last axis steps one element; each axis to its left jumps over everything to its right.",
    "El último eje avanza un elemento; cada eje a su izquierda salta por encima de todo lo que queda a su derecha.",
);

fn index_in(rng: &mut SplitMix64, shape: &[i64]) -> Vec<i64> {
    shape.iter().map(|&d| rng.range(0, d - 1)).collect()
}

fn position_in_slice(rng: &mut SplitMix64, id: String) -> Question {
    let (rows, cols) = (rng.range(3, 6), rng.range(3, 6));
    let (r0, c0) = (rng.range(1, rows - 1), rng.range(0, cols - 1));
    let step = rng.pick(&[1, 1, 2], 1);
    let sliced_rows = rows - r0;
    let sliced_cols = (cols - c0 + step - 1) / step;
    let (i, j) = (rng.range(0, sliced_rows - 1), rng.range(0, sliced_cols - 1));
    let slice = if step == 1 {
        format!("{r0}:, {c0}:")
    } else {
        format!("{r0}:, {c0}::{step}")
    };
    let idx = format!("[{i}, {j}]");
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "x = np.zeros(({rows}, {cols})) is contiguous, with strides ({cols}, 1) in elements, and v = x[{slice}]. At which memory position (in elements, from the start of x's memory) is v{idx}?"
                ),
                format!(
                    "x = np.zeros(({rows}, {cols})) es contiguo, con strides ({cols}, 1) en elementos, y v = x[{slice}]. ¿En qué posición de memoria (en elementos, desde el principio de la memoria de x) está v{idx}?"
                ),
            ),
            format!("x = np.zeros(({rows}, {cols}))\nx[{slice}]"),
            Recipe::ElementPosition(Cow::Owned(vec![i, j])),
            Text::new(
                "First find where v starts: the position of x[r, c] for the first row and column it keeps. Then add i·s₀ + j·s₁ with v's strides.",
                "Busca primero dónde empieza v: la posición de x[r, c] para la primera fila y columna que conserva. Luego suma i·s₀ + j·s₁ con los strides de v.",
            ),
        )
    }
}

fn position_contiguous(rng: &mut SplitMix64, id: String) -> Question {
    let shape = shape(rng, 2, 3);
    let index = index_in(rng, &shape);
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, 8, true));
    let idx = stride_core::dims::list(&index);
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "An array of shape {s} is contiguous: strides {strides} in elements, start 0. At which memory position is element [{idx}]?"
                ),
                format!(
                    "Un array de shape {s} es contiguo: strides {strides} en elementos, inicio 0. ¿En qué posición de memoria está el elemento [{idx}]?"
                ),
            ),
            format!("x = np.zeros({s})\nx"),
            Recipe::ElementPosition(Cow::Owned(index)),
            ADDRESS_HINT,
        )
    }
}

fn byte_offset(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 2, 3);
    let transpose = rng.coin();
    let s = tuple(&shape);
    let setup = format!("x = np.zeros({s}, dtype=np.{dtype})");
    let (expr, result_shape): (&str, Vec<i64>) = if transpose {
        ("x.T", shape.iter().rev().copied().collect())
    } else {
        ("x", shape.clone())
    };
    let index = index_in(rng, &result_shape);
    let idx = stride_core::dims::list(&index);
    let strides = tuple(&strides_of(&shape, itemsize, false));
    Question {
        unit: Unit::Bytes,
        before: transpose.then(|| Cow::Owned(format!("{setup}\nx"))),
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) has strides {strides} in bytes ({itemsize} bytes per number). At which byte offset is {expr}[{idx}]?"
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) tiene strides {strides} en bytes ({itemsize} bytes por número). ¿En qué offset en bytes está {expr}[{idx}]?"
                ),
            ),
            format!("{setup}\n{expr}"),
            Recipe::ByteOffset(Cow::Owned(index)),
            ADDRESS_HINT,
        )
    }
}

fn window_count(rng: &mut SplitMix64, id: String) -> Question {
    let n = rng.range(8, 20);
    let k = rng.range(2, 5);
    let step = rng.range(1, 3);
    let count = (n - k) / step + 1;
    Question {
        note: Some(Text::owned(
            format!("n_win = (n − k)//step + 1 = ({n} − {k})//{step} + 1 = {count}."),
            format!("n_win = (n − k)//step + 1 = ({n} − {k})//{step} + 1 = {count}."),
        )),
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "A window of width k = {k} slides over a signal of length n = {n}, moving step = {step} at a time. How many windows are there?"
                ),
                format!(
                    "Una ventana de ancho k = {k} se desliza sobre una señal de longitud n = {n}, avanzando step = {step} cada vez. ¿Cuántas ventanas hay?"
                ),
            ),
            format!("x = np.arange({n})\nsliding_window_view(x, {k})[::{step}].shape[0]"),
            Recipe::Value,
            Text::new(
                "Windows start at 0, step, 2·step, … and the last one must end inside the signal.",
                "Las ventanas empiezan en 0, step, 2·step, … y la última debe acabar dentro de la señal.",
            ),
        )
    }
}

fn broadcast_bytes(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let m = rng.range(2, 6);
    let rows = rng.pick(&[10, 100, 1000], 100);
    let column = rng.coin();
    let (v_shape, target) = if column {
        (vec![m, 1], vec![m, rows])
    } else {
        (vec![m], vec![rows, m])
    };
    let (vs, ts) = (tuple(&v_shape), tuple(&target));
    Question {
        unit: Unit::Bytes,
        ..base(
            id,
            Kind::Number,
            Text::owned(
                format!(
                    "v = np.zeros({vs}, dtype=np.{dtype}), {itemsize} bytes per number. How many bytes of memory does np.broadcast_to(v, {ts}) store?"
                ),
                format!(
                    "v = np.zeros({vs}, dtype=np.{dtype}), {itemsize} bytes por número. ¿Cuántos bytes de memoria guarda np.broadcast_to(v, {ts})?"
                ),
            ),
            format!("v = np.zeros({vs}, dtype=np.{dtype})\nnp.broadcast_to(v, {ts})"),
            Recipe::StoredBytes,
            Text::new(
                "The stretched axis gets stride 0: count the different memory cells the result reads.",
                "El eje estirado recibe stride 0: cuenta las celdas de memoria distintas que lee el resultado.",
            ),
        )
    }
}

fn contiguous_strides(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 1, 4);
    let elements = rng.coin();
    let (en, es, unit) = unit_words(elements);
    let s = tuple(&shape);
    Question {
        unit,
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) is contiguous, {itemsize} bytes per number. What are its strides, in {en}? Type them like a shape."
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) es contiguo, {itemsize} bytes por número. ¿Cuáles son sus strides, en {es}? Escríbelos como una shape."
                ),
            ),
            format!("x = np.zeros({s}, dtype=np.{dtype})\nx"),
            if elements {
                Recipe::StridesInElements
            } else {
                Recipe::Strides
            },
            STRIDE_HINT,
        )
    }
}

fn swapped_strides(rng: &mut SplitMix64, id: String) -> Question {
    let (dtype, itemsize) = rng.pick(&DTYPES, ("float64", 8));
    let shape = shape(rng, 2, 4);
    let elements = rng.coin();
    let (en, es, unit) = unit_words(elements);
    let ndim = shape.len() as i64;
    let expr = if ndim == 2 || rng.coin() {
        "x.T".to_string()
    } else {
        let a = rng.range(0, ndim - 2);
        let b = rng.range(a + 1, ndim - 1);
        format!("np.swapaxes(x, {a}, {b})")
    };
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, itemsize, elements));
    let setup = format!("x = np.zeros({s}, dtype=np.{dtype})");
    Question {
        unit,
        before: Some(Cow::Owned(format!("{setup}\nx"))),
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) has strides {strides} in {en}. What are the strides of {expr}, in {en}?"
                ),
                format!(
                    "x = np.zeros({s}, dtype=np.{dtype}) tiene strides {strides} en {es}. ¿Cuáles son los strides de {expr}, en {es}?"
                ),
            ),
            format!("{setup}\n{expr}"),
            if elements {
                Recipe::StridesInElements
            } else {
                Recipe::Strides
            },
            Text::new(
                "A transpose or swapaxes moves no number: it exchanges the sizes and the strides of the axes it swaps.",
                "Una transpuesta o swapaxes no mueve ningún número: intercambia los tamaños y los strides de los ejes que cambia.",
            ),
        )
    }
}

fn sliced_strides(rng: &mut SplitMix64, id: String) -> Question {
    let shape: Vec<i64> = shape(rng, 2, 3).iter().map(|d| d + 2).collect();
    let parts: Vec<String> = shape
        .iter()
        .map(|&d| {
            let step = rng.pick(&[1, 2, 3, -1], 1);
            let start = rng.range(0, d / 2);
            match (start, step) {
                (_, -1) => "::-1".to_string(),
                (0, 1) => ":".to_string(),
                (s, 1) => format!("{s}:"),
                (0, k) => format!("::{k}"),
                (s, k) => format!("{s}::{k}"),
            }
        })
        .collect();
    let s = tuple(&shape);
    let strides = tuple(&strides_of(&shape, 8, true));
    let expr = format!("x[{}]", parts.join(", "));
    Question {
        unit: Unit::Elements,
        ..base(
            id,
            Kind::Tuple,
            Text::owned(
                format!(
                    "x = np.zeros({s}) has strides {strides} in elements. What are the strides of {expr}, in elements?"
                ),
                format!(
                    "x = np.zeros({s}) tiene strides {strides} en elementos. ¿Cuáles son los strides de {expr}, en elementos?"
                ),
            ),
            format!("x = np.zeros({s})\n{expr}"),
            Recipe::StridesInElements,
            Text::new(
                "A slice keeps each axis's stride and multiplies it by the step (a negative step walks backwards); the start only moves where the view begins.",
                "Un slice conserva el stride de cada eje y lo multiplica por el paso (un paso negativo recorre hacia atrás); el inicio solo cambia dónde empieza la vista.",
            ),
        )
    }
}

fn broadcast_shape(rng: &mut SplitMix64, id: String) -> Question {
    let a = shape(rng, 1, 3);
    let keep = rng.range(1, a.len() as i64) as usize;
    let mut b: Vec<i64> = a.iter().skip(a.len() - keep).copied().collect();
    for d in &mut b {
        match rng.range(0, 5) {
            0 | 1 => *d = 1,
            2 => *d += 1,
            _ => {}
        }
    }
    let mut a = a;
    if rng.coin() {
        if let Some(first) = a.first_mut() {
            *first = 1;
        }
        b.insert(0, rng.range(2, 5));
    }
    let (a, b) = if rng.coin() { (a, b) } else { (b, a) };
    let (sa, sb) = (tuple(&a), tuple(&b));
    base(
        id,
        Kind::Tuple,
        Text::owned(
            format!(
                "What is the shape of a + b for a of shape {sa} and b of shape {sb}? Type \"error\" if they do not broadcast."
            ),
            format!(
                "¿Qué shape tiene a + b si a tiene shape {sa} y b tiene shape {sb}? Escribe \"error\" si no hacen broadcasting."
            ),
        ),
        format!("a = np.zeros({sa})\nb = np.zeros({sb})\n(a + b).shape"),
        Recipe::Value,
        Text::new(
            "Line the shapes up from the right and pad the shorter one with 1s; on each axis the sizes must be equal or one of them 1.",
            "Alinea las shapes por la derecha y rellena la más corta con 1s; en cada eje los tamaños deben ser iguales o uno de ellos 1.",
        ),
    )
}

fn window_shape(rng: &mut SplitMix64, id: String) -> Question {
    let n = rng.range(6, 16);
    let k = rng.range(2, 5);
    base(
        id,
        Kind::Tuple,
        Text::owned(
            format!("a = np.arange({n}). What is the shape of sliding_window_view(a, {k})?"),
            format!("a = np.arange({n}). ¿Qué shape tiene sliding_window_view(a, {k})?"),
        ),
        format!("a = np.arange({n})\nsliding_window_view(a, {k})"),
        Recipe::Shape,
        Text::new(
            "One row per window, one column per element of a window; a window may not run past the end.",
            "Una fila por ventana y una columna por elemento de la ventana; ninguna ventana puede pasarse del final.",
        ),
    )
}

/// Expressions over `x` (an (R, C) array) that NumPy answers with a view, and with a copy. The
/// pools only pick the labels: the key is computed by running `np.shares_memory`.
const VIEWS: [&str; 6] = [
    "x.T",
    "x[1:]",
    "x[:, ::2]",
    "x.reshape(-1)",
    "x.ravel()",
    "np.swapaxes(x, 0, 1)",
];
const COPIES: [&str; 6] = [
    "x.T.reshape(-1)",
    "x.flatten()",
    "x[[0, 1]]",
    "x.T.copy()",
    "x[x > 2]",
    "x.T.ravel()",
];

fn setup_x(rng: &mut SplitMix64) -> String {
    let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
    format!("x = np.arange({}).reshape({rows}, {cols})", rows * cols)
}

fn view_or_copy(rng: &mut SplitMix64, id: String) -> Question {
    let setup = setup_x(rng);
    let expr = if rng.coin() {
        rng.pick(&VIEWS, "x.T")
    } else {
        rng.pick(&COPIES, "x.flatten()")
    };
    let code = format!("np.shares_memory(x, {expr})");
    let choices = vec![
        Choice {
            label: Text::new(
                "a view: it reads x's memory",
                "una vista: lee la memoria de x",
            ),
            code: Cow::Owned(code.clone()),
            claim: Claim::True,
            if_picked: "copy-taken-for-view",
            if_missed: "view-taken-for-copy",
        },
        Choice {
            label: Text::new(
                "a copy: it has memory of its own",
                "una copia: tiene memoria propia",
            ),
            code: Cow::Owned(code),
            claim: Claim::False,
            if_picked: "view-taken-for-copy",
            if_missed: "copy-taken-for-view",
        },
    ];
    Question {
        choices: Cow::Owned(choices),
        ..base(
            id,
            Kind::Choice,
            Text::owned(
                format!("{setup}. Is y = {expr} a view of x or a copy?"),
                format!("{setup}. ¿Es y = {expr} una vista de x o una copia?"),
            ),
            setup,
            Recipe::ChoiceWhere,
            Text::new(
                "A view needs one fixed stride per axis over x's memory. Read the result in row order: does it walk memory with fixed steps?",
                "Una vista necesita un stride fijo por eje sobre la memoria de x. Lee el resultado en orden de filas: ¿recorre la memoria con pasos fijos?",
            ),
        )
    }
}

fn which_copies(rng: &mut SplitMix64, id: String) -> Question {
    let setup = setup_x(rng);
    let copy_at = rng.range(0, 2) as usize;
    let mut used: Vec<&str> = Vec::new();
    let mut choices = Vec::new();
    for slot in 0..3 {
        let pool: &[&str] = if slot == copy_at { &COPIES } else { &VIEWS };
        let mut expr = rng.pick(pool, "x.T");
        while used.contains(&expr) {
            expr = rng.pick(pool, "x.T");
        }
        used.push(expr);
        choices.push(Choice {
            label: Text::owned(expr.to_string(), expr.to_string()),
            code: Cow::Owned(format!("np.shares_memory(x, {expr})")),
            claim: Claim::False,
            if_picked: "view-taken-for-copy",
            if_missed: "copy-taken-for-view",
        });
    }
    Question {
        choices: Cow::Owned(choices),
        ..base(
            id,
            Kind::Choice,
            Text::owned(
                format!("{setup}. Which of these must be a copy, with its own memory?"),
                format!("{setup}. ¿Cuál de estas tiene que ser una copia, con memoria propia?"),
            ),
            setup,
            Recipe::ChoiceWhere,
            Text::new(
                "Slicing, transposing and reshaping a contiguous array only write new strides. Which one cannot be described by strides over x's memory?",
                "Hacer slicing, transponer y cambiar la shape de un array contiguo solo escribe strides nuevos. ¿Cuál no se puede describir con strides sobre la memoria de x?",
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs for seed 1234567 from Vigna's reference splitmix64.c.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn ids_round_trip() {
        assert_eq!(parse_id("gen-42-7"), Some((42, 7)));
        assert_eq!(parse_id("gen-18446744073709551615-0"), Some((u64::MAX, 0)));
        for bad in [
            "gen-",
            "gen-1",
            "gen--1",
            "gen-1-",
            "gen-a-1",
            "gen-1-2-3",
            "u1-x",
            "gen-99999999999999999999999-1",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }
}
