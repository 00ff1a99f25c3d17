// Results read after the run from a device that spans MPI ranks (statevector.mpi), through its
// distributed read-out (qrt::DistributedReadout), instead of RunResult's vectors: no rank holds a whole
// table. Every rank writes the report (stdout is /dev/null beyond rank 0), so every rank makes the same
// collective calls in the same order; the values arrive on rank 0 only.
#pragma once

#include "buffered_output.hpp"
#include "probability_selection.hpp"

#include <qrt/distributed_readout.hpp>

#include <complex>
#include <cstddef>
#include <functional>
#include <vector>

namespace qrt::cli {

struct StreamedResults {
  const DistributedReadout* readout = nullptr;
  std::vector<Wire> wires;  // qubit n-1 ... qubit 0: index bit k is qubit k
  double global_phase = 0;  // the program's, applied to every streamed amplitude
  bool probabilities = false, state = false;
};

// The JSON object of all 2^n probabilities ({"00..0":p,...}), written as rank 0 receives the pieces: the
// text the vector version in result_output.cpp writes.
void stream_probabilities(BufferedOutput& out, const StreamedResults& from, std::size_t n);

// Every amplitude in index order on rank 0, the program's global phase applied as final_state_into does.
void for_each_amplitude(const StreamedResults& from, const std::function<void(std::complex<double>)>& use);

// select_top(probabilities, k)'s selection, merged from each rank's own k best (a k beyond 2^n keeps all).
ProbabilitySelection streamed_top(const StreamedResults& from, std::size_t k, std::size_t n);

}  // namespace qrt::cli
