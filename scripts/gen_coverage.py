#!/usr/bin/python3
"""Generates docs/coverage.md: what each target compiles, tests or refuses.

The catalogue comes from the code: the tt and ttg ops from the ODS files under
include/trident/Dialect, the Python-side names of Triton 3.6 (triton.language,
tl.math, libdevice) from scripts/coverage/triton36_api.txt. For every op or
function the script writes a tiny probe kernel in Triton 3.6's printing style
(TTIR; TTGIR for the ttg ops), compiles it with `trident compile --emit` to the
target's last stage, and scans the tests of that target for the op or symbol.

    /usr/bin/python3 scripts/gen_coverage.py          # rewrite docs/coverage.md
    /usr/bin/python3 scripts/gen_coverage.py --check  # fail if it is stale
    --trident build/bin/trident  --jobs 2  --out FILE  --keep-probes DIR

Standard library only. A probe that kills the compiler with a signal, hangs,
or compiles to output that cannot work later (an unresolved symbol, invalid
SPIR-V) is listed as a bug at the top of the document.
"""

import argparse
import concurrent.futures
import ctypes
import ctypes.util
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API_FILE = os.path.join(ROOT, "scripts", "coverage", "triton36_api.txt")
DOC = os.path.join(ROOT, "docs", "coverage.md")
TIMEOUT_S = 120

# (target, plugin directory under backends/, last stage, TTGIR module attrs).
TARGETS = [
    ("cpu", "linalg", "obj", None),
    ("nvidia", "nvidia", "ptx",
     '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
     'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32'),
    ("intel", "intel", "spirv",
     '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
     'ttg.target = "xpu", "ttg.threads-per-warp" = 16 : i32'),
]

TY = {"f32": "f32", "f64": "f64", "f16": "f16", "bf16": "bf16", "i32": "i32",
      "u32": "i32", "i64": "i64", "u64": "i64", "i16": "i16", "i8": "i8",
      "i1": "i1", "f8E4M3FN": "f8E4M3FN", "f8E5M2": "f8E5M2"}


# ----------------------------------------------------------------------------
# Catalogue


def td_ops(path, base):
    """Op mnemonics defined in an ODS file with `def X : <base><"name"`."""
    text = open(path).read()
    return re.findall(r'^def\s+\w+\s*:\s*%s<"([^"]+)"' % base, text, re.M)


def load_api():
    """(section, name, lowering or [(argtypes, result, symbol)]) rows."""
    rows = []
    for line in open(API_FILE):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        section, name = parts[0], parts[1]
        if section == "libdevice":
            variants = []
            for sig in parts[2:]:
                types, sym = sig.split("=")
                args, res = types.split(">")
                variants.append((args.split(","), res, sym))
            rows.append((section, name, variants))
        else:
            rows.append((section, name, parts[2]))
    return rows


# ----------------------------------------------------------------------------
# Probe kernels. A probe is (inputs, body lines, result value, result type,
# result shape, extra module text). Inputs are element types; one loaded
# tensor each, named %a0, %a1, ...; `*T` is a bare !tt.ptr<T> argument (%p<i>)
# that is not loaded. Shapes are tuples; 1-D and 2-D are stored and loaded the
# way Triton 3.6 writes them (make_range, expand_dims, broadcast, addptr).


class Probe:
    def __init__(self, ins, body, res, rty, rshape=(256,), extra="",
                 ishape=None):
        self.ins = ins
        self.body = body
        self.res = res
        self.rty = rty
        self.rshape = rshape
        self.extra = extra
        # One shape for every loaded input unless given per input.
        self.ishape = ishape


def tensor(shape, ty):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), ty)


def offsets(lines, shape, tag):
    """Emits the i32 offsets of a row-major tensor of `shape`; returns it."""
    if len(shape) == 1:
        lines.append("%%%s_off = tt.make_range {end = %d : i32, start = 0 : "
                     "i32} : %s" % (tag, shape[0], tensor(shape, "i32")))
        return "%%%s_off" % tag
    m, n = shape
    lines += [
        "%%%s_r = tt.make_range {end = %d : i32, start = 0 : i32} : %s"
        % (tag, m, tensor((m,), "i32")),
        "%%%s_c = tt.make_range {end = %d : i32, start = 0 : i32} : %s"
        % (tag, n, tensor((n,), "i32")),
        "%%%s_r2 = tt.expand_dims %%%s_r {axis = 1 : i32} : %s -> %s"
        % (tag, tag, tensor((m,), "i32"), tensor((m, 1), "i32")),
        "%%%s_n = arith.constant dense<%d> : %s"
        % (tag, n, tensor((m, 1), "i32")),
        "%%%s_rs = arith.muli %%%s_r2, %%%s_n : %s"
        % (tag, tag, tag, tensor((m, 1), "i32")),
        "%%%s_c2 = tt.expand_dims %%%s_c {axis = 0 : i32} : %s -> %s"
        % (tag, tag, tensor((n,), "i32"), tensor((1, n), "i32")),
        "%%%s_rb = tt.broadcast %%%s_rs : %s -> %s"
        % (tag, tag, tensor((m, 1), "i32"), tensor(shape, "i32")),
        "%%%s_cb = tt.broadcast %%%s_c2 : %s -> %s"
        % (tag, tag, tensor((1, n), "i32"), tensor(shape, "i32")),
        "%%%s_off = arith.addi %%%s_rb, %%%s_cb : %s"
        % (tag, tag, tag, tensor(shape, "i32")),
    ]
    return "%%%s_off" % tag


def ptrs(lines, arg, shape, ty, tag):
    off = offsets(lines, shape, tag)
    pt = tensor(shape, "!tt.ptr<%s>" % ty)
    lines.append("%%%s_ps = tt.splat %s : !tt.ptr<%s> -> %s"
                 % (tag, arg, ty, pt))
    lines.append("%%%s_pv = tt.addptr %%%s_ps, %s : %s, %s"
                 % (tag, tag, off, pt, tensor(shape, "i32")))
    return "%%%s_pv" % tag, pt


def render_ttir(p, layout=None):
    """The probe as a TTIR module (or TTGIR when `layout` gives the attrs)."""
    args, lines = [], []
    for i, t in enumerate(p.ins):
        raw = t.startswith("*")
        ty = TY[t.lstrip("*")]
        args.append("%%p%d: !tt.ptr<%s> {tt.divisibility = 16 : i32}" % (i, ty))
        if raw:
            continue
        if isinstance(p.ishape, list):
            shape = p.ishape[i]
        else:
            shape = p.ishape or (256,)
        pv, pt = ptrs(lines, "%%p%d" % i, shape, ty, "i%d" % i)
        lines.append("%%a%d = tt.load %s : %s" % (i, pv, pt))
    oty = "i32" if p.rty == "i1" else TY[p.rty]
    args.append("%%out: !tt.ptr<%s> {tt.divisibility = 16 : i32}" % oty)
    lines += p.body
    res = p.res
    if p.rty == "i1":
        lines.append("%%res_ext = arith.extui %s : %s to %s"
                     % (res, tensor(p.rshape, "i1"), tensor(p.rshape, "i32")))
        res = "%res_ext"
    pv, pt = ptrs(lines, "%out", p.rshape, oty, "o")
    lines.append("tt.store %s, %s : %s" % (pv, res, pt))
    lines.append("tt.return")
    text = "module%s {\n" % (" attributes {%s}" % layout if layout else "")
    text += ("  tt.func public @probe(%s) attributes {noinline = false} {\n"
             % ", ".join(args))
    text += "".join("    %s\n" % l for l in lines)
    text += "  }\n"
    if p.extra:
        text += "".join("  %s\n" % l for l in p.extra.strip().split("\n"))
    text += "}\n"
    return text


