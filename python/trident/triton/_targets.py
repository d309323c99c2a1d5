"""Target strings and environment settings of the Triton backend.

Pure Python, no Triton and no Trident libraries: what activate() accepts
("cpu", "nvidia", "nvidia:sm_90", "cuda:90"), how it maps onto the GPUTarget
identity Triton sees, and the environment variables the backend reads. Kept
apart so that it is testable on a machine without Triton.
"""

import os
import re

#: Environment variable choosing how kernels are compiled: "subprocess" (the
#: default: a persistent child process that never loads Triton's LLVM) or
#: "inprocess" (libTridentCompiler loaded next to libtriton).
COMPILE_MODE_ENV = "TRIDENT_TRITON_COMPILE"
COMPILE_MODES = ("subprocess", "inprocess")
DEFAULT_COMPILE_MODE = "subprocess"

#: Extra Trident target options for every kernel, "KEY=VALUE,KEY=VALUE"
#: (what `trident compile --opt` takes).
OPTIONS_ENV = "TRIDENT_TRITON_OPTS"

_NVIDIA_ALIASES = ("nvidia", "cuda")
_ARCH = re.compile(r"^(?:sm_?)?(\d+)(a?)$")


class TargetError(ValueError):
    """A target string activate() does not accept."""


def compile_mode(environ=None):
    """The compile mode TRIDENT_TRITON_COMPILE selects (default
    "subprocess")."""
    environ = os.environ if environ is None else environ
    mode = environ.get(COMPILE_MODE_ENV, "").strip().lower()
    if not mode:
        return DEFAULT_COMPILE_MODE
    if mode not in COMPILE_MODES:
        raise TargetError("%s=%r is not one of %s" %
                          (COMPILE_MODE_ENV, mode, ", ".join(COMPILE_MODES)))
    return mode


def extra_options(environ=None):
    """The Trident target options of TRIDENT_TRITON_OPTS, as a sorted tuple
    of (key, value) strings."""
    environ = os.environ if environ is None else environ
    text = environ.get(OPTIONS_ENV, "").strip()
    result = {}
    if not text:
        return ()
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise TargetError("%s: %r is not KEY=VALUE" % (OPTIONS_ENV, item))
        result[key.strip()] = value.strip()
    return tuple(sorted(result.items()))


class Target:
    """One Trident target as the Triton backend uses it.

    `kind` is "cpu" or "nvidia"; `capability` the CUDA compute capability
    (90) for nvidia, None for cpu; `suffix` "a" for sm_90a. `trident` is the
    string trident.compile takes ("cpu", "nvidia:sm_90").
    """

    __slots__ = ("kind", "capability", "suffix")

    def __init__(self, kind, capability=None, suffix=""):
        self.kind = kind
        self.capability = capability
        self.suffix = suffix

    @property
    def trident(self):
        if self.kind == "cpu":
            return "cpu"
        return "nvidia:sm_%d%s" % (self.capability, self.suffix)

    @property
    def triton_backend(self):
        """The GPUTarget.backend Triton (and torch Inductor) use for it."""
        return "cpu" if self.kind == "cpu" else "cuda"

    @property
    def registry_name(self):
        """The name of the triton.backends entry that serves it."""
        return "cpu" if self.kind == "cpu" else "nvidia"

    def __eq__(self, other):
        return isinstance(other, Target) and self.trident == other.trident

    def __hash__(self):
        return hash(self.trident)

    def __repr__(self):
        return "Target(%r)" % self.trident


def parse_target(text, device_capability=None):
    """The Target a string names.

    Accepts "cpu", "nvidia" / "cuda" (the capability of the current GPU,
    asked through `device_capability()`, a callable returning (major,
    minor)), "nvidia:sm_90", "nvidia:sm_90a", "nvidia:90", "cuda:90".
    """
    if isinstance(text, Target):
        return text
    if not isinstance(text, str) or not text.strip():
        raise TargetError("a Trident target is a non-empty str such as 'cpu' "
                          "or 'nvidia:sm_90'; got %r" % (text,))
    spec = text.strip().lower()
    kind, _, arch = spec.partition(":")
    if kind == "cpu":
        if arch:
            raise TargetError("target 'cpu' takes no architecture; got %r" %
                              text)
        return Target("cpu")
    if kind in _NVIDIA_ALIASES:
        if not arch:
            if device_capability is None:
                raise TargetError(
                    "target %r needs the GPU's compute capability; name it "
                    "('nvidia:sm_90') or run where torch sees a CUDA device" %
                    text)
            major, minor = device_capability()
            return Target("nvidia", major * 10 + minor)
        match = _ARCH.match(arch)
        if not match:
            raise TargetError("%r: the architecture is sm_NN or NN (sm_90, "
                              "90, sm_90a)" % text)
        return Target("nvidia", int(match.group(1)), match.group(2))
    if kind in ("intel", "xpu"):
        raise TargetError(
            "target %r: Triton 3.6 ships no Intel driver to hand kernels "
            "to, so the Triton backend serves 'cpu' and 'nvidia'; use "
            "trident.compile for intel" % text)
    raise TargetError("unknown Trident target %r; the Triton backend serves "
                      "'cpu', 'nvidia' and 'nvidia:sm_NN'" % text)


