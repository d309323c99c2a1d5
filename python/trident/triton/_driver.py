"""The Triton driver (a triton.backends.driver.DriverBase) that loads and
launches Trident bundles.

Triton's JIT asks the active driver for the current target, device and
stream, builds one launcher per compiled kernel with
`driver.launcher_cls(src, metadata)`, loads the binary with
`driver.utils.load_binary(name, binary, shared, device)`, and calls the
launcher as

    launcher(gridX, gridY, gridZ, stream, function, packed_metadata,
             launch_metadata, launch_enter_hook, launch_exit_hook, *args)

with every Python argument of the kernel, constexprs included. Here
`function` is the trident.Kernel load_binary made, and the launcher passes
the arguments the TTIR function takes to Kernel.launch on Triton's stream.

Devices: the JIT keeps its compiled kernels per `get_current_device()`.
Triton's own CUDA driver returns the int device index; this driver returns
a DeviceKey, an int of the same value that compares equal only to a
DeviceKey of the same Trident target, so kernels compiled by Triton's
backend and by Trident never replace each other in the JIT's cache.
"""

import operator
import time

from triton.backends.driver import DriverBase

try:
    from triton.backends.compiler import GPUTarget
except ImportError:  # pragma: no cover
    GPUTarget = None

from . import _state, _targets


class DeviceKey(int):
    """A device index that also names the Trident target (see above)."""

    def __new__(cls, index, target):
        key = int.__new__(cls, index)
        key.target = target
        return key

    def __eq__(self, other):
        return (isinstance(other, DeviceKey) and int(self) == int(other)
                and self.target == other.target)

    def __ne__(self, other):
        return not self.__eq__(other)

    # The int's own hash: equal keys hash alike, and a key that shares its
    # hash with the plain index still differs from it through __eq__. The
    # drivers hand out one key per device, so the JIT's per-launch cache
    # look-up matches it by identity without calling back into Python.
    __hash__ = int.__hash__

    def __repr__(self):
        return "DeviceKey(%d, %r)" % (int(self), self.target)

    def __reduce__(self):
        return (DeviceKey, (int(self), self.target))


class Launcher:
    """Calls Kernel.launch with the arguments the compiled kernel takes."""

    def __init__(self, src, metadata):
        signature = getattr(src, "signature", {}) or {}
        keys = list(signature.keys())
        if keys and all(isinstance(k, int) for k in keys):
            keys.sort()
        types = [signature[k] for k in keys]
        fn = getattr(src, "fn", None)
        arg_names = list(getattr(fn, "arg_names", []) or [])
        paths = []
        for key in (getattr(src, "constants", {}) or {}):
            if isinstance(key, str):
                if key in arg_names:
                    paths.append((arg_names.index(key),))
            elif isinstance(key, int):
                paths.append((key,))
            else:
                paths.append(tuple(key))
        self.num_params = len(types)
        self.plan = _targets.runtime_argument_plan(types, paths)
        # A descriptor parameter is followed by its shape and strides where
        # the TTIR came from Triton's frontend; the compiled kernel's
        # parameter count says whether they are there.
        count = getattr(metadata, "trident_num_params", None)
        if count is not None and len(self.plan) != count:
            self.plan = _targets.runtime_argument_plan(
                types, paths, frontend_shapes=False)
        self.flat = all(len(path) == 1 for path in self.plan)
        self.indices = tuple(path[0] for path in self.plan)
        # The common case, picked in C: one argument per plain parameter.
        self.pick = None
        if self.flat and len(self.indices) > 1:
            self.pick = operator.itemgetter(*self.indices)
        target = getattr(metadata, "target", None)
        self.cpu = getattr(target, "backend", "") == "cpu"

    def _arguments(self, args):
        if len(args) != self.num_params and len(args) == len(self.plan):
            return list(args)  # a caller that already left out constexprs
        if self.pick is not None:
            return self.pick(args)
        if self.flat:
            return [args[i] for i in self.indices]
        result = []
        for path in self.plan:
            value = args[path[0]]
            for step in path[1:]:
                value = _targets.descriptor_part(value, step) \
                    if isinstance(step, str) else value[step]
            result.append(value)
        return result

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata,
                 launch_metadata, launch_enter_hook, launch_exit_hook, *args):
        if self.pick is not None and len(args) == self.num_params:
            kernel_args = self.pick(args)
        else:
            kernel_args = self._arguments(args)
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        if gridX * gridY * gridZ > 0:
            # The kernel's generated launch function itself (Kernel.launch
            # without its frame): this runs on every @triton.jit call.
            launch = function._launch or function._make_launcher().launch
            launch((gridX, gridY, gridZ), kernel_args,
                   None if self.cpu else stream)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)


