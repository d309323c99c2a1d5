# Helper functions shared by the core, the backends and the tests.

# Warnings for Trident's own code (never applied to LLVM/MLIR headers, which
# are included as system headers).
function(trident_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  # Not in sanitized builds: the instrumentation makes GCC warn falsely
  # (-Wmaybe-uninitialized inside LLVM's DenseMap, for one), and GCC's manual
  # advises against combining -Werror with sanitizers. The plain build keeps
  # the code warning-free.
  if(TRIDENT_WERROR AND NOT TRIDENT_SANITIZE)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# trident_add_no_llvm_check(<test> <target> LABEL <label>): a ctest test that
# fails when the shared library or program <target> depends on LLVM or MLIR
# (a NEEDED libLLVM/libMLIR, or exported llvm::/mlir:: symbols of a static
# copy). Runtime libraries and the programs that only run bundles must load
# on machines without LLVM (docs/architecture.md, "Rules between the layers").
set(_TRIDENT_HELPERS_DIR ${CMAKE_CURRENT_LIST_DIR})
find_program(TRIDENT_READELF NAMES readelf llvm-readelf
  HINTS /usr/lib/llvm-22/bin
  DOC "readelf, to check that runtime libraries do not depend on LLVM")
function(trident_add_no_llvm_check name target)
  cmake_parse_arguments(ARG "" "LABEL" "" ${ARGN})
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:${target}>
            -DREADELF=${TRIDENT_READELF}
            -P ${_TRIDENT_HELPERS_DIR}/TridentCheckNoLLVM.cmake)
  set_tests_properties(${name} PROPERTIES LABELS ${ARG_LABEL})
endfunction()

# trident_add_tool(<name> SOURCES <file>... LIBS <library>...): a program of
# the core, built into bin/ and installed there, finding the libraries in
# ../lib beside it (the build's, the installed prefix's, or a copy's: the
# GPU machine gets bin/ and lib/ without the rest of the build).
function(trident_add_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  trident_set_warnings(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS})
  set_target_properties(${name} PROPERTIES
    BUILD_RPATH "$ORIGIN/../lib"
    INSTALL_RPATH "$ORIGIN/../lib")
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()

