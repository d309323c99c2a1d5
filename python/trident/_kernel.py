"""trident.Kernel: a compiled bundle, its signature, and launching it."""

import ctypes
import os
import sys
import threading
from collections import namedtuple

from . import _args, _launch, _lib, _native, _runtime
from ._errors import TridentError

Parameter = namedtuple("Parameter",
                       "name kind element_type divisibility")
Parameter.__doc__ = """One kernel parameter: its source name ("" when the
bundle does not record it), its kind ("pointer", "i32", "f32", ...), a
pointer's pointee type ("f32", "bf16"; "" for a scalar) and its
tt.divisibility (0 when none)."""


def _text(value):
    return value.decode("utf-8", "replace") if value else ""


class _Launcher:
    """What one Kernel needs per launch on one device, built once: the
    loaded kernel, the runtime's launch function, the TridentArg array and
    one converter per parameter."""

    __slots__ = ("runtime", "handle", "fn", "writer", "grid", "grid_view",
                 "grid_address", "args_address", "count", "converters",
                 "lock", "stream_fn", "kernel_name", "device", "placement",
                 "launch", "__weakref__")

    def __init__(self, kernel, device):
        runtime = _runtime.runtime_for(kernel.target_kind)
        if not runtime.has_launch_on_stream:
            raise TridentError(
                "runtime library '%s' predates launch_on_stream (raw "
                "addresses of caller-owned buffers); rebuild Trident" %
                runtime.path)
        image = _lib.runtime_lib().getKernelImage(kernel._handle)
        out = ctypes.c_void_p()
        runtime.check(
            runtime.api.load_kernel(runtime.device(device), image,
                                    ctypes.byref(out)),
            "cannot load kernel '%s'" % kernel.name)
        self.runtime = runtime
        self.device = device
        self.handle = out.value
        self.fn = runtime.launch_on_stream
        self.kernel_name = kernel.name
        self.count = len(kernel.signature)
        self.writer = _args.ArgWriter(self.count)
        self.args_address = self.writer.address
        self.grid = (ctypes.c_uint32 * 3)()
        self.grid_view = memoryview(self.grid).cast("B").cast("I")
        self.grid_address = ctypes.addressof(self.grid)
        placement = _args.Placement(kernel.target_kind)
        self.placement = placement
        converters = []
        for index, param in enumerate(kernel.signature):
            which = "argument %d%s of kernel '%s'" % (
                index + 1, " ('%s')" % param.name if param.name else "",
                kernel.name)
            converters.append(_args.make_converter(
                self.writer, index, kernel._arg_kinds[index],
                param.element_type, which, placement))
        self.converters = tuple(converters)
        self.lock = threading.Lock()
        # A cuda launch without a stream goes on torch's current stream when
        # torch is in use (the stream its tensors' producers ran on).
        self.stream_fn = _torch_stream if kernel.target_kind == "nvidia" \
            else None
        # The native launcher when it can be built (_native), which defers
        # to the generated Python function for everything it does not take.
        self.launch = _native.launch_for(
            self, kernel, _launch.build_launch(self, kernel, _args._ndarray))

    def release(self):
        if self.handle:
            self.runtime.api.unload_kernel(self.handle)
            self.handle = None


def _torch_stream():
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_initialized():
        return None
    # 0 is the legacy default stream: see _launch (it is passed by name).
    return torch.cuda.current_stream().cuda_stream or _launch._CU_STREAM_LEGACY


def _default_device(kind):
    """The device a kernel is loaded on: torch's current cuda device for
    nvidia when torch has initialized cuda (its tensors live there), else
    device 0."""
    if kind == "nvidia":
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_initialized():
            return torch.cuda.current_device()
    return 0


class _Bound:
    """``kernel[grid]``: calling it launches."""

    __slots__ = ("kernel", "grid")

    def __init__(self, kernel, grid):
        self.kernel = kernel
        self.grid = grid

    def __call__(self, *args, stream=None):
        kernel = self.kernel
        (kernel._launch or kernel._make_launcher().launch)(self.grid, args,
                                                           stream)


