//! PyTorch methods bound against their signatures, and `t.sum(dim, keepdim, dtype)`.

use crate::support;

/// PyTorch: `t.squeeze((0, 3))` (a tuple of dims, PyTorch >= 2.0) raised TypeError; every function and method binds as PyTorch's argument parser does (missing arguments named first, overloads, `TensorBase.x()` for methods without arguments).
const TORCH_BINDING: &[(&str, &str)] = &[
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze(1, foo=2)",
        r#"{"error": "TypeError", "message": "squeeze() received an invalid combination of arguments - got (int, foo=int), but expected one of:\n * ()\n * (int dim)\n * (tuple of ints dim)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view((2,12), foo=[1,2])",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (tuple, foo=list), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(foo=3)",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (torch.dtype dtype)\n      didn't match because some of the keywords were incorrect: foo\n * (tuple of ints size)\n      didn't match because some of the keywords were incorrect: foo\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze(foo=3)",
        r#"{"error": "TypeError", "message": "squeeze() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * ()\n      didn't match because some of the keywords were incorrect: foo\n * (int dim)\n      didn't match because some of the keywords were incorrect: foo\n * (tuple of ints dim)\n      didn't match because some of the keywords were incorrect: foo\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.squeeze((0, 3))",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, 2))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, -1)).shape",
        r#"{"type": "tuple", "value": [24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze((0, 0))",
        r#"{"error": "RuntimeError", "message": "dim 0 appears multiple times in the list of dims"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(0, 2)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(dim=(0, 2)).shape",
        r#"{"type": "tuple", "value": [24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(1,24,1); t.squeeze(dim=2).shape",
        r#"{"type": "tuple", "value": [1, 24]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.unsqueeze((0,1))",
        r#"{"error": "TypeError", "message": "unsqueeze(): argument 'dim' (position 1) must be int, not tuple"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0, 1, foo=2)",
        r#"{"error": "TypeError", "message": "transpose() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0, dim0=1)",
        r#"{"error": "TypeError", "message": "transpose() missing 1 required positional arguments: \"dim1\""}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.transpose(0)",
        r#"{"error": "TypeError", "message": "transpose() missing 1 required positional arguments: \"dim1\""}"#,
    ),
    (
        "torch.zeros(2, size=3)",
        r#"{"error": "TypeError", "message": "zeros() got multiple values for argument 'size'"}"#,
    ),
    (
        "torch.zeros(size=(2,3))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [3, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3], "storage_offset": 0, "strides": [12, 4], "values": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.zeros(foo=3)",
        r#"{"error": "TypeError", "message": "zeros() missing 1 required positional arguments: \"size\""}"#,
    ),
    (
        "torch.zeros(2, 3, foo=3)",
        r#"{"error": "TypeError", "message": "zeros() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.full((2,), 3, foo=1)",
        r#"{"error": "TypeError", "message": "full() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.full((2,), 3, 4)",
        r#"{"error": "TypeError", "message": "full() takes 2 positional arguments but 3 were given"}"#,
    ),
    (
        "torch.ones((2,), dtype=torch.float32, foo=1)",
        r#"{"error": "TypeError", "message": "ones() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.ones(2, requires_grad=False)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.ones(2, device='cpu')",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [4], "values": [1.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.stride(0, dim=0)",
        r#"{"error": "TypeError", "message": "stride() got multiple values for argument 'dim'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.stride(dim=1)",
        r#"{"type": "int", "value": 4}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.size(dim=1)",
        r#"{"type": "int", "value": 3}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.flatten(0, 1, foo=1)",
        r#"{"error": "TypeError", "message": "flatten() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.flatten(start_dim=1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 12], "storage_offset": 0, "strides": [48, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.permute(0, 1, 2, foo=1)",
        r#"{"error": "TypeError", "message": "permute() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.permute(dims=(2,1,0))",
        r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 4, 12], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [4, 3, 2], "storage_offset": 0, "strides": [4, 16, 48], "values": [0.0, 12.0, 4.0, 16.0, 8.0, 20.0, 1.0, 13.0, 5.0, 17.0, 9.0, 21.0, 2.0, 14.0, 6.0, 18.0, 10.0, 22.0, 3.0, 15.0, 7.0, 19.0, 11.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.expand(2,3,4, foo=1)",
        r#"{"error": "TypeError", "message": "expand() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.expand(size=(2,3,4))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2, 3, 4], "storage_offset": 0, "strides": [48, 16, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(2, 12, dtype=torch.float32)",
        r#"{"error": "TypeError", "message": "view() received an invalid combination of arguments - got (int, int, dtype=torch.dtype), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(torch.float32)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 4, "offset": 0, "owndata": true, "shape": [2, 3, 4], "storage_offset": 0, "strides": [48, 16, 4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.view(size=(24,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.reshape(shape=(24,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [24], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], "view": true, "writeable": true}"#,
    ),
    (
        "torch.tensor([1], foo=1)",
        r#"{"error": "TypeError", "message": "tensor() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "torch.tensor([1], dtype=None, device=None, requires_grad=False, pin_memory=False)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "storage_offset": 0, "strides": [8], "values": [1], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(3, foo=1)",
        r#"{"error": "TypeError", "message": "arange() received an invalid combination of arguments - got (int, foo=int), but expected one of:\n * (Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"}"#,
    ),
    (
        "torch.arange(foo=1)",
        r#"{"error": "TypeError", "message": "arange() missing 1 required positional arguments: \"end\""}"#,
    ),
    (
        "torch.arange(3, end=4)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1], "storage_offset": 0, "strides": [8], "values": [3], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(1, 4, 1, 1)",
        r#"{"error": "TypeError", "message": "arange() received an invalid combination of arguments - got (int, int, int, int), but expected one of:\n * (Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"}"#,
    ),
    (
        "torch.arange(1, 4, 2)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 3], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(end=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [0, 1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "torch.arange(start=1, end=3)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2], "storage_offset": 0, "strides": [8], "values": [1, 2], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.contiguous(1)",
        r#"{"error": "TypeError", "message": "contiguous() takes 0 positional arguments but 1 was given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.is_contiguous(foo=1)",
        r#"{"error": "TypeError", "message": "is_contiguous() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.is_contiguous(2)",
        r#"{"error": "TypeError", "message": "is_contiguous() takes 0 positional arguments but 1 was given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.zeros_like(t, foo=1)",
        r#"{"error": "TypeError", "message": "zeros_like() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.zeros_like(input=t).shape",
        r#"{"type": "tuple", "value": [2, 3, 4]}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, (2,), (1,), 0, foo=1)",
        r#"{"error": "TypeError", "message": "as_strided() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, (2,), (1,), 0, 5)",
        r#"{"error": "TypeError", "message": "as_strided() takes from 3 to 4 positional arguments but 5 were given"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); torch.as_strided(t, size=(2,), stride=(1,))",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": false, "shape": [2], "storage_offset": 0, "strides": [4], "values": [0.0, 1.0], "view": true, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.dim(1)",
        r#"{"error": "TypeError", "message": "TensorBase.dim() takes no arguments (1 given)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.dim(x=1)",
        r#"{"error": "TypeError", "message": "TensorBase.dim() takes no keyword arguments"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.item(1)",
        r#"{"error": "TypeError", "message": "TensorBase.item() takes no arguments (1 given)"}"#,
    ),
    (
        "t = torch.arange(24.).reshape(2,3,4); t.t(x=1)",
        r#"{"error": "TypeError", "message": "TensorBase.t() takes no keyword arguments"}"#,
    ),
];

