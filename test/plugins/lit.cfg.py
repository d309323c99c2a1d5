# -*- Python -*-
# lit configuration of the plugin-host tests (test/plugins). Loaded from the
# lit.site.cfg.py that CMake writes into the build tree; run it with
# `ninja -C build check-trident-plugins` or `ctest --test-dir build -L plugin`.

import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-PLUGINS"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".test"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_plugin_test_obj_dir
config.excludes = ["fixtures", "Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)

tool_dirs = [config.trident_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    [ToolSubst("trident-opt", unresolved="fatal"),
     ToolSubst("trident", unresolved="fatal")], tool_dirs)

# %{fixtures}: the fixture plugins (build/test/plugins/fixtures).
config.substitutions.append(("%{fixtures}", config.trident_plugin_fixtures_dir))
# %{tools}: build/bin, for tests that copy a tool into a prefix of their own.
config.substitutions.append(("%{tools}", config.trident_tools_dir))

# %{exit} N CMD...: runs CMD and requires exit status N (never a signal).
config.substitutions.append(
    ("%{exit}", '"%s" "%s"' % (sys.executable, os.path.join(
        config.test_source_root, "Inputs", "exit-code.py"))))

# Hermetic discovery: no installed plugin is loaded unless a test asks for
# it (an empty TRIDENT_PLUGINS replaces the default directory).
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)

if config.trident_static_llvm_fixture:
    config.available_features.add("static-llvm-fixture")