def T(ty, shape=(256,)):
    return tensor(shape, TY[ty])


def unary(op, ty="f32", rty=None):
    return Probe([ty], ["%%r = %s %%a0 : %s" % (op, T(ty))], "%r", rty or ty)


def binary(op, ty="f32"):
    return Probe([ty, ty], ["%%r = %s %%a0, %%a1 : %s" % (op, T(ty))], "%r", ty)


def ternary(op, ty="f32"):
    return Probe([ty] * 3, ["%%r = %s %%a0, %%a1, %%a2 : %s" % (op, T(ty))],
                 "%r", ty)


def atomic(kind, ty):
    pt = "tensor<256x!tt.ptr<%s>>" % TY[ty]
    return Probe([ty], [
        "%%r = tt.atomic_rmw %s, acq_rel, gpu, %%i0_pv, %%a0 : (%s, %s) -> %s"
        % (kind, pt, T(ty), T(ty))], "%r", ty)


def extern(args, res, sym):
    n = len(args)
    ops = ", ".join("%%a%d" % i for i in range(n))
    tys = ", ".join(T(a) for a in args)
    return Probe(list(args), [
        '%%r = tt.extern_elementwise %s {libname = "", libpath = "", '
        'pure = true, symbol = "%s"} : (%s) -> %s' % (ops, sym, tys, T(res))],
        "%r", res)


def reduce_body(kind="addf", ty="f32"):
    return [
        '%r = "tt.reduce"(%a0) <{axis = 1 : i32}> ({',
        "^bb0(%%l: %s, %%m: %s):" % (TY[ty], TY[ty]),
        "  %%s = arith.%s %%l, %%m : %s" % (kind, TY[ty]),
        "  tt.reduce.return %%s : %s" % TY[ty],
        "}) : (%s) -> %s" % (T(ty, (16, 16)), T(ty, (16,))),
    ]


SQ = (16, 16)


