"""Turning Python launch arguments into TridentArg values.

A Kernel builds one converter per parameter when it is first launched;
each converter writes its argument straight into the kernel's pre-built
TridentArg array (through memoryviews of that array's bytes), so a launch
allocates no ctypes objects and looks nothing up by name.

Buffers are passed as TRIDENT_ARG_ADDRESS, the raw address of the caller's
memory, read and written in place:

- numpy arrays (cpu);
- objects with ``data_ptr()`` (torch tensors, cpu or cuda, or any wrapper of
  a raw address);
- objects with ``__dlpack__`` (the DLPack capsule's DLTensor gives the data
  pointer, the device and the element type).

An array's element size must equal the pointee's: bf16 pointees take
uint16/int16 arrays, i1 pointees bool/int8/uint8 arrays.
"""

import ctypes
import math
import operator
import struct

from . import _lib
from ._errors import BufferDeviceError, TridentError

try:  # numpy is optional: without it, buffers come through the protocols.
    import numpy as _np

    _ndarray = _np.ndarray
except ImportError:  # pragma: no cover - numpy is installed in CI
    _np = None
    _ndarray = None


def element_size(type_text):
    """The size in bytes of a pointee type as the bundle writes it (MLIR's
    syntax: "f32", "i1", "bf16", "f8E4M3FN", "!tt.ptr<f32>"), or None when
    unknown (then the element size is not checked)."""
    if not type_text:
        return None
    if type_text.startswith("!tt.ptr<"):
        return 8
    if type_text[0] == "i" and type_text[1:].isdigit():
        return max(1, (int(type_text[1:]) + 7) // 8)
    sizes = {"f16": 2, "bf16": 2, "f32": 4, "tf32": 4, "f64": 8}
    if type_text in sizes:
        return sizes[type_text]
    if type_text.startswith("f8"):
        return 1
    return None


# What each pointee may be given as, for the messages.
def _expected_elements(type_text, size):
    if type_text == "bf16":
        return "2-byte elements (uint16/int16 for bf16)"
    if type_text == "i1":
        return "1-byte elements (bool, int8 or uint8)"
    return "%d-byte elements" % size


# DLPack (dlpack.h): DLDevice type codes, and the DLTensor layout.
_DL_CPU = 1
_DL_CUDA = 2
_DL_CUDA_HOST = 3
_DL_CUDA_MANAGED = 13
_DL_ONEAPI = 14
_DL_DEVICE_NAMES = {1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl",
                    7: "vulkan", 8: "metal", 9: "vpi", 10: "rocm",
                    11: "rocm_host", 13: "cuda_managed", 14: "oneapi"}


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device_type", ctypes.c_int32),
        ("device_id", ctypes.c_int32),
        ("ndim", ctypes.c_int32),
        ("dtype_code", ctypes.c_uint8),
        ("dtype_bits", ctypes.c_uint8),
        ("dtype_lanes", ctypes.c_uint16),
        ("shape", ctypes.c_void_p),
        ("strides", ctypes.c_void_p),
        ("byte_offset", ctypes.c_uint64),
    ]


_capsule_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get_pointer.restype = ctypes.c_void_p
_capsule_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


class Placement:
    """Which memory a target's kernels can address: DLPack device types
    and the torch device type."""

    def __init__(self, kind):
        self.kind = kind
        if kind == "cpu":
            self.dlpack = (_DL_CPU, _DL_CUDA_HOST, _DL_CUDA_MANAGED)
            self.torch = "cpu"
        elif kind == "nvidia":
            self.dlpack = (_DL_CUDA, _DL_CUDA_MANAGED, _DL_CUDA_HOST)
            self.torch = "cuda"
        elif kind == "intel":
            self.dlpack = (_DL_ONEAPI,)
            self.torch = "xpu"
        else:
            self.dlpack = None  # unknown: not checked
            self.torch = None
        self.host = kind == "cpu"
        self.torch_flag = "is_" + self.torch if self.torch else None


def _describe(value):
    kind = type(value)
    return "%s.%s" % (kind.__module__, kind.__qualname__) \
        if kind.__module__ != "builtins" else kind.__name__


def _torch_device_type(value):
    device = getattr(value, "device", None)
    return getattr(device, "type", None) if device is not None else None


