# -*- Python -*-
# lit configuration of the intel runtime's tests: bundles of hand-written
# SPIR-V launched by `trident run` through the real Level Zero loader and
# the test driver (../ze-driver), which the loader loads through
# ZE_ENABLE_ALT_DRIVERS. No Intel GPU is used, or needed.
#
#   %intel_plugin     the plugin library (trident run --plugin)
#   %ze_test_driver   the test driver library
#   %spirv_as         spirv-as
#   %make_bundle      python Inputs/make_bundle.py

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-INTEL-RUNTIME"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".test"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_intel_runtime_test_obj_dir
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir,
                             append_path=True)
# Only the plugin a test names with --plugin.
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)
config.environment["TRIDENT_CACHE_DIR"] = ""
# Never a real driver: the tests choose the driver with ZE_ENABLE_ALT_DRIVERS.
for name in ("ZE_ENABLE_ALT_DRIVERS", "TRIDENT_ZE_LOADER",
             "TRIDENT_INTEL_BUILD_FLAGS", "TRIDENT_ZE_TEST_LOG",
             "TRIDENT_ZE_TEST_DEVICES", "TRIDENT_ZE_TEST_BUILD_LOG"):
    config.environment.pop(name, None)

llvm_config.add_tool_substitutions(
    [ToolSubst("trident", unresolved="warn")],
    [config.trident_tools_dir])
config.substitutions.append(("%intel_plugin", config.trident_intel_plugin))
config.substitutions.append(("%intel_runtime", config.trident_intel_runtime))
config.substitutions.append(("%ze_test_driver",
                             config.trident_ze_test_driver))
config.substitutions.append(("%spirv_as", config.spirv_as))
config.substitutions.append(("%readelf", config.readelf))
config.substitutions.append(
    ("%make_bundle",
     config.python_executable + " " +
     os.path.join(config.test_source_root, "Inputs", "make_bundle.py")))
config.substitutions.append(("%python", config.python_executable))
# The .npy writer and checker of the core's `trident run` tests.
config.substitutions.append(
    ("%npy", os.path.join(config.trident_source_dir, "test", "driver",
                          "Inputs", "npy.py")))