def tt_probes():
    """Probe per tt op mnemonic and per TTIR lowering key of the data file."""
    p = {}
    base = Probe(["f32"], [], "%a0", "f32")
    for op in ("make_range", "splat", "addptr", "load", "store", "func",
               "return"):
        p["tt." + op] = base
    p["tt.get_program_id"] = Probe([], [
        "%pid = tt.get_program_id x : i32",
        "%r = tt.splat %pid : i32 -> tensor<256xi32>"], "%r", "i32")
    p["tt.get_num_programs"] = Probe([], [
        "%np = tt.get_num_programs x : i32",
        "%r = tt.splat %np : i32 -> tensor<256xi32>"], "%r", "i32")
    ptr_roundtrip = Probe(["f32"], [
        "%q = tt.ptr_to_int %i0_pv : tensor<256x!tt.ptr<f32>> -> "
        "tensor<256xi64>",
        "%q2 = tt.int_to_ptr %q : tensor<256xi64> -> tensor<256x!tt.ptr<f32>>",
        "%r = tt.load %q2 : tensor<256x!tt.ptr<f32>>"], "%r", "f32")
    p["tt.ptr_to_int"] = p["tt.int_to_ptr"] = ptr_roundtrip
    p["tt.bitcast"] = Probe(["f32"], [
        "%r = tt.bitcast %a0 : tensor<256xf32> -> tensor<256xi32>"],
        "%r", "i32")
    p["tt.fp_to_fp"] = Probe(["f32"], [
        "%h = tt.fp_to_fp %a0, rounding = rtne : tensor<256xf32> -> "
        "tensor<256xf8E5M2>",
        "%r = tt.fp_to_fp %h : tensor<256xf8E5M2> -> tensor<256xf32>"],
        "%r", "f32")
    p["tt.clampf"] = Probe(["f32"] * 3, [
        "%r = tt.clampf %a0, %a1, %a2, propagateNan = none : tensor<256xf32>"],
        "%r", "f32")
    p["tt.precise_sqrt"] = unary("tt.precise_sqrt")
    p["tt.precise_divf"] = binary("tt.precise_divf")
    p["tt.mulhiui"] = binary("tt.mulhiui", "i32")
    blk = [
        "%c16 = arith.constant 16 : i64",
        "%c1 = arith.constant 1 : i64",
        "%z = arith.constant 0 : i32",
        "%bp = tt.make_tensor_ptr %p0, [%c16, %c16], [%c16, %c1], [%z, %z] "
        "{order = array<i32: 1, 0>} : <tensor<16x16xf32>>"]
    p["tt.make_tensor_ptr"] = Probe(["*f32"], blk + [
        "%r = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}"
        " : !tt.ptr<tensor<16x16xf32>>"], "%r", "f32", SQ)
    p["tt.advance"] = Probe(["*f32"], blk + [
        "%one = arith.constant 1 : i32",
        "%bq = tt.advance %bp, [%one, %z] : <tensor<16x16xf32>>",
        "%r = tt.load %bq {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}"
        " : !tt.ptr<tensor<16x16xf32>>"], "%r", "f32", SQ)
    for kind in ("fadd",):
        p["tt.atomic_rmw:" + kind] = atomic(kind, "f32")
    for kind in ("add", "exch", "max", "min", "umax", "umin", "and", "or",
                 "xor"):
        p["tt.atomic_rmw:" + kind] = atomic(kind, "i32")
    p["tt.atomic_rmw"] = p["tt.atomic_rmw:fadd"]
    p["tt.atomic_cas"] = Probe(["i32", "i32"], [
        "%cb = tt.splat %p0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>",
        "%co = tt.make_range {end = 256 : i32, start = 0 : i32} : "
        "tensor<256xi32>",
        "%cq = tt.addptr %cb, %co : tensor<256x!tt.ptr<i32>>, tensor<256xi32>",
        "%r = tt.atomic_cas acq_rel, gpu, %cq, %a0, %a1 : "
        "(tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi32>) -> "
        "tensor<256xi32>"], "%r", "i32")
    p["tt.unsplat"] = Probe(["f32"], [
        "%one = tt.reshape %a0 : tensor<256xf32> -> tensor<256x1xf32>",
        "%c = arith.constant dense<2.000000e+00> : tensor<1xf32>",
        "%u = tt.unsplat %c : tensor<1xf32>",
        "%us = tt.splat %u : f32 -> tensor<256xf32>",
        "%r = arith.addf %a0, %us : tensor<256xf32>"], "%r", "f32")
    p["tt.expand_dims"] = Probe(["f32"], [
        "%r = tt.expand_dims %a0 {axis = 0 : i32} : tensor<256xf32> -> "
        "tensor<1x256xf32>"], "%r", "f32", (1, 256))
    p["tt.broadcast"] = Probe(["f32"], [
        "%r = tt.broadcast %a0 : tensor<1x256xf32> -> tensor<4x256xf32>"],
        "%r", "f32", (4, 256), ishape=(1, 256))
    p["tt.reshape"] = Probe(["f32"], [
        "%r = tt.reshape %a0 : tensor<256xf32> -> tensor<16x16xf32>"],
        "%r", "f32", SQ)
    p["tt.cat"] = Probe(["f32", "f32"], [
        "%r = tt.cat %a0, %a1 : tensor<128xf32> -> tensor<256xf32>"],
        "%r", "f32", ishape=(128,))
    p["tt.join"] = Probe(["f32", "f32"], [
        "%j = tt.join %a0, %a1 : tensor<128xf32> -> tensor<128x2xf32>",
        "%r = tt.reshape %j : tensor<128x2xf32> -> tensor<256xf32>"],
        "%r", "f32", ishape=(128,))
    p["tt.split"] = Probe(["f32"], [
        "%l, %h = tt.split %a0 : tensor<128x2xf32> -> tensor<128xf32>",
        "%r = arith.addf %l, %h : tensor<128xf32>"], "%r", "f32", (128,),
        ishape=(128, 2))
    p["tt.trans"] = Probe(["f32"], [
        "%r = tt.trans %a0 {order = array<i32: 1, 0>} : tensor<16x8xf32> -> "
        "tensor<8x16xf32>"], "%r", "f32", (8, 16), ishape=(16, 8))
    p["tt.dot"] = Probe(["f16", "f16"], [
        "%c = arith.constant dense<0.000000e+00> : tensor<16x16xf32>",
        "%r = tt.dot %a0, %a1, %c, inputPrecision = tf32 : tensor<16x16xf16> * "
        "tensor<16x16xf16> -> tensor<16x16xf32>"], "%r", "f32", SQ, ishape=SQ)
    p["tt.dot_scaled"] = Probe(["bf16", "bf16"], [
        "%c = arith.constant dense<0.000000e+00> : tensor<16x16xf32>",
        "%r = tt.dot_scaled %a0, %a1, %c lhs = bf16 rhs = bf16 "
        "{fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> "
        "tensor<16x16xf32>"], "%r", "f32", SQ, ishape=SQ)
    p["tt.reduce"] = p["tt.reduce.return"] = Probe(
        ["f32"], reduce_body(), "%r", "f32", (16,), ishape=SQ)
    p["tt.scan"] = p["tt.scan.return"] = Probe(["f32"], [
        '%r = "tt.scan"(%a0) <{axis = 0 : i32, reverse = false}> ({',
        "^bb0(%l: f32, %m: f32):",
        "  %s = arith.addf %l, %m : f32",
        "  tt.scan.return %s : f32",
        "}) : (tensor<256xf32>) -> tensor<256xf32>"], "%r", "f32")
    p["tt.map_elementwise"] = p["tt.map_elementwise.return"] = Probe(["f32"], [
        '%r = "tt.map_elementwise"(%a0) <{pack = 1 : i32}> ({',
        "^bb0(%v: f32):",
        "  %s = arith.mulf %v, %v : f32",
        "  tt.map_elementwise.return %s : f32",
        "}) : (tensor<256xf32>) -> tensor<256xf32>"], "%r", "f32")
    p["tt.extern_elementwise"] = extern(["f32"], "f32", "__nv_expf")
    p["tt.elementwise_inline_asm"] = Probe(["i32"], [
        '%r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = '
        '"=r,r", packed_element = 1 : i32, pure = true} %a0 : tensor<256xi32> '
        "-> tensor<256xi32>"], "%r", "i32")
    p["tt.histogram"] = Probe(["i32"], [
        "%r = tt.histogram %a0 : tensor<256xi32> -> tensor<16xi32>"],
        "%r", "i32", (16,))
    p["tt.gather"] = Probe(["f32", "i32"], [
        "%r = tt.gather %a0[%a1] {axis = 0 : i32} : (tensor<256xf32>, "
        "tensor<256xi32>) -> tensor<256xf32>"], "%r", "f32")
    p["tt.print"] = Probe(["f32"], [
        'tt.print "x: " {hex = false, isSigned = array<i32: 0>} : %a0 : '
        "tensor<256xf32>"], "%a0", "f32")
    p["tt.assert"] = Probe(["f32"], [
        "%z = arith.constant dense<0.000000e+00> : tensor<256xf32>",
        "%m = arith.cmpf oge, %a0, %z : tensor<256xf32>",
        'tt.assert %m, "x >= 0" : tensor<256xi1>'], "%a0", "f32")
    desc = [
        "%n16 = arith.constant 16 : i32",
        "%s16 = arith.constant 16 : i64",
        "%s1 = arith.constant 1 : i64",
        "%z = arith.constant 0 : i32",
        "%d = tt.make_tensor_descriptor %p0, [%n16, %n16], [%s16, %s1] : "
        "!tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf32>>"]
    dload = ("%r = tt.descriptor_load %d[%z, %z] : "
             "!tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>")
    p["tt.make_tensor_descriptor"] = p["tt.descriptor_load"] = Probe(
        ["*f32"], desc + [dload], "%r", "f32", SQ)
    p["tt.descriptor_store"] = Probe(["*f32", "f32"], desc + [
        "tt.descriptor_store %d[%z, %z], %a1 : "
        "!tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>"], "%a1", "f32",
        SQ, ishape=[None, SQ])
    p["tt.descriptor_reduce"] = Probe(["*f32", "f32"], desc + [
        "tt.descriptor_reduce add, %d[%z, %z], %a1 : "
        "!tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>"], "%a1", "f32",
        SQ, ishape=[None, SQ])
    rowdesc = [
        "%n16 = arith.constant 16 : i32",
        "%s16 = arith.constant 16 : i64",
        "%s1 = arith.constant 1 : i64",
        "%z = arith.constant 0 : i32",
        "%d = tt.make_tensor_descriptor %p0, [%n16, %n16], [%s16, %s1] : "
        "!tt.ptr<f32>, !tt.tensordesc<tensor<1x16xf32>>"]
    p["tt.descriptor_gather"] = Probe(["*f32", "i32"], rowdesc + [
        "%r = tt.descriptor_gather %d[%a1, %z] : "
        "(!tt.tensordesc<tensor<1x16xf32>>, tensor<8xi32>, i32) -> "
        "tensor<8x16xf32>"], "%r", "f32", (8, 16), ishape=[None, (8,)])
    p["tt.descriptor_scatter"] = Probe(["*f32", "i32", "f32"], rowdesc + [
        "tt.descriptor_scatter %d[%a1, %z], %a2 : "
        "!tt.tensordesc<tensor<1x16xf32>>, tensor<8xi32>, i32, "
        "tensor<8x16xf32>"], "%a2", "f32", (8, 16),
        ishape=[None, (8,), (8, 16)])
    p["tt.reinterpret_tensor_descriptor"] = Probe(["*i8"], [
        "%z = arith.constant 0 : i32",
        "%d = tt.reinterpret_tensor_descriptor %p0 : !tt.ptr<i8> to "
        "!tt.tensordesc<tensor<16x16xf32>>",
        dload], "%r", "f32", SQ)
    p["tt.call"] = Probe(["f32"], [
        "%r = tt.call @callee(%a0) : (tensor<256xf32>) -> tensor<256xf32>"],
        "%r", "f32", extra="""
tt.func private @callee(%v: tensor<256xf32>) -> tensor<256xf32> \
attributes {noinline = true} {
  %s = arith.addf %v, %v : tensor<256xf32>
  tt.return %s : tensor<256xf32>
}""")
    # Other dialects' ops that the 3.6 frontend emits for tl functions.
    for op in ("exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "rsqrt",
               "absf", "erf", "floor", "ceil"):
        p["math." + op] = unary("math." + op)
    p["math.fma"] = ternary("math.fma")
    for op in ("divf", "maxnumf", "minnumf", "maximumf", "minimumf"):
        p["arith." + op] = binary("arith." + op)
    p["arith.divsi"] = binary("arith.divsi", "i32")
    p["arith.select"] = Probe(["f32", "f32"], [
        "%m = arith.cmpf olt, %a0, %a1 : tensor<256xf32>",
        "%r = arith.select %m, %a0, %a1 : tensor<256xi1>, tensor<256xf32>"],
        "%r", "f32")
    p["arith.sitofp"] = Probe(["i32"], [
        "%r = arith.sitofp %a0 : tensor<256xi32> to tensor<256xf32>"],
        "%r", "f32")
    p["arith.uitofp"] = Probe(["i32"], [
        "%r = arith.uitofp %a0 : tensor<256xi32> to tensor<256xf32>"],
        "%r", "f32")
    p["gpu.barrier"] = Probe(["f32"], ["gpu.barrier"], "%a0", "f32")
    p["llvm.intr.assume"] = Probe(["f32"], [
        "%pid = tt.get_program_id x : i32",
        "%z = arith.constant 0 : i32",
        "%ok = arith.cmpi sge, %pid, %z : i32",
        "llvm.intr.assume %ok : i1"], "%a0", "f32")
    p["scf.for"] = Probe(["f32"], [
        "%lb = arith.constant 0 : i32",
        "%ub = arith.constant 4 : i32",
        "%st = arith.constant 1 : i32",
        "%r = scf.for %iv = %lb to %ub step %st iter_args(%acc = %a0) -> "
        "(tensor<256xf32>) : i32 {",
        "  %s = arith.addf %acc, %a0 : tensor<256xf32>",
        "  scf.yield %s : tensor<256xf32>",
        "}"], "%r", "f32")
    return p


