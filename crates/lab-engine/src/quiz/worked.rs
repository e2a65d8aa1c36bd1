//! The worked answer of a file's question: the engine's, except where a file's judge is not the
//! engine's (an exception class, and `view` or `copy` said as words rather than as options'
//! claims): those say the word.

use quiz::Text;
use quiz::authored::{Ask, Variant};

/// The worked answer of variant `v`.
pub fn variant(v: &Variant) -> Text {
    let program = v.lab_program().unwrap_or_default();
    let of = program.lines().last().unwrap_or_default().trim();
    match (v.ask, v.key.as_str()) {
        (Ask::Error, "none") => Text::owned(
            format!("{of} runs without an error. So the answer is none."),
            format!("{of} se ejecuta sin ningún error. Así que la respuesta es none."),
        ),
        (Ask::Error, class) => Text::owned(
            format!(
                "{of} raises {class} (open it in the lab to read NumPy's message). So the answer is {class}."
            ),
            format!(
                "{of} lanza {class} (ábrelo en el laboratorio para leer el mensaje de NumPy). Así que la respuesta es {class}."
            ),
        ),
        (Ask::ViewOrCopy, "A") => Text::owned(
            format!(
                "{of} reads the memory of the program's first array, with strides of its own. So the answer is view."
            ),
            format!(
                "{of} lee la memoria del primer array del programa, con sus propios strides. Así que la respuesta es vista."
            ),
        ),
        (Ask::ViewOrCopy, _) => Text::owned(
            format!(
                "No strides can read {of}'s numbers from the first array's memory: they are written to new memory. So the answer is copy."
            ),
            format!(
                "Ningún stride puede leer los números de {of} en la memoria del primer array: se escriben en memoria nueva. Así que la respuesta es copia."
            ),
        ),
        _ => quiz::worked_answer(&v.question),
    }
}
