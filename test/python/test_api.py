# Tests of the `trident` package's API (ctest label `core`): targets, compile
# and its stages, the Kernel's metadata, bundles saved and loaded, and every
# error path (malformed TTIR with its file:line:col, an unknown target, bad
# launch arguments). The launches here are small kernels on the cpu target;
# test_cpu_kernels.py runs the kernel corpus against numpy.

import os
import re
import tempfile
import types
import unittest

import numpy as np

import trident

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.normpath(os.path.join(HERE, "..", "kernels"))
VADD = os.path.join(KERNELS, "vadd.ttir")

# Every scalar kind, stored where the test can read it back: flag and the
# integers (sign-extended) into ints[0..4], the floats (extended) into
# floats[0..3].
SCALARS = """
module {
  tt.func public @scalars(%ints: !tt.ptr<i64> loc("ints"), %floats: !tt.ptr<f64> loc("floats"), %flag: i1 loc("flag"), %a: i8 loc("a"), %b: i16 loc("b"), %c: i32 loc("c"), %d: i64 loc("d"), %e: f16 loc("e"), %f: bf16 loc("f"), %g: f32 loc("g"), %h: f64 loc("h")) {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %flag64 = arith.extui %flag : i1 to i64
    tt.store %ints, %flag64 : !tt.ptr<i64>
    %a64 = arith.extsi %a : i8 to i64
    %p1 = tt.addptr %ints, %c1 : !tt.ptr<i64>, i32
    tt.store %p1, %a64 : !tt.ptr<i64>
    %b64 = arith.extsi %b : i16 to i64
    %p2 = tt.addptr %ints, %c2 : !tt.ptr<i64>, i32
    tt.store %p2, %b64 : !tt.ptr<i64>
    %c64 = arith.extsi %c : i32 to i64
    %p3 = tt.addptr %ints, %c3 : !tt.ptr<i64>, i32
    tt.store %p3, %c64 : !tt.ptr<i64>
    %p4 = tt.addptr %ints, %c4 : !tt.ptr<i64>, i32
    tt.store %p4, %d : !tt.ptr<i64>
    %e64 = arith.extf %e : f16 to f64
    tt.store %floats, %e64 : !tt.ptr<f64>
    %f64 = arith.extf %f : bf16 to f64
    %q1 = tt.addptr %floats, %c1 : !tt.ptr<f64>, i32
    tt.store %q1, %f64 : !tt.ptr<f64>
    %g64 = arith.extf %g : f32 to f64
    %q2 = tt.addptr %floats, %c2 : !tt.ptr<f64>, i32
    tt.store %q2, %g64 : !tt.ptr<f64>
    %q3 = tt.addptr %floats, %c3 : !tt.ptr<f64>, i32
    tt.store %q3, %h : !tt.ptr<f64>
    tt.return
  }
}
"""

# A host-side tensor descriptor parameter: the kernel takes its parts
# (tt-rewrite-tensor-descriptors), loads the 16 x 16 block at row `row`, zero-
# or NaN-padded past the shape, and stores it to `out`.
DESCRIPTOR = """
module {
  tt.func public @desc_copy(%desc: !tt.tensordesc<tensor<16x16xf32>> loc("desc"), %out: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("out"), %row: i32 loc("row")) {
    %c0 = arith.constant 0 : i32
    %t = tt.descriptor_load %desc[%row, %c0] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c16 = arith.constant dense<16> : tensor<16x1xi32>
    %rows = arith.muli %r0, %c16 : tensor<16x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %rb = tt.broadcast %rows : tensor<16x1xi32> -> tensor<16x16xi32>
    %cb = tt.broadcast %r1 : tensor<1x16xi32> -> tensor<16x16xi32>
    %off = arith.addi %rb, %cb : tensor<16x16xi32>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %pa = tt.addptr %p, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %pa, %t : tensor<16x16x!tt.ptr<f32>>
    tt.return
  }
}
"""

# Pointers to bf16 and i1 (only their element sizes matter here).
POINTEES = """
module {
  tt.func public @pointees(%x: !tt.ptr<bf16> loc("x"), %m: !tt.ptr<i1> loc("m")) {
    tt.return
  }
}
"""

