# The nvidia GPU run, in one process on the GPU machine (see run_gpu.sh):
#
#   1. correctness: every Trident bundle in kernels/ is launched through
#      Trident's own runtime (bin/trident-run, libTridentNvidiaRuntime)
#      on inputs written as .npy files, and its saved output is compared with
#      a NumPy reference (and with upstream Triton's output for the same
#      inputs);
#   2. compute-sanitizer memcheck on a few of them (sizes with a partial last
#      block, so that the masks are exercised);
#   3. speed: Trident's cubin (the bytes inside the bundle, loaded with
#      cuModuleLoadData into PyTorch's context) and upstream Triton 3.6's
#      kernel, same sizes, both timed with triton.testing.do_bench (median) in
#      the same run; the ratio Trident / Triton;
#   4. upstream Triton's cold compile time TTIR -> cubin for the same kernels.
#
# Results: $OUT/gpu_results.json and a table on stdout.
import ctypes
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.environ.get("OUT", tempfile.mkdtemp())
RUN = os.path.join(ROOT, "bin", "trident-run")
KERNELS = os.path.join(ROOT, "kernels")
TTIR = os.path.join(ROOT, "ttir")
results = {"correctness": {}, "sanitizer": {}, "bench": {}, "triton_ttir_compile_s": {},
           "versions": {}}


def log(*args):
    print(*args, flush=True)


# ---------------------------------------------------------------------------
# Bundles (docs/bundle.md)
# ---------------------------------------------------------------------------

def read_bundle(path):
    data = open(path, "rb").read()
    assert data[:8] == b"TRIDENTB", path
    _, count, total = struct.unpack_from("<IIQ", data, 8)
    assert total == len(data) and zlib.crc32(data[:-4]) == struct.unpack_from("<I", data, len(data) - 4)[0]
    rec, pos = {}, 24
    for _ in range(count):
        tag, length = struct.unpack_from("<IQ", data, pos)
        rec[tag] = data[pos + 12:pos + 12 + length]
        pos += 12 + length
    return {"name": rec[1].decode(), "target": rec[2].decode(),
            "num_warps": struct.unpack("<I", rec[5])[0],
            "threads_per_warp": struct.unpack("<I", rec[6])[0],
            "shared": struct.unpack("<I", rec[8])[0], "cubin": rec[12]}


# ---------------------------------------------------------------------------
# The kernels: Trident's arguments, NumPy references, Triton's definitions
# ---------------------------------------------------------------------------

def gelu_ref(x):
    x = x.astype(np.float64)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return (0.5 * x * (1.0 + np.tanh(inner))).astype(np.float32)


def softmax_ref(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def layernorm_ref(x, w, b, eps):
    x = x.astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps) * w.astype(np.float64) + b.astype(np.float64))


