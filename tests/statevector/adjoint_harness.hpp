// Driving statevector.qubit's "qrt.adjoint_jacobian/1" extension through the C ABI only (the plugin
// loaded with dlopen): circuits and observables as plain values, turned into the C structs per call,
// and the device's own exact expval as the reference for finite differences.
#pragma once

#include <qrt/device_api.h>
#include <qrt/extensions/adjoint_jacobian.h>

#include "loaded_plugin.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include <complex>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace adjoint_test {

using Complex = std::complex<double>;

struct Plugin {
  qrt::test::LoadedPlugin loaded;
  const qrt_device_descriptor* device = loaded.device;
  const qrt_device_functions* f = nullptr;
  const qrt_adjoint_jacobian_extension* ext = nullptr;

  Plugin() {
    f = device->functions;
    REQUIRE(QRT_STRUCT_HAS_FIELD(f, qrt_device_functions, get_extension));
    REQUIRE(f->get_extension != nullptr);
    ext = static_cast<const qrt_adjoint_jacobian_extension*>(f->get_extension(QRT_EXTENSION_ADJOINT_JACOBIAN));
    REQUIRE(ext != nullptr);
    REQUIRE(QRT_STRUCT_HAS_FIELD(ext, qrt_adjoint_jacobian_extension, jacobian));
  }

  // The names of a JSON array of strings (the capabilities' "gates", differentiable_gates_json).
  static std::vector<std::string> names_in(const std::string& json, std::size_t from = 0) {
    std::vector<std::string> names;
    const std::size_t open = json.find('[', from), close = json.find(']', open);
    for (std::size_t pos = json.find('"', open); pos != std::string::npos && pos < close;) {
      const std::size_t end = json.find('"', pos + 1);
      names.push_back(json.substr(pos + 1, end - pos - 1));
      pos = json.find('"', end + 1);
    }
    return names;
  }
  std::vector<std::string> gates() const {
    const std::string caps = device->capabilities_json;
    return names_in(caps, caps.find("\"gates\""));
  }
  std::uint32_t gate_id(const std::string& name) const {
    const std::vector<std::string> all = gates();
    for (std::uint32_t id = 0; id < all.size(); ++id)
      if (all[id] == name) return id;
    FAIL("gate " << name << " not listed");
    return 0;
  }
};

// One operation: a catalog gate, or a matrix when `matrix` is non-empty. Wires are indices 0..n-1.
struct Op {
  std::string gate;
  std::vector<double> params;
  std::vector<qrt_wire> wires;
  std::vector<qrt_wire> controls;
  std::vector<std::uint8_t> values;  // one per control
  bool adjoint = false;
  std::vector<Complex> matrix;
};
using Circuit = std::vector<Op>;

struct Factor {
  qrt_observable_kind kind;
  std::vector<qrt_wire> wires;
  std::vector<Complex> matrix;  // Hermitian only
};
struct Term {
  double coefficient = 1.0;
  std::vector<Factor> factors;
};
using Obs = std::vector<Term>;

inline Obs single(qrt_observable_kind kind, qrt_wire wire) { return {{1.0, {{kind, {wire}, {}}}}}; }

// The C structs of a circuit (borrowing from it): ops in order.
class CCircuit {
 public:
  CCircuit(const Plugin& plugin, const Circuit& circuit) {
    gates_.reserve(circuit.size());
    matrices_.reserve(circuit.size());
    for (const Op& op : circuit) {
      qrt_circuit_op c{nullptr, nullptr};
      if (op.matrix.empty()) {
        gates_.push_back({sizeof(qrt_gate_call), plugin.gate_id(op.gate), op.adjoint ? 1u : 0u, op.params.data(),
                          op.params.size(), op.wires.data(), op.wires.size(), op.controls.data(),
                          op.values.empty() ? nullptr : op.values.data(), op.controls.size()});
        c.gate = &gates_.back();
      } else {
        matrices_.push_back({sizeof(qrt_matrix_call), op.adjoint ? 1u : 0u,
                             reinterpret_cast<const double*>(op.matrix.data()), op.wires.data(), op.wires.size(),
                             op.controls.data(), op.values.empty() ? nullptr : op.values.data(), op.controls.size()});
        c.matrix = &matrices_.back();
      }
      ops_.push_back(c);
    }
  }
  const std::vector<qrt_circuit_op>& ops() const { return ops_; }

