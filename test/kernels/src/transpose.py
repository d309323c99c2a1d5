# Source of test/kernels/transpose.ttir; emit_ttir.py emits it. The loc() line numbers refer to this file.
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_yn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0)
    tl.store(y_ptr + rn[:, None] * stride_yn + rm[None, :], tl.trans(x), mask=(rn[:, None] < N) & (rm[None, :] < M))
