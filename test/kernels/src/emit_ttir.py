#!/usr/bin/env python3
# Emits the kernels of test/kernels/*.ttir from their Python sources in this
# directory: the raw TTIR of the Triton 3.6 frontend (ASTSource.make_ir, before
# make_ttir's passes), printed with its locations and preceded by the header
# comment that every kernel file carries (what it is, how it is launched, and
# the source lines that its loc()s point at). Needs Triton 3.6 (no GPU: the
# frontend only needs a target description, sm_90 here).
#
#   python3 emit_ttir.py [--out DIR] [KERNEL.ttir ...]
#
# Without --out the files are written next to this directory (test/kernels);
# without names every kernel of the table below is emitted.

import argparse
import importlib
import inspect
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))

RAW = "raw TTIR as the Triton 3.6 frontend emits it, before make_ttir."
INLINED = "the Triton 3.6 frontend's output after its inliner pass."
LIT = "An input of the lit tests in test/Roundtrip, which hold the expectations."


class Kernel:
    """One kernel file: the JIT function `fn` of module `module`, specialised
    with the argument types `types` (the non-constexpr parameters, in order)
    and the values `constexprs`. `helpers` are the other JIT functions of the
    module whose source goes into the header (they come first, as in the file).
    Every pointer parameter gets tt.divisibility = 16, as Triton's launcher
    gives a 16-byte aligned buffer; `divisible` names further (integer)
    parameters that do. `debug` compiles with debug=True (the frontend's
    overflow checks become asserts), `inline` prints after the inliner."""

    def __init__(self, name, module, fn, types, constexprs, about,
                 helpers=(), debug=False, inline=False, divisible=()):
        self.name, self.module, self.fn = name, module, fn
        self.types, self.constexprs = types.split(), constexprs
        self.about, self.helpers = about, list(helpers)
        self.debug, self.inline, self.divisible = debug, inline, divisible


F32x3 = "*fp32 *fp32 *fp32"
MM_ARGS = " i32 i32 i32 i32 i32 i32 i32 i32 i32"

