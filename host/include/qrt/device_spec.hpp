// A device config, parsed once (DeviceSpec), and the same config checked against its device
// (ResolvedDevice). Every layer passes these values on: no layer edits or re-parses config text.
//
//   qrt::DeviceSpec spec = qrt::DeviceSpec::parse("statevector.qubit:shots=100");
//   spec = spec.with_kwarg("precision", "single", "--precision");     // a command-line option's kwarg
//   qrt::ResolvedDevice device = runtime.resolve(spec);               // schema-checked, canonical
//   qrt::Device instance = runtime.open(device);                       // a pool acquire, nothing parsed
//
// Both are immutable values, cheap to copy (they share their parsed state), and safe to use from many
// threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace qrt {

class DeviceType;
class Runtime;
struct PoolKey;

class DeviceSpec {
 public:
  // The config string forms (see docs/devices.md): "NAME", "NAME:key=value,...", "NAME@LIBRARY:...", or a
  // JSON object {"device": NAME, "library": PATH, "kwargs": {...}} (kwargs may also be flat). Syntax only:
  // the device's schema checks the values when the spec is resolved. Throws qrt::Error(Config) naming the
  // column (or JSON line and column) of what is wrong.
  static DeviceSpec parse(std::string_view config);
  // Catalyst's and the runtime C API's form: library (empty: find the device by name), device name, kwargs
  // ("" , "key=value,..." or a JSON object).
  static DeviceSpec from_parts(std::string_view library, std::string_view name, std::string_view kwargs);

  const std::string& name() const;
  const std::string& library() const;  // empty: found by name through discovery
  // The config as it was given (for messages).
  const std::string& text() const;
  // Whether the config sets `key` itself.
  bool sets(std::string_view key) const;

  // This spec with `key` = `value` added, the value typed as in a config string (true, 4, 0.5, single...).
  // `origin` names where it came from in messages ("--precision"): a config that sets the key already is an
  // error, and so is, on resolution, a device whose schema lacks the key: both qrt::RequestError (the caller's
  // argument is at fault).
  DeviceSpec with_kwarg(std::string_view key, std::string_view value, std::string_view origin) const;
  // This spec with an integer default for `key`: used only when the config does not set the key and the
  // device's schema has it as an integer kwarg, clamped to the schema's range (the Executor's thread budget).
  DeviceSpec with_integer_default(std::string_view key, std::int64_t value) const;

  struct Parsed;  // opaque: the host's parsed form

 private:
  friend class Runtime;
  explicit DeviceSpec(std::shared_ptr<const Parsed> parsed) : parsed_(std::move(parsed)) {}
  std::shared_ptr<const Parsed> parsed_;
};

// A DeviceSpec resolved against its device: the device type found, the kwargs validated against its schema
// and canonicalised, the isolation settings taken out. It is the pool key: equal ResolvedDevices share
// pooled instances. Runtime::resolve makes one; Runtime::open(ResolvedDevice) only acquires from the pool.
class ResolvedDevice {
 public:
  const std::shared_ptr<const DeviceType>& type() const;
  const std::string& name() const;
  // The plugin's kwargs, canonical JSON (sorted keys, defaults filled; isolation keys not included).
  const std::string& canonical_kwargs() const;
  // Whether instances run in worker processes (see <qrt/isolation.hpp>).
  bool isolated() const;
  // The device's own `shots` and `seed` kwargs when its schema has them and they are set.
  std::optional<std::uint64_t> shots() const { return shots_; }
  std::optional<std::uint64_t> seed() const { return seed_; }
  // A JSON config that resolves to this very device again: {"device", "library", "kwargs"}, the kwargs
  // canonical and with the isolation keys (for output documents and for processes that open it anew).
  std::string config_json() const;

 private:
  friend class Runtime;
  friend class Device;
  explicit ResolvedDevice(std::shared_ptr<const PoolKey> key);
  std::shared_ptr<const PoolKey> key_;
  std::optional<std::uint64_t> shots_, seed_;
};

}  // namespace qrt
