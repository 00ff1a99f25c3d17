#include <qrt/parameter_sweep.hpp>

#include <qrt/error.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <memory>
#include <numbers>
#include <set>

namespace qrt {

namespace {

// Names a binding cannot take: the parser gives them another meaning first (pi, the functions), or
// they are keywords and never reach expressions as identifiers.
constexpr std::string_view kReservedNames[] = {"pi",     "sin",     "cos",      "tan",     "exp",  "ln",   "sqrt",
                                               "U",      "CX",      "OPENQASM", "include", "qreg", "creg", "gate",
                                               "opaque", "measure", "reset",    "barrier", "if"};

constexpr std::size_t kMaxGridPoints = std::size_t{1} << 32;

[[noreturn]] void fail(std::string_view spec, const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, "parameter spec '" + std::string(spec) + "': " + what);
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

bool is_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::optional<double> plain_number(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

// A number, or [-][k*]pi[/d].
double value_of(std::string_view spec, std::string_view text) {
  const std::string_view original = text;
  text = trim(text);
  if (auto number = plain_number(text)) return *number;
  double sign = 1;
  if (!text.empty() && text.front() == '-') {
    sign = -1;
    text = trim(text.substr(1));
  }
  const std::size_t at = text.find("pi");
  auto bad = [&]() -> double {
    fail(spec, "'" + std::string(original) +
                   "' is not a number (a real like -0.5 or 2e-3, or a multiple of pi "
                   "like pi, 2*pi, pi/4, 3*pi/4)");
  };
  if (at == std::string_view::npos) return bad();
  double factor = 1, divisor = 1;
  std::string_view before = trim(text.substr(0, at)), after = trim(text.substr(at + 2));
  if (!before.empty()) {
    if (before.back() != '*') return bad();
    auto k = plain_number(trim(before.substr(0, before.size() - 1)));
    if (!k) return bad();
    factor = *k;
  }
  if (!after.empty()) {
    if (after.front() != '/') return bad();
    auto d = plain_number(trim(after.substr(1)));
    if (!d || *d == 0) return bad();
    divisor = *d;
  }
  return sign * factor * std::numbers::pi / divisor;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

std::vector<double> evenly_spaced(std::string_view spec, std::string_view start, std::string_view stop,
                                  std::string_view count_text) {
  const double a = value_of(spec, start), b = value_of(spec, stop);
  std::size_t count = 0;
  const std::string_view c = trim(count_text);
  auto [ptr, ec] = std::from_chars(c.data(), c.data() + c.size(), count);
  if (c.empty() || ec != std::errc() || ptr != c.data() + c.size() || count < 1 || count > kMaxGridPoints)
    fail(spec,
         "the count in start:stop:count must be an integer from 1 to 2^32, got '" + std::string(count_text) + "'");
  std::vector<double> values(count);
  for (std::size_t i = 0; i < count; ++i)
    values[i] = count == 1 ? a : a + (b - a) * static_cast<double>(i) / static_cast<double>(count - 1);
  if (count > 1) values.back() = b;  // exactly the stop value, whatever the rounding
  return values;
}

}  // namespace

SweepAxis parse_sweep_axis(std::string_view spec) {
  const std::size_t equals = spec.find('=');
  if (equals == std::string_view::npos) fail(spec, "expected name=v1,v2,... or name=start:stop:count");
  SweepAxis axis;
  axis.name = std::string(trim(spec.substr(0, equals)));
  if (!is_identifier(axis.name))
    fail(spec, "'" + axis.name + "' is not an identifier (a letter or '_', then letters, digits or '_')");
  if (std::ranges::find(kReservedNames, axis.name) != std::end(kReservedNames))
    fail(spec, "'" + axis.name + "' is reserved in OpenQASM and cannot be a parameter");
  const std::string_view values = trim(spec.substr(equals + 1));
  if (values.empty()) fail(spec, "no values after '='");
  if (values.find(':') != std::string_view::npos) {
    auto parts = split(values, ':');
    if (parts.size() != 3) fail(spec, "a range is start:stop:count (three fields)");
    axis.values = evenly_spaced(spec, parts[0], parts[1], parts[2]);
  } else {
    for (std::string_view part : split(values, ',')) axis.values.push_back(value_of(spec, part));
  }
  return axis;
}

ParameterGrid::ParameterGrid(std::vector<SweepAxis> axes) : axes_(std::move(axes)) {
  std::set<std::string_view> names;
  for (const auto& axis : axes_) {
    if (!names.insert(axis.name).second)
      throw Error(ErrorCode::InvalidArgument, "parameter '" + axis.name + "' is swept twice");
    if (axis.values.empty()) throw Error(ErrorCode::InvalidArgument, "parameter '" + axis.name + "' has no values");
    if (size_ > kMaxGridPoints / axis.values.size())
      throw Error(ErrorCode::InvalidArgument, "the parameter grid has more than 2^32 points");
    size_ *= axis.values.size();
  }
}

ParameterBinding ParameterGrid::point(std::size_t index) const {
  if (index >= size_)
    throw Error(ErrorCode::OutOfRange,
                "grid point " + std::to_string(index) + " of a grid of " + std::to_string(size_) + " points");
  ParameterBinding binding;
  for (auto axis = axes_.rbegin(); axis != axes_.rend(); ++axis) {  // the last axis varies fastest
    binding[axis->name] = axis->values[index % axis->values.size()];
    index /= axis->values.size();
  }
  return binding;
}

std::vector<std::future<RunResult>> submit_sweep(Executor& executor, std::string_view device_config,
                                                 const LoadedProgram& program, const ParameterGrid& grid,
                                                 const RunRequest& request) {
  std::vector<std::future<RunResult>> futures;
  futures.reserve(grid.size());
  for (std::size_t i = 0; i < grid.size(); ++i) {
    RunRequest point = request;
    if (request.seed) point.seed = derive_seed(*request.seed, i);
    if (program.circuit()) point.params = program::used_parameters(*program.circuit(), grid.point(i));
    futures.push_back(executor.submit(device_config, program, std::move(point)));
  }
  return futures;
}

}  // namespace qrt