KERNELS = [
    # --- the corpus of kernels.py (line numbers fixed by the files) ---------
    Kernel("vadd.ttir", "kernels", "vadd_kernel", F32x3 + " i32", {"BLOCK": 256}, """\
Vector add: out[i] = x[i] + y[i] for i < n (f32, masked).
Launch: grid = (cdiv(n, 256),); x_ptr, y_ptr, out_ptr: f32[n]; n: i32."""),
    Kernel("softmax.ttir", "kernels", "softmax_kernel", "*fp32 *fp32 i32 i32 i32", {"BLOCK": 1024}, """\
Row softmax over n_cols <= 1024 columns: a max and a sum reduction (the
tl.max / tl.sum helpers, called through tt.call) around math.exp.
Launch: grid = (n_rows,); in/out: f32[n_rows, stride]; strides and n_cols: i32."""),
    Kernel("layernorm.ttir", "kernels", "layernorm_fwd_kernel",
           "*fp16 *fp16 *fp16 *fp16 *fp32 *fp32 i32 i32 fp32", {"BLOCK": 256}, """\
LayerNorm forward: f16 X, Y, W, B with f32 math; three scf.for loops over
column blocks (mean, variance, normalise); writes Mean and Rstd (f32, one per row).
Launch: grid = (n_rows,); X, Y: f16[n_rows, stride]; W, B: f16[N];
Mean, Rstd: f32[n_rows]; stride, N: i32; eps: f32."""),
    Kernel("matmul.ttir", "kernels", "matmul_kernel", "*fp16 *fp16 *fp16" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8}, """\
C[M, N] = A[M, K] @ B[K, N] (f16 in, f32 accumulation, f16 out) with tensors of
pointers, masked loads with `other`, grouped program ordering (GROUP_M = 8) and
cache / eviction hints on the loads.
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: f16; sizes and strides: i32."""),
    Kernel("matmul_blockptr.ttir", "kernels", "matmul_blockptr_kernel", "*fp16 *fp16 *fp16" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, """\
The same product through block pointers: tt.make_tensor_ptr and tt.advance,
boundary-checked loads with zero padding and a boundary-checked store.
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: f16; sizes and strides: i32."""),
    Kernel("argmax.ttir", "kernels", "argmax_kernel", "*fp32 *fp32 *i32 i32 i32", {"BLOCK": 1024}, """\
Per-row max and argmax (first index on ties) through one tt.reduce of two
operands, (value, index). Printed after Triton's inliner, so the combine
function's compares and selects sit in the reduce region itself.
Launch: grid = (n_rows,); x: f32[n_rows, stride]; val_out: f32[n_rows];
idx_out: i32[n_rows]; stride, n_cols (<= 1024): i32.""", helpers=["_argmax_combine"], inline=True),
    Kernel("scans.ttir", "kernels", "scans_kernel", "*fp32 *fp32 *fp32 *fp32 i32", {"BLOCK": 256}, """\
Per-row inclusive scans: cumsum (the tl.cumsum helper), cumprod and a reverse
cumsum (tl.associative_scan with combine functions of this file).
Launch: grid = (n_rows,); x and the three outputs: f32[n_rows, n]; n (<= 256): i32.""",
           helpers=["_add_combine", "_mul_combine"]),
    Kernel("atomics.ttir", "kernels", "atomics_kernel", "*fp32 *i32 *fp32 *i32 *i32 *i32 *i32 *i32 i32",
           {"BLOCK": 256}, """\
Atomics: masked tensor fadd / max into 16 buckets, a scalar add (ticket
counter), a compare-and-swap on a flag and a scalar exchange.
Launch: grid = (cdiv(n, 256),); vals: f32[n]; keys: i32[n]; sum: f32[16] = 0;
max: i32[16] = INT32_MIN; count, flag: i32[1] = 0; old, ticket: i32[grid]."""),
    Kernel("control_flow.ttir", "kernels", "control_flow_kernel", "*fp32 *fp32 *i32 i32 i32", {"BLOCK": 256}, """\
Structured control flow: an scf.if guard on the program id, an scf.for with
iter_args and tt.loop_unroll_factor, an scf.if with a result and an scf.while.
y = sum_{i < num_iters} x * 0.5^i, plus 1 on even and minus 1 on odd programs;
steps[pid] = how often (n - pid * 256) halves before it is <= 1.
Launch: grid = (cdiv(n, 256),); x, y: f32[n]; steps: i32[grid]; n, num_iters: i32."""),
    Kernel("early_return.ttir", "kernels", "early_return_kernel", "*fp32 *fp32 i32", {"BLOCK": 256}, """\
An early `return` on the program id, which the frontend emits as
cf.cond_br / cf.br between blocks of the function. y = 2 * |x|.
Launch: grid = (cdiv(n, 256) + extra programs,); x, y: f32[n]; n: i32."""),
    Kernel("call.ttir", "kernels", "call_kernel", "*fp32 *fp32 i32 i32 fp32", {"BLOCK": 256}, """\
A public kernel that calls private helpers through tt.call; row_stats returns
two values (tt.return %a, %b : f32, f32). Row standardisation
y = (x - mean) * rsqrt(var + eps).
Launch: grid = (n_rows,); x, y: f32[n_rows, stride]; stride, n_cols (<= 256): i32; eps: f32.""",
           helpers=["row_stats", "normalize"]),
    Kernel("shapes.ttir", "kernels", "shapes_kernel", "*fp32 *i32 *fp32 *fp32 *fp32 *i32 *fp32 *i32",
           {"M": 16, "N": 32}, """\
Shape and data-movement ops: expand_dims, broadcast, trans, reshape (ordered and
allow_reorder), join, split, cat, gather, histogram, unsplat (.item()),
ptr_to_int / int_to_ptr and get_num_programs.
Launch: grid = (1,); x: f32[512] (a 16 x 32 tile); idx: i32[64]; t_out: f32[512];
join_out: f32[128]; gather_out: f32[32]; hist_out: i32[32]; misc_out: f32[3];
np_out: i32[1]."""),
    Kernel("numerics.ttir", "kernels", "numerics_kernel", "*fp32 *fp32 *i32 *fp32 *i32 i32", {"BLOCK": 64}, """\
Numeric ops: tt.bitcast, tt.fp_to_fp (f32 -> f8E5M2 with rtne, and back),
tt.clampf, tt.precise_sqrt, tt.precise_divf, tt.mulhiui and tt.assert. Compiled
with debug=True, so the frontend's integer-overflow asserts are in as well.
Launch: grid = (cdiv(n, 64),); x, y: f32[n]; u: i32[n]; f_out: f32[4 * n];
i_out: i32[2 * n]; n: i32.""", debug=True),
    Kernel("extern_asm.ttir", "kernels", "extern_asm_kernel", "*fp32 *fp32 *i32 i32", {"BLOCK": 64}, """\
Target-flavoured ops: tt.extern_elementwise (libdevice __nv_expf),
tt.elementwise_inline_asm (a PTX mov.b32) and tt.print. Every target parses it;
only one that provides these symbols and this assembly can run it.
Launch: grid = (cdiv(n, 64),); x: f32[n]; e_out: f32[n]; b_out: i32[n]; n: i32."""),

    # --- one source file each ----------------------------------------------
    Kernel("gelu.ttir", "gelu", "gelu_kernel", "*fp32 *fp32 i32", {"BLOCK": 1024}, """\
GELU, tanh form: y = 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))), with
tanh(t) = 2 / (1 + exp(-2 t)) - 1 through math.exp (f32, masked).
Launch: grid = (cdiv(n, 1024),); x_ptr, y_ptr: f32[n]; n: i32."""),
    Kernel("matmul_bf16.ttir", "matmul", "matmul_kernel", "*bf16 *bf16 *bf16" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8, "INPUT_PRECISION": "tf32"}, """\
C[M, N] = A[M, K] @ B[K, N] in bf16 (bf16 in, f32 accumulation, bf16 out): the
pointer loop of matmul.ttir (masked loads, grouped ordering with GROUP_M = 8).
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: bf16; sizes and strides: i32."""),
    Kernel("matmul_f32.ttir", "matmul", "matmul_kernel", "*fp32 *fp32 *fp32" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8, "INPUT_PRECISION": "ieee"}, """\
C[M, N] = A[M, K] @ B[K, N] in f32 (f32 in, out and accumulation; the dot has
input_precision = "ieee", so no tf32 rounding): the pointer loop of matmul.ttir
with the same 12 arguments (masked loads, grouped ordering with GROUP_M = 8).
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: f32; sizes and strides: i32."""),
    Kernel("matmul_blockptr_bf16.ttir", "matmul", "matmul_blockptr_kernel", "*bf16 *bf16 *bf16" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "INPUT_PRECISION": "tf32"}, """\
The bf16 product through block pointers (tt.make_tensor_ptr, tt.advance,
boundary-checked loads with zero padding, a boundary-checked store).
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: bf16; sizes and strides: i32."""),
    Kernel("matmul_blockptr_f32.ttir", "matmul", "matmul_blockptr_kernel", "*fp32 *fp32 *fp32" + MM_ARGS,
           {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "INPUT_PRECISION": "ieee"}, """\
The f32 product (input_precision = "ieee") through block pointers
(tt.make_tensor_ptr, tt.advance, boundary-checked loads and store).
Launch: grid = (cdiv(M, 64) * cdiv(N, 64),); A, B, C: f32; sizes and strides: i32."""),
    Kernel("attention.ttir", "attention", "attention_kernel", "*fp16 *fp16 *fp16 *fp16 fp32 i32",
           {"HEAD_DIM": 64, "BLOCK_M": 64, "BLOCK_N": 64}, """\
Flash-attention forward (Triton's tutorial, simplified: non-causal, no masks):
for each 64-row block of queries, a loop over 64-column blocks of keys with two
tt.dot (Q K^T and P V, f16 in, f32 accumulation), an online softmax in f32 with
exp2 and sm_scale * log2(e), and the final division by the row sums.
Launch: grid = (cdiv(N_CTX, 64), Z * H); Q, K, V, Out: f16 contiguous
[Z * H, N_CTX, 64]; sm_scale: f32; N_CTX (a multiple of 64): i32."""),
    Kernel("embedding.ttir", "embedding", "embedding_kernel", "*i32 *fp32 *fp32 i32 i32",
           {"BLOCK_T": 16, "BLOCK_D": 64}, """\
Embedding lookup: out[t, :] = weight[ids[t], :], rows gathered by loaded int32
indices (an unstructured access), in a loop over 64-column blocks of dim.
Launch: grid = (cdiv(n_tokens, 16),); ids: i32[n_tokens]; weight: f32[rows, dim];
out: f32[n_tokens, dim]; n_tokens, dim: i32."""),
    Kernel("transpose.ttir", "transpose", "transpose_kernel", "*fp32 *fp32 i32 i32 i32 i32",
           {"BLOCK_M": 32, "BLOCK_N": 32}, """\
Tiled 2-D transpose: y[n, m] = x[m, n], a 32 x 32 tile per program of a 2-D grid,
tl.trans between the masked load and the masked store.
Launch: grid = (cdiv(M, 32), cdiv(N, 32)); x: f32[M, stride_xm]; y: f32[N, stride_yn];
M, N, stride_xm, stride_yn: i32."""),
    Kernel("bitops.ttir", "bitops", "bitops_kernel", "*i32 *i32 *i64 *i64 *i32 *i64 i32", {"BLOCK": 128}, """\
Integer bit operations on i32 and i64: and, or, xor, not, shl, arithmetic and
logical shift right (shift amounts b & 31 and d & 63).
Launch: grid = (cdiv(n, 128),); a, b: i32[n]; c, d: i64[n]; out32: i32[7 * n];
out64: i64[7 * n]; n: i32."""),
    Kernel("math_ops.ttir", "math_ops", "math_ops_kernel", "*fp32 *fp32 *fp32 *fp32 i32", {"BLOCK": 128}, """\
Math functions on f32: exp, exp2, log, log2, sin, cos, sqrt, rsqrt, erf, floor,
ceil, abs, fma, maximum, minimum and div_rn, each stored to its own n-element
slice of out.
Launch: grid = (cdiv(n, 128),); x (> 0), y, z: f32[n]; out: f32[16 * n]; n: i32."""),
]


