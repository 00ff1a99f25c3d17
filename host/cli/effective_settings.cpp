#include "effective_settings.hpp"
#include "json_text.hpp"

#include <boost/json.hpp>

namespace qrt::cli {

std::string effective_kwargs(const std::string& canonical_kwargs, std::uint64_t shots,
                             std::optional<std::uint64_t> seed) {
  boost::system::error_code ec;
  boost::json::value kwargs = boost::json::parse(canonical_kwargs, ec);
  if (ec || !kwargs.is_object()) return canonical_kwargs;
  boost::json::object& o = kwargs.get_object();
  if (o.contains("shots")) o["shots"] = shots;
  if (o.contains("seed") && seed) o["seed"] = *seed;
  return json_text(kwargs);
}

}  // namespace qrt::cli
