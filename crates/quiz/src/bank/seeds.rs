//! Questions from the other three sources: the lab's own views (`s0-`), the Spanish chapter on
//! strides, views and broadcasting (`s1-`), the visual walkthrough of the offset formula (`s2-`)
//! and the book chapter on tensors (`s3-`).

use std::borrow::Cow;

use super::{at, base, code_recipe, copy_option, option};
use crate::question::{Claim, Kind, Question, Recipe, Unit};
use crate::text::Text;

const BROADCAST_HINT: Text = Text::new(
    "Line the shapes up from the right, pad the shorter one with 1s on the left, then compare axis by axis: equal sizes stay, a 1 stretches, anything else is an error.",
    "Alinea las shapes por la derecha, rellena la más corta con 1s por la izquierda y compara eje por eje: los tamaños iguales se quedan, un 1 se estira y cualquier otra cosa es un error.",
);

const BYTE_STRIDE_HINT: Text = Text::new(
    "In bytes: the last axis steps one itemsize; each axis to its left jumps over the whole row to its right.",
    "En bytes: el último eje avanza un itemsize; cada eje a su izquierda salta por encima de toda la fila que tiene a su derecha.",
);

fn broadcast(id: &'static str, prompt: Text, program: &'static str) -> Question {
    base(
        id,
        Kind::Tuple,
        prompt,
        program,
        Recipe::Value,
        BROADCAST_HINT,
    )
}