# trident_add_core_component(<name> SOURCES <src>... [DEPENDS <tablegen-target>...])
#
# Compiles one component of libTridentCore (a dialect, a set of passes, a
# tool library) as an object library; core/CMakeLists.txt links every
# component into the single shared libTridentCore.
function(trident_add_core_component name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  add_library(${name} OBJECT ${ARG_SOURCES})
  trident_set_warnings(${name})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  set_property(GLOBAL APPEND PROPERTY TRIDENT_CORE_COMPONENTS ${name})
endfunction()

# trident_add_plugin(<target> NAME <name> SOURCES <src>...
#                    [TARGETS <kind>[:<alias>[,<alias>...]]...]
#                    [PROVIDES compiler|runtime...] [VERSION <version>]
#                    [LINK_LIBS <lib>...] [DEPENDS <target>...]
#                    [OUTPUT_DIRECTORY <dir>] [RUNTIME_LIBRARY <path>]
#                    [NO_INSTALL])
#
# Builds a plugin: a MODULE library linked against the shared libTridentCore
# (hence the shared libMLIR/libLLVM: a private static copy is refused by the
# host) and the JSON manifest `<name>.json` beside it, so that the tools list
# its targets without loading it. Both land in OUTPUT_DIRECTORY, by default
# ${CMAKE_BINARY_DIR}/lib/trident/plugins, the directory the build tree's
# tools discover by default (bin/../lib/trident/plugins); they are installed
# to lib/trident/plugins unless NO_INSTALL is given. Symbols keep default
# visibility so that MLIR's TypeIDs are shared with libMLIR. TARGETS lists the target
# kinds the plugin registers, with their aliases (`nvidia:cuda`); PROVIDES
# defaults to `compiler`. RUNTIME_LIBRARY names the plugin's runtime alone
# (an LLVM-free library exporting trident_runtime_entry), relative to the
# manifest's directory, as the manifest's `runtime_library`: what a program
# that only launches bundles opens. See docs/plugins.md for the manifest
# format.
#
# The same function builds the in-tree backends and, installed with the SDK
# (lib/cmake/Trident, included by TridentConfig.cmake), a third party's
# plugin: it needs only Trident::TridentCore and the TRIDENT_SDK_VERSION,
# TRIDENT_SDK_HASH and TRIDENT_PLUGIN_ABI variables, which the build tree
# (cmake/TridentSdk.cmake) and the installed package both define.
function(trident_add_plugin target)
  cmake_parse_arguments(ARG "NO_INSTALL"
    "NAME;VERSION;OUTPUT_DIRECTORY;RUNTIME_LIBRARY"
    "SOURCES;TARGETS;PROVIDES;LINK_LIBS;DEPENDS" ${ARGN})
  if(NOT ARG_NAME)
    message(FATAL_ERROR "trident_add_plugin(${target}): NAME is required")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "trident_add_plugin(${target}): SOURCES is required")
  endif()
  if(NOT ARG_VERSION)
    set(ARG_VERSION "${TRIDENT_SDK_VERSION}")
  endif()
  if(NOT ARG_PROVIDES)
    set(ARG_PROVIDES compiler)
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/lib/trident/plugins")
  endif()

  add_library(${target} MODULE ${ARG_SOURCES})
  trident_set_warnings(${target})
  target_link_libraries(${target} PRIVATE Trident::TridentCore ${ARG_LINK_LIBS})
  if(ARG_DEPENDS)
    add_dependencies(${target} ${ARG_DEPENDS})
  endif()
  set_target_properties(${target} PROPERTIES
    LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIRECTORY}"
    # Default visibility on purpose: MLIR identifies traits, interfaces and
    # types by TypeIDs that live in inline template statics; a plugin built
    # with hidden visibility keeps private copies of them, and checks such
    # as hasTrait<Elementwise>() then silently fail across the boundary.
    BUILD_RPATH "$<TARGET_FILE_DIR:Trident::TridentCore>"
    # Installed as <prefix>/lib/trident/plugins/lib<target>.so, beside
    # <prefix>/lib/libTridentCore.so; libMLIR/libLLVM stay where they were
    # linked from.
    INSTALL_RPATH "$ORIGIN/../.."
    INSTALL_RPATH_USE_LINK_PATH ON)

  # The manifest, as JSON (docs/plugins.md).
  set(targets_json "")
  foreach(spec IN LISTS ARG_TARGETS)
    string(FIND "${spec}" ":" colon)
    if(colon EQUAL -1)
      set(kind "${spec}")
      set(aliases "")
    else()
      string(SUBSTRING "${spec}" 0 ${colon} kind)
      math(EXPR after "${colon} + 1")
      string(SUBSTRING "${spec}" ${after} -1 aliases)
    endif()
    set(aliases_json "")
    if(NOT aliases STREQUAL "")
      string(REPLACE "," "\", \"" aliases_json "\"${aliases}\"")
    endif()
    if(NOT targets_json STREQUAL "")
      string(APPEND targets_json ", ")
    endif()
    string(APPEND targets_json
      "{\"kind\": \"${kind}\", \"aliases\": [${aliases_json}]}")
  endforeach()
  list(JOIN ARG_PROVIDES "\", \"" provides_json)
  set(runtime_json "")
  if(ARG_RUNTIME_LIBRARY)
    set(runtime_json "\n  \"runtime_library\": \"${ARG_RUNTIME_LIBRARY}\",")
  endif()
  set(manifest "${ARG_OUTPUT_DIRECTORY}/${ARG_NAME}.json")
  file(GENERATE OUTPUT "${manifest}" CONTENT "{
  \"name\": \"${ARG_NAME}\",
  \"version\": \"${ARG_VERSION}\",
  \"library\": \"$<TARGET_FILE_NAME:${target}>\",
  \"targets\": [${targets_json}],
  \"provides\": [\"${provides_json}\"],${runtime_json}
  \"abi\": \"${TRIDENT_PLUGIN_ABI}\",
  \"sdk_version\": \"${TRIDENT_SDK_VERSION}\",
  \"sdk_hash\": \"${TRIDENT_SDK_HASH}\"
}
")

  if(NOT ARG_NO_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION lib/trident/plugins)
    install(FILES "${manifest}" DESTINATION lib/trident/plugins)
  endif()