def make_launcher(src, metadata):
    """`driver.launcher_cls`: the launcher of one compiled kernel. The
    native one (trident/_native_launch.c) when it can be built and the
    kernel's arguments are plain; it hands every case it does not take to
    the Python Launcher, whole."""
    launcher = Launcher(src, metadata)
    from .. import _native
    native = _native.module()
    if native is None or not launcher.flat or \
            len(launcher.indices) > native.MAX_ARGS:
        return launcher
    return native.TritonLaunch(launcher.indices, launcher.num_params,
                               launcher)


_CUDA = None


def _libcuda():
    global _CUDA
    if _CUDA is None:
        import ctypes
        try:
            _CUDA = ctypes.CDLL("libcuda.so.1")
        except OSError:
            _CUDA = False
    return _CUDA


def cuda_function_attributes(cubin, name):
    """(registers per thread, spilled 32-bit words per thread, the most
    threads per block) of kernel `name` in `cubin`, as Triton's CUDA driver
    reports them from load_binary; None when they cannot be read (no
    libcuda, no current context, not a cubin). The module is loaded in the
    current context only to read them."""
    import ctypes
    cuda = _libcuda()
    if not cuda or not cubin:
        return None
    context = ctypes.c_void_p()
    if cuda.cuCtxGetCurrent(ctypes.byref(context)) != 0 or not context.value:
        return None
    module = ctypes.c_void_p()
    image = ctypes.create_string_buffer(bytes(cubin), len(cubin))
    if cuda.cuModuleLoadData(ctypes.byref(module), image) != 0:
        return None
    try:
        function = ctypes.c_void_p()
        if cuda.cuModuleGetFunction(ctypes.byref(function), module,
                                    name.encode()) != 0:
            return None
        values = []
        # CU_FUNC_ATTRIBUTE_NUM_REGS, _LOCAL_SIZE_BYTES,
        # _MAX_THREADS_PER_BLOCK
        for attribute in (4, 3, 0):
            value = ctypes.c_int()
            if cuda.cuFuncGetAttribute(ctypes.byref(value), attribute,
                                       function) != 0:
                return None
            values.append(value.value)
        return values[0], values[1] // 4, values[2]
    finally:
        cuda.cuModuleUnload(module)


class Utils:
    """`driver.utils`: loading binaries and describing the device."""

    def __init__(self, driver):
        self._driver = driver

    def load_binary(self, name, kernel, shared, device):
        import trident
        loaded = trident.Kernel.from_bytes(kernel)
        n_regs, n_spills, max_threads = 0, 0, self._driver.max_threads()
        if self._driver.kind == "cpu":
            # The program takes the core's whole register file (see
            # CPU_CORE_REGISTERS): its threads' share of it.
            from ._backend import CPU_CORE_REGISTERS, CPU_WARP_SIZE
            n_regs = max(1, CPU_CORE_REGISTERS //
                         (loaded.num_warps * CPU_WARP_SIZE))
        if self._driver.kind == "nvidia":
            # Tutorials size their grids from n_regs (02-fused-softmax).
            attributes = cuda_function_attributes(loaded.binary, loaded.name)
            if attributes is not None:
                n_regs, n_spills, max_threads = attributes
        # (module, function, n_regs, n_spills, n_max_threads); the module
        # must not be None, Triton loads again while it is.
        return (loaded, loaded, n_regs, n_spills, max_threads)

    def get_device_properties(self, device=None):
        return self._driver.device_properties(device)

    def set_printf_fifo_size(self, size):
        # tl.device_print's buffer is the Trident runtime's own; accepted
        # so that code tuning it for Triton's CUDA driver runs unchanged.
        pass


