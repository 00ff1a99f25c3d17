// Shot-based estimates of expectation values and variances (PennyLane's finite-shot semantics): the
// state is measured in the observable's eigenbasis and every shot contributes the eigenvalue of
// its outcome; expval is the sample mean, var the sample variance (ddof = 0).
//
// Terms whose factors agree on every shared qubit (qubit-wise commuting: same Pauli, Hadamard, or
// identical Hermitian factor) are measured together from one set of shots. Otherwise expval
// measures each term separately with `shots` shots and adds the estimates, and var is rejected
// (Unsupported): a variance cannot be assembled from separately sampled terms.
//
// The eigenbasis rotation is applied to a scratch copy of the state; factors already diagonal
// (PauliZ, Identity) are sampled from the state itself without a copy. Results depend only on the
// generator state, not on the thread count. `workspace` (optional) holds the rotated copy and the
// sampling buffers between calls.
// Errors (qrt::sv::Error): the observable's validation errors, InvalidArgument for shots == 0, plus
// Unsupported as above.
//
// The plan (ShotMeasurement) is separate from the sampling so that a device whose state is not one
// array (statevector.mpi) can rotate and sample its own way and still give the same estimates.
#pragma once

#include "measure/measurement_workspace.hpp"
#include "observables/eigenbasis.hpp"
#include "observables/observable.hpp"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace qrt::sv {

// One set of shots: rotate each basis's qubits by its rotation (those with one), sample `measured`
// (outcome MSB = measured[0]) and value each outcome with value_of.
class ShotMeasurement {
 public:
  struct Term {
    double coefficient;
    std::vector<std::size_t> bases;  // indices into bases(): the factors whose eigenvalues it multiplies
  };
  ShotMeasurement(std::vector<FactorEigenbasis> bases, std::vector<Term> terms);

  const std::vector<FactorEigenbasis>& bases() const { return bases_; }
  const std::vector<std::size_t>& measured() const { return measured_; }
  // The observable's value when the measured qubits read `outcome`.
  double value_of(std::uint64_t outcome) const;

 private:
  std::vector<FactorEigenbasis> bases_;  // disjoint qubits
  std::vector<Term> terms_;
  std::vector<std::size_t> measured_;
  std::vector<std::size_t> shift_;  // where each basis's bits start in an outcome (from the LSB)
};

// What expval needs: one measurement when the terms share an eigenbasis, otherwise one per term (the
// estimates add). For a validated observable on `num_qubits` qubits.
std::vector<ShotMeasurement> expval_measurements(const Observable& observable, std::size_t num_qubits);
// What var needs: one measurement; Unsupported when the terms do not share an eigenbasis.
ShotMeasurement var_measurement(const Observable& observable, std::size_t num_qubits);

// Sample mean and variance (ddof = 0) of the values; `values` must not be empty.
double sample_mean(std::span<const double> values);
double sample_variance(std::span<const double> values);

// T = double or float (the state's scalar type).
template <class T>
double expval_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                      std::uint64_t shots, std::mt19937_64& rng, int threads,
                      MeasurementWorkspace* workspace = nullptr);

template <class T>
double var_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                   std::uint64_t shots, std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace = nullptr);

}  // namespace qrt::sv
