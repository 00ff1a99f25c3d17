// Errors raised by the measurement and observable routines of statevector.qubit.
//
// These libraries depend on the standard library only, so they cannot throw the SDK's error type.
// Each error carries an ErrorKind that maps one-to-one onto an ABI status; the device class
// catches qrt::sv::Error and rethrows it as the matching qrt::sdk::Error:
//   InvalidArgument    -> QRT_ERROR_INVALID_ARGUMENT   (duplicate qubits, bad matrix, bad sizes...)
//   OutOfRange         -> QRT_ERROR_OUT_OF_RANGE       (qubit index >= num_qubits, too many qubits)
//   Unsupported        -> QRT_ERROR_UNSUPPORTED        (e.g. var of a non-commuting sum from samples)
//   FailedPrecondition -> QRT_ERROR_FAILED_PRECONDITION (postselecting an impossible outcome)
// Every message names the operation first ("probs: ..."), then what was wrong and where.
#pragma once

#include <stdexcept>
#include <string>

namespace qrt::sv {

enum class ErrorKind { InvalidArgument, OutOfRange, Unsupported, FailedPrecondition };

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

[[noreturn]] inline void fail(ErrorKind kind, const std::string& message) { throw Error(kind, message); }

}  // namespace qrt::sv
