//! English and Spanish: every string of the lab, as two static tables. No framework: a [`Lang`]
//! picks the table, numbers are formatted by the components (and by the browser's `Intl` where a
//! locale matters).

/// The lab's languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Español.
    Es,
}

impl Lang {
    /// A language from a BCP 47 tag (`es`, `es-MX`, `en-GB`); anything else is English.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The tag for `lang` attributes.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// This language's strings.
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Es => &ES,
        }
    }
}

/// Every string of the lab.
pub struct Texts {
    pub lesson_arrays: &'static str,
    pub more_examples: &'static str,
    pub program: &'static str,
    pub program_help: &'static str,
    pub run: &'static str,
    pub units: &'static str,
    pub elements: &'static str,
    pub bytes: &'static str,
    pub dtype: &'static str,
    pub dtype_as_written: &'static str,
    pub the_array: &'static str,
    pub grid_label: &'static str,
    pub memory: &'static str,
    pub own_memory: &'static str,
    pub memory_label: &'static str,
    pub position: &'static str,
    pub never_read: &'static str,
    pub read_times: &'static str,
    pub empty_array: &'static str,
    pub point_hint: &'static str,
    pub info: &'static str,
    pub shape: &'static str,
    pub strides: &'static str,
    pub start: &'static str,
    pub itemsize: &'static str,
    pub size: &'static str,
    pub nbytes: &'static str,
    pub in_elements: &'static str,
    pub in_bytes: &'static str,
    pub flags: &'static str,
    pub shares_memory_with: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub too_hard: &'static str,
    pub view: &'static str,
    pub copy: &'static str,
    pub a_view: &'static str,
    pub a_copy: &'static str,
    pub why: &'static str,
    pub error: &'static str,
    pub at_line: &'static str,
    pub column: &'static str,
    pub value: &'static str,
    pub summarized: &'static str,
    pub outside: &'static str,
    pub broadcasting: &'static str,
    pub broadcast_help: &'static str,
    pub operand_a: &'static str,
    pub operand_b: &'static str,
    pub result: &'static str,
    pub add_axis: &'static str,
    pub remove_axis: &'static str,
    pub equal: &'static str,
    pub stretched: &'static str,
    pub incompatible: &'static str,
    pub padded: &'static str,
    pub stride_zero_view: &'static str,
    pub bug_title: &'static str,
    pub bug_text: &'static str,
    pub dimension: &'static str,
    pub language: &'static str,
}

/// English.
pub static EN: Texts = Texts {
    lesson_arrays: "Arrays of the lesson",
    more_examples: "More examples",
    program: "Program",
    program_help: "NumPy or PyTorch, one statement a line or separated by ;. Enter runs it, Shift+Enter adds a line.",
    run: "Run",
    units: "Count in",
    elements: "elements",
    bytes: "bytes",
    dtype: "dtype",
    dtype_as_written: "as written",
    the_array: "The array",
    grid_label: "its values, in rows",
    memory: "Memory",
    own_memory: "Its own memory",
    memory_label: "Memory: one row of numbered cells",
    position: "position",
    never_read: "never read",
    read_times: "read {n} times",
    empty_array: "This array has no elements: a size of 0 along some axis.",
    point_hint: "point at a cell to see where it lives.",
    info: "Facts",
    shape: "shape",
    strides: "strides",
    start: "start",
    itemsize: "itemsize",
    size: "size",
    nbytes: "nbytes",
    in_elements: "in elements",
    in_bytes: "in bytes",
    flags: "flags",
    shares_memory_with: "shares memory with",
    yes: "yes",
    no: "no",
    too_hard: "too hard to tell",
    view: "view",
    copy: "copy",
    a_view: "shared: a view of the first array",
    a_copy: "its own: a copy",
    why: "Why",
    error: "Error",
    at_line: "line",
    column: "column",
    value: "Value",
    summarized: "Large array: as NumPy prints it, the first and last items around …",
    outside: "reads outside the buffer (as_strided checks nothing)",
    broadcasting: "Broadcasting",
    broadcast_help: "Shapes line up from the right. Per axis, equal sizes stay, a 1 stretches, anything else is an error. Change a size, or add and remove axes.",
    operand_a: "a",
    operand_b: "b",
    result: "result",
    add_axis: "add an axis",
    remove_axis: "remove an axis",
    equal: "equal",
    stretched: "stretched",
    incompatible: "incompatible",
    padded: "padded with 1",
    stride_zero_view: "Each operand as a view of the result: stride 0 where it is stretched",
    bug_title: "The (N,) − (N, 1) bug",
    bug_text: "No error: the result is an N × N table of every pair. Only its diagonal compares matching rows.",
    dimension: "dimension",
    language: "Language",
};

/// Español.
pub static ES: Texts = Texts {
    lesson_arrays: "Arrays de la lección",
    more_examples: "Más ejemplos",
    program: "Programa",
    program_help: "NumPy o PyTorch, una instrucción por línea o separadas por ;. Enter lo ejecuta, Mayús+Enter añade una línea.",
    run: "Ejecutar",
    units: "Contar en",
    elements: "elementos",
    bytes: "bytes",
    dtype: "dtype",
    dtype_as_written: "como está escrito",
    the_array: "El array",
    grid_label: "sus valores, por filas",
    memory: "Memoria",
    own_memory: "Su propia memoria",
    memory_label: "Memoria: una fila de celdas numeradas",
    position: "posición",
    never_read: "nunca se lee",
    read_times: "se lee {n} veces",
    empty_array: "Este array no tiene elementos: tamaño 0 en algún eje.",
    point_hint: "señala una celda para ver dónde vive.",
    info: "Datos",
    shape: "shape",
    strides: "strides",
    start: "inicio",
    itemsize: "itemsize",
    size: "size",
    nbytes: "nbytes",
    in_elements: "en elementos",
    in_bytes: "en bytes",
    flags: "flags",
    shares_memory_with: "comparte memoria con",
    yes: "sí",
    no: "no",
    too_hard: "demasiado difícil de saber",
    view: "vista",
    copy: "copia",
    a_view: "compartida: una vista del primer array",
    a_copy: "propia: una copia",
    why: "Por qué",
    error: "Error",
    at_line: "línea",
    column: "columna",
    value: "Valor",
    summarized: "Array grande: como lo imprime NumPy, los primeros y últimos elementos alrededor de …",
    outside: "lecturas fuera del buffer (as_strided no comprueba nada)",
    broadcasting: "Broadcasting",
    broadcast_help: "Los shapes se alinean por la derecha. En cada eje, tamaños iguales se quedan, un 1 se estira, cualquier otra cosa es un error. Cambia un tamaño, o añade y quita ejes.",
    operand_a: "a",
    operand_b: "b",
    result: "resultado",
    add_axis: "añadir un eje",
    remove_axis: "quitar un eje",
    equal: "iguales",
    stretched: "estirado",
    incompatible: "incompatibles",
    padded: "relleno con 1",
    stride_zero_view: "Cada operando como vista del resultado: stride 0 donde se estira",
    bug_title: "El bug (N,) − (N, 1)",
    bug_text: "Sin error: el resultado es una tabla N × N de todos los pares. Solo su diagonal compara las filas correctas.",
    dimension: "dimensión",
    language: "Idioma",
};
