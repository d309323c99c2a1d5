/*===- fp_conversions_main.c - FloatConversions.h against a reference -----===
 *
 * Calls the scalar conversions of fp-conversions-cpu.mlir (the core's
 * tt.fp_to_fp lowering, compiled for the host) and compares them with a
 * reference that decodes the codes of the format and searches for the
 * nearest one (ties to the even code; IEEE overflow for f8E5M2 and f16,
 * saturation for f8E4M3FN): all fp8 codes widened, 3 million f32 values
 * (a dense range across the fp8 range, then random bit patterns) narrowed
 * to f8E5M2/f8E4M3FN by rtne and rtz, to f16 and bf16 by rtz, and f64
 * values just off them narrowed to f8E5M2 (the round-to-odd path).
 *
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
uint8_t e5_rtne(float), e5_rtz(float), e4_rtne(float), e4_rtz(float);
uint8_t d_e5(double);
uint16_t h_rtz(float), b_rtz(float);
float e5_up(uint8_t), e4_up(uint8_t);
/* reference decode: E exponent bits, M mantissa bits, bias B, fn: no inf */
static double dec(int c, int E, int M, int B, int fn) {
  int s = c >> (E + M) & 1, e = (c >> M) & ((1 << E) - 1),
      m = c & ((1 << M) - 1);
  double v;
  if (!fn && e == (1 << E) - 1)
    v = m ? NAN : INFINITY;
  else if (fn && e == (1 << E) - 1 && m == (1 << M) - 1)
    v = NAN;
  else if (e == 0)
    v = ldexp(m, 1 - B - M);
  else
    v = ldexp((1 << M) + m, e - B - M);
  return s ? -v : v;
}
/* reference encode by search over positive finite codes */
static int enc(double x, int E, int M, int B, int fn, int rtz) {
  int n = 1 << (E + M);
  if (isnan(x))
    return -1;
  int sign = signbit(x) ? n : 0;
  double a = fabs(x);
  int maxc = fn ? n - 2 : ((1 << E) - 1) * (1 << M) - 1;
  double maxv = dec(maxc, E, M, B, fn);
  if (isinf(a))
    return sign | (fn ? maxc : maxc + 1);
  /* Positive finite codes decode in increasing order: `lo` is the largest
     code not above `a` (a binary search, so that the 16-bit formats, with
     31744 such codes, stay quick), `lo + 1` the next one up. */
  int lo = 0, hi = maxc;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (dec(mid, E, M, B, fn) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (rtz)
    return sign | lo;
  int best = lo;
  if (lo < maxc) {
    double below = a - dec(lo, E, M, B, fn),
           above = dec(lo + 1, E, M, B, fn) - a;
    if (above < below || (above == below && !((lo + 1) & 1)))
      best = lo + 1;
  }
  /* overflow beyond max + half ulp(max) */
  double ulp = maxv - dec(maxc - 1, E, M, B, fn);
  if (a > maxv && (a > maxv + ulp / 2 || (a == maxv + ulp / 2 && (maxc & 1))))
    return sign | (fn ? maxc : maxc + 1);
  return sign | best;
}
static float frombits(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
int main(void) {
  long bad = 0, n = 0;
  for (int c = 0; c < 256; ++c) {
    double r5 = dec(c, 5, 2, 15, 0), r4 = dec(c, 4, 3, 7, 1);
    float g5 = e5_up(c), g4 = e4_up(c);
    if (!((isnan(r5) && isnan(g5)) || (double)g5 == r5) ||
        !!signbit(g5) != !!signbit(r5) && !isnan(r5)) {
      if (bad++ < 5)
        printf("e5 up %d: %g vs %g\n", c, g5, r5);
    }
    if (!((isnan(r4) && isnan(g4)) || (double)g4 == r4) ||
        !!signbit(g4) != !!signbit(r4) && !isnan(r4)) {
      if (bad++ < 5)
        printf("e4 up %d: %g vs %g\n", c, g4, r4);
    }
  }
  srand(1);
  for (long i = 0; i < 3000000; ++i) {
    /* 2^21 values from 2^-31 up, past the fp8 range, both signs; then
       random bit patterns (infinities and NaNs among them). */
    uint32_t u = ((uint32_t)rand() << 16) ^ (uint32_t)rand();
    if (i < 1 << 21)
      u = (uint32_t)(0x30000000 + (i & 0xfffff) * 0x80) | ((i >> 20) & 1) << 31;
    float x = frombits(u);
    ++n;
    struct {
      uint8_t (*f)(float);
      int E, M, B, fn, rtz;
      const char *name;
    } cs[] = {{e5_rtne, 5, 2, 15, 0, 0, "e5 rtne"},
              {e5_rtz, 5, 2, 15, 0, 1, "e5 rtz"},
              {e4_rtne, 4, 3, 7, 1, 0, "e4 rtne"},
              {e4_rtz, 4, 3, 7, 1, 1, "e4 rtz"}};
    for (int k = 0; k < 4; ++k) {
      int r = enc(x, cs[k].E, cs[k].M, cs[k].B, cs[k].fn, cs[k].rtz),
          g = cs[k].f(x);
      if (r < 0) {
        if (!isnan(dec(g, cs[k].E, cs[k].M, cs[k].B, cs[k].fn)) && bad++ < 10)
          printf("%s nan %08x -> %02x\n", cs[k].name, u, g);
        continue;
      }
      if (r != g && bad++ < 10)
        printf("%s %08x (%g): %02x vs %02x\n", cs[k].name, u, x, g, r);
    }
    if (!isnan(x)) {
      int r = enc(x, 5, 10, 15, 0, 1);
      uint16_t g = h_rtz(x);
      if (r != g && bad++ < 10)
        printf("h rtz %08x: %04x vs %04x\n", u, g, r);
      uint16_t gb = b_rtz(x);
      uint16_t rb = u >> 16;
      if (gb != rb && bad++ < 10)
        printf("b rtz %08x: %04x vs %04x\n", u, gb, rb);
      double d = x + ldexp(x, -30);
      int rd = enc(d, 5, 2, 15, 0, 0), gd = d_e5(d);
      if (!isinf(x) && rd != gd && bad++ < 10)
        printf("d e5 %.17g: %02x vs %02x\n", d, gd, rd);
    }
  }
  printf("checked %ld, bad %ld\n", n, bad);
  return bad != 0;
}
