# Source of test/kernels/gelu.ttir; emit_ttir.py emits it. The loc() line numbers refer to this file.
import triton
import triton.language as tl


@triton.jit
def gelu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    t = 2.0 / (1.0 + tl.exp(-2.0 * inner)) - 1.0  # tanh(inner)
    y = 0.5 * x * (1.0 + t)
    tl.store(y_ptr + offs, y, mask=mask)
