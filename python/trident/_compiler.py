"""compile() and targets(): the compile API of libTridentCompiler."""

import ctypes
import os
import threading
from collections import namedtuple

from . import _lib
from ._errors import TridentError
from ._kernel import Kernel

TargetInfo = namedtuple(
    "TargetInfo",
    "kind aliases plugin runtime_library device_count available reason")
TargetInfo.__doc__ = """A target of the loaded plugins: its kind ("cpu",
"nvidia"), its aliases (["cuda"]), the plugin providing it, the path of its
runtime library ("" when none), how many devices are present, whether any
is (available), and why not (reason, "" when available)."""

# One context for the process: plugins load once. A context is not
# thread-safe, so every call into it holds this lock.
_context_lock = threading.RLock()
_context = None


def _compiler():
    """(the library, the context handle), created on first use."""
    global _context
    lib = _lib.compiler_lib()
    with _context_lock:
        if _context is None:
            handle = ctypes.c_void_p()
            error = ctypes.c_void_p()
            if lib.create(None, 0, ctypes.byref(handle), ctypes.byref(error)):
                raise TridentError(lib.take_string(
                    error.value, "cannot create a compiler context"))
            _context = handle.value
    return lib, _context


def _text(value):
    return value.decode("utf-8", "replace") if value else ""


def _normalized(path):
    return os.path.normpath(path) if path else ""


def warnings():
    """The plugins found but not loaded, one line each ("" when none)."""
    lib, context = _compiler()
    with _context_lock:
        return _text(lib.getWarnings(context))


def targets():
    """The targets of the loaded plugins, as a list of TargetInfo, each
    probed for devices (a GPU target's driver is opened here)."""
    lib, context = _compiler()
    result = []
    with _context_lock:
        for index in range(lib.getNumTargets(context)):
            reason = ctypes.c_void_p()
            count = lib.probeTarget(context, index, ctypes.byref(reason))
            aliases = _text(lib.getTargetAliases(context, index))
            result.append(TargetInfo(
                kind=_text(lib.getTargetKind(context, index)),
                aliases=[a for a in aliases.split(",") if a],
                plugin=_text(lib.getTargetPlugin(context, index)),
                runtime_library=_normalized(_text(
                    lib.getTargetRuntimeLibrary(context, index))),
                device_count=max(0, count),
                available=count > 0,
                reason="" if count > 0 else lib.take_string(reason.value,
                                                            "no device")))
    return result


def resolve_target(target):
    """The canonical form of a target string ("cuda:90" -> "nvidia:sm_90")."""
    lib, context = _compiler()
    canonical = ctypes.c_void_p()
    error = ctypes.c_void_p()
    with _context_lock:
        if lib.resolveTarget(context, target.encode(), ctypes.byref(canonical),
                             ctypes.byref(error)):
            raise TridentError(lib.take_string(error.value,
                                               "unknown target '%s'" % target))
    return lib.take_string(canonical.value)


def stages(target="cpu"):
    """The names of the target's stages, starting with "ttir" (what
    compile(emit=...) takes)."""
    lib, context = _compiler()
    names = ctypes.c_void_p()
    error = ctypes.c_void_p()
    with _context_lock:
        if lib.getStageNames(context, target.encode(), ctypes.byref(names),
                             ctypes.byref(error)):
            raise TridentError(lib.take_string(error.value,
                                               "unknown target '%s'" % target))
    return [n for n in lib.take_string(names.value).split(",") if n]


def _read_source(src):
    """(TTIR bytes, the name diagnostics use) of compile()'s `src`."""
    if isinstance(src, os.PathLike):
        src = os.fspath(src)
    if isinstance(src, (bytes, bytearray, memoryview)):
        return bytes(src), "<source>"
    if not isinstance(src, str):
        raise TridentError("compile() takes TTIR text or the path of a .ttir "
                           "file; got %s" % type(src).__name__)
    # A path is one line naming a file; TTIR text has a `module` or a
    # `tt.func` and spans lines.
    if "\n" not in src and ("{" not in src or os.path.exists(src)):
        try:
            with open(src, "rb") as f:
                return f.read(), src
        except OSError as error:
            raise TridentError("cannot read '%s': %s" %
                               (src, error.strerror)) from None
    return src.encode("utf-8"), "<source>"


