//! Seed 003's NumPy exercises (issue 16) as code questions: the learner writes the function's
//! body; the exercises (template, reference, hidden cases) are python-subset's
//! `ARRAY_EXERCISES`. They follow `s3-code-broadcast-shape` in the bank.

use crate::bank::{base, code_recipe};
use crate::question::{Kind, Question};
use crate::text::Text;

fn code(id: &'static str, prompt: Text, hint: Text, note: Text) -> Question {
    Question {
        note: Some(note),
        ..base(id, Kind::Code, prompt, "", code_recipe(id), hint)
    }
}

pub(super) fn questions() -> Vec<Question> {
    vec![
        code(
            "s3-code-pairwise-sq-dists",
            Text::new(
                "Write pairwise_sq_dists(A, B): every squared distance between the rows of A (n, d) and the rows of B (m, d), as an (n, m) array with D[i, j] = ‖a_i − b_j‖².",
                "Escribe pairwise_sq_dists(A, B): todas las distancias al cuadrado entre las filas de A (n, d) y las filas de B (m, d), como un array (n, m) con D[i, j] = ‖a_i − b_j‖².",
            ),
            Text::new(
                "The squared distance is two squared norms minus twice a dot product, and all n·m dot products together are one matrix multiply, A @ B.T.",
                "La distancia al cuadrado son dos normas al cuadrado menos dos veces un producto escalar, y los n·m productos escalares juntos son una sola multiplicación de matrices, A @ B.T.",
            ),
            Text::new(
                "The direct broadcast A[:, None, :] - B[None, :, :] is clear, but it builds an n×m×d intermediate. Expanding the square needs only the (n, 1) column of norms, the (1, m) row of norms and the (n, m) matmul: memory drops from O(nmd) to O(nm).",
                "El broadcasting directo A[:, None, :] - B[None, :, :] es claro, pero construye un intermedio de n×m×d. Desarrollar el cuadrado solo necesita la columna (n, 1) de normas, la fila (1, m) de normas y el matmul (n, m): la memoria baja de O(nmd) a O(nm).",
            ),
        ),
        code(
            "s3-code-split-heads",
            Text::new(
                "Write split_heads(X, h): split X of shape (B, T, d) into h attention heads, shape (B, h, T, d/h). Head 0 gets features 0 to d/h − 1 of every token, head 1 the next d/h, and so on.",
                "Escribe split_heads(X, h): parte X de shape (B, T, d) en h cabezas de atención, de shape (B, h, T, d/h). La cabeza 0 recibe las features 0 a d/h − 1 de cada token, la cabeza 1 las d/h siguientes, y así.",
            ),
            Text::new(
                "You may only reshape to split or merge axes that are adjacent and in the right order. Split d into (h, d/h) with a reshape; moving h in front of T is a reordering and needs a transpose.",
                "Solo puedes hacer reshape para partir o juntar ejes adyacentes y en el orden correcto. Parte d en (h, d/h) con un reshape; poner h delante de T es una reordenación y necesita una transpuesta.",
            ),
            Text::new(
                "X.reshape(B, T, h, d // h) splits the features of each token into heads; .transpose(0, 2, 1, 3) puts the head axis in front of the tokens. A reshape straight to (B, h, T, d/h) has the right shape and completely wrong content: head 0 gets all of token 0.",
                "X.reshape(B, T, h, d // h) parte las features de cada token en cabezas; .transpose(0, 2, 1, 3) pone el eje de cabezas delante de los tokens. Un reshape directo a (B, h, T, d/h) tiene la shape correcta y un contenido completamente erróneo: la cabeza 0 recibe todo el token 0.",
            ),
        ),
        code(
            "s3-code-merge-heads",
            Text::new(
                "Write merge_heads(Y): the inverse of split_heads, from (B, h, T, d_h) back to (B, T, h·d_h), each token's heads side by side.",
                "Escribe merge_heads(Y): la inversa de split_heads, de (B, h, T, d_h) de vuelta a (B, T, h·d_h), las cabezas de cada token una al lado de otra.",
            ),
            Text::new(
                "Undo the steps in reverse order: first move T back in front of h, then merge the two adjacent axes (h, d_h).",
                "Deshaz los pasos en orden inverso: primero vuelve a poner T delante de h y luego junta los dos ejes adyacentes (h, d_h).",
            ),
            Text::new(
                "Y.transpose(0, 2, 1, 3) gives (B, T, h, d_h), a view with the heads of each token next to each other; .reshape(B, T, h * d_h) merges the adjacent (h, d_h), which copies because the transposed view is not contiguous.",
                "Y.transpose(0, 2, 1, 3) da (B, T, h, d_h), una vista con las cabezas de cada token juntas; .reshape(B, T, h * d_h) junta los ejes adyacentes (h, d_h), lo que copia porque la vista transpuesta no es contigua.",
            ),
        ),
        code(
            "s3-code-sliding-windows",
            Text::new(
                "Write sliding_windows(x, k, step=1): the windows of width k, moving step elements at a time, over the 1-D array x, as an (n_win, k) array with n_win = (n − k) // step + 1. as_strided and sliding_window_view are imported.",
                "Escribe sliding_windows(x, k, step=1): las ventanas de ancho k, avanzando step elementos cada vez, sobre el array 1-D x, como un array (n_win, k) con n_win = (n − k) // step + 1. as_strided y sliding_window_view están importados.",
            ),
            Text::new(
                "The row stride is step elements and the column stride is one element, in bytes: x.strides[0] is one element of x (which need not be contiguous).",
                "El stride de las filas es step elementos y el de las columnas un elemento, en bytes: x.strides[0] es un elemento de x (que no tiene por qué ser contiguo).",
            ),
            Text::new(
                "as_strided(x, shape=(n_win, k), strides=(step * s, s)) with s = x.strides[0] describes every window without copying a number, even though the windows overlap; sliding_window_view(x, k)[::step] is the same view.",
                "as_strided(x, shape=(n_win, k), strides=(step * s, s)) con s = x.strides[0] describe todas las ventanas sin copiar un número, aunque se solapen; sliding_window_view(x, k)[::step] es la misma vista.",
            ),
        ),
        code(
            "s3-code-batched-matmul",
            Text::new(
                "Write batched_matmul(A, B): for A (b, n, k) and B (b, k, m), the b matrix products, as a (b, n, m) array.",
                "Escribe batched_matmul(A, B): para A (b, n, k) y B (b, k, m), los b productos de matrices, como un array (b, n, m).",
            ),
            Text::new(
                "The @ operator treats the last two axes of each operand as matrices and broadcasts over all the others.",
                "El operador @ trata los dos últimos ejes de cada operando como matrices y hace broadcasting sobre todos los demás.",
            ),
            Text::new(
                "A @ B (or np.matmul(A, B), or np.einsum('bnk,bkm->bnm', A, B)) is one batched call; a Python loop over the batch would launch b separate small products.",
                "A @ B (o np.matmul(A, B), o np.einsum('bnk,bkm->bnm', A, B)) es una sola llamada por lotes; un bucle de Python sobre el lote lanzaría b productos pequeños por separado.",
            ),
        ),
        code(
            "s3-code-attention-scores",
            Text::new(
                "Write attention_scores(Q, K): for Q (b, h, tq, d) and K (b, h, tk, d), every query's dot product with every key, unscaled, as a (b, h, tq, tk) array.",
                "Escribe attention_scores(Q, K): para Q (b, h, tq, d) y K (b, h, tk, d), el producto escalar de cada query con cada key, sin escalar, como un array (b, h, tq, tk).",
            ),
            Text::new(
                "The letter d appears in both inputs and not in the output: it is the summed index. Swap K's last two axes and it is a batched matmul.",
                "La letra d aparece en las dos entradas y no en la salida: es el índice sumado. Intercambia los dos últimos ejes de K y es un matmul por lotes.",
            ),
            Text::new(
                "Q @ K.swapaxes(-1, -2) (or np.einsum('bhqd,bhkd->bhqk', Q, K)) gives one score table per head per sequence; its cost is b·h·tq·tk·d multiply-adds, the quadratic cost of attention.",
                "Q @ K.swapaxes(-1, -2) (o np.einsum('bhqd,bhkd->bhqk', Q, K)) da una tabla de puntuaciones por cabeza y por secuencia; su coste es b·h·tq·tk·d multiplicaciones-sumas, el coste cuadrático de la atención.",
            ),
        ),
    ]
}