class _HostEvent:
    """torch.cuda.Event's timing interface on the host clock."""

    def __init__(self, enable_timing=True):
        self.time = None

    def record(self, stream=None):
        self.time = time.perf_counter()

    def synchronize(self):
        pass

    def elapsed_time(self, end):
        return (end.time - self.time) * 1000.0


class HostDeviceInterface:
    """What triton.testing.do_bench asks of a device, for the host."""

    Event = _HostEvent

    @staticmethod
    def synchronize(device=None):
        pass

    @staticmethod
    def current_device():
        return 0

    @staticmethod
    def device_count():
        return 1

    @staticmethod
    def is_available():
        return True


_CPP_TYPES = {
    "i1": "int8_t", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t",
    "i64": "int64_t", "u1": "uint8_t", "u8": "uint8_t", "u16": "uint16_t",
    "u32": "uint32_t", "u64": "uint64_t", "fp16": "double", "bf16": "double",
    "fp32": "double", "f32": "double", "fp64": "double",
}


class TridentDriver(DriverBase):
    """Shared implementation; cpu/driver.py and nvidia/driver.py hold the
    concrete classes."""

    kind = None

    @classmethod
    def is_active(cls):
        # Never chosen by Triton's own discovery: activate(), torch
        # Inductor's set_driver_to_cpu() or the conformance plugin install
        # it with driver.set_active().
        return False

    def __init__(self, target=None):
        super().__init__()
        if target is None:
            target = self._default_target()
        self.target = _targets.parse_target(target)
        self.utils = Utils(self)
        self.launcher_cls = make_launcher
        self.binary_ext = "tkb"
        self._keys = {}

    def device_key(self, index):
        """The one DeviceKey of device `index` (see DeviceKey)."""
        key = self._keys.get(index)
        if key is None:
            key = self._keys[index] = DeviceKey(index, self.target.trident)
        return key

    def _default_target(self):
        raise NotImplementedError

    def __repr__(self):
        return "<trident.triton driver for %s>" % self.target.trident

    # What the JIT, the autotuner and triton.testing ask of a driver.
    def get_current_target(self):
        raise NotImplementedError

    def get_active_torch_device(self):
        raise NotImplementedError

    def get_current_device(self):
        raise NotImplementedError

    def set_current_device(self, device):
        pass

    def get_current_stream(self, device=None):
        return 0

    def get_device_interface(self):
        raise NotImplementedError

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        # Larger than the last-level cache, so clear_cache evicts the data.
        return torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int,
                           device=self.get_active_torch_device())

    def clear_cache(self, cache):
        cache.zero_()

    def map_python_to_cpp_type(self, ty):
        if ty.startswith("*"):
            return "void*"
        return _CPP_TYPES.get(ty, "int64_t")

    def assemble_tensormap_to_arg(self, tensormaps_info, args):
        return args

    def max_threads(self):
        raise NotImplementedError

    def device_properties(self, device):
        raise NotImplementedError


