"""Tests of trident.triton, the Triton backend, that need no Triton.

- Targets: the target strings, environment settings and the launcher's
  argument plan (pure Python).
- EntryPoint: the `triton.backends` entry point is found by
  importlib.metadata with only PYTHONPATH=python, and pyproject.toml
  declares the same one.
- FakeTriton: the whole backend (discovery, activate/deactivate, the ttir
  and tkb stages, metadata through JSON, load_binary, the launcher) against
  test/python/fake_triton, a stand-in for Triton 3.6's interfaces, compiling
  and running test/kernels/vadd.ttir on the cpu target in both compile
  modes. Needs the built libraries (TRIDENT_BUILD_DIR) and numpy.

test_triton_real.py runs a real @triton.jit kernel where Triton is
installed.
"""

import importlib
import os
import tempfile
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON = os.path.join(ROOT, "python")
FAKE = os.path.join(HERE, "fake_triton")

# The fake Triton shadows a real one in this process only.
for path in (PYTHON, FAKE):
    if path in sys.path:
        sys.path.remove(path)
    sys.path.insert(0, path)
for name in list(sys.modules):
    if name == "triton" or name.startswith("triton."):
        del sys.modules[name]

from trident.triton import _targets  # noqa: E402


class Targets(unittest.TestCase):

    def test_parse(self):
        self.assertEqual(_targets.parse_target("cpu").trident, "cpu")
        self.assertEqual(_targets.parse_target(" CPU ").trident, "cpu")
        self.assertEqual(_targets.parse_target("nvidia:sm_90").trident,
                         "nvidia:sm_90")
        self.assertEqual(_targets.parse_target("nvidia:sm_90a").trident,
                         "nvidia:sm_90a")
        self.assertEqual(_targets.parse_target("cuda:80").trident,
                         "nvidia:sm_80")
        self.assertEqual(_targets.parse_target("nvidia:90").capability, 90)
        self.assertEqual(
            _targets.parse_target("nvidia", lambda: (9, 0)).trident,
            "nvidia:sm_90")
        self.assertEqual(_targets.parse_target("cuda", lambda: (8, 6))
                         .triton_backend, "cuda")
        self.assertEqual(_targets.parse_target("cpu").registry_name, "cpu")

    def test_parse_errors(self):
        for bad, words in (("", "non-empty"), ("rocm", "unknown"),
                           ("cpu:x86", "no architecture"),
                           ("nvidia:sm_x", "sm_NN"), ("nvidia", "capability"),
                           ("xpu", "Intel"), (None, "non-empty")):
            with self.assertRaises(_targets.TargetError) as caught:
                _targets.parse_target(bad)
            self.assertIn(words, str(caught.exception))

    def test_compile_mode(self):
        self.assertEqual(_targets.compile_mode({}), "subprocess")
        self.assertEqual(_targets.compile_mode(
            {"TRIDENT_TRITON_COMPILE": "InProcess"}), "inprocess")
        with self.assertRaises(_targets.TargetError) as caught:
            _targets.compile_mode({"TRIDENT_TRITON_COMPILE": "fork"})
        self.assertIn("TRIDENT_TRITON_COMPILE", str(caught.exception))

    def test_extra_options(self):
        self.assertEqual(_targets.extra_options({}), ())
        self.assertEqual(_targets.extra_options(
            {"TRIDENT_TRITON_OPTS": "b=2, a=1,"}), (("a", "1"), ("b", "2")))
        with self.assertRaises(_targets.TargetError):
            _targets.extra_options({"TRIDENT_TRITON_OPTS": "novalue"})

    def test_signature_type(self):
        self.assertEqual(_targets.signature_type("(*fp32,(i32,constexpr))"),
                         ("*fp32", ("i32", "constexpr")))
        self.assertEqual(_targets.signature_type(["*fp16", "i64"]),
                         ("*fp16", "i64"))

    def test_argument_plan(self):
        plan = _targets.runtime_argument_plan(
            ["*fp32", "i32", "constexpr", "(*fp32,constexpr,i32)", "i64"],
            [(4,)])
        self.assertEqual(plan, ((0,), (1,), (3, 0), (3, 2)))
        # A host-side TensorDescriptor is its parts, as the kernel's
        # parameters of it are (tt-rewrite-tensor-descriptors).
        plan = _targets.runtime_argument_plan(
            ["*fp32", "tensordesc<fp16[64, 32]>", "i32"])
        parts = ((1, "base"), (1, "shape0"), (1, "shape1"), (1, "stride0"),
                 (1, "stride1"), (1, "pad_nan"))
        # Triton's frontend follows the descriptor with its shape and
        # strides as parameters of their own.
        self.assertEqual(plan, ((0,),) + parts + (
            (1, "shape0"), (1, "shape1"), (1, "stride0"), (1, "stride1"),
            (2,)))
        plan = _targets.runtime_argument_plan(
            ["*fp32", "tensordesc<fp16[64, 32]>", "i32"],
            frontend_shapes=False)
        self.assertEqual(plan, ((0,),) + parts + ((2,),))
        with self.assertRaises(_targets.TargetError) as caught:
            _targets.runtime_argument_plan(["nvTmaDesc"])
        self.assertIn("opaque TMA descriptor", str(caught.exception))

    def test_launcher_expands_descriptors(self):
        import types
        from trident.triton._driver import Launcher
        src = types.SimpleNamespace(
            signature={"desc": "tensordesc<fp32[16, 16]>", "out": "*fp32",
                       "row": "i32", "BLOCK": "constexpr"},
            constants={"BLOCK": 16},
            fn=types.SimpleNamespace(arg_names=["desc", "out", "row",
                                                "BLOCK"]))
        desc = types.SimpleNamespace(base="base", shape=[20, 16],
                                     strides=[16, 1], padding="zero")
        # The compiled kernel's parameter count (metadata) says whether the
        # frontend's shape and stride parameters follow the parts.
        launcher = Launcher(src, types.SimpleNamespace(
            target=None, trident_num_params=12))
        self.assertFalse(launcher.flat)
        self.assertEqual(launcher._arguments((desc, "out", 8, 16)),
                         ["base", 20, 16, 16, 1, False, 20, 16, 16, 1, "out",
                          8])
        launcher = Launcher(src, types.SimpleNamespace(
            target=None, trident_num_params=8))
        self.assertEqual(launcher._arguments((desc, "out", 8, 16)),
                         ["base", 20, 16, 16, 1, False, "out", 8])

    def test_descriptor_parts(self):
        import types
        desc = types.SimpleNamespace(base="tensor", shape=[64, 48],
                                     strides=[48, 1], block_shape=[16, 16],
                                     padding="nan")
        parts = [_targets.descriptor_part(desc, p) for p in
                 ("base", "shape0", "shape1", "stride0", "stride1", "pad_nan")]
        self.assertEqual(parts, ["tensor", 64, 48, 48, 1, True])
        desc.padding = "zero"
        self.assertFalse(_targets.descriptor_part(desc, "pad_nan"))
        with self.assertRaises(_targets.TargetError) as caught:
            _targets.descriptor_part(object(), "shape0")
        self.assertIn("TensorDescriptor", str(caught.exception))


