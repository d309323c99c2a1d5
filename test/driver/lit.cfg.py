# -*- Python -*-
# lit configuration of the end-to-end tests of `trident compile` and
# `trident run` (test/driver). Loaded from the lit.site.cfg.py that CMake
# writes into the build tree; run it with `ninja -C build check-trident-driver`
# or `ctest --test-dir build -R lit-driver`.

import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRIDENT-DRIVER"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".test"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.trident_driver_test_obj_dir
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.trident_tools_dir, append_path=True)

llvm_config.add_tool_substitutions(
    [ToolSubst("trident", unresolved="fatal")],
    [config.trident_tools_dir, config.llvm_tools_dir])

# %{testexec}: the fixture plugin whose kernels run (ExecPlugin.cpp);
# %{fixtures}: the directory of it and of the other plugin fixtures.
config.substitutions.append(("%{testexec}", config.trident_testexec_plugin))
config.substitutions.append(
    ("%{fixtures}", os.path.dirname(config.trident_testexec_plugin)))
# %{kernels}: the TTIR corpus (test/kernels); %{inputs}: this suite's inputs.
config.substitutions.append(
    ("%{kernels}", os.path.join(config.trident_source_dir, "test", "kernels")))
config.substitutions.append(
    ("%{inputs}", os.path.join(config.test_source_root, "Inputs")))
# %{python}: the interpreter of the helper scripts in Inputs/.
config.substitutions.append(("%{python}", '"%s"' % sys.executable))
# %{exit} N CMD...: runs CMD and requires exit status N (never a signal);
# the plugin tests' helper.
config.substitutions.append(
    ("%{exit}", '"%s" "%s"' % (sys.executable, os.path.join(
        config.trident_source_dir, "test", "plugins", "Inputs",
        "exit-code.py"))))

# Hermetic: no installed plugin is loaded unless a test names it, and no
# cache is used unless a test sets one.
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)
config.environment.pop("TRIDENT_CACHE_DIR", None)
