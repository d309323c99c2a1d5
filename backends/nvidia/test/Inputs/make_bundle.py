"""Packs a cubin into an nvidia kernel bundle (.tkb, docs/bundle.md).

Standard library only. The nvidia runtime tests use it to launch cubins made
by trident-nvidia-translate from hand-written LLVM-dialect kernels, so that
the runtime is tested independently of the TTIR lowering.

  make_bundle.py CUBIN OUT --kernel NAME --target nvidia:sm_90
                 --param KIND[:ELEMENT][:NAME]... [--num-warps 4]
                 [--shared-bytes 0]

KIND is ptr, i1, i8, i16, i32, i64, f16, bf16, f32 or f64; ELEMENT the
pointee type of a ptr (f32, ...).
"""

import argparse
import struct
import zlib

KINDS = {"ptr": 1, "i1": 2, "i8": 3, "i16": 4, "i32": 5, "i64": 6, "f16": 7,
         "bf16": 8, "f32": 9, "f64": 10}


def u32(value):
    return struct.pack("<I", value)


def text(value):
    return value.encode()


def signature(params):
    body = u32(len(params))
    for spec in params:
        parts = spec.split(":")
        kind = KINDS[parts[0]]
        element = parts[1] if kind == 1 and len(parts) > 1 else ""
        name = parts[-1] if len(parts) > (2 if kind == 1 else 1) else ""
        entry = (u32(kind) + u32(16 if kind == 1 else 1) +
                 u32(len(element)) + text(element) +
                 u32(len(name)) + text(name))
        body += u32(len(entry)) + entry
    return body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cubin")
    parser.add_argument("out")
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--target", default="nvidia:sm_90")
    parser.add_argument("--param", action="append", default=[])
    parser.add_argument("--num-warps", type=int, default=4)
    parser.add_argument("--shared-bytes", type=int, default=0)
    args = parser.parse_args()
    with open(args.cubin, "rb") as f:
        binary = f.read()
    arch = args.target.split(":", 1)[1] if ":" in args.target else ""
    records = [
        (1, text(args.kernel)), (2, text(args.target)), (3, text(arch)),
        (4, signature(args.param)), (5, u32(args.num_warps)), (6, u32(32)),
        (7, u32(1)), (8, u32(args.shared_bytes)),
        (9, text("trident 0.1.0")), (10, text("0" * 64)),
        (11, text("0" * 64)), (12, binary)]
    body = b"".join(struct.pack("<IQ", tag, len(b)) + b for tag, b in records)
    total = 24 + len(body) + 4
    data = b"TRIDENTB" + struct.pack("<IIQ", 1, len(records), total) + body
    data += struct.pack("<I", zlib.crc32(data))
    with open(args.out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
