"""Runtime libraries: finding a target's launcher through the plugin
manifests and opening it with ctypes.

Each plugin directory holds one JSON manifest per plugin; a manifest's
``runtime_library`` names the plugin's LLVM-free launcher, a shared library
exporting ``trident_runtime_entry`` (trident-c/Runtime.h). libTridentRuntime
finds it as the ``trident`` tool searches plugins (docs/plugins.md): the
colon-separated TRIDENT_PLUGINS when set (it replaces the default), else
``<libdir>/trident/plugins``, then TRIDENT_ADD_PLUGINS. Reading manifests
needs no compiler, so a bundle compiled elsewhere loads and launches with
libTridentRuntime and the runtime library alone. A plugin whose manifest
names no runtime library but that provides a runtime (plugin ABI 1.1's
`get_runtime`) is loaded itself as a fallback.
"""

import ctypes
import threading

from . import _lib
from ._errors import TridentError


def find_runtime_library(kind):
    """Where target kind `kind`'s runtime comes from: ("library", path) for
    a manifest's runtime_library, else ("plugin", path) for a plugin that
    provides its runtime only through its descriptor's get_runtime (which
    loads the plugin, and with it LLVM). libTridentRuntime searches, as the
    tools do (tridentFindRuntime, trident-c/Bundle.h)."""
    lib = _lib.runtime_lib()
    runtime, plugin, error = (ctypes.c_void_p(), ctypes.c_void_p(),
                              ctypes.c_void_p())
    if lib.findRuntime(kind.encode("utf-8"), _lib.plugin_dir().encode("utf-8"),
                       ctypes.byref(runtime), ctypes.byref(plugin),
                       ctypes.byref(error)):
        raise TridentError(lib.take_error(
            error.value, "no plugin provides a runtime for target '%s'" % kind))
    if runtime.value:
        return "library", lib.take_string(runtime.value, "")
    return "plugin", lib.take_string(plugin.value, "")


class _PluginDescriptor(ctypes.Structure):
    """The prefix of TridentPluginDescriptor (trident-c/Plugin.h) up to
    get_runtime (minor 1)."""
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("abi_major", ctypes.c_uint16),
        ("abi_minor", ctypes.c_uint16),
        ("abi_minor_required", ctypes.c_uint16),
        ("reserved", ctypes.c_uint16),
        ("provides", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("version", ctypes.c_char_p),
        ("sdk_version", ctypes.c_char_p),
        ("sdk_hash", ctypes.c_char_p),
        ("register_compiler", ctypes.c_void_p),
        ("release_status", ctypes.c_void_p),
        ("get_runtime", ctypes.CFUNCTYPE(ctypes.POINTER(
            _lib.TridentRuntimeApi))),
    ]


def _open(path, what):
    try:
        return ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
    except OSError as error:
        raise TridentError(
            "cannot load %s '%s': %s; reinstall the plugin or fix the "
            "manifest that names it" % (what, path, error)) from None


def _api_of_runtime_library(path):
    library = _open(path, "runtime library")
    try:
        entry = library.trident_runtime_entry
    except AttributeError:
        raise TridentError(
            "runtime library '%s' does not export trident_runtime_entry; it "
            "is not a Trident runtime" % path) from None
    entry.restype = ctypes.POINTER(_lib.TridentRuntimeApi)
    entry.argtypes = []
    return library, entry()


def _api_of_plugin(path):
    library = _open(path, "plugin")
    try:
        entry = library.trident_plugin_entry
    except AttributeError:
        raise TridentError("plugin '%s' does not export trident_plugin_entry"
                           % path) from None
    entry.restype = ctypes.POINTER(_PluginDescriptor)
    entry.argtypes = [ctypes.c_uint16, ctypes.c_uint16]
    descriptor = entry(1, 1)
    if not descriptor:
        raise TridentError("plugin '%s' returned no descriptor" % path)
    d = descriptor.contents
    if d.abi_major != 1 or d.abi_minor < 1 or \
            d.struct_size < ctypes.sizeof(_PluginDescriptor) or \
            not d.get_runtime:
        raise TridentError("plugin '%s' provides no runtime (plugin ABI "
                           "%d.%d)" % (path, d.abi_major, d.abi_minor))
    return library, d.get_runtime()


_LaunchFn = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                             ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p)


