# -*- Python -*-
# lit configuration of the Trident core tests (test/). Loaded from the
# lit.site.cfg.py that CMake writes into the build tree; run it with
# `ninja -C build check-trident` or `ctest --test-dir build -L core`.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ttir", ".ttgir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_test_obj_dir

# kernels/ holds inputs that the tests in Roundtrip/ run, not tests; unit/ and
# lib/ hold C++ (GoogleTest suites and test-only libraries).
# plugins/ and driver/ are suites of their own (their lit.cfg.py, `ctest -L
# plugin`); corpus/ is data that run_corpus.py replays (ctest corpus-*);
# fuzz/crashes/ holds inputs the fuzzers found, which the CLI mutation test
# runs through every stage (ctest cli-mutation).
config.excludes = ["kernels", "unit", "lib", "Inputs", "CMakeLists.txt", "README.md",
                   "lit.cfg.py", "lit.site.cfg.py", "plugins", "driver",
                   "corpus", "crashes"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# The core alone: trident-opt loads no installed plugin (an empty
# TRIDENT_PLUGINS replaces the default plugin directory; docs/plugins.md).
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)

# Our tools from build/bin first, then FileCheck, not and count from LLVM.
tool_dirs = [config.trident_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("trident-opt", unresolved="warn"),
    ToolSubst("trident", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Inputs: %{kernels} is test/kernels (our own TTIR corpus); %{shared_kernels}
# is the Triton 3.6 reference corpus in shared/ beside the repository, and the
# `shared-kernels` feature says whether it is there.
config.substitutions.append(("%{kernels}", os.path.join(config.test_source_root, "kernels")))
shared = config.trident_shared_kernels_dir
if shared and os.path.isdir(shared):
    config.available_features.add("shared-kernels")
    config.substitutions.append(("%{shared_kernels}", shared))
else:
    lit_config.note("shared kernels not found at '%s': tests that need them are "
                    "unsupported" % shared)
