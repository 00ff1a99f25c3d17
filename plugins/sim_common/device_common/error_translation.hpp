// The measurement and observable libraries throw qrt::sv::Error (they do not depend on the SDK);
// the device turns those into qrt::sdk::Error with the matching ABI status and the same message.
#pragma once

#include "measure/errors.hpp"

#include <qrt/sdk/error.hpp>

#include <new>
#include <string>

namespace qrt::sv {

inline qrt_status_code status_of(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::InvalidArgument: return QRT_ERROR_INVALID_ARGUMENT;
    case ErrorKind::OutOfRange: return QRT_ERROR_OUT_OF_RANGE;
    case ErrorKind::Unsupported: return QRT_ERROR_UNSUPPORTED;
    case ErrorKind::FailedPrecondition: return QRT_ERROR_FAILED_PRECONDITION;
  }
  return QRT_ERROR_INTERNAL;
}

template <class Body>
decltype(auto) translate_errors(Body&& body) {
  try {
    return body();
  } catch (const Error& e) {
    throw qrt::sdk::Error(status_of(e.kind()), e.what());
  }
}

}  // namespace qrt::sv
