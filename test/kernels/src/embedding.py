# Source of test/kernels/embedding.ttir; emit_ttir.py emits it. The loc() line numbers refer to this file.
import triton
import triton.language as tl


@triton.jit
def embedding_kernel(ids_ptr, weight_ptr, out_ptr, n_tokens, dim, BLOCK_T: tl.constexpr, BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    toks = pid * BLOCK_T + tl.arange(0, BLOCK_T)
    tmask = toks < n_tokens
    ids = tl.load(ids_ptr + toks, mask=tmask, other=0)
    for d0 in range(0, dim, BLOCK_D):
        cols = d0 + tl.arange(0, BLOCK_D)
        mask = tmask[:, None] & (cols[None, :] < dim)
        rows = tl.load(weight_ptr + ids[:, None] * dim + cols[None, :], mask=mask, other=0.0)
        tl.store(out_ptr + toks[:, None] * dim + cols[None, :], rows, mask=mask)
