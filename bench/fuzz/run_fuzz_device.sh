#!/bin/bash
# A long trident-fuzz run on a machine without LLVM 22, from the repository
# root, with bench/fuzz/pack_fuzz.sh's CARRY beside it:
#   bash bench/fuzz/run_fuzz_device.sh CARRY SECONDS [WORKERS]
# Unpacks CARRY into /tmp/trident-fuzz (the libraries there alone are on
# LD_LIBRARY_PATH), then runs WORKERS (default: one per core) fuzzing
# processes side by side for SECONDS each (libFuzzer's -jobs/-workers, one
# log per worker), sharing one corpus grown from the seeds. At the end it
# prints each worker's executions and their sum, and copies into $OUT (or
# /tmp/trident-fuzz/out): summary.txt, logs.tar.xz (every log), corpus.tar.xz
# (the corpus grown, when under 15 MiB), findings.tar.xz with every crash-,
# timeout- and oom- input, and the first four of those inputs as they are.
# Exits 1 when a worker found something, 0 otherwise. Through the device
# `run` tool (10 minutes a command), SECONDS of about 520 leaves time to
# unpack before and to archive after.
set -uo pipefail
die() { echo "run_fuzz_device: $*" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] ||
  die "usage: run_fuzz_device.sh CARRY SECONDS [WORKERS]"
[ -d "$1" ] || die "no carry folder '$1' (make it with bench/fuzz/pack_fuzz.sh)"
carry=$(cd "$1" && pwd); seconds=$2; workers=${3:-$(nproc)}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || die "SECONDS is '$seconds'; expected a positive number"
[[ $workers =~ ^[1-9][0-9]*$ ]] || die "WORKERS is '$workers'; expected a positive number"
for part in bin/trident-fuzz.xz lib/libTridentCore.so.xz llvm/libLLVM.so.22.1.xz \
            llvm/libMLIR.so.22.1.xz seeds.tar.xz ttir.dict; do
  [ -f "$carry/$part" ] || die "$carry has no $part (pack it again with bench/fuzz/pack_fuzz.sh)"
done
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
root=/tmp/trident-fuzz
out=${OUT:-$root/out}
work=$root/run

# Unpacked with Python (the machine may have no xz), into the shape of a
# build directory: bin/, lib/, lib/trident/plugins/, and llvm/.
rm -rf "$root"; mkdir -p "$root" "$out" "$work/corpus" || die "cannot create $root"
cp -r "$carry/bin" "$carry/lib" "$carry/llvm" "$root/" || die "cannot copy $carry"
python3 - "$root" "$carry/seeds.tar.xz" "$work" <<'PY' || die "cannot unpack $carry"
import glob, lzma, os, shutil, sys, tarfile
root, seeds, work = sys.argv[1:]
for path in glob.glob(os.path.join(root, "**", "*.xz"), recursive=True):
    with lzma.open(path) as f, open(path[:-3], "wb") as out:
        shutil.copyfileobj(f, out)
    os.remove(path)
    os.chmod(path[:-3], 0o755)
with tarfile.open(seeds) as tar:
    # Python before 3.11.4 has no extraction filters.
    if hasattr(tarfile, "data_filter"):
        tar.extractall(work, filter="data")
    else:
        tar.extractall(work)
PY
cp "$carry/ttir.dict" "$work/"

export LD_LIBRARY_PATH=$root/llvm:$root/lib
export TRIDENT_PLUGINS=$root/lib/trident/plugins
export TRIDENT_CACHE_DIR=
# run_fuzz.py's sanitizer settings, for a process whose libLLVM/libMLIR are
# not instrumented (docs/fuzzing.md).
ASAN_OPTIONS=$(cd "$repo/test/fuzz" && python3 -c 'import run_fuzz; print(run_fuzz.ASAN_OPTIONS)') ||
  die "cannot read the sanitizer options of $repo/test/fuzz/run_fuzz.py"
export ASAN_OPTIONS UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fuzzer=$root/bin/trident-fuzz
for binary in "$fuzzer" "$TRIDENT_PLUGINS"/*.so; do
  missing=$(ldd "$binary" | awk '/not found/ {print $1}' | sort -u | tr '\n' ' ')
  [ -z "$missing" ] || die "$(basename "$binary") needs ${missing% }, not on this machine"
done
deps=$(ldd "$fuzzer")
for lib in libLLVM.so.22.1 libMLIR.so.22.1 libTridentCore.so; do
  grep -qF "$lib => $root/" <<< "$deps" || die "$lib does not resolve into $root"
done
echo "run_fuzz_device: $workers workers for $seconds s, seeds $(ls "$work/seeds" | wc -l), commit $(cat "$carry/commit" 2>/dev/null)"

# -jobs = -workers: one process per worker for the whole run (the parse gate
# keeps its context), each with its log fuzz-N.log in $work. The workers
# reload the shared corpus (-reload) to take up each other's finds. A worker
# that finds something stops; the others go on.
cd "$work"
timeout -k 30 $((seconds + 600)) "$fuzzer" corpus seeds -dict=ttir.dict \
  -max_len=65536 -timeout=30 -rss_limit_mb=6144 -print_final_stats=1 \
  -max_total_time="$seconds" -jobs="$workers" -workers="$workers" \
  -artifact_prefix="$work/" > main.log 2>&1
echo "run_fuzz_device: libFuzzer exited $?"

# Each worker's executions: libFuzzer's final count, else (a worker that
# crashed) the last count it printed.
python3 - "$work" <<'PY' | tee "$out/summary.txt"
import glob, os, re, sys
work = sys.argv[1]
total = 0
for log in sorted(glob.glob(os.path.join(work, "fuzz-*.log")),
                  key=lambda p: int(re.findall(r"\d+", os.path.basename(p))[0])):
    text = open(log, errors="replace").read()
    final = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    pulses = re.findall(r"^#(\d+)\s", text, re.M)
    runs = int(final[-1]) if final else int(pulses[-1]) if pulses else 0
    found = re.findall(r"^artifact_prefix=.*?Test unit written to (\S+)", text, re.M)
    ours = re.findall(r"^trident-fuzz: \d+ runs, .*$", text, re.M)
    total += runs
    print("%s: %d executions%s%s" % (
        os.path.basename(log), runs, "" if final else " (no final stats)",
        "; found " + " ".join(map(os.path.basename, found)) if found else ""))
    if ours:
        print("  " + ours[-1])
print("run_fuzz_device: %d executions in all" % total)
PY

# Archives made with Python too (no xz needed): ARCHIVE MEMBER...
archive() {
  python3 - "$@" <<'PY' || echo "run_fuzz_device: cannot write $1" >&2
import sys, tarfile
with tarfile.open(sys.argv[1], "w:xz") as tar:
    for member in sys.argv[2:]:
        tar.add(member)
PY
}
findings=$(ls crash-* timeout-* oom-* leak-* 2>/dev/null)
archive "$out/logs.tar.xz" main.log fuzz-*.log
archive "$out/corpus.tar.xz" corpus
[ "$(stat -c %s "$out/corpus.tar.xz" 2>/dev/null || echo 0)" -le $((15 * 1048576)) ] ||
  rm "$out/corpus.tar.xz"
if [ -n "$findings" ]; then
  archive "$out/findings.tar.xz" $findings
  cp $(echo "$findings" | head -n 4) "$out/"
  echo "run_fuzz_device: found $(echo "$findings" | wc -l): $(echo $findings)"
  exit 1
fi
echo "run_fuzz_device: nothing found; $out holds the summary and the logs"