def sweep_probes():
    """Other element types of the ops above: the catalogue probes use f32 and
    i32 mostly; these find the dtypes a target lowers wrongly or not at all."""
    p = {}
    for ty in ("f16", "bf16", "f64"):
        for op in ("exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "rsqrt",
                   "absf", "erf", "floor", "ceil"):
            p["math.%s %s" % (op, ty)] = unary("math." + op, ty)
        p["math.fma " + ty] = ternary("math.fma", ty)
        for op in ("divf", "remf", "maxnumf", "minnumf", "maximumf",
                   "minimumf"):
            p["arith.%s %s" % (op, ty)] = binary("arith." + op, ty)
        p["tt.precise_sqrt " + ty] = unary("tt.precise_sqrt", ty)
        p["tt.precise_divf " + ty] = binary("tt.precise_divf", ty)
        p["tt.clampf " + ty] = Probe([ty] * 3, [
            "%%r = tt.clampf %%a0, %%a1, %%a2, propagateNan = all : %s"
            % T(ty)], "%r", ty)
    for ty in ("f16", "bf16", "f64", "i64"):
        kind = "add" if ty.startswith("i") else "fadd"
        p["tt.atomic_rmw %s %s" % (kind, ty)] = atomic(kind, ty)
        p["tt.reduce %s" % ty] = Probe(
            [ty], reduce_body("addi" if ty.startswith("i") else "addf", ty),
            "%r", ty, (16,), ishape=SQ)
        p["tt.scan %s" % ty] = Probe([ty], [
            '%r = "tt.scan"(%a0) <{axis = 0 : i32, reverse = true}> ({',
            "^bb0(%%l: %s, %%m: %s):" % (TY[ty], TY[ty]),
            "  %%s = arith.%s %%l, %%m : %s"
            % ("addi" if ty.startswith("i") else "addf", TY[ty]),
            "  tt.scan.return %%s : %s" % TY[ty],
            "}) : (%s) -> %s" % (T(ty), T(ty))], "%r", ty)
        p["tt.gather %s" % ty] = Probe([ty, "i32"], [
            "%%r = tt.gather %%a0[%%a1] {axis = 0 : i32} : (%s, "
            "tensor<256xi32>) -> %s" % (T(ty), T(ty))], "%r", ty)
    for ty in ("i8", "i16", "i64"):
        p["tt.mulhiui " + ty] = binary("tt.mulhiui", ty)
        for op in ("divsi", "remui", "shli", "shrsi", "maxsi", "minui"):
            p["arith.%s %s" % (op, ty)] = binary("arith." + op, ty)
    for a, c in (("f32", "f32"), ("bf16", "f32"), ("f16", "f16"),
                 ("f64", "f64"), ("i8", "i32"), ("f8E4M3FN", "f32"),
                 ("f8E5M2", "f32")):
        zero = "0" if c.startswith("i") else "0.000000e+00"
        p["tt.dot %s -> %s" % (a, c)] = Probe([a, a], [
            "%%c = arith.constant dense<%s> : tensor<16x16x%s>" % (zero, c),
            "%%r = tt.dot %%a0, %%a1, %%c : tensor<16x16x%s> * "
            "tensor<16x16x%s> -> tensor<16x16x%s>" % (a, a, c)],
            "%r", c, SQ, ishape=SQ)
    for a, b in (("f32", "f8E4M3FN"), ("f16", "f8E5M2"), ("bf16", "f8E4M3FN"),
                 ("f32", "f16"), ("f32", "bf16")):
        p["tt.fp_to_fp %s -> %s -> %s" % (a, b, a)] = Probe([a], [
            "%%h = tt.fp_to_fp %%a0, rounding = rtne : %s -> tensor<256x%s>"
            % (T(a), b),
            "%%r = tt.fp_to_fp %%h : tensor<256x%s> -> %s" % (b, T(a))],
            "%r", a)
    p["tt.histogram i64"] = Probe(["i64"], [
        "%r = tt.histogram %a0 : tensor<256xi64> -> tensor<16xi32>"],
        "%r", "i32", (16,))
    p["tt.cat 2-D"] = Probe(["f32", "f32"], [
        "%r = tt.cat %a0, %a1 : tensor<8x16xf32> -> tensor<16x16xf32>"],
        "%r", "f32", SQ, ishape=(8, 16))
    p["tt.reshape allow_reorder"] = Probe(["f32"], [
        "%r = tt.reshape %a0 allow_reorder : tensor<256xf32> -> "
        "tensor<16x16xf32>"], "%r", "f32", SQ)
    return p


