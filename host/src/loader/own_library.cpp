#include "loader/own_library.hpp"

#include <qrt/error.hpp>

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>

#include <dlfcn.h>

#include <map>
#include <mutex>

#ifndef QRT_VERSION_STRING
#define QRT_VERSION_STRING "0.0.0"
#endif

namespace qrt::loader {
namespace {

// libqrt_NAME.so.MAJOR beside libqrt (the major version is libqrt's own, as CMake gives both).
std::filesystem::path own_library_file(const std::string& name) {
  boost::dll::fs::error_code ec;
  const auto self = boost::dll::this_line_location(ec);
  if (ec) throw Error(ErrorCode::NotFound, "cannot locate libqrt to find libqrt_" + name);
  const std::string version = QRT_VERSION_STRING;
  return std::filesystem::path(self.parent_path().string()) /
         ("libqrt_" + name + ".so." + version.substr(0, version.find('.')));
}

}  // namespace

OwnFunction own_library_function(const std::string& name, const std::string& symbol) {
  static std::mutex mutex;
  static std::map<std::string, boost::dll::shared_library> loaded;  // never unloaded
  std::lock_guard lock(mutex);
  auto it = loaded.find(name);
  if (it == loaded.end()) {
    const std::filesystem::path file = own_library_file(name);
    std::error_code exists_error;
    if (!std::filesystem::exists(file, exists_error))
      throw Error(ErrorCode::NotFound, file.string() + " is missing: this qrt was built or installed without it");
    boost::dll::shared_library library;
    boost::dll::fs::error_code load_error;
    library.load(boost::dll::fs::path(file.string()),
                 static_cast<boost::dll::load_mode::type>(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE), load_error);
    if (load_error || !library.is_loaded()) {
      const char* detail = dlerror();
      throw Error(ErrorCode::LoadFailed, file.string() + ": cannot load: " + (detail ? detail : load_error.message()));
    }
    it = loaded.emplace(name, std::move(library)).first;
  }
  if (!it->second.has(symbol))
    throw Error(ErrorCode::LoadFailed, it->second.location().string() + " lacks the symbol " + symbol);
  return &it->second.get<void()>(symbol);
}

}  // namespace qrt::loader
