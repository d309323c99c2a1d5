# Source of test/kernels/math_ops.ttir; emit_ttir.py emits it. The loc() line numbers refer to this file.
import triton
import triton.language as tl


@triton.jit
def math_ops_kernel(x_ptr, y_ptr, z_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # x > 0 (for log, sqrt and rsqrt); y and z of either sign. out: f32[16 * n].
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    z = tl.load(z_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, tl.exp(y), mask=mask)
    tl.store(out_ptr + n + offs, tl.exp2(y), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.log(x), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.log2(x), mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.sin(y), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.cos(y), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.sqrt(x), mask=mask)
    tl.store(out_ptr + 7 * n + offs, tl.rsqrt(x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, tl.erf(y), mask=mask)
    tl.store(out_ptr + 9 * n + offs, tl.floor(y), mask=mask)
    tl.store(out_ptr + 10 * n + offs, tl.ceil(y), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.abs(y), mask=mask)
    tl.store(out_ptr + 12 * n + offs, tl.fma(x, y, z), mask=mask)
    tl.store(out_ptr + 13 * n + offs, tl.maximum(y, z), mask=mask)
    tl.store(out_ptr + 14 * n + offs, tl.minimum(y, z), mask=mask)
    tl.store(out_ptr + 15 * n + offs, tl.div_rn(y, x), mask=mask)