def case(kernel, n_or_shape, rng):
    """Inputs, trident-run arguments, grid, reference, tolerance."""
    if kernel == "vadd":
        n = n_or_shape
        a = rng.random(n, dtype=np.float32); b = rng.random(n, dtype=np.float32)
        return dict(inputs={"a": a, "b": b}, args=["a=@a.npy", "b=@b.npy", f"c=zeros:f32:{n}", f"n=i32:{n}"],
                    out="c", grid=(n + 1023) // 1024, ref=a + b, atol=0, bytes=12 * n)
    if kernel == "gelu":
        n = n_or_shape
        x = rng.standard_normal(n, dtype=np.float32)
        return dict(inputs={"x": x}, args=["x=@x.npy", f"y=zeros:f32:{n}", f"n=i32:{n}"],
                    out="y", grid=(n + 1023) // 1024, ref=gelu_ref(x), atol=2e-6, bytes=8 * n)
    if kernel == "softmax":
        R, C = n_or_shape
        x = rng.standard_normal((R, C), dtype=np.float32)
        return dict(inputs={"x": x}, args=[f"y=zeros:f32:{R}x{C}", "x=@x.npy", f"s=i32:{C}", f"t=i32:{C}", f"c=i32:{C}"],
                    out="y", grid=R, ref=softmax_ref(x), atol=1e-6, bytes=8 * R * C)
    if kernel == "layernorm":
        R, C = n_or_shape
        x = rng.standard_normal((R, C)).astype(np.float16)
        w = rng.random(C).astype(np.float16); b = rng.random(C).astype(np.float16)
        return dict(inputs={"x": x, "w": w, "b": b},
                    args=["x=@x.npy", f"y=zeros:f16:{R}x{C}", "w=@w.npy", "b=@b.npy", f"s=i32:{C}", f"c=i32:{C}", "eps=f32:1e-5"],
                    out="y", grid=R, ref=layernorm_ref(x, w, b, 1e-5), atol=2e-2, bytes=4 * R * C)
    raise KeyError(kernel)


SIZES = {"vadd": 1 << 26, "gelu": 1 << 26, "softmax": (8192, 4096), "layernorm": (8192, 4096)}
# Partial last blocks (the masks), sizes that keep the divisibility the
# kernels were specialised for (n % 16 == 0).
SMALL = {"vadd": 100000, "gelu": 100000, "softmax": (64, 4096), "layernorm": (64, 4096)}


def run_trident(kernel, bundle_path, c, workdir, prefix=()):
    for name, value in c["inputs"].items():
        np.save(os.path.join(workdir, f"{name}.npy"), value)
    out_path = os.path.join(workdir, "out.npy")
    cmd = list(prefix) + [RUN, bundle_path, "--grid", str(c["grid"])]
    for a in c["args"]:
        cmd += ["--arg", a]
    cmd += ["--save", f"{c['out']}={out_path}"]
    p = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True, timeout=300)
    return p, out_path


# ---------------------------------------------------------------------------
# 1 + 2: correctness through Trident's runtime, and memcheck
# ---------------------------------------------------------------------------

rng = np.random.default_rng(0)
bundles = {}
for k in ("vadd", "gelu", "softmax", "layernorm"):
    path = os.path.join(KERNELS, k + ".tkb")
    if os.path.exists(path):
        bundles[k] = path
    else:
        err = os.path.join(KERNELS, k + ".err")
        results["correctness"][k] = "not compiled: " + (open(err).read()[:300] if os.path.exists(err) else "")
log("bundles:", sorted(bundles))

for k, path in bundles.items():
    for label, size in (("full", SIZES[k]), ("tail", SMALL[k])):
        with tempfile.TemporaryDirectory() as work:
            c = case(k, size, rng)
            p, out = run_trident(k, path, c, work)
            if p.returncode != 0:
                results["correctness"][f"{k}/{label}"] = "FAILED: " + (p.stderr or p.stdout).strip()[:500]
            else:
                got = np.load(out).astype(np.float64)
                err = float(np.abs(got - c["ref"].astype(np.float64)).max())
                ok = err <= c["atol"] + 1e-12
                results["correctness"][f"{k}/{label}"] = {"max_abs_err": err, "atol": c["atol"], "ok": bool(ok), "size": str(size)}
            log("correctness", k, label, results["correctness"][f"{k}/{label}"])

# The e2e corpus (test/kernels, the cases of backends/linalg/test/e2e/
# run_kernel.py with their pure-Python references), through the `trident`
# shim that runs the bundles compiled on the build machine.
CASES = ["vadd", "vadd-large", "softmax", "argmax", "scans", "matmul", "matmul_blockptr", "call",
         "early_return", "layernorm", "atomics", "numerics", "control_flow", "shapes", "grid3d",
         "scale_bf16", "matmul_bf16", "matmul_f32", "matmul_blockptr_bf16", "matmul_blockptr_f32",
         "attention", "gelu", "embedding", "transpose", "bitops", "math_ops"]
shim = os.path.join(ROOT, "bin", "trident")
runner = os.path.join(HERE, "run_kernel.py")
results["corpus"] = {}
results["corpus_memcheck"] = {}
for name in CASES:
    with tempfile.TemporaryDirectory() as work:
        p = subprocess.run([sys.executable, runner, "--trident", shim, "--kernels", os.path.join(ROOT, "corpus"),
                            "--workdir", work, "--target", "nvidia:sm_90", name],
                           capture_output=True, text=True, timeout=300)
        text = (p.stdout + p.stderr).strip()
        results["corpus"][name] = {"rc": p.returncode, "output": text[-600:]}
        log("corpus", name, "PASS" if p.returncode == 0 else "FAIL", text[-300:].replace("\n", " | "))
for name in ("softmax", "layernorm", "argmax", "control_flow", "scans", "atomics", "matmul",
             "matmul_blockptr", "attention"):
    if results["corpus"].get(name, {}).get("rc") != 0:
        continue
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, TRIDENT_SHIM_PREFIX="compute-sanitizer --tool memcheck --error-exitcode 3")
        p = subprocess.run([sys.executable, runner, "--trident", shim, "--kernels", os.path.join(ROOT, "corpus"),
                            "--workdir", work, "--target", "nvidia:sm_90", name],
                           capture_output=True, text=True, timeout=300, env=env)
        text = p.stdout + p.stderr
        summary = [l for l in text.splitlines() if "ERROR SUMMARY" in l]
        results["corpus_memcheck"][name] = {"rc": p.returncode, "summary": summary[-1] if summary else text[-400:]}
        log("memcheck corpus", name, results["corpus_memcheck"][name])

