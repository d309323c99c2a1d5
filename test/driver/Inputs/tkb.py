"""Looks inside .tkb bundles for the driver tests (docs/bundle.md).

Standard library only; an independent reader of the format, so that the tests
check what `trident compile` wrote rather than what the runtime library reads.

  tkb.py show FILE                 kernel, target, signature, binary size and
                                   stage names, one per line
  tkb.py binary FILE               the binary's bytes, on stdout
  tkb.py retarget IN TARGET OUT    IN with its target record replaced (and
                                   the size and checksum redone)
  tkb.py flip FILE OFFSET          flips the bits of one byte, in place
                                   (a negative OFFSET counts from the end)
  tkb.py cache DIR                 checks a cache directory: prints the number
                                   of entries, of valid ones and of leftover
                                   temporary files
"""

import os
import struct
import sys
import zlib

KINDS = {1: "ptr", 2: "i1", 3: "i8", 4: "i16", 5: "i32", 6: "i64", 7: "f16",
         8: "bf16", 9: "f32", 10: "f64"}
NAMES = {1: "kernel_name", 2: "target", 3: "arch", 5: "num_warps",
         6: "threads_per_warp", 7: "num_ctas", 8: "shared_bytes",
         9: "compiler_version", 12: "binary"}


def parse(data):
    """Returns the records as (tag, body) pairs; raises ValueError."""
    if data[:8] != b"TRIDENTB":
        raise ValueError("no magic")
    version, count, total = struct.unpack_from("<IIQ", data, 8)
    if version != 1 or total != len(data):
        raise ValueError("bad header")
    if zlib.crc32(data[:-4]) != struct.unpack_from("<I", data, len(data) - 4)[0]:
        raise ValueError("checksum mismatch")
    records, pos = [], 24
    for _ in range(count):
        tag, length = struct.unpack_from("<IQ", data, pos)
        records.append((tag, data[pos + 12:pos + 12 + length]))
        pos += 12 + length
    if pos != len(data) - 4:
        raise ValueError("bad records")
    return records


def build(records):
    body = b"".join(struct.pack("<IQ", tag, len(b)) + b for tag, b in records)
    total = 24 + len(body) + 4
    data = b"TRIDENTB" + struct.pack("<IIQ", 1, len(records), total) + body
    return data + struct.pack("<I", zlib.crc32(data))


def show(records):
    for tag, body in records:
        if tag in (5, 6, 7, 8):
            print("%s: %d" % (NAMES[tag], struct.unpack("<I", body)[0]))
        elif tag == 12:
            print("binary: %d bytes" % len(body))
        elif tag in NAMES:
            print("%s: %s" % (NAMES[tag], body.decode()))
        elif tag == 4:
            (count,) = struct.unpack_from("<I", body)
            pos = 4
            for i in range(count):
                size, kind, div, length = struct.unpack_from("<IIII", body, pos)
                elem = body[pos + 16:pos + 16 + length].decode()
                (nlen,) = struct.unpack_from("<I", body, pos + 16 + length)
                name = body[pos + 20 + length:pos + 20 + length + nlen].decode()
                print("param %d: %s %s divisibility %d name '%s'" % (
                    i + 1, KINDS[kind], elem, div, name))
                pos += 4 + size
        elif tag == 13:
            (length,) = struct.unpack_from("<I", body)
            print("stage: %s (%d bytes)" % (body[4:4 + length].decode(),
                                            len(body) - 4 - length))


def main(argv):
    command = argv[1]
    if command == "show":
        with open(argv[2], "rb") as f:
            show(parse(f.read()))
    elif command == "binary":
        with open(argv[2], "rb") as f:
            for tag, body in parse(f.read()):
                if tag == 12:
                    sys.stdout.buffer.write(body)
    elif command == "retarget":
        with open(argv[2], "rb") as f:
            records = parse(f.read())
        records = [(t, argv[3].encode() if t == 2 else b) for t, b in records]
        with open(argv[4], "wb") as f:
            f.write(build(records))
    elif command == "flip":
        with open(argv[2], "r+b") as f:
            data = bytearray(f.read())
            data[int(argv[3])] ^= 0xFF
            f.seek(0)
            f.write(data)
    elif command == "cache":
        entries = valid = temporary = 0
        for root, _, files in os.walk(argv[2]):
            for name in files:
                if name.startswith("."):
                    temporary += 1
                    continue
                entries += 1
                with open(os.path.join(root, name), "rb") as f:
                    try:
                        parse(f.read())
                        valid += 1
                    except (ValueError, struct.error):
                        pass
        print("%d entries, %d valid, %d temporary" % (entries, valid, temporary))
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