class EntryPoint(unittest.TestCase):

    def test_discoverable_from_source_tree(self):
        from importlib.metadata import distributions, entry_points
        found = [(ep.name, ep.value) for ep in
                 entry_points().select(group="triton.backends")]
        self.assertIn(("cpu", "trident.triton.cpu"), found)
        names = [d.metadata["Name"] for d in distributions(path=[PYTHON])]
        self.assertIn("trident", names)

    def test_modules_hold_one_concrete_class_each(self):
        # What Triton's _find_concrete_subclasses requires, checked by name
        # (the classes themselves need Triton's base classes).
        import ast
        for sub in ("cpu", "nvidia"):
            for module in ("compiler", "driver"):
                path = os.path.join(PYTHON, "trident", "triton", sub,
                                    module + ".py")
                with open(path) as f:
                    tree = ast.parse(f.read())
                imported = [alias.asname or alias.name
                            for node in tree.body
                            if isinstance(node, ast.ImportFrom)
                            for alias in node.names]
                self.assertEqual(len(imported), 1, path)

    def test_versions_agree(self):
        import re
        with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
            version = re.search(r"project\(Trident VERSION ([0-9.]+)",
                                f.read()).group(1)
        info = os.path.join(PYTHON, "trident-%s.dist-info" % version)
        self.assertTrue(os.path.isdir(info), "the dist-info is named after "
                        "the CMake project version %s" % version)
        with open(os.path.join(info, "METADATA")) as f:
            self.assertIn("Version: %s\n" % version, f.read())

    def test_pyproject_declares_it(self):
        path = os.path.join(PYTHON, "pyproject.toml")
        if not os.path.exists(path):
            self.skipTest("python/pyproject.toml is not in this tree")
        try:
            import tomllib
        except ImportError:
            self.skipTest("tomllib needs Python 3.11")
        with open(path, "rb") as f:
            project = tomllib.load(f)["project"]
        self.assertEqual(
            project["entry-points"]["triton.backends"]["cpu"],
            "trident.triton.cpu")


