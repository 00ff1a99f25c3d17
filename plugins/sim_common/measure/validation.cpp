#include "measure/validation.hpp"

#include "measure/errors.hpp"

#include <string>
#include <vector>

namespace qrt::sv {

namespace {
std::string prefix(std::string_view operation) { return std::string(operation) + ": "; }
}  // namespace

void check_state(const void* state, std::size_t num_qubits, std::string_view operation) {
  if (state == nullptr) fail(ErrorKind::InvalidArgument, prefix(operation) + "state pointer is null");
  if (num_qubits > kMaxQubits) {
    fail(ErrorKind::OutOfRange, prefix(operation) + std::to_string(num_qubits) + " qubits exceed the maximum of " +
                                    std::to_string(kMaxQubits));
  }
}

void check_qubit(std::size_t qubit, std::size_t num_qubits, std::string_view operation) {
  if (qubit >= num_qubits) {
    fail(ErrorKind::OutOfRange, prefix(operation) + "qubit " + std::to_string(qubit) + " is out of range for a " +
                                    std::to_string(num_qubits) + "-qubit state");
  }
}

void check_qubits(std::span<const std::size_t> qubits, std::size_t num_qubits, std::string_view operation) {
  std::vector<bool> seen(num_qubits, false);
  for (std::size_t position = 0; position < qubits.size(); ++position) {
    const std::size_t q = qubits[position];
    check_qubit(q, num_qubits, operation);
    if (seen[q]) {
      fail(ErrorKind::InvalidArgument, prefix(operation) + "qubit " + std::to_string(q) +
                                           " is listed twice (again at position " + std::to_string(position) + ")");
    }
    seen[q] = true;
  }
}

void check_threads(int threads, std::string_view operation) {
  if (threads < 1) {
    fail(ErrorKind::InvalidArgument,
         prefix(operation) + "thread count must be at least 1, got " + std::to_string(threads));
  }
}

}  // namespace qrt::sv
