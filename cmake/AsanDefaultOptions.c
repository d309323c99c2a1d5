/* Linked into every binary of a TRIDENT_SANITIZE=address build (see the
 * top-level CMakeLists.txt): AddressSanitizer's defaults for our tools.
 *
 * allow_user_poisoning=0: LLVM's allocators (BumpPtrAllocator, Recycler)
 * poison their free memory by hand when the code that inlines them is
 * instrumented. Ours is; Debian's libLLVM and libMLIR are not. A slab that
 * our code started is then poisoned, and libMLIR's own allocations from it
 * (the context's storage uniquer serves both) are never unpoisoned, so its
 * next write reports a use-after-poison that is not one. Manual poisoning
 * is off; every other check stays. */
const char *__asan_default_options(void) { return "allow_user_poisoning=0"; }
