# Sources of the Triton kernels of test/kernels/*.ttir; emit_ttir.py emits them. Keep every line where it is.
import triton
import triton.language as tl
from triton.language.extra import libdevice

@triton.jit
def vadd_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
    x_max = tl.max(x, axis=0)
    num = tl.exp(x - x_max)
    den = tl.sum(num, axis=0)
    y = num / den
    tl.store(out_ptr + row * out_stride + cols, y, mask=mask)


@triton.jit
def layernorm_fwd_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    _mean = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        a = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.0)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0, cache_modifier=".ca",
                    eviction_policy="evict_last")
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0, cache_modifier=".cg")
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@triton.jit
def matmul_blockptr_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                           stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    a_bp = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, stride_ak), offsets=(pid_m * BLOCK_M, 0),
                             block_shape=(BLOCK_M, BLOCK_K), order=(1, 0))
    b_bp = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, stride_bn), offsets=(0, pid_n * BLOCK_N),
                             block_shape=(BLOCK_K, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_bp = tl.advance(a_bp, (0, BLOCK_K))
        b_bp = tl.advance(b_bp, (BLOCK_K, 0))
    c_bp = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                             offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_bp, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def _argmax_combine(v1, i1, v2, i2):
    tie = (v1 == v2) & (i1 < i2)
    gt = (v1 > v2) | tie
    return tl.where(gt, v1, v2), tl.where(gt, i1, i2)


@triton.jit
def argmax_kernel(x_ptr, val_out, idx_out, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    best, best_idx = tl.reduce((x, cols), 0, _argmax_combine)
    tl.store(val_out + row, best)
    tl.store(idx_out + row, best_idx)


@triton.jit
def _add_combine(a, b):
    return a + b


@triton.jit
def _mul_combine(a, b):
    return a * b


@triton.jit
def scans_kernel(x_ptr, sum_out, prod_out, rsum_out, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=mask, other=0.0)
    csum = tl.cumsum(x, 0)
    cprod = tl.associative_scan(tl.where(mask, x, 1.0), 0, _mul_combine)
    rsum = tl.associative_scan(x, 0, _add_combine, reverse=True)
    tl.store(sum_out + row * n + cols, csum, mask=mask)
    tl.store(prod_out + row * n + cols, cprod, mask=mask)
    tl.store(rsum_out + row * n + cols, rsum, mask=mask)


@triton.jit
def atomics_kernel(vals_ptr, keys_ptr, sum_ptr, max_ptr, count_ptr, flag_ptr, old_ptr, ticket_ptr, n,
                   BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(vals_ptr + offs, mask=mask, other=0.0)
    k = tl.load(keys_ptr + offs, mask=mask, other=0)
    bucket = k & 15
    tl.atomic_add(sum_ptr + bucket, v, mask=mask)
    tl.atomic_max(max_ptr + bucket, k, mask=mask, sem="relaxed")
    ticket = tl.atomic_add(count_ptr, 1)
    old = tl.atomic_cas(flag_ptr, 0, 1)
    tl.store(old_ptr + pid, old)
    tl.atomic_xchg(ticket_ptr + pid, ticket, sem="release", scope="sys")


@triton.jit
def control_flow_kernel(x_ptr, y_ptr, steps_ptr, n, num_iters, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK < n:
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        acc = tl.zeros([BLOCK], dtype=tl.float32)
        scale = tl.full([], 1.0, tl.float32)
        for i in tl.range(0, num_iters, loop_unroll_factor=2):
            acc += x * scale
            scale = scale * 0.5
        if pid % 2 == 0:
            y = acc + 1.0
        else:
            y = acc - 1.0
        tl.store(y_ptr + offs, y, mask=mask)
        v = n - pid * BLOCK
        steps = tl.full([], 0, tl.int32)
        while v > 1:
            v = v // 2
            steps += 1
        tl.store(steps_ptr + pid, steps)


@triton.jit
def early_return_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, tl.abs(x) * 2.0, mask=mask)


@triton.jit
def row_stats(x, mask, n, eps):
    mean = tl.sum(x, axis=0) / n
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n
    rstd = 1.0 / tl.sqrt(var + eps)
    return mean, rstd


@triton.jit
def normalize(x, mean, rstd):
    return (x - mean) * rstd


@triton.jit
def call_kernel(x_ptr, y_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean, rstd = row_stats(x, mask, n_cols, eps)
    y = normalize(x, mean, rstd)
    tl.store(y_ptr + row * stride + cols, y, mask=mask)


@triton.jit
def shapes_kernel(x_ptr, idx_ptr, t_out, join_out, gather_out, hist_out, misc_out, np_out, M: tl.constexpr,
                  N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    xt = tl.trans(x)
    tl.store(t_out + rn[:, None] * M + rm[None, :], xt)
    total = tl.sum(tl.reshape(x, [M * N], can_reorder=True), axis=0)
    r64 = tl.arange(0, 64)
    v = tl.load(x_ptr + r64)
    w = v * 2.0
    j = tl.join(v, w)
    tl.store(join_out + tl.arange(0, 128), tl.reshape(j, [128]))
    a, b = tl.split(j)
    c = tl.cat(a, b, can_reorder=True)
    csum = tl.sum(c, axis=0)
    gidx = 63 - 2 * tl.arange(0, 32)
    g = tl.gather(v, gidx, 0)
    tl.store(gather_out + tl.arange(0, 32), g)
    keys = tl.load(idx_ptr + r64) & 31
    h = tl.histogram(keys, 32)
    tl.store(hist_out + tl.arange(0, 32), h)
    corner = tl.load(x_ptr + tl.arange(0, 1)[:, None] + tl.arange(0, 1)[None, :]).item()
    addr = misc_out.to(tl.int64)
    p1 = (addr + 4).to(tl.pointer_type(tl.float32))
    tl.store(misc_out, csum)
    tl.store(p1, total)
    tl.store(misc_out + 2, corner)
    tl.store(np_out, tl.num_programs(0))


@triton.jit
def numerics_kernel(x_ptr, y_ptr, u_ptr, f_out, i_out, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    u = tl.load(u_ptr + offs, mask=mask, other=0)
    bits = x.to(tl.int32, bitcast=True)
    expo = (bits >> 23) & 255
    tl.device_assert(expo < 256, "exponent out of range")
    q = x.to(tl.float8e5, fp_downcast_rounding="rtne")
    xq = q.to(tl.float32)
    cl = tl.clamp(x, -1.0, 1.0)
    s = tl.sqrt_rn(tl.abs(x))
    d = tl.div_rn(x, y)
    hi = tl.umulhi(u, u)
    tl.store(f_out + offs, xq, mask=mask)
    tl.store(f_out + n + offs, cl, mask=mask)
    tl.store(f_out + 2 * n + offs, s, mask=mask)
    tl.store(f_out + 3 * n + offs, d, mask=mask)
    tl.store(i_out + offs, expo, mask=mask)
    tl.store(i_out + n + offs, hi, mask=mask)


@triton.jit
def extern_asm_kernel(x_ptr, e_out, b_out, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    e = libdevice.exp(x)
    bits = x.to(tl.int32, bitcast=True)
    moved = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [bits], dtype=tl.int32, is_pure=True, pack=1)
    tl.device_print(" bits: ", moved)
    tl.store(e_out + offs, e, mask=mask)
    tl.store(b_out + offs, moved, mask=mask)
