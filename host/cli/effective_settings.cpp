#include "effective_settings.hpp"
#include "json_text.hpp"
#include "mpi_launch.hpp"

#include <boost/json.hpp>

#include <random>

namespace qrt::cli {
namespace {

std::optional<std::uint64_t> whole_number(const boost::json::object& kwargs, const char* key) {
  const auto* v = kwargs.if_contains(key);
  if (v == nullptr) return std::nullopt;
  if (v->is_uint64()) return v->get_uint64();
  if (v->is_int64() && v->get_int64() >= 0) return static_cast<std::uint64_t>(v->get_int64());
  return std::nullopt;
}

}  // namespace

DeviceSettings device_settings(const std::string& canonical_kwargs) {
  boost::system::error_code ec;
  const boost::json::value kwargs = boost::json::parse(canonical_kwargs, ec);
  if (ec || !kwargs.is_object()) return {};
  return {whole_number(kwargs.get_object(), "shots"), whole_number(kwargs.get_object(), "seed")};
}

std::optional<std::uint64_t> effective_seed(std::optional<std::uint64_t> requested, const DeviceSettings& device) {
  if (requested) return *requested;
  if (device.seed) return *device.seed;
  if (launcher_rank()) return std::nullopt;
  std::random_device entropy;
  return (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
}

std::string effective_kwargs(const std::string& canonical_kwargs, std::uint64_t shots, std::optional<std::uint64_t> seed) {
  boost::system::error_code ec;
  boost::json::value kwargs = boost::json::parse(canonical_kwargs, ec);
  if (ec || !kwargs.is_object()) return canonical_kwargs;
  boost::json::object& o = kwargs.get_object();
  if (o.contains("shots")) o["shots"] = shots;
  if (o.contains("seed") && seed) o["seed"] = *seed;
  return json_text(kwargs);
}

}  // namespace qrt::cli