_cache = {}


def compiled(src, **kwargs):
    """compile(src, **kwargs), once per test run."""
    key = (src, tuple(sorted(kwargs.items())))
    if key not in _cache:
        _cache[key] = trident.compile(src, **kwargs)
    return _cache[key]


def vadd_args(n=1000, dtype=np.float32):
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, n).astype(dtype)
    y = rng.uniform(-1, 1, n).astype(dtype)
    return x, y, np.zeros(n, dtype)


class Targets(unittest.TestCase):
    def test_targets_lists_cpu(self):
        targets = trident.targets()
        kinds = [t.kind for t in targets]
        self.assertIn("cpu", kinds)
        cpu = targets[kinds.index("cpu")]
        self.assertEqual(cpu.plugin, "linalg")
        self.assertTrue(cpu.available)
        self.assertGreaterEqual(cpu.device_count, 1)
        self.assertEqual(cpu.reason, "")
        self.assertTrue(os.path.isfile(cpu.runtime_library),
                        cpu.runtime_library)
        for target in targets:
            self.assertIsInstance(target.aliases, list)
            if not target.available:
                self.assertNotEqual(target.reason, "", target)

    def test_resolve_and_stages(self):
        self.assertEqual(trident.resolve_target("cpu"), "cpu")
        stages = trident.stages("cpu")
        self.assertEqual(stages[0], "ttir")
        self.assertGreater(len(stages), 1)

    def test_library_dir_and_version(self):
        self.assertTrue(os.path.isfile(
            os.path.join(trident.library_dir(), "libTridentRuntime.so")))
        self.assertNotEqual(trident.version(), "")


