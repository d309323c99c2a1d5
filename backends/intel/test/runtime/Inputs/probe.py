"""Loads a runtime library by path (ctypes, no Trident code) and prints what
its entry and `probe` say: the standalone libTridentIntelRuntime.so works
without the compiler.

  probe.py LIBRARY
"""

import ctypes
import sys


class Status(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int32), ("message", ctypes.c_char_p)]


PROBE = ctypes.CFUNCTYPE(ctypes.POINTER(Status), ctypes.POINTER(ctypes.c_int32))
RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(Status))


class Api(ctypes.Structure):
    # TridentRuntimeApi (trident-c/Runtime.h): the fields used here, then the
    # function pointers in order, release_status and the appended
    # launch_on_stream last.
    _fields_ = [("struct_size", ctypes.c_uint32), ("version", ctypes.c_uint32),
                ("target_kind", ctypes.c_char_p), ("probe", PROBE)] + \
               [("f%d" % i, ctypes.c_void_p) for i in range(10)] + \
               [("release_status", RELEASE),
                ("launch_on_stream", ctypes.c_void_p)]


def main():
    library = ctypes.CDLL(sys.argv[1])
    entry = library.trident_runtime_entry
    entry.restype = ctypes.POINTER(Api)
    api = entry().contents
    if api.struct_size != ctypes.sizeof(Api):
        sys.exit("struct_size %d, expected %d" % (api.struct_size,
                                                  ctypes.sizeof(Api)))
    print("kind %s, version %d, %d bytes" % (api.target_kind.decode(),
                                             api.version, api.struct_size))
    count = ctypes.c_int32(-1)
    status = api.probe(ctypes.byref(count))
    if status:
        print("probe: %s" % status.contents.message.decode())
        api.release_status(status)
    else:
        print("probe: %d device(s)" % count.value)


if __name__ == "__main__":
    main()
