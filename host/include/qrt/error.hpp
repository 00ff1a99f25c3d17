// qrt::Error — the one exception type of the host's C++ API. Every message names what failed and where
// (device, library, key, file...). The C API turns it into an error value; nothing escapes C functions.
#pragma once

#include <stdexcept>
#include <string>

namespace qrt {

enum class ErrorCode {
  InvalidArgument,  // bad wire, parameter, matrix, observable...
  Unsupported,      // the device does not implement the operation
  OutOfRange,
  OutOfMemory,
  FailedPrecondition,  // e.g. impossible postselection
  Internal,            // a plugin bug or an unknown status
  Config,              // malformed config string or kwargs that fail the device's schema
  NotFound,            // no such device / library / file
  Ambiguous,           // two libraries offer the same device name
  LoadFailed,          // a library could not be loaded or failed the ABI checks
  State,               // API misuse: wrong order of calls, runtime finalized, no active device...
};

const char* to_string(ErrorCode code) noexcept;

// `text` with its control characters — all but newline and tab — written as \xHH. Messages quote input
// (config strings, names, a plugin's own text); what() is a C string, so a NUL in it would cut the message
// short wherever it is printed, and an escape sequence would drive the terminal that shows it.
std::string printable_message(std::string text);

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(printable_message(message)), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

// A request that does not fit what it is made of: outputs or shots a program cannot give, a kwarg a caller
// added (DeviceSpec::with_kwarg) that clashes with the config or that the device lacks. The caller's
// arguments are at fault, not the program or the device: the CLI reports it as a usage error.
class RequestError : public Error {
 public:
  explicit RequestError(const std::string& message) : Error(ErrorCode::InvalidArgument, message) {}
};

// A program that cannot be loaded (a QIR module LLVM rejects, a missing entry point...). The message is
// already the finished diagnostic ("prog.ll:3:7: error: ..."): shown as it is, like a parse error.
class ProgramLoadError : public Error {
 public:
  explicit ProgramLoadError(const std::string& diagnostic) : Error(ErrorCode::InvalidArgument, diagnostic) {}
};

}  // namespace qrt