class HostDriver(TridentDriver):
    kind = "cpu"

    def __init__(self, target=None):
        super().__init__(target)
        # torch's CPU kernels (Inductor's extern matmuls, eager ops between
        # compiled graphs) run on its OpenMP team; the kernels launched here
        # run on that team too rather than on a second set of threads that
        # spins against it (trident._host_threads).
        from .._host_threads import share_torch_threads
        share_torch_threads()

    def _default_target(self):
        return "cpu"

    def get_current_target(self):
        return GPUTarget("cpu", "", 32)

    def get_active_torch_device(self):
        import torch
        return torch.device("cpu")

    def get_current_device(self):
        return self.device_key(0)

    def get_device_capability(self, device=None):
        return (0, 0)

    def get_device_interface(self):
        return HostDeviceInterface

    def get_empty_cache_for_benchmark(self):
        import torch
        return torch.empty(64 * 1024 * 1024 // 4, dtype=torch.int)

    def max_threads(self):
        return 1 << 30

    def device_properties(self, device):
        import os
        cores = len(os.sched_getaffinity(0)) if hasattr(
            os, "sched_getaffinity") else (os.cpu_count() or 1)
        # The runtime's pool size when TRIDENT_CPU_THREADS sets it (a value
        # the runtime refuses fails the launch, with its message).
        threads = os.environ.get("TRIDENT_CPU_THREADS", "")
        if threads.isdigit() and 1 <= int(threads) <= 1024:
            cores = int(threads)
        from ._backend import (CPU_CORE_REGISTERS, CPU_CORE_SHARED_BYTES,
                               CPU_WARP_SIZE)
        return {"max_shared_mem": CPU_CORE_SHARED_BYTES,
                "multiprocessor_count": cores,
                "max_num_regs": CPU_CORE_REGISTERS, "warpSize": CPU_WARP_SIZE,
                "sm_clock_rate": 0, "mem_clock_rate": 0, "mem_bus_width": 0}


class CudaDriver(TridentDriver):
    kind = "nvidia"

    @classmethod
    def is_active(cls):
        # In the registry only while activate() put it there in place of
        # Triton's CUDA driver; it is the GPU driver then.
        try:
            import torch
            return torch.cuda.is_available() and torch.version.hip is None
        except ImportError:
            return False

    def __init__(self, target=None):
        super().__init__(target)
        import torch
        self._torch = torch
        try:
            from torch._C import _cuda_getCurrentRawStream
            self._raw_stream = _cuda_getCurrentRawStream
        except ImportError:
            self._raw_stream = (
                lambda index: torch.cuda.current_stream(index).cuda_stream)
        # torch.cuda.current_device() without its Python frame, once CUDA is
        # initialised (the JIT asks on every launch).
        if hasattr(torch.cuda, "init"):
            torch.cuda.init()
        self._device_index = getattr(torch._C, "_cuda_getDevice",
                                     torch.cuda.current_device)

    def _default_target(self):
        active = _state.active_target()
        if active is not None and active.kind == "nvidia":
            return active
        import torch
        return _targets.parse_target("nvidia",
                                     torch.cuda.get_device_capability)

    def get_current_target(self):
        major, minor = self._torch.cuda.get_device_capability(
            self._torch.cuda.current_device())
        return GPUTarget("cuda", major * 10 + minor, 32)

    def get_active_torch_device(self):
        return self._torch.device("cuda", self._torch.cuda.current_device())

    def get_current_device(self):
        index = self._device_index()
        key = self._keys.get(index)
        return key if key is not None else self.device_key(index)

    def set_current_device(self, device):
        self._torch.cuda.set_device(int(device))

    def get_current_stream(self, device=None):
        return self._raw_stream(self._device_index()
                                if device is None else device)

    def get_device_capability(self, device=None):
        if device is None:
            device = self._torch.cuda.current_device()
        return self._torch.cuda.get_device_capability(int(device))

    def get_device_interface(self):
        return self._torch.cuda

    def max_threads(self):
        return 1024

    def device_properties(self, device):
        torch = self._torch
        if device is None:
            device = torch.cuda.current_device()
        props = torch.cuda.get_device_properties(int(device))
        shared = getattr(props, "shared_memory_per_block_optin", 0) or 232448
        return {
            "max_shared_mem": int(shared),
            "multiprocessor_count": int(props.multi_processor_count),
            "max_num_regs": int(getattr(props, "regs_per_multiprocessor",
                                        65536)),
            "warpSize": int(getattr(props, "warp_size", 32)),
            "sm_clock_rate": int(getattr(props, "clock_rate", 0)),
            "mem_clock_rate": int(getattr(props, "memory_clock_rate", 0)),
            "mem_bus_width": int(getattr(props, "memory_bus_width", 0)),
        }
