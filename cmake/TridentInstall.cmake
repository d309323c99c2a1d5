# The installed SDK: what `cmake --install <build> --prefix <P>` lays out.
#
#   P/include/trident, trident-c     the public headers and .td files, and the
#                                    generated *.h.inc and SdkVersion.h
#   P/lib/libTridentCore.so          the core and the runtime library
#   P/lib/libTridentRuntime.so
#   P/lib/trident/plugins/           the in-tree plugins and their manifests
#                                    (installed by trident_add_plugin)
#   P/bin/trident, trident-opt       the tools, which find lib/ and the
#                                    plugins relative to themselves
#   P/lib/cmake/Trident/             TridentConfig.cmake, its version file,
#                                    TridentTargets.cmake (Trident::TridentCore,
#                                    Trident::TridentRuntime) and
#                                    TridentHelpers.cmake (trident_add_plugin)
#
# A plugin then builds against P alone (`find_package(Trident)`, see
# plugins/example and docs/writing-a-plugin.md). The tree is relocatable:
# the tools and libraries find each other through $ORIGIN, and the CMake
# package computes every path from its own location. Included at the end of
# the top-level CMakeLists.txt, once every installed target exists.

include(CMakePackageConfigHelpers)

set(TRIDENT_INSTALL_INCLUDEDIR include)
set(TRIDENT_INSTALL_LIBDIR lib)
set(TRIDENT_INSTALL_CMAKEDIR lib/cmake/Trident)

# Headers: the sources' .h and .td files, and what TableGen and
# cmake/TridentSdk.cmake generate into the build tree (a plugin's sources see
# the same include/ tree the core was built with, hence the same SDK hash).
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/trident"
                  "${PROJECT_SOURCE_DIR}/include/trident-c"
  DESTINATION ${TRIDENT_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY "${PROJECT_BINARY_DIR}/include/trident"
  DESTINATION ${TRIDENT_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h.inc" PATTERN "SdkVersion.h"
  PATTERN "CMakeFiles" EXCLUDE)

# Libraries and tools. libTridentCore finds libTridentRuntime beside it; all
# of them find the shared libMLIR/libLLVM where they were linked from
# (INSTALL_RPATH_USE_LINK_PATH adds only directories outside this build).
set_target_properties(TridentCore TridentRuntime PROPERTIES
  INSTALL_RPATH "$ORIGIN"
  INSTALL_RPATH_USE_LINK_PATH ON)
set_target_properties(trident trident-opt PROPERTIES
  INSTALL_RPATH_USE_LINK_PATH ON)
set(sdk_libraries TridentCore TridentRuntime)
# Host code generation, where lld was there to build it (core/Target).
if(TARGET TridentHostCodeGen)
  list(APPEND sdk_libraries TridentHostCodeGen)
endif()
install(TARGETS ${sdk_libraries}
  EXPORT TridentTargets
  LIBRARY DESTINATION ${TRIDENT_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${TRIDENT_INSTALL_INCLUDEDIR})

# The CMake package.
install(EXPORT TridentTargets
  NAMESPACE Trident::
  FILE TridentTargets.cmake
  DESTINATION ${TRIDENT_INSTALL_CMAKEDIR})
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/TridentConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/${TRIDENT_INSTALL_CMAKEDIR}/TridentConfig.cmake"
  INSTALL_DESTINATION ${TRIDENT_INSTALL_CMAKEDIR}
  PATH_VARS TRIDENT_INSTALL_INCLUDEDIR TRIDENT_INSTALL_LIBDIR)
# The C++ SDK has no stable ABI; the SDK hash is the real check (the host
# refuses a plugin built against other headers), this only keeps
# find_package(Trident 0.1) from picking up another release.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/${TRIDENT_INSTALL_CMAKEDIR}/TridentConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/${TRIDENT_INSTALL_CMAKEDIR}/TridentConfig.cmake"
  "${PROJECT_BINARY_DIR}/${TRIDENT_INSTALL_CMAKEDIR}/TridentConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/TridentCheckNoLLVM.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/TridentHelpers.cmake"
  DESTINATION ${TRIDENT_INSTALL_CMAKEDIR})

# The `trident` Python package (pure Python over the C APIs), where Debian's
# python3 looks: P/lib/python3/dist-packages/trident. It finds the libraries
# in P/lib, the nearest `lib` above it (docs/python.md); another directory
# works with TRIDENT_BUILD_DIR=P.
set(TRIDENT_INSTALL_PYTHONDIR lib/python3/dist-packages CACHE STRING
  "Where `cmake --install` puts the trident Python package (under the prefix)")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/python/trident"
  DESTINATION ${TRIDENT_INSTALL_PYTHONDIR}
  FILES_MATCHING PATTERN "*.py" PATTERN "*.c"
  PATTERN "__pycache__" EXCLUDE)

# The `triton.backends` entry point of trident.triton (Triton finds
# Trident's cpu backend through it; docs/python.md): the package's
# dist-info, beside the package. The source tree's copy serves
# PYTHONPATH=python.
install(DIRECTORY
  "${PROJECT_SOURCE_DIR}/python/trident-${PROJECT_VERSION}.dist-info"
  DESTINATION ${TRIDENT_INSTALL_PYTHONDIR})