class Compile(unittest.TestCase):
    def test_kernel_metadata(self):
        k = compiled(VADD)
        self.assertIsInstance(k, trident.Kernel)
        self.assertEqual(k.name, "vadd_kernel")
        self.assertEqual(k.target, "cpu")
        self.assertEqual(k.num_warps, 4)
        self.assertIsInstance(k.shared_bytes, int)
        self.assertEqual([p.name for p in k.signature],
                         ["x_ptr", "y_ptr", "out_ptr", "n"])
        self.assertEqual([p.kind for p in k.signature],
                         ["pointer", "pointer", "pointer", "i32"])
        self.assertEqual([p.element_type for p in k.signature],
                         ["f32", "f32", "f32", ""])
        self.assertEqual(k.signature[0].divisibility, 16)
        self.assertEqual(k.compiler_version, trident.version())
        self.assertTrue(k.bundle.startswith(b"TRIDENTB"))
        self.assertTrue(k.binary.startswith(b"\x7fELF"))
        self.assertIn("vadd_kernel(x_ptr: *f32", repr(k))

    def test_text_source_and_num_warps(self):
        with open(VADD) as f:
            text = f.read()
        k = trident.compile(text, target="cpu", num_warps=8)
        self.assertEqual(k.name, "vadd_kernel")
        self.assertEqual(k.num_warps, 8)

    def test_emit_stage(self):
        ttir = trident.compile(VADD, emit="ttir")
        self.assertIsInstance(ttir, str)
        self.assertIn("tt.func public @vadd_kernel", ttir)
        last = trident.stages("cpu")[-1]
        out = trident.compile(VADD, emit=last)
        self.assertTrue(len(out) > 0)

    def test_keep_stages(self):
        k = trident.compile(VADD, keep_stages=True)
        self.assertIn("ttir", k.stages)
        self.assertIn("vadd_kernel", k.stages["ttir"])
        # Emitted stages before the binary are kept too: cpu's LLVM IR.
        self.assertEqual(sorted(k.stages), ["linalg", "llir", "ttir"])
        self.assertIn("define void @vadd_kernel", k.stages["llir"])
        self.assertEqual(compiled(VADD).stages, {})

    def test_malformed_ttir_file_has_location(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bad.ttir")
            with open(path, "w") as f:
                f.write("module {\n  tt.func public @k() {\n"
                        "    %v = arith.addf %nope, %nope : f32\n"
                        "    tt.return\n  }\n}\n")
            with self.assertRaises(trident.TridentError) as caught:
                trident.compile(path)
        message = str(caught.exception)
        self.assertRegex(message, re.escape(path) +
                         r":3:\d+: use of undeclared SSA value name")
        self.assertIsInstance(caught.exception, RuntimeError)

    def test_malformed_ttir_text_has_location(self):
        with self.assertRaises(trident.TridentError) as caught:
            trident.compile("module {\n  tt.func public @k() {\n    bogus.op\n"
                            "  }\n}\n")
        self.assertRegex(str(caught.exception), r"<source>:3:\d+: ")

    def test_missing_file(self):
        with self.assertRaises(trident.TridentError) as caught:
            trident.compile("/nonexistent/k.ttir")
        self.assertIn("cannot read '/nonexistent/k.ttir'",
                      str(caught.exception))

    def test_unknown_target(self):
        with self.assertRaises(trident.TridentError) as caught:
            trident.compile(VADD, target="nonesuch")
        self.assertIn("nonesuch", str(caught.exception))
        with self.assertRaises(trident.TridentError):
            trident.stages("nonesuch")

    def test_target_options_are_checked(self):
        # Target options (--opt) travel as text; a key the target does not
        # take is refused with the ones it does.
        with self.assertRaises(trident.TridentError) as caught:
            trident.compile(VADD, some_flag=True)
        self.assertIn("target 'cpu' has no option 'some_flag' (its options: "
                      "streaming-min-bytes)", str(caught.exception))

    def test_bad_counts(self):
        for bad in (0, -1, 2.5, True):
            with self.assertRaises(trident.TridentError):
                trident.compile(VADD, num_warps=bad)


class Bundles(unittest.TestCase):
    def test_save_load_round_trip(self):
        k = compiled(VADD)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "vadd.tkb")
            k.save(path)
            loaded = trident.load(path)
        self.assertEqual(loaded.bundle, k.bundle)
        for field in ("name", "target", "num_warps", "threads_per_warp",
                      "num_ctas", "shared_bytes", "signature"):
            self.assertEqual(getattr(loaded, field), getattr(k, field), field)
        x, y, out = vadd_args()
        loaded[(len(x) + 255) // 256](x, y, out, len(x))
        np.testing.assert_array_equal(out, x + y)
        again = trident.Kernel.from_bytes(k.bundle)
        self.assertEqual(again.name, "vadd_kernel")

    def test_load_errors(self):
        with self.assertRaises(trident.TridentError) as caught:
            trident.load("/nonexistent/k.tkb")
        self.assertIn("cannot read '/nonexistent/k.tkb'", str(caught.exception))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "junk.tkb")
            with open(path, "wb") as f:
                f.write(b"not a bundle at all")
            with self.assertRaises(trident.TridentError) as caught:
                trident.load(path)
            self.assertIn(path, str(caught.exception))
        with self.assertRaises(trident.TridentError):
            trident.Kernel.from_bytes(compiled(VADD).bundle[:40])


class RuntimeDiscovery(unittest.TestCase):
    """How a target's runtime is found (each case in a fresh interpreter: a
    process opens a runtime once)."""

    LAUNCH = ("import sys, numpy as np, trident\n"
              "k = trident.load(sys.argv[1])\n"
              "x = np.ones(300, np.float32); out = np.zeros_like(x)\n"
              "k[2](x, x, out, 300)\n"
              "print(out.sum())\n")

    def run_launch(self, env):
        import subprocess
        import sys
        with tempfile.TemporaryDirectory() as tmp:
            bundle = os.path.join(tmp, "vadd.tkb")
            compiled(VADD).save(bundle)
            full = dict(os.environ)
            full.update(env)
            return subprocess.run(
                [sys.executable, "-c", self.LAUNCH, bundle], env=full,
                capture_output=True, text=True, timeout=120)

    def test_runtime_library_of_the_manifest(self):
        result = self.run_launch({})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "600.0")

    def test_no_runtime(self):
        result = self.run_launch({"TRIDENT_PLUGINS": ""})
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("TridentError: no plugin provides a runtime for target "
                      "kind 'cpu' (no plugin directories given); install the "
                      "plugin or add its directory to the search path",
                      result.stderr)

    def test_runtime_inside_the_plugin(self):
        # A manifest without runtime_library: the plugin's own get_runtime.
        plugins = os.path.join(trident.library_dir(), "trident", "plugins")
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "linalg.json"), "w") as f:
                f.write('{"name": "linalg", "library": "%s", '
                        '"targets": [{"kind": "cpu"}], '
                        '"provides": ["compiler", "runtime"]}' %
                        os.path.join(plugins, "libTridentLinalg.so"))
            result = self.run_launch({"TRIDENT_PLUGINS": tmp})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "600.0")


