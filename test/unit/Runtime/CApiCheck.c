/*===- CApiCheck.c - The bundle C API, used from C ------------------------===*\
 *
 * Compiled as C to prove that trident-c/Bundle.h is a C header. CApiTest.cpp
 * calls these functions and checks what they report.
 *
\*===----------------------------------------------------------------------===*/

#include "trident-c/Bundle.h"

#include <stdio.h>
#include <string.h>

/* Loads `path` and writes a one-line summary of the bundle into `out`.
 * Returns 0, or non-zero with the error message in `out`. */
int tridentTestSummarizeBundle(const char *path, char *out, size_t size) {
  TridentBundle *bundle = NULL;
  char *error = NULL;
  if (tridentBundleLoad(path, &bundle, &error) != 0) {
    snprintf(out, size, "%s", error ? error : "(no message)");
    tridentFreeString(error);
    return 1;
  }
  const TridentKernelImage *image = tridentBundleGetKernelImage(bundle);
  uint64_t binarySize = 0;
  const void *binary = tridentBundleGetBinary(bundle, &binarySize);
  uint64_t stageSize = 0;
  const char *stage = tridentBundleGetStageText(bundle, 0, &stageSize);
  int n = snprintf(
      out, size,
      "%s %s %s %s %s %s warps=%u tpw=%u ctas=%u shared=%u args=%u "
      "arg0=%u:%s:%u:%s arg3=%u:%s:%u:%s binary=%.*s stages=%u %s=%llu "
      "image=%s/%s/%u/%u/%u/%u/%llu same=%d",
      tridentBundleGetKernelName(bundle), tridentBundleGetTarget(bundle),
      tridentBundleGetArch(bundle), tridentBundleGetCompilerVersion(bundle),
      tridentBundleGetSourceHash(bundle), tridentBundleGetOptionHash(bundle),
      tridentBundleGetNumWarps(bundle), tridentBundleGetThreadsPerWarp(bundle),
      tridentBundleGetNumCtas(bundle), tridentBundleGetSharedBytes(bundle),
      tridentBundleGetNumArgs(bundle), tridentBundleGetArgKind(bundle, 0),
      tridentBundleGetArgElementType(bundle, 0),
      tridentBundleGetArgDivisibility(bundle, 0),
      tridentBundleGetArgName(bundle, 0), tridentBundleGetArgKind(bundle, 3),
      tridentBundleGetArgElementType(bundle, 3),
      tridentBundleGetArgDivisibility(bundle, 3),
      tridentBundleGetArgName(bundle, 3), (int)binarySize, (const char *)binary,
      tridentBundleGetNumStages(bundle), tridentBundleGetStageName(bundle, 0),
      (unsigned long long)stageSize, image->kernel_name, image->target,
      image->num_args, image->arg_kinds[3], image->num_warps,
      image->shared_bytes, (unsigned long long)image->binary_size,
      image->binary == binary);
  (void)stage;
  tridentBundleFree(bundle);
  return n < 0 || (size_t)n >= size;
}

/* Checks the NULL and out-of-range behaviour of the accessors; returns the
 * number of surprises. */
int tridentTestCApiEdges(void) {
  int surprises = 0;
  surprises += tridentBundleGetKernelName(NULL) != NULL;
  surprises += tridentBundleGetNumArgs(NULL) != 0;
  surprises += tridentBundleGetArgKind(NULL, 0) != 0;
  surprises += tridentBundleGetKernelImage(NULL) != NULL;
  uint64_t size = 5;
  surprises += tridentBundleGetBinary(NULL, &size) != NULL || size != 0;
  tridentBundleFree(NULL);
  tridentFreeString(NULL);
  /* A failure without an error out-pointer is fine. */
  TridentBundle *bundle = NULL;
  surprises += tridentBundleLoad("/nonexistent/k.tkb", &bundle, NULL) == 0;
  surprises += bundle != NULL;
  char *error = NULL;
  surprises += tridentBundleLoad(NULL, &bundle, &error) == 0;
  surprises += error == NULL ||
               strcmp(error, "tridentBundleLoad: the path is NULL; pass a "
                             ".tkb path") != 0;
  tridentFreeString(error);
  error = NULL;
  surprises += tridentBundleParse("TRIDENTB", 8, &bundle, &error) == 0;
  surprises += error == NULL ||
               strcmp(error, "bundle '<memory>' is truncated: it has 8 bytes, "
                             "fewer than a bundle header; recompile it") != 0;
  tridentFreeString(error);
  return surprises;
}
