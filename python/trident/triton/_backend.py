"""The Triton compiler backend (a triton.backends.compiler.BaseBackend)
that compiles with Trident.

Triton's own frontend turns the @triton.jit function into TTIR; the "ttir"
stage is exactly what Triton's nvidia backend runs (inliner, tensor-pointer
rewrite, canonicalize, combine, broadcast reordering, CSE, loop unroll), so
Trident receives the TTIR that Triton dumps, the form its kernel corpus is
tested on. The "tkb" stage prints that module and compiles it with
trident.compile for the Trident target; the bundle's bytes are the binary
and its name, warps and shared memory fill Triton's metadata.

Options, the libdevice module map and the codegen hooks are the nvidia
backend's, so the frontend sees the options it always sees (for "cpu", those
of an sm_80 GPU: tensor descriptors are rewritten into pointers there).

Subclasses (cpu/compiler.py, nvidia/compiler.py) say which GPUTarget.backend
they accept; this module defines no concrete class, so Triton's discovery
finds exactly one in each of those modules.
"""

import functools
import inspect
import os
import re

from triton.backends.compiler import BaseBackend, GPUTarget

try:  # Triton >= 3.4 tells add_stages which language it compiles
    from triton.backends.compiler import Language
except ImportError:  # pragma: no cover - older Triton
    Language = None

from . import _compile, _state, _targets

#: Tuning hints of other GPU backends that portable kernels pass in their
#: autotune configs (Triton's matmul tutorial gives every target but CUDA
#: AMD's `matrix_instr_nonkdim`). They choose instructions the cpu target
#: does not have: it accepts them, with their defaults, and ignores them.
CPU_IGNORED_HINTS = {"matrix_instr_nonkdim": 0, "waves_per_eu": 0, "kpack": 1}

#: A cpu program runs alone on a core until it returns. Triton's metadata
#: says so in GPU terms: the program takes the core's whole "shared memory"
#: (`max_shared_mem` of the cpu driver's device properties) and register
#: file, so that grid sizing written for GPUs (occupancy = the resources
#: per SM over the program's) comes to one program per core.
CPU_CORE_SHARED_BYTES = 1 << 30
CPU_CORE_REGISTERS = 1 << 16
CPU_WARP_SIZE = 32

#: The compute capability whose TTIR pipeline and options the cpu target
#: borrows: Ada, the last before Hopper's tensor descriptors (rewritten into
#: pointers below 90), and the first with both fp8 types (e4m3 needs 89).
CPU_FRONTEND_CAPABILITY = 89


def _accepts_positional(method, count):
    try:
        params = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return True
    total = 0
    for param in params:
        if param.kind == param.VAR_POSITIONAL:
            return True
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            total += 1
    return total >= count


