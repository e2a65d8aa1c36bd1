//! The Spanish chapter on strides, views and broadcasting (`s1-`): its questions, in the bank's order.

use std::borrow::Cow;

use super::{BROADCAST_HINT, BYTE_STRIDE_HINT};
use crate::bank::{at, base, copy_option, option};
use crate::question::{Claim, Kind, Question, Recipe, Unit};
use crate::text::Text;

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
    ]
}
