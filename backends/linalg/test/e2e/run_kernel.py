#!/usr/bin/env python3
# End-to-end tests of the cpu target (ctest label `linalg`): each case makes
# random inputs, writes them as .npy v1.0 files (by hand, with struct), runs
# `trident run` on a kernel of test/kernels (or test/driver/Inputs), reads the
# outputs back and compares them with a reference computed here in plain
# Python (no numpy), under the tolerance stated with the case: the largest
# |got - expected| / max(1, |expected|). Prints the largest errors and exits
# non-zero on a mismatch. `vadd-large` (4M floats) is the README's main job.
#
#   run_kernel.py --trident build/bin/trident --kernels test/kernels \
#                 --workdir DIR CASE [--bench]

import argparse
import ast
import math
import operator
import os
import random
import re
import struct
import subprocess
import sys

# --- .npy v1.0 -------------------------------------------------------------

_CODES = {"f4": ("<f4", "f"), "f2": ("<f2", "e"), "i4": ("<i4", "i"),
          "f8": ("<f8", "d"), "u2": ("<u2", "H"), "i8": ("<i8", "q"),
          "b1": ("|b1", "?"), "u1": ("|u1", "B")}


def write_npy(path, dtype, values, shape=None):
    descr, code = _CODES[dtype]
    shape = shape or (len(values),)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d, " % d for d in shape).rstrip(" ") if len(shape) > 1
        else "%d," % shape[0])
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00")
        f.write(struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError("%s is not a .npy file" % path)
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    descr = header["descr"]
    code = {"<f4": "f", "<f2": "e", "<i4": "i", "<f8": "d", "<u2": "H",
            "<i8": "q", "|b1": "?", "|u1": "B"}[descr]
    body = data[start + hlen:]
    count = len(body) // struct.calcsize(code)
    return list(struct.unpack("<%d%s" % (count, code), body))


def f16(x):
    """Rounds x to the nearest half."""
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_or_inf(x):
    """x rounded to f32, an infinity where it overflows."""
    try:
        return f32(x)
    except OverflowError:
        return math.copysign(math.inf, x)

# --- cases -----------------------------------------------------------------
# Each returns (kernel file, grid, [--arg specs], {output name: (reference,
# tolerance)}); inputs are written into the work directory.


def case_vadd(w, rng, n=1000):
    x = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    y = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("y.npy"), "f4", y)
    ref = [f32(a + b) for a, b in zip(x, y)]
    args = ["x=@" + w("x.npy"), "y=@" + w("y.npy"), "out=zeros:f32:%d" % n,
            "n=i32:%d" % n]
    return "vadd.ttir", "%d" % ((n + 255) // 256), args, {"out": (ref, 0.0)}


def case_vadd_large(w, rng):
    return case_vadd(w, rng, n=1 << 22)


def case_softmax(w, rng):
    rows, cols, stride = 37, 781, 800
    x = [rng.uniform(-4, 4) for _ in range(rows * stride)]
    write_npy(w("x.npy"), "f4", x)
    x = [f32(v) for v in x]
    ref = [0.0] * (rows * stride)
    for r in range(rows):
        row = x[r * stride:r * stride + cols]
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        for c in range(cols):
            ref[r * stride + c] = e[c] / s
    args = ["out=zeros:f32:%d" % (rows * stride), "x=@" + w("x.npy"),
            "in_stride=i32:%d" % stride, "out_stride=i32:%d" % stride,
            "n_cols=i32:%d" % cols]
    return "softmax.ttir", "%d" % rows, args, {"out": (ref, 1e-6)}


def case_argmax(w, rng):
    rows, cols, stride = 19, 700, 720
    x = [f32(rng.uniform(-100, 100)) for _ in range(rows * stride)]
    for r in range(rows):  # a tie: the first index wins
        x[r * stride + 5] = x[r * stride + 600] = 1000.0
    write_npy(w("x.npy"), "f4", x)
    vals, idxs = [], []
    for r in range(rows):
        row = x[r * stride:r * stride + cols]
        m = max(row)
        vals.append(m)
        idxs.append(row.index(m))
    args = ["x=@" + w("x.npy"), "val=zeros:f32:%d" % rows,
            "idx=zeros:i32:%d" % rows, "stride=i32:%d" % stride,
            "n_cols=i32:%d" % cols]
    return "argmax.ttir", "%d" % rows, args, {"val": (vals, 0.0),
                                              "idx": (idxs, 0.0)}


def case_scans(w, rng):
    rows, n = 7, 200
    x = [f32(rng.uniform(0.9, 1.1)) for _ in range(rows * n)]
    write_npy(w("x.npy"), "f4", x)
    csum, cprod, rsum = [], [], []
    for r in range(rows):
        row = x[r * n:(r + 1) * n]
        s = p = 0.0
        p = 1.0
        for v in row:
            s += v
            p *= v
            csum.append(s)
            cprod.append(p)
        rs = [0.0] * n
        s = 0.0
        for i in reversed(range(n)):
            s += row[i]
            rs[i] = s
        rsum.extend(rs)
    size = rows * n
    args = ["x=@" + w("x.npy"), "sum=zeros:f32:%d" % size,
            "prod=zeros:f32:%d" % size, "rsum=zeros:f32:%d" % size,
            "n=i32:%d" % n]
    return "scans.ttir", "%d" % rows, args, {"sum": (csum, 1e-4),
                                             "prod": (cprod, 1e-4),
                                             "rsum": (rsum, 1e-4)}


def bf16_bits(v):
    """The bf16 nearest to v (ties to even), as its 16-bit pattern."""
    (b,) = struct.unpack("<I", struct.pack("<f", v))
    return ((b + 0x7fff + ((b >> 16) & 1)) >> 16) & 0xffff


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def bf16_values(bits):
    return [bf16_value(b) for b in bits]


def case_matmul(w, rng, kernel="matmul.ttir", dtype="f16", m=100, n=72, k=80):
    if dtype == "bf16":
        # bf16 buffers travel as their 16-bit patterns (uint16 .npy files).
        a_bits = [bf16_bits(rng.uniform(-1, 1)) for _ in range(m * k)]
        b_bits = [bf16_bits(rng.uniform(-1, 1)) for _ in range(k * n)]
        write_npy(w("a.npy"), "u2", a_bits, (m, k))
        write_npy(w("b.npy"), "u2", b_bits, (k, n))
        a, b = bf16_values(a_bits), bf16_values(b_bits)
        inputs = ["a=@" + w("a.npy") + ":bf16", "b=@" + w("b.npy") + ":bf16"]
    else:
        rounding = f16 if dtype == "f16" else f32
        a = [rounding(rng.uniform(-1, 1)) for _ in range(m * k)]
        b = [rounding(rng.uniform(-1, 1)) for _ in range(k * n)]
        code = "f2" if dtype == "f16" else "f4"
        write_npy(w("a.npy"), code, a, (m, k))
        write_npy(w("b.npy"), code, b, (k, n))
        inputs = ["a=@" + w("a.npy"), "b=@" + w("b.npy")]
    columns = [b[j::n] for j in range(n)]
    ref = [sum(map(operator.mul, a[i * k:(i + 1) * k], columns[j]))
           for i in range(m) for j in range(n)]
    grid = ((m + 63) // 64) * ((n + 63) // 64)
    args = inputs + [
        "c=zeros:%s:%d" % (dtype, m * n), "M=i32:%d" % m, "N=i32:%d" % n,
        "K=i32:%d" % k, "sam=i32:%d" % k, "sak=i32:1", "sbk=i32:%d" % n,
        "sbn=i32:1", "scm=i32:%d" % n, "scn=i32:1"]
    if dtype == "f16":
        # f16 output: half an ulp of values up to ~10, plus accumulation order.
        return kernel, "%d" % grid, args, {"c": (ref, 1e-2)}
    if dtype == "bf16":
        # Exact bf16 products, f32 sums, one rounding to bf16: half an ulp,
        # at most 2^-8 relative to max(1, |c|).
        return kernel, "%d" % grid, args, {"c": (ref, 5e-3, bf16_values)}
    # f32 in and out with input_precision = "ieee" (no tf32): only the order
    # of the f32 additions differs from the double reference.
    return kernel, "%d" % grid, args, {"c": (ref, 1e-5)}


def case_matmul_blockptr(w, rng):
    return case_matmul(w, rng, "matmul_blockptr.ttir")


# The bf16 and f32 products: 10 x 2 programs, so that the grouped ordering
# (GROUP_M = 8) has a full group and a partial one; M, N and K are not
# multiples of the blocks.
TALL = dict(m=584, n=72, k=40)


def case_matmul_bf16(w, rng):
    return case_matmul(w, rng, "matmul_bf16.ttir", "bf16", **TALL)


def case_matmul_f32(w, rng):
    return case_matmul(w, rng, "matmul_f32.ttir", "f32", **TALL)


def case_matmul_blockptr_bf16(w, rng):
    return case_matmul(w, rng, "matmul_blockptr_bf16.ttir", "bf16", **TALL)


def case_matmul_blockptr_f32(w, rng):
    return case_matmul(w, rng, "matmul_blockptr_f32.ttir", "f32", **TALL)


KERNEL_REGRESSION = "regression"


def case_bmm_f32_ieee(w, rng, batch=3, m=40, n=48, k=32):
    # The batched f32 product of test/kernels/regression: a 3-D grid (M
    # blocks, N blocks, batch), M not a multiple of the 32-row block (the
    # masked A load), K a multiple of the 16-wide step (the unmasked B load).
    a = [f32(rng.uniform(-1, 1)) for _ in range(batch * m * k)]
    b = [f32(rng.uniform(-1, 1)) for _ in range(batch * k * n)]
    write_npy(w("a.npy"), "f4", a, (batch, m, k))
    write_npy(w("b.npy"), "f4", b, (batch, k, n))
    ref = []
    for z in range(batch):
        az, bz = a[z * m * k:(z + 1) * m * k], b[z * k * n:(z + 1) * k * n]
        columns = [bz[j::n] for j in range(n)]
        ref += [sum(map(operator.mul, az[i * k:(i + 1) * k], columns[j]))
                for i in range(m) for j in range(n)]
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"),
            "c=zeros:f32:%d" % (batch * m * n), "M=i32:%d" % m,
            "N=i32:%d" % n, "K=i32:%d" % k, "stride_ab=i32:%d" % (m * k),
            "stride_am=i32:%d" % k, "stride_bb=i32:%d" % (k * n),
            "stride_bk=i32:%d" % n, "stride_cb=i32:%d" % (m * n),
            "stride_cm=i32:%d" % n]
    grid = "%d,%d,%d" % ((m + 31) // 32, (n + 31) // 32, batch)
    # f32 with input_precision = "ieee": only the order of the additions
    # differs from the double reference.
    return (os.path.join(KERNEL_REGRESSION, "bmm_f32_ieee.ttir"), grid, args,
            {"c": (ref, 1e-5)})


def case_attention(w, rng):
    heads, n_ctx, d, sm_scale = 2, 128, 64, 0.125
    size = heads * n_ctx * d
    q = [f16(rng.uniform(-2, 2)) for _ in range(size)]
    k = [f16(rng.uniform(-2, 2)) for _ in range(size)]
    v = [f16(rng.uniform(-1, 1)) for _ in range(size)]
    for name, data in (("q", q), ("k", k), ("v", v)):
        write_npy(w(name + ".npy"), "f2", data, (heads, n_ctx, d))
    ref = []
    for h in range(heads):
        base = h * n_ctx * d
        rows = [q[base + i * d:base + (i + 1) * d] for i in range(n_ctx)]
        keys = [k[base + j * d:base + (j + 1) * d] for j in range(n_ctx)]
        vals = [v[base + j * d:base + (j + 1) * d] for j in range(n_ctx)]
        columns = list(zip(*vals))  # V^T
        for qi in rows:
            s = [sm_scale * sum(map(operator.mul, qi, kj)) for kj in keys]
            top = max(s)
            p = [math.exp(x - top) for x in s]
            total = sum(p)
            ref.extend(sum(map(operator.mul, p, col)) / total
                       for col in columns)
    args = ["Q=@" + w("q.npy"), "K=@" + w("k.npy"), "V=@" + w("v.npy"),
            "Out=zeros:f16:%d" % size, "sm_scale=f32:%g" % sm_scale,
            "N_CTX=i32:%d" % n_ctx]
    # |Out| < 1 in f16 (an ulp is at most 2^-11), P is rounded to f16 before
    # the second product: 2e-3 absolute.
    return "attention.ttir", "%d,%d" % (n_ctx // 64, heads), args, {
        "Out": (ref, 2e-3)}


def case_gelu(w, rng):
    n = 5000
    x = [f32(rng.uniform(-6, 6)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    c = math.sqrt(2 / math.pi)
    ref = [0.5 * v * (1 + math.tanh(c * (v + 0.044715 * v ** 3))) for v in x]
    args = ["x=@" + w("x.npy"), "y=zeros:f32:%d" % n, "n=i32:%d" % n]
    # f32 math: exp, a division and cancellation in 1 + tanh near -1.
    return "gelu.ttir", "%d" % ((n + 1023) // 1024), args, {"y": (ref, 1e-5)}


def case_map_elementwise(w, rng):
    n = 1000
    x = [f32(rng.uniform(-4, 4)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    ref = [f32(v * v) if v > 0 else -v for v in x]
    args = ["x=@" + w("x.npy"), "out=zeros:f32:%d" % n, "n=i32:%d" % n]
    return "map_elementwise.ttir", "%d" % ((n + 255) // 256), args, {
        "out": (ref, 0.0)}


def case_embedding(w, rng):
    rows, dim, n_tokens = 50, 100, 37
    weight = [f32(rng.uniform(-1, 1)) for _ in range(rows * dim)]
    ids = [rng.randrange(rows) for _ in range(n_tokens)]
    write_npy(w("weight.npy"), "f4", weight, (rows, dim))
    write_npy(w("ids.npy"), "i4", ids)
    ref = [weight[i * dim + c] for i in ids for c in range(dim)]
    args = ["ids=@" + w("ids.npy"), "weight=@" + w("weight.npy"),
            "out=zeros:f32:%d" % (n_tokens * dim), "n_tokens=i32:%d" % n_tokens,
            "dim=i32:%d" % dim]
    return "embedding.ttir", "%d" % ((n_tokens + 15) // 16), args, {
        "out": (ref, 0.0)}


def case_transpose(w, rng):
    m, n, sxm, syn = 70, 45, 48, 72
    x = [f32(rng.uniform(-1, 1)) for _ in range(m * sxm)]
    write_npy(w("x.npy"), "f4", x, (m, sxm))
    ref = [0.0] * (n * syn)  # the padding columns of y stay 0
    for r in range(m):
        for c in range(n):
            ref[c * syn + r] = x[r * sxm + c]
    args = ["x=@" + w("x.npy"), "y=zeros:f32:%d" % (n * syn), "M=i32:%d" % m,
            "N=i32:%d" % n, "stride_xm=i32:%d" % sxm, "stride_yn=i32:%d" % syn]
    return "transpose.ttir", "%d,%d" % ((m + 31) // 32, (n + 31) // 32), args, {
        "y": (ref, 0.0)}


def wrap(v, bits):
    """v as a two's complement integer of `bits` bits."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def case_bitops(w, rng):
    n = 300
    a = [rng.randint(-2**31, 2**31 - 1) for _ in range(n)]
    b = [rng.randint(-2**31, 2**31 - 1) for _ in range(n)]
    c = [rng.randint(-2**63, 2**63 - 1) for _ in range(n)]
    d = [rng.randint(-2**63, 2**63 - 1) for _ in range(n)]
    for name, code, data in (("a", "i4", a), ("b", "i4", b), ("c", "i8", c),
                             ("d", "i8", d)):
        write_npy(w(name + ".npy"), code, data)

    def ops(x, y, bits):
        s = y & (bits - 1)
        return [wrap(x & y, bits), wrap(x | y, bits), wrap(x ^ y, bits),
                wrap(~x, bits), wrap(x << s, bits), x >> s,
                wrap((x % (1 << bits)) >> s, bits)]
    r32 = [ops(x, y, 32) for x, y in zip(a, b)]
    r64 = [ops(x, y, 64) for x, y in zip(c, d)]
    ref32 = [r[i] for i in range(7) for r in r32]
    ref64 = [r[i] for i in range(7) for r in r64]
    names = ["and", "or", "xor", "not", "shl", "ashr", "lshr"]
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"), "c=@" + w("c.npy"),
            "d=@" + w("d.npy"), "out32=zeros:i32:%d" % (7 * n),
            "out64=zeros:i64:%d" % (7 * n), "n=i32:%d" % n]
    return "bitops.ttir", "%d" % ((n + 127) // 128), args, {
        "out32": (ref32, [(op, n, 0.0) for op in names]),
        "out64": (ref64, [(op, n, 0.0) for op in names])}


def case_math_ops(w, rng):
    n = 500
    x = [f32(rng.uniform(0.01, 100)) for _ in range(n)]
    y = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    z = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    y[:4] = [2.0, -2.0, 0.5, -0.0]  # integral and signed-zero inputs
    for name, data in (("x", x), ("y", y), ("z", z)):
        write_npy(w(name + ".npy"), "f4", data)
    # Each function, its reference in double precision, and its tolerance
    # (largest |got - ref| / max(1, |ref|)): transcendental functions within
    # a few f32 ulps, exactly rounded or exact operations exactly.
    table = [
        ("exp", lambda a, b, c: math.exp(b), 1e-6),
        ("exp2", lambda a, b, c: 2.0 ** b, 1e-6),
        ("log", lambda a, b, c: math.log(a), 1e-6),
        ("log2", lambda a, b, c: math.log2(a), 1e-6),
        ("sin", lambda a, b, c: math.sin(b), 1e-6),
        ("cos", lambda a, b, c: math.cos(b), 1e-6),
        ("sqrt", lambda a, b, c: math.sqrt(a), 1e-6),
        ("rsqrt", lambda a, b, c: 1 / math.sqrt(a), 1e-6),
        ("erf", lambda a, b, c: math.erf(b), 1e-6),
        ("floor", lambda a, b, c: float(math.floor(b)), 0.0),
        ("ceil", lambda a, b, c: float(math.ceil(b)), 0.0),
        ("abs", lambda a, b, c: abs(b), 0.0),
        ("fma", lambda a, b, c: f32(a * b + c), 1e-6),
        ("maximum", lambda a, b, c: max(b, c), 0.0),
        ("minimum", lambda a, b, c: min(b, c), 0.0),
        # IEEE division of f32 values: exact in double, rounded once to f32.
        ("div_rn", lambda a, b, c: f32(b / a), 0.0),
    ]
    ref = [fn(a, b, c) for _, fn, _ in table for a, b, c in zip(x, y, z)]
    args = ["x=@" + w("x.npy"), "y=@" + w("y.npy"), "z=@" + w("z.npy"),
            "out=zeros:f32:%d" % (len(table) * n), "n=i32:%d" % n]
    return "math_ops.ttir", "%d" % ((n + 127) // 128), args, {
        "out": (ref, [(name, n, tol) for name, _, tol in table])}


def host_has_avx512():
    """Whether this (Linux x86) host has AVX-512F, where the cpu target
    expands exp with vscalefps."""
    try:
        with open("/proc/cpuinfo") as info:
            return any(line.startswith("flags") and "avx512f" in line.split()
                       for line in info)
    except OSError:
        return False


def case_exp_range(w, rng):
    """tl.exp and tl.math.exp2 over the whole f32 domain, within 1 ulp of the
    f32 rounding of the double-precision reference: denormal results,
    results that round to 0 or overflow, infinities, NaN and signed zeros
    among them. Without AVX-512 they are upstream MLIR's polynomial and
    Exp2Expansion, which flush results below 2^-126 to 0 (as Triton's GPU
    targets do) and are within 6 ulp near the overflow threshold."""
    strict = host_has_avx512()
    x = [f32(rng.uniform(-160.0, 135.0)) for _ in range(3000)]
    x += [f32(rng.uniform(-1.0, 1.0)) for _ in range(500)]
    x += [f32(v) for v in (
        -math.inf, math.inf, math.nan, 0.0, -0.0, 1e-30, -1e-30, 0.5, -0.5,
        1.5, 88.72, 88.7228, 88.72284, 89.0, -87.33, -100.0, -103.9, -103.97,
        -104.0, -126.0, -127.5, -149.0, -149.5, -150.0, -151.0, 127.0,
        127.99, 128.0, 129.0, -200.0)]
    n = len(x)
    write_npy(w("x.npy"), "f4", x)
    tiny = 2.0 ** -149

    def ulps(function):
        """Each result's distance from function's in units of the last place
        of the reference's f32 rounding (denormals: 2^-149); 0 for a matching
        infinity, zero or NaN, infinite for any other mismatch."""
        def measure(got):
            errors = []
            for g, v in zip(got, x):
                if math.isnan(v):
                    errors.append(0.0 if math.isnan(g) else math.inf)
                    continue
                try:
                    ref = function(v)
                except OverflowError:
                    ref = math.inf
                rounded = f32_or_inf(ref)
                if math.isinf(rounded) or math.isinf(g) or math.isnan(g):
                    errors.append(0.0 if g == rounded else math.inf)
                    continue
                if not strict and g == 0.0 and ref < 2.0 ** -126:
                    errors.append(0.0)
                    continue
                low, high = f32_neighbours(rounded)
                ulp = max(high - rounded, tiny)
                errors.append(abs(g - ref) / ulp)
            return errors
        return measure

    tolerance = 1.0 if strict else 6.0
    args = ["x_ptr=@" + w("x.npy"), "y_ptr=zeros:f32:%d" % n,
            "z_ptr=zeros:f32:%d" % n, "n=i32:%d" % n]
    return "exp_range.ttir", "%d" % ((n + 1023) // 1024), args, {
        "y_ptr": ([0.0] * n, tolerance, ulps(math.exp)),
        "z_ptr": ([0.0] * n, tolerance, ulps(lambda v: 2.0 ** v))}


def case_call(w, rng):
    rows, cols, stride, eps = 11, 200, 256, 1e-5
    x = [f32(rng.uniform(-3, 3)) for _ in range(rows * stride)]
    write_npy(w("x.npy"), "f4", x)
    y = [0.0] * (rows * stride)
    for r in range(rows):
        row = x[r * stride:r * stride + cols]
        mean = sum(row) / cols
        var = sum((v - mean) ** 2 for v in row) / cols
        rstd = 1.0 / math.sqrt(var + eps)
        for c in range(cols):
            y[r * stride + c] = (row[c] - mean) * rstd
    args = ["x=@" + w("x.npy"), "y=zeros:f32:%d" % (rows * stride),
            "stride=i32:%d" % stride, "n_cols=i32:%d" % cols,
            "eps=f32:%g" % eps]
    return "call.ttir", "%d" % rows, args, {"y": (y, 1e-5)}


def case_early_return(w, rng):
    n = 1000
    x = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    ref = [2 * abs(v) for v in x] + [0.0] * 512
    # Two programs more than needed: they return at once and write nothing.
    grid = (n + 255) // 256 + 2
    args = ["x=@" + w("x.npy"), "y=zeros:f32:%d" % (n + 512),
            "n=i32:%d" % n]
    return "early_return.ttir", "%d" % grid, args, {"y": (ref, 0.0)}


def case_layernorm(w, rng, f32_data=False):
    rows, n, stride, eps = 9, 1000, 1024, 1e-5
    cast, code = (f32, "f4") if f32_data else (f16, "f2")
    x = [cast(rng.uniform(-2, 2)) for _ in range(rows * stride)]
    wt = [cast(rng.uniform(0.5, 1.5)) for _ in range(n)]
    b = [cast(rng.uniform(-0.5, 0.5)) for _ in range(n)]
    write_npy(w("x.npy"), code, x)
    write_npy(w("w.npy"), code, wt)
    write_npy(w("b.npy"), code, b)
    y, means, rstds = [0.0] * (rows * stride), [], []
    for r in range(rows):
        row = x[r * stride:r * stride + n]
        mean = sum(row) / n
        var = sum((v - mean) ** 2 for v in row) / n
        rstd = 1 / math.sqrt(var + eps)
        means.append(mean)
        rstds.append(rstd)
        for c in range(n):
            y[r * stride + c] = (row[c] - mean) * rstd * wt[c] + b[c]
    args = ["X=@" + w("x.npy"),
            "Y=zeros:%s:%d" % ("f32" if f32_data else "f16", rows * stride),
            "W=@" + w("w.npy"), "B=@" + w("b.npy"),
            "Mean=zeros:f32:%d" % rows, "Rstd=zeros:f32:%d" % rows,
            "stride=i32:%d" % stride, "N=i32:%d" % n, "eps=f32:%g" % eps]
    # Y in f16 has values up to ~5 (an ulp is 2^-8); in f32 only the
    # summation order differs. Mean and Rstd are f32.
    return ("layernorm_f32.ttir" if f32_data else "layernorm.ttir",
            "%d" % rows, args, {"Y": (y, 1e-5 if f32_data else 8e-3),
                                "Mean": (means, 1e-5),
                                "Rstd": (rstds, 1e-4)})


def case_atomics(w, rng):
    n, block = 3000, 256
    grid = (n + block - 1) // block
    vals = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    keys = [rng.randint(-1000, 1000) for _ in range(n)]
    write_npy(w("vals.npy"), "f4", vals)
    write_npy(w("keys.npy"), "i4", keys)
    write_npy(w("max.npy"), "i4", [-2**31] * 16)
    sums, maxes = [0.0] * 16, [-2**31] * 16
    for v, k in zip(vals, keys):
        sums[k & 15] += v
        maxes[k & 15] = max(maxes[k & 15], k)
    args = ["vals=@" + w("vals.npy"), "keys=@" + w("keys.npy"),
            "sum=zeros:f32:16", "max=@" + w("max.npy"),
            "count=zeros:i32:1", "flag=zeros:i32:1",
            "old=zeros:i32:%d" % grid, "ticket=zeros:i32:%d" % grid,
            "n=i32:%d" % n]
    # The programs run in any order: exactly one finds the flag clear, and
    # the tickets are a permutation of 0 .. grid-1.
    return "atomics.ttir", "%d" % grid, args, {
        "sum": (sums, 1e-5), "max": (maxes, 0.0), "count": ([grid], 0.0),
        "flag": ([1], 0.0), "old": ([0] + [1] * (grid - 1), 0.0, sorted),
        "ticket": (list(range(grid)), 0.0, sorted)}


def case_locked_accumulate(w, rng):
    # Tutorial 05's spin lock: every program adds its row into its group's
    # partial row while it holds the group's lock. Run with more threads
    # than cores (CMake sets TRIDENT_CPU_THREADS), a program is preempted
    # inside the critical section; any lost update shows as a wrong sum.
    rows, groups, width = 1000, 16, 256
    x = [f32(rng.uniform(-1, 1)) for _ in range(rows * width)]
    write_npy(w("x.npy"), "f4", x)
    acc = [0.0] * (groups * width)
    for r in range(rows):
        base = (r % groups) * width
        for c in range(width):
            acc[base + c] += x[r * width + c]
    args = ["x=@" + w("x.npy"), "acc=zeros:f32:%d" % (groups * width),
            "lock=zeros:i32:%d" % (2 * groups)]
    # Every lock released, every group's count set.
    return "locked_accumulate.ttir", "%d" % rows, args, {
        "acc": (acc, 1e-5), "lock": ([0] * groups + [1] * groups, 0.0)}


def f8e5m2(v):
    """Rounds v to the nearest f8E5M2 (ties to even), as a float."""
    if v == 0 or math.isnan(v) or math.isinf(v):
        return v
    e = max(math.floor(math.log2(abs(v))), -14)
    quantum = 2.0 ** (e - 2)
    q = round(v / quantum) * quantum  # round() ties to even
    return q if abs(q) <= 57344 else math.copysign(math.inf, v)


def case_numerics(w, rng):
    n = 500
    # x holds f16 values, so that the f32 -> f16 -> f8 rounding of the
    # kernel is a single rounding and the reference can round directly.
    x = [f16(rng.uniform(-10, 10)) for _ in range(n)]
    y = [f32(rng.choice([-1, 1]) * rng.uniform(0.5, 2)) for _ in range(n)]
    u = [rng.randint(-2**31, 2**31 - 1) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("y.npy"), "f4", y)
    write_npy(w("u.npy"), "i4", u)
    f_ref = ([f8e5m2(v) for v in x] + [min(max(v, -1.0), 1.0) for v in x] +
             [f32(math.sqrt(abs(v))) for v in x] +
             [f32(a / b) for a, b in zip(x, y)])
    def signed(v):
        return v - 2**32 if v >= 2**31 else v
    bits = [struct.unpack("<I", struct.pack("<f", v))[0] for v in x]
    i_ref = ([(b >> 23) & 255 for b in bits] +
             [signed(((v % 2**32) * (v % 2**32)) >> 32) for v in u])
    args = ["x=@" + w("x.npy"), "y=@" + w("y.npy"), "u=@" + w("u.npy"),
            "f_out=zeros:f32:%d" % (4 * n), "i_out=zeros:i32:%d" % (2 * n),
            "n=i32:%d" % n]
    return "numerics.ttir", "%d" % ((n + 63) // 64), args, {
        "f_out": (f_ref, 0.0), "i_out": (i_ref, 0.0)}


def case_control_flow(w, rng):
    n, iters, block = 1100, 5, 256
    grid = (n + block - 1) // block
    x = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    y = []
    for i, v in enumerate(x):
        acc, scale = 0.0, 1.0
        for _ in range(iters):
            acc = f32(acc + v * scale)
            scale *= 0.5
        y.append(f32(acc + (1.0 if (i // block) % 2 == 0 else -1.0)))
    steps = []
    for pid in range(grid):
        v, count = n - pid * block, 0
        while v > 1:
            v //= 2
            count += 1
        steps.append(count)
    args = ["x=@" + w("x.npy"), "y=zeros:f32:%d" % n,
            "steps=zeros:i32:%d" % grid, "n=i32:%d" % n,
            "num_iters=i32:%d" % iters]
    return "control_flow.ttir", "%d" % grid, args, {"y": (y, 1e-6),
                                                    "steps": (steps, 0.0)}


def case_shapes(w, rng):
    m, n = 16, 32
    x = [f32(rng.uniform(-1, 1)) for _ in range(m * n)]
    idx = [rng.randint(0, 1000) for _ in range(64)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("idx.npy"), "i4", idx)
    t = [0.0] * (m * n)
    for r in range(m):
        for c in range(n):
            t[c * m + r] = x[r * n + c]
    v = x[:64]
    join = [e for a in v for e in (a, f32(2 * a))]
    gather = [v[63 - 2 * i] for i in range(32)]
    hist = [0] * 32
    for k in idx:
        hist[k & 31] += 1
    misc = [sum(v) + sum(2 * a for a in v), sum(x), x[0]]
    args = ["x=@" + w("x.npy"), "idx=@" + w("idx.npy"),
            "t_out=zeros:f32:%d" % (m * n), "join_out=zeros:f32:128",
            "gather_out=zeros:f32:32", "hist_out=zeros:i32:32",
            "misc_out=zeros:f32:3", "np_out=zeros:i32:1"]
    return "shapes.ttir", "1", args, {
        "t_out": (t, 0.0), "join_out": (join, 0.0),
        "gather_out": (gather, 0.0), "hist_out": (hist, 0.0),
        "misc_out": (misc, 1e-5), "np_out": ([1], 0.0)}


def case_bool_mask(w, rng):
    n, scale = 1000, 2.0
    x = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    # Half of y is close to x (isclose holds), half far from it.
    y = [f32(v + (1e-5 if rng.random() < 0.5 else 0.5)) for v in x]
    keep = [rng.random() < 0.7 for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("y.npy"), "f4", y)
    write_npy(w("keep.npy"), "b1", keep)
    drop = [f32(a * scale) if k else 0.0 for a, k in zip(x, keep)]
    fill = [-1.0 if k else a for a, k in zip(x, keep)]
    close = [abs(f32(a - b)) <= f32(f32(1e-3) + f32(f32(1e-2) * abs(b)))
             for a, b in zip(x, y)]
    args = ["x=@" + w("x.npy"), "y=@" + w("y.npy"), "keep=@" + w("keep.npy"),
            "drop=zeros:f32:%d" % n, "fill=zeros:f32:%d" % n,
            "close=zeros:i1:%d" % n, "n=i32:%d" % n, "scale=f32:%g" % scale]
    return "bool_mask.ttir", "%d" % ((n + 127) // 128), args, {
        "drop": (drop, 0.0), "fill": (fill, 0.0), "close": (close, 0.0)}


def case_inductor_layer_norm(w, rng):
    # Inductor's layer norm of 2048 rows of 512 (both baked into the
    # kernel), two rows per program. One program more than the rows need:
    # its rows are masked off, so the poisoned rows after the output stay.
    rows, n, eps, poison = 2048, 512, 1e-5, 7.0
    x = [f32(rng.uniform(-2, 2)) for _ in range(rows * n)]
    wt = [f32(rng.uniform(0.5, 1.5)) for _ in range(n)]
    b = [f32(rng.uniform(-0.5, 0.5)) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("w.npy"), "f4", wt)
    write_npy(w("b.npy"), "f4", b)
    write_npy(w("out.npy"), "f4", [0.0] * (rows * n) + [poison] * (2 * n))
    y = []
    for r in range(rows):
        row = x[r * n:(r + 1) * n]
        mean = sum(row) / n
        rstd = 1 / math.sqrt(sum((v - mean) ** 2 for v in row) / n + eps)
        y += [(v - mean) * rstd * g + c for v, g, c in zip(row, wt, b)]
    args = ["in_ptr0=@" + w("x.npy"), "in_ptr1=@" + w("w.npy"),
            "in_ptr2=@" + w("b.npy"), "out_ptr2=@" + w("out.npy"),
            "xnumel=i32:%d" % rows, "r0_numel=i32:%d" % n]
    return "inductor_layer_norm.ttir", "%d" % (rows // 2 + 1), args, {
        "out_ptr2": (y + [poison] * (2 * n), 1e-5)}


def case_div_rows(w, rng):
    # One divisor per row of 64. Rows 0-1: 1/d is a normal float, so the
    # cpu target multiplies by it (within 1.5 ulp of the quotient). Rows
    # 2-6: a subnormal divisor (whose reciprocal overflows), a huge one
    # (whose reciprocal is subnormal), infinity, zero and NaN: those rows
    # are divided, exactly. Row 2's x is small and row 3's large, so that a
    # product with the reciprocal would be off (infinity, lost bits).
    n = 64
    divisors = [3.0, -7.5, 3 * 2.0 ** -130, 1.5 * 2.0 ** 127, math.inf, 0.0,
                math.nan]
    scales = [1.0, 1.0, 2.0 ** -30, 2.0 ** 100, 1.0, 1.0, 1.0]
    x = []
    for scale in scales:
        x += [f32(rng.uniform(1, 2) * scale) for _ in range(n)]
    write_npy(w("x.npy"), "f4", x)
    write_npy(w("d.npy"), "f4", divisors)
    ref = []
    for r, d in enumerate(divisors):
        for v in x[r * n:(r + 1) * n]:
            if math.isnan(d):
                ref.append(math.nan)
            elif d == 0.0:
                ref.append(math.copysign(math.inf, v))
            else:
                ref.append(f32_or_inf(v / d))
    args = ["x=@" + w("x.npy"), "d=@" + w("d.npy"),
            "out=zeros:f32:%d" % (n * len(divisors))]
    return "div_rows.ttir", "%d" % len(divisors), args, {
        "out": (ref, [("reciprocal", 2 * n, 2e-7),
                      ("divided", len(ref) - 2 * n, 0.0)])}


def case_broadcast_mul_reduce(w, rng, m=64, n=128, k=48):
    # sum(x[:, :, None] * y[None, :, :], 1) over K in steps of 16, which
    # tt-combine turns into a dot: Z = X Y, with Z poisoned first.
    x = [f32(rng.uniform(-1, 1)) for _ in range(m * k)]
    y = [f32(rng.uniform(-1, 1)) for _ in range(k * n)]
    write_npy(w("x.npy"), "f4", x, (m, k))
    write_npy(w("y.npy"), "f4", y, (k, n))
    write_npy(w("z.npy"), "f4", [math.nan] * (m * n), (m, n))
    columns = [y[j::n] for j in range(n)]
    ref = [sum(map(operator.mul, x[i * k:(i + 1) * k], columns[j]))
           for i in range(m) for j in range(n)]
    args = ["z=@" + w("z.npy"), "x=@" + w("x.npy"), "y=@" + w("y.npy"),
            "N=i32:%d" % n, "K=i32:%d" % k]
    return "broadcast_mul_reduce.ttir", "%d,%d" % (m // 32, n // 64), args, {
        "z": (ref, 1e-5)}


def case_ptr_select(w, rng):
    n_a, n_b, block = 100, 90, 64
    grid = (n_a + n_b + block - 1) // block
    a = [f32(rng.uniform(-1, 1)) for _ in range(256)]
    b = [f32(rng.uniform(-1, 1)) for _ in range(256)]
    write_npy(w("a.npy"), "f4", a)
    write_npy(w("b.npy"), "f4", b)
    cat = (a[:n_a] + b[:n_b]) + [0.0] * (grid * block - n_a - n_b)
    even = [0.0] * (grid * block // 2)
    odd = [0.0] * (grid * block // 2)
    for i in range(n_a + n_b):
        (even if i % 2 == 0 else odd)[i // 2] = f32(2 * cat[i])
    walk = []
    for pid in range(grid):
        src = a if pid % 2 == 0 else b
        for j in range(block):
            acc = 0.0
            for i in range(4):
                acc = f32(acc + src[i * block + j])
            walk.append(acc)
    size = grid * block
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"), "cat=zeros:f32:%d" % size,
            "even=zeros:f32:%d" % (size // 2), "odd=zeros:f32:%d" % (size // 2),
            "via_int=zeros:f32:%d" % size, "walk=zeros:f32:%d" % size,
            "n_a=i32:%d" % n_a, "n_b=i32:%d" % n_b]
    return "ptr_select.ttir", "%d" % grid, args, {
        "cat": (cat, 0.0), "even": (even, 0.0), "odd": (odd, 0.0),
        "via_int": (cat, 0.0), "walk": (walk, 0.0)}


def f32_neighbours(v):
    """The f32 values just below and just above the f32 value v."""
    bits = struct.unpack("<I", struct.pack("<f", v))[0]
    if v == 0:
        tiny = struct.unpack("<f", struct.pack("<I", 1))[0]
        return -tiny, tiny
    up, down = (bits + 1, bits - 1) if v > 0 else (bits - 1, bits + 1)
    as_f = lambda b: struct.unpack("<f", struct.pack("<I", b))[0]
    return as_f(down), as_f(up)


def f32_directed(exact, mode):
    """The f32 rounding of the Fraction `exact` toward zero ('rz'), up
    ('ru') or down ('rd')."""
    from fractions import Fraction
    r = f32(float(exact))
    below, above = f32_neighbours(r)
    candidates = sorted({below, r, above})
    if mode == "ru":
        return min(c for c in candidates if Fraction(c) >= exact)
    if mode == "rd":
        return max(c for c in candidates if Fraction(c) <= exact)
    return (max(c for c in candidates if Fraction(c) <= exact) if exact >= 0
            else min(c for c in candidates if Fraction(c) >= exact))


def integer_functions(k):
    """(label, reference) of libdevice's integer functions, as
    libdevice.ttir calls them on kh = (k * 16777217 + i) * -1640531535 (i32,
    wrapping; i the element's index),
    khl = kh * -7046029254386353131 and khl2 = khl * that (i64), i64 results
    folded to the low 32 bits of v ^ (v >> 32)."""
    def wrap(v, bits):
        v &= (1 << bits) - 1
        return v - (1 << bits) if v >> (bits - 1) else v
    u = lambda v, bits: v & ((1 << bits) - 1)
    s32 = lambda v: wrap(v, 32)
    s64 = lambda v: wrap(v, 64)
    kbig = [s32(v * 16777217) for v in k]
    kh = [s32((v + i) * -1640531535) for i, v in enumerate(kbig)]
    khl = [s64(v * -7046029254386353131) for v in kh]
    khl2 = [s64(v * -7046029254386353131) for v in khl]
    fold = lambda v: s32(u(v, 64) ^ (u(v, 64) >> 32))
    clz = lambda v, bits: bits - u(v, bits).bit_length()
    ffs = lambda v, bits: (u(v, bits) & -u(v, bits)).bit_length()
    brev = lambda v, bits: int(format(u(v, bits), "0%db" % bits)[::-1], 2)
    low24 = lambda v: wrap(v, 24)

    def byte_perm(x, y, sel):
        whole = (u(y, 32) << 32) | u(x, 32)
        return s32(sum(((whole >> (8 * ((sel >> (4 * i)) & 7))) & 0xff)
                       << (8 * i) for i in range(4)))

    a, b, c = kh, kbig, k
    return [
        ("clz", lambda i: clz(a[i], 32)),
        ("popc", lambda i: bin(u(a[i], 32)).count("1")),
        ("ffs", lambda i: ffs(a[i], 32)),
        ("brev", lambda i: s32(brev(a[i], 32))),
        ("abs", lambda i: s32(abs(a[i]))),
        ("mulhi", lambda i: s32((a[i] * b[i]) >> 32)),
        ("umulhi", lambda i: s32((u(a[i], 32) * u(b[i], 32)) >> 32)),
        ("mul24", lambda i: s32(low24(a[i]) * low24(b[i]))),
        ("umul24", lambda i: s32(u(a[i], 24) * u(b[i], 24))),
        ("hadd", lambda i: s32((a[i] + b[i]) >> 1)),
        ("uhadd", lambda i: s32((u(a[i], 32) + u(b[i], 32)) >> 1)),
        ("rhadd", lambda i: s32((a[i] + b[i] + 1) >> 1)),
        ("urhadd", lambda i: s32((u(a[i], 32) + u(b[i], 32) + 1) >> 1)),
        ("sad", lambda i: s32(abs(a[i] - b[i]) + u(c[i], 32))),
        ("usad", lambda i: s32(abs(u(a[i], 32) - u(b[i], 32)) + u(c[i], 32))),
        ("byte_perm", lambda i: byte_perm(a[i], b[i], u(a[i], 32))),
        ("clzll", lambda i: clz(khl[i], 64)),
        ("popcll", lambda i: bin(u(khl[i], 64)).count("1")),
        ("ffsll", lambda i: ffs(khl[i], 64)),
        ("brevll", lambda i: fold(brev(khl[i], 64))),
        ("llabs", lambda i: fold(s64(abs(khl[i])))),
        ("mul64hi", lambda i: fold((khl[i] * khl2[i]) >> 64)),
        ("umul64hi", lambda i: fold((u(khl[i], 64) * u(khl2[i], 64)) >> 64)),
    ]


def f32_rsqrt(v):
    """1 / sqrt(v) correctly rounded to f32 (v > 0), from 60 digits."""
    import decimal
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        t = 1 / decimal.Decimal(v).sqrt()
    r = f32(float(t))
    below, above = f32_neighbours(r)
    return min((below, r, above), key=lambda c: abs(decimal.Decimal(c) - t))


def f64_directed(exact, mode):
    """The f64 rounding of the Fraction `exact` toward zero ('rz'), up
    ('ru') or down ('rd')."""
    from fractions import Fraction
    r = float(exact)  # correctly rounded to nearest
    if mode == "rz":
        mode = "rd" if exact >= 0 else "ru"
    if mode == "ru" and Fraction(r) < exact:
        return math.nextafter(r, math.inf)
    if mode == "rd" and Fraction(r) > exact:
        return math.nextafter(r, -math.inf)
    return r


def inverse(f, target, lo, hi):
    """t in [lo, hi] with f(t) = target, for a monotonic f (bisection)."""
    increasing = f(hi) > f(lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def bessel_series(y, nu, sign):
    """J_nu (sign -1) or I_nu (sign 1) for nu in {0, 1}, by its series."""
    total, k = 0.0, 0
    while k < 60:
        total += (sign ** k) * (y / 2) ** (2 * k + nu) / (
            math.factorial(k) * math.factorial(k + nu))
        k += 1
    return total


def case_libdevice(w, rng):
    from fractions import Fraction
    n = 208  # n is specialised for multiples of 16
    x = [f32(rng.uniform(0.05, 0.95)) for _ in range(n)]
    y = [f32(rng.uniform(-2, 2)) for _ in range(n)]
    specials = [math.inf, -math.inf, math.nan, -0.0, 0.0, 1e-40, -3.5]
    wv = [rng.choice(specials) if rng.random() < 0.4 else
          f32(rng.uniform(-100, 100)) for _ in range(n)]
    k = [rng.randint(-4, 4) for _ in range(n)]
    for name, data, code in (("x", x, "f4"), ("y", y, "f4"), ("w", wv, "f4"),
                             ("k", k, "i4")):
        write_npy(w(name + ".npy"), code, data)
    y4 = [f32(v * 4) for v in y]
    yh = [f32(v * 0.5) for v in y]
    exact = lambda v: Fraction(v)
    c_round = lambda v: math.copysign(math.floor(abs(v) + 0.5), v)
    xd3 = [v / 3.0 for v in x]  # f64 divisions: inexact, for the roundings
    yd3 = [v / 3.0 for v in y]
    kbig = [v * 16777217 for v in k]  # beyond f32's 24 bits
    erfinv = lambda v: inverse(math.erf, v, -6.0, 6.0)
    erfcinv = lambda v: inverse(math.erfc, v, -6.0, 6.0)
    f32_funcs = [  # (label, reference, tolerance)
        ("powi", lambda i: y[i] ** k[i], 2e-6),
        ("pow", lambda i: x[i] ** y[i], 2e-6),
        ("exp", lambda i: math.exp(y[i]), 2e-6),
        ("log", lambda i: math.log(x[i]), 2e-6),
        ("sin", lambda i: math.sin(y[i]), 2e-6),
        ("erf", lambda i: math.erf(y[i]), 2e-6),
        ("tanh", lambda i: math.tanh(y[i]), 2e-6),
        ("fma", lambda i: float(exact(y[i]) * exact(y[i]) + exact(x[i])), 1e-7),
        ("round", lambda i: c_round(y4[i]), 0.0),
        ("trunc", lambda i: float(math.trunc(y4[i])), 0.0),
        ("rsqrt", lambda i: 1 / math.sqrt(x[i]), 2e-6),
        ("cbrt", lambda i: math.copysign(abs(y[i]) ** (1 / 3), y[i]), 2e-6),
        ("atan2", lambda i: math.atan2(y[i], x[i]), 2e-6),
        ("hypot", lambda i: math.hypot(x[i], y[i]), 2e-6),
        ("erfinv", lambda i: erfinv(yh[i]), 2e-6),
        ("erfcinv", lambda i: erfcinv(x[i]), 2e-6),
        ("lgamma", lambda i: math.lgamma(x[i]), 2e-6),
        ("exp10", lambda i: 10.0 ** y[i], 2e-6),
        ("sinpi", lambda i: math.sin(math.pi * y[i]), 2e-6),
        ("normcdf", lambda i: 0.5 * math.erfc(-y[i] / math.sqrt(2)), 2e-6),
        ("j0", lambda i: bessel_series(y[i], 0, -1), 2e-6),
        ("i0", lambda i: bessel_series(y[i], 0, 1), 2e-6),
        ("fdividef", lambda i: y[i] / x[i], 1e-7),
        ("add_rz", lambda i: f32_directed(exact(x[i]) + exact(y[i]), "rz"), 0.0),
        ("mul_ru", lambda i: f32_directed(exact(x[i]) * exact(y[i]), "ru"), 0.0),
        ("div_rd", lambda i: f32_directed(exact(y[i]) / exact(x[i]), "rd"), 0.0),
        ("sqrt_ru", lambda i: sqrt_ru(x[i]), 0.0),
        ("saturate", lambda i: min(max(y[i], 0.0), 1.0), 0.0),
        ("fmod", lambda i: math.fmod(y[i], x[i]), 0.0),
        ("ldexp", lambda i: math.ldexp(y[i], k[i]), 0.0),
        ("nextafter", lambda i: x[i] if x[i] == y[i]
         else f32_neighbours(y[i])[x[i] > y[i]], 0.0),
        ("double2float_ru", lambda i: f32_directed(exact(xd3[i]), "ru"), 0.0),
        ("int2float_rd", lambda i: f32_directed(exact(kbig[i]), "rd"), 0.0),
        ("rsqrt_rn", lambda i: f32_rsqrt(x[i]), 0.0),
        ("rsqrt_rn_wide", lambda i: f32_rsqrt(
            f32(f32(f32(y[i] * y[i]) * x[i]) * 100.0)), 0.0),
    ]
    i32_funcs = [
        ("finite", lambda i: int(math.isfinite(wv[i]))),
        ("isnan", lambda i: int(math.isnan(wv[i]))),
        ("isinf", lambda i: int(math.isinf(wv[i]))),
        ("signbit", lambda i: int(math.copysign(1.0, wv[i]) < 0)),
        ("float2int_rn", lambda i: round(y4[i])),
        ("ilogb", lambda i: math.frexp(x[i])[1] - 1),
    ] + integer_functions(k)
    yd = y
    f64_funcs = [
        ("pow", lambda i: x[i] ** yd[i], 1e-14),
        ("powi", lambda i: yd[i] ** k[i], 1e-14),
        ("exp", lambda i: math.exp(yd[i]), 1e-14),
        ("erfinv", lambda i: erfinv(yd[i] * 0.5), 1e-13),
        ("add_rd", lambda i: x[i] + yd[i], 0.0),
        ("i1", lambda i: bessel_series(yd[i], 1, 1), 1e-14),
        ("fma_rd", lambda i: f64_directed(
            exact(yd3[i]) * exact(yd3[i]) + exact(xd3[i]), "rd"), 0.0),
        ("fma_ru", lambda i: f64_directed(
            exact(yd3[i]) * exact(xd3[i]) + exact(yd3[i]), "ru"), 0.0),
        ("fma_rz", lambda i: f64_directed(
            exact(yd3[i]) * exact(xd3[i]) - exact(xd3[i]), "rz"), 0.0),
        ("dmul_ru", lambda i: f64_directed(
            exact(yd3[i]) * exact(xd3[i]), "ru"), 0.0),
        ("ddiv_rz", lambda i: f64_directed(
            exact(yd3[i]) / exact(xd3[i]), "rz"), 0.0),
        ("llrint", lambda i: float(round(y4[i])), 0.0),
    ]
    out = [f32(f(i)) for _, f, _ in f32_funcs for i in range(n)]
    iout = [f(i) for _, f in i32_funcs for i in range(n)]
    dout = [f(i) for _, f, _ in f64_funcs for i in range(n)]
    args = ["x=@" + w("x.npy"), "y=@" + w("y.npy"), "w=@" + w("w.npy"),
            "k=@" + w("k.npy"), "out=zeros:f32:%d" % len(out),
            "iout=zeros:i32:%d" % len(iout), "dout=zeros:f64:%d" % len(dout),
            "n=i32:%d" % n]
    return "libdevice.ttir", "%d" % ((n + 63) // 64), args, {
        "out": (out, [(l, n, t) for l, _, t in f32_funcs]),
        "iout": (iout, [(l, n, 0.0) for l, _ in i32_funcs]),
        "dout": (dout, [(l, n, t) for l, _, t in f64_funcs])}


# pi and Euler's constant to 100 digits, for the Bessel references.
PI_DIGITS = ("3.1415926535897932384626433832795028841971693993751058209749445923"
             "078164062862089986280348253421170679")
GAMMA_DIGITS = ("0.577215664901532860606512090082402431042159335939923598805767"
                "2348848677267776646709369470632917467495")


def bessel_reference(order, x, second):
    """J(order, x), or Y(order, x) if second, for an integer order and a
    float x, from their power series (DLMF 10.2.2, 10.8.1) summed in decimal
    with digits to spare for the series' cancellation (its terms reach about
    e^x)."""
    from decimal import Decimal, localcontext
    if math.isnan(x) or (second and x < 0):
        return math.nan
    # F(-n) = (-1)^n F(n); J(n, -x) = (-1)^n J(n, x).
    sign = -1 if order < 0 and order % 2 else 1
    order = abs(order)
    if not second and x < 0:
        x, sign = -x, sign * (-1 if order % 2 else 1)
    if math.isinf(x):
        return 0.0
    if x == 0:
        if second:
            return -sign * math.inf
        return float(order == 0)
    with localcontext() as ctx:
        ctx.prec = 60 + int(0.45 * x)
        big_x = Decimal(x)
        q = big_x * big_x / 4
        half = big_x / 2
        pi = Decimal(PI_DIGITS)

        def series(coefficient):
            """sum_k coefficient(k) (-q)^k / (k! (order + k)!)."""
            term = Decimal(1) / math.factorial(order)
            total, k = Decimal(0), 0
            while True:
                total += coefficient(k) * term
                k += 1
                term = term * -q / (k * (order + k))
                if k * (order + k) > q and k > 4 and (
                        abs(term) * 10 ** (ctx.prec - 5) < abs(total)):
                    return total

        j = half ** order * series(lambda k: 1)
        if not second:
            return sign * float(j)
        # psi(m) = H(m - 1) - gamma, kept for k + 1 and order + k + 1.
        gamma = Decimal(GAMMA_DIGITS)
        harmonic = [Decimal(0)]

        def h(m):  # H(m), extended on demand
            while len(harmonic) <= m:
                harmonic.append(harmonic[-1] + Decimal(1) / len(harmonic))
            return harmonic[m]
        psi_sum = series(lambda k: h(k) + h(order + k) - 2 * gamma)
        head = Decimal(0)
        if order > 0:  # sum_{k < n} (n - k - 1)! / k! q^k
            term = Decimal(math.factorial(order - 1))
            for k in range(order):
                head += term
                if k + 1 < order:
                    term = term * q / ((k + 1) * (order - k - 1))
        y = (-head / (half ** order * pi) + 2 / pi * (half.ln()) * j
             - half ** order / pi * psi_sum)
        return sign * float(y)


def rcp64h_reference(x):
    """rcp64h as the cpu and intel targets define it: 1 / hi(x), cut to its
    high word, subnormals flushed to zeros of their sign (hi keeps the high
    32 bits)."""
    def hi(v):
        bits = struct.unpack("<Q", struct.pack("<d", v))[0]
        return struct.unpack("<d", struct.pack("<Q", bits & ~0xffffffff))[0]
    if math.isnan(x):
        return x
    h = hi(x)
    r = math.copysign(math.inf, x) if abs(h) < 2.0 ** -1022 else hi(1.0 / h)
    return math.copysign(0.0, r) if abs(r) < 2.0 ** -1022 else r


def case_bessel(w, rng):
    n = 208  # n is specialised for multiples of 16
    specials = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-300, 5e-324,
                1e-5, 2.0, 20.0, 19.75, -3.5, 300.5]
    x = specials + [rng.uniform(-5, 80) for _ in range(n - len(specials))]
    xs = [f32(v) for v in x]

    def order():
        r = rng.random()
        if r < 0.45:
            return rng.randint(-6, 6)
        if r < 0.85:
            return rng.randint(0, 150)
        if r < 0.95:
            return rng.randint(-40, -7)
        return rng.choice([1100, 2000, -2001, 5000])
    k = [order() for _ in range(n)]
    for name, data, code in (("x", x, "f8"), ("xs", xs, "f4"), ("k", k, "i4")):
        write_npy(w(name + ".npy"), code, data)

    def plain(second, nu):
        return lambda v, i: bessel_reference(nu, v, second)

    def ordered(second):
        return lambda v, i: bessel_reference(k[i], v, second)
    funcs = [("j0", plain(False, 0)), ("j1", plain(False, 1)),
             ("y0", plain(True, 0)), ("y1", plain(True, 1)),
             ("jn", ordered(False)), ("yn", ordered(True))]
    dout, fout = [], []
    for _, f in funcs:
        dout += [f(x[i], i) for i in range(n)]
        fout += [f32_or_inf(f(xs[i], i)) for i in range(n)]
    dout += [rcp64h_reference(v) for v in x]
    args = ["x=@" + w("x.npy"), "xs=@" + w("xs.npy"), "k=@" + w("k.npy"),
            "dout=zeros:f64:%d" % len(dout), "out=zeros:f32:%d" % len(fout),
            "n=i32:%d" % n]
    labels = [l for l, _ in funcs]
    return "bessel.ttir", "%d" % ((n + 63) // 64), args, {
        "dout": (dout, [(l, n, 1e-13) for l in labels] + [("rcp64h", n, 0.0)]),
        "out": (fout, [(l + "f", n, 2e-6) for l in labels])}


def sqrt_ru(v):
    """The f32 square root of v rounded up, exactly."""
    from fractions import Fraction
    r = f32(math.sqrt(v))
    below, above = f32_neighbours(r)
    return min(c for c in sorted({below, r, above})
               if c >= 0 and Fraction(c) * Fraction(c) >= Fraction(v))


# Kernels of the driver's tests (test/driver/Inputs), by absolute path.
DRIVER_INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "..", "..", "..", "..", "test", "driver", "Inputs")


def case_grid3d(w, rng):
    gx, gy, gz = 3, 4, 5
    ref = [x + 100 * y + 10000 * z
           for z in range(gz) for y in range(gy) for x in range(gx)]
    return (os.path.join(DRIVER_INPUTS, "grid_ids.ttir"),
            "%d,%d,%d" % (gx, gy, gz), ["out=zeros:i32:%d" % len(ref)],
            {"out": (ref, 0.0)})


def case_scale_bf16(w, rng):
    n, scale = 700, 1.7
    bits = [bf16_bits(rng.uniform(-5, 5)) for _ in range(n)]
    write_npy(w("x.npy"), "u2", bits)
    x = [struct.unpack("<f", struct.pack("<I", b << 16))[0] for b in bits]
    ref = [bf16_bits(f32(v * f32(scale))) for v in x]
    args = ["x=@" + w("x.npy") + ":bf16", "out=zeros:bf16:%d" % n,
            "s=f32:%g" % scale, "n=i32:%d" % n]
    return (os.path.join(DRIVER_INPUTS, "scale_bf16.ttir"),
            "%d" % ((n + 255) // 256), args, {"out": (ref, 0.0)})


# --- nvidia tensor-core dot types --------------------------------------------
# Cases for the dots nvidia-accelerate-matmul puts on the tensor cores beyond
# f16/bf16 into f32 (registered for the nvidia GPU tests only): an f16
# accumulator, fp8 operands, and f32 dots at bf16x3 and bf16x6 precision. The
# f16 and fp8 kernels are the TTIR inputs of the nvidia pipeline tests; the
# values are small multiples of 1/2, so that every product and partial sum is
# exact in the accumulator and any misplaced element shows. `num_warps` 2
# takes mma.sync on sm_90 (no warp group: no wgmma).

NVIDIA_INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "..", "..", "..", "nvidia", "test", "Pipeline",
                             "Inputs")


def halves(rng, count, largest):
    """count random multiples of 1/2 in [-largest, largest]."""
    steps = int(2 * largest)
    return [rng.randint(-steps, steps) / 2.0 for _ in range(count)]


def matmul_64x64(a, b, k):
    """The 64 x 64 product of a (64 x k) and b (k x 64), row-major."""
    return [sum(a[i * k + j] * b[j * 64 + n] for j in range(k))
            for i in range(64) for n in range(64)]


def case_matmul_f16acc(w, rng, num_warps=None, k=128):
    # f16 sums of products in {-1, -1/2, 0, 1/2, 1}: multiples of 1/4 up to
    # 128, exact in f16 (11 bits).
    a, b = halves(rng, 64 * k, 1), halves(rng, k * 64, 1)
    write_npy(w("a.npy"), "f2", a, (64, k))
    write_npy(w("b.npy"), "f2", b, (k, 64))
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"), "c=zeros:f16:4096",
            "K=i32:%d" % k]
    options = ["--num-warps", str(num_warps)] if num_warps else []
    return (os.path.join(NVIDIA_INPUTS, "matmul_f16acc.ttir"), "1", args,
            {"c": (matmul_64x64(a, b, k), 0.0)}, options)


def case_matmul_f16acc_w2(w, rng):
    return case_matmul_f16acc(w, rng, num_warps=2)


def fp8_bits(v, exponent_bits):
    """The fp8 bits of v, a normal number exact in the format (e4m3: bias 7,
    3 mantissa bits; e5m2: bias 15, 2 bits), or 0."""
    if v == 0:
        return 0
    mantissa_bits = 7 - exponent_bits
    bias = (1 << (exponent_bits - 1)) - 1
    e = math.floor(math.log2(abs(v)))
    m = round((abs(v) / 2.0 ** e - 1) * (1 << mantissa_bits))
    assert (1 + m / (1 << mantissa_bits)) * 2.0 ** e == abs(v)
    return ((v < 0) << 7) | ((e + bias) << mantissa_bits) | m


def case_matmul_fp8(w, rng, fmt="f8E4M3FN", num_warps=None, k=128):
    # Products of multiples of 1/2 in [-2, 2] (exact in e4m3 and e5m2):
    # multiples of 1/4, sums up to 512, exact in any accumulator of 12 bits
    # or more (Hopper's fp8 wgmma keeps fewer than f32's 24).
    exponent_bits = 4 if fmt == "f8E4M3FN" else 5
    a, b = halves(rng, 64 * k, 2), halves(rng, k * 64, 2)
    write_npy(w("a.npy"), "u1", [fp8_bits(v, exponent_bits) for v in a],
              (64, k))
    write_npy(w("b.npy"), "u1", [fp8_bits(v, exponent_bits) for v in b],
              (k, 64))
    kernel = os.path.join(NVIDIA_INPUTS, "matmul_fp8.ttir")
    if fmt != "f8E4M3FN":
        with open(kernel) as f:
            text = f.read().replace("f8E4M3FN", fmt)
        kernel = w("matmul_%s.ttir" % fmt)
        with open(kernel, "w") as f:
            f.write(text)
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"), "c=zeros:f32:4096",
            "K=i32:%d" % k]
    options = ["--num-warps", str(num_warps)] if num_warps else []
    return kernel, "1", args, {"c": (matmul_64x64(a, b, k), 0.0)}, options


def case_matmul_fp8_e4m3(w, rng):
    return case_matmul_fp8(w, rng)


def case_matmul_fp8_e5m2(w, rng):
    return case_matmul_fp8(w, rng, "f8E5M2")


def case_matmul_fp8_e4m3_w2(w, rng):
    # mma.sync on the operands converted to f16.
    return case_matmul_fp8(w, rng, num_warps=2)


def case_matmul_f32_split(w, rng, precision, tol):
    # matmul_f32.ttir with its dot at `precision`: products of split bf16
    # parts (see nvidia-accelerate-matmul).
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                           "..", "..", "..", "test", "kernels",
                           "matmul_f32.ttir")) as f:
        text = f.read()
    text, count = re.subn(r"(tt\.dot [^:]*) :",
                          r"\1, inputPrecision = %s :" % precision, text)
    assert count == 1
    kernel = w("matmul_f32_%s.ttir" % precision)
    with open(kernel, "w") as f:
        f.write(text)
    _, grid, args, outputs = case_matmul(w, rng, kernel, "f32", **TALL)
    return kernel, grid, args, {"c": (outputs["c"][0], tol)}


def case_matmul_bf16x3(w, rng):
    # Two bf16 parts hold 16 bits of each operand and the a1 b1 product is
    # dropped: ~2e-5 of a K = 40 sum of products of [-1, 1] (one bf16 product
    # would be ~1e-2).
    return case_matmul_f32_split(w, rng, "bf16x3", 1e-4)


def case_matmul_bf16x6(w, rng):
    # Three parts hold all 24 bits: the f32 accumulation's error alone.
    return case_matmul_f32_split(w, rng, "bf16x6", 1e-5)


def case_matmul_f64(w, rng, num_warps, k=128):
    # Inputs/matmul_f64.ttir: a 64 x k times k x 64 product in f64 (mma.sync
    # m8n8k4 on the GPU) of multiples of 1/2 in [-2, 2]: every partial sum
    # is a multiple of 1/4 below 2^10, exact in f64 whatever the order.
    a, b = halves(rng, 64 * k, 2), halves(rng, k * 64, 2)
    write_npy(w("a.npy"), "f8", a, (64, k))
    write_npy(w("b.npy"), "f8", b, (k, 64))
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"), "c=zeros:f64:4096",
            "K=i32:%d" % k]
    return (os.path.join(NVIDIA_INPUTS, "matmul_f64.ttir"), "1", args,
            {"c": (matmul_64x64(a, b, k), 0.0)},
            ["--num-warps", str(num_warps)])


def matmul_f64_cases():
    """matmul_f64_w<warps>: the 2-D f64 dot with 1, 2 and 4 warps."""
    return {"matmul_f64_w%d" % nw: (lambda w, rng, nw=nw:
                                     case_matmul_f64(w, rng, nw))
            for nw in (1, 2, 4)}


# --- nvidia batched (3-D) dots ------------------------------------------------
# tl.dot of 3-D blocks: c[b] = a[b] @ b[b] for each of B batch indices, one
# program, in the rank-3 mma.sync layouts (nvidia-accelerate-matmul). The
# kernel is written here for each shape and type; the values are exact in
# the accumulator (multiples of 1/2 in [-1, 1] for the float types: sums of
# K = 64 products are multiples of 1/4 up to 64, exact in f16, and in tf32
# the operands are exact too, and in f64 anything is; any i8 for i32), so a
# misplaced element shows.


def dot3d_ttir(name, batch, m, n, k, ab, acc, precision=None):
    """TTIR of c = a @ b over `batch` row-major, contiguous problems: a is
    batch x m x k, b batch x k x n, c batch x m x n."""
    lines = []

    def offsets(tag, shape):
        # tag_off: the row-major offsets of a contiguous d0 x d1 x d2 block.
        d0, d1, d2 = shape
        full = "tensor<%dx%dx%dxi32>" % shape
        strides = (d1 * d2, d2, 1)
        terms = []
        for axis, (size, stride) in enumerate(zip(shape, strides)):
            unit = ["1", "1", "1"]
            unit[axis] = str(size)
            t1 = "tensor<%s>" % ("%dx1xi32" % size if axis == 0
                                 else "1x%dxi32" % size)
            t3 = "tensor<%sxi32>" % "x".join(unit)
            v = "%%%s_%d" % (tag, axis)
            lines.append("    %s_r = tt.make_range {end = %d : i32, start = 0 "
                         ": i32} : tensor<%dxi32>" % (v, size, size))
            # Two expand_dims put the range on `axis` of a 3-D tensor.
            first, second = {0: (1, 2), 1: (0, 2), 2: (0, 0)}[axis]
            lines.append("    %s_e = tt.expand_dims %s_r {axis = %d : i32} : "
                         "tensor<%dxi32> -> %s" % (v, v, first, size, t1))
            lines.append("    %s_f = tt.expand_dims %s_e {axis = %d : i32} : "
                         "%s -> %s" % (v, v, second, t1, t3))
            src = v + "_f"
            if stride != 1:
                lines.append("    %s_s = arith.constant dense<%d> : %s"
                             % (v, stride, t3))
                lines.append("    %s_m = arith.muli %s_f, %s_s : %s"
                             % (v, v, v, t3))
                src = v + "_m"
            lines.append("    %s_b = tt.broadcast %s : %s -> %s"
                         % (v, src, t3, full))
            terms.append(v + "_b")
        lines.append("    %%%s_a = arith.addi %s, %s : %s"
                     % (tag, terms[0], terms[1], full))
        lines.append("    %%%s_off = arith.addi %%%s_a, %s : %s"
                     % (tag, tag, terms[2], full))

    shapes = {"a": (batch, m, k), "b": (batch, k, n), "c": (batch, m, n)}
    types = {"a": ab, "b": ab, "c": acc}
    tensor = {t: "tensor<%dx%dx%dx%s>" % (shapes[t] + (types[t],))
              for t in shapes}
    ptrs = {t: "tensor<%dx%dx%dx!tt.ptr<%s>>" % (shapes[t] + (types[t],))
            for t in shapes}
    lines.append("module {")
    lines.append("  tt.func public @%s(%s) {" % (name, ", ".join(
        "%%%s: !tt.ptr<%s> {tt.divisibility = 16 : i32}" % (t, types[t])
        for t in "abc")))
    for t in "abc":
        offsets(t, shapes[t])
        full = "tensor<%dx%dx%dxi32>" % shapes[t]
        lines.append("    %%%s_p0 = tt.splat %%%s : !tt.ptr<%s> -> %s"
                     % (t, t, types[t], ptrs[t]))
        lines.append("    %%%s_p = tt.addptr %%%s_p0, %%%s_off : %s, %s"
                     % (t, t, t, ptrs[t], full))
    lines.append("    %%x = tt.load %%a_p : %s" % ptrs["a"])
    lines.append("    %%y = tt.load %%b_p : %s" % ptrs["b"])
    zero = "0" if acc.startswith("i") else "0.000000e+00"
    lines.append("    %%zero = arith.constant dense<%s> : %s"
                 % (zero, tensor["c"]))
    lines.append("    %%d = tt.dot %%x, %%y, %%zero%s : %s * %s -> %s" % (
        ", inputPrecision = %s" % precision if precision else "",
        tensor["a"], tensor["b"], tensor["c"]))
    lines.append("    tt.store %%c_p, %%d : %s" % ptrs["c"])
    lines.append("    tt.return")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


DOT3D_TYPES = {
    # name: (operand type, accumulator type, precision, .npy codes)
    "f16_f16": ("f16", "f16", None, "f2", "f2"),
    "f16_f32": ("f16", "f32", None, "f2", "f4"),
    "tf32": ("f32", "f32", "tf32", "f4", "f4"),
    "i8": ("i8", "i32", None, "u1", "i4"),
    "f64": ("f64", "f64", None, "f8", "f8"),
}


def case_dot3d(w, rng, types, batch, num_warps, m=32, n=32, k=64):
    ab, acc, precision, in_code, out_code = DOT3D_TYPES[types]
    name = "dot3d_%s_b%d" % (types, batch)
    kernel = w(name + ".ttir")
    with open(kernel, "w") as f:
        f.write(dot3d_ttir(name, batch, m, n, k, ab, acc, precision))
    if ab == "i8":
        a = [rng.randint(-128, 127) for _ in range(batch * m * k)]
        b = [rng.randint(-128, 127) for _ in range(batch * k * n)]
        # .npy of unsigned bytes: the two's complement of each.
        write_npy(w("a.npy"), "u1", [v & 0xFF for v in a], (batch, m, k))
        write_npy(w("b.npy"), "u1", [v & 0xFF for v in b], (batch, k, n))
    else:
        a = halves(rng, batch * m * k, 1)
        b = halves(rng, batch * k * n, 1)
        write_npy(w("a.npy"), in_code, a, (batch, m, k))
        write_npy(w("b.npy"), in_code, b, (batch, k, n))
    ref = []
    for z in range(batch):
        az = a[z * m * k:(z + 1) * m * k]
        columns = [b[z * k * n + j::n][:k] for j in range(n)]
        ref += [sum(map(operator.mul, az[i * k:(i + 1) * k], columns[j]))
                for i in range(m) for j in range(n)]
    args = ["a=@" + w("a.npy"), "b=@" + w("b.npy"),
            "c=zeros:%s:%d" % (acc, batch * m * n)]
    return (kernel, "1", args, {"c": (ref, 0.0)},
            ["--num-warps", str(num_warps)])


def dot3d_cases():
    """dot3d_<types>_b<B>_w<warps>: every type with B 2 and 8, 1 to 4 warps
    (along the batch first: B 2 with 4 warps splits N too)."""
    cases = {}
    for types in DOT3D_TYPES:
        for batch in (2, 8):
            for num_warps in (1, 2, 4):
                cases["dot3d_%s_b%d_w%d" % (types, batch, num_warps)] = (
                    lambda w, rng, t=types, b=batch, nw=num_warps:
                    case_dot3d(w, rng, t, b, nw))
    return cases


CASES = {"vadd": case_vadd, "vadd-large": case_vadd_large,
         "softmax": case_softmax, "argmax": case_argmax,
         "scans": case_scans, "matmul": case_matmul,
         "layernorm": case_layernorm, "atomics": case_atomics,
         "layernorm_f32": lambda w, rng: case_layernorm(w, rng, True),
         "locked_accumulate": case_locked_accumulate,
         "matmul_blockptr": case_matmul_blockptr, "call": case_call,
         "early_return": case_early_return, "numerics": case_numerics,
         "grid3d": case_grid3d, "scale_bf16": case_scale_bf16,
         "control_flow": case_control_flow, "shapes": case_shapes,
         "gelu": case_gelu, "matmul_bf16": case_matmul_bf16,
         "map_elementwise": case_map_elementwise,
         "matmul_f32": case_matmul_f32, "bmm_f32_ieee": case_bmm_f32_ieee,
         "matmul_blockptr_bf16": case_matmul_blockptr_bf16,
         "matmul_blockptr_f32": case_matmul_blockptr_f32,
         "attention": case_attention, "embedding": case_embedding,
         "transpose": case_transpose, "bitops": case_bitops,
         "math_ops": case_math_ops, "bool_mask": case_bool_mask,
         "inductor_layer_norm": case_inductor_layer_norm,
         "div_rows": case_div_rows,
         "broadcast_mul_reduce": case_broadcast_mul_reduce,
         "ptr_select": case_ptr_select, "libdevice": case_libdevice,
         "bessel": case_bessel,
         "matmul_f16acc": case_matmul_f16acc,
         "matmul_f16acc_w2": case_matmul_f16acc_w2,
         "matmul_fp8_e4m3": case_matmul_fp8_e4m3,
         "matmul_fp8_e5m2": case_matmul_fp8_e5m2,
         "exp_range": case_exp_range,
         "matmul_fp8_e4m3_w2": case_matmul_fp8_e4m3_w2,
         "matmul_bf16x3": case_matmul_bf16x3,
         "matmul_bf16x6": case_matmul_bf16x6}
CASES.update(dot3d_cases())
CASES.update(matmul_f64_cases())


def compare(what, got, ref, begin, end, tol):
    """Prints how got[begin:end] compares with ref[begin:end]: the largest
    |got - ref| / max(1, |ref|) must be at most tol. An infinity matches
    only itself and a NaN only a NaN."""
    worst, where, worst_abs = 0.0, -1, 0.0
    for i in range(begin, end):
        g, r = got[i], ref[i]
        if g == r or (math.isnan(g) and math.isnan(r)):
            err = 0.0
        elif math.isnan(g) or math.isnan(r) or math.isinf(g) or math.isinf(r):
            err = math.inf
        else:
            err = abs(g - r)
        worst_abs = max(worst_abs, err)
        scaled = err / max(1.0, abs(r)) if err < math.inf else math.inf
        if scaled > worst:
            worst, where = scaled, i
    good = worst <= tol
    print("%s %s: %d values, max abs error %.3g, max error relative to "
          "max(1, |reference|) %.3g (tolerance %g)%s" % (
              "ok" if good else "FAIL", what, end - begin, worst_abs, worst,
              tol, "" if good or where < 0 else
              ", at %d: got %r, expected %r" % (where, got[where], ref[where])))
    return good


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trident", required=True)
    parser.add_argument("--kernels", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--target", default=None,
                        help="target string (default: trident's default)")
    parser.add_argument("--bench", action="store_true",
                        help="time the kernel (trident run --bench)")
    parser.add_argument("--show-command", action="store_true",
                        help="print the trident command line first")
    parser.add_argument("--trident-opt", default=None,
                        help="first run the generic TTIR passes "
                             "(trident-opt --trident-ttir) and run their "
                             "output instead of the raw frontend form")
    parser.add_argument("case", choices=sorted(CASES))
    opts = parser.parse_args()

    work = os.path.join(opts.workdir, opts.case)
    os.makedirs(work, exist_ok=True)
    w = lambda name: os.path.join(work, name)
    # A case may add compile options (`--num-warps 2`) as a fifth element.
    kernel, grid, args, outputs, *options = CASES[opts.case](
        w, random.Random(1234))
    options = options[0] if options else []

    source = os.path.join(opts.kernels, kernel)
    if opts.trident_opt:
        # The same kernel after the generic passes: running it must give the
        # same results as running the raw form. Only the core is needed.
        cleaned = w(os.path.basename(kernel) + ".after-ttir.ttir")
        env = dict(os.environ, TRIDENT_PLUGINS="")
        prep = subprocess.run([opts.trident_opt, "--trident-ttir", source,
                               "-o", cleaned], env=env,
                              stderr=subprocess.PIPE, universal_newlines=True)
        if prep.returncode != 0:
            sys.stderr.write(prep.stderr)
            print("FAIL %s: trident-opt --trident-ttir exited with %d"
                  % (opts.case, prep.returncode))
            return 1
        source = cleaned

    cmd = [opts.trident, "run", source, "--grid", grid]
    if opts.target:
        cmd += ["--target", opts.target]
    cmd += options
    for a in args:
        cmd += ["--arg", a]
    for name in outputs:
        cmd += ["--save", "%s=%s" % (name, w(name + ".out.npy"))]
    if opts.bench:
        cmd += ["--bench"]
    if opts.show_command:
        print("$ " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        print("FAIL %s: trident run exited with %d" % (opts.case,
                                                        proc.returncode))
        return 1

    ok = True
    for name, spec in outputs.items():
        ref, tol = spec[0], spec[1]
        got = read_npy(w(name + ".out.npy"))
        if len(spec) > 2:
            got = spec[2](got)
        if len(got) < len(ref):
            print("FAIL %s.%s: %d values, expected %d" % (
                opts.case, name, len(got), len(ref)))
            ok = False
            continue
        # A tolerance is one number, or a list of (label, count, tolerance)
        # for consecutive slices of the buffer (one per function, say).
        segments = tol if isinstance(tol, list) else [("", len(ref), tol)]
        start = 0
        for label, count, seg_tol in segments:
            ok = compare("%s.%s%s" % (opts.case, name,
                                      "[%s]" % label if label else ""),
                         got, ref, start, start + count, seg_tol) and ok
            start += count
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
