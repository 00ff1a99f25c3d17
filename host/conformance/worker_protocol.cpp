#include "conformance/worker_protocol.hpp"

#include <boost/json.hpp>

#include <stdexcept>

namespace qrt::conformance::protocol {
namespace json = boost::json;
namespace {

std::string text(const json::object& o, const char* key) { return std::string(o.at(key).as_string()); }
std::uint64_t count(const json::object& o, const char* key) { return o.at(key).to_number<std::uint64_t>(); }

Observation observation_named(std::string_view name) {
  for (Observation o : {Observation::None, Observation::State, Observation::Probs})
    if (name == observed_through(o)) return o;
  throw std::invalid_argument("unknown observation '" + std::string(name) + "'");
}

}  // namespace

json::object encode(const Options& options) {
  return {{"device", options.device},
          {"kwargs", options.kwargs},
          {"seed", options.seed},
          {"tolerance", options.tolerance},
          {"states_per_case", options.states_per_case},
          {"lifecycle_repetitions", options.lifecycle_repetitions},
          {"concurrency_rounds", options.concurrency_rounds},
          {"require_simulation", options.require_simulation}};
}

Options decode_options(const json::object& o) {
  Options options;
  options.device = text(o, "device");
  options.kwargs = text(o, "kwargs");
  options.seed = count(o, "seed");
  options.tolerance = o.at("tolerance").to_number<double>();
  options.states_per_case = count(o, "states_per_case");
  options.lifecycle_repetitions = count(o, "lifecycle_repetitions");
  options.concurrency_rounds = count(o, "concurrency_rounds");
  options.require_simulation = o.at("require_simulation").as_bool();
  options.isolation = Isolation::InProcess;  // the worker is the process
  return options;
}

json::object encode(const Facts& facts) {
  return {{"can_create", facts.can_create},
          {"observation", observed_through(facts.observation)},
          {"simulating", facts.simulating}};
}

Facts decode_facts(const json::object& o) {
  return {o.at("can_create").as_bool(), observation_named(o.at("observation").as_string()),
          o.at("simulating").as_bool()};
}

json::object encode(const StartPoint& start) {
  json::object skip;
  for (const auto& [name, outcome] : start.skip) skip[name] = to_string(outcome);
  return {{"device", start.device}, {"group", start.group}, {"skip", std::move(skip)}, {"facts", encode(start.facts)}};
}

StartPoint decode_start(const json::object& o) {
  StartPoint start;
  start.device = count(o, "device");
  start.group = count(o, "group");
  for (const auto& [name, outcome] : o.at("skip").as_object())
    start.skip.emplace(std::string(name), outcome_named(outcome.as_string()));
  start.facts = decode_facts(o.at("facts").as_object());
  return start;
}

json::object encode(const CheckResult& result) {
  return {{"group", result.group},
          {"name", result.name},
          {"outcome", to_string(result.outcome)},
          {"detail", result.detail}};
}

Outcome outcome_named(std::string_view name) {
  for (Outcome o : {Outcome::Passed, Outcome::Failed, Outcome::NotChecked, Outcome::Note})
    if (name == to_string(o)) return o;
  throw std::invalid_argument("unknown outcome '" + std::string(name) + "'");
}

CheckResult decode_result(const json::object& o) {
  return {text(o, "group"), text(o, "name"), outcome_named(o.at("outcome").as_string()), text(o, "detail")};
}

}  // namespace qrt::conformance::protocol
