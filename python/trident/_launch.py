"""The per-kernel launch function, generated once per kernel.

A launch is on the critical path of every kernel call (the Triton backend
calls it once per @triton.jit launch), so each kernel gets a function
written for its own signature: the arguments are unpacked by position, the
common case of each parameter (a numpy array of the right element size on
the cpu target, an int in range, a float) is handled inline, writing
straight into the pre-built TridentArg array, and anything else goes to the
parameter's converter (_args.make_converter), which handles the other buffer
kinds and raises the errors. The result is one ctypes call per launch and no
allocation of ctypes objects.
"""

import ctypes
import operator
import sys

from . import _lib
from ._errors import TridentError

_INT_KINDS = {_lib.ARG_I1: 1, _lib.ARG_I8: 8, _lib.ARG_I16: 16,
              _lib.ARG_I32: 32, _lib.ARG_I64: 64}


def build_launch(launcher, kernel, ndarray):
    """Returns launch(grid, args, stream) for `launcher` (a _Launcher)."""
    from . import _args

    # torch tensors get an inline case too when torch is already imported
    # (the package never imports it): a torch.Tensor proper (not a
    # subclass) on the target's device type.
    torch = sys.modules.get("torch")
    tensor = getattr(torch, "Tensor", None) if torch is not None else None
    flag = launcher.placement.torch_flag

    count = launcher.count
    env = {
        "TridentError": TridentError,
        "ndarray": ndarray,
        "Tensor": tensor,
        "addressof": ctypes.addressof,
        "from_buffer": ctypes.c_char.from_buffer,
        "q": launcher.writer.q,
        "raw": launcher.writer.bytes,
        "gv": launcher.grid_view,
        "lock": launcher.lock,
        "fn": launcher.fn,
        # ctypes objects rather than ints: ctypes passes them as they are
        # instead of converting an int on every call.
        "handle": ctypes.c_void_p(launcher.handle),
        "grid_address": ctypes.c_void_p(launcher.grid_address),
        "args_address": ctypes.c_void_p(launcher.args_address),
        "count": ctypes.c_uint32(launcher.count),
        "check": launcher.runtime.check,
        "stream_fn": launcher.stream_fn,
        "bad_grid": _bad_grid(kernel.name),
        "set_grid": _set_grid(launcher.grid_view),
        "bad_count": _bad_count(kernel.name, kernel.signature),
        "pack_f32": _args._F32_PACK,
        "pack_f64": _args._F64_PACK,
    }
    lines = ["def launch(grid, args, stream=None):",
             "    if len(args) != %d:" % count,
             "        bad_count(args)"]
    names = ["a%d" % i for i in range(count)]
    if count:
        lines.append("    %s, = args" % ", ".join(names))
    lines += [
        "    with lock:",
        "        try:",
        "            if type(grid) is int:",
        "                gv[0] = grid",
        "                gv[1] = 1",
        "                gv[2] = 1",
        "            elif type(grid) is tuple and 1 <= len(grid) <= 3:",
        "                n = len(grid)",
        "                gv[0] = grid[0]",
        "                gv[1] = grid[1] if n > 1 else 1",
        "                gv[2] = grid[2] if n > 2 else 1",
        "            else:",
        "                set_grid(grid)",
        "        except (ValueError, TypeError, OverflowError):",
        "            bad_grid(grid)",
    ]
    host = launcher.placement.host
    for index, (kind, param) in enumerate(zip(kernel._arg_kinds,
                                              kernel.signature)):
        a = names[index]
        convert = "convert%d" % index
        env[convert] = launcher.converters[index]
        slot = 2 * index + 1
        if kind == _lib.ARG_POINTER:
            esize = _args.element_size(param.element_type)
            branch = "if"
            if host and ndarray is not None and esize is not None:
                lines += [
                    "        if type(%s) is ndarray and %s.itemsize == %d:" %
                    (a, a, esize),
                    "            try:",
                    "                q[%d] = addressof(from_buffer(%s))" %
                    (slot, a),
                    "            except (TypeError, ValueError, BufferError):",
                    "                %s(%s)" % (convert, a),
                ]
                branch = "elif"
            if tensor is not None and flag and esize is not None:
                lines += [
                    "        %s type(%s) is Tensor and %s.%s and "
                    "%s.element_size() == %d:" % (branch, a, a, flag, a, esize),
                    "            q[%d] = %s.data_ptr()" % (slot, a),
                ]
                branch = "elif"
            if branch == "if":
                lines.append("        %s(%s)" % (convert, a))
            else:
                lines += ["        else:",
                          "            %s(%s)" % (convert, a)]
        elif kind in _INT_KINDS and kind != _lib.ARG_I1:
            bits = _INT_KINDS[kind]
            low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            # Non-negative values up to the signed maximum store as they
            # are; the rest (the unsigned spelling of a pattern, errors) go
            # through the converter.
            lines += [
                "        if type(%s) is int and %d <= %s <= %d:" %
                (a, low, a, high),
                "            q[%d] = %s" % (slot, a),
                "        else:",
                "            %s(%s)" % (convert, a),
            ]
        elif kind in (_lib.ARG_F32, _lib.ARG_F64):
            pack = "pack_f32" if kind == _lib.ARG_F32 else "pack_f64"
            lines += [
                "        if type(%s) is float:" % a,
                "            try:",
                "                %s(raw, %d, %s)" % (pack, 16 * index + 8, a),
                "            except OverflowError:",
                "                %s(%s)" % (convert, a),
                "        else:",
                "            %s(%s)" % (convert, a),
            ]
        else:
            lines.append("        %s(%s)" % (convert, a))
    if launcher.stream_fn is not None:
        lines += ["        if stream is None:",
                  "            stream = stream_fn()"]
        # To CUDA, handle 0 is the legacy default stream (torch's default
        # stream); to the runtime, NULL is its own stream, which does not
        # wait for the default one. Name the legacy stream explicitly.
        lines += ["        elif stream == 0:",
                  "            stream = %d" % _CU_STREAM_LEGACY]
    lines += [
        "        status = fn(handle, grid_address, args_address, count, "
        "stream)",
        "    if status:",
        "        check(status, '')",
    ]
    source = "\n".join(lines) + "\n"
    exec(compile(source, "<trident launch of %s>" % kernel.name, "exec"), env)
    launch = env["launch"]
    launch.source = source
    return launch


# CUDA's CU_STREAM_LEGACY: the legacy default stream, by name.
_CU_STREAM_LEGACY = 1


def _set_grid(view):
    """Fills the grid from any other form: a numpy int, a list, a tuple of
    numpy ints. Raises ValueError or TypeError for a bad one."""
    def set_grid(grid):
        if hasattr(grid, "__index__"):
            dims = (operator.index(grid),)
        else:
            dims = tuple(operator.index(d) for d in grid)
        if not 1 <= len(dims) <= 3:
            raise ValueError
        view[0] = dims[0]
        view[1] = dims[1] if len(dims) > 1 else 1
        view[2] = dims[2] if len(dims) > 2 else 1
    return set_grid


def _bad_grid(name):
    def bad_grid(grid):
        raise TridentError(
            "grid %r of kernel '%s' is not 1 to 3 non-negative 32-bit ints" %
            (grid, name))
    return bad_grid


def _bad_count(name, signature):
    # Takes the name and signature, not the kernel: the launch function
    # must not keep its kernel alive.
    names = ", ".join(p.name or "?" for p in signature)
    count = len(signature)

    def bad_count(args):
        raise TridentError("kernel '%s' takes %d arguments (%s), got %d" %
                           (name, count, names, len(args)))
    return bad_count
