# Fails when the runtime library depends on LLVM or MLIR: a NEEDED entry for
# libLLVM/libMLIR, or exported symbols of a static copy (llvm:: or mlir::).
#
#   cmake -DLIBRARY=<library or program> -DREADELF=<readelf> -P TridentCheckNoLLVM.cmake
# (trident_add_no_llvm_check in TridentHelpers.cmake registers it as a test)

if(NOT LIBRARY OR NOT EXISTS "${LIBRARY}")
  message(FATAL_ERROR "CheckNoLLVM: library '${LIBRARY}' not found; build "
                      "TridentRuntime first")
endif()
if(NOT READELF)
  message(FATAL_ERROR "CheckNoLLVM: no readelf given; install binutils")
endif()

execute_process(COMMAND ${READELF} -d --wide "${LIBRARY}"
  OUTPUT_VARIABLE dynamic RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "CheckNoLLVM: '${READELF} -d ${LIBRARY}' failed (${rc})")
endif()
string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]\n]*\\]" needed "${dynamic}")
set(bad)
foreach(entry ${needed})
  if(entry MATCHES "\\[(lib(LLVM|MLIR)[^]]*)\\]")
    list(APPEND bad ${CMAKE_MATCH_1})
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "${LIBRARY} links ${bad}; the runtime library must not "
                      "depend on LLVM or MLIR (docs/architecture.md, \"Rules between the layers\")")
endif()

execute_process(COMMAND ${READELF} --dyn-syms --wide "${LIBRARY}"
  OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "CheckNoLLVM: '${READELF} --dyn-syms ${LIBRARY}' failed")
endif()
string(REGEX MATCH "_ZN(K)?4(llvm|mlir)[^ \n]*" copied "${symbols}")
if(copied)
  message(FATAL_ERROR "${LIBRARY} carries LLVM/MLIR code (symbol ${copied}); "
                      "the runtime library must not use LLVM or MLIR")
endif()

list(LENGTH needed count)
message(STATUS "${LIBRARY}: ${count} NEEDED entries, none of them LLVM or MLIR")