class Runtime:
    """One target kind's runtime library: its TridentRuntimeApi and the
    devices opened through it (kept open for the life of the process)."""

    def __init__(self, kind, origin, path):
        if origin == "plugin":
            library, api_pointer = _api_of_plugin(path)
        else:
            library, api_pointer = _api_of_runtime_library(path)
        if not api_pointer:
            raise TridentError("runtime library '%s' returned no API" % path)
        # Read only the prefix the library reported: fields are appended over
        # releases, and an older library's struct ends earlier.
        size = ctypes.c_uint32.from_address(
            ctypes.addressof(api_pointer.contents)).value
        if size < _lib.RUNTIME_API_V1_0_SIZE:
            raise TridentError(
                "runtime library '%s' reports a TridentRuntimeApi of %d bytes, "
                "fewer than ABI 1.0 defines; rebuild it" % (path, size))
        api = api_pointer.contents
        if api.version != _lib.RUNTIME_ABI_VERSION:
            raise TridentError(
                "runtime library '%s' has runtime ABI %d; this package needs "
                "%d" % (path, api.version, _lib.RUNTIME_ABI_VERSION))
        got_kind = (api.target_kind or b"").decode()
        if got_kind != kind:
            raise TridentError(
                "runtime library '%s' is for target '%s', not '%s'; fix the "
                "plugin manifest that names it" % (path, got_kind, kind))
        self._library = library  # keeps it loaded
        self.kind = kind
        self.path = path
        self.api = api
        offset = _lib.TridentRuntimeApi.launch_on_stream.offset
        self.has_launch_on_stream = size >= offset + ctypes.sizeof(
            ctypes.c_void_p)
        # The launch function as the launcher calls it: a status returned as
        # a plain int (None for success), the cheapest result ctypes has.
        self.launch_on_stream = None
        if self.has_launch_on_stream:
            address = ctypes.c_void_p.from_address(
                ctypes.addressof(api) + offset).value
            if address:
                self.launch_on_stream = _LaunchFn(address)
            else:
                self.has_launch_on_stream = False
        self._release = api.release_status
        self._devices = {}
        self._lock = threading.Lock()

    def check(self, status, what):
        """Raises TridentError for a failed status (a TridentStatus * as an
        int or a ctypes pointer), releasing it."""
        if not status:
            return
        pointer = ctypes.cast(status, ctypes.POINTER(_lib.TridentStatus))
        message = pointer.contents.message
        code = pointer.contents.code
        self._release(pointer)
        text = message.decode("utf-8", "replace") if message else (
            "the runtime gave no reason (code %d)" % code)
        raise TridentError("%s: %s" % (what, text) if what else text)

    def probe(self):
        """(number of devices, why there are none or "")."""
        count = ctypes.c_int32(0)
        status = self.api.probe(ctypes.byref(count))
        if status:
            try:
                self.check(status, "")
            except TridentError as error:
                return 0, str(error)
        return count.value, "" if count.value else "no device"

    def device(self, index):
        """The handle of device `index`, opened on first use."""
        handle = self._devices.get(index)
        if handle is None:
            with self._lock:
                handle = self._devices.get(index)
                if handle is None:
                    out = ctypes.c_void_p()
                    self.check(self.api.open_device(index, ctypes.byref(out)),
                               "cannot open %s device %d" % (self.kind, index))
                    handle = out.value
                    self._devices[index] = handle
        return handle

    def use_host_threads(self, parallel, max_threads):
        """Runs later launches on a host's parallel region (addresses of
        functions shaped as GOMP_parallel and omp_get_max_threads; 0 for
        `parallel` gives them back to the runtime's pool). Only the cpu
        runtime library takes it (CpuRuntime.h)."""
        try:
            setter = self._library.trident_cpu_runtime_use_host_threads
        except AttributeError:
            raise TridentError(
                "the %s runtime '%s' cannot run launches on the host's threads"
                % (self.kind, self.path)) from None
        setter.restype = None
        setter.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        setter(parallel or None, (max_threads or None) if parallel else None)

    def synchronize(self, index=0):
        self.check(self.api.synchronize(self.device(index)),
                   "synchronizing %s device %d" % (self.kind, index))


_runtimes = {}
_runtimes_lock = threading.Lock()


def runtime_for(kind):
    """The Runtime of target kind `kind` ("cpu", "nvidia"), opened once."""
    runtime = _runtimes.get(kind)
    if runtime is None:
        with _runtimes_lock:
            runtime = _runtimes.get(kind)
            if runtime is None:
                runtime = Runtime(kind, *find_runtime_library(kind))
                _runtimes[kind] = runtime
    return runtime
