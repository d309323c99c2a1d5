# Source of test/kernels/bitops.ttir; emit_ttir.py emits it. The loc() line numbers refer to this file.
import triton
import triton.language as tl


@triton.jit
def bitops_kernel(a_ptr, b_ptr, c_ptr, d_ptr, out32_ptr, out64_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    s = b & 31
    ua = a.to(tl.uint32, bitcast=True)
    tl.store(out32_ptr + offs, a & b, mask=mask)
    tl.store(out32_ptr + n + offs, a | b, mask=mask)
    tl.store(out32_ptr + 2 * n + offs, a ^ b, mask=mask)
    tl.store(out32_ptr + 3 * n + offs, ~a, mask=mask)
    tl.store(out32_ptr + 4 * n + offs, a << s, mask=mask)
    tl.store(out32_ptr + 5 * n + offs, a >> s, mask=mask)
    tl.store(out32_ptr + 6 * n + offs, (ua >> s.to(tl.uint32)).to(tl.int32, bitcast=True), mask=mask)
    c = tl.load(c_ptr + offs, mask=mask, other=0)
    d = tl.load(d_ptr + offs, mask=mask, other=0)
    t = d & 63
    uc = c.to(tl.uint64, bitcast=True)
    tl.store(out64_ptr + offs, c & d, mask=mask)
    tl.store(out64_ptr + n + offs, c | d, mask=mask)
    tl.store(out64_ptr + 2 * n + offs, c ^ d, mask=mask)
    tl.store(out64_ptr + 3 * n + offs, ~c, mask=mask)
    tl.store(out64_ptr + 4 * n + offs, c << t, mask=mask)
    tl.store(out64_ptr + 5 * n + offs, c >> t, mask=mask)
    tl.store(out64_ptr + 6 * n + offs, (uc >> t.to(tl.uint64)).to(tl.int64, bitcast=True), mask=mask)
