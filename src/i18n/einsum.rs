//! The einsum cost panel's strings, in English and Spanish: a table of their own inside
//! [`super::Texts`] (`t.einsum.title`), so that the panel's words sit together.

/// The einsum panel's strings.
pub struct EinsumTexts {
    /// The panel's heading.
    pub title: &'static str,
    /// Under the heading: what the panel does.
    pub help: &'static str,
    /// The lab's button that opens the panel.
    pub open: &'static str,
    /// The program box's link to the panel, after a program that called `np.einsum`.
    pub link: &'static str,
    pub subscripts: &'static str,
    pub shapes: &'static str,
    /// Under the shapes box: how to write them.
    pub shapes_help: &'static str,
    pub compare: &'static str,
    /// The button that fills in the seed's example.
    pub example: &'static str,
    /// How operands are named in the table.
    pub operand_names: &'static str,
    pub caption: &'static str,
    pub order: &'static str,
    pub steps: &'static str,
    pub multiply_adds: &'static str,
    pub flops: &'static str,
    pub largest: &'static str,
    pub picked: &'static str,
    /// `'greedy'`: `np.einsum_path`'s default.
    pub greedy: &'static str,
    pub optimal: &'static str,
    /// After an intermediate's shape: `{n}` elements.
    pub elements: &'static str,
    /// A step's cost: `{n}` multiply-adds.
    pub step_cost: &'static str,
    /// Which quantity the table counts.
    pub quantity: &'static str,
    /// `{best}`, `{times}`, `{written}`: the cheapest order against the order as written.
    pub saving: &'static str,
    /// The same, when the ratio is not a whole number (`{times}` rounded).
    pub saving_about: &'static str,
    /// The same, when the cheapest order does less than half as much less work (`{times}` would
    /// round to 1): `{best_count}` and `{written_count}` are their multiply-adds.
    pub saving_less: &'static str,
    /// `{written}`: the order as written is already the cheapest.
    pub written_is_best: &'static str,
    /// `{terms}`, `{flops}`: all at once, as `np.einsum` without `optimize` does it.
    pub naive: &'static str,
    /// `{n}` operands, `{count}` pairwise orders: only some are listed.
    pub some_orders: &'static str,
    /// Before NumPy's report: `{call}` is the `np.einsum_path(...)` call.
    pub report: &'static str,
    /// Before the path NumPy picks.
    pub path: &'static str,
    pub no_shapes: &'static str,
    /// `{part}`.
    pub not_a_size: &'static str,
    /// `{part}`, `{max}`.
    pub too_large: &'static str,
    pub brackets: &'static str,
    /// `{max}`.
    pub too_many_axes: &'static str,
    /// `{max}`.
    pub too_many_operands: &'static str,
    pub too_big_to_count: &'static str,
}

/// English.
pub static EN: EinsumTexts = EinsumTexts {
    title: "Contraction order changes the cost, not the answer",
    help: "Type an einsum's subscripts and its operands' shapes: every order of contracting them two at a time is listed with the work it does and the intermediates it builds. Every order gives the same answer.",
    open: "Contraction orders and their cost (einsum)",
    link: "Compare the contraction orders of this einsum",
    subscripts: "Subscripts",
    shapes: "Operand shapes",
    shapes_help: "One shape per operand, such as 1000×10, 10×1000, 1000×10, or 1000 10, 10 1000, 1000 10, or (1000, 10), (10, 1000), (1000, 10).",
    compare: "Compare orders",
    example: "The example: A 1000×10, B 10×1000, C 1000×10",
    operand_names: "A is the first operand, B the second, and so on; (BC) is the result of contracting B with C.",
    caption: "Each order of contraction, two operands at a time",
    order: "Order",
    steps: "Steps: what each builds",
    multiply_adds: "Multiply-adds",
    flops: "NumPy's FLOP count",
    largest: "Largest intermediate",
    picked: "np.einsum_path picks it",
    greedy: "greedy (the default)",
    optimal: "optimal",
    elements: "{n} elements",
    step_cost: "{n} multiply-adds",
    quantity: "Multiply-adds: for each step, the product of the sizes of every letter it touches (one multiply and one add per combination). NumPy's FLOP count, as np.einsum_path reports it, counts 2 per multiply-add when the step sums a letter away and 1 when it only multiplies.",
    saving: "{best} does {times} times less work than {written}, the order as written, for the same answer.",
    saving_about: "{best} does about {times} times less work than {written}, the order as written, for the same answer.",
    saving_less: "{best} does less work than {written}, the order as written, for the same answer: {best_count} multiply-adds against {written_count}.",
    written_is_best: "The order as written, {written}, already does the least work.",
    naive: "All at once, as np.einsum does without optimize: {terms} terms to sum, NumPy's FLOP count {flops}.",
    some_orders: "{n} operands have {count} orders of pairwise contraction: only the order as written and those np.einsum_path picks are listed.",
    report: "NumPy's own report for the order it picks, print({call}[1]):",
    path: "Its path:",
    no_shapes: "Type one shape per operand.",
    not_a_size: "“{part}” is not a size: sizes are whole numbers.",
    too_large: "“{part}” is larger than the panel takes ({max}).",
    brackets: "A bracket is not closed.",
    too_many_axes: "An operand has more than {max} axes.",
    too_many_operands: "The panel takes at most {max} operands.",
    too_big_to_count: "These sizes make counts too large to write exactly.",
};

