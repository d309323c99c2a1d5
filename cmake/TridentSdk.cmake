# The identity of the Trident SDK a plugin is built against.
#
# Sets TRIDENT_SDK_VERSION (the project version), TRIDENT_SDK_HASH (the first
# 16 hex digits of a SHA-256 over every SDK header) and TRIDENT_PLUGIN_ABI
# ("<major>.<minor>", read from trident-c/Plugin.h so that the C header stays
# the only place that defines it), and writes
# ${CMAKE_BINARY_DIR}/include/trident/Plugin/SdkVersion.h.
#
# The hash covers include/trident/**.{h,td} and include/trident-c/**.h: the
# C++ SDK has no stable ABI, so the host accepts a compiler plugin only if it
# was built with exactly the headers the host was built with. Each file
# contributes "<relative path> <sha256>" in sorted order, so renaming,
# adding or removing a header changes the hash as well as editing one.

set(TRIDENT_SDK_VERSION "${PROJECT_VERSION}")

set(_trident_sdk_root "${PROJECT_SOURCE_DIR}/include")
# CONFIGURE_DEPENDS re-runs the glob at build time, so that an added or
# removed header re-configures; the per-file CMAKE_CONFIGURE_DEPENDS below
# does the same for an edited one.
file(GLOB_RECURSE _trident_sdk_files CONFIGURE_DEPENDS
  RELATIVE "${_trident_sdk_root}"
  "${_trident_sdk_root}/trident/*.h"
  "${_trident_sdk_root}/trident/*.td"
  "${_trident_sdk_root}/trident-c/*.h")
list(REMOVE_ITEM _trident_sdk_files "trident/Plugin/SdkVersion.h")
list(SORT _trident_sdk_files)

set(_trident_sdk_digest "")
foreach(_file IN LISTS _trident_sdk_files)
  file(SHA256 "${_trident_sdk_root}/${_file}" _file_hash)
  string(APPEND _trident_sdk_digest "${_file} ${_file_hash}\n")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY
    CMAKE_CONFIGURE_DEPENDS "${_trident_sdk_root}/${_file}")
endforeach()
string(SHA256 _trident_sdk_hash "${_trident_sdk_digest}")
string(SUBSTRING "${_trident_sdk_hash}" 0 16 TRIDENT_SDK_HASH)

file(STRINGS "${_trident_sdk_root}/trident-c/Plugin.h" _trident_abi_lines
  REGEX "^#define TRIDENT_PLUGIN_ABI_(MAJOR|MINOR) [0-9]+")
string(REGEX REPLACE ".*ABI_MAJOR ([0-9]+).*" "\\1" _trident_abi_major
  "${_trident_abi_lines}")
string(REGEX REPLACE ".*ABI_MINOR ([0-9]+).*" "\\1" _trident_abi_minor
  "${_trident_abi_lines}")
set(TRIDENT_PLUGIN_ABI "${_trident_abi_major}.${_trident_abi_minor}")

configure_file("${CMAKE_CURRENT_LIST_DIR}/SdkVersion.h.in"
  "${CMAKE_BINARY_DIR}/include/trident/Plugin/SdkVersion.h" @ONLY)
message(STATUS "Trident SDK ${TRIDENT_SDK_VERSION} (${TRIDENT_SDK_HASH}), "
               "plugin ABI ${TRIDENT_PLUGIN_ABI}")
