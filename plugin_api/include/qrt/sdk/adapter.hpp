// The SDK's side of the ABI boundary: turns a C++ device class into a qrt_device_descriptor and its
// function table. This is the only place where C++ exceptions become qrt_error values.
#pragma once

#include <qrt/device_api.h>
#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

#include <array>
#include <concepts>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::sdk::detail {

// A qrt_error together with the storage of its message.
struct OwnedError : qrt_error {
  std::string text;
};

inline void destroy_owned_error(qrt_error* error) {
  std::unique_ptr<OwnedError> owned(static_cast<OwnedError*>(error));
}

// Used when not even the error can be allocated; destroying it does nothing.
inline qrt_error* out_of_memory_error() {
  static qrt_error error{sizeof(qrt_error), QRT_ERROR_OUT_OF_MEMORY, "out of memory", [](qrt_error*) {}};
  return &error;
}

inline qrt_error* make_error(qrt_status_code code, const char* message) noexcept {
  try {
    auto owned = std::make_unique<OwnedError>();
    owned->text = message;
    owned->struct_size = sizeof(qrt_error);
    owned->code = code;
    owned->message = owned->text.c_str();
    owned->destroy = &destroy_owned_error;
    return owned.release();
  } catch (...) {
    return out_of_memory_error();
  }
}