 private:
  std::vector<qrt_gate_call> gates_;
  std::vector<qrt_matrix_call> matrices_;
  std::vector<qrt_circuit_op> ops_;
};

// The C struct of an observable (borrowing from it).
class CObservable {
 public:
  explicit CObservable(const Obs& obs) {
    factors_.reserve(obs.size());
    for (const Term& t : obs) {
      auto& fs = factors_.emplace_back();
      for (const Factor& f : t.factors)
        fs.push_back({static_cast<std::uint32_t>(f.kind), f.wires.data(), f.wires.size(),
                      f.matrix.empty() ? nullptr : reinterpret_cast<const double*>(f.matrix.data())});
      terms_.push_back({t.coefficient, fs.data(), fs.size()});
    }
    c_ = {sizeof(qrt_observable), terms_.data(), terms_.size()};
  }
  CObservable(const CObservable&) = delete;
  CObservable& operator=(const CObservable&) = delete;
  const qrt_observable* get() const { return &c_; }

 private:
  std::vector<std::vector<qrt_observable_factor>> factors_;
  std::vector<qrt_observable_term> terms_;
  qrt_observable c_{};
};

// Takes ownership of an error value; empty for success.
struct Outcome {
  bool ok = true;
  qrt_status_code code = QRT_OK;
  std::string message;
  static Outcome of(qrt_error* e) {
    Outcome o;
    if (e) {
      o.ok = false;
      o.code = static_cast<qrt_status_code>(e->code);
      o.message = e->message ? e->message : "";
      e->destroy(e);
    }
    return o;
  }
};

struct JacobianResult {
  std::vector<double> expvals;
  std::vector<double> jacobian;  // observables x trainables, row-major
  Outcome outcome;
};

// One instance with n qubits allocated as wires 0..n-1.
class Instance {
 public:
  Instance(const Plugin& plugin, const std::string& kwargs, unsigned n) : p_(plugin), n_(n) {
    REQUIRE(p_.f->create(kwargs.c_str(), &dev_) == nullptr);
    allocate();
  }
  ~Instance() { p_.f->destroy(dev_); }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  qrt_device* handle() const { return dev_; }

  void fresh() {
    REQUIRE(Outcome::of(p_.f->reset(dev_)).ok);
    allocate();
  }
  void run(const Circuit& circuit) {
    const CCircuit c(p_, circuit);
    for (const qrt_circuit_op& op : c.ops()) {
      const Outcome o = Outcome::of(op.gate ? p_.f->apply_gate(dev_, op.gate) : p_.f->apply_matrix(dev_, op.matrix));
      INFO(o.message);
      REQUIRE(o.ok);
    }
  }
  double expval(const Obs& obs) {
    const CObservable c(obs);
    double value = 0.0;
    const Outcome o = Outcome::of(p_.f->expval(dev_, c.get(), &value));
    INFO(o.message);
    REQUIRE(o.ok);
    return value;
  }
  std::vector<Complex> state() {
    std::size_t size = 0;
    REQUIRE(p_.f->state_size(dev_, &size) == nullptr);
    std::vector<Complex> s(size);
    REQUIRE(p_.f->state(dev_, reinterpret_cast<double*>(s.data()), size) == nullptr);
    return s;
  }

