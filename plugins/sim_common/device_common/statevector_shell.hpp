// The device shell statevector.qubit and statevector.mpi share: what does not depend on where the
// amplitudes live. The kwargs (DeviceOptions) and the execution policy they give the kernels, the wire
// map, the fusion queue, the random generator and shots, the capabilities, and the checks whose
// messages both devices give alike. A device derives from it, owns its amplitudes (a ByPrecision),
// implements OpSink::apply (a fused op reaches them) and the SDK's state-dependent calls.
#pragma once

#include "device_common/device_options.hpp"
#include "device_common/wire_map.hpp"
#include "fusion/fuser.hpp"
#include "kernels/apply_op.hpp"
#include "kernels/workspace.hpp"

#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/schema.hpp>

#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace qrt::sv {

class StatevectorShell : public qrt::sdk::Device, protected OpSink {
 public:
  static qrt::sdk::Schema schema() { return DeviceOptions::schema(); }
  // Every catalog gate with controls and adjoints, every observable and measurement (shots, state,
  // mid-circuit measurement and reset), 40 qubits.
  static qrt::sdk::Capabilities capabilities();

  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }

  const DeviceOptions& options() const { return options_; }

 protected:
  // Does not seed the generator: a device seeds it once it can (statevector.mpi broadcasts rank 0's seed).
  explicit StatevectorShell(const DeviceOptions& options);

  int threads() const { return static_cast<int>(options_.threads); }
  // Runs the queued ops: before any read of the amplitudes, and before the qubits they name change.
  void flush() { fuser_.flush(*this); }
  // The shell's part of reset(): empty fusion queue and wire map, the kwargs' shots.
  void reset_shell();
  // The kwargs' seed, or a fresh random one when they give none.
  std::uint64_t seed_from_options() const;

  // allocate_qubits: out of range when `count` more qubits than the `allocated` ones exceed max_qubits.
  void check_allocation(std::size_t allocated, std::size_t count) const;
  // sample: failed precondition when the device has no shots.
  void require_shots_for_sample() const;
  // state: invalid argument when the output does not hold `size` amplitudes.
  static void check_state_output(std::size_t out_size, std::size_t size);

  DeviceOptions options_;
  ExecPolicy policy_;  // from options_
  WireMap wires_;
  Fuser fuser_;
  Workspace workspace_;
  std::mt19937_64 rng_;
  std::uint64_t shots_;
  std::vector<Complex> matrix_storage_;  // the last apply_matrix's matrix, which its op borrows
};

}  // namespace qrt::sv