pub(super) fn questions() -> Vec<Question> {
    vec![
        Question {
            unit: Unit::Elements,
            ..base(
                "s0-strides-step-slice",
                Kind::Tuple,
                Text::new(
                    "x = np.arange(12.0).reshape(3, 4) has strides (4, 1) in elements. What are the strides of x[:, ::2], in elements?",
                    "x = np.arange(12.0).reshape(3, 4) tiene strides (4, 1) en elementos. ¿Cuáles son los strides de x[:, ::2], en elementos?",
                ),
                "x = np.arange(12.0).reshape(3, 4)\nx[:, ::2]",
                Recipe::StridesInElements,
                Text::new(
                    "Taking every second column makes one step along a row two steps in memory; moving down a row still jumps a whole row of x.",
                    "Tomar una columna de cada dos hace que un paso a lo largo de la fila sean dos pasos en memoria; bajar una fila sigue saltando una fila entera de x.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            ..base(
                "s0-position-slice-start",
                Kind::Number,
                Text::new(
                    "v = x[1:, 1:] for x = np.arange(12.0).reshape(3, 4): strides (4, 1), and it starts at memory position 5. At which memory position is v[1, 2]?",
                    "v = x[1:, 1:] con x = np.arange(12.0).reshape(3, 4): strides (4, 1), y empieza en la posición de memoria 5. ¿En qué posición de memoria está v[1, 2]?",
                ),
                "x = np.arange(12.0).reshape(3, 4)\nx[1:, 1:]",
                Recipe::ElementPosition(at(&[1, 2])),
                Text::new(
                    "The address rule starts from the view's start, not from 0: start + i·s₀ + j·s₁.",
                    "La regla de direcciones parte del inicio de la vista, no de 0: inicio + i·s₀ + j·s₁.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s1-strides-int32-bytes",
                Kind::Tuple,
                Text::new(
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4). Each int32 takes 4 bytes. What is a.strides, in bytes, as NumPy prints it?",
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4). Cada int32 ocupa 4 bytes. ¿Cuánto vale a.strides, en bytes, tal como lo imprime NumPy?",
                ),
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
                Recipe::Strides,
                BYTE_STRIDE_HINT,
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s1-byte-offset-a21",
                Kind::Number,
                Text::new(
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) has strides (16, 4) in bytes. At which byte offset inside the buffer is a[2, 1]?",
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) tiene strides (16, 4) en bytes. ¿En qué offset en bytes dentro del buffer está a[2, 1]?",
                ),
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
                Recipe::ByteOffset(at(&[2, 1])),
                Text::new(
                    "offset = Σ iₖ·sₖ with the strides in bytes: 2 row steps and 1 column step.",
                    "offset = Σ iₖ·sₖ con los strides en bytes: 2 pasos de fila y 1 de columna.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            before: Some(Cow::Borrowed(
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
            )),
            ..base(
                "s1-strides-aT-bytes",
                Kind::Tuple,
                Text::new(
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) has strides (16, 4). What is a.T.strides, in bytes?",
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) tiene strides (16, 4). ¿Cuánto vale a.T.strides, en bytes?",
                ),
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na.T",
                Recipe::Strides,
                Text::new(
                    "The transpose is a relabelling of the axes: shape and strides swap, the bytes never move.",
                    "La transpuesta es un re-etiquetado de los ejes: la shape y los strides se intercambian, los bytes nunca se mueven.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            before: Some(Cow::Borrowed(
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na",
            )),
            note: Some(Text::new(
                "It is the same byte as a[2, 1]: b[1, 2] and a[2, 1] are one memory cell.",
                "Es el mismo byte que a[2, 1]: b[1, 2] y a[2, 1] son la misma celda de memoria.",
            )),
            ..base(
                "s1-byte-offset-bT12",
                Kind::Number,
                Text::new(
                    "b = a.T for a = np.arange(12, dtype=np.int32).reshape(3, 4). At which byte offset is b[1, 2]?",
                    "b = a.T con a = np.arange(12, dtype=np.int32).reshape(3, 4). ¿En qué offset en bytes está b[1, 2]?",
                ),
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na.T",
                Recipe::ByteOffset(at(&[1, 2])),
                Text::new(
                    "Use b's strides, which are a's strides swapped.",
                    "Usa los strides de b, que son los de a intercambiados.",
                ),
            )
        },
        Question {
            choices: Cow::Owned(vec![
                option(
                    Text::new("C_CONTIGUOUS", "C_CONTIGUOUS"),
                    "b.flags['C_CONTIGUOUS']",
                    Claim::True,
                    "forgot-swap",
                    "wrong",
                ),
                option(
                    Text::new("F_CONTIGUOUS", "F_CONTIGUOUS"),
                    "b.flags['F_CONTIGUOUS']",
                    Claim::True,
                    "wrong",
                    "wrong",
                ),
                option(
                    Text::new("OWNDATA", "OWNDATA"),
                    "b.flags['OWNDATA']",
                    Claim::True,
                    "view-taken-for-copy",
                    "wrong",
                ),
            ]),
            note: Some(Text::new(
                "b's rows are no longer contiguous, its columns are (Fortran order), and b owns nothing: a does.",
                "Las filas de b ya no son contiguas, sus columnas sí (orden Fortran), y b no posee nada: lo posee a.",
            )),
            ..base(
                "s1-flags-aT",
                Kind::Choice,
                Text::new(
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) and b = a.T. Which of these flags of b is True?",
                    "a = np.arange(12, dtype=np.int32).reshape(3, 4) y b = a.T. ¿Cuál de estas flags de b vale True?",
                ),
                "a = np.arange(12, dtype=np.int32).reshape(3, 4)\nb = a.T",
                Recipe::ChoiceWhere,
                Text::new(
                    "b's strides are (4, 16): which axis now walks memory one element at a time? And whose buffer is it?",
                    "Los strides de b son (4, 16): ¿qué eje recorre ahora la memoria de elemento en elemento? ¿Y de quién es el buffer?",
                ),
            )
        },
        Question {
            many: true,
            choices: Cow::Owned(vec![
                copy_option("a[1:3]", "np.shares_memory(a, a[1:3])"),
                copy_option("a[[1, 3]]", "np.shares_memory(a, a[[1, 3]])"),
                copy_option("a[a > 0]", "np.shares_memory(a, a[a > 0])"),
                copy_option("a.T.ravel()", "np.shares_memory(a, a.T.ravel())"),
                copy_option("a.flatten()", "np.shares_memory(a, a.flatten())"),
                copy_option("a.T", "np.shares_memory(a, a.T)"),
            ]),
            note: Some(Text::new(
                "Basic slicing and the transpose only write new strides. Indexing with a list or a mask gathers arbitrary elements, ravel of a non-contiguous array cannot keep the memory, and flatten always copies.",
                "El slicing básico y la transpuesta solo escriben strides nuevos. Indexar con una lista o una máscara reúne elementos arbitrarios, ravel de un array no contiguo no puede conservar la memoria, y flatten copia siempre.",
            )),
            ..base(
                "s1-which-copy",
                Kind::Choice,
                Text::new(
                    "a = np.arange(-6, 18).reshape(4, 6). Which of these make a copy, with memory of its own? Give every letter that applies.",
                    "a = np.arange(-6, 18).reshape(4, 6). ¿Cuáles de estas hacen una copia, con memoria propia? Da todas las letras que correspondan.",
                ),
                "a = np.arange(-6, 18).reshape(4, 6)",
                Recipe::ChoiceWhere,
                Text::new(
                    "A view is a new shape and strides over the same memory. Can a fixed stride per axis describe each result?",
                    "Una vista es una shape y unos strides nuevos sobre la misma memoria. ¿Puede un stride fijo por eje describir cada resultado?",
                ),
            )
        },
        broadcast(
            "s1-broadcast-3-with-2x4x3",
            Text::new(
                "What is the shape of a + b for a of shape (3,) and b of shape (2, 4, 3)? Type \"error\" if they do not broadcast.",
                "¿Qué shape tiene a + b si a tiene shape (3,) y b tiene shape (2, 4, 3)? Escribe \"error\" si no hacen broadcasting.",
            ),
            "a = np.zeros((3,))\nb = np.zeros((2, 4, 3))\n(a + b).shape",
        ),
        broadcast(
            "s1-broadcast-b1m",
            Text::new(
                "(B, 1, M) with (1, N, M): what is the shape of a + b for a of shape (7, 1, 5) and b of shape (1, 6, 5)? Type \"error\" if they do not broadcast.",
                "(B, 1, M) con (1, N, M): ¿qué shape tiene a + b si a tiene shape (7, 1, 5) y b tiene shape (1, 6, 5)? Escribe \"error\" si no hacen broadcasting.",
            ),
            "a = np.zeros((7, 1, 5))\nb = np.zeros((1, 6, 5))\n(a + b).shape",
        ),
        broadcast(
            "s1-broadcast-error",
            Text::new(
                "What is the shape of a + b for a of shape (3, 4) and b of shape (3,)? Type \"error\" if they do not broadcast.",
                "¿Qué shape tiene a + b si a tiene shape (3, 4) y b tiene shape (3,)? Escribe \"error\" si no hacen broadcasting.",
            ),
            "a = np.zeros((3, 4))\nb = np.zeros((3,))\n(a + b).shape",
        ),
        broadcast(
            "s1-bug-shape",
            Text::new(
                "y_pred has shape (100,) and y_true has shape (100, 1). What is the shape of err = y_pred - y_true?",
                "y_pred tiene shape (100,) e y_true tiene shape (100, 1). ¿Qué shape tiene err = y_pred - y_true?",
            ),
            "y_pred = np.zeros((100,))\ny_true = np.zeros((100, 1))\n(y_pred - y_true).shape",
        ),
        Question {
            note: Some(Text::new(
                "err has 100 × 100 entries; only the 100 on the diagonal compare a prediction with its own target.",
                "err tiene 100 × 100 entradas; solo las 100 de la diagonal comparan una predicción con su propio objetivo.",
            )),
            ..base(
                "s1-bug-cross-terms",
                Kind::Number,
                Text::new(
                    "Still y_pred of shape (100,) minus y_true of shape (100, 1). Of the entries of err, how many are cross terms, comparing example i with a different example j?",
                    "Seguimos con y_pred de shape (100,) menos y_true de shape (100, 1). De las entradas de err, ¿cuántas son términos cruzados, que comparan el ejemplo i con otro ejemplo j distinto?",
                ),
                "y_pred = np.zeros((100,))\ny_true = np.zeros((100, 1))\nerr = y_pred - y_true\nerr.size - len(y_pred)",
                Recipe::Value,
                Text::new(
                    "Find the shape of err first; the entries that compare example i with itself lie on its diagonal.",
                    "Calcula primero la shape de err; las entradas que comparan el ejemplo i consigo mismo están en su diagonal.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s1-window-strides",
                Kind::Tuple,
                Text::new(
                    "a = np.arange(10, dtype=np.int32). What are the strides, in bytes, of sliding_window_view(a, 3), the windows of 3 neighbours (window[i, j] = a[i + j])?",
                    "a = np.arange(10, dtype=np.int32). ¿Cuáles son los strides, en bytes, de sliding_window_view(a, 3), las ventanas de 3 vecinos (window[i, j] = a[i + j])?",
                ),
                "a = np.arange(10, dtype=np.int32)\nsliding_window_view(a, 3)",
                Recipe::Strides,
                Text::new(
                    "Each window starts one element after the one before, and inside a window the elements are neighbours.",
                    "Cada ventana empieza un elemento después de la anterior, y dentro de una ventana los elementos son vecinos.",
                ),
            )
        },
        base(
            "s1-window-shape",
            Kind::Tuple,
            Text::new(
                "a = np.arange(10, dtype=np.int32). What is the shape of sliding_window_view(a, 3)?",
                "a = np.arange(10, dtype=np.int32). ¿Qué shape tiene sliding_window_view(a, 3)?",
            ),
            "a = np.arange(10, dtype=np.int32)\nsliding_window_view(a, 3)",
            Recipe::Shape,
            Text::new(
                "How many windows of 3 fit in 10 numbers, if a window may start at 0 and must end inside?",
                "¿Cuántas ventanas de 3 caben en 10 números, si una ventana puede empezar en 0 y debe acabar dentro?",
            ),
        ),
        Question {
            unit: Unit::Bytes,
            ..base(
                "s1-broadcast-nn-bytes",
                Kind::Number,
                Text::new(
                    "a is a float64 array of shape (N, 1) with N = 100. How many bytes of memory does np.broadcast_to(a, (N, N)) store?",
                    "a es un array float64 de shape (N, 1) con N = 100. ¿Cuántos bytes de memoria guarda np.broadcast_to(a, (N, N))?",
                ),
                "a = np.zeros((100, 1))\nnp.broadcast_to(a, (100, 100))",
                Recipe::StoredBytes,
                Text::new(
                    "broadcast_to returns a view with stride 0 on the stretched axis: no memory is allocated for it.",
                    "broadcast_to devuelve una vista con stride 0 en el eje estirado: no se reserva memoria para él.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s2-byte-offset-72",
                Kind::Number,
                Text::new(
                    "A = np.arange(12).reshape(3, 4) holds int64 numbers of 8 bytes each, strides (32, 8). At which byte is A[2, 1]?",
                    "A = np.arange(12).reshape(3, 4) guarda números int64 de 8 bytes cada uno, strides (32, 8). ¿En qué byte está A[2, 1]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA",
                Recipe::ByteOffset(at(&[2, 1])),
                Text::new(
                    "Take i big jumps of stride₀ bytes, then j small jumps of stride₁ bytes.",
                    "Da i saltos grandes de stride₀ bytes y luego j saltos pequeños de stride₁ bytes.",
                ),
            )
        },
        Question {
            unit: Unit::Elements,
            ..base(
                "s2-flat-index-9",
                Kind::Number,
                Text::new(
                    "A = np.arange(12).reshape(3, 4), filled row by row. Which element number of the flat line (its flat index) is A[2, 1]?",
                    "A = np.arange(12).reshape(3, 4), rellenado fila a fila. ¿Qué número de elemento de la línea plana (su índice plano) es A[2, 1]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA",
                Recipe::ElementPosition(at(&[2, 1])),
                Text::new(
                    "Skip i whole rows of C elements, then move j elements along the row: i·C + j.",
                    "Sáltate i filas enteras de C elementos y avanza j elementos por la fila: i·C + j.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            before: Some(Cow::Borrowed("A = np.arange(12).reshape(3, 4)\nA")),
            ..base(
                "s2-transpose-offset",
                Kind::Number,
                Text::new(
                    "A.T for A = np.arange(12).reshape(3, 4) (int64) has shape (4, 3) and strides (8, 32). At which byte is A.T[1, 2]?",
                    "A.T con A = np.arange(12).reshape(3, 4) (int64) tiene shape (4, 3) y strides (8, 32). ¿En qué byte está A.T[1, 2]?",
                ),
                "A = np.arange(12).reshape(3, 4)\nA.T",
                Recipe::ByteOffset(at(&[1, 2])),
                Text::new(
                    "Same formula, with the transpose's strides: now stepping down is the small jump.",
                    "La misma fórmula, con los strides de la transpuesta: ahora bajar es el salto pequeño.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s2-strides-1d",
                Kind::Tuple,
                Text::new(
                    "A 1-D int64 array of shape (12,), np.arange(12). What is its .strides, in bytes? (One axis: type it like (5,).)",
                    "Un array 1-D int64 de shape (12,), np.arange(12). ¿Cuánto vale su .strides, en bytes? (Un solo eje: escríbelo como (5,).)",
                ),
                "A = np.arange(12)\nA",
                Recipe::Strides,
                Text::new(
                    "One axis, one stride: the bytes of one element.",
                    "Un eje, un stride: los bytes de un elemento.",
                ),
            )
        },
        Question {
            unit: Unit::Bytes,
            ..base(
                "s3-strides-2x3x4-bytes",
                Kind::Tuple,
                Text::new(
                    "A float64 array of shape (2, 3, 4) in the default row-major (C) order. What are its strides, in bytes?",
                    "Un array float64 de shape (2, 3, 4) en el orden por filas (C) por defecto. ¿Cuáles son sus strides, en bytes?",
                ),
                "x = np.zeros((2, 3, 4))\nx",
                Recipe::Strides,
                BYTE_STRIDE_HINT,
            )
        },
        Question {
            note: Some(Text::new(
                "(5, 1) minus (5,) broadcasts to (5, 5): every prediction minus every target, averaged over all the pairs.",
                "(5, 1) menos (5,) hace broadcasting a (5, 5): cada predicción menos cada objetivo, promediado sobre todos los pares.",
            )),
            ..base(
                "s3-loss-pairs",
                Kind::Number,
                Text::new(
                    "The model's output has shape (5, 1) and the targets have shape (5,). Over how many pairs does (pred - target).mean() average?",
                    "La salida del modelo tiene shape (5, 1) y los objetivos tienen shape (5,). ¿Sobre cuántos pares promedia (pred - target).mean()?",
                ),
                "pred = np.zeros((5, 1))\ntarget = np.zeros((5,))\n(pred - target).size",
                Recipe::Value,
                Text::new(
                    "Work out the broadcast shape of pred - target first.",
                    "Calcula primero la shape de broadcasting de pred - target.",
                ),
            )
        },
        Question {
            note: Some(Text::new(
                "n_win = (n − k)//step + 1 = (10 − 3)//2 + 1 = 4: windows start at 0, 2, 4 and 6.",
                "n_win = (n − k)//step + 1 = (10 − 3)//2 + 1 = 4: las ventanas empiezan en 0, 2, 4 y 6.",
            )),
            ..base(
                "s3-window-count",
                Kind::Number,
                Text::new(
                    "A sliding window of width k = 3 moves step = 2 elements at a time over a signal of length n = 10. How many windows are there?",
                    "Una ventana deslizante de ancho k = 3 avanza step = 2 elementos cada vez sobre una señal de longitud n = 10. ¿Cuántas ventanas hay?",
                ),
                "x = np.arange(10)\nsliding_window_view(x, 3)[::2].shape[0]",
                Recipe::Value,
                Text::new(
                    "The last window must end inside the signal: count the starts 0, step, 2·step, … up to n − k.",
                    "La última ventana debe acabar dentro de la señal: cuenta los inicios 0, step, 2·step, … hasta n − k.",
                ),
            )
        },
        Question {
            choices: Cow::Owned(vec![
                option(
                    Text::new("X.reshape(1, 2, 2, 2)", "X.reshape(1, 2, 2, 2)"),
                    "X.reshape(1, 2, 2, 2)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "reshape-not-transpose",
                    "wrong",
                ),
                option(
                    Text::new(
                        "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)",
                        "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)",
                    ),
                    "X.reshape(1, 2, 2, 2).transpose(0, 2, 1, 3)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "wrong",
                    "reshape-not-transpose",
                ),
                option(
                    Text::new(
                        "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)",
                        "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)",
                    ),
                    "X.transpose(0, 2, 1).reshape(1, 2, 2, 2)[0, 0].tolist() == [[0, 1], [4, 5]]",
                    Claim::True,
                    "wrong",
                    "wrong",
                ),
            ]),
            note: Some(Text::new(
                "Split d into (h, d/h) with a reshape (adjacent axes, in order), then move h in front of T with a transpose.",
                "Parte d en (h, d/h) con un reshape (ejes adyacentes y en orden) y luego pon h delante de T con una transpuesta.",
            )),
            ..base(
                "s3-split-heads",
                Kind::Choice,
                Text::new(
                    "X = np.arange(8).reshape(1, 2, 4) is B = 1 sequence of T = 2 tokens with d = 4 features: [[0, 1, 2, 3], [4, 5, 6, 7]]. Which split into h = 2 heads, shape (1, 2, 2, 2) = (B, h, T, d/h), gives head 0 the first two features of every token, [[0, 1], [4, 5]]?",
                    "X = np.arange(8).reshape(1, 2, 4) es B = 1 secuencia de T = 2 tokens con d = 4 features: [[0, 1, 2, 3], [4, 5, 6, 7]]. ¿Qué división en h = 2 cabezas, de shape (1, 2, 2, 2) = (B, h, T, d/h), le da a la cabeza 0 las dos primeras features de cada token, [[0, 1], [4, 5]]?",
                ),
                "X = np.arange(8).reshape(1, 2, 4)",
                Recipe::ChoiceWhere,
                Text::new(
                    "Reshape may only split or merge adjacent axes in order; moving the head axis in front of the tokens is a reordering.",
                    "Reshape solo puede partir o juntar ejes adyacentes y en orden; poner el eje de cabezas delante de los tokens es una reordenación.",
                ),
            )
        },
        base(
            "s3-code-broadcast-shape",
            Kind::Code,
            Text::new(
                "Write broadcast_shape(s1, s2): the broadcast shape of two shapes, as a tuple, or raise ValueError when they do not broadcast.",
                "Escribe broadcast_shape(s1, s2): la shape de broadcasting de dos shapes, como tupla, o lanza ValueError si no hacen broadcasting.",
            ),
            "",
            code_recipe("s3-code-broadcast-shape"),
            BROADCAST_HINT,
        ),
        base(
            "s3-code-sliding-window-count",
            Kind::Code,
            Text::new(
                "Write window_count(n, k, step=1): how many windows of width k, moving step elements at a time, fit in a signal of length n.",
                "Escribe window_count(n, k, step=1): cuántas ventanas de ancho k, avanzando step elementos cada vez, caben en una señal de longitud n.",
            ),
            "",
            code_recipe("s3-code-sliding-window-count"),
            Text::new(
                "The window starts at 0, step, 2·step, … and the last start is at most n − k.",
                "La ventana empieza en 0, step, 2·step, … y el último inicio es como mucho n − k.",
            ),
        ),
    ]
}