  JacobianResult jacobian(const Circuit& circuit, const std::vector<qrt_trainable_param>& trainable,
                          const std::vector<Obs>& observables) {
    const CCircuit c(p_, circuit);
    std::vector<std::unique_ptr<CObservable>> owned;
    std::vector<const qrt_observable*> obs;
    for (const Obs& o : observables) obs.push_back(owned.emplace_back(std::make_unique<CObservable>(o))->get());
    JacobianResult r;
    r.expvals.assign(observables.size(), -99.0);
    r.jacobian.assign(observables.size() * trainable.size(), -99.0);
    qrt_adjoint_jacobian_request request{sizeof(qrt_adjoint_jacobian_request),
                                         c.ops().data(),
                                         c.ops().size(),
                                         trainable.data(),
                                         trainable.size(),
                                         obs.data(),
                                         obs.size(),
                                         r.expvals.data(),
                                         r.jacobian.data()};
    r.outcome = Outcome::of(p_.ext->jacobian(dev_, &request));
    return r;
  }

  // Central finite differences of the device's exact expval, each point from a fresh state.
  std::vector<double> finite_differences(const Circuit& circuit, const std::vector<qrt_trainable_param>& trainable,
                                         const std::vector<Obs>& observables, double step) {
    std::vector<double> out(observables.size() * trainable.size());
    for (std::size_t j = 0; j < trainable.size(); ++j) {
      std::vector<double> plus(observables.size()), minus(observables.size());
      for (int sign : {+1, -1}) {
        Circuit shifted = circuit;
        shifted[trainable[j].op_index].params[trainable[j].param_index] += sign * step;
        fresh();
        run(shifted);
        for (std::size_t i = 0; i < observables.size(); ++i) (sign > 0 ? plus : minus)[i] = expval(observables[i]);
      }
      for (std::size_t i = 0; i < observables.size(); ++i)
        out[i * trainable.size() + j] = (plus[i] - minus[i]) / (2 * step);
    }
    return out;
  }

 private:
  void allocate() {
    std::vector<qrt_wire> wires(n_);
    REQUIRE(p_.f->allocate_qubits(dev_, n_, wires.data()) == nullptr);
    for (unsigned i = 0; i < n_; ++i) REQUIRE(wires[i] == i);
  }

  const Plugin& p_;
  unsigned n_;
  qrt_device* dev_ = nullptr;
};

// A Haar-ish random unitary (Gram-Schmidt of a complex Gaussian matrix), row-major.
inline std::vector<Complex> random_unitary(unsigned wires, std::mt19937_64& rng) {
  const std::size_t dim = std::size_t{1} << wires;
  std::normal_distribution<double> normal;
  std::vector<Complex> m(dim * dim);
  for (auto& x : m) x = {normal(rng), normal(rng)};
  for (std::size_t c = 0; c < dim; ++c) {  // orthonormalise the columns
    for (std::size_t prev = 0; prev < c; ++prev) {
      Complex dot = 0.0;
      for (std::size_t r = 0; r < dim; ++r) dot += std::conj(m[r * dim + prev]) * m[r * dim + c];
      for (std::size_t r = 0; r < dim; ++r) m[r * dim + c] -= dot * m[r * dim + prev];
    }
    double norm = 0.0;
    for (std::size_t r = 0; r < dim; ++r) norm += std::norm(m[r * dim + c]);
    for (std::size_t r = 0; r < dim; ++r) m[r * dim + c] /= std::sqrt(norm);
  }
  return m;
}

// A random Hermitian matrix A + A†, row-major.
inline std::vector<Complex> random_hermitian(unsigned wires, std::mt19937_64& rng) {
  const std::size_t dim = std::size_t{1} << wires;
  std::normal_distribution<double> normal;
  std::vector<Complex> a(dim * dim), h(dim * dim);
  for (auto& x : a) x = {normal(rng), normal(rng)};
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c) h[r * dim + c] = a[r * dim + c] + std::conj(a[c * dim + r]);
  return h;
}

}  // namespace adjoint_test
