#!/usr/bin/env python3
"""Captures Trident's real-world kernel corpus with upstream Triton 3.6.

Run on a CUDA machine with Triton 3.6 and torch. It drives public Triton
operator libraries through their own Python entry points (Liger-Kernel's
autograd functions, the Triton tutorials' wrappers) on small inputs, and
records every kernel launch they make:

  kernel.ttir  the raw TTIR that Triton's frontend made for that launch
               (ASTSource.make_ir, before make_ttir's passes), for the
               specialisation Triton chose (constexprs, divisibility);
  case.json    where it came from, the grid, num_warps / num_stages, and the
               kernel's parameters in order: buffers (which memory block, at
               which byte offset, of which dtype) and scalars (type, value);
  mN.in.npy    every memory block a buffer lives in, as bytes before the
               launch (whole torch storages, so views and aliasing replay
               exactly, uninitialised outputs included);
  mN.out.npy   the same block after the launch, where the kernel changed it.

Nothing of the libraries is written out but the TTIR Triton produced and the
data. Their sources come from copies the user supplies:

  capture.py --out DIR [--liger SRC] [--tutorials DIR] [--only SUBSTR]...

`test/corpus/run_corpus.py` replays the cases on any Trident target.
"""

import argparse
import importlib
import inspect
import json
import os
import re
import runpy
import sys
import traceback
import types

import numpy as np
import torch
import triton
from triton.runtime import autotuner
from triton.runtime.jit import JITFunction

# A case whose memory blocks add up to more than this is left out: the
# corpus is committed, and a few hundred KiB per kernel are plenty.
MAX_CASE_BYTES = 1 << 20

TORCH_DTYPES = {
    torch.float32: "float32", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float64: "float64",
    torch.int8: "int8", torch.uint8: "uint8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.bool: "bool",
}
if hasattr(torch, "float8_e4m3fn"):
    TORCH_DTYPES[torch.float8_e4m3fn] = "float8_e4m3fn"
    TORCH_DTYPES[torch.float8_e5m2] = "float8_e5m2"


def storage_bytes(storage):
    """The bytes of a torch storage, on the host."""
    flat = torch.empty(0, dtype=torch.uint8, device=storage.device)
    flat.set_(storage)
    return flat.cpu().numpy().copy()


class Launch:
    """One kernel launch: its arguments before and after it ran."""

    def __init__(self, fn, args, kwargs, grid):
        self.fn = fn
        self.error = None
        names = [p.name for p in fn.params]
        params = {k: v for k, v in kwargs.items() if k in names}
        self.options = {k: v for k, v in kwargs.items() if k not in names}
        bound = fn.signature.bind(*args, **params)
        bound.apply_defaults()
        self.values = dict(bound.arguments)
        if callable(grid):
            grid = grid(dict(self.values, **self.options))
        grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list)) else (grid, )))
        self.grid = grid + (1, ) * (3 - len(grid))
        self.blocks = {}  # storage data_ptr -> index
        self.before, self.after = [], []
        self.storages = []
        for value in self.values.values():
            if isinstance(value, torch.Tensor):
                key = value.untyped_storage().data_ptr()
                if key not in self.blocks:
                    self.blocks[key] = len(self.storages)
                    self.storages.append(value.untyped_storage())
                    self.before.append(storage_bytes(value.untyped_storage()))

    def finish(self, kernel):
        torch.cuda.synchronize()
        self.kernel = kernel
        self.after = [storage_bytes(s) for s in self.storages]


class Recorder:

    def __init__(self):
        self.active = False
        self.benchmarking = 0
        self.launches = []
        # id(compiled kernel) -> (kernel, what _do_compile was given)
        self.specs = {}


RECORDER = Recorder()
_original_run = JITFunction.run
_original_do_compile = JITFunction._do_compile
_original_bench = autotuner.Autotuner._bench


