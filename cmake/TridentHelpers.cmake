# Helper functions shared by the core, the backends and the tests.

# Warnings for Trident's own code (never applied to LLVM/MLIR headers, which
# are included as system headers).
function(trident_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  if(TRIDENT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
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
