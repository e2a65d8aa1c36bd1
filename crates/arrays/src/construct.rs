//! [`LibConstruct`]: what of NumPy's and PyTorch's valid Python the lab does not run, as data
//! (never English text), carried through the interpreter as a [`Construct::Host`] so that the
//! page words it in its learner's language. Its `Display` is the English the command line and
//! the quiz's checker say after "valid Python, but this lab does not run it: ".

use core::fmt;
pub use python_subset::Construct;
use python_subset::construct::HostConstruct;

/// A construct of NumPy or PyTorch the lab does not run. A field holds what the construct names
/// in the learner's program (a function, an argument, a dtype) or a number of the lab's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibConstruct {
    /// `np.random.shuffle` of a list.
    ShuffleList,
    /// `np.random.default_rng` of a seed that is not a non-negative int.
    DefaultRngSeed,
    /// `integers` with array bounds.
    ArrayIntegerBounds,
    /// A distribution with array parameters.
    ArrayDistributionParameters,
    /// `choice(..., replace=False, p=...)`.
    ChoiceWithoutReplacementP,
    /// `np.arange` of ints past int64 without `dtype=`.
    ArangePastInt64,
    /// `np.array(..., ndmin=n)`.
    ArrayNdmin,
    /// `torch.mm(..., out_dtype)`: the function (`torch.mm`, `torch.bmm`).
    OutDtype(&'static str),
    /// `t.numpy(force=True)`.
    NumpyForce,
    /// `np.einsum` or `np.einsum_path` in the interleaved form: the function.
    EinsumInterleaved(&'static str),
    /// `np.einsum` of more operands than the lab takes: the most it takes.
    EinsumOperands(usize),
    /// `np.einsum` with `...` and `optimize=` in several steps.
    EinsumEllipsisSteps,
    /// `...` in `np.einsum_path`.
    EinsumPathEllipsis,
    /// `np.einsum_path(optimize='optimal')` of more operands than the lab tries: the most.
    OptimalOperands(usize),
    /// `torch.einsum` in the sublist form.
    TorchEinsumSublist,
    /// `np.linspace` with array bounds.
    LinspaceArrayBounds,
    /// `np.linspace(..., axis=n)` with n beyond 0.
    LinspaceAxis,
    /// `np.repeat` with repeats that are not finite.
    NonFiniteRepeats,
    /// A `torch.linalg.norm` order and dim the lab does not compute.
    LinalgNormOrder,
    /// An object of this Python type as an argument of NumPy or PyTorch.
    ArgumentOfType(&'static str),
    /// Tensors of a dtype PyTorch runs few operations on: the dtype.
    FewOperationTensors(String),
    /// `x += y` whose result has another dtype or shape: the operator.
    InPlaceChanges(String),
    /// An attribute of `torch.Size`: its name.
    SizeAttribute(String),
    /// A private name of a library: the library (`NumPy`) and the name.
    PrivateName {
        /// `NumPy` or `PyTorch`.
        library: &'static str,
        /// The name.
        name: String,
    },
    /// `np.array` of Python ints past 64 bits.
    BigIntArrays,
    /// `np.array` of objects of this Python type.
    ArraysOf(&'static str),
    /// An argument the lab does not take: its name and the function's.
    Argument {
        /// The argument's name.
        name: String,
        /// The function, as the library names it (`np.sum`).
        function: String,
    },
    /// `F.linear` with a 0-d input or a weight of more than 2 dimensions.
    LinearShapes,
    /// An `F.linear` shape error other than the 2-d one.
    LinearShapeError,
    /// `F.cross_entropy` with class probabilities as the target.
    CrossEntropyProbabilities,
    /// `F.cross_entropy` of shapes other than (N, C) with (N), or (C) with 0-d.
    CrossEntropyShapes,
    /// `F.pad` with a mode other than constant: the mode as written.
    PadMode(String),
    /// A loss of a target whose shape differs from the input's: the loss.
    LossShapes(&'static str),
    /// A loss of integer tensors: the loss.
    LossOfIntegers(&'static str),
    /// `.backward()`, `.grad`, ...: what the program asked.
    Autograd(String),
    /// A device other than the CPU: its name.
    Device(String),
    /// `torch.from_numpy` of a view that does not start at its memory's first byte.
    FromNumpyOffset,
    /// Advanced indexing of tensors.
    AdvancedTensorIndexing,
    /// A name of a module the lab runs only part of: the module and the name.
    ModulePart {
        /// The module (`math`, `torch.nn`).
        module: &'static str,
        /// The name.
        name: String,
    },
    /// Tensors of more dimensions than the lab's layouts hold: the most.
    TensorDims(usize),
    /// A name of the library the lab does not run yet (see [`crate::error::Hint::NotYet`]).
    NotYet {
        /// The name as the lab writes it: `np.polyfit`.
        name: String,
        /// `NumPy` or `PyTorch`.
        library: &'static str,
    },
    /// A read of values `np.empty` or `torch.empty` left unwritten (see
    /// [`crate::error::Hint::Unwritten`]): whether a tensor's.
    Unwritten(bool),
    /// A `method=` of `np.percentile`/`np.quantile` other than `'linear'`: the function and the
    /// method.
    QuantileMethod {
        /// `percentile` or `quantile`.
        function: String,
        /// The method given.
        method: String,
    },
    /// `np.linalg.svd`'s `U` and `Vh` (the lab computes the singular values only).
    SvdFactors,
    /// `np.linalg.svd(..., hermitian=True)`.
    SvdHermitian,
}

impl HostConstruct for LibConstruct {}

impl From<LibConstruct> for Construct {
    fn from(c: LibConstruct) -> Construct {
        Construct::Host(std::sync::Arc::new(c))
    }
}

impl LibConstruct {
    /// One of each kind (with made-up fields), for tests that every kind is worded.
    pub fn samples() -> Vec<LibConstruct> {
        use LibConstruct::*;
        vec![
            ShuffleList,
            DefaultRngSeed,
            ArrayIntegerBounds,
            ArrayDistributionParameters,
            ChoiceWithoutReplacementP,
            ArangePastInt64,
            ArrayNdmin,
            OutDtype("torch.mm"),
            NumpyForce,
            EinsumInterleaved("np.einsum"),
            EinsumOperands(8),
            EinsumEllipsisSteps,
            EinsumPathEllipsis,
            OptimalOperands(6),
            TorchEinsumSublist,
            LinspaceArrayBounds,
            LinspaceAxis,
            NonFiniteRepeats,
            LinalgNormOrder,
            ArgumentOfType("range"),
            FewOperationTensors("uint16".into()),
            InPlaceChanges("+".into()),
            SizeAttribute("numel".into()),
            PrivateName {
                library: "NumPy",
                name: "_x".into(),
            },
            BigIntArrays,
            ArraysOf("str"),
            Argument {
                name: "where".into(),
                function: "np.sum".into(),
            },
            LinearShapes,
            LinearShapeError,
            CrossEntropyProbabilities,
            CrossEntropyShapes,
            PadMode("'reflect'".into()),
            LossShapes("mse_loss"),
            LossOfIntegers("l1_loss"),
            Autograd("t.backward()".into()),
            Device("cuda".into()),
            FromNumpyOffset,
            AdvancedTensorIndexing,
            ModulePart {
                module: "math",
                name: "gamma".into(),
            },
            TensorDims(64),
            NotYet {
                name: "np.polyfit".into(),
                library: "NumPy",
            },
            Unwritten(false),
            Unwritten(true),
            QuantileMethod {
                function: "quantile".into(),
                method: "nearest".into(),
            },
            SvdFactors,
            SvdHermitian,
        ]
    }
}

impl fmt::Display for LibConstruct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LibConstruct::*;
        let text = match self {
            ShuffleList => "shuffling a Python list in place (shuffle an array: np.array(x))",
            DefaultRngSeed => "this seed for default_rng (give a non-negative int)",
            ArrayIntegerBounds => "array bounds for random integers (give single numbers)",
            ArrayDistributionParameters => {
                "array parameters of a distribution (give single numbers)"
            }
            ChoiceWithoutReplacementP => {
                "choice with replace=False and p= (NumPy's repeated draws are not reproduced here)"
            }
            ArangePastInt64 => {
                "np.arange of ints past int64 without dtype= (NumPy computes it in float64)"
            }
            ArrayNdmin => "np.array(..., ndmin=n)",
            OutDtype(function) => return write!(f, "{function}(..., out_dtype)"),
            NumpyForce => "t.numpy(force=True)",
            EinsumInterleaved(function) => {
                return write!(
                    f,
                    "{function} with operands and lists of axes (the interleaved form): write the subscripts as a string"
                );
            }
            EinsumOperands(most) => return write!(f, "np.einsum of more than {most} operands"),
            EinsumEllipsisSteps => {
                "np.einsum with '...' and optimize= in several steps: NumPy's einsum_path fills '...' with unused letters in an order that changes from run to run, and the intermediate results' axes follow those letters"
            }
            EinsumPathEllipsis => {
                "'...' in np.einsum_path: NumPy fills it with unused letters in an order that changes from run to run, so its report has no one text"
            }
            OptimalOperands(most) => {
                return write!(
                    f,
                    "np.einsum_path(optimize='optimal') of more than {most} operands (it tries every order)"
                );
            }
            TorchEinsumSublist => {
                "torch.einsum with operands and lists of subscripts (the sublist form): write the equation as a string"
            }
            LinspaceArrayBounds => "np.linspace with array bounds (the lab takes numbers)",
            LinspaceAxis => {
                "np.linspace's axis= beyond 0 (the lab takes number bounds, whose samples have one axis)"
            }
            NonFiniteRepeats => "repeats that are not finite",
            LinalgNormOrder => "this torch.linalg.norm order and dim",
            ArgumentOfType(t) => {
                return write!(f, "a {t} object as an argument of NumPy or PyTorch");
            }
            FewOperationTensors(dtype) => {
                return write!(f, "{dtype} tensors (PyTorch runs few operations on them)");
            }
            InPlaceChanges(op) => {
                return write!(
                    f,
                    "in-place {op}= whose result has another dtype or shape than the array (write x = x {op} y)"
                );
            }
            SizeAttribute(name) => {
                return write!(
                    f,
                    "torch.Size.{name} (use the size as a tuple: len, indexing, unpacking)"
                );
            }
            PrivateName { library, name } => {
                return write!(f, "{library}'s private names ({name})");
            }
            BigIntArrays => "arrays of Python ints past 64 bits (NumPy makes an object array)",
            ArraysOf(t) => return write!(f, "arrays of {t}"),
            Argument { name, function } => {
                return write!(f, "the argument '{name}' of {function}()");
            }
            LinearShapes => "F.linear with a 0-d input or a weight of more than 2 dimensions",
            LinearShapeError => {
                "this F.linear shape error (the lab words only the 2-d one as PyTorch does)"
            }
            CrossEntropyProbabilities => {
                "F.cross_entropy with class probabilities as the target (the lab takes class indices)"
            }
            CrossEntropyShapes => {
                "F.cross_entropy of these shapes (the lab takes input (N, C) with target (N), or (C) with a 0-d target)"
            }
            PadMode(mode) => {
                return write!(
                    f,
                    "F.pad with mode={mode} (the lab pads with a constant only)"
                );
            }
            LossShapes(name) => {
                return write!(
                    f,
                    "F.{name} of a target whose shape differs from the input's (PyTorch warns and broadcasts)"
                );
            }
            LossOfIntegers(name) => return write!(f, "F.{name} of integer tensors"),
            Autograd(what) => {
                return write!(
                    f,
                    "{what}: autograd is not in the lab (it shows where numbers live, not their gradients)"
                );
            }
            Device(name) => {
                return write!(f, "the device '{name}' (the lab's tensors live on the CPU)");
            }
            FromNumpyOffset => {
                "torch.from_numpy of a view that does not start at its memory's first byte (PyTorch's storage would begin at the view's first element)"
            }
            AdvancedTensorIndexing => "advanced indexing of tensors",
            ModulePart { module, name } => {
                return write!(f, "{module}.{name} (the lab runs only part of {module})");
            }
            TensorDims(most) => return write!(f, "tensors of more than {most} dimensions"),
            NotYet { name, library } => {
                return write!(
                    f,
                    "{name} is part of {library}, but this lab does not run it yet"
                );
            }
            Unwritten(torch) => crate::error::unwritten_message(*torch),
            QuantileMethod { function, method } => {
                return write!(
                    f,
                    "np.{function}(method='{method}') (only the default method='linear')"
                );
            }
            SvdFactors => {
                "np.linalg.svd's U and Vh (only the singular values, with compute_uv=False)"
            }
            SvdHermitian => "np.linalg.svd(..., hermitian=True)",
        };
        f.write_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which kind `c` is: a match with no wildcard, so that a new kind cannot be added without
    /// a place here and, by the test below, a sample.
    fn kind(c: &LibConstruct) -> usize {
        match c {
            LibConstruct::ShuffleList => 0,
            LibConstruct::DefaultRngSeed => 1,
            LibConstruct::ArrayIntegerBounds => 2,
            LibConstruct::ArrayDistributionParameters => 3,
            LibConstruct::ChoiceWithoutReplacementP => 4,
            LibConstruct::ArangePastInt64 => 5,
            LibConstruct::ArrayNdmin => 6,
            LibConstruct::OutDtype(..) => 7,
            LibConstruct::NumpyForce => 8,
            LibConstruct::EinsumInterleaved(..) => 9,
            LibConstruct::EinsumOperands(..) => 10,
            LibConstruct::EinsumEllipsisSteps => 11,
            LibConstruct::EinsumPathEllipsis => 12,
            LibConstruct::OptimalOperands(..) => 13,
            LibConstruct::TorchEinsumSublist => 14,
            LibConstruct::LinspaceArrayBounds => 15,
            LibConstruct::LinspaceAxis => 16,
            LibConstruct::NonFiniteRepeats => 17,
            LibConstruct::LinalgNormOrder => 18,
            LibConstruct::ArgumentOfType(..) => 19,
            LibConstruct::FewOperationTensors(..) => 20,
            LibConstruct::InPlaceChanges(..) => 21,
            LibConstruct::SizeAttribute(..) => 22,
            LibConstruct::PrivateName { .. } => 23,
            LibConstruct::BigIntArrays => 24,
            LibConstruct::ArraysOf(..) => 25,
            LibConstruct::Argument { .. } => 26,
            LibConstruct::LinearShapes => 27,
            LibConstruct::LinearShapeError => 28,
            LibConstruct::CrossEntropyProbabilities => 29,
            LibConstruct::CrossEntropyShapes => 30,
            LibConstruct::PadMode(..) => 31,
            LibConstruct::LossShapes(..) => 32,
            LibConstruct::LossOfIntegers(..) => 33,
            LibConstruct::Autograd(..) => 34,
            LibConstruct::Device(..) => 35,
            LibConstruct::FromNumpyOffset => 36,
            LibConstruct::AdvancedTensorIndexing => 37,
            LibConstruct::ModulePart { .. } => 38,
            LibConstruct::TensorDims(..) => 39,
            LibConstruct::NotYet { .. } => 40,
            LibConstruct::Unwritten(..) => 41,
            LibConstruct::QuantileMethod { .. } => 42,
            LibConstruct::SvdFactors => 43,
            LibConstruct::SvdHermitian => 44,
        }
    }

    #[test]
    fn the_samples_hold_every_kind() {
        let kinds: std::collections::BTreeSet<usize> =
            LibConstruct::samples().iter().map(kind).collect();
        assert_eq!(kinds, (0..45).collect());
    }
}