class Launch(unittest.TestCase):
    def test_vadd_in_place_and_grid_forms(self):
        k = compiled(VADD)
        x, y, out = vadd_args(1000)
        for grid in (4, (4,), (4, 1), (4, 1, 1), [4], np.int64(4),
                     (np.int32(4), 1)):
            out[:] = 0
            k[grid](x, y, out, 1000)
            np.testing.assert_array_equal(out, x + y)
        out[:] = 0
        k.launch((4,), (x, y, out, 1000))
        np.testing.assert_array_equal(out, x + y)
        out[:] = 0
        k.launch(4, [x, y, out, np.int32(1000)], stream=None)
        np.testing.assert_array_equal(out, x + y)

    def test_views_and_dlpack(self):
        k = compiled(VADD)
        x, y, out = vadd_args(2000)
        # A view starting at an offset: the kernel sees its first element.
        k[2](x[1000:], y[1000:], out[1000:], 500)
        np.testing.assert_array_equal(out[1000:1500], x[1000:1500] +
                                      y[1000:1500])
        self.assertFalse(out[:1000].any())

        class DLPackOnly:
            """Only the DLPack protocols, as a foreign array library has."""

            def __init__(self, array):
                self.array = array

            def __dlpack__(self, stream=None):
                return self.array.__dlpack__()

            def __dlpack_device__(self):
                return self.array.__dlpack_device__()

        class DataPtr:
            def __init__(self, array):
                self.array = array

            def data_ptr(self):
                return self.array.ctypes.data

            def element_size(self):
                return self.array.itemsize

        out2 = np.zeros_like(out)
        k[8](DLPackOnly(x), DataPtr(y), DLPackOnly(out2), 2000)
        np.testing.assert_array_equal(out2, x + y)
        # Read-only inputs take the slow path but still work.
        x.flags.writeable = False
        out2[:] = 0
        k[8](x, y, out2, 2000)
        np.testing.assert_array_equal(out2, x + y)

    def test_many_kernels_in_one_process(self):
        # Each cpu kernel is a library dlopened from its own memfd; kernels
        # loaded one after the other, and one unloaded in between, must each
        # keep running their own code.
        first = trident.compile(VADD)
        x, y, out = vadd_args(256)
        first[1](x, y, out, 256)
        dropped = trident.compile(SCALARS)
        dropped[1](np.zeros(5, np.int64), np.zeros(4), 1, 2, 3, 4, 5, 1.0,
                   2.0, 3.0, 4.0)
        del dropped
        second = trident.compile(POINTEES)
        second[1](np.zeros(4, np.uint16), np.zeros(4, np.bool_))
        third = trident.Kernel.from_bytes(first.bundle)
        out[:] = 0
        third[1](x, y, out, 256)
        np.testing.assert_array_equal(out, x + y)
        out[:] = 0
        first[1](x, y, out, 256)
        np.testing.assert_array_equal(out, x + y)

    def test_torch_like_tensors(self):
        # torch is not installed here: a stand-in module with a Tensor type
        # (data_ptr, element_size, is_cpu, device, dtype) takes the launch
        # function's inline case for torch tensors, built when torch is
        # imported before a kernel's first launch.
        import sys
        import types

        class Tensor:
            def __init__(self, array, device="cpu"):
                self.array = array
                self.dtype = "torch.%s" % array.dtype
                self.device = types.SimpleNamespace(type=device)
                self.is_cpu = device == "cpu"
                self.is_cuda = device == "cuda"

            def data_ptr(self):
                return self.array.ctypes.data

            def element_size(self):
                return self.array.itemsize

            @property
            def itemsize(self):
                return self.array.itemsize

        torch = types.ModuleType("torch")
        torch.Tensor = Tensor
        sys.modules["torch"] = torch
        try:
            k = trident.compile(VADD)
            x, y, out = vadd_args(300)
            k[2](Tensor(x), Tensor(y), Tensor(out), 300)
        finally:
            del sys.modules["torch"]
        # The Python launch function (the native launcher's fallback when
        # it is built) has the inline case.
        launch = k._launcher.launch
        self.assertIn("type(a0) is Tensor and a0.is_cpu",
                      getattr(launch, "fallback", launch).source)
        np.testing.assert_array_equal(out, x + y)
        with self.assertRaises(trident.TridentError) as caught:
            k[2](Tensor(x, "cuda"), y, out, 300)
        self.assertIn("is a buffer on device 'cuda'", str(caught.exception))
        with self.assertRaises(trident.TridentError) as caught:
            k[2](x, Tensor(y.astype(np.float64)), out, 300)
        self.assertIn("argument 2 ('y_ptr') of kernel 'vadd_kernel' has "
                      "8-byte elements (torch.float64)", str(caught.exception))

    def test_wrong_arg_count(self):
        k = compiled(VADD)
        x, y, out = vadd_args()
        with self.assertRaises(trident.TridentError) as caught:
            k[4](x, y, out)
        self.assertIn("kernel 'vadd_kernel' takes 4 arguments "
                      "(x_ptr, y_ptr, out_ptr, n), got 3", str(caught.exception))
        with self.assertRaises(trident.TridentError):
            k[4](x, y, out, 1000, 5)

    def test_element_size_mismatch(self):
        k = compiled(VADD)
        x, y, out = vadd_args(dtype=np.float64)
        with self.assertRaises(trident.TridentError) as caught:
            k[4](x, y, out, 1000)
        self.assertIn("argument 1 ('x_ptr') of kernel 'vadd_kernel' has "
                      "8-byte elements (float64), the kernel's pointee f32 "
                      "needs 4-byte elements", str(caught.exception))

    def test_not_a_buffer(self):
        k = compiled(VADD)
        x, y, out = vadd_args()
        for bad in (5, [1.0, 2.0], None):
            with self.assertRaises(trident.TridentError) as caught:
                k[4](x, bad, out, 1000)
            self.assertIn("argument 2 ('y_ptr')", str(caught.exception))

    def test_host_tensors_for_a_gpu_kernel(self):
        # Pinned host memory is addressable from the GPU (as under Triton);
        # other host memory is refused with a ValueError, as Triton's
        # launcher does (upstream's test_pointer_arguments expects it).
        from trident import _args

        class HostTensor:
            device = types.SimpleNamespace(type="cpu")
            is_cuda = False

            def __init__(self, pinned):
                self.pinned = pinned

            def data_ptr(self):
                return 4096

            def element_size(self):
                return 4

            def is_pinned(self):
                return self.pinned

        nvidia = _args.Placement("nvidia")
        self.assertEqual(_args.buffer_address(HostTensor(True), "x", nvidia,
                                              4, "f32"), 4096)
        with self.assertRaises(ValueError) as caught:
            _args.buffer_address(HostTensor(False), "argument 1 ('x')",
                                 nvidia, 4, "f32")
        self.assertIsInstance(caught.exception, trident.BufferDeviceError)
        self.assertIn("argument 1 ('x') is a buffer on device 'cpu'; a kernel "
                      "for target 'nvidia' needs cuda memory",
                      str(caught.exception))
        with self.assertRaises(ValueError):
            _args.buffer_address(np.zeros(4, np.float32), "x", nvidia, 4,
                                 "f32")

    def test_wrong_device(self):
        k = compiled(VADD)
        x, y, out = vadd_args()

        class CudaTensor:
            """What a torch cuda tensor looks like to the launcher."""

            class device:
                type = "cuda"

            is_cpu = False
            is_cuda = True

            def data_ptr(self):
                return 1 << 40

            def element_size(self):
                return 4

        class CudaWrapper:
            """A data_ptr() object with only a `device`."""

            class device:
                type = "cuda"

            def data_ptr(self):
                return 1 << 40

        for cuda in (CudaTensor(), CudaWrapper()):
            with self.assertRaises(trident.TridentError) as caught:
                k[4](x, cuda, out, 1000)
            self.assertIn("argument 2 ('y_ptr') of kernel 'vadd_kernel' is a "
                          "buffer on device 'cuda'; a kernel for target "
                          "'cpu' needs cpu memory", str(caught.exception))

        class CudaDLPack:
            def __dlpack_device__(self):
                return (2, 0)

            def __dlpack__(self, stream=None):
                raise AssertionError("not reached")

        with self.assertRaises(trident.TridentError) as caught:
            k[4](x, CudaDLPack(), out, 1000)
        self.assertIn("DLPack device 'cuda'", str(caught.exception))

    def test_scalar_errors(self):
        k = compiled(VADD)
        x, y, out = vadd_args()
        with self.assertRaises(trident.TridentError) as caught:
            k[4](x, y, out, 1 << 32)
        self.assertIn("argument 4 ('n') of kernel 'vadd_kernel': 4294967296 "
                      "is out of range for i32 (-2147483648 to 4294967295)",
                      str(caught.exception))
        with self.assertRaises(trident.TridentError) as caught:
            k[4](x, y, out, 1000.0)
        self.assertIn("is an i32 parameter; got float", str(caught.exception))
        with self.assertRaises(trident.TridentError):
            k[4](x, y, out, "1000")

    def test_bad_grid(self):
        k = compiled(VADD)
        x, y, out = vadd_args()
        for grid in (-1, (1, 2, 3, 4), (), "4", 1 << 32, (1.5,), [1, -1],
                     None):
            with self.assertRaises(trident.TridentError) as caught:
                k[grid](x, y, out, 1000)
            self.assertIn("grid", str(caught.exception))

    def test_scalar_kinds(self):
        k = compiled(SCALARS)
        self.assertEqual([p.kind for p in k.signature][2:], [
            "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"])
        ints = np.zeros(5, np.int64)
        floats = np.zeros(4, np.float64)
        k[1](ints, floats, True, -128, 32767, -5, -(1 << 63), 1.5, -2.0,
             0.1, 1e300)
        self.assertEqual(ints.tolist(), [1, -128, 32767, -5, -(1 << 63)])
        self.assertEqual(floats.tolist(), [1.5, -2.0, float(np.float32(0.1)),
                                           1e300])
        # Signless integers: the unsigned spelling of a bit pattern.
        k[1](ints, floats, 0, 255, 65535, (1 << 32) - 1, (1 << 64) - 1,
             65504, 3.0, 1, np.float64(2.5))
        self.assertEqual(ints.tolist(), [0, -1, -1, -1, -1])
        self.assertEqual(floats.tolist(), [65504.0, 3.0, 1.0, 2.5])
        # numpy scalars convert like Python ones.
        k[1](ints, floats, np.bool_(True), np.int8(-3), np.uint16(7),
             np.int64(9), np.uint64((1 << 64) - 2), np.float16(0.5),
             np.float32(0.25), np.float32(2.5), np.float32(-1.0))
        self.assertEqual(ints.tolist(), [1, -3, 7, 9, -2])
        self.assertEqual(floats.tolist(), [0.5, 0.25, 2.5, -1.0])
        # bf16 rounds to nearest even: 1 + 2^-8 is a tie, 1 + 3 * 2^-9 not.
        k[1](ints, floats, False, 0, 0, 0, 0, 0, 1 + 2 ** -8, 0, 0)
        self.assertEqual(floats[1], 1.0)
        k[1](ints, floats, False, 0, 0, 0, 0, 0, 1 + 3 * 2 ** -9, 0, 0)
        self.assertEqual(floats[1], 1 + 2 ** -7)
        cases = [
            (2, 2, "2 is out of range for i1 (-1 to 1)"),
            (3, 256, "256 is out of range for i8 (-128 to 255)"),
            (3, -129, "-129 is out of range for i8"),
            (4, 1 << 16, "out of range for i16"),
            (6, 1 << 64, "out of range for i64"),
            (7, 65536.0, "65536.0 is out of range for f16 (largest finite "
                         "65504)"),
            (8, 3.4e38, "out of range for bf16"),
            (9, 1e39, "1e+39 is out of range for f32"),
            (9, "x", "is an f32 parameter; got str 'x'"),
        ]
        good = [ints, floats, 0, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0]
        for index, value, text in cases:
            args = list(good)
            args[index] = value
            with self.assertRaises(trident.TridentError) as caught:
                k[1](*args)
            self.assertIn(text, str(caught.exception))
            self.assertIn("argument %d ('%s')" %
                          (index + 1, k.signature[index].name),
                          str(caught.exception))
        # Infinities and NaN are values, not overflows.
        k[1](ints, floats, 0, 0, 0, 0, 0, float("inf"), float("-inf"),
             float("nan"), float("inf"))
        self.assertEqual(floats[0], float("inf"))
        self.assertEqual(floats[1], float("-inf"))
        self.assertTrue(np.isnan(floats[2]))

    def test_host_descriptor_parameter(self):
        k = compiled(DESCRIPTOR)
        self.assertEqual([p.name for p in k.signature], [
            "desc.base", "desc.shape0", "desc.shape1", "desc.stride0",
            "desc.stride1", "desc.pad_nan", "out", "row"])
        self.assertEqual([p.kind for p in k.signature], [
            "pointer", "i64", "i64", "i64", "i64", "i1", "pointer", "i32"])
        src = np.arange(20 * 16, dtype=np.float32).reshape(20, 16)
        out = np.full((16, 16), -1, np.float32)
        k[1](src, 20, 16, 16, 1, False, out, 8)
        expected = np.zeros((16, 16), np.float32)
        expected[:12] = src[8:]
        np.testing.assert_array_equal(out, expected)
        k[1](src, 20, 16, 16, 1, True, out, 8)
        np.testing.assert_array_equal(out[:12], src[8:])
        self.assertTrue(np.isnan(out[12:]).all())

    def test_bf16_and_i1_pointees(self):
        k = compiled(POINTEES)
        self.assertEqual([p.element_type for p in k.signature], ["bf16", "i1"])
        for x in (np.zeros(4, np.uint16), np.zeros(4, np.int16)):
            for m in (np.zeros(4, np.bool_), np.zeros(4, np.int8),
                      np.zeros(4, np.uint8)):
                k[1](x, m)
        with self.assertRaises(trident.TridentError) as caught:
            k[1](np.zeros(4, np.float32), np.zeros(4, np.bool_))
        self.assertIn("pointee bf16 needs 2-byte elements (uint16/int16 for "
                      "bf16)", str(caught.exception))
        with self.assertRaises(trident.TridentError) as caught:
            k[1](np.zeros(4, np.uint16), np.zeros(4, np.int32))
        self.assertIn("pointee i1 needs 1-byte elements (bool, int8 or "
                      "uint8)", str(caught.exception))


