#include <qrt/error.hpp>

namespace qrt {

const char* to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::InvalidArgument: return "invalid argument";
    case ErrorCode::Unsupported: return "unsupported";
    case ErrorCode::OutOfRange: return "out of range";
    case ErrorCode::OutOfMemory: return "out of memory";
    case ErrorCode::FailedPrecondition: return "failed precondition";
    case ErrorCode::Internal: return "internal error";
    case ErrorCode::Config: return "config error";
    case ErrorCode::NotFound: return "not found";
    case ErrorCode::Ambiguous: return "ambiguous";
    case ErrorCode::LoadFailed: return "load failed";
    case ErrorCode::State: return "invalid state";
  }
  return "unknown error";
}

}  // namespace qrt
