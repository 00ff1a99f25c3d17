#include "loader/plugin_error.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

namespace qrt::loader {
namespace {

ErrorCode from_status(std::int32_t code) {
  switch (code) {
    case QRT_ERROR_INVALID_ARGUMENT: return ErrorCode::InvalidArgument;
    case QRT_ERROR_UNSUPPORTED: return ErrorCode::Unsupported;
    case QRT_ERROR_OUT_OF_RANGE: return ErrorCode::OutOfRange;
    case QRT_ERROR_OUT_OF_MEMORY: return ErrorCode::OutOfMemory;
    case QRT_ERROR_FAILED_PRECONDITION: return ErrorCode::FailedPrecondition;
    default: return ErrorCode::Internal;
  }
}

struct Destroy {
  void operator()(qrt_error* e) const {
    if (e->struct_size >= offsetof(qrt_error, destroy) + sizeof(e->destroy) && e->destroy) e->destroy(e);
  }
};

}  // namespace

void throw_plugin_error(qrt_error* raw, std::string_view device, std::string_view operation) {
  std::unique_ptr<qrt_error, Destroy> error(raw);
  bool readable = error->struct_size >= offsetof(qrt_error, message) + sizeof(error->message);
  std::string text = readable && error->message ? error->message : "(the plugin gave no message)";
  ErrorCode code = readable ? from_status(error->code) : ErrorCode::Internal;
  // "statevector.mpi: create: statevector.mpi: ..." / "x: expval: expval: ...": a plugin that names itself
  // or the operation is not repeated.
  for (std::string_view said : {device, operation}) {
    const std::string prefix = std::string(said) + ": ";
    if (!said.empty() && text.starts_with(prefix)) text.erase(0, prefix.size());
  }
  throw Error(code, std::string(device) + ": " + std::string(operation) + ": " + text);
}

void throw_escaped_exception(std::string_view device, const std::filesystem::path& library,
                             std::string_view operation) {
  std::string what;
  try {
    throw;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  // The exception's type, demangled ("std::runtime_error", "int").
  std::string type = "an exception of unknown type";
  if (const std::type_info* info = abi::__cxa_current_exception_type()) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(info->name(), nullptr, nullptr, &status),
                                                &std::free);
    type = status == 0 && name ? name.get() : info->name();
  }
  throw Error(ErrorCode::Internal, std::string(device) + ": " + std::string(operation) + ": the plugin (library " +
                                       library.string() + ") let a C++ exception out through the C ABI: " + type +
                                       (what.empty() ? std::string() : ": " + what) +
                                       " (a plugin must return errors as qrt_error values; the C++ SDK does)");
}

}  // namespace qrt::loader
