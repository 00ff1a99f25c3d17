// QASMBench on statevector.mpi (loaded by qrt's plugin loader, RTLD_LOCAL) against statevector.qubit:
// final-state probabilities, states and Pauli-Z expectation values agree to 1e-12 for every circuit
// (measurements stripped) wide enough for the rank count. Run under mpirun -n 1, 2, 4 by CTest.
// Arguments: keep every k-th circuit (CI time; default 1 = all); `single`: statevector.mpi in single
// precision against statevector.qubit in double, to 1e-5 (the issue-15 accuracy goal).
#include "../corpus/corpus_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

qrt::RunResult run(const qrt::program::Program& program, const std::string& config, const std::string& z_word) {
  qrt::Device device = corpus::runtime().open(config);
  qrt::RunOptions options;
  options.strip_measurements = true;
  options.probabilities = true;
  options.state = true;
  options.expvals = {z_word};
  options.shots = 0;
  return qrt::run_program(program, device, options);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int stride = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
  const bool single = argc > 2 && std::string(argv[2]) == "single";
  const std::string mpi_config = single ? "statevector.mpi:precision=single" : "statevector.mpi";
  const double tolerance = single ? 1e-5 : 1e-12;
  int failures = 0, checked = 0, skipped = 0;
  if (!corpus::corpus_dir()) {
    if (rank == 0) std::printf("SKIPPED: QASMBench corpus not found at %s (set QRT_CORPUS_DIR)\n", QRT_TEST_CORPUS_DIR);
    MPI_Finalize();
    return 0;
  }
  int index = 0;
  for (const auto& [name, ref] : corpus::expected()) {
    if (index++ % stride != 0) continue;
    const std::string file(name);
    const auto n = static_cast<unsigned>(ref.as_object().at("qubits").as_int64());
    try {
      const qrt::program::Program program = qrt::qasm::parse_file(*corpus::corpus_dir() / "qasmbench" / file);
      std::string z_word(n, 'I');
      z_word[0] = 'Z';      // the top qubit: a global one when P > 1
      z_word[n - 1] = 'X';  // and qubit 0
      const qrt::RunResult a = run(program, mpi_config, z_word);
      const qrt::RunResult b = run(program, "statevector.qubit", z_word);
      double worst = a.probabilities.size() == b.probabilities.size() && a.state.size() == b.state.size() ? 0 : 1e300;
      for (std::size_t i = 0; i < a.probabilities.size() && i < b.probabilities.size(); ++i)
        worst = std::max(worst, std::abs(a.probabilities[i] - b.probabilities[i]));
      for (std::size_t i = 0; i < a.state.size() && i < b.state.size(); ++i)
        worst = std::max(worst, std::abs(a.state[i] - b.state[i]));
      worst = std::max(worst, std::abs(a.expvals.at(0).second - b.expvals.at(0).second));
      if (!(worst <= tolerance)) {
        ++failures;
        std::fprintf(stderr, "rank %d: %s: %s differs from statevector.qubit by %g\n", rank, file.c_str(),
                     mpi_config.c_str(), worst);
      }
      ++checked;
    } catch (const std::exception& e) {
      // Too few qubits for the ranks (n < log2 P, or a gate wider than the local qubits): refused
      // with a clear error, the expected outcome.
      const std::string what = e.what();
      if (what.find("use fewer ranks") != std::string::npos) {
        ++skipped;
        continue;
      }
      ++failures;
      std::fprintf(stderr, "rank %d: %s: %s\n", rank, file.c_str(), e.what());
    }
  }
  if (rank == 0)
    std::printf("%s, P = %d: %d circuits checked, %d too narrow for %d ranks\n", mpi_config.c_str(), size, checked,
                skipped, size);
  int any = failures != 0 || checked == 0, all = 0;
  MPI_Allreduce(&any, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return all;
}