def buffer_address(value, which, placement, esize, type_text):
    """The address of buffer `value` (the slow path: anything but a host
    numpy array on the cpu target), after checking its device and element
    size. `which` names the argument in messages."""
    data_ptr = getattr(value, "data_ptr", None)
    if data_ptr is not None and callable(data_ptr):
        # torch's `is_cpu` / `is_cuda` / `is_xpu` answer without making a
        # torch.device; other objects may only have `device`.
        on_target = getattr(value, placement.torch_flag, None) \
            if placement.torch_flag else None
        device = None if on_target is True else _torch_device_type(value)
        # Pinned host memory is mapped into the GPU's address space (unified
        # addressing): a kernel reads it in place, as under Triton.
        if placement.torch is not None and device is not None and \
                device != placement.torch and not (
                    device == "cpu" and placement.torch == "cuda" and
                    callable(getattr(value, "is_pinned", None)) and
                    value.is_pinned()):
            raise BufferDeviceError(
                "%s is a buffer on device '%s'; a kernel for target '%s' "
                "needs %s memory (move it with .to('%s'))" %
                (which, device, placement.kind, placement.torch,
                 placement.torch))
        if esize is not None:
            size_fn = getattr(value, "element_size", None)
            size = size_fn() if callable(size_fn) else getattr(
                value, "itemsize", None)
            if size is not None and size != esize:
                dtype = getattr(value, "dtype", None)
                raise TridentError(
                    "%s has %d-byte elements%s, the kernel's pointee %s "
                    "needs %s" % (which, size, " (%s)" % dtype if dtype
                                  is not None else "", type_text,
                                  _expected_elements(type_text, esize)))
        return data_ptr()
    if _ndarray is not None and isinstance(value, _ndarray):
        if not placement.host:
            raise BufferDeviceError(
                "%s is a numpy array (host memory); a kernel for target '%s' "
                "needs device memory (a torch tensor on '%s', or any "
                "__dlpack__ buffer on the device)" %
                (which, placement.kind, placement.torch or placement.kind))
        if esize is not None and value.itemsize != esize:
            raise TridentError(
                "%s has %d-byte elements (%s), the kernel's pointee %s needs "
                "%s" % (which, value.itemsize, value.dtype, type_text,
                        _expected_elements(type_text, esize)))
        return value.ctypes.data
    if hasattr(value, "__dlpack__"):
        return _dlpack_address(value, which, placement, esize, type_text)
    raise TridentError(
        "%s is a %s; a pointer parameter takes a numpy array, an object with "
        "data_ptr() (a torch tensor) or a __dlpack__ buffer" %
        (which, _describe(value)))


def _dlpack_address(value, which, placement, esize, type_text):
    device_fn = getattr(value, "__dlpack_device__", None)
    if device_fn is not None:
        device_type = int(device_fn()[0])
        _check_dlpack_device(device_type, which, placement)
    try:
        capsule = value.__dlpack__()
    except (BufferError, TypeError, ValueError) as error:
        raise TridentError("%s cannot be exported through DLPack: %s" %
                           (which, error)) from None
    # The capsule owns the DLManagedTensor (its first member, the DLTensor,
    # is read here) until it is collected: keep it alive while reading.
    pointer = _capsule_get_pointer(capsule, b"dltensor")
    if not pointer:
        raise TridentError("%s gave a DLPack capsule that was already "
                           "consumed" % which)
    tensor = _DLTensor.from_address(pointer)
    _check_dlpack_device(tensor.device_type, which, placement)
    bits = tensor.dtype_bits * max(1, tensor.dtype_lanes)
    size = (bits + 7) // 8
    if esize is not None and size != esize:
        raise TridentError(
            "%s has %d-byte elements (DLPack dtype code %d, %d bits), the "
            "kernel's pointee %s needs %s" %
            (which, size, tensor.dtype_code, tensor.dtype_bits, type_text,
             _expected_elements(type_text, esize)))
    address = (tensor.data or 0) + tensor.byte_offset
    del capsule
    return address


def _check_dlpack_device(device_type, which, placement):
    if placement.dlpack is not None and device_type not in placement.dlpack:
        raise BufferDeviceError(
            "%s is a buffer on DLPack device '%s'; a kernel for target '%s' "
            "needs %s memory" %
            (which, _DL_DEVICE_NAMES.get(device_type, str(device_type)),
             placement.kind, placement.torch or placement.kind))


class ArgWriter:
    """Views of a TridentArg array's bytes, written by the converters."""

    def __init__(self, count):
        self.array = (_lib.TridentArg * max(1, count))()
        raw = memoryview(self.array).cast("B")
        self.bytes = raw
        self.q = raw.cast("q")  # 2 * i + 1: the value of argument i
        self.i32 = raw.cast("I")  # 4 * i: the kind of argument i
        self.address = ctypes.addressof(self.array)


