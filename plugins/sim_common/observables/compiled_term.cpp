#include "observables/compiled_term.hpp"

#include "measure/bits.hpp"
#include "measure/errors.hpp"
#include "measure/validation.hpp"

#include <bit>
#include <cmath>
#include <sstream>
#include <string>

namespace qrt::sv {

namespace {

std::string qubit_list(const std::vector<std::size_t>& qubits) {
  std::ostringstream text;
  text << '[';
  for (std::size_t i = 0; i < qubits.size(); ++i) text << (i ? ", " : "") << qubits[i];
  text << ']';
  return text.str();
}

std::string factor_context(std::size_t term_index, std::size_t factor_index, const Factor& factor) {
  return "term " + std::to_string(term_index) + ", factor " + std::to_string(factor_index) + " (" +
         std::string(to_string(factor.kind)) + " on qubits " + qubit_list(factor.qubits) + ")";
}

void check_hermitian_matrix(const Factor& factor, const std::string& context) {
  const std::size_t m = factor.qubits.size();
  if (m == 0)
    fail(ErrorKind::InvalidArgument, "observable: " + context + ": a Hermitian factor needs at least one qubit");
  if (m > kMaxHermitianQubits) {
    fail(ErrorKind::OutOfRange, "observable: " + context + ": Hermitian factors are limited to " +
                                    std::to_string(kMaxHermitianQubits) + " qubits");
  }
  const std::size_t dim = std::size_t{1} << m;
  if (factor.matrix.size() != dim * dim) {
    fail(ErrorKind::InvalidArgument, "observable: " + context + ": matrix has " + std::to_string(factor.matrix.size()) +
                                         " entries, expected " + std::to_string(dim) + "x" + std::to_string(dim) +
                                         " = " + std::to_string(dim * dim));
  }
  double largest = 0.0;
  for (std::size_t i = 0; i < factor.matrix.size(); ++i) {
    const auto& entry = factor.matrix[i];
    if (!std::isfinite(entry.real()) || !std::isfinite(entry.imag())) {
      fail(ErrorKind::InvalidArgument, "observable: " + context + ": matrix entry (" + std::to_string(i / dim) + ", " +
                                           std::to_string(i % dim) + ") is not finite");
    }
    largest = std::max(largest, std::abs(entry));
  }
  const double tolerance = kHermitianTolerance * std::max(1.0, largest);
  for (std::size_t row = 0; row < dim; ++row) {
    for (std::size_t col = row; col < dim; ++col) {
      const auto upper = factor.matrix[row * dim + col];
      const auto lower = factor.matrix[col * dim + row];
      if (std::abs(upper - std::conj(lower)) > tolerance) {
        std::ostringstream detail;
        detail << "observable: " << context << ": matrix is not Hermitian: entry (" << row << ", " << col
               << ") = " << upper << " but the conjugate of entry (" << col << ", " << row
               << ") = " << std::conj(lower);
        fail(ErrorKind::InvalidArgument, detail.str());
      }
    }
  }
}

std::vector<std::complex<double>> square_matrix(const std::vector<std::complex<double>>& matrix, std::size_t dim) {
  std::vector<std::complex<double>> result(dim * dim);
  for (std::size_t row = 0; row < dim; ++row) {
    for (std::size_t inner = 0; inner < dim; ++inner) {
      const auto left = matrix[row * dim + inner];
      for (std::size_t col = 0; col < dim; ++col) result[row * dim + col] += left * matrix[inner * dim + col];
    }
  }
  return result;
}

}  // namespace

std::vector<std::complex<double>> hadamard_matrix() {
  const double h = 1.0 / std::sqrt(2.0);
  return {h, h, h, -h};
}

std::size_t CompiledTerm::dense_qubit_count() const {
  std::size_t count = 0;
  for (const DenseFactor& factor : dense) count += factor.qubits.size();
  return count;
}

std::vector<std::size_t> CompiledTerm::block_qubits() const {
  std::vector<std::size_t> qubits;
  for (const DenseFactor& factor : dense) qubits.insert(qubits.end(), factor.qubits.begin(), factor.qubits.end());
  return qubits;
}

CompiledTerm compile_term(const Term& term, std::size_t num_qubits, std::size_t term_index) {
  if (!std::isfinite(term.coefficient)) {
    fail(ErrorKind::InvalidArgument, "observable: term " + std::to_string(term_index) + " has coefficient " +
                                         std::to_string(term.coefficient) + ", which is not finite");
  }
  CompiledTerm compiled;
  compiled.coefficient = term.coefficient;
  bits::Index used = 0;
  for (std::size_t f = 0; f < term.factors.size(); ++f) {
    const Factor& factor = term.factors[f];
    const std::string context = factor_context(term_index, f, factor);
    check_qubits(factor.qubits, num_qubits, "observable: " + context);
    const bits::Index mask = bits::mask_of(factor.qubits);
    if (used & mask) {
      fail(ErrorKind::InvalidArgument, "observable: " + context +
                                           " overlaps an earlier factor of the same tensor product on qubit " +
                                           std::to_string(std::countr_zero(used & mask)));
    }
    used |= mask;
    const bool single_qubit = factor.kind != FactorKind::Identity && factor.kind != FactorKind::Hermitian;
    if (single_qubit && factor.qubits.size() != 1) {
      fail(ErrorKind::InvalidArgument, "observable: " + context + ": expected exactly one qubit");
    }
    if (factor.kind != FactorKind::Hermitian && !factor.matrix.empty()) {
      fail(ErrorKind::InvalidArgument, "observable: " + context + ": only Hermitian factors take a matrix");
    }
    switch (factor.kind) {
      case FactorKind::Identity: break;
      case FactorKind::PauliX: compiled.pauli.flip |= mask; break;
      case FactorKind::PauliY:
        compiled.pauli.flip |= mask;
        compiled.pauli.sign |= mask;
        ++compiled.pauli.y_count;
        break;
      case FactorKind::PauliZ: compiled.pauli.sign |= mask; break;
      case FactorKind::Hadamard: compiled.dense.push_back({factor.qubits, hadamard_matrix(), true}); break;
      case FactorKind::Hermitian:
        check_hermitian_matrix(factor, context);
        compiled.dense.push_back({factor.qubits, factor.matrix, false});
        break;
      default:
        fail(ErrorKind::InvalidArgument,
             "observable: " + context + ": unknown factor kind " + std::to_string(static_cast<int>(factor.kind)));
    }
  }
  return compiled;
}

std::vector<CompiledTerm> compile_observable(const Observable& observable, std::size_t num_qubits) {
  std::vector<CompiledTerm> compiled;
  compiled.reserve(observable.terms.size());
  for (std::size_t t = 0; t < observable.terms.size(); ++t)
    compiled.push_back(compile_term(observable.terms[t], num_qubits, t));
  return compiled;
}

CompiledTerm squared(const CompiledTerm& term) {
  CompiledTerm result;
  result.coefficient = term.coefficient * term.coefficient;
  for (const DenseFactor& factor : term.dense) {
    if (factor.squares_to_identity) continue;
    result.dense.push_back(
        {factor.qubits, square_matrix(factor.matrix, std::size_t{1} << factor.qubits.size()), false});
  }
  return result;
}

}  // namespace qrt::sv