class NativeLaunch(unittest.TestCase):
    """The native launcher (trident/_native_launch.c): built where Python's
    headers and a C compiler are, taking the common arguments itself and
    handing every other case to the Python launch function."""

    def setUp(self):
        from trident import _native
        self.native = _native.module()
        if self.native is None:
            reason = _native.status()[1]
            import sysconfig
            have_headers = os.path.isfile(os.path.join(
                sysconfig.get_paths()["include"], "Python.h"))
            if have_headers and \
                    os.environ.get("TRIDENT_NATIVE_LAUNCH") != "0":
                self.fail("the native launcher was not built: %s" % reason)
            self.skipTest("no native launcher: %s" % reason)

    def recording(self, kernel):
        """A native Launch of `kernel` whose fallback records its calls."""
        from trident import _args, _native
        kernel._make_launcher()
        launcher = kernel._launcher
        python = launcher.launch.fallback
        calls = []

        def fallback(*args, **kwargs):
            calls.append(args)
            return python(*args, **kwargs)

        sizes = bytes(
            _args.element_size(p.element_type) or 0
            if kind == trident._lib.ARG_POINTER else 0
            for kind, p in zip(kernel._arg_kinds, kernel.signature))
        import ctypes
        launch = self.native.Launch(
            ctypes.cast(launcher.fn, ctypes.c_void_p).value, launcher.handle,
            bytes(kernel._arg_kinds), sizes, None, None, np.ndarray, False,
            None, fallback, launcher.runtime.check)
        return launch, calls

    def test_in_use(self):
        k = compiled(VADD)
        x, y, out = vadd_args(300)
        k[2](x, y, out, 300)
        self.assertIsInstance(k._launcher.launch, self.native.Launch)
        np.testing.assert_array_equal(out, x + y)

    def test_common_arguments_stay_native(self):
        k = compiled(SCALARS)
        launch, calls = self.recording(k)
        ints = np.zeros(5, np.int64)
        floats = np.zeros(4, np.float64)
        launch(1, (ints, floats, True, -128, 32767, -5, -(1 << 63), 1.5,
                   1 + 3 * 2 ** -9, 0.1, 1e300))
        self.assertEqual(calls, [])
        self.assertEqual(ints.tolist(), [1, -128, 32767, -5, -(1 << 63)])
        self.assertEqual(floats.tolist(), [1.5, 1 + 2 ** -7,
                                           float(np.float32(0.1)), 1e300])
        # A list of arguments and a tuple grid; a tie rounds to even in bf16.
        launch((1, 1, 1), [ints, floats, False, 0, 0, 0, 0, -0.5,
                           1 + 2 ** -8, float("inf"), float("nan")])
        self.assertEqual(calls, [])
        self.assertEqual(ints.tolist(), [0, 0, 0, 0, 0])
        self.assertEqual(floats[:3].tolist(), [-0.5, 1.0, float("inf")])
        self.assertTrue(np.isnan(floats[3]))

    def test_other_cases_fall_back(self):
        k = compiled(SCALARS)
        launch, calls = self.recording(k)
        ints = np.zeros(5, np.int64)
        floats = np.zeros(4, np.float64)
        good = [ints, floats, 0, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0]
        # Values the Python converters take (numpy scalars, unsigned
        # spellings, ints for floats) and ones they refuse.
        for index, value in [(2, np.bool_(True)), (3, 255), (6, 1 << 63),
                             (9, 1), (4, 1 << 16), (7, 65536.0),
                             (9, 1e39), (8, 3.4e38), (0, ints[::2])]:
            args = list(good)
            args[index] = value
            del calls[:]
            try:
                launch(1, args)
            except trident.TridentError:
                pass
            self.assertEqual(len(calls), 1, (index, value))
        with self.assertRaises(trident.TridentError) as caught:
            launch(1, good[:3])
        self.assertIn("takes 11 arguments", str(caught.exception))
        with self.assertRaises(trident.TridentError) as caught:
            launch(-1, good)
        self.assertIn("grid -1", str(caught.exception))
        # The keyword form goes to the Python function as it is.
        del calls[:]
        launch(1, good, stream=None)
        self.assertEqual(len(calls), 1)

    def test_mutating_data_ptr_is_safe(self):
        # A tensor type whose data_ptr() empties the argument list while the
        # native launcher reads it: it reads a copy, and the launch works.
        import ctypes
        k = compiled(VADD)
        k._make_launcher()
        launcher = k._launcher
        x, y, out = vadd_args(256)
        args = []

        class Tensor:
            is_cpu = True
            itemsize = 4

            def __init__(self, array):
                self.array = array

            def data_ptr(self):
                del args[:]
                return self.array.ctypes.data

        calls = []
        launch = self.native.Launch(
            ctypes.cast(launcher.fn, ctypes.c_void_p).value, launcher.handle,
            bytes(k._arg_kinds), bytes([4, 4, 4, 0]), Tensor, "is_cpu",
            np.ndarray, False, None, lambda *a: calls.append(a),
            launcher.runtime.check)
        args += [Tensor(x), Tensor(y), Tensor(out), 256]
        launch(1, args)
        self.assertEqual(calls, [])
        np.testing.assert_array_equal(out, x + y)


if __name__ == "__main__":
    unittest.main()