def _stub_torch():
    """A torch that reports one sm_90 GPU, for activating the nvidia target
    where torch is not installed (nothing is launched)."""
    import types
    torch = types.ModuleType("torch")
    cuda = types.SimpleNamespace(
        is_available=lambda: True, current_device=lambda: 0,
        get_device_capability=lambda device=None: (9, 0),
        set_device=lambda device: None)
    torch.cuda = cuda
    torch.version = types.SimpleNamespace(hip=None)
    torch._C = types.SimpleNamespace(
        _cuda_getCurrentRawStream=lambda index: 1234)
    torch.device = lambda *args: ("device",) + args
    return torch


class FakeTritonActivation(unittest.TestCase):
    """activate/deactivate against the stand-in Triton; no libraries."""

    def setUp(self):
        self.triton = importlib.import_module("triton")
        self.saved_torch = sys.modules.get("torch")
        try:
            import torch  # noqa: F401
        except ImportError:
            sys.modules["torch"] = _stub_torch()

    def tearDown(self):
        import trident.triton
        trident.triton.deactivate()
        if self.saved_torch is None:
            sys.modules.pop("torch", None)

    def test_nvidia_replaces_the_registry_entry(self):
        import torch
        if not torch.cuda.is_available():
            self.skipTest("torch sees no CUDA device")
        import trident.triton
        from triton.backends import backends
        from triton.backends.compiler import GPUTarget
        from triton.compiler import make_backend
        from triton.runtime.driver import driver
        native = backends["nvidia"]
        native_driver = type(driver.default)
        self.assertEqual(trident.triton.activate("nvidia:sm_90"),
                         "nvidia:sm_90")
        self.assertEqual(type(driver.active).__name__, "CudaDriver")
        self.assertTrue(type(driver.active).__module__.startswith("trident"))
        backend = make_backend(GPUTarget("cuda", 90, 32))
        self.assertEqual(type(backend).__name__, "CudaBackend")
        self.assertEqual(backend.trident_target.trident, "nvidia:sm_90")
        self.assertEqual(driver.active.get_current_target(),
                         GPUTarget("cuda", 90, 32))
        key = driver.active.get_current_device()
        self.assertNotEqual(key, 0)
        # Switching to cpu puts Triton's nvidia entry back.
        trident.triton.activate("cpu")
        self.assertIs(backends["nvidia"], native)
        trident.triton.activate("cuda:90")
        trident.triton.deactivate()
        self.assertIs(backends["nvidia"], native)
        self.assertIs(type(driver.active), native_driver)
        self.assertIsNone(trident.triton.active_target())

    def test_scoped_target_restores_the_previous_one(self):
        import trident.triton
        trident.triton.activate("cpu")
        with trident.triton.target("cpu"):
            self.assertEqual(trident.triton.active_target(), "cpu")
        self.assertEqual(trident.triton.active_target(), "cpu")

    def test_unknown_target_changes_nothing(self):
        import trident.triton
        from triton.runtime.driver import driver
        before = driver.active
        with self.assertRaises(trident.triton.TargetError):
            trident.triton.activate("rocm")
        self.assertIs(driver.active, before)

    def test_cpu_entry_installed_when_not_discovered(self):
        import trident.triton
        from triton.backends import backends
        saved = backends.pop("cpu")
        try:
            trident.triton.activate("cpu")
            self.assertEqual(backends["cpu"].compiler.__name__, "CpuBackend")
            trident.triton.deactivate()
            self.assertNotIn("cpu", backends)
        finally:
            backends["cpu"] = saved