def ttg_probes():
    """TTGIR probes per ttg op: the body text (with #blocked/#shared at the
    top) and the layout attributes are filled in per target."""
    # Each probe is written against a 1-D blocked layout #bl and a 2-D one
    # #bl2, defined per target (lanes per warp differ), plus #sh (a shared
    # layout) and #smem (the shared memory space).
    p = {}
    t1 = "tensor<256xf32, #bl>"
    p["convert_layout"] = (["f32"], [
        "%r = ttg.convert_layout %a0 : " + t1 + " -> tensor<256xf32, #bl1>",
        "%r2 = ttg.convert_layout %r : tensor<256xf32, #bl1> -> " + t1],
        "%r2")
    md = "!ttg.memdesc<256xf32, #sh, #smem, mutable>"
    alloc = "%m = ttg.local_alloc : () -> " + md
    p["local_alloc"] = p["local_store"] = p["local_load"] = (["f32"], [
        alloc,
        "ttg.local_store %a0, %m : " + t1 + " -> " + md,
        "%r = ttg.local_load %m : " + md + " -> " + t1], "%r")
    p["local_dealloc"] = (["f32"], [
        alloc,
        "ttg.local_store %a0, %m : " + t1 + " -> " + md,
        "%r = ttg.local_load %m : " + md + " -> " + t1,
        "ttg.local_dealloc %m : " + md], "%r")
    md2 = "!ttg.memdesc<2x256xf32, #sh, #smem, mutable>"
    p["memdesc_index"] = (["f32"], [
        "%m = ttg.local_alloc : () -> " + md2,
        "%one = arith.constant 1 : i32",
        "%s = ttg.memdesc_index %m[%one] : " + md2 + " -> " + md,
        "ttg.local_store %a0, %s : " + t1 + " -> " + md,
        "%r = ttg.local_load %s : " + md + " -> " + t1], "%r")
    p["memdesc_subslice"] = (["f32"], [
        "%m = ttg.local_alloc : () -> "
        "!ttg.memdesc<512xf32, #sh, #smem, mutable>",
        "%s = ttg.memdesc_subslice %m[256] : "
        "!ttg.memdesc<512xf32, #sh, #smem, mutable> -> "
        "!ttg.memdesc<256xf32, #sh, #smem, mutable, 512>",
        "ttg.local_store %a0, %s : " + t1 +
        " -> !ttg.memdesc<256xf32, #sh, #smem, mutable, 512>",
        "%r = ttg.local_load %s : "
        "!ttg.memdesc<256xf32, #sh, #smem, mutable, 512> -> " + t1], "%r")
    p["async_copy_global_to_local"] = p["async_commit_group"] = \
        p["async_wait"] = (["f32"], [
            alloc,
            "%t = ttg.async_copy_global_to_local %i0_pv, %m : "
            "tensor<256x!tt.ptr<f32>, #bl> -> " + md,
            "%g = ttg.async_commit_group tokens %t",
            "%w = ttg.async_wait %g {num = 0 : i32}",
            "%r = ttg.local_load %m token %w : " + md + " -> " + t1], "%r")
    im = "!ttg.memdesc<256xf32, #sh, #smem>"
    init = "%m = ttg.local_alloc %a0 : (" + t1 + ") -> " + im
    p["memdesc_reinterpret"] = (["f32"], [
        init,
        "%s = ttg.memdesc_reinterpret %m : " + im +
        " -> !ttg.memdesc<256xi32, #sh, #smem>",
        "%v = ttg.local_load %s : !ttg.memdesc<256xi32, #sh, #smem> -> "
        "tensor<256xi32, #bl>",
        "%r = tt.bitcast %v : tensor<256xi32, #bl> -> " + t1], "%r")
    p["memdesc_reshape"] = (["f32"], [
        init,
        "%s = ttg.memdesc_reshape %m : " + im +
        " -> !ttg.memdesc<16x16xf32, #sh2, #smem>",
        "%s2 = ttg.memdesc_reshape %s : !ttg.memdesc<16x16xf32, #sh2, #smem> "
        "-> " + im,
        "%r = ttg.local_load %s2 : " + im + " -> " + t1], "%r")
    p["global_scratch_alloc"] = (["f32"], [
        "%g = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 1024 : "
        "i32} : !tt.ptr<i8>",
        "%gf = tt.bitcast %g : !tt.ptr<i8> -> !tt.ptr<f32>",
        "%gs = tt.splat %gf : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #bl>",
        "%gp = tt.addptr %gs, %i0_off : tensor<256x!tt.ptr<f32>, #bl>, "
        "tensor<256xi32, #bl>",
        "tt.store %gp, %a0 : tensor<256x!tt.ptr<f32>, #bl>",
        "%r = tt.load %gp : tensor<256x!tt.ptr<f32>, #bl>"], "%r")
    return p


def ttg_render(ops_body, attrs, lanes):
    ins, body, res = ops_body
    per = 256 // (lanes * 4)
    head = (
        "#bl = #ttg.blocked<{sizePerThread = [%d], threadsPerWarp = [%d], "
        "warpsPerCTA = [4], order = [0]}>\n" % (per, lanes) +
        "#bl1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [%d], "
        "warpsPerCTA = [4], order = [0]}>\n" % lanes +
        "#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
        "order = [0]}>\n"
        "#sh2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
        "order = [1, 0]}>\n"
        "#smem = #ttg.shared_memory\n")
    lines = [
        "%i0_off = tt.make_range {end = 256 : i32, start = 0 : i32} : "
        "tensor<256xi32, #bl>",
        "%i0_ps = tt.splat %p0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #bl>",
        "%i0_pv = tt.addptr %i0_ps, %i0_off : tensor<256x!tt.ptr<f32>, #bl>, "
        "tensor<256xi32, #bl>",
        "%a0 = tt.load %i0_pv : tensor<256x!tt.ptr<f32>, #bl>"]
    lines += body
    lines += [
        "%o_ps = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #bl>",
        "%o_pv = tt.addptr %o_ps, %i0_off : tensor<256x!tt.ptr<f32>, #bl>, "
        "tensor<256xi32, #bl>",
        "tt.store %o_pv, " + res + " : tensor<256x!tt.ptr<f32>, #bl>",
        "tt.return"]
    text = head + "module attributes {%s, ttg.shared = 8192 : i32} {\n" % attrs
    text += ("  tt.func public @probe(%p0: !tt.ptr<f32> {tt.divisibility = "
             "16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) "
             "attributes {noinline = false} {\n")
    text += "".join("    %s\n" % l for l in lines)
    text += "  }\n}\n"
    return text


# ----------------------------------------------------------------------------
# Compiling probes


_HOST_LIBS = None


def host_resolves(sym):
    """Whether the cpu runtime's process defines `sym`: the kernel library is
    dlopened with its undefined symbols resolved from libc, libm and libgcc_s
    (compiler runtime helpers such as __truncdfhf2), which every process that
    runs a kernel has loaded."""
    global _HOST_LIBS
    if _HOST_LIBS is None:
        _HOST_LIBS = [ctypes.CDLL(None)]
        for name in ("m", "c", "gcc_s"):
            path = ctypes.util.find_library(name)
            if path:
                _HOST_LIBS.append(ctypes.CDLL(path))
    return any(hasattr(lib, sym) for lib in _HOST_LIBS)


def first_line(text, probe_path):
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        line = line.replace(probe_path, "probe")
        line = re.sub(r"^trident compile: ", "", line)
        line = re.sub(r"^probe:\d+:\d+: ", "", line)
        return line
    return ""


