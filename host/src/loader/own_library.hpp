// qrt's own optional libraries, found beside libqrt (libqrt_NAME.so.MAJOR, in the build tree's lib/ as
// once installed) and loaded on first use for the life of the process: an isolation worker loads the
// front end of a compiled program this way when one first arrives, so that a worker that never runs
// one (every plugin scan, most isolated devices) does not pay for mapping LLVM.
#pragma once

#include <string>

namespace qrt::loader {

// The function `symbol` of libqrt_`name`.so.MAJOR, to be cast to its real type. Thread-safe. Throws
// Error(NotFound) naming the file when this qrt has no such library, and Error(LoadFailed) when it does
// not load or lacks the symbol.
using OwnFunction = void (*)();
OwnFunction own_library_function(const std::string& name, const std::string& symbol);

}  // namespace qrt::loader
