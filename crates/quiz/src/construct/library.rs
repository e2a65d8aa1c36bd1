//! What of NumPy and PyTorch the lab does not run ([`LibConstruct`]), in Spanish.

use arrays::construct::LibConstruct;

/// `what` in Spanish.
pub(super) fn es(what: &LibConstruct) -> String {
    use LibConstruct::*;
    let text = match what {
        ShuffleList => "barajar una lista de Python en su sitio (baraja un array: np.array(x))",
        DefaultRngSeed => "esta semilla para default_rng (da un int no negativo)",
        ArrayIntegerBounds => {
            "límites dados como arrays para enteros aleatorios (da números sueltos)"
        }
        ArrayDistributionParameters => {
            "parámetros de una distribución dados como arrays (da números sueltos)"
        }
        ChoiceWithoutReplacementP => {
            "choice con replace=False y p= (aquí no se reproducen los sorteos repetidos de NumPy)"
        }
        ArangePastInt64 => {
            "np.arange de enteros más allá de int64 sin dtype= (NumPy lo calcula en float64)"
        }
        ArrayNdmin => "el argumento ndmin de np.array(..., ndmin=n)",
        OutDtype(function) => return format!("el argumento out_dtype de {function}"),
        NumpyForce => "el argumento force=True de t.numpy",
        EinsumInterleaved(function) => {
            return format!(
                "{function} con operandos y listas de ejes (el estilo intercalado): escribe los subíndices como una cadena"
            );
        }
        EinsumOperands(most) => return format!("np.einsum de más de {most} operandos"),
        EinsumEllipsisSteps => {
            "np.einsum con '...' y optimize= en varios pasos: einsum_path de NumPy rellena '...' con letras sin usar en un orden que cambia de una ejecución a otra, y los ejes de los resultados intermedios siguen esas letras"
        }
        EinsumPathEllipsis => {
            "'...' en np.einsum_path: NumPy lo rellena con letras sin usar en un orden que cambia de una ejecución a otra, así que su informe no tiene un texto único"
        }
        OptimalOperands(most) => {
            return format!(
                "np.einsum_path(optimize='optimal') de más de {most} operandos (prueba todos los órdenes)"
            );
        }
        TorchEinsumSublist => {
            "torch.einsum con operandos y listas de subíndices (el estilo de sublistas): escribe la ecuación como una cadena"
        }
        LinspaceArrayBounds => {
            "np.linspace con límites dados como arrays (el laboratorio acepta números)"
        }
        LinspaceAxis => {
            "axis= de np.linspace más allá de 0 (el laboratorio acepta límites numéricos, cuyas muestras tienen un solo eje)"
        }
        NonFiniteRepeats => "repeticiones que no son finitas",
        LinalgNormOrder => "este orden y dim de torch.linalg.norm",
        ArgumentOfType(t) => return format!("un objeto {t} como argumento de NumPy o PyTorch"),
        FewOperationTensors(dtype) => {
            return format!("los tensores {dtype} (PyTorch ejecuta pocas operaciones con ellos)");
        }
        InPlaceChanges(op) => {
            return format!(
                "{op}= en el sitio cuyo resultado tiene otro dtype u otra shape que el array (escribe x = x {op} y)"
            );
        }
        SizeAttribute(name) => {
            return format!(
                "torch.Size.{name} (usa el tamaño como una tupla: len, índices, desempaquetado)"
            );
        }
        PrivateName { library, name } => {
            return format!("los nombres privados de {library} ({name})");
        }
        BigIntArrays => {
            "arrays de enteros de Python de más de 64 bits (NumPy crea un array de objetos)"
        }
        ArraysOf(t) => return format!("los arrays de objetos {t}"),
        Argument { name, function } => {
            return format!("el argumento '{name}' de {function}()");
        }
        LinearShapes => "F.linear con una entrada 0-d o un peso de más de 2 dimensiones",
        LinearShapeError => {
            "este error de shapes de F.linear (el laboratorio solo redacta el de 2-d, como PyTorch)"
        }
        CrossEntropyProbabilities => {
            "F.cross_entropy con probabilidades de clase como objetivo (el laboratorio acepta índices de clase)"
        }
        CrossEntropyShapes => {
            "F.cross_entropy de estas shapes (el laboratorio acepta la entrada (N, C) con el objetivo (N), o (C) con un objetivo 0-d)"
        }
        PadMode(mode) => {
            return format!(
                "F.pad con mode={mode} (el laboratorio solo rellena con una constante)"
            );
        }
        LossShapes(name) => {
            return format!(
                "F.{name} de un objetivo cuya shape difiere de la de la entrada (PyTorch avisa y hace broadcasting)"
            );
        }
        LossOfIntegers(name) => return format!("F.{name} de tensores de enteros"),
        Autograd(what) => {
            return format!(
                "{what}: autograd no está en el laboratorio (muestra dónde viven los números, no sus gradientes)"
            );
        }
        Device(name) => {
            return format!(
                "el dispositivo '{name}' (los tensores del laboratorio viven en la CPU)"
            );
        }
        FromNumpyOffset => {
            "torch.from_numpy de una vista que no empieza en el primer byte de su memoria (el almacenamiento de PyTorch empezaría en el primer elemento de la vista)"
        }
        AdvancedTensorIndexing => "el indexado avanzado de tensores",
        ModulePart { module, name } => {
            return format!("{module}.{name} (el laboratorio solo ejecuta parte de {module})");
        }
        TensorDims(most) => return format!("los tensores de más de {most} dimensiones"),
        NotYet { name, library } => {
            return format!(
                "{name} es parte de {library}, pero este laboratorio aún no lo ejecuta"
            );
        }
        Unwritten(false) => {
            "estos valores nunca se escribieron: np.empty deja lo que hubiera en la memoria; escríbelos primero (x[...] = 0, x.fill(…)) o usa np.zeros"
        }
        Unwritten(true) => {
            "estos valores nunca se escribieron: torch.empty deja lo que hubiera en la memoria; escríbelos primero (x[...] = 0, x.fill_(…)) o usa torch.zeros"
        }
        QuantileMethod { function, method } => {
            return format!(
                "np.{function}(method='{method}') (solo el método por defecto, method='linear')"
            );
        }
        SvdFactors => {
            "las matrices U y Vh de np.linalg.svd (solo los valores singulares, con compute_uv=False)"
        }
        SvdHermitian => "la opción hermitian=True de np.linalg.svd",
    };
    text.to_string()
}