def compile_probe(trident, target, stage, text, workdir, key):
    """Returns (kind, detail): ok, refused, crash, hang, later."""
    base = os.path.join(workdir,
                        "%s.%s" % (re.sub(r"[^\w.]", "_", key), target))
    src = base + (".ttgir" if "module attributes" in text else ".ttir")
    with open(src, "w") as f:
        f.write(text)
    out = base + "." + stage
    try:
        proc = subprocess.run(
            [trident, "compile", src, "--target", target, "--emit", stage,
             "-o", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            timeout=TIMEOUT_S, env=dict(os.environ, TRIDENT_CACHE_DIR=""))
    except subprocess.TimeoutExpired:
        return ("hang", "no result after %d s" % TIMEOUT_S)
    err = proc.stderr.decode(errors="replace")
    if proc.returncode < 0 or proc.returncode >= 128:
        sig = -proc.returncode if proc.returncode < 0 else proc.returncode - 128
        return ("crash", "signal %d: %s" % (sig, first_line(err, src)))
    if proc.returncode != 0:
        return ("refused", first_line(err, src) or "exit %d" % proc.returncode)
    return check_output(target, out)


def check_output(target, out):
    """What would fail after a successful compile: unresolved symbols, invalid
    SPIR-V."""
    if target == "cpu" and shutil.which("nm"):
        syms = subprocess.run(["nm", "-u", out], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL).stdout.decode()
        bad = [s.split()[-1] for s in syms.splitlines() if s.strip()]
        bad = [s for s in bad if not host_resolves(s)]
        if bad:
            return ("later", "undefined symbol " + ", ".join(sorted(bad)))
    elif target == "nvidia":
        ptx = open(out, errors="replace").read()
        ext = re.findall(r"\.extern\s+\.func\s+(?:\([^)]*\)\s*)?(\w+)", ptx)
        # The CUDA driver's linker provides these system calls to every PTX.
        ext = [e for e in ext if e not in ("vprintf", "__assertfail",
                                           "malloc", "free")]
        if ext:
            return ("later",
                    "PTX calls undefined " + ", ".join(sorted(set(ext))))
    elif target == "intel" and shutil.which("spirv-val"):
        proc = subprocess.run(["spirv-val", out], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
        if proc.returncode != 0:
            return ("later", "spirv-val: " +
                    first_line(proc.stdout.decode(errors="replace"), out))
        if shutil.which("spirv-dis"):
            dis = subprocess.run(["spirv-dis", out], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL).stdout.decode()
            imp = re.findall(r'LinkageAttributes "([^"]+)" Import', dis)
            # SPIR-V built-in variables (__spirv_*) and OpenCL built-in
            # functions (Itanium-mangled) are the driver's to provide.
            imp = [i for i in imp
                   if not i.startswith("__spirv_") and not i.startswith("_Z")]
            if imp:
                return ("later", "SPIR-V imports undefined " +
                        ", ".join(sorted(set(imp))))
    return ("ok", "")


# ----------------------------------------------------------------------------
# Test evidence


def read_text(path):
    try:
        with open(path, errors="strict") as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def test_corpus():
    """Per target: [(relative path, text)] of the tests that run on it."""
    kernels_dir = os.path.join(ROOT, "test", "kernels")
    kernels = {}
    for dirpath, dirs, files in os.walk(kernels_dir):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".ttir"):
                kernels[f[:-5]] = os.path.join(dirpath, f)
    corpus = {}
    for target, plugin, _, _ in TARGETS:
        bdir = os.path.join(ROOT, "backends", plugin)
        files = []
        for dirpath, dirs, names in os.walk(os.path.join(bdir, "test")):
            dirs.sort()  # the first test named must not depend on the disk
            for n in sorted(names):
                path = os.path.join(dirpath, n)
                text = read_text(path)
                if text is not None:
                    files.append((os.path.relpath(path, ROOT), text))
        # Kernels of test/kernels that this backend's tests run: named as
        # `<stem>.ttir` in a test, or listed in a `foreach(kernel ...)` of
        # the backend's CMake files.
        used = set()
        cmake_lists = ""
        for dirpath, _, names in os.walk(bdir):
            for n in names:
                if n == "CMakeLists.txt":
                    cmake_lists += open(os.path.join(dirpath, n)).read()
        for m in re.finditer(r"foreach\(kernel\s([^)]*)\)", cmake_lists):
            used.update(m.group(1).split())
        alltext = "\n".join(t for _, t in files)
        for stem in kernels:
            if stem in used or re.search(r"\b%s\.ttir\b" % re.escape(stem),
                                         alltext):
                used.add(stem)
        for stem in sorted(used):
            if stem in kernels:
                files.append((os.path.relpath(kernels[stem], ROOT),
                              open(kernels[stem]).read()))
        corpus[target] = files
    return corpus


def evidence_regex(key):
    """Regexes that show a test exercises the lowering `key`."""
    if key.startswith("__nv_"):
        return [re.escape(key) + r"\b"]
    if ":" in key:
        op, kind = key.split(":")
        return [re.escape(op) + r"\s+" + re.escape(kind) + r"\b"]
    return [re.escape(key) + r"(?![\w.])"]


def find_test(corpus, target, key):
    regs = [re.compile(r) for r in evidence_regex(key)]
    for path, text in corpus[target]:
        if all(r.search(text) for r in regs):
            return path
    return None


# ----------------------------------------------------------------------------
# Document


def cell(res):
    kind, detail, test = res
    if kind == "ok":
        return "tested: `%s`" % test if test else "untested"
    if kind == "refused":
        return "refused: " + md_escape(detail)
    if kind == "n/a":
        return "n/a: " + detail
    if kind == "noprobe":
        return "no probe"
    return "**%s**: %s" % (kind.upper(), md_escape(detail))


def md_escape(s):
    s = s.replace("|", "\\|").replace("`", "'")
    if len(s) > 160:
        s = s[:157] + "..."
    return s


def status_class(res):
    kind, _, test = res
    if kind == "ok":
        return "tested" if test else "untested"
    return kind


def combine(results):
    """Status of a function lowered to several ops: the worst of them."""
    order = ["crash", "hang", "later", "refused", "noprobe", "n/a", "untested",
             "tested"]
    worst = min(results, key=lambda r: order.index(status_class(r)))
    if status_class(worst) == "tested":
        tests = sorted(set(r[2] for r in results))
        return ("ok", "", ", ".join(tests).replace(", ", "`, `"))
    return worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trident", default=os.path.join(ROOT, "build", "bin",
                                                      "trident"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=DOC)
    ap.add_argument("--check", action="store_true",
                    help="regenerate in memory; fail if --out differs")
    ap.add_argument("--keep-probes", metavar="DIR",
                    help="write the probe kernels and outputs to DIR")
    ap.add_argument("--verify-probes", metavar="TRIDENT_OPT",
                    help="only parse and verify every probe with this "
                    "trident-opt (seconds; a ctest)")
    args = ap.parse_args()
    if args.verify_probes:
        sys.exit(verify_probes(args.verify_probes))
    if not os.access(args.trident, os.X_OK):
        sys.exit("gen_coverage: no trident at %s (build it, or pass --trident)"
                 % args.trident)

    tt_ops = td_ops(os.path.join(ROOT, "include/trident/Dialect/Triton/IR/"
                                 "TritonOps.td"), "TT_Op")
    ttg_ops = td_ops(os.path.join(ROOT, "include/trident/Dialect/TritonGPU/IR/"
                                  "TritonGPUOps.td"), "TTG_Op")
    api = load_api()
    probes = tt_probes()
    gprobes = ttg_probes()
    sweep = sweep_probes()

    # Every distinct probe, per target: key -> text.
    jobs = {}
    for target, _, _, attrs in TARGETS:
        for op in tt_ops:
            key = "tt." + op
            if key in probes:
                jobs[(target, key)] = render_ttir(probes[key])
        for section, name, low in api:
            if section == "libdevice":
                for a, r, sym in low:
                    jobs[(target, sym)] = render_ttir(extern(a, r, sym))
            elif low != "-":
                for part in low.split("+"):
                    if part in probes:
                        jobs[(target, part)] = render_ttir(probes[part])
        for key, probe in sweep.items():
            jobs[(target, "sweep:" + key)] = render_ttir(probe)
        if attrs:
            lanes = 32 if "= 32" in attrs.split("threads-per-warp")[1] else 16
            for op in ttg_ops:
                if op in gprobes:
                    jobs[(target, "ttg." + op)] = ttg_render(gprobes[op], attrs,
                                                             lanes)

    workdir = args.keep_probes or tempfile.mkdtemp(prefix="trident-coverage-")
    os.makedirs(workdir, exist_ok=True)
    stages = {t: s for t, _, s, _ in TARGETS}
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {pool.submit(compile_probe, args.trident, t, stages[t], text,
                            workdir, key): (t, key)
                for (t, key), text in sorted(jobs.items())}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()

    corpus = test_corpus()

    def res(target, key):
        if (target, key) not in results:
            return ("noprobe", "", None)
        kind, detail = results[(target, key)]
        test = find_test(corpus, target, key) if kind == "ok" else None
        return (kind, detail, test)

    def res_low(target, low):
        if low == "-":
            return ("n/a", "no IR", None)
        return combine([res(target, part) for part in low.split("+")])

    tnames = [t for t, _, _, _ in TARGETS]
    rows = {}  # category -> [(name, lowering, {target: res})]
    rows["tt ops"] = [("tt." + op, "", {t: res(t, "tt." + op) for t in tnames})
                      for op in tt_ops]
    rows["ttg ops"] = []
    for op in ttg_ops:
        r = {}
        for t, _, _, attrs in TARGETS:
            if not attrs:
                r[t] = ("n/a", "cpu compiles TTIR, no TTGIR", None)
            else:
                r[t] = res(t, "ttg." + op)
        rows["ttg ops"].append(("ttg." + op, "", r))
    for sec in ("tl", "tl.math"):
        rows[sec] = [("%s.%s" % (sec, name), low,
                      {t: res_low(t, low) for t in tnames})
                     for s, name, low in api if s == sec]
    rows["libdevice"] = []
    for s, name, low in api:
        if s != "libdevice":
            continue
        for a, r, sym in low:
            sig = "(%s) -> %s" % (", ".join(a), r)
            rows["libdevice"].append(("%s %s" % (name, sig), sym,
                                      {t: res(t, sym) for t in tnames}))

    swept = [(key, {t: res(t, "sweep:" + key) for t in tnames})
             for key in sweep]
    doc = render(rows, tnames, jobs, swept)
    rel = os.path.relpath(args.out, ROOT)
    if args.check:
        old = open(args.out).read() if os.path.exists(args.out) else ""
        if old != doc:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), doc.splitlines(True), args.out,
                "regenerated", n=1))
            sys.exit("gen_coverage: %s is stale; run /usr/bin/python3 "
                     "scripts/gen_coverage.py" % rel)
        print("gen_coverage: %s is up to date" % rel)
    else:
        with open(args.out, "w") as f:
            f.write(doc)
    if not args.keep_probes:
        shutil.rmtree(workdir, ignore_errors=True)