/// What a wrong answer to exercise `id` is told besides what it returned and what was expected,
/// where the numbers alone do not say what went wrong.
pub(crate) fn wrong_note(id: &str) -> Option<Text> {
    match id {
        "s3-code-split-heads" => Some(Text::new(
            "Read the expected lists head by head: head i holds features i·d/h to (i+1)·d/h − 1 of every token. An answer with the right shape can still give one head whole tokens: reshape without a transpose does that.",
            "Lee las listas esperadas cabeza por cabeza: la cabeza i tiene las features i·d/h a (i+1)·d/h − 1 de cada token. Una respuesta con la shape correcta puede dar a una cabeza tokens enteros: un reshape sin transpuesta hace eso.",
        )),
        "s3-code-merge-heads" => Some(Text::new(
            "Read the expected lists token by token: each token holds head 0's features, then head 1's, and so on.",
            "Lee las listas esperadas token por token: cada token tiene las features de la cabeza 0, luego las de la cabeza 1, y así.",
        )),
        _ => None,
    }
}

/// What the cost of an answer is said with (see `crate::cost`): the letters of each parameter's
/// axes (an int parameter, with none, is its own letter), what the result is called when it is
/// a view, and the reference answer's name.
pub(crate) struct CostWords {
    /// Parameter name and the letters of its axes, as the prompt names them.
    pub axes: &'static [(&'static str, &'static [&'static str])],
    /// "every window is" (a view of x).
    pub result: Text,
    /// How the reference answer is named: "the expanded square".
    pub reference: Text,
}

