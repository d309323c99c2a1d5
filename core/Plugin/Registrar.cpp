//===- Registrar.cpp - The SDK side of plugin registration ----------------===//
//
// The functions a plugin calls from TRIDENT_DEFINE_PLUGIN, compiled into
// libTridentCore: they turn the C handle into the staged registrar and turn
// C++ exceptions and PluginRegistrar::fail into a TridentStatus, so that no
// exception crosses the C boundary.
//
//===----------------------------------------------------------------------===//

#include "StagedRegistrar.h"

#include <cstdlib>
#include <cstring>
#include <exception>

using namespace trident;

/// A status the core allocated; released by releaseStatus below.
static TridentStatus *makeStatus(const std::string &message) {
  auto *status = new TridentStatus;
  status->code = 1;
  status->message = strdup(message.c_str());
  return status;
}

PluginRegistrar &trident::unwrap(TridentRegistrar *registrar) {
  return *registrar->staged;
}

TridentStatus *trident::detail::runRegistration(TridentRegistrar *registrar,
                                                void (*fn)(PluginRegistrar &)) {
  if (!registrar || !registrar->staged)
    return makeStatus("registration ran without a registrar: only the "
                      "Trident host may call register_compiler");
  plugin::StagedRegistrar &staged = *registrar->staged;
  try {
    fn(staged);
  } catch (const std::exception &e) {
    return makeStatus(std::string("registration threw: ") + e.what());
  } catch (...) {
    return makeStatus("registration threw an exception that is not a "
                      "std::exception");
  }
  if (staged.failure)
    return makeStatus("registration failed: " + *staged.failure);
  return nullptr;
}

void trident::detail::releaseStatus(TridentStatus *status) {
  if (!status)
    return;
  free(const_cast<char *>(status->message));
  delete status;
}

std::vector<TridentPluginEntryFn> &trident::detail::getStaticPlugins() {
  // A function-local static: plugins register from static initializers,
  // whose order across translation units is unspecified.
  static std::vector<TridentPluginEntryFn> plugins;
  return plugins;
}

bool trident::detail::addStaticPlugin(TridentPluginEntryFn entry) {
  getStaticPlugins().push_back(entry);
  return true;
}