def _dump_source(text, name, kind, num_warps, num_stages):
    """Writes the TTIR a kernel is compiled from into TRIDENT_TRITON_DUMP
    (a directory), when set, as <name>.<target>.w<warps>s<stages>.ttir:
    `trident compile` on it reproduces the compile, a failing one
    included."""
    directory = os.environ.get("TRIDENT_TRITON_DUMP")
    if not directory:
        return
    found = re.search(r"tt\.func public @\"?([\w.$-]+)", text)
    name = found.group(1) if found else name
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in name)
    path = os.path.join(directory, "%s.%s.w%ss%s.ttir" % (
        safe, kind, num_warps, num_stages))
    try:
        os.makedirs(directory, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as error:
        raise _targets.TargetError("TRIDENT_TRITON_DUMP: cannot write '%s': "
                                   "%s" % (path, error.strerror)) from None


def _bundle_parameter_count(data):
    """How many parameters the compiled kernel in bundle `data` takes."""
    import trident
    return len(trident.Kernel.from_bytes(data).signature)


def _build_stamp():
    """Size and modification time of the compiler library and of every file
    in the plugin directories: a rebuilt Trident keeps its version string,
    and its kernels must not come back from Triton's cache."""
    import glob
    import hashlib
    import trident
    files = []
    try:
        libdir = trident.library_dir()
        files.append(os.path.join(libdir, "libTridentCompiler.so"))
        dirs = [os.path.join(libdir, "trident", "plugins")]
    except Exception:  # no libraries: compiling fails with the reason
        dirs = []
    for variable in ("TRIDENT_PLUGINS", "TRIDENT_ADD_PLUGINS"):
        dirs += [p for p in os.environ.get(variable, "").split(os.pathsep)
                 if p]
    for entry in dirs:
        files += sorted(glob.glob(os.path.join(entry, "*"))) if \
            os.path.isdir(entry) else [entry]
    digest = hashlib.sha256()
    for path in files:
        try:
            info = os.stat(path)
        except OSError:
            continue
        digest.update(("%s:%d:%d;" % (os.path.basename(path), info.st_size,
                                      info.st_mtime_ns)).encode())
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def _backend_identity(target, options):
    """What the Triton cache key holds of this backend: the plugin's name,
    the Trident compiler's version and build stamp, the target and its
    extra options."""
    version = _compile.compiler_version()
    return "trident-triton-1:%s:%s:%s:%s" % (version, _build_stamp(), target,
                                             options)


class TridentBackend(BaseBackend):
    """Shared implementation; the concrete classes set `triton_backend`."""

    #: The GPUTarget.backend this class compiles for ("cpu" or "cuda").
    triton_backend = None
    binary_ext = "tkb"

    @classmethod
    def supports_target(cls, target):
        return target.backend == cls.triton_backend

    def __init__(self, target):
        super().__init__(target)
        self.binary_ext = "tkb"
        self.trident_target = self._trident_target(target)
        if self.trident_target.kind == "cpu":
            capability = CPU_FRONTEND_CAPABILITY
        else:
            capability = self.trident_target.capability
        from triton.backends.nvidia.compiler import CUDABackend
        self._frontend = CUDABackend(GPUTarget("cuda", capability, 32))

    def _trident_target(self, target):
        raise NotImplementedError

    def hash(self):
        return _backend_identity(self.trident_target.trident,
                                 _targets.extra_options())

    def parse_options(self, options):
        # The nvidia backend's options: the frontend reads them (fp8 types,
        # dot precisions, debug, sanitize_overflow) and JIT keyword checks
        # accept exactly their fields.
        return self._frontend.parse_options(options)

    def pack_metadata(self, metadata):
        return (metadata.num_warps, getattr(metadata, "num_ctas", 1),
                metadata.shared)

    def get_codegen_implementation(self, options=None):
        method = self._frontend.get_codegen_implementation
        if _accepts_positional(method, 1):
            return method(options)
        return method()

    def get_module_map(self):
        return self._frontend.get_module_map()

    def load_dialects(self, context):
        self._frontend.load_dialects(context)

    def add_stages(self, stages, options, language=None):
        if (Language is not None and language is not None
                and language != Language.TRITON):
            raise RuntimeError(
                "the Trident backend compiles Triton kernels; %s kernels "
                "(Gluon) are written for one GPU's layouts and go through "
                "Triton's own backend" % getattr(language, "name", language))
        frontend_stages = {}
        add = self._frontend.add_stages
        if _accepts_positional(add, 3):
            add(frontend_stages, options,
                language if language is not None else Language.TRITON)
        else:
            add(frontend_stages, options)
        stages["ttir"] = frontend_stages["ttir"]
        # Trident's own IR stages between TTIR and the binary ("ttgir",
        # "llir", "ptx" for nvidia) become stages of Triton's too, so that
        # CompiledKernel.asm holds them as it does for Triton's backends
        # (tests and tools read asm["ptx"], asm["ttgir"]). The first of them
        # compiles the whole kernel once, keeping every stage's text in the
        # bundle; the others and "tkb" read that compile's result.
        compiled = {}
        for name in self._ir_stages():
            stages[name] = functools.partial(self._stage_text, name, compiled,
                                             options)
        stages[self.binary_ext] = functools.partial(self.make_tkb,
                                                    compiled=compiled,
                                                    options=options)

    def _ir_stages(self):
        names = _compile.stage_names(self.trident_target.trident)
        # Leave out "ttir" (Triton's) and the last stage (the binary, which
        # the bundle carries as its binary, not as text).
        return names[1:-1]

    def _stage_text(self, name, compiled, options, module, metadata):
        if "result" not in compiled:
            self._compile(module, metadata, options, compiled)
        return compiled["stages"].get(name, "")

    def make_tkb(self, module, metadata, options, compiled=None):
        compiled = {} if compiled is None else compiled
        if "result" not in compiled:
            self._compile(module, metadata, options, compiled)
        return compiled["result"].data

    def _compile(self, module, metadata, options, compiled):
        text = module if isinstance(module, str) else str(module)
        kind = self.trident_target.kind
        keep = bool(self._ir_stages())
        _dump_source(text, metadata.get("name") or "kernel", kind,
                     options.num_warps, options.num_stages)
        result = _compile.compile_ttir(
            text, self.trident_target.trident,
            num_warps=options.num_warps,
            num_stages=options.num_stages if kind == "nvidia" else None,
            num_ctas=getattr(options, "num_ctas", 1) if kind == "nvidia"
            else None,
            options=_targets.extra_options(),
            source_name=metadata.get("name") or None,
            keep_stages=keep)
        compiled["result"] = result
        compiled["stages"] = {}
        if keep:
            import trident
            compiled["stages"] = trident.Kernel.from_bytes(result.data).stages
        _state.count_compile(self.trident_target.trident)
        metadata["name"] = result.name
        metadata["num_warps"] = result.num_warps
        metadata["shared"] = result.shared
        metadata["trident_target"] = result.target
        metadata["trident_num_params"] = _bundle_parameter_count(result.data)
        # What Triton's CUDA launcher and torch Inductor read; Trident
        # kernels get no scratch buffers from the caller.
        metadata["global_scratch_size"] = 0
        metadata["global_scratch_align"] = 1
        metadata["profile_scratch_size"] = 0
        metadata["profile_scratch_align"] = 1


@functools.lru_cache(maxsize=None)
def _cpu_options_class(base):
    """The frontend's options dataclass with CPU_IGNORED_HINTS added."""
    import dataclasses
    return dataclasses.make_dataclass(
        "TridentCpuOptions",
        [(name, int, dataclasses.field(default=value))
         for name, value in CPU_IGNORED_HINTS.items()],
        bases=(base,), frozen=True)


class CpuBackend(TridentBackend):
    triton_backend = "cpu"

    def _trident_target(self, target):
        return _targets.Target("cpu")

    def parse_options(self, options):
        import dataclasses
        base = super().parse_options(options)
        fields = {f.name: getattr(base, f.name)
                  for f in dataclasses.fields(base) if f.init}
        hints = {name: int(options[name]) for name in CPU_IGNORED_HINTS
                 if options.get(name) is not None}
        return _cpu_options_class(type(base))(**fields, **hints)

    def _compile(self, module, metadata, options, compiled):
        super()._compile(module, metadata, options, compiled)
        metadata["shared"] = CPU_CORE_SHARED_BYTES


class CudaBackend(TridentBackend):
    triton_backend = "cuda"

    def _trident_target(self, target):
        active = _state.active_target()
        if active is not None and active.kind == "nvidia":
            return active
        return _targets.Target("nvidia", int(target.arch))