// Runs body; maps every exception to an error value.
template <class Body>
qrt_error* guarded(Body&& body) noexcept {
  try {
    body();
    return nullptr;
  } catch (const Error& e) {
    return make_error(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    return make_error(QRT_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return make_error(QRT_ERROR_INTERNAL, e.what());
  } catch (...) {
    return make_error(QRT_ERROR_INTERNAL, "unknown exception in plugin");
  }
}

inline Device& as_device(qrt_device* device) { return *reinterpret_cast<Device*>(device); }

inline void require(bool condition, const char* what) {
  if (!condition) throw_invalid_argument(what);
}

inline std::span<const Wire> wire_span(const qrt_wire* wires, std::size_t count) {
  require(count == 0 || wires != nullptr, "wire array is NULL");
  return {wires, count};
}

// Controls with their values; a NULL value array means "all 1".
struct Controls {
  std::span<const Wire> wires;
  std::span<const std::uint8_t> values;
  std::vector<std::uint8_t> storage;
  Controls(const qrt_wire* w, const std::uint8_t* v, std::size_t n) : wires(wire_span(w, n)) {
    if (v) {
      for (std::size_t i = 0; i < n; ++i) require(v[i] <= 1, "control values must be 0 or 1");
      values = {v, n};
    } else {
      storage.assign(n, 1);
      values = storage;
    }
  }
};

inline Observable to_observable(const qrt_observable* c) {
  require(c != nullptr && c->struct_size >= sizeof(size_t), "observable is NULL");
  require(QRT_STRUCT_HAS_FIELD(c, qrt_observable, num_terms), "observable struct too small");
  require(c->num_terms == 0 || c->terms, "observable terms array is NULL");
  Observable obs;
  obs.terms.reserve(c->num_terms);
  for (std::size_t t = 0; t < c->num_terms; ++t) {
    const qrt_observable_term& ct = c->terms[t];
    require(ct.num_factors == 0 || ct.factors, "observable factor array is NULL");
    ObservableTerm term{ct.coefficient, {}};
    for (std::size_t f = 0; f < ct.num_factors; ++f) {
      const qrt_observable_factor& cf = ct.factors[f];
      require(cf.kind <= QRT_OBSERVABLE_HERMITIAN, "unknown observable kind");
      ObservableFactor factor{static_cast<ObservableKind>(cf.kind), {}, {}};
      auto wires = wire_span(cf.wires, cf.num_wires);
      factor.wires.assign(wires.begin(), wires.end());
      if (factor.kind == ObservableKind::Hermitian) {
        require(cf.matrix != nullptr, "Hermitian observable without a matrix");
        require(cf.num_wires >= 1 && cf.num_wires <= 16, "Hermitian observable needs 1..16 wires");
        std::size_t dim = std::size_t{1} << cf.num_wires;
        const auto* m = reinterpret_cast<const Complex*>(cf.matrix);
        factor.matrix.assign(m, m + dim * dim);
      }
      term.factors.push_back(std::move(factor));
    }
    obs.terms.push_back(std::move(term));
  }
  return obs;
}

// The parts of the table that do not depend on the device class: they dispatch virtually.
struct CommonFunctions {
  static void destroy(qrt_device* device) { std::unique_ptr<Device> owned(&as_device(device)); }
  static qrt_error* reset(qrt_device* d) {
    return guarded([&] { as_device(d).reset(); });
  }
  static qrt_error* allocate_qubits(qrt_device* d, size_t count, qrt_wire* out) {
    return guarded([&] {
      require(count == 0 || out, "output wire array is NULL");
      auto wires = as_device(d).allocate_qubits(count);
      if (wires.size() != count) throw Error(QRT_ERROR_INTERNAL, "device allocated the wrong number of qubits");
      std::copy(wires.begin(), wires.end(), out);
    });
  }
  static qrt_error* release_qubits(qrt_device* d, const qrt_wire* wires, size_t count) {
    return guarded([&] { as_device(d).release_qubits(wire_span(wires, count)); });
  }
  static qrt_error* num_qubits(qrt_device* d, size_t* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).num_qubits();
    });
  }
  static qrt_error* apply_matrix(qrt_device* d, const qrt_matrix_call* c) {
    return guarded([&] {
      require(c && QRT_STRUCT_HAS_FIELD(c, qrt_matrix_call, num_controls), "matrix call is NULL or too small");
      require(c->matrix != nullptr, "matrix is NULL");
      require(c->num_wires >= 1 && c->num_wires <= 16, "a matrix acts on 1..16 wires");
      std::size_t dim = std::size_t{1} << c->num_wires;
      Controls controls(c->controls, c->control_values, c->num_controls);
      MatrixCall call{{reinterpret_cast<const Complex*>(c->matrix), dim * dim},
                      wire_span(c->wires, c->num_wires),
                      controls.wires,
                      controls.values,
                      c->adjoint != 0};
      as_device(d).apply_matrix(call);
    });
  }
  static qrt_error* measure(qrt_device* d, qrt_wire wire, int32_t postselect, int32_t* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      require(postselect >= -1 && postselect <= 1, "postselect must be -1, 0 or 1");
      std::optional<int> ps;
      if (postselect >= 0) ps = postselect;
      *out = as_device(d).measure(wire, ps);
    });
  }
  static qrt_error* reset_wire(qrt_device* d, qrt_wire wire) {
    return guarded([&] { as_device(d).reset_wire(wire); });
  }
  static qrt_error* expval(qrt_device* d, const qrt_observable* o, double* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).expval(to_observable(o));
    });
  }
  static qrt_error* var(qrt_device* d, const qrt_observable* o, double* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).var(to_observable(o));
    });
  }
  static std::size_t wire_count(Device& dev, std::size_t num_wires) { return num_wires ? num_wires : dev.num_qubits(); }
  static qrt_error* probs(qrt_device* d, const qrt_wire* wires, size_t n, double* out, size_t out_len) {
    return guarded([&] {
      Device& dev = as_device(d);
      std::size_t k = wire_count(dev, n);
      require(k < 63 && out_len == (std::size_t{1} << k), "probs output length must be 2^(number of wires)");
      require(out, "output array is NULL");
      dev.probs(wire_span(wires, n), {out, out_len});
    });
  }
  static qrt_error* sample(qrt_device* d, const qrt_wire* wires, size_t n, uint8_t* out, size_t out_len) {
    return guarded([&] {
      Device& dev = as_device(d);
      std::uint64_t shots = dev.shots();
      if (shots == 0) throw_failed_precondition("sample needs shots > 0 (set the 'shots' kwarg)");
      std::size_t cols = wire_count(dev, n);
      require(out_len / (cols ? cols : 1) == shots && out_len == shots * cols,
              "sample output length must be shots * number of wires");
      require(out || out_len == 0, "output array is NULL");
      dev.sample(wire_span(wires, n), {out, out_len});
    });
  }
  static qrt_error* state_size(qrt_device* d, size_t* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).state_size();
    });
  }
  static qrt_error* state(qrt_device* d, double* out, size_t out_len) {
    return guarded([&] {
      Device& dev = as_device(d);
      require(out_len == dev.state_size(), "state output length must equal state_size");
      require(out, "output array is NULL");
      dev.state({reinterpret_cast<Complex*>(out), out_len});
    });
  }
  static qrt_error* set_shots(qrt_device* d, uint64_t shots) {
    return guarded([&] { as_device(d).set_shots(shots); });
  }
  static qrt_error* get_shots(qrt_device* d, uint64_t* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).shots();
    });
  }
  static qrt_error* set_seed(qrt_device* d, uint64_t seed) {
    return guarded([&] { as_device(d).set_seed(seed); });
  }
  static qrt_error* memory_bytes(qrt_device* d, uint64_t* out) {
    return guarded([&] {
      require(out, "output pointer is NULL");
      *out = as_device(d).memory_bytes();
    });
  }
};

// Everything static a device class contributes: its descriptor, schema and capabilities texts.
template <class D>
struct DeviceExport {
  static const Schema& schema() {
    static const Schema s = D::schema();
    return s;
  }
  static const Capabilities& capabilities() {
    static const Capabilities c = D::capabilities();
    return c;
  }