def _positive(name, value):
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise TridentError("%s must be a positive int; got %r" % (name, value))
    return value


def _option_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def compile(src, target="cpu", num_warps=4, num_stages=None, num_ctas=None,
            *, emit=None, threads_per_warp=None, keep_stages=False,
            cache_dir=None, source_name=None, **opts):
    """Compiles TTIR for `target`.

    `src` is TTIR text or the path of a .ttir file. `num_warps`,
    `num_stages`, `num_ctas` and `threads_per_warp` shape the compilation
    (None: the target's default); every other keyword is one of the target's
    own options (`trident compile --opt KEY=VALUE`), its value given as a
    str, int or bool. Returns a Kernel; with `emit="ttgir"` (any stage
    name, see stages()) returns that stage's output instead, as str (or
    bytes for a binary such as a cubin). `keep_stages=True` keeps every IR
    stage's text in the bundle (Kernel.stages). `cache_dir` names a bundle
    cache (default: TRIDENT_CACHE_DIR when set).

    Raises TridentError with the compiler's diagnostics (``file:line:col:``
    lines, the file being the path given or `source_name`, by default
    ``<source>`` for text).
    """
    text, name = _read_source(src)
    if source_name is not None:
        name = source_name
    options = _lib.TridentCompileOptions()
    options.struct_size = ctypes.sizeof(_lib.TridentCompileOptions)
    if not isinstance(target, str) or not target:
        raise TridentError("target must be a non-empty str such as 'cpu' or "
                           "'nvidia:sm_90'; got %r" % (target,))
    options.target = target.encode()
    options.num_warps = _positive("num_warps", num_warps)
    options.num_stages = _positive("num_stages", num_stages)
    options.num_ctas = _positive("num_ctas", num_ctas)
    options.threads_per_warp = _positive("threads_per_warp", threads_per_warp)
    keys = (ctypes.c_char_p * max(1, len(opts)))()
    values = (ctypes.c_char_p * max(1, len(opts)))()
    for index, (key, value) in enumerate(sorted(opts.items())):
        keys[index] = key.encode()
        values[index] = _option_text(value).encode()
    options.option_keys = ctypes.cast(keys, ctypes.POINTER(ctypes.c_char_p))
    options.option_values = ctypes.cast(values,
                                        ctypes.POINTER(ctypes.c_char_p))
    options.num_options = len(opts)
    if emit:
        options.emit_stage = str(emit).encode()
    options.source_name = name.encode()
    options.keep_stages = 1 if keep_stages else 0
    if cache_dir is not None:
        options.cache_directory = os.fspath(cache_dir).encode()

    lib, context = _compiler()
    result = ctypes.c_void_p()
    error = ctypes.c_void_p()
    with _context_lock:
        failed = lib.compile(context, text, len(text), ctypes.byref(options),
                             ctypes.byref(result), ctypes.byref(error))
    if failed:
        raise TridentError(lib.take_string(error.value,
                                           "compilation failed"))
    try:
        size = ctypes.c_uint64()
        pointer = lib.resultGetData(result.value, ctypes.byref(size))
        data = ctypes.string_at(pointer, size.value) if pointer else b""
        if not lib.resultIsBundle(result.value):
            # A stage's output: text unless it is a binary (a cubin).
            if b"\0" in data:
                return data
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return data
        kernel = Kernel(data)
        kernel.notes = _text(lib.resultGetNotes(result.value))
        kernel.from_cache = bool(lib.resultIsFromCache(result.value))
        return kernel
    finally:
        lib.resultFree(result.value)
