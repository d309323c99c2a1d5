#!/usr/bin/env python3
"""Replays the real-world kernel corpus on a Trident target.

Each case directory (bench/corpus/capture.py writes them on a CUDA machine
with upstream Triton) holds the raw TTIR of one kernel launch, its grid and
compile options, its parameters, and every memory block its buffers live in
before and after upstream Triton ran it. A case passes when Trident, given
the same TTIR, options, grid and memory, leaves every block as Triton did:
bit for bit where Triton left it alone, within a tolerance of the dtype
elsewhere (the targets' transcendentals and summation orders differ).

  run_corpus.py [--target cpu] [--jobs N] [--only SUBSTR]... [--xfail FILE]
                [--spirv-val] CASES_DIR

--spirv-val (intel) compiles each case and validates its SPIR-V module
with spirv-val instead of running it. A case listed in the xfail file (lines
`TARGET CASE REASON`) may fail; it is an error if it passes. Exit status: 0
when every case did what was expected, 1 otherwise; 77 (skip) when the
target has no device.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:  # reported as a skip by main()
    np = None

# Relative tolerance per dtype (about two units in the last place), and the
# absolute floor as a fraction of the block's largest magnitude.
TOLERANCES = {
    "float64": (1e-9, 1e-12),
    "float32": (1e-4, 1e-6),
    "float16": (2e-3, 1e-4),
    "bfloat16": (1.6e-2, 1e-3),
    # f32 results of a kernel whose f32 dots may use TF32 (10-bit mantissa),
    # as Triton's default input precision allows: Triton on Hopper rounds
    # operands to TF32, and a target may compute them exactly.
    "tf32": (1e-2, 3e-3),
}
NUMPY_DTYPES = {} if np is None else {
    "float32": np.float32, "float16": np.float16, "float64": np.float64,
    "bfloat16": np.uint16, "int8": np.int8, "uint8": np.uint8,
    "int16": np.int16, "int32": np.int32, "int64": np.int64, "bool": np.uint8,
    "float8_e4m3fn": np.uint8, "float8_e5m2": np.uint8,
}


class Pointer:
    """A buffer argument: an address inside a memory block, with what the
    package checks (element size, device)."""

    class Device:

        def __init__(self, kind):
            self.type = kind

    def __init__(self, address, itemsize, device):
        self.address, self.itemsize = address, itemsize
        self.device = Pointer.Device(device)

    def data_ptr(self):
        return self.address

    def element_size(self):
        return self.itemsize


class HostMemory:
    """Blocks in host memory, 256-byte aligned like a torch allocation."""
    device = "cpu"

    def __init__(self, data):
        self.storage = np.zeros(data.size + 256, dtype=np.uint8)
        start = (-self.storage.ctypes.data) % 256
        self.block = self.storage[start:start + data.size]
        self.block[:] = data
        self.address = self.block.ctypes.data

    def read(self):
        return self.block.copy()


class CudaMemory:
    """Blocks in CUDA device memory, through torch."""
    device = "cuda"

    def __init__(self, data):
        import torch
        self.tensor = torch.from_numpy(data.copy()).to("cuda")
        self.address = self.tensor.data_ptr()

    def read(self):
        import torch
        torch.cuda.synchronize()
        return self.tensor.cpu().numpy()


def as_numbers(data, dtype):
    """Bytes as an array of the block's element type (bf16 widened to f32)."""
    np_type = NUMPY_DTYPES.get(dtype, np.uint8)
    size = np.dtype(np_type).itemsize
    values = data[:data.size - data.size % size].view(np_type)
    if dtype == "bfloat16":
        values = (values.astype(np.uint32) << 16).view(np.float32)
    return values


def compare(got, expected, dtype, tf32=False):
    """None when `got` matches, else a line saying where it does not."""
    if got.size != expected.size:
        return "%d bytes, expected %d" % (got.size, expected.size)
    if np.array_equal(got, expected):
        return None
    g, e = as_numbers(got, dtype), as_numbers(expected, dtype)
    if dtype in TOLERANCES:
        rtol, floor = TOLERANCES["tf32" if tf32 and dtype == "float32" else dtype]
        finite = np.isfinite(e)
        scale = float(np.max(np.abs(e[finite]))) if finite.any() else 0.0
        with np.errstate(invalid="ignore", over="ignore"):
            bad = ~(np.isclose(g, e, rtol=rtol, atol=floor * max(scale, 1e-30), equal_nan=True) |
                    (g.view(np.uint8).reshape(g.size, -1) == e.view(np.uint8).reshape(e.size, -1)).all(1))
    else:
        bad = g != e
    if not bad.any():
        return None
    first = int(np.argmax(bad))
    return "%d of %d %s elements differ; first at %d: got %r, expected %r" % (int(bad.sum()), g.size, dtype, first,
                                                                           g[first].item(), e[first].item())


