// What the recorder (__catalyst__rt__toggle_recorder) keeps while it is on: the operations applied, in
// the device's terms, the gate parameters in Catalyst's order, and the observables of Expval, so that
// __catalyst__qis__Gradient can ask the device's adjoint extension for d<O>/dθ.
#pragma once

#include <qrt/observable.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qrt::catalyst {

struct TapeOp {
  std::string name;                   // the gate's name, for messages
  std::optional<std::uint32_t> gate;  // a device gate; unset: `matrix`
  std::vector<double> params;
  std::vector<std::complex<double>> matrix;
  std::vector<Wire> wires, controls;
  std::vector<std::uint8_t> control_values;
  bool adjoint = false;
};

// One gate parameter as Catalyst counts them (Rot has three): the device operation and parameter it
// became, or none when it was applied in a form the adjoint method cannot differentiate (a matrix).
struct TapeParam {
  std::optional<std::size_t> op;
  std::size_t index = 0;
  std::string gate;  // for messages
};

struct Tape {
  std::vector<TapeOp> ops;
  std::vector<TapeParam> params;
  std::vector<Observable> observables;  // one per Expval while recording, in order
  std::string unsupported;              // the first thing recorded that the adjoint method cannot take
  bool clean_start = true;              // recording began before any operation changed the state

  void clear() {
    ops.clear();
    params.clear();
    observables.clear();
    unsupported.clear();
    clean_start = true;
  }
};

}  // namespace qrt::catalyst