def _recording_run(self, *args, grid, warmup, **kwargs):
    if not RECORDER.active or RECORDER.benchmarking or warmup:
        return _original_run(self, *args, grid=grid, warmup=warmup, **kwargs)
    try:
        launch = Launch(self, args, kwargs, grid)
    except Exception as e:  # the launch itself still runs
        launch = None
        RECORDER.launches.append(("unrecorded", self, repr(e)))
    kernel = _original_run(self, *args, grid=grid, warmup=warmup, **kwargs)
    if launch is not None:
        launch.finish(kernel)
        launch.spec = RECORDER.specs.get(id(kernel), (None, None))[1]
        RECORDER.launches.append(("ok", self, launch))
    return kernel


def _recording_do_compile(self, key, signature, device, constexprs, options, attrs, warmup):
    kernel = _original_do_compile(self, key, signature, device, constexprs, options, attrs, warmup)
    # Keyed by the compiled kernel, which every later launch of this
    # specialisation returns (the kernel is kept, so its id stays unique).
    RECORDER.specs[id(kernel)] = (kernel, (dict(signature), dict(constexprs), dict(attrs), options))
    return kernel


def _quiet_bench(self, *args, **kwargs):
    # The autotuner's trial runs are not the launch the library makes.
    RECORDER.benchmarking += 1
    try:
        return _original_bench(self, *args, **kwargs)
    finally:
        RECORDER.benchmarking -= 1


JITFunction.run = _recording_run
JITFunction._do_compile = _recording_do_compile
autotuner.Autotuner._bench = _quiet_bench


