#include "loader/plugin_error.hpp"

#include <memory>
#include <string>

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

}  // namespace qrt::loader