def _have_trident_libraries():
    try:
        import numpy  # noqa: F401
        import trident
        trident.version()
        return None
    except Exception as error:  # missing package, libraries or numpy
        return str(error) or type(error).__name__


class FakeTriton(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        reason = _have_trident_libraries()
        if reason:
            raise unittest.SkipTest("Trident's Python package or libraries "
                                    "are not usable: %s" % reason)
        cls.triton = importlib.import_module("triton")
        assert cls.triton.__version__.endswith("+fake"), cls.triton.__file__
        with open(os.path.join(ROOT, "test", "kernels", "vadd.ttir")) as f:
            cls.vadd = f.read()

    def tearDown(self):
        import trident.triton
        trident.triton.deactivate()

    def _source(self):
        from triton.compiler import ASTSource
        return ASTSource("vadd_kernel", self.vadd,
                         {"x_ptr": "*fp32", "y_ptr": "*fp32",
                          "out_ptr": "*fp32", "n": "i32",
                          "BLOCK": "constexpr"}, {"BLOCK": 256})

    def test_discovery(self):
        from triton.backends import backends
        from trident.triton.cpu.compiler import CpuBackend
        from trident.triton.cpu.driver import HostDriver
        self.assertIs(backends["cpu"].compiler, CpuBackend)
        self.assertIs(backends["cpu"].driver, HostDriver)

    def _run_vadd(self, mode):
        import numpy as np
        import trident.triton
        from triton.compiler import compile
        from triton.runtime.driver import driver
        os.environ["TRIDENT_TRITON_COMPILE"] = mode
        try:
            self.assertEqual(trident.triton.activate("cpu"), "cpu")
            self.assertEqual(trident.triton.active_target(), "cpu")
            target = driver.active.get_current_target()
            self.assertEqual(target.backend, "cpu")
            kernel = compile(self._source())
        finally:
            del os.environ["TRIDENT_TRITON_COMPILE"]
        self.assertEqual(kernel.name, "vadd_kernel")
        self.assertEqual(kernel.metadata.trident_target, "cpu")
        self.assertGreater(len(kernel.asm["tkb"]), 0)
        # Trident's IR stages are Triton stages too, with their text.
        self.assertIn("linalg.generic", kernel.asm["linalg"])
        self.assertIn("define void @vadd_kernel", kernel.asm["llir"])
        n = 1000
        x = np.random.rand(n).astype(np.float32)
        y = np.random.rand(n).astype(np.float32)
        out = np.zeros(n, dtype=np.float32)
        # Triton passes every argument, the constexpr BLOCK included.
        kernel[((n + 255) // 256, 1, 1)](x, y, out, n, 256)
        np.testing.assert_array_equal(out, x + y)
        # The launcher the JIT calls, with the launch hooks around the
        # launch; the native one where it can be built.
        from trident import _native
        if _native.module() is not None:
            self.assertEqual(type(kernel.run).__name__, "TritonLaunch")
        events = []
        out[:] = 0
        kernel.run((n + 255) // 256, 1, 1, 0, kernel.function,
                   kernel.packed_metadata, "metadata",
                   lambda m: events.append(("enter", m)),
                   lambda m: events.append(("exit", m)), x, y, out, n, 256)
        self.assertEqual(events, [("enter", "metadata"), ("exit", "metadata")])
        np.testing.assert_array_equal(out, x + y)
        # A hook that drops the kernel's launch state while the launcher
        # holds it: the launch still runs (the native launcher keeps its
        # own reference), and the next one builds the state again.
        function = kernel.function

        def drop(_):
            function._launch = None
            function._launcher = None

        out[:] = 0
        kernel.run((n + 255) // 256, 1, 1, 0, function, kernel.packed_metadata,
                   None, drop, None, x, y, out, n, 256)
        np.testing.assert_array_equal(out, x + y)
        out[:] = 0
        kernel.run((n + 255) // 256, 1, 1, 0, function, kernel.packed_metadata,
                   None, None, None, x, y, out, n, 256)
        np.testing.assert_array_equal(out, x + y)
        # An empty grid runs the hooks and nothing else.
        out[:] = 0
        kernel.run(0, 1, 1, 0, kernel.function, kernel.packed_metadata, "m",
                   None, lambda m: events.append(("exit", m)), x, y, out, n,
                   256)
        self.assertEqual(events[-1], ("exit", "m"))
        self.assertFalse(out.any())
        return kernel

    def test_vadd_subprocess(self):
        self._run_vadd("subprocess")

    def test_dump_writes_the_source(self):
        with tempfile.TemporaryDirectory() as directory:
            os.environ["TRIDENT_TRITON_DUMP"] = directory
            try:
                self._run_vadd("inprocess")
            finally:
                del os.environ["TRIDENT_TRITON_DUMP"]
            names = os.listdir(directory)
            self.assertEqual(len(names), 1, names)
            self.assertRegex(names[0], r"^vadd_kernel\.cpu\.w4s.*\.ttir$")
            with open(os.path.join(directory, names[0])) as f:
                self.assertEqual(f.read(), self.vadd)
            # A path that cannot be a directory is an error that names it.
            blocker = os.path.join(directory, "file")
            with open(blocker, "w"):
                pass
            os.environ["TRIDENT_TRITON_DUMP"] = blocker
            try:
                with self.assertRaises(Exception) as caught:
                    self._run_vadd("inprocess")
            finally:
                del os.environ["TRIDENT_TRITON_DUMP"]
            self.assertIn("TRIDENT_TRITON_DUMP: cannot write", str(caught.exception))

    def test_vadd_inprocess(self):
        kernel = self._run_vadd("inprocess")
        self.assertEqual(kernel.packed_metadata[0],
                         kernel.metadata.num_warps)

    def test_interrupted_compile_leaves_no_stale_reply(self):
        # A test timeout's exception (or ^C) while the server works: its
        # reply must not become the next request's, which would run the
        # interrupted kernel in place of the next one.
        from trident.triton import _compile
        with open(os.path.join(ROOT, "test", "kernels", "softmax.ttir")) as f:
            softmax = f.read()
        original = _compile.read_message

        def interrupted(stream):
            _compile.read_message = original
            raise KeyboardInterrupt

        _compile.read_message = interrupted
        try:
            with self.assertRaises(KeyboardInterrupt):
                _compile.compile_ttir(self.vadd, "cpu", mode="subprocess")
        finally:
            _compile.read_message = original
        result = _compile.compile_ttir(softmax, "cpu", mode="subprocess")
        self.assertEqual(result.name, "softmax_kernel")

    def test_server_leaves_quietly_when_its_client_is_gone(self):
        # A timeout kills the client while the server compiles: writing the
        # reply then finds no reader, which is an exit, not a traceback.
        import subprocess
        import sys
        from trident.triton import _compile
        server = subprocess.Popen(
            [sys.executable, "-m", "trident.triton._server"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        server.stdout.close()
        _compile.write_message(server.stdin, {"op": "version"})
        server.stdin.close()
        self.assertEqual(server.wait(timeout=60), 0)
        errors = server.stderr.read().decode()
        server.stderr.close()
        self.assertNotIn("Traceback", errors)

    def test_compile_error_is_one_message(self):
        import trident
        import trident.triton
        from triton.compiler import ASTSource, compile
        trident.triton.activate("cpu")
        bad = ASTSource("bad", "module {\n  tt.func @bad( {\n}\n", {}, {})
        for mode in ("subprocess", "inprocess"):
            os.environ["TRIDENT_TRITON_COMPILE"] = mode
            try:
                with self.assertRaises(trident.TridentError) as caught:
                    compile(bad)
            finally:
                del os.environ["TRIDENT_TRITON_COMPILE"]
            self.assertIn("<source>" if mode else "", str(caught.exception))

    def test_deactivate_restores_triton(self):
        import trident.triton
        from triton.runtime.driver import driver
        native = type(driver.active)
        with trident.triton.target("cpu") as name:
            self.assertEqual(name, "cpu")
            self.assertEqual(type(driver.active).__name__, "HostDriver")
        self.assertIs(type(driver.active), native)
        self.assertIsNone(trident.triton.active_target())

    def test_device_key_is_not_the_native_device(self):
        import trident.triton
        from triton.runtime.driver import driver
        trident.triton.activate("cpu")
        key = driver.active.get_current_device()
        self.assertEqual(int(key), 0)
        self.assertNotEqual(key, 0)
        self.assertNotEqual(0, key)
        # One key per device: the JIT's look-ups match it by identity.
        self.assertIs(driver.active.get_current_device(), key)
        cache = {0: "triton"}
        self.assertNotIn(key, cache)
        cache[key] = "trident"
        self.assertEqual((cache[0], cache[key]), ("triton", "trident"))

    def test_backend_hash_names_trident(self):
        import trident.triton
        from triton.compiler import make_backend
        from triton.backends.compiler import GPUTarget
        trident.triton.activate("cpu")
        backend = make_backend(GPUTarget("cpu", "", 32))
        self.assertIn("trident-triton", backend.hash())
        self.assertIn(":cpu:", backend.hash())
        options = backend.parse_options({"num_warps": 8, "unknown": 1})
        self.assertEqual(options.num_warps, 8)
        self.assertFalse(hasattr(options, "unknown"))

    def test_cpu_accepts_other_vendors_tuning_hints(self):
        # Tutorial 03 gives every non-CUDA target AMD's configs; the JIT
        # refuses keywords the options lack.
        import trident.triton
        from triton.compiler import make_backend
        from triton.backends.compiler import GPUTarget
        trident.triton.activate("cpu")
        backend = make_backend(GPUTarget("cpu", "", 32))
        plain = backend.parse_options({"num_warps": 8})
        hinted = backend.parse_options({"num_warps": 8,
                                        "matrix_instr_nonkdim": 16})
        self.assertEqual(hinted.num_warps, 8)
        self.assertEqual(hinted.matrix_instr_nonkdim, 16)
        self.assertEqual(plain.matrix_instr_nonkdim, 0)
        self.assertEqual(plain.kpack, 1)
        self.assertNotEqual(plain.hash(), hinted.hash())

    def test_cpu_program_takes_a_whole_core(self):
        # Tutorial 02 sizes its persistent grid as (registers per SM over
        # the program's) and (shared memory per SM over the program's):
        # one program per core on cpu, and no division by zero.
        from triton.runtime.driver import driver
        kernel = self._run_vadd("subprocess")
        props = driver.active.utils.get_device_properties(0)
        _, _, n_regs, _, _ = driver.active.utils.load_binary(
            kernel.name, kernel.asm["tkb"], kernel.metadata.shared, 0)
        warps = kernel.metadata.num_warps
        self.assertEqual(props["max_num_regs"] //
                         (n_regs * props["warpSize"] * warps), 1)
        self.assertEqual(props["max_shared_mem"] // kernel.metadata.shared, 1)
        # One "SM" per thread of the cpu runtime's pool.
        os.environ["TRIDENT_CPU_THREADS"] = "3"
        try:
            props = driver.active.utils.get_device_properties(0)
        finally:
            del os.environ["TRIDENT_CPU_THREADS"]
        self.assertEqual(props["multiprocessor_count"], 3)


if __name__ == "__main__":
    unittest.main()
