#include "catalyst/device_mapping.hpp"

#include "catalyst/python_literal.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <span>

namespace qrt::catalyst {
namespace {

// How qrt treats one kwarg of a Catalyst device.
enum class Policy {
  Inert,         // never changes a result (a speed setting, or one read only by a mode qrt refuses)
  InertIfFalse,  // False/None/0 is inert; anything else asks for what qrt cannot do (`why`)
};

struct KwargRule {
  std::string_view key;
  Policy policy;
  std::string_view why;  // for InertIfFalse: what a true value would ask for
};

struct CatalystDevice {
  std::string_view name;        // the runtime class device_init names
  std::string_view pennylane;   // the PennyLane device it serves
  std::string_view qrt_device;  // empty: not mappable
  std::string_view refusal;     // for unmappable devices: why
  std::span<const KwargRule> kwargs;
};

constexpr auto kLightningQubit = std::to_array<KwargRule>({
    {"mcmc", Policy::InertIfFalse,
     "Lightning's Markov-chain Monte Carlo sampler (statevector.qubit samples exactly from the state)"},
    {"num_burnin", Policy::Inert, {}},   // read only by the MCMC sampler
    {"kernel_name", Policy::Inert, {}},  // read only by the MCMC sampler
    {"batch_obs", Policy::Inert, {}},    // a speed setting
});
constexpr auto kLightningKokkos = std::to_array<KwargRule>({
    {"sync", Policy::Inert, {}},
    {"kokkos_args", Policy::Inert, {}},
    {"batch_obs", Policy::Inert, {}},
    {"mpi", Policy::InertIfFalse, "a state distributed over MPI ranks (use -d statevector.mpi under mpirun)"},
});
constexpr auto kLightningGpu = std::to_array<KwargRule>({
    {"use_async", Policy::Inert, {}},
    {"batch_obs", Policy::Inert, {}},
    {"mpi_buf_size", Policy::Inert, {}},
    {"mpi", Policy::InertIfFalse, "a state distributed over MPI ranks (use -d statevector.mpi under mpirun)"},
});
constexpr auto kNullQubit = std::to_array<KwargRule>({
    {"track_resources", Policy::InertIfFalse, "a resource-tracking report, which null.qubit does not write"},
    {"resources_filename", Policy::Inert, {}},  // read only when tracking resources
    {"compute_depth", Policy::Inert, {}},       // read only when tracking resources
});

constexpr std::array<CatalystDevice, 8> kDevices = {{
    {"LightningSimulator", "lightning.qubit", "statevector.qubit", {}, kLightningQubit},
    {"LightningKokkosSimulator", "lightning.kokkos", "statevector.qubit", {}, kLightningKokkos},
    {"LightningGPUSimulator", "lightning.gpu", "statevector.qubit", {}, kLightningGpu},
    {"LightningAMDGPUSimulator", "lightning.amdgpu", "statevector.qubit", {}, kLightningKokkos},
    {"NullQubit", "null.qubit", "null.qubit", {}, kNullQubit},
    {"OpenQasmDevice",
     "braket.aws.qubit / braket.local.qubit",
     {},
     "Amazon Braket's device: it sends OpenQASM 3 to Braket's simulators and hardware, which qrt does not reach",
     {}},
    {"OQDDevice",
     "oqd",
     {},
     "Open Quantum Design's trapped-ion device: its pulses run on OQD's backends, not on a qrt device",
     {}},
    {"oqd",
     "oqd",
     {},
     "Open Quantum Design's trapped-ion device: its pulses run on OQD's backends, not on a qrt device",
     {}},
}};

std::string choose_hint() {
  return "; choose a qrt device for every device_init with -d CONFIG (e.g. -d statevector.qubit; `qrt devices` lists "
         "them)";
}

bool falsy(const boost::json::value& v) {
  if (v.is_null()) return true;
  if (v.is_bool()) return !v.as_bool();
  if (v.is_int64()) return v.as_int64() == 0;
  return false;
}

std::uint64_t shots_from(const boost::json::value& v, std::string_view device) {
  if (v.is_null()) return 0;
  if (v.is_int64() && v.as_int64() >= 0) return static_cast<std::uint64_t>(v.as_int64());
  throw Error(ErrorCode::Config, std::string(device) +
                                     ": the kwarg 'shots' must be a non-negative integer or None, not " +
                                     boost::json::serialize(v));
}

std::uint64_t checked_shots(std::int64_t shots, std::string_view device) {
  if (shots < 0)
    throw Error(ErrorCode::InvalidArgument,
                std::string(device) + ": device_init was given " + std::to_string(shots) + " shots");
  return static_cast<std::uint64_t>(shots);
}

// The kwargs of a Catalyst device that maps onto `device.qrt_device`: each one accepted or refused.
void check_kwargs(const CatalystDevice& device, const boost::json::object& kwargs) {
  for (const auto& [key, value] : kwargs) {
    if (key == "shots") continue;
    const auto rule = std::find_if(device.kwargs.begin(), device.kwargs.end(),
                                   [&key = key](const KwargRule& r) { return r.key == key; });
    const std::string where = std::string(device.name) + " (" + std::string(device.pennylane) + ")";
    if (rule == device.kwargs.end())
      throw Error(ErrorCode::Unsupported, where + ": the kwarg '" + std::string(key) +
                                              "' (= " + boost::json::serialize(value) +
                                              ") is unknown to qrt, which cannot tell whether it changes the result; "
                                              "it is refused" +
                                              choose_hint());
    if (rule->policy == Policy::InertIfFalse && !falsy(value))
      throw Error(ErrorCode::Unsupported, where + ": the kwarg '" + std::string(key) +
                                              "' = " + boost::json::serialize(value) + " asks for " +
                                              std::string(rule->why) + "; " + std::string(device.qrt_device) +
                                              " cannot do that, so it is refused" + choose_hint());
  }
}

}  // namespace

MappedDevice map_device(const DeviceRequest& request, const std::optional<DeviceSpec>& override_device,
                        Runtime& runtime) {
  const std::string name(request.name);
  const boost::json::value parsed = parse_python_literal(request.kwargs);
  if (!parsed.is_object())
    throw Error(ErrorCode::Config, name + ": the device kwargs \"" + std::string(request.kwargs) + "\" are not a dict");
  const boost::json::object& kwargs = parsed.as_object();
  MappedDevice mapped;
  if (request.shots) {
    mapped.shots = checked_shots(*request.shots, name);
  } else if (const auto* shots = kwargs.if_contains("shots")) {
    mapped.shots = shots_from(*shots, name);
  }
  if (override_device) {
    mapped.spec = *override_device;
    mapped.config = override_device->text();
    return mapped;
  }
  const auto known =
      std::find_if(kDevices.begin(), kDevices.end(), [&](const CatalystDevice& d) { return d.name == name; });
  if (known != kDevices.end()) {
    if (known->qrt_device.empty())
      throw Error(ErrorCode::Unsupported, "the module asks for the Catalyst device " + name + " (" +
                                              std::string(known->pennylane) + "), " + std::string(known->refusal) +
                                              choose_hint());
    check_kwargs(*known, kwargs);
    mapped.config = std::string(known->qrt_device);
    mapped.spec = DeviceSpec::parse(mapped.config);
    return mapped;
  }
  // A qrt device named directly (a hand-written module): its kwargs are its own.
  if (!name.empty() && name.find('.') != std::string::npos) {
    boost::json::object own = kwargs;
    own.erase("shots");
    boost::json::object config{{"device", name}, {"kwargs", std::move(own)}};
    std::string text = boost::json::serialize(config);
    try {
      DeviceSpec spec = DeviceSpec::parse(text);
      (void)runtime.resolve(spec);
      mapped.spec = std::move(spec);
      mapped.config = std::move(text);
      return mapped;
    } catch (const Error& e) {
      if (e.code() != ErrorCode::NotFound) throw;
    }
  }
  throw Error(ErrorCode::Unsupported,
              "the module asks for the device '" + name + "' (library " + std::string(request.library) +
                  "), which is neither a Catalyst device qrt maps (LightningSimulator, LightningKokkosSimulator, "
                  "LightningGPUSimulator, NullQubit) nor a qrt device" +
                  choose_hint());
}

}  // namespace qrt::catalyst
