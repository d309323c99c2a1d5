"""Writes the inputs of the `trident run` tests and checks their outputs.

Standard library only (no numpy): .npy files (format 1.0) are written and
read by hand, and every expected value is computed here, independently of
the runtime under test.

  npy.py write FILE DTYPE COUNT SEED     COUNT pseudo-random values (f32:
                                         in [-100, 100); bf16: bits of
                                         values in [-8, 8)); DTYPE f32|bf16
  npy.py vadd X Y OUT N GRID             OUT[i] == X[i] + Y[i] for i < N in
                                         the first GRID blocks of 256, else 0
  npy.py scale X OUT S N GRID            bf16: OUT[i] == bf16(X[i] * S) for
                                         i < N in GRID blocks of 256, else 0
  npy.py grid OUT GX GY GZ               OUT[(z GY + y) GX + x] ==
                                         x + 100 y + 10000 z
  npy.py header FILE                     prints the dtype and shape
Each check prints one line, `ok: ...` or `MISMATCH ...`, and exits 1 on a
mismatch.
"""

import ast
import random
import struct
import sys

BLOCK = 256
FORMATS = {"<f4": "f", "<u2": "H", "<i4": "i"}


def write_npy(path, descr, values):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(values))
    # Magic (6) + version (2) + length (2) + header, padded with spaces to a
    # multiple of 64 and ended by a newline.
    total = 10 + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), FORMATS[descr]), *values))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit("%s: not a .npy file" % path)
    major = data[6]
    if major == 1:
        (length,) = struct.unpack_from("<H", data, 8)
        start = 10
    else:
        (length,) = struct.unpack_from("<I", data, 8)
        start = 12
    header = ast.literal_eval(data[start:start + length].decode("latin1"))
    body = data[start + length:]
    descr = header["descr"]
    count = 1
    for size in header["shape"]:
        count *= size
    values = struct.unpack_from("<%d%s" % (count, FORMATS[descr]), body)
    if len(body) != count * struct.calcsize(FORMATS[descr]):
        sys.exit("%s: %d bytes of data for %d elements" % (path, len(body), count))
    return descr, header["shape"], list(values)


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def bf16_to_float(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def float_to_bf16(value):
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def covered(i, n, grid):
    return i < n and i < grid * BLOCK


def report(name, bad, count):
    if bad:
        i, got, want = bad[0]
        print("MISMATCH %s: %d of %d elements differ; first at %d: got %r, "
              "expected %r" % (name, len(bad), count, i, got, want))
        sys.exit(1)
    print("ok: %s, %d elements" % (name, count))


def main(argv):
    command = argv[1]
    if command == "write":
        path, dtype, count, seed = argv[2], argv[3], int(argv[4]), int(argv[5])
        rng = random.Random(seed)
        if dtype == "f32":
            write_npy(path, "<f4", [f32(rng.uniform(-100, 100)) for _ in range(count)])
        elif dtype == "bf16":
            write_npy(path, "<u2",
                      [float_to_bf16(rng.uniform(-8, 8)) for _ in range(count)])
        else:
            sys.exit("unknown dtype " + dtype)
    elif command == "vadd":
        _, _, x = read_npy(argv[2])
        _, _, y = read_npy(argv[3])
        descr, shape, out = read_npy(argv[4])
        n, grid = int(argv[5]), int(argv[6])
        if descr != "<f4" or shape != (len(x),):
            sys.exit("MISMATCH vadd: output is %s %r" % (descr, shape))
        bad = []
        for i, got in enumerate(out):
            want = f32(x[i] + y[i]) if covered(i, n, grid) else 0.0
            if abs(got - want) > 1e-6 * max(1.0, abs(want)):
                bad.append((i, got, want))
        report("vadd", bad, len(out))
    elif command == "scale":
        _, _, x = read_npy(argv[2])
        descr, shape, out = read_npy(argv[3])
        s, n, grid = float(argv[4]), int(argv[5]), int(argv[6])
        if descr != "<u2" or shape != (len(x),):
            sys.exit("MISMATCH scale: output is %s %r" % (descr, shape))
        bad = []
        for i, bits in enumerate(out):
            got = bf16_to_float(bits)
            want = bf16_to_float(x[i]) * f32(s) if covered(i, n, grid) else 0.0
            # One bf16 rounding: within half a unit in the last of 8 bits.
            if abs(got - want) > abs(want) * 2.0 ** -8:
                bad.append((i, got, want))
        report("scale_bf16", bad, len(out))
    elif command == "grid":
        descr, shape, out = read_npy(argv[2])
        gx, gy, gz = int(argv[3]), int(argv[4]), int(argv[5])
        want = [0] * len(out)
        for z in range(gz):
            for y in range(gy):
                for x in range(gx):
                    want[(z * gy + y) * gx + x] = x + 100 * y + 10000 * z
        bad = [(i, g, w) for i, (g, w) in enumerate(zip(out, want)) if g != w]
        if descr != "<i4":
            sys.exit("MISMATCH grid: output is %s" % descr)
        report("grid_ids", bad, len(out))
    elif command == "header":
        descr, shape, _ = read_npy(argv[2])
        print("%s %r" % (descr, shape))
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