class Kernel:
    """A compiled kernel: the bytes of a .tkb bundle and what they say.

    Made by trident.compile(), trident.load() or Kernel.from_bytes(). Launch
    it with ``kernel[grid](*args)`` or ``kernel.launch(grid, args, stream)``;
    it is loaded on the target's device on first launch.
    """

    def __init__(self, data, _handle=None):
        # Use Kernel.from_bytes(); this takes the parsed handle when given.
        self._handle = None
        self._launcher = None
        self._launch = None  # the launcher's launch function, once built
        self._launcher_lock = threading.Lock()
        lib = _lib.runtime_lib()
        self._lib = lib
        data = bytes(data)
        if _handle is None:
            handle = ctypes.c_void_p()
            error = ctypes.c_void_p()
            if lib.parse(data, len(data), ctypes.byref(handle),
                         ctypes.byref(error)):
                raise TridentError(lib.take_error(
                    error.value, "not a Trident kernel bundle"))
            _handle = handle.value
        self._handle = _handle
        self._bundle = data
        h = _handle
        self.name = _text(lib.getKernelName(h))
        self.target = _text(lib.getTarget(h))
        self.target_kind = self.target.split(":", 1)[0]
        self.arch = _text(lib.getArch(h))
        self.compiler_version = _text(lib.getCompilerVersion(h))
        self.num_warps = lib.getNumWarps(h)
        self.threads_per_warp = lib.getThreadsPerWarp(h)
        self.num_ctas = lib.getNumCtas(h)
        self.shared_bytes = lib.getSharedBytes(h)
        kinds = []
        signature = []
        for index in range(lib.getNumArgs(h)):
            kind = lib.getArgKind(h, index)
            kinds.append(kind)
            signature.append(Parameter(
                _text(lib.getArgName(h, index)),
                _lib.ARG_KIND_NAMES.get(kind, "unknown"),
                _text(lib.getArgElementType(h, index)),
                lib.getArgDivisibility(h, index)))
        self._arg_kinds = tuple(kinds)
        self.signature = tuple(signature)
        #: Notes of the compiler, one per line ("" when none).
        self.notes = ""
        #: Whether compile() found the bundle in its cache.
        self.from_cache = False

    @classmethod
    def from_bytes(cls, data):
        """The kernel of a bundle's bytes (a .tkb file's contents)."""
        return cls(data)

    @property
    def bundle(self):
        """The bundle's bytes, as Kernel.save writes them."""
        return self._bundle

    @property
    def binary(self):
        """The target's binary inside the bundle (a cubin, a shared
        library, SPIR-V)."""
        size = ctypes.c_uint64()
        pointer = self._lib.getBinary(self._handle, ctypes.byref(size))
        return ctypes.string_at(pointer, size.value) if pointer else b""

    @property
    def stages(self):
        """The IR stages kept in the bundle (compile(keep_stages=True)), as
        {stage name: text}; empty otherwise."""
        lib = self._lib
        result = {}
        for index in range(lib.getNumStages(self._handle)):
            size = ctypes.c_uint64()
            pointer = lib.getStageText(self._handle, index, ctypes.byref(size))
            result[_text(lib.getStageName(self._handle, index))] = (
                ctypes.string_at(pointer, size.value).decode(
                    "utf-8", "replace") if pointer else "")
        return result

    def save(self, path):
        """Writes the bundle to `path` (a .tkb file, `trident run` reads it)."""
        try:
            with open(os.fspath(path), "wb") as f:
                f.write(self._bundle)
        except OSError as error:
            raise TridentError("cannot write '%s': %s" %
                               (os.fspath(path), error.strerror)) from None

    def __repr__(self):
        params = ", ".join(
            "%s: %s" % (p.name or "_",
                        "*" + p.element_type if p.kind == "pointer" else p.kind)
            for p in self.signature)
        return "<trident.Kernel %s(%s) for %s, %d warps>" % (
            self.name, params, self.target, self.num_warps)

    def __getitem__(self, grid):
        return _Bound(self, grid)

    def _make_launcher(self):
        with self._launcher_lock:
            if self._launcher is None:
                self._launcher = _Launcher(self, _default_device(
                    self.target_kind))
                self._launch = self._launcher.launch
        return self._launcher

    def launch(self, grid, args, stream=None):
        """Launches over `grid` (an int, or a tuple of 1 to 3 ints) with
        `args` in the kernel's parameter order; `stream` is a raw stream
        handle (a CUstream as an int) or None for the device's own (on
        nvidia, torch's current stream when torch is in use). Does not wait
        for a GPU kernel to finish."""
        (self._launch or self._make_launcher().launch)(grid, args, stream)

    def synchronize(self):
        """Waits for this kernel's device to finish its work."""
        launcher = self._launcher or self._make_launcher()
        launcher.runtime.synchronize(launcher.device)

    def __del__(self):
        try:
            if self._launcher is not None:
                self._launch = None
                self._launcher.release()
                self._launcher = None
            if self._handle:
                self._lib.free(self._handle)
                self._handle = None
        except Exception:  # interpreter shutdown: the libraries may be gone
            pass


def load(path):
    """Reads the bundle at `path` (a .tkb file) into a Kernel."""
    try:
        with open(os.fspath(path), "rb") as f:
            data = f.read()
    except OSError as error:
        raise TridentError("cannot read '%s': %s" %
                           (os.fspath(path), error.strerror)) from None
    try:
        return Kernel(data)
    except TridentError as error:
        raise TridentError("'%s': %s" % (os.fspath(path), error)) from None