def raw_ttir(fn, spec):
    """The frontend's TTIR of one specialisation, before make_ttir's passes."""
    from triton._C.libtriton import ir
    from triton.compiler.compiler import ASTSource, make_backend

    signature, constexprs, attrs, options = spec
    target = triton.runtime.driver.active.get_current_target()
    backend = make_backend(target)
    src = ASTSource(fn, signature, constexprs, attrs)
    context = ir.context()
    ir.load_dialects(context)
    backend.load_dialects(context)

    def call_flexibly(method, *args):
        n = len([p for p in inspect.signature(method).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
        return method(*args[len(args) - n:])

    codegen_fns = call_flexibly(backend.get_codegen_implementation, options)
    module = call_flexibly(src.make_ir, target, options, codegen_fns, backend.get_module_map(), context)
    return str(module)


def describe(launch, source, case):
    """case.json's content, or raises ValueError saying why the launch
    cannot be replayed."""
    if launch.spec is None:
        raise ValueError("its compilation was not seen")
    text = raw_ttir(launch.fn, launch.spec)
    signature, options = launch.spec[0], launch.spec[3]
    params = []
    for name, value in launch.values.items():
        ty = signature.get(name)
        if ty is None or ty == "constexpr":
            continue
        if ty.startswith("tensordesc"):
            raise ValueError("parameter %s is a tensor descriptor" % name)
        if ty.startswith("*"):
            if not isinstance(value, torch.Tensor):
                raise ValueError("pointer parameter %s is a %s" % (name, type(value).__name__))
            if value.dtype not in TORCH_DTYPES:
                raise ValueError("parameter %s has dtype %s" % (name, value.dtype))
            block = launch.blocks[value.untyped_storage().data_ptr()]
            params.append({
                "name": name, "type": ty, "block": block,
                "offset": value.data_ptr() - value.untyped_storage().data_ptr(),
                "dtype": TORCH_DTYPES[value.dtype]
            })
        else:
            if isinstance(value, torch.Tensor):
                value = value.item()
            if isinstance(value, bool):
                value = int(value)
            params.append({"name": name, "type": ty, "value": value})
    return text, {
        "source": source, "case": case, "kernel": launch.fn.__name__,
        "module": launch.fn.module, "grid": list(launch.grid),
        "num_warps": options.num_warps, "num_stages": options.num_stages,
        "triton": triton.__version__, "params": params,
        "blocks": [{"bytes": int(b.size), "dtype": None} for b in launch.before],
    }


def write_case(out, name, text, meta, launch):
    """Writes one case directory; returns the bytes it holds."""
    os.makedirs(os.path.join(out, name), exist_ok=True)
    # A block's dtype is the first buffer parameter's that lives in it.
    for p in meta["params"]:
        if "block" in p and meta["blocks"][p["block"]]["dtype"] is None:
            meta["blocks"][p["block"]]["dtype"] = p["dtype"]
    total = 0
    for i, (before, after) in enumerate(zip(launch.before, launch.after)):
        np.save(os.path.join(out, name, "m%d.in.npy" % i), before)
        total += before.size
        changed = not np.array_equal(before, after)
        meta["blocks"][i]["written"] = changed
        if changed:
            np.save(os.path.join(out, name, "m%d.out.npy" % i), after)
            total += after.size
    with open(os.path.join(out, name, "kernel.ttir"), "w") as f:
        f.write(text)
    with open(os.path.join(out, name, "case.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return total


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


# --- the libraries' entry points, on small inputs ---------------------------

DEV = "cuda"


def randn(*shape, dtype=torch.float32, grad=False):
    return torch.randn(*shape, device=DEV, dtype=dtype).requires_grad_(grad)


def fwd_bwd(fn, *args):
    """Runs an autograd function forward and backward (a random upstream
    gradient), so that both directions' kernels launch."""
    y = fn(*args)
    y = y[0] if isinstance(y, tuple) else y
    if y.requires_grad:
        y.backward(torch.randn_like(y) if y.dim() else torch.ones_like(y))


def import_bare(package, path):
    """Imports `package`'s modules without running its __init__, which
    imports every backend the library has."""
    module = types.ModuleType(package)
    module.__path__ = [path]
    sys.modules[package] = module


def liger_cases(src):
    sys.path.insert(0, src)
    import_bare("liger_kernel.ops", os.path.join(src, "liger_kernel", "ops"))

    def op(module):
        return importlib.import_module("liger_kernel.ops." + module)

    bf16 = torch.bfloat16
    cases = {
        "rms_norm": lambda: fwd_bwd(op("rms_norm").LigerRMSNormFunction.apply, randn(8, 256, grad=True),
                                    randn(256, grad=True), 1e-6),
        "rms_norm_gemma_bf16": lambda: fwd_bwd(op("rms_norm").LigerRMSNormFunction.apply,
                                               randn(4, 128, dtype=bf16, grad=True), randn(128, dtype=bf16, grad=True),
                                               1e-6, 1.0, "gemma", False),
        "layer_norm": lambda: fwd_bwd(op("layer_norm").LigerLayerNormFunction.apply, randn(8, 256, grad=True),
                                      randn(256, grad=True), randn(256, grad=True), 1e-5),
        "swiglu": lambda: fwd_bwd(op("swiglu").LigerSiLUMulFunction.apply, randn(8, 256, grad=True),
                                  randn(8, 256, grad=True)),
        "swiglu_bf16": lambda: fwd_bwd(op("swiglu").LigerSiLUMulFunction.apply, randn(4, 128, dtype=bf16, grad=True),
                                       randn(4, 128, dtype=bf16, grad=True)),
        "geglu": lambda: fwd_bwd(op("geglu").LigerGELUMulFunction.apply, randn(8, 256, grad=True),
                                 randn(8, 256, grad=True)),
        "softmax": lambda: fwd_bwd(op("softmax").LigerSoftmaxFunction.apply, randn(8, 256, grad=True)),
        "cross_entropy": lambda: fwd_bwd(op("cross_entropy").LigerCrossEntropyFunction.apply,
                                         randn(8, 512, grad=True), torch.randint(0, 512, (8, ), device=DEV), None),
        "cross_entropy_smooth": lambda: fwd_bwd(op("cross_entropy").LigerCrossEntropyFunction.apply,
                                                randn(8, 512, grad=True), torch.randint(0, 512, (8, ), device=DEV),
                                                None, -100, 1e-4, 0.1, "sum", 30.0),
        "rope": lambda: fwd_bwd(lambda q, k, c, s: sum(t.sum() for t in op("rope").LigerRopeFunction.apply(q, k, c, s)),
                                randn(1, 4, 8, 64, grad=True), randn(1, 2, 8, 64, grad=True), randn(1, 8, 64),
                                randn(1, 8, 64)),
        "dyt": lambda: fwd_bwd(op("dyt").LigerDyTFunction.apply, randn(8, 256, grad=True),
                               randn(1, grad=True), randn(256, grad=True), randn(256, grad=True)),
        "group_norm": lambda: fwd_bwd(op("group_norm").LigerGroupNormFunction.apply, randn(2, 4, 32, grad=True),
                                      randn(4, grad=True), randn(4, grad=True), 4, 2, 1e-5),
        "kl_div": lambda: fwd_bwd(op("kl_div").LigerKLDivLossFunction.apply,
                                  torch.log_softmax(randn(8, 128), -1).requires_grad_(),
                                  torch.softmax(randn(8, 128), -1), "batchmean", False, 1e-10),
        "jsd": lambda: fwd_bwd(op("jsd").LigerJSDFunction.apply,
                               torch.log_softmax(randn(8, 128), -1).requires_grad_(),
                               torch.log_softmax(randn(8, 128), -1), None, 0.5, -100),
        "tvd": lambda: fwd_bwd(op("tvd").LigerTVDLossFunction.apply,
                               torch.softmax(randn(8, 128), -1).requires_grad_(), torch.softmax(randn(8, 128), -1),
                               None, "batchmean", -100),
        "fused_add_rms_norm": lambda: fwd_bwd(op("fused_add_rms_norm").LigerFusedAddRMSNormFunction.apply,
                                              randn(8, 256, grad=True), randn(8, 256, grad=True),
                                              randn(256, grad=True), 1e-6),
        "relu_squared": lambda: fwd_bwd(op("relu_squared").LigerReLUSquaredFunction.apply, randn(8, 256, grad=True)),
        "sparsemax": lambda: fwd_bwd(op("sparsemax").LigerSparsemaxFunction.apply, randn(8, 64, grad=True), -1),
        "poly_norm": lambda: fwd_bwd(op("poly_norm").LigerPolyNormFunction.apply, randn(8, 256, grad=True),
                                     randn(3, grad=True), torch.randn((), device=DEV).requires_grad_(), 1e-6, False),
        "embedding": lambda: fwd_bwd(op("experimental.embedding").LigerEmbeddingFunction.apply,
                                     randn(64, 32, grad=True), torch.randint(0, 64, (16, ), device=DEV)),
        "fused_linear_cross_entropy": lambda: fwd_bwd(
            op("fused_linear_cross_entropy").LigerFusedLinearCrossEntropyFunction.apply, randn(8, 64, grad=True),
            randn(256, 64, grad=True), torch.randint(0, 256, (8, ), device=DEV)),
        "modulated_rms_norm": lambda: fwd_bwd(op("modulated_rms_norm").LigerModulatedRMSNormFunction.apply,
                                              randn(2, 4, 128, grad=True), randn(128, grad=True),
                                              randn(2, 128, grad=True), randn(2, 128, grad=True), 1e-6, 0.0, "llama",
                                              False),
        "fused_neighborhood_attention": lambda: fwd_bwd(
            op("fused_neighborhood_attention").LigerFusedNeighborhoodAttentionFunction.apply,
            randn(1, 2, 32, 32, grad=True), randn(1, 2, 32, 32, grad=True), randn(1, 2, 32, 32, grad=True), 7, 1),
    }
    return cases


def tutorial_cases(directory):
    import triton.testing

    class NoBenchmark:

        def __init__(self, fn):
            self.fn = fn

        def run(self, *args, **kwargs):
            pass

    # The tutorials benchmark at import; only their kernels are wanted.
    triton.testing.perf_report = lambda benchmarks: NoBenchmark

    def tutorial(name):
        return runpy.run_path(os.path.join(directory, name), run_name="trident_capture")

    def mods():
        if not hasattr(mods, "cache"):
            mods.cache = {}
        return mods.cache

    def t(name):
        if name not in mods():
            was = RECORDER.active
            RECORDER.active = False  # the tutorials' own top-level examples
            try:
                mods()[name] = tutorial(name)
            finally:
                RECORDER.active = was
        return mods()[name]

    def layer_norm():
        g = t("05-layer-norm.py")
        x = randn(16, 256, grad=True)
        w, b = randn(256, grad=True), randn(256, grad=True)
        fwd_bwd(g["LayerNorm"].apply, x, (256, ), w, b, 1e-5)

    def attention():
        g = t("06-fused-attention.py")
        q, k, v = (randn(1, 2, 128, 64, dtype=torch.float16, grad=True) for _ in range(3))
        fwd_bwd(lambda q, k, v: g["attention"](q, k, v, False, 0.125), q, k, v)

    return {
        "vector_add": lambda: t("01-vector-add.py")["add"](randn(1000), randn(1000)),
        "fused_softmax": lambda: t("02-fused-softmax.py")["softmax"](randn(13, 97)),
        "matmul": lambda: t("03-matrix-multiplication.py")["matmul"](randn(128, 64, dtype=torch.float16),
                                                                   randn(64, 128, dtype=torch.float16)),
        "matmul_leaky_relu": lambda: t("03-matrix-multiplication.py")["matmul"](
            randn(96, 64, dtype=torch.float16), randn(64, 80, dtype=torch.float16), "leaky_relu"),
        "dropout": lambda: t("04-low-memory-dropout.py")["dropout"](randn(1000), (torch.rand(1000, device=DEV) > 0.5).
                                                                    to(torch.int32), 0.5),
        "seeded_dropout": lambda: t("04-low-memory-dropout.py")["seeded_dropout"](randn(1000), 0.5, 123),
        "layer_norm": layer_norm,
        "attention": attention,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--liger", help="Liger-Kernel's src/ directory")
    parser.add_argument("--tutorials", help="Triton's python/tutorials directory")
    parser.add_argument("--only", action="append", default=[], help="cases whose name holds this")
    args = parser.parse_args()

    sources = []
    if args.liger:
        sources.append(("liger", liger_cases, args.liger))
    if args.tutorials:
        sources.append(("tutorial", tutorial_cases, args.tutorials))
    os.makedirs(args.out, exist_ok=True)
    report, names = [], set()
    torch.manual_seed(0)
    for source, make, path in sources:
        try:
            cases = make(path)
        except Exception:
            report.append((source, "*", "-", "FAILED", traceback.format_exc(limit=3).strip().splitlines()[-1]))
            continue
        for case, run in cases.items():
            if args.only and not any(s in "%s.%s" % (source, case) for s in args.only):
                continue
            RECORDER.launches = []
            RECORDER.active = True
            try:
                run()
                torch.cuda.synchronize()
            except Exception:
                report.append((source, case, "-", "FAILED", traceback.format_exc(limit=4).strip().splitlines()[-1]))
            finally:
                RECORDER.active = False
            seen = set()
            for status, fn, launch in RECORDER.launches:
                kernel = fn.__name__
                if status != "ok":
                    report.append((source, case, kernel, "UNRECORDED", launch))
                    continue
                if kernel in seen:
                    continue  # the first launch of each kernel per case
                seen.add(kernel)
                name = "%s-%s-%s" % (source, slug(case), slug(kernel))
                if name in names:
                    continue
                try:
                    text, meta = describe(launch, source, case)
                    size = sum(b.size for b in launch.before) * 2
                    if size > MAX_CASE_BYTES:
                        raise ValueError("%d bytes of data" % size)
                    size = write_case(args.out, name, text, meta, launch)
                    names.add(name)
                    report.append((source, case, kernel, "CAPTURED", "%s (%d bytes)" % (name, size)))
                except Exception as e:
                    report.append((source, case, kernel, "SKIPPED", "%s: %s" % (type(e).__name__, e)))
    with open(os.path.join(args.out, "CAPTURE.txt"), "w") as f:
        f.write("Captured with Triton %s, torch %s on %s\n" %
                (triton.__version__, torch.__version__, torch.cuda.get_device_name()))
        for row in report:
            f.write("%-9s %-28s %-40s %-10s %s\n" % row)
    for row in report:
        print("%-9s %-28s %-40s %-10s %s" % row)
    print("captured: %d kernels" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
