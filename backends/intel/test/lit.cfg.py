# -*- Python -*-
# lit configuration of the intel plugin's tests (backends/intel/test). Run
# with `ctest --test-dir build -L intel` or `lit-22 -sv build/backends/intel/test`.
#
# %intel_plugin is the plugin library (`trident-opt --plugin %intel_plugin`);
# spirv-val and spirv-dis come from Debian's spirv-tools.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-INTEL"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_intel_test_obj_dir
# runtime/ is a suite of its own (ctest lit-intel-runtime): running it from
# here too would race with it over the same Output directory.
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs",
                   "runtime", "ze-driver"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)
# Only the plugins a test names (an empty TRIDENT_PLUGINS replaces discovery).
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)

tool_dirs = [config.trident_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    [ToolSubst("trident-opt", unresolved="warn"),
     ToolSubst("trident", unresolved="warn")],
    tool_dirs)

plugin = config.trident_intel_plugin
if plugin and os.path.exists(plugin):
    config.available_features.add("intel-plugin")
else:
    lit_config.note("the intel plugin was not found at '%s'" % plugin)
config.substitutions.append(("%intel_plugin", plugin))

for tool in ("spirv-val", "spirv-dis"):
    path = shutil.which(tool)
    if path:
        config.available_features.add(tool)
        config.substitutions.append(("%" + tool.replace("-", "_"), path))
    else:
        lit_config.note("%s not found (Debian spirv-tools)" % tool)

# A host C compiler and LLVM 22's llc (not an older one earlier in PATH)
# run kernels of the llir stage on CPU threads (Numerics/).
llvm_config.add_tool_substitutions([ToolSubst("llc", unresolved="warn")],
                                   [config.llvm_tools_dir])
# LLVM 22's clang first: the core's CPU runtime (%core_simt) uses _Float16,
# which older clangs do not take on x86.
host_path = os.pathsep.join([config.llvm_tools_dir, os.environ.get("PATH", "")])
for cc in ("clang", "cc"):
    path = shutil.which(cc, path=host_path)
    if path:
        config.available_features.add("host-cc")
        config.substitutions.append(("%host_cc", path))
        break
else:
    lit_config.note("no host C compiler (clang or cc) found")
# The DPAS operands are 256-bit vectors: host and kernel pass them in AVX
# registers.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx2" in cpuinfo.read():
            config.available_features.add("host-avx2")
except OSError:
    pass

repo = os.path.dirname(os.path.dirname(os.path.dirname(config.test_source_root)))
config.substitutions.append(("%kernels", os.path.join(repo, "test", "kernels")))
# %core_simt: the core's CPU runtime of lowered kernels (simt_runtime.c/.h).
config.substitutions.append(
    ("%core_simt", os.path.join(repo, "test", "Conversion", "TritonGPUToLLVM", "Inputs")))
config.substitutions.append(("%python", config.python_executable))
