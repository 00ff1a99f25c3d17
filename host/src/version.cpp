#include <qrt/version.hpp>

#ifndef QRT_VERSION_STRING
#define QRT_VERSION_STRING "0.0.0"
#endif

namespace qrt {

const char* version() noexcept { return QRT_VERSION_STRING; }  // the project's version (host/CMakeLists.txt)

}  // namespace qrt