def all_probe_texts():
    """Every distinct probe module the document compiles, target-neutral
    TTIR and the TTGIR of each GPU target."""
    texts = {}
    for key, probe in list(tt_probes().items()) + [
            ("sweep:" + k, v) for k, v in sweep_probes().items()]:
        texts[key] = render_ttir(probe)
    for section, name, low in load_api():
        if section == "libdevice":
            for a, r, sym in low:
                texts[sym] = render_ttir(extern(a, r, sym))
    for target, _, _, attrs in TARGETS:
        if attrs:
            lanes = 32 if "= 32" in attrs.split("threads-per-warp")[1] else 16
            for op, probe in ttg_probes().items():
                texts["%s ttg.%s" % (target, op)] = ttg_render(probe, attrs,
                                                               lanes)
    return texts


def verify_probes(trident_opt):
    """Parses and verifies all probes in one trident-opt run, so that a change
    of the dialects that breaks a probe fails a test, not the next
    regeneration of docs/coverage.md."""
    texts = all_probe_texts()
    proc = subprocess.run(
        [trident_opt, "--split-input-file", "-o", os.devnull],
        input="\n// -----\n".join(texts.values()).encode(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        return "gen_coverage: a probe kernel does not parse or verify"
    print("gen_coverage: %d probe kernels parse and verify" % len(texts))
    return 0


CLASSES = [("tested", "supported and tested"),
           ("untested", "supported, untested"),
           ("refused", "refused at compile time"),
           ("later", "compiles, fails later"),
           ("crash", "compiler crash"),
           ("hang", "compiler hang"),
           ("noprobe", "no probe written yet"),
           ("n/a", "not applicable")]


def is_float_variant(name):
    return re.search(r"\b(f32|f64)\b", name) is not None


def render(rows, tnames, jobs, swept):
    out = []
    w = out.append
    w("# Coverage: what each target compiles, tests and refuses\n")
    w("Generated by `scripts/gen_coverage.py` from the code and the tests; do "
      "not edit by hand. Regenerate (a few minutes on 2 cores) with\n")
    w("    /usr/bin/python3 scripts/gen_coverage.py            # needs "
      "build/bin/trident")
    w("    /usr/bin/python3 scripts/gen_coverage.py --check    # fails if this "
      "file is stale\n")
    w("Every tt and ttg op (from the ODS files under "
      "`include/trident/Dialect`) and every function of `triton.language`, "
      "`tl.math` and `tl.extra.cuda.libdevice` in Triton 3.6 (from "
      "`scripts/coverage/triton36_api.txt`, with the TTIR op or libdevice "
      "symbol each lowers to) gets a tiny probe kernel, compiled with "
      "`trident compile --target T --emit S` to the last stage of each "
      "target: `obj` (cpu), `ptx` (nvidia, no `ptxas` needed), `spirv` "
      "(intel). The ttg ops are probed as TTGIR on nvidia and intel.\n")
    w("- **supported and tested**: the probe compiles and a test of that "
      "target uses the op or symbol (a file under `backends/<plugin>/test`, "
      "or a kernel of `test/kernels` that those tests run); the file is "
      "named.")
    w("- **supported, untested**: the probe compiles; no such test was found.")
    w("- **refused at compile time**: the compiler's diagnostic, first line.")
    w("- **compiles, fails later**: the output cannot work: an undefined "
      "symbol in the cpu object (not in libc, libm or libgcc_s), an "
      "`.extern .func` in the PTX, or SPIR-V that `spirv-val` rejects or "
      "that imports a function.")
    w("- **compiler crash / hang**: a bug; listed first below.")
    w("- A Python function built from several ops (`tl.softmax`) takes the "
      "worst status of its ops; names that emit no IR of their own "
      "(`tl.static_assert`, `tl.multiple_of`) are not applicable.\n")

    # Summary.
    w("## Summary\n")
    for t in tnames:
        w("### %s\n" % t)
        w("| | " + " | ".join(
            "libdevice variants" if c == "libdevice" else c for c in rows) +
          " | total |")
        w("|---|" + "---|" * (len(rows) + 1))
        for cls, label in CLASSES:
            counts = [sum(1 for _, _, r in rows[c] if status_class(r[t]) == cls)
                      for c in rows]
            if sum(counts) == 0 and cls in ("crash", "hang", "later"):
                counts = counts  # keep the row: zero is a result here
            w("| %s | %s | %d |" % (label, " | ".join(str(n) for n in counts),
                                    sum(counts)))
        w("")

    # Bugs.
    w("## Bugs found by the probes\n")
    bugs = []
    for c in rows:
        for name, low, r in rows[c]:
            for t in tnames:
                if status_class(r[t]) in ("crash", "hang", "later"):
                    bugs.append((c, name, low, t, r[t]))
    for name, r in swept:
        for t in tnames:
            if status_class(r[t]) in ("crash", "hang", "later"):
                bugs.append(("sweep", name, "sweep:" + name, t, r[t]))
    if not bugs:
        w("None: no probe crashed or hung the compiler, and nothing that "
          "compiled failed the output checks.\n")
    crashes = [b for b in bugs if status_class(b[4]) in ("crash", "hang")]
    later = [b for b in bugs if status_class(b[4]) == "later"]
    if bugs:
        w("- compiler crashes and hangs: %d" % len(crashes))
        w("- compiled, but the output fails later: %d\n" % len(later))
    shown = set()
    for c, name, low, t, rr in crashes:
        w("### %s on %s: `%s`%s\n" % (status_class(rr).upper(), t, name,
                                      " (`%s`)" % low if low else ""))
        w(md_escape(rr[1]) + "\n")
        keys = [name] if not low or "+" in low else [low]
        for k in keys:
            text = jobs.get((t, k))
            if text is None or (t, k) in shown:
                continue
            shown.add((t, k))
            w("Probe input (`trident compile --target %s`):\n" % t)
            w("```mlir\n" + text + "```\n")
    for t in tnames:
        mine = [b for b in later if b[3] == t]
        if not mine:
            continue
        w("### %s: compiles, fails later (%d)\n" % (t, len(mine)))
        by_reason = {}
        for c, name, low, _, rr in mine:
            reason = re.sub(r"(undefined( symbol)?) .*", r"\1", rr[1])
            by_reason.setdefault(reason, []).append(low or name)
        for reason, names in sorted(by_reason.items()):
            w("- %s: %s\n" % (md_escape(reason), ", ".join(
                "`%s`" % n for n in names)))

    # Refusals that are not a user's diagnostic but an internal failure
    # surfacing: a conversion that left an op illegal, LLVM's verifier or
    # translator, a backend of LLVM. They are clean exits, but say nothing
    # the user can act on.
    internal = re.compile(r"failed to legalize operation|LLVM Translation "
                          r"failed|cannot be converted to LLVM IR|' op "
                          r"(operand|result|expected)|LLVM's SPIR-V target "
                          r"failed")
    odd = {}
    for c in rows:
        for name, low, r in rows[c]:
            for t in tnames:
                if status_class(r[t]) == "refused" and internal.search(r[t][1]):
                    odd.setdefault(t, []).append(name)
    for name, r in swept:
        for t in tnames:
            if status_class(r[t]) == "refused" and internal.search(r[t][1]):
                odd.setdefault(t, []).append(name)
    if odd:
        w("### Refusals with an internal message\n")
        w("These exit cleanly, but with the message of a conversion that "
          "left an op illegal, of LLVM's verifier or of an LLVM backend, "
          "not a diagnostic that says what is unsupported (see the tables "
          "for the text):\n")
        for t in tnames:
            if t in odd:
                w("- %s (%d): %s" % (t, len(odd[t]), ", ".join(
                    "`%s`" % n for n in odd[t])))
        w("")

    # Libdevice float functions.
    w("## libdevice float functions per target\n")
    w("The variants of `tl.extra.cuda.libdevice` with an f32 or f64 operand "
      "or result; the goal is all of them on all three targets.\n")
    fl = [x for x in rows["libdevice"] if is_float_variant(x[0])]
    w("| target | " + " | ".join(l for _, l in CLASSES[:6]) + " | of |")
    w("|---|" + "---|" * 7)
    for t in tnames:
        w("| %s | %s | %d |" % (t, " | ".join(
            str(sum(1 for _, _, r in fl if status_class(r[t]) == c))
            for c, _ in CLASSES[:6]), len(fl)))
    w("")
    w("| function | symbol | " + " | ".join(tnames) + " |")
    w("|---|---|" + "---|" * len(tnames))
    for name, sym, r in fl:
        w("| `%s` | `%s` | %s |" % (name, sym,
                                    " | ".join(cell(r[t]) for t in tnames)))
    w("")

    titles = {"tt ops": "tt ops", "ttg ops": "ttg ops",
              "tl": "triton.language (tl)", "tl.math": "tl.math",
              "libdevice": "libdevice, other (integer) functions"}
    for c in rows:
        items = rows[c]
        if c == "libdevice":
            items = [x for x in items if not is_float_variant(x[0])]
        w("## %s\n" % titles[c])
        lowcol = c not in ("tt ops", "ttg ops")
        w("| name | " + ("lowers to | " if lowcol else "") +
          " | ".join(tnames) + " |")
        w("|---|" + ("---|" if lowcol else "") + "---|" * len(tnames))
        for name, low, r in items:
            w("| `%s` | %s%s |" % (name, ("`%s` | " % low) if lowcol else "",
                                   " | ".join(cell(r[t]) for t in tnames)))
        w("")

    w("## Other element types\n")
    w("The probes above use f32 and i32 where they can. These %d probes "
      "(`sweep_probes` in the script) run the same ops on other element "
      "types; the table lists the ones that do not compile somewhere.\n"
      % len(swept))
    w("| target | compile | refused | fails later | crash or hang |")
    w("|---|---|---|---|---|")
    for t in tnames:
        cls = [status_class(r[t]) for _, r in swept]
        w("| %s | %d | %d | %d | %d |" % (
            t, sum(c in ("tested", "untested") for c in cls),
            cls.count("refused"), cls.count("later"),
            cls.count("crash") + cls.count("hang")))
    w("")
    w("| probe | " + " | ".join(tnames) + " |")
    w("|---|" + "---|" * len(tnames))
    for name, r in swept:
        if all(status_class(r[t]) in ("tested", "untested") for t in tnames):
            continue
        w("| `%s` | %s |" % (name, " | ".join(
            "compiles" if status_class(r[t]) in ("tested", "untested")
            else cell(r[t]) for t in tnames)))
    w("")
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    main()