def run_case(directory, target, spirv_val):
    """(status, detail) for one case: PASS, FAIL or ERROR."""
    import trident
    with open(os.path.join(directory, "case.json")) as f:
        case = json.load(f)
    with open(os.path.join(directory, "kernel.ttir")) as f:
        ttir = f.read()
    options = dict(target=target, num_warps=case["num_warps"], source_name=os.path.basename(directory) + ".ttir")
    if not target.startswith("cpu"):
        options["num_stages"] = case["num_stages"]
    if spirv_val:
        try:
            binary = trident.compile(ttir, emit="spirv", **options)
        except trident.TridentError as e:
            return "ERROR", str(e).splitlines()[0]
        with tempfile.NamedTemporaryFile(suffix=".spv") as f:
            f.write(binary)
            f.flush()
            check = subprocess.run([shutil.which("spirv-val") or "spirv-val", f.name], capture_output=True, text=True)
        if check.returncode != 0:
            return "FAIL", "spirv-val: " + (check.stdout + check.stderr).strip().splitlines()[0]
        return "PASS", ""
    try:
        kernel = trident.compile(ttir, **options)
    except trident.TridentError as e:
        return "ERROR", str(e).splitlines()[0]
    memory_kind = HostMemory if target.startswith("cpu") else CudaMemory
    blocks = []
    for i, block in enumerate(case["blocks"]):
        data = np.load(os.path.join(directory, "m%d.in.npy" % i))
        blocks.append(memory_kind(data))
    args = []
    for p in case["params"]:
        if "block" in p:
            itemsize = np.dtype(NUMPY_DTYPES[p["dtype"]]).itemsize
            args.append(Pointer(blocks[p["block"]].address + p["offset"], itemsize, memory_kind.device))
        else:
            args.append(p["value"])
    try:
        kernel[tuple(case["grid"])](*args)
        kernel.synchronize()
    except trident.TridentError as e:
        return "ERROR", str(e).splitlines()[0]
    for i, block in enumerate(case["blocks"]):
        name = "m%d.%s.npy" % (i, "out" if block["written"] else "in")
        problem = compare(blocks[i].read(), np.load(os.path.join(directory, name)), block["dtype"] or "uint8",
                          tf32="inputPrecision = tf32" in ttir)
        if problem:
            return "FAIL", "block m%d%s: %s" % (i, "" if block["written"] else " (which Triton left alone)", problem)
    return "PASS", ""


def _worker(job):
    directory, target, spirv_val = job
    try:
        return run_case(directory, target, spirv_val)
    except Exception as e:  # a harness fault is a failure of the case, with its reason
        return "ERROR", "%s: %s" % (type(e).__name__, e)


def read_xfail(path, target):
    expected = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                fields = line.split(None, 2)
                if len(fields) >= 2 and not line.startswith("#") and target.split(":")[0] == fields[0]:
                    expected[fields[1]] = fields[2].strip() if len(fields) > 2 else ""
    return expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases")
    parser.add_argument("--target", default="cpu")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--xfail")
    parser.add_argument("--spirv-val", action="store_true")
    args = parser.parse_args()

    if np is None:
        print("SKIP: numpy is not installed for %s; install Debian's python3-numpy" % sys.executable)
        return 77
    import trident
    kind = args.target.split(":")[0]
    if not args.spirv_val:
        info = [t for t in trident.targets() if t.kind == kind or kind in t.aliases]
        if not info or not info[0].available:
            print("SKIP: target %s cannot run kernels here%s" % (kind, ": " + info[0].reason if info else ""))
            return 77
    names = sorted(n for n in os.listdir(args.cases) if os.path.exists(os.path.join(args.cases, n, "case.json")))
    names = [n for n in names if not args.only or any(s in n for s in args.only)]
    xfail = read_xfail(args.xfail, args.target)
    jobs = [(os.path.join(args.cases, n), args.target, args.spirv_val) for n in names]
    if args.jobs > 1 and (kind == "cpu" or args.spirv_val):
        # Separate processes: each compiles and runs one case at a time.
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_worker, jobs))
    else:
        results = [_worker(job) for job in jobs]
    counts, unexpected = {}, 0
    for name, (status, detail) in zip(names, results):
        if name in xfail:
            if status == "PASS":
                status, detail, unexpected = "XPASS", "listed in %s: %s" % (args.xfail, xfail[name]), unexpected + 1
            else:
                status, detail = "XFAIL", "%s (%s)" % (xfail[name], detail)
        elif status != "PASS":
            unexpected += 1
        counts[status] = counts.get(status, 0) + 1
        print("%-5s %s%s" % (status, name, ": " + detail if detail else ""))
    print("%s: %d cases, %s" % (args.target, len(names), ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items()))))
    return 1 if unexpected or not names else 0


if __name__ == "__main__":
    sys.exit(main())
