"""The native launcher (_native_launch.c), built on first use.

A launch through ctypes and a generated Python function costs a few
microseconds of interpreter time per call, more than a GPU kernel launch
itself. _native_launch.c does the same work in one C call. The package
ships it as source and builds it, once per interpreter, with the machine's
C compiler against the running Python's headers, the way Triton builds its
own launchers; the result is cached (TRIDENT_CACHE_DIR, else
$XDG_CACHE_HOME/trident or ~/.cache/trident, under native/).

Without a compiler or Python's headers, or with TRIDENT_NATIVE_LAUNCH=0,
launches keep the Python path, which accepts the same arguments and raises
the same errors: the native one only takes the common cases and hands
everything else to it. `status()` says which is in use and why.
"""

import ctypes
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading

from . import _lib

_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "_native_launch.c")
_lock = threading.Lock()
_module = None
_why_not = None
_tried = False


def _cache_root():
    root = os.environ.get("TRIDENT_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
            os.path.expanduser("~"), ".cache")
        root = os.path.join(base, "trident")
    return os.path.join(root, "native")


def _compiler():
    named = os.environ.get("CC")
    if named:
        return named.split()
    configured = (sysconfig.get_config_var("CC") or "").split()
    candidates = ([configured[0]] if configured else []) + ["cc", "gcc",
                                                            "clang"]
    for candidate in candidates:
        path = shutil.which(candidate)
        if path:
            return [path]
    return None


def _build(source, target):
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return "Python's headers are not installed (no Python.h in '%s'; " \
            "Debian's python3-dev has them)" % include
    compiler = _compiler()
    if compiler is None:
        return "no C compiler found (set CC, or install gcc)"
    directory = os.path.dirname(target)
    try:
        os.makedirs(directory, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=directory, suffix=os.path.splitext(target)[1])
        os.close(handle)
    except OSError as error:
        return "cannot write the cache directory '%s': %s" % (
            directory, error.strerror)
    command = compiler + ["-O2", "-shared", "-fPIC", "-I" + include, source,
                          "-o", temporary]
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, timeout=120)
        if result.returncode != 0:
            lines = result.stdout.decode("utf-8", "replace").strip()
            return "'%s' failed: %s" % (
                " ".join(command), lines.splitlines()[0] if lines else
                "exit status %d" % result.returncode)
        os.replace(temporary, target)
        temporary = None
    except (OSError, subprocess.TimeoutExpired) as error:
        return "cannot run the C compiler '%s': %s" % (compiler[0], error)
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return None


def _load(path):
    name = "trident._native_launch"
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def module():
    """The native launcher's module, or None (see status())."""
    global _module, _why_not, _tried
    if _tried:
        return _module
    with _lock:
        if _tried:
            return _module
        _module, _why_not = _make()
        _tried = True
    return _module


def _make():
    if os.environ.get("TRIDENT_NATIVE_LAUNCH", "1") == "0":
        return None, "disabled by TRIDENT_NATIVE_LAUNCH=0"
    try:
        with open(_SOURCE, "rb") as f:
            source = f.read()
    except OSError as error:
        return None, "cannot read '%s': %s" % (_SOURCE, error.strerror)
    # One build per source and interpreter ABI.
    key = hashlib.sha256(source + sys.version.encode() +
                         (sysconfig.get_config_var("EXT_SUFFIX") or
                          "").encode()).hexdigest()[:24]
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    path = os.path.join(_cache_root(), "launch-%s%s" % (key, suffix))
    if not os.path.isfile(path):
        why = _build(_SOURCE, path)
        if why is not None:
            return None, why
    try:
        native = _load(path)
    except (ImportError, OSError) as error:
        return None, "cannot load '%s': %s" % (path, error)
    if native.ARG_SIZE != ctypes.sizeof(_lib.TridentArg):
        return None, "'%s' was built for another TridentArg layout" % path
    return native, None


def status():
    """("native", path) when launches run through the native launcher, else
    ("python", the reason)."""
    native = module()
    if native is not None:
        return "native", native.__file__
    return "python", _why_not


def launch_for(launcher, kernel, python_launch):
    """The native launch function of `launcher` (a _kernel._Launcher), or
    `python_launch` when the native launcher is unavailable or the kernel has
    too many parameters; python_launch takes every case the native one
    declines."""
    native = module()
    if native is None or launcher.count > native.MAX_ARGS:
        return python_launch
    from . import _args
    import sys as _sys
    torch = _sys.modules.get("torch")
    tensor = getattr(torch, "Tensor", None) if torch is not None else None
    flag = launcher.placement.torch_flag
    sizes = bytearray()
    for kind, param in zip(kernel._arg_kinds, kernel.signature):
        size = _args.element_size(param.element_type) \
            if kind == _lib.ARG_POINTER else None
        sizes.append(size if size is not None and size < 256 else 0)
    fn = ctypes.cast(launcher.fn, ctypes.c_void_p).value
    return native.Launch(
        fn, launcher.handle or 0, bytes(kernel._arg_kinds), bytes(sizes),
        tensor if flag else None, flag,
        _args._ndarray if launcher.placement.host else None,
        launcher.stream_fn is not None or kernel.target_kind == "nvidia",
        launcher.stream_fn, python_launch, launcher.runtime.check)
