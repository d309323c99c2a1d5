# -*- Python -*-
# lit configuration of the example plugin's tests: the `trident` and
# `trident-opt` of the Trident the plugin was built against, FileCheck from
# the same LLVM, and the plugin itself as %example_plugin (its manifest).
# Run through lit.site.cfg.py in the build tree: `ninja check-example`.

import os

import lit.formats

config.name = "EXAMPLE-PLUGIN"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ttir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.example_test_exec_root

config.environment["PATH"] = os.pathsep.join(
    [config.trident_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", "")])
# Load only the plugin under test: an empty TRIDENT_PLUGINS replaces the
# default plugin directory (docs/plugins.md).
config.environment["TRIDENT_PLUGINS"] = ""
config.environment.pop("TRIDENT_ADD_PLUGINS", None)
config.substitutions.append(("%example_plugin", config.example_plugin))
