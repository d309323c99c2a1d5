"""Packs a SPIR-V module into an intel kernel bundle (.tkb, docs/bundle.md).

Standard library only. The intel runtime tests launch hand-written SPIR-V
kernels (Inputs/*.spvasm, assembled by spirv-as) through the Level Zero test
driver, independently of the compiler half.

  make_bundle.py SPV OUT --kernel NAME [--target intel:pvc]
                 --param KIND[:ELEMENT][:NAME]... [--num-warps 4]
                 [--threads-per-warp 16] [--shared-bytes 0]

KIND is ptr, i1, i8, i16, i32, i64, f16, bf16, f32 or f64; ELEMENT the
pointee type of a ptr.
"""

import argparse
import struct
import zlib

KINDS = {"ptr": 1, "i1": 2, "i8": 3, "i16": 4, "i32": 5, "i64": 6, "f16": 7,
         "bf16": 8, "f32": 9, "f64": 10}


def u32(value):
    return struct.pack("<I", value)


def string(value):
    return value.encode()


def param(spec):
    """One signature entry: kind, alignment, element type, name."""
    parts = spec.split(":")
    kind = KINDS[parts[0]]
    if kind == 1:
        element = parts[1] if len(parts) > 1 else ""
        name = parts[2] if len(parts) > 2 else ""
    else:
        element = ""
        name = parts[1] if len(parts) > 1 else ""
    entry = (u32(kind) + u32(16 if kind == 1 else 1) +
             u32(len(element)) + string(element) + u32(len(name)) + string(name))
    return u32(len(entry)) + entry


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("spv")
    parser.add_argument("out")
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--target", default="intel:pvc")
    parser.add_argument("--param", action="append", default=[])
    parser.add_argument("--num-warps", type=int, default=4)
    parser.add_argument("--threads-per-warp", type=int, default=16)
    parser.add_argument("--shared-bytes", type=int, default=0)
    args = parser.parse_args()
    with open(args.spv, "rb") as f:
        binary = f.read()
    arch = args.target.split(":", 1)[1] if ":" in args.target else ""
    signature = u32(len(args.param)) + b"".join(param(p) for p in args.param)
    records = [
        (1, string(args.kernel)), (2, string(args.target)), (3, string(arch)),
        (4, signature), (5, u32(args.num_warps)),
        (6, u32(args.threads_per_warp)), (7, u32(1)),
        (8, u32(args.shared_bytes)), (9, string("trident 0.1.0")),
        (10, string("0" * 64)), (11, string("0" * 64)), (12, binary)]
    body = b"".join(struct.pack("<IQ", tag, len(b)) + b for tag, b in records)
    data = b"TRIDENTB" + struct.pack("<IIQ", 1, len(records),
                                     24 + len(body) + 4) + body
    data += struct.pack("<I", zlib.crc32(data))
    with open(args.out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
