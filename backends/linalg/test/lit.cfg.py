# -*- Python -*-
# lit configuration of the linalg backend tests (backends/linalg/test).
# Loaded from the lit.site.cfg.py that CMake writes into the build tree; run
# it with `ninja -C build check-trident-linalg` or `ctest -L linalg`.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-LINALG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ttir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.linalg_test_obj_dir

config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)

# Our tools from build/bin first, then FileCheck, not and count from LLVM.
tool_dirs = [config.trident_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("trident-linalg-opt", unresolved="fatal"),
    ToolSubst("trident-opt", unresolved="fatal"),
    ToolSubst("trident-run", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# trident-opt is used for the core's --trident-ttir only: run it without the
# plugins it would discover (a plugin that fails to load is fatal there).
config.environment["TRIDENT_PLUGINS"] = ""

# %{kernels}: the project's TTIR corpus (test/kernels, raw frontend form).
config.substitutions.append(("%{kernels}", config.trident_kernels_dir))

def grants_tile_data():
    """Whether Linux lets this process use AMX's tile registers, as the cpu
    target asks before it compiles for them (arch_prctl ARCH_REQ_XCOMP_PERM
    for XTILEDATA; syscall 158 on x86-64)."""
    import ctypes, platform
    if platform.machine() != "x86_64":
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.syscall(158, 0x1023, 18) == 0
    except (OSError, AttributeError):
        return False


# The host's bf16 dot product (AVX-512 BF16) and AMX's bf16 tile multiply,
# which the cpu target's matmul microkernel uses where the host has them
# (AMX before the dot product).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = cpuinfo.read().split()
    if "avx512_bf16" in flags:
        config.available_features.add("avx512bf16")
    if "amx_bf16" in flags and "amx_tile" in flags and grants_tile_data():
        config.available_features.add("amx-bf16")
except OSError:
    pass

# Execution/: the converted kernels, lowered to LLVM by a reference pipeline of
# upstream passes only (%{lower_to_llvm}; not the backend's code generation,
# which belongs to the plugin's llir/obj stages), compiled with a host C
# harness and run. They need LLVM's clang (for _Float16) and MLIR's C runner
# utilities (memrefCopy); without them they are unsupported.
import shutil
host_cc = None
for candidate in [os.path.join(config.llvm_tools_dir, "clang"), shutil.which("clang-22")]:
    if candidate and os.path.exists(candidate):
        host_cc = candidate
        break
llvm_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
runner_utils = os.path.join(llvm_lib_dir, "libmlir_c_runner_utils.so")
if host_cc and os.path.exists(runner_utils):
    config.available_features.add("host-cc")
    config.substitutions.append(("%host_cc",
        "%s -O1 -w -I%s -L%s -Wl,-rpath,%s -lmlir_c_runner_utils -lm" % (
            host_cc, os.path.join(config.test_source_root, "Execution", "Inputs"),
            llvm_lib_dir, llvm_lib_dir)))
else:
    lit_config.note("no LLVM clang or libmlir_c_runner_utils: Execution/ is unsupported")
# Loops may yield new buffers (attention's online-softmax state), as in the
# backend's pipeline. Math ops with an LLVM intrinsic (or an expansion, as math.rsqrt) go to LLVM
# first; libm takes the rest (math.erf): libm has no rsqrtf.
config.substitutions.append(("%{lower_to_llvm}",
    "--one-shot-bufferize=allow-return-allocs-from-loops --canonicalize --cse --convert-linalg-to-loops "
    "--convert-scf-to-cf --expand-strided-metadata --lower-affine --arith-expand "
    "--convert-math-to-llvm --convert-math-to-libm --convert-to-llvm "
    "--reconcile-unrealized-casts"))
