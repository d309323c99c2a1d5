"""Finding and opening Trident's shared libraries through ctypes.

The package is pure Python: it declares the C APIs of include/trident-c
(Bundle.h for libTridentRuntime, Compiler.h for libTridentCompiler) here and
opens the libraries on first use. libTridentRuntime has no LLVM in it, so
loading and launching a bundle never pulls in the compiler; the compiler
(and with it LLVM and MLIR) is opened only by compile() and targets().

The library directory is the first of these that holds libTridentRuntime.so:

1. ``$TRIDENT_BUILD_DIR/lib`` when TRIDENT_BUILD_DIR is set (a build tree
   or an install prefix);
2. ``<repo>/build/lib`` for the package in the source tree
   (``<repo>/python/trident``), the README's build;
3. ``<prefix>/lib`` for a package installed by ``cmake --install`` under
   ``<prefix>/lib/python3/dist-packages/trident`` (the nearest ancestor
   directory named ``lib``).
"""

import ctypes
import os
import threading

from ._errors import TridentError

_RUNTIME_NAME = "libTridentRuntime.so"
_COMPILER_NAME = "libTridentCompiler.so"

_here = os.path.dirname(os.path.abspath(__file__))


def candidate_library_dirs():
    """The directories searched for the libraries, in order."""
    dirs = []
    build = os.environ.get("TRIDENT_BUILD_DIR")
    if build:
        dirs.append(os.path.join(os.path.abspath(build), "lib"))
    # The source tree: <repo>/python/trident with the build in <repo>/build.
    dirs.append(os.path.normpath(os.path.join(_here, "..", "..", "build",
                                              "lib")))
    # An install: <prefix>/lib/python3/dist-packages/trident (or any
    # site-packages a few levels below <prefix>/lib).
    ancestor = os.path.dirname(_here)
    for _ in range(4):
        ancestor = os.path.dirname(ancestor)
        if os.path.basename(ancestor) == "lib":
            dirs.append(ancestor)
            break
    return dirs


_lock = threading.Lock()
_library_dir = None


def library_dir():
    """The directory holding libTridentRuntime.so (and the compiler)."""
    global _library_dir
    if _library_dir is None:
        tried = candidate_library_dirs()
        for directory in tried:
            if os.path.isfile(os.path.join(directory, _RUNTIME_NAME)):
                _library_dir = directory
                break
        else:
            raise TridentError(
                "cannot find %s in %s; build Trident first (README: "
                "scripts/setup.sh) or set TRIDENT_BUILD_DIR to its build "
                "directory" % (_RUNTIME_NAME, ", ".join(tried)))
    return _library_dir


def plugin_dir():
    """The default plugin directory: <libdir>/trident/plugins."""
    return os.path.join(library_dir(), "trident", "plugins")


# ctypes shorthands.
c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
c_uint32 = ctypes.c_uint32
c_int32 = ctypes.c_int32
c_int = ctypes.c_int
c_uint64 = ctypes.c_uint64
c_size_p = ctypes.POINTER(ctypes.c_uint64)
# char ** out-parameters: kept as c_void_p so that the string can be freed.
c_out_str = ctypes.POINTER(ctypes.c_void_p)


class TridentStatus(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int32), ("message", ctypes.c_char_p)]


class TridentKernelImage(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("kernel_name", ctypes.c_char_p),
        ("target", ctypes.c_char_p),
        ("binary", ctypes.c_void_p),
        ("binary_size", ctypes.c_uint64),
        ("num_args", ctypes.c_uint32),
        ("arg_kinds", ctypes.POINTER(ctypes.c_uint32)),
        ("num_warps", ctypes.c_uint32),
        ("threads_per_warp", ctypes.c_uint32),
        ("shared_bytes", ctypes.c_uint32),
    ]


class TridentArgValue(ctypes.Union):
    _fields_ = [
        ("buffer", ctypes.c_void_p),
        ("i", ctypes.c_int64),
        ("f64", ctypes.c_double),
        ("f32", ctypes.c_float),
        ("bits16", ctypes.c_uint16),
    ]


class TridentArg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
        ("value", TridentArgValue),
    ]


assert ctypes.sizeof(TridentArg) == 16

_StatusP = ctypes.POINTER(TridentStatus)
_Grid = ctypes.c_uint32 * 3
_ArgP = ctypes.POINTER(TridentArg)


