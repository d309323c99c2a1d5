# The kernel corpus (test/kernels/*.ttir) compiled with trident.compile and
# launched on numpy arrays on the cpu target (ctest label `linalg`), each
# compared with a numpy reference under the tolerance stated with it: the
# largest |got - expected| / max(1, |expected|).

import ctypes
import math
import os
import unittest

import numpy as np

import trident

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.normpath(os.path.join(HERE, "..", "kernels"))


def kernel(name, **kwargs):
    return trident.compile(os.path.join(KERNELS, name), target="cpu", **kwargs)


def cdiv(a, b):
    return (a + b - 1) // b


def zeros_at(shape, dtype, misalign=0):
    """Zeros whose first element lies `misalign` elements past a 64-byte
    boundary (numpy aligns large arrays to 16 bytes only)."""
    dtype = np.dtype(dtype)
    count = int(np.prod(shape))
    buffer = np.zeros(count + 64 // dtype.itemsize + misalign, dtype)
    first = (-buffer.ctypes.data % 64) // dtype.itemsize + misalign
    return buffer[first:first + count].reshape(shape)


# Forces the non-temporal stores of large outputs (linalg-cpu-streaming-
# stores) from the first byte, where the host would take them from half its
# last-level cache.
STREAM_ALWAYS = {"streaming-min-bytes": 1}


def bf16_bits(values):
    """float32 values rounded to bf16 (nearest even), as uint16 patterns."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


class CpuKernels(unittest.TestCase):
    def assertClose(self, got, expected, tolerance):
        got = np.asarray(got, np.float64)
        expected = np.asarray(expected, np.float64)
        self.assertEqual(got.shape, expected.shape)
        error = np.max(np.abs(got - expected) /
                       np.maximum(1.0, np.abs(expected))) if got.size else 0.0
        self.assertLessEqual(error, tolerance)

    def setUp(self):
        self.rng = np.random.default_rng(7)

    def uniform(self, low, high, shape, dtype=np.float32):
        return self.rng.uniform(low, high, shape).astype(dtype)

    def test_vadd(self):
        n = 100_000
        x, y = self.uniform(-1, 1, n), self.uniform(-1, 1, n)
        out = np.zeros(n, np.float32)
        kernel("vadd.ttir")[cdiv(n, 256)](x, y, out, n)
        np.testing.assert_array_equal(out, x + y)

    def test_vadd_streaming_stores(self):
        # Aligned, every whole block is written with non-temporal stores;
        # misaligned by one element, none is; the last block is masked.
        n = 100_000
        x, y = self.uniform(-1, 1, n), self.uniform(-1, 1, n)
        add = kernel("vadd.ttir", **STREAM_ALWAYS)
        for misalign in (0, 1):
            out = zeros_at(n, np.float32, misalign)
            add[cdiv(n, 256)](x, y, out, n)
            np.testing.assert_array_equal(out, x + y)

    def test_layernorm_f32_streaming_stores(self):
        rows, n, stride, eps = 24, 1000, 1024, 1e-5
        x = self.uniform(-2, 2, (rows, stride))
        w, b = self.uniform(0.5, 1.5, n), self.uniform(-0.5, 0.5, n)
        y = zeros_at((rows, stride), np.float32)
        mean = np.zeros(rows, np.float32)
        rstd = np.zeros(rows, np.float32)
        kernel("layernorm_f32.ttir", **STREAM_ALWAYS)[rows](
            x, y, w, b, mean, rstd, stride, n, eps)
        row = x[:, :n].astype(np.float64)
        ref = (row - row.mean(axis=1)[:, None]) / np.sqrt(
            row.var(axis=1) + eps)[:, None] * w + b
        self.assertClose(y[:, :n], ref, 1e-5)
        self.assertFalse(y[:, n:].any())

    def test_streaming_option_is_checked(self):
        with self.assertRaisesRegex(
                trident.TridentError,
                "option 'streaming-min-bytes' takes a number of bytes "
                "\\(0: never\\), got 'lots'"):
            kernel("vadd.ttir", **{"streaming-min-bytes": "lots"})

    def test_softmax(self):
        rows, cols, stride = 37, 781, 800
        x = self.uniform(-4, 4, (rows, stride))
        out = np.zeros_like(x)
        kernel("softmax.ttir")[rows](out, x, stride, stride, cols)
        row = x[:, :cols].astype(np.float64)
        e = np.exp(row - row.max(axis=1, keepdims=True))
        self.assertClose(out[:, :cols], e / e.sum(axis=1, keepdims=True), 1e-6)
        self.assertFalse(out[:, cols:].any())

    def test_argmax(self):
        rows, cols, stride = 19, 700, 720
        x = self.uniform(-100, 100, (rows, stride))
        x[:, 5] = x[:, 600] = 1000.0  # a tie: the first index wins
        val = np.zeros(rows, np.float32)
        idx = np.zeros(rows, np.int32)
        kernel("argmax.ttir")[rows](x, val, idx, stride, cols)
        np.testing.assert_array_equal(val, x[:, :cols].max(axis=1))
        np.testing.assert_array_equal(idx, x[:, :cols].argmax(axis=1))

    def test_nan_propagating_max_and_min(self):
        # Inductor's max/min reductions: where(a > b | a != a, a, b). The cpu
        # target reduces them as arith.maximumf / minimumf (a NaN anywhere
        # in a row gives NaN, as numpy's max and min).
        reduce = """
  %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %c = arith.cmpf PRED, %p, %q : f32
    %nan = arith.cmpf une, %p, %p : f32
    %mask = arith.ori %c, %nan : i1
    %s = arith.select %mask, %p, %q : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x64xf32>) -> tensor<8xf32>
  %obase = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %optrs = tt.addptr %obase, %rows : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %optrs, %m : tensor<8x!tt.ptr<f32>>
  tt.return
}"""
        source = """