/// Español.
pub static ES: EinsumTexts = EinsumTexts {
    title: "El orden de contracción cambia el coste, no el resultado",
    help: "Escribe los subíndices de un einsum y las shapes de sus operandos: se listan todos los órdenes de contraerlos de dos en dos, con el trabajo que hace cada uno y los intermedios que construye. Todos dan el mismo resultado.",
    open: "Órdenes de contracción y su coste (einsum)",
    link: "Comparar los órdenes de contracción de este einsum",
    subscripts: "Subíndices",
    shapes: "Shapes de los operandos",
    shapes_help: "Una shape por operando, como 1000×10, 10×1000, 1000×10, 1000 10, 10 1000, 1000 10 o (1000, 10), (10, 1000), (1000, 10).",
    compare: "Comparar órdenes",
    example: "El ejemplo: A 1000×10, B 10×1000, C 1000×10",
    operand_names: "A es el primer operando, B el segundo, y así sucesivamente; (BC) es el resultado de contraer B con C.",
    caption: "Cada orden de contracción, de dos operandos en dos",
    order: "Orden",
    steps: "Pasos: lo que construye cada uno",
    multiply_adds: "Multiplicaciones y sumas",
    flops: "FLOP según NumPy",
    largest: "Mayor intermedio",
    picked: "np.einsum_path lo elige",
    greedy: "greedy (por defecto)",
    optimal: "optimal",
    elements: "{n} elementos",
    step_cost: "{n} multiplicaciones y sumas",
    quantity: "Multiplicaciones y sumas: en cada paso, el producto de los tamaños de todas las letras que toca (una multiplicación y una suma por combinación). El recuento de FLOP de NumPy, como lo informa np.einsum_path, cuenta 2 por cada multiplicación con su suma cuando el paso suma una letra y 1 cuando solo multiplica.",
    saving: "{best} hace {times} veces menos trabajo que {written}, el orden escrito, con el mismo resultado.",
    saving_about: "{best} hace unas {times} veces menos trabajo que {written}, el orden escrito, con el mismo resultado.",
    saving_less: "{best} hace menos trabajo que {written}, el orden escrito, con el mismo resultado: {best_count} multiplicaciones-suma frente a {written_count}.",
    written_is_best: "El orden escrito, {written}, ya es el que menos trabajo hace.",
    naive: "Todo a la vez, como hace np.einsum sin optimize: {terms} términos que sumar, {flops} FLOP según NumPy.",
    some_orders: "{n} operandos tienen {count} órdenes de contracción por pares: solo se listan el orden escrito y los que elige np.einsum_path.",
    report: "El propio informe de NumPy para el orden que elige, print({call}[1]):",
    path: "Su camino:",
    no_shapes: "Escribe una shape por operando.",
    not_a_size: "«{part}» no es un tamaño: los tamaños son números enteros.",
    too_large: "«{part}» es mayor de lo que admite el panel ({max}).",
    brackets: "Falta cerrar un paréntesis o un corchete.",
    too_many_axes: "Un operando tiene más de {max} ejes.",
    too_many_operands: "El panel admite como mucho {max} operandos.",
    too_big_to_count: "Con estos tamaños, los recuentos son demasiado grandes para escribirlos exactamente.",
};