/// The words for the cost of an answer to exercise `id`; an author's exercise gets plain ones.
pub(crate) fn cost_words(id: &str) -> CostWords {
    let words = |axes, result, reference| CostWords {
        axes,
        result,
        reference,
    };
    let the_result = Text::new("the result is", "el resultado es");
    match id {
        "s3-code-pairwise-sq-dists" => words(
            &[("A", &["n", "d"]), ("B", &["m", "d"])],
            the_result,
            Text::new("the expanded square", "el cuadrado desarrollado"),
        ),
        "s3-code-split-heads" => words(
            &[("X", &["B", "T", "d"]), ("h", &[])],
            Text::new("every head is", "cada cabeza es"),
            Text::new(
                "the reference answer (reshape, then transpose)",
                "la respuesta de referencia (reshape y luego transpuesta)",
            ),
        ),
        "s3-code-merge-heads" => words(
            &[("Y", &["B", "h", "T", "d_h"])],
            the_result,
            Text::new(
                "the reference answer (transpose, then reshape)",
                "la respuesta de referencia (transpuesta y luego reshape)",
            ),
        ),
        "s3-code-sliding-windows" => words(
            &[("x", &["n"]), ("k", &[]), ("step", &[])],
            Text::new("every window is", "cada ventana es"),
            Text::new("as_strided", "as_strided"),
        ),
        "s3-code-batched-matmul" => words(
            &[("A", &["b", "n", "k"]), ("B", &["b", "k", "m"])],
            the_result,
            Text::new("A @ B", "A @ B"),
        ),
        "s3-code-attention-scores" => words(
            &[("Q", &["b", "h", "tq", "d"]), ("K", &["b", "h", "tk", "d"])],
            the_result,
            Text::new("Q @ K.swapaxes(-1, -2)", "Q @ K.swapaxes(-1, -2)"),
        ),
        _ => words(
            &[],
            the_result,
            Text::new("the reference answer", "la respuesta de referencia"),
        ),
    }
}