sanitizer = "compute-sanitizer"
for k in [k for k in ("vadd", "gelu", "softmax") if k in bundles]:
    with tempfile.TemporaryDirectory() as work:
        c = case(k, SMALL[k], rng)
        t0 = time.time()
        p, _ = run_trident(k, bundles[k], c, work, prefix=(sanitizer, "--tool", "memcheck", "--error-exitcode", "3"))
        text = (p.stdout + p.stderr)
        summary = [l for l in text.splitlines() if "ERROR SUMMARY" in l]
        results["sanitizer"][k] = {"rc": p.returncode, "summary": summary[-1] if summary else text[-400:],
                                   "seconds": round(time.time() - t0, 1)}
        log("memcheck", k, results["sanitizer"][k])

# ---------------------------------------------------------------------------
# 3: speed, Trident's cubin vs upstream Triton, both with do_bench
# ---------------------------------------------------------------------------

import torch
import triton
import triton.language as tl
from triton.testing import do_bench

results["versions"] = {"triton": triton.__version__, "torch": torch.__version__,
                       "gpu": torch.cuda.get_device_name()}
torch.cuda.init()
torch.empty(1, device="cuda")
cuda = ctypes.CDLL("libcuda.so.1")


def check(res, what):
    if res != 0:
        name = ctypes.c_char_p()
        cuda.cuGetErrorName(res, ctypes.byref(name))
        raise RuntimeError(f"{what}: {name.value}")


class CubinKernel:
    """A bundle's cubin launched with the CUDA driver on PyTorch's stream."""

    def __init__(self, bundle):
        self.b = bundle
        self.module = ctypes.c_void_p()
        self.data = ctypes.create_string_buffer(bundle["cubin"], len(bundle["cubin"]))
        check(cuda.cuModuleLoadData(ctypes.byref(self.module), self.data), "cuModuleLoadData")
        self.func = ctypes.c_void_p()
        check(cuda.cuModuleGetFunction(ctypes.byref(self.func), self.module, bundle["name"].encode()),
              "cuModuleGetFunction")
        if bundle["shared"] > 48 * 1024:
            check(cuda.cuFuncSetAttribute(self.func, 8, bundle["shared"]), "cuFuncSetAttribute")

    def launcher(self, grid, args):
        holders = []
        for a in args:
            if isinstance(a, torch.Tensor):
                holders.append(ctypes.c_uint64(a.data_ptr()))
            elif isinstance(a, float):
                holders.append(ctypes.c_float(a))
            else:
                holders.append(ctypes.c_int32(a))
        params = (ctypes.c_void_p * len(holders))(*[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders])
        threads = self.b["num_warps"] * self.b["threads_per_warp"]
        gx = grid[0]; gy = grid[1] if len(grid) > 1 else 1

        def launch():
            stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
            check(cuda.cuLaunchKernel(self.func, gx, gy, 1, threads, 1, 1, self.b["shared"], stream, params, None),
                  "cuLaunchKernel")
        launch.keep = (holders, params)
        return launch


