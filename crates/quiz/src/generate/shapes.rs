//! Questions on sizes and shapes of broadcasts and windows: how many windows, how many bytes a
//! broadcast reads, the broadcast shape and the window view's shape.

use super::{DTYPES, SplitMix64, shape};
use crate::bank::base;
use crate::question::{Kind, Question, Recipe, Unit};
use crate::text::{Text, tuple};

pub(super) fn window_count(rng: &mut SplitMix64, id: String) -> Question {
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

pub(super) fn broadcast_bytes(rng: &mut SplitMix64, id: String) -> Question {
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

pub(super) fn broadcast_shape(rng: &mut SplitMix64, id: String) -> Question {
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

pub(super) fn window_shape(rng: &mut SplitMix64, id: String) -> Question {
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