#[test]
fn torch_binding_answer_as_the_library_does() {
    support::check_table(TORCH_BINDING);
}

/// PyTorch's `t.sum(dim, keepdim, dtype)` of integer and bool tensors (a float tensor's sum is not
/// supported: PyTorch adds floats in an order of its own).
const TORCH_SUMS: &[(&str, &str)] = &[
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, keepdim=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 3, 4], "storage_offset": 0, "strides": [96, 32, 8], "values": [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum((0, 2))",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [8], "values": [60, 92, 124], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum((0, 0))",
        r#"{"error": "RuntimeError", "message": "dim 0 appears multiple times in the list of dims"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(3)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(-4)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got -4)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(())",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [276], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(dim=1)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 4], "storage_offset": 0, "strides": [32, 8], "values": [12, 15, 18, 21, 48, 51, 54, 57], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [276], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [12, 4, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [1, 3, 4], "storage_offset": 0, "strides": [96, 32, 8], "values": [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(dtype=torch.int8)",
        r#"{"c_contiguous": true, "dtype": "int8", "element_strides": [], "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [20], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum([0, 1])",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4], "storage_offset": 0, "strides": [8], "values": [60, 66, 72, 78], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.permute(2, 1, 0).sum(0)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [2, 1], "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [3, 2], "storage_offset": 0, "strides": [16, 8], "values": [6, 54, 22, 70, 38, 86], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor(5); t.sum(0)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [5], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.tensor(5); t.sum(1)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-1, 0], but got 1)"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(foo=3)",
        r#"{"error": "TypeError", "message": "sum() received an invalid combination of arguments - got (foo=int, ), but expected one of:\n * (*, torch.dtype dtype = None)\n * (tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)\n"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, True, 3)",
        r#"{"error": "TypeError", "message": "sum() takes from 1 to 2 positional arguments but 3 were given"}"#,
    ),
    (
        "t = torch.arange(24).reshape(2, 3, 4); t.sum(0, foo=3)",
        r#"{"error": "TypeError", "message": "sum() got an unexpected keyword argument 'foo'"}"#,
    ),
    (
        "t = torch.tensor([True, False, True]); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [2], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(6, dtype=torch.uint8); t.sum()",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [], "storage_offset": 0, "strides": [], "values": [15], "view": false, "writeable": true}"#,
    ),
    (
        "t = torch.arange(6, dtype=torch.int8).reshape(2, 3); t[:, ::2].sum(1, keepdim=True)",
        r#"{"c_contiguous": true, "dtype": "int64", "element_strides": [1, 1], "f_contiguous": true, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 1], "storage_offset": 0, "strides": [8, 8], "values": [2, 8], "view": false, "writeable": true}"#,
    ),
];

#[test]
fn torch_sums_answer_as_the_library_does() {
    support::check_table(TORCH_SUMS);
}