endfunction()

# trident_add_lit_suite(NAME <ctest name> LABEL <label>
#                       CHECK_TARGET <target> COMMENT <text>
#                       [DIRECTORY <dir>] [DEPENDS <target>...] [GENERATE]
#                       [ENVIRONMENT <VAR=value>...])
#
# A lit suite: <dir> (default: the current directory) holds lit.cfg.py and
# lit.site.cfg.py.in, configured into the matching binary directory with the
# caller's variables; GENERATE expands generator expressions in it too (a
# plugin's path). `ctest` runs it as <NAME> with label <LABEL>, and
# `ninja <CHECK_TARGET>` builds the DEPENDS that exist, then runs it with
# lit's own output.
function(trident_add_lit_suite)
  cmake_parse_arguments(ARG "GENERATE" "NAME;LABEL;CHECK_TARGET;COMMENT;DIRECTORY"
                        "DEPENDS;ENVIRONMENT" ${ARGN})
  foreach(required NAME LABEL CHECK_TARGET)
    if(NOT ARG_${required})
      message(FATAL_ERROR "trident_add_lit_suite: ${required} is required")
    endif()
  endforeach()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  # Debian's llvm-22-tools installs lit as `lit`, not as LLVM's `llvm-lit`.
  find_program(TRIDENT_LIT NAMES lit llvm-lit
    HINTS ${LLVM_TOOLS_BINARY_DIR} /usr/lib/llvm-22/bin
    DOC "lit, the LLVM integrated tester")
  if(NOT TRIDENT_LIT)
    message(FATAL_ERROR "lit not found: install llvm-22-tools "
                        "(it provides /usr/lib/llvm-22/bin/lit)")
  endif()
  set(source ${CMAKE_CURRENT_SOURCE_DIR})
  set(binary ${CMAKE_CURRENT_BINARY_DIR})
  if(ARG_DIRECTORY)
    set(source ${CMAKE_CURRENT_SOURCE_DIR}/${ARG_DIRECTORY})
    set(binary ${CMAKE_CURRENT_BINARY_DIR}/${ARG_DIRECTORY})
  endif()
  set(site ${binary}/lit.site.cfg.py)
  if(ARG_GENERATE)
    configure_lit_site_cfg(${source}/lit.site.cfg.py.in ${site}.configured
                           MAIN_CONFIG ${source}/lit.cfg.py)
    file(GENERATE OUTPUT ${site} INPUT ${site}.configured)
  else()
    configure_lit_site_cfg(${source}/lit.site.cfg.py.in ${site}
                           MAIN_CONFIG ${source}/lit.cfg.py)
  endif()
  set(depends)
  foreach(dep IN LISTS ARG_DEPENDS)
    if(TARGET ${dep})
      list(APPEND depends ${dep})
    endif()
  endforeach()
  set(command ${Python3_EXECUTABLE} ${TRIDENT_LIT} -sv ${binary})
  add_custom_target(${ARG_CHECK_TARGET} COMMAND ${command}
    DEPENDS ${depends} COMMENT "${ARG_COMMENT}" USES_TERMINAL)
  add_test(NAME ${ARG_NAME} COMMAND ${command})
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS ${ARG_LABEL})
  if(ARG_ENVIRONMENT)
    set_tests_properties(${ARG_NAME} PROPERTIES ENVIRONMENT "${ARG_ENVIRONMENT}")
  endif()
endfunction()
