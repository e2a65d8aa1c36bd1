//! PyTorch's error paths: views that cannot keep the memory, expand, dims, flatten.

/// `(program, expected JSON)`.
pub const ROWS: &[(&str, &str)] = &[
    (
        "t = torch.arange(12.0).reshape(3, 4); t.T.view(12)",
        r#"{"error": "RuntimeError", "message": "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[::-1]",
        r#"{"error": "ValueError", "message": "step must be greater than zero"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[::0]",
        r#"{"error": "ValueError", "message": "slice step cannot be zero"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(4, 4)",
        r#"{"error": "RuntimeError", "message": "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [4, 4].  Tensor sizes: [3, 4]"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(4)",
        r#"{"error": "RuntimeError", "message": "expand(torch.FloatTensor{[3, 4]}, size=[4]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[5]",
        r#"{"error": "IndexError", "message": "index 5 is out of bounds for dimension 0 with size 3"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t[0, 0, 0]",
        r#"{"error": "IndexError", "message": "too many indices for tensor of dimension 2"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(-1, 3, 4)",
        r#"{"error": "RuntimeError", "message": "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.transpose(0, 2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.permute(0)",
        r#"{"error": "RuntimeError", "message": "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.permute(0, 0)",
        r#"{"error": "RuntimeError", "message": "permute(): duplicate dims are not allowed."}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(-2, 6)",
        r#"{"error": "RuntimeError", "message": "invalid shape dimension -2 at index 0 of shape [-2, 6]"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(-1, -1)",
        r#"{"error": "RuntimeError", "message": "only one dimension can be inferred"}"#,
    ),
    (
        "t = torch.zeros(0, 3); t.view(-1, 0)",
        r#"{"error": "RuntimeError", "message": "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.view(5)",
        r#"{"error": "RuntimeError", "message": "shape '[5]' is invalid for input of size 12"}"#,
    ),
    (
        "t = torch.arange(3.0); t.mT",
        r#"{"error": "RuntimeError", "message": "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."}"#,
    ),
    (
        "t = torch.arange(3.0); t[1].expand(-1)",
        r#"{"error": "RuntimeError", "message": "numel: integer multiplication overflow"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.unsqueeze(3)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-3, 2], but got 3)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.squeeze(2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.flatten(2)",
        r#"{"error": "IndexError", "message": "Dimension out of range (expected to be in range of [-2, 1], but got 2)"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.flatten(1, 0)",
        r#"{"error": "RuntimeError", "message": "flatten() has invalid args: start_dim cannot come after end_dim"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(3, 4)[0, 0].item()",
        r#"{"type": "float", "value": 0.0}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.expand(2, 3, 4)[0] = 1",
        r#"{"type": "NoneType", "value": null}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.reshape(5)",
        r#"{"error": "RuntimeError", "message": "shape '[5]' is invalid for input of size 12"}"#,
    ),
    (
        "t = torch.arange(12.0).reshape(3, 4); t.contiguous().view(2, -1, 4).stride()",
        r#"{"error": "RuntimeError", "message": "shape '[2, -1, 4]' is invalid for input of size 12"}"#,
    ),
    (
        "t = torch.arange(24.0).reshape(2, 3, 4); t.transpose(0, 2).flatten(1).stride()",
        r#"{"type": "tuple", "value": [6, 1]}"#,
    ),
    (
        "t = torch.arange(24.0).reshape(2, 3, 4); t.flatten(start_dim=1, end_dim=2).stride()",
        r#"{"type": "tuple", "value": [12, 1]}"#,
    ),
    (
        "t = torch.zeros(0, 1, 3, 0); t.flatten(1, 2).shape",
        r#"{"type": "tuple", "value": [0, 3, 0]}"#,
    ),
];