def _split_top_level(text):
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


def signature_type(ty):
    """A launcher signature entry in one form: a str ("*fp32", "i32",
    "constexpr") or a tuple of entries (Triton writes a tuple argument's
    type as a Python tuple or as the text "(*fp32,i32)")."""
    if isinstance(ty, (tuple, list)):
        return tuple(signature_type(t) for t in ty)
    ty = str(ty).strip()
    if ty.startswith("(") and ty.endswith(")"):
        return tuple(signature_type(t) for t in _split_top_level(ty[1:-1]))
    return ty


def runtime_argument_plan(types, constant_paths=(), frontend_shapes=True):
    """Which of a kernel's Python arguments reach the compiled kernel.

    `types` are the launcher signature's entries in parameter order;
    `constant_paths` the argument paths (tuples of indices) Triton folded
    into the kernel. Returns a tuple of paths, in order: the kernel takes
    the argument at each path (a path goes into tuple arguments). Triton
    passes every argument to the launcher, constexprs included; the TTIR
    function has only the rest, flattened.

    A host-side TensorDescriptor ("tensordesc<fp16[64, 64]>") is its parts,
    as tt-rewrite-tensor-descriptors makes the kernel's parameters of it:
    paths ending in "base", "shape<d>", "stride<d>" and "pad_nan" (see
    descriptor_part). Triton's frontend follows each descriptor parameter
    with its shape (i32) and strides (i64) as parameters of their own, for
    `desc.shape` in the kernel: with `frontend_shapes`, those follow.
    """
    constants = {tuple(p) for p in constant_paths}
    plan = []

    def walk(ty, path):
        if path in constants:
            return
        if isinstance(ty, tuple):
            for index, sub in enumerate(ty):
                walk(sub, path + (index,))
            return
        if ty == "constexpr":
            return
        if ty.startswith("tensordesc"):
            rank = descriptor_rank(ty)
            plan.append(path + ("base",))
            plan.extend(path + ("shape%d" % d,) for d in range(rank))
            plan.extend(path + ("stride%d" % d,) for d in range(rank))
            plan.append(path + ("pad_nan",))
            if frontend_shapes:
                plan.extend(path + ("shape%d" % d,) for d in range(rank))
                plan.extend(path + ("stride%d" % d,) for d in range(rank))
            return
        if ty == "nvTmaDesc":
            raise TargetError(
                "argument %s is an opaque TMA descriptor (%s); the Trident "
                "backend takes tensor descriptors as "
                "triton.tools.tensor_descriptor.TensorDescriptor" % (path, ty))
        plan.append(path)

    for index, ty in enumerate(types):
        walk(signature_type(ty), (index,))
    return tuple(plan)


def descriptor_rank(ty):
    """The rank of a "tensordesc<fp16[64, 64]...>" signature entry: the
    number of dimensions of its block shape."""
    start, end = ty.find("["), ty.find("]")
    if start < 0 or end < start:
        raise TargetError("cannot read the block shape of tensor descriptor "
                          "type '%s'" % ty)
    return len([d for d in ty[start + 1:end].split(",") if d.strip()])


def descriptor_part(descriptor, part):
    """One kernel parameter of a host-side TensorDescriptor (its base
    tensor, shape, strides and padding): `part` is "base", "shape<d>",
    "stride<d>" or "pad_nan"."""
    try:
        if part == "base":
            return descriptor.base
        if part == "pad_nan":
            return getattr(descriptor, "padding", "zero") == "nan"
        if part.startswith("shape"):
            return int(descriptor.shape[int(part[5:])])
        return int(descriptor.strides[int(part[6:])])
    except (AttributeError, IndexError, TypeError, ValueError):
        raise TargetError(
            "a tensor-descriptor argument must be a "
            "triton.tools.tensor_descriptor.TensorDescriptor (base, shape, "
            "strides, padding); got %r" % (descriptor,)) from None