tt.func public @rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c64 = arith.constant dense<64> : tensor<8x1xi32>
  %rowoff = arith.muli %rows2, %c64 : tensor<8x1xi32>
  %a = tt.broadcast %rowoff : tensor<8x1xi32> -> tensor<8x64xi32>
  %b = tt.broadcast %r2 : tensor<1x64xi32> -> tensor<8x64xi32>
  %off = arith.addi %a, %b : tensor<8x64xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<8x64x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %off : tensor<8x64x!tt.ptr<f32>>, tensor<8x64xi32>
  %v = tt.load %ptrs : tensor<8x64x!tt.ptr<f32>>""" + reduce
        x = self.uniform(-100, 100, (8, 64))
        x[1, 17] = x[3, 0] = x[3, 63] = np.nan
        x[4, :] = -np.inf
        x[5, :] = np.inf
        x[6, 9] = np.inf
        x[7, :] = 0.0
        for pred, expected in (("ogt", x.max(axis=1)), ("olt", x.min(axis=1))):
            with self.subTest(pred):
                out = np.full(8, 7.0, np.float32)
                trident.compile(source.replace("PRED", pred),
                                target="cpu")[1](x, out)
                np.testing.assert_array_equal(out, expected)

    def test_gelu(self):
        n = 5000
        x = self.uniform(-6, 6, n)
        y = np.zeros_like(x)
        kernel("gelu.ttir")[cdiv(n, 1024)](x, y, n)
        v = x.astype(np.float64)
        ref = 0.5 * v * (1 + np.tanh(math.sqrt(2 / math.pi) *
                                     (v + 0.044715 * v ** 3)))
        self.assertClose(y, ref, 1e-5)

    def test_matmul_f32(self):
        # Partial tiles (rows and columns wrap around, K is partial), then
        # whole ones: the matmuls read A and B in place, and the prefetches
        # of the next tiles along K run past the last one.
        for m, n, k in ((584, 72, 40), (128, 192, 96)):
            with self.subTest(m=m, n=n, k=k):
                a = self.uniform(-1, 1, (m, k))
                b = self.uniform(-1, 1, (k, n))
                c = np.zeros((m, n), np.float32)
                kernel("matmul_f32.ttir")[cdiv(m, 64) * cdiv(n, 64)](
                    a, b, c, m, n, k, k, 1, n, 1, n, 1)
                self.assertClose(c, a.astype(np.float64) @ b, 1e-5)

    def test_matmul_f32_whole_tiles_strided_rows(self):
        # Whole tiles whose rows are not contiguous (A and B transposed):
        # the tiles must then be copied.
        m, n, k = 128, 128, 64
        at, bt = self.uniform(-1, 1, (k, m)), self.uniform(-1, 1, (n, k))
        c = np.zeros((m, n), np.float32)
        kernel("matmul_f32.ttir")[cdiv(m, 64) * cdiv(n, 64)](
            at, bt, c, m, n, k, 1, m, 1, k, n, 1)
        self.assertClose(c, at.T.astype(np.float64) @ bt.T, 1e-5)

    def test_matmul_f16_transposed_b(self):
        # B given as the transpose of a row-major array: strides (1, K).
        m, n, k = 100, 72, 80
        a = self.uniform(-1, 1, (m, k), np.float16)
        bt = self.uniform(-1, 1, (n, k), np.float16)
        c = np.zeros((m, n), np.float16)
        kernel("matmul.ttir")[cdiv(m, 64) * cdiv(n, 64)](
            a, bt, c, m, n, k, k, 1, 1, k, n, 1)
        self.assertClose(c, a.astype(np.float64) @ bt.T.astype(np.float64),
                         1e-2)

    def test_matmul_bf16_as_uint16(self):
        # Partial tiles, then whole ones (read in place).
        for m, n, k in ((584, 72, 40), (128, 128, 96)):
            with self.subTest(m=m, n=n, k=k):
                a = bf16_bits(self.uniform(-1, 1, (m, k)))
                b = bf16_bits(self.uniform(-1, 1, (k, n)))
                c = np.zeros((m, n), np.uint16)
                kernel("matmul_bf16.ttir")[cdiv(m, 64) * cdiv(n, 64)](
                    a, b, c, m, n, k, k, 1, n, 1, n, 1)
                ref = bf16_values(a).astype(np.float64) @ bf16_values(b)
                self.assertClose(bf16_values(c), ref, 5e-3)

    def test_transpose_2d_grid(self):
        m, n, sxm, syn = 70, 45, 48, 72
        x = self.uniform(-1, 1, (m, sxm))
        y = np.zeros((n, syn), np.float32)
        kernel("transpose.ttir")[cdiv(m, 32), cdiv(n, 32)](x, y, m, n, sxm,
                                                            syn)
        np.testing.assert_array_equal(y[:, :m], x[:, :n].T)
        self.assertFalse(y[:, m:].any())

    def test_matmul_through_descriptors(self):
        # Neither M, N nor K is a multiple of the 16 x 16 tiles: the
        # descriptors' bounds zero the loads and drop the stores outside.
        m, n, k = 37, 29, 50
        a, b = self.uniform(-1, 1, (m, k)), self.uniform(-1, 1, (k, n))
        c = np.zeros((m, n), np.float32)
        kernel("desc_matmul.ttir")[cdiv(m, 16), cdiv(n, 16)](a, b, c, m, n, k)
        self.assertClose(c, a.astype(np.float64) @ b, 1e-5)

    def test_transpose_through_rank_reduced_descriptors(self):
        # 3-D descriptors with 1 x 16 x 32 blocks moved as 16 x 32 tiles;
        # x pads with NaN, so any out-of-bounds element stored would show.
        batch, m, n = 3, 37, 45
        x = self.uniform(-1, 1, (batch, m, n))
        y = np.zeros((batch, n, m), np.float32)
        kernel("desc_transpose.ttir")[cdiv(m, 16), cdiv(n, 32), batch](
            x, y, batch, m, n)
        np.testing.assert_array_equal(y, x.transpose(0, 2, 1))

    def test_attention_f16(self):
        heads, n_ctx, d, sm_scale = 2, 128, 64, 0.125
        q = self.uniform(-2, 2, (heads, n_ctx, d), np.float16)
        k = self.uniform(-2, 2, (heads, n_ctx, d), np.float16)
        v = self.uniform(-1, 1, (heads, n_ctx, d), np.float16)
        out = np.zeros_like(q)
        kernel("attention.ttir")[n_ctx // 64, heads](q, k, v, out, sm_scale,
                                                      n_ctx)
        s = sm_scale * np.einsum("hid,hjd->hij", q.astype(np.float64), k)
        p = np.exp(s - s.max(axis=2, keepdims=True))
        ref = np.einsum("hij,hjd->hid", p / p.sum(axis=2, keepdims=True), v)
        self.assertClose(out, ref, 2e-3)

    def test_layernorm_f16_with_f32_scalar(self):
        rows, n, stride, eps = 9, 1000, 1024, 1e-5
        x = self.uniform(-2, 2, (rows, stride), np.float16)
        w = self.uniform(0.5, 1.5, n, np.float16)
        b = self.uniform(-0.5, 0.5, n, np.float16)
        y = np.zeros_like(x)
        mean = np.zeros(rows, np.float32)
        rstd = np.zeros(rows, np.float32)
        kernel("layernorm.ttir")[rows](x, y, w, b, mean, rstd, stride, n, eps)
        row = x[:, :n].astype(np.float64)
        ref_mean = row.mean(axis=1)
        ref_rstd = 1 / np.sqrt(row.var(axis=1) + eps)
        ref_y = (row - ref_mean[:, None]) * ref_rstd[:, None] * w + b
        self.assertClose(mean, ref_mean, 1e-5)
        self.assertClose(rstd, ref_rstd, 1e-4)
        self.assertClose(y[:, :n], ref_y, 8e-3)

    def test_embedding(self):
        rows, dim, n_tokens = 50, 100, 37
        weight = self.uniform(-1, 1, (rows, dim))
        ids = self.rng.integers(0, rows, n_tokens).astype(np.int32)
        out = np.zeros((n_tokens, dim), np.float32)
        kernel("embedding.ttir")[cdiv(n_tokens, 16)](ids, weight, out,
                                                      n_tokens, dim)
        np.testing.assert_array_equal(out, weight[ids])

    def test_bitops_i64(self):
        n = 300
        info32, info64 = np.iinfo(np.int32), np.iinfo(np.int64)
        a = self.rng.integers(info32.min, info32.max, n, dtype=np.int32)
        b = self.rng.integers(info32.min, info32.max, n, dtype=np.int32)
        c = self.rng.integers(info64.min, info64.max, n, dtype=np.int64)
        d = self.rng.integers(info64.min, info64.max, n, dtype=np.int64)
        out32 = np.zeros(7 * n, np.int32)
        out64 = np.zeros(7 * n, np.int64)
        kernel("bitops.ttir")[cdiv(n, 128)](a, b, c, d, out32, out64, n)

        def ops(x, y, bits, unsigned):
            s = y & (bits - 1)
            return np.concatenate([
                x & y, x | y, x ^ y, ~x, x << s, x >> s,
                (x.view(unsigned) >> s.view(unsigned)).view(x.dtype)])
        np.testing.assert_array_equal(out32, ops(a, b, 32, np.uint32))
        np.testing.assert_array_equal(out64, ops(c, d, 64, np.uint64))

    def test_call_with_f32_eps(self):
        rows, cols, stride, eps = 11, 200, 256, 1e-5
        x = self.uniform(-3, 3, (rows, stride))
        y = np.zeros_like(x)
        kernel("call.ttir")[rows](x, y, stride, cols, eps)
        row = x[:, :cols].astype(np.float64)
        ref = (row - row.mean(axis=1, keepdims=True)) / np.sqrt(
            row.var(axis=1, keepdims=True) + eps)
        self.assertClose(y[:, :cols], ref, 1e-5)

    def test_early_return(self):
        n = 1000
        x = self.uniform(-1, 1, n)
        y = np.zeros(n + 512, np.float32)
        kernel("early_return.ttir")[cdiv(n, 256) + 2](x, y, n)
        np.testing.assert_array_equal(y[:n], 2 * np.abs(x))
        self.assertFalse(y[n:].any())

    def test_scans(self):
        rows, n = 7, 200
        x = self.uniform(0.9, 1.1, (rows, n))
        csum, cprod, rsum = (np.zeros_like(x) for _ in range(3))
        kernel("scans.ttir")[rows](x, csum, cprod, rsum, n)
        v = x.astype(np.float64)
        self.assertClose(csum, np.cumsum(v, axis=1), 1e-4)
        self.assertClose(cprod, np.cumprod(v, axis=1), 1e-4)
        self.assertClose(rsum, np.cumsum(v[:, ::-1], axis=1)[:, ::-1], 1e-4)


if __name__ == "__main__":
    unittest.main()


F8E4M3FN_ROUND_TRIP = """
module {
  tt.func public @f8_round_trip(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                                %bytes: !tt.ptr<i8> {tt.divisibility = 16 : i32},
                                %back: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %xp : tensor<128x!tt.ptr<f32>>
    %q = tt.fp_to_fp %v, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
    %b = tt.bitcast %q : tensor<128xf8E4M3FN> -> tensor<128xi8>
    %bs = tt.splat %bytes : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>>
    %bp = tt.addptr %bs, %r : tensor<128x!tt.ptr<i8>>, tensor<128xi32>
    tt.store %bp, %b : tensor<128x!tt.ptr<i8>>
    %w = tt.fp_to_fp %q : tensor<128xf8E4M3FN> -> tensor<128xf32>
    %ys = tt.splat %back : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %yp, %w : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
"""


def f8e4m3fn(v):
    """v rounded to f8E4M3FN (nearest even, saturating to 448 as NVIDIA's
    cvt.rn.satfinite does), as a float; NaN stays NaN."""
    if math.isnan(v):
        return v
    a = abs(v)
    if a == 0:
        return v
    if math.isinf(a):
        return math.copysign(448.0, v)
    e = max(math.floor(math.log2(a)), -6)
    quantum = 2.0 ** (e - 3)
    q = round(a / quantum) * quantum  # round() ties to even
    return math.copysign(min(q, 448.0), v)


class Float8Casts(unittest.TestCase):
    def test_f8e4m3fn_round_trip(self):
        # fp8e4nv (f8E4M3FN) on the cpu target, as Triton's upstream casts
        # and scaled dots use it: every rounding case, subnormals (2^-9
        # steps, ties to even), the largest finite value, saturation of
        # large values and infinities, signed zeros, NaN.
        edges = [0.0, -0.0, 2.0**-9, 1.5 * 2.0**-9, 2.0**-10, 3 * 2.0**-10,
                 2.0**-6, 2.0**-6 * 1.0625, 1.0, 1.0625, 1.1875, -2.75,
                 448.0, 449.0, 464.0, 480.0, 1e6, math.inf, -math.inf,
                 math.nan, -100.5, 0.1, -0.3]
        rng = np.random.default_rng(8)
        rest = 128 - len(edges)
        x = np.array(edges + list(rng.uniform(-500, 500, rest // 2)) +
                     list(rng.uniform(-0.03, 0.03, rest - rest // 2)),
                     np.float32)
        bytes_out = np.zeros(128, np.int8)
        back = np.zeros(128, np.float32)
        k = trident.compile(F8E4M3FN_ROUND_TRIP, target="cpu")
        k[1](x, bytes_out, back)
        expected = np.array([f8e4m3fn(float(v)) for v in x], np.float32)
        np.testing.assert_array_equal(np.isnan(back), np.isnan(expected))
        finite = ~np.isnan(expected)
        np.testing.assert_array_equal(back[finite], expected[finite])
        np.testing.assert_array_equal(np.signbit(back[finite]),
                                      np.signbit(expected[finite]))
        # The bytes themselves: 448 is 0x7e, NaN 0x7f (sign kept).
        self.assertEqual(bytes_out[edges.index(448.0)], 0x7e)
        self.assertEqual(bytes_out[edges.index(math.inf)], 0x7e)
        self.assertEqual(bytes_out[edges.index(math.nan)] & 0x7f, 0x7f)
        self.assertEqual(bytes_out[edges.index(2.0**-9)], 1)


FLOAT_ATOMIC_MAX = """
module {
  tt.func public @float_atomic_max(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                                   %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %pid = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %start = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %s = tt.splat %start : i32 -> tensor<64xi32>
    %offs = arith.addi %s, %r : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %ip = tt.bitcast %op : tensor<64x!tt.ptr<f32>> -> tensor<64x!tt.ptr<i32>>
    %iv = tt.bitcast %v : tensor<64xf32> -> tensor<64xi32>
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %pos = arith.cmpf oge, %v, %zero : tensor<64xf32>
    %neg = arith.cmpf olt, %v, %zero : tensor<64xf32>
    %a = tt.atomic_rmw max, acq_rel, gpu, %ip, %iv, %pos : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
    %b = tt.atomic_rmw umin, acq_rel, gpu, %ip, %iv, %neg : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
    tt.return
  }
}
"""


class ReinterpretingAtomics(unittest.TestCase):
    def test_float_atomic_max_as_integers(self):
        # What Triton's frontend makes of tl.atomic_max on f32: signed max
        # of the bits for values >= 0, unsigned min for the negative ones,
        # on the float buffer seen as i32 (upstream's test_atomic_rmw).
        rng = np.random.default_rng(9)
        programs = 6
        x = rng.uniform(-100, 100, (programs, 64)).astype(np.float32)
        x[:, :8] = -rng.uniform(1, 5, (programs, 8))  # all-negative columns
        out = np.full(64, -np.inf, np.float32)
        k = trident.compile(FLOAT_ATOMIC_MAX, target="cpu")
        k[programs](x, out)
        np.testing.assert_array_equal(out, x.max(axis=0))


_PARALLEL = ctypes.CFUNCTYPE(None, ctypes.CFUNCTYPE(None, ctypes.c_void_p),
                             ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint)
_MAX_THREADS = ctypes.CFUNCTYPE(ctypes.c_int)


class HostThreads(unittest.TestCase):
    """Launches on the threads a host lends the cpu runtime: an OpenMP
    runtime (trident.use_openmp_threads), or a parallel region of the
    test's own that records what it is asked for."""

    def tearDown(self):
        trident.use_own_threads()

    def run_softmax(self):
        rng = np.random.default_rng(11)
        rows, cols, stride = 37, 781, 800
        x = rng.uniform(-4, 4, (rows, stride)).astype(np.float32)
        out = np.full((rows, stride), np.nan, np.float32)
        kernel("softmax.ttir")[rows](out, x, stride, stride, cols)
        row = x[:, :cols].astype(np.float64)
        e = np.exp(row - row.max(axis=1, keepdims=True))
        np.testing.assert_allclose(out[:, :cols], e / e.sum(axis=1,
                                                            keepdims=True),
                                   rtol=1e-5, atol=1e-7)
        self.assertTrue(np.isnan(out[:, cols:]).all())

    def test_region_of_the_hosts_width(self):
        requests = []

        def parallel(body, data, threads, flags):
            requests.append((threads, flags))
            for _ in range(threads):  # each "thread" claims programs
                body(data)

        parallel_fn, max_threads_fn = _PARALLEL(parallel), _MAX_THREADS(
            lambda: 5)
        runtime = trident._runtime.runtime_for("cpu")
        runtime.use_host_threads(
            ctypes.cast(parallel_fn, ctypes.c_void_p).value,
            ctypes.cast(max_threads_fn, ctypes.c_void_p).value)
        self.run_softmax()
        self.assertEqual(requests, [(5, 0)])
        trident.use_own_threads()
        self.run_softmax()
        self.assertEqual(requests, [(5, 0)])

    def test_libgomp(self):
        try:
            gomp = ctypes.CDLL("libgomp.so.1")
        except OSError as error:
            self.skipTest("libgomp.so.1 is not installed: %s" % error)
        loaded = trident._host_threads.loaded_openmp_libraries()
        self.assertTrue(any(os.path.basename(path).startswith("libgomp.so")
                            for path in loaded), loaded)
        gomp.omp_set_num_threads(3)
        self.assertEqual(trident.use_openmp_threads(gomp), "libgomp.so.1")
        self.run_softmax()
        # With no library named, the one loaded in the process.
        path = trident.use_openmp_threads()
        self.assertIn("libgomp", os.path.basename(path))
        self.run_softmax()

    def test_refuses_what_is_not_openmp(self):
        with self.assertRaisesRegex(
                trident.TridentError,
                "^cannot load the OpenMP runtime '/nonexistent/libgomp.so.1': "):
            trident.use_openmp_threads("/nonexistent/libgomp.so.1")
        with self.assertRaisesRegex(
                trident.TridentError,
                "^'libc.so.6' exports no GOMP_parallel and omp_get_max_threads; "
                "it is not an OpenMP runtime$"):
            trident.use_openmp_threads("libc.so.6")
        with self.assertRaisesRegex(
                TypeError, "^use_openmp_threads takes a path or a "
                "ctypes.CDLL, not int$"):
            trident.use_openmp_threads(3)
