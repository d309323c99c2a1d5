// oneDNN baselines for bench/cpu_bench.py: the library PyTorch's CPU path
// uses, on the same operations and dtypes as the Trident kernels of
// test/kernels, each a oneDNN primitive created once and executed RUNS times
// after 2 warm-up runs (median printed). oneDNN (Debian's libdnnl 2.6) runs
// on OpenMP: cpu_bench.py sets OMP_NUM_THREADS to the thread count.
//
//   clang++-22 -O3 -march=native -std=c++17 dnnl_baselines.cpp -ldnnl
//
//   dnnl_baselines add N RUNS                 (binary add, f32)
//   dnnl_baselines softmax ROWS COLS RUNS     (softmax over each row, f32)
//   dnnl_baselines layernorm ROWS COLS RUNS   (scale and shift, mean and
//                                              variance written, f32)
//   dnnl_baselines matmul M N K RUNS          (f32 in, accumulate, out)
//   dnnl_baselines matmul_bf16 M N K RUNS     (bf16 in, f32 accumulate,
//                                              bf16 out)
//   dnnl_baselines attention ZH NCTX RUNS     (attention forward of
//                                              test/kernels/attention.ttir's
//                                              shape, head size 64, in f32:
//                                              scores Q K^T scaled by 1/8 by
//                                              a batched matmul, softmax over
//                                              each row, then P V)
//
// Prints one line: "<name>: median X ms (min Y, max Z, RUNS runs)", or one
// line on stderr and exit 1 when oneDNN refuses the primitive.

#include "BaselineTiming.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

using namespace dnnl;
using Args = std::unordered_map<int, memory>;