_F32_PACK = struct.Struct("<f").pack_into
_F16_PACK = struct.Struct("<e").pack_into
_F64_PACK = struct.Struct("<d").pack_into
_U16_PACK = struct.Struct("<H").pack_into
_F32_BITS = struct.Struct("<I")
_F32 = struct.Struct("<f")


def _bf16_bits(value):
    """The bf16 pattern of `value` (rounded to nearest even, through f32)."""
    if math.isnan(value):
        return 0x7FC0
    bits = _F32_BITS.unpack(_F32.pack(value))[0]
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def make_converter(writer, index, kind, type_text, which, placement):
    """The function that writes argument `index` (a parameter of TridentArgKind
    `kind`; a pointer's pointee type `type_text`) into `writer`."""
    q = writer.q
    slot = 2 * index + 1
    offset = 16 * index + 8
    raw = writer.bytes
    if kind == _lib.ARG_POINTER:
        writer.i32[4 * index] = _lib.ARG_ADDRESS
        esize = element_size(type_text)
        host = placement.host
        ndarray = _ndarray
        from_buffer = ctypes.c_char.from_buffer
        addressof = ctypes.addressof

        def convert_pointer(value):
            # The common case first: a writable C-contiguous numpy array on
            # the cpu target (from_buffer is the cheapest way to its address,
            # and refuses read-only or strided arrays, which take the slow
            # path).
            if type(value) is ndarray and host:
                if value.itemsize == esize or esize is None:
                    try:
                        q[slot] = addressof(from_buffer(value))
                        return
                    except (TypeError, ValueError, BufferError):
                        pass
            q[slot] = buffer_address(value, which, placement, esize,
                                     type_text)

        return convert_pointer

    writer.i32[4 * index] = kind
    if kind in (_lib.ARG_I1, _lib.ARG_I8, _lib.ARG_I16, _lib.ARG_I32,
                _lib.ARG_I64):
        bits = {_lib.ARG_I1: 1, _lib.ARG_I8: 8, _lib.ARG_I16: 16,
                _lib.ARG_I32: 32, _lib.ARG_I64: 64}[kind]
        # Signless, as the command line reads them: an N-bit parameter takes
        # -2^(N-1) .. 2^N - 1 (a bit pattern may be written unsigned).
        low = -(1 << (bits - 1))
        high = (1 << bits) - 1
        name = _lib.ARG_KIND_NAMES[kind]
        is_bool = kind == _lib.ARG_I1

        def convert_int(value):
            if type(value) is not int:
                if _np is not None and isinstance(value, _np.bool_):
                    value = int(value)
                elif isinstance(value, float) or not hasattr(value,
                                                             "__index__"):
                    raise TridentError(
                        "%s is an %s parameter; got %s %r (pass an int)" %
                        (which, name, _describe(value), value))
                else:
                    value = operator.index(value)
            if not low <= value <= high:
                raise TridentError(
                    "%s: %d is out of range for %s (%d to %d)" %
                    (which, value, name, low, high))
            if is_bool:
                value = 1 if value else 0
            elif value >= 1 << 63:
                value -= 1 << 64
            q[slot] = value

        return convert_int

    name = _lib.ARG_KIND_NAMES[kind]
    pack = {_lib.ARG_F32: _F32_PACK, _lib.ARG_F16: _F16_PACK,
            _lib.ARG_F64: _F64_PACK}.get(kind)
    is_bf16 = kind == _lib.ARG_BF16
    largest = {_lib.ARG_F16: "65504", _lib.ARG_BF16: "3.38953e+38",
               _lib.ARG_F32: "3.40282e+38", _lib.ARG_F64: "1.79769e+308"}[kind]

    def convert_float(value):
        if type(value) is not float:
            try:
                value = float(value)
            except (TypeError, ValueError):
                raise TridentError(
                    "%s is an %s parameter; got %s %r (pass a float)" %
                    (which, name, _describe(value), value)) from None
            except OverflowError:
                raise TridentError(
                    "%s: %s is out of range for %s (largest finite %s)" %
                    (which, value, name, largest)) from None
        try:
            if is_bf16:
                bits = _bf16_bits(value)
                if bits & 0x7FFF == 0x7F80 and not math.isinf(value):
                    raise OverflowError
                _U16_PACK(raw, offset, bits)
            else:
                pack(raw, offset, value)
        except OverflowError:
            raise TridentError(
                "%s: %r is out of range for %s (largest finite %s)" %
                (which, value, name, largest)) from None

    return convert_float