class TridentRuntimeApi(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("version", ctypes.c_uint32),
        ("target_kind", ctypes.c_char_p),
        ("probe", ctypes.CFUNCTYPE(_StatusP, ctypes.POINTER(ctypes.c_int32))),
        ("open_device", ctypes.CFUNCTYPE(_StatusP, ctypes.c_int32,
                                         ctypes.POINTER(ctypes.c_void_p))),
        ("close_device", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
        ("alloc", ctypes.CFUNCTYPE(_StatusP, ctypes.c_void_p, ctypes.c_uint64,
                                   ctypes.POINTER(ctypes.c_void_p))),
        ("free_buffer", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
        ("copy_to_device", ctypes.CFUNCTYPE(_StatusP, ctypes.c_void_p,
                                            ctypes.c_void_p, ctypes.c_uint64)),
        ("copy_to_host", ctypes.CFUNCTYPE(_StatusP, ctypes.c_void_p,
                                          ctypes.c_void_p, ctypes.c_uint64)),
        ("load_kernel", ctypes.CFUNCTYPE(
            _StatusP, ctypes.c_void_p, ctypes.POINTER(TridentKernelImage),
            ctypes.POINTER(ctypes.c_void_p))),
        ("unload_kernel", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
        # The launch functions take the grid and the arguments as plain
        # addresses: the launcher passes pre-built arrays' addresses as ints,
        # the cheapest conversion ctypes has.
        ("launch", ctypes.CFUNCTYPE(_StatusP, ctypes.c_void_p, ctypes.c_void_p,
                                    ctypes.c_void_p, ctypes.c_uint32)),
        ("synchronize", ctypes.CFUNCTYPE(_StatusP, ctypes.c_void_p)),
        ("release_status", ctypes.CFUNCTYPE(None, _StatusP)),
        ("launch_on_stream", ctypes.CFUNCTYPE(
            _StatusP, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
            ctypes.c_uint32, ctypes.c_void_p)),
    ]


# The size of the struct before launch_on_stream was appended.
RUNTIME_API_V1_0_SIZE = TridentRuntimeApi.launch_on_stream.offset
RUNTIME_ABI_VERSION = 1

# TridentArgKind.
ARG_POINTER = 1
ARG_I1 = 2
ARG_I8 = 3
ARG_I16 = 4
ARG_I32 = 5
ARG_I64 = 6
ARG_F16 = 7
ARG_BF16 = 8
ARG_F32 = 9
ARG_F64 = 10
ARG_ADDRESS = 11

ARG_KIND_NAMES = {
    ARG_POINTER: "pointer", ARG_I1: "i1", ARG_I8: "i8", ARG_I16: "i16",
    ARG_I32: "i32", ARG_I64: "i64", ARG_F16: "f16", ARG_BF16: "bf16",
    ARG_F32: "f32", ARG_F64: "f64", ARG_ADDRESS: "address",
}


def _declare(lib, name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


class _RuntimeLib:
    """libTridentRuntime's bundle API (trident-c/Bundle.h)."""

    def __init__(self, path):
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        self.path = path
        d = _declare
        self.load = d(lib, "tridentBundleLoad", c_int, c_char_p,
                      ctypes.POINTER(c_void_p), c_out_str)
        self.parse = d(lib, "tridentBundleParse", c_int, c_void_p, c_uint64,
                       ctypes.POINTER(c_void_p), c_out_str)
        self.free = d(lib, "tridentBundleFree", None, c_void_p)
        self.free_string = d(lib, "tridentFreeString", None, c_void_p)
        for field in ("KernelName", "Target", "Arch", "CompilerVersion",
                      "SourceHash", "OptionHash"):
            setattr(self, "get" + field,
                    d(lib, "tridentBundleGet" + field, c_char_p, c_void_p))
        for field in ("NumWarps", "ThreadsPerWarp", "NumCtas", "SharedBytes",
                      "NumArgs", "NumStages"):
            setattr(self, "get" + field,
                    d(lib, "tridentBundleGet" + field, c_uint32, c_void_p))
        self.getArgKind = d(lib, "tridentBundleGetArgKind", c_uint32, c_void_p,
                            c_uint32)
        self.getArgElementType = d(lib, "tridentBundleGetArgElementType",
                                   c_char_p, c_void_p, c_uint32)
        self.getArgDivisibility = d(lib, "tridentBundleGetArgDivisibility",
                                    c_uint32, c_void_p, c_uint32)
        self.getArgName = d(lib, "tridentBundleGetArgName", c_char_p,
                            c_void_p, c_uint32)
        self.getBinary = d(lib, "tridentBundleGetBinary", c_void_p, c_void_p,
                           c_size_p)
        self.getStageName = d(lib, "tridentBundleGetStageName", c_char_p,
                              c_void_p, c_uint32)
        self.getStageText = d(lib, "tridentBundleGetStageText", c_void_p,
                              c_void_p, c_uint32, c_size_p)
        self.getKernelImage = d(lib, "tridentBundleGetKernelImage",
                                ctypes.POINTER(TridentKernelImage), c_void_p)
        self.findRuntime = d(lib, "tridentFindRuntime", c_int, c_char_p,
                             c_char_p, c_out_str, c_out_str, c_out_str)

    def take_string(self, pointer, fallback):
        """The string at `pointer` (freed), or `fallback` when NULL."""
        if not pointer:
            return fallback
        try:
            return ctypes.string_at(pointer).decode("utf-8", "replace")
        finally:
            self.free_string(pointer)

    take_error = take_string


class _CompilerLib:
    """libTridentCompiler's compile API (trident-c/Compiler.h)."""

    API_MAJOR = 1

    def __init__(self, path):
        # RTLD_GLOBAL is not needed: the compiler loads its plugins itself
        # and they resolve the core through their own RPATH.
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        self.path = path
        d = _declare
        self.getApiVersion = d(lib, "tridentCompilerGetApiVersion", c_uint32)
        self.getVersion = d(lib, "tridentCompilerGetVersion", c_char_p)
        self.free_string = d(lib, "tridentCompilerFreeString", None, c_void_p)
        self.create = d(lib, "tridentCompilerCreate", c_int,
                        ctypes.POINTER(c_char_p), c_uint32,
                        ctypes.POINTER(c_void_p), c_out_str)
        self.destroy = d(lib, "tridentCompilerDestroy", None, c_void_p)
        self.getWarnings = d(lib, "tridentCompilerGetWarnings", c_char_p,
                             c_void_p)
        self.getNumTargets = d(lib, "tridentCompilerGetNumTargets", c_uint32,
                               c_void_p)
        for field in ("Kind", "Aliases", "Plugin", "RuntimeLibrary"):
            setattr(self, "getTarget" + field,
                    d(lib, "tridentCompilerGetTarget" + field, c_char_p,
                      c_void_p, c_uint32))
        self.probeTarget = d(lib, "tridentCompilerProbeTarget", c_int32,
                             c_void_p, c_uint32, c_out_str)
        self.resolveTarget = d(lib, "tridentCompilerResolveTarget", c_int,
                               c_void_p, c_char_p, c_out_str, c_out_str)
        self.getStageNames = d(lib, "tridentCompilerGetStageNames", c_int,
                               c_void_p, c_char_p, c_out_str, c_out_str)
        self.compile = d(lib, "tridentCompile", c_int, c_void_p, c_char_p,
                         c_uint64, ctypes.POINTER(TridentCompileOptions),
                         ctypes.POINTER(c_void_p), c_out_str)
        self.resultFree = d(lib, "tridentCompileResultFree", None, c_void_p)
        self.resultGetData = d(lib, "tridentCompileResultGetData", c_void_p,
                               c_void_p, c_size_p)
        self.resultIsBundle = d(lib, "tridentCompileResultIsBundle", c_int,
                                c_void_p)
        self.resultGetTarget = d(lib, "tridentCompileResultGetTarget",
                                 c_char_p, c_void_p)
        self.resultGetNotes = d(lib, "tridentCompileResultGetNotes", c_char_p,
                                c_void_p)
        self.resultIsFromCache = d(lib, "tridentCompileResultIsFromCache",
                                   c_int, c_void_p)
        version = self.getApiVersion()
        if version >> 16 != self.API_MAJOR:
            raise TridentError(
                "%s has compile API %d.%d; this package needs %d.x: use the "
                "package and the libraries of the same build" %
                (path, version >> 16, version & 0xffff, self.API_MAJOR))

    def take_string(self, pointer, fallback=""):
        if not pointer:
            return fallback
        try:
            return ctypes.string_at(pointer).decode("utf-8", "replace")
        finally:
            self.free_string(pointer)


class TridentCompileOptions(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("target", ctypes.c_char_p),
        ("num_warps", ctypes.c_int32),
        ("num_stages", ctypes.c_int32),
        ("num_ctas", ctypes.c_int32),
        ("threads_per_warp", ctypes.c_int32),
        ("option_keys", ctypes.POINTER(ctypes.c_char_p)),
        ("option_values", ctypes.POINTER(ctypes.c_char_p)),
        ("num_options", ctypes.c_uint32),
        ("emit_stage", ctypes.c_char_p),
        ("source_name", ctypes.c_char_p),
        ("keep_stages", ctypes.c_uint32),
        ("cache_directory", ctypes.c_char_p),
    ]


_runtime_lib = None
_compiler_lib = None


def runtime_lib():
    """libTridentRuntime, opened on first use."""
    global _runtime_lib
    if _runtime_lib is None:
        with _lock:
            if _runtime_lib is None:
                path = os.path.join(library_dir(), _RUNTIME_NAME)
                try:
                    _runtime_lib = _RuntimeLib(path)
                except OSError as error:
                    raise TridentError("cannot load %s: %s" %
                                       (path, error)) from None
    return _runtime_lib


def compiler_lib():
    """libTridentCompiler, opened on first use."""
    global _compiler_lib
    if _compiler_lib is None:
        with _lock:
            if _compiler_lib is None:
                path = os.path.join(library_dir(), _COMPILER_NAME)
                if not os.path.isfile(path):
                    raise TridentError(
                        "cannot find %s in %s: this Trident has no compiler "
                        "(a runtime-only install); load bundles compiled "
                        "elsewhere with trident.load()" %
                        (_COMPILER_NAME, library_dir()))
                try:
                    _compiler_lib = _CompilerLib(path)
                except OSError as error:
                    raise TridentError("cannot load %s: %s" %
                                       (path, error)) from None
    return _compiler_lib