namespace {

/// A memory of `md` on `eng`, filled with uniform values in [lo, hi)
/// (bf16 memories get the upper half of each f32).
memory filled(const memory::desc &md, const engine &eng, float lo, float hi) {
  memory m(md, eng);
  size_t count = md.get_size() / memory::data_type_size(md.data_type());
  if (md.data_type() == memory::data_type::bf16) {
    auto *data = static_cast<uint16_t *>(m.get_data_handle());
    for (size_t i = 0; i < count; ++i) {
      float v = frand(lo, hi);
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      data[i] = uint16_t(bits >> 16);
    }
  } else {
    auto *data = static_cast<float *>(m.get_data_handle());
    for (size_t i = 0; i < count; ++i)
      data[i] = frand(lo, hi);
  }
  return m;
}

int run(int argc, char **argv) {
  std::string kind = argc > 1 ? argv[1] : "";
  auto arg = [&](int i) { return std::atol(argv[i]); };
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  // Times `prim` on `args` (a run ends when the stream is idle).
  auto timePrimitive = [&](const char *name, const primitive &prim,
                           const Args &args, long runs) {
    report(name, int(runs), [&] {
      prim.execute(strm, args);
      strm.wait();
    });
  };
  using dt = memory::data_type;
  using tag = memory::format_tag;

  if (kind == "add" && argc == 4) {
    memory::desc md({arg(2)}, dt::f32, tag::a);
    memory a = filled(md, eng, -1, 1), b = filled(md, eng, -1, 1),
           c(md, eng);
    binary prim(binary::primitive_desc(
        binary::desc(algorithm::binary_add, md, md, md), eng));
    Args args{{DNNL_ARG_SRC_0, a}, {DNNL_ARG_SRC_1, b}, {DNNL_ARG_DST, c}};
    timePrimitive("dnnl add", prim, args, arg(3));
    return 0;
  }
  if (kind == "softmax" && argc == 5) {
    memory::desc md({arg(2), arg(3)}, dt::f32, tag::ab);
    memory src = filled(md, eng, -4, 4), dst(md, eng);
    softmax_forward prim(softmax_forward::primitive_desc(
        softmax_forward::desc(prop_kind::forward_inference, md, 1), eng));
    Args args{{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
    timePrimitive("dnnl softmax", prim, args, arg(4));
    return 0;
  }
  if (kind == "layernorm" && argc == 5) {
    memory::desc md({arg(2), arg(3)}, dt::f32, tag::ab);
    layer_normalization_forward::primitive_desc pd(
        layer_normalization_forward::desc(
            prop_kind::forward_training, md, 1e-5f,
            normalization_flags::use_scale | normalization_flags::use_shift),
        eng);
    memory::desc wmd({arg(3)}, dt::f32, tag::a);
    memory src = filled(md, eng, -2, 2), dst(md, eng),
           scale = filled(wmd, eng, 0.5, 1.5), shift = filled(wmd, eng, -0.5, 0.5),
           mean(pd.mean_desc(), eng), variance(pd.variance_desc(), eng);
    layer_normalization_forward prim(pd);
    Args args{{DNNL_ARG_SRC, src},          {DNNL_ARG_DST, dst},
              {DNNL_ARG_SCALE, scale},      {DNNL_ARG_SHIFT, shift},
              {DNNL_ARG_MEAN, mean},        {DNNL_ARG_VARIANCE, variance}};
    timePrimitive("dnnl layernorm", prim, args, arg(4));
    return 0;
  }
  if ((kind == "matmul" || kind == "matmul_bf16") && argc == 6) {
    long m = arg(2), n = arg(3), k = arg(4);
    dt in = kind == "matmul" ? dt::f32 : dt::bf16;
    memory::desc a_md({m, k}, in, tag::ab), b_md({k, n}, in, tag::ab),
        c_md({m, n}, in, tag::ab);
    matmul prim(matmul::primitive_desc(matmul::desc(a_md, b_md, c_md), eng));
    memory a = filled(a_md, eng, -1, 1), b = filled(b_md, eng, -1, 1),
           c(c_md, eng);
    Args args{{DNNL_ARG_SRC, a}, {DNNL_ARG_WEIGHTS, b}, {DNNL_ARG_DST, c}};
    timePrimitive(kind == "matmul" ? "dnnl matmul f32" : "dnnl matmul bf16",
                  prim, args, arg(5));
    return 0;
  }
  if (kind == "attention" && argc == 5) {
    // Three primitives per run, as a library user writes attention without
    // a fused kernel: K is read transposed through its strides, the scores
    // (ZH x NCTX x NCTX f32) go through memory.
    long heads = arg(2), n = arg(3), d = 64;
    memory::desc q_md({heads, n, d}, dt::f32, tag::abc),
        kt_md({heads, d, n}, dt::f32, tag::acb),
        s_md({heads, n, n}, dt::f32, tag::abc),
        v_md({heads, n, d}, dt::f32, tag::abc);
    primitive_attr scaled;
    scaled.set_output_scales(0, {0.125f});
    matmul scores(matmul::primitive_desc(matmul::desc(q_md, kt_md, s_md),
                                         scaled, eng));
    softmax_forward softmax(softmax_forward::primitive_desc(
        softmax_forward::desc(prop_kind::forward_inference, s_md, 2), eng));
    matmul output(matmul::primitive_desc(matmul::desc(s_md, v_md, q_md), eng));
    memory q = filled(q_md, eng, -1, 1), kt = filled(kt_md, eng, -1, 1),
           v = filled(v_md, eng, -1, 1), s(s_md, eng), p(s_md, eng),
           o(q_md, eng);
    Args scoresArgs{{DNNL_ARG_SRC, q}, {DNNL_ARG_WEIGHTS, kt},
                    {DNNL_ARG_DST, s}};
    Args softmaxArgs{{DNNL_ARG_SRC, s}, {DNNL_ARG_DST, p}};
    Args outputArgs{{DNNL_ARG_SRC, p}, {DNNL_ARG_WEIGHTS, v},
                    {DNNL_ARG_DST, o}};
    report("dnnl attention f32", int(arg(4)), [&] {
      scores.execute(strm, scoresArgs);
      softmax.execute(strm, softmaxArgs);
      output.execute(strm, outputArgs);
      strm.wait();
    });
    return 0;
  }
  std::fprintf(stderr, "bad arguments; see the header of dnnl_baselines.cpp\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const dnnl::error &e) {
    std::fprintf(stderr, "oneDNN refused the primitive: %s (status %d)\n",
                 e.what(), int(e.status));
    return 1;
  }
}