  static qrt_error* create(const char* kwargs_json, qrt_device** out) {
    return guarded([&] {
      require(out != nullptr, "output pointer is NULL");
      Kwargs kwargs = Kwargs::from_json(kwargs_json ? kwargs_json : "{}", schema());
      std::unique_ptr<Device> device = std::make_unique<D>(kwargs);
      *out = reinterpret_cast<qrt_device*>(device.release());
    });
  }

  static qrt_error* apply_gate(qrt_device* d, const qrt_gate_call* c) {
    return guarded([&] {
      require(c && QRT_STRUCT_HAS_FIELD(c, qrt_gate_call, num_controls), "gate call is NULL or too small");
      const auto& gates = capabilities().gates;
      if (c->gate_id >= gates.size())
        throw_invalid_argument("gate id " + std::to_string(c->gate_id) + " is not in the device's gate list");
      require(c->num_params == 0 || c->params, "parameter array is NULL");
      Controls controls(c->controls, c->control_values, c->num_controls);
      GateCall call{c->gate_id,
                    gates[c->gate_id],
                    {c->params, c->num_params},
                    wire_span(c->wires, c->num_wires),
                    controls.wires,
                    controls.values,
                    c->adjoint != 0};
      as_device(d).apply_gate(call);
    });
  }

  // A device class offers extensions (qrt/extensions/*.h) by defining
  //   static const void* extension(std::string_view id) noexcept;   // the extension's struct, or nullptr
  // Without it the device offers none and get_extension stays NULL.
  static const void* get_extension(const char* id) noexcept {
    if constexpr (requires {
                    { D::extension(std::string_view{}) } -> std::convertible_to<const void*>;
                  }) {
      return id ? D::extension(std::string_view(id)) : nullptr;
    } else {
      return nullptr;
    }
  }
  static constexpr bool has_extensions = requires {
    { D::extension(std::string_view{}) } -> std::convertible_to<const void*>;
  };

  static const qrt_device_functions* functions() {
    static const qrt_device_functions table = [] {
      qrt_device_functions f{};
      f.struct_size = sizeof(qrt_device_functions);
      f.create = &create;
      f.destroy = &CommonFunctions::destroy;
      f.reset = &CommonFunctions::reset;
      f.allocate_qubits = &CommonFunctions::allocate_qubits;
      f.release_qubits = &CommonFunctions::release_qubits;
      f.num_qubits = &CommonFunctions::num_qubits;
      f.apply_gate = &apply_gate;
      f.apply_matrix = &CommonFunctions::apply_matrix;
      f.measure = &CommonFunctions::measure;
      f.reset_wire = &CommonFunctions::reset_wire;
      f.expval = &CommonFunctions::expval;
      f.var = &CommonFunctions::var;
      f.probs = &CommonFunctions::probs;
      f.sample = &CommonFunctions::sample;
      f.counts = nullptr;  // the host aggregates samples
      f.state_size = &CommonFunctions::state_size;
      f.state = &CommonFunctions::state;
      f.set_shots = &CommonFunctions::set_shots;
      f.get_shots = &CommonFunctions::get_shots;
      f.set_seed = &CommonFunctions::set_seed;
      f.memory_bytes = &CommonFunctions::memory_bytes;
      f.get_extension = has_extensions ? &get_extension : nullptr;
      return f;
    }();
    return &table;
  }

  static const qrt_device_descriptor* descriptor() {
    static const std::string name(D::name), version(D::version), description(D::description);
    static const std::string schema_json = schema().to_json();
    static const std::string capabilities_json = capabilities().to_json();
    static const qrt_device_descriptor d{
        sizeof(qrt_device_descriptor), name.c_str(), version.c_str(), description.c_str(), schema_json.c_str(),
        capabilities_json.c_str(),     functions()};
    return &d;
  }
};

template <class... Devices>
const qrt_plugin_descriptor* plugin_descriptor(const qrt_host_info* host, const char* plugin_name,
                                               const char* plugin_version) noexcept {
  if (!host || host->struct_size < offsetof(qrt_host_info, abi_minor) + sizeof(uint32_t)) return nullptr;
  if (host->abi_major != QRT_ABI_VERSION_MAJOR) return nullptr;
  try {
    static const std::array<const qrt_device_descriptor*, sizeof...(Devices)> devices{
        DeviceExport<Devices>::descriptor()...};
    static const qrt_plugin_descriptor plugin{sizeof(qrt_plugin_descriptor),
                                              QRT_ABI_VERSION_MAJOR,
                                              QRT_ABI_VERSION_MINOR,
                                              plugin_name,
                                              plugin_version,
                                              devices.data(),
                                              devices.size()};
    return &plugin;
  } catch (...) {
    return nullptr;  // a schema that fails to build refuses the plugin rather than crashing the host
  }
}

}  // namespace qrt::sdk::detail