@triton.jit
def vadd(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m)
    b = tl.load(b_ptr + offs, mask=m)
    tl.store(c_ptr + offs, a + b, mask=m)


@triton.jit
def gelu(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    t = 2.0 / (1.0 + tl.exp(-2.0 * inner)) - 1.0
    tl.store(y_ptr + offs, 0.5 * x * (1.0 + t), mask=m)


@triton.jit
def row_softmax(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + row * out_stride + cols, y, mask=cols < n_cols)


@triton.jit
def layer_norm(x_ptr, y_ptr, w_ptr, b_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=m)
    b = tl.load(b_ptr + cols, mask=m)
    y = d * rstd * w + b
    tl.store(y_ptr + row * stride + cols, y.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # The kernel of shared/kernels/triton-3.6/matmul.ttir (grouped tiles).
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    per_group = GROUP_M * npn
    first_m = (pid // per_group) * GROUP_M
    gsize = min(npm - first_m, GROUP_M)
    pm = first_m + ((pid % per_group) % gsize)
    pn = (pid % per_group) // gsize
    rm = (pm * BM + tl.arange(0, BM)) % M
    rn = (pn * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :] * scn, acc.to(tl.float16),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def attn_fwd(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, stride_h, stride_m,
             BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # The kernel of shared/kernels/triton-3.6/attention.ttir.
    start_m = tl.program_id(0)
    base = tl.program_id(1) * stride_h
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_m + offs_d[None, :])
    m_i = tl.zeros([BM], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BM], dtype=tl.float32)
    acc = tl.zeros([BM, D], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, N_CTX, BN):
        k = tl.load(k_ptr + base + (start_n + offs_n)[None, :] * stride_m + offs_d[:, None])
        qk = tl.dot(q, k) * qk_scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr + base + (start_n + offs_n)[:, None] * stride_m + offs_d[None, :])
        acc += tl.dot(p.to(tl.float16), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_m + offs_d[None, :], acc.to(tl.float16))


def setups(k):
    """(trident args, trident grid, triton launch, bytes, output, reference)."""
    dev = "cuda"
    if k == "vadd":
        n = SIZES[k]
        a = torch.rand(n, device=dev); b = torch.rand(n, device=dev); c1 = torch.empty_like(a); c2 = torch.empty_like(a)
        g = (triton.cdiv(n, 1024),)
        return ([a, b, c1, n], g, lambda: vadd[g](a, b, c2, n, BLOCK=1024), 12 * n, c1, c2)
    if k == "gelu":
        n = SIZES[k]
        x = torch.randn(n, device=dev); y1 = torch.empty_like(x); y2 = torch.empty_like(x)
        g = (triton.cdiv(n, 1024),)
        return ([x, y1, n], g, lambda: gelu[g](x, y2, n, BLOCK=1024), 8 * n, y1, y2)
    if k == "softmax":
        R, C = SIZES[k]
        x = torch.randn(R, C, device=dev); y1 = torch.empty_like(x); y2 = torch.empty_like(x)
        return ([y1, x, C, C, C], (R,), lambda: row_softmax[(R,)](y2, x, C, C, C, BLOCK=4096, num_warps=8),
                8 * R * C, y1, y2)
    if k == "layernorm":
        R, C = SIZES[k]
        x = torch.randn(R, C, device=dev, dtype=torch.float16); y1 = torch.empty_like(x); y2 = torch.empty_like(x)
        w = torch.rand(C, device=dev, dtype=torch.float16); b = torch.rand(C, device=dev, dtype=torch.float16)
        return ([x, y1, w, b, C, C, 1e-5], (R,),
                lambda: layer_norm[(R,)](x, y2, w, b, C, C, 1e-5, BLOCK=4096, num_warps=8), 4 * R * C, y1, y2)
    if k.startswith("matmul-"):
        S = int(k.split("-")[1])
        torch.manual_seed(0)
        A = torch.randn(S, S, device=dev, dtype=torch.float16); B = torch.randn(S, S, device=dev, dtype=torch.float16)
        c1 = torch.empty(S, S, device=dev, dtype=torch.float16); c2 = torch.empty_like(c1)
        g = (triton.cdiv(S, 128) * triton.cdiv(S, 256),)
        # The TTIR's signature: sak, sbn and scn were specialised to 1.
        return ([A, B, c1, S, S, S, S, S, S], g,
                lambda: matmul[g](A, B, c2, S, S, S, S, 1, S, 1, S, 1, BM=128, BN=256, BK=64, GROUP_M=8,
                                  num_warps=8, num_stages=3),
                2 * S ** 3, c1, c2, (A, B))
    if k == "attention":
        H, NC, D = 32, 4096, 64
        torch.manual_seed(0)
        q = torch.randn(H, NC, D, device=dev, dtype=torch.float16); kk = torch.randn_like(q); v = torch.randn_like(q)
        o1 = torch.empty_like(q); o2 = torch.empty_like(q)
        scale = D ** -0.5
        g = (NC // 128, H)
        return ([q, kk, v, o1, scale, NC, q.stride(0), q.stride(1)], g,
                lambda: attn_fwd[g](q, kk, v, o2, scale, NC, q.stride(0), q.stride(1), BM=128, BN=64, D=D,
                                    num_warps=8, num_stages=3),
                4 * H * NC * NC * D, o1, o2, (q, kk, v, scale))
    raise KeyError(k)


def reference(k, extra):
    if k.startswith("matmul-"):
        A, B = extra
        return A.float() @ B.float()
    q, kk, v, scale = extra
    return torch.softmax((q.float() @ kk.float().transpose(1, 2)) * scale, -1) @ v.float()


# Matmul and attention: flop rates; correctness against a float32 torch reference.
# kernels-fma/ (optional): the same kernels compiled without the tensor-core
# path (FMA dot), for comparison.
for k, path in (("matmul-4096", os.path.join(KERNELS, "matmul.tkb")),
                ("matmul-8192", os.path.join(KERNELS, "matmul.tkb")),
                ("attention", os.path.join(KERNELS, "attention.tkb")),
                ("matmul-4096/fma", os.path.join(ROOT, "kernels-fma", "matmul.tkb"))):
    if not os.path.exists(path):
        results["bench"][k] = "not compiled"
        log("bench", k, "not compiled")
        continue
    try:
        kern = CubinKernel(read_bundle(path))
        args, grid, triton_launch, flops, out1, out2, extra = setups(k.split("/")[0])
        trident_launch = kern.launcher(grid, args)
        trident_launch(); triton_launch(); torch.cuda.synchronize()
        ref = reference(k.split("/")[0], extra)
        err_trident = float((out1.float() - ref).abs().max())
        err_triton = float((out2.float() - ref).abs().max())
        del ref
        t_trident = do_bench(trident_launch, warmup=25, rep=100, return_mode="median")
        t_triton = do_bench(triton_launch, warmup=25, rep=100, return_mode="median")
        results["bench"][k] = {"trident_ms": t_trident, "triton_ms": t_triton,
                               "trident_TFLOPs": flops / t_trident / 1e9, "triton_TFLOPs": flops / t_triton / 1e9,
                               "speed_ratio_trident_over_triton": t_triton / t_trident,
                               "max_abs_err_trident_vs_fp32": err_trident, "max_abs_err_triton_vs_fp32": err_triton,
                               "shared_bytes": kern.b["shared"]}
        del args, out1, out2, extra, trident_launch, triton_launch
        torch.cuda.empty_cache()
    except Exception as e:  # noqa
        results["bench"][k] = "FAILED: " + repr(e)[:400]
    log("bench", k, results["bench"][k])

# kernels-baseline/ (optional, prepare.sh's BASELINE_PLUGINS): the same
# kernels compiled by an earlier plugin (<k>.tkb), or other variants of them
# (<k>.<variant>.tkb), timed between Trident's and Triton's; each output is
# poisoned first and compared with Triton's.
for k, path in bundles.items():
    try:
        kern = CubinKernel(read_bundle(path))
        args, grid, triton_launch, nbytes, out1, out2 = setups(k)
        trident_launch = kern.launcher(grid, args)
        trident_launch(); triton_launch(); torch.cuda.synchronize()
        agree = float((out1.float() - out2.float()).abs().max())
        t_trident = do_bench(trident_launch, warmup=25, rep=200, return_mode="median")
        # <k>.tkb and <k>.<variant>.tkb in kernels-baseline/.
        variants = {}
        baseline_dir = os.path.join(ROOT, "kernels-baseline")
        for name in sorted(os.listdir(baseline_dir)) if os.path.isdir(baseline_dir) else []:
            if name != k + ".tkb" and not (name.startswith(k + ".") and name.endswith(".tkb")):
                continue
            out1.fill_(float("nan"))
            variant_launch = CubinKernel(read_bundle(os.path.join(baseline_dir, name))).launcher(grid, args)
            variant_launch(); torch.cuda.synchronize()
            variant_agree = float((out1.float() - out2.float()).abs().max())
            t_variant = do_bench(variant_launch, warmup=25, rep=200, return_mode="median")
            variants[name[:-4]] = {"ms": t_variant, "GBps": nbytes / t_variant / 1e6,
                                   "max_abs_diff_vs_triton": variant_agree}
        t_triton = do_bench(triton_launch, warmup=25, rep=200, return_mode="median")
        results["bench"][k] = {"trident_ms": t_trident, "triton_ms": t_triton,
                               "trident_GBps": nbytes / t_trident / 1e6, "triton_GBps": nbytes / t_triton / 1e6,
                               "speed_ratio_trident_over_triton": t_triton / t_trident,
                               "max_abs_diff_vs_triton": agree, "size": str(SIZES[k])}
        if variants:
            results["bench"][k]["baselines"] = variants
    except Exception as e:  # noqa
        results["bench"][k] = "FAILED: " + repr(e)[:400]
    log("bench", k, results["bench"][k])

# Trident's own runtime timing (host clock around launch + synchronize), for reference.
for k in [k for k in ("vadd",) if k in bundles]:
    with tempfile.TemporaryDirectory() as work:
        c = case(k, SIZES[k], rng)
        for name, value in c["inputs"].items():
            np.save(os.path.join(work, f"{name}.npy"), value)
        cmd = [RUN, bundles[k], "--grid", str(c["grid"]), "--bench", "50"] + sum((["--arg", a] for a in c["args"]), [])
        p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=300)
        results["bench"][k + "/trident-run --bench"] = (p.stdout + p.stderr).strip()[-300:]
        log(results["bench"][k + "/trident-run --bench"])

# ---------------------------------------------------------------------------
# 4: upstream Triton's cold compile TTIR -> cubin
# ---------------------------------------------------------------------------

target = triton.runtime.driver.active.get_current_target()
opts = {"vadd": {"num_warps": 4}, "gelu": {"num_warps": 4}, "softmax": {"num_warps": 8},
        "layernorm": {"num_warps": 8}, "matmul": {"num_warps": 8, "num_stages": 3},
        "attention": {"num_warps": 8, "num_stages": 3}}
for k, o in opts.items():
    p = os.path.join(TTIR, k + ".ttir")
    if not os.path.exists(p):
        continue
    times = []
    for _ in range(3):
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
        t0 = time.perf_counter()
        try:
            triton.compile(p, target=target, options=o)
        except Exception as e:  # noqa
            times.append(repr(e)[:200]); break
        times.append(time.perf_counter() - t0)
    results["triton_ttir_compile_s"][k] = times
    log("triton compile", k, times)

with open(os.path.join(OUT, "gpu_results.json"), "w") as f:
    json.dump(results, f, indent=1)
log(json.dumps(results, indent=1))
