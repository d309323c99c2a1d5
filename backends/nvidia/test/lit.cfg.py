# -*- Python -*-
# lit configuration of the nvidia plugin's tests (backends/nvidia/test),
# following the core's test/lit.cfg.py. Loaded from the lit.site.cfg.py that
# CMake writes into the build tree; run it with
# `ninja -C build check-trident-nvidia` or `ctest --test-dir build -L nvidia`.
#
# %nvidia_plugin is the path of the plugin library; tests load it with
# `trident-opt --plugin %nvidia_plugin`.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-NVIDIA"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_nvidia_test_obj_dir

# unit/ holds the GoogleTest suites.
config.excludes = ["unit", "Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)
# Only the plugins a test names with --plugin, never the ones discovery
# would find (an empty TRIDENT_PLUGINS replaces the default directory).
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)

tool_dirs = [config.trident_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    [ToolSubst("trident-opt", unresolved="warn"),
     ToolSubst("trident-nvidia-translate", unresolved="warn"),
     ToolSubst("trident-run", unresolved="warn"),
     ToolSubst("trident", unresolved="warn")],
    tool_dirs)
# An absolute path, for RUN lines that change PATH.
config.substitutions.append(
    ("%trident_nvidia_translate",
     os.path.join(config.trident_tools_dir, "trident-nvidia-translate")))

# ptxas, found as the backend finds it (TRIDENT_PTXAS, CUDA_HOME, PATH): the
# tests that assemble cubins need it; the others run everywhere.
import shutil
ptxas = os.environ.get("TRIDENT_PTXAS") or ""
if not ptxas and os.environ.get("CUDA_HOME"):
    candidate = os.path.join(os.environ["CUDA_HOME"], "bin", "ptxas")
    if os.access(candidate, os.X_OK):
        ptxas = candidate
if not ptxas:
    ptxas = shutil.which("ptxas") or ""
if ptxas:
    config.available_features.add("ptxas")
    for name in ("TRIDENT_PTXAS", "CUDA_HOME"):
        if name in os.environ:
            config.environment[name] = os.environ[name]
else:
    lit_config.note("ptxas not found: the tests that assemble cubins are "
                    "unsupported")

plugin = config.trident_nvidia_plugin
if plugin and os.path.exists(plugin):
    config.available_features.add("nvidia-plugin")
else:
    lit_config.note("the nvidia plugin was not found at '%s': tests that load "
                    "it are unsupported" % plugin)
config.substitutions.append(("%nvidia_plugin", plugin))

# The Triton 3.6 reference kernels in shared/ beside the repository.
shared = config.trident_shared_kernels_dir
if shared and os.path.isdir(shared):
    config.available_features.add("shared-kernels")
    config.substitutions.append(("%{shared_kernels}", shared))
else:
    lit_config.note("shared kernels not found at '%s': tests that need them are "
                    "unsupported" % shared)

# The reproducers of reported bugs, in shared/repro beside the kernels
# (operator-library code, so never in the repository).
repro = os.path.join(os.path.dirname(os.path.dirname(shared or "/nonexistent")),
                     "repro")
if os.path.isdir(repro):
    config.available_features.add("shared-repro")
    config.substitutions.append(("%{shared_repro}", repro))

# The CUDA driver: the no-GPU tests need its absence.
import ctypes
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
config.substitutions.append(("%python", config.python_executable))

# libdevice (for the math functions), found as the llir stage finds it.
libdevice = os.environ.get("TRIDENT_LIBDEVICE") or os.path.join(
    os.environ.get("CUDA_HOME") or "/usr/local/cuda", "nvvm", "libdevice",
    "libdevice.10.bc")
if os.path.exists(libdevice):
    config.available_features.add("libdevice")

# The e2e kernel corpus and the bundle reader of the driver tests.
repo = os.path.dirname(os.path.dirname(os.path.dirname(config.test_source_root)))
config.substitutions.append(("%kernels", os.path.join(repo, "test", "kernels")))
config.substitutions.append(
    ("%tkb_py", os.path.join(repo, "test", "driver", "Inputs", "tkb.py")))