def frontend():
    """Returns a function (Kernel) -> the printed raw TTIR."""
    import triton
    from triton._C.libtriton import ir
    from triton.backends.compiler import GPUTarget
    from triton.compiler.compiler import ASTSource, make_backend

    target = GPUTarget("cuda", 90, 32)
    backend = make_backend(target)

    def call_flexibly(method, *args):
        # make_ir and get_codegen_implementation changed arity across
        # releases; pass the trailing arguments that the method takes.
        n = len([p for p in inspect.signature(method).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
        return method(*args[len(args) - n:])

    def emit(k):
        mod = importlib.import_module(k.module)
        fn = getattr(mod, k.fn)
        arg_names = fn.arg_names
        sig, attrs, it = {}, {}, iter(k.types)
        for i, name in enumerate(arg_names):
            if name in k.constexprs:
                sig[name] = "constexpr"
                continue
            sig[name] = next(it)
            if sig[name].startswith("*") or name in k.divisible:
                attrs[(i, )] = [["tt.divisibility", 16]]
        src = ASTSource(fn=fn, signature=sig, constexprs=dict(k.constexprs), attrs=attrs)
        options = backend.parse_options({"debug": k.debug})
        context = ir.context()
        ir.load_dialects(context)
        backend.load_dialects(context)
        codegen_fns = call_flexibly(backend.get_codegen_implementation, options)
        module = call_flexibly(src.make_ir, target, options, codegen_fns,
                               backend.get_module_map(), context)
        if k.inline:
            from triton._C.libtriton import passes
            pm = ir.pass_manager(context)
            pm.enable_debug()
            passes.common.add_inliner(pm)
            try:
                pm.run(module, "inline")
            except TypeError:
                pm.run(module)
        return str(module), mod, fn

    return emit, triton.__version__


def header(k, mod, fn):
    base = os.path.basename(mod.__file__)
    text = ["Trident test kernel %s: %s" % (k.name, INLINED if k.inline else RAW), LIT]
    text += k.about.split("\n")
    out = ["// %s\n" % l for l in text]
    out += ["//\n", "// Source (%s; the loc() line numbers refer to it):\n" % base]
    for f in [getattr(mod, h) for h in k.helpers] + [fn]:
        src, first = inspect.getsourcelines(f.fn)
        for n, line in enumerate(src, first):
            line = line.rstrip()
            out.append("//%5d  %s\n" % (n, line) if line else "//%5d\n" % n)
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=os.path.dirname(HERE))
    parser.add_argument("names", nargs="*")
    opts = parser.parse_args()
    sys.path.insert(0, HERE)
    emit, version = frontend()
    print("triton", version)
    os.makedirs(opts.out, exist_ok=True)
    failed = 0
    for k in KERNELS:
        if opts.names and k.name not in opts.names:
            continue
        try:
            text, mod, fn = emit(k)
        except Exception:
            traceback.print_exc()
            print("FAILED", k.name)
            failed += 1
            continue
        # Locations name the source file as it was given to Python (an
        # absolute path); the corpus names it relative to this directory.
        for path in {os.path.abspath(mod.__file__), os.path.realpath(mod.__file__)}:
            text = text.replace('"%s"' % path, '"%s"' % os.path.basename(path))
        with open(os.path.join(opts.out, k.name), "w") as f:
            f.write(header(k, mod, fn) + text.rstrip("\n") + "\n")
        print("wrote", k.name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
