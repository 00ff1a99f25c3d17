// bench_statevector entry point: registers the benchmarks, records the
// machine load before and after the run in the JSON context, and runs Google Benchmark.
#include "bench_common.hpp"

#include <iostream>

namespace sv_bench {
void register_gate_benchmarks();
void register_circuit_benchmarks();
void register_overhead_benchmarks();
}  // namespace sv_bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("loadavg_at_start", sv_bench::load_average());
  benchmark::AddCustomContext("simd", std::string(qrt::sv::simd_level_name(qrt::sv::best_simd_level())));
  sv_bench::register_overhead_benchmarks();
  sv_bench::register_gate_benchmarks();
  sv_bench::register_circuit_benchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::cerr << "loadavg at end: " << sv_bench::load_average() << "\n";
  return 0;
}
