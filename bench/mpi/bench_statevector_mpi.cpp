// statevector.mpi: what a gate costs when its target is local vs global, against the loopback MPI
// bandwidth measured in the same run. Run under mpirun (P = 2, 4, ...); rank 0 prints one JSON object.
//   mpirun -n 2 bench_statevector_mpi [n=24] [repetitions=6] [precision=double|single]
// Reported per gate kind: best-of-repetitions seconds per gate (barrier to barrier, all ranks), bytes
// each rank sent per global gate, the 2^n*16/P bytes (2^n*8/P in single precision) of a full chunk (what a pairwise
// exchange of whole chunks, QuEST's scheme, sends), the Sendrecv bandwidth of half-chunk messages between partner
// ranks, and communication efficiency = bytes / ((t_global - t_local) * bandwidth), plus each rank's
// peak RSS (VmHWM).
#include "device/mpi_device.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

double peak_rss_mib() {
  std::ifstream in("/proc/self/status");
  std::string key;
  while (in >> key) {
    if (key == "VmHWM:") {
      double kib = 0;
      in >> kib;
      return kib / 1024.0;
    }
    in.ignore(1 << 12, '\n');
  }
  return 0;
}

const std::uint32_t kHadamard = [] {
  const auto& gates = qrt::mpi::MpiStatevectorDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), "Hadamard") - gates.begin());
}();

void hadamard(qrt::mpi::MpiStatevectorDevice& device, qrt::sdk::Wire wire) {
  const qrt::sdk::Wire wires[1] = {wire};
  device.apply_gate({kHadamard, "Hadamard", {}, wires, {}, {}, false});
}

// Reading one probability flushes the fuser (fusion is off anyway) and synchronises the ranks.
void sync(qrt::mpi::MpiStatevectorDevice& device) {
  double p[2];
  const qrt::sdk::Wire w[1] = {0};
  device.probs(w, p);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const unsigned n = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 24;
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 6;
  const std::string precision = argc > 3 ? argv[3] : "double";
  if (precision != "double" && precision != "single") {
    if (rank == 0)
      std::fprintf(stderr, "bench_statevector_mpi: precision must be double or single, got '%s'\n", precision.c_str());
    MPI_Finalize();
    return 2;
  }
  const std::size_t amplitude_bytes = precision == "single" ? 8 : 16;
  {
    qrt::mpi::MpiStatevectorDevice device(
        qrt::sdk::Kwargs::from_json(R"({"fusion": false, "threads": 1, "seed": 1, "precision": ")" + precision + "\"}",
                                    qrt::mpi::MpiStatevectorDevice::schema()));
    device.allocate_qubits(n);
    const unsigned L = device.local_qubits();
    auto wire_on = [&](bool global) {
      for (qrt::sdk::Wire w = 0; w < static_cast<qrt::sdk::Wire>(n); ++w)
        if ((device.physical_qubit(w) >= L) == global && device.physical_qubit(w) != L - 1) return w;
      return qrt::sdk::Wire{0};
    };
    sync(device);
    // Local gates: a target in the middle of the chunk.
    double t_local = 1e300;
    for (int r = 0; r < repetitions; ++r) {
      const qrt::sdk::Wire w = wire_on(false);
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      hadamard(device, w);
      sync(device);
      t_local = std::min(t_local, MPI_Wtime() - t0);
    }
    // Global gates: each one targets a wire that is global right now, so each one exchanges.
    double t_global = 1e300;
    std::uint64_t bytes = 0;
    for (int r = 0; r < repetitions && size > 1; ++r) {
      const qrt::sdk::Wire w = wire_on(true);
      const std::uint64_t before = device.exchange_stats().bytes_sent;
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      hadamard(device, w);
      sync(device);
      t_global = std::min(t_global, MPI_Wtime() - t0);
      bytes = device.exchange_stats().bytes_sent - before;
    }
    // The same probs read alone, to subtract from both.
    double t_sync = 1e300;
    for (int r = 0; r < repetitions; ++r) {
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      sync(device);
      t_sync = std::min(t_sync, MPI_Wtime() - t0);
    }
    // Loopback bandwidth: Sendrecv of half a chunk with the partner rank (rank ^ 1).
    double bandwidth = 0;
    if (size > 1) {
      const std::size_t half_bytes = (amplitude_bytes << L) / 2;
      std::vector<char> send(half_bytes, 1), recv(half_bytes);
      double best = 1e300;
      for (int r = 0; r < repetitions; ++r) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double t0 = MPI_Wtime();
        // In int-sized pieces of 64 MiB (counts are ints).
        for (std::size_t at = 0; at < half_bytes; at += std::size_t{64} << 20) {
          const int count = static_cast<int>(std::min(half_bytes - at, std::size_t{64} << 20));
          MPI_Sendrecv(send.data() + at, count, MPI_BYTE, rank ^ 1, 7, recv.data() + at, count, MPI_BYTE, rank ^ 1, 7,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        best = std::min(best, MPI_Wtime() - t0);
      }
      bandwidth = static_cast<double>(half_bytes) / best;
    }
    const double local_gate = t_local - t_sync, global_gate = t_global - t_sync;
    double rss = peak_rss_mib(), rss_max = 0;
    MPI_Reduce(&rss, &rss_max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
      const double chunk_bytes = static_cast<double>(std::uint64_t{amplitude_bytes} << L);
      std::printf(
          "{\"benchmark\":\"statevector_mpi_gate_cost\",\"qubits\":%u,\"ranks\":%d,\"local_qubits\":%u,"
          "\"precision\":\"%s\",\"repetitions\":%d,\"local_gate_seconds\":%.6f,",
          n, size, L, precision.c_str(), repetitions, local_gate);
      if (size > 1)
        std::printf(
            "\"global_gate_seconds\":%.6f,\"bytes_sent_per_global_gate_per_rank\":%llu,"
            "\"full_chunk_bytes\":%.0f,\"sendrecv_bandwidth_bytes_per_second\":%.4g,"
            "\"exchange_seconds\":%.6f,\"communication_efficiency\":%.3f,",
            global_gate, static_cast<unsigned long long>(bytes), chunk_bytes, bandwidth, global_gate - local_gate,
            static_cast<double>(bytes) / ((global_gate - local_gate) * bandwidth));
      std::printf("\"peak_rss_mib_max_over_ranks\":%.1f}\n", rss_max);
    }
  }
  MPI_Finalize();
  return 0;
}
